//! The proof-number solver (`solve --method dfpn`): it agrees with the exact solver on small
//! games, with and without symmetries, within a tiny table too; the symmetries it finds;
//! what it refuses.

use std::process::Command;

use tabletop::engine::{symmetries, Game, Move, State};
use tabletop::tools::solve::dfpn::{solve_dfpn, DfpnSolution, Options};
use tabletop::tools::solve::{solve, Value};

fn game(name: &str, sets: &[(&str, &str)]) -> Game {
    let sets: Vec<(String, String)> = sets
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    tabletop::load(name, &sets).expect("the game compiles")
}

fn dfpn(g: &Game, s: &mut State, memory_mb: usize, symmetry: bool) -> DfpnSolution {
    let opts = Options {
        memory_mb,
        symmetry,
    };
    solve_dfpn(g, s, opts, |_| {}).expect("df-pn solves it")
}

/// Every first move with its value, from the groups.
fn per_move(sol: &DfpnSolution) -> Vec<(Move, Value)> {
    let mut out: Vec<(Move, Value)> = sol
        .groups
        .iter()
        .flat_map(|g| g.moves.iter().map(move |&m| (m, g.value)))
        .collect();
    out.sort_by_key(|(m, _)| format!("{m:?}"));
    out
}

/// df-pn (with and without symmetries, and in a 1 MB table) gives the exact solver's value
/// for the position and for every first move.
fn agrees_with_exact(name: &str, sets: &[(&str, &str)]) {
    let g = game(name, sets);
    let mut s = g.start();
    let exact = solve(&g, &mut s, |_, _| {}).expect("the exact solver solves it");
    let mut want = exact.moves.clone();
    want.sort_by_key(|(m, _)| format!("{m:?}"));
    for (memory, symmetry) in [(64, true), (64, false), (1, true)] {
        let sol = dfpn(&g, &mut s, memory, symmetry);
        assert_eq!(
            sol.value, exact.value,
            "{name} {sets:?} symmetry {symmetry}"
        );
        assert_eq!(per_move(&sol), want, "{name} {sets:?} symmetry {symmetry}");
    }
}

#[test]
fn agrees_with_the_exact_solver_on_tic_tac_toe_boards() {
    agrees_with_exact("tictactoe", &[]);
    let rows = "tests/solve/three-in-a-row.game";
    agrees_with_exact(rows, &[("width", "4")]);
    agrees_with_exact(rows, &[("width", "2"), ("height", "4")]);
    agrees_with_exact(rows, &[("width", "4"), ("height", "3"), ("connect", "4")]);
}

#[test]
fn agrees_with_the_exact_solver_on_connect_four_boards() {
    let c4 = "connect4";
    agrees_with_exact(c4, &[("width", "4"), ("height", "4"), ("connect", "3")]);
    agrees_with_exact(c4, &[("width", "5"), ("height", "3"), ("connect", "3")]);
    agrees_with_exact(c4, &[("width", "4"), ("height", "3"), ("connect", "4")]);
}

#[test]
fn agrees_with_the_exact_solver_on_hex_and_nex() {
    agrees_with_exact("hex", &[("size", "2")]);
    agrees_with_exact("hex", &[("size", "3")]);
    // Nex can repeat (transforms add no stone) and draw.
    agrees_with_exact("nex", &[("size", "2")]);
    agrees_with_exact("nex", &[("size", "3")]);
}

#[test]
fn hex_4x4_first_moves_match_the_exact_solver() {
    // Recorded from `tabletop solve hex --set size=4` (the exact solver, 7.3 million
    // positions: too slow for a debug test): Black wins by opening on the short diagonal.
    let g = game("hex", &[("size", "4")]);
    let mut s = g.start();
    let sol = dfpn(&g, &mut s, 64, true);
    assert_eq!(sol.value, Value::Win);
    let mut winning: Vec<String> = per_move(&sol)
        .into_iter()
        .filter(|&(_, v)| v == Value::Win)
        .map(|(m, _)| g.move_to_string(&s, m))
        .collect();
    winning.sort();
    assert_eq!(winning, ["a4", "b3", "c2", "d1"]);
    assert_eq!(per_move(&sol).len(), 16);
}

