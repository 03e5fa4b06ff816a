//! Virtual connections in the proof-number solver (`solve --method dfpn` on Hex): every
//! conclusion they draw is checked against the search without them, on random positions;
//! the first moves of 5 × 5 keep the values the plain search found; 6 × 6 is solved, with
//! the values Benzene's regression suite gives; a checkpoint made without them resumes with
//! them.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabletop::engine::{Game, Move, State};
use tabletop::tools::solve::connection::{Connections, VcScratch, Verdict};
use tabletop::tools::solve::dfpn::{solve_dfpn, DfpnSolution, Options};
use tabletop::tools::solve::{SolveError, Value};

fn hex(size: usize) -> Game {
    tabletop::load("hex", &[("size".into(), size.to_string())]).expect("Hex compiles")
}

fn solve(g: &Game, s: &mut State, connections: bool, first_moves: bool) -> DfpnSolution {
    let opts = Options {
        memory_mb: 64,
        connections,
        first_moves,
        ..Options::default()
    };
    solve_dfpn(g, s, opts, |_| {}).expect("df-pn solves it")
}

/// Every first move, named, with its value, sorted by name.
fn first_move_values(g: &Game, sol: &DfpnSolution) -> Vec<(String, Value)> {
    let start = g.start();
    let mut out: Vec<(String, Value)> = sol
        .groups
        .iter()
        .flat_map(|grp| {
            grp.moves
                .iter()
                .map(|&m| (g.move_to_string(&start, m), grp.value))
        })
        .collect();
    out.sort();
    out
}

/// Hex `size` × `size` solved with virtual connections, every first move: Black (first)
/// wins, each cell is listed once, none draws. Returns the solution and the first moves
/// whose value (for Black) is `value`, named and sorted.
fn solved_first_moves(size: usize, value: Value) -> (DfpnSolution, Vec<String>) {
    let g = hex(size);
    let sol = solve(&g, &mut g.start(), true, true);
    assert_eq!(sol.value, Value::Win);
    let listed: usize = sol.groups.iter().map(|grp| grp.moves.len()).sum();
    assert_eq!(listed, size * size);
    assert!(sol.groups.iter().all(|grp| grp.value != Value::Draw));
    let names = first_move_values(&g, &sol)
        .into_iter()
        .filter(|(_, v)| *v == value)
        .map(|(name, _)| name)
        .collect();
    (sol, names)
}

/// `names` sorted, as strings.
fn sorted(names: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    out.sort();
    out
}

/// The value of `s` for the player to move, by df-pn without virtual connections.
fn plain_value(g: &Game, s: &mut State) -> Value {
    solve(g, s, false, false).value
}

/// A position `plies` random moves from the start, unless the game ended on the way.
fn random_position(g: &Game, rng: &mut SmallRng, plies: usize) -> Option<State> {
    let mut s = g.start();
    for _ in 0..plies {
        let moves = g.legal_moves_vec(&s);
        g.make(&mut s, moves[rng.gen_range(0..moves.len())]);
        if s.result_now().is_some() {
            return None;
        }
    }
    Some(s)
}

#[test]
fn every_verdict_agrees_with_the_search_without_connections() {
    // On random 4 × 4 and 5 × 5 positions: a position judged won (or lost) for the player
    // to move is won (lost) by the plain search too, every move outside a must-play region
    // loses, and the solver's value with connections is the plain search's.
    let mut rng = SmallRng::seed_from_u64(7);
    let mut vc = VcScratch::default();
    let mut seen = [0usize; 4];
    for (size, plies, positions) in [(4, 0..9, 120), (5, 8..16, 60)] {
        let g = hex(size);
        let conn = Connections::new(&g).expect("Hex");
        let mut done = 0;
        while done < positions {
            let length = rng.gen_range(plies.clone());
            let Some(mut s) = random_position(&g, &mut rng, length) else {
                continue;
            };
            done += 1;
            let value = plain_value(&g, &mut s);
            let text = g.position_to_string(&s);
            assert_eq!(solve(&g, &mut s, true, false).value, value, "{text}");
            match conn.judge(&s, &mut vc) {
                Verdict::Wins => {
                    assert_eq!(value, Value::Win, "{text}");
                    seen[0] += 1;
                }
                Verdict::Loses => {
                    assert_eq!(value, Value::Loss, "{text}");
                    seen[1] += 1;
                }
                Verdict::MustPlay(region) => {
                    let outside: Vec<Move> = g
                        .legal_moves_vec(&s)
                        .into_iter()
                        .filter(|m| region >> m.cells()[0].index() & 1 == 0)
                        .collect();
                    for mv in &outside {
                        g.make(&mut s, *mv);
                        let reply = plain_value(&g, &mut s);
                        g.unmake(&mut s);
                        let shown = g.move_to_string(&s, *mv);
                        assert_eq!(reply, Value::Win, "{shown} is outside the region of {text}");
                    }
                    seen[2] += usize::from(!outside.is_empty());
                }
                Verdict::Open => seen[3] += 1,
            }
        }
    }
    // Each kind of verdict was put to the test (a position judged open has nothing to
    // check).
    assert!(seen[..3].iter().all(|&n| n >= 5), "{seen:?}");
}

