//! `swap-sides`: the pie rule. On the second ply of the game only, the player to move takes
//! over the first player's side (Hex's swap, Nex's).
//!
//! A move records no cell and changes nothing on the board: making it flips the state's
//! swapped flag (hashed), and the same side moves again, now played by the other seat
//! (`Rule::swaps_sides`, read by `make`). It is written `swap`. The compile-side builder is
//! `src/compile/prim/swap_sides.rs`.

use crate::engine::cursor::Cursor;
use crate::engine::{CellId, Game, KindId, Move, PieceId, Player, State};

/// The registry name.
pub const NAME: &str = "swap-sides";

/// A compiled `swap-sides` part (it takes no arguments).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwapSides;

impl SwapSides {
    /// Generation: only on the second ply of a game played from its start (one move made).
    #[inline(always)]
    pub(in crate::engine) fn gen(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        let s = cur.s;
        if s.ply == 1 && s.frames.len() == 1 {
            cur.next(focus, mv);
        }
    }

    /// Execution: the sides are swapped (the flag and its hash key); the board is left as
    /// it is.
    #[inline(always)]
    pub(crate) fn exec(game: &Game, s: &mut State) {
        s.scalars.swapped = !s.scalars.swapped;
        s.scalars.hash ^= game.zobrist.swapped;
        s.scalars.extra ^= game.zobrist.swapped;
    }

    /// Notation: `swap`.
    pub(crate) fn write(out: &mut String) {
        out.push_str("swap");
    }
}

impl super::Primitive for SwapSides {
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
        SwapSides::write(&mut w.out);
    }

    fn reach_created(&self, w: &mut super::ReachWork, _: Player) {
        w.everything_anywhere();
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

    fn symmetric(&self, _: &super::SymmetryCheck) -> bool {
        true
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
        // The pie rule swaps the sides, which a null move does not.
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
