//! Snapshots of what users see: `describe`, board drawings with position strings, and the
//! command line itself (output and exit codes, including bad usage).
//!
//! Snapshots live in `tests/snapshots/cli/`. After an intended change, regenerate with
//! `INSTA_UPDATE=always cargo test --test snapshots_cli` and review the diff.

use std::process::Command;

use tabletop::tools::describe::describe;
use tabletop::ui::render::{draw, Style};
use tabletop::{Game, State};

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("snapshots/cli");
    s.set_prepend_module_to_snapshot(false);
    s
}

/// The drawing of a position, its position string and whose turn it is (as `show` prints).
fn picture(game: &Game, state: &State) -> String {
    let mut out = draw(game, state, &Style::default());
    out.push_str(&game.position_to_string(state));
    out.push('\n');
    match game.outcome(state) {
        Some(o) => out.push_str(&format!("game over: {}\n", o.describe(game))),
        None => out.push_str(&format!(
            "{} to move\n",
            game.players()[state.to_move().index()]
        )),
    }
    out
}

#[test]
fn describe_every_game() {
    let _guard = settings().bind_to_scope();
    for name in tabletop::shipped_names() {
        let game = tabletop::load_shipped(name, &[]).unwrap();
        insta::assert_snapshot!(format!("describe_{name}"), describe(&game));
    }
}

/// Each game's start, then after four moves chosen by a fixed rule from the legal list.
#[test]
fn show_every_game() {
    let _guard = settings().bind_to_scope();
    for name in tabletop::shipped_names() {
        let game = tabletop::load_shipped(name, &[]).unwrap();
        let mut state = game.start();
        let mut out = format!("== start\n{}", picture(&game, &state));
        let mut played = Vec::new();
        for k in 0..4 {
            let moves = game.legal_moves_vec(&state);
            if moves.is_empty() {
                break;
            }
            let mv = moves[(k * 7 + 3) % moves.len()];
            played.push(game.move_to_string(&state, mv));
            game.make(&mut state, mv);
        }
        out.push_str(&format!(
            "\n== after {}\n{}",
            played.join(" "),
            picture(&game, &state)
        ));
        insta::assert_snapshot!(format!("show_{name}"), out);
    }
}

/// Option variants draw differently: a small hex board, a narrow Connect Four.
#[test]
fn show_variants() {
    let _guard = settings().bind_to_scope();
    let set = |k: &str, v: &str| vec![(k.to_string(), v.to_string())];
    let cases = [
        ("hex", set("size", "5"), "a2 d4 c3"),
        ("connect4", set("width", "5"), "c1 c2 d1"),
        ("breakthrough", set("size", "5"), "b2-b3 c4-c3"),
    ];
    for (name, set, moves) in cases {
        let game = tabletop::load_shipped(name, &set).unwrap();
        let mut state = game.start();
        for m in moves.split_whitespace() {
            let mv = game
                .parse_move(&state, m)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            game.make(&mut state, mv);
        }
        let opts: Vec<String> = set.iter().map(|(k, v)| format!("{k}{v}")).collect();
        insta::assert_snapshot!(
            format!("show_{name}_{}", opts.join("_")),
            format!("after {moves}\n{}", picture(&game, &state))
        );
    }
}

// ---------------------------------------------------------------------------------------
// The command line.

/// Runs the binary; returns the exit code and a transcript for the snapshot.
fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("run tabletop");
    let code = out.status.code().expect("exit code");
    let shown: Vec<String> = args
        .iter()
        .map(|a| {
            if a.contains(' ') || a.is_empty() {
                format!("\"{a}\"")
            } else {
                a.to_string()
            }
        })
        .collect();
    let mut t = format!("$ tabletop {}\nexit code: {code}\n", shown.join(" "));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !stdout.is_empty() {
        t.push_str(&format!("--- stdout\n{stdout}"));
    }
    if !stderr.is_empty() {
        t.push_str(&format!("--- stderr\n{stderr}"));
    }
    (code, t)
}

#[test]
fn cli_check_every_game() {
    let _guard = settings().bind_to_scope();
    let mut all = String::new();
    for name in tabletop::shipped_names() {
        let (code, t) = run(&["check", name]);
        assert_eq!(code, 0, "{t}");
        all.push_str(&t);
    }
    insta::assert_snapshot!("cli_check", all);
}

#[test]
fn cli_list() {
    let _guard = settings().bind_to_scope();
    let (code, t) = run(&["list"]);
    assert_eq!(code, 0, "{t}");
    for name in tabletop::shipped_names() {
        assert!(t.contains(name), "{t}");
    }
    insta::assert_snapshot!("cli_list", t);
}

#[test]
fn cli_moves_after() {
    let _guard = settings().bind_to_scope();
    let (code, t) = run(&["moves", "tictactoe", "--after", "b2"]);
    assert_eq!(code, 0, "{t}");
    insta::assert_snapshot!("cli_moves_tictactoe_after_b2", t);
}

/// A finished game says which rule ended it wherever a command meets it: `show`, `moves`
/// (on stderr, its list being empty) and an `--after` that goes past the end.
#[test]
fn cli_finished_games_name_the_rule() {
    let mate = "f2f3 e7e5 g2g4 d8h4";
    let rule = "Black wins (White is checkmated)";
    let (code, t) = run(&["show", "chess", "--after", mate]);
    assert_eq!(code, 0, "{t}");
    assert!(t.contains(&format!("game over: {rule}")), "{t}");
    let (code, t) = run(&["moves", "chess", "--after", mate]);
    assert_eq!(code, 0, "{t}");
    assert!(
        t.ends_with(&format!("--- stderr\ngame over: {rule}\n")),
        "{t}"
    );
    let (code, t) = run(&["moves", "chess", "--after", &format!("{mate} a2a3")]);
    assert_eq!(code, 2, "{t}");
    assert!(
        t.contains(&format!(
            "--after, move 5: the game is already over: {rule}\n"
        )),
        "{t}"
    );
    let (code, t) = run(&["show", "go", "--after", "e5 pass pass"]);
    assert_eq!(code, 0, "{t}");
    assert!(
        t.contains("game over: Black wins: both players passed; area Black 81, White 0 + 7.5 komi"),
        "{t}"
    );
}

