//! Monte Carlo tree search (UCT) with random playouts (uniform but for the moves a
//! [`PlayoutPolicy`] puts off); game-independent and for any number of players.
//!
//! The tree lives in one `Vec` arena. Each node keeps the total reward, from the point of view
//! of the player who made the move leading to it, of the playouts that went through it, so
//! selection at a node simply maximises its children's UCT value for the player to move
//! there. A node gains one child per visit, in a random order drawn when the node is first
//! expanded. The move played is the root's most visited child.
//!
//! Games with dice: a roll is no choice. At a chance node the roll is drawn with the dice's
//! odds ([`Game::sample_roll`]) and the walk goes on below the child for that roll (made
//! when first drawn); the playouts roll the same way. Asked to move at a chance node, the
//! player rolls.
//!
//! Root parallelism (`threads` > 1): each thread grows its own tree from the same position
//! with its own seed, and the root's children are judged by their visits and rewards summed
//! over the trees; so two threads run twice the playouts in the same time. No state is
//! shared while searching.
//!
//! Solver backups (MCTS-Solver, Winands, Björnsson and Saito 2008), in two-player games
//! without dice: a node whose position is over, or whose every move is proven lost for the
//! player to move, or that has one move proven won, is *proven*; a proven node is scored as
//! a finished game without a playout, its proof is passed up the tree at once, the
//! selection never walks into a move proven lost while another is open, and the move
//! played is a proven win when there is one, never a proven loss when there is another.
//! The search stops as soon as the root is proven. Only wins and losses are proven (a draw
//! stays a playout average).
//!
//! The tree leaves out the moves that fill one of the mover's own eyes, as the playouts do
//! ([`PlayoutPolicy::drop_eye_fills`], Go), unless nothing else is left: no playouts are
//! spent on them, and where every move loses the player passes instead of killing its own
//! groups. A node with moves left out is not proven lost when every child is.
//!
//! Tree reuse: after a search the tree is kept, and when the next search starts from a
//! position a few moves further down the same game (the move played and the replies), the
//! subtree of that position becomes the new tree, with its visits, rewards and proofs; the
//! new playouts are added to it.
//!
//! RAVE (`rave` > 0; Gelly and Silver 2007): each node's children also keep all-moves-as-
//! first statistics, the playouts below the node in which the child's player made the
//! child's move at any later point (see [`super::amaf`]). Selection blends a child's own
//! mean with that AMAF mean, trusting the AMAF mean less as the child's own visits grow;
//! a node's children are all created on its second visit (up to 512 of them), so that moves
//! never tried yet are ranked by their AMAF mean instead of being tried one by one in a
//! random order.
//!
//! Progressive widening: a node with more than [`WIDEN_MIN`] moves gains children only as
//! its visits grow ([`widening`]), so that with thousands of moves the playouts gather on
//! a few and tell them apart. A work cap ([`MctsConfig::max_work`]) bounds a tree's search
//! by a count, not a clock, so that it is the same on a busy machine.
//!
//! Limits ([`Bot::select_move_limited`]): a time replaces the configured one (and the work
//! cap), a node budget caps the playouts, the stop flag ends the search at once (its best move so far is
//! played), and the search reports its progress about twice a second: the playouts, the
//! win chance of the best move and the principal line (the most visited move at each
//! level).
//!
//! Reproducible: the same seed, settings and position give the same move (with several
//! threads too, when no time limit cuts the playouts short).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::amaf::{blend, Trail};
use super::{Bot, Limits, PlayoutPolicy, Progress, Score};
use crate::engine::{Game, Move, MoveList, Outcome, Player, RuleId, State};

/// Playouts stop (scored as a draw) after this many plies.
const MAX_PLAYOUT_PLIES: u32 = 1000;
/// "No node".
const NONE: u32 = u32::MAX;
/// A node whose moves have not been generated yet.
const UNKNOWN: u32 = u32::MAX;
/// Progress is reported at most this often.
const REPORT_EVERY: Duration = Duration::from_millis(500);
/// The principal line reported is at most this long.
const MAX_LINE: usize = 12;

/// Settings of an [`Mcts`] player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Playouts per move (at least 1).
    pub simulations: u32,
    /// The UCT exploration constant `c` in `mean + c * sqrt(ln N / n)`; rewards are in 0..=1.
    pub exploration: f64,
    /// Seed of the playouts and of the order children are tried in.
    pub seed: u64,
    /// Stop after about this long even if fewer playouts were run (long games on large
    /// boards run only a few thousand playouts a second); `None` runs them all.
    pub time_limit: Option<Duration>,
    /// Trees searched side by side, each by its own thread running `simulations` playouts
    /// (at least 1).
    pub threads: usize,
    /// Solver backups (see the module documentation); they apply only to two-player games
    /// without dice.
    pub solver: bool,
    /// Keep the tree between moves (see the module documentation).
    pub reuse_tree: bool,
    /// RAVE's equivalence parameter `k`: the own visits at which a child's own mean and its
    /// AMAF mean weigh about the same (see the module documentation); 0 turns RAVE off.
    pub rave: u32,
    /// Stop a tree after this much work even if fewer playouts were run: the moves made
    /// (in the tree and in the playouts) plus a sixteenth of the moves listed at the tree's
    /// nodes ([`LISTED_PER_MADE`]). Unlike a clock it gives the same search on a busy
    /// machine as on an idle one; `None` runs every playout.
    pub max_work: Option<u64>,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            simulations: 10_000,
            exploration: 0.7,
            seed: 0,
            time_limit: None,
            threads: 1,
            solver: true,
            reuse_tree: true,
            rave: 0,
            max_work: None,
        }
    }
}

