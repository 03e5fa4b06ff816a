//! `pass`: do nothing; the turn passes (reversi's and Go's pass, written as a move of its
//! own; the forced pass of `pass if no-moves` is [`crate::engine::Move::forced_pass`], not
//! this part).
//!
//! A move records no cell and changes nothing on the board; a rule that is one pass is
//! written `pass`, and in a longer rule the pass writes nothing. The compile-side builder is
//! `src/compile/prim/pass.rs`.

use crate::engine::cursor::Cursor;
use crate::engine::{CellId, Game, KindId, Move, PieceId, Player, Rule, State};

/// The registry name.
pub const NAME: &str = "pass";

/// A compiled `pass` part (it takes no arguments).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pass;

impl Pass {
    /// Generation: nothing to choose; the rest of the move follows.
    #[inline(always)]
    pub(in crate::engine) fn gen(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        cur.next(focus, mv);
    }

    /// Notation: `pass` when the pass is the whole rule, nothing otherwise.
    pub(crate) fn write(out: &mut String, rule: &Rule) {
        if rule.parts.len() == 1 {
            out.push_str("pass");
        }
    }
}

impl super::Primitive for Pass {
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
        Pass::write(&mut w.out, w.rule);
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
        let _ = c;
        true
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
        true
    }

    fn null_move_sound(&self) -> bool {
        // A pass is a legal null move: pruning by one would be unsound.
        false
    }

    fn bound(&self, b: &mut super::MoveBound) -> Option<f64> {
        let _ = b;
        Some(1.0)
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        self.gen(cur, focus, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        let _ = (r, sink);
    }
}
