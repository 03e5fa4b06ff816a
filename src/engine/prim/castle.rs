//! `castle(directions…, with: condition, steps: 2)`: along a direction, over empty cells, to
//! an unmoved friendly partner satisfying `with`; the castling piece (also unmoved) goes
//! `steps` cells that way and the partner lands on the cell it passed last. No cell the
//! piece starts on, passes or reaches may be attacked (a royal piece's landing is judged by
//! the royal rule, once the move is made).
//!
//! A move records the landing, the partner's cell and the partner's landing (three cells),
//! and is written as the castling piece's move (`e1-g1`). Which pieces have not moved is
//! state (`State::is_unmoved`, the FEN castling field); the compile-side builder is
//! `src/compile/prim/castle.rs`.

use crate::engine::sink::CellSink;
use crate::engine::{
    ByPlayer, CellCond, CellId, DirId, Game, KindId, Move, MoveList, PieceId, Player, State, EMPTY,
    NO_CELL,
};

/// The registry name.
pub const NAME: &str = "castle";

/// The cells a castling move records.
pub const CELLS: usize = 3;

/// A compiled `castle` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castle {
    /// The directions to castle in, per player.
    pub dirs: ByPlayer<Vec<DirId>>,
    /// What the partner must be (`friend and rook`).
    pub with: CellCond,
    /// How far the castling piece goes.
    pub steps: u16,
}

impl Castle {
    /// Whether the piece on `focus` may have a castling move at all: it has not moved, and
    /// along some direction the next cell is empty or holds a piece that has not moved
    /// (the first cell of every castling move). A quick test for callers that would
    /// otherwise run the generation for each position (bulk counting).
    #[inline]
    pub(crate) fn may_start(&self, game: &Game, s: &State, p: Player, focus: CellId) -> bool {
        s.is_unmoved(focus)
            && self.dirs[p].iter().any(|&d| {
                let c = game.board.next(focus, d);
                c != NO_CELL && (s.board[c.index()] == EMPTY || s.is_unmoved(c))
            })
    }

    /// Generation: the castling moves of the piece on `focus`, read from the state (not the
    /// overlay of earlier parts: castling starts a move).
    pub(crate) fn gen(
        &self,
        game: &Game,
        s: &State,
        p: Player,
        focus: CellId,
        mv: Move,
        out: &mut MoveList,
    ) {
        let (dirs, with, steps) = (&self.dirs, &self.with, self.steps);
        if !s.is_unmoved(focus) {
            return;
        }
        let piece = s.board[focus.index()];
        let mut start_safe = None;
        'dirs: for &d in &dirs[p] {
            let mut c = focus;
            let partner = loop {
                c = game.board.next(c, d);
                if c == NO_CELL {
                    continue 'dirs;
                }
                let x = s.board[c.index()];
                if x == EMPTY {
                    continue;
                }
                if s.is_unmoved(c) && with.accepts(&game.board, p, c, x) {
                    break c;
                }
                continue 'dirs;
            };
            // The cells passed and the landing must be free (or the partner's) before any
            // attack is tested: emptiness is the cheaper test.
            let mut to = focus;
            let mut rook_to = focus;
            for _ in 0..steps {
                rook_to = to;
                to = game.board.next(to, d);
                if to == NO_CELL || (s.board[to.index()] != EMPTY && to != partner) {
                    continue 'dirs;
                }
            }
            if !*start_safe.get_or_insert_with(|| !game.attacked(s, &[], focus, piece)) {
                return;
            }
            let mut passed = focus;
            for _ in 1..steps {
                passed = game.board.next(passed, d);
                if game.attacked(s, &[], passed, piece) {
                    continue 'dirs;
                }
            }
            // A royal piece's landing is judged after the move, as every move of a royal
            // piece is (`Game::royal_keeps`); testing it here too would ask twice.
            if !game.royal[p].contains(&piece) && game.attacked(s, &[], to, piece) {
                continue;
            }
            let mut m = mv;
            m.push(to);
            m.push(partner);
            m.push(rook_to);
            out.push(m);
        }
    }

    /// For a refusal: when castling from `focus` to `to` is a move of this part but for
    /// the pieces standing between the castling piece and its partner, those cells.
    /// `None` when `to` is no landing of this part, or nothing stands between.
    pub(crate) fn blockers(
        &self,
        game: &Game,
        s: &State,
        p: Player,
        focus: CellId,
        to: CellId,
    ) -> Option<Vec<CellId>> {
        if !s.is_unmoved(focus) {
            return None;
        }
        self.dirs[p].iter().find_map(|&d| {
            let mut landing = focus;
            for _ in 0..self.steps {
                landing = game.board.next(landing, d);
                if landing == NO_CELL {
                    return None;
                }
            }
            if landing != to {
                return None;
            }
            let mut between = Vec::new();
            let mut c = game.board.next(focus, d);
            while c != NO_CELL {
                let x = s.board[c.index()];
                if x != EMPTY && s.is_unmoved(c) && self.with.accepts(&game.board, p, c, x) {
                    return (!between.is_empty()).then_some(between);
                }
                if x != EMPTY {
                    between.push(c);
                }
                c = game.board.next(c, d);
            }
            None
        })
    }

    /// Execution: the piece on `focus` and its partner move to the cells recorded from
    /// `cells[*k]` on; returns the castling piece's landing (the new focus).
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(
        sink: &mut S,
        cells: &[CellId],
        k: &mut usize,
        focus: CellId,
    ) -> CellId {
        let (to, rook_from, rook_to) = (cells[*k], cells[*k + 1], cells[*k + 2]);
        *k += CELLS;
        let (king, rook) = (sink.get(focus), sink.get(rook_from));
        sink.set(focus, EMPTY);
        sink.set(rook_from, EMPTY);
        sink.set(to, king);
        sink.set(rook_to, rook);
        to
    }

    /// Notation: `-` and the castling piece's landing (the separator dropped in the
    /// compact form unless two numbers would run together).
    pub(crate) fn write(out: &mut String, landing: &str, compact: bool) {
        if !compact || super::runs_together(out, landing) {
            out.push('-');
        }
        out.push_str(landing);
    }
}

impl super::Primitive for Castle {
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
        Castle::write(&mut w.out, name, w.compact);
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
        let board = &game.board;
        let mut next = Vec::new();
        for &c in at {
            for &d in &self.dirs[p] {
                let mut t = c;
                for _ in 0..self.steps {
                    t = board.next(t, d);
                    if t == NO_CELL {
                        break;
                    }
                    next.push(t);
                }
            }
        }
        // The partner ends beside the king along the same line: any piece of the player
        // may slide along it.
        for other in 1..game.pieces.len() {
            if game.pieces[other].owner != Some(p) {
                continue;
            }
            for c in w.cells_of(PieceId::from_index(other)) {
                for &d in &self.dirs[p] {
                    let mut found = Vec::new();
                    w.slide((c, d), p, (1, u16::MAX), None, None, &mut found);
                    for t in found {
                        w.add(PieceId::from_index(other), t);
                    }
                }
            }
        }
        Some(next)
    }

    fn symmetric(&self, c: &super::SymmetryCheck) -> bool {
        c.dirs(&self.dirs) && c.cond(&self.with)
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
        r.focus = Castle::exec(sink, &r.mv.cells, &mut r.k, r.focus);
    }
}
