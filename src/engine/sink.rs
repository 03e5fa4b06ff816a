//! Where a move's board changes go when it is made or replayed: the trait the primitives
//! write through, a leaf (the real state, with its log, is one sink in `make.rs`; the
//! simulated boards of `exec.rs` and `legal.rs` are others).

use super::{CellId, Game, Move, PieceId, Player};

/// A board to read: the real one, or one with a move's changes laid over it.
pub(crate) trait CellView {
    /// What stands on `c` now.
    fn get(&self, c: CellId) -> PieceId;
}

/// The board of a state as it stands.
impl CellView for [PieceId] {
    #[inline(always)]
    fn get(&self, c: CellId) -> PieceId {
        self[c.index()]
    }
}

/// Where a move's board changes go.
pub(crate) trait CellSink: CellView {
    /// Puts `p` on `c`.
    fn set(&mut self, c: CellId, p: PieceId);
    /// Takes one `piece` from its owner's reserve (views that only look at the board ignore
    /// it).
    fn take_reserve(&mut self, _piece: PieceId) {}
}

/// A move being replayed part by part onto a sink: each part reads the cells it recorded
/// from `k` on (and moves `k` past them), and leaves `focus` where its piece now stands.
pub(crate) struct Replay<'a> {
    /// The game.
    pub(crate) game: &'a Game,
    /// The move replayed.
    pub(crate) mv: &'a Move,
    /// The index in the move's cells of the next cell to read.
    pub(crate) k: usize,
    /// The cell the previous part left its piece on (or acted on).
    pub(crate) focus: CellId,
    /// The player moving.
    pub(crate) p: Player,
}
