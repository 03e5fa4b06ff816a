//! A run killed mid-write (`kill -9`) leaves a temporary file that nothing else removes: the
//! next save beside it, or the next shard in its folder, removes it. Temporary files are
//! named `.NAME.tabletop-PID.tmp`; one whose process still runs is left alone.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

const BIN: &str = env!("CARGO_BIN_EXE_tabletop");

/// A process id that no process has (above Linux's largest, 2^22).
const DEAD: u32 = 999_999_999;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-stale-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_save_removes_the_temporary_file_a_killed_save_left() {
    let dir = scratch("save");
    let stale = format!(".rec.txt.tabletop-{DEAD}.tmp");
    let live = format!(".rec.txt.tabletop-{}.tmp", std::process::id());
    let other = format!(".other.txt.tabletop-{DEAD}.tmp");
    for f in [&stale, &live, &other] {
        std::fs::write(dir.join(f), "half a record").unwrap();
    }
    let out = common::tabletop_in(
        &dir,
        &["play", "tictactoe", "--first", "human", "--second", "human"],
        "b2\nsave rec.txt\nquit\n",
    );
    assert!(out.status.success(), "{out:?}");
    // The dead save's file is gone; a live process's, and another target's, are kept.
    assert_eq!(names(&dir), vec![other, live, "rec.txt".to_string()]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_shard_removes_the_temporary_files_a_killed_shard_left() {
    let dir = scratch("shard");
    let stale = format!(".game-000001.txt.tabletop-{DEAD}.tmp");
    std::fs::write(dir.join(&stale), "half a record").unwrap();
    let out = Command::new(BIN)
        .args(["match", "tictactoe", "--a", "random", "--b", "random"])
        .args(["--games", "2", "--seed", "5", "--shard", "0/1", "--records"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !names(&dir).iter().any(|n| n.ends_with(".tmp")),
        "{:?}",
        names(&dir)
    );
    let out = Command::new(BIN)
        .arg("match-report")
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
