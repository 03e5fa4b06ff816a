//! Every command, and bad input, through [`serve`] as a controller would send them.

use super::*;

fn engine_for(game: &str, set: &[(&str, &str)]) -> Engine {
    engine(&GtpArgs {
        game: game.into(),
        set: crate::option_pairs(set),
        level: 1,
        seed: 3,
        no_resign: false,
    })
    .unwrap()
}

/// The answers to `input`, one string each (without the blank line that ends it).
fn talk(engine: &mut Engine, input: &str) -> Vec<String> {
    let mut out = Vec::new();
    serve(engine, input.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.is_empty() || text.ends_with("\n\n"), "{text:?}");
    text.split_terminator("\n\n").map(str::to_string).collect()
}

fn one(engine: &mut Engine, line: &str) -> String {
    let answers = talk(engine, &format!("{line}\n"));
    assert_eq!(answers.len(), 1, "{line}: {answers:?}");
    answers[0].clone()
}

#[test]
fn the_administrative_commands_answer() {
    let mut e = engine_for("go", &[]);
    assert_eq!(one(&mut e, "protocol_version"), "= 2");
    assert_eq!(one(&mut e, "1 name"), "=1 tabletop");
    assert_eq!(
        one(&mut e, "version"),
        format!("= {}", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(one(&mut e, "known_command genmove"), "= true");
    assert_eq!(one(&mut e, "known_command fly"), "= false");
    let list = one(&mut e, "list_commands");
    assert!(list.starts_with("= protocol_version\nname\n"), "{list}");
    assert_eq!(list.lines().count(), command::COMMANDS.len());
    // quit answers, then nothing more is read.
    assert_eq!(talk(&mut e, "7 quit\nname\n"), vec!["=7 "]);
}

#[test]
fn play_genmove_undo_and_the_board() {
    let mut e = engine_for("go", &[]);
    assert_eq!(one(&mut e, "boardsize 9"), "= ");
    assert_eq!(one(&mut e, "clear_board"), "= ");
    assert_eq!(one(&mut e, "komi 6.5"), "= ");
    assert_eq!(one(&mut e, "play b D4"), "= ");
    assert_eq!(e.session().history()[0].text, "d4");
    // J is the ninth column, in GTP and in tabletop's own Go names alike (no `i`).
    assert_eq!(one(&mut e, "play white J9"), "= ");
    assert_eq!(e.session().history()[1].text, "j9");
    let board = one(&mut e, "showboard");
    assert!(board.starts_with("= \n"), "{board}");
    assert!(board.ends_with("Black to move"), "{board}");
    let reply = one(&mut e, "3 genmove b");
    let vertex = reply.strip_prefix("=3 ").expect(&reply);
    assert!(
        vertex == "pass" || vertex::cell(e.session().game().board(), vertex).is_some(),
        "{reply}"
    );
    assert_eq!(e.session().history().len(), 3);
    assert_eq!(one(&mut e, "undo"), "= ");
    assert_eq!(one(&mut e, "undo"), "= ");
    assert_eq!(e.session().history().len(), 1);
    assert_eq!(one(&mut e, "play w pass"), "= ");
    assert_eq!(one(&mut e, "clear_board"), "= ");
    assert_eq!(one(&mut e, "undo"), "? cannot undo");
}

/// At a level that searches enough (level 6: 1,500 playouts a tree), `genmove` resigns a
/// lost game, and plays, not resigns, an even one.
#[test]
fn genmove_resigns_a_lost_game() {
    let mut e = engine(&GtpArgs {
        game: "go".into(),
        set: Vec::new(),
        level: 6,
        seed: 3,
        no_resign: false,
    })
    .unwrap();
    assert_eq!(one(&mut e, "boardsize 5"), "= ");
    let opening = one(&mut e, "genmove b");
    let vertex = opening.strip_prefix("= ").expect(&opening);
    assert!(
        vertex::cell(e.session().game().board(), vertex).is_some(),
        "{opening}"
    );
    assert_eq!(one(&mut e, "clear_board"), "= ");
    // Black walls in the whole board with two eyes (B4, D4); White is left the three
    // points of the first line between A1 and E1, where it cannot live.
    let black = [
        "A5", "B5", "C5", "D5", "E5", "A4", "C4", "E4", "A3", "B3", "C3", "D3", "E3", "A2", "B2",
        "C2", "D2", "E2", "A1", "E1",
    ];
    for (i, v) in black.iter().enumerate() {
        if i > 0 {
            assert_eq!(one(&mut e, "play w pass"), "= ");
        }
        assert_eq!(one(&mut e, &format!("play b {v}")), "= ", "{v}");
    }
    let plies = e.session().history().len();
    assert_eq!(one(&mut e, "genmove w"), "= resign");
    // Nothing was played: the game goes on as it stood.
    assert_eq!(e.session().history().len(), plies);
    assert!(!e.session().is_over());
    // `--no-resign`: the same position is played on.
    e.resigns = false;
    let reply = one(&mut e, "genmove w");
    assert_ne!(reply, "= resign");
    assert_eq!(e.session().history().len(), plies + 1, "{reply}");
}

#[test]
fn boardsize_and_komi_recompile_the_game() {
    let mut e = engine_for("go", &[]);
    assert_eq!(one(&mut e, "boardsize 13"), "= ");
    assert_eq!(e.session().game().board().len(), 169);
    assert_eq!(one(&mut e, "play b N13"), "= ");
    // komi keeps the moves; boardsize clears the board.
    assert_eq!(one(&mut e, "komi 0.5"), "= ");
    assert_eq!(e.session().history().len(), 1);
    assert_eq!(one(&mut e, "final_score"), "= B+168.5");
    for bad in ["boardsize 0", "boardsize 26", "boardsize 4000000000"] {
        assert_eq!(one(&mut e, bad), "? unacceptable size", "{bad}");
    }
    assert_eq!(
        one(&mut e, "boardsize abc"),
        "? boardsize not an integer: 'abc'"
    );
    assert_eq!(e.session().game().board().len(), 169);
    assert_eq!(e.session().history().len(), 1);
    // A game without a size option refuses boardsize, and ignores komi.
    let mut c = engine_for("connect4", &[]);
    assert_eq!(one(&mut c, "boardsize 7"), "? unacceptable size");
    assert_eq!(one(&mut c, "komi 7.5"), "= ");
    // Hex's size option goes up to the letters a-z.
    let mut h = engine_for("hex", &[]);
    assert_eq!(one(&mut h, "boardsize 7 7"), "= ");
    assert_eq!(h.session().game().board().len(), 49);
}

#[test]
fn final_score_is_the_area_score_or_the_result() {
    let mut e = engine_for("go", &[("size", "5")]);
    assert_eq!(one(&mut e, "final_score"), "= W+7.5");
    for line in [
        "play b c1",
        "play w d1",
        "play b c2",
        "play w d2",
        "play b c3",
    ] {
        assert_eq!(one(&mut e, line), "= ", "{line}");
    }
    // The dead-stone estimate reads White's two stones, cut off on a 5 × 5 board, as
    // dead: Black's 25 points against 7.5 komi.
    assert_eq!(one(&mut e, "final_score"), "= B+17.5");
    assert_eq!(one(&mut e, "final_status_list dead"), "= D1 D2");
    assert_eq!(one(&mut e, "komi 0"), "= ");
    let mut t = engine_for("tictactoe", &[]);
    assert_eq!(
        one(&mut t, "final_score"),
        "? cannot score: the game is not over"
    );
    for line in [
        "play b a1",
        "play w b1",
        "play b a2",
        "play w b2",
        "play b a3",
    ] {
        assert_eq!(one(&mut t, line), "= ", "{line}");
    }
    assert_eq!(one(&mut t, "final_score"), "= B+");
    assert_eq!(one(&mut t, "play w c3"), "? illegal move: the game is over");
    assert_eq!(one(&mut t, "genmove w"), "? illegal move: the game is over");
}

#[test]
fn hex_speaks_hexgui_vertices() {
    let mut e = engine_for("hex", &[("size", "5")]);
    assert_eq!(one(&mut e, "play b c2"), "= ");
    assert_eq!(e.session().history()[0].text, "c2");
    let reply = one(&mut e, "genmove w");
    let vertex = reply.strip_prefix("= ").expect(&reply);
    assert!(
        vertex::cell(e.session().game().board(), vertex).is_some(),
        "{reply}"
    );
    assert_eq!(one(&mut e, "play b c2"), "? illegal move: c2 is occupied");
    // A move of several cells (Nex places two stones) is answered in the game's notation.
    let mut n = engine_for("nex", &[("size", "5")]);
    let reply = one(&mut n, "genmove b");
    assert!(reply.contains('?'), "{reply}");
}

#[test]
fn refusals_are_worded_in_go_terms() {
    // White's a1 would have no liberty; Black's retake of a ko would repeat the board.
    let mut e = engine_for("go", &[("size", "5")]);
    for line in ["play b a2", "play w b2", "play b b1"] {
        assert_eq!(one(&mut e, line), "= ", "{line}");
    }
    assert_eq!(one(&mut e, "play w a1"), "? illegal move: suicide");
    let mut k = engine_for("go", &[("size", "5")]);
    // The ko of tests/go.rs, played out: Black takes at c2, White may not retake at b2.
    for line in [
        "play b b3",
        "play w c3",
        "play b a2",
        "play w b2",
        "play b b1",
        "play w d2",
        "play b e5",
        "play w c1",
        "play b c2",
    ] {
        assert_eq!(one(&mut k, line), "= ", "{line}");
    }
    assert_eq!(
        one(&mut k, "play w b2"),
        "? illegal move: positional superko"
    );
    // Nothing here says to type a command a controller does not have.
    assert_eq!(one(&mut k, "play w pass"), "= ");
    let reply = one(&mut k, "play b swap");
    assert!(!reply.contains("moves'"), "{reply}");
}

#[test]
fn bad_input_is_an_error_and_changes_nothing() {
    let mut e = engine_for("go", &[]);
    one(&mut e, "play b e5");
    let before = e.session().state().clone();
    let answers = talk(
        &mut e,
        "play b z99\nplay x d4\nplay w e5\nplay b d4\n5 play w I5\nfly away\n\
         boardsize\ngenmove purple\n\n# nothing\n   \n42\n",
    );
    assert_eq!(
        answers,
        vec![
            "? not Black's turn: White is to move",
            "? invalid color 'x'",
            "? illegal move: e5 is occupied",
            "? not Black's turn: White is to move",
            "?5 illegal move: 'I5' is not a vertex of this board",
            "? unknown command",
            "? boardsize takes one argument",
            "? invalid color 'purple'",
            "?42 missing command",
        ]
    );
    assert_eq!(
        one(&mut e, "play w z99"),
        "? illegal move: 'z99' is not a vertex of this board"
    );
    assert_eq!(
        one(&mut e, "play w swap"),
        "? illegal move: not a legal move here"
    );
    assert!(e.session().state().same_position(&before));
    assert_eq!(e.session().history().len(), 1);
    // A 100 KB line is refused whole, and the next line is read as usual.
    let long = format!("play w {}\nname\n", "d".repeat(100_000));
    assert_eq!(
        talk(&mut e, &long),
        vec![
            format!("? line too long (over {MAX_LINE} bytes)"),
            "= tabletop".to_string()
        ]
    );
    // Bytes that are not UTF-8, and a last line with no newline.
    let mut out = Vec::new();
    serve(&mut e, &b"\xff\xfe play\nname"[..], &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "? unknown command\n\n= tabletop\n\n"
    );
    assert_eq!(e.session().history().len(), 1);
}

#[test]
fn printsgf_and_loadsgf_go_through_sgf() {
    let mut e = engine_for("go", &[]);
    for line in ["play b E5", "play w C3", "play b pass"] {
        assert_eq!(one(&mut e, line), "= ", "{line}");
    }
    let printed = one(&mut e, "printsgf");
    assert!(
        printed.contains("GM[1]") && printed.ends_with(";B[ee];W[cg];B[])"),
        "{printed}"
    );
    let dir = std::env::temp_dir().join(format!("tabletop-gtp-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.sgf");
    assert_eq!(one(&mut e, &format!("printsgf {}", file.display())), "= ");
    let mut f = engine_for("go", &[]);
    assert_eq!(one(&mut f, &format!("loadsgf {} 3", file.display())), "= ");
    assert_eq!(f.session().history().len(), 2);
    assert_eq!(one(&mut f, &format!("loadsgf {}", file.display())), "= ");
    assert!(f.session().state().same_position(e.session().state()));
    std::fs::write(&file, "(;GM[1]SZ[9];B[ee];W[ee])").unwrap();
    let reply = one(&mut f, &format!("loadsgf {}", file.display()));
    assert!(
        reply.starts_with("? cannot load: line 1: move 2:"),
        "{reply}"
    );
    assert_eq!(f.session().history().len(), 3);
    let reply = one(&mut f, "loadsgf /no/such/file.sgf");
    assert!(reply.starts_with("? cannot load: cannot read"), "{reply}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn clear_board_and_boardsize_leave_a_loaded_game() {
    let dir = std::env::temp_dir().join(format!("tabletop-gtp-clear-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("h.sgf");
    // A 19 × 19 handicap game: setup stones, then moves.
    std::fs::write(&file, "(;GM[1]SZ[19]HA[2]AB[dd][pp];W[dp];B[pd])").unwrap();
    let mut e = engine_for("go", &[]);
    assert_eq!(one(&mut e, &format!("loadsgf {}", file.display())), "= ");
    assert_eq!(e.session().history().len(), 2);
    assert_eq!(one(&mut e, "clear_board"), "= ");
    assert!(e.session().history().is_empty());
    assert_eq!(e.session().game().board().len(), 361);
    assert!(e
        .session()
        .state()
        .same_position(&e.session().game().start()));
    assert_eq!(one(&mut e, &format!("loadsgf {}", file.display())), "= ");
    assert_eq!(one(&mut e, "boardsize 13"), "= ");
    assert_eq!(e.session().game().board().len(), 169);
    assert!(e.session().history().is_empty());
    assert!(e
        .session()
        .state()
        .same_position(&e.session().game().start()));
    assert_eq!(one(&mut e, "play b D4"), "= ");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn handicaps_are_placed_and_white_moves_next() {
    let mut e = engine_for("go", &[]);
    assert_eq!(one(&mut e, "boardsize 19"), "= ");
    assert_eq!(one(&mut e, "fixed_handicap 3"), "= D16 Q16 D4");
    assert_eq!(e.session().state().to_move(), crate::engine::Player(1));
    assert_eq!(
        one(&mut e, "play b C3"),
        "? not Black's turn: White is to move"
    );
    assert_eq!(one(&mut e, "fixed_handicap 2"), "? board not empty");
    assert_eq!(one(&mut e, "play w C3"), "= ");
    assert_eq!(one(&mut e, "clear_board"), "= ");
    assert_eq!(
        one(&mut e, "fixed_handicap 10"),
        "? invalid number of stones"
    );
    let free = one(&mut e, "place_free_handicap 5");
    assert_eq!(free.split_whitespace().count(), 6, "{free}");
    assert_eq!(one(&mut e, "clear_board"), "= ");
    assert_eq!(one(&mut e, "set_free_handicap C3 J10 T19"), "= ");
    let pos = e.session().game().position_to_string(e.session().state());
    assert!(pos.starts_with("18X/") && pos.contains(" White"), "{pos}");
    assert_eq!(one(&mut e, "clear_board"), "= ");
    assert_eq!(
        one(&mut e, "set_free_handicap C3 C3"),
        "? C3 is given twice"
    );
    assert_eq!(
        one(&mut e, "set_free_handicap C3"),
        "? invalid number of stones"
    );
    assert_eq!(
        one(&mut e, "set_free_handicap Z3 C4"),
        "? invalid vertex 'Z3'"
    );
    assert_eq!(one(&mut e, "boardsize 5"), "= ");
    assert_eq!(
        one(&mut e, "fixed_handicap 2"),
        "? invalid number of stones"
    );
    let mut h = engine_for("hex", &[]);
    assert_eq!(
        one(&mut h, "fixed_handicap 2"),
        "? handicap stones go on a square board"
    );
}

#[test]
fn dead_stones_are_not_counted_and_are_listed() {
    let mut e = engine_for("go", &[("size", "5")]);
    // Black's wall on the c line, White's on the d line, and a black stone in White's area.
    for col in ["c", "d"].iter().cycle().take(10).enumerate() {
        let (i, letter) = col;
        let colour = if i % 2 == 0 { "b" } else { "w" };
        assert_eq!(
            one(&mut e, &format!("play {colour} {letter}{}", i / 2 + 1)),
            "= "
        );
    }
    assert_eq!(one(&mut e, "play b e3"), "= ");
    // White would pass, but takes the dead stone off first.
    let cleanup = one(&mut e, "kgs-genmove_cleanup w");
    assert_ne!(cleanup, "= pass");
    assert_eq!(one(&mut e, "undo"), "= ");
    assert_eq!(one(&mut e, "play w pass"), "= ");
    assert_eq!(one(&mut e, "play b pass"), "= ");
    assert_eq!(one(&mut e, "final_status_list dead"), "= E3");
    assert_eq!(
        one(&mut e, "final_status_list alive"),
        "= C1 D1 C2 D2 C3 D3 C4 D4 C5 D5"
    );
    assert_eq!(one(&mut e, "final_status_list seki"), "= ");
    // Black 15 (a–c), White 10 + 7.5; the raw area would give Black 16, White 5 + 7.5.
    assert_eq!(one(&mut e, "final_score"), "= W+2.5");
    let mut t = engine_for("tictactoe", &[]);
    assert_eq!(
        one(&mut t, "final_status_list dead"),
        "? tictactoe counts no dead stones"
    );
}

#[test]
fn time_settings_and_time_left_are_kept() {
    let mut e = engine_for("go", &[]);
    assert_eq!(one(&mut e, "time_settings 300 30 5"), "= ");
    assert_eq!(one(&mut e, "time_left w 120 3"), "= ");
    assert_eq!(e.clock.main, 300);
    assert_eq!(e.clock.byo_yomi, 30);
    assert_eq!(e.clock.stones, 5);
    assert_eq!(e.clock.left, [None, Some((120, 3))]);
    assert!(one(&mut e, "genmove b").starts_with("= "));
}
