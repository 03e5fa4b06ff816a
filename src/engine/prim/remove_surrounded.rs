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

    fn write(&self, w: &mut super::Writer) {
        // Records no cell: the placement says it all.
        let _ = w;
    }

    fn reach_created(&self, w: &mut super::ReachWork, p: Player) {
        let _ = (w, p);
    }

    fn reach(
        &self,
        w: &mut super::ReachWork,
        pq: (Player, PieceId),
        last: bool,
        at: &[CellId],
    ) -> Option<Vec<CellId>> {
        let _ = (w, pq, last);
        Some(at.to_vec())
    }

    fn symmetric(&self, c: &super::SymmetryCheck) -> bool {
        c.dir_set(&self.dirs)
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, c: &mut super::CensusClasses, from: &[KindId]) {
        let _ = (c, from);
    }

    fn keeps_column(&self, c: &mut super::ColumnCheck) -> bool {
        let _ = c;
        true
    }

    fn captures(&self, game: &Game, s: &State, rest: &[CellId]) -> (usize, usize) {
        // Taken elsewhere than on a recorded landing, or nothing taken: not counted.
        let _ = (game, s, rest);
        (self.cells_recorded(), 0)
    }

    fn victims(
        &self,
        (game, state): (&Game, &State),
        cells: &[CellId],
        k: usize,
        found: &mut dyn FnMut(CellId),
    ) -> usize {
        // It records no cell an enemy piece stood on before the move.
        let _ = (game, state, cells, found);
        k + self.cells_recorded()
    }

    fn may_pass(&self) -> bool {
        false
    }

    fn null_move_sound(&self) -> bool {
        true
    }

    fn bound(&self, b: &mut super::MoveBound) -> Option<f64> {
        let _ = b;
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
