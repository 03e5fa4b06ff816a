//! The df-pn solver's checkpoints: its table written to a file, so that a long run stopped
//! by a limit or by Ctrl-C can go on later (`solve --checkpoint FILE`, `--resume FILE`).
//!
//! The file is little-endian 64-bit words: the magic `TTDFPN` and a format version, the
//! fingerprint of the game and position solved (a file made for another game, other
//! options, another position or without symmetries is refused; whether virtual
//! connections were used is left out, since the proofs the table holds stand either way
//! and its estimates only guide), the solver's visit counter, the table's size and fill,
//! its slots, and a checksum of everything before it (a truncated or damaged file is
//! refused). It is written to `FILE.tmp` and renamed over `FILE`, so an interrupted write
//! never leaves a half-written checkpoint.

use std::io::{BufWriter, Read, Write};
use std::path::Path;

use super::table::Table;
use super::SolveError;

/// The first word: "TTDFPN" and the format version.
const MAGIC: u64 = u64::from_le_bytes(*b"TTDFPN\0\0");
/// The format version.
const VERSION: u64 = 1;
/// Words before the slots: magic, version, fingerprint, visit counter, slots, cap, filled.
const HEADER_WORDS: usize = 7;

/// What a checkpoint holds besides the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game, its options, the position solved and whether symmetries merge positions.
    pub fingerprint: u64,
    /// The solver's visit counter: a resumed run goes on from it, so that the line
    /// dependencies of disproofs in the table never match a visit of the new run.
    pub next_visit: u64,
}

/// Folds words into a checksum (FNV-1a over the words).
fn fold(mut h: u64, w: u64) -> u64 {
    h ^= w;
    h.wrapping_mul(0x0000_0100_0000_01b3)
}

const FOLD_START: u64 = 0xcbf2_9ce4_8422_2325;

fn io_error(path: &Path, e: std::io::Error) -> SolveError {
    SolveError::Checkpoint(format!("cannot write {}: {e}", path.display()))
}

/// Writes `table` and `header` to `path` (through `path.tmp`, renamed when complete).
pub fn save(path: &Path, header: Header, table: &Table) -> Result<(), SolveError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    let write = || -> std::io::Result<()> {
        let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(&tmp)?);
        let (slots, cap, filled) = table.parts();
        let head = [
            MAGIC,
            VERSION,
            header.fingerprint,
            header.next_visit,
            (slots.len() / 4) as u64,
            cap as u64,
            filled as u64,
        ];
        let mut sum = FOLD_START;
        for &w in head.iter().chain(slots) {
            sum = fold(sum, w);
            out.write_all(&w.to_le_bytes())?;
        }
        out.write_all(&sum.to_le_bytes())?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()
    };
    if let Err(e) = write() {
        let _ = std::fs::remove_file(&tmp);
        return Err(io_error(&tmp, e));
    }
    std::fs::rename(&tmp, path).map_err(|e| io_error(path, e))
}

/// Reads the checkpoint at `path` made for `fingerprint`: its header and table (allowed to
/// grow to `max_bytes`, or kept at its size if larger). The slots are read straight into the
/// table, so a resumed run holds one copy of them, never the file's bytes besides.
pub fn load(
    path: &Path,
    fingerprint: u64,
    max_bytes: usize,
) -> Result<(Header, Table), SolveError> {
    let name = path.display();
    let bad =
        |why: &str| SolveError::Checkpoint(format!("{name} is not a usable checkpoint: {why}"));
    let cannot = |e: std::io::Error| SolveError::Checkpoint(format!("cannot read {name}: {e}"));
    let file = std::fs::File::open(path).map_err(cannot)?;
    let len = file.metadata().map_err(cannot)?.len();
    let mut input = std::io::BufReader::with_capacity(1 << 20, file);
    let mut sum = FOLD_START;
    // Reads `out.len()` words, folding them into the checksum.
    let mut read_words = |out: &mut [u64], sum: &mut u64| -> std::io::Result<()> {
        let mut buf = [0u8; 8];
        for w in out.iter_mut() {
            input.read_exact(&mut buf)?;
            *w = u64::from_le_bytes(buf);
            *sum = fold(*sum, *w);
        }
        Ok(())
    };
    let mut head = [0u64; HEADER_WORDS];
    let too_short = || bad("it is too short or cut off");
    if len < ((HEADER_WORDS + 1) * 8) as u64 {
        let mut magic = [0u64; 1];
        return Err(match read_words(&mut magic, &mut sum) {
            Ok(()) if magic[0] != MAGIC => {
                bad("it was not written by `tabletop solve --checkpoint`")
            }
            _ => too_short(),
        });
    }
    read_words(&mut head, &mut sum).map_err(cannot)?;
    if head[0] != MAGIC {
        return Err(bad("it was not written by `tabletop solve --checkpoint`"));
    }
    if len % 8 != 0 {
        return Err(too_short());
    }
    if head[1] != VERSION {
        return Err(bad(&format!(
            "it has format version {}, this tabletop reads version {VERSION}",
            head[1]
        )));
    }
    let slots = head[4] as usize;
    let filled = head[6] as usize;
    let body_words = len / 8 - (HEADER_WORDS as u64 + 1);
    if slots.is_power_of_two() && body_words < slots as u64 * 4 {
        return Err(too_short());
    }
    if !slots.is_power_of_two() || slots < 4 || body_words != slots as u64 * 4 || filled > slots {
        return Err(bad("its table's size does not match its contents"));
    }
    let mut data = vec![0u64; slots * 4];
    read_words(&mut data, &mut sum).map_err(cannot)?;
    let mut stored = [0u64; 1];
    let mut ignored = 0;
    read_words(&mut stored, &mut ignored).map_err(cannot)?;
    if stored[0] != sum {
        return Err(bad(
            "its checksum does not match (the file is damaged or cut off)",
        ));
    }
    if head[2] != fingerprint {
        return Err(bad(
            "it was made for another game, other options, another position or another symmetry setting",
        ));
    }
    // head[5], the cap of the run that made it, is not read: this run's cap applies.
    let table = Table::from_parts(data, Table::slots_for(max_bytes), filled);
    let header = Header {
        fingerprint: head[2],
        next_visit: head[3],
    };
    Ok((header, table))
}
