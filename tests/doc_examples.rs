//! The documentation's examples are true: `docs/check-examples.sh` runs every rule file and
//! every `$ tabletop …` transcript of docs/language.md and docs/cli.md against the binary
//! this build made, and compares what it prints (times masked).

use std::process::Command;

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
}
