//! Connect four, 7 × 6: the usual column-major bitboard, 7 bits a column (6 cells and a
//! spare bit that keeps the shifts of the line test from wrapping to the next column).

use super::{Move, Moves, RefGame};

const H: u32 = 6;
const W: u32 = 7;
/// The top cell of each column: set when the column is full.
const TOP: u64 = {
    let mut t = 0;
    let mut c = 0;
    while c < W {
        t |= 1 << (c * (H + 1) + H - 1);
        c += 1;
    }
    t
};

/// A position: every disc, the discs of the player to move, and whether the last move won.
#[derive(Clone, Copy)]
pub struct Connect4 {
    mask: u64,
    me: u64,
    over: bool,
}

/// Whether `b` has four in a row in any direction.
#[inline(always)]
fn four(b: u64) -> bool {
    // Vertical 1, horizontal H + 1, the diagonals H and H + 2.
    [1, H + 1, H, H + 2].iter().any(|&s| {
        let m = b & (b >> s);
        m & (m >> (2 * s)) != 0
    })
}

impl RefGame for Connect4 {
    const TABLETOP: &'static str = "connect4";

    fn start() -> Self {
        Connect4 {
            mask: 0,
            me: 0,
            over: false,
        }
    }

    #[inline]
    fn moves(&self, out: &mut Moves) {
        out.clear();
        if self.over {
            return;
        }
        for c in 0..W {
            if self.mask & TOP & (0x7f << (c * (H + 1))) == 0 {
                out.push(c as Move);
            }
        }
    }

    #[inline]
    fn play(&mut self, m: Move) {
        let col = 0x3f_u64 << (u32::from(m) * (H + 1));
        let new = (self.mask + (1 << (u32::from(m) * (H + 1)))) & col;
        let mine = self.me | new;
        self.over = four(mine);
        self.me ^= self.mask; // now the other player's discs
        self.mask |= new;
    }
}
