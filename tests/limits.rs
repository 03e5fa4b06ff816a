//! Hostile rule files and command lines (issue 16's list): each gets a clear message and
//! the right exit code, with bounded output, and none crashes or exhausts the machine.
//! Rule files go through the real binary; the deep-nesting checks run on a thread with a
//! small stack, so a recursion that could overflow would fail here first.

use std::process::Command;

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("tabletop-limits-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `tabletop check` of a rule file with these bytes: (exit code, stderr).
fn check(name: &str, bytes: &[u8]) -> (i32, String) {
    let d = scratch(name);
    let f = d.join("g.game");
    std::fs::write(&f, bytes).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["check", f.to_str().unwrap()])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(d);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const HEAD: &str =
    "game \"g\"\nplayers A, B\nboard square(3, 3)\npiece m = \"X\" for A, \"O\" for B\n";

/// No line of the output is longer than a few hundred characters.
fn assert_bounded(out: &str) {
    let longest = out.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(longest <= 300, "a line of {longest} characters");
}

#[test]
fn a_multibyte_character_after_the_failing_token_is_rendered() {
    for odd in ["🂡", "\u{200b}", "\u{a0}", "\u{3000}", "\u{202e}"] {
        let (code, err) = check(
            "mb",
            format!("game \"g\"\nboard square(3{odd})\n").as_bytes(),
        );
        assert_eq!(code, 1, "{odd:?}: {err}");
        assert!(err.contains("g.game:2:"), "{odd:?}: {err}");
        assert!(!err.contains("panicked"), "{odd:?}: {err}");
    }
}

#[test]
fn long_lines_are_elided_around_the_error() {
    let line = format!("board square(3, 3{})\n", ", 3".repeat(100_000));
    let (code, err) = check(
        "long",
        format!("game \"g\"\nplayers A, B\n{line}").as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.len() < 5_000, "{} bytes of diagnostics", err.len());
    assert_bounded(&err);
    assert!(err.contains('…'), "{err}");
}

#[test]
fn many_errors_are_counted_not_all_printed() {
    let text = format!(
        "game \"g\"\nplayers A, B{}\nboard square(3, 3)\n",
        ", a".repeat(10_000)
    );
    let (code, err) = check("many", text.as_bytes());
    assert_eq!(code, 1);
    assert!(err.len() < 100_000, "{} bytes of diagnostics", err.len());
    assert!(
        err.contains(" more errors"),
        "{}",
        &err[err.len().saturating_sub(300)..]
    );
    assert_bounded(&err);
}

#[test]
fn deep_nesting_is_a_limit_not_a_stack_overflow() {
    let run = |name: &'static str, text: String| {
        std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || {
                let e = tabletop::compile_source(name, "g.game", &text, &[])
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_else(|| "compiled".into());
                assert!(e.len() < 10_000, "{name}: {} bytes", e.len());
                e
            })
            .unwrap()
            .join()
            .unwrap()
    };
    let parens = |n: usize| {
        format!(
            "{HEAD}move place(m, on: {}empty{})\n",
            "(".repeat(n),
            ")".repeat(n)
        )
    };
    for n in [1_500, 300_000] {
        let e = run("parens", parens(n));
        assert!(
            e.contains("expressions nest deeper than 64 brackets"),
            "{e}"
        );
    }
    let e = run(
        "nots",
        format!("{HEAD}move place(m, on: {}empty)\n", "not ".repeat(200_000)),
    );
    assert!(e.contains("more than 64 'not' in a row"), "{e}");
    let e = run(
        "ands",
        format!(
            "{HEAD}move place(m, on: empty{})\nwin if line(3)\n",
            " and empty".repeat(100_000)
        ),
    );
    // A long flat chain is no nesting: it compiles (or is refused with a message).
    assert!(e == "compiled" || e.contains("error"), "{e}");
    let e = run("huge", format!("{HEAD}# {}\n", "x".repeat(2 << 20)));
    assert!(e.contains("rule files may have at most 1048576"), "{e}");
}

