//! `fly(to: empty)`: the piece moves to any cell satisfying `to`, wherever it is (morris: a
//! player left with three men flies).
//!
//! A move records the landing, written like a step (`a1-g7`); the compile-side builder is
//! `src/compile/prim/fly.rs`.

use crate::engine::make::CellSink;
use crate::engine::movegen::View;
use crate::engine::{CellCond, CellId, Game, Move, MoveList, Player, Rule, State, EMPTY};

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
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(in crate::engine) fn gen(
        &self,
        game: &Game,
        s: &State,
        v: &mut View,
        p: Player,
        rule: &Rule,
        idx: usize,
        focus: CellId,
        mv: Move,
        out: &mut MoveList,
    ) {
        let board = &game.board;
        let piece = v.get(focus);
        for t in CellId::upto(board.len()) {
            if t != focus && self.to.accepts(board, p, t, v.get(t)) {
                game.land(s, v, p, rule, idx, focus, t, piece, mv, out);
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
