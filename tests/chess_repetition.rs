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