#[test]
fn definitions_that_double_are_stopped_and_a_long_chain_is_named_a_limit() {
    let mut text = format!("{HEAD}define d0 = n\n");
    for i in 1..=30 {
        text.push_str(&format!("define d{i} = d{}, d{}\n", i - 1, i - 1));
    }
    text.push_str("direction far = d30\nmove m: step(far)\nwin if line(3)\n");
    let e = tabletop::compile_source("g", "g.game", &text, &[])
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.contains("the definitions expand to more than 500000 parts (a limit"),
        "{e}"
    );
    let mut chain = format!("{HEAD}define c0 = empty\n");
    for i in 1..=40 {
        chain.push_str(&format!("define c{i} = c{}\n", i - 1));
    }
    chain.push_str("move place(m, on: c40)\n");
    let e = tabletop::compile_source("g", "g.game", &chain, &[])
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.contains("more than 32 deep (a limit of the rule language)"),
        "{e}"
    );
    assert!(!e.contains("without end"), "{e}");
    // A real cycle is still called one.
    let cycle = format!("{HEAD}define a = b\ndefine b = a\nmove place(m, on: a)\n");
    let e = tabletop::compile_source("g", "g.game", &cycle, &[])
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("without end"), "{e}");
}

#[test]
fn encoding_a_bom_is_read_and_bad_utf8_is_a_rule_file_error() {
    let ttt = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/games/tictactoe.game")).unwrap();
    let mut bom = b"\xef\xbb\xbf".to_vec();
    bom.extend_from_slice(&ttt);
    let (code, err) = check("bom", &bom);
    assert_eq!(code, 0, "{err}");
    let mut latin1 = b"game \"g\"\n# caf\xe9\n".to_vec();
    latin1.extend_from_slice(&ttt);
    let (code, err) = check("latin1", &latin1);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("g.game:2:6: error: byte 14 is not UTF-8"),
        "{err}"
    );
}

#[test]
fn a_long_typed_move_is_refused_quickly_without_a_suggestion() {
    let g = tabletop::load_shipped("nex", &[]).unwrap();
    let s = g.start();
    let text = "Ba1?".repeat(2_500);
    let e = g.parse_move(&s, &text).unwrap_err().to_string();
    assert!(!e.contains("did you mean"), "{}", &e[..200.min(e.len())]);
}

#[test]
fn match_sizes_are_capped() {
    for args in [
        &[
            "match",
            "tictactoe",
            "--a",
            "ai:1",
            "--b",
            "ai:1",
            "--games",
            "4000000000",
        ][..],
        &[
            "match",
            "tictactoe",
            "--a",
            "ai:1",
            "--b",
            "ai:1",
            "--threads",
            "1000000",
        ],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not in 1.."), "{args:?}: {err}");
    }
}

