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
    counts: Vec<u64>,
    offs: Vec<u64>,
    rolls: Vec<u64>,
    flags: Vec<u64>,
}

/// Counts (reserves, borne off) above this share a key; rolls above it too.
pub const MAX_COUNT_KEY: usize = 64;

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
        let counts = (0..pieces * (MAX_COUNT_KEY + 1))
            .map(|_| splitmix(&mut seed))
            .collect();
        let offs = (0..players * (MAX_COUNT_KEY + 1))
            .map(|_| splitmix(&mut seed))
            .collect();
        let rolls = (0..=MAX_COUNT_KEY).map(|_| splitmix(&mut seed)).collect();
        Zobrist {
            pieces,
            cell_piece,
            side,
            swapped,
            counts,
            offs,
            rolls,
            flags: (0..2 * cells).map(|_| splitmix(&mut seed)).collect(),
        }
    }

    /// Key of `piece` standing on `cell` (0 for the empty cell).
    #[inline(always)]
    pub fn piece(&self, cell: CellId, piece: PieceId) -> u64 {
        // Ids come from the game's own tables.
        unsafe {
            *self
                .cell_piece
                .get_unchecked(cell.index() * self.pieces + piece.index())
        }
    }

    /// Key of `player` being to move.
    #[inline(always)]
    pub fn side(&self, player: Player) -> u64 {
        self.side[player.index()]
    }

    /// Key of `piece` at stack level `level` of `cell` (level 0 is [`Zobrist::piece`]).
    #[inline]
    pub fn level(&self, cell: CellId, level: u8, piece: PieceId) -> u64 {
        let k = self.piece(cell, piece);
        if level == 0 || k == 0 {
            return k;
        }
        (k ^ u64::from(level).wrapping_mul(0xD6E8_FEB8_6659_FD93)).rotate_left(u32::from(level) * 7)
    }

    /// Key of `n` pieces of id `piece` in the reserve.
    #[inline]
    pub fn reserve(&self, piece: PieceId, n: u16) -> u64 {
        self.counts[piece.index() * (MAX_COUNT_KEY + 1) + (n as usize).min(MAX_COUNT_KEY)]
    }

    /// Key of `player` having borne off `n` pieces.
    #[inline]
    pub fn off(&self, player: usize, n: u16) -> u64 {
        self.offs[player * (MAX_COUNT_KEY + 1) + (n as usize).min(MAX_COUNT_KEY)]
    }

    /// Key of "the piece on `cell` has not moved".
    #[inline]
    pub fn unmoved(&self, cell: CellId) -> u64 {
        self.flags[2 * cell.index()]
    }

    /// Key of "`cell` may be taken en passant".
    #[inline]
    pub fn en_passant(&self, cell: CellId) -> u64 {
        if cell == super::NO_CELL {
            0
        } else {
            self.flags[2 * cell.index() + 1]
        }
    }

    /// Key of a pending roll.
    #[inline]
    pub fn roll(&self, r: u8) -> u64 {
        if r == super::state::NO_ROLL {
            0
        } else {
            self.rolls[(r as usize).min(MAX_COUNT_KEY)]
        }
    }
}
