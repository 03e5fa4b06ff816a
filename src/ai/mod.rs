//! Game-independent players. They see only the engine interface, never a game's name.
//!
//! * [`RandomBot`]: a uniformly random legal move.
//! * [`AlphaBeta`]: negamax alpha-beta with iterative deepening, a transposition table and
//!   selective search (late-move reductions, null-move and futility pruning where safe),
//!   evaluating material from the rule file; for games where material means something.
//! * [`Mcts`]: UCT with random playouts; for placement and connection games (and it rolls
//!   the dice with their odds in games with chance).
//! * [`Expectimax`]: expectimax with Star1/Star2 pruning, for games with dice.
//! * [`Greedy`]: one move ahead, judged by the rule file's `prefer` statements; a baseline
//!   to measure the players of games with dice against (`match … --b greedy`).
//! * [`Noisy`]: any player with a share of random moves (the weaker levels of games with
//!   dice).
//! * [`bot_for_level`]: one strength number, 1 (random) to 9 (strongest), picking one of these;
//!   [`AiSettings`]: a level, or an expert's time, depth or playout budget (`ai:time=2s`).
//!
//! Every player asked to move at a chance node (a game with dice, no roll pending) returns a
//! roll drawn with the dice's odds from its own seeded generator.

mod alphabeta;
mod amaf;
#[cfg(test)]
mod budget_tests;
mod chance_eval;
mod closing_pass;
mod expectimax;
mod features;
mod greedy;
mod mcts;
mod noisy;
mod overriding;
mod ownership;
mod playout;
mod random;
mod settings;
mod table;
#[cfg(test)]
mod tests;

pub use alphabeta::{AlphaBeta, AlphaBetaConfig, SearchInfo, SearchRepetition, MATE, MAX_DEPTH};
pub use closing_pass::{closes_by_passing, closing_pass, PassesToClose};
pub use expectimax::{Expectimax, ExpectimaxConfig, ExpectimaxInfo, MAX_CHANCE_DEPTH};
pub use greedy::{Greedy, GreedyConfig};
pub use mcts::{Mcts, MctsConfig, MctsInfo};
pub use noisy::Noisy;
pub use ownership::{dead_cells, without_pieces, DEAD_ESTIMATE_SEED, OWNERSHIP_PLAYOUTS};
pub use playout::PlayoutPolicy;
pub use random::{random_playout, RandomBot};
pub use settings::{
    AiSettings, SearchLimits, DEFAULT_LEVEL, MAX_LEVEL, MAX_PLAYOUTS, MAX_TIME, MIN_LEVEL,
};

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::engine::{Game, Move, State};

/// Limits a front-end puts on one search (an engine protocol's `go movetime 50`, `go depth
/// 6`, `stop`), on top of the player's own settings: a time replaces the player's time
/// limit, a depth replaces its depth; a player that cannot honour a limit ignores it.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after about this long.
    pub time: Option<Duration>,
    /// Search at most this deep (plies).
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think until stopped: no time limit, and no depth limit unless `depth` is given.
    pub infinite: bool,
    /// Set by another thread to stop the search now; the best move found so far is kept.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// Whether the stop flag is set.
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Whether a front-end set a budget (a time, a depth, a node count or `infinite`),
    /// which replaces the player's whole budget: its time, depth, node or work cap.
    pub fn has_budget(&self) -> bool {
        self.time.is_some() || self.depth.is_some() || self.nodes.is_some() || self.infinite
    }

    /// The time limit and depth a depth-first search (alpha-beta, expectimax) runs with
    /// under these limits, from its own `time` and `depth` and the deepest it can go. A
    /// front-end's budget (a time, a depth, a node count, `infinite`) replaces the player's
    /// whole budget, not only its own part: `go depth 13` is not cut by the player's clock,
    /// and `go movetime` is not capped by its depth. Without one, the player's own.
    pub fn for_depth_search(
        &self,
        time: Option<Duration>,
        depth: u32,
        deepest: u32,
    ) -> (Option<Duration>, u32) {
        if !self.has_budget() {
            return (time, depth);
        }
        let time = if self.infinite { None } else { self.time };
        (time, self.depth.map_or(deepest, |d| d.clamp(1, deepest)))
    }
}