#[test]
fn cli_show_position() {
    let _guard = settings().bind_to_scope();
    let (code, t) = run(&["show", "tictactoe", "--position", "XO1/1X1/2O X 3"]);
    assert_eq!(code, 0, "{t}");
    let (code2, t2) = run(&["show", "tictactoe", "--after", "a1 a2 b1 b2 c1"]);
    assert_eq!(code2, 0, "{t2}");
    assert!(t2.contains("game over: X wins"), "{t2}");
    insta::assert_snapshot!("cli_show", format!("{t}\n{t2}"));
}

/// The morris board (a graph board whose cells are named like coordinates) is drawn as
/// three nested squares with the lines between the points: empty, then with men on it.
#[test]
fn cli_show_morris() {
    let _guard = settings().bind_to_scope();
    let (code, t) = run(&["show", "morris"]);
    assert_eq!(code, 0, "{t}");
    let position = "W1B/BWW/1B1/W1BW1B/1W1/B1W/2B White 18 reserve=0,0";
    let (code2, t2) = run(&["show", "morris", "--position", position]);
    assert_eq!(code2, 0, "{t2}");
    insta::assert_snapshot!("cli_show_morris", format!("{t}\n{t2}"));
}

/// `perft` prints timings; the snapshot keeps only the depths and node counts.
#[test]
fn cli_perft() {
    let _guard = settings().bind_to_scope();
    let (code, t) = run(&["perft", "tictactoe", "3"]);
    assert_eq!(code, 0, "{t}");
    let stripped: String = t
        .lines()
        .map(|l| match l.find(" time ") {
            Some(i) if l.starts_with("depth ") => format!("{}\n", &l[..i]),
            _ => format!("{l}\n"),
        })
        .collect();
    insta::assert_snapshot!("cli_perft_tictactoe_3", stripped);

    let (code, t) = run(&["perft", "tictactoe", "2", "--divide"]);
    assert_eq!(code, 0, "{t}");
    let stripped: String = t
        .lines()
        .map(|l| match l.find(" (") {
            Some(i) if l.starts_with("total ") => format!("{}\n", &l[..i]),
            _ => format!("{l}\n"),
        })
        .collect();
    insta::assert_snapshot!("cli_perft_tictactoe_2_divide", stripped);
}

/// Bad usage: the message says what is wrong, and the exit code is 2 (1 for a broken rule
/// file). Nothing panics.
#[test]
fn cli_errors() {
    let _guard = settings().bind_to_scope();
    let cases: &[(&str, &[&str], i32)] = &[
        ("unknown_game", &["check", "tictacto"], 2),
        ("unknown_path", &["check", "no/such/file.game"], 2),
        (
            "set_not_a_number",
            &["check", "hex", "--set", "size=abc"],
            2,
        ),
        (
            "set_unknown_option",
            &["check", "hex", "--set", "nosuch=1"],
            2,
        ),
        ("set_option_typo", &["check", "hex", "--set", "sise=5"], 2),
        ("set_without_value", &["check", "hex", "--set", "size"], 2),
        (
            "set_bad_yes_no",
            &["check", "hex", "--set", "swap=maybe"],
            2,
        ),
        (
            "set_unknown_word",
            &["check", "go", "--set", "ko=simpel"],
            2,
        ),
        (
            "set_board_too_small",
            &["check", "hex", "--set", "size=0"],
            1,
        ),
        (
            "after_illegal",
            &["moves", "tictactoe", "--after", "b2 b2"],
            2,
        ),
        (
            "after_no_such_cell",
            &["moves", "tictactoe", "--after", "z9"],
            2,
        ),
        (
            "after_game_over",
            &["moves", "tictactoe", "--after", "a1 a2 b1 b2 c1 c3"],
            2,
        ),
        (
            "position_bad",
            &["show", "tictactoe", "--position", "XXX/3"],
            2,
        ),
        (
            "position_bad_player",
            &["show", "tictactoe", "--position", "3/3/3 Z"],
            2,
        ),
        (
            "rule_file_with_errors",
            &["check", "tests/bad/04_direction_typo.game"],
            1,
        ),
        ("rule_file_is_a_directory", &["check", "tests"], 2),
        ("unknown_subcommand", &["frobnicate", "hex"], 2),
    ];
    // The list of shipped games grows; it is checked here, and kept out of the snapshot.
    let games_line = format!("shipped games: {}", tabletop::shipped_names().join(", "));
    let mut all = String::new();
    for (name, args, want) in cases {
        let (code, t) = run(args);
        assert_eq!(code, *want, "{name}: {t}");
        assert!(!t.contains("panicked"), "{name}: {t}");
        if t.contains("shipped games:") {
            assert!(t.contains(&games_line), "{name}: {t}");
        }
        let t = t.replace(&games_line, "shipped games: <every shipped game>");
        all.push_str(&format!("## {name}\n{t}\n"));
    }
    insta::assert_snapshot!("cli_errors", all);

    // No subcommand: the usage (not snapshotted: it lists every subcommand, which grows).
    let (code, t) = run(&[]);
    assert_eq!(code, 2, "{t}");
    assert!(t.contains("Usage: tabletop <COMMAND>"), "{t}");
}
