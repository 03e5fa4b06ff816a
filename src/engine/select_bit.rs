//! The n-th set bit of a word, without a loop: how a random playout turns "the n-th legal
//! move" into a cell when the moves are a bitset ([`super::MoveBits`]).
//!
//! Clearing the lowest bit n times costs a branch per bit, and the loop's exit, at a random
//! n, is mispredicted once per move. Here the bytes' bit counts are summed into running
//! totals by one multiplication, one subtraction compares all eight totals with n at once,
//! and a table gives the bit within the byte found ("broadword" selection, after Vigna's
//! rank/select), so a draw costs the same dozen word operations whatever n is.

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// `IN_BYTE[b * 8 + k]`: the index of the k-th set bit of byte `b` (8 when it has fewer).
static IN_BYTE: [u8; 256 * 8] = {
    let mut table = [8u8; 256 * 8];
    let mut b = 0;
    while b < 256 {
        let (mut k, mut bit) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b * 8 + k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// For each byte of `x`, the number of set bits of `x` in that byte and the ones below it.
#[inline(always)]
fn running_counts(x: u64) -> u64 {
    let pairs = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333);
    let bytes = (nibbles + (nibbles >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    bytes.wrapping_mul(ONES)
}

/// The number of set bits of `x` (the top byte of the running counts).
#[inline(always)]
pub(crate) fn bit_count(x: u64) -> u32 {
    (running_counts(x) >> 56) as u32
}

/// The index of the `n`-th set bit of `x` (from 0, lowest first); `x` must have more than
/// `n` set bits (64 otherwise).
#[inline(always)]
pub(crate) fn nth_set_bit(x: u64, n: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if fast_pdep() {
        // SAFETY: the processor has BMI2 (`fast_pdep` checked).
        return unsafe { nth_set_bit_bmi2(x, n) };
    }
    nth_set_bit_broadword(x, n)
}

/// Whether the processor has a fast `pdep`: BMI2 (and POPCNT, which the placement playouts
/// compiled with it use too), and not an AMD processor before Zen 3 (family 0x19), which
/// carries it out in microcode, a cycle or more per set bit, where the broadword selection
/// is a dozen operations. Asked once.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn fast_pdep() -> bool {
    static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FAST.get_or_init(|| {
        std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("popcnt")
            && !slow_amd_pdep()
    })
}

/// Whether this is an AMD processor of a family before 0x19 (Zen 3).
#[cfg(target_arch = "x86_64")]
#[cold]
fn slow_amd_pdep() -> bool {
    use std::arch::x86_64::__cpuid;
    // `cpuid` exists on every x86-64 processor; leaves 0 and 1 always do.
    let (vendor, info) = (__cpuid(0), __cpuid(1));
    let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
    let family = (info.eax >> 8 & 0xf) + (info.eax >> 20 & 0xff);
    amd && family < 0x19
}

/// [`nth_set_bit`] compiled with BMI2, for callers that are not.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn nth_set_bit_bmi2(x: u64, n: u32) -> u32 {
    // SAFETY: this function is compiled with BMI2, which its callers promise.
    unsafe { nth_set_bit_pdep(x, n) }
}

/// [`nth_set_bit`] by one parallel bit deposit: bit `n` of a word spread onto the set bits
/// of `x` lands on the n-th of them. Inlined into callers compiled with BMI2 (on other
/// architectures, the broadword selection).
///
/// # Safety
///
/// The processor must have BMI2.
#[inline(always)]
pub(crate) unsafe fn nth_set_bit_pdep(x: u64, n: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        if n >= 64 {
            return 64;
        }
        // SAFETY: the caller promises BMI2.
        unsafe { std::arch::x86_64::_pdep_u64(1 << n, x).trailing_zeros() }
    }
    #[cfg(not(target_arch = "x86_64"))]
    nth_set_bit_broadword(x, n)
}

/// [`nth_set_bit`] with plain word operations.
#[inline(always)]
fn nth_set_bit_broadword(x: u64, n: u32) -> u32 {
    let totals = running_counts(x);
    // A byte's high bit is set where its running count is at most n (counts and n are at
    // most 64, so no byte borrows from the next): those bytes come before the one sought.
    let at_most = ((u64::from(n) * ONES) | HIGHS).wrapping_sub(totals) & HIGHS;
    let byte = ((at_most >> 7).wrapping_mul(ONES) >> 56) as u32;
    if byte >= 8 {
        return 64;
    }
    let shift = byte * 8;
    // The count below the byte: the running count of the byte before it (0 for the first).
    let below = ((totals << 8) >> shift) as u32 & 0xff;
    let in_byte = (x >> shift) as usize & 0xff;
    let rank = (n - below) as usize;
    shift + u32::from(IN_BYTE[in_byte * 8 + rank.min(7)])
}

#[cfg(test)]
mod tests {
    use super::{bit_count, nth_set_bit};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The n-th set bit by clearing the lowest one n times.
    fn by_loop(mut x: u64, n: u32) -> u32 {
        for _ in 0..n {
            x &= x.wrapping_sub(1);
        }
        x.trailing_zeros()
    }

    /// Every n of words of every density (sparse, dense, single bits, all ones, bytes
    /// empty and full), against the loop; the count against `count_ones`.
    #[test]
    fn selects_the_same_bit_as_the_loop() {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut words: Vec<u64> = vec![
            0,
            1,
            1 << 63,
            u64::MAX,
            0xff00_ff00_ff00_ff00,
            0x8000_0000_0000_0001,
        ];
        for _ in 0..20_000 {
            let (a, b, c): (u64, u64, u64) = (rng.gen(), rng.gen(), rng.gen());
            words.extend([a, a & b, a & b & c, a | b, a | b | c]);
        }
        for x in words {
            assert_eq!(bit_count(x), x.count_ones(), "{x:#x}");
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("bmi2") {
                for n in 0..=x.count_ones() {
                    // SAFETY: the processor has BMI2, as just checked.
                    let by_pdep = unsafe { super::nth_set_bit_bmi2(x, n) };
                    assert_eq!(by_pdep, super::nth_set_bit_broadword(x, n), "{x:#x}, {n}");
                }
            }
            for n in 0..x.count_ones() {
                assert_eq!(nth_set_bit(x, n), by_loop(x, n), "{x:#x}, n = {n}");
            }
            assert_eq!(
                nth_set_bit(x, x.count_ones()),
                64,
                "{x:#x}: past the last bit"
            );
        }
    }
}