/// A search's score for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A heuristic value in hundredths of the smallest piece value (centipawns in chess);
    /// expectimax's expected result in hundredths (from -100, a loss, to 100, a win).
    Value(i32),
    /// The game ends in this many plies with best play: positive when the side to move
    /// wins, negative when it loses.
    Mate(i32),
    /// The chance of winning for the side to move, in thousandths (MCTS's mean result of
    /// the best move: 1000 when it is proven won, 0 when every move is proven lost).
    Chance(u16),
}

/// What a search has found so far, reported after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The depth completed.
    pub depth: u32,
    /// The score of the best move.
    pub score: Score,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
    /// The principal variation, from the best move on.
    pub pv: Vec<Move>,
}

/// A player that picks a move for the side to move.
pub trait Bot {
    /// The chosen move, or `None` if the game is over (no legal move). The state is left as
    /// it was given (search makes and unmakes moves on it).
    fn select_move(&mut self, game: &Game, state: &mut State) -> Option<Move>;

    /// [`Bot::select_move`] within `limits`, calling `report` as the search progresses.
    /// Players that search by iterations override it; the others ignore the limits and
    /// report nothing.
    fn select_move_limited(
        &mut self,
        game: &Game,
        state: &mut State,
        limits: &Limits,
        report: &mut dyn FnMut(&Progress),
    ) -> Option<Move> {
        let _ = (limits, report);
        self.select_move(game, state)
    }

    /// A short description for logs (`random`, `alpha-beta depth 6`).
    fn name(&self) -> String;

    /// What the last search thought of the position it was given, for the player to move;
    /// `None` for players that do not search (random, greedy) or before any search.
    fn evaluation(&self) -> Option<Evaluation> {
        None
    }

    /// Whether the last search judged the game lost beyond doubt, so that a player who may
    /// resign (GTP's `genmove`) would: a loss proven (alpha-beta's forced mate against it,
    /// MCTS's solver), or, for MCTS, a chance of winning under [`RESIGN_BELOW`] for its best
    /// move over at least [`RESIGN_VISITS`] playouts of it. False for players that do not
    /// search.
    fn resigns(&self) -> bool {
        matches!(self.evaluation(), Some(Evaluation::Mate(n)) if n < 0)
    }
}

/// The chance of winning under which a searching player resigns ([`Bot::resigns`]). Go
/// programs resign at 10 % (Leela Zero) to 20 % (Pachi); the lower figure, since light
/// playouts misjudge more.
pub const RESIGN_BELOW: f64 = 0.1;

/// The fewest playouts of its best move after which MCTS trusts a low chance enough to
/// resign ([`Bot::resigns`]): level 1's 30 playouts say little.
pub const RESIGN_VISITS: u32 = 1000;

/// A searching player's judgement of a position, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Evaluation {
    /// Alpha-beta's score in the rule file's piece values (positive: better for the player
    /// to move); `solved` when the game tree was searched to its end.
    Score {
        /// The score.
        score: i32,
        /// Whether the score is exact.
        solved: bool,
    },
    /// Moves to a forced win (positive) or loss (negative), from alpha-beta's mate scores.
    Mate(i32),
    /// The chance of winning in [0, 1] for the player to move: MCTS's mean reward, or
    /// expectimax's expected result mapped from [-1, 1].
    WinChance(f64),
}

/// Whether material means something in `game`, deciding which search the levels use.
///
/// True when some rule can capture (a move lands on, jumps and removes, replaces or converts
/// an enemy piece, or an ending counts captured pieces), or when piece kinds have different
/// values in the rule file. False for placement and connection games such as tic-tac-toe,
/// Connect Four and Hex, where every piece is worth the same and none is ever taken.
pub fn has_material(game: &Game) -> bool {
    features::Features::of(game).material
}

/// RAVE's equivalence parameter where the levels turn it on ([`rave_helps`]).
pub const RAVE_K: u32 = 1000;

