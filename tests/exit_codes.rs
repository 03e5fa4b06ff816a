//! Every command's exit codes, as README.md and docs/cli.md list them: 0 success, 1 an error
//! in the rule file, record or game, 2 a wrong command line, 130 interrupted by Ctrl-C.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const BROKEN: &str = "game \"g\"\nplayers A, B\nboard square(3, 3)\nmove frob(x)\n";

fn code(args: &[&str], stdin: &str) -> i32 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait().unwrap().code().unwrap_or(-1)
}

#[test]
fn every_command_exits_0_1_and_2() {
    let dir = std::env::temp_dir().join(format!("tabletop-exit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.game");
    std::fs::write(&broken, BROKEN).unwrap();
    let broken = broken.to_str().unwrap();
    let bad_record = dir.join("bad.rec");
    std::fs::write(&bad_record, "nonsense\n").unwrap();
    let out_pgn = dir.join("out.pgn");
    // (command and its arguments after the game, standard input)
    let commands: &[(&str, &[&str], &str)] = &[
        ("check", &[], ""),
        ("describe", &[], ""),
        ("show", &[], ""),
        ("moves", &[], ""),
        ("perft", &["1"], ""),
        ("bench", &["--seconds", "0.1"], ""),
        ("tree", &[], ""),
        ("solve", &[], ""),
        ("snapshot", &["--depth", "1"], ""),
        ("selfcheck", &["--plies", "10"], ""),
        ("match", &["--games", "1", "--a", "ai:1", "--b", "ai:1"], ""),
        ("play", &["--plain"], "quit\n"),
        ("gtp", &[], "quit\n"),
        ("uci", &[], "quit\n"),
    ];
    for &(cmd, rest, input) in commands {
        let game = match cmd {
            "gtp" => "go",
            "uci" => "chess",
            _ => "tictactoe",
        };
        let with = |g: &str, extra: &[&str]| {
            let mut a = vec![cmd, g];
            a.extend_from_slice(rest);
            a.extend_from_slice(extra);
            code(&a, input)
        };
        assert_eq!(with(game, &[]), 0, "{cmd}: success");
        assert_eq!(with(broken, &[]), 1, "{cmd}: a broken rule file");
        assert_eq!(
            with(game, &["--no-such-option"]),
            2,
            "{cmd}: a wrong command line"
        );
        assert_eq!(with("no-such-game", &[]), 2, "{cmd}: an unknown game");
    }
    assert_eq!(code(&["test", "tictactoe"], ""), 0);
    assert_eq!(code(&["test", broken], ""), 2, "test: nothing to run");
    assert_eq!(code(&["test", "--no-such-option"], ""), 2);
    assert_eq!(code(&["list"], ""), 0);
    assert_eq!(code(&["list", "--no-such-option"], ""), 2);
    assert_eq!(
        code(
            &[
                "convert",
                bad_record.to_str().unwrap(),
                out_pgn.to_str().unwrap()
            ],
            ""
        ),
        1,
        "convert: a malformed record"
    );
    assert_eq!(code(&["convert"], ""), 2);
    // A game UCI cannot speak (no algebraic notation) is refused; serve runs until stopped
    // (tests/web_api.rs checks its other exits).
    assert_eq!(code(&["uci", "tictactoe"], "quit\n"), 1);
    assert_eq!(code(&["serve", "--no-such-option"], ""), 2);
    assert_eq!(code(&["serve", "--port", "http"], ""), 2);
    assert_eq!(code(&["no-such-command"], ""), 2);
    // match-report reads a folder of shards (tests/match_shards.rs checks its messages).
    let shards = dir.join("shards");
    let shards = shards.to_str().unwrap();
    let shard = [
        "match",
        "tictactoe",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "2",
    ];
    assert_eq!(
        code(
            &[&shard[..], &["--shard", "0/1", "--records", shards]].concat(),
            ""
        ),
        0
    );
    assert_eq!(
        code(
            &[&shard[..], &["--shard", "1/1", "--records", shards]].concat(),
            ""
        ),
        2
    );
    assert_eq!(code(&["match-report", shards], ""), 0);
    assert_eq!(code(&["match-report", shards, "--no-such-option"], ""), 2);
    assert_eq!(
        code(&["match-report", broken], ""),
        2,
        "a file, not a folder"
    );
    std::fs::remove_file(dir.join("shards/game-000001.txt")).unwrap();
    assert_eq!(code(&["match-report", shards], ""), 1, "a record missing");
    let _ = std::fs::remove_dir_all(dir);
}

/// Bad input files are exit code 1, as docs/cli.md says, whichever command reads them: a
/// rule or scenario file that is not UTF-8 (`test`), a record naming an unknown game, an
/// unknown option or a file (`convert`).
#[test]
fn bad_input_files_exit_1() {
    let dir = std::env::temp_dir().join(format!("tabletop-exit-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let rules = tabletop::games::shipped_source("tictactoe").unwrap();
    // Not UTF-8: the scenario file, then the rule file.
    std::fs::write(path("a.game"), rules).unwrap();
    std::fs::write(path("a.test"), b"scenario \"x\"\n\xff\xfe\n").unwrap();
    std::fs::write(path("b.game"), b"game \"b\"\n\xff\n").unwrap();
    std::fs::write(path("b.test"), "").unwrap();
    assert_eq!(code(&["test", &path("a.game")], ""), 1, "a .test not UTF-8");
    assert_eq!(code(&["test", &path("b.test")], ""), 1, "a .game not UTF-8");
    assert_eq!(code(&["test", &path("a.test")], ""), 1, "a .test not UTF-8");
    // Records naming what is not there.
    let out = path("out.txt");
    for (record, sgf, what) in [
        (
            "game no-such-game\nmoves b2\n",
            "(;TG[no-such-game];B[bb])",
            "an unknown game",
        ),
        (
            "game tictactoe\nset size=3\nmoves b2\n",
            "(;TG[tictactoe]TO[size=3];B[bb])",
            "an unknown option",
        ),
        (
            "game hex\nset size=abc\n",
            "(;TG[hex]TO[size=abc])",
            "a bad option value",
        ),
        (
            "game /etc/passwd\nmoves b2\n",
            "(;TG[/etc/passwd];B[bb])",
            "a file",
        ),
        (
            "game ../Cargo.toml\nmoves b2\n",
            "(;TG[../Cargo.toml];B[bb])",
            "a file",
        ),
    ] {
        std::fs::write(path("in.txt"), record).unwrap();
        assert_eq!(code(&["convert", &path("in.txt"), &out], ""), 1, "{what}");
        std::fs::write(path("in.sgf"), sgf).unwrap();
        assert_eq!(
            code(&["convert", &path("in.sgf"), &out], ""),
            1,
            "SGF: {what}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn ctrl_c_exits_130() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["perft", "chess", "12"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first depth is printed once the program runs, its handler installed.
    // The reader stays open: a closed standard output ends the program quietly (code 0).
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert!(line.starts_with("depth 1 "), "{line}");
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "interrupted\n");
}
