//! `become-captured(near: condition, captured: any)`: after a capture, the piece may become
//! the kind it just captured (Intellector's aura), when it started next to (along the
//! game's `adjacent` directions) a cell satisfying `near`, the captured piece is in
//! `captured`, and the kind would change. Skipped after a promotion.
//!
//! It records no cell: the new kind is the move's promotion, written as one (`=X`), and
//! made as one. The compile-side builder is `src/compile/prim/become_captured.rs`.

use crate::engine::cursor::Cursor;
use crate::engine::{
    ByPlayer, CellCond, CellId, ContentSet, DirId, Game, KindId, Move, PieceId, Player, State,
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
    #[inline(always)]
    pub(in crate::engine) fn gen(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        let (game, s, p) = (cur.game, cur.s, cur.p);
        let Self {
            near,
            dirs,
            captured,
        } = self;
        let (board, saved) = (&game.board, cur.v.len);
        // Always offered: the plain move.
        if cur.idx + 1 == cur.rule.parts.len() {
            cur.out.push(mv);
        } else {
            cur.next(focus, mv);
        }
        if mv.promotes() || mv.len < 2 {
            return;
        }
        let origin = mv.cells[0];
        let victim = s.board[(mv.cells[mv.len as usize - 1]).index()];
        let me = cur.v.get(focus);
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
            cur.v.put(focus, game.piece_id(kind, Some(p)));
            cur.next(focus, m);
            cur.v.len = saved;
        }
    }
}

impl super::Primitive for BecomeCaptured {
    fn name(&self) -> &'static str {
        NAME
    }

    fn moves_piece(&self) -> bool {
        true
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
        if let (Some(k), false) = (w.mv.promote(), w.promoted) {
            w.promoted = true;
            super::promote::write_new_kind(w.game, &mut w.out, k, w.compact, w.me);
        }
    }

    fn reach_created(&self, w: &mut super::ReachWork, p: Player) {
        w.all_of_anywhere(p);
    }

    fn reach(
        &self,
        w: &mut super::ReachWork,
        pq: (Player, PieceId),
        _: bool,
        _: &[CellId],
    ) -> Option<Vec<CellId>> {
        // Not followed cell by cell: the piece may be anywhere.
        w.anywhere(pq.1);
        None
    }

    fn symmetric(&self, c: &super::SymmetryCheck) -> bool {
        c.dirs(&self.dirs) && c.cond(&self.near)
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, c: &mut super::CensusClasses, _: &[KindId]) {
        c.owners_change = true;
    }

    fn keeps_column(&self, _: &mut super::ColumnCheck) -> bool {
        true
    }

    fn captures(&self, _: &Game, _: &State, _: &[CellId]) -> (usize, usize) {
        // Taken elsewhere than on a recorded landing, or nothing taken: not counted.
        (self.cells_recorded(), 0)
    }

    fn victims(
        &self,
        _: (&Game, &State),
        _: &[CellId],
        k: usize,
        _: &mut dyn FnMut(CellId),
    ) -> usize {
        // It records no cell an enemy piece stood on before the move.
        k + self.cells_recorded()
    }

    fn may_pass(&self) -> bool {
        false
    }

    fn null_move_sound(&self) -> bool {
        true
    }

    fn bound(&self, _: &mut super::MoveBound) -> Option<f64> {
        Some(1.0)
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        self.gen(cur, focus, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        super::promote::exec_new_kind(r.game, sink, r.focus, r.mv.promote(), r.p);
    }
}
