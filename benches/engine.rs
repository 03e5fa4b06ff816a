//! `cargo bench`: random playouts per second for every shipped game, and perft node rates.
//! Timings are reported, never asserted.

use std::time::Instant;

fn main() {
    let seconds: f64 = std::env::var("TABLETOP_BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    for name in tabletop::shipped_names() {
        let game = tabletop::load_shipped(name, &[]).expect("shipped games compile");
        let r = tabletop::tools::bench::playouts(&game, &game.start(), seconds, 1);
        println!(
            "{name:<14} {:>12.0} playouts/s {:>14.0} plies/s",
            r.playouts_per_sec(),
            r.plies_per_sec()
        );
    }
    for (name, depth) in [
        ("tictactoe", 9),
        ("connect4", 7),
        ("breakthrough", 4),
        ("hex", 3),
    ] {
        let game = tabletop::load_shipped(name, &[]).expect("shipped games compile");
        let mut s = game.start();
        let t = Instant::now();
        let n = tabletop::tools::perft::perft(&game, &mut s, depth);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{name:<14} perft {depth}: {n} nodes, {:.0} nodes/s",
            n as f64 / secs
        );
    }
}
