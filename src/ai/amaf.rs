//! All-moves-as-first statistics for MCTS's RAVE (Gelly and Silver 2007): after a playout,
//! every move a player made anywhere below a tree node counts, for that node's child with
//! the same move by the same player, as if it had been played first.
//!
//! [`Trail`] holds one playout's moves (tree part and random part) as 64-bit keys of
//! (player, move), and answers "did this player make this move at or after ply `d`" while
//! the backup walks from the leaf to the root; [`blend`] mixes a child's own mean with its
//! AMAF mean. Nothing is allocated per playout once the buffers have grown.

use crate::engine::{Move, Player};

/// A (player, move) pair as one number; distinct pairs collide with odds of about 2⁻⁶⁴.
#[inline]
pub(super) fn key(player: Player, mv: &Move) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = (u64::from(player.0) << 40)
        ^ (u64::from(mv.rule.raw()) << 16)
        ^ (u64::from(mv.len) << 8)
        ^ u64::from(mv.promote_byte());
    h = h.wrapping_mul(K);
    for c in mv.cells() {
        h = (h ^ u64::from(c.raw())).wrapping_mul(K);
        h ^= h >> 29;
    }
    h
}

/// [`Trail::from`] before the first [`Trail::reach`].
const NOT_STARTED: usize = usize::MAX;

/// The moves of one playout, oldest first, as [`key`]s.
pub(super) struct Trail {
    /// Every move's key, in the order played.
    moves: Vec<u64>,
    /// The keys from ply `tree` on (the random part and the tree moves added so far by
    /// [`Trail::reach`]), sorted for lookups, then those added since the sort.
    sorted: Vec<u64>,
    /// How many of `sorted` are in order; the rest (at most the tree's depth) are searched
    /// one by one.
    in_order: usize,
    /// The first ply whose move is in `sorted`.
    from: usize,
}

impl Default for Trail {
    fn default() -> Trail {
        Trail {
            moves: Vec::new(),
            sorted: Vec::new(),
            in_order: 0,
            from: NOT_STARTED,
        }
    }
}

impl Trail {
    /// Starts a new playout.
    pub fn clear(&mut self) {
        self.moves.clear();
        self.sorted.clear();
        self.in_order = 0;
        self.from = NOT_STARTED;
    }

    /// Records the next move of the playout, made by `player`.
    #[inline]
    pub fn push(&mut self, player: Player, mv: &Move) {
        self.moves.push(key(player, mv));
    }

    /// Records moves pushed newest first (as they are unmade) in playing order.
    pub fn reverse(&mut self) {
        self.moves.reverse();
    }

    /// Makes the moves from ply `ply` on the ones [`Trail::contains`] answers for. The
    /// first call sorts the moves from `ply` on; later calls, each with a smaller `ply`,
    /// add the moves in between.
    pub fn reach(&mut self, ply: usize) {
        if self.from == NOT_STARTED {
            let ply = ply.min(self.moves.len());
            self.sorted.extend_from_slice(&self.moves[ply..]);
            self.sorted.sort_unstable();
            self.in_order = self.sorted.len();
            self.from = ply;
            return;
        }
        while self.from > ply {
            self.from -= 1;
            self.sorted.push(self.moves[self.from]);
        }
    }

    /// The keys of the moves recorded, oldest first.
    #[cfg(test)]
    pub fn keys(&self) -> &[u64] {
        &self.moves
    }

    /// Whether `player` made `mv` at or after the ply last given to [`Trail::reach`].
    #[inline]
    pub fn contains(&self, player: Player, mv: &Move) -> bool {
        let k = key(player, mv);
        self.sorted[..self.in_order].binary_search(&k).is_ok()
            || self.sorted[self.in_order..].contains(&k)
    }
}

/// A child's value for the selection: its own mean blended with its AMAF mean, the AMAF
/// weight `sqrt(k / (3n + k))` falling as the child's own visits `n` grow (Gelly and
/// Silver's schedule, `k` the equivalence parameter); a child with neither counts as a
/// sure win, so that it is tried.
#[inline]
pub(super) fn blend(visits: u32, reward: f64, amaf_visits: u32, amaf_reward: f64, k: u32) -> f64 {
    match (visits, amaf_visits) {
        (0, 0) => 1.0,
        (0, a) => amaf_reward / f64::from(a),
        (n, 0) => reward / f64::from(n),
        (n, a) => {
            let k = f64::from(k);
            let beta = (k / (3.0 * f64::from(n) + k)).sqrt();
            (1.0 - beta) * reward / f64::from(n) + beta * amaf_reward / f64::from(a)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::CellId;

    fn place(cell: u16) -> Move {
        let mut m = Move::new(crate::engine::RuleId::new(0));
        m.push(CellId::new(cell));
        m
    }

    #[test]
    fn keys_tell_players_and_moves_apart() {
        assert_ne!(key(Player(0), &place(3)), key(Player(1), &place(3)));
        assert_ne!(key(Player(0), &place(3)), key(Player(0), &place(4)));
        assert_eq!(key(Player(1), &place(7)), key(Player(1), &place(7)));
    }

    #[test]
    fn the_trail_answers_for_the_moves_from_a_ply_on() {
        let mut t = Trail::default();
        // Played: X a, O b, X c, O d (cells 0..4).
        for (i, c) in [(0, 0), (1, 1), (0, 2), (1, 3)] {
            t.push(Player(i), &place(c));
        }
        t.reach(2);
        assert!(t.contains(Player(0), &place(2)));
        assert!(t.contains(Player(1), &place(3)));
        assert!(!t.contains(Player(1), &place(1)), "before ply 2");
        assert!(
            !t.contains(Player(1), &place(2)),
            "made by the other player"
        );
        t.reach(1);
        assert!(t.contains(Player(1), &place(1)));
        assert!(!t.contains(Player(0), &place(0)));
        t.reach(0);
        assert!(t.contains(Player(0), &place(0)));
        // A new playout forgets the old one.
        t.clear();
        t.push(Player(0), &place(9));
        t.reach(0);
        assert!(t.contains(Player(0), &place(9)));
        assert!(!t.contains(Player(0), &place(0)));
    }

    #[test]
    fn the_blend_moves_from_amaf_to_the_own_mean() {
        assert_eq!(blend(0, 0.0, 0, 0.0, 100), 1.0);
        assert_eq!(blend(0, 0.0, 4, 3.0, 100), 0.75);
        assert_eq!(blend(2, 1.0, 0, 0.0, 100), 0.5);
        // n = 100, k = 100: beta = 1/2.
        let v = blend(100, 20.0, 10, 10.0, 100);
        assert!((v - (0.5 * 0.2 + 0.5 * 1.0)).abs() < 1e-12, "{v}");
        // Many own visits: close to the own mean.
        assert!((blend(1_000_000, 0.0, 10, 10.0, 100) - 0.0).abs() < 0.01);
    }
}
