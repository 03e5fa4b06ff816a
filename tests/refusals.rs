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
