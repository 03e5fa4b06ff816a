//! Every example of `docs/testing.md` runs: its rule file and scenario file are written to
//! a scratch folder, `tabletop test` prints exactly the output the page shows (passing, and
//! failing after the change the page describes), the snapshot command prints the tail the
//! page shows, and the Rust example's calls work as written.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The fenced blocks of the page: (info string, text).
fn blocks() -> Vec<(String, String)> {
    let page =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/testing.md"))
            .unwrap();
    let mut out = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in page.lines() {
        match (&mut current, line.strip_prefix("```")) {
            (None, Some(info)) => current = Some((info.to_string(), String::new())),
            (Some(_), Some("")) => out.extend(current.take()),
            (Some((_, text)), _) => {
                text.push_str(line);
                text.push('\n');
            }
            (None, None) => {}
        }
    }
    out
}

fn block(info: &str, n: usize) -> String {
    blocks()
        .into_iter()
        .filter(|(i, _)| i == info)
        .nth(n)
        .unwrap_or_else(|| panic!("docs/testing.md has no block {n} of kind {info}"))
        .1
}

/// A console block: the command after `$ ` and the output below it.
fn console(n: usize) -> (Vec<String>, String) {
    let text = block("console", n);
    let (first, rest) = text.split_once('\n').unwrap();
    let cmd = first
        .strip_prefix("$ tabletop ")
        .expect("a tabletop command");
    (
        cmd.split_whitespace().map(str::to_string).collect(),
        rest.to_string(),
    )
}

fn run(dir: &Path, args: &[String]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-docs-testing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("mygame.game"), block("game", 0)).unwrap();
    std::fs::write(dir.join("mygame.test"), block("test", 0)).unwrap();
    dir
}

#[test]
fn the_tutorial_runs_as_shown() {
    let dir = scratch();
    let (args, shown) = console(0);
    let (code, out) = run(&dir, &args);
    assert_eq!(code, 0);
    assert_eq!(out, shown);

    // The failure the page shows, after the change it describes.
    let rules = block("game", 0);
    assert!(rules.contains("win if line(4)"));
    std::fs::write(dir.join("mygame.game"), rules.replace("line(4)", "line(3)")).unwrap();
    let (args, shown) = console(1);
    let (code, out) = run(&dir, &args);
    assert_eq!(code, 1);
    assert_eq!(out, shown);
    std::fs::write(dir.join("mygame.game"), rules).unwrap();

    // The snapshot command and the end of its report.
    let (args, _) = console(2);
    let (code, out) = run(&dir, &args);
    assert_eq!(code, 0);
    let tail = block("snapshot-tail", 0);
    assert!(out.contains(&tail), "{out}");

    // The Rust example, as an author's test would run it from their crate's folder.
    let rust = block("rust", 0);
    assert!(rust.contains(r#"tabletop::load("games/mygame.game", &[])"#));
    assert!(rust.contains("tabletop::snapshot(&game, &tabletop::SnapshotOptions::default())"));
    assert!(rust.contains("insta::assert_snapshot!(report);"));
    let game = tabletop::load(dir.join("mygame.game").to_str().unwrap(), &[]).unwrap();
    let first = tabletop::snapshot(&game, &tabletop::SnapshotOptions::default());
    let again = tabletop::snapshot(&game, &tabletop::SnapshotOptions::default());
    assert_eq!(first, again);
    assert!(first.contains("perft 3: 13800"));
    let _ = std::fs::remove_dir_all(dir);
}
