//! Hex on small boards against an outside program, Benzene. First, the four 5 × 5 puzzles of its
//! regression suite (the University of Alberta's Hex programs; `regression/dfpn-puzzle.tst`
//! with the positions in `regression/sgf/puzzles/5x5-*.sgf`, as kept in
//! github.com/cgao3/benzene-vanilla-cmake), with the winning moves its df-pn solver finds.
//! Our proof-number solver (`solve --method dfpn`, with and without virtual connections)
//! must find the same set of winning moves for the player to move.
//!
//! Benzene's cells are named column letter, row number, Black joining top and bottom, as
//! ours (`tests/solve_connections.rs` checks its 6 × 6 first moves the same way).
//!
//! The first moves of the empty board, 2 × 2 to 5 × 5: Benzene's `share/swap-moves.txt` lists,
//! for each size, the first moves its player should swap, that is the ones that win for
//! the first player. That file writes cells transposed from ours (its rows are our columns):
//! its 6 × 6 list is exactly the transpose of the 6 × 6 first-move values in Benzene's
//! `regression/dfpn-solve-6x6.tst`, which agree with ours cell for cell
//! (`tests/solve_connections.rs`, `hex_6x6_is_solved`); the test checks that on the data.

use tabletop::engine::{Game, State};
use tabletop::tools::solve::dfpn::{solve_dfpn, Options};
use tabletop::tools::solve::Value;

/// One of Benzene's puzzles: the stones (its `AB` and `AW`), who is to move (`PL`), and the
/// winning moves its `dfpn-solver-find-winning` lists (`dfpn-solve-state` for the Berge
/// puzzle: the player to move wins, and which moves do is not given).
struct Puzzle {
    file: &'static str,
    black: &'static [&'static str],
    white: &'static [&'static str],
    black_to_move: bool,
    winning: Option<&'static [&'static str]>,
}

const PUZZLES: [Puzzle; 4] = [
    Puzzle {
        file: "5x5-berge-comp-1.sgf (test 10)",
        black: &["a1", "e2", "d3", "b4", "c4"],
        white: &["e1", "b2", "c3", "b5", "c5"],
        black_to_move: true,
        winning: None,
    },
    Puzzle {
        file: "5x5-hein-comp-06.sgf (test 65)",
        black: &["c3", "a5", "c5"],
        white: &["b4", "c4", "d5"],
        black_to_move: true,
        winning: Some(&["d3"]),
    },
    Puzzle {
        file: "5x5-henderson-11.sgf (test 80)",
        black: &["e1", "c3", "a4"],
        white: &["c2", "b4"],
        black_to_move: false,
        winning: Some(&["c4"]),
    },
    Puzzle {
        file: "5x5-henderson-12.sgf (test 81)",
        black: &["e1", "c3", "a4"],
        white: &["c2", "d2", "b4"],
        black_to_move: true,
        winning: Some(&["b3"]),
    },
];

fn hex5() -> Game {
    tabletop::load("hex", &[("size".into(), "5".into())]).expect("Hex compiles")
}

/// The puzzle's position, its stones placed alternately (Black first; each puzzle has as
/// many Black stones as White ones, or one more, so the side to move comes out right).
fn position(g: &Game, p: &Puzzle) -> State {
    let mut s = g.start();
    let (mut b, mut w) = (p.black.iter(), p.white.iter());
    while let Some(cell) = if s.to_move().index() == 0 {
        b.next()
    } else {
        w.next()
    } {
        let mv = g
            .parse_move(&s, cell)
            .unwrap_or_else(|e| panic!("{}: {cell}: {e}", p.file));
        g.make(&mut s, mv);
        assert!(s.result_now().is_none(), "{}: over at {cell}", p.file);
    }
    assert!(b.next().is_none() && w.next().is_none(), "{}", p.file);
    assert_eq!(s.to_move().index() == 0, p.black_to_move, "{}", p.file);
    s
}

