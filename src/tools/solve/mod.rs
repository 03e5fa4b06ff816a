//! Solvers for two-player games. This module: an exact solver for small games, negamax with
//! alpha-beta over the values win / draw / loss and a transposition table keyed by the
//! Zobrist hash. [`dfpn`]: depth-first proof-number search for larger ones.

pub mod checkpoint;
pub mod connection;
pub mod dfpn;
pub mod estimate;
pub mod table;

use std::collections::HashMap;
use std::time::Instant;

use crate::engine::{Game, Move, MoveList, Outcome, State};

/// A game value from the point of view of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    /// The player to move loses with best play.
    Loss = -1,
    /// Best play draws.
    Draw = 0,
    /// The player to move wins with best play.
    Win = 1,
}

impl Value {
    fn from_i8(v: i8) -> Value {
        match v {
            1 => Value::Win,
            -1 => Value::Loss,
            _ => Value::Draw,
        }
    }

    /// The value for the other player.
    pub fn flip(self) -> Value {
        Value::from_i8(-(self as i8))
    }
}

/// The solution of a position.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The value for the player to move at the root.
    pub value: Value,
    /// Every first move with its value for the player making it.
    pub moves: Vec<(Move, Value)>,
    /// A principal line: best moves for both sides to the end.
    pub line: Vec<Move>,
    /// Positions searched.
    pub nodes: u64,
    /// Positions stored in the table.
    pub table: usize,
}

/// Why a position could not be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The solver handles games of exactly two players.
    NotTwoPlayers(usize),
    /// A line longer than this many plies: the game may loop.
    TooDeep(u32),
    /// The table reached this many megabytes (`solve --memory`).
    OutOfMemory(usize),
    /// The game has dice (df-pn handles games without chance).
    Chance,
    /// df-pn keys positions by their hash, which holds no move history; this rule reads it.
    History(String),
    /// df-pn stopped at its node limit or when told to, after this many positions; its
    /// table was saved to the checkpoint file named, if any.
    Stopped {
        /// Positions searched.
        nodes: u64,
        /// The checkpoint written.
        saved: Option<String>,
    },
    /// A checkpoint could not be written, read or used.
    Checkpoint(String),
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::NotTwoPlayers(n) => write!(
                f,
                "the solver handles two-player games; this one has {n} players"
            ),
            SolveError::TooDeep(d) => write!(
                f,
                "a line of play is longer than {d} plies; the game may repeat forever"
            ),
            SolveError::OutOfMemory(mb) => write!(
                f,
                "the solver's table reached its memory limit of {mb} MB before the game was solved (give more with --memory)"
            ),
            SolveError::Chance => write!(
                f,
                "the proof-number solver handles games without chance; this one rolls dice"
            ),
            SolveError::History(rule) => write!(
                f,
                "the proof-number solver keys positions without their history, and the rule '{rule}' reads it (try --method exact)"
            ),
            SolveError::Stopped { nodes, saved: Some(file) } => write!(
                f,
                "stopped after {nodes} positions, unsolved; the table is saved in {file}: go on with --resume {file}"
            ),
            SolveError::Stopped { nodes, saved: None } => write!(
                f,
                "stopped after {nodes} positions, unsolved (give --checkpoint FILE to keep the work)"
            ),
            SolveError::Checkpoint(why) => write!(f, "{why}"),
        }
    }
}

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const MAX_PLIES: u32 = 2000;

/// The solver's memory limit when none is given, in megabytes.
pub const DEFAULT_MEMORY_MB: usize = 1024;

/// Bytes one table entry may take: 10 bytes of key and value in a 16-byte slot, a control
/// byte, the table's spare room (at most 1/8) and, while it grows, the old table beside the
/// new one twice as large.
const ENTRY_BYTES: usize = 40;

struct Solver<'g, F: FnMut(u64, usize)> {
    game: &'g Game,
    table: HashMap<u64, (i8, u8)>,
    lists: Vec<MoveList>,
    nodes: u64,
    /// Most entries the table may hold.
    max_entries: usize,
    /// The memory limit, for the error.
    memory_mb: usize,
    progress: F,
}

fn terminal_value(o: Outcome, to_move: crate::engine::Player, players: usize) -> i8 {
    match o.winner(players) {
        Some(w) if w == to_move => 1,
        Some(_) => -1,
        None => 0,
    }
}

impl<F: FnMut(u64, usize)> Solver<'_, F> {
    fn negamax(
        &mut self,
        s: &mut State,
        mut alpha: i8,
        beta: i8,
        ply: u32,
    ) -> Result<i8, SolveError> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1 << 20) {
            (self.progress)(self.nodes, self.table.len());
        }
        if ply > MAX_PLIES {
            return Err(SolveError::TooDeep(MAX_PLIES));
        }
        let players = self.game.num_players();
        if let Some(o) = s.result_now() {
            return Ok(terminal_value(o, s.to_move(), players));
        }
        let alpha0 = alpha;
        if let Some(&(v, flag)) = self.table.get(&s.hash()) {
            match flag {
                EXACT => return Ok(v),
                LOWER if v >= beta => return Ok(v),
                UPPER if v <= alpha => return Ok(v),
                _ => {}
            }
        }
        if self.lists.len() <= ply as usize {
            self.lists.push(MoveList::new());
        }
        let mut moves = std::mem::take(&mut self.lists[ply as usize]);
        self.game.legal_moves(s, &mut moves);
        if moves.is_empty() {
            let v = self
                .game
                .no_moves_outcome(s)
                .map_or(0, |o| terminal_value(o, s.to_move(), players));
            self.lists[ply as usize] = moves;
            return Ok(v);
        }
        let mut best = -2;
        for &mv in &moves {
            self.game.make(s, mv);
            let r = self.negamax(s, -beta, -alpha, ply + 1);
            self.game.unmake(s);
            let v = -r?;
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.lists[ply as usize] = moves;
        let flag = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        if self.table.len() >= self.max_entries {
            return Err(SolveError::OutOfMemory(self.memory_mb));
        }
        self.table.insert(s.hash(), (best, flag));
        Ok(best)
    }
}

