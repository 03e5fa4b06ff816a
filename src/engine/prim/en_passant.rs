//! `en-passant(directions…)`: step along one of the directions onto the cell an enemy piece
//! has just passed over (see the passable `slide`), removing that piece; only on the move
//! right after that slide.
//!
//! A move records the landing and the victim's cell (two cells) and is written `c4xd3`. The
//! passed cell is state (`State::scalars.ep`, the FEN en-passant field); the compile-side
//! builder is `src/compile/prim/en_passant.rs`.

use crate::engine::make::CellSink;
use crate::engine::{ByPlayer, CellId, DirId, Game, Move, MoveList, Player, State, EMPTY, NO_CELL};

/// The registry name.
pub const NAME: &str = "en-passant";

/// The cells an en-passant capture records.
pub const CELLS: usize = 2;

/// A compiled `en-passant` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnPassant {
    /// The directions of the capturing step, per player.
    pub dirs: ByPlayer<Vec<DirId>>,
}

impl EnPassant {
    /// Generation: the en-passant captures of the piece on `focus`, read from the state.
    pub(crate) fn gen(
        &self,
        game: &Game,
        s: &State,
        p: Player,
        focus: CellId,
        mv: Move,
        out: &mut MoveList,
    ) {
        if s.scalars.ep.target == NO_CELL {
            return;
        }
        for &d in &self.dirs[p] {
            if game.board.next(focus, d) == s.scalars.ep.target
                && game
                    .owner(s.board[s.scalars.ep.victim.index()])
                    .is_some_and(|o| o != p)
            {
                let mut m = mv;
                m.push(s.scalars.ep.target);
                m.push(s.scalars.ep.victim);
                out.push(m);
            }
        }
    }

    /// Execution: the piece on `focus` lands on `cells[*k]` and the victim on
    /// `cells[*k + 1]` leaves; returns the landing (the new focus).
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(
        sink: &mut S,
        cells: &[CellId],
        k: &mut usize,
        focus: CellId,
    ) -> CellId {
        let (to, victim) = (cells[*k], cells[*k + 1]);
        *k += CELLS;
        let piece = sink.get(focus);
        sink.set(focus, EMPTY);
        sink.set(victim, EMPTY);
        sink.set(to, piece);
        to
    }

    /// Notation: `x` and the landing (the separator dropped in the compact form unless two
    /// numbers would run together).
    pub(crate) fn write(out: &mut String, landing: &str, compact: bool) {
        if !compact || crate::engine::notation::runs_together(out, landing) {
            out.push('x');
        }
        out.push_str(landing);
    }
}
