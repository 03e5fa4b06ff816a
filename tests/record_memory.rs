//! Memory proportional to what a record holds: reading an SGF or a tabletop record of a
//! million passes, and loading it into a session (what `play`'s `load`, GTP `loadsgf` and the
//! web upload do), takes at most a few hundred bytes a move. Each case runs in a child
//! process (this test binary again), which reads its own peak resident size (`VmHWM` in
//! `/proc/self/status`) after the work and its resident size before.

use std::process::Command;

use tabletop::ui::record::Record;
use tabletop::ui::session::model::Session;
use tabletop::ui::sgf::parse_sgf_with;

/// Moves in each big record.
const MOVES: usize = 1_000_000;

/// The most bytes a move may take, peak over the resident size before the work (the text
/// itself already counted): generous (a move's text, its undo frame and its history entry
/// take about 150 together).
const BYTES_PER_MOVE: u64 = 400;

/// A game where passing never ends the game, so a record may hold any number of passes.
const PASSING: &str = "game \"Passing\"\nplayers A, B\nboard square(3, 3)\n\
                       piece stone = \"X\" for A, \"O\" for B\nmove place(stone)\nmove pass\n";

/// The environment variable that makes this binary a child running one case.
const CHILD: &str = "TABLETOP_MEMORY_CASE";

/// A line of `/proc/self/status` in bytes (`VmRSS:  1234 kB`).
fn status_bytes(key: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("Linux /proc");
    let line = status
        .lines()
        .find(|l| l.starts_with(key))
        .unwrap_or_else(|| panic!("no {key} in /proc/self/status"));
    let kb: u64 = line
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("a number of kB");
    kb * 1024
}

/// Runs one case in this process: builds the record's text, then reads and loads it; prints
/// the bytes a move took.
fn child(case: &str) {
    let dir = std::env::temp_dir().join(format!("tabletop-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("passing.game");
    std::fs::write(&rules, PASSING).unwrap();
    let rules = rules.to_str().unwrap().to_string();
    let text = match case {
        "sgf" => {
            let mut t = format!("(;TG[{rules}]");
            for i in 0..MOVES {
                t.push_str(if i % 2 == 0 { ";B[]" } else { ";W[]" });
            }
            t.push(')');
            t
        }
        _ => {
            let mut t = format!("game {rules}\n");
            for _ in 0..MOVES / 10 {
                t.push_str("moves pass pass pass pass pass pass pass pass pass pass\n");
            }
            t
        }
    };
    let before = status_bytes("VmRSS:");
    let record = match case {
        "sgf" => {
            parse_sgf_with(&text, Some(&rules))
                .expect("the SGF reads")
                .record
        }
        _ => Record::parse(&text).expect("the record reads"),
    };
    assert_eq!(record.moves.len(), MOVES);
    let game = tabletop::load(&rules, &[]).unwrap();
    let mut session = Session::new(game, &rules, &[], None, &[], 1);
    session.load_record(&record).expect("the record loads");
    assert_eq!(session.history().len(), MOVES);
    let peak = status_bytes("VmHWM:");
    println!(
        "bytes a move: {}",
        peak.saturating_sub(before) / MOVES as u64
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `case` in a child process and returns the bytes a move took.
fn bytes_a_move(case: &str, test: &str) -> u64 {
    let out = Command::new(std::env::current_exe().unwrap())
        .args([test, "--exact", "--nocapture", "--test-threads", "1"])
        .env(CHILD, case)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text.lines()
        .find_map(|l| l.split_once("bytes a move: "))
        .and_then(|(_, n)| n.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no measure in\n{text}"))
}

#[test]
fn an_sgf_of_a_million_passes_takes_a_few_hundred_bytes_a_move() {
    if let Ok(case) = std::env::var(CHILD) {
        return child(&case);
    }
    let n = bytes_a_move(
        "sgf",
        "an_sgf_of_a_million_passes_takes_a_few_hundred_bytes_a_move",
    );
    assert!(n <= BYTES_PER_MOVE, "{n} bytes a move");
}

#[test]
fn a_record_of_a_million_passes_takes_a_few_hundred_bytes_a_move() {
    if let Ok(case) = std::env::var(CHILD) {
        return child(&case);
    }
    let n = bytes_a_move(
        "record",
        "a_record_of_a_million_passes_takes_a_few_hundred_bytes_a_move",
    );
    assert!(n <= BYTES_PER_MOVE, "{n} bytes a move");
}
