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
