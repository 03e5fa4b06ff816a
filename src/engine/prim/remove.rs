//! `remove(condition, if: test, prefer: test)`: take off the board one piece satisfying the
//! condition, chosen by the mover, when the trigger holds for the piece just moved or placed
//! (always, without one). Pieces satisfying `prefer` are offered first; the others only when
//! there are none (morris: a man in a mill only when every man is).
//!
//! A move records the cell emptied, or none when nothing is removed, so `remove` is the last
//! part of a move that records cells; written `xg7`. The compile-side builder is
//! `src/compile/prim/remove.rs`.

use crate::engine::exec::Bits;
use crate::engine::make::CellSink;
use crate::engine::movegen::View;
use crate::engine::{CellCond, CellId, Game, Move, MoveList, PartCond, Player, Rule, State, EMPTY};

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
        let Self {
            on,
            trigger,
            prefer,
        } = self;
        let (board, saved) = (&game.board, v.len);
        let fires = trigger
            .as_ref()
            .is_none_or(|t| game.part_cond(s, v, t, focus));
        // The cells offered: the preferred candidates, or all candidates if none is.
        let mut offered = Bits::new();
        let mut fallback = Bits::new();
        let (mut n_pref, mut n_all) = (0, 0);
        if fires {
            for c in CellId::upto(board.len()) {
                if !on.accepts(board, p, c, v.get(c)) {
                    continue;
                }
                fallback.insert(c);
                n_all += 1;
                if prefer.as_ref().is_none_or(|pr| game.part_cond(s, v, pr, c)) {
                    offered.insert(c);
                    n_pref += 1;
                }
            }
        }
        if n_all == 0 {
            game.gen_parts(s, v, p, rule, idx + 1, focus, mv, out);
            return;
        }
        let cells = if n_pref > 0 { &offered } else { &fallback };
        for c in CellId::upto(board.len()) {
            if cells.has(c) {
                let mut m = mv;
                m.push(c);
                v.put(c, EMPTY);
                game.gen_parts(s, v, p, rule, idx + 1, focus, m, out);
                v.len = saved;
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
        if !compact || crate::engine::notation::runs_together(out, cell) {
            out.push('x');
        }
        out.push_str(cell);
    }
}
