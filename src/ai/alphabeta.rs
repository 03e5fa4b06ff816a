//! Negamax alpha-beta search with iterative deepening, a transposition table, move ordering,
//! selective search and a quiescence search over captures and moves into winning zones;
//! game-independent.
//!
//! * Scores are from the point of view of the side to move (its team, see below), in
//!   hundredths of the smallest piece value. A won game scores `MATE - ply`, a lost one
//!   `-(MATE - ply)`, so faster wins and slower losses are preferred.
//! * Evaluation: material from the rule file's piece values (when material means something,
//!   see [`super::has_material`]) plus a small mobility term (own legal moves against the
//!   opponent's one ply earlier, a tenth of the smallest piece value each; a move of a piece
//!   worth more than three of the least valuable counts for less, in proportion, so that a
//!   queen's many moves do not draw it out early: see [`super::features::Features::mobility`]),
//!   plus the rule file's placement bonuses (`bonus knight at centre by 15`, see
//!   [`Game::placement_bonus`]), which carry what an author knows about where pieces stand
//!   well.
//!   A bonus for
//!   advancing towards a winning zone was tried and dropped: it made Breakthrough play no
//!   better at equal depth and made deeper searches lose to shallower ones.
//! * Move ordering: transposition-table move, moves into a zone that wins, captures by victim
//!   value (then cheapest attacker), two killer moves per ply, the countermove (the reply
//!   that last refuted the opponent's move), history heuristic with a malus for quiet moves
//!   that did not cut.
//! * Iterative deepening with aspiration windows around the previous iteration's score;
//!   principal variation search (null windows for all but the first move).
//! * Selectivity, never at the root, and only in two-player searches of games where material
//!   means something (where the evaluation is worth trusting): late quiet moves are searched
//!   shallower first (late-move reductions; searched again at full depth when they turn out
//!   better than expected); in the last three plies of a line off the principal variation, a
//!   position far enough above the window is cut at once (reverse futility), and quiet moves
//!   are skipped where the position is hopeless (futility) or many have been tried already
//!   (move-count pruning).
//! * Null-move pruning: the side to move passes, and if a shallower search still gets the
//!   opponent nowhere, the position is cut. Only where [`AlphaBetaConfig::null_move`] is set
//!   and zugzwang is rare: two players, no dice, no pass or pie rule, having no move neither
//!   wins nor loses (a draw, as stalemate), and the side to move is not in check and has at
//!   least two pieces of kinds worth more than the cheapest (royal kinds, and kinds whose
//!   capture or loss ends the game, not counted).
//! * Quiescence: captures (most valuable victim first; one that could not bring the score
//!   near alpha even if the victim were free is skipped) and moves into a winning zone,
//!   standing pat on the evaluation.
//! * In games with royal pieces (chess), a side in check is searched one ply deeper.
//! * More than two players: paranoid search. The player to move at the root plays against a
//!   coalition of everyone else; the coalition's moves minimise the root player's score.
//! * A subtree searched to its end (every leaf a finished game, nothing pruned) is stored in
//!   the table as solved, so small games (tic-tac-toe) are solved outright and the search
//!   stops early (not in games with a ply limit or no-progress clock, which the hash does not
//!   see).
//!
//! Searches limited by depth only are reproducible from the seed; a time limit makes the
//! reached depth depend on the machine.
//!
//! Not for games with dice (the levels use [`super::Expectimax`] there): it would take the
//! rolls for choices. Asked to move at a chance node it only rolls, with the dice's odds.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::features::Features;
use super::table::{Entry, Table, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, NO_MOVE, SOLVED};
use super::{Bot, Limits, Progress, Score};
use crate::engine::{
    EndCond, EndResult, Game, Move, MoveList, NoMoves, Outcome, Part, PieceId, Player, State,
};

/// The score of a won game at the root; a win `n` plies ahead scores `MATE - n`.
pub const MATE: i32 = 1_000_000;
/// Scores at least this large (in absolute value) are won or lost games.
const MATE_BOUND: i32 = MATE - 10_000;
/// Larger than any score.
const INF: i32 = MATE + 1;
/// Heuristic evaluations are clamped to this, well away from game results.
const EVAL_CAP: i32 = MATE / 2;
/// The deepest iteration of iterative deepening.
pub const MAX_DEPTH: u32 = 64;
/// Most plies of quiescence search below the nominal depth.
const QS_PLIES: usize = 16;
/// Most plies from the root (nominal depth, check extensions and quiescence).
const MAX_PLY: usize = 2 * MAX_DEPTH as usize + QS_PLIES + 2;

/// Settings of an [`AlphaBeta`] player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaConfig {
    /// Deepest iteration, in plies (capped at [`MAX_DEPTH`]; at least 1).
    pub max_depth: u32,
    /// Stop after about this long; `None` searches to `max_depth` however long it takes.
    pub time_limit: Option<Duration>,
    /// Transposition-table size in megabytes (16 bytes per entry; at least 1024 entries).
    pub tt_size_mb: usize,
    /// Seed of the tie-break between equally good moves.
    pub seed: u64,
    /// How the search scores a position that came before, on the line searched or earlier
    /// in the game; the game's own rules are not changed by it.
    pub repetition: SearchRepetition,
    /// Null-move pruning, where the game is safe for it (see the module documentation);
    /// on by default.
    pub null_move: bool,
    /// Threads searching together (Lazy SMP): each runs the same iterative deepening with
    /// its own move order, all sharing one transposition table; the first thread's result
    /// is played. At least 1.
    pub threads: usize,
    /// Stop after about this many nodes (each thread's own); `None` searches to
    /// `max_depth`. Unlike a clock, a node budget gives the same search on a busy machine
    /// as on an idle one.
    pub max_nodes: Option<u64>,
}

/// How a search treats a position that repeats one seen before (on the line being searched,
/// or earlier in the game), whatever the rules say about repetitions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SearchRepetition {
    /// The first repeat scores as a draw: going round in a cycle gains nothing. Where the
    /// rules end the game on a repetition (`draw if repetition(3)`), this sees it sooner.
    #[default]
    FirstRepeatIsDraw,
    /// Only the rules decide: a repeat is searched on like any other position, and ends
    /// the game or is refused only where the rule file says so.
    AsTheRules,
}

