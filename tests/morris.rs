//! Nine Men's Morris (`games/morris.game`): placing from the reserve, mills and removals,
//! flying, losing at two men, the mill-again variant (a repetition over the mill's cells),
//! and a replay of OpenSpiel's record.

use std::collections::BTreeSet;

mod common;
use common::{oracle, JsonExt};

use tabletop::{Game, Move, Player, State};

fn morris(set: &[(&str, &str)]) -> Game {
    tabletop::load_shipped("morris", &tabletop::option_pairs(set)).unwrap()
}

fn play(game: &Game, state: &mut State, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = game
            .parse_move(state, m)
            .unwrap_or_else(|e| panic!("{m}: {e}\n{}", game.position_to_string(state)));
        game.make(state, mv);
    }
}

fn texts(game: &Game, state: &State) -> Vec<String> {
    game.legal_moves_vec(state)
        .iter()
        .map(|&m| game.move_to_string(state, m))
        .collect()
}

#[test]
fn placing_takes_men_from_the_reserve_and_a_mill_takes_a_man() {
    let g = morris(&[]);
    let mut s = g.start();
    assert_eq!(g.legal_moves_vec(&s).len(), 24);
    play(&g, &mut s, "a7 b6 d7 d6");
    assert_eq!(
        s.reserve(g.piece_id(tabletop::engine::KindId::new(0), Some(Player(0)))),
        7
    );
    // g7 closes the mill a7-d7-g7: the move must take a Black man.
    let moves = texts(&g, &s);
    assert!(moves.contains(&"g7xb6".to_string()) && moves.contains(&"g7xd6".to_string()));
    assert!(!moves.contains(&"g7".to_string()), "{moves:?}");
    play(&g, &mut s, "g7xd6");
    assert_eq!(
        g.position_to_string(&s),
        "WWW/B2/3/6/3/3/3 Black 5 reserve=6,7"
    );
}

#[test]
fn men_in_a_mill_are_taken_only_when_all_are() {
    let g = morris(&[]);
    // Black has a mill a1-d1-g1 and a man on c5; White closes b6-d6-f6.
    let s = g
        .parse_position("3/W1W/B2/6/3/3/BBB White 20 reserve=1,0")
        .unwrap();
    let moves = texts(&g, &s);
    assert!(moves.contains(&"d6xc5".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("d6xa1")), "{moves:?}");
    // With every Black man in a mill, any of them may go.
    let s = g
        .parse_position("3/W1W/3/6/3/3/BBB White 20 reserve=1,0")
        .unwrap();
    let moves = texts(&g, &s);
    assert!(moves.contains(&"d6xa1".to_string()), "{moves:?}");
}

#[test]
fn three_men_fly_and_two_men_lose() {
    let g = morris(&[]);
    // Black has three men: they fly anywhere; White's four step along lines.
    let s = g
        .parse_position("B2/3/B2/B5/3/WW1/W1W Black 40 reserve=0,0")
        .unwrap();
    let moves = texts(&g, &s);
    assert!(moves.contains(&"a7-e3".to_string()), "{moves:?}");
    let mut s = g
        .parse_position("B2/3/B2/B5/3/WW1/W1W White 40 reserve=0,0")
        .unwrap();
    // d1 closes a1-d1-g1 and takes one of Black's three: Black is down to two and loses.
    play(&g, &mut s, "d2-d1xa7");
    assert_eq!(g.outcome(&s).and_then(|o| o.winner(2)), Some(Player(0)));
    assert_eq!(
        tabletop::engine::ending::describe_end(&g, &s).unwrap(),
        "White wins (Black has fewer than 3 men)"
    );
}

#[test]
fn a_player_without_a_move_loses() {
    let g = morris(&[]);
    // Black's four men (a7, d7, g7, d5) have White men on every neighbouring point.
    let s = g
        .parse_position("BBB/WWW/WBW/W4W/3/3/W2 Black 40 reserve=0,0")
        .unwrap();
    assert!(g.legal_moves_vec(&s).is_empty());
    assert_eq!(g.outcome(&s).and_then(|o| o.winner(2)), Some(Player(0)));
}

/// White closes a1-d1-g1 with g4-g1, opens it again (g1-g4) and closes it once more.
const AGAIN: &str = "3/W1W/B1B/5W/B1B/3/WW1 White 0 reserve=0,0";

