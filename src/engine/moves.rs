//! Moves: small, `Copy`, self-describing enough to replay and undo.

use super::{CellId, KindId, NO_CELL};

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
/// chose; for placements each part adds its target. `promote` is the chosen promotion kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Index of the rule in [`super::Game::rules`]; `u16::MAX` for the automatic pass.
    pub rule: u16,
    /// Number of cells used in `cells`.
    pub len: u8,
    /// Chosen promotion kind, or `u8::MAX` for none.
    pub promote: KindId,
    /// The chosen cells.
    pub cells: [CellId; MAX_MOVE_CELLS],
}

/// The rule index that marks the pass forced by a `no-moves => pass` ending.
pub const FORCED_PASS: u16 = u16::MAX;

impl Move {
    /// A move of `rule` with no cells chosen yet.
    #[inline]
    pub fn new(rule: u16) -> Move {
        Move {
            rule,
            len: 0,
            promote: u8::MAX,
            cells: [NO_CELL; MAX_MOVE_CELLS],
        }
    }

    /// A move of `rule` from `from` to `to`, with no promotion: built whole, in one write,
    /// where the fast generators would otherwise begin an empty move and push two cells.
    #[inline(always)]
    pub fn from_to(rule: u16, from: CellId, to: CellId) -> Move {
        let mut cells = [NO_CELL; MAX_MOVE_CELLS];
        cells[0] = from;
        cells[1] = to;
        Move {
            rule,
            len: 2,
            promote: u8::MAX,
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
        if self.promote != u8::MAX {
            write!(f, ", promote {}", self.promote)?;
        }
        write!(f, ")")
    }
}

/// A reusable buffer of moves; generation clears and fills it.
pub type MoveList = Vec<Move>;
