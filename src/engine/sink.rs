//! Where a move's board changes go when it is made or replayed: the trait the primitives
//! write through, a leaf (the real state, with its log, is one sink in `make.rs`; the
//! simulated boards of `exec.rs` and `legal.rs` are others), and the fixed cell bitset
//! their flood fills and the primitives use.

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

/// Words of a cell bitset large enough for the largest board.
pub(crate) const MAX_WORDS: usize = crate::engine::MAX_CELLS / 64;

/// A fixed-size cell bitset on the stack (no allocation); only the first `words` words of a
/// board are used.
pub(crate) struct Bits(pub(crate) [u64; MAX_WORDS]);

impl Bits {
    #[inline]
    pub fn new() -> Bits {
        Bits([0; MAX_WORDS])
    }

    #[inline(always)]
    pub fn has(&self, c: CellId) -> bool {
        self.0[c.index() / 64] >> (c.index() % 64) & 1 == 1
    }

    #[inline(always)]
    pub fn insert(&mut self, c: CellId) {
        self.0[c.index() / 64] |= 1 << (c.index() % 64);
    }

    /// Takes out the lowest cell of the set, if any.
    #[inline]
    pub fn pop(&mut self, words: usize) -> Option<CellId> {
        for w in 0..words {
            let x = self.0[w];
            if x != 0 {
                self.0[w] = x & (x - 1);
                return Some(CellId::from_index(w * 64 + x.trailing_zeros() as usize));
            }
        }
        None
    }
}