/// One node of the search tree.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The move leading here from the parent.
    mv: Move,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Sum of playout rewards for `mover`.
    reward: f64,
    /// The player who made `mv`.
    mover: Player,
    /// Legal moves here ([`UNKNOWN`] until generated).
    num_moves: u32,
    /// Children created so far.
    expanded: u32,
    /// Children are created in the order `start, start + step, …` (mod `num_moves`).
    start: u32,
    step: u32,
    /// The proven result for `mover`: `WIN`, `LOSS`, or `OPEN` (not proven).
    proven: i8,
    /// Whether moves were left out of the children (a Go player's own eyes, see
    /// [`PlayoutPolicy::drop_eye_fills`]): then every child lost does not prove a loss.
    pruned: bool,
    /// RAVE: playouts below the parent in which `mover` made `mv` (see [`super::amaf`]).
    amaf_visits: u32,
    /// RAVE: their total reward for `mover`.
    amaf_reward: f32,
}

/// [`Node::proven`]: the mover wins with best play.
const WIN: i8 = 1;
/// [`Node::proven`]: the mover loses with best play.
const LOSS: i8 = -1;
/// [`Node::proven`]: nothing proven.
const OPEN: i8 = 0;

impl Node {
    fn new(mv: Move, parent: u32, mover: Player) -> Node {
        Node {
            mv,
            parent,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            reward: 0.0,
            mover,
            num_moves: UNKNOWN,
            expanded: 0,
            start: 0,
            step: 1,
            proven: OPEN,
            pruned: false,
            amaf_visits: 0,
            amaf_reward: 0.0,
        }
    }
}

/// When one tree's search stops, shared by the trees of a parallel search.
struct Control<'a> {
    /// Playouts of this tree at most.
    playouts: u32,
    /// Work of this tree at most (see [`MctsConfig::max_work`]).
    work: Option<u64>,
    start: Instant,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    /// Playouts run by all trees (for the progress report).
    total: &'a AtomicU64,
    /// Set by the reporting tree when it ends, so that the others end with it.
    done: &'a AtomicBool,
}

impl Control<'_> {
    fn should_stop(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.done.load(Ordering::Relaxed)
    }
}

/// Where a walk down the tree has got to: its node, and the moves made on the way.
#[derive(Clone, Copy)]
struct Walk {
    node: u32,
    made: u32,
}

/// What a playout's result is scored from.
#[derive(Clone, Copy)]
enum Backed {
    /// The game's outcome (`None`: cut short, scored as a draw).
    Outcome(Option<Outcome>),
    /// A proven win of this player.
    Winner(Player),
}

/// Statistics of the last search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MctsInfo {
    /// Playouts run.
    pub simulations: u32,
    /// Nodes in the tree.
    pub nodes: usize,
    /// The chosen move.
    pub best: Option<Move>,
    /// Visits of the chosen move.
    pub best_visits: u32,
    /// Mean reward of the chosen move for the player to move (0 = loss, 1 = win).
    pub best_value: f64,
    /// Whether the chosen move is proven lost (then every move is).
    pub best_lost: bool,
    /// Playouts kept from the previous search's tree (tree reuse), not counted in
    /// `simulations`.
    pub reused: u32,
    /// The work done (see [`MctsConfig::max_work`]), summed over the trees.
    pub work: u64,
}

/// UCT player; see the module documentation.
pub struct Mcts {
    config: MctsConfig,
    rng: SmallRng,
    nodes: Vec<Node>,
    moves: MoveList,
    info: MctsInfo,
    /// Whether solver backups apply to the game being searched.
    solving: bool,
    /// The position the kept tree starts from: its hash and the moves played before it.
    tree_root: Option<(u64, usize)>,
    /// RAVE: the moves of the current playout.
    trail: Trail,
    /// The moves the playouts put off (see [`PlayoutPolicy`]), for the game being searched.
    policy: PlayoutPolicy,
    /// RAVE: each cell's prior value for a move placing there (see [`cell_priors`]), and
    /// the game it was computed for.
    priors: (String, Vec<f32>),
    /// The work of the current search so far (see [`MctsConfig::max_work`]).
    work: u64,
}

/// Moves listed at a tree node that count as one move made in the work of a search
/// ([`MctsConfig::max_work`]): listing a move is far cheaper than making one. Counted
/// alike, Nex 13 × 13 (whose new leaves list some 28 000 moves) did seven times the work
/// of Amazons in a second of CPU, while its playouts cost about the same time a ply.
const LISTED_PER_MADE: u64 = 16;

/// Progressive widening (Coulom 2007; Chaslot et al. 2008): a node with more moves than
/// [`WIDEN_MIN`] gains a child only while it has fewer than [`widening`] of its visits. With
/// thousands of moves (Nex 13 × 13 starts with some 28 000, Amazons with 2176) and one
/// child a visit, every playout went to a new move, the root's children had one playout
/// each, and the move played was whichever random playout happened to win ("wins 100 %"):
/// no signal at any budget. Widened, the playouts gather on a few hundred moves and tell
/// them apart. Nodes with few moves (and RAVE's, created all at once) are not affected.
const WIDEN_MIN: u32 = 64;
/// The children a widened node may have per square root of its visits.
const WIDEN_PER_ROOT: f64 = 2.0;

/// The most children a node with `visits` visits may have (see [`WIDEN_MIN`]).
fn widening(visits: u32) -> u32 {
    WIDEN_MIN.max((WIDEN_PER_ROOT * f64::from(visits).sqrt()) as u32)
}

/// RAVE: the playouts a cell's prior counts for in a new child's AMAF statistics.
const PRIOR_PLAYOUTS: u32 = 100;

/// RAVE's prior for a move onto each cell of `game`'s board: the share of the board's
/// directions that lead to a neighbour, halved (0.5 in the open, less on the edge, least in
/// a corner), so that with few playouts a placement game's first moves go where a stone
/// has the most room rather than to the edge; one more entry at the end, the least of them,
/// for moves that place nothing (a pass).
fn cell_priors(game: &Game) -> Vec<f32> {
    let board = game.board();
    let dirs = board.dirs.len().max(1);
    let mut priors: Vec<f32> = board
        .next
        .chunks(dirs)
        .map(|next| {
            let open = next
                .iter()
                .filter(|&&c| c != crate::engine::NO_CELL)
                .count();
            0.5 * open as f32 / dirs as f32
        })
        .collect();
    priors.push(priors.iter().copied().fold(0.5, f32::min));
    priors
}

