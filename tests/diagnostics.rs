//! Diagnostics for broken rule files, reviewed as snapshots (the Gleam way).
//!
//! Each `tests/bad/NN_name.game` holds one realistic mistake, described in its first line.
//! Compiling it must fail (never panic), and the snapshot records the source and the
//! rendered errors: `file:line:col: error: message`, the source line, a caret under the
//! offending text, and a hint where one helps.
//!
//! Snapshots live in `tests/snapshots/diagnostics/`. After an intended change to a message,
//! regenerate with `INSTA_UPDATE=always cargo test --test diagnostics` and review the diff.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use tabletop::lang::Diagnostic;
use tabletop::LoadError;

fn bad_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    files
}

/// Compiles one broken file; returns its diagnostics and the rendered error text.
fn compile_bad(path: &Path) -> (String, Vec<Diagnostic>, String) {
    let stem = path.file_stem().unwrap().to_string_lossy().to_string();
    let shown = format!("tests/bad/{stem}.game");
    let src = std::fs::read_to_string(path).unwrap();
    let result = catch_unwind(AssertUnwindSafe(|| {
        tabletop::compile_source(&stem, &shown, &src, &[])
    }));
    let result = result.unwrap_or_else(|_| panic!("{shown}: the compiler panicked"));
    let err = match result {
        Ok(_) => panic!("{shown}: compiled without an error"),
        Err(e) => e,
    };
    let LoadError::Rules {
        file, diagnostics, ..
    } = &err
    else {
        panic!("{shown}: expected rule-file errors, found {err:?}");
    };
    assert_eq!(file, &shown);
    (src, diagnostics.clone(), err.to_string())
}

#[test]
fn enough_bad_files() {
    let n = bad_files().len();
    assert!(n >= 35, "only {n} files in tests/bad");
}

/// Every broken file fails with well-formed diagnostics, and the snapshot shows them.
#[test]
fn bad_rule_files() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots/diagnostics");
    settings.set_prepend_module_to_snapshot(false);
    let _guard = settings.bind_to_scope();
    for path in bad_files() {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let (src, diags, rendered) = compile_bad(&path);
        assert!(!diags.is_empty(), "{stem}: an error without diagnostics");
        for d in &diags {
            assert!(
                d.span.start <= d.span.end && d.span.end as usize <= src.len(),
                "{stem}: span {:?} outside the file",
                d.span
            );
            assert!(!d.message.is_empty(), "{stem}: empty message");
            assert!(
                !d.message.ends_with('.'),
                "{stem}: messages are sentences without a final period: {}",
                d.message
            );
        }
        assert!(
            rendered.starts_with(&format!("tests/bad/{stem}.game:")),
            "{stem}: {rendered}"
        );
        let n = diags.len();
        assert!(
            rendered.ends_with(&format!(
                "tests/bad/{stem}.game: {n} error{}",
                if n == 1 { "" } else { "s" }
            )),
            "{stem}: {rendered}"
        );
        let mistake = src
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# Mistake: "))
            .unwrap_or_else(|| panic!("{stem}: first line should be '# Mistake: …'"));
        insta::assert_snapshot!(
            stem.clone(),
            format!("----- SOURCE CODE\n{src}\n----- ERROR\n{rendered}\n"),
            mistake
        );
    }
}

/// Misspelled names get a `did you mean` hint naming the right one.
#[test]
fn typos_get_suggestions() {
    let cases = [
        ("04_direction_typo", "forward"),
        ("07_unknown_piece", "pawn"),
        ("08_unknown_zone", "far-row"),
        ("09_unknown_player", "Black"),
        ("10_unknown_option", "size"),
        ("11_unknown_primitive", "step"),
        ("12_unknown_ending", "connect"),
        ("16_named_argument_typo", "to"),
        ("36_unknown_condition", "empty"),
        ("40_unknown_board_shape", "square"),
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    for (stem, want) in cases {
        let (_, diags, rendered) = compile_bad(&dir.join(format!("{stem}.game")));
        let hint = format!("did you mean '{want}'?");
        assert!(
            diags.iter().any(|d| d.hint.as_deref() == Some(&hint)),
            "{stem}: no hint \"{hint}\" in\n{rendered}"
        );
    }
}

/// Options given on the command line are checked like the file's own.
#[test]
fn bad_overrides_are_usage_errors() {
    let set = |k: &str, v: &str| vec![(k.to_string(), v.to_string())];
    for (name, over, want) in [
        (
            "hex",
            set("size", "abc"),
            "--set size=abc: option 'size' takes a whole number, not 'abc'",
        ),
        (
            "hex",
            set("swap", "maybe"),
            "--set swap=maybe: option 'swap' takes yes or no, not 'maybe'",
        ),
        (
            "hex",
            set("sise", "5"),
            "--set sise=5: the game 'hex' has no option 'sise'; did you mean 'size'?",
        ),
        (
            "tictactoe",
            set("size", "5"),
            "--set size=5: the game 'tictactoe' has no option 'size' (it has no options)",
        ),
    ] {
        let err = tabletop::load_shipped(name, &over).unwrap_err();
        assert_eq!(err.exit_code(), 2);
        assert_eq!(err.to_string(), want);
    }
    // A value that is well-formed but makes the board impossible is a rule-file error,
    // pointing at where the option is used.
    let err = tabletop::load_shipped("hex", &set("size", "0")).unwrap_err();
    assert_eq!(err.exit_code(), 1);
    assert!(err.to_string().contains("between 1 and 64, not 0"), "{err}");
}

/// Odd inputs that are not rule files at all: nothing panics.
#[test]
fn odd_inputs_do_not_panic() {
    for src in [
        "",
        "\n\n\n",
        "# only a comment",
        "game",
        "game \"\"",
        "players",
        "players A, B\nboard square(0, 0)",
        "players A, B\nboard square(-1, 3)",
        "players A, B\nboard square(99999999999999999999, 3)",
        "players A, B\nboard hex-columns()",
        "players A, B\nboard graph",
        "players A, B\nboard square(3, 3)\nremove a1, a2, a3, b1, b2, b3, c1, c2, c3",
        "players A, B\nboard square(3,3)\npiece p = \"P\" for A, \"Q\" for B\nmove p: step(n + n + n + n + n + n + n + n + n + n + n + n)",
        "players A, B\nboard square(3,3)\npiece s = \"S\" for A, \"T\" for B\nmove place(s) then place(s) then place(s) then place(s) then place(s) then place(s) then place(s) then place(s) then place(s) then place(s) then place(s) then place(s) then place(s)",
        "players A, B\nboard square(3,3)\ndefine x = x\nmove x",
        "players A, B\nboard square(3,3)\ndefine f(a) = f(a)\nmove f(1)",
        "players \u{e9}, B\nboard square(3,3)",
        "players A, B\nboard square(3,3)\npiece p = \"\u{e9}\u{301}\" for A, \"Q\" for B",
        "\u{feff}game \"BOM\"",
        "game \"X\"\nplayers A,\u{a0}B\n",
        "game \"X\"\nplayers A, B\nboard\u{3000}square(3, 3)\n",
        "players A, B\r\nboard square(3, 3)\r\npiece s = \"S\" for A, \"T\" for B\r\nmove place(s\r\n",
    ] {
        let r = catch_unwind(|| tabletop::compile_source("odd", "odd.game", src, &[]));
        let r = r.unwrap_or_else(|_| panic!("the compiler panicked on {src:?}"));
        if let Err(e) = r {
            // Rendering must not panic either (spans at the end, multi-byte text).
            let _ = e.to_string();
        }
    }
}
