//! The cursor a primitive's generation is handed: where the move being built stands (the
//! state, the board as its earlier parts changed it, the player, the rule and the part
//! reached) and where its moves go. A primitive chooses its cells and hands the move on with
//! [`Cursor::next`] (or [`Cursor::land`] for a piece that moved); it never calls the
//! generator itself, so the primitives import only this, the view and the cell sink.

use super::view::{push_with, View};
use super::{CellId, Game, Move, MoveList, Part, PieceId, Player, Rule, State, EMPTY};

/// A move part-way through its rule's parts (see the module doc).
pub(crate) struct Cursor<'g, 'v, 'b> {
    /// The game.
    pub(crate) game: &'g Game,
    /// The position the moves are generated in.
    pub(crate) s: &'g State,
    /// The board as the earlier parts of the move changed it.
    pub(crate) v: &'v mut View<'b>,
    /// The player moving.
    pub(crate) p: Player,
    /// The rule whose parts are walked.
    pub(crate) rule: &'g Rule,
    /// The part reached.
    pub(crate) idx: usize,
    /// Where the finished moves go.
    pub(crate) out: &'v mut MoveList,
}

impl<'g, 'v, 'b> Cursor<'g, 'v, 'b> {
    /// A cursor at the first part of `rule`.
    #[inline(always)]
    pub(crate) fn new(
        game: &'g Game,
        s: &'g State,
        v: &'v mut View<'b>,
        p: Player,
        rule: &'g Rule,
        out: &'v mut MoveList,
    ) -> Self {
        Cursor {
            game,
            s,
            v,
            p,
            rule,
            idx: 0,
            out,
        }
    }

    /// Generates the part reached from `focus` with the move `mv` so far, or pushes `mv` when
    /// no part is left.
    pub(crate) fn run(&mut self, focus: CellId, mv: Move) {
        let rule = self.rule;
        let Some(part) = rule.parts.get(self.idx) else {
            self.out.push(mv);
            return;
        };
        // One comparison per part, not per move: the moves of one position are capped, and
        // a "has a move" test wants only the first.
        if self.out.len() >= self.v.limit {
            return;
        }
        part.generate(self, focus, mv);
    }

    /// Goes on with the next part from `focus` with the move `mv`.
    #[inline(always)]
    pub(crate) fn next(&mut self, focus: CellId, mv: Move) {
        self.idx += 1;
        self.run(focus, mv);
        self.idx -= 1;
    }

    /// Goes on after the part reached with `mv` as it stands: the move itself when no part
    /// is left, or when the one left is a `become-captured` that would offer only the plain
    /// move (nothing taken, or a new kind already chosen); the next part otherwise. Saves a
    /// call per move where parts chain (Intellector's progressor: step, promote, aura).
    #[inline(always)]
    pub(crate) fn then(&mut self, focus: CellId, mv: Move) {
        let takes_nothing = mv.promotes()
            || mv.len < 2
            || self.s.board[mv.cells[mv.len as usize - 1].index()] == EMPTY;
        if ends_after(self.rule, self.idx, takes_nothing) {
            self.out.push(mv);
            return;
        }
        self.next(focus, mv);
    }

    /// A moving part takes `piece` from `focus` to `t`: record it and go on with the next
    /// part.
    #[inline(always)]
    pub(crate) fn land(&mut self, focus: CellId, t: CellId, piece: PieceId, mv: Move) {
        // Done at the last part; and a last become-captured part that finds nothing captured
        // offers only the plain move (calls saved: most moves of Intellector end so).
        if ends_after(self.rule, self.idx, self.s.board[t.index()] == EMPTY) {
            push_with(self.out, mv, t);
            return;
        }
        let mut m = mv;
        m.push(t);
        let saved = self.v.len;
        self.v.put(focus, EMPTY);
        self.v.put(t, piece);
        self.next(t, m);
        self.v.len = saved;
    }

    /// After a part that generates its moves from the state, not the view (an en-passant
    /// capture, a castle), whose moves since `start` land `back` cells before their end:
    /// continue each with the next part.
    pub(crate) fn continue_after(&mut self, start: usize, back: usize) {
        if self.idx + 1 == self.rule.parts.len() {
            return;
        }
        let made: Vec<Move> = self.out.drain(start..).collect();
        for m in made {
            let to = m.cells[m.len as usize - back];
            let saved = self.v.len;
            self.v.put(to, self.v.get(m.cells[0]));
            self.v.put(m.cells[0], EMPTY);
            self.next(to, m);
            self.v.len = saved;
        }
    }
}

/// Whether a move is complete after part `idx` of `rule`: no part is left, or only a
/// `become-captured` that offers the plain move alone because the move `takes_nothing` it
/// could turn into (nothing captured, or a new kind already chosen).
#[inline(always)]
fn ends_after(rule: &Rule, idx: usize, takes_nothing: bool) -> bool {
    match rule.parts.len() - idx - 1 {
        0 => true,
        1 => takes_nothing && matches!(rule.parts[idx + 1], Part::BecomeCaptured(_)),
        _ => false,
    }
}