impl Default for AlphaBetaConfig {
    fn default() -> AlphaBetaConfig {
        AlphaBetaConfig {
            max_depth: 6,
            time_limit: None,
            tt_size_mb: 16,
            seed: 0,
            repetition: SearchRepetition::FirstRepeatIsDraw,
            null_move: true,
            threads: 1,
            max_nodes: None,
        }
    }
}

/// What the last search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Score of the chosen move for the player to move (see [`MATE`]).
    pub score: i32,
    /// Nodes visited (including quiescence nodes).
    pub nodes: u64,
    /// The chosen move.
    pub best: Option<Move>,
    /// Wall-clock time spent.
    pub elapsed: Duration,
    /// Whether the game tree was searched to its end (the score is exact).
    pub solved: bool,
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

// Move-ordering keys, best first. History scores stay within ±HISTORY_MAX, below them all.
const KEY_TT: i32 = 1 << 30;
const KEY_GOAL: i32 = 1 << 29;
const KEY_CAPTURE: i32 = 1 << 28;
const KEY_KILLER: i32 = 1 << 27;
const KEY_COUNTER: i32 = KEY_KILLER - 2;
const HISTORY_MAX: i32 = 1 << 14;

/// What the null-move safety rule needs to know about a game (see the module documentation).
pub(super) struct NullMoveRule {
    /// The game allows null moves at all.
    allowed: bool,
    /// Per player, the piece ids that count towards the pieces needed to pass safely.
    majors: Vec<Vec<PieceId>>,
}

impl NullMoveRule {
    pub(super) fn of(game: &Game) -> NullMoveRule {
        let np = game.num_players();
        let mut allowed = np == 2
            && game.dice().is_none()
            && matches!(
                game.no_moves(),
                None | Some(NoMoves::Result(EndResult::Draw))
            )
            && game
                .rules
                .iter()
                .all(|r| r.parts.iter().all(Part::null_move_sound));
        // Kinds whose loss ends the game are kings, not material that can make a move.
        let mut kingly = vec![false; game.kinds().len()];
        fn mark(cond: &EndCond, kingly: &mut [bool]) {
            match cond {
                EndCond::Captured { kinds } | EndCond::NoPieces { kinds } => {
                    for &k in kinds {
                        if let Some(x) = kingly.get_mut(k.index()) {
                            *x = true;
                        }
                    }
                }
                EndCond::All(conds) => conds.iter().for_each(|c| mark(c, kingly)),
                _ => {}
            }
        }
        for end in game.ends() {
            mark(&end.cond, &mut kingly);
        }
        let cheapest = game.kinds().iter().map(|k| k.value).min().unwrap_or(0);
        let mut majors = vec![Vec::new(); np];
        for (id, pt) in game.pieces().iter().enumerate().skip(1) {
            let Some(owner) = pt.owner else { continue };
            let kind = pt.kind.index();
            let royal = game
                .royal
                .0
                .get(owner.index())
                .is_some_and(|r| r.contains(&PieceId::from_index(id)));
            if !royal
                && !kingly.get(kind).copied().unwrap_or(true)
                && game.kinds().get(kind).is_some_and(|k| k.value > cheapest)
            {
                if let Some(m) = majors.get_mut(owner.index()) {
                    m.push(PieceId::from_index(id));
                }
            }
        }
        allowed &= majors.iter().any(|m| !m.is_empty());
        NullMoveRule { allowed, majors }
    }

    /// Whether `p` may pass in `state` (not counting check, which the search tests).
    pub(super) fn safe(&self, state: &State, p: Player) -> bool {
        self.allowed
            && self.majors[p.index()]
                .iter()
                .map(|&id| u32::from(state.count(id)))
                .sum::<u32>()
                >= 2
    }
}

/// Late-move reductions by depth and move number (both capped at 63).
fn reduction_table() -> Vec<[u8; 64]> {
    (0..64)
        .map(|d| {
            let mut row = [0u8; 64];
            for (n, r) in row.iter_mut().enumerate() {
                if d > 0 && n > 0 {
                    let x = 0.5 + (d as f64).ln() * (n as f64).ln() / 2.5;
                    *r = x.max(0.0) as u8;
                }
            }
            row
        })
        .collect()
}

/// Per-search facts shared by every node.
struct Ctx<'a> {
    game: &'a Game,
    f: Features,
    null: NullMoveRule,
    /// The game has royal pieces, so a side can be in check.
    royal: bool,
    /// Reductions and pruning by the static evaluation and move counts: two players, and
    /// an evaluation that means something (material).
    selective: bool,
}

/// An alpha-beta window: a score at or below `alpha` or at or above `beta` is only a bound.
#[derive(Clone, Copy)]
struct Window {
    alpha: i32,
    beta: i32,
}

impl Window {
    #[inline]
    fn new(alpha: i32, beta: i32) -> Window {
        Window { alpha, beta }
    }

    /// The null window just above `alpha`: it only tells whether a move beats alpha.
    #[inline]
    fn null(self) -> Window {
        Window::new(self.alpha, self.alpha + 1)
    }
}

/// What a node of [`AlphaBeta::negamax`] decided before searching its moves, shared by the
/// steps that prune, order and search them.
struct Node {
    /// Plies left (after the check extension).
    depth: i32,
    /// Plies from the root.
    ply: usize,
    /// The side to move.
    me: Player,
    in_check: bool,
    /// The window is open (a principal-variation node).
    pv: bool,
    /// Pruning by the static evaluation is allowed here.
    prune: bool,
    /// The static evaluation (only when `prune`, else 0).
    eval: i32,
    /// The transposition table's move, as an index among the legal moves (or `NO_MOVE`).
    tt_move: u16,
    /// The countermove slot of the move that led here.
    counter_slot: Option<usize>,
}

