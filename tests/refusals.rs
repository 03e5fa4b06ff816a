//! A refused move says why in the players' terms (the line mode, the board's command line
//! and the protocols all show this text): a stone on a stone, a move cut short with its
//! continuations, a cell alone where moves need more, the only legal move.

use tabletop::{load_shipped, Game, State};

/// The refusal of `text` after playing `moves` (each in the game's notation).
fn refusal(game: &str, moves: &[&str], text: &str) -> String {
    let g: Game = load_shipped(game, &[]).unwrap();
    let mut s: State = g.start();
    for m in moves {
        let mv = g.parse_move(&s, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.make(&mut s, mv);
    }
    g.parse_move(&s, text).unwrap_err().to_string()
}

#[test]
fn a_stone_on_a_stone_names_what_stands_there() {
    assert_eq!(
        refusal("go", &["e5"], "e5"),
        "'e5' is not a legal move here (e5 is taken: Black's stone stands there)"
    );
    assert_eq!(
        refusal("tictactoe", &["b2"], "B2"),
        "'B2' is not a legal move here (b2 is taken: X's mark stands there)"
    );
}

#[test]
fn a_move_cut_short_lists_how_it_goes_on() {
    assert_eq!(
        refusal("chess", &[], "e2"),
        "'e2' is not a legal move here (it is incomplete; it goes on as e2e3, e2e4)"
    );
    assert_eq!(
        refusal("chess", &[], "g1"),
        "'g1' is not a legal move here (it is incomplete; it goes on as g1f3, g1h3)"
    );
    // Draughts' opening moves from 11: 11-15 and 11-16.
    let r = refusal("draughts", &[], "11");
    assert!(
        r.contains("it is incomplete; it goes on as 11-15, 11-16"),
        "{r}"
    );
}

#[test]
fn a_cell_alone_shows_the_moves_that_use_it() {
    let r = refusal("nex", &[], "g7");
    assert!(
        r.starts_with("'g7' is not a legal move here (g7 alone is no move; "),
        "{r}"
    );
    assert!(r.contains("moves use it, such as B"), "{r}");
}

#[test]
fn a_lone_legal_move_is_offered() {
    // Reversi with one legal reply is rare at the start; Ur after a roll often has one.
    let g = load_shipped("ur", &[]).unwrap();
    let mut s = g.start();
    let roll = g.parse_move(&s, "roll1").unwrap();
    g.make(&mut s, roll);
    let e = g.parse_move(&s, "b3").unwrap_err().to_string();
    assert_eq!(
        e,
        "'b3' is not a legal move here (the only legal move is 'in-d1')"
    );
}

// ---------------------------------------------------------------------------------------
// Typed refusals: each kind comes back as a value for a real position, and says itself in
// plain words with no advice for a front-end.

use tabletop::engine::{ForbidKind, Refusal};

/// The typed refusal of `text` in `game` from `position` (the game's position notation;
/// `None` for the start) after `moves`.
fn typed(game: &str, position: Option<&str>, moves: &[&str], text: &str) -> Refusal {
    typed_with(game, &[], position, moves, text)
}

/// [`typed`] with options set (`size=5`).
fn typed_with(
    game: &str,
    set: &[(&str, &str)],
    position: Option<&str>,
    moves: &[&str],
    text: &str,
) -> Refusal {
    let set: Vec<(String, String)> = set
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let g: Game = load_shipped(game, &set).unwrap();
    let mut s: State = match position {
        Some(p) => g.parse_position(p).unwrap(),
        None => g.start(),
    };
    for m in moves {
        let mv = g.parse_move(&s, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.make(&mut s, mv);
    }
    let e = g.parse_move(&s, text).unwrap_err();
    assert!(
        !e.to_string().contains("type 'moves'"),
        "the engine gives no advice: {e}"
    );
    *e.refusal
}

fn cell_names(cells: &[tabletop::engine::NamedCell]) -> Vec<&str> {
    cells.iter().map(|c| c.name.as_str()).collect()
}

#[test]
fn chess_own_piece_on_the_target_is_named() {
    match typed("chess", None, &[], "e1e2") {
        Refusal::OwnPiece { from, to, piece } => {
            assert_eq!((from.name.as_str(), to.name.as_str()), ("e1", "e2"));
            assert_eq!(piece.kind, "pawn");
            assert_eq!(piece.owner.as_deref(), Some("White"));
        }
        r => panic!("{r:?}"),
    }
    let g = load_shipped("chess", &[]).unwrap();
    assert_eq!(
        g.parse_move(&g.start(), "e1e2").unwrap_err().to_string(),
        "'e1e2' is not a legal move here (e2 holds White's own pawn)"
    );
}

#[test]
fn chess_moves_from_an_empty_cell_or_a_foreign_piece_or_not_so() {
    assert!(matches!(
        typed("chess", None, &[], "e3e4"),
        Refusal::NoPiece { cell } if cell.name == "e3"
    ));
    match typed("chess", None, &[], "e7e5") {
        Refusal::NotYours { cell, piece } => {
            assert_eq!(cell.name, "e7");
            assert_eq!(piece.owner.as_deref(), Some("Black"));
        }
        r => panic!("{r:?}"),
    }
    let r = typed("chess", None, &[], "e2e5");
    assert!(
        matches!(&r, Refusal::CannotMoveSo { from, to, kind }
            if from.name == "e2" && to.name == "e5" && kind == "pawn"),
        "{r:?}"
    );
    assert_eq!(r.to_string(), "the pawn on e2 cannot move to e5");
}

#[test]
fn chess_castling_through_check_is_typed() {
    let r = typed(
        "chess",
        Some("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
        &[],
        "e1g1",
    );
    match &r {
        Refusal::CastlingAttacked { written, royal, .. } => {
            // Chess writes its moves in SAN.
            assert_eq!(written, "O-O");
            assert_eq!(royal, &["king"]);
        }
        r => panic!("{r:?}"),
    }
    assert_eq!(
        r.about("e1g1").to_string(),
        "O-O refused: castling may not start on, pass through or land on an attacked cell (royal king)"
    );
}

#[test]
fn chess_castling_with_pieces_between_names_them() {
    // A knight on b1 blocks the queen side even though the king never crosses b1.
    let r = typed(
        "chess",
        Some("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"),
        &[],
        "e1c1",
    );
    match &r {
        Refusal::CastlingBlocked { from, to, between } => {
            assert_eq!((from.name.as_str(), to.name.as_str()), ("e1", "c1"));
            assert_eq!(cell_names(between), ["b1"]);
        }
        r => panic!("{r:?}"),
    }
    assert_eq!(r.to_string(), "castling is blocked: b1 stands between");
    // At the start both sides are blocked by every piece between.
    match typed("chess", None, &[], "e1g1") {
        Refusal::CastlingBlocked { between, .. } => assert_eq!(cell_names(&between), ["f1", "g1"]),
        r => panic!("{r:?}"),
    }
}

#[test]
fn chess_leaving_the_king_attacked_is_typed() {
    // The bishop on e2 is pinned by the rook on e8.
    let pinned = "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1";
    match typed("chess", Some(pinned), &[], "e2d3") {
        Refusal::RoyalAttacked {
            written,
            player,
            royal,
            in_check,
            ..
        } => {
            assert_eq!((written.as_str(), player.as_str()), ("Bd3", "White"));
            assert_eq!(royal, ["king"]);
            assert!(!in_check);
        }
        r => panic!("{r:?}"),
    }
    // In check from the rook on e8, a king step along the file stays attacked.
    let check = "4r1k1/8/8/8/8/8/8/4K3 w - - 0 1";
    let r = typed("chess", Some(check), &[], "e1e2");
    assert!(
        matches!(&r, Refusal::RoyalAttacked { in_check: true, .. }),
        "{r:?}"
    );
    assert_eq!(
        r.to_string(),
        "White's king is in check and would still be attacked (royal king)"
    );
}

#[test]
fn chess_san_naming_two_pieces_is_ambiguous() {
    let r = typed(
        "chess",
        Some("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"),
        &[],
        "Nd2",
    );
    assert_eq!(
        r,
        Refusal::Ambiguous {
            candidates: vec!["Nbd2".into(), "Nfd2".into()]
        }
    );
    assert_eq!(r.to_string(), "it is ambiguous: it may be Nbd2 or Nfd2");
}

#[test]
fn draughts_compulsory_capture_names_the_capture() {
    let r = typed("draughts", Some("b3/4/4/1b2/1w2/4/4/3w Black"), &[], "1-5");
    match &r {
        Refusal::CaptureCompulsory {
            written,
            forced,
            count,
            ..
        } => {
            assert_eq!(written, "1-5");
            assert_eq!(forced, &["14x23"]);
            assert_eq!(*count, 1);
        }
        r => panic!("{r:?}"),
    }
    assert_eq!(
        r.to_string(),
        "while a forced move can be played, no other move may be (forced move: 14x23)"
    );
}

#[test]
fn international_draughts_most_captures_counts_both() {
    let r = typed(
        "international-draughts",
        Some("5/5/5/3b1/5/1bb2/1w3/5/5/5 White"),
        &[],
        "32x21",
    );
    assert!(
        matches!(
            r,
            Refusal::MostCaptures {
                takes: 1,
                most: 2,
                ..
            }
        ),
        "{r:?}"
    );
}

#[test]
fn go_suicide_and_superko_are_forbid_rules_by_kind() {
    let g = load_shipped("go", &[("size".into(), "5".into())]).unwrap();
    let mut s = g.start();
    for m in ["a2", "b2", "b1"] {
        let mv = g.parse_move(&s, m).unwrap();
        g.make(&mut s, mv);
    }
    let e = g.parse_move(&s, "a1").unwrap_err();
    assert!(
        matches!(&*e.refusal, Refusal::Forbidden { rule: ForbidKind::Suicide, written, .. } if written == "a1"),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "a1 refused: suicide (its chain would have no liberty)"
    );
}

#[test]
fn go_positional_superko_carries_its_name_and_plies() {
    // The ko of tests/go.rs: Black takes at c2; White may not retake at b2 at once, which
    // would bring back the board of the start.
    let ko = "5/5/1XO2/XO1O1/1XO2 Black";
    match typed_with("go", &[("size", "5")], Some(ko), &["c2"], "b2") {
        Refusal::Forbidden {
            written,
            rule:
                ForbidKind::Repetition {
                    name,
                    noun,
                    times,
                    plies,
                },
            ..
        } => {
            assert_eq!(written, "b2");
            assert_eq!(
                (name.as_str(), noun.as_str(), times),
                ("positional superko", "board", 2)
            );
            assert_eq!(plies, [0]);
        }
        r => panic!("{r:?}"),
    }
}

#[test]
fn tictactoe_taken_cell_and_game_over() {
    match typed("tictactoe", None, &["b2"], "b2") {
        Refusal::CellTaken { cell, piece } => {
            assert_eq!(cell.name, "b2");
            assert_eq!(
                (piece.kind.as_str(), piece.owner.as_deref()),
                ("mark", Some("X"))
            );
        }
        r => panic!("{r:?}"),
    }
    assert_eq!(
        typed("tictactoe", None, &["a1", "a2", "b1", "b2", "c1"], "c3"),
        Refusal::GameOver
    );
    // Game::play says the same, for a move given as a move.
    let g = load_shipped("tictactoe", &[]).unwrap();
    let mut s = g.start();
    let b2 = g.parse_move(&s, "b2").unwrap();
    g.play(&mut s, b2).unwrap();
    let e = g.play(&mut s, b2).unwrap_err();
    assert!(matches!(*e.refusal, Refusal::CellTaken { .. }), "{e:?}");
}

#[test]
fn text_that_names_no_move_says_so_without_advice() {
    let r = typed("chess", None, &[], "zz");
    assert_eq!(r, Refusal::NoSuchMove { legal: 20 });
    let g = load_shipped("chess", &[]).unwrap();
    assert_eq!(
        g.parse_move(&g.start(), "zz").unwrap_err().to_string(),
        "'zz' is not a legal move here"
    );
    assert_eq!(
        typed("chess", None, &[], "e2e9"),
        Refusal::UnknownCell { name: "e9".into() }
    );
}
