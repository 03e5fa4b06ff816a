//! `convert-around(directions…, what: enemy, next-to: condition)`: every piece that `what`
//! accepts next to the landing (or placing) cell, along the directions, turns to the
//! mover's side, keeping its kind (Ataxx). With `next-to:` the move is legal only if one of
//! those neighbours meets that condition: `place(stone) then convert-around(adjacent,
//! next-to: friend)` places only next to a piece of one's own (Ataxx's clone).

use crate::engine::sink::CellSink;
use crate::engine::{ByPlayer, CellCond, CellId, DirId, Game, PieceId, Player, NO_CELL};

/// The registry name.
pub const NAME: &str = "convert-around";

/// A compiled `convert-around` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvertAround {
    /// The neighbours looked at, per player.
    pub dirs: ByPlayer<Vec<DirId>>,
    /// What turns (only pieces of another player do).
    pub what: CellCond,
    /// A neighbour the move needs, if any.
    pub next_to: Option<CellCond>,
}

impl ConvertAround {
    /// Generation: whether a neighbour meets `next_to` (always, without one).
    #[inline(always)]
    pub(super) fn holds(
        &self,
        game: &Game,
        get: impl Fn(CellId) -> PieceId,
        focus: CellId,
        p: Player,
    ) -> bool {
        let Some(need) = &self.next_to else {
            return true;
        };
        let board = &game.board;
        self.dirs[p].iter().any(|&d| {
            let c = board.next(focus, d);
            c != NO_CELL && need.accepts(board, p, c, get(c))
        })
    }

    /// Execution: the neighbours that `what` accepts become the mover's.
    #[inline(always)]
    pub(super) fn exec<S: CellSink>(&self, game: &Game, sink: &mut S, focus: CellId, p: Player) {
        let what = &self.what;
        let board = &game.board;
        for &d in &self.dirs[p] {
            let c = board.next(focus, d);
            if c == NO_CELL {
                continue;
            }
            let x = sink.get(c);
            if what.accepts(board, p, c, x) && game.owner(x).is_some_and(|o| o != p) {
                let kind = game.pieces[x.index()].kind;
                sink.set(c, game.piece_id(kind, Some(p)));
            }
        }
    }
}