/// RAVE creates a node's children all at once only up to this many moves (Connect6's
/// pairs of stones run to tens of thousands): beyond, one a visit, as without RAVE.
const MAX_EXPAND_ALL: usize = 512;

/// A kept tree is reused only this many moves further down the game.
const MAX_REUSE_PLIES: usize = 8;

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Mcts {
    /// A player with these settings.
    pub fn new(config: MctsConfig) -> Mcts {
        Mcts {
            config,
            rng: SmallRng::seed_from_u64(config.seed),
            nodes: Vec::new(),
            moves: MoveList::new(),
            info: MctsInfo::default(),
            solving: false,
            tree_root: None,
            trail: Trail::default(),
            policy: PlayoutPolicy::default(),
            priors: (String::new(), Vec::new()),
            work: 0,
        }
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// What the last search found.
    pub fn last_info(&self) -> &MctsInfo {
        &self.info
    }

    /// Runs the configured number of playouts from `state` (in each of `threads` trees) and
    /// returns what was found; `best` is `None` if the game is over. The state is left
    /// exactly as given.
    pub fn search(&mut self, game: &Game, state: &mut State) -> MctsInfo {
        self.search_limited(game, state, &Limits::default(), &mut |_| {})
    }

    /// [`Mcts::search`] within `limits` (see the module documentation), reporting progress.
    fn search_limited(
        &mut self,
        game: &Game,
        state: &mut State,
        limits: &Limits,
        report: &mut dyn FnMut(&Progress),
    ) -> MctsInfo {
        let threads = self.config.threads.max(1);
        let time = if limits.infinite {
            limits.time
        } else {
            limits.time.or(self.config.time_limit)
        };
        let mut playouts = if limits.infinite && limits.nodes.is_none() {
            u32::MAX
        } else {
            self.config.simulations.max(1)
        };
        if let Some(n) = limits.nodes {
            // A node budget counts the playouts of all the trees.
            let per_tree = n.div_ceil(threads as u64).clamp(1, u64::from(u32::MAX));
            playouts = if limits.infinite {
                per_tree as u32
            } else {
                playouts.min(per_tree as u32)
            };
        }
        // A front-end's budget replaces the player's whole budget, its work cap too.
        let budget = limits.has_budget();
        let start = Instant::now();
        let total = AtomicU64::new(0);
        let done = AtomicBool::new(false);
        let ctl = Control {
            playouts,
            work: if budget { None } else { self.config.max_work },
            start,
            deadline: time.map(|t| start + t),
            stop: limits.stop.as_deref(),
            total: &total,
            done: &done,
        };
        self.solving = self.config.solver && game.num_players() == 2 && game.dice().is_none();
        if self.config.rave > 0 && self.priors.0 != game.name() {
            self.priors = (game.name().to_string(), cell_priors(game));
        }
        if threads == 1 || state.result_now().is_some() || game.is_chance(state) {
            let info = self.search_tree(game, state, &ctl, Some(report));
            self.report_final(game, state, &ctl, report);
            return info;
        }
        let helpers: Vec<Mcts> = (1..threads as u64)
            .map(|k| {
                let mut helper = Mcts::new(MctsConfig {
                    threads: 1,
                    seed: self.config.seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                    ..self.config
                });
                helper.solving = self.solving;
                helper.priors = self.priors.clone();
                helper
            })
            .collect();
        let helpers: Vec<Mcts> = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .into_iter()
                .map(|mut helper| {
                    let mut copy = state.clone();
                    let ctl = &ctl;
                    scope.spawn(move || {
                        helper.search_tree(game, &mut copy, ctl, None);
                        helper
                    })
                })
                .collect();
            self.search_tree(game, state, &ctl, Some(report));
            running
                .into_iter()
                .map(|h| h.join().expect("an MCTS thread panicked"))
                .collect()
        });
        if self.info.simulations == 0 {
            // One legal move or none: nothing was searched.
            return self.info.clone();
        }
        // Visits and rewards of the root's children, summed over the trees, in the order
        // this tree lists them (then the others'), so that ties break the same way each time;
        // a move proven in any tree is proven.
        let mut order: Vec<Move> = Vec::new();
        let mut sums: std::collections::HashMap<Move, (u32, f64, i8)> = Default::default();
        for tree in std::iter::once(&*self).chain(helpers.iter()) {
            for (mv, visits, reward, proven) in tree.root_children() {
                let e = sums.entry(mv).or_insert_with(|| {
                    order.push(mv);
                    (0, 0.0, OPEN)
                });
                e.0 += visits;
                e.1 += reward;
                if proven != OPEN {
                    e.2 = proven;
                }
            }
        }
        let children: Vec<(Move, u32, f64, i8)> = order
            .into_iter()
            .map(|mv| {
                let (v, r, p) = sums[&mv];
                (mv, v, r, p)
            })
            .collect();
        let mut info = self.info.clone();
        for h in &helpers {
            info.simulations += h.info.simulations;
            info.nodes += h.info.nodes;
            info.work += h.info.work;
        }
        set_best(&mut info, &children);
        self.info = info.clone();
        self.report_final(game, state, &ctl, report);
        info
    }

    /// The last progress report, with the move chosen.
    fn report_final(
        &self,
        game: &Game,
        state: &State,
        ctl: &Control,
        report: &mut dyn FnMut(&Progress),
    ) {
        let Some(best) = self.info.best else { return };
        if self.info.simulations == 0 || game.is_chance(state) {
            return;
        }
        let mut progress = self.progress(ctl);
        if progress.pv.first() != Some(&best) {
            progress.pv = vec![best];
        }
        progress.depth = progress.depth.max(1);
        progress.score = chance_score(self.info.best_value);
        report(&progress);
    }

    /// What this tree has found so far, for a progress report.
    fn progress(&self, ctl: &Control) -> Progress {
        let mut pv = Vec::new();
        let mut node = 0u32;
        let mut value = 0.5;
        while pv.len() < MAX_LINE {
            let children = self.children_of(node);
            let Some(best) = choose_node(self, children) else {
                break;
            };
            let b = &self.nodes[best as usize];
            if node == 0 {
                let root: Vec<_> = self.root_children().collect();
                value = value_of(b.visits, b.reward, b.proven, mean_of(&root));
            }
            pv.push(b.mv);
            node = best;
        }
        Progress {
            depth: pv.len() as u32,
            score: chance_score(value),
            nodes: ctl.total.load(Ordering::Relaxed),
            elapsed: ctl.start.elapsed(),
            pv,
        }
    }

    /// The children of `node`, by index.
    fn children_of(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let mut c = self
            .nodes
            .get(node as usize)
            .map_or(NONE, |n| n.first_child);
        std::iter::from_fn(move || {
            if c == NONE {
                return None;
            }
            let now = c;
            c = self.nodes[c as usize].next_sibling;
            Some(now)
        })
    }

    /// The root's children of the last tree: (move, visits, total reward, proven).
    fn root_children(&self) -> impl Iterator<Item = (Move, u32, f64, i8)> + '_ {
        self.children_of(0).map(|c| {
            let n = &self.nodes[c as usize];
            (n.mv, n.visits, n.reward, n.proven)
        })
    }

    /// [`Mcts::search`] in one tree, on this thread; `report`, if given, hears of the
    /// progress.
    fn search_tree(
        &mut self,
        game: &Game,
        state: &mut State,
        ctl: &Control,
        mut report: Option<&mut dyn FnMut(&Progress)>,
    ) -> MctsInfo {
        let mut info = MctsInfo::default();
        self.policy = PlayoutPolicy::for_game(game);
        let kept = self.config.reuse_tree && self.reuse(state);
        if !kept {
            self.nodes.clear();
        }
        self.tree_root = None;
        if state.result_now().is_none() && game.is_chance(state) {
            info.best = game.sample_roll(self.rng.gen());
            self.info = info.clone();
            return info;
        }
        let mut moves = std::mem::take(&mut self.moves);
        game.legal_moves(state, &mut moves);
        if state.result_now().is_some() || moves.is_empty() {
            self.moves = moves;
            self.info = info.clone();
            return info;
        }
        if moves.len() == 1 {
            info.best = Some(moves[0]);
            self.moves = moves;
            self.info = info.clone();
            return info;
        }
        self.moves = moves;
        let sims = ctl.playouts.max(1);
        // A time-limited search may ask for millions of playouts it will never run: the
        // arena grows as needed beyond a first block.
        self.nodes.reserve((sims as usize + 1).min(1 << 16));
        if kept {
            info.reused = self.nodes[0].visits;
        } else {
            let before = game.num_players() as u8;
            let prev = Player((state.to_move().0 + before - 1) % before.max(1));
            self.nodes
                .push(Node::new(Move::new(RuleId::new(0)), NONE, prev));
        }
        self.tree_root = Some((state.hash(), state.moves_played().count()));
        let mut last_report = ctl.start;
        let mut ran = 0;
        self.work = 0;
        while ran < sims {
            // The work is counted, not timed: checked after every playout.
            if ctl.work.is_some_and(|w| self.work >= w) {
                break;
            }
            // The clock is read every few playouts: at least one always runs.
            if ran % 8 == 0 && ran > 0 {
                if ctl.should_stop() {
                    break;
                }
                if let Some(report) = report.as_deref_mut() {
                    if last_report.elapsed() >= REPORT_EVERY {
                        last_report = Instant::now();
                        report(&self.progress(ctl));
                    }
                }
            }
            self.simulate(game, state);
            ran += 1;
            if ran % 64 == 0 {
                ctl.total.fetch_add(64, Ordering::Relaxed);
            }
            if self.nodes[0].proven != OPEN {
                // The root is proven: more playouts cannot change the move.
                ctl.done.store(true, Ordering::Relaxed);
                break;
            }
        }
        ctl.total.fetch_add(u64::from(ran % 64), Ordering::Relaxed);
        info.simulations = ran;
        info.nodes = self.nodes.len();
        info.work = self.work;

        let children: Vec<(Move, u32, f64, i8)> = self.root_children().collect();
        set_best(&mut info, &children);
        self.info = info.clone();
        info
    }

    /// Makes the kept tree's node for `state` the root, if `state` is that tree's position
    /// or a few moves further down the same game and the tree has a node for it; false
    /// (the tree is to be dropped) otherwise.
    fn reuse(&mut self, state: &State) -> bool {
        let Some((hash, before)) = self.tree_root else {
            return false;
        };
        if self.nodes.is_empty() {
            return false;
        }
        let played = state.moves_played().count();
        if played < before || played - before > MAX_REUSE_PLIES {
            return false;
        }
        let root_hash = if played == before {
            Some(state.hash())
        } else {
            state.earlier_hashes().nth(before)
        };
        if root_hash != Some(hash) {
            return false;
        }
        let mut node = 0u32;
        for mv in state.moves_played().skip(before) {
            match self
                .children_of(node)
                .find(|&c| self.nodes[c as usize].mv == mv)
            {
                Some(c) => node = c,
                None => return false,
            }
        }
        if node != 0 {
            self.nodes = self.subtree(node);
        }
        true
    }

    /// The subtree below `top` in a fresh arena, `top` first (as the root), children in
    /// the same order.
    fn subtree(&self, top: u32) -> Vec<Node> {
        let mut out = Vec::with_capacity(self.nodes.len() / 4 + 1);
        let mut root = self.nodes[top as usize];
        root.parent = NONE;
        root.next_sibling = NONE;
        root.first_child = NONE;
        out.push(root);
        // (old index, new index) of nodes whose children are still to be copied.
        let mut todo = vec![(top, 0u32)];
        while let Some((old, new)) = todo.pop() {
            let mut last = NONE;
            for c in self.children_of(old) {
                let at = out.len() as u32;
                let mut n = self.nodes[c as usize];
                n.parent = new;
                n.first_child = NONE;
                n.next_sibling = NONE;
                out.push(n);
                if last == NONE {
                    out[new as usize].first_child = at;
                } else {
                    out[last as usize].next_sibling = at;
                }
                last = at;
                todo.push((c, at));
            }
        }
        out
    }

    /// One playout: select down the tree, add a node, play randomly, back up the result.
    fn simulate(&mut self, game: &Game, state: &mut State) {
        let mut walk = Walk { node: 0, made: 0 };
        let finished = self.descend(game, state, &mut walk);
        let tree_moves = walk.made as usize;
        let mut made = walk.made;
        let result = match finished {
            Some(r) => r,
            None => {
                let (o, plies) = self.policy.playout(
                    game,
                    state,
                    &mut self.rng,
                    &mut self.moves,
                    MAX_PLAYOUT_PLIES,
                );
                made += plies;
                Backed::Outcome(o)
            }
        };
        self.work += u64::from(made);
        self.back_up(
            game,
            state,
            Walk {
                node: walk.node,
                made,
            },
            tree_moves,
            result,
        );
    }

    /// Walks from the root down the tree, making each move on `state`, to a new leaf (added
    /// on the way) or to a node whose result is known: that result, or `None` when a playout
    /// from the leaf must decide.
    #[inline]
    fn descend(&mut self, game: &Game, state: &mut State, walk: &mut Walk) -> Option<Backed> {
        loop {
            let node = walk.node;
            let proven = self.nodes[node as usize].proven;
            if proven != OPEN && node != 0 {
                // Proven: scored as the game it is, without a playout.
                let mover = self.nodes[node as usize].mover;
                return Some(Backed::Winner(if proven == WIN {
                    mover
                } else {
                    Player(1 - mover.0)
                }));
            }
            if let Some(o) = state.result_now() {
                self.prove_end(node, Some(o));
                return Some(Backed::Outcome(Some(o)));
            }
            if game.is_chance(state) {
                // Roll with the dice's odds; the child for that roll is where the walk goes.
                let Some(roll) = game.sample_roll(self.rng.gen()) else {
                    return Some(Backed::Outcome(None));
                };
                let c = self.roll_child(state, node, roll);
                game.make(state, roll);
                walk.made += 1;
                walk.node = c;
                continue;
            }
            let mut n = self.nodes[node as usize];
            let all_at_once = self.config.rave > 0 && n.num_moves == UNKNOWN && {
                self.list_moves(game, state, node);
                !self.moves.is_empty() && self.moves.len() <= MAX_EXPAND_ALL
            };
            if all_at_once {
                // RAVE: every child at once, ranked by the selection below.
                self.expand_all(state, node);
                n = self.nodes[node as usize];
            } else if n.num_moves == UNKNOWN
                || (n.expanded < n.num_moves
                    && (n.expanded < widening(n.visits) || self.only_lost_children(node)))
            {
                return self.expand_one(game, state, walk);
            }
            if n.num_moves == 0 {
                return Some(Backed::Outcome(game.no_moves_outcome(state)));
            }
            let best = self.select_child(&n);
            if best == NONE {
                return Some(Backed::Outcome(None));
            }
            game.make(state, self.nodes[best as usize].mv);
            walk.made += 1;
            walk.node = best;
            if self.nodes[best as usize].visits == 0 {
                // A child RAVE created but never visited: the new leaf.
                return self.leaf_end(state, best);
            }
        }
    }

    /// The child of `node` for `roll`, added if the walk has not rolled it there before.
    #[inline]
    fn roll_child(&mut self, state: &State, node: u32, roll: Move) -> u32 {
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE && self.nodes[c as usize].mv != roll {
            c = self.nodes[c as usize].next_sibling;
        }
        if c == NONE {
            c = self.nodes.len() as u32;
            let mut child = Node::new(roll, node, state.to_move());
            child.next_sibling = self.nodes[node as usize].first_child;
            self.nodes.push(child);
            self.nodes[node as usize].first_child = c;
        }
        c
    }

    /// Lists the legal moves of `state`, at `node`, into `self.moves` (counting the work,
    /// and leaving out the eye fills the playout policy drops).
    #[inline]
    fn list_moves(&mut self, game: &Game, state: &State, node: u32) {
        game.legal_moves(state, &mut self.moves);
        self.work += self.moves.len() as u64 / LISTED_PER_MADE;
        self.nodes[node as usize].pruned = self.policy.drop_eye_fills(game, state, &mut self.moves);
    }

    /// Adds the next child of the walk's node, in its random order, and makes its move:
    /// what [`Mcts::descend`] returns there.
    #[inline]
    fn expand_one(&mut self, game: &Game, state: &mut State, walk: &mut Walk) -> Option<Backed> {
        let node = walk.node;
        self.list_moves(game, state, node);
        let count = self.moves.len() as u32;
        if count == 0 {
            self.nodes[node as usize].num_moves = 0;
            let o = game.no_moves_outcome(state);
            self.prove_end(node, o);
            return Some(Backed::Outcome(o));
        }
        if self.nodes[node as usize].num_moves == UNKNOWN {
            let (start, step) = self.random_stride(count);
            let nd = &mut self.nodes[node as usize];
            nd.num_moves = count;
            nd.start = start;
            nd.step = step;
        }
        let nd = self.nodes[node as usize];
        let k =
            (u64::from(nd.start) + u64::from(nd.expanded) * u64::from(nd.step)) % u64::from(count);
        let mv = self.moves[k as usize];
        let child = self.nodes.len() as u32;
        let mut c = Node::new(mv, node, state.to_move());
        c.next_sibling = nd.first_child;
        self.nodes.push(c);
        let nd = &mut self.nodes[node as usize];
        nd.first_child = child;
        nd.expanded += 1;
        game.make(state, mv);
        walk.made += 1;
        walk.node = child;
        self.leaf_end(state, child)
    }

    /// A random order of `count` moves, as a start and a stride coprime with `count`: the
    /// `i`-th move is `(start + i * step) % count`.
    fn random_stride(&mut self, count: u32) -> (u32, u32) {
        let start = self.rng.gen_range(0..count);
        let mut step = 1;
        if count > 2 {
            loop {
                step = self.rng.gen_range(1..count);
                if gcd(step, count) == 1 {
                    break;
                }
            }
        }
        (start, step)
    }

    /// At a new leaf `node`, when solving: a move that ends the game is proven at once, so
    /// that a win in one is seen the first time it is tried.
    #[inline]
    fn leaf_end(&mut self, state: &State, node: u32) -> Option<Backed> {
        if self.solving {
            if let Some(o) = state.result_now() {
                self.prove_end(node, Some(o));
                return Some(Backed::Outcome(Some(o)));
            }
        }
        None
    }

    /// The child of `n` to walk to (by UCB1, or RAVE's blend), never one proven lost
    /// while another is open; `NONE` if there is none.
    #[inline]
    fn select_child(&self, n: &Node) -> u32 {
        let log_n = f64::from(n.visits.max(1)).ln();
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        let mut c = n.first_child;
        while c != NONE {
            let ch = &self.nodes[c as usize];
            // A move proven lost is never tried again while another is open (when all
            // are lost the node itself is proven and not walked through).
            if ch.proven != LOSS {
                let v = f64::from(ch.visits.max(1));
                let mean = if self.config.rave > 0 {
                    blend(
                        ch.visits,
                        ch.reward,
                        ch.amaf_visits,
                        f64::from(ch.amaf_reward),
                        self.config.rave,
                    )
                } else {
                    ch.reward / v
                };
                let score = mean + self.config.exploration * (log_n / v).sqrt();
                if score > best_score {
                    best_score = score;
                    best = c;
                }
            }
            c = ch.next_sibling;
        }
        best
    }

    /// Unmakes the `walk.made` moves of a playout that ended in `result` and credits each
    /// node from the walk's leaf up to the root (and, with RAVE, their siblings played
    /// later in the playout); `tree_moves` of the moves were made inside the tree.
    #[inline]
    fn back_up(
        &mut self,
        game: &Game,
        state: &mut State,
        walk: Walk,
        tree_moves: usize,
        result: Backed,
    ) {
        let np = game.num_players();
        let rave = self.config.rave > 0;
        if rave {
            self.trail.clear();
        }
        for _ in 0..walk.made {
            let last = if rave { game.last_move(state) } else { None };
            game.unmake(state);
            if let Some(mv) = last {
                self.trail.push(state.to_move(), &mv);
            }
        }
        let reward = |mover: Player| match result {
            Backed::Outcome(Some(o)) => o.score(mover, np),
            Backed::Outcome(None) => 0.5,
            Backed::Winner(w) => f64::from(u8::from(w == mover)),
        };
        let mut n = walk.node;
        while n != NONE {
            let nd = &mut self.nodes[n as usize];
            nd.visits += 1;
            nd.reward += reward(nd.mover);
            n = nd.parent;
        }
        if rave {
            self.trail.reverse();
            self.update_amaf(walk.node, tree_moves, reward);
        }
    }

    /// Whether every child `node` has so far is proven lost for the player to move there
    /// (then progressive widening adds one more, if there is one, instead of giving up).
    fn only_lost_children(&self, node: u32) -> bool {
        self.children_of(node)
            .all(|c| self.nodes[c as usize].proven == LOSS)
    }

    /// RAVE: creates every child of `node`, whose legal moves are in `self.moves` (in the
    /// random order of the one-by-one expansion).
    fn expand_all(&mut self, state: &State, node: u32) {
        let count = self.moves.len() as u32;
        self.nodes[node as usize].num_moves = count;
        let (start, step) = self.random_stride(count);
        let mover = state.to_move();
        for i in 0..count {
            let k = (u64::from(start) + u64::from(i) * u64::from(step)) % u64::from(count);
            let at = self.nodes.len() as u32;
            let mv = self.moves[k as usize];
            let mut c = Node::new(mv, node, mover);
            // A move that places nothing (a pass) ranks with the cell of least room (the
            // last entry).
            let cell = mv
                .cells()
                .first()
                .map_or(self.priors.1.len().wrapping_sub(1), |c| c.index());
            if let Some(&p) = self.priors.1.get(cell) {
                c.amaf_visits = PRIOR_PLAYOUTS;
                c.amaf_reward = p * PRIOR_PLAYOUTS as f32;
            }
            c.next_sibling = self.nodes[node as usize].first_child;
            self.nodes.push(c);
            self.nodes[node as usize].first_child = at;
        }
        let nd = &mut self.nodes[node as usize];
        nd.expanded = count;
        nd.start = start;
        nd.step = step;
    }

    /// RAVE: after a playout whose moves are in `self.trail` and whose tree part ended at
    /// `leaf`, `depth` moves below the root, credits each child of each node on the path
    /// whose player made its move at or after the node's position.
    fn update_amaf(&mut self, leaf: u32, depth: usize, reward: impl Fn(Player) -> f64) {
        let mut n = leaf;
        let mut ply = depth;
        while n != NONE {
            self.trail.reach(ply);
            let mut c = self.nodes[n as usize].first_child;
            while c != NONE {
                let ch = &mut self.nodes[c as usize];
                if self.trail.contains(ch.mover, &ch.mv) {
                    ch.amaf_visits += 1;
                    ch.amaf_reward += reward(ch.mover) as f32;
                }
                c = ch.next_sibling;
            }
            n = self.nodes[n as usize].parent;
            ply = ply.saturating_sub(1);
        }
    }

    /// Marks `node`, whose position is over with `outcome`, as proven (a win or a loss of
    /// a two-player game) and passes the proof up the tree.
    fn prove_end(&mut self, node: u32, outcome: Option<Outcome>) {
        if !self.solving || node == 0 {
            return;
        }
        let Some(winner) = outcome.and_then(|o| o.winner(2)) else {
            return;
        };
        let nd = &mut self.nodes[node as usize];
        nd.proven = if winner == nd.mover { WIN } else { LOSS };
        self.prove_up(node);
    }

    /// `child` was just proven: proves its parent when that follows (one move won for the
    /// player to move there, or every move lost), and so on up.
    fn prove_up(&mut self, mut child: u32) {
        loop {
            let c = self.nodes[child as usize];
            let parent = c.parent;
            if parent == NONE {
                return;
            }
            let p = self.nodes[parent as usize];
            if p.proven != OPEN {
                return;
            }
            // The player to move at the parent is the child's mover.
            let chooser = c.mover;
            let chooser_wins = if c.proven == WIN {
                true
            } else {
                let all_expanded = p.num_moves != UNKNOWN && p.expanded == p.num_moves && !p.pruned;
                if !all_expanded
                    || self
                        .children_of(parent)
                        .any(|k| self.nodes[k as usize].proven != LOSS)
                {
                    return;
                }
                false
            };
            let mover_wins = (p.mover == chooser) == chooser_wins;
            self.nodes[parent as usize].proven = if mover_wins { WIN } else { LOSS };
            child = parent;
        }
    }
}

