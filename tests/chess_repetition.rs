//! Chess's threefold repetition: `draw if repetition(3, situational, since: irreversible)`.

use tabletop::{load_shipped, Game, Outcome, State};

fn play(game: &Game, s: &mut State, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = game.parse_move(s, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.make(s, mv);
    }
}

#[test]
fn knights_out_and_back_twice_draw_and_the_message_names_the_plies() {
    let g = load_shipped("chess", &[]).unwrap();
    let mut s = g.start();
    play(&g, &mut s, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert_eq!(
        g.outcome(&s),
        None,
        "the start position has occurred twice so far"
    );
    play(&g, &mut s, "f6g8");
    assert_eq!(g.outcome(&s), Some(Outcome::Draw));
    let why = g.explain_end(&s).expect("the ending is explained");
    assert!(why.contains("3rd"), "{why}");
    assert!(
        why.contains("the start, plies 4, 8"),
        "plies named in: {why}"
    );
}

#[test]
fn a_capture_in_between_resets_the_window() {
    let g = load_shipped("chess", &[]).unwrap();
    let mut s = g
        .parse_position("4k3/3p4/8/4P3/8/8/8/4K1N1 w - - 0 1")
        .unwrap();
    // The start position occurs twice, then an en-passant capture: counting starts afresh.
    play(&g, &mut s, "g1f3 e8f8 f3g1 f8e8");
    play(&g, &mut s, "g1f3 d7d5 e5d6");
    assert_eq!(g.outcome(&s), None);
    play(&g, &mut s, "e8f8 f3g1 f8e8 g1f3");
    assert_eq!(g.outcome(&s), None, "twice since the capture");
    play(&g, &mut s, "e8f8 f3g1 f8e8 g1f3");
    assert_eq!(
        g.outcome(&s),
        Some(Outcome::Draw),
        "the third time since the capture"
    );
}

/// After 1.e4 no black pawn can take on e3, so the position after 1.e4 is the same as the
/// one reached by knights going out and back (FIDE 9.2.2): the third time is ply 9, as
/// python-chess and OpenSpiel count it.
#[test]
fn an_en_passant_cell_nobody_can_take_on_is_no_part_of_the_position() {
    let g = load_shipped("chess", &[]).unwrap();
    let mut s = g.start();
    play(&g, &mut s, "e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8");
    assert_eq!(g.outcome(&s), None);
    play(&g, &mut s, "f3g1");
    assert_eq!(g.outcome(&s), Some(Outcome::Draw));
    let why = g.explain_end(&s).unwrap();
    assert!(why.contains("plies 1, 5, 9"), "{why}");
    // A double step a pawn can answer keeps its cell: the position differs from the one
    // after the same pawns stand there with no capture possible any more.
    let mut s = g
        .parse_position("4k3/8/8/8/5p2/8/4P3/4K1N1 w - - 0 1")
        .unwrap();
    play(&g, &mut s, "e2e4");
    assert_eq!(
        s.en_passant()
            .map(|c| g.board().cells[c.index()].name.clone()),
        Some("e3".into())
    );
}

/// A king that never moved, once both of its rooks have, has no castling right left: its
/// position is the same as after the king steps out and back, so the third occurrence is
/// ply 18 (python-chess agrees).
#[test]
fn rights_nobody_can_use_are_no_part_of_the_position() {
    let g = load_shipped("chess", &[]).unwrap();
    let mut s = g.start();
    play(
        &g,
        &mut s,
        "a2a4 a7a5 h2h4 h7h5 a1a3 a8a6 h1h3 h8h6 e2e3 e7e6 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1",
    );
    assert_eq!(g.outcome(&s), None);
    play(&g, &mut s, "e7e8");
    assert_eq!(g.outcome(&s), Some(Outcome::Draw));
    assert!(g.explain_end(&s).unwrap().contains("plies 10, 14, 18"));
}
