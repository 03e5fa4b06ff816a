//! `convert(condition, into: kind, count: 1)`: change the piece on a cell satisfying the
//! condition into `kind`, owned by the mover (ownerless for a kind nobody owns). With
//! `count: n` a move converts n different cells, picked as a set: the later conversions of
//! one move skip the cells earlier parts changed and come in increasing cell order.
//!
//! A move records each cell converted, written with the new piece's symbol (`Xc3`); the
//! compile-side builder is `src/compile/prim/convert.rs`.

use crate::engine::cursor::Cursor;
use crate::engine::sink::CellSink;
use crate::engine::{CellCond, CellId, Game, KindId, Move, Part, PieceId, Player, State};

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
    #[inline(always)]
    pub(in crate::engine) fn gen(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        let (game, p) = (cur.game, cur.p);
        let _ = focus;
        let Self {
            on,
            kind,
            own,
            ordered,
        } = self;
        let (board, saved) = (&game.board, cur.v.len);
        let piece = game.piece_id(*kind, own.then_some(p));
        let prev_convert = cur.idx > 0 && matches!(cur.rule.parts[cur.idx - 1], Part::Convert(_));
        let first = if !ordered && prev_convert && mv.len > 0 {
            mv.cells[mv.len as usize - 1].succ()
        } else {
            CellId::new(0)
        };
        for c in CellId::span(first, board.len()) {
            if !cur.v.touched(c) && on.accepts(board, p, c, cur.v.get(c)) {
                let mut m = mv;
                m.push(c);
                cur.v.put(c, piece);
                cur.next(c, m);
                cur.v.len = saved;
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

impl super::Primitive for Convert {
    fn name(&self) -> &'static str {
        NAME
    }

    fn moves_piece(&self) -> bool {
        false
    }

    fn cells_recorded(&self) -> usize {
        1
    }

    fn targets<'c>(&self, rest: &'c [CellId]) -> (usize, &'c [CellId]) {
        let n = self.cells_recorded();
        (n, super::recorded(rest, n))
    }

    fn takes(&self) -> super::Takes<'_> {
        super::Takes::On(&self.on)
    }

    fn write(&self, w: &mut super::Writer) {
        let cell = w.take();
        let name = w.name(cell);
        self.write(w.game, &mut w.out, name, w.me);
    }

    fn reach_created(&self, w: &mut super::ReachWork, _: Player) {
        w.kind_anywhere(self.kind);
    }

    fn reach(
        &self,
        _: &mut super::ReachWork,
        _: (Player, PieceId),
        _: bool,
        at: &[CellId],
    ) -> Option<Vec<CellId>> {
        Some(at.to_vec())
    }

    fn symmetric(&self, c: &super::SymmetryCheck) -> bool {
        c.cond(&self.on)
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, c: &mut super::CensusClasses, _: &[KindId]) {
        // Any piece the condition accepts may become `kind`: one class.
        c.join_all(self.kind);
        c.owners_change = true;
    }

    fn keeps_column(&self, c: &mut super::ColumnCheck) -> bool {
        self.kind != c.k
    }

    fn captures(&self, _: &Game, _: &State, _: &[CellId]) -> (usize, usize) {
        // Taken elsewhere than on a recorded landing, or nothing taken: not counted.
        (self.cells_recorded(), 0)
    }

    fn victims(
        &self,
        _: (&Game, &State),
        cells: &[CellId],
        k: usize,
        found: &mut dyn FnMut(CellId),
    ) -> usize {
        found(cells[k]);
        k + self.cells_recorded()
    }

    fn may_pass(&self) -> bool {
        false
    }

    fn null_move_sound(&self) -> bool {
        true
    }

    fn bound(&self, b: &mut super::MoveBound) -> Option<f64> {
        // Picks in any order (`count: k`) are listed once per set: k picks make
        // n·(n−1)…/k! moves.
        b.run = if !self.ordered && b.prev_run > 0.0 {
            b.prev_run + 1.0
        } else {
            1.0
        };
        Some(b.free / b.run)
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        self.gen(cur, focus, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        self.exec(r.game, sink, &r.mv.cells, &mut r.k, r.p);
    }
}
