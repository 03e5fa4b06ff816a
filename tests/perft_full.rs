//! `perft --full` (every move made and unmade down to the leaves) counts what bulk perft
//! counts, on games of several kinds: placement, drops, captures and passes, promotions and
//! castling, dice rolls as plies.

use std::process::Command;

use tabletop::tools::perft::{divide, divide_counting, perft, perft_full};

#[test]
fn full_perft_equals_bulk_perft() {
    for (name, depth) in [
        ("tictactoe", 6),
        ("connect4", 5),
        ("reversi", 6),
        ("breakthrough", 3),
        ("chess", 3),
        ("draughts", 5),
        ("ur", 3),
    ] {
        let game = tabletop::load_shipped(name, &[]).expect("a shipped game compiles");
        let mut s = game.start();
        for d in 0..=depth {
            let bulk = perft(&game, &mut s, d);
            assert_eq!(perft_full(&game, &mut s, d), bulk, "{name} depth {d}");
        }
        // The state is back where it started.
        assert_eq!(s.hash(), game.start().hash(), "{name}: state restored");
        let by_move = divide(&game, &mut s, depth);
        assert_eq!(
            divide_counting(&game, &mut s, depth, true),
            by_move,
            "{name}"
        );
    }
}

#[test]
fn full_perft_counts_known_values() {
    let game = tabletop::load_shipped("chess", &[]).expect("chess compiles");
    let mut s = game.start();
    assert_eq!(perft_full(&game, &mut s, 4), 197_281);
    let game = tabletop::load_shipped("reversi", &[]).expect("reversi compiles");
    let mut s = game.start();
    assert_eq!(perft_full(&game, &mut s, 7), 55_092);
}

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .output()
        .expect("tabletop runs");
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The counts of each line, without the timings.
fn counts(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| {
            l.split(" time ")
                .next()
                .unwrap_or(l)
                .split(" (")
                .next()
                .unwrap_or(l)
                .to_string()
        })
        .collect()
}

#[test]
fn cli_full_flag_prints_the_bulk_counts() {
    let full = counts(&run(&["perft", "tictactoe", "4", "--full"]));
    assert_eq!(
        full,
        [
            "depth 1 nodes 9",
            "depth 2 nodes 72",
            "depth 3 nodes 504",
            "depth 4 nodes 3024"
        ]
    );
    assert_eq!(full, counts(&run(&["perft", "tictactoe", "4"])));
    let divided = counts(&run(&["perft", "reversi", "3", "--divide", "--full"]));
    assert_eq!(
        divided,
        counts(&run(&["perft", "reversi", "3", "--divide"]))
    );
    assert_eq!(divided.last().map(String::as_str), Some("total 56"));
}
