//! PGN through `tabletop convert`: a published game typed by hand converts to a tabletop
//! record and back; random games round-trip; bad files get clear errors and write nothing.

mod common;
use common::tabletop;

use std::path::PathBuf;

use rand::{Rng, SeedableRng};

/// A fresh folder of one test's own: tests run in parallel threads of one process, so the
/// folder is named by the test as well as the process (one shared folder let one test remove
/// the other's files).
fn scratch(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tabletop-pgn-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Anderssen v Kieseritzky, London 1851 (the "Immortal Game"), from its published score.
const IMMORTAL: &str = r#"[Event "Casual game"]
[Site "London ENG"]
[Date "1851.06.21"]
[Round "?"]
[White "Adolf Anderssen"]
[Black "Lionel Kieseritzky"]
[Result "1-0"]

1.e4 e5 2.f4 exf4 3.Bc4 Qh4+ 4.Kf1 b5 5.Bxb5 Nf6 6.Nf3 Qh6 7.d3 Nh5 8.Nh4 Qg5
9.Nf5 c6 10.g4 Nf6 11.Rg1 cxb5 12.h4 Qg6 13.h5 Qg5 14.Qf3 Ng8 15.Bxf4 Qf6
16.Nc3 Bc5 17.Nd5 Qxb2 18.Bd6 Bxg1 {Black takes the rook; White gives more.}
19.e5 Qxa1+ 20.Ke2 Na6 21.Nxg7+ Kd8 22.Qf6+ Nxf6 23.Be7# 1-0
"#;

#[test]
fn the_immortal_game_converts_to_a_record_and_back() {
    let d = scratch("the_immortal_game_converts_to_a_record_and_back");
    let pgn = d.join("immortal.pgn");
    std::fs::write(&pgn, IMMORTAL).unwrap();
    let rec = d.join("immortal.txt");
    let (code, out, err) = tabletop(&["convert", pgn.to_str().unwrap(), rec.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.contains("game chess\n"), "{text}");
    assert!(
        text.contains("moves e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6\n"),
        "{text}"
    );
    assert!(text.contains("Nxf6 Be7#\n"), "{text}");
    // The record shows the mate.
    let (code, out, _) = tabletop(&[
        "show",
        "chess",
        "--after",
        &text
            .lines()
            .filter(|l| l.starts_with("moves "))
            .map(|l| &l[6..])
            .collect::<Vec<_>>()
            .join(" "),
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("game over: White wins"), "{out}");
    // Back to PGN: the same tags and moves.
    let back = d.join("back.pgn");
    let (code, _, err) = tabletop(&["convert", rec.to_str().unwrap(), back.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let again = std::fs::read_to_string(&back).unwrap();
    assert!(again.contains("[Result \"1-0\"]"), "{again}");
    assert!(
        again.contains("1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5"),
        "{again}"
    );
    assert!(again.trim_end().ends_with("23. Be7# 1-0"), "{again}");
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn random_games_round_trip_through_pgn() {
    let game = tabletop::load_shipped("chess", &[]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    for _ in 0..20 {
        let mut s = game.start();
        let mut moves = Vec::new();
        for _ in 0..rng.gen_range(1..200) {
            let legal = game.legal_moves_vec(&s);
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.gen_range(0..legal.len())];
            moves.push(game.move_to_string(&s, mv));
            game.make(&mut s, mv);
        }
        let rec = tabletop::io::record::Record {
            game: "chess".into(),
            options: vec![],
            position: None,
            moves: moves.clone(),
            ..Default::default()
        };
        let text = tabletop::io::pgn::write_pgn(&game, &rec, &[]).unwrap();
        let read = tabletop::io::pgn::parse_pgn(&text).unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].moves, moves);
        let mut t = game.start();
        for m in &read[0].moves {
            let mv = game.parse_move(&t, m).unwrap();
            game.make(&mut t, mv);
        }
        assert!(t.same_position(&s));
    }
}

#[test]
fn bad_pgn_files_are_refused_and_nothing_is_written() {
    let d = scratch("bad_pgn_files_are_refused_and_nothing_is_written");
    let out = d.join("out.txt");
    for (text, want) in [
        (
            "1. e4 e5 2. Ke3 *",
            "move 3: 'Ke3' is not a legal move here",
        ),
        ("1. e4 {unclosed", "a comment '{' is never closed"),
        ("[White \"x\"\n1. e4 *", "a tag '[' is not closed"),
    ] {
        let f = d.join("bad.pgn");
        std::fs::write(&f, text).unwrap();
        let (code, _, err) = tabletop(&["convert", f.to_str().unwrap(), out.to_str().unwrap()]);
        assert_eq!(code, 1, "{text}: {err}");
        assert!(err.contains(want), "{text}: {err}");
        assert!(!out.exists(), "{text}: wrote a file");
    }
    let f = d.join("two.pgn");
    std::fs::write(&f, "1. e4 *\n\n1. d4 *\n").unwrap();
    let (code, _, err) = tabletop(&[
        "convert",
        f.to_str().unwrap(),
        out.to_str().unwrap(),
        "--index",
        "3",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("it holds 2 games: there is no game 3"),
        "{err}"
    );
    let (code, _, err) = tabletop(&[
        "convert",
        d.join("none.pgn").to_str().unwrap(),
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read"), "{err}");
    // PGN is for games written in algebraic notation.
    let rec = d.join("ttt.txt");
    std::fs::write(&rec, "game tictactoe\nmoves b2 a1\n").unwrap();
    let (code, _, err) = tabletop(&[
        "convert",
        rec.to_str().unwrap(),
        d.join("t.pgn").to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("not written in algebraic notation"), "{err}");
    let _ = std::fs::remove_dir_all(d);
}