/// UCT's exploration constant where the levels turn RAVE on: none. The AMAF means already
/// spread the playouts over the moves (a child never visited counts by its AMAF mean, or as
/// a sure win without one), and the extra term spent them on moves both means call bad,
/// as Gelly and Silver found for MC-RAVE in Go. Measured with equal playouts (1500, one
/// tree, RAVE on both sides) against the plain term's 0.7: 70.8 % of 400 games on 7 × 7
/// Hex and 66.7 % of 60 on 9 × 9 Go (0.2: 51.2 % and 57.5 %; 0.05: 57.5 % and 63.3 %).
pub const RAVE_EXPLORATION: f64 = 0.0;

/// The fewest legal moves at the start for [`rave_helps`].
const RAVE_MIN_MOVES: usize = 20;

/// Whether the levels' MCTS uses RAVE in `game`: a placement game (every rule begins by
/// placing a piece on the board, or passes or swaps sides) with at least 20 moves at the
/// start. There a move's worth depends little on when it is played, which is what RAVE's
/// all-moves-as-first statistics assume, and with many moves one playout informs many of
/// them. Measured with equal playouts (`cargo bench --bench ai -- rave`, RAVE with its
/// cell prior and, then, UCT's exploration term against plain MCTS): 95%, 85% and 70% of
/// 60 games on 7 × 7 Hex at 300, 1000 and 3000 playouts; 95% and 100% of 20 on 9 × 9 Go at
/// 300 and 1000. On Connect Four (7 moves, so not chosen here) RAVE without the prior
/// scored 48-57%: neither gain nor loss.
pub fn rave_helps(game: &Game) -> bool {
    use crate::engine::Part;
    let placing = game.rules().iter().all(|r| {
        matches!(
            r.parts.first(),
            Some(Part::Place(_) | Part::Pass(_) | Part::SwapSides(_))
        )
    });
    placing && game.legal_moves_vec(&game.start()).len() >= RAVE_MIN_MOVES
}

/// (playouts, work cap) of the MCTS levels 2..=9: about three times the playouts a level
/// from level 5 up (levels 6 to 9 in a tree per core). Doubling them was too little to tell
/// the upper levels apart: on 9 × 9 Go, two trees of 5000 playouts against two of 2500
/// scored 52 % of 48 games, while one tree of 4000 against 1000 scored 82.5 % and 10 000
/// against 2500 77.5 % (40 games each); with these levels, level 7 (two trees of 4500) beat
/// level 6 (two of 1500) in 70 % of 40.
///
/// The work cap ([`MctsConfig::max_work`]) stops a tree early in long games on large
/// boards, where the playouts alone would take minutes (Nex on 13 × 13, Amazons). It
/// replaced the clock these levels stopped on (2, 3, 4, 6 and 10 s from level 5 up), which
/// let a busy machine cut level 9 to a fraction of its playouts; each cap is that many
/// seconds of [`MCTS_WORK_PER_SECOND`]. Elsewhere (Go, Hex, Connect Four, …) the playouts
/// are done long before the cap.
const MCTS_LEVELS: [(u32, Option<u64>); 8] = [
    (30, None),
    (100, None),
    (300, None),
    (1_000, Some(2 * MCTS_WORK_PER_SECOND)),
    (1_500, Some(3 * MCTS_WORK_PER_SECOND)),
    (4_500, Some(4 * MCTS_WORK_PER_SECOND)),
    (13_500, Some(6 * MCTS_WORK_PER_SECOND)),
    (40_000, Some(10 * MCTS_WORK_PER_SECOND)),
];

/// The yardstick of the MCTS levels' work caps ([`MctsConfig::max_work`]): about what one
/// idle core of the test machine does in a second in Nex 13 × 13, the game where the old
/// clock bound hardest (measured in CPU time, some 1900 of work a playout and 0.9 ms).
/// No count of work costs the same time in every game: Go's and Hex's playouts are done
/// long before the caps, and Amazons's level 9 runs its 40 000 playouts a tree, about
/// twice its old 10 s (docs/strength.md has the times).
const MCTS_WORK_PER_SECOND: u64 = 2_000_000;

