//! Reversi (Othello) 8 × 8: bit = row × 8 + column (a1 = 0); moves by shifting along the
//! eight directions, flips by walking the rays of the placed disc. A player without a move
//! passes; when neither can move the game is over.

use super::{bits, Move, Moves, RefGame};

/// The pass move.
pub const PASS: Move = 64;

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// Moves every bit of `b` one cell in direction `d` (0..8), dropping those leaving the board.
#[inline(always)]
fn shift(b: u64, d: usize) -> u64 {
    match d {
        0 => b << 8,
        1 => b >> 8,
        2 => (b << 1) & NOT_A,
        3 => (b >> 1) & NOT_H,
        4 => (b << 9) & NOT_A,
        5 => (b << 7) & NOT_H,
        6 => (b >> 7) & NOT_A,
        _ => (b >> 9) & NOT_H,
    }
}

/// The empty cells where `me` may place a disc against `them`.
#[inline(always)]
fn targets(me: u64, them: u64) -> u64 {
    let empty = !(me | them);
    let mut out = 0;
    for d in 0..8 {
        let mut x = shift(me, d) & them;
        for _ in 0..5 {
            x |= shift(x, d) & them;
        }
        out |= shift(x, d) & empty;
    }
    out
}

/// A position: the discs of the player to move and of the other.
#[derive(Clone, Copy)]
pub struct Reversi {
    me: u64,
    them: u64,
}

impl RefGame for Reversi {
    const TABLETOP: &'static str = "reversi";

    fn start() -> Self {
        // Black (to move) on d4 and e5, White on e4 and d5.
        Reversi {
            me: 1 << 27 | 1 << 36,
            them: 1 << 28 | 1 << 35,
        }
    }

    #[inline]
    fn moves(&self, out: &mut Moves) {
        out.clear();
        let t = targets(self.me, self.them);
        if t != 0 {
            for c in bits(t) {
                out.push(c as Move);
            }
        } else if targets(self.them, self.me) != 0 {
            out.push(PASS);
        }
    }

    #[inline]
    fn play(&mut self, m: Move) {
        if m != PASS {
            let at = 1u64 << m;
            let mut flips = 0;
            for d in 0..8 {
                let mut ray = 0;
                let mut c = shift(at, d);
                while c & self.them != 0 {
                    ray |= c;
                    c = shift(c, d);
                }
                if c & self.me != 0 {
                    flips |= ray;
                }
            }
            self.me |= at | flips;
            self.them &= !flips;
        }
        std::mem::swap(&mut self.me, &mut self.them);
    }
}
