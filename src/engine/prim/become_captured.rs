//! `become-captured(near: condition, captured: any)`: after a capture, the piece may become
//! the kind it just captured (Intellector's aura), when it started next to (along the
//! game's `adjacent` directions) a cell satisfying `near`, the captured piece is in
//! `captured`, and the kind would change. Skipped after a promotion.
//!
//! It records no cell: the new kind is the move's promotion, written as one (`=X`), and
//! made as one. The compile-side builder is `src/compile/prim/become_captured.rs`.

use crate::engine::movegen::View;
use crate::engine::{
    ByPlayer, CellCond, CellId, ContentSet, DirId, Game, Move, MoveList, Player, Rule, State,
    EMPTY, NO_CELL,
};

/// The registry name.
pub const NAME: &str = "become-captured";

/// A compiled `become-captured` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BecomeCaptured {
    /// What must stand next to the piece's starting cell.
    pub near: CellCond,
    /// The directions "next to" means (the game's `adjacent`), per player.
    pub dirs: ByPlayer<Vec<DirId>>,
    /// The pieces whose kind may be taken on, per player.
    pub captured: ByPlayer<ContentSet>,
}

impl BecomeCaptured {
    /// Generation: the plain move, always; and the move that takes on the captured piece's
    /// kind when allowed.
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
            near,
            dirs,
            captured,
        } = self;
        let (board, saved) = (&game.board, v.len);
        // Always offered: the plain move.
        if idx + 1 == rule.parts.len() {
            out.push(mv);
        } else {
            game.gen_parts(s, v, p, rule, idx + 1, focus, mv, out);
        }
        if mv.promotes() || mv.len < 2 {
            return;
        }
        let origin = mv.cells[0];
        let victim = s.board[(mv.cells[mv.len as usize - 1]).index()];
        let me = v.get(focus);
        if victim == EMPTY
            || !captured[p].contains(victim)
            || game.owner(victim).is_none_or(|o| o == p)
            || game.pieces[victim.index()].kind == game.pieces[me.index()].kind
        {
            return;
        }
        let beside = dirs[p].iter().any(|&d| {
            let n = board.next(origin, d);
            n != NO_CELL && near.accepts(board, p, n, s.board[n.index()])
        });
        if beside {
            let mut m = mv;
            let kind = game.pieces[victim.index()].kind;
            m.set_promote(Some(kind));
            v.put(focus, game.piece_id(kind, Some(p)));
            game.gen_parts(s, v, p, rule, idx + 1, focus, m, out);
            v.len = saved;
        }
    }
}
