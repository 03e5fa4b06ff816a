//! `place(kind, on: empty, count: 1, from: hand, column-without: condition, mate: yes)`: put
//! a new piece of `kind` on a cell that `on` accepts (tic-tac-toe, Go, Hex). From a reserve
//! kind (morris) each placement takes a piece from the mover's reserve; with `from: hand`
//! (shogi) it takes one from the mover's hand, perhaps refusing columns
//! (`column-without:`, the two-pawn rule) and mating drops (`mate: no`); the hand itself and
//! those conditions are `engine/hand.rs`, shared with every capturing primitive. With
//! `count: n` the compiler makes n parts, the later ones unordered: the n cells are picked
//! as a set, each move listed once.
//!
//! A move records the cell placed on (the focus of the next part), written as its name
//! (`c3`), after the piece's symbol when the game places several kinds (`Ba1`); a drop from
//! the hand is written as USI writes it (`P*5e`). The compile-side builder is
//! `src/compile/prim/place.rs`.

use crate::engine::cursor::Cursor;
use crate::engine::sink::CellSink;
use crate::engine::view::push_with;
use crate::engine::{CellCond, CellId, ContentSet, Game, KindId, Move, PieceId, Player, State};

/// The registry name.
pub const NAME: &str = "place";

/// A compiled `place` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The kind put down.
    pub kind: KindId,
    /// Where it may go.
    pub on: CellCond,
    /// Unset for the later placements of `place(kind, count: n)`: the cell comes after the
    /// previous placement's in cell order and is one no earlier part changed, so the n
    /// cells are picked as a set, each move listed once.
    pub ordered: bool,
    /// Taken from the mover's hand (`from: hand`), with the drop's conditions; `None` for a
    /// new piece.
    pub hand: Option<Box<crate::engine::hand::HandDrop>>,
}

