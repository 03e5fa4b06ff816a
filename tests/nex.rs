//! Nex (see docs/rules/nex.md): the published 2×2 facts of the dragon project
//! (gandhi56-zz/dragon), one scenario per rule, notation, a dragon game record, and the
//! exact solution of 3×3.
//!
//! Positions are rows a, b, … from the top joined by '/', each row from column 1:
//! `B?/2` is Black on a1, a neutral on a2 and an empty row b.

mod common;
use common::tabletop;

use tabletop::engine::{Game, Outcome, Player, State};
use tabletop::tools::solve::{solve, Value};
use tabletop::tools::tree::walk;

const BLACK: Player = Player(0);
const WHITE: Player = Player(1);

fn nex(size: u32) -> Game {
    tabletop::load_shipped("nex", &[("size".into(), size.to_string())]).expect("nex compiles")
}

fn nex_swap(size: u32) -> Game {
    tabletop::load_shipped(
        "nex",
        &[
            ("size".into(), size.to_string()),
            ("swap".into(), "yes".into()),
        ],
    )
    .expect("nex compiles")
}

fn at(g: &Game, text: &str) -> State {
    g.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves in generation order.
fn moves(g: &Game, s: &State) -> Vec<String> {
    g.legal_moves_vec(s)
        .iter()
        .map(|&m| g.move_to_string(s, m))
        .collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

fn play(g: &Game, s: &mut State, text: &str) {
    for m in text.split([' ', ';']).filter(|m| !m.is_empty()) {
        let mv = g
            .parse_move(s, m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", g.position_to_string(s)));
        g.make(s, mv);
    }
}

// ---------------------------------------------------------------- published 2×2 facts

#[test]
fn twelve_openings_on_2x2() {
    let g = nex(2);
    assert_eq!(
        sorted(moves(&g, &g.start())),
        words(
            "Ba1?a2 Ba1?b1 Ba1?b2 Ba2?a1 Ba2?b1 Ba2?b2 \
             Bb1?a1 Bb1?a2 Bb1?b2 Bb2?a1 Bb2?a2 Bb2?b1"
        )
    );
}

#[test]
fn full_2x2_tree_has_61_nodes_and_black_wins() {
    let g = nex(2);
    let mut s = g.start();
    let t = walk(&g, &mut s, 1_000_000).expect("the tree is small");
    assert_eq!(t.nodes, 61);
    assert_eq!(t.finished, 24);
    assert_eq!(t.wins, vec![12, 0]);
    assert_eq!(t.draws, 12);
    let sol = solve(&g, &mut s, |_, _| {}).expect("solved");
    assert_eq!(sol.value, Value::Win, "Black, to move, wins");
}

#[test]
fn hex_2x2_tree_has_53_nodes_with_our_win_stop() {
    // Our tree walk stops at a finished game, so 2×2 Hex has 1 + 4 + 12 + 24 + 12 = 53 nodes.
    // Dragon's figure of 65 (= 1 + 4 + 12 + 24 + 24) ignores wins: it also expands the 12
    // positions already won after three stones. (For 2×2 Nex both conventions give 61.)
    let g = tabletop::load_shipped("hex", &[("size".into(), "2".into())]).expect("hex");
    assert_eq!(g.legal_moves_vec(&g.start()).len(), 4);
    let mut s = g.start();
    let t = walk(&g, &mut s, 1_000_000).expect("small");
    assert_eq!(t.nodes, 53);
}

// ---------------------------------------------------------------- rules

#[test]
fn generate_needs_two_empty_cells() {
    let g = nex(2);
    // One empty cell (b2): no generate; the only move is the transform.
    let s = at(&g, "??/B1 Black 3");
    assert_eq!(moves(&g, &s), words("Ba1Ba2?b1"));
    // Two empty cells and one neutral: only generates (a transform needs two neutrals).
    let s = at(&g, "B?/2 Black 2");
    assert_eq!(sorted(moves(&g, &s)), words("Bb1?b2 Bb2?b1"));
}

#[test]
fn transform_needs_two_neutrals_and_an_own_stone() {
    let g = nex(2);
    // Two neutrals but no Black stone: generates only.
    let s = at(&g, "??/2 Black 2");
    assert_eq!(sorted(moves(&g, &s)), words("Bb1?b2 Bb2?b1"));
    // White has two neutrals to take but no stone to give back, and one empty cell: no move.
    let s = at(&g, "??/B1 White 3");
    assert!(moves(&g, &s).is_empty());
    assert_eq!(g.outcome(&s), Some(Outcome::Draw));
    // Every (unordered) pair of neutrals with every own stone.
    let g3 = nex(3);
    let s = at(&g3, "?B?/B?W/?W? White 6");
    assert_eq!(
        sorted(moves(&g3, &s)),
        words(
            "Wa1Wa3?b3 Wa1Wa3?c2 Wa1Wb2?b3 Wa1Wb2?c2 Wa1Wc1?b3 Wa1Wc1?c2 Wa1Wc3?b3 Wa1Wc3?c2 \
             Wa3Wb2?b3 Wa3Wb2?c2 Wa3Wc1?b3 Wa3Wc1?c2 Wa3Wc3?b3 Wa3Wc3?c2 \
             Wb2Wc1?b3 Wb2Wc1?c2 Wb2Wc3?b3 Wb2Wc3?c2 Wc1Wc3?b3 Wc1Wc3?c2"
        )
    );
    let mut t = s;
    play(&g3, &mut t, "Wa1Wc3?c2");
    assert_eq!(g3.position_to_string(&t), "WB?/B?W/??W Black 7");
}

#[test]
fn a_neutral_chain_never_wins() {
    let g = nex(3);
    // Column 1 is neutral from top to bottom, row b neutral from left to right.
    let s = at(&g, "?B1/???/?W1 Black 4");
    assert_eq!(g.outcome(&s), None);
    // A Black chain broken by a neutral stone is no connection either.
    let s = at(&g, "B2/?2/B?W White 4");
    assert_eq!(g.outcome(&s), None);
}

#[test]
fn a_draw_when_the_player_to_move_has_no_legal_move() {
    let g = nex(2);
    // Board full but for a neutral: Black cannot generate or transform.
    let s = at(&g, "W?/WB Black 4");
    assert!(moves(&g, &s).is_empty());
    assert_eq!(g.outcome(&s), Some(Outcome::Draw));
}

#[test]
fn wins_for_black_top_to_bottom_and_white_left_to_right() {
    let g = nex(2);
    let mut s = g.start();
    play(&g, &mut s, "Ba2?a1 Wb2?b1");
    assert_eq!(g.outcome(&s), None);
    // The neutrals a1 and b1 (column 1, top to bottom) become Black, a2 becomes neutral.
    let mut t = s.clone();
    play(&g, &mut t, "Ba1Bb1?a2");
    assert_eq!(g.outcome(&t), Some(Outcome::Win(BLACK)));
    let s = at(&g, "W?/?W White 2");
    let mut t = s;
    play(&g, &mut t, "Wa2Wb1?b2");
    assert_eq!(g.position_to_string(&t), "WW/W? Black 3");
    assert_eq!(g.outcome(&t), Some(Outcome::Win(WHITE)));
}

#[test]
fn swap_option_offers_white_swap_on_ply_one_only() {
    let g = nex(2);
    let mut s = g.start();
    play(&g, &mut s, "Ba1?a2");
    assert!(
        !moves(&g, &s).contains(&"swap".to_string()),
        "off by default"
    );

    let g = nex_swap(2);
    let mut s = g.start();
    assert!(!moves(&g, &s).contains(&"swap".to_string()), "not on ply 0");
    play(&g, &mut s, "Ba1?a2");
    assert_eq!(sorted(moves(&g, &s)), words("Wb1?b2 Wb2?b1 swap"));
    let mut t = s.clone();
    play(&g, &mut t, "swap");
    assert!(t.swapped());
    assert_eq!(g.position_to_string(&t), "B?/2 White 2 swapped");
    assert!(!moves(&g, &t).contains(&"swap".to_string()), "once");
    // Not swapping: no swap later either.
    let mut t = s;
    play(&g, &mut t, "Wb1?b2");
    assert!(!t.swapped());
    play(&g, &mut t, "Ba2Bb2?a1");
    assert!(!moves(&g, &t).contains(&"swap".to_string()));
}

// ---------------------------------------------------------------- notation and records

#[test]
fn dragon_move_notation_parses_and_prints() {
    let g = nex(3);
    let mut s = g.start();
    let mv = g.parse_move(&s, "Ba1?a2").expect("generate");
    assert_eq!(g.move_to_string(&s, mv), "Ba1?a2");
    assert_ne!(
        g.parse_move(&s, "Ba2?a1").expect("other order"),
        mv,
        "ordered"
    );
    play(&g, &mut s, "Ba3?b1 Wa1?a2 Bc1?c2 Wb2?b3");
    let mv = g.parse_move(&s, "Bb3Bc2?c1").expect("transform");
    assert_eq!(g.move_to_string(&s, mv), "Bb3Bc2?c1");
}

#[test]
fn dragon_game_record_replays_to_a_black_win() {
    // gandhi56-zz/dragon cpp/nex/games/2_1_black.txt; the last field is the result.
    let record = "Ba3?b1;Wa1?a2;Bc1?c2;Wb2?b3;Bb3Bc2?c1;B";
    let (moves_text, result) = record.rsplit_once(';').unwrap();
    assert_eq!(result, "B");
    let g = nex(3);
    let mut s = g.start();
    play(&g, &mut s, moves_text);
    assert_eq!(g.position_to_string(&s), "W?B/?WB/?B1 White 5");
    assert_eq!(g.outcome(&s), Some(Outcome::Win(BLACK)));
    assert!(moves(&g, &s).is_empty());
}

#[test]
fn solve_3x3_black_wins() {
    let g = nex(3);
    let mut s = g.start();
    let sol = solve(&g, &mut s, |_, _| {}).expect("3×3 is small");
    assert_eq!(sol.value, Value::Win, "Black, to move, wins 3×3 Nex");
    assert_eq!(sol.moves.len(), 72);
    let winning = sol.moves.iter().filter(|(_, v)| *v == Value::Win).count();
    assert_eq!(winning, 42);
    assert!(sol.moves.iter().all(|(_, v)| *v != Value::Loss));
    // The principal line ends in a Black win.
    for &mv in &sol.line {
        g.make(&mut s, mv);
    }
    assert_eq!(g.outcome(&s), Some(Outcome::Win(BLACK)));
}

// ---------------------------------------------------------------- `tabletop match`

#[test]
fn match_command_prints_the_table() {
    let args = [
        "match",
        "nex",
        "--set",
        "size=3",
        "--a",
        "mcts:200",
        "--b",
        "random",
        "--games",
        "6",
        "--seed",
        "5",
        "--threads",
        "2",
    ];
    let (code, out, err) = tabletop(&args);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "no progress bar off a terminal: {err}");
    for expected in [
        "Nex: 6 games, seed 5, 2 threads",
        "A = mcts:200 (mcts 200 simulations)",
        "B = random (random)",
        "A first (Black)             3",
        "A second (White)            3",
        "all                         6",
        "95% interval",
        "by colour: Black ",
        "average length: ",
        "endings:",
    ] {
        assert!(out.contains(expected), "missing '{expected}' in\n{out}");
    }
    // The same seed gives the same games whatever the number of threads.
    let mut one = args.to_vec();
    *one.last_mut().unwrap() = "1";
    let (_, out1, _) = tabletop(&one);
    let body = |s: &str| s.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&out), body(&out1));
}

#[test]
fn match_command_rejects_bad_players_with_exit_2() {
    for (bad, message) in [
        (
            "human",
            "'human' is not a player; expected ai:LEVEL (1-9) or ai:time=2s (or depth=N, playouts=N), random, greedy, mcts:PLAYOUTS or ab:DEPTH",
        ),
        (
            "ai:10",
            "'ai:10': the AI level must be from 1 to 9, not 10",
        ),
        (
            "ai:time=0s",
            "'ai:time=0s': time=0s: expected a time from 1ms to 60 minutes",
        ),
        (
            "mcts:0",
            "'mcts:0': the number of playouts must be a whole number from 1",
        ),
        (
            "ab:x",
            "'ab:x': the depth must be a whole number from 1 to 64",
        ),
    ] {
        let (code, out, err) = tabletop(&["match", "nex", "--a", bad, "--b", "random"]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(message), "{bad}: {err}");
    }
    let (code, _, err) = tabletop(&[
        "match", "nex", "--a", "random", "--b", "random", "--games", "0",
    ]);
    assert_eq!(code, 2, "{err}");
}