/// The move to play among the root's children (move, visits, reward, proven): a proven win
/// if there is one, else the most visited (then best rewarded) of those not proven lost,
/// else the most visited.
fn choose<T: Copy>(children: &[(T, u32, f64, i8)]) -> Option<(T, u32, f64, i8)> {
    if let Some(&win) = children.iter().find(|c| c.3 == WIN) {
        return Some(win);
    }
    let most = |lost_too: bool| {
        children.iter().filter(|c| lost_too || c.3 != LOSS).fold(
            None::<(T, u32, f64, i8)>,
            |best, &c| match best {
                Some(b) if !(c.1 > b.1 || (c.1 == b.1 && c.2 > b.2)) => Some(b),
                _ => Some(c),
            },
        )
    };
    most(false).or_else(|| most(true))
}

/// Records in `info` the move [`choose`] picks among the root's `children` (move, visits,
/// reward, proof), with its visits and value; nothing if there are none.
fn set_best(info: &mut MctsInfo, children: &[(Move, u32, f64, i8)]) {
    if let Some((mv, visits, reward, proven)) = choose(children) {
        info.best = Some(mv);
        info.best_visits = visits;
        info.best_value = value_of(visits, reward, proven, mean_of(children));
        info.best_lost = proven == LOSS;
    }
}

