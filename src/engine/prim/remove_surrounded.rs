//! `remove-surrounded(who, along: directions)`: Go's capture. Every chain of `who` (pieces
//! of one owner connected along the directions) at or next to the piece just moved or placed
//! that has no empty neighbour leaves the board; chains are judged first and removed
//! together.
//!
//! Chosen by nobody, it records no cell and writes nothing; only other such parts may follow
//! it. Generation passes straight on (the captures are worked out when the move is made);
//! the chain walk is `Game::remove_surrounded` in `exec.rs`, shared with `forbid
//! surrounded(…)`. The compile-side builder is `src/compile/prim/remove_surrounded.rs`.

use crate::engine::sink::CellSink;
use crate::engine::{
    ByPlayer, CellId, ContentSet, DirId, Game, KindId, Move, PieceId, Player, State,
};

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

impl super::Primitive for RemoveSurrounded {
    fn name(&self) -> &'static str {
        NAME
    }

    fn moves_piece(&self) -> bool {
        false
    }

    fn cells_recorded(&self) -> usize {
        0
    }

    fn targets<'c>(&self, rest: &'c [CellId]) -> (usize, &'c [CellId]) {
        let n = self.cells_recorded();
        (n, super::recorded(rest, n))
    }

    fn takes(&self) -> super::Takes<'_> {
        super::Takes::Nothing
    }

    fn write(&self, _: &mut super::Writer) {
        // Records no cell: the placement says it all.
    }

    fn reach_created(&self, _: &mut super::ReachWork, _: Player) {}

    fn reach(
        &self,
        _: &mut super::ReachWork,
        _: (Player, PieceId),
        _: bool,
        at: &[CellId],
    ) -> Option<Vec<CellId>> {
        Some(at.to_vec())
    }

    fn symmetric(&self, c: &super::SymmetryCheck) -> bool {
        c.dir_set(&self.dirs)
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, _: &mut super::CensusClasses, _: &[KindId]) {}

    fn keeps_column(&self, _: &mut super::ColumnCheck) -> bool {
        true
    }

    fn captures(&self, _: &Game, _: &State, _: &[CellId]) -> (usize, usize) {
        // Taken elsewhere than on a recorded landing, or nothing taken: not counted.
        (self.cells_recorded(), 0)
    }

    fn victims(
        &self,
        _: (&Game, &State),
        _: &[CellId],
        k: usize,
        _: &mut dyn FnMut(CellId),
    ) -> usize {
        // It records no cell an enemy piece stood on before the move.
        k + self.cells_recorded()
    }

    fn may_pass(&self) -> bool {
        false
    }

    fn null_move_sound(&self) -> bool {
        true
    }

    fn bound(&self, _: &mut super::MoveBound) -> Option<f64> {
        Some(1.0)
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        // Captures are worked out when the move is made; only such parts may follow.
        cur.next(focus, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        self.exec(r.game, sink, r.focus, r.p);
    }
}
