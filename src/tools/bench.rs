//! Benchmarks: random playouts per second on one thread.

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::ai::random_playout;
use crate::engine::{Game, MoveList, State};

/// The longest run `tabletop bench --seconds` accepts: a day.
pub const MAX_SECONDS: f64 = 86_400.0;

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
    // Saturates instead of panicking on a value no clock could reach.
    let budget = Duration::try_from_secs_f64(seconds.max(0.0)).unwrap_or(Duration::MAX);
    let t0 = Instant::now();
    let (mut playouts, mut plies) = (0u64, 0u64);
    loop {
        let (_, n) = random_playout(game, &mut state, &mut rng, &mut moves, 100_000);
        // Back to the start by copying it, as RBG's and OpenSpiel's playout loops do:
        // cheaper than unmaking every ply, and the buffers are reused.
        state.clone_from(start);
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

/// Runs the playout benchmark on two games in turns (ten rounds each, `seconds` in all per
/// game), so both see the same machine load: how much a rule costs is the difference.
pub fn compare(
    a: (&Game, &State),
    b: (&Game, &State),
    seconds: f64,
    seed: u64,
) -> (BenchReport, BenchReport) {
    const ROUNDS: u32 = 10;
    let add = |sum: &mut BenchReport, r: BenchReport| {
        sum.playouts += r.playouts;
        sum.plies += r.plies;
        sum.elapsed += r.elapsed;
    };
    let empty = || BenchReport {
        playouts: 0,
        plies: 0,
        elapsed: Duration::ZERO,
    };
    let (mut ra, mut rb) = (empty(), empty());
    let slice = seconds / f64::from(ROUNDS);
    for round in 0..ROUNDS {
        let seed = seed.wrapping_add(u64::from(round));
        add(&mut ra, playouts(a.0, a.1, slice, seed));
        add(&mut rb, playouts(b.0, b.1, slice, seed));
    }
    (ra, rb)
}
