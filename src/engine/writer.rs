//! A move being written in the game's notation, part by part: what each primitive's
//! [`write`](super::prim::Primitive::write) reads (the move, the position it is played from,
//! the form asked for) and appends to. A leaf: the primitives write through it without
//! importing the notation.

use super::{CellId, Game, Move, PieceId, Player, Rule, State, BORNE_OFF, FROM_RESERVE};

/// See the module doc.
pub(crate) struct Writer<'a> {
    /// The game.
    pub(crate) game: &'a Game,
    /// The position the move is played from.
    pub(crate) state: &'a State,
    /// The move's rule.
    pub(crate) rule: &'a Rule,
    /// The move written.
    pub(crate) mv: Move,
    /// The index in the move's cells of the next cell to write.
    pub(crate) k: usize,
    /// The text so far.
    pub(crate) out: String,
    /// The piece the move moves (nothing for placements).
    pub(crate) moving: PieceId,
    /// Whether a part wrote the new kind already (`promote` and `become-captured` share
    /// the one the move chose).
    pub(crate) promoted: bool,
    /// The compact form: no separators, unless two numbers would run together.
    pub(crate) compact: bool,
    /// A multi-jump by its ends only, when no other legal move has the same ends.
    pub(crate) short: bool,
    /// The player moving.
    pub(crate) me: Player,
}

impl<'a> Writer<'a> {
    /// The name of `c` (`in` for a piece entering from the reserve, `off` for one borne off).
    pub(crate) fn name(&self, c: CellId) -> &'a str {
        match c {
            FROM_RESERVE => "in",
            BORNE_OFF => "off",
            _ => self.game.board.cells[c.index()].name.as_str(),
        }
    }

    /// The next recorded cell; the ones after it are next.
    pub(crate) fn take(&mut self) -> CellId {
        let c = self.mv.cells[self.k];
        self.k += 1;
        c
    }
}
