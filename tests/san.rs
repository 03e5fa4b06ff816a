//! Standard algebraic notation, worked out from the rules (`notation algebraic` in
//! games/chess.game): a famous game typed in SAN replays to its published end and prints
//! back move for move, with check and mate marks; disambiguation, en passant, promotion and
//! castling are written as the laws of chess (FIDE, appendix C) write them; coordinates are
//! still read.

use tabletop::{Game, State};

fn chess() -> Game {
    tabletop::load_shipped("chess", &[]).unwrap()
}

/// The legal moves in SAN, without check marks.
fn moves(g: &Game, s: &State) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves_vec(s)
        .into_iter()
        .map(|m| {
            g.move_to_string(s, m)
                .trim_end_matches(['+', '#'])
                .to_string()
        })
        .collect();
    v.sort();
    v
}

/// Morphy v Duke Karl and Count Isouard, Paris 1858 (the "Opera game"), as published.
const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
                     Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

#[test]
fn the_opera_game_replays_and_prints_back_move_for_move() {
    let g = chess();
    let mut s = g.start();
    for san in OPERA.split_whitespace() {
        let mv = g
            .parse_move(&s, san)
            .unwrap_or_else(|e| panic!("{san}: {e}"));
        assert_eq!(g.move_to_string(&s, mv), san);
        g.make(&mut s, mv);
    }
    assert_eq!(
        tabletop::engine::ending::describe_end(&g, &s).as_deref(),
        Some("White wins (Black is checkmated)")
    );
}

#[test]
fn disambiguation_by_file_then_rank_then_square() {
    let g = chess();
    // Two knights reach d2: by file.
    let s = g
        .parse_position("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
        .unwrap();
    let m = moves(&g, &s);
    assert!(
        m.contains(&"Nbd2".into()) && m.contains(&"Nfd2".into()),
        "{m:?}"
    );
    assert!(
        m.contains(&"Ng5".into()),
        "a knight alone on its cell is not qualified"
    );
    // Two rooks on one file reach e2: by rank.
    let s = g
        .parse_position("8/7k/8/8/8/4R3/8/4R1K1 w - - 0 1")
        .unwrap();
    let m = moves(&g, &s);
    assert!(
        m.contains(&"R1e2".into()) && m.contains(&"R3e2".into()),
        "{m:?}"
    );
    // Three queens reach b2: one shares a file and another a rank with it: the square.
    let s = g
        .parse_position("8/7k/8/8/8/Q7/8/Q1Q3K1 w - - 0 1")
        .unwrap();
    let m = moves(&g, &s);
    assert!(m.contains(&"Qa1b2".into()), "{m:?}");
    assert!(m.contains(&"Q3b2".into()), "{m:?}");
    assert!(m.contains(&"Qcb2".into()), "{m:?}");
    // Each is read back, and the bare `Qb2` is ambiguous.
    assert!(g.parse_move(&s, "Qb2").is_err());
    for text in ["Qa1b2", "Qcb2", "Qc1b2", "Q3b2"] {
        assert!(g.parse_move(&s, text).is_ok(), "{text}");
    }
}

#[test]
fn captures_en_passant_promotion_castling_and_check() {
    let g = chess();
    let mut s = g.start();
    for m in ["e4", "a6", "e5", "d5"] {
        let mv = g.parse_move(&s, m).unwrap();
        g.make(&mut s, mv);
    }
    let m = moves(&g, &s);
    assert!(m.contains(&"exd6".into()), "{m:?}");
    let s = g.parse_position("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    assert!(moves(&g, &s).contains(&"a8=Q".into()));
    assert!(g.parse_move(&s, "a8=N").is_ok() && g.parse_move(&s, "a8N").is_ok());
    let s = g
        .parse_position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        .unwrap();
    let m = moves(&g, &s);
    assert!(
        m.contains(&"O-O".into()) && m.contains(&"O-O-O".into()),
        "{m:?}"
    );
    assert!(g.parse_move(&s, "0-0-0").is_ok());
    assert!(g
        .legal_moves_vec(&s)
        .into_iter()
        .any(|mv| g.move_to_string(&s, mv) == "Rxa8+"));
    // Letter case matters in SAN: the b-pawn's capture is not the bishop's.
    let s = g
        .parse_position("4k3/8/8/8/8/2p5/1P6/4B1K1 w - - 0 1")
        .unwrap();
    let m = moves(&g, &s);
    assert!(
        m.contains(&"bxc3".into()) && m.contains(&"Bxc3".into()),
        "{m:?}"
    );
    let pawn = g.parse_move(&s, "bxc3").unwrap();
    let bishop = g.parse_move(&s, "Bxc3").unwrap();
    assert_eq!(g.move_to_compact(&s, pawn), "b2c3");
    assert_eq!(g.move_to_compact(&s, bishop), "e1c3");
}

#[test]
fn coordinates_are_still_read_and_bad_text_is_refused() {
    let g = chess();
    let s = g.start();
    assert_eq!(
        g.move_to_string(&s, g.parse_move(&s, "g1f3").unwrap()),
        "Nf3"
    );
    assert_eq!(
        g.move_to_string(&s, g.parse_move(&s, "e2-e4").unwrap()),
        "e4"
    );
    assert_eq!(
        g.move_to_compact(&s, g.parse_move(&s, "Nf3").unwrap()),
        "g1f3"
    );
    for bad in ["Nf4", "Ke2", "e5", "O-O", "", "Nf3f3", "N", "x"] {
        assert!(g.parse_move(&s, bad).is_err(), "{bad}");
    }
}

/// Found by `selfcheck chess` over a million plies: with Black bishops on d1 and d3 and a
/// queen on b1, SAN writes the bishop's move from d1 to c2 `B1c2`, which must not be read as
/// the coordinates b1c2 (the queen's move).
#[test]
fn a_rank_disambiguation_is_not_read_as_coordinates() {
    let g = chess();
    let s = g
        .parse_position("7k/8/8/8/8/3b4/8/1q1b3K b - - 0 1")
        .unwrap();
    let origin = |text: &str| {
        let mv = g
            .parse_move(&s, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let written = g.move_to_string(&s, mv);
        assert_eq!(
            g.parse_move(&s, &written).ok(),
            Some(mv),
            "{text} -> {written}"
        );
        written
    };
    assert_eq!(origin("B1c2"), "B1c2+"); // uncovering the queen on the first rank
    assert_eq!(origin("B3c2"), "B3c2");
    assert_eq!(origin("Qc2"), "Qc2");
    // Coordinates still name the queen's move, in either case.
    assert_eq!(origin("b1c2"), "Qc2");
    assert_eq!(origin("B1C2"), "Qc2");
    // Every legal move's SAN reads back to that move.
    for mv in g.legal_moves_vec(&s) {
        let text = g.move_to_string(&s, mv);
        assert_eq!(g.parse_move(&s, &text).ok(), Some(mv), "{text}");
    }
}
