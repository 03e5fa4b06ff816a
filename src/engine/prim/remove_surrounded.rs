//! `remove-surrounded(who, along: directions)`: Go's capture. Every chain of `who` (pieces
//! of one owner connected along the directions) at or next to the piece just moved or placed
//! that has no empty neighbour leaves the board; chains are judged first and removed
//! together.
//!
//! Chosen by nobody, it records no cell and writes nothing; only other such parts may follow
//! it. Generation passes straight on (the captures are worked out when the move is made);
//! the chain walk is `Game::remove_surrounded` in `exec.rs`, shared with `forbid
//! surrounded(…)`. The compile-side builder is `src/compile/prim/remove_surrounded.rs`.

use crate::engine::make::CellSink;
use crate::engine::{ByPlayer, CellId, ContentSet, DirId, Game, Player};

/// The registry name.
pub const NAME: &str = "remove-surrounded";

/// A compiled `remove-surrounded` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemoveSurrounded {
    /// Whose chains may be taken, per player.
    pub who: ByPlayer<ContentSet>,
    /// The directions that connect a chain and reach its liberties.
    pub dirs: Vec<DirId>,
}

impl RemoveSurrounded {
    /// Execution: removes the chains without liberties around `focus`.
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(&self, game: &Game, sink: &mut S, focus: CellId, p: Player) {
        game.remove_surrounded(sink, focus, self.who[p], &self.dirs);
    }
}
