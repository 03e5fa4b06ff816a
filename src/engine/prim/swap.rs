//! `swap(directions…, with: friend)`: the piece changes places with the piece on the next
//! cell along one of the directions, which must satisfy `with` (Intellector's castling).
//!
//! A move records the partner's cell, written like a step (`b1-a1`); the compile-side
//! builder is `src/compile/prim/swap.rs`.

use crate::engine::cursor::Cursor;
use crate::engine::sink::CellSink;
use crate::engine::{
    ByPlayer, CellCond, CellId, DirId, Game, KindId, Move, PieceId, Player, State, NO_CELL,
};

/// The registry name.
pub const NAME: &str = "swap";

/// A compiled `swap` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Swap {
    /// Where the partner may stand, per player.
    pub dirs: ByPlayer<Vec<DirId>>,
    /// What the partner must be.
    pub with: CellCond,
}

impl Swap {
    /// Generation: each partner next to `focus`, then the rest of the move from its cell.
    #[inline(always)]
    pub(in crate::engine) fn gen(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        let (game, p) = (cur.game, cur.p);
        let (board, saved) = (&game.board, cur.v.len);
        let piece = cur.v.get(focus);
        for &d in &self.dirs[p] {
            let t = board.next(focus, d);
            if t == NO_CELL {
                continue;
            }
            let other = cur.v.get(t);
            if self.with.accepts(board, p, t, other) {
                let mut m = mv;
                m.push(t);
                cur.v.put(focus, other);
                cur.v.put(t, piece);
                cur.next(t, m);
                cur.v.len = saved;
            }
        }
    }

    /// Execution: the pieces on `focus` and `cells[*k]` change places; returns the new
    /// focus (the partner's old cell).
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(
        sink: &mut S,
        cells: &[CellId],
        k: &mut usize,
        focus: CellId,
    ) -> CellId {
        let other = cells[*k];
        *k += 1;
        let (a, b) = (sink.get(focus), sink.get(other));
        sink.set(focus, b);
        sink.set(other, a);
        other
    }
}

impl super::Primitive for Swap {
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
        at: &[CellId],
    ) -> Option<Vec<CellId>> {
        let ((p, _), game) = (pq, w.game);
        let board = &game.board;
        // The mover goes to its partner's cell; the partner (any piece) comes back the
        // other way.
        let mut next = Vec::new();
        for &c in at {
            for &d in &self.dirs[p] {
                let t = board.next(c, d);
                if t != NO_CELL {
                    next.push(t);
                }
            }
        }
        for other in 1..game.pieces.len() {
            for c in CellId::upto(board.len()) {
                if self.dirs[p].iter().any(|&d| {
                    board.next(c, d) != NO_CELL
                        && w.has(PieceId::from_index(other), board.next(c, d))
                }) {
                    w.add(PieceId::from_index(other), c);
                }
            }
        }
        Some(next)
    }

    fn symmetric(&self, c: &super::SymmetryCheck) -> bool {
        c.dirs(&self.dirs) && c.cond(&self.with)
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, _: &mut super::CensusClasses, _: &[KindId]) {}

    fn keeps_column(&self, c: &mut super::ColumnCheck) -> bool {
        // It moves a piece off its column, or may: fine only for other kinds.
        !c.moves_k
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

    fn bound(&self, b: &mut super::MoveBound) -> Option<f64> {
        Some(b.dirs(&self.dirs))
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        self.gen(cur, focus, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        r.focus = Swap::exec(sink, &r.mv.cells, &mut r.k, r.focus);
    }
}
