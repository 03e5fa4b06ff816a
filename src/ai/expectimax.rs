//! Expectimax for games with dice: negamax over the players' choices, probability-weighted
//! averages over the rolls, with Star1 and Star2 pruning, iterative deepening and a
//! transposition table; game-independent.
//!
//! * A roll is a chance node, not a ply: depth counts the players' choices only. A search
//!   of depth 1 tries each move and evaluates the position before the next roll; depth 2
//!   adds every roll of the player who moves next and that player's best reply; and so on.
//! * Values are from the point of view of the player to move, in [-1, 1]: a won game is 1,
//!   a lost one -1, and the evaluation ([`super::chance_eval`]) lies strictly between. Those
//!   bounds let Star1 cut a chance node as soon as the rolls searched so far decide it
//!   (Ballard 1983), and Star2 first probes one move after every roll, whose values bound
//!   the chance node from below, before searching any roll in full.
//! * Move ordering: the table's move, then the moves by the evaluation of the position each
//!   one leads to.
//! * Extra turns (`again if …`) need nothing special: a move whose player moves again is
//!   followed by that player's own roll, searched without a change of sign.
//!
//! Limits ([`Bot::select_move_limited`]): a time replaces the configured one, a depth the
//! configured depth, a node budget and a stop flag end the search early (the best move of
//! the last completed iteration is kept, or a better one the partial iteration proved);
//! a report follows each completed iteration, its score the expected result in hundredths
//! (`Score::Value(35)`: +0.35 on the scale from -1, a loss, to 1, a win).
//!
//! A search limited by depth only is reproducible from the seed (which breaks ties between
//! equal moves); a time limit makes the reached depth depend on the machine. The search
//! allocates nothing per node: move lists and ordering buffers are kept per ply.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::chance_eval::{outcome_value, ChanceEval};
use super::table::{Table, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, NO_MOVE};
use super::{Bot, Limits, Progress, Score};
use crate::engine::{Game, Move, MoveList, State};

/// The deepest iteration, in choices.
pub const MAX_CHANCE_DEPTH: u32 = 32;
/// The value bounds Star1/Star2 rely on.
const LO: f64 = -1.0;
const HI: f64 = 1.0;
/// Most plies from the root, rolls included.
const MAX_PLY: usize = 2 * MAX_CHANCE_DEPTH as usize + 8;

/// Settings of an [`Expectimax`] player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpectimaxConfig {
    /// Deepest iteration, in choices (rolls do not count); at least 1.
    pub max_depth: u32,
    /// Stop after about this long; `None` searches to `max_depth` however long it takes.
    pub time_limit: Option<Duration>,
    /// Transposition-table size in megabytes (at least 1024 entries).
    pub tt_size_mb: usize,
    /// Seed of the tie-break between equal moves, and of the rolls it makes when asked to
    /// move at a chance node.
    pub seed: u64,
    /// Stop after about this many nodes; `None` searches to `max_depth`. Unlike a clock, a
    /// node budget gives the same search on a busy machine as on an idle one.
    pub max_nodes: Option<u64>,
}

impl Default for ExpectimaxConfig {
    fn default() -> ExpectimaxConfig {
        ExpectimaxConfig {
            max_depth: 3,
            time_limit: None,
            tt_size_mb: 8,
            seed: 0,
            max_nodes: None,
        }
    }
}

/// What the last search found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExpectimaxInfo {
    /// Depth (in choices) of the last completed iteration.
    pub depth: u32,
    /// Value of the chosen move for the player to move, in [-1, 1].
    pub value: f64,
    /// Nodes visited (choice and chance nodes).
    pub nodes: u64,
    /// The chosen move (a sampled roll at a chance node).
    pub best: Option<Move>,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

/// What every node of one search reads: the game and its evaluation.
#[derive(Clone, Copy)]
struct Cx<'a> {
    game: &'a Game,
    eval: &'a ChanceEval,
}

/// An alpha-beta window: a value at or below `alpha` or at or above `beta` is only a bound.
#[derive(Clone, Copy)]
struct Window {
    alpha: f64,
    beta: f64,
}

