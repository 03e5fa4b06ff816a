//! The df-pn solver's transposition table: a fixed array of slots sized from the memory
//! cap, in buckets of four; a position goes to the bucket its key picks, and when the bucket
//! is full it replaces the entry whose search took least work.

/// "Proven beyond any threshold": a proof or disproof number no search can exceed.
pub const INF: u32 = u32::MAX;

/// Where a disproof depends on the current line of play: it was reached by treating a
/// repetition of the position `visit` (then at depth `depth` of the line) as a failure for
/// the attacker, so it only holds while that position is still on the line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoopDep {
    /// Depth of the repeated position on the line.
    pub depth: u32,
    /// Its visit number (0: the result holds on any line).
    pub visit: u64,
}

impl LoopDep {
    /// A result that holds on any line.
    pub const NONE: LoopDep = LoopDep { depth: 0, visit: 0 };

    /// Whether the result depends on the line.
    pub fn is_some(self) -> bool {
        self.visit != 0
    }
}

/// What the table knows of a position: its proof and disproof numbers for the attacker,
/// the work its search took and, for a disproof, what it depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Proof number: 0 when the attacker is proven to win.
    pub pn: u32,
    /// Disproof number: 0 when the attacker is proven not to win.
    pub dn: u32,
    /// Positions searched below this one (saturating), to pick what to replace.
    pub work: u32,
    /// See [`LoopDep`].
    pub dep: LoopDep,
    /// For a disproof: every line it follows ends in a win of the other player (no draw,
    /// no repetition), so it proves that the other player wins.
    pub pure: bool,
}

/// The bit of the depth word that holds [`Entry::pure`].
const PURE: u64 = 1 << 63;

/// Bytes one slot takes: key, numbers, work and depth, visit.
pub const SLOT_BYTES: usize = 32;
const WAYS: usize = 4;

/// The table (see the module docs).
pub struct Table {
    /// `[key, pn | dn << 32, work | depth << 32, visit]`; an empty slot has 0 numbers (no
    /// real entry has both numbers 0).
    slots: Vec<u64>,
    buckets: usize,
    filled: usize,
    /// The most slots the memory cap allows.
    max_slots: usize,
}

/// Slots a table starts with (16 MB), doubling as it fills.
const START_SLOTS: usize = 1 << 19;

impl Table {
    /// The most slots a table within `bytes` bytes may grow to: a power of two, at least
    /// one bucket, taking at most two thirds of `bytes`.
    pub fn slots_for(bytes: usize) -> usize {
        // While the table doubles, the old one (half the size) is still there: at most
        // two thirds of the cap for the table keeps both within it.
        let want = (bytes / 3 * 2 / SLOT_BYTES).max(WAYS);
        // The largest power of two that fits.
        1usize << (usize::BITS - 1 - want.leading_zeros())
    }

    /// A table within `bytes` bytes ([`Table::slots_for`]); it starts smaller and grows to
    /// that size as it fills.
    pub fn with_bytes(bytes: usize) -> Table {
        let slots = Table::slots_for(bytes);
        let first = slots.min(START_SLOTS);
        Table {
            slots: vec![0u64; first * 4],
            buckets: first / WAYS,
            filled: 0,
            max_slots: slots,
        }
    }

    /// Doubles the table (up to its cap) once it is half full, moving every entry over. A
    /// table sized to the cap from the start would spread a small search's entries over
    /// gigabytes, and the first write to each page costs the kernel a fault and a page of
    /// zeros: a small table grown as needed is several times faster.
    fn grow(&mut self) {
        let slots = self.capacity() * 2;
        let old = std::mem::replace(&mut self.slots, vec![0u64; slots * 4]);
        self.buckets = slots / WAYS;
        self.filled = 0;
        for s in old.chunks_exact(4).filter(|s| s[1] != 0) {
            let b = self.bucket(s[0]) * WAYS * 4;
            if let Some(at) = self.slots[b..b + WAYS * 4]
                .chunks_exact(4)
                .position(|x| x[1] == 0)
            {
                self.slots[b + at * 4..b + at * 4 + 4].copy_from_slice(s);
                self.filled += 1;
            }
        }
    }

    /// The slots' words (four a slot), the most slots the table may grow to, and the slots
    /// in use: what a checkpoint saves.
    pub fn parts(&self) -> (&[u64], usize, usize) {
        (&self.slots, self.max_slots, self.filled)
    }

    /// A table from [`Table::parts`] (`words`: four a slot, a power of two of slots, at
    /// least one bucket), allowed to grow to `max_slots`.
    pub fn from_parts(words: Vec<u64>, max_slots: usize, filled: usize) -> Table {
        let slots = words.len() / 4;
        Table {
            slots: words,
            buckets: slots / WAYS,
            filled,
            max_slots: max_slots.max(slots),
        }
    }

