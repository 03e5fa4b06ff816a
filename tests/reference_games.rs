//! The hand-written reference generators of `cargo bench --bench reference`
//! (`benches/reference/`) against published perft counts and against tabletop's own perft on
//! the shipped rule files, so the benchmark's yardsticks play the same games.
//!
//! Convention (tabletop's): perft n counts the move sequences of exactly n plies; a finished
//! game has no moves, so a game that ends earlier is not a leaf at depth n. A pass is a move.

#[path = "../benches/reference/mod.rs"]
#[allow(dead_code)]
mod reference;

use reference::breakthrough::Breakthrough;
use reference::connect4::Connect4;
use reference::reversi::{Reversi, PASS};
use reference::tictactoe::TicTacToe;
use reference::{perft_bulk, perft_full, Moves, RefGame};

/// Tabletop's perft is checked up to this many nodes (tests build at opt-level 1).
const TABLETOP_NODE_LIMIT: u64 = 1_000_000;

/// Checks the reference against `published` (depth 1, 2, …) both ways of counting, and
/// tabletop's shipped game against the same counts up to the node limit.
fn check<G: RefGame>(published: &[u64]) {
    let name = G::TABLETOP;
    let game = tabletop::load_shipped(name, &[]).expect("a shipped game compiles");
    let mut s = game.start();
    for (i, &want) in published.iter().enumerate() {
        let d = i as u32 + 1;
        assert_eq!(
            perft_bulk(&G::start(), d),
            want,
            "{name}: reference perft {d}"
        );
        assert_eq!(
            perft_full(&G::start(), d),
            want,
            "{name}: reference full perft {d}"
        );
        if want <= TABLETOP_NODE_LIMIT {
            let ours = tabletop::tools::perft::perft(&game, &mut s, d);
            assert_eq!(ours, want, "{name}: tabletop perft {d}");
        }
    }
}

/// Finished games at any depth below `g` (the published "number of games" counts).
fn finished_games<G: RefGame>(g: &G) -> u64 {
    let mut ms = Moves::new();
    g.moves(&mut ms);
    if ms.len() == 0 {
        return 1;
    }
    ms.as_slice()
        .iter()
        .map(|&m| {
            let mut c = *g;
            c.play(m);
            finished_games(&c)
        })
        .sum()
}

#[test]
fn tictactoe_matches_published_counts_and_tabletop() {
    // 9!/(9-n)! up to depth 5; a line is possible from ply 5, so depth 9 counts only the
    // games still running after ply 8: 127872, the games that fill the board.
    check::<TicTacToe>(&[9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]);
    // The published 255168 is every finished game, whatever its length.
    assert_eq!(finished_games(&TicTacToe::start()), 255_168);
}

#[test]
fn connect4_matches_published_counts_and_tabletop() {
    check::<Connect4>(&[7, 49, 343, 2401, 16807, 117649, 823536, 5673234]);
}

#[test]
fn reversi_matches_published_counts_and_tabletop() {
    check::<Reversi>(&[4, 12, 56, 244, 1396, 8200, 55092, 390216]);
}

/// Depth 5 is 6,182,818 here, in tabletop and in RBG's perft (peers.md); a figure of
/// 5,944,864 is sometimes quoted, which none of the three reproduces.
#[test]
fn breakthrough_matches_published_counts_and_tabletop() {
    check::<Breakthrough>(&[22, 484, 11132, 256036, 6182818]);
}

/// Reversi passes: a position where the player to move has no placement but the other has,
/// and the end when neither has one, agree with tabletop.
#[test]
fn reversi_random_games_agree_with_tabletop_move_for_move() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let game = tabletop::load_shipped("reversi", &[]).expect("reversi compiles");
    let mut rng = SmallRng::seed_from_u64(7);
    let mut passes = 0;
    for _ in 0..40 {
        let mut s = game.start();
        let mut r = Reversi::start();
        let mut ms = Moves::new();
        loop {
            r.moves(&mut ms);
            let ours = game.legal_moves_vec(&s);
            assert_eq!(ours.len(), ms.len(), "move counts differ");
            if ms.len() == 0 {
                assert!(game.is_over(&s), "reference ended, tabletop did not");
                break;
            }
            // Both generators list the same cells; play the same one in each.
            let i = rng.gen_range(0..ms.len());
            let m = ms.as_slice()[i];
            let text = if m == PASS {
                passes += 1;
                None
            } else {
                Some(format!("{}{}", (b'a' + (m % 8) as u8) as char, m / 8 + 1))
            };
            let mv = ours
                .iter()
                .copied()
                .find(|&mv| match &text {
                    Some(t) => game.move_to_compact(&s, mv).starts_with(t.as_str()),
                    None => ours.len() == 1,
                })
                .unwrap_or_else(|| panic!("tabletop has no move {text:?}"));
            game.make(&mut s, mv);
            r.play(m);
        }
    }
    assert!(passes > 0, "the random games should include a pass");
}