/// Expectimax player; see the module documentation.
pub struct Expectimax {
    config: ExpectimaxConfig,
    rng: SmallRng,
    tt: Table<f32>,
    eval: Option<(String, ChanceEval)>,
    lists: Vec<MoveList>,
    orders: Vec<Vec<(f64, u16)>>,
    /// Reordering buffer of [`Expectimax::ordered_moves`].
    scratch: MoveList,
    /// Move generation inside the evaluation.
    evalbuf: MoveList,
    root_moves: MoveList,
    nodes: u64,
    deadline: Option<Instant>,
    /// Set by another thread to stop the search ([`Limits::stop`]).
    stop: Option<Arc<AtomicBool>>,
    /// Stop after this many nodes ([`Limits::nodes`]).
    node_limit: Option<u64>,
    aborted: bool,
    info: ExpectimaxInfo,
}

impl Expectimax {
    /// A player with these settings.
    pub fn new(config: ExpectimaxConfig) -> Expectimax {
        let mut config = config;
        config.max_depth = config.max_depth.clamp(1, MAX_CHANCE_DEPTH);
        Expectimax {
            config,
            rng: SmallRng::seed_from_u64(config.seed),
            tt: Table::new(config.tt_size_mb, true),
            eval: None,
            lists: (0..MAX_PLY).map(|_| MoveList::with_capacity(32)).collect(),
            orders: (0..MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            scratch: MoveList::with_capacity(32),
            evalbuf: MoveList::with_capacity(32),
            root_moves: MoveList::new(),
            nodes: 0,
            deadline: None,
            stop: None,
            node_limit: None,
            aborted: false,
            info: ExpectimaxInfo::default(),
        }
    }

    /// The settings.
    pub fn config(&self) -> &ExpectimaxConfig {
        &self.config
    }

    /// What the last search found.
    pub fn last_info(&self) -> &ExpectimaxInfo {
        &self.info
    }

    /// The evaluation tables for `game`, built on first use (and again for another game).
    fn prepare_eval(&mut self, game: &Game) -> ChanceEval {
        match &self.eval {
            Some((name, e)) if name == game.name() => e.clone(),
            _ => {
                let e = ChanceEval::of(game);
                self.eval = Some((game.name().to_string(), e.clone()));
                e
            }
        }
    }

    /// Searches `state` and returns what was found: at a chance node, a roll drawn with the
    /// dice's odds; `best` is `None` if the game is over. The state is left as given.
    pub fn search(&mut self, game: &Game, state: &mut State) -> ExpectimaxInfo {
        self.search_reporting(game, state, &mut |_| {})
    }

    /// [`Expectimax::search`], calling `report` after each completed iteration.
    pub fn search_reporting(
        &mut self,
        game: &Game,
        state: &mut State,
        report: &mut dyn FnMut(&Progress),
    ) -> ExpectimaxInfo {
        let start = Instant::now();
        let mut info = ExpectimaxInfo::default();
        if state.result_now().is_some() {
            self.info = info.clone();
            return info;
        }
        if game.is_chance(state) {
            info.best = game.sample_roll(self.rng.gen());
            self.info = info.clone();
            return info;
        }
        let eval = self.prepare_eval(game);
        let cx = Cx { game, eval: &eval };
        self.tt.new_search();
        self.nodes = 0;
        self.aborted = false;
        self.deadline = self.config.time_limit.map(|t| start + t);
        let mut root = std::mem::take(&mut self.root_moves);
        game.legal_moves(state, &mut root);
        if root.is_empty() {
            self.root_moves = root;
            self.info = info.clone();
            return info;
        }
        root.shuffle(&mut self.rng);
        info.best = Some(root[0]);
        if root.len() == 1 {
            self.root_moves = root;
            info.elapsed = start.elapsed();
            self.info = info.clone();
            return info;
        }
        // Order by the evaluation one move ahead; the sort is stable, so the shuffle above
        // breaks ties.
        let me = state.to_move();
        let mut keyed: Vec<(f64, Move)> = Vec::with_capacity(root.len());
        for &mv in &root {
            game.make(state, mv);
            let v = eval.evaluate(game, state, &mut self.evalbuf);
            let v = self.side_value(me, state, v);
            game.unmake(state);
            keyed.push((v, mv));
        }
        keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
        root.clear();
        root.extend(keyed.iter().map(|k| k.1));
        info.best = Some(root[0]);
        info.value = keyed[0].0;

        for depth in 1..=self.config.max_depth {
            // A stop asked for before the search (or between iterations) is seen at once.
            self.check_limits();
            if self.aborted {
                break;
            }
            let mut alpha = LO - 1.0;
            let mut best: Option<(usize, f64)> = None;
            for (i, &mv) in root.iter().enumerate() {
                game.make(state, mv);
                let v = self.after_move(&cx, state, me, depth - 1, 1, Window { alpha, beta: HI });
                game.unmake(state);
                if self.aborted {
                    break;
                }
                if best.is_none_or(|b| v > b.1) {
                    best = Some((i, v));
                    alpha = alpha.max(v);
                }
            }
            let Some((b, v)) = best else { break };
            // A partial iteration searched the previous best first, so any other choice
            // has proved better.
            info.best = Some(root[b]);
            info.value = v;
            root[..=b].rotate_right(1);
            if self.aborted {
                break;
            }
            info.depth = depth;
            report(&Progress {
                depth,
                score: Score::Value((v * 100.0).round() as i32),
                nodes: self.nodes,
                elapsed: start.elapsed(),
                pv: vec![root[0]],
            });
            if v >= HI || v <= LO {
                break;
            }
            if let Some(limit) = self.config.time_limit {
                if start.elapsed() * 2 > limit {
                    break;
                }
            }
        }
        self.root_moves = root;
        info.nodes = self.nodes;
        info.elapsed = start.elapsed();
        self.info = info.clone();
        info
    }

    /// `v`, a value for the player to move in `s`, as seen by `me`.
    #[inline]
    fn side_value(&self, me: crate::engine::Player, s: &State, v: f64) -> f64 {
        if s.to_move() == me {
            v
        } else {
            -v
        }
    }

    /// The value for `me` (who just moved) of the position after a move, searched with
    /// `depth` more choices and the window `w` seen by `me`.
    #[inline]
    fn after_move(
        &mut self,
        cx: &Cx,
        s: &mut State,
        me: crate::engine::Player,
        depth: u32,
        ply: usize,
        w: Window,
    ) -> f64 {
        if s.to_move() == me {
            self.node(cx, s, depth, ply, w.alpha, w.beta)
        } else {
            -self.node(cx, s, depth, ply, -w.beta, -w.alpha)
        }
    }

    /// Any node: a finished game, a chance node or a choice node.
    fn node(
        &mut self,
        cx: &Cx,
        s: &mut State,
        depth: u32,
        ply: usize,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        let game = cx.game;
        if let Some(o) = s.result_now() {
            return outcome_value(o, s.to_move(), game.num_players());
        }
        if game.is_chance(s) {
            self.chance(cx, s, depth, ply, alpha, beta)
        } else {
            self.choice(cx, s, depth, ply, alpha, beta)
        }
    }

    /// The value the table settles for `key` searched `depth` more choices deep with the
    /// window `alpha..beta`, if it settles one.
    #[inline]
    fn table_value(&self, key: u64, depth: u32, alpha: f64, beta: f64) -> Option<f64> {
        let e = self.tt.probe(key)?;
        if u32::from(e.depth) < depth {
            return None;
        }
        let v = f64::from(e.value);
        match e.bound() {
            BOUND_EXACT => Some(v),
            BOUND_LOWER if v >= beta => Some(v),
            BOUND_UPPER if v <= alpha => Some(v),
            _ => None,
        }
    }

    /// The value of a choice node without a legal move: the game's result if that ends
    /// it, else the evaluation.
    fn no_moves_value(&mut self, cx: &Cx, s: &mut State) -> f64 {
        let Cx { game, eval } = *cx;
        match game.no_moves_outcome(s) {
            Some(o) => outcome_value(o, s.to_move(), game.num_players()),
            None => eval.evaluate(game, s, &mut self.evalbuf),
        }
    }

    #[inline]
    /// Stores a node's value in the table (as `f32`; depths below the table's "solved").
    fn remember(&mut self, key: u64, value: f64, mv: u16, depth: u32, bound: u8) {
        let depth = depth.min(u32::from(u8::MAX) - 1) as u8;
        self.tt.store(key, value as f32, mv, depth, bound);
    }

    fn tick(&mut self) {
        self.nodes += 1;
        // The node budget is a compare; the clock and the flag are read every 256 nodes.
        let limit = self.node_limit.or(self.config.max_nodes);
        if limit.is_some_and(|n| self.nodes >= n) || self.nodes & 255 == 0 {
            self.check_limits();
        }
    }

    /// Sets `aborted` when the time, the node budget or the stop flag says so.
    fn check_limits(&mut self) {
        if self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .node_limit
                .or(self.config.max_nodes)
                .is_some_and(|n| self.nodes >= n)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            self.aborted = true;
        }
    }

