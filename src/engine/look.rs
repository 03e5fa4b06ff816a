//! How a board is drawn, as its rule file declares it (`look …` lines) and as its cell names
//! label it. The terminal board and the web board both draw from this one value, so no
//! front end knows a game by name.

use super::{CellId, Player};

/// A board's look: what the front ends draw beyond cells and pieces.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardLook {
    /// `look points`: pieces stand on the points where lines cross (Go), not inside cells.
    pub points: bool,
    /// `look lines`: the links between cells are drawn as lines (the morris board's mills).
    pub lines: bool,
    /// `look marks = …`: cells drawn marked (star points, rosettes, a throne).
    pub marks: Vec<CellId>,
    /// `look edges = … for Player`: sides of the board drawn in a player's colour (the
    /// sides Hex's players join), one entry per side.
    pub edges: Vec<Edge>,
    /// `look picture kind = "♔" for White, …`: per piece id, the picture the web board
    /// draws instead of the letter (empty: the letter, or nothing for plain stones).
    pub pictures: Vec<String>,
    /// `look turned = Player`: that player's pieces are drawn turned round, as shogi's
    /// pieces point at the opponent.
    pub turned: Vec<Player>,
    /// `look track = points`: the board is drawn as a race along that track (backgammon's
    /// points): per player, the track's cells in order, numbered from the mover's side
    /// (the first cell is the highest number), with the bar and the men borne off beside
    /// them. Empty when the board is drawn as cells.
    pub track: Vec<Vec<CellId>>,
    /// The coordinate labels of the board's columns, by lattice column (left to right),
    /// from its cell names (`a`…`t` without `i` on a Go board; `9`…`1` on shogi's).
    pub files: Vec<String>,
    /// The coordinate labels of its rows, by lattice row (as the shape numbers its rows).
    pub ranks: Vec<String>,
}

/// One coloured side of a board.
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    /// Whose colour it is drawn in.
    pub player: Player,
    /// The zone's name as written (`top`).
    pub name: String,
    /// Its cells, in board order.
    pub cells: Vec<CellId>,
}

impl BoardLook {
    /// Whether `cell` is drawn marked.
    pub fn marked(&self, cell: CellId) -> bool {
        self.marks.contains(&cell)
    }

    /// The player whose colour side `cells` is drawn in, when exactly one edge covers all
    /// of them.
    pub fn edge_owner(&self, cells: &[CellId]) -> Option<Player> {
        let mut owners = self
            .edges
            .iter()
            .filter(|e| !cells.is_empty() && cells.iter().all(|c| e.cells.contains(c)))
            .map(|e| e.player);
        let first = owners.next()?;
        owners.all(|p| p == first).then_some(first)
    }

    /// The number `player` gives `cell` on the drawn track (`look track`): its points
    /// counted down to 1 at the track's end, as players number backgammon's points.
    pub fn point_number(&self, player: Player, cell: CellId) -> Option<usize> {
        let track = self.track.get(player.index())?;
        let at = track.iter().position(|&c| c == cell)?;
        Some(track.len() - at)
    }

    /// The picture of piece id `piece`, if the rule file gives one.
    pub fn picture(&self, piece: usize) -> Option<&str> {
        self.pictures
            .get(piece)
            .map(String::as_str)
            .filter(|s| !s.is_empty())
    }
}
