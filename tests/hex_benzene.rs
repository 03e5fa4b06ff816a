//! Hex 5 × 5 positions solved by an outside program: the four 5 × 5 puzzles of Benzene's
//! regression suite (the University of Alberta's Hex programs; `regression/dfpn-puzzle.tst`
//! with the positions in `regression/sgf/puzzles/5x5-*.sgf`, as kept in
//! github.com/cgao3/benzene-vanilla-cmake), with the winning moves its df-pn solver finds.
//! Our proof-number solver (`solve --method dfpn`, with and without virtual connections)
//! must find the same set of winning moves for the player to move.
//!
//! Benzene's cells are named column letter, row number, Black joining top and bottom, as
//! ours (`tests/solve_connections.rs` checks its 6 × 6 first moves the same way).
//!
//! The first-move values of the empty 5 × 5 board (`tests/solve_connections.rs`) have no
//! outside source in this repository: the published ones (Queenbee's opening page, the Hex
//! wiki's "Small boards") are pictures, which the project could not read; see
//! `tests/oracles/README.md`.

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
