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

    fn reach_created(&self, w: &mut super::ReachWork, p: Player) {
        let _ = p;
        w.everything_anywhere();
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
        // The pie rule swaps the sides, which a null move does not.
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