/// (depth, node cap) of the alpha-beta levels 2..=9, on one thread; `MAX_DEPTH` means as
/// deep as the nodes allow. The search prunes and reduces, so a depth costs less and sees
/// less than a full-width one: the fixed depths are deeper than those of the full-width
/// search they replaced (1, 2, 3, 4, 5, 6), chosen so that in Intellector matches each level
/// played at least as well as before in about the same time or less. The node caps replaced
/// the clock levels 6 to 9 stopped on (0.5, 1, 1.5 and 3 s on every core): each is about
/// what one idle core of the test machine searches in chess in that time
/// ([`ALPHA_BETA_NODES_PER_SECOND`]), so that a level plays the same moves however busy
/// the machine is.
const ALPHA_BETA: [(u32, Option<u64>); 8] = [
    (1, None),
    (3, None),
    (4, None),
    (6, None),
    (7, Some(ALPHA_BETA_NODES_PER_SECOND / 2)),
    (8, Some(ALPHA_BETA_NODES_PER_SECOND)),
    (MAX_DEPTH, Some(3 * ALPHA_BETA_NODES_PER_SECOND / 2)),
    (MAX_DEPTH, Some(3 * ALPHA_BETA_NODES_PER_SECOND)),
];

/// Alpha-beta nodes one idle core of the test machine searches in a second in chess (some
/// 600 000 from the opening, measured in CPU time with other builds running), the
/// yardstick of the levels' node caps.
const ALPHA_BETA_NODES_PER_SECOND: u64 = 500_000;

/// (depth in choices, node cap, chance of a random move) of the
/// [`Expectimax`] levels 2..=9 of games with dice. Where the dice decide much, search depth
/// soon stops telling players apart: in Ur (Skiryuk's rules, 400-game matches) expectimax
/// two choices deep beat one choice deep 62.0 % of the time, but three deep beat two only
/// 55.0 %, four deep 50.5 % and five deep 56.5 %. So the levels do not climb by depth
/// alone: the top three are depths 1, 2 and 5, and below them a falling share of random
/// moves ([`Noisy`]) spreads the levels down to the random player (level 1). In Ur each
/// level then beat the one below in 58–80 % of 400 games, except level 9 against 8, which
/// differ in depth alone (54.8 % and 56.5 % with two seeds; docs/strength.md). A random move
/// costs more in some games than in others (in backgammon level 5 beat level 1 in 87 % of
/// 400 games, level 7 in 98.5 % of 200), but the order of the levels holds. Each depth
/// costs about seven times the one before in Ur (depth 5: some 20 ms a move, depth 6:
/// 150 ms); level 9 stops at depth 5 so that `cargo bench --bench ur`'s 1000 games take
/// about 20 minutes on two cores. The node caps bind only in games with many moves a roll
/// (backgammon); they replaced a clock of 1 and 3 s, each about what an idle core searches
/// in backgammon in that time ([`EXPECTIMAX_NODES_PER_SECOND`]).
pub const DICE_LEVELS: [(u32, Option<u64>, f64); 8] = [
    (1, None, 0.75),
    (1, None, 0.6),
    (1, None, 0.45),
    (1, None, 0.3),
    (1, None, 0.15),
    (1, None, 0.0),
    (2, Some(EXPECTIMAX_NODES_PER_SECOND), 0.0),
    (5, Some(3 * EXPECTIMAX_NODES_PER_SECOND), 0.0),
];

/// Expectimax nodes one idle core of the test machine searches in a second in backgammon
/// (measured in CPU time), the yardstick of the dice levels' node caps.
const EXPECTIMAX_NODES_PER_SECOND: u64 = 400_000;

/// The first level whose MCTS grows a tree on each of [`search_threads`] threads (the
/// playouts and the work cap of each level are per tree). Each tree runs its own budget,
/// so the trees' summed visits, and the move, are the same however busy the machine is.
/// Alpha-beta levels search on one thread: Lazy SMP's threads race each other for the
/// shared table, and no node budget makes that reproducible.
pub const PARALLEL_LEVEL: u8 = 6;

