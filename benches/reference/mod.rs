//! Small hand-written bitboard move generators, the same-run yardsticks of
//! `cargo bench --bench reference` (and checked by `tests/reference_games.rs`).
//!
//! Each game is a `Copy` position of a few machine words played by copy-make, with the
//! conventions of tabletop's rule files: a finished game has no moves, and a player who must
//! pass (reversi) has one move, the pass. They are deliberately plain: what a competent
//! programmer writes for one game in an afternoon, no search tricks.

pub mod breakthrough;
pub mod connect4;
pub mod reversi;
pub mod tictactoe;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// A move: a cell, a column, a pass or a from-to pair, depending on the game.
pub type Move = u16;

/// The most moves any of these games has in one position (breakthrough: 16 pawns × 3).
pub const MAX_MOVES: usize = 64;

/// A fixed-size move list: generation writes into it and never allocates.
pub struct Moves {
    buf: [Move; MAX_MOVES],
    len: usize,
}

impl Moves {
    /// An empty list.
    pub fn new() -> Moves {
        Moves {
            buf: [0; MAX_MOVES],
            len: 0,
        }
    }

    /// Empties the list.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends a move.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        self.buf[self.len] = m;
        self.len += 1;
    }

    /// The moves.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.buf[..self.len]
    }

    /// How many moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }
}

/// One game's position, played by copy-make.
pub trait RefGame: Copy {
    /// The shipped tabletop game with the same rules.
    const TABLETOP: &'static str;
    /// The start position.
    fn start() -> Self;
    /// Writes the legal moves into `out` (cleared first); none when the game is over.
    fn moves(&self, out: &mut Moves);
    /// Plays a legal move.
    fn play(&mut self, m: Move);
}

/// Perft, bulk counting: at the last ply the moves are counted, not played.
pub fn perft_bulk<G: RefGame>(g: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut ms = Moves::new();
    g.moves(&mut ms);
    if depth == 1 {
        return ms.len() as u64;
    }
    ms.as_slice()
        .iter()
        .map(|&m| {
            let mut c = *g;
            c.play(m);
            perft_bulk(&c, depth - 1)
        })
        .sum()
}

/// Perft playing every move down to the leaves (a copy of the position per move).
pub fn perft_full<G: RefGame>(g: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut ms = Moves::new();
    g.moves(&mut ms);
    ms.as_slice()
        .iter()
        .map(|&m| {
            let mut c = *g;
            c.play(m);
            perft_full(&c, depth - 1)
        })
        .sum()
}

/// One uniformly random game from the start; returns its number of plies.
pub fn playout<G: RefGame>(rng: &mut SmallRng, ms: &mut Moves) -> u32 {
    let mut g = G::start();
    let mut plies = 0;
    loop {
        g.moves(ms);
        if ms.len() == 0 {
            return plies;
        }
        let m = ms.as_slice()[rng.gen_range(0..ms.len())];
        g.play(m);
        plies += 1;
    }
}

/// Random playouts for about `seconds` (one thread): `(playouts, plies, elapsed)`.
pub fn playouts<G: RefGame>(seconds: f64, seed: u64) -> (u64, u64, Duration) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut ms = Moves::new();
    let budget = Duration::from_secs_f64(seconds.max(0.0));
    let t0 = Instant::now();
    let (mut games, mut plies) = (0u64, 0u64);
    loop {
        plies += u64::from(playout::<G>(&mut rng, &mut ms));
        games += 1;
        if games % 64 == 0 && t0.elapsed() >= budget {
            return (games, plies, t0.elapsed());
        }
    }
}

/// Iterates the set bits of a bitboard, lowest first.
#[inline(always)]
pub fn bits(mut b: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let i = b.trailing_zeros();
            b &= b - 1;
            Some(i)
        }
    })
}
