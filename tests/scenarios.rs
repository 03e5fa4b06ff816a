//! Scenario files (`games/*.test`) and `tabletop test`: the shipped games' scenarios pass,
//! a game with one rule broken fails them with a message naming the assertion, and bad
//! scenario files, targets and assertions get clear messages and exit codes.

mod common;
use common::tabletop;

use std::path::{Path, PathBuf};

use tabletop::tools::scenario::{find_suites, run_suite, Found};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The numbers of the closing `N passed, N failed` line.
fn tally(stdout: &str) -> (usize, usize) {
    let last = stdout.lines().last().unwrap_or_default();
    let nums: Vec<usize> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(
        last.ends_with(" failed") && nums.len() == 2,
        "no closing line in:\n{stdout}"
    );
    (nums[0], nums[1])
}

/// A scratch folder of this test's own, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tabletop-scenarios-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Copies a shipped game and its scenarios into `dir`, changing one line of the rules.
fn broken_copy(dir: &Path, game: &str, line: &str, replacement: &str) -> PathBuf {
    let rules = std::fs::read_to_string(root().join(format!("games/{game}.game"))).unwrap();
    assert!(
        rules.contains(line),
        "games/{game}.game has no line {line:?}"
    );
    let path = dir.join(format!("{game}.game"));
    std::fs::write(&path, rules.replacen(line, replacement, 1)).unwrap();
    std::fs::copy(
        root().join(format!("games/{game}.test")),
        dir.join(format!("{game}.test")),
    )
    .unwrap();
    path
}

#[test]
fn every_shipped_game_has_scenarios_and_they_pass() {
    let mut total = 0;
    let mut report = String::new();
    for found in find_suites(None).unwrap() {
        let Found::Suite(suite) = found else {
            panic!("a shipped game without scenarios")
        };
        let results = run_suite(&suite, |_| {}).unwrap_or_else(|e| panic!("{}: {e}", suite.game));
        assert!(
            results.len() >= 5,
            "{}: only {} scenarios",
            suite.game,
            results.len()
        );
        total += results.len();
        for r in results.iter().filter(|r| !r.passed()) {
            report.push_str(&format!("{}: {} FAILED\n", suite.game, r.name));
            for d in &r.failures {
                report.push_str(&d.render(&suite.test_file, &suite.test_source));
            }
        }
    }
    assert!(report.is_empty(), "{report}");
    assert!(total >= 100, "{total} scenarios over the shipped games");
}

#[test]
fn test_command_runs_the_shipped_folder_and_the_built_in_games_alike() {
    let (code, folder, err) = tabletop(&["test", "games"]);
    assert_eq!(code, 0, "{folder}{err}");
    let (passed, failed) = tally(&folder);
    assert!(
        passed >= 100 && failed == 0,
        "{passed} passed, {failed} failed"
    );
    assert!(folder.contains("chess: castling through check is refused ... ok"));
    let (code, built_in, _) = tabletop(&["test"]);
    assert_eq!(code, 0);
    assert_eq!(tally(&built_in), (passed, 0));
    let (code, one, _) = tabletop(&["test", "tictactoe"]);
    assert_eq!(code, 0);
    assert_eq!(
        one.lines().next(),
        Some("tictactoe: every cell is open at the start ... ok")
    );
}

