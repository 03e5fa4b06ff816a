//! Tic-tac-toe: cells 0..9 as bits (a1 = 0, row by row); a line or a full board ends it.

use super::{bits, Move, Moves, RefGame};

/// The eight lines of three.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];
const FULL: u16 = 0b111_111_111;

/// A position: the marks of the player to move and of the other.
#[derive(Clone, Copy)]
pub struct TicTacToe {
    me: u16,
    them: u16,
}

impl RefGame for TicTacToe {
    const TABLETOP: &'static str = "tictactoe";

    fn start() -> Self {
        TicTacToe { me: 0, them: 0 }
    }

    #[inline]
    fn moves(&self, out: &mut Moves) {
        out.clear();
        // Only the player who just moved can have made a line.
        if LINES.iter().any(|&l| l & !self.them == 0) {
            return;
        }
        for c in bits(u64::from(FULL & !(self.me | self.them))) {
            out.push(c as Move);
        }
    }

    #[inline]
    fn play(&mut self, m: Move) {
        let me = self.me | 1 << m;
        self.me = self.them;
        self.them = me;
    }
}
