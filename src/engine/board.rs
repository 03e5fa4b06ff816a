//! Board geometry: cells, directions, the neighbour table and zones.

use super::{ByPlayer, CellId, DirId, Player, NO_CELL};

/// How the board is laid out; the renderer and the position notation use it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardShape {
    /// A grid of `width` × `height` squares, rank 1 at the bottom.
    Square { width: u16, height: u16 },
    /// A rhombus of hexagons (Hex, Nex): each row is shifted half a cell right of the row above.
    HexRhombus {
        width: u16,
        height: u16,
        row_letters: bool,
    },
    /// Columns of flat-topped hexagons; odd columns sit half a cell higher (Intellector).
    HexColumns { heights: Vec<u16> },
    /// Named cells joined by explicit links.
    Graph,
}

/// One cell: its name and its place on the lattice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The name used in notation (`a1`).
    pub name: String,
    /// Column on the board's lattice (0 at the left).
    pub col: i32,
    /// Row on the board's lattice (0 at the top for hex rhombus, bottom for square).
    pub row: i32,
}

/// A direction, absolute (north) or compound (knight = north + north + east).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Direction {
    /// The name the rule file uses.
    pub name: String,
    /// The direction that leads back, where the board has one.
    pub opposite: Option<DirId>,
    /// Whether this is one of the board's own unit directions (used for adjacency).
    pub basic: bool,
}

/// A named set of cells, possibly different for each player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// The zone's name.
    pub name: String,
    /// Only `bonus` lines read it: the computer player's knowledge, which the board's
    /// legend leaves out of the special cells.
    pub hint_only: bool,
    /// One bitset of cells per player.
    pub cells: ByPlayer<Vec<u64>>,
}

impl Zone {
    /// Whether `cell` is in this zone as seen by `player`.
    #[inline]
    pub fn contains(&self, player: Player, cell: CellId) -> bool {
        let bits = &self.cells[player];
        bits[cell.index() / 64] >> (cell.index() % 64) & 1 == 1
    }
}

/// The compiled board: dense cell and neighbour tables.
#[derive(Clone, Debug)]
pub struct Board {
    /// The layout.
    pub shape: BoardShape,
    /// All cells; a [`CellId`] indexes this.
    pub cells: Vec<Cell>,
    /// All directions; a [`DirId`] is a column of `next`.
    pub dirs: Vec<Direction>,
    /// `next[cell * dirs.len() + dir]`: the neighbour, or [`NO_CELL`].
    pub next: Vec<CellId>,
    /// Cells in notation order: one line per row (top row first), used by positions and drawing.
    pub lines: Vec<Vec<CellId>>,
    /// Named zones.
    pub zones: Vec<Zone>,
    /// Per cell: how many pieces it may stack (0: the cell does not stack).
    pub stack_cap: Vec<u8>,
    /// Per cell: whether pieces of different owners may share its stack.
    pub stack_shared: Vec<bool>,
    /// The directions the rule file names itself (`direction forward = n for White, s for
    /// Black`), each resolved per player to the board's directions, in the order written.
    pub named_dirs: Vec<(String, super::ByPlayer<Vec<DirId>>)>,
}

impl Board {
    /// The neighbour of `cell` in direction `dir`, or [`NO_CELL`].
    #[inline(always)]
    pub fn next(&self, cell: CellId, dir: DirId) -> CellId {
        // Callers pass ids that come from this board's own tables.
        unsafe {
            *self
                .next
                .get_unchecked(cell.index() * self.dirs.len() + dir.index())
        }
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the board has no cells (never true for a compiled game).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cell with this name (case-insensitive).
    pub fn cell_by_name(&self, name: &str) -> Option<CellId> {
        self.cells
            .iter()
            .position(|c| c.name.eq_ignore_ascii_case(name))
            .map(CellId::from_index)
    }

    /// The direction with this name.
    pub fn dir_by_name(&self, name: &str) -> Option<DirId> {
        self.dirs
            .iter()
            .position(|d| d.name == name)
            .map(DirId::from_index)
    }

    /// The board's own unit directions (adjacency).
    pub fn basic_dirs(&self) -> impl Iterator<Item = DirId> + '_ {
        self.dirs
            .iter()
            .enumerate()
            .filter(|(_, d)| d.basic)
            .map(|(i, _)| DirId::from_index(i))
    }

    /// Whether a cell exists in direction `dir` from `cell`.
    pub fn has_next(&self, cell: CellId, dir: DirId) -> bool {
        self.next(cell, dir) != NO_CELL
    }
}
