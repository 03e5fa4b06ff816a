//! The transposition table of the searches that go by depth: alpha-beta (integer scores)
//! and expectimax (expected values). One table, generic over the value stored, so that
//! the replacement scheme, the bounds and the sizing are written once.

/// The stored value is a lower bound of the position's value.
pub(super) const BOUND_LOWER: u8 = 1;
/// The stored value is an upper bound.
pub(super) const BOUND_UPPER: u8 = 2;
/// The stored value is exact.
pub(super) const BOUND_EXACT: u8 = 3;
/// "No move" in an entry.
pub(super) const NO_MOVE: u16 = u16::MAX;
/// The depth of an entry whose value was searched to the end of the game; it is never
/// replaced by a depth-limited value of the same position.
pub(super) const SOLVED: u8 = u8::MAX;

/// One entry: 16 bytes with a 4-byte value.
#[derive(Clone, Copy, Default)]
pub(super) struct Entry<V> {
    /// The position's full hash.
    pub key: u64,
    /// The value found (its meaning is the search's: a score, an expectation).
    pub value: V,
    /// Index of the best move in the position's generated move list, or [`NO_MOVE`].
    pub mv: u16,
    /// The depth searched below the position ([`SOLVED`]: to the end).
    pub depth: u8,
    /// Bound in the low two bits, search generation above; 0 for an empty entry.
    flags: u8,
}

impl<V> Entry<V> {
    /// [`BOUND_LOWER`], [`BOUND_UPPER`] or [`BOUND_EXACT`].
    pub fn bound(&self) -> u8 {
        self.flags & 3
    }

    fn generation(&self) -> u8 {
        self.flags >> 2
    }
}

/// Fixed-size table of two-entry buckets: a key may sit in either entry of its bucket; a
/// new key replaces the entry of the bucket that is empty, from an older search, or else
/// the shallower one. A key already present is overwritten, except that a solved entry is
/// kept and, when the table keeps deeper entries, so is a deeper one.
pub(super) struct Table<V> {
    entries: Vec<Entry<V>>,
    /// Bucket mask (the number of buckets minus one).
    mask: usize,
    generation: u8,
    keep_deeper: bool,
}

impl<V: Copy + Default> Table<V> {
    /// A table of about `mb` megabytes (a power of two entries, at least 1024).
    /// `keep_deeper`: a shallower result for a position never replaces a deeper one (for a
    /// search whose re-searches at smaller depths are less informed, as expectimax's).
    pub fn new(mb: usize, keep_deeper: bool) -> Table<V> {
        let want = (mb.saturating_mul(1 << 20) / std::mem::size_of::<Entry<V>>()).max(1024);
        let size = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        Table {
            entries: vec![Entry::default(); size],
            mask: size / 2 - 1,
            generation: 0,
            keep_deeper,
        }
    }

    /// Starts a new search: entries of earlier ones are replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        2 * (key as usize & self.mask)
    }

    /// The entry of the position with hash `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<V>> {
        let b = self.bucket(key);
        self.entries[b..b + 2]
            .iter()
            .find(|e| e.key == key && e.flags != 0)
            .copied()
    }

    /// Stores what a search found for the position with hash `key`; a [`NO_MOVE`] keeps
    /// the move already stored for it.
    pub fn store(&mut self, key: u64, value: V, mv: u16, depth: u8, bound: u8) {
        let b = self.bucket(key);
        let generation = self.generation;
        let keep_deeper = self.keep_deeper;
        let pair = &mut self.entries[b..b + 2];
        let i = if let Some(i) = pair.iter().position(|e| e.key == key && e.flags != 0) {
            let old = pair[i].depth;
            if (old == SOLVED && depth != SOLVED) || (keep_deeper && old > depth) {
                return;
            }
            i
        } else {
            // The entry worth less: empty, from an older search, or shallower.
            let worth = |e: &Entry<V>| -> i32 {
                let stale = if e.generation() == generation {
                    0
                } else {
                    1000
                };
                if e.flags == 0 {
                    i32::MIN
                } else {
                    i32::from(e.depth) - stale
                }
            };
            usize::from(worth(&pair[1]) < worth(&pair[0]))
        };
        let slot = &mut pair[i];
        let mv = if mv == NO_MOVE && slot.key == key {
            slot.mv
        } else {
            mv
        };
        *slot = Entry {
            key,
            value,
            mv,
            depth,
            flags: bound | generation << 2,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Entry<i32>>(), 16);
        assert_eq!(std::mem::size_of::<Entry<f32>>(), 16);
    }

    #[test]
    fn stores_probes_and_replaces_by_the_rules() {
        let mut t: Table<i32> = Table::new(0, false);
        assert!(t.probe(7).is_none());
        t.store(7, 10, 3, 4, BOUND_EXACT);
        let e = t.probe(7).unwrap();
        assert_eq!((e.value, e.mv, e.depth, e.bound()), (10, 3, 4, BOUND_EXACT));
        // No move given: the stored move stays; a shallower result replaces.
        t.store(7, 5, NO_MOVE, 2, BOUND_LOWER);
        let e = t.probe(7).unwrap();
        assert_eq!((e.value, e.mv, e.depth, e.bound()), (5, 3, 2, BOUND_LOWER));
        // A solved entry is never replaced by a depth-limited one.
        t.store(7, 100, 1, SOLVED, BOUND_EXACT);
        t.store(7, 1, 2, 9, BOUND_EXACT);
        assert_eq!(t.probe(7).unwrap().value, 100);
        // Keys of one bucket: two fit; a third replaces the shallower.
        let buckets = (t.mask + 1) as u64;
        t.store(7 + buckets, 20, 0, 6, BOUND_EXACT);
        t.store(7 + 2 * buckets, 30, 0, 8, BOUND_EXACT);
        assert!(t.probe(7).is_some(), "the solved entry is the deepest");
        assert!(t.probe(7 + buckets).is_none());
        assert_eq!(t.probe(7 + 2 * buckets).unwrap().value, 30);
    }

    #[test]
    fn a_table_that_keeps_deeper_entries_keeps_them() {
        let mut t: Table<f32> = Table::new(0, true);
        t.store(9, 0.5, 1, 6, BOUND_EXACT);
        t.store(9, 0.1, 2, 3, BOUND_EXACT);
        assert_eq!(t.probe(9).unwrap().value, 0.5);
        t.store(9, 0.7, 2, 7, BOUND_UPPER);
        let e = t.probe(9).unwrap();
        assert_eq!((e.value, e.mv, e.bound()), (0.7, 2, BOUND_UPPER));
    }
}
