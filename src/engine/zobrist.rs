//! Zobrist keys: one random 64-bit key per (cell, piece), per side to move and per extra
//! state flag. A position's hash is the XOR of the keys of everything in it.

use super::{CellId, PieceId, Player};

/// The key tables of one game. Keys are derived from a fixed seed, so hashes are stable
/// across runs and machines (snapshot tests may record them).
#[derive(Clone, Debug)]
pub struct Zobrist {
    pieces: usize,
    cell_piece: Vec<u64>,
    side: Vec<u64>,
    /// Key of the "sides swapped" flag set by the pie rule.
    pub swapped: u64,
}

/// The fixed seed of every game's key table.
const SEED: u64 = 0x7AB1_E709_5EED_2026;

/// SplitMix64: a tiny, well-mixed generator, good for fixed key tables.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    /// Keys for `cells` cells, `pieces` piece ids (including empty) and `players` players.
    pub fn new(cells: usize, pieces: usize, players: usize) -> Zobrist {
        let mut seed = SEED;
        let cell_piece = (0..cells * pieces)
            .map(|i| {
                if i % pieces == 0 {
                    0
                } else {
                    splitmix(&mut seed)
                }
            })
            .collect();
        let side = (0..players).map(|_| splitmix(&mut seed)).collect();
        let swapped = splitmix(&mut seed);
        Zobrist {
            pieces,
            cell_piece,
            side,
            swapped,
        }
    }

    /// Key of `piece` standing on `cell` (0 for the empty cell).
    #[inline(always)]
    pub fn piece(&self, cell: CellId, piece: PieceId) -> u64 {
        // Ids come from the game's own tables.
        unsafe {
            *self
                .cell_piece
                .get_unchecked(cell as usize * self.pieces + piece as usize)
        }
    }

    /// Key of `player` being to move.
    #[inline(always)]
    pub fn side(&self, player: Player) -> u64 {
        self.side[player.index()]
    }
}
