//! The proof-number solver (`solve --method dfpn`): it agrees with the exact solver on small
//! games, with and without symmetries, within a tiny table too; the symmetries it finds;
//! what it refuses.

mod common;
use common::tabletop;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use tabletop::engine::{symmetries, Game, Move, State};
use tabletop::tools::solve::dfpn::{solve_dfpn, DfpnSolution, Options};
use tabletop::tools::solve::{solve, SolveError, Value};

fn game(name: &str, sets: &[(&str, &str)]) -> Game {
    tabletop::load(name, &tabletop::option_pairs(sets)).expect("the game compiles")
}

fn dfpn(g: &Game, s: &mut State, memory_mb: usize, symmetry: bool) -> DfpnSolution {
    let opts = Options {
        memory_mb,
        symmetry,
        ..Options::default()
    };
    solve_dfpn(g, s, opts, |_| {}).expect("df-pn solves it")
}

/// df-pn with new positions' numbers started at 1 and 1 instead of from the distance
/// estimates.
fn dfpn_plain(g: &Game, s: &mut State) -> DfpnSolution {
    let opts = Options {
        memory_mb: 64,
        estimates: false,
        ..Options::default()
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
    let plain = dfpn_plain(&g, &mut s);
    assert_eq!(
        plain.value, exact.value,
        "{name} {sets:?} without estimates"
    );
    assert_eq!(per_move(&plain), want, "{name} {sets:?} without estimates");
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
fn agrees_with_the_exact_solver_under_the_pie_rule() {
    // After `swap` the same colour moves again, played by the other person: the values
    // are the people's, as the exact solver's negamax gives them. Hex 3 × 3: every opening
    // loses (a winning one is swapped); Nex 3 × 3 has drawn openings, so it draws.
    agrees_with_exact("hex", &[("size", "3"), ("swap", "yes")]);
    agrees_with_exact("nex", &[("size", "2"), ("swap", "yes")]);
    agrees_with_exact("nex", &[("size", "3"), ("swap", "yes")]);
    let g = game("hex", &[("size", "3"), ("swap", "yes")]);
    let sol = dfpn(&g, &mut g.start(), 16, true);
    assert_eq!(sol.value, Value::Loss);
    assert!(sol.groups.iter().all(|grp| grp.value == Value::Loss));
}

#[test]
fn the_pie_rule_values_follow_from_the_values_without_it() {
    // With the pie rule the second player takes over a winning opening and answers a
    // losing one, so an opening is worth a loss unless it draws without the rule.
    let plain = game("nex", &[("size", "3")]);
    let pie = game("nex", &[("size", "3"), ("swap", "yes")]);
    let without = per_move(&dfpn(&plain, &mut plain.start(), 16, true));
    let with = per_move(&dfpn(&pie, &mut pie.start(), 16, true));
    assert_eq!(without.len(), with.len());
    let mut draws = 0;
    for ((m1, v1), (m2, v2)) in without.iter().zip(&with) {
        assert_eq!(m1, m2);
        let want = if *v1 == Value::Draw {
            Value::Draw
        } else {
            Value::Loss
        };
        assert_eq!(*v2, want, "{m1:?}");
        draws += usize::from(*v1 == Value::Draw);
    }
    assert!(draws > 0, "Nex 3 × 3 has drawn openings");
}

#[test]
fn winning_moves_found_before_settle_positions_at_once() {
    // A move that ends the game in the mover's favour settles a position: found among the
    // moves that did so at the same depth before (killers, tried before listing the
    // children), or while listing them. The values are the exact solver's (above); here,
    // both kinds of cut happen.
    for (name, sets) in [
        ("tictactoe", &[][..]),
        (
            "connect4",
            &[("width", "4"), ("height", "4"), ("connect", "3")],
        ),
        ("hex", &[("size", "3")]),
    ] {
        let g = game(name, sets);
        // Hex's virtual connections would settle its positions before either cut.
        let opts = Options {
            memory_mb: 16,
            connections: false,
            ..Options::default()
        };
        let sol = solve_dfpn(&g, &mut g.start(), opts, |_| {}).expect("df-pn solves it");
        assert!(sol.stats.killer_cuts > 0, "{name}");
        assert!(sol.stats.win_cuts > 0, "{name}");
        assert!(
            sol.stats.killer_cuts + sol.stats.win_cuts <= sol.stats.proven,
            "{name}"
        );
    }
}

#[test]
fn distance_estimates_shrink_the_search() {
    // Starting new positions' numbers from how far each side is from its connection (not
    // 1 and 1) finds the same values searching fewer positions.
    for (name, sets) in [("hex", &[("size", "4")][..]), ("nex", &[("size", "3")])] {
        let g = game(name, sets);
        let guided = dfpn(&g, &mut g.start(), 64, true);
        let plain = dfpn_plain(&g, &mut g.start());
        assert_eq!(guided.value, plain.value, "{name}");
        assert_eq!(per_move(&guided), per_move(&plain), "{name}");
        assert!(
            guided.stats.nodes < plain.stats.nodes,
            "{name}: {} positions with estimates, {} without",
            guided.stats.nodes,
            plain.stats.nodes
        );
    }
    // A game with no connection ending has no estimates: the same search either way.
    let g = game(
        "connect4",
        &[("width", "4"), ("height", "4"), ("connect", "3")],
    );
    let a = dfpn(&g, &mut g.start(), 64, true);
    let b = dfpn_plain(&g, &mut g.start());
    assert_eq!(a.stats.nodes, b.stats.nodes);
}

#[test]
fn each_first_move_is_reported_as_soon_as_it_is_solved() {
    let g = game("hex", &[("size", "3")]);
    let mut s = g.start();
    let mut reported = Vec::new();
    let sol = solve_dfpn(&g, &mut s, Options::default(), |p| {
        if let Some(x) = p.solved {
            reported.push(x);
        }
    })
    .expect("df-pn solves it");
    let groups: Vec<(Move, Value)> = sol.groups.iter().map(|g| (g.moves[0], g.value)).collect();
    assert_eq!(reported, groups);
    // `first_moves: false` finds the value alone.
    let opts = Options {
        first_moves: false,
        ..Options::default()
    };
    let alone = solve_dfpn(&g, &mut s, opts, |_| {}).expect("df-pn solves it");
    assert_eq!(alone.value, sol.value);
    assert!(alone.groups.is_empty());
    assert_eq!(play_out(&g, &s, &alone.line), Some(s.to_move()));
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

#[test]
fn the_command_line_prints_values_and_groups() {
    let (code, out, err) = tabletop(&[
        "solve", "hex", "--set", "size=3", "--method", "dfpn", "--memory", "8M",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..8],
        [
            "value: Black (to move) wins",
            "  a1 c3        loses",
            "  b1 b3        loses",
            "  c1 a3        wins",
            "  a2 c2        wins",
            "  b2           wins",
            "line: c1 a1 b2 b1 a3",
            "symmetries: 2 (2 of them fix this position)",
        ]
    );
    assert!(lines[8].starts_with("positions "), "{out}");
}

#[test]
fn refusals_are_clear() {
    let (code, _, err) = tabletop(&["solve", "ur", "--method", "dfpn"]);
    assert_eq!(code, 1);
    assert!(err.contains("handles games without chance"), "{err}");
    let (code, _, err) = tabletop(&["solve", "chess", "--method", "dfpn"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "keys positions without their history, and the rule 'no-progress(100, pawn)' reads it"
        ),
        "{err}"
    );
    for bad in ["0", "xyz", "8Q", "2T"] {
        let (code, _, err) = tabletop(&["solve", "tictactoe", "--method", "dfpn", "--memory", bad]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains("--memory"), "{bad}: {err}");
    }
    let (code, _, err) = tabletop(&["solve", "tictactoe", "--method", "dfs"]);
    assert_eq!(code, 2, "{err}");
}

/// Plays `line` from `s` and returns the winner it ends with (`None`: not over, or drawn).
fn play_out(g: &Game, s: &State, line: &[Move]) -> Option<tabletop::engine::Player> {
    let mut at = s.clone();
    for &mv in line {
        assert!(
            g.legal_moves_vec(&at).contains(&mv),
            "the line's moves are legal"
        );
        assert!(
            at.result_now().is_none(),
            "the line stops when the game ends"
        );
        g.make(&mut at, mv);
    }
    at.result_now().and_then(|o| o.winner(2))
}

#[test]
fn the_principal_line_plays_the_proven_result_out() {
    let c4 = [("width", "4"), ("height", "4"), ("connect", "3")];
    for (name, sets) in [
        ("hex", &[("size", "3")][..]),
        ("hex", &[("size", "2")]),
        ("connect4", &c4),
    ] {
        let g = game(name, sets);
        let mut s = g.start();
        let sol = dfpn(&g, &mut s, 16, true);
        assert_eq!(sol.value, Value::Win, "{name} {sets:?}");
        assert_eq!(
            play_out(&g, &s, &sol.line),
            Some(s.to_move()),
            "{name} {sets:?}"
        );
        // The first move is one of the winning ones.
        let first = sol
            .groups
            .iter()
            .find(|grp| grp.moves.contains(&sol.line[0]));
        assert_eq!(first.map(|grp| grp.value), Some(Value::Win));
        // From a lost position the loser resists, and still loses at the end.
        let losing = sol.groups.iter().find(|grp| grp.value == Value::Loss);
        if let Some(grp) = losing {
            g.make(&mut s, grp.moves[0]);
            let after = dfpn(&g, &mut s, 16, true);
            assert_eq!(after.value, Value::Win, "the reply wins");
            assert_eq!(play_out(&g, &s, &after.line), Some(s.to_move()));
        }
    }
    // A draw has no line.
    let g = game("tictactoe", &[]);
    let sol = dfpn(&g, &mut g.start(), 16, true);
    assert_eq!((sol.value, sol.line.len()), (Value::Draw, 0));
}

/// A fresh file name under Cargo's scratch folder for this test binary.
fn scratch(name: &str) -> std::path::PathBuf {
    let p = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// 4 × 4 Connect Four (four in a row): some 30 000 positions, a draw.
fn connect_four_4x4() -> Game {
    game(
        "connect4",
        &[("width", "4"), ("height", "4"), ("connect", "4")],
    )
}

#[test]
fn a_stopped_solve_resumes_from_its_checkpoint_to_the_same_values() {
    let g = connect_four_4x4();
    let mut s = g.start();
    let full = dfpn(&g, &mut s, 16, true);
    let file = scratch("c4-4x4.ckpt");
    // Stopped by a node limit: the table is saved, and no temporary file is left.
    let opts = Options {
        memory_mb: 16,
        max_nodes: Some(8_192),
        checkpoint: Some(file.clone()),
        ..Options::default()
    };
    match solve_dfpn(&g, &mut s, opts, |_| {}) {
        Err(SolveError::Stopped { nodes, saved }) => {
            assert_eq!(nodes, 8_192);
            assert_eq!(saved, Some(file.display().to_string()));
        }
        other => panic!("expected a stop, got {:?}", other.map(|s| s.value)),
    }
    assert!(file.exists());
    assert!(!file.with_extension("ckpt.tmp").exists());
    assert_eq!(s.hash(), g.start().hash(), "the position is left as given");
    // Stopped by the flag Ctrl-C sets, going on from the first checkpoint.
    let opts = Options {
        memory_mb: 16,
        stop: Some(Arc::new(AtomicBool::new(true))),
        checkpoint: Some(file.clone()),
        resume: Some(file.clone()),
        ..Options::default()
    };
    let stopped = solve_dfpn(&g, &mut s, opts, |_| {});
    assert!(matches!(
        stopped,
        Err(SolveError::Stopped { nodes: 4_096, .. })
    ));
    // Resumed to the end: the same values, in fewer positions than from scratch.
    let opts = Options {
        memory_mb: 16,
        resume: Some(file.clone()),
        ..Options::default()
    };
    let resumed = solve_dfpn(&g, &mut s, opts, |_| {}).expect("the resumed solve ends");
    assert_eq!(resumed.value, full.value);
    assert_eq!(per_move(&resumed), per_move(&full));
    assert!(
        resumed.stats.nodes < full.stats.nodes,
        "{} positions resumed, {} from scratch",
        resumed.stats.nodes,
        full.stats.nodes
    );
}

/// Ctrl-C during a solve too small to reach the stop flag's next look (every 4096
/// positions): "saving the checkpoint" was said, the solve finished, and no checkpoint was
/// written. Whatever the timing, a stop asked for writes the checkpoint.
#[test]
fn a_stop_asked_for_writes_the_checkpoint_even_when_the_solve_ends_first() {
    let g = game("tictactoe", &[]);
    let mut s = g.start();
    let file = scratch("ttt-stopped.ckpt");
    let opts = Options {
        memory_mb: 16,
        stop: Some(Arc::new(AtomicBool::new(true))),
        checkpoint: Some(file.clone()),
        ..Options::default()
    };
    let sol = solve_dfpn(&g, &mut s, opts, |_| {}).expect("tic-tac-toe is solved at once");
    assert_eq!(sol.value, Value::Draw);
    assert!(sol.stats.nodes < 4_096, "{} positions", sol.stats.nodes);
    assert!(file.exists(), "the checkpoint is written");
    // And it is a whole one: resuming from it gives the same value.
    let opts = Options {
        memory_mb: 16,
        resume: Some(file.clone()),
        ..Options::default()
    };
    let resumed = solve_dfpn(&g, &mut s, opts, |_| {}).expect("resumes");
    assert_eq!(resumed.value, Value::Draw);
}

#[test]
fn a_foreign_or_damaged_checkpoint_is_refused_clearly() {
    let g = connect_four_4x4();
    let mut s = g.start();
    let file = scratch("refused.ckpt");
    let opts = Options {
        memory_mb: 16,
        max_nodes: Some(4_096),
        checkpoint: Some(file.clone()),
        ..Options::default()
    };
    assert!(solve_dfpn(&g, &mut s, opts, |_| {}).is_err());
    let resume = |g: &Game, s: &mut State, path: &std::path::Path, symmetry: bool| {
        let opts = Options {
            memory_mb: 16,
            symmetry,
            resume: Some(path.to_path_buf()),
            ..Options::default()
        };
        match solve_dfpn(g, s, opts, |_| {}) {
            Err(SolveError::Checkpoint(why)) => why,
            other => panic!("expected a refusal, got {:?}", other.map(|s| s.value)),
        }
    };
    let foreign =
        "was made for another game, other options, another position or another symmetry setting";
    // Another board size, another position, no symmetries.
    let other = game(
        "connect4",
        &[("width", "4"), ("height", "4"), ("connect", "3")],
    );
    assert!(resume(&other, &mut other.start(), &file, true).contains(foreign));
    let mut moved = g.start();
    let first = g.legal_moves_vec(&moved)[0];
    g.make(&mut moved, first);
    assert!(resume(&g, &mut moved, &file, true).contains(foreign));
    assert!(resume(&g, &mut s, &file, false).contains(foreign));
    // Damaged: one byte changed, or cut short.
    let bytes = std::fs::read(&file).expect("the checkpoint");
    let damaged = scratch("damaged.ckpt");
    let mut flipped = bytes.clone();
    flipped[100] ^= 1;
    std::fs::write(&damaged, &flipped).expect("write");
    assert!(resume(&g, &mut s, &damaged, true).contains("checksum does not match"));
    std::fs::write(&damaged, &bytes[..bytes.len() / 2]).expect("write");
    assert!(resume(&g, &mut s, &damaged, true).contains("too short or cut off"));
    let mut padded = bytes.clone();
    padded.extend_from_slice(&[0; 8]);
    std::fs::write(&damaged, &padded).expect("write");
    assert!(resume(&g, &mut s, &damaged, true).contains("size does not match"));
    std::fs::write(&damaged, "not a checkpoint at all, just text").expect("write");
    assert!(
        resume(&g, &mut s, &damaged, true).contains("not written by `tabletop solve --checkpoint`")
    );
    // The command line: exit code 1 and the message, no panic.
    let path = damaged.display().to_string();
    let (code, _, err) = tabletop(&[
        "solve", "connect4", "--set", "width=4", "--set", "height=4", "--method", "dfpn",
        "--resume", &path,
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("is not a usable checkpoint"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let (code, _, err) = tabletop(&[
        "solve",
        "connect4",
        "--set",
        "width=5",
        "--set",
        "height=4",
        "--set",
        "connect=4",
        "--method",
        "dfpn",
        "--resume",
        &file.display().to_string(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(foreign), "{err}");
    // A limit on the command line: exit code 1, and how to go on.
    let again = scratch("cli.ckpt");
    let again_s = again.display().to_string();
    let (code, _, err) = tabletop(&[
        "solve",
        "connect4",
        "--set",
        "width=4",
        "--set",
        "height=4",
        "--method",
        "dfpn",
        "--max-nodes",
        "5000",
        "--checkpoint",
        &again_s,
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!(
            "the table is saved in {again_s}: go on with --resume {again_s}"
        )),
        "{err}"
    );
    let (code, out, err) = tabletop(&[
        "solve", "connect4", "--set", "width=4", "--set", "height=4", "--method", "dfpn",
        "--resume", &again_s,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("value: Red (to move) draws"), "{out}");
}

#[test]
fn a_lost_position_has_a_line_to_the_winners_win() {
    // The value comes from a disproof of "does the player to move win?" whose lines all
    // end in wins of the other player; the line is read from those disproofs.
    let c4 = [("width", "4"), ("height", "4"), ("connect", "3")];
    for (name, sets, first) in [("hex", &[("size", "3")][..], "b2"), ("connect4", &c4, "a1")] {
        let g = game(name, sets);
        let mut s = g.start();
        let mv = g.parse_move(&s, first).expect("a legal move");
        g.make(&mut s, mv);
        let sol = dfpn(&g, &mut s, 16, true);
        assert_eq!(sol.value, Value::Loss, "{name}");
        let winner = g.next_player(s.to_move());
        assert_eq!(play_out(&g, &s, &sol.line), Some(winner), "{name}");
    }
}

/// Virtual connections (Hex; `tests/solve_connections.rs`) on the command line.
#[test]
fn the_command_line_counts_virtual_connections_and_can_turn_them_off() {
    let args = [
        "solve", "hex", "--set", "size=4", "--method", "dfpn", "--memory", "8M",
    ];
    let (code, with, err) = tabletop(&args);
    assert_eq!(code, 0, "{err}");
    let (code, without, err) = tabletop(&[&args[..], &["--no-connections"]].concat());
    assert_eq!(code, 0, "{err}");
    // The same values; only the search's counts (and its line) differ.
    let values = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("value") || l.starts_with("  "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(values(&with), values(&without));
    assert_eq!(values(&with).len(), 9, "{with}");
    let stats = |out: &str| out.lines().last().unwrap_or_default().to_string();
    assert!(stats(&with).contains("by virtual connections;"), "{with}");
    assert!(
        stats(&with).contains("narrowed to a must-play region"),
        "{with}"
    );
    assert!(!stats(&without).contains("virtual"), "{without}");
    // Games they do not hold in say nothing of them.
    let (code, c4, err) = tabletop(&[
        "solve",
        "connect4",
        "--set",
        "width=4",
        "--set",
        "height=4",
        "--set",
        "connect=3",
        "--method",
        "dfpn",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!c4.contains("virtual"), "{c4}");
}
