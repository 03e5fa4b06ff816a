//! Landings that let the capture go on: `jump(…, repeat: yes, flying: yes, land: continuing)`.
//!
//! A flying jump may land on any empty cell beyond the piece it takes. With `land:
//! continuing`, when one of those landings lets the series go on (another jump is open from
//! it, in the board as the series left it: the pieces jumped still block with `capture:
//! at-end`, none is jumped twice), only such landings may be taken; when none does, any
//! landing ends the move (Russian draughts, and the rule books of most flying-king games).
//! A piece crowned on the landing looks for the crowned kind's jumps
//! ([`super::crown`]).

use super::long_jump::Taken;
use super::Jump;
use crate::engine::view::View;
use crate::engine::{CellId, DirId, Game, PieceId, Player, EMPTY, NO_CELL};

/// Whether some landing of `j` beyond the piece on `o` (reached along `d`) lets the
/// series go on; `taken` already holds `o`.
pub(super) fn some_landing_goes_on(
    game: &Game,
    v: &View,
    p: Player,
    j: &Jump,
    piece: PieceId,
    (o, d): (CellId, DirId),
    taken: &Taken,
) -> bool {
    let mut t = game.board.next(o, d);
    while t != NO_CELL && j.to.accepts(&game.board, p, t, v.get(t)) {
        if goes_on(game, v, p, j, piece, t, taken) {
            return true;
        }
        if !j.flying {
            break;
        }
        t = game.board.next(t, d);
    }
    false
}

/// Whether the series of `j` (the moving piece `piece`) goes on after landing on `t`:
/// it repeats, `t` is not in its stop zone, and a jump is open from `t` (with the
/// crowned kind's jumps when the piece is crowned on `t`).
pub(super) fn goes_on(
    game: &Game,
    v: &View,
    p: Player,
    j: &Jump,
    piece: PieceId,
    t: CellId,
    taken: &Taken,
) -> bool {
    let board = &game.board;
    if !j.repeat
        || j.stop
            .is_some_and(|z| board.zones[z.index()].contains(p, t))
    {
        return false;
    }
    let j = match j.crown.as_deref() {
        Some(c) if c.crowns(game, p, piece, t) => match c.then.as_deref() {
            Some(k) => k,
            None => return false,
        },
        _ => j,
    };
    j.dirs[p].iter().any(|&d| {
        let mut o = board.next(t, d);
        while j.flying && o != NO_CELL && v.get(o) == EMPTY {
            o = board.next(o, d);
        }
        if o == NO_CELL || taken.holds(o) || !j.over.accepts(board, p, o, v.get(o)) {
            return false;
        }
        let beyond = board.next(o, d);
        beyond != NO_CELL && j.to.accepts(board, p, beyond, v.get(beyond))
    })
}
