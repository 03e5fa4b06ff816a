//! Counters: cells that hold any number of counters of one kind (the seeds of sowing games,
//! `piece seed = "o", counters`).
//!
//! A count is not a stack. A stack cell keeps each level's piece (`MAX_STACK` = 16 levels a
//! cell, hashed per level) because its order matters and only its top moves; counters are
//! all alike, a pit may need 48 of them, and a sowing move lifts every one at once. So a
//! count is one `u16` per cell in its own table ([`State::tally`]), empty in games without
//! counters: the board keeps the counter piece on a cell that holds at least one (so `empty`,
//! `neutral` and the occupancy bitsets read it as any piece), and the count beside it. The
//! count is hashed with one key per (cell, count), derived on the fly from a fixed seed, so
//! no table of cells × 65,536 keys is kept; `hash_from_scratch` XORs the same keys.

use super::state::SideChange;
use super::{CellId, Game, PieceId, Player, Rules, State, ZoneId, EMPTY};

/// The seed of the per-(cell, count) keys (distinct from the piece keys' seed).
const TALLY_SEED: u64 = 0x5EED_C0DE_7A11_2026;

/// The key of `n` counters on `cell`: 0 for none or one (one counter is the counter piece
/// itself, hashed as a piece), else a SplitMix64 mix of the cell and the count.
#[inline]
pub(crate) fn tally_key(cell: CellId, n: u16) -> u64 {
    if n <= 1 {
        return 0;
    }
    let mut z = TALLY_SEED
        .wrapping_add((cell.index() as u64) << 16 | u64::from(n))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The most counters one cell may hold (the count is a `u16`).
pub const MAX_COUNTERS: u16 = u16::MAX;

impl Rules {
    /// Whether the game has a counters kind.
    #[inline]
    pub fn has_counters(&self) -> bool {
        self.counter_piece != EMPTY
    }

    /// The counter piece (ownerless, of the `counters` kind), or [`EMPTY`] without one.
    pub fn counter_piece(&self) -> PieceId {
        self.counter_piece
    }

    /// The counters on `player`'s cells of `zone`.
    pub(crate) fn counters_in(&self, s: &State, zone: ZoneId, player: Player) -> i64 {
        if s.tally.is_empty() {
            return 0;
        }
        let z = &self.board.zones[zone.index()];
        s.tally
            .iter()
            .enumerate()
            .filter(|&(c, _)| z.contains(player, CellId::from_index(c)))
            .map(|(_, &n)| i64::from(n))
            .sum()
    }

    /// The counters part of the from-scratch hash.
    pub(crate) fn tally_hash(&self, s: &State) -> u64 {
        s.tally
            .iter()
            .enumerate()
            .fold(0, |h, (c, &n)| h ^ tally_key(CellId::from_index(c), n))
    }
}

/// Sets the count on `cell` to `n`: the count (logged and hashed) and the board (the
/// counter piece, or empty for none).
pub(crate) fn set_tally(game: &Game, s: &mut State, cell: CellId, n: u16) {
    let old = s.tally[cell.index()];
    if old == n {
        return;
    }
    s.side.push(SideChange::Tally { cell, old });
    s.scalars.hash ^= tally_key(cell, old) ^ tally_key(cell, n);
    s.tally[cell.index()] = n;
    let want = if n > 0 { game.counter_piece } else { EMPTY };
    if s.board[cell.index()] != want {
        game.set_flat_cell(s, cell, want);
    }
}

impl State {
    /// How many counters stand on `cell` (0 in games without counters).
    pub fn counters_at(&self, cell: CellId) -> u16 {
        self.tally.get(cell.index()).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys differ per cell and per count (none of 2..=300 on 16 cells collide), and none
    /// and one counter add nothing to the piece's key.
    #[test]
    fn keys_are_distinct_per_cell_and_count() {
        let mut seen = std::collections::HashSet::new();
        for c in 0..16 {
            assert_eq!(tally_key(CellId::from_index(c), 0), 0);
            assert_eq!(tally_key(CellId::from_index(c), 1), 0);
            for n in 2..=300 {
                assert!(seen.insert(tally_key(CellId::from_index(c), n)));
            }
        }
    }
}
