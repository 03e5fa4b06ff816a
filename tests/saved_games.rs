//! Saved games resumed and converted: `tabletop play FILE` and `play GAME --load FILE` resume
//! a tabletop record, PGN or SGF recognised by its content (whatever the file is called);
//! `convert` says how many games a PGN file holds, converts the one `--index` asks for and
//! keeps the players, event, date and result through PGN, our record and SGF.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

/// A fresh folder of one test's own.
fn scratch(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tabletop-saved-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Standard output and error together.
fn all(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// `tabletop ARGS` in `dir` with two human players and `input`.
fn play(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut a = vec!["play"];
    a.extend_from_slice(args);
    a.extend_from_slice(&["--first", "human", "--second", "human"]);
    common::tabletop_in(dir, &a, input)
}

const FOOLS_MATE: &str = "[Event \"Club night\"]\n[Site \"Here\"]\n[Date \"2024.05.01\"]\n\
    [Round \"2\"]\n[White \"Ann Lee\"]\n[Black \"Bo\"]\n[Result \"0-1\"]\n\n\
    1. f3 e5 2. g4 Qh4# 0-1\n";

#[test]
fn play_resumes_a_saved_game_whatever_its_file_is_called() {
    let d = scratch("resume");
    // A tabletop record, a PGN and an SGF, none named by its format.
    std::fs::write(d.join("ttt.txt"), "game tictactoe\nmoves b2 a1\n").unwrap();
    std::fs::write(d.join("chess.txt"), "[White \"A\"]\n\n1. e4 e5 2. Nf3 *\n").unwrap();
    std::fs::write(d.join("go.dat"), "(;GM[1]SZ[9];B[ee];W[cc])").unwrap();
    let out = play(&d, &["ttt.txt"], "history\nc3\nhistory\nquit\n");
    let text = all(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("X> history\n1. b2 a1\nX> c3"),
        "the record's moves:\n{text}"
    );
    assert!(
        text.contains("O> history\n1. b2 a1\n2. c3\n"),
        "the game went on from the record:\n{text}"
    );
    let out = play(&d, &["chess.txt"], "history\nquit\n");
    let text = all(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("Nf3"), "{text}");
    assert!(text.contains("Black to move"), "{text}");
    let out = play(&d, &["go.dat"], "history\nquit\n");
    let text = all(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("Go") && text.contains("c7"), "{text}");
    // --load: the same, the PGN as a game of GAME.
    let out = play(&d, &["chess", "--load", "chess.txt"], "history\nquit\n");
    let text = all(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("Nf3"), "{text}");
    // A rule file is still a game to start, not a record.
    std::fs::copy("games/tictactoe.game", d.join("mine.game")).unwrap();
    let out = play(&d, &["mine.game"], "b2\nsave rec.txt\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{}", all(&out));
    // A record of one's own rule file resumes with that file named as GAME…
    let out = play(
        &d,
        &["mine.game", "--load", "rec.txt"],
        "a1\nhistory\nquit\n",
    );
    let text = all(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("history\n1. b2 a1\n"), "{text}");
    // …and never by opening the file the record names.
    let out = play(&d, &["rec.txt"], "quit\n");
    assert_eq!(out.status.code(), Some(1), "{}", all(&out));
    assert!(
        all(&out).contains("a record never names a file to read"),
        "{}",
        all(&out)
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_bad_saved_game_is_a_clear_error() {
    let d = scratch("bad");
    std::fs::write(d.join("bad.txt"), "game tictactoe\nmoves b2 b2\n").unwrap();
    std::fs::write(d.join("bad.pgn"), "1. e4 e5 2. Ke3 *\n").unwrap();
    let out = play(&d, &["bad.txt"], "quit\n");
    assert_eq!(out.status.code(), Some(1), "{}", all(&out));
    assert!(
        all(&out).contains("cannot resume the saved game: move 2: 'b2' is not a legal move"),
        "{}",
        all(&out)
    );
    let out = play(&d, &["chess", "--load", "bad.pgn"], "quit\n");
    assert_eq!(out.status.code(), Some(1), "{}", all(&out));
    assert!(all(&out).contains("move 3: 'Ke3'"), "{}", all(&out));
    let out = play(&d, &["chess", "--load", "none.pgn"], "quit\n");
    assert_eq!(out.status.code(), Some(1), "{}", all(&out));
    assert!(all(&out).contains("cannot read"), "{}", all(&out));
    let out = play(&d, &["bad.txt", "--position", "3/3/3 X 1"], "quit\n");
    assert_eq!(out.status.code(), Some(2), "{}", all(&out));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn convert_counts_the_games_of_a_pgn_and_converts_the_one_asked_for() {
    let d = scratch("index");
    let two = format!("{FOOLS_MATE}\n[White \"C\"]\n[Black \"D\"]\n\n1. d4 d5 1/2-1/2\n");
    std::fs::write(d.join("two.pgn"), two).unwrap();
    let out = common::tabletop_in(
        &d,
        &["convert", "two.pgn", "second.txt", "--index", "2"],
        "",
    );
    let text = all(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("two.pgn holds 2 games: converting game 2"),
        "{text}"
    );
    let rec = std::fs::read_to_string(d.join("second.txt")).unwrap();
    assert!(rec.contains("moves d4 d5\n"), "{rec}");
    assert!(rec.contains("player 1 C\nplayer 2 D\n"), "{rec}");
    assert!(rec.contains("result 1/2-1/2\n"), "{rec}");
    let out = common::tabletop_in(&d, &["convert", "two.pgn", "x.txt"], "");
    assert!(all(&out).contains("converting game 1 (--index N for another)"));
    // Out of range: a clear error, exit 1, nothing written.
    for index in ["3", "9"] {
        let out = common::tabletop_in(&d, &["convert", "two.pgn", "out.txt", "--index", index], "");
        let text = all(&out);
        assert_eq!(out.status.code(), Some(1), "{text}");
        assert!(
            text.contains(&format!(
                "two.pgn: it holds 2 games: there is no game {index} (--index counts from 1 to 2)"
            )),
            "{text}"
        );
        assert!(!d.join("out.txt").exists());
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn players_event_date_and_result_survive_pgn_record_and_sgf() {
    let d = scratch("header");
    std::fs::write(d.join("g.pgn"), FOOLS_MATE).unwrap();
    let run = |args: &[&str]| {
        let out = common::tabletop_in(&d, args, "");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", all(&out));
    };
    run(&["convert", "g.pgn", "g.txt"]);
    let rec = std::fs::read_to_string(d.join("g.txt")).unwrap();
    for line in [
        "event Club night\n",
        "site Here\n",
        "date 2024.05.01\n",
        "round 2\n",
        "player 1 Ann Lee\n",
        "player 2 Bo\n",
        "result 0-1\n",
    ] {
        assert!(rec.contains(line), "{line:?} missing:\n{rec}");
    }
    run(&["convert", "g.txt", "g.sgf"]);
    let sgf = std::fs::read_to_string(d.join("g.sgf")).unwrap();
    for prop in [
        "EV[Club night]",
        "PC[Here]",
        "DT[2024.05.01]",
        "RO[2]",
        "PB[Ann Lee]",
        "PW[Bo]",
        "RE[W+]",
    ] {
        assert!(sgf.contains(prop), "{prop} missing:\n{sgf}");
    }
    run(&["convert", "g.sgf", "back.pgn"]);
    let pgn = std::fs::read_to_string(d.join("back.pgn")).unwrap();
    for tag in [
        "[Event \"Club night\"]",
        "[Site \"Here\"]",
        "[Date \"2024.05.01\"]",
        "[Round \"2\"]",
        "[White \"Ann Lee\"]",
        "[Black \"Bo\"]",
        "[Result \"0-1\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} missing:\n{pgn}");
    }
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    // Saved again from a session that loaded it, the header stays.
    let out = common::tabletop_in(
        &d,
        &["play", "g.pgn", "--plain"],
        "save again.pgn\nsave again.sgf\nquit\n",
    );
    let text = all(&out);
    assert!(text.contains("saved 4 moves to again.pgn"), "{text}");
    let again = std::fs::read_to_string(d.join("again.pgn")).unwrap();
    assert!(again.contains("[White \"Ann Lee\"]"), "{again}");
    let again = std::fs::read_to_string(d.join("again.sgf")).unwrap();
    assert!(again.contains("PB[Ann Lee]"), "{again}");
    std::fs::remove_dir_all(&d).unwrap();
}
