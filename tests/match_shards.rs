//! Matches split into shards (`match --shard I/N --records DIR`, merged by `match-report
//! DIR`): shards run as separate processes merge into the table the unsharded match prints,
//! and bad shards, folders and records are refused with a message and exit code 1 or 2,
//! leaving no half-written file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_tabletop");

/// A fresh, empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-shards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The table with the first line's time and worker count (`4 shards`, `1 thread`) cut off:
/// the rest must be the same whoever played the games.
fn without_time(table: &str) -> String {
    let (head, rest) = table.split_once('\n').unwrap();
    let head = head.split(", ").take(2).collect::<Vec<_>>().join(", ");
    format!("{head}\n{rest}")
}

/// The unsharded `match` output for `args`.
fn unsharded(args: &[&str]) -> String {
    let mut a = vec!["match"];
    a.extend_from_slice(args);
    let out = run(&a);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// Runs `shards` processes, one per shard, one after the other.
fn play_shards(args: &[&str], shards: usize, dir: &Path) {
    let children: Vec<_> = (0..shards)
        .map(|i| {
            Command::new(BIN)
                .arg("match")
                .args(args)
                .args(["--shard", &format!("{i}/{shards}")])
                .arg("--records")
                .arg(dir)
                .output()
        })
        .collect();
    for (i, c) in children.into_iter().enumerate() {
        let out = c.unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "shard {i}: {}",
            text(&out.stderr)
        );
    }
}

/// Starts every shard's process before waiting for any.
fn play_shards_at_once(args: &[&str], shards: usize, dir: &Path) {
    let children: Vec<_> = (0..shards)
        .map(|i| {
            Command::new(BIN)
                .arg("match")
                .args(args)
                .args(["--shard", &format!("{i}/{shards}")])
                .arg("--records")
                .arg(dir)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for (i, c) in children.into_iter().enumerate() {
        let out = c.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "shard {i}: {}",
            text(&out.stderr)
        );
    }
}

fn report(dir: &Path) -> Output {
    Command::new(BIN)
        .arg("match-report")
        .arg(dir)
        .output()
        .unwrap()
}

fn merged(dir: &Path) -> String {
    let out = report(dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// Files whose names end in `.tmp` (a write that did not finish) in `dir`.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".tmp"))
                .collect()
        })
        .unwrap_or_default()
}

const TICTACTOE: &[&str] = &[
    "tictactoe",
    "--a",
    "ab:2",
    "--b",
    "random",
    "--games",
    "12",
    "--seed",
    "7",
    "--threads",
    "1",
];

