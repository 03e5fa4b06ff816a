//! `cargo bench --bench reference`: tabletop's rule files for tic-tac-toe, connect four,
//! reversi and breakthrough against small hand-written bitboard generators of our own
//! (`benches/reference/`, checked against published perft counts by
//! `tests/reference_games.rs`), in the same run, so that a change is judged as a ratio on one
//! machine.
//!
//! For each game: perft counted two ways by each program (bulk: the last ply's moves counted,
//! not played; full: every move played down to the leaves — tabletop makes and unmakes, the
//! reference plays on a copy), then random playouts per second, in turns (best of three
//! rounds each), and tabletop's playouts per second over the figure recorded for RBG 1.3 in
//! the project's peer benchmark notes (peers.md), copied into this file as constants: a
//! figure from another run, printed as such, not measured here; nothing outside the
//! repository is read. Timings are printed, never asserted. `TABLETOP_BENCH_SECONDS` sets the
//! minimum time per measurement (default 1).

#[path = "reference/mod.rs"]
mod reference;

#[path = "common/timing.rs"]
mod timing;
use timing::timed;

use reference::breakthrough::Breakthrough;
use reference::connect4::Connect4;
use reference::reversi::Reversi;
use reference::tictactoe::TicTacToe;
use reference::RefGame;

/// RBG 1.3's random playouts per second, as recorded in peers.md (tabletop main at 531058a).
const RBG_PLAYOUTS: [(&str, f64); 4] = [
    ("tictactoe", 1_713_589.0),
    ("connect4", 568_272.0),
    ("reversi", 14_638.0),
    ("breakthrough", 30_144.0),
];

/// RBG 1.3's make-every-move perft of breakthrough, as recorded: depth 5, 6,182,818 nodes in
/// 136 ms.
const RBG_BREAKTHROUGH_FULL_NPS: f64 = 6_182_818.0 / 0.136;

/// What one game's run measured.
struct Figures {
    name: &'static str,
    tabletop_playouts: f64,
    reference_playouts: f64,
    plies: (f64, f64),
    full_nps: f64,
}

fn measure<G: RefGame>(depth: u32, seconds: f64) -> Figures {
    let name = G::TABLETOP;
    let game = tabletop::load_shipped(name, &[]).expect("a shipped game compiles");
    let mut s = game.start();
    let start = G::start();
    let mut full_nps = 0.0;
    for (counting, full) in [("bulk", false), ("full", true)] {
        let (n_ours, t_ours) = timed(seconds, || {
            if full {
                tabletop::tools::perft::perft_full(&game, &mut s, depth)
            } else {
                tabletop::tools::perft::perft(&game, &mut s, depth)
            }
        });
        let (n_ref, t_ref) = timed(seconds, || {
            if full {
                reference::perft_full(&start, depth)
            } else {
                reference::perft_bulk(&start, depth)
            }
        });
        assert_eq!(n_ours, n_ref, "{name} perft {depth} ({counting})");
        let (ours, theirs) = (n_ours as f64 / t_ours, n_ref as f64 / t_ref);
        if full {
            full_nps = ours;
        }
        println!(
            "{name:<13} {:>9} {depth:>5} {n_ours:>10} {ours:>14.0} {theirs:>14.0} {:>8.3}",
            format!("perft {counting}"),
            ours / theirs
        );
    }
    // Playouts in turns, so both see the same load; the best round of each counts.
    let (mut ours, mut theirs) = (0.0f64, 0.0f64);
    let mut plies = (0.0, 0.0);
    let slice = seconds.max(1.0) / 2.0;
    for round in 0..3 {
        let r = tabletop::tools::bench::playouts(&game, &game.start(), slice, round + 1);
        ours = ours.max(r.playouts_per_sec());
        plies.0 = r.plies as f64 / r.playouts as f64;
        let (g, p, t) = reference::playouts::<G>(slice, round + 1);
        theirs = theirs.max(g as f64 / t.as_secs_f64());
        plies.1 = p as f64 / g as f64;
    }
    println!(
        "{name:<13} {:>9} {:>5} {:>10} {ours:>14.0} {theirs:>14.0} {:>8.3}",
        "playouts",
        "-",
        "-",
        ours / theirs
    );
    Figures {
        name,
        tabletop_playouts: ours,
        reference_playouts: theirs,
        plies,
        full_nps,
    }
}

fn main() {
    let seconds: f64 = std::env::var("TABLETOP_BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    println!(
        "{:<13} {:>9} {:>5} {:>10} {:>14} {:>14} {:>8}",
        "game", "measure", "depth", "nodes", "tabletop /s", "reference /s", "tt÷ref"
    );
    let all = [
        measure::<TicTacToe>(9, seconds),
        measure::<Connect4>(7, seconds),
        measure::<Reversi>(7, seconds),
        measure::<Breakthrough>(5, seconds),
    ];
    println!(
        "(tt÷ref = tabletop's rate over the hand-written reference's, same run; < 1 is slower)"
    );
    println!();
    println!(
        "{:<13} {:>14} {:>14} {:>8} {:>16} {:>8}   plies/game tt, ref",
        "game", "tabletop po/s", "reference po/s", "tt÷ref", "RBG recorded", "tt÷RBG"
    );
    for f in &all {
        let rbg = RBG_PLAYOUTS
            .iter()
            .find(|(n, _)| *n == f.name)
            .map(|&(_, r)| r)
            .expect("a recorded RBG figure");
        println!(
            "{:<13} {:>14.0} {:>14.0} {:>8.3} {rbg:>16.0} {:>8.3}   {:.1}, {:.1}",
            f.name,
            f.tabletop_playouts,
            f.reference_playouts,
            f.tabletop_playouts / f.reference_playouts,
            f.tabletop_playouts / rbg,
            f.plies.0,
            f.plies.1
        );
    }
    let bt = all
        .iter()
        .find(|f| f.name == "breakthrough")
        .expect("measured");
    println!(
        "breakthrough perft full: tabletop {:.0} nodes/s, RBG recorded {RBG_BREAKTHROUGH_FULL_NPS:.0} nodes/s, tt÷RBG {:.3}",
        bt.full_nps,
        bt.full_nps / RBG_BREAKTHROUGH_FULL_NPS
    );
    println!(
        "(RBG recorded: RBG 1.3's figures recorded in peers.md and copied here, measured in another run on this machine kind, not now)"
    );
}