fn sym_count(name: &str, sets: &[(&str, &str)]) -> usize {
    symmetries(&game(name, sets)).len()
}

#[test]
fn symmetries_found_from_geometry_and_rules() {
    // The square's 8.
    assert_eq!(sym_count("tictactoe", &[]), 8);
    // A 4×3 rectangle: identity, two mirrors, the half turn.
    assert_eq!(
        sym_count("tests/solve/three-in-a-row.game", &[("width", "4")]),
        4
    );
    // Discs fall south: only the left-right mirror.
    assert_eq!(sym_count("connect4", &[]), 2);
    // Reversi's rules have the square's 8 (its start position only 4 of them).
    assert_eq!(sym_count("reversi", &[]), 8);
    // Chess: castling flags and en passant are per cell, so the check keeps the identity.
    assert_eq!(sym_count("chess", &[]), 1);
    // Hex and Nex: the half turn swaps top with bottom and left with right.
    for name in ["hex", "nex"] {
        for size in ["3", "4", "5"] {
            let g = game(name, &[("size", size)]);
            let syms = symmetries(&g);
            assert_eq!(syms.len(), 2, "{name} {size}");
            let n = g.board().len() as u16;
            let half_turn: Vec<tabletop::CellId> =
                (0..n).map(|c| tabletop::CellId::new(n - 1 - c)).collect();
            assert_eq!(syms[1].cells, half_turn, "{name} {size}");
        }
    }
    // A rectangular Nex board has the half turn too.
    assert_eq!(sym_count("nex", &[("width", "4"), ("height", "3")]), 2);
}

#[test]
fn symmetric_first_moves_are_grouped() {
    let g = game("tictactoe", &[]);
    let mut s = g.start();
    let sol = dfpn(&g, &mut s, 16, true);
    let groups: Vec<Vec<String>> = sol
        .groups
        .iter()
        .map(|grp| grp.moves.iter().map(|&m| g.move_to_string(&s, m)).collect())
        .collect();
    assert_eq!(
        groups,
        [
            vec!["a1", "c1", "a3", "c3"],
            vec!["b1", "a2", "c2", "b3"],
            vec!["b2"]
        ]
    );
    assert!(sol.groups.iter().all(|grp| grp.value == Value::Draw));
    let plain = dfpn(&g, &mut s, 16, false);
    assert_eq!(plain.groups.len(), 9);
}

fn tabletop(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .output()
        .expect("tabletop runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_command_line_prints_values_and_groups() {
    let (code, out, err) = tabletop(&[
        "solve", "hex", "--set", "size=3", "--method", "dfpn", "--memory", "8M",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..7],
        [
            "value: Black (to move) wins",
            "  a1 c3        loses",
            "  b1 b3        loses",
            "  c1 a3        wins",
            "  a2 c2        wins",
            "  b2           wins",
            "symmetries: 2 (2 of them fix this position)",
        ]
    );
    assert!(lines[7].starts_with("positions "), "{out}");
}

#[test]
fn refusals_are_clear() {
    let (code, _, err) = tabletop(&["solve", "ur", "--method", "dfpn"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("handles games without chance"), "{err}");
    let (code, _, err) = tabletop(&["solve", "chess", "--method", "dfpn"]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains(
            "keys positions without their history, and the rule 'no-progress(100, pawn)' reads it"
        ),
        "{err}"
    );
    for bad in ["0", "xyz", "8Q", "2T"] {
        let (code, _, err) = tabletop(&["solve", "tictactoe", "--method", "dfpn", "--memory", bad]);
        assert_eq!(code, Some(2), "{bad}: {err}");
        assert!(err.contains("--memory"), "{bad}: {err}");
    }
    let (code, _, err) = tabletop(&["solve", "tictactoe", "--method", "dfs"]);
    assert_eq!(code, Some(2), "{err}");
}