/// The root's moves, best first, with the nodes each took in the last iteration (to order
/// the next one).
struct RootMoves {
    moves: MoveList,
    effort: Vec<u64>,
}

impl RootMoves {
    /// Moves the `b`-th move to the front, keeping the order of the others.
    fn promote(&mut self, b: usize) {
        self.moves[..=b].rotate_right(1);
        self.effort[..=b].rotate_right(1);
    }

    /// Orders all but the first by effort: moves whose refutation was hard to find come first.
    fn sort_rest_by_effort(&mut self) {
        let mut rest: Vec<(u64, Move)> = self.effort[1..]
            .iter()
            .copied()
            .zip(self.moves[1..].iter().copied())
            .collect();
        rest.sort_by_key(|&(e, _)| std::cmp::Reverse(e));
        for (i, (e, m)) in rest.into_iter().enumerate() {
            self.effort[i + 1] = e;
            self.moves[i + 1] = m;
        }
    }
}

/// Orders the root moves: moves into a winning zone first, then captures, most valuable
/// victim first; the sort is stable, so an earlier random order breaks ties.
fn order_root(cx: &Ctx, state: &State, moves: &mut MoveList) {
    let (game, feats) = (cx.game, &cx.f);
    moves.sort_by_cached_key(|&mv| {
        if feats.reaches_goal(game, state, mv) {
            -100_000
        } else {
            -(feats
                .victim(game, state, mv)
                .map_or(0, |v| v.clamp(-10_000, 10_000) + 20_000))
        }
    });
}

/// Negamax alpha-beta player; see the module documentation.
pub struct AlphaBeta {
    config: AlphaBetaConfig,
    rng: SmallRng,
    tt: Arc<Table<i32>>,
    /// A helper thread of a parallel search: it leaves the table's search generation to
    /// the first thread.
    helper: bool,
    /// Per-ply buffers, reused so the search allocates nothing per node.
    lists: Vec<MoveList>,
    orders: Vec<Vec<(i32, u16)>>,
    /// Number of legal moves at each ply of the current line (for the mobility term).
    mobility: Vec<i32>,
    /// Position keys along the current line (repetition detection).
    path: Vec<u64>,
    /// Hashes of the game's positions before the root, sorted (repetition detection).
    before: Vec<u64>,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    /// The reply that last cut after a move, by the move's first and last cells.
    counters: Vec<Option<Move>>,
    reductions: Vec<[u8; 64]>,
    root_moves: MoveList,
    root: Player,
    players: usize,
    cells: usize,
    nodes: u64,
    /// Counts evaluations that stopped short of a game's end (and pruning decisions); unchanged
    /// over a subtree means the subtree was solved.
    horizon: u64,
    deadline: Option<Instant>,
    /// Set by another thread to stop the search ([`Limits::stop`]).
    stop: Option<Arc<AtomicBool>>,
    /// Stop after this many nodes ([`Limits::nodes`]).
    node_limit: Option<u64>,
    aborted: bool,
    info: SearchInfo,
    /// The ply after the last null move on the current line (0 if none).
    null_ply: usize,
}

impl AlphaBeta {
    /// A player with these settings.
    pub fn new(config: AlphaBetaConfig) -> AlphaBeta {
        let mut config = config;
        config.max_depth = config.max_depth.clamp(1, MAX_DEPTH);
        AlphaBeta {
            config,
            rng: SmallRng::seed_from_u64(config.seed),
            tt: Arc::new(Table::new(config.tt_size_mb, false)),
            helper: false,
            lists: (0..MAX_PLY).map(|_| MoveList::with_capacity(64)).collect(),
            orders: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            mobility: vec![0; MAX_PLY],
            path: vec![0; MAX_PLY],
            before: Vec::new(),
            killers: vec![[None; 2]; MAX_PLY],
            history: Vec::new(),
            counters: Vec::new(),
            reductions: reduction_table(),
            root_moves: MoveList::new(),
            root: Player(0),
            players: 2,
            cells: 0,
            nodes: 0,
            horizon: 0,
            deadline: None,
            stop: None,
            node_limit: None,
            aborted: false,
            info: SearchInfo::default(),
            null_ply: 0,
        }
    }

    /// The settings.
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// What the last call of [`AlphaBeta::search`] (or `select_move`) found.
    pub fn last_info(&self) -> &SearchInfo {
        &self.info
    }

    /// Searches `state` and returns what was found; `info.best` is `None` if the game is over.
    /// The state is left exactly as given.
    pub fn search(&mut self, game: &Game, state: &mut State) -> SearchInfo {
        self.search_reporting(game, state, &mut |_| {})
    }