/// Runs `tabletop ARGS FILE` on a rule file with this text: (exit code, stdout, stderr).
fn run_on(name: &str, text: &str, args: &[&str]) -> (i32, String, String) {
    let d = scratch(name);
    let f = d.join("g.game");
    std::fs::write(&f, text).unwrap();
    let mut all: Vec<&str> = args.to_vec();
    all.insert(1, f.to_str().unwrap());
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(&all)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(d);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const BOARD8: &str =
    "game \"g\"\nplayers A, B\nboard square(8, 8)\npiece m = \"X\" for A, \"O\" for B\n";

#[test]
fn moves_that_cannot_fit_in_memory_are_refused_by_check() {
    let neutrals: Vec<String> = (b'a'..=b'h')
        .flat_map(|c| (1..=8).map(move |r| format!("{}{r}", c as char)))
        .collect();
    for (name, rule) in [
        (
            "place6",
            "move place(m) then place(m) then place(m) then place(m) then place(m) then place(m)\n"
                .to_string(),
        ),
        (
            "fly",
            "setup m at a1, b1, c1 for A, h8 for B\nmove m: fly(to: empty) then fly(to: empty) then fly(to: empty) then fly(to: empty)\n"
                .to_string(),
        ),
        (
            "convert",
            format!(
                "piece neutral = \"?\"\nsetup neutral at {}\nmove convert(neutral, into: m, count: 13)\n",
                neutrals.join(", ")
            ),
        ),
    ] {
        let text = format!("{BOARD8}{rule}win if line(5)\n");
        for cmd in ["check", "moves", "perft"] {
            let args: &[&str] = if cmd == "perft" { &["perft", "2"] } else { &[cmd] };
            let (code, _, err) = run_on(name, &text, args);
            assert_eq!(code, 1, "{name} {cmd}: {err}");
            assert!(
                err.contains("ways in one position; at most 33554432 are allowed"),
                "{name} {cmd}: {err}"
            );
            assert_bounded(&err);
        }
    }
}

#[test]
fn a_position_with_too_many_moves_is_an_error_not_an_abort() {
    // 64·63·62·61 moves: under the check-time bound, over the engine's cap.
    let text = format!(
        "{BOARD8}move place(m) then place(m) then place(m) then place(m)\nwin if line(5)\n"
    );
    let (code, out, err) = run_on("cap", &text, &["moves"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty(), "{} bytes listed", out.len());
    assert!(
        err.contains("a position has more than 2097152 legal moves"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_jump_round_a_cycle_is_listed_once_and_counts_end() {
    let text = "game \"g\"\nplayers A, B\nboard square(4, 4)\npiece m = \"X\" for A, \"O\" for B\nsetup m at b2 for A, b3, c2, c3 for B\nmove m: jump(orthogonal, diagonal, over: occupied, to: empty, repeat: yes)\ndraw if no-moves\n";
    let (code, out, err) = run_on("cycle", text, &["moves"]);
    assert_eq!(code, 0, "{err}");
    // No move comes back to a cell it left: going round the cycle is no move.
    assert_eq!(out, "b2-b4-d2\nb2-d2-b4\nb2-d4\n");
    let (code, out, err) = run_on("cycle", text, &["perft", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("depth 3 nodes 24"), "{out}");
    let (code, _, err) = run_on("cycle", text, &["bench", "--seconds", "0.2"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_repeated_move_rule_is_refused() {
    let mut text = BOARD8.to_string();
    for _ in 0..1000 {
        text.push_str("move place(m, on: empty)\n");
    }
    text.push_str("win if line(5)\n");
    let (code, _, err) = run_on("dup", &text, &["check"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "g.game:6:6: error: this move repeats an earlier rule ('place(m, on: empty)')"
        ),
        "{err}"
    );
    assert!(err.contains("… and 949 more errors"), "{err}");
    assert_bounded(&err);
}

#[test]
fn counters_that_would_wrap_are_refused() {
    let show = |game: &str, pos: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(["show", game, "--position", pos, "--after", ""])
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    for (game, pos, msg) in [
        (
            "tictactoe",
            "3/3/3 X 4294967295",
            "ply count 4294967295 is too large (at most 1073741824)",
        ),
        (
            "tictactoe",
            "3/3/3 X 0 quiet=99999999999",
            "number of quiet plies 99999999999 is too large",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2147483647",
            "move number 2147483647 is too large (at most 536870912)",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967295 1",
            "half-move clock 4294967295 is too large",
        ),
        (
            "draughts",
            "2bb/1b1b/b1bb/w3/3b/bww1/1www/429496729642949672961w1w White 23",
            "line 8 has more than 4 cells",
        ),
    ] {
        let (code, err) = show(game, pos);
        assert_eq!(code, 2, "{pos}: {err}");
        assert!(err.contains(msg), "{pos}: {err}");
        assert!(!err.contains("panicked"), "{pos}: {err}");
    }
    // The largest allowed counts still play on without wrapping.
    let g = tabletop::load_shipped("tictactoe", &[]).unwrap();
    let mut s = g.parse_position("3/3/3 X 1073741824").unwrap();
    let mv = g.parse_move(&s, "a1").unwrap();
    g.make(&mut s, mv);
    assert_eq!(g.position_to_string(&s), "3/3/X2 O 1073741825");
}

#[test]
fn solve_stops_at_its_memory_limit() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["solve", "hex", "--set", "size=4", "--memory", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "the solver's table reached its memory limit of 2 MB before the game was solved"
        ),
        "{err}"
    );
    for bad in ["0", "abc", "99999999"] {
        let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(["solve", "tictactoe", "--memory", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn an_unclosed_call_is_one_error_with_a_bounded_line() {
    // Past the size whose syntax error is worked out by a second parse.
    let text = format!("{HEAD}move place(m, on: f({}\n", "a, ".repeat(30_000));
    let (code, err) = check("unclosed", text.as_bytes());
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("g.game:6:1: error: expected an argument"),
        "{err}"
    );
    assert!(err.ends_with("g.game: 1 error\n"), "{err}");
    assert_bounded(&err);
}

#[test]
fn a_no_break_space_in_pgn_separates_moves() {
    // Found by the records fuzz: the reader stood still on it, listing empty words until
    // the memory ran out.
    let games = tabletop::io::pgn::parse_pgn("1. e4\u{a0}e5\u{3000}2. Nf3 *\n").unwrap();
    assert_eq!(games[0].moves, ["e4", "e5", "Nf3"]);
}

#[test]
fn perft_depth_is_capped_and_stops_when_every_game_has_ended() {
    // A depth of four thousand million once allocated a move list per ply (an abort with
    // `--divide`) or printed a line per depth without end.
    for extra in [&[][..], &["--divide"][..]] {
        let mut args = vec!["perft", "tictactoe", "4000000000"];
        args.extend_from_slice(extra);
        let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("is not in 0..=1000"), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
    // Tic-tac-toe has no 10-ply game: the count stops there instead of printing 990 zeros.
    let text = "game \"g\"\nplayers A, B\nboard square(2, 2)\npiece m = \"X\" for A, \"O\" for B\nmove place(m, on: empty)\ndraw if no-moves\n";
    let (code, out, err) = run_on("deep", text, &["perft", "1000"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 6, "{out}");
    assert!(out.contains("depth 4 nodes 24 "), "{out}");
    assert!(out.contains("depth 5 nodes 0 "), "{out}");
    assert!(
        out.ends_with("no game lasts 5 plies from here: depths 5 to 1000 all count 0\n"),
        "{out}"
    );
}

#[test]
fn bench_seconds_beyond_a_day_are_refused_not_a_panic() {
    // 1e300 seconds once panicked converting to a Duration.
    for value in ["1e300", "86401", "inf", "NaN"] {
        let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(["bench", "tictactoe", "--seconds", value])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{value}: {err}");
        assert!(
            err.contains("--seconds must be a number from 0 to 86400 (a day)"),
            "{value}: {err}"
        );
        assert!(!err.contains("panicked"), "{value}: {err}");
    }
}

#[test]
fn a_play_delay_beyond_a_minute_is_refused() {
    // 2^64-1 milliseconds once made the first AI move wait for ever.
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args([
            "play",
            "tictactoe",
            "--plain",
            "--first",
            "ai:1",
            "--second",
            "ai:1",
        ])
        .args(["--delay", "18446744073709551615"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is not in 0..=60000"), "{err}");
}

/// Every length of expression has a limit with a true message: a long `+ 1` chain (which
/// nests to the left) is refused as too deep, not as definitions inside definitions, and
/// not by overflowing the stack; a chain within the limit compiles; long `and` chains are
/// flat and compile.
#[test]
fn long_expressions_are_limited_with_a_true_message() {
    let sum = |n: usize| {
        format!(
            "{HEAD}move place(m, on: empty)\nwin if line(3) and count(m) >= 1{}\n",
            " + 1".repeat(n)
        )
    };
    for n in [300, 5_000, 200_000] {
        let (code, err) = check("sum", sum(n).as_bytes());
        assert_eq!(code, 1, "{n}: {err}");
        assert!(
            err.contains("this expression nests more than 256 levels deep"),
            "{n}: {err}"
        );
        assert!(
            !err.contains("definitions used inside definitions"),
            "{err}"
        );
        assert_bounded(&err);
    }
    let (code, err) = check("short-sum", sum(100).as_bytes());
    assert_eq!(code, 0, "{err}");
    let (code, err) = check(
        "minus",
        format!(
            "{HEAD}move place(m, on: empty)\nwin if line(3) and count(m) >= 9{}\n",
            " - 1 + 1".repeat(100_000)
        )
        .as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("nests more than 256 levels deep"), "{err}");
    // Definitions that each add to a sum: the whole is limited, and said so.
    let mut text = format!("{HEAD}define s0 = 1{}\n", " + 1".repeat(200));
    for i in 1..=20 {
        text.push_str(&format!("define s{i} = s{}{}\n", i - 1, " + 1".repeat(200)));
    }
    text.push_str("move place(m, on: empty)\nwin if line(3) and count(m) >= s20\n");
    let (code, err) = check("defined-sums", text.as_bytes());
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("with its definitions put in, this expression nests more than 1024"),
        "{err}"
    );
    // 100,000 `and`: a flat list, no nesting.
    let ands = format!(
        "{HEAD}move place(m, on: empty{})\nwin if line(3)\n",
        " and empty".repeat(100_000)
    );
    let (code, err) = check("ands", ands.as_bytes());
    assert_eq!(code, 0, "{err}");
}
