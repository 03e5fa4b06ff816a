//! Typed indices into the board's dense tables. Each is a zero-cost wrapper around a `u16`
//! (`#[repr(transparent)]`), so that a direction or zone cannot be passed where a cell is meant.

use serde::{Deserialize, Serialize};
use std::fmt;

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

    /// The cell with dense index `i` (as numbered by the board's compilation).
    #[inline]
    pub const fn new(i: u16) -> CellId {
        CellId(i)
    }

    /// The cell with dense index `i`; `i` must fit in a `u16` (boards have at most
    /// [`super::MAX_CELLS`] cells).
    #[inline]
    pub const fn from_index(i: usize) -> CellId {
        debug_assert!(i <= u16::MAX as usize);
        CellId(i as u16)
    }

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

    /// The dense index of this cell, for indexing per-cell tables and bitboards.
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

/// Printed as the bare number, as when cells were plain `u16`s (logs, test messages and
/// snapshots show cells this way).
impl fmt::Debug for CellId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for CellId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

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
    /// The direction with column index `i` (as numbered by the board's compilation).
    #[inline]
    pub const fn new(i: u16) -> DirId {
        DirId(i)
    }

    /// The direction with column index `i`; `i` must fit in a `u16`.
    #[inline]
    pub const fn from_index(i: usize) -> DirId {
        debug_assert!(i <= u16::MAX as usize);
        DirId(i as u16)
    }

    /// The directions `0..n` of a board with `n` directions, in column order.
    #[inline]
    pub fn upto(n: usize) -> impl DoubleEndedIterator<Item = DirId> + ExactSizeIterator + Clone {
        debug_assert!(n <= u16::MAX as usize);
        (0..n as u16).map(DirId)
    }

    /// The column index of this direction, for indexing per-direction tables.
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

/// Printed as the bare number, as when directions were plain `u16`s.
impl fmt::Debug for DirId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for DirId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

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

impl ZoneId {
    /// The zone with index `i` (as numbered by the board's compilation).
    #[inline]
    pub const fn new(i: u16) -> ZoneId {
        ZoneId(i)
    }

    /// The zone with index `i`; `i` must fit in a `u16`.
    #[inline]
    pub const fn from_index(i: usize) -> ZoneId {
        debug_assert!(i <= u16::MAX as usize);
        ZoneId(i as u16)
    }

    /// The index of this zone, for indexing [`super::Board::zones`].
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

/// Printed as the bare number, as when zones were plain `u16`s.
impl fmt::Debug for ZoneId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for ZoneId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
