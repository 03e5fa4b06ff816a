//! Benchmarks: random playouts per second on one thread.

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::ai::random_playout;
use crate::engine::{Game, MoveList, State};

/// What a playout benchmark measured.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// Playouts completed.
    pub playouts: u64,
    /// Plies played in all.
    pub plies: u64,
    /// Wall time used.
    pub elapsed: Duration,
}

impl BenchReport {
    /// Playouts per second.
    pub fn playouts_per_sec(&self) -> f64 {
        self.playouts as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Plies per second.
    pub fn plies_per_sec(&self) -> f64 {
        self.plies as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Runs random playouts from `start` for about `seconds`, seeded with `seed`.
pub fn playouts(game: &Game, start: &State, seconds: f64, seed: u64) -> BenchReport {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = MoveList::with_capacity(256);
    let mut state = start.clone();
    let budget = Duration::from_secs_f64(seconds.max(0.0));
    let t0 = Instant::now();
    let (mut playouts, mut plies) = (0u64, 0u64);
    loop {
        let (_, n) = random_playout(game, &mut state, &mut rng, &mut moves, 100_000);
        for _ in 0..n {
            game.unmake(&mut state);
        }
        playouts += 1;
        plies += u64::from(n);
        // Checking the clock every playout is cheap next to a playout.
        if playouts % 64 == 0 && t0.elapsed() >= budget {
            break;
        }
    }
    BenchReport {
        playouts,
        plies,
        elapsed: t0.elapsed(),
    }
}
