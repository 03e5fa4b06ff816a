//! `fly(to: empty)`: the piece moves to any cell satisfying `to`, wherever it is (morris: a
//! player left with three men flies).
//!
//! A move records the landing, written like a step (`a1-g7`); the compile-side builder is
//! `src/compile/prim/fly.rs`.

use crate::engine::cursor::Cursor;
use crate::engine::sink::CellSink;
use crate::engine::{CellCond, CellId, Game, KindId, Move, PieceId, Player, State, EMPTY};

/// The registry name.
pub const NAME: &str = "fly";

/// A compiled `fly` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fly {
    /// Where the piece may land.
    pub to: CellCond,
}

impl Fly {
    /// Generation: every cell `to` accepts but the piece's own.
    #[inline(always)]
    pub(in crate::engine) fn gen(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        let (game, p) = (cur.game, cur.p);
        let board = &game.board;
        let piece = cur.v.get(focus);
        for t in CellId::upto(board.len()) {
            if t != focus && self.to.accepts(board, p, t, cur.v.get(t)) {
                cur.land(focus, t, piece, mv);
            }
        }
    }

    /// Execution: the piece on `focus` goes to `cells[*k]`; returns the landing.
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(
        sink: &mut S,
        cells: &[CellId],
        k: &mut usize,
        focus: CellId,
    ) -> CellId {
        let to = cells[*k];
        *k += 1;
        let piece = sink.get(focus);
        sink.set(focus, EMPTY);
        sink.set(to, piece);
        to
    }
}

impl super::Primitive for Fly {
    fn name(&self) -> &'static str {
        NAME
    }

    fn moves_piece(&self) -> bool {
        true
    }

    fn cells_recorded(&self) -> usize {
        1
    }

    fn targets<'c>(&self, rest: &'c [CellId]) -> (usize, &'c [CellId]) {
        let n = self.cells_recorded();
        (n, super::recorded(rest, n))
    }

    fn takes(&self) -> super::Takes<'_> {
        super::Takes::Nothing
    }

    fn write(&self, w: &mut super::Writer) {
        // Written like a step.
        let t = w.take();
        let name = w.name(t);
        super::step::Step::write(w.game, w.state, &mut w.out, w.moving, t, name, w.compact);
    }

    fn reach_created(&self, _: &mut super::ReachWork, _: Player) {}

    fn reach(
        &self,
        w: &mut super::ReachWork,
        pq: (Player, PieceId),
        _: bool,
        _: &[CellId],
    ) -> Option<Vec<CellId>> {
        // Not followed cell by cell: the piece may be anywhere.
        w.anywhere(pq.1);
        None
    }

    fn symmetric(&self, c: &super::SymmetryCheck) -> bool {
        c.cond(&self.to)
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, _: &mut super::CensusClasses, _: &[KindId]) {}

    fn keeps_column(&self, c: &mut super::ColumnCheck) -> bool {
        // It moves a piece off its column, or may: fine only for other kinds.
        !c.moves_k
    }

    fn captures(&self, game: &Game, s: &State, rest: &[CellId]) -> (usize, usize) {
        let n = self.cells_recorded();
        (n, super::taken_on(game, s, rest.get(n - 1)))
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

    fn bound(&self, b: &mut super::MoveBound) -> Option<f64> {
        Some(b.free)
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        self.gen(cur, focus, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        r.focus = Fly::exec(sink, &r.mv.cells, &mut r.k, r.focus);
    }
}
