//! The df-pn solver's checkpoints: its table written to a file, so that a long run stopped
//! by a limit or by Ctrl-C can go on later (`solve --checkpoint FILE`, `--resume FILE`).
//!
//! The file is little-endian 64-bit words: the magic `TTDFPN` and a format version, the
//! fingerprint of the game and position solved (a file made for another game, other
//! options, another position or without symmetries is refused), the solver's visit
//! counter, the table's size and fill, its slots, and a checksum of everything before it
//! (a truncated or damaged file is refused). It is written to `FILE.tmp` and renamed over
//! `FILE`, so an interrupted write never leaves a half-written checkpoint.

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
/// grow to `max_bytes`, or kept at its size if larger).
pub fn load(
    path: &Path,
    fingerprint: u64,
    max_bytes: usize,
) -> Result<(Header, Table), SolveError> {
    let name = path.display();
    let bad =
        |why: &str| SolveError::Checkpoint(format!("{name} is not a usable checkpoint: {why}"));
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(|e| SolveError::Checkpoint(format!("cannot read {name}: {e}")))?;
    if bytes.get(..8) != Some(&MAGIC.to_le_bytes()[..]) {
        return Err(bad("it was not written by `tabletop solve --checkpoint`"));
    }
    if bytes.len() % 8 != 0 || bytes.len() < (HEADER_WORDS + 1) * 8 {
        return Err(bad("it is too short or cut off"));
    }
    let words: Vec<u64> = bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap_or_default()))
        .collect();
    drop(bytes);
    if words[1] != VERSION {
        return Err(bad(&format!(
            "it has format version {}, this tabletop reads version {VERSION}",
            words[1]
        )));
    }
    let (body, sum) = words.split_at(words.len() - 1);
    if body.iter().fold(FOLD_START, |h, &w| fold(h, w)) != sum[0] {
        return Err(bad(
            "its checksum does not match (the file is damaged or cut off)",
        ));
    }
    if words[2] != fingerprint {
        return Err(bad(
            "it was made for another game, other options, another position or another symmetry setting",
        ));
    }
    let slots = words[4] as usize;
    let cap = words[5] as usize;
    let filled = words[6] as usize;
    let data = &body[HEADER_WORDS..];
    if !slots.is_power_of_two() || slots < 4 || data.len() != slots * 4 || filled > slots {
        return Err(bad("its table's size does not match its contents"));
    }
    let _ = cap; // the run that made it had its own memory cap; this run's applies
    let table = Table::from_parts(data.to_vec(), Table::slots_for(max_bytes), filled);
    let header = Header {
        fingerprint: words[2],
        next_visit: words[3],
    };
    Ok((header, table))
}
