//! Every rule file the compiler accepts keeps the hash exact: `selfcheck` (incremental hash
//! against the hash from scratch, unmake restoring the position, and its other checks) runs
//! over many variations of shipped games, each with lines added that the shipped files do
//! not combine: stack cells (shared or not) wherever pieces go, hands for captured pieces with
//! drops, a ply limit. A variation the compiler refuses is skipped; most must compile.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tabletop::tools::selfcheck::{self, Check, Options};

/// Shipped games the variations start from: placements, steps, slides, jumps, captures,
/// promotions, flips, dice.
const BASES: &[&str] = &[
    "tictactoe",
    "connect4",
    "breakthrough",
    "reversi",
    "gomoku",
    "chess",
    "draughts",
    "amazons",
    "ur",
    "morris",
    "loa",
    "xiangqi",
    "go",
    "hex",
];

/// Variations of each base game.
const PER_GAME: usize = 12;

/// One variation of `source` (a game with `cells` named one by one and piece `kinds`).
fn mutate(source: &str, cells: &[String], kinds: &[String], rng: &mut SmallRng) -> String {
    let mut out = source.to_string();
    out.push('\n');
    // Stack cells: a few random cells, in one or two statements.
    for _ in 0..if cells.is_empty() {
        0
    } else {
        rng.gen_range(1..=2)
    } {
        let n = rng.gen_range(1..=cells.len().min(6));
        let picked: Vec<&String> = cells.choose_multiple(rng, n).collect();
        let list: Vec<&str> = picked.iter().map(|s| s.as_str()).collect();
        out.push_str(&format!(
            "stack {} up to {}{}\n",
            list.join(", "),
            rng.gen_range(2..=4),
            if rng.gen_bool(0.5) { " shared" } else { "" }
        ));
    }
    // Hands and drops, for games with captures (refused where a reserve exists).
    if rng.gen_bool(0.5) && !kinds.is_empty() {
        let kind = kinds.choose(rng).unwrap();
        out.push_str(&format!("hand {kind}\n"));
        out.push_str(&format!("move place({kind}, from: hand, on: empty)\n"));
    }
    // Games end: a ply limit keeps selfcheck's games short and varied.
    out.push_str(&format!("draw if ply-limit({})\n", rng.gen_range(20..=120)));
    out
}

#[test]
fn selfcheck_passes_on_mutated_rule_files_with_stacks_and_hands() {
    let mut rng = SmallRng::seed_from_u64(43);
    let (mut compiled, mut refused) = (0, 0);
    let mut unreadable = Vec::new();
    for &base in BASES {
        let game = tabletop::load_shipped(base, &[]).unwrap();
        let source = tabletop::games::shipped_source(base).unwrap();
        // Cells whose names a rule file can write (not shogi's `5e`).
        let cells: Vec<String> = game
            .board()
            .cells
            .iter()
            .map(|c| c.name.clone())
            .filter(|n| n.starts_with(|c: char| c.is_ascii_alphabetic()))
            .collect();
        let kinds: Vec<String> = game.kinds().iter().map(|k| k.name.clone()).collect();
        for v in 0..PER_GAME {
            let text = mutate(source, &cells, &kinds, &mut rng);
            let name = format!("{base}-{v}");
            let Ok(mutant) = tabletop::compile_source(&name, &format!("{name}.game"), &text, &[])
            else {
                refused += 1;
                continue;
            };
            compiled += 1;
            let opts = Options {
                plies: 400,
                seed: v as u64,
                ..Default::default()
            };
            let report = selfcheck::run(&mutant, &opts);
            // Positions of some variations do not read back (amazons with a hand: an arrow
            // "no rule can bring there"), a known gap of position checking left to its own
            // fix; every other check must hold.
            if report.failures_of(Check::PositionNotation) > 0 {
                unreadable.push(name.clone());
            }
            let failed: Vec<Check> = Check::ALL
                .into_iter()
                .filter(|&c| c != Check::PositionNotation && report.failures_of(c) > 0)
                .collect();
            assert!(
                failed.is_empty(),
                "{name}:\n{}\n--- rule file ---\n{text}",
                report.render(&name, &[])
            );
        }
    }
    if !unreadable.is_empty() {
        eprintln!("positions that do not read back: {}", unreadable.join(", "));
    }
    assert!(
        compiled >= BASES.len() * PER_GAME / 2,
        "only {compiled} variations compiled ({refused} refused)"
    );
}

/// The report's case: tic-tac-toe with a stack cell; placing on it after `c2 c1` left the
/// incremental hash unlike the hash from scratch, which reads the stack's levels.
#[test]
fn a_placement_on_a_stack_cell_keeps_the_hash_exact() {
    let source = format!(
        "{}\nstack b2 up to 2\n",
        tabletop::games::shipped_source("tictactoe").unwrap()
    );
    let game = tabletop::compile_source("ttt", "ttt.game", &source, &[]).unwrap();
    let mut state = game.start();
    for text in ["c2", "c1", "b2", "c3"] {
        let mv = game.parse_move(&state, text).unwrap();
        game.make(&mut state, mv);
        assert_eq!(state.hash(), game.hash_from_scratch(&state), "after {text}");
    }
    let b2 = game.board().cell_by_name("b2").unwrap();
    assert_eq!(state.stack_at(b2).len(), 1, "the stone stands in the stack");
    let report = selfcheck::run(
        &game,
        &Options {
            plies: 2_000,
            seed: 1,
            ..Default::default()
        },
    );
    assert!(report.passed(), "{}", report.render("ttt", &[]));
}
