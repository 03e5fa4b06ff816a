//! `tabletop uci chess` driven by a real UCI client: python-chess
//! (`chess.engine.SimpleEngine.popen_uci`), a library nobody here wrote, plays complete
//! games between tabletop and Stockfish (`tests/uci_match.py`) and checks every move
//! tabletop sends against its own board; and the transcript in docs/cli.md is what the
//! engine answers.
//!
//! Needs Stockfish (`apt-get install -y stockfish`; Debian puts it in /usr/games; CI's
//! `.ci/run` installs it; `STOCKFISH` may name the program) and Python 3 with `venv`. The
//! test makes a virtual environment beside the build (`<target>/uci-pyenv`) and installs
//! python-chess there with pip when it is missing; `TABLETOP_PYTHON` may name a Python that
//! has it already. It fails, saying so, when either cannot be had.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

mod common;

fn stockfish() -> PathBuf {
    common::program("stockfish", "STOCKFISH", "apt-get install -y stockfish")
}

/// A Python with python-chess (see [`common::python_with`]).
fn python() -> PathBuf {
    common::python_with("chess.engine", "chess")
}

/// Two games at 50 ms a move, capped at 80 plies (a draw then), tabletop White in the first
/// and Black in the second, against Stockfish at its weakest (`Skill Level` 0).
#[test]
fn python_chess_plays_tabletop_against_stockfish_and_every_move_is_legal() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/uci_match.py");
    let out = Command::new(python())
        .arg(script)
        .args(["--tabletop", env!("CARGO_BIN_EXE_tabletop")])
        .arg("--stockfish")
        .arg(stockfish())
        .args(["--games", "2", "--movetime", "50", "--max-plies", "80"])
        .args(["--level", "3", "--skill", "0"])
        .output()
        .expect("run tests/uci_match.py");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    eprint!("{stdout}");
    let summary = stdout.lines().last().expect("a summary");
    // The summary is small JSON of known shape: read the fields the test needs by hand.
    assert!(summary.contains("\"n\": 2"), "{summary}");
    let games: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{stdout}");
    assert!(games[0].contains("tabletop white") && games[1].contains("tabletop black"));
    for g in &games {
        // Over by the rules, or stopped at the cap: never cut short by an error.
        assert!(
            g.contains("80 plies, draw (adjudicated") || !g.contains("adjudicated"),
            "{g}"
        );
    }
    let infos: u32 = summary
        .split("\"tabletop_infos\": ")
        .nth(1)
        .and_then(|s| s.trim_end_matches('}').trim().parse().ok())
        .expect("tabletop_infos");
    assert!(
        infos > 0,
        "python-chess saw no depth and score from tabletop: {summary}"
    );
}

/// The transcript shown in docs/cli.md is what `tabletop uci` answers: the lines starting
/// with `> ` are typed, the others answered, except the `time` and `nps` of `info` lines,
/// which depend on the machine (a depth-limited search is otherwise reproducible).
#[test]
fn the_documented_transcript_is_what_the_engine_answers() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md"))
        .expect("docs/cli.md");
    let start = "$ tabletop uci chess --level 3\n";
    let from = doc.find(start).expect("the uci transcript in docs/cli.md") + start.len();
    let block = &doc[from..from + doc[from..].find("```").expect("the block's end")];
    let (mut input, mut expected) = (String::new(), Vec::new());
    for line in block.lines() {
        match line.strip_prefix("> ") {
            Some(typed) => input.push_str(&format!("{typed}\n")),
            None => expected.push(line.to_string()),
        }
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["uci", "chess", "--level", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start tabletop");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("send the commands");
    let out = child.wait_with_output().expect("tabletop's answers");
    let got: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(machine_free)
        .collect();
    let expected: Vec<String> = expected.iter().map(|l| machine_free(l)).collect();
    assert_eq!(got, expected);
}

/// An `info` line with its timing fields blanked.
fn machine_free(line: &str) -> String {
    let mut words: Vec<&str> = line.split(' ').collect();
    for i in 1..words.len() {
        if matches!(words[i - 1], "time" | "nps") && words[0] == "info" {
            words[i] = "_";
        }
    }
    words.join(" ")
}

/// A game that is not of the chess family is refused with exit code 1.
#[test]
fn a_game_without_algebraic_notation_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["uci", "go"])
        .stdin(Stdio::null())
        .output()
        .expect("run tabletop");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a chess-family game"), "{err}");
}

/// Through python-chess: at level 1 (a random player by itself) `Limit(depth=3)` searches
/// depth 3, `Limit(nodes=…)` finds a mate in one, and every search is of the position
/// python-chess sent (its board, not one the engine played on).
#[test]
fn python_chess_limits_rule_over_the_level() {
    let script = r#"
import sys
import chess
import chess.engine
engine = chess.engine.SimpleEngine.popen_uci([sys.argv[1], "uci", "chess"])
engine.configure({"Level": 1})
board = chess.Board()
result = engine.play(board, chess.engine.Limit(depth=3), info=chess.engine.INFO_ALL)
print("depth", result.info.get("depth"))
mate = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
print("mate", engine.play(mate, chess.engine.Limit(nodes=20000)).move.uci())
board.push_uci("e2e4")
for _ in range(3):
    move = engine.play(board, chess.engine.Limit(depth=2)).move
    print("legal", move in board.legal_moves)
engine.quit()
"#;
    let out = Command::new(python())
        .args(["-c", script, env!("CARGO_BIN_EXE_tabletop")])
        .output()
        .expect("run python");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [
            "depth 3",
            "mate a1a8",
            "legal True",
            "legal True",
            "legal True"
        ],
        "{stderr}"
    );
}