/// [`choose`] over a node's children, by index.
fn choose_node(tree: &Mcts, children: impl Iterator<Item = u32>) -> Option<u32> {
    let listed: Vec<(u32, u32, f64, i8)> = children
        .map(|c| {
            let n = &tree.nodes[c as usize];
            (c, n.visits, n.reward, n.proven)
        })
        .collect();
    choose(&listed).map(|(c, ..)| c)
}

/// The playouts the mean of all the moves counts for in [`value_of`].
const VALUE_PRIOR_PLAYOUTS: f64 = 4.0;

/// The win chance of a move from its visits, reward and proof, its own mean drawn towards
/// `mean` (that of all the moves, [`mean_of`]) as if it had [`VALUE_PRIOR_PLAYOUTS`] more
/// playouts there: a move won in its three playouts is not a sure win, while over a
/// thousand the pull is gone.
fn value_of(visits: u32, reward: f64, proven: i8, mean: f64) -> f64 {
    match proven {
        WIN => 1.0,
        LOSS => 0.0,
        _ => (reward + VALUE_PRIOR_PLAYOUTS * mean) / (f64::from(visits) + VALUE_PRIOR_PLAYOUTS),
    }
}

/// The mean reward of the moves `children` (move, visits, reward, proof), over all their
/// playouts; one half before any.
fn mean_of<T>(children: &[(T, u32, f64, i8)]) -> f64 {
    let visits: u32 = children.iter().map(|c| c.1).sum();
    let reward: f64 = children.iter().map(|c| c.2).sum();
    if visits == 0 {
        0.5
    } else {
        reward / f64::from(visits)
    }
}