    /// A chance node (the player to move rolls next): the probability-weighted mean over
    /// the rolls, with Star2 probing and Star1 cut-offs.
    fn chance(
        &mut self,
        cx: &Cx,
        s: &mut State,
        depth: u32,
        ply: usize,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        let Cx { game, eval } = *cx;
        self.tick();
        if self.aborted {
            return 0.0;
        }
        if depth == 0 || ply + 2 >= MAX_PLY {
            return eval.evaluate(game, s, &mut self.evalbuf);
        }
        let Some(dice) = &game.dice() else {
            return eval.evaluate(game, s, &mut self.evalbuf);
        };
        let key = s.hash();
        if let Some(v) = self.table_value(key, depth, alpha, beta) {
            return v;
        }
        let outcomes = &dice.outcomes;
        let n = outcomes.len();
        // Lower bounds of each roll's value, from Star2 probes (the first move only).
        let mut lower = [LO; 64];
        let probe = n <= lower.len() && depth >= 2;
        if probe {
            let mut known = 0.0; // Σ p·lower over the rolls probed so far.
            let mut rest = 1.0; // probability of the rolls not probed yet.
            for (i, &(r, p)) in outcomes.iter().enumerate() {
                rest -= p;
                // The probe cuts the node if its value, with LO for the others, reaches beta.
                let b = (beta - known - rest * LO) / p;
                game.make(s, Move::roll(r));
                let w = self.choice_probe(cx, s, depth, ply + 1, LO, b.min(HI));
                game.unmake(s);
                if self.aborted {
                    return 0.0;
                }
                lower[i] = w.max(LO);
                known += p * lower[i];
                if w >= b {
                    let bound = known + rest * LO;
                    self.remember(key, bound, NO_MOVE, depth, BOUND_LOWER);
                    return bound;
                }
            }
        }
        // Star1 over the full searches.
        let mut sum = 0.0; // Σ p·v over the rolls searched.
        let mut rest_lo: f64 = (0..n).map(|i| outcomes[i].1 * lower[i.min(63)]).sum();
        let mut rest_p = 1.0;
        for (i, &(r, p)) in outcomes.iter().enumerate() {
            let li = if i < lower.len() { lower[i] } else { LO };
            rest_lo -= p * li;
            rest_p -= p;
            let rest_hi = rest_p.max(0.0) * HI;
            let a = (alpha - sum - rest_hi) / p;
            let b = (beta - sum - rest_lo) / p;
            game.make(s, Move::roll(r));
            let v = self.choice(cx, s, depth, ply + 1, a.max(li), b.min(HI));
            game.unmake(s);
            if self.aborted {
                return 0.0;
            }
            // The probe proved the roll worth at least `li`.
            let v = v.max(li);
            if v <= a {
                let bound = sum + p * v + rest_hi;
                self.remember(key, bound, NO_MOVE, depth, BOUND_UPPER);
                return bound;
            }
            if v >= b {
                let bound = sum + p * v + rest_lo;
                self.remember(key, bound, NO_MOVE, depth, BOUND_LOWER);
                return bound;
            }
            sum += p * v;
        }
        self.remember(key, sum, NO_MOVE, depth, BOUND_EXACT);
        sum
    }

