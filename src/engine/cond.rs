//! Conditions on cells, compiled to lookup tables so a test is one bit probe.

use super::{Board, ByPlayer, CellId, PieceId, Player, ZoneId};

/// A set of cell contents (empty and piece ids), as a 256-bit table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ContentSet(pub [u64; 4]);

impl ContentSet {
    /// The set holding every content.
    pub const ALL: ContentSet = ContentSet([u64::MAX; 4]);
    /// The empty set.
    pub const NONE: ContentSet = ContentSet([0; 4]);

    /// Whether `content` is in the set.
    #[inline(always)]
    pub fn contains(&self, content: PieceId) -> bool {
        let c = content.raw();
        self.0[(c >> 6) as usize] >> (c & 63) & 1 == 1
    }

    /// Adds `content`.
    pub fn insert(&mut self, content: PieceId) {
        let c = content.raw();
        self.0[(c >> 6) as usize] |= 1 << (c & 63);
    }

    /// Set union.
    pub fn union(self, o: ContentSet) -> ContentSet {
        ContentSet(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }

    /// Set intersection.
    pub fn intersect(self, o: ContentSet) -> ContentSet {
        ContentSet(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }

    /// Complement.
    pub fn complement(self) -> ContentSet {
        ContentSet(std::array::from_fn(|i| !self.0[i]))
    }
}

/// A condition on a cell, seen by the player to move: what may stand there, possibly
/// depending on whether the cell lies in one zone (`empty or (enemy and not a2)`).
///
/// Any and/or/not mix of content tests and one zone compiles to two tables: the contents
/// accepted inside the zone and those accepted outside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellCond {
    /// Accepted contents per player (friend and enemy depend on who moves): outside the
    /// zone, or everywhere when there is no zone.
    pub content: ByPlayer<ContentSet>,
    /// The zone the condition looks at, with the contents accepted inside it.
    pub zone: Option<(ZoneId, ByPlayer<ContentSet>)>,
}

impl CellCond {
    /// Whether `cell` holding `content` satisfies the condition for `player`.
    #[inline(always)]
    pub fn accepts(&self, board: &Board, player: Player, cell: CellId, content: PieceId) -> bool {
        match &self.zone {
            None => self.content[player].contains(content),
            Some((z, inside)) => {
                if board.zones[z.index()].contains(player, cell) {
                    inside[player].contains(content)
                } else {
                    self.content[player].contains(content)
                }
            }
        }
    }

    /// The contents accepted somewhere (inside or outside the zone), to pick candidate cells.
    #[inline]
    pub fn any_content(&self, player: Player) -> ContentSet {
        match &self.zone {
            None => self.content[player],
            Some((_, inside)) => self.content[player].union(inside[player]),
        }
    }
}