/// A win chance in [0, 1] as a progress report's score.
fn chance_score(chance: f64) -> Score {
    Score::Chance((chance.clamp(0.0, 1.0) * 1000.0).round() as u16)
}

impl Bot for Mcts {
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
        self.search_limited(game, state, limits, report).best
    }

    fn evaluation(&self) -> Option<super::Evaluation> {
        let info = self.last_info();
        info.best?;
        Some(super::Evaluation::WinChance(info.best_value))
    }

    fn resigns(&self) -> bool {
        let info = self.last_info();
        info.best.is_some()
            && (info.best_lost
                || (info.best_value < super::RESIGN_BELOW
                    && info.best_visits >= super::RESIGN_VISITS))
    }

    fn name(&self) -> String {
        let mut name = format!("mcts {} simulations", self.config.simulations);
        if let Some(t) = self.config.time_limit {
            name.push_str(&format!(", at most {:.1} s", t.as_secs_f64()));
        }
        if let Some(w) = self.config.max_work {
            name.push_str(&format!(", work at most {w}"));
        }
        if self.config.threads > 1 {
            name.push_str(&format!(", {} threads", self.config.threads));
        }
        if self.config.rave > 0 {
            name.push_str(", rave");
        }
        name
    }
}

#[cfg(test)]
mod rave_tests {
    use super::super::amaf::key;
    use super::*;
    use crate::load_shipped;