#[test]
fn four_shard_processes_merge_into_the_unsharded_table() {
    let dir = scratch("four");
    play_shards_at_once(TICTACTOE, 4, &dir);
    let whole = unsharded(TICTACTOE);
    let table = merged(&dir);
    assert_eq!(
        without_time(&table),
        without_time(&whole),
        "{table}\n{whole}"
    );
    assert!(
        table.starts_with("Tic-tac-toe: 12 games, seed 7, 4 shards, "),
        "{table}"
    );
    assert!(whole.contains("all                        12"), "{whole}");
    // One record per game, each in the format `play` saves, and one summary per shard.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut expected: Vec<String> = (0..12).map(|k| format!("game-{k:06}.txt")).collect();
    expected.extend((0..4).map(|i| format!("shard-{i}.json")));
    assert_eq!(names, expected);
    let rec = std::fs::read_to_string(dir.join("game-000005.txt")).unwrap();
    assert!(rec.starts_with("# tabletop game record\n"), "{rec}");
    assert!(rec.contains("\ngame tictactoe\nmoves "), "{rec}");
    assert!(
        rec.contains("# match game 5 (from 0) of 12, seed 7: A = ab:2 plays O"),
        "{rec}"
    );
    let summary = std::fs::read_to_string(dir.join("shard-1.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&summary).unwrap();
    assert_eq!(json["shard"], 1);
    assert_eq!(json["shards"], 4);
    assert_eq!(json["played"], 3);
    assert_eq!(json["seed"], 7);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn more_shards_than_games_and_one_shard_merge_too() {
    let args = &[
        "tictactoe",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "3",
        "--seed",
        "2",
    ];
    let whole = unsharded(args);
    let dir = scratch("many");
    play_shards(args, 5, &dir);
    assert_eq!(without_time(&merged(&dir)), without_time(&whole));
    // `--records` without `--shard`: the whole match as one shard.
    let one = scratch("one");
    let mut a = vec!["match"];
    a.extend_from_slice(args);
    a.extend(["--records", one.to_str().unwrap()]);
    let out = run(&a);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(without_time(&text(&out.stdout)), without_time(&whole));
    assert!(merged(&one).starts_with("Tic-tac-toe: 3 games, seed 2, 1 shard, "));
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&one).unwrap();
}

/// Dice: the records hold the rolls, and replaying them gives the same results.
#[test]
fn a_game_with_dice_merges_from_three_shards() {
    let args = &[
        "ur",
        "--a",
        "ai:2",
        "--b",
        "random",
        "--games",
        "6",
        "--seed",
        "3",
        "--threads",
        "1",
    ];
    let dir = scratch("ur");
    play_shards_at_once(args, 3, &dir);
    let whole = unsharded(args);
    assert_eq!(without_time(&merged(&dir)), without_time(&whole));
    let rec = std::fs::read_to_string(dir.join("game-000000.txt")).unwrap();
    assert!(rec.contains("moves roll"), "{rec}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shards_out_of_range_are_usage_errors() {
    let dir = scratch("range");
    for (shard, says) in [
        ("5/4", "shard 5 of 4 does not exist (the last is 3/4)"),
        ("4/4", "shard 4 of 4 does not exist"),
        ("0/0", "the number of shards must be from 1 to"),
        ("x/y", "'x/y' is not a shard; expected I/N"),
        ("3", "'3' is not a shard"),
    ] {
        let mut a = vec!["match"];
        a.extend_from_slice(TICTACTOE);
        a.extend(["--shard", shard, "--records", dir.to_str().unwrap()]);
        let out = run(&a);
        assert_eq!(out.status.code(), Some(2), "{shard}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{shard}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // A shard needs somewhere to write its records.
    let mut a = vec!["match"];
    a.extend_from_slice(TICTACTOE);
    a.extend(["--shard", "0/4"]);
    let out = run(&a);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--records <DIR>"));
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing written"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_records_folder_that_is_a_file_or_cannot_be_written_is_refused() {
    let dir = scratch("folder");
    let file = dir.join("a-file");
    std::fs::write(&file, "keep me").unwrap();
    let shard = |records: &Path| {
        let mut a: Vec<&str> = vec!["match"];
        a.extend_from_slice(TICTACTOE);
        a.extend(["--shard", "0/2", "--records", records.to_str().unwrap()]);
        run(&a)
    };
    let out = shard(&file);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("that is a file, not a folder"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
    let out = shard(&file.join("records"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("cannot make the folder"),
        "{}",
        text(&out.stderr)
    );
    // A folder without write permission (not testable as root, who writes anyway).
    let locked = dir.join("locked");
    std::fs::create_dir(&locked).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::write(locked.join("probe"), "").is_err() {
        let out = shard(&locked);
        assert_eq!(out.status.code(), Some(1));
        let err = text(&out.stderr);
        assert!(err.contains("cannot write in the folder"), "{err}");
        assert_eq!(std::fs::read_dir(&locked).unwrap().count(), 0);
    }
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert!(leftovers(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Replaces the moves of the record at `path`, keeping its comment lines.
fn with_moves(path: &Path, moves: &str) {
    let s = std::fs::read_to_string(path).unwrap();
    let lines: Vec<String> = s
        .lines()
        .map(|l| match l.starts_with("moves") {
            true => format!("moves {moves}"),
            false => l.to_string(),
        })
        .collect();
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

/// Something done to a copy of good shards' folder.
type Damage = dyn Fn(&Path);

/// `match-report` on copies of good shards' folder, each damaged in one way: exit code 1, a
/// message naming what is wrong, no table.
#[test]
fn missing_or_damaged_shards_and_records_are_data_errors() {
    let good = scratch("good");
    play_shards(TICTACTOE, 4, &good);
    let cases: &[(&str, &Damage, &str)] = &[
        (
            "a shard missing",
            &|d| std::fs::remove_file(d.join("shard-2.json")).unwrap(),
            "1 of 4 shards have not finished (no shard-I.json in",
        ),
        (
            "records missing",
            &|d| {
                std::fs::remove_file(d.join("game-000003.txt")).unwrap();
                std::fs::remove_file(d.join("game-000010.txt")).unwrap();
            },
            "2 of 12 game records are missing from",
        ),
        (
            "an illegal move",
            &|d| with_moves(&d.join("game-000004.txt"), "b2 b2"),
            "game-000004.txt: move 2 'b2': 'b2' is not a legal move here",
        ),
        (
            "a record cut short",
            &|d| with_moves(&d.join("game-000004.txt"), "b2 a1"),
            "game-000004.txt: the record stops after 2 moves, before the end of the game",
        ),
        (
            "not a record",
            &|d| std::fs::write(d.join("game-000001.txt"), "\u{0}\u{1}garbage\n").unwrap(),
            "game-000001.txt: line 1: unknown line",
        ),
        (
            "a record of another game",
            &|d| std::fs::write(d.join("game-000001.txt"), "game connect4\nmoves a\n").unwrap(),
            "game-000001.txt: a record of another game",
        ),
        (
            "a record copied to another game's number",
            &|d| {
                std::fs::copy(d.join("game-000001.txt"), d.join("game-000005.txt"))
                    .map(|_| ())
                    .unwrap()
            },
            "game-000005.txt: the record of game 1, not of game 5: a record copied or renamed",
        ),
        (
            "a record without its match line",
            &|d| {
                let path = d.join("game-000002.txt");
                let s = std::fs::read_to_string(&path).unwrap();
                let kept: Vec<&str> = s.lines().filter(|l| !l.starts_with('#')).collect();
                std::fs::write(&path, kept.join("\n")).unwrap()
            },
            "game-000002.txt: not a record this match wrote",
        ),
        (
            "a record of another seed",
            &|d| {
                let path = d.join("game-000003.txt");
                let s = std::fs::read_to_string(&path).unwrap();
                std::fs::write(&path, s.replace(", seed 7:", ", seed 8:")).unwrap()
            },
            "game-000003.txt: a record of another match (of 12 games, seed 8; not 12, seed 7)",
        ),
        (
            "a record past the end",
            &|d| {
                std::fs::copy(d.join("game-000001.txt"), d.join("game-000012.txt"))
                    .map(|_| ())
                    .unwrap()
            },
            "holds records past the match's 12 games: game-000012.txt",
        ),
        (
            "a damaged summary",
            &|d| std::fs::write(d.join("shard-1.json"), "{\"format\": ").unwrap(),
            "shard-1.json: not a shard summary of tabletop match",
        ),
        (
            "a shard of another match",
            &|d| {
                let s = std::fs::read_to_string(d.join("shard-3.json")).unwrap();
                std::fs::write(
                    d.join("shard-3.json"),
                    s.replace("\"seed\": 7", "\"seed\": 8"),
                )
                .unwrap()
            },
            "shard-3.json belongs to another match: seed 8, not 7 as in",
        ),
        (
            "a shard twice",
            &|d| {
                std::fs::copy(d.join("shard-2.json"), d.join("shard-2-copy.json"))
                    .map(|_| ())
                    .unwrap()
            },
            "shard 2 is there twice",
        ),
        (
            "no shards at all",
            &|d| {
                for i in 0..4 {
                    std::fs::remove_file(d.join(format!("shard-{i}.json"))).unwrap();
                }
            },
            "holds no shard summary (shard-I.json)",
        ),
    ];
    for (what, damage, says) in cases {
        let dir = scratch("damaged");
        for e in std::fs::read_dir(&good).unwrap() {
            let e = e.unwrap();
            std::fs::copy(e.path(), dir.join(e.file_name())).unwrap();
        }
        damage(&dir);
        let out = report(&dir);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{what}: {err}");
        assert!(err.contains(says), "{what}: {err}");
        assert!(out.stdout.is_empty(), "{what}: no table");
        std::fs::remove_dir_all(&dir).unwrap();
    }
    // A shard refuses a folder that holds another match's shards.
    let mut a = vec!["match"];
    a.extend(TICTACTOE.iter().map(|x| if *x == "7" { "9" } else { x }));
    a.extend(["--shard", "1/4", "--records", good.to_str().unwrap()]);
    let out = run(&a);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("holds another match (seed 7, not 9); use an empty folder"),
        "{err}"
    );
    assert!(leftovers(&good).is_empty());
    // The folder itself: missing is a usage error.
    let out = report(&good.join("nowhere"));
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read the folder"));
    std::fs::remove_dir_all(&good).unwrap();
}

/// A seeded match on one thread plays the same games every time (players without a time
/// limit: MCTS and alpha-beta at levels 2 to 4).
#[test]
fn a_seeded_single_threaded_match_is_reproducible() {
    for args in [
        &[
            "connect4",
            "--set",
            "width=5",
            "--set",
            "height=4",
            "--a",
            "ai:4",
            "--b",
            "ai:2",
            "--games",
            "4",
            "--seed",
            "11",
            "--threads",
            "1",
        ][..],
        &[
            "breakthrough",
            "--set",
            "size=5",
            "--a",
            "ai:3",
            "--b",
            "ai:2",
            "--games",
            "4",
            "--seed",
            "11",
            "--threads",
            "1",
        ][..],
    ] {
        let first = unsharded(args);
        let second = unsharded(args);
        assert_eq!(without_time(&first), without_time(&second));
    }
}

/// A shard stopped by SIGTERM part-way leaves whole records, no temporary file and no
/// summary, so `match-report` says it has not finished.
#[test]
fn a_shard_stopped_part_way_leaves_whole_records_and_no_summary() {
    let dir = scratch("stopped");
    let child = Command::new(BIN)
        .args([
            "match",
            "chess",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "100000",
            "--threads",
            "1",
            "--shard",
            "0/2",
            "--records",
        ])
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for a few records (the shard is far from done: 50,000 games). One thread plays
    // the games in order, so game 0's record is among them.
    while std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            name.to_string_lossy().starts_with("game-")
        })
        .count()
        < 3
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(143), "{}", text(&out.stderr));
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
    assert!(!dir.join("shard-0.json").exists());
    let game = record_is_whole(&dir.join("game-000000.txt"));
    assert!(game, "game 0's record ends with its moves");
    let out = report(&dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("holds no shard summary"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Whether a record file holds a game line and ends with a line of moves and a newline.
fn record_is_whole(path: &Path) -> bool {
    let rec = std::fs::read_to_string(path).unwrap();
    rec.contains("\ngame chess\n")
        && rec.ends_with('\n')
        && rec.lines().last().is_some_and(|l| l.starts_with("moves "))
}
