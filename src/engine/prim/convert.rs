//! `convert(condition, into: kind, count: 1)`: change the piece on a cell satisfying the
//! condition into `kind`, owned by the mover (ownerless for a kind nobody owns). With
//! `count: n` a move converts n different cells, picked as a set: the later conversions of
//! one move skip the cells earlier parts changed and come in increasing cell order.
//!
//! A move records each cell converted, written with the new piece's symbol (`Xc3`); the
//! compile-side builder is `src/compile/prim/convert.rs`.

use crate::engine::make::CellSink;
use crate::engine::movegen::View;
use crate::engine::{CellCond, CellId, Game, KindId, Move, MoveList, Part, Player, Rule, State};

/// The registry name.
pub const NAME: &str = "convert";

/// A compiled `convert` part (one per cell of `count: n`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Convert {
    /// The pieces that may be converted.
    pub on: CellCond,
    /// What they become.
    pub kind: KindId,
    /// Owned by the mover (else ownerless).
    pub own: bool,
    /// Unset for the later conversions of `count: n`: after the previous one in cell order.
    pub ordered: bool,
}

impl Convert {
    /// Generation: each cell to convert, then the rest of the move from it.
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
        let _ = focus;
        let Self {
            on,
            kind,
            own,
            ordered,
        } = self;
        let (board, saved) = (&game.board, v.len);
        let piece = game.piece_id(*kind, own.then_some(p));
        let prev_convert = idx > 0 && matches!(rule.parts[idx - 1], Part::Convert(_));
        let first = if !ordered && prev_convert && mv.len > 0 {
            mv.cells[mv.len as usize - 1].succ()
        } else {
            CellId::new(0)
        };
        for c in CellId::span(first, board.len()) {
            if !v.touched(c) && on.accepts(board, p, c, v.get(c)) {
                let mut m = mv;
                m.push(c);
                v.put(c, piece);
                game.gen_parts(s, v, p, rule, idx + 1, c, m, out);
                v.len = saved;
            }
        }
    }

    /// Execution: the piece on `cells[*k]` becomes the new one.
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(
        &self,
        game: &Game,
        sink: &mut S,
        cells: &[CellId],
        k: &mut usize,
        p: Player,
    ) {
        let c = cells[*k];
        *k += 1;
        sink.set(c, game.piece_id(self.kind, self.own.then_some(p)));
    }

    /// Notation: the new piece's symbol and the cell.
    pub(crate) fn write(&self, game: &Game, out: &mut String, cell: &str, me: Player) {
        out.push(game.pieces[game.piece_id(self.kind, self.own.then_some(me)).index()].symbol);
        out.push_str(cell);
    }
}
