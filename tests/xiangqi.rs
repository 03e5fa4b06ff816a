//! Xiangqi (`games/xiangqi.game`) against fairy-stockfish: its `go perft` counts on positions
//! from seeded random games and a few written by hand, recorded in
//! `tests/oracles/xiangqi/perft.txt` by `tests/oracles/xiangqi/record.py`; one more test asks
//! fairy-stockfish itself that the recording is still what it says, and fails when the engine
//! is missing (`apt-get install -y fairy-stockfish`, which `.ci/run` does; `FAIRY_STOCKFISH`
//! may name it). The counts from the start are data in `tests/perft/xiangqi.perft`.
//!
//! Perft 4 from the start (3,290,240; under a second in release) runs there in release builds
//! only (`tests/perft.rs` skips counts over a million in debug).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use tabletop::tools::perft::perft;
use tabletop::{Game, Outcome, Player, State};

const ORACLE: &str = include_str!("oracles/xiangqi/perft.txt");
mod common;

/// fairy-stockfish, the live oracle; its absence fails the live test.
fn fairy() -> std::path::PathBuf {
    common::program(
        "fairy-stockfish",
        "FAIRY_STOCKFISH",
        "apt-get install -y fairy-stockfish",
    )
}

fn xiangqi() -> Game {
    tabletop::load_shipped("xiangqi", &[]).expect("xiangqi compiles")
}

fn fen(game: &Game, text: &str) -> State {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The recorded cases: (FEN, perft 1, 2, 3).
fn cases() -> Vec<(&'static str, Vec<u64>)> {
    ORACLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (fen, counts) = l.split_once(" ; ").expect("'<fen> ; <counts>'");
            let counts = counts
                .split_whitespace()
                .map(|n| n.parse().expect("a count"))
                .collect();
            (fen, counts)
        })
        .collect()
}

#[test]
fn the_oracle_has_positions_in_check_and_by_hand() {
    let game = xiangqi();
    let all = cases();
    assert!(all.len() >= 15, "{} positions", all.len());
    let in_check = all
        .iter()
        .filter(|(f, _)| {
            let s = fen(&game, f);
            game.in_check(&s, s.to_move())
        })
        .count();
    assert!(in_check >= 5, "{in_check} positions in check");
}

#[test]
fn perft_matches_fairy_stockfish_to_depth_2() {
    let game = xiangqi();
    for (f, counts) in cases() {
        let mut s = fen(&game, f);
        for (d, &want) in counts.iter().enumerate().take(2) {
            assert_eq!(
                perft(&game, &mut s, d as u32 + 1),
                want,
                "{f}, depth {}",
                d + 1
            );
        }
    }
}

/// Depth 3 on every recorded position: about 850,000 leaves, a few seconds in debug.
#[test]
fn perft_matches_fairy_stockfish_at_depth_3() {
    let game = xiangqi();
    for (f, counts) in cases() {
        let mut s = fen(&game, f);
        assert_eq!(perft(&game, &mut s, 3), counts[2], "{f}, depth 3");
    }
}

/// FEN as fairy-stockfish writes it reads back to itself (`w` is Red), and the start
/// position is the standard one.
#[test]
fn fen_round_trips() {
    let game = xiangqi();
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(game.position_to_string(&game.start()), start);
    for (f, _) in cases() {
        let s = fen(&game, f);
        // The half-move clock is not kept (no rule reads it): compare the rest.
        let fields = |t: &str| {
            let v: Vec<String> = t.split_whitespace().map(str::to_string).collect();
            (v[..4].to_vec(), v[5].clone())
        };
        assert_eq!(fields(&game.position_to_string(&s)), fields(f));
    }
    let black = fen(&game, "4k4/9/9/9/4R4/9/9/9/9/4K4 b - - 0 1");
    assert_eq!(black.to_move(), Player(1));
}

/// Facing generals: a position where they face with either side to move is refused.
#[test]
fn facing_generals_are_refused_as_a_position() {
    let game = xiangqi();
    let err = game
        .parse_position("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
        .expect_err("the generals face each other");
    assert!(err.to_string().contains("in check"), "{err}");
}

/// A player with no legal move loses, checkmated or not.
#[test]
fn stalemate_loses() {
    let game = xiangqi();
    let mut s = fen(&game, "3k5/4P4/9/9/9/9/9/9/9/4K4 w - - 0 1");
    let mv = game.parse_move(&s, "e1f1").expect("legal");
    game.make(&mut s, mv);
    assert_eq!(game.outcome(&s), Some(Outcome::Loss(Player(1))));
    assert!(!game.in_check(&s, Player(1)));
}

/// The same positions, asked of fairy-stockfish itself: the recording is checked to still be
/// what the engine says (a missing engine fails the test rather than skipping it).
#[test]
fn recorded_counts_agree_with_fairy_stockfish() {
    let mut child = Command::new(fairy())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("fairy-stockfish starts");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    writeln!(input, "uci\nsetoption name UCI_Variant value xiangqi").expect("write");
    for (f, counts) in cases() {
        writeln!(input, "position fen {f}\ngo perft 2").expect("write");
        let mut line = String::new();
        let nodes = loop {
            line.clear();
            assert!(
                output.read_line(&mut line).expect("read") > 0,
                "engine stopped"
            );
            if let Some(n) = line.strip_prefix("Nodes searched:") {
                break n.trim().parse::<u64>().expect("a count");
            }
        };
        assert_eq!(nodes, counts[1], "{f}: the recording is stale");
    }
    writeln!(input, "quit").expect("write");
    child.wait().expect("fairy-stockfish ends");
}