/// Solves `state` exactly within [`DEFAULT_MEMORY_MB`]. `progress(nodes, table_size)` is
/// called about every million nodes.
pub fn solve(
    game: &Game,
    state: &mut State,
    progress: impl FnMut(u64, usize),
) -> Result<Solution, SolveError> {
    solve_within(game, state, DEFAULT_MEMORY_MB, progress)
}

/// [`solve`] with the table kept within `memory_mb` megabytes: past it the solver stops
/// with [`SolveError::OutOfMemory`] (a game too large to solve grows the table by tens of
/// megabytes a second, with no end).
pub fn solve_within(
    game: &Game,
    state: &mut State,
    memory_mb: usize,
    progress: impl FnMut(u64, usize),
) -> Result<Solution, SolveError> {
    if game.num_players() != 2 {
        return Err(SolveError::NotTwoPlayers(game.num_players()));
    }
    let mut solver = Solver {
        game,
        table: HashMap::new(),
        lists: Vec::new(),
        nodes: 0,
        max_entries: memory_mb.saturating_mul(1 << 20) / ENTRY_BYTES,
        memory_mb,
        progress,
    };
    let value = solver.negamax(state, -1, 1, 0)?;
    let mut moves = Vec::new();
    for mv in game.legal_moves_vec(state) {
        game.make(state, mv);
        let r = solver.negamax(state, -1, 1, 1);
        game.unmake(state);
        moves.push((mv, Value::from_i8(-r?)));
    }
    // The principal line: at each step a move that keeps the position's value.
    let mut line = Vec::new();
    let mut v = Value::from_i8(value);
    while state.result_now().is_none() && line.len() < MAX_PLIES as usize {
        let mut next = None;
        for mv in game.legal_moves_vec(state) {
            game.make(state, mv);
            let r = solver.negamax(state, -1, 1, 1);
            game.unmake(state);
            if Value::from_i8(-r?) == v {
                next = Some(mv);
                break;
            }
        }
        let Some(mv) = next else { break };
        game.make(state, mv);
        line.push(mv);
        v = v.flip();
    }
    for _ in 0..line.len() {
        game.unmake(state);
    }
    Ok(Solution {
        value: Value::from_i8(value),
        moves,
        line,
        nodes: solver.nodes,
        table: solver.table.len(),
    })
}

/// Solves and reports the time taken, for the CLI and benchmarks.
pub fn solve_timed(
    game: &Game,
    state: &mut State,
    memory_mb: usize,
    progress: impl FnMut(u64, usize),
) -> (Result<Solution, SolveError>, f64) {
    let t = Instant::now();
    let r = solve_within(game, state, memory_mb, progress);
    (r, t.elapsed().as_secs_f64())
}

/// The most `--memory` may be: 1 TB, in megabytes.
pub const MAX_MEMORY_MB: u64 = 1 << 20;

/// Reads a `--memory` size: a whole number of megabytes (`512`), or with a unit `M`, `G`
/// or `T` (`512M`, `8G`; `MB`, `GB`, `TB` and lower case too), from 1 MB to 1 TB.
pub fn parse_memory(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, unit) = t.split_at(digits);
    let scale: u64 = match unit.to_ascii_uppercase().as_str() {
        "" | "M" | "MB" => 1,
        "G" | "GB" => 1 << 10,
        "T" | "TB" => 1 << 20,
        _ => {
            return Err(format!(
                "'{text}' is not a size: give megabytes (512) or a size with a unit (512M, 8G)"
            ))
        }
    };
    let n: u64 = num.parse().map_err(|_| {
        format!("'{text}' is not a size: give megabytes (512) or a size with a unit (512M, 8G)")
    })?;
    match n.checked_mul(scale) {
        Some(0) => Err("the memory must be at least 1 MB".to_string()),
        Some(mb) if mb <= MAX_MEMORY_MB => Ok(mb),
        _ => Err(format!("'{text}' is more than the most allowed, 1T")),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_memory;

    #[test]
    fn memory_sizes_read_with_units() {
        assert_eq!(parse_memory("512"), Ok(512));
        assert_eq!(parse_memory("8G"), Ok(8192));
        assert_eq!(parse_memory("8gb"), Ok(8192));
        assert_eq!(parse_memory("100M"), Ok(100));
        assert_eq!(parse_memory("1T"), Ok(1 << 20));
        assert_eq!(
            parse_memory("0"),
            Err("the memory must be at least 1 MB".to_string())
        );
        assert!(parse_memory("xyz")
            .unwrap_err()
            .contains("'xyz' is not a size"));
        assert!(parse_memory("2T")
            .unwrap_err()
            .contains("more than the most"));
        assert!(parse_memory("G").is_err());
    }
}