#[test]
fn chess_without_en_passant_fails_its_scenarios() {
    let dir = scratch("chess");
    let game = broken_copy(&dir, "chess", "move pawn: en-passant(pawn-capture)\n", "");
    let (code, out, _) = tabletop(&["test", game.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("chess: en passant right after the double step ... FAILED"),
        "{out}"
    );
    // The failure points at the assertion and shows both move lists.
    assert!(
        out.contains("chess.test:54:3: error: the legal moves from e5 differ"),
        "{out}"
    );
    assert!(out.contains("= not legal: exd6"), "{out}");
    assert!(out.contains("= actual (1): e6"), "{out}");
    // Every other rule still holds.
    assert!(
        out.contains("chess: castling on both sides ... ok"),
        "{out}"
    );
    // Its snapshot changes where the rule went, and nowhere else above the random game.
    let opts = tabletop::SnapshotOptions::default();
    let good = tabletop::snapshot(&tabletop::load_shipped("chess", &[]).unwrap(), &opts);
    let bad = tabletop::snapshot(&tabletop::load(game.to_str().unwrap(), &[]).unwrap(), &opts);
    assert_ne!(good, bad);
    assert!(good.contains("en-passant(pawn-capture)") && !bad.contains("en-passant(pawn-capture)"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn ur_without_the_rosette_turn_fails_its_scenarios() {
    let dir = scratch("ur");
    let game = broken_copy(&dir, "ur", "again if reach(rosettes)", "# no second roll");
    let (code, out, _) = tabletop(&["test", game.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let failed: Vec<&str> = out.lines().filter(|l| l.ends_with("... FAILED")).collect();
    assert!(
        failed.iter().any(|l| l.contains("rosette")),
        "no rosette scenario failed:\n{out}"
    );
    assert!(out.contains("error: it is another player's turn"), "{out}");
    let opts = tabletop::SnapshotOptions::default();
    let good = tabletop::snapshot(&tabletop::load_shipped("ur", &[]).unwrap(), &opts);
    let bad = tabletop::snapshot(&tabletop::load(game.to_str().unwrap(), &[]).unwrap(), &opts);
    assert_ne!(good, bad);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_failure_shows_expected_and_actual_at_the_assertion() {
    let dir = scratch("failures");
    std::fs::copy(root().join("games/tictactoe.game"), dir.join("t.game")).unwrap();
    std::fs::write(
        dir.join("t.test"),
        "scenario \"wrong count\"\n  moves count 8\n\nscenario \"wrong winner\"\n  play a1 a2 b1 b2 c1\n  result O wins\n\nscenario \"illegal move\"\n  play b2 b2\n  turn X\n\nscenario \"fine\"\n  perft 2 72\n",
    )
    .unwrap();
    let (code, out, _) = tabletop(&["test", dir.join("t.game").to_str().unwrap()]);
    assert_eq!(code, 1);
    let file = dir.join("t.test").display().to_string();
    let want = [
        "t: wrong count ... FAILED".to_string(),
        format!("{file}:2:15: error: the number of the legal moves differs"),
        "  = expected: 8".into(),
        "  = actual:   9".into(),
        "t: wrong winner ... FAILED".into(),
        format!("{file}:6:3: error: the result differs"),
        "  = expected: O wins".into(),
        "  = actual:   X wins (three in a row)".into(),
        "t: illegal move ... FAILED".into(),
        format!("{file}:9:11: error: move 2 of this line cannot be played"),
        "  = 'b2' is not a legal move here (b2 is taken: X's mark stands there)".into(),
        "t: fine ... ok".into(),
        "1 passed, 3 failed".into(),
    ];
    for w in &want {
        assert!(out.lines().any(|l| l == w), "missing line {w:?} in:\n{out}");
    }
    // A failed move stops its scenario: the `turn X` after it is not checked.
    assert!(!out.contains("another player's turn"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_scenario_files_targets_and_assertions_are_clear_errors() {
    let dir = scratch("bad");
    std::fs::copy(root().join("games/tictactoe.game"), dir.join("t.game")).unwrap();

    // A syntax error: the file does not run, exit 1, file:line:col and a caret.
    std::fs::write(dir.join("t.test"), "scenario \"a\"\n  moves includ a1\n").unwrap();
    let (code, out, _) = tabletop(&["test", dir.join("t.game").to_str().unwrap()]);
    assert_eq!(code, 1);
    let file = dir.join("t.test").display().to_string();
    assert!(
        out.contains(&format!("{file}:2:9: error: expected")),
        "{out}"
    );
    assert!(out.contains("found 'includ'"), "{out}");
    assert!(out.contains("0 passed, 0 failed"), "{out}");

    // Moves on cells the board does not have: a mistake in the scenario, named as such.
    std::fs::write(
        dir.join("t.test"),
        "scenario \"a\"\n  moves include z99\n  refuse d4\n  moves exclude a1 a9\n  turn Z\n",
    )
    .unwrap();
    let (code, out, _) = tabletop(&["test", dir.join("t.test").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.contains("2:17: error: there is no cell 'z99' on this board"),
        "{out}"
    );
    assert!(
        out.contains("3:10: error: there is no cell 'd4' on this board"),
        "{out}"
    );
    assert!(
        out.contains("4:20: error: there is no cell 'a9' on this board"),
        "{out}"
    );
    assert!(
        out.contains("5:8: error: no player 'Z' in this game"),
        "{out}"
    );

    // A bad option or start position.
    std::fs::write(
        dir.join("t.test"),
        "scenario \"a\"\n  set colour = red\n\nscenario \"b\"\n  from \"XXXX/3/3 X\"\n",
    )
    .unwrap();
    let (code, out, _) = tabletop(&["test", dir.join("t.game").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.contains("2:7: error: the game does not compile with these options"),
        "{out}"
    );
    assert!(out.contains("5:8: error: not a position"), "{out}");

    // Targets that name nothing to run: usage errors, exit 2.
    let (code, _, err) = tabletop(&["test", "chesss"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown game 'chesss'") && err.contains("did you mean 'chess'?"),
        "{err}"
    );
    let empty = scratch("empty");
    let (code, _, err) = tabletop(&["test", empty.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("no .game files in the folder"), "{err}");
    std::fs::remove_file(dir.join("t.test")).unwrap();
    let (code, _, err) = tabletop(&["test", dir.join("t.game").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("t.test beside"), "{err}");
    // A folder whose game has no scenarios says so and runs the others.
    let (code, out, _) = tabletop(&["test", dir.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("t.game: no scenarios"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(empty);
}

#[test]
fn snapshot_reports_are_identical_run_after_run() {
    let args = ["snapshot", "hex", "--set", "size=5", "--seed", "4"];
    let (code, first, err) = tabletop(&args);
    assert_eq!(code, 0, "{err}");
    let (_, second, _) = tabletop(&args);
    assert_eq!(first, second);
    assert!(first.contains("== perft to depth 3 ==\nperft 1: 25\nperft 2: 600\nperft 3: 13800\n"));
    assert!(first.contains("== random game (seed 4) =="));
    assert!(first.contains("result: "));
    // The command prints what the library returns.
    let game = tabletop::load_shipped("hex", &[("size".into(), "5".into())]).unwrap();
    let opts = tabletop::SnapshotOptions {
        seed: 4,
        ..Default::default()
    };
    assert_eq!(first, tabletop::snapshot(&game, &opts));
    // Bad values are usage errors.
    let (code, _, err) = tabletop(&["snapshot", "hex", "--depth", "99"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = tabletop(&["snapshot", "hex", "--seed", "x"]);
    assert_eq!(code, 2);
}