/// Threads a parallel search uses: the machine's cores, at most 8.
pub fn search_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// The player behind a strength level, 1 (random) to 9 (strongest), reproducible from `seed`:
/// a level is a budget of work (depth, nodes, playouts), never a time, so it plays the same
/// moves on a busy machine as on an idle one, only more slowly.
///
/// Games with dice (`game.dice()` is set) never use alpha-beta: level 1 plays random moves,
/// levels 2 to 7 [`Expectimax`] one choice deep with a random move 75 %, 60 %, 45 %, 30 %,
/// 15 % and 0 % of the time, level 8 two choices deep and level 9 five ([`DICE_LEVELS`]).
///
/// Level 1 plays random moves. For games where [`has_material`] holds, levels 2..=9 use
/// [`AlphaBeta`] on one thread at depths 1, 3, 4, 6, 7 and 8 (the last two capped at
/// 250 000 and 500 000 nodes), then as deep as 750 000 and 1 500 000 nodes allow
/// ([`ALPHA_BETA`]).
/// For the others (placement and connection games) they use [`Mcts`] with 30, 100, 300,
/// 1000, 1500, 4500, 13 500 and 40 000 playouts per move, levels 5 to 9 capped by work in
/// long games on large boards ([`MCTS_LEVELS`]), levels 6 to 9 growing one tree per core
/// ([`search_threads`]), each with that budget, and with RAVE where [`rave_helps`].
/// Levels below 1 count as 1, above 9 as 9. The seed breaks ties between equal moves, so
/// different seeds give different games.
pub fn bot_for_level(game: &Game, level: u8, seed: u64) -> Box<dyn Bot + Send> {
    let bot = level_bot(game, level, seed);
    // Every level answers a pass with the pass that ends a game it wins.
    if closes_by_passing(game) {
        Box::new(PassesToClose::new(bot))
    } else {
        bot
    }
}

/// The player of a level, before [`PassesToClose`].
fn level_bot(game: &Game, level: u8, seed: u64) -> Box<dyn Bot + Send> {
    let level = level.clamp(1, 9);
    if level == 1 {
        return Box::new(RandomBot::new(seed));
    }
    if game.dice().is_some() {
        let (max_depth, max_nodes, random_moves) = DICE_LEVELS[(level - 2) as usize];
        let search = Box::new(Expectimax::new(ExpectimaxConfig {
            max_depth,
            max_nodes,
            seed,
            ..ExpectimaxConfig::default()
        }));
        return if random_moves > 0.0 {
            Box::new(Noisy::new(search, random_moves, seed))
        } else {
            search
        };
    }
    let i = (level - 2) as usize;
    if has_material(game) {
        let (max_depth, max_nodes) = ALPHA_BETA[i];
        Box::new(AlphaBeta::new(AlphaBetaConfig {
            max_depth,
            max_nodes,
            tt_size_mb: 16,
            seed,
            threads: 1,
            ..AlphaBetaConfig::default()
        }))
    } else {
        let (simulations, max_work) = MCTS_LEVELS[i];
        let threads = if level >= PARALLEL_LEVEL {
            search_threads()
        } else {
            1
        };
        let config = level_mcts(game, simulations, None, threads, seed);
        Box::new(Mcts::new(MctsConfig { max_work, ..config }))
    }
}

/// The settings of the MCTS player the levels and `ai:playouts=…` use in `game`: RAVE
/// without UCT's exploration term where [`rave_helps`] (see [`RAVE_EXPLORATION`]), plain
/// UCT elsewhere.
pub(crate) fn level_mcts(
    game: &Game,
    simulations: u32,
    time_limit: Option<Duration>,
    threads: usize,
    seed: u64,
) -> MctsConfig {
    let rave = rave_helps(game);
    let uct = MctsConfig::default();
    MctsConfig {
        simulations,
        seed,
        time_limit,
        threads,
        rave: if rave { RAVE_K } else { 0 },
        exploration: if rave {
            RAVE_EXPLORATION
        } else {
            uct.exploration
        },
        ..uct
    }
}
