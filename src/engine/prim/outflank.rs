//! `outflank(directions…)`: after a placement, every straight line of enemy pieces between
//! the piece just placed and another piece of the mover turns into the mover's pieces
//! (reversi); the placement is legal only if at least one line turns.
//!
//! It records no cell and writes nothing in the notation (the placement says it all); the
//! compile-side builder is `src/compile/prim/outflank.rs`.

use crate::engine::sink::CellSink;
use crate::engine::{
    ByPlayer, CellId, DirId, Game, KindId, Move, PieceId, Player, State, EMPTY, NO_CELL,
};

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

impl super::Primitive for Outflank {
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

    fn reach_created(&self, w: &mut super::ReachWork, p: Player) {
        w.all_of_anywhere(p);
    }

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
        c.dirs(&self.dirs)
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, c: &mut super::CensusClasses, _: &[KindId]) {
        c.owners_change = true;
    }

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
        if self.flanks(cur.game, |c| cur.v.get(c), focus, cur.p) {
            cur.next(focus, mv);
        }
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        self.exec(r.game, sink, r.focus, r.p);
    }
}
