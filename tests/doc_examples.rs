//! The documentation's examples are true: `docs/check-examples.sh` runs every rule file and
//! every `$ tabletop …` transcript of docs/language.md and docs/cli.md against the binary
//! this build made, and compares what it prints (times masked).
//!
//! The script's own count is checked too: a script that found no blocks (a moved file, a
//! changed fence) would report "0 examples checked, 0 failed" and pass.

use std::process::Command;

/// The number in `text` just before `label` (`"101 examples checked"` → 101).
fn count_before(text: &str, label: &str) -> usize {
    let at = text
        .find(label)
        .unwrap_or_else(|| panic!("no '{label}' in the script's report:\n{text}"));
    let digits: String = text[..at]
        .trim_end()
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits
        .chars()
        .rev()
        .collect::<String>()
        .parse()
        .unwrap_or_else(|_| panic!("no count before '{label}' in:\n{text}"))
}

#[test]
fn every_documented_example_prints_what_the_docs_say() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("bash")
        .arg(format!("{root}/docs/check-examples.sh"))
        .env("TABLETOP", env!("CARGO_BIN_EXE_tabletop"))
        .output()
        .expect("bash runs docs/check-examples.sh");
    let err = String::from_utf8_lossy(&out.stderr);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{err}");
    assert!(text.contains(" examples checked, 0 failed"), "{text}{err}");
    // 101 when this was written: rule files, diagnostics and transcripts of both pages.
    assert!(count_before(&text, "examples checked") >= 95, "{text}");
    // Every kind of transcript ran, the ones with typed input included; the only skip
    // (serve, a server that runs until stopped) is named with the test that covers it.
    assert!(count_before(&text, "commands,") >= 25, "{text}");
    for kind in ["play", "uci", "gtp", "bench"] {
        assert!(
            count_before(&text, &format!(" {kind}")) >= 1,
            "no {kind} transcript ran:\n{text}"
        );
    }
    assert!(
        text.contains("serve (runs until stopped; tests/web_api.rs checks it)"),
        "{text}"
    );
}
