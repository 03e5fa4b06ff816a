//! `tabletop selfcheck`: shipped games pass; a broken rule file is caught with a
//! reproducing move sequence; the command line refuses bad input.

use std::process::Command;

use tabletop::tools::selfcheck::{self, Check, Options};

/// Plies per shipped game: enough for several games of each, small enough to stay quick.
const PLIES: u64 = 1_000;

fn opts(plies: u64, seed: u64) -> Options {
    Options {
        plies,
        seed,
        ..Default::default()
    }
}

#[test]
fn shipped_games_pass_a_short_selfcheck() {
    for name in tabletop::shipped_names() {
        let game = tabletop::load_shipped(name, &[]).unwrap();
        let report = selfcheck::run(&game, &opts(PLIES, 1));
        assert!(report.passed(), "{name}:\n{}", report.render(name, &[]));
        assert!(report.plies >= PLIES, "{name}: {} plies", report.plies);
        assert!(report.games >= 1);
        assert!(report.longest.0 > 0, "{name}: no game was played");
    }
}

#[test]
fn the_same_seed_plays_the_same_games() {
    let game = tabletop::load_shipped("ur", &[]).unwrap();
    let a = selfcheck::run(&game, &opts(3_000, 7));
    let b = selfcheck::run(&game, &opts(3_000, 7));
    assert_eq!((a.games, a.plies, a.longest), (b.games, b.plies, b.longest));
}

/// Tic-tac-toe where two `move` rules make the same placement (written differently: the
/// checker refuses a rule that compiles to an earlier one): every empty cell is listed
/// twice, both written `b2`, and the second one's text parses to the first one's move.
const DOUBLED: &str = r#"game "Doubled"
players X, O
board square(3, 3)
piece mark = "X" for X, "O" for O
move place(mark, on: empty)
move place(mark, on: not occupied)
win if line(3)
draw if no-moves
"#;

#[test]
fn a_doubled_move_rule_is_caught_with_a_reproducing_sequence() {
    let game = tabletop::compile_source("doubled", "doubled.game", DOUBLED, &[]).unwrap();
    let report = selfcheck::run(&game, &opts(200, 1));
    assert!(!report.passed());
    assert!(report.failures_of(Check::DistinctMoves) > 0);
    assert!(report.failures_of(Check::MoveNotation) > 0);
    assert_eq!(report.failures_of(Check::Unmake), 0);
    assert_eq!(report.failures_of(Check::Hash), 0);
    let f = report
        .findings
        .iter()
        .find(|f| f.check == Check::DistinctMoves)
        .unwrap();
    assert!(
        f.message.contains("written by more than one legal move"),
        "{}",
        f.message
    );
    let text = report.render("doubled.game", &[]);
    assert!(
        text.contains("reproduce: tabletop show doubled.game --after \""),
        "{text}"
    );
    assert!(text.contains("some checks failed"), "{text}");
    // A later finding has moves to reproduce, and they replay.
    let later = report
        .findings
        .iter()
        .find(|f| !f.moves.is_empty())
        .unwrap();
    let mut s = game.start();
    for m in &later.moves {
        let mv = game.parse_move(&s, m).unwrap();
        game.make(&mut s, mv);
    }
}

fn tabletop(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn cli_passes_on_a_shipped_game() {
    let out = tabletop(&["selfcheck", "tictactoe", "--plies", "500", "--seed", "3"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.starts_with("selfcheck tictactoe: "), "{text}");
    assert!(text.contains("all checks passed"), "{text}");
}

#[test]
fn cli_fails_with_exit_1_on_a_broken_rule_file() {
    let dir = std::env::temp_dir().join(format!("tabletop-selfcheck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("doubled.game");
    std::fs::write(&path, DOUBLED).unwrap();
    let out = tabletop(&["selfcheck", path.to_str().unwrap(), "--plies", "50"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("FAILED"), "{text}");
    assert!(text.contains("--after \""), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_refuses_bad_input() {
    let out = tabletop(&["selfcheck", "no-such-game"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game"));
    for bad in ["0", "abc", "-5", "99999999999999999999999"] {
        let out = tabletop(&["selfcheck", "tictactoe", &format!("--plies={bad}")]);
        assert_eq!(out.status.code(), Some(2), "--plies {bad}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("--plies"),
            "--plies {bad}"
        );
    }
    let out = tabletop(&["selfcheck", "tictactoe", "--seed", "x"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_game_over_the_cap_is_a_warning_not_a_failure() {
    let game = tabletop::load_shipped("chess", &[]).unwrap();
    let opts = Options {
        plies: 300,
        seed: 1,
        max_game_plies: 40,
    };
    let report = selfcheck::run(&game, &opts);
    assert!(report.passed());
    assert!(!report.long_games.is_empty());
    assert_eq!(report.longest.0, 40);
    assert!(report
        .render("chess", &[])
        .contains("warning: game 1 did not end within 40 plies (cut off)"));
}

/// Chess's FEN holds the castling rights and en-passant cells that can be used, and now
/// nearly every state; the rare one it cannot write (2 in 20,000 plies of seed 1) is a
/// note, not a failure.
#[test]
fn a_notation_that_cannot_say_everything_is_a_note() {
    let game = tabletop::load_shipped("chess", &[]).unwrap();
    let report = selfcheck::run(&game, &opts(20_000, 1));
    assert!(report.passed());
    assert!(!report.notes.is_empty());
    assert!(report
        .render("chess", &[])
        .contains("note: the position notation does not express the whole state"));
}
