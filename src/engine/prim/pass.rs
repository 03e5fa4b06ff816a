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

    fn symmetric(&self, _: &super::SymmetryCheck) -> bool {
        true
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
        true
    }

    fn null_move_sound(&self) -> bool {
        // A pass is a legal null move: pruning by one would be unsound.
        false
    }

    fn bound(&self, _: &mut super::MoveBound) -> Option<f64> {
        Some(1.0)
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        self.gen(cur, focus, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, _: &mut super::Replay, _: &mut S) {}
}
