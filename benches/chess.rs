//! `cargo bench --bench chess`: our rule-file chess against shakmaty, a hand-written chess
//! move generator (bitboards, magic attack tables), in the same run.
//!
//! Perft is counted two ways by each program:
//! * bulk: at the last ply the legal moves are counted, not played
//!   (`tabletop::tools::perft::perft`, `shakmaty::perft`);
//! * full: every move is played down to depth 0 (tabletop makes and unmakes; shakmaty has no
//!   unmake, so it copies the position and plays the move on the copy, the way its own perft
//!   does).
//!
//! Then random playouts per second (`tabletop::tools::bench::playouts`). Timings are printed,
//! never asserted. `TABLETOP_BENCH_SECONDS` sets the minimum time per measurement (default 1).

#[path = "common/timing.rs"]
mod timing;
use timing::timed;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};
use tabletop::{Game, MoveList, State};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Perft that plays every move, leaves included.
fn tabletop_full(game: &Game, s: &mut State, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (mine, rest) = lists.split_first_mut().unwrap();
    game.legal_moves(s, mine);
    let mut total = 0;
    for &mv in mine.iter() {
        game.make(s, mv);
        total += tabletop_full(game, s, depth - 1, rest);
        game.unmake(s);
    }
    total
}

/// Perft that plays every move on a copy, leaves included.
fn shakmaty_full(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        total += shakmaty_full(&child, depth - 1);
    }
    total
}

fn rate(nodes: u64, secs: f64) -> f64 {
    nodes as f64 / secs
}

fn main() {
    let seconds: f64 = std::env::var("TABLETOP_BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let game = tabletop::load_shipped("chess", &[]).expect("chess compiles");
    println!(
        "{:<10} {:>5} {:>9} {:>12} {:>14} {:>14} {:>7}",
        "position", "depth", "counting", "nodes", "tabletop n/s", "shakmaty n/s", "ratio"
    );
    for (name, fen, depth) in [("start", START, 5), ("kiwipete", KIWIPETE, 4)] {
        let sh: Chess = fen
            .parse::<Fen>()
            .expect("FEN")
            .into_position(CastlingMode::Standard)
            .expect("legal position");
        let mut s = game.parse_position(fen).expect("FEN");
        let (n_ours, t_ours) = timed(seconds, || {
            tabletop::tools::perft::perft(&game, &mut s, depth)
        });
        let (n_theirs, t_theirs) = timed(seconds, || shakmaty::perft(&sh, depth));
        assert_eq!(n_ours, n_theirs, "{name} perft {depth}");
        let (ours, theirs) = (rate(n_ours, t_ours), rate(n_theirs, t_theirs));
        println!(
            "{name:<10} {depth:>5} {:>9} {n_ours:>12} {ours:>14.0} {theirs:>14.0} {:>6.1}x",
            "bulk",
            theirs / ours
        );
        let mut lists: Vec<MoveList> = (0..=depth).map(|_| MoveList::with_capacity(256)).collect();
        let (n_ours, t_ours) = timed(seconds, || tabletop_full(&game, &mut s, depth, &mut lists));
        let (n_theirs, t_theirs) = timed(seconds, || shakmaty_full(&sh, depth));
        assert_eq!(n_ours, n_theirs, "{name} perft {depth}");
        let (ours, theirs) = (rate(n_ours, t_ours), rate(n_theirs, t_theirs));
        println!(
            "{name:<10} {depth:>5} {:>9} {n_ours:>12} {ours:>14.0} {theirs:>14.0} {:>6.1}x",
            "full",
            theirs / ours
        );
    }
    println!("(ratio = shakmaty's nodes/s over tabletop's)");
    let r = tabletop::tools::bench::playouts(&game, &game.start(), seconds.max(2.0), 1);
    println!(
        "random playouts from the start: {:.0} playouts/s, {:.0} plies/s ({:.0} plies a game)",
        r.playouts_per_sec(),
        r.plies_per_sec(),
        r.plies as f64 / r.playouts as f64
    );
}
