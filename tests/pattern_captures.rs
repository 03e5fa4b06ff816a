//! The pattern captures and conversions (`custodian`, `surround`, `approach`, `withdraw`,
//! `convert-around`) on small rule files: the moves they allow and the positions they leave.
//! The shipped games that use them (tablut, ataxx, hasami-shogi) have their own scenarios.

use std::collections::BTreeSet;

use tabletop::Game;

fn compile(src: &str) -> Game {
    tabletop::compile_source("t", "t.game", src, &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// The moves from `position`, as written.
fn moves(game: &Game, position: &str) -> BTreeSet<String> {
    let s = game.parse_position(position).unwrap();
    game.legal_moves_vec(&s)
        .iter()
        .map(|&m| game.move_to_string(&s, m))
        .collect()
}

/// The position after `mv` from `position` (board and side only).
fn after(game: &Game, position: &str, mv: &str) -> String {
    let mut s = game.parse_position(position).unwrap();
    let m = game
        .parse_move(&s, mv)
        .unwrap_or_else(|e| panic!("{mv}: {e:?}"));
    game.make(&mut s, m);
    let text = game.position_to_string(&s);
    text.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

const FANORONA_LIKE: &str = r#"
game "Approach and withdraw"
players White, Black
board square(5, 5)
piece stone = "W" for White, "B" for Black
setup stone at row(1) for White, row(5) for Black
forced move stone: step(adjacent, to: empty) then approach(adjacent),
                   step(adjacent, to: empty) then withdraw(adjacent)
move stone: step(adjacent, to: empty)
loss if no-pieces
"#;

#[test]
fn a_move_that_could_approach_or_withdraw_is_two_moves() {
    let g = compile(FANORONA_LIKE);
    let p = "5/5/BW1B1/5/5 White";
    assert_eq!(
        moves(&g, p),
        BTreeSet::from(["b3-c3A".into(), "b3-c3W".into()])
    );
    assert_eq!(after(&g, p, "b3-c3A"), "5/5/B1W2/5/5 Black");
    assert_eq!(after(&g, p, "b3-c3W"), "5/5/2WB1/5/5 Black");
}

#[test]
fn approach_takes_the_whole_line_ahead_and_stops_at_a_gap() {
    let g = compile(FANORONA_LIKE);
    // A line of two (d3, e3) goes; a gap (e3 empty) ends the line.
    assert_eq!(
        after(&g, "5/5/1W1BB/5/5 White", "b3-c3A"),
        "5/5/2W2/5/5 Black"
    );
    assert_eq!(
        after(&g, "5/5/1W1B1/5/4B White", "b3-c3A"),
        "5/5/2W2/5/4B Black"
    );
    // Without a capture the plain steps are the moves (the forced lines have none).
    assert_eq!(moves(&g, "5/5/2W2/5/1B3 White").len(), 8);
}

#[test]
fn withdraw_after_a_slide_looks_behind_the_start() {
    let g = compile(
        r#"
game "Withdraw"
players White, Black
board square(6, 1)
piece stone = "W" for White, "B" for Black
setup stone at a1 for Black, f1 for White
move stone: slide(e, w, to: empty) then withdraw(e, w)
loss if no-pieces
"#,
    );
    // a1 B, b1 W: W slides east to d1 or e1 or f1, taking a1 behind b1 each time.
    let p = "BW4 White";
    assert_eq!(
        moves(&g, p),
        BTreeSet::from([
            "b1-c1W".into(),
            "b1-d1W".into(),
            "b1-e1W".into(),
            "b1-f1W".into()
        ])
    );
    assert_eq!(after(&g, p, "b1-e1W"), "4W1 Black");
}

const PAIRS: &str = r#"
game "Pairs"
players Black, White
board square(6, 1)
piece stone = "x" for Black, "o" for White
move place(stone) then custodian(e, w, count: 2)
loss if no-moves
"#;

#[test]
fn custodian_count_two_takes_exactly_two() {
    let g = compile(PAIRS);
    assert_eq!(after(&g, "xoo3 Black", "d1"), "x2x2 White");
    // One, or three, closed between two: nothing is taken.
    assert_eq!(after(&g, "xo4 Black", "c1"), "xox3 White");
    assert_eq!(after(&g, "xooo2 Black", "e1"), "xooox1 White");
}

#[test]
fn custodian_max_takes_a_run_of_any_length_up_to_it() {
    let g = compile(&PAIRS.replace("count: 2", "count: 1, max: 3"));
    assert_eq!(after(&g, "xooo2 Black", "e1"), "x3x1 White");
    assert_eq!(after(&g, "xo4 Black", "c1"), "x1x3 White");
    // The run must be closed: an empty cell beyond it takes nothing.
    assert_eq!(after(&g, "1oo3 Black", "d1"), "1oox2 White");
}

#[test]
fn surround_needs_every_side_and_the_edge_only_with_edges_yes() {
    let src = r#"
game "Corner"
players Black, White
board square(3, 3)
piece stone = "x" for Black, "o" for White
move place(stone) then surround(orthogonal)
loss if no-pieces
"#;
    let g = compile(src);
    // o on a1 (a corner) with x on a2: x on b1 does not take it (two sides are off the board).
    assert_eq!(after(&g, "3/x2/o2 Black", "b1"), "3/x2/ox1 White");
    let g = compile(&src.replace("surround(orthogonal)", "surround(orthogonal, edges: yes)"));
    assert_eq!(after(&g, "3/x2/o2 Black", "b1"), "3/x2/1x1 White");
    // In the middle all four sides are needed.
    assert_eq!(after(&g, "1x1/xo1/1x1 Black", "c2"), "1x1/x1x/1x1 White");
    assert_eq!(after(&g, "1x1/xo1/3 Black", "c2"), "1x1/xox/3 White");
}

#[test]
fn convert_around_turns_enemies_only_and_next_to_limits_the_cells() {
    let g = compile(
        r#"
game "Clone"
players Black, White
board square(3, 3)
piece stone = "x" for Black, "o" for White
move place(stone) then convert-around(adjacent, next-to: friend)
pass if no-moves
draw if nobody-can-move
"#,
    );
    // Black may place only next to x (a1): a2, b1, b2.
    assert_eq!(
        moves(&g, "2o/3/x2 Black"),
        BTreeSet::from(["a2".into(), "b1".into(), "b2".into()])
    );
    // b2 turns c3 (an enemy) and leaves a1 (a friend) as it was.
    assert_eq!(after(&g, "2o/3/x2 Black", "b2"), "2x/1x1/x2 White");
}