impl Place {
    /// Generation: each cell `on` accepts (and a hand drop's columns allow), then the rest
    /// of the move from it; a lone placement on the unchanged board visits only the cells
    /// whose content the condition accepts, from the occupancy bitsets.
    #[inline(always)]
    pub(in crate::engine) fn gen(&self, cur: &mut Cursor, mv: Move) {
        let (game, s, p) = (cur.game, cur.s, cur.p);
        let Self {
            kind,
            on,
            ordered,
            hand,
        } = self;
        let (board, saved) = (&game.board, cur.v.len);
        let piece = game.placed_piece(*kind, p);
        if (game.reserve_kind == Some(*kind) || hand.is_some())
            && u32::from(s.reserve[piece.index()]) <= game.placed_before(cur.rule, cur.idx, *kind)
        {
            return;
        }
        // The columns a drop from the hand may not use (the two-pawn cur.rule).
        let blocked = match hand.as_ref().and_then(|h| h.column_without.as_ref()) {
            Some(cond) => game.columns_with(s, cond, p),
            None => 0,
        };
        if cur.v.len == 0 && cur.idx + 1 == cur.rule.parts.len() {
            // The common case: one placement on the unchanged board. Visit only the
            // cells whose content the condition accepts.
            let set = on.any_content(p);
            for w in 0..s.words {
                let mut bits = cells_with(game, s, set, w);
                while bits != 0 {
                    let c = CellId::from_index(w * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                    if (on.zone.is_none() || on.accepts(board, p, c, s.board[c.index()]))
                        && (blocked == 0 || game.column_free(c, blocked))
                    {
                        push_with(cur.out, mv, c);
                    }
                }
            }
            return;
        }
        let last = cur.idx + 1 == cur.rule.parts.len();
        // The later picks of a set come after the previous one, on untouched cells.
        let first = if *ordered {
            CellId::new(0)
        } else {
            mv.cells().last().map_or(CellId::new(0), |&c| c.succ())
        };
        for c in CellId::span(first, board.len()) {
            if (*ordered || !cur.v.touched(c))
                && on.accepts(board, p, c, cur.v.get(c))
                && (blocked == 0 || game.column_free(c, blocked))
            {
                if last {
                    push_with(cur.out, mv, c);
                    continue;
                }
                let mut m = mv;
                m.push(c);
                cur.v.put(c, piece);
                cur.next(c, m);
                cur.v.len = saved;
            }
        }
    }

    /// Execution: the new piece goes on `cells[*k]`, taken from the reserve or the hand;
    /// returns that cell (the new focus).
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(
        &self,
        game: &Game,
        sink: &mut S,
        cells: &[CellId],
        k: &mut usize,
        p: Player,
    ) -> CellId {
        exec_new_piece(game, sink, cells, k, self.kind, p, self.hand.is_some())
    }

    /// Notation: the cell, after the piece's symbol when the game places several kinds; a
    /// drop from the hand as `P*5e`, the symbol in capitals for every side (as USI and
    /// shogi players write drops: the side is the mover's).
    pub(crate) fn write(&self, game: &Game, out: &mut String, cell: &str, me: Player) {
        if self.hand.is_some() {
            let symbol = game.pieces[game.placed_piece(self.kind, me).index()].symbol;
            out.push(symbol.to_ascii_uppercase());
            out.push('*');
            out.push_str(cell);
        } else {
            write_new_piece(game, out, self.kind, cell, me);
        }
    }
}

/// Execution shared with `drop` and `shoot`: a new piece of `kind` for `p` on `cells[*k]`,
/// taken from the mover's reserve when `kind` is the reserve kind or `from_hand` is set;
/// returns that cell.
#[inline(always)]
pub(crate) fn exec_new_piece<S: CellSink>(
    game: &Game,
    sink: &mut S,
    cells: &[CellId],
    k: &mut usize,
    kind: KindId,
    p: Player,
    from_hand: bool,
) -> CellId {
    let focus = cells[*k];
    *k += 1;
    sink.set(focus, game.placed_piece(kind, p));
    if game.reserve_kind == Some(kind) || from_hand {
        sink.take_reserve(game.placed_piece(kind, p));
    }
    focus
}

/// Notation shared with `drop`: the cell a new piece of `kind` is put on, after the piece's
/// symbol when the game places several kinds (`Ba1`).
pub(crate) fn write_new_piece(game: &Game, out: &mut String, kind: KindId, cell: &str, me: Player) {
    if game.symbol_in_placements {
        out.push(game.pieces[game.placed_piece(kind, me).index()].symbol);
    }
    out.push_str(cell);
}

/// Word `w` of the bitset of cells whose content is in `set`.
#[inline(always)]
fn cells_with(game: &Game, s: &State, set: ContentSet, w: usize) -> u64 {
    let mut m = 0;
    for id in 0..game.pieces.len() {
        if set.contains(PieceId::from_index(id)) {
            m |= s.bits[id * s.words + w];
        }
    }
    m
}

impl super::Primitive for Place {
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

    fn reach_created(&self, w: &mut super::ReachWork, p: Player) {
        if self.hand.is_some() {
            // A drop from the hand: the dropped piece is the mover's, on any cell whose
            // zone lets `on:` accept some content (`not last-rank`).
            let q = w.game.placed_piece(self.kind, p);
            for c in CellId::upto(w.game.board.len()) {
                if crate::engine::reach_work::may_hold(&self.on, w.game, p, c) {
                    w.add(q, c);
                }
            }
        } else {
            w.kind_anywhere(self.kind);
        }
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
        // A drop from the hand may test columns (`column-without:`): not analysed.
        self.hand.is_none() && c.cond(&self.on)
    }

    fn creates_pieces(&self) -> bool {
        self.hand.is_none()
    }

    fn census_classes(&self, _: &mut super::CensusClasses, _: &[KindId]) {}

    fn keeps_column(&self, c: &mut super::ColumnCheck) -> bool {
        if self.kind != c.k {
            return true;
        }
        c.dropped = true;
        let (game, k) = (c.game, c.k);
        let board = &game.board;
        self.hand.as_ref().is_some_and(|h| {
            h.column_without.as_ref().is_some_and(|cond| {
                // The condition must accept every friend of kind `k`.
                (0..game.num_players()).all(|p| {
                    let p = Player(p as u8);
                    let q = game.piece_id(k, Some(p));
                    CellId::upto(board.len()).all(|x| cond.accepts(board, p, x, q))
                })
            })
        })
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
        Some(b.free)
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, _: CellId, mv: Move) {
        // A placement starts afresh: no cell before it matters.
        self.gen(cur, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        r.focus = self.exec(r.game, sink, &r.mv.cells, &mut r.k, r.p);
    }
}