#[test]
fn hex_5x5_first_moves_keep_the_values_of_the_plain_search() {
    // Recorded from `tabletop solve hex --set size=5 --method dfpn` before virtual
    // connections (45 million positions, 257 s): c3; b2 c2 d2 e2 b3 and their half turns;
    // e1 and a5 win for Black, the other twelve lose. The same thirteen are the 5 × 5 first
    // moves Benzene swaps (`tests/hex_benzene.rs`, from its share/swap-moves.txt).
    let (sol, winning) = solved_first_moves(5, Value::Win);
    let want = [
        "c3", "b2", "c2", "d2", "e2", "b3", "d4", "c4", "b4", "a4", "d3", "e1", "a5",
    ];
    assert_eq!(winning, sorted(&want));
    assert!(sol.stats.nodes < 100_000, "{} positions", sol.stats.nodes);
}

#[test]
fn hex_6x6_is_solved() {
    // Black (first) wins, as strategy stealing says. The first moves that lose are those
    // Benzene's regression suite (University of Alberta's Hex programs,
    // regression/dfpn-solve-6x6.tst: Black's first stone on each cell, White to move)
    // finds won by White: a1 b1 c1 d1 e1 a2 b6 c6 d6 e6 f6 f5; the other 24 win (its
    // cells are named column letter, row number, as ours: the two lists agree cell for
    // cell).
    let (_, losing) = solved_first_moves(6, Value::Loss);
    let want = [
        "a1", "b1", "c1", "d1", "e1", "a2", "f6", "e6", "d6", "c6", "b6", "f5",
    ];
    assert_eq!(losing, sorted(&want));
}

#[test]
fn a_checkpoint_made_without_connections_resumes_with_them() {
    // The table holds proofs and estimates: a proof drawn without virtual connections
    // holds with them (and the other way round: the connections only settle what the
    // search would prove), so the checkpoint's fingerprint leaves the switch out and a
    // run stopped with one setting goes on with the other to the values of an
    // uninterrupted run. (The way from connections to none is not run here: the search
    // checks its limits every 4096 positions, more than 4 × 4 takes with connections, and
    // the 5 × 5 positions that take more are too slow without them.)
    let g = hex(4);
    let full = solve(&g, &mut g.start(), false, true);
    let want = first_move_values(&g, &full);
    assert_eq!(want.len(), 16);
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("hex4-plain.ckpt");
    let _ = std::fs::remove_file(&file);
    let stopped = Options {
        memory_mb: 16,
        connections: false,
        first_moves: true,
        max_nodes: Some(full.stats.nodes / 2),
        checkpoint: Some(file.clone()),
        ..Options::default()
    };
    let mut s = g.start();
    assert!(matches!(
        solve_dfpn(&g, &mut s, stopped, |_| {}),
        Err(SolveError::Stopped { .. })
    ));
    let resumed = Options {
        memory_mb: 16,
        connections: true,
        first_moves: true,
        resume: Some(file.clone()),
        ..Options::default()
    };
    let sol = solve_dfpn(&g, &mut s, resumed, |_| {}).expect("the resumed solve ends");
    assert!(sol.connections);
    assert_eq!(sol.value, Value::Win);
    assert_eq!(first_move_values(&g, &sol), want);
}
