//! The typed ids of issue #42: a move's promotion reads as an `Option<KindId>`, a piece the
//! game does not have as `None`, and the moves no rule makes keep their named rule ids.

use std::collections::BTreeSet;

use tabletop::engine::{Game, KindId, Move, PieceId, Player, RuleId, EMPTY};

fn shipped(name: &str) -> Game {
    tabletop::load_shipped(name, &[]).unwrap_or_else(|e| panic!("{name} compiles: {e:?}"))
}

fn kind(g: &Game, name: &str) -> KindId {
    let i = g.kinds().iter().position(|k| k.name == name);
    KindId::from_index(i.unwrap_or_else(|| panic!("no kind {name}")))
}

#[test]
fn a_promotion_names_its_kind_and_other_moves_have_none() {
    let g = shipped("chess");
    let s = g.parse_position("8/4P3/8/k7/8/8/8/K7 w - - 0 1").unwrap();
    let moves = g.legal_moves_vec(&s);
    let promoted: BTreeSet<&str> = moves
        .iter()
        .filter_map(|m| m.promote())
        .map(|k| g.kinds()[k.index()].name.as_str())
        .collect();
    assert_eq!(
        promoted,
        BTreeSet::from(["bishop", "knight", "queen", "rook"])
    );
    // The pawn's four promotions and the king's three steps.
    assert_eq!(moves.len(), 7);
    assert_eq!(moves.iter().filter(|m| m.promotes()).count(), 4);
    let queen = g.parse_move(&s, "e7e8q").unwrap();
    assert_eq!(queen.promote(), Some(kind(&g, "queen")));
    assert_eq!(g.move_to_string(&s, queen), "e8=Q");
    let step = g.parse_move(&s, "a1a2").unwrap();
    assert_eq!(step.promote(), None);
    assert!(!step.promotes());
}

#[test]
fn a_piece_the_game_lacks_is_none() {
    let g = shipped("nex");
    let (stone, neutral) = (kind(&g, "stone"), kind(&g, "neutral"));
    let black = g
        .find_piece(stone, Some(Player(0)))
        .expect("Black has stones");
    assert_eq!(g.pieces()[black.index()].symbol, 'B');
    assert_eq!(g.find_piece(stone, None), None, "every stone has an owner");
    assert_eq!(g.find_piece(neutral, Some(Player(0))), None);
    let ownerless = g.find_piece(neutral, None).expect("the neutral stone");
    assert_eq!(g.pieces()[ownerless.index()].symbol, '?');
    // Placing a kind nobody owns puts down the ownerless piece; the dense table says EMPTY.
    assert_eq!(g.placed_piece(neutral, Player(1)), ownerless);
    assert_eq!(g.piece_id(neutral, Some(Player(1))), EMPTY);
    assert!(PieceId::EMPTY.is_empty() && !ownerless.is_empty());
}

#[test]
fn the_moves_no_rule_makes_keep_their_rule_ids() {
    assert_eq!(Move::forced_pass().rule, RuleId::FORCED_PASS);
    assert!(Move::forced_pass().is_forced_pass());
    let roll = Move::roll(5);
    assert_eq!(roll.rule, RuleId::ROLL);
    assert_eq!(roll.as_roll(), Some(5));
    let g = shipped("chess");
    let s = g.start();
    let e4 = g.parse_move(&s, "e2e4").unwrap();
    assert!(e4.rule.index() < g.rules().len());
    assert_eq!(e4.as_roll(), None);
    assert!(!e4.is_forced_pass());
}