    /// The depth of `node` below the root.
    fn depth(nodes: &[Node], mut node: u32) -> usize {
        let mut d = 0;
        while nodes[node as usize].parent != NONE {
            node = nodes[node as usize].parent;
            d += 1;
        }
        d
    }

    #[test]
    fn each_playout_credits_the_moves_its_players_made_below_each_node() {
        for name in ["tictactoe", "connect4"] {
            let game = load_shipped(name, &[]).expect("shipped game");
            let mut state = game.start();
            let mut bot = Mcts::new(MctsConfig {
                rave: 100,
                seed: 11,
                ..MctsConfig::default()
            });
            bot.solving = false;
            bot.nodes
                .push(Node::new(Move::new(RuleId::new(0)), NONE, Player(1)));
            let mut credited = 0;
            for _ in 0..300 {
                let before = bot.nodes.clone();
                bot.simulate(&game, &mut state);
                let after = &bot.nodes;
                let trail = bot.trail.keys();
                // The root's own reward tells who won: it is the second player's.
                let second = after[0].reward - before[0].reward;
                for (i, new) in after.iter().enumerate() {
                    let (old_visits_amaf, old_reward_amaf) = before
                        .get(i)
                        .map_or((0, 0.0), |o| (o.amaf_visits, o.amaf_reward));
                    let parent = new.parent;
                    let on_path = parent != NONE
                        && after[parent as usize].visits > old_visits(&before, parent);
                    let d = if parent == NONE {
                        0
                    } else {
                        depth(after, parent)
                    };
                    let made = trail[d.min(trail.len())..].contains(&key(new.mover, &new.mv));
                    let expect = u32::from(on_path && made);
                    assert_eq!(new.amaf_visits - old_visits_amaf, expect, "{name} node {i}");
                    if expect == 1 {
                        credited += 1;
                        let r = f64::from(new.amaf_reward - old_reward_amaf);
                        let want = if new.mover == Player(1) {
                            second
                        } else {
                            1.0 - second
                        };
                        assert!((r - want).abs() < 1e-6, "{name}: reward {r}, want {want}");
                    }
                }
                assert_eq!(
                    state.hash(),
                    game.start().hash(),
                    "the position is as given"
                );
            }
            assert!(credited > 300, "{name}: {credited}");
            // A child's own playouts are AMAF playouts too.
            for c in bot.children_of(0) {
                let n = &bot.nodes[c as usize];
                assert!(n.amaf_visits >= n.visits && n.amaf_visits <= bot.nodes[0].visits);
            }
        }
    }