    /// [`AlphaBeta::search`], calling `report` after each completed iteration (of the
    /// first thread, when several search).
    pub fn search_reporting(
        &mut self,
        game: &Game,
        state: &mut State,
        report: &mut dyn FnMut(&Progress),
    ) -> SearchInfo {
        let threads = self.config.threads.max(1);
        if threads == 1 || state.result_now().is_some() || game.is_chance(state) {
            return self.search_thread(game, state, report);
        }
        // The helpers stop when this thread is done, or when it is told to stop.
        let done = Arc::new(AtomicBool::new(false));
        let helpers: Vec<AlphaBeta> = (1..threads as u64)
            .map(|k| {
                let mut h = AlphaBeta::new(AlphaBetaConfig {
                    threads: 1,
                    seed: self.config.seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                    // The table is shared: the helper's own stays the smallest.
                    tt_size_mb: 0,
                    ..self.config
                });
                h.tt = self.tt.clone();
                h.helper = true;
                h.stop = Some(done.clone());
                h
            })
            .collect();
        let (info, helper_nodes) = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .into_iter()
                .map(|mut h| {
                    let mut copy = state.clone();
                    scope.spawn(move || {
                        h.search_thread(game, &mut copy, &mut |_| {});
                        h.nodes
                    })
                })
                .collect();
            let info = self.search_thread(game, state, report);
            done.store(true, Ordering::Relaxed);
            let nodes: u64 = running
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked"))
                .sum();
            (info, nodes)
        });
        let mut info = info;
        info.nodes += helper_nodes;
        self.info = info.clone();
        info
    }

    /// [`AlphaBeta::search_reporting`] on this thread alone (sharing its table with any
    /// helpers).
    fn search_thread(
        &mut self,
        game: &Game,
        state: &mut State,
        report: &mut dyn FnMut(&Progress),
    ) -> SearchInfo {
        let start = Instant::now();
        let mut info = SearchInfo::default();
        if state.result_now().is_none() && game.is_chance(state) {
            info.best = game.sample_roll(self.rng.gen());
            return self.done(info, start);
        }
        let f = Features::of(game);
        self.prepare(game, state, start);
        let null = NullMoveRule::of(game);
        let cx = Ctx {
            game,
            null,
            royal: game.royal().0.iter().any(|r| !r.is_empty()),
            selective: self.players <= 2 && f.material,
            f,
        };

        let mut moves = std::mem::take(&mut self.root_moves);
        game.legal_moves(state, &mut moves);
        if state.result_now().is_some() || moves.is_empty() {
            self.root_moves = moves;
            return self.done(info, start);
        }
        moves.shuffle(&mut self.rng);
        order_root(&cx, state, &mut moves);
        info.best = Some(moves[0]);
        if moves.len() == 1 {
            self.root_moves = moves;
            return self.done(info, start);
        }
        self.path[0] = self.key(state);
        self.mobility[0] = cx.f.mobility(game, state, &moves);
        let mut root = RootMoves {
            effort: vec![0; moves.len()],
            moves,
        };
        let mut prev_score: i32 = 0;

        for depth in 1..=self.config.max_depth {
            let horizon_before = self.horizon;
            let (best_idx, score) = self.aspire(&cx, state, &mut root, depth, prev_score);
            // The best move stays first: a failed-high search put its move there.
            info.best = Some(root.moves[0]);
            let Some(b) = best_idx else { break };
            // Keep a partial iteration's best: the previous best was searched first, so a
            // different choice has proved better.
            root.promote(b);
            info.best = Some(root.moves[0]);
            if self.aborted {
                break;
            }
            info.score = score;
            prev_score = score;
            info.depth = depth;
            report(&Progress {
                depth,
                score: if score.abs() >= MATE_BOUND {
                    Score::Mate(score.signum() * (MATE - score.abs()))
                } else {
                    Score::Value(score)
                },
                nodes: self.nodes,
                elapsed: start.elapsed(),
                pv: self.principal_variation(game, state, root.moves[0], depth as usize),
            });
            root.sort_rest_by_effort();
            if self.horizon == horizon_before {
                info.solved = true;
                break;
            }
            if score.abs() >= MATE_BOUND {
                break;
            }
            if let (Some(limit), Some(_)) = (self.config.time_limit, self.deadline) {
                if start.elapsed() * 2 > limit {
                    break;
                }
            }
        }
        self.root_moves = root.moves;
        info.nodes = self.nodes;
        self.done(info, start)
    }

    /// Records `info`, timed from `start`, as the last search's and returns it.
    fn done(&mut self, mut info: SearchInfo, start: Instant) -> SearchInfo {
        info.elapsed = start.elapsed();
        self.info = info.clone();
        info
    }

    /// One iteration at `depth`, with an aspiration window around `prev_score` from depth 4
    /// on, widened and searched again while the score falls outside it: the index of the best
    /// move (`None` if aborted before the first finished) and its score.
    fn aspire(
        &mut self,
        cx: &Ctx,
        state: &mut State,
        root: &mut RootMoves,
        depth: u32,
        prev_score: i32,
    ) -> (Option<usize>, i32) {
        let unit = cx.f.unit;
        let window = (unit / 4).max(10);
        let aspire = depth >= 4 && prev_score.abs() < MATE_BOUND;
        let mut w = if aspire {
            Window::new(prev_score - window, prev_score + window)
        } else {
            Window::new(-INF, INF)
        };
        let mut widen = window;
        loop {
            let (b, s) = self.root_search(cx, state, root, depth, w);
            if self.aborted {
                return (b, s);
            }
            if s <= w.alpha && w.alpha > -INF {
                // Failed low: nothing reached the window; search again below it.
                widen *= 4;
                w.alpha = if widen > unit * 10 { -INF } else { s - widen };
            } else if s >= w.beta && w.beta < INF {
                // Failed high: keep the move that did it first, search again above.
                if let Some(b) = b {
                    root.promote(b);
                }
                widen *= 4;
                w.beta = if widen > unit * 10 { INF } else { s + widen };
            } else {
                return (b, s);
            }
        }
    }

    /// One iteration over the root moves with the window `w`: the index of the best
    /// move (`None` if aborted before the first finished) and its score.
    fn root_search(
        &mut self,
        cx: &Ctx,
        state: &mut State,
        root: &mut RootMoves,
        depth: u32,
        mut w: Window,
    ) -> (Option<usize>, i32) {
        let game = cx.game;
        let d = depth as i32 - 1;
        let mut best = -INF;
        let mut best_idx = None;
        for (i, &mv) in root.moves.iter().enumerate() {
            let nodes_before = self.nodes;
            game.make(state, mv);
            let same = self.same_team(self.root, state.to_move());
            let score = if i == 0 {
                self.child(cx, state, same, d, 1, w)
            } else {
                let s = self.child(cx, state, same, d, 1, w.null());
                if s > w.alpha && s < w.beta && !self.aborted {
                    self.child(cx, state, same, d, 1, w)
                } else {
                    s
                }
            };
            game.unmake(state);
            root.effort[i] = self.nodes - nodes_before;
            if self.aborted {
                break;
            }
            // The first move's score stands even below the window; a later move's only when
            // it proved better (a null-window score at or below alpha is a mere bound).
            if i == 0 || score > w.alpha {
                best = score;
                best_idx = Some(i);
                if score > w.alpha {
                    w.alpha = score;
                    if w.alpha >= w.beta {
                        break;
                    }
                }
            }
        }
        (best_idx, best)
    }

    fn prepare(&mut self, game: &Game, state: &State, start: Instant) {
        self.before.clear();
        if self.config.repetition == SearchRepetition::FirstRepeatIsDraw {
            self.before.extend(state.earlier_hashes());
            self.before.sort_unstable();
        }
        self.root = state.to_move();
        self.players = game.num_players();
        self.nodes = 0;
        self.horizon = 0;
        self.aborted = false;
        self.null_ply = 0;
        self.deadline = self.config.time_limit.map(|t| start + t);
        if !self.helper {
            self.tt.new_search();
        }
        for k in &mut self.killers {
            *k = [None; 2];
        }
        let cells = game.board().len().max(1);
        let size = (self.players * cells * cells).clamp(1, 1 << 20);
        if self.cells != cells || self.history.len() != size {
            self.cells = cells;
            self.history = vec![0; size];
            self.counters = vec![None; (cells * cells).clamp(1, 1 << 20)];
        } else {
            self.history.iter_mut().for_each(|h| *h /= 8);
        }
    }

    /// The table key: the Zobrist hash, salted by the root player when the search is
    /// paranoid (scores then depend on who is at the root).
    #[inline]
    fn key(&self, state: &State) -> u64 {
        if self.players > 2 {
            state.hash() ^ (u64::from(self.root.0) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        } else {
            state.hash()
        }
    }

    /// Whether `a` and `b` are on the same side: with two players, the same player; with
    /// more (paranoid), both the root player or both in the coalition.
    #[inline]
    fn same_team(&self, a: Player, b: Player) -> bool {
        if self.players <= 2 {
            a == b
        } else {
            (a == self.root) == (b == self.root)
        }
    }

    /// A finished game's score for the side to move in `state`, `ply` plies from the root.
    fn outcome_score(&self, o: Outcome, state: &State, ply: usize) -> i32 {
        let me = state.to_move();
        let win = MATE - ply as i32;
        if self.players <= 2 {
            let s = o.score(me, self.players.max(2));
            if s >= 1.0 {
                win
            } else if s <= 0.0 {
                -win
            } else {
                0
            }
        } else {
            let s = o.score(self.root, self.players);
            let v = if s >= 1.0 {
                win
            } else if s <= 0.0 {
                -win
            } else {
                0
            };
            if me == self.root {
                v
            } else {
                -v
            }
        }
    }

    /// The score of a game finished by the last move. With clocked endings the result may
    /// depend on more than the position, so the subtree does not count as solved.
    fn finished(&mut self, o: Outcome, state: &State, f: &Features, ply: usize) -> i32 {
        if f.clocked {
            self.horizon += 1;
        }
        self.outcome_score(o, state, ply)
    }

    /// Heuristic score for the side to move (its team); `mobility[ply]` holds its number of
    /// legal moves.
    fn evaluate(&self, game: &Game, state: &State, f: &Features, ply: usize) -> i32 {
        let me = state.to_move();
        let (persp, sign) = if self.players <= 2 || me == self.root {
            (me, 1)
        } else {
            (self.root, -1)
        };
        let mut v: i64 = 0;
        if f.material {
            v += i64::from(game.material(state, persp)) * 100;
        }
        if !game.bonuses().is_empty() {
            // Hundredths of a value unit, the scale of `material * 100`.
            v += i64::from(game.placement_bonus(state, persp));
        }
        v *= sign;
        if ply > 0 && self.players <= 2 {
            // Own moves now against the opponent's moves one ply earlier.
            let diff = i64::from(self.mobility[ply]) - i64::from(self.mobility[ply - 1]);
            v += diff * i64::from(f.unit) / 100;
        }
        v.clamp(-i64::from(EVAL_CAP), i64::from(EVAL_CAP)) as i32
    }

    #[inline]
    fn check_time(&mut self) {
        if self.nodes & 1023 == 0
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self
                    .node_limit
                    .or(self.config.max_nodes)
                    .is_some_and(|n| self.nodes >= n)
                || self
                    .stop
                    .as_ref()
                    .is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.aborted = true;
        }
    }

    /// The line the transposition table expects after `first`: at most `max` moves, each
    /// still legal where it is read (the table stores a move as its index among the legal
    /// moves), stopping at a repeated position.
    fn principal_variation(
        &self,
        game: &Game,
        state: &mut State,
        first: Move,
        max: usize,
    ) -> Vec<Move> {
        let mut pv = vec![first];
        let mut seen = vec![self.key(state)];
        game.make(state, first);
        let mut moves = MoveList::new();
        while pv.len() < max.max(1) && state.result_now().is_none() {
            let key = self.key(state);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(e) = self.tt.probe(key) else { break };
            game.legal_moves(state, &mut moves);
            let Some(&mv) = moves.get(e.mv as usize) else {
                break;
            };
            pv.push(mv);
            game.make(state, mv);
        }
        for _ in 0..pv.len() {
            game.unmake(state);
        }
        pv
    }

    /// Searches the child position (already made) with the window `w` seen from the
    /// parent, flipping the sign when the side changes.
    #[inline]
    fn child(
        &mut self,
        cx: &Ctx,
        state: &mut State,
        same: bool,
        depth: i32,
        ply: usize,
        w: Window,
    ) -> i32 {
        if same {
            self.negamax(cx, state, depth, ply, w.alpha, w.beta)
        } else {
            -self.negamax(cx, state, depth, ply, -w.beta, -w.alpha)
        }
    }

    /// [`AlphaBeta::child`] for the quiescence search, `qply` plies into it.
    #[inline]
    fn child_quiesce(
        &mut self,
        cx: &Ctx,
        state: &mut State,
        same: bool,
        ply: usize,
        qply: usize,
        w: Window,
    ) -> i32 {
        if same {
            self.quiesce(cx, state, ply, qply, w.alpha, w.beta)
        } else {
            -self.quiesce(cx, state, ply, qply, -w.beta, -w.alpha)
        }
    }

    #[inline]
    fn history_index(&self, mv: &Move, player: Player) -> usize {
        let c = mv.cells();
        let a = c.first().map_or(0, |&x| x.index());
        let b = c.last().map_or(0, |&x| x.index());
        ((a * self.cells + b) * self.players + player.index()) % self.history.len().max(1)
    }

    /// The countermove slot of the move that led to `state`, if any.
    #[inline]
    fn counter_index(&self, game: &Game, state: &State) -> Option<usize> {
        let prev = game.last_move(state)?;
        if prev.is_forced_pass() || prev.len == 0 {
            return None;
        }
        let c = prev.cells();
        let a = c[0].index();
        let b = (c[c.len() - 1]).index();
        Some((a * self.cells + b) % self.counters.len().max(1))
    }

    /// Moves history score `h` towards `±HISTORY_MAX` by `bonus` (ageing as it saturates).
    #[inline]
    fn nudge(h: &mut i32, bonus: i32) {
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Whether an ordering key is a late quiet move's: ordered by history alone (not the
    /// table's move, a capture, a promotion, a move into a goal, a killer or a countermove).
    /// Only these are reduced or pruned.
    #[inline]
    fn late_quiet(key: i32) -> bool {
        key < KEY_COUNTER
    }

    /// Whether `mv` captures, promotes or moves into a zone that wins.
    #[inline]
    fn tactical(f: &Features, game: &Game, state: &State, mv: Move) -> bool {
        mv.promotes() || f.victim(game, state, mv).is_some() || f.reaches_goal(game, state, mv)
    }

    fn negamax(
        &mut self,
        cx: &Ctx,
        state: &mut State,
        mut depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let game = cx.game;
        self.nodes += 1;
        self.check_time();
        if self.aborted {
            return 0;
        }
        if let Some(o) = state.result_now() {
            return self.finished(o, state, &cx.f, ply);
        }
        let in_check = cx.royal && game.in_check(state, state.to_move());
        if in_check && ply < 2 * MAX_DEPTH as usize {
            depth += 1;
        }
        if depth <= 0 || ply + QS_PLIES + 1 >= MAX_PLY {
            return self.quiesce(cx, state, ply, 0, alpha, beta);
        }
        let key = self.key(state);
        self.path[ply] = key;
        if self.repeats(cx, state, key, ply) {
            self.horizon += 1;
            return 0;
        }
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            if let Some(s) = self.table_cut(&e, depth, ply, alpha, beta) {
                return s;
            }
        }

        let mut moves = std::mem::take(&mut self.lists[ply]);
        game.legal_moves(state, &mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return self.no_moves(cx, state, ply);
        }
        self.mobility[ply] = cx.f.mobility(game, state, &moves);
        let pv = beta - alpha > 1;
        // Pruning by the static evaluation, away from the principal variation.
        let prune = cx.selective && !pv && !in_check && beta.abs() < MATE_BOUND;
        let mut node = Node {
            depth,
            ply,
            me: state.to_move(),
            in_check,
            pv,
            prune,
            eval: if prune {
                self.evaluate(game, state, &cx.f, ply)
            } else {
                0
            },
            tt_move,
            counter_slot: None,
        };
        if let Some(s) = self.prune_early(cx, state, &node, beta) {
            self.lists[ply] = moves;
            return s;
        }
        node.counter_slot = self.counter_index(game, state);

        let mut order = std::mem::take(&mut self.orders[ply]);
        self.order_moves(cx, state, &moves, &mut order, &node);
        let horizon_before = self.horizon;
        let (best, best_idx, searched) = self.search_moves(
            cx,
            state,
            &moves,
            &mut order,
            &node,
            Window::new(alpha, beta),
        );
        self.lists[ply] = moves;
        self.orders[ply] = order;
        if self.aborted {
            return 0;
        }
        if searched == 0 {
            // Everything pruned (cannot happen: the first move is always searched).
            return alpha;
        }
        let bound = if best >= beta {
            BOUND_LOWER
        } else if best > alpha {
            BOUND_EXACT
        } else {
            BOUND_UPPER
        };
        let stored_depth = if self.horizon == horizon_before {
            SOLVED
        } else {
            depth.clamp(0, i32::from(SOLVED) - 1) as u8
        };
        self.tt
            .store(key, score_to_tt(best, ply), best_idx, stored_depth, bound);
        best
    }

    /// Whether the position `key` at `ply` repeats one on the line or before the root, when
    /// the search scores a first repeat as a draw. A null move on the line cuts it: nothing
    /// before it comes back for real.
    #[inline]
    fn repeats(&self, cx: &Ctx, state: &State, key: u64, ply: usize) -> bool {
        cx.f.can_repeat
            && self.config.repetition == SearchRepetition::FirstRepeatIsDraw
            && (self.path[self.null_ply..ply].contains(&key)
                || (self.null_ply == 0 && self.before.binary_search(&state.hash()).is_ok()))
    }

    /// The score the table entry `e` settles at `depth` for the window `alpha..beta`, if it
    /// settles one.
    #[inline]
    fn table_cut(
        &mut self,
        e: &Entry<i32>,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if i32::from(e.depth) < depth {
            return None;
        }
        let s = score_from_tt(e.value, ply);
        // A mate found at a limited depth may miss a shorter one (the search reduces and
        // prunes), so an exact mate score is only a bound towards the quicker end: the
        // winner's score is at least it, the loser's at most. Threads sharing the table
        // otherwise read each other's longer mates as the distance.
        let cut = match e.bound() {
            BOUND_EXACT if e.depth != SOLVED && s >= MATE_BOUND => s >= beta,
            BOUND_EXACT if e.depth != SOLVED && s <= -MATE_BOUND => s <= alpha,
            BOUND_EXACT => true,
            BOUND_LOWER => s >= beta,
            BOUND_UPPER => s <= alpha,
            _ => false,
        };
        if !cut {
            return None;
        }
        if e.depth != SOLVED {
            self.horizon += 1;
        }
        Some(s)
    }

    /// The score of a position where the side to move has no legal move: the game's result
    /// if that ends it, else the evaluation.
    fn no_moves(&mut self, cx: &Ctx, state: &State, ply: usize) -> i32 {
        match cx.game.no_moves_outcome(state) {
            Some(o) => self.outcome_score(o, state, ply),
            None => {
                self.horizon += 1;
                self.mobility[ply] = 0;
                self.evaluate(cx.game, state, &cx.f, ply)
            }
        }
    }

    /// Cuts a node off the principal variation before its moves are searched, by reverse
    /// futility or a null move: the score to return, if cut.
    #[inline]
    fn prune_early(&mut self, cx: &Ctx, state: &mut State, node: &Node, beta: i32) -> Option<i32> {
        let (game, unit) = (cx.game, cx.f.unit);
        let (depth, eval) = (node.depth, node.eval);
        if !node.prune {
            return None;
        }
        if depth <= 3 && eval - unit * depth >= beta {
            // Reverse futility: far enough above beta that one side's quiet play at these
            // last plies will not bring it down.
            self.horizon += 1;
            return Some(eval);
        }
        if !(self.config.null_move
            && depth >= 3
            && eval >= beta
            && game.last_move(state).is_some_and(|m| !m.is_forced_pass())
            && cx.null.safe(state, node.me))
        {
            return None;
        }
        // Null move: pass, and see whether the opponent can even then get below beta.
        let r = 3 + depth / 4 + ((eval - beta) / unit.max(1)).min(2);
        game.make(state, Move::forced_pass());
        let same = self.same_team(node.me, state.to_move());
        let null_ply = std::mem::replace(&mut self.null_ply, node.ply + 1);
        let w = Window::new(beta - 1, beta);
        let s = self.child(cx, state, same, depth - 1 - r, node.ply + 1, w);
        self.null_ply = null_ply;
        game.unmake(state);
        if self.aborted {
            return Some(0);
        }
        if s >= beta {
            self.horizon += 1;
            return Some(if s >= MATE_BOUND { beta } else { s });
        }
        None
    }

    /// Fills `order` with each move's ordering key and index (see the `KEY_` constants).
    #[inline]
    fn order_moves(
        &self,
        cx: &Ctx,
        state: &State,
        moves: &MoveList,
        order: &mut Vec<(i32, u16)>,
        node: &Node,
    ) {
        let (game, f) = (cx.game, &cx.f);
        order.clear();
        let killers = self.killers[node.ply];
        let counter = node.counter_slot.and_then(|c| self.counters[c]);
        for (i, mv) in moves.iter().enumerate() {
            let key = if i as u16 == node.tt_move {
                KEY_TT
            } else if f.reaches_goal(game, state, *mv) {
                KEY_GOAL
            } else if let Some(v) = f.victim(game, state, *mv) {
                KEY_CAPTURE + v.clamp(-10_000, 10_000) * 1024
                    - f.mover_value(game, state, *mv).clamp(0, 1000)
            } else if mv.promotes() {
                KEY_CAPTURE
            } else if killers[0] == Some(*mv) {
                KEY_KILLER
            } else if killers[1] == Some(*mv) {
                KEY_KILLER - 1
            } else if counter == Some(*mv) {
                KEY_COUNTER
            } else {
                self.history[self.history_index(mv, node.me)]
            };
            order.push((key, i as u16));
        }
    }

    /// Searches the moves in `order`, best key first, with the window `w`, skipping late
    /// quiet moves where the node is hopeless or has tried many: the best score, the index
    /// of its move, and how many moves were searched.
    #[inline]
    fn search_moves(
        &mut self,
        cx: &Ctx,
        state: &mut State,
        moves: &MoveList,
        order: &mut [(i32, u16)],
        node: &Node,
        mut w: Window,
    ) -> (i32, u16, usize) {
        let (game, f, depth) = (cx.game, &cx.f, node.depth);
        let mut best = -INF;
        let mut best_idx = NO_MOVE;
        let mut quiets_tried = 0usize;
        let mut searched = 0usize;
        let futile = node.prune && depth <= 2 && node.eval + f.unit * (2 * depth) <= w.alpha;
        let move_count_limit = if node.prune && depth <= 3 {
            (4 + 3 * depth * depth) as usize
        } else {
            usize::MAX
        };
        for n in 0..order.len() {
            // Selection sort, one step at a time: cut-offs usually come early.
            let mut pick = n;
            for j in n + 1..order.len() {
                if order[j].0 > order[pick].0 {
                    pick = j;
                }
            }
            order.swap(n, pick);
            let (okey, i) = order[n];
            let mv = moves[i as usize];
            let quiet = Self::late_quiet(okey);
            if quiet && searched > 0 && (futile || quiets_tried >= move_count_limit) {
                // A quiet move at the last plies of a hopeless or long-searched position.
                self.horizon += 1;
                continue;
            }
            game.make(state, mv);
            let score = self.search_made(cx, state, node, okey, searched, w);
            game.unmake(state);
            if self.aborted {
                break;
            }
            searched += 1;
            if score > best {
                best = score;
                best_idx = i;
                if score > w.alpha {
                    w.alpha = score;
                    if w.alpha >= w.beta {
                        if quiet || okey == KEY_TT && !Self::tactical(f, game, state, mv) {
                            self.reward_quiet(node.me, mv, depth, node.ply, node.counter_slot);
                            self.punish_quiets(moves, &order[..n], node.me, depth);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried += 1;
            }
        }
        (best, best_idx, searched)
    }

    /// Searches a move just made at `node`, the `searched`-th there, ordered by `okey`:
    /// the first with the full window, the rest with a null window first (late quiet
    /// ones reduced), again with the full window only when they prove better.
    #[inline]
    fn search_made(
        &mut self,
        cx: &Ctx,
        state: &mut State,
        node: &Node,
        okey: i32,
        searched: usize,
        w: Window,
    ) -> i32 {
        let (depth, ply) = (node.depth, node.ply + 1);
        let same = self.same_team(node.me, state.to_move());
        if searched == 0 {
            return self.child(cx, state, same, depth - 1, ply, w);
        }
        let mut r = 0;
        if cx.selective && Self::late_quiet(okey) && depth >= 3 && searched >= 2 && !node.in_check {
            r = i32::from(self.reductions[depth.min(63) as usize][searched.min(63)]);
            if node.pv {
                r -= 1;
            }
            if okey > HISTORY_MAX / 2 {
                r -= 1;
            }
            r = r.clamp(0, depth - 2);
        }
        let mut s = self.child(cx, state, same, depth - 1 - r, ply, w.null());
        if r > 0 && s > w.alpha && !self.aborted {
            s = self.child(cx, state, same, depth - 1, ply, w.null());
        }
        if s > w.alpha && s < w.beta && !self.aborted {
            self.child(cx, state, same, depth - 1, ply, w)
        } else {
            s
        }
    }

    /// The quiet moves in `tried`, searched before a cut and not cutting: their history
    /// falls, so that they come later next time.
    #[inline]
    fn punish_quiets(&mut self, moves: &MoveList, tried: &[(i32, u16)], me: Player, depth: i32) {
        let malus = -(depth * depth).min(400);
        for &(kk, j) in tried {
            if Self::late_quiet(kk) {
                let h = self.history_index(&moves[j as usize], me);
                Self::nudge(&mut self.history[h], malus);
            }
        }
    }

    /// A quiet move cut: it becomes a killer, the countermove, and gains history.
    fn reward_quiet(
        &mut self,
        me: Player,
        mv: Move,
        depth: i32,
        ply: usize,
        counter_slot: Option<usize>,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if let Some(c) = counter_slot {
            self.counters[c] = Some(mv);
        }
        let h = self.history_index(&mv, me);
        Self::nudge(&mut self.history[h], (depth * depth).min(400));
    }

    /// Quiescence: the evaluation, improved by captures and by moves into a winning zone.
    fn quiesce(
        &mut self,
        cx: &Ctx,
        state: &mut State,
        ply: usize,
        qply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let game = cx.game;
        let f = &cx.f;
        if qply > 0 {
            self.nodes += 1;
            self.check_time();
            if self.aborted {
                return 0;
            }
            if let Some(o) = state.result_now() {
                return self.finished(o, state, f, ply);
            }
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        game.legal_moves(state, &mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return self.no_moves(cx, state, ply);
        }
        self.mobility[ply] = f.mobility(game, state, &moves);
        self.horizon += 1;
        let stand = self.evaluate(game, state, f, ply);
        if !f.tactical || stand >= beta || qply >= QS_PLIES || ply + 2 >= MAX_PLY {
            self.lists[ply] = moves;
            return stand;
        }
        alpha = alpha.max(stand);
        // Captures that even winning the victim outright leaves below alpha are not tried
        // (in two-player searches; a margin covers the mobility term).
        let delta = if cx.selective {
            alpha - stand - 2 * f.unit
        } else {
            i32::MIN
        };
        let mut order = std::mem::take(&mut self.orders[ply]);
        order.clear();
        for (i, mv) in moves.iter().enumerate() {
            if f.reaches_goal(game, state, *mv) {
                order.push((KEY_GOAL, i as u16));
            } else if let Some(v) = f.victim(game, state, *mv) {
                // (Not a promotion, nor a capture of several pieces: the victim is one.)
                if v.saturating_mul(100) < delta && !mv.promotes() && mv.len <= 2 {
                    continue;
                }
                let key = v.clamp(-10_000, 10_000) * 1024
                    - f.mover_value(game, state, *mv).clamp(0, 1000);
                order.push((key, i as u16));
            }
        }
        order.sort_unstable_by(|a, b| b.cmp(a));
        let me = state.to_move();
        let mut best = stand;
        for &(_, i) in &order {
            let mv = moves[i as usize];
            game.make(state, mv);
            let same = self.same_team(me, state.to_move());
            let score =
                self.child_quiesce(cx, state, same, ply + 1, qply + 1, Window::new(alpha, beta));
            game.unmake(state);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = moves;
        self.orders[ply] = order;
        if self.aborted {
            0
        } else {
            best
        }
    }
}

impl Bot for AlphaBeta {
    fn select_move(&mut self, game: &Game, state: &mut State) -> Option<Move> {
        self.search(game, state).best
    }

    fn select_move_limited(
        &mut self,
        game: &Game,
        state: &mut State,
        limits: &Limits,
        report: &mut dyn FnMut(&Progress),
    ) -> Option<Move> {
        let saved = self.config;
        (self.config.time_limit, self.config.max_depth) =
            limits.for_depth_search(saved.time_limit, saved.max_depth, MAX_DEPTH);
        if limits.has_budget() {
            self.config.max_nodes = None;
        }
        self.stop = limits.stop.clone();
        self.node_limit = limits.nodes;
        let best = self.search_reporting(game, state, report).best;
        self.config = saved;
        self.stop = None;
        self.node_limit = None;
        best
    }

    fn evaluation(&self) -> Option<super::Evaluation> {
        let info = self.last_info();
        info.best?;
        let s = info.score;
        Some(if s.abs() >= MATE_BOUND {
            // MATE minus the plies to the end; a player's moves are every other ply.
            let plies = MATE - s.abs();
            let moves = (plies + 1) / 2;
            super::Evaluation::Mate(if s > 0 { moves } else { -moves })
        } else {
            super::Evaluation::Score {
                score: s,
                solved: info.solved,
            }
        })
    }

    fn name(&self) -> String {
        if let Some(n) = self.config.max_nodes {
            return format!(
                "alpha-beta depth {}, at most {n} nodes",
                self.config.max_depth
            );
        }
        match self.config.time_limit {
            Some(t) if self.config.max_depth >= MAX_DEPTH => {
                format!("alpha-beta {:.1}s", t.as_secs_f64())
            }
            Some(t) => format!(
                "alpha-beta depth {} ({:.1}s)",
                self.config.max_depth,
                t.as_secs_f64()
            ),
            None => format!("alpha-beta depth {}", self.config.max_depth),
        }
    }
}
