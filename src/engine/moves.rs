//! Moves: small, `Copy`, self-describing enough to replay and undo.

use super::{CellId, KindId, RuleId, NO_CELL};

/// The most cells one move may record (origin, landings, picks). Fourteen makes a move 32
/// bytes, which the processor copies in whole halves: at 28 it read moves back in other
/// widths than it had written them, and stalled.
pub const MAX_MOVE_CELLS: usize = 14;

/// The most moves one position may have. Generation stops here and
/// [`Game::legal_moves`](super::Game::legal_moves) panics with [`TooManyMoves`]: a list this
/// long is 64 MB, and a rule file that asks for more (six placements in one move on 8 × 8
/// asks for 6.9 × 10¹⁰) would otherwise exhaust the memory before saying anything. Rules
/// whose count can be bounded are refused at check time (`MAX_RULE_MOVES` in the compiler).
pub const MAX_MOVES: usize = 1 << 21;

/// The panic payload of a position with more than [`MAX_MOVES`] moves; the command line
/// turns it into an error message and exit code 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyMoves;

impl std::fmt::Display for TooManyMoves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a position has more than {MAX_MOVES} legal moves, a limit of tabletop: make the rule files' moves pick fewer cells"
        )
    }
}

/// A move: which rule, and the cells it chose in order.
///
/// For a rule that moves a piece, `cells[0]` is the origin and each part adds the cells it
/// chose; for placements each part adds its target. [`Move::promote`] is the chosen
/// promotion kind.
///
/// The promotion is kept as a raw byte behind accessors rather than an `Option<KindId>`
/// field: `Option<KindId>` takes two bytes, and the move must stay 32 bytes (see
/// [`MAX_MOVE_CELLS`]). The byte holds the kind's index, or `u8::MAX` for none (no game has
/// 255 kinds), so reading it costs one compare as before.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The rule that makes this move; [`RuleId::FORCED_PASS`] for the automatic pass.
    pub rule: RuleId,
    /// Number of cells used in `cells`.
    pub len: u8,
    /// Chosen promotion kind's index, or [`NO_PROMOTION`] for none (read it with
    /// [`Move::promote`]).
    promote: u8,
    /// The chosen cells.
    pub cells: [CellId; MAX_MOVE_CELLS],
}

/// The rule id that marks the pass forced by a `no-moves => pass` ending.
pub const FORCED_PASS: RuleId = RuleId::FORCED_PASS;

/// The byte of a move that promotes nothing.
const NO_PROMOTION: u8 = u8::MAX;

impl Move {
    /// A move of `rule` with no cells chosen yet.
    #[inline]
    pub fn new(rule: RuleId) -> Move {
        Move {
            rule,
            len: 0,
            promote: NO_PROMOTION,
            cells: [NO_CELL; MAX_MOVE_CELLS],
        }
    }

    /// The kind the moved piece becomes, if the move promotes it. (A dice roll,
    /// [`RuleId::ROLL`], keeps its number in the same byte: read it with `Move::as_roll`.)
    // By value, like the other accessors the hot make reads: a borrow of the move there
    // made the compiler copy it again before the call to the general make (2 % more
    // instructions in go's perft).
    #[inline(always)]
    pub fn promote(self) -> Option<KindId> {
        (self.promote != NO_PROMOTION).then_some(KindId::new(self.promote))
    }

    /// Whether the move promotes its piece (`promote().is_some()`, in one compare).
    #[inline(always)]
    pub fn promotes(self) -> bool {
        self.promote != NO_PROMOTION
    }

    /// Makes the move promote its piece to `kind` (`None`: not at all).
    #[inline(always)]
    pub fn set_promote(&mut self, kind: Option<KindId>) {
        self.promote = kind.map_or(NO_PROMOTION, KindId::raw);
    }

    /// The raw promotion byte, which a dice roll ([`RuleId::ROLL`]) uses for the number rolled.
    #[inline(always)]
    pub(crate) fn promote_byte(&self) -> u8 {
        self.promote
    }

    /// Sets the raw promotion byte (the number rolled, for a dice roll).
    #[inline(always)]
    pub(crate) fn set_promote_byte(&mut self, b: u8) {
        self.promote = b;
    }

    /// A move of `rule` from `from` to `to`, with no promotion: built whole, in one write,
    /// where the fast generators would otherwise begin an empty move and push two cells.
    #[inline(always)]
    pub fn from_to(rule: RuleId, from: CellId, to: CellId) -> Move {
        let mut cells = [NO_CELL; MAX_MOVE_CELLS];
        cells[0] = from;
        cells[1] = to;
        Move {
            rule,
            len: 2,
            promote: NO_PROMOTION,
            cells,
        }
    }

    /// The pass a player makes when the rules say to pass instead of having no move.
    pub fn forced_pass() -> Move {
        Move::new(FORCED_PASS)
    }

    /// The recorded cells.
    pub fn cells(&self) -> &[CellId] {
        &self.cells[..self.len as usize]
    }

    /// Adds a chosen cell.
    #[inline(always)]
    pub fn push(&mut self, c: CellId) {
        self.cells[self.len as usize] = c;
        self.len += 1;
    }

    /// Whether this is the automatic pass.
    pub fn is_forced_pass(&self) -> bool {
        self.rule == FORCED_PASS
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Move(rule {}, cells {:?}", self.rule, self.cells())?;
        if let Some(k) = self.promote() {
            write!(f, ", promote {k}")?;
        }
        write!(f, ")")
    }
}

// A move is 32 bytes (see `MAX_MOVE_CELLS`): the typed rule and promotion must not grow it.
const _: () = assert!(std::mem::size_of::<Move>() == 32);

/// A reusable buffer of moves; generation clears and fills it.
pub type MoveList = Vec<Move>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_32_bytes_and_its_promotion_reads_back() {
        assert_eq!(std::mem::size_of::<Move>(), 32);
        let mut m = Move::from_to(RuleId::new(3), CellId::new(1), CellId::new(2));
        assert_eq!(m.promote(), None);
        assert!(!m.promotes());
        m.set_promote(Some(KindId::new(0)));
        assert_eq!(m.promote(), Some(KindId::new(0)));
        assert!(m.promotes());
        assert_eq!(format!("{m:?}"), "Move(rule 3, cells [1, 2], promote 0)");
        m.set_promote(None);
        assert_eq!(m.promote(), None);
    }
}
