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

use crate::engine::make::CellSink;
use crate::engine::movegen::{push_with, View};
use crate::engine::{
    CellCond, CellId, ContentSet, Game, KindId, Move, MoveList, PieceId, Player, Rule, State,
};

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
        mv: Move,
        out: &mut MoveList,
    ) {
        let Self {
            kind,
            on,
            ordered,
            hand,
        } = self;
        let (board, saved) = (&game.board, v.len);
        let piece = game.placed_piece(*kind, p);
        if (game.reserve_kind == Some(*kind) || hand.is_some())
            && u32::from(s.reserve[piece.index()]) <= game.placed_before(rule, idx, *kind)
        {
            return;
        }
        // The columns a drop from the hand may not use (the two-pawn rule).
        let blocked = match hand.as_ref().and_then(|h| h.column_without.as_ref()) {
            Some(cond) => game.columns_with(s, cond, p),
            None => 0,
        };
        if v.len == 0 && idx + 1 == rule.parts.len() {
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
                        push_with(out, mv, c);
                    }
                }
            }
            return;
        }
        let last = idx + 1 == rule.parts.len();
        // The later picks of a set come after the previous one, on untouched cells.
        let first = if *ordered {
            CellId::new(0)
        } else {
            mv.cells().last().map_or(CellId::new(0), |&c| c.succ())
        };
        for c in CellId::span(first, board.len()) {
            if (*ordered || !v.touched(c))
                && on.accepts(board, p, c, v.get(c))
                && (blocked == 0 || game.column_free(c, blocked))
            {
                if last {
                    push_with(out, mv, c);
                    continue;
                }
                let mut m = mv;
                m.push(c);
                v.put(c, piece);
                game.gen_parts(s, v, p, rule, idx + 1, c, m, out);
                v.len = saved;
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