    /// The moves of `s`, best first: the table's move, then by the evaluation of the
    /// position each leads to (when `depth` > 1; otherwise as generated). Leaves in
    /// `orders[ply]` each move's index in the generated order, for the table.
    fn ordered_moves(&mut self, cx: &Cx, s: &mut State, depth: u32, ply: usize) -> MoveList {
        let Cx { game, eval } = *cx;
        let mut moves = std::mem::take(&mut self.lists[ply]);
        game.legal_moves(s, &mut moves);
        let mut order = std::mem::take(&mut self.orders[ply]);
        order.clear();
        if moves.len() < 2 {
            order.extend((0..moves.len()).map(|i| (0.0, i as u16)));
            self.orders[ply] = order;
            return moves;
        }
        let tt_move = self.tt.probe(s.hash()).map_or(NO_MOVE, |e| e.mv);
        let me = s.to_move();
        for (i, &mv) in moves.iter().enumerate() {
            let key = if i as u16 == tt_move {
                f64::INFINITY
            } else if depth > 1 {
                game.make(s, mv);
                let v = eval.evaluate(game, s, &mut self.evalbuf);
                let v = self.side_value(me, s, v);
                game.unmake(s);
                v
            } else {
                0.0
            };
            order.push((key, i as u16));
        }
        if depth > 1 || tt_move != NO_MOVE {
            // Stable: equal keys keep the generated order.
            order.sort_by(|a, b| b.0.total_cmp(&a.0));
            let scratch = &mut self.scratch;
            scratch.clear();
            scratch.extend(order.iter().map(|&(_, i)| moves[i as usize]));
            moves.clear();
            moves.extend_from_slice(scratch);
        }
        self.orders[ply] = order;
        moves
    }