#[test]
fn a_mill_closed_again_takes_nothing_only_in_the_variant() {
    for (turns, takes) in [("0", true), ("1", true), ("3", false)] {
        let g = morris(&[("mill-again", turns)]);
        let mut s = g.parse_position(AGAIN).unwrap();
        play(&g, &mut s, "g4-g1xc5 e3-e4 g1-g4 e4-e3");
        let again: Vec<String> = texts(&g, &s)
            .into_iter()
            .filter(|m| m.starts_with("g4-g1"))
            .collect();
        if takes {
            assert_eq!(
                again,
                ["g4-g1xe5", "g4-g1xc3", "g4-g1xe3"],
                "mill-again={turns}"
            );
        } else {
            assert_eq!(again, ["g4-g1"], "mill-again={turns}");
        }
    }
}

/// Our move's text as OpenSpiel writes its first ply: `Point N` or `Move a -> b`, and the
/// removal `Point N`, if any.
fn theirs(g: &Game, s: &State, mv: Move) -> (String, Option<String>) {
    let text = g.move_to_string(s, mv);
    let point = |name: &str| format!("Point {}", g.board().cell_by_name(name).unwrap());
    let (first, removal) = match text.split_once('x') {
        Some((a, b)) => (a.to_string(), Some(point(b))),
        None => (text.clone(), None),
    };
    let first = match first.split_once('-') {
        Some((a, b)) => format!(
            "Move {} -> {}",
            g.board().cell_by_name(a).unwrap(),
            g.board().cell_by_name(b).unwrap()
        ),
        None => point(&first),
    };
    (first, removal)
}

/// OpenSpiel's record: its points 0-23 are our cells in the order the rule file lists them;
/// its removal after a mill is a separate ply of the same player, ours a part of the move.
/// The legal moves agree at every ply, and so does the result.
#[test]
fn openspiel_record_replays() {
    let record = oracle("nine_mens_morris.json");
    let g = morris(&[]);
    let mut s = g.start();
    let plies = record.field("plies").arr();
    let mut i = 0;
    let mut removals = 0;
    while i < plies.len() {
        let ply = &plies[i];
        let at = format!("ply {i}");
        let who = ply.field("player").num() as u8;
        assert_eq!(s.to_move(), Player(who), "{at}");
        let moves = g.legal_moves_vec(&s);
        let ours: Vec<(Move, (String, Option<String>))> =
            moves.iter().map(|&m| (m, theirs(&g, &s, m))).collect();
        let firsts: BTreeSet<String> = ours.iter().map(|(_, t)| t.0.clone()).collect();
        let legal: BTreeSet<String> = ply.field("legal").strings().into_iter().collect();
        assert_eq!(firsts, legal, "{at}");
        let played = ply.field("move").str().to_string();
        let removal = plies
            .get(i + 1)
            .filter(|next| next.field("player").num() as u8 == who);
        let chosen: Vec<&(Move, (String, Option<String>))> =
            ours.iter().filter(|(_, t)| t.0 == played).collect();
        let mv = match removal {
            Some(next) => {
                let offered: BTreeSet<String> =
                    chosen.iter().filter_map(|(_, t)| t.1.clone()).collect();
                let legal: BTreeSet<String> = next.field("legal").strings().into_iter().collect();
                assert_eq!(offered, legal, "{at}: removals");
                let taken = next.field("move").str();
                i += 2;
                removals += 1;
                chosen
                    .iter()
                    .find(|(_, t)| t.1.as_deref() == Some(taken))
                    .unwrap()
                    .0
            }
            None => {
                assert_eq!(chosen.len(), 1, "{at}: {played} takes nothing");
                assert_eq!(chosen[0].1 .1, None, "{at}");
                i += 1;
                chosen[0].0
            }
        };
        g.make(&mut s, mv);
    }
    assert!(removals > 0);
    assert_eq!(g.outcome(&s).and_then(|o| o.winner(2)), Some(Player(0)));
    let drawing = record.field("final_state").strings();
    let theirs: String = drawing[..13]
        .iter()
        .step_by(2)
        .flat_map(|l| l.chars().filter(|c| matches!(c, '.' | 'W' | 'B')))
        .collect();
    let ours: String = (0..24u16)
        .map(|c| match s.at(tabletop::CellId::new(c)) {
            tabletop::engine::EMPTY => '.',
            p => g.pieces()[p.index()].symbol,
        })
        .collect();
    assert_eq!(ours, theirs);
}
