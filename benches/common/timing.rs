//! Timing shared by the benches that report rates.

use std::time::Instant;

/// Runs `f` until at least `seconds` have passed (at least once); returns the result and the
/// best (shortest) time of one run.
pub fn timed(seconds: f64, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let t0 = Instant::now();
    let mut best = f64::INFINITY;
    let mut n;
    loop {
        let t = Instant::now();
        n = f();
        best = best.min(t.elapsed().as_secs_f64());
        if t0.elapsed().as_secs_f64() >= seconds {
            return (n, best);
        }
    }
}
