//! Breakthrough 8 × 8: bit = row × 8 + column (a1 = 0), White on rows 1–2 moving north.
//! A pawn steps forward straight to an empty cell or diagonally to an empty or enemy cell.
//! The game ends when a pawn reaches the far row or the player to move has no pawns.

use super::{bits, Move, Moves, RefGame};

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const ROW_1: u64 = 0xff;
const ROW_8: u64 = 0xff << 56;

/// A position: each side's pawns and whose turn it is.
#[derive(Clone, Copy)]
pub struct Breakthrough {
    white: u64,
    black: u64,
    white_to_move: bool,
}

/// Pushes a move to every bit of `to`, from the cell `back` below it (in bit order).
#[inline(always)]
fn push_all(out: &mut Moves, to: u64, back: i32) {
    for t in bits(to) {
        let from = (t as i32 - back) as Move;
        out.push(from | (t as Move) << 6);
    }
}

impl RefGame for Breakthrough {
    const TABLETOP: &'static str = "breakthrough";

    fn start() -> Self {
        Breakthrough {
            white: 0xffff,
            black: 0xffff << 48,
            white_to_move: true,
        }
    }

    #[inline]
    fn moves(&self, out: &mut Moves) {
        out.clear();
        if self.white & ROW_8 != 0 || self.black & ROW_1 != 0 {
            return;
        }
        let empty = !(self.white | self.black);
        if self.white_to_move {
            let w = self.white;
            push_all(out, (w << 8) & empty, 8);
            push_all(out, (w << 9) & NOT_A & !w, 9);
            push_all(out, (w << 7) & NOT_H & !w, 7);
        } else {
            let b = self.black;
            push_all(out, (b >> 8) & empty, -8);
            push_all(out, (b >> 7) & NOT_A & !b, -7);
            push_all(out, (b >> 9) & NOT_H & !b, -9);
        }
    }

    #[inline]
    fn play(&mut self, m: Move) {
        let (from, to) = (1u64 << (m & 63), 1u64 << (m >> 6));
        if self.white_to_move {
            self.white ^= from | to;
            self.black &= !to;
        } else {
            self.black ^= from | to;
            self.white &= !to;
        }
        self.white_to_move = !self.white_to_move;
    }
}