#[test]
fn benzene_5x5_puzzles_have_the_winning_moves_benzene_finds() {
    let g = hex5();
    for p in &PUZZLES {
        for connections in [true, false] {
            let mut s = position(&g, p);
            let opts = Options {
                memory_mb: 64,
                connections,
                first_moves: true,
                ..Options::default()
            };
            let sol = solve_dfpn(&g, &mut s, opts, |_| {}).expect("df-pn solves it");
            let at = format!("{} (connections: {connections})", p.file);
            assert_eq!(sol.value, Value::Win, "{at}: the player to move wins");
            let mut winning: Vec<String> = sol
                .groups
                .iter()
                .filter(|grp| grp.value == Value::Win)
                .flat_map(|grp| grp.moves.iter().map(|&m| g.move_to_string(&s, m)))
                .collect();
            winning.sort();
            let listed: usize = sol.groups.iter().map(|grp| grp.moves.len()).sum();
            assert_eq!(
                listed,
                g.legal_moves_vec(&s).len(),
                "{at}: every move valued"
            );
            if let Some(want) = p.winning {
                assert_eq!(winning, want, "{at}");
            } else {
                assert!(!winning.is_empty(), "{at}");
            }
        }
    }
}

/// Benzene's `share/swap-moves.txt` (same repository, commit 407eb3e): the first moves to
/// swap on each board size, as written there (its cells transposed from ours).
const SWAP_MOVES: [(usize, &[&str]); 5] = [
    (2, &["b1", "a2"]),
    (3, &["b1", "c1", "b2", "a3", "b3"]),
    (4, &["d1", "c2", "b3", "a4"]),
    (
        5,
        &[
            "d1", "e1", "b2", "c2", "d2", "b3", "c3", "d3", "b4", "c4", "d4", "a5", "b5",
        ],
    ),
    (
        6,
        &[
            "c1", "d1", "e1", "f1", "b2", "c2", "d2", "e2", "b3", "c3", "d3", "e3", "b4", "c4",
            "d4", "e4", "b5", "c5", "d5", "e5", "a6", "b6", "c6", "d6",
        ],
    ),
];

/// A cell name with its column and row exchanged: `d1` is `a4`.
fn transposed(cell: &str) -> String {
    let mut chars = cell.chars();
    let column = chars.next().expect("a column letter");
    let row: u32 = chars.as_str().parse().expect("a row number");
    let letter = char::from_u32('a' as u32 + row - 1).expect("a letter");
    format!("{letter}{}", u32::from(column) - u32::from('a') + 1)
}

/// Every cell of a `size` × `size` board, by name.
fn cells(size: usize) -> Vec<String> {
    (1..=size)
        .flat_map(|row| ('a'..).take(size).map(move |c| format!("{c}{row}")))
        .collect()
}

/// `names` transposed, sorted.
fn transposed_sorted(names: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = names.iter().map(|n| transposed(n)).collect();
    out.sort();
    out
}

#[test]
fn swap_moves_are_written_transposed_from_the_6x6_solution() {
    // Benzene's dfpn-solve-6x6.tst: the 12 first moves White refutes, in our cell names
    // (the list `tests/solve_connections.rs` checks our 6 × 6 solution against).
    let mut losing = [
        "a1", "b1", "c1", "d1", "e1", "a2", "f6", "e6", "d6", "c6", "b6", "f5",
    ]
    .map(String::from)
    .to_vec();
    losing.sort();
    let swap = transposed_sorted(SWAP_MOVES[4].1);
    let mut rest: Vec<String> = cells(6).into_iter().filter(|c| !swap.contains(c)).collect();
    rest.sort();
    assert_eq!(rest, losing);
}

#[test]
fn first_moves_on_2x2_to_5x5_win_where_benzene_swaps() {
    for &(size, swap) in &SWAP_MOVES[..4] {
        let g = tabletop::load("hex", &[("size".into(), size.to_string())]).expect("Hex");
        let mut s = g.start();
        let opts = Options {
            memory_mb: 64,
            connections: true,
            first_moves: true,
            ..Options::default()
        };
        let sol = solve_dfpn(&g, &mut s, opts, |_| {}).expect("df-pn solves it");
        assert_eq!(
            sol.value,
            Value::Win,
            "{size} × {size}: the first player wins"
        );
        let mut winning: Vec<String> = sol
            .groups
            .iter()
            .filter(|grp| grp.value == Value::Win)
            .flat_map(|grp| grp.moves.iter().map(|&m| g.move_to_string(&s, m)))
            .collect();
        winning.sort();
        let listed: usize = sol.groups.iter().map(|grp| grp.moves.len()).sum();
        assert_eq!(
            listed,
            size * size,
            "{size} × {size}: every first move valued"
        );
        assert_eq!(winning, transposed_sorted(swap), "{size} × {size}");
    }
}
