//! Chess's insufficient-material option: `draw if pieces-at-most(3, king, bishop, knight)`.

use tabletop::{load_shipped, Outcome};

fn chess(insufficient: bool) -> tabletop::Game {
    let v = if insufficient { "yes" } else { "no" };
    load_shipped("chess", &[("insufficient-material".into(), v.into())]).expect("chess compiles")
}

#[test]
fn king_and_knight_against_king_is_drawn_only_with_the_option() {
    let fen = "8/8/8/4k3/8/8/3KN3/8 w - - 0 1";
    let on = chess(true);
    assert_eq!(
        on.outcome(&on.parse_position(fen).unwrap()),
        Some(Outcome::Draw)
    );
    let off = chess(false);
    assert_eq!(off.outcome(&off.parse_position(fen).unwrap()), None);
}

#[test]
fn capturing_the_last_rook_leaves_insufficient_material() {
    let g = chess(true);
    let mut s = g
        .parse_position("8/8/8/4k3/8/8/3K1R2/7n b - - 0 1")
        .unwrap();
    assert_eq!(g.outcome(&s), None, "a rook is enough material");
    let mv = g.parse_move(&s, "h1f2").unwrap();
    g.make(&mut s, mv);
    assert_eq!(g.outcome(&s), Some(Outcome::Draw));
}

#[test]
fn two_knights_and_a_king_are_more_than_three_pieces() {
    let g = chess(true);
    let s = g.parse_position("8/8/8/4k3/8/8/3KNN2/8 w - - 0 1").unwrap();
    assert_eq!(g.outcome(&s), None);
}