    /// Star2's probe of a choice node: the value of its first move only, a lower bound of
    /// the node's value (searched with the window `alpha..beta`).
    fn choice_probe(
        &mut self,
        cx: &Cx,
        s: &mut State,
        depth: u32,
        ply: usize,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        let game = cx.game;
        let moves = self.ordered_moves(cx, s, depth, ply);
        let Some(&mv) = moves.first() else {
            self.lists[ply] = moves;
            return self.no_moves_value(cx, s);
        };
        self.lists[ply] = moves;
        let me = s.to_move();
        game.make(s, mv);
        let v = self.after_move(cx, s, me, depth - 1, ply + 1, Window { alpha, beta });
        game.unmake(s);
        v
    }

    /// A choice node (a roll is pending): the best move's value, fail-soft alpha-beta.
    fn choice(
        &mut self,
        cx: &Cx,
        s: &mut State,
        depth: u32,
        ply: usize,
        mut alpha: f64,
        beta: f64,
    ) -> f64 {
        let Cx { game, eval } = *cx;
        self.tick();
        if self.aborted {
            return 0.0;
        }
        if let Some(o) = s.result_now() {
            return outcome_value(o, s.to_move(), game.num_players());
        }
        if depth == 0 || ply + 2 >= MAX_PLY {
            return eval.evaluate(game, s, &mut self.evalbuf);
        }
        let key = s.hash();
        if let Some(v) = self.table_value(key, depth, alpha, beta) {
            return v;
        }
        let moves = self.ordered_moves(cx, s, depth, ply);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return self.no_moves_value(cx, s);
        }
        let me = s.to_move();
        let alpha0 = alpha;
        let mut best = LO - 1.0;
        let mut best_mv = NO_MOVE;
        for (i, &mv) in moves.iter().enumerate() {
            game.make(s, mv);
            let v = self.after_move(cx, s, me, depth - 1, ply + 1, Window { alpha, beta });
            game.unmake(s);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_mv = i as u16;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        // The table keeps the index in the generated order.
        let stored_mv = if best_mv == NO_MOVE {
            NO_MOVE
        } else {
            self.orders[ply]
                .get(best_mv as usize)
                .map_or(NO_MOVE, |o| o.1)
        };
        self.lists[ply] = moves;
        if self.aborted {
            return 0.0;
        }
        let bound = if best >= beta {
            BOUND_LOWER
        } else if best > alpha0 {
            BOUND_EXACT
        } else {
            BOUND_UPPER
        };
        self.remember(key, best, stored_mv, depth, bound);
        best
    }
}

impl Bot for Expectimax {
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
            limits.for_depth_search(saved.time_limit, saved.max_depth, MAX_CHANCE_DEPTH);
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
        Some(super::Evaluation::WinChance((info.value + 1.0) / 2.0))
    }

    fn name(&self) -> String {
        if let Some(n) = self.config.max_nodes {
            return format!(
                "expectimax depth {}, at most {n} nodes",
                self.config.max_depth
            );
        }
        match self.config.time_limit {
            Some(t) => format!(
                "expectimax depth {} ({:.1}s)",
                self.config.max_depth,
                t.as_secs_f64()
            ),
            None => format!("expectimax depth {}", self.config.max_depth),
        }
    }
}
