//! `outflank(directions…)`: after a placement, every straight line of enemy pieces between
//! the piece just placed and another piece of the mover turns into the mover's pieces
//! (reversi); the placement is legal only if at least one line turns.
//!
//! It records no cell and writes nothing in the notation (the placement says it all); the
//! compile-side builder is `src/compile/prim/outflank.rs`.

use crate::engine::make::CellSink;
use crate::engine::{ByPlayer, CellId, DirId, Game, PieceId, Player, EMPTY, NO_CELL};

/// The registry name.
pub const NAME: &str = "outflank";

/// A compiled `outflank` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outflank {
    /// The directions a line may run in from the piece just placed, per player.
    pub dirs: ByPlayer<Vec<DirId>>,
}

impl Outflank {
    /// How many enemy pieces `p` outflanks from `focus` along `d` on the board `get` reads:
    /// the length of the run of enemy pieces that another piece of `p` closes, 0 if none.
    /// The one walk both generation and `make` take.
    #[inline(always)]
    fn flank(
        game: &Game,
        get: impl Fn(CellId) -> PieceId,
        focus: CellId,
        d: DirId,
        p: Player,
    ) -> u32 {
        let mut c = game.board.next(focus, d);
        let mut n = 0;
        while c != NO_CELL && game.owner(get(c)).is_some_and(|o| o != p) {
            c = game.board.next(c, d);
            n += 1;
        }
        // An empty cell has no owner, so the closing cell holds a piece of `p`.
        if n > 0 && c != NO_CELL && game.owner(get(c)) == Some(p) {
            n
        } else {
            0
        }
    }

    /// Generation: whether the piece on `focus` (just placed) outflanks at least one line,
    /// so the move goes on to the next part.
    #[inline(always)]
    pub(crate) fn flanks(
        &self,
        game: &Game,
        get: impl Fn(CellId) -> PieceId + Copy,
        focus: CellId,
        p: Player,
    ) -> bool {
        let me = get(focus);
        self.dirs[p]
            .iter()
            .any(|&d| Self::flank(game, get, focus, d, p) > 0 && me != EMPTY)
    }

    /// Execution: turns every outflanked line into `p`'s pieces (of the kinds they were).
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(&self, game: &Game, sink: &mut S, focus: CellId, p: Player) {
        for &d in &self.dirs[p] {
            let n = Self::flank(game, |c| sink.get(c), focus, d, p);
            let mut x = game.board.next(focus, d);
            for _ in 0..n {
                let kind = game.pieces[sink.get(x).index()].kind;
                sink.set(x, game.piece_id(kind, Some(p)));
                x = game.board.next(x, d);
            }
        }
    }
}
