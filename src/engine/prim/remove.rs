//! `remove(condition, if: test, prefer: test)`: take off the board one piece satisfying the
//! condition, chosen by the mover, when the trigger holds for the piece just moved or placed
//! (always, without one). Pieces satisfying `prefer` are offered first; the others only when
//! there are none (morris: a man in a mill only when every man is).
//!
//! A move records the cell emptied, or none when nothing is removed, so `remove` is the last
//! part of a move that records cells; written `xg7`. The compile-side builder is
//! `src/compile/prim/remove.rs`.

use crate::engine::cursor::Cursor;
use crate::engine::sink::Bits;
use crate::engine::sink::CellSink;
use crate::engine::{
    CellCond, CellId, Game, KindId, Move, PartCond, PieceId, Player, State, EMPTY,
};

/// The registry name.
pub const NAME: &str = "remove";

/// A compiled `remove` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Remove {
    /// What may be taken off.
    pub on: CellCond,
    /// When anything is taken (tested on the piece just moved or placed); always if `None`.
    pub trigger: Option<PartCond>,
    /// The pieces offered first.
    pub prefer: Option<PartCond>,
}

impl Remove {
    /// Generation: each cell offered, or the move as it is when nothing may be removed.
    #[inline(always)]
    pub(in crate::engine) fn gen(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        let (game, s, p) = (cur.game, cur.s, cur.p);
        let Self {
            on,
            trigger,
            prefer,
        } = self;
        let (board, saved) = (&game.board, cur.v.len);
        let fires = trigger
            .as_ref()
            .is_none_or(|t| game.part_cond(s, cur.v, t, focus));
        // The cells offered: the preferred candidates, or all candidates if none is.
        let mut offered = Bits::new();
        let mut fallback = Bits::new();
        let (mut n_pref, mut n_all) = (0, 0);
        if fires {
            for c in CellId::upto(board.len()) {
                if !on.accepts(board, p, c, cur.v.get(c)) {
                    continue;
                }
                fallback.insert(c);
                n_all += 1;
                if prefer
                    .as_ref()
                    .is_none_or(|pr| game.part_cond(s, cur.v, pr, c))
                {
                    offered.insert(c);
                    n_pref += 1;
                }
            }
        }
        if n_all == 0 {
            cur.next(focus, mv);
            return;
        }
        let cells = if n_pref > 0 { &offered } else { &fallback };
        for c in CellId::upto(board.len()) {
            if cells.has(c) {
                let mut m = mv;
                m.push(c);
                cur.v.put(c, EMPTY);
                cur.next(focus, m);
                cur.v.len = saved;
            }
        }
    }

    /// Execution: empties `cells[*k]` if the move recorded one (`len` cells in all).
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(sink: &mut S, cells: &[CellId], k: &mut usize, len: usize) {
        // The last part that records cells: a cell is there only if the move removes
        // something.
        if *k < len {
            sink.set(cells[*k], EMPTY);
            *k += 1;
        }
    }

    /// Notation: `x` and the cell emptied (the separator dropped in the compact form unless
    /// two numbers would run together).
    pub(crate) fn write(out: &mut String, cell: &str, compact: bool) {
        if !compact || super::runs_together(out, cell) {
            out.push('x');
        }
        out.push_str(cell);
    }
}

impl super::Primitive for Remove {
    fn name(&self) -> &'static str {
        NAME
    }

    fn moves_piece(&self) -> bool {
        false
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
        if w.k < w.mv.len as usize {
            let cell = w.take();
            let name = w.name(cell);
            Remove::write(&mut w.out, name, w.compact);
        }
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
        c.cond(&self.on)
            && self.trigger.as_ref().is_none_or(|t| c.part_cond(t))
            && self.prefer.as_ref().is_none_or(|t| c.part_cond(t))
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

    fn bound(&self, b: &mut super::MoveBound) -> Option<f64> {
        Some(b.cells)
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        self.gen(cur, focus, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        Remove::exec(sink, &r.mv.cells, &mut r.k, r.mv.len as usize);
    }
}