    /// Slots in use.
    pub fn filled(&self) -> usize {
        self.filled
    }

    /// Slots in use now.
    pub fn capacity(&self) -> usize {
        self.slots.len() / 4
    }

    /// The most slots the table may grow to.
    pub fn max_capacity(&self) -> usize {
        self.max_slots
    }

    fn bucket(&self, key: u64) -> usize {
        // The high bits: the low ones also pick the key tables' own structure.
        ((key >> 32) as usize ^ key as usize) & (self.buckets - 1)
    }

    /// Asks the processor to start loading `key`'s bucket, so that several children's
    /// lookups wait for memory together instead of one after another.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let b = self.bucket(key) * WAYS * 4;
            let p = self.slots[b..b + WAYS * 4].as_ptr().cast::<i8>();
            // A bucket is two cache lines. A prefetch is only a hint: it reads nothing and
            // cannot fault, whatever the address (here one inside the table).
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(p);
                _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(64));
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key) * WAYS * 4;
        self.slots[b..b + WAYS * 4]
            .chunks_exact(4)
            .find(|s| s[0] == key && s[1] != 0)
            .map(|s| Entry {
                pn: s[1] as u32,
                dn: (s[1] >> 32) as u32,
                work: s[2] as u32,
                dep: LoopDep {
                    depth: (s[2] >> 32) as u32 & !(1 << 31),
                    visit: s[3],
                },
                pure: s[2] & PURE != 0,
            })
    }

    /// Stores `e` for `key`, over the same key, an empty slot or the least-worked entry.
    #[inline]
    pub fn put(&mut self, key: u64, e: Entry) {
        if self.filled * 2 > self.capacity() && self.capacity() < self.max_slots {
            self.grow();
        }
        let b = self.bucket(key) * WAYS * 4;
        let bucket = &mut self.slots[b..b + WAYS * 4];
        let at = bucket
            .chunks_exact(4)
            .position(|s| s[0] == key && s[1] != 0)
            .or_else(|| bucket.chunks_exact(4).position(|s| s[1] == 0))
            .unwrap_or_else(|| {
                (0..WAYS)
                    .min_by_key(|&i| {
                        let s = &bucket[i * 4..i * 4 + 4];
                        // Solved positions are worth more than their work says.
                        let solved = (s[1] as u32 == 0 || (s[1] >> 32) as u32 == 0) as u64;
                        (solved, s[2] as u32)
                    })
                    .unwrap_or(0)
            });
        if bucket[at * 4 + 1] == 0 {
            self.filled += 1;
        }
        bucket[at * 4..at * 4 + 4].copy_from_slice(&[
            key,
            u64::from(e.pn) | u64::from(e.dn) << 32,
            u64::from(e.work) | u64::from(e.dep.depth) << 32 | if e.pure { PURE } else { 0 },
            e.dep.visit,
        ]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_entries_and_replaces_the_least_worked() {
        let mut t = Table::with_bytes(6 * SLOT_BYTES);
        assert_eq!(t.capacity(), 4);
        let e = |work| Entry {
            pn: 3,
            dn: 5,
            work,
            dep: LoopDep::NONE,
            pure: work == 20,
        };
        for k in 1..=4u64 {
            t.put(k, e(k as u32 * 10));
        }
        assert_eq!(t.filled(), 4);
        assert_eq!(t.get(2), Some(e(20)));
        t.put(9, e(1));
        assert_eq!(t.get(1), None, "the least-worked entry goes");
        assert_eq!(t.get(9), Some(e(1)));
        assert_eq!(t.filled(), 4);
    }

    #[test]
    fn grows_to_its_cap_keeping_entries() {
        // Two thirds of the cap, rounded down to a power of two: 4 times the start.
        let mut t = Table::with_bytes(6 * START_SLOTS * SLOT_BYTES);
        assert_eq!(t.capacity(), START_SLOTS);
        let e = Entry {
            pn: 1,
            dn: 2,
            work: 3,
            dep: LoopDep::NONE,
            pure: false,
        };
        // Well-mixed keys, as Zobrist hashes are.
        let keys: Vec<u64> = (1..=START_SLOTS as u64)
            .map(|k| {
                let z = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                (z ^ (z >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ (z >> 29)
            })
            .collect();
        for &k in &keys {
            t.put(k, e);
        }
        assert_eq!(t.capacity(), 2 * START_SLOTS);
        // Buckets that overflowed before the table grew lost a few entries (about 4% at
        // half load with four ways: a table is a cache, not a store).
        let kept = keys.iter().filter(|&&k| t.get(k) == Some(e)).count();
        assert!(kept > keys.len() * 9 / 10, "{kept}");
        assert_eq!(t.max_capacity(), 4 * START_SLOTS);
    }
}
