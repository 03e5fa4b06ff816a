//! `surround(directions…, capture: enemy, against: friend, edges: no)`: after the piece lands, each
//! neighbour of the landing cell (along the directions) that `capture` accepts and whose
//! every neighbour along the directions `against` accepts leaves the board: a piece taken
//! only when enclosed on all sides (the tafl king by four, or by three and the throne with
//! `against: friend or throne`). A side off the board does not enclose, unless `edges:
//! yes` (a corner piece taken by the two cells beside it, as in Hasami shogi).

use crate::engine::sink::CellSink;
use crate::engine::{ByPlayer, CellCond, CellId, DirId, Game, Player, EMPTY, NO_CELL};

/// The registry name.
pub const NAME: &str = "surround";

/// A compiled `surround` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Surround {
    /// The sides, per player: the neighbours looked at, and the sides that must be closed.
    pub dirs: ByPlayer<Vec<DirId>>,
    /// What may be taken.
    pub capture: CellCond,
    /// What closes a side.
    pub against: CellCond,
    /// Whether a side off the board encloses too.
    pub edges: bool,
}

impl Surround {
    /// Execution: every enclosed neighbour of `focus` is judged, then taken off.
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(&self, game: &Game, sink: &mut S, focus: CellId, p: Player) {
        let board = &game.board;
        let dirs = &self.dirs[p];
        let mut taken = [NO_CELL; 16];
        for (i, &d) in dirs.iter().enumerate().take(taken.len()) {
            let c = board.next(focus, d);
            if c == NO_CELL || !self.capture.accepts(board, p, c, sink.get(c)) {
                continue;
            }
            let enclosed = dirs.iter().all(|&e| {
                let x = board.next(c, e);
                if x == NO_CELL {
                    self.edges
                } else {
                    self.against.accepts(board, p, x, sink.get(x))
                }
            });
            if enclosed {
                taken[i] = c;
            }
        }
        for c in taken.into_iter().filter(|&c| c != NO_CELL) {
            sink.set(c, EMPTY);
        }
    }
}
