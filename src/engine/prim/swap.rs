//! `swap(directions…, with: friend)`: the piece changes places with the piece on the next
//! cell along one of the directions, which must satisfy `with` (Intellector's castling).
//!
//! A move records the partner's cell, written like a step (`b1-a1`); the compile-side
//! builder is `src/compile/prim/swap.rs`.

use crate::engine::make::CellSink;
use crate::engine::movegen::View;
use crate::engine::{
    ByPlayer, CellCond, CellId, DirId, Game, Move, MoveList, Player, Rule, State, NO_CELL,
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
        let (board, saved) = (&game.board, v.len);
        let piece = v.get(focus);
        for &d in &self.dirs[p] {
            let t = board.next(focus, d);
            if t == NO_CELL {
                continue;
            }
            let other = v.get(t);
            if self.with.accepts(board, p, t, other) {
                let mut m = mv;
                m.push(t);
                v.put(focus, other);
                v.put(t, piece);
                game.gen_parts(s, v, p, rule, idx + 1, t, m, out);
                v.len = saved;
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
