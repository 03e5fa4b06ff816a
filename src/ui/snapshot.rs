//! `tabletop snapshot`: a deterministic text report of a rule file, for snapshot tests
//! (insta): what `describe` prints, the start position drawn, its legal moves, perft
//! counts, and a seeded random game with its result and the rule that ended it.
//!
//! The text depends only on the rule file, the options and the seed: no times, addresses,
//! thread counts or hash-map order, and a random generator (ChaCha8) whose stream is the
//! same on every machine.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::ending::describe_end;
use crate::engine::{Game, State};
use crate::tools::describe::describe;
use crate::tools::perft::perft;
use crate::ui::render::{draw, Style};

/// What a snapshot report contains.
#[derive(Clone, Debug)]
pub struct SnapshotOptions {
    /// Perft is counted from depth 1 to this depth.
    pub depth: u32,
    /// Seed of the random game.
    pub seed: u64,
    /// The random game stops after this many plies if it has not ended.
    pub max_plies: u32,
    /// At most this many start moves are listed (then how many more there are).
    pub max_moves: usize,
}

impl Default for SnapshotOptions {
    fn default() -> SnapshotOptions {
        SnapshotOptions {
            depth: 3,
            seed: 1,
            max_plies: 400,
            max_moves: 200,
        }
    }
}

/// Deepest perft a snapshot counts: deeper counts take too long for a report.
pub const MAX_SNAPSHOT_DEPTH: u32 = 8;

/// Largest perft count a snapshot works out: a depth expected to be larger is left out
/// with a note, so that the report of a game with many moves (Nex 13 × 13) stays quick.
pub const MAX_SNAPSHOT_PERFT: u64 = 20_000_000;

/// The snapshot report of `game` (compiled with whatever options the caller chose).
///
/// ```
/// let game = tabletop::load_shipped("tictactoe", &[]).unwrap();
/// let text = tabletop::snapshot(&game, &tabletop::SnapshotOptions::default());
/// assert!(text.contains("perft 3: 504"));
/// ```
pub fn snapshot(game: &Game, opts: &SnapshotOptions) -> String {
    let plain = Style::default();
    let mut o = String::new();
    o.push_str("== rules ==\n");
    o.push_str(&describe(game));
    let start = game.start();
    o.push_str("\n== start ==\n");
    o.push_str(&draw(game, &start, &plain));
    o.push_str(&format!("position: {}\n", game.position_to_string(&start)));
    o.push_str(&status(game, &start));

    let moves = game.legal_moves_vec(&start);
    o.push_str(&format!("\n== legal moves ({}) ==\n", moves.len()));
    let texts: Vec<String> = moves
        .iter()
        .take(opts.max_moves)
        .map(|&m| game.move_to_string(&start, m))
        .collect();
    o.push_str(&wrapped(&texts, 78));
    if moves.len() > opts.max_moves {
        o.push_str(&format!("… and {} more\n", moves.len() - opts.max_moves));
    }

    let depth = opts.depth.min(MAX_SNAPSHOT_DEPTH);
    o.push_str(&format!("\n== perft to depth {depth} ==\n"));
    let mut s = start.clone();
    let (mut before, mut last) = (1u64, 1u64);
    for d in 1..=depth {
        // Each depth is about as many times larger as the last one was than the one before.
        let expected = last.saturating_mul(last) / before.max(1);
        if expected > MAX_SNAPSHOT_PERFT {
            o.push_str(&format!(
                "perft {d}: not counted (about {expected} move sequences expected; a report counts at most {MAX_SNAPSHOT_PERFT})\n"
            ));
            break;
        }
        let n = perft(game, &mut s, d);
        o.push_str(&format!("perft {d}: {n}\n"));
        (before, last) = (last, n);
    }

    o.push_str(&format!("\n== random game (seed {}) ==\n", opts.seed));
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut s = start;
    let mut played = Vec::new();
    while played.len() < opts.max_plies as usize {
        if game.is_chance(&s) {
            let Some(roll) = game.sample_roll(rng.gen::<f64>()) else {
                break;
            };
            played.push(game.move_to_string(&s, roll));
            game.make(&mut s, roll);
            continue;
        }
        let moves = game.legal_moves_vec(&s);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        played.push(game.move_to_string(&s, mv));
        game.make(&mut s, mv);
    }
    o.push_str(&format!("plies: {}\n", played.len()));
    o.push_str(&wrapped(&played, 78));
    o.push_str(&draw(game, &s, &plain));
    o.push_str(&format!("position: {}\n", game.position_to_string(&s)));
    match describe_end(game, &s) {
        Some(end) => o.push_str(&format!("result: {end}\n")),
        None => o.push_str(&format!(
            "result: none: stopped after {} plies; {}",
            played.len(),
            status(game, &s)
        )),
    }
    o
}

/// Whose turn it is, or the ending.
fn status(game: &Game, s: &State) -> String {
    match describe_end(game, s) {
        Some(end) => format!("game over: {end}\n"),
        None => format!("{} to move\n", game.players()[s.to_move().index()]),
    }
}

/// Words in lines of at most `width` characters.
fn wrapped(words: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}
