//! Typed indices into the board's dense tables. Each is a zero-cost wrapper around a `u16`
//! (`#[repr(transparent)]`), so that a direction or zone cannot be passed where a cell is meant.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The methods every id type shares: made from a `u16` or a `usize` index, read back as an
/// index or a raw number, printed as the bare number (as when ids were plain `u16`s, so logs,
/// test messages and snapshots read the same).
macro_rules! id_type {
    ($name:ident, $what:literal) => {
        impl $name {
            #[doc = concat!("The ", $what, " with index `i` (as numbered by the board's compilation).")]
            #[inline]
            pub const fn new(i: u16) -> $name {
                $name(i)
            }

            #[doc = concat!("The ", $what, " with index `i`; `i` must fit in a `u16`.")]
            #[inline]
            pub const fn from_index(i: usize) -> $name {
                debug_assert!(i <= u16::MAX as usize);
                $name(i as u16)
            }

            #[doc = concat!("The index of this ", $what, ", for indexing its dense tables.")]
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// The raw 16-bit number (for hashing, packing and wire formats).
            #[inline]
            pub const fn raw(self) -> u16 {
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
