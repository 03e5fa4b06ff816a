//! Typed indices into the game's dense tables. Each is a zero-cost wrapper around a `u16`
//! (cells, directions, zones, rules) or a `u8` (pieces, kinds), `#[repr(transparent)]`, so
//! that a direction or zone cannot be passed where a cell is meant, nor a kind where a piece is.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The methods every id type shares: made from its raw number or a `usize` index, read back
/// as an index or a raw number, printed as the bare number (as when ids were plain integers,
/// so logs, test messages and snapshots read the same).
macro_rules! id_type {
    ($name:ident, $what:literal) => {
        id_type!($name, u16, $what);
    };
    ($name:ident, $raw:ident, $what:literal) => {
        impl $name {
            #[doc = concat!("The ", $what, " with index `i` (as numbered by the game's compilation).")]
            #[inline]
            pub const fn new(i: $raw) -> $name {
                $name(i)
            }

            #[doc = concat!("The ", $what, " with index `i`; `i` must fit in a `", stringify!($raw), "`.")]
            #[inline]
            pub const fn from_index(i: usize) -> $name {
                debug_assert!(i <= $raw::MAX as usize);
                $name(i as $raw)
            }

            #[doc = concat!("The index of this ", $what, ", for indexing its dense tables.")]
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// The raw number (for hashing, packing and wire formats).
            #[inline]
            pub const fn raw(self) -> $raw {
                self.0
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

/// A cell of the board: an index into the board's dense tables (cells, neighbour rows,
/// bitboards). A distinct type so that a direction or zone number cannot stand in for a cell:
///
/// The same calls with the right types compile (so the refusals below are about the types):
///
/// ```
/// use tabletop::engine::{CellId, DirId, ZoneId, NO_CELL};
/// fn takes_cell(_: CellId) {}
/// fn takes_dir(_: DirId) {}
/// fn takes_zone(_: ZoneId) {}
/// takes_cell(CellId::new(0));
/// takes_dir(DirId::new(0));
/// takes_zone(ZoneId::new(0));
/// assert_eq!(CellId::from_index(7).index(), 7);
/// assert_eq!(NO_CELL.raw(), u16::MAX);
/// ```
///
/// ```compile_fail
/// use tabletop::CellId;
/// fn takes_cell(_: CellId) {}
/// takes_cell(tabletop::engine::DirId::new(0)); // a direction is not a cell
/// ```
///
/// ```compile_fail
/// use tabletop::CellId;
/// fn takes_cell(_: CellId) {}
/// takes_cell(3u16); // nor is a raw number
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CellId(u16);

impl CellId {
    /// "No such cell": the neighbour table holds this where a step leaves the board.
    pub const NONE: CellId = CellId(u16::MAX);

    /// The cells `0..n` of a board of `n` cells, in index order.
    #[inline]
    pub fn upto(n: usize) -> impl DoubleEndedIterator<Item = CellId> + ExactSizeIterator + Clone {
        CellId::span(CellId(0), n)
    }

    /// The cells from `first` (included) up to index `end` (excluded), in index order.
    #[inline]
    pub fn span(
        first: CellId,
        end: usize,
    ) -> impl DoubleEndedIterator<Item = CellId> + ExactSizeIterator + Clone {
        debug_assert!(end <= u16::MAX as usize);
        (first.0..end as u16).map(CellId)
    }

    /// The next cell in index order (`self + 1`).
    #[inline]
    pub const fn succ(self) -> CellId {
        CellId(self.0 + 1)
    }
}

id_type!(CellId, "cell");

/// A direction: a column of the board's neighbour table ([`super::Board::next`]). A distinct
/// type so that a cell or zone number cannot stand in for a direction:
///
/// ```compile_fail
/// use tabletop::engine::{CellId, DirId};
/// fn takes_dir(_: DirId) {}
/// takes_dir(CellId::new(0)); // a cell is not a direction
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DirId(u16);

impl DirId {
    /// The directions `0..n` of a board with `n` directions, in column order.
    #[inline]
    pub fn upto(n: usize) -> impl DoubleEndedIterator<Item = DirId> + ExactSizeIterator + Clone {
        debug_assert!(n <= u16::MAX as usize);
        (0..n as u16).map(DirId)
    }
}

id_type!(DirId, "direction");

/// A zone: an index into [`super::Board::zones`] (a named set of cells such as a promotion
/// row). A distinct type so that a cell or direction number cannot stand in for a zone:
///
/// ```compile_fail
/// use tabletop::engine::{CellId, ZoneId};
/// fn takes_zone(_: ZoneId) {}
/// takes_zone(CellId::new(0)); // a cell is not a zone
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ZoneId(u16);

id_type!(ZoneId, "zone");

/// A move rule: an index into [`super::Game::rules`], or one of the two moves no rule makes
/// ([`RuleId::FORCED_PASS`], [`RuleId::ROLL`]). A distinct type so that a cell or a count
/// cannot stand in for a rule:
///
/// ```
/// use tabletop::engine::RuleId;
/// fn takes_rule(_: RuleId) {}
/// takes_rule(RuleId::new(2));
/// assert_eq!(RuleId::from_index(2).index(), 2);
/// ```
///
/// ```compile_fail
/// use tabletop::engine::{CellId, RuleId};
/// fn takes_rule(_: RuleId) {}
/// takes_rule(CellId::new(0)); // a cell is not a rule
/// ```
///
/// ```compile_fail
/// use tabletop::engine::RuleId;
/// fn takes_rule(_: RuleId) {}
/// takes_rule(3u16); // nor is a raw number
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RuleId(u16);

impl RuleId {
    /// The pass forced by a `no-moves => pass` ending (no rule of the file makes it).
    pub const FORCED_PASS: RuleId = RuleId(u16::MAX);
    /// The roll of the dice in games with chance (no rule of the file makes it).
    pub const ROLL: RuleId = RuleId(u16::MAX - 1);
}

id_type!(RuleId, "rule");

/// What stands on a cell: [`PieceId::EMPTY`] or an index into [`super::Game::pieces`]. A `u8`
/// so that boards, stacks and the piece tables stay one byte a cell. A distinct type so that a
/// kind or a count cannot stand in for a piece:
///
/// ```
/// use tabletop::engine::{KindId, PieceId};
/// fn takes_piece(_: PieceId) {}
/// fn takes_kind(_: KindId) {}
/// takes_piece(PieceId::new(1));
/// takes_kind(KindId::new(0));
/// assert_eq!(PieceId::EMPTY.index(), 0);
/// assert_eq!(PieceId::from_index(3).raw(), 3u8);
/// ```
///
/// ```compile_fail
/// use tabletop::engine::{KindId, PieceId};
/// fn takes_piece(_: PieceId) {}
/// takes_piece(KindId::new(0)); // a kind is not a piece
/// ```
///
/// ```compile_fail
/// use tabletop::engine::PieceId;
/// fn takes_piece(_: PieceId) {}
/// takes_piece(1u8); // nor is a raw number
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PieceId(u8);

impl PieceId {
    /// The empty cell's content: piece 0 of every game.
    pub const EMPTY: PieceId = PieceId(0);

    /// Whether this is [`PieceId::EMPTY`].
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The ids `0..n` of a game of `n` piece ids ([`PieceId::EMPTY`] first), in index order.
    #[inline]
    pub fn upto(n: usize) -> impl DoubleEndedIterator<Item = PieceId> + ExactSizeIterator + Clone {
        debug_assert!(n <= u8::MAX as usize + 1);
        (0..n).map(PieceId::from_index)
    }
}

id_type!(PieceId, u8, "piece");

/// A piece kind (pawn, king, stone): an index into [`super::Game::kinds`], shared by every
/// owner's piece of that kind. A `u8` like [`PieceId`]. A distinct type so that a piece or a
/// count cannot stand in for a kind:
///
/// ```compile_fail
/// use tabletop::engine::{KindId, PieceId};
/// fn takes_kind(_: KindId) {}
/// takes_kind(PieceId::new(1)); // a piece is not a kind
/// ```
///
/// ```compile_fail
/// use tabletop::engine::KindId;
/// fn takes_kind(_: KindId) {}
/// takes_kind(0u8); // nor is a raw number
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct KindId(u8);

impl KindId {
    /// The kinds `0..n` of a game of `n` kinds, in index order.
    #[inline]
    pub fn upto(n: usize) -> impl DoubleEndedIterator<Item = KindId> + ExactSizeIterator + Clone {
        debug_assert!(n <= u8::MAX as usize + 1);
        (0..n).map(KindId::from_index)
    }
}

id_type!(KindId, u8, "kind");
