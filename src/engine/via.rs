//! Leaps that can be blocked on the way: `leap(n + ne, via: empty)`, the xiangqi horse
//! (hobbled by a piece on its leg) and elephant (blocked by a piece on its eye).
//!
//! A compound direction is written as a sum of steps; the cells it passes are the points
//! after each term but the last (`n + ne` passes the cell `n` of the origin, `n + n + e` the
//! cells `n` and `n + n`). A direction that several sums reach (`n + ne` and `ne + n` in one
//! list) may go either way round: the leap is open when every cell of one of its ways meets
//! the condition.

use super::{Board, ByPlayer, CellCond, CellId, DirId, PieceId, Player, NO_CELL};

/// The cells a leap must find clear, and what they must hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Via {
    /// What every cell passed must hold (`empty`).
    pub cond: CellCond,
    /// Per player, parallel to the part's directions: the ways round, each the directions
    /// from the origin to the cells it passes.
    pub paths: ByPlayer<Vec<Vec<Vec<DirId>>>>,
}

impl Via {
    /// Whether the leap along the `i`-th direction of `p` from `origin` finds one of its
    /// ways clear, reading cells through `get`; `cond` is judged for `judge` (the mover, or
    /// the attacker when looking back from an attacked cell).
    #[inline]
    pub fn open(
        &self,
        board: &Board,
        p: Player,
        i: usize,
        origin: CellId,
        get: impl Fn(CellId) -> PieceId,
    ) -> bool {
        let Some(ways) = self.paths[p].get(i) else {
            return true;
        };
        ways.is_empty()
            || ways.iter().any(|way| {
                way.iter().all(|&d| {
                    let c = board.next(origin, d);
                    c != NO_CELL && self.cond.accepts(board, p, c, get(c))
                })
            })
    }

    /// Every cell some way of the `i`-th direction of `p` passes from `origin` (the cells
    /// a piece of the victim's side may block: a royal piece's shields).
    pub fn cells(&self, board: &Board, p: Player, i: usize, origin: CellId) -> Vec<CellId> {
        self.paths[p]
            .get(i)
            .into_iter()
            .flatten()
            .flatten()
            .map(|&d| board.next(origin, d))
            .filter(|&c| c != NO_CELL)
            .collect()
    }
}
