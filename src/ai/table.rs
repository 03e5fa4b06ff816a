//! The transposition table of the searches that go by depth: alpha-beta (integer scores)
//! and expectimax (expected values). One table, generic over the value stored, so that
//! the replacement scheme, the bounds and the sizing are written once; lockless, so that
//! the threads of a parallel search share it.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

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

/// A value the table can hold: 32 bits.
pub(super) trait TableValue: Copy + Default {
    /// The value's bits.
    fn to_bits(self) -> u32;
    /// The value from its bits.
    fn from_bits(bits: u32) -> Self;
}

impl TableValue for i32 {
    fn to_bits(self) -> u32 {
        self as u32
    }
    fn from_bits(bits: u32) -> i32 {
        bits as i32
    }
}

impl TableValue for f32 {
    fn to_bits(self) -> u32 {
        f32::to_bits(self)
    }
    fn from_bits(bits: u32) -> f32 {
        f32::from_bits(bits)
    }
}

/// One entry, as read from the table.
#[derive(Clone, Copy, Default, Debug, PartialEq)]
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

impl<V: TableValue> Entry<V> {
    /// [`BOUND_LOWER`], [`BOUND_UPPER`] or [`BOUND_EXACT`].
    pub fn bound(&self) -> u8 {
        self.flags & 3
    }

    fn generation(&self) -> u8 {
        self.flags >> 2
    }

    fn pack(&self) -> u64 {
        u64::from(self.value.to_bits())
            | u64::from(self.mv) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.flags) << 56
    }

    fn unpack(key: u64, data: u64) -> Entry<V> {
        Entry {
            key,
            value: V::from_bits(data as u32),
            mv: (data >> 32) as u16,
            depth: (data >> 48) as u8,
            flags: (data >> 56) as u8,
        }
    }
}

/// A stored entry: the key XOR the data, and the data (16 bytes). Threads write the two
/// words without a lock; a reader whose key does not match the data it read saw a write
/// half done and takes the entry as absent (the lockless scheme of Hyatt and Mann).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    fn load<V: TableValue>(&self) -> Entry<V> {
        let data = self.data.load(Ordering::Relaxed);
        let key = self.check.load(Ordering::Relaxed) ^ data;
        Entry::unpack(key, data)
    }

    fn save<V: TableValue>(&self, e: &Entry<V>) {
        let data = e.pack();
        self.check.store(e.key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

/// Fixed-size table of two-entry buckets, shared by the threads of one search: a key may
/// sit in either entry of its bucket; a new key replaces the entry of the bucket that is
/// empty, from an older search, or else the shallower one. A key already present is
/// overwritten, except that a solved entry is kept and, when the table keeps deeper
/// entries, so is a deeper one.
pub(super) struct Table<V> {
    slots: Vec<Slot>,
    /// Bucket mask (the number of buckets minus one).
    mask: usize,
    generation: AtomicU8,
    keep_deeper: bool,
    value: std::marker::PhantomData<V>,
}

impl<V: TableValue> Table<V> {
    /// A table of about `mb` megabytes (a power of two entries, at least 1024).
    /// `keep_deeper`: a shallower result for a position never replaces a deeper one (for a
    /// search whose re-searches at smaller depths are less informed, as expectimax's).
    pub fn new(mb: usize, keep_deeper: bool) -> Table<V> {
        let want = (mb.saturating_mul(1 << 20) / std::mem::size_of::<Slot>()).max(1024);
        let size = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        Table {
            slots: (0..size).map(|_| Slot::default()).collect(),
            mask: size / 2 - 1,
            generation: AtomicU8::new(0),
            keep_deeper,
            value: std::marker::PhantomData,
        }
    }

    /// Starts a new search: entries of earlier ones are replaced first.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store((g + 1) & 63, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Slot] {
        let b = 2 * (key as usize & self.mask);
        &self.slots[b..b + 2]
    }

    /// The entry of the position with hash `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<V>> {
        self.bucket(key)
            .iter()
            .map(Slot::load::<V>)
            .find(|e| e.key == key && e.flags != 0)
    }

    /// Stores what a search found for the position with hash `key`; a [`NO_MOVE`] keeps
    /// the move already stored for it.
    pub fn store(&self, key: u64, value: V, mv: u16, depth: u8, bound: u8) {
        let generation = self.generation.load(Ordering::Relaxed);
        let pair = self.bucket(key);
        let old: [Entry<V>; 2] = [pair[0].load(), pair[1].load()];
        let i = if let Some(i) = old.iter().position(|e| e.key == key && e.flags != 0) {
            let depth_before = old[i].depth;
            if (depth_before == SOLVED && depth != SOLVED)
                || (self.keep_deeper && depth_before > depth)
            {
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
            usize::from(worth(&old[1]) < worth(&old[0]))
        };
        let mv = if mv == NO_MOVE && old[i].key == key {
            old[i].mv
        } else {
            mv
        };
        pair[i].save(&Entry {
            key,
            value,
            mv,
            depth,
            flags: bound | generation << 2,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_sixteen_bytes_and_entries_pack_exactly() {
        assert_eq!(std::mem::size_of::<Slot>(), 16);
        let e = Entry {
            key: 0xdead_beef_1234_5678,
            value: -123_456_i32,
            mv: 65_000,
            depth: SOLVED,
            flags: BOUND_UPPER | 63 << 2,
        };
        assert_eq!(Entry::unpack(e.key, e.pack()), e);
        let f = Entry {
            key: 1,
            value: 0.25_f32,
            mv: NO_MOVE,
            depth: 3,
            flags: BOUND_EXACT,
        };
        assert_eq!(Entry::unpack(f.key, f.pack()), f);
    }

    #[test]
    fn threads_share_the_table_and_read_only_whole_entries() {
        let t: Table<i32> = Table::new(0, false);
        std::thread::scope(|s| {
            for _ in 0..2 {
                let t = &t;
                s.spawn(move || {
                    for i in 0..20_000u64 {
                        let key = i % 64 + 1;
                        // Each key's value, move and depth are functions of the key, whoever
                        // wrote them: any mix of two writes would break that.
                        let v = (key * 7) as i32;
                        t.store(key, v, key as u16, (key % 50) as u8, BOUND_EXACT);
                        if let Some(e) = t.probe(key) {
                            assert_eq!((e.value, e.mv), ((key * 7) as i32, key as u16));
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn stores_probes_and_replaces_by_the_rules() {
        let t: Table<i32> = Table::new(0, false);
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
        let t: Table<f32> = Table::new(0, true);
        t.store(9, 0.5, 1, 6, BOUND_EXACT);
        t.store(9, 0.1, 2, 3, BOUND_EXACT);
        assert_eq!(t.probe(9).unwrap().value, 0.5);
        t.store(9, 0.7, 2, 7, BOUND_UPPER);
        let e = t.probe(9).unwrap();
        assert_eq!((e.value, e.mv, e.bound()), (0.7, 2, BOUND_UPPER));
    }
}