    #[test]
    fn cell_priors_follow_the_room_around_each_cell() {
        let go = load_shipped("go", &[]).expect("shipped game");
        let p = cell_priors(&go);
        assert_eq!(p.len(), 81 + 1);
        let mut counts: Vec<(u32, usize)> = Vec::new();
        for &v in &p[..81] {
            let eighths = (v * 16.0).round() as u32;
            match counts.iter_mut().find(|c| c.0 == eighths) {
                Some(c) => c.1 += 1,
                None => counts.push((eighths, 1)),
            }
        }
        counts.sort_unstable();
        // Eight directions: corners see 3 neighbours, the rest of the edge 5, the inside 8.
        assert_eq!(counts, vec![(3, 4), (5, 28), (8, 49)]);
        assert_eq!(p[81], 0.5 * 3.0 / 8.0, "a pass ranks with a corner");
        // A search gives every new child its cell's prior.
        let mut bot = Mcts::new(MctsConfig {
            rave: 1000,
            simulations: 2,
            seed: 1,
            ..MctsConfig::default()
        });
        bot.search(&go, &mut go.start());
        let kids: Vec<u32> = bot.children_of(0).collect();
        assert_eq!(kids.len(), 82);
        for c in kids {
            assert!(bot.nodes[c as usize].amaf_visits >= PRIOR_PLAYOUTS);
        }
    }

    /// Black has a group with three eyes and nothing else to play but a pass; White's
    /// larger area wins whatever Black does. The tree leaves the eyes out, so Black passes
    /// rather than fill its own eyes (as it did when every move lost), and a loss proven
    /// among the moves kept is not claimed for the position; with the RAVE expansion and
    /// the one-by-one one.
    #[test]
    fn the_tree_passes_rather_than_fill_its_own_eyes() {
        let game = load_shipped("go", &[("size".into(), "5".into())]).expect("Go compiles");
        let mut s = game
            .parse_position("1X1X1/XXXXX/OOOOO/O1O1O/OOOOO Black")
            .expect("position");
        assert_eq!(game.legal_moves_vec(&s).len(), 4, "three eyes and a pass");
        for rave in [0, super::super::RAVE_K] {
            let mut bot = Mcts::new(MctsConfig {
                simulations: 300,
                rave,
                seed: 5,
                ..MctsConfig::default()
            });
            let mv = bot.select_move(&game, &mut s).expect("a move");
            assert!(
                game.is_chosen_pass(&mv),
                "rave {rave}: {}",
                game.move_to_string(&s, mv)
            );
            let children: Vec<_> = bot.root_children().collect();
            assert_eq!(children.len(), 1, "rave {rave}: only the pass is searched");
            assert_eq!(bot.nodes[0].proven, OPEN, "rave {rave}");
        }
    }

    /// Visits of `node` in `nodes`, 0 for a node not there yet.
    fn old_visits(nodes: &[Node], node: u32) -> u32 {
        nodes.get(node as usize).map_or(0, |n| n.visits)
    }
}
