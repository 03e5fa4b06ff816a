//! `approach(directions…, capture: enemy)` and `withdraw(directions…, capture: enemy)`
//! (Fanorona): after a piece moves along one of the directions, the contiguous line of
//! `capture` pieces starting next to the landing cell, ahead in the direction moved
//! (approach), or next to the starting cell, behind it (withdraw), leaves the board. The
//! move is legal only if it takes at least one piece; a move that could do either is two
//! moves, written with `A` (approach) or `W` (withdraw) after the landing: `c3-d4A`.

use super::clear_run;
use crate::engine::sink::CellSink;
use crate::engine::{ByPlayer, CellCond, CellId, DirId, Game, PieceId, Player, NO_CELL};

/// The registry name of the approach.
pub const APPROACH: &str = "approach";
/// The registry name of the withdrawal.
pub const WITHDRAW: &str = "withdraw";

/// A compiled `approach` or `withdraw` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineCapture {
    /// The directions a move may be made along, per player.
    pub dirs: ByPlayer<Vec<DirId>>,
    /// What may be taken.
    pub capture: CellCond,
    /// Withdrawal (the line behind the starting cell) rather than approach.
    pub withdraw: bool,
}

impl LineCapture {
    /// The registry name.
    pub fn name(&self) -> &'static str {
        if self.withdraw {
            WITHDRAW
        } else {
            APPROACH
        }
    }

    /// The mark the notation writes.
    pub fn mark(&self) -> char {
        if self.withdraw {
            'W'
        } else {
            'A'
        }
    }

    /// The direction of the line taken: the listed direction that leads from `origin` to
    /// `focus` in a straight line (or, withdrawing, its opposite), `None` if none does.
    #[inline(always)]
    fn line_dir(&self, game: &Game, origin: CellId, focus: CellId, p: Player) -> Option<DirId> {
        let board = &game.board;
        let d = self.dirs[p].iter().copied().find(|&d| {
            let mut c = board.next(origin, d);
            // A line is no longer than the board.
            for _ in 0..board.len() {
                if c == focus || c == NO_CELL {
                    break;
                }
                c = board.next(c, d);
            }
            c == focus && c != NO_CELL
        })?;
        if self.withdraw {
            board.dirs[d.index()].opposite
        } else {
            Some(d)
        }
    }

    /// The first cell taken, `NO_CELL` if the move takes nothing.
    #[inline(always)]
    pub(super) fn first(
        &self,
        game: &Game,
        get: impl Fn(CellId) -> PieceId,
        origin: CellId,
        focus: CellId,
        p: Player,
    ) -> CellId {
        let Some(d) = self.line_dir(game, origin, focus, p) else {
            return NO_CELL;
        };
        let from = if self.withdraw { origin } else { focus };
        let c = game.board.next(from, d);
        if c != NO_CELL && self.capture.accepts(&game.board, p, c, get(c)) {
            c
        } else {
            NO_CELL
        }
    }

    /// Execution: takes the line off.
    #[inline(always)]
    pub(super) fn exec<S: CellSink>(
        &self,
        game: &Game,
        sink: &mut S,
        origin: CellId,
        focus: CellId,
        p: Player,
    ) {
        let Some(d) = self.line_dir(game, origin, focus, p) else {
            return;
        };
        let board = &game.board;
        let from = if self.withdraw { origin } else { focus };
        let mut c = board.next(from, d);
        let mut n = 0;
        while c != NO_CELL && self.capture.accepts(board, p, c, sink.get(c)) {
            n += 1;
            c = board.next(c, d);
        }
        clear_run(game, sink, board.next(from, d), d, n);
    }
}
