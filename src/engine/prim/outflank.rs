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

    fn write(&self, w: &mut super::Writer) {
        // Records no cell: the placement says it all.
        let _ = w;
    }

    fn reach_created(&self, w: &mut super::ReachWork, p: Player) {
        w.all_of_anywhere(p);
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
        c.dirs(&self.dirs)
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, c: &mut super::CensusClasses, from: &[KindId]) {
        let _ = from;
        c.owners_change = true;
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
        if self.flanks(cur.game, |c| cur.v.get(c), focus, cur.p) {
            cur.next(focus, mv);
        }
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        self.exec(r.game, sink, r.focus, r.p);
    }
}
