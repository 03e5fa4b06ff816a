//! `en-passant(directions…)`: step along one of the directions onto the cell an enemy piece
//! has just passed over (see the passable `slide`), removing that piece; only on the move
//! right after that slide.
//!
//! A move records the landing and the victim's cell (two cells) and is written `c4xd3`. The
//! passed cell is state (`State::scalars.ep`, the FEN en-passant field); the compile-side
//! builder is `src/compile/prim/en_passant.rs`.

use crate::engine::sink::CellSink;
use crate::engine::{
    ByPlayer, CellId, DirId, Game, KindId, Move, MoveList, PieceId, Player, State, EMPTY, NO_CELL,
};

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
        if !compact || super::runs_together(out, landing) {
            out.push('x');
        }
        out.push_str(landing);
    }
}

impl super::Primitive for EnPassant {
    fn name(&self) -> &'static str {
        NAME
    }

    fn moves_piece(&self) -> bool {
        true
    }

    fn cells_recorded(&self) -> usize {
        CELLS
    }

    fn targets<'c>(&self, rest: &'c [CellId]) -> (usize, &'c [CellId]) {
        let n = self.cells_recorded();
        (n, super::recorded(rest, n).get(..1).unwrap_or_default())
    }

    fn takes(&self) -> super::Takes<'_> {
        super::Takes::Nothing
    }

    fn write(&self, w: &mut super::Writer) {
        let name = w.name(w.mv.cells[w.k]);
        EnPassant::write(&mut w.out, name, w.compact);
        w.k += CELLS;
    }

    fn reach_created(&self, _: &mut super::ReachWork, _: Player) {}

    fn reach(
        &self,
        w: &mut super::ReachWork,
        pq: (Player, PieceId),
        _: bool,
        at: &[CellId],
    ) -> Option<Vec<CellId>> {
        let ((p, _), game) = (pq, w.game);
        // It lands where an enemy's passable slide passed.
        let mut next = Vec::new();
        for &c in at {
            for &d in &self.dirs[p] {
                let t = game.board.next(c, d);
                if t != NO_CELL
                    && (0..game.num_players()).any(|o| o != p.index() && w.passed[o][t.index()])
                {
                    next.push(t);
                }
            }
        }
        Some(next)
    }

    fn symmetric(&self, c: &super::SymmetryCheck) -> bool {
        c.dirs(&self.dirs)
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, _: &mut super::CensusClasses, _: &[KindId]) {}

    fn keeps_column(&self, c: &mut super::ColumnCheck) -> bool {
        // It moves a piece off its column, or may: fine only for other kinds.
        !c.moves_k
    }

    fn captures(&self, _: &Game, _: &State, _: &[CellId]) -> (usize, usize) {
        (CELLS, 1)
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

    fn bound(&self, b: &mut super::MoveBound) -> Option<f64> {
        Some(b.dirs(&self.dirs))
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        let start = cur.out.len();
        self.gen(cur.game, cur.s, cur.p, focus, mv, cur.out);
        cur.continue_after(start, CELLS);
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        r.focus = EnPassant::exec(sink, &r.mv.cells, &mut r.k, r.focus);
    }
}
