//! No file that a record names is ever read: a tabletop record's `game` line, an SGF's
//! `TG[...]` and a shard summary's game name only shipped games (or the rule file the user
//! gave on the command line). Every entry point that reads records is tried with names of
//! files, absolute and relative, and must refuse them with a clear message and show nothing
//! of the file.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod common;

const BIN: &str = env!("CARGO_BIN_EXE_tabletop");

/// The first line of the files a hostile record names: it must never appear in any output.
const SECRET: &str = "SECRET-FIRST-LINE";

/// A fresh folder holding `secret.txt` and `secret.game` (both starting with [`SECRET`]).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-recfiles-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["secret.txt", "secret.game"] {
        std::fs::write(dir.join(f), format!("{SECRET}\nmore\n")).unwrap();
    }
    dir
}

/// The hostile game names: system files, the repository's own files, rule files (which a
/// record may not name either), relative and absolute.
fn hostile(dir: &Path) -> Vec<String> {
    vec![
        "/etc/passwd".into(),
        "../Cargo.toml".into(),
        "Cargo.toml".into(),
        "secret.txt".into(),
        "secret.game".into(),
        "./secret.game".into(),
        dir.join("secret.game").to_str().unwrap().into(),
        dir.join("secret.txt").to_str().unwrap().into(),
    ]
}

/// Standard output and error together.
fn all(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Nothing of any file a hostile name points at came back.
fn shows_nothing(text: &str, what: &str) {
    for leak in [SECRET, "root:", "[package]", "more\n"] {
        assert!(!text.contains(leak), "{what}: '{leak}' leaked in\n{text}");
    }
}

const REFUSAL: &str = "which is not a shipped game; a record never names a file to read";

#[test]
fn convert_refuses_records_and_sgf_naming_files() {
    let dir = scratch("convert");
    for name in hostile(&dir) {
        std::fs::write(dir.join("in.txt"), format!("game {name}\nmoves b2\n")).unwrap();
        std::fs::write(dir.join("in.sgf"), format!("(;TG[{name}];B[bb])")).unwrap();
        for input in ["in.txt", "in.sgf"] {
            let out = common::tabletop_in(&dir, &["convert", input, "out.txt"], "");
            let text = all(&out);
            assert_eq!(out.status.code(), Some(1), "{name} {input}: {text}");
            assert!(text.contains(REFUSAL), "{name} {input}: {text}");
            shows_nothing(&text, &name);
            assert!(!dir.join("out.txt").exists());
        }
    }
    // The rule file given as --game is the one a record may name.
    std::fs::copy("games/tictactoe.game", dir.join("mine.game")).unwrap();
    std::fs::write(dir.join("in.txt"), "game mine.game\nmoves b2\n").unwrap();
    let out = common::tabletop_in(
        &dir,
        &["convert", "in.txt", "out.txt", "--game", "mine.game"],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", all(&out));
    let out = common::tabletop_in(&dir, &["convert", "in.txt", "out.txt"], "");
    assert_eq!(out.status.code(), Some(1), "{}", all(&out));
    assert!(all(&out).contains(REFUSAL));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn plays_load_refuses_records_and_sgf_naming_files() {
    let dir = scratch("play");
    for name in hostile(&dir) {
        std::fs::write(dir.join("in.txt"), format!("game {name}\nmoves b2\n")).unwrap();
        std::fs::write(dir.join("in.sgf"), format!("(;TG[{name}];B[bb])")).unwrap();
        let out = common::tabletop_in(
            &dir,
            &["play", "tictactoe", "--first", "human", "--second", "human"],
            "load in.txt\nload in.sgf\nhistory\nquit\n",
        );
        let text = all(&out);
        assert_eq!(out.status.code(), Some(0), "{name}: {text}");
        assert_eq!(text.matches(REFUSAL).count(), 2, "{name}: {text}");
        shows_nothing(&text, &name);
    }
    // A session of the user's own rule file loads records naming that file.
    std::fs::copy("games/tictactoe.game", dir.join("mine.game")).unwrap();
    let out = common::tabletop_in(
        &dir,
        &["play", "mine.game", "--first", "human", "--second", "human"],
        "b2\nsave rec.txt\nnew\nload rec.txt\nhistory\nquit\n",
    );
    let text = all(&out);
    assert!(text.contains("loaded mine (1 move) from rec.txt"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn gtp_loadsgf_refuses_sgf_naming_files() {
    let dir = scratch("gtp");
    for name in hostile(&dir) {
        std::fs::write(dir.join("in.sgf"), format!("(;TG[{name}];B[cc])")).unwrap();
        let out = common::tabletop_in(&dir, &["gtp", "go"], "loadsgf in.sgf\nquit\n");
        let text = all(&out);
        assert!(text.contains("? cannot load: "), "{name}: {text}");
        assert!(text.contains(REFUSAL), "{name}: {text}");
        shows_nothing(&text, &name);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_report_refuses_summaries_naming_files() {
    let dir = scratch("shards");
    let records = dir.join("results");
    let out = Command::new(BIN)
        .args(["match", "tictactoe", "--a", "random", "--b", "random"])
        .args(["--games", "2", "--seed", "3", "--shard", "0/1", "--records"])
        .arg(&records)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", all(&out));
    let summary = std::fs::read_to_string(records.join("shard-0.json")).unwrap();
    for name in hostile(&dir) {
        let quoted = serde_json::to_string(&name).unwrap();
        std::fs::write(
            records.join("shard-0.json"),
            summary.replace("\"tictactoe\"", &quoted),
        )
        .unwrap();
        let out = common::tabletop_in(&dir, &["match-report", "results"], "");
        let text = all(&out);
        assert_eq!(out.status.code(), Some(1), "{name}: {text}");
        assert!(text.contains(REFUSAL), "{name}: {text}");
        shows_nothing(&text, &name);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_web_server_refuses_uploads_naming_files() {
    let dir = scratch("web");
    let mut child = Command::new(BIN)
        .args(["serve", "--port", "0"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let at = line.find("http://").expect("the address");
    let base = line[at..]
        .split_whitespace()
        .next()
        .unwrap()
        .trim_end_matches('/');
    for name in hostile(&dir) {
        for (record, format) in [
            (format!("game {name}\nmoves b2\n"), "tabletop"),
            (format!("(;TG[{name}];B[bb])"), "sgf"),
        ] {
            let body = serde_json::json!({ "record": record, "format": format }).to_string();
            let res = ureq::post(&format!("{base}/api/sessions"))
                .set("content-type", "application/json")
                .send_string(&body);
            let (status, text) = match res {
                Ok(r) => (r.status(), r.into_string().unwrap()),
                Err(ureq::Error::Status(s, r)) => (s, r.into_string().unwrap()),
                Err(e) => panic!("{e}"),
            };
            assert!(
                status == 400 || status == 404,
                "{name} {format}: {status} {text}"
            );
            assert!(
                text.contains("unknown game") || text.contains(REFUSAL),
                "{name} {format}: {text}"
            );
            shows_nothing(&text, &name);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    std::fs::remove_dir_all(&dir).unwrap();
}
