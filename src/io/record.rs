//! Game records: a plain-text file holding what is needed to replay a game.
//!
//! ```text
//! # tabletop game record
//! game tictactoe
//! set size=5
//! position 3/1X1/3 O 1
//! moves b2 a1 c3
//! ```
//!
//! A record may also say who played, where and when, and how it ended (what PGN's tag
//! roster and SGF's game information keep), one line each: `event`, `site`, `date`,
//! `round`, `player N NAME` (the player of seat N, from 1) and `result` (as written where
//! the record came from: `1-0`, `B+3.5`).
//!
//! `game` names a shipped game (or the rule file given on the command line: a record never
//! names a file to read, see [`crate::games::load_recorded`]); each `set` line is one `--set` option;
//! `position` appears only when the game did not start from the default position; `moves`
//! lines list the moves in order, in the game's notation (any number of lines, any number of
//! moves per line). Blank lines and lines starting with `#` are ignored.

use std::io::Write;
use std::path::Path;

/// A game record: the game, its options, the start position if not the default, the moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// A shipped game's name or a path to a `.game` file.
    pub game: String,
    /// The `--set` options, in order.
    pub options: Vec<(String, String)>,
    /// The start position in position notation, when not the game's default.
    pub position: Option<String>,
    /// The moves, in the game's notation.
    pub moves: Vec<String>,
    /// Who played, where and when, and how it ended.
    pub header: Header,
}

/// Who played a recorded game, where and when, and how it ended: PGN's tag roster, SGF's
/// `PB`, `PW`, `EV`, `DT`, `RE`. Every value is one line of text; unknown ones are absent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// The event (a tournament's name, `Casual game`).
    pub event: Option<String>,
    /// Where it was played.
    pub site: Option<String>,
    /// When, as the source wrote it (`1851.06.21`, `2024-03-01`).
    pub date: Option<String>,
    /// The round of the event.
    pub round: Option<String>,
    /// The players' names by seat, from 0 (White then Black in chess, Black then White in Go).
    pub players: Vec<(usize, String)>,
    /// The result as the source wrote it (`1-0`, `1/2-1/2`, `B+R`, `W+3.5`).
    pub result: Option<String>,
}

impl Header {
    /// The name of the player of `seat` (from 0), if known.
    pub fn player(&self, seat: usize) -> Option<&str> {
        self.players
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, n)| n.as_str())
    }

    /// Sets the name of the player of `seat` (from 0); an empty or unknown (`?`) name is
    /// not kept.
    pub fn set_player(&mut self, seat: usize, name: &str) {
        self.players.retain(|(s, _)| *s != seat);
        if let Some(name) = known(name) {
            self.players.push((seat, name));
            self.players.sort();
        }
    }

    /// The fields written as record lines (`event`, `site`, `date`, `round`, `result`), by
    /// name, for reading and writing them in one place.
    fn fields(&mut self) -> [(&'static str, &mut Option<String>); 5] {
        [
            ("event", &mut self.event),
            ("site", &mut self.site),
            ("date", &mut self.date),
            ("round", &mut self.round),
            ("result", &mut self.result),
        ]
    }

    /// The header's lines of a record's text.
    fn to_lines(&self) -> String {
        let mut out = String::new();
        let mut me = self.clone();
        for (name, value) in me.fields() {
            if let Some(v) = value {
                out.push_str(&format!("{name} {}\n", one_line(v)));
            }
        }
        for (seat, name) in &self.players {
            out.push_str(&format!("player {} {}\n", seat + 1, one_line(name)));
        }
        out
    }
}

/// `text` trimmed, unless it says nothing (empty, or PGN's `?` for unknown).
pub fn known(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty() && t != "?" && !t.chars().all(|c| c == '?' || c == '.')).then(|| one_line(t))
}

/// `text` on one line: line breaks become spaces, so a value never starts a record line.
fn one_line(text: &str) -> String {
    text.split(['\n', '\r']).collect::<Vec<_>>().join(" ")
}

/// The highest seat number a `player` line may name (no game has more players).
const MAX_SEAT: usize = 64;

/// Moves written per `moves` line.
const MOVES_PER_LINE: usize = 10;

impl Record {
    /// The record as text, in the format described in the module documentation.
    pub fn to_text(&self) -> String {
        let mut out = String::from("# tabletop game record\n");
        out.push_str(&format!("game {}\n", self.game));
        for (k, v) in &self.options {
            out.push_str(&format!("set {k}={v}\n"));
        }
        if let Some(p) = &self.position {
            out.push_str(&format!("position {p}\n"));
        }
        out.push_str(&self.header.to_lines());
        for chunk in self.moves.chunks(MOVES_PER_LINE) {
            out.push_str(&format!("moves {}\n", chunk.join(" ")));
        }
        out
    }

    /// Reads a record; the error names the offending line.
    pub fn parse(text: &str) -> Result<Record, String> {
        let mut rec = Record::default();
        let mut game = None;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, rest) = match line.split_once(char::is_whitespace) {
                Some((k, r)) => (k, r.trim()),
                None => (line, ""),
            };
            let at = |msg: String| format!("line {}: {msg}", i + 1);
            match key {
                "game" if rest.is_empty() => return Err(at("'game' needs a game name".into())),
                "game" if game.is_some() => return Err(at("the game is named twice".into())),
                "game" => game = Some(rest.to_string()),
                "set" => match rest.split_once('=') {
                    Some((k, v)) if !k.trim().is_empty() => rec
                        .options
                        .push((k.trim().to_string(), v.trim().to_string())),
                    _ => return Err(at(format!("expected 'set NAME=VALUE', found '{line}'"))),
                },
                "position" if rest.is_empty() => {
                    return Err(at("'position' needs a position".into()))
                }
                "position" if rec.position.is_some() => {
                    return Err(at("the position is given twice".into()))
                }
                "position" => rec.position = Some(rest.to_string()),
                "moves" => rec
                    .moves
                    .extend(rest.split_whitespace().map(str::to_string)),
                "player" => {
                    let (seat, name) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                    match seat.parse::<usize>() {
                        Ok(n) if (1..=MAX_SEAT).contains(&n) && !name.trim().is_empty() => {
                            rec.header.set_player(n - 1, name)
                        }
                        _ => {
                            return Err(at(format!(
                                "expected 'player N NAME' (N the seat, from 1), found '{}'",
                                crate::lang::diag::bounded(line)
                            )))
                        }
                    }
                }
                other => {
                    let mut header = std::mem::take(&mut rec.header);
                    let field = header.fields().into_iter().find(|(n, _)| *n == other);
                    match field {
                        Some((_, value)) => *value = known(rest),
                        None => {
                            return Err(at(format!(
                                "unknown line '{}' (expected game, set, position, moves, \
                                 event, site, date, round, player or result)",
                                crate::lang::diag::bounded(other)
                            )))
                        }
                    }
                    rec.header = header;
                }
            }
        }
        match game {
            Some(g) => {
                rec.game = g;
                Ok(rec)
            }
            None => Err("not a game record: no 'game' line".into()),
        }
    }
}

/// Writes `text` to `path` atomically: into a temporary file in the same directory, which is
/// then synced and renamed over `path`, so a reader never sees a half-written file; the
/// temporary file is removed whenever the write fails. Only regular files are written: an
/// existing device, FIFO, folder or symbolic link at `path` is refused (a link would be
/// replaced by a file, not followed), with a message saying so. Temporary files that a
/// killed run left beside `path` are removed first (see [`remove_stale_temps`]).
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Some(name) = path.file_name() {
        remove_stale_temps(dir, Some(&name.to_string_lossy()));
    }
    write_atomic_here(path, text)
}

/// The name of the temporary file this process writes `name` through: recognisable
/// (`.NAME.tabletop-PID.tmp`), so a later run can tell a killed run's leftover.
fn temp_name(name: &str) -> String {
    format!(".{name}.{TEMP_MARK}{}.tmp", std::process::id())
}

/// What every temporary file of tabletop has in its name, before the process id.
const TEMP_MARK: &str = "tabletop-";

/// Removes the temporary files in `dir` (of the target `only`, or of any target) whose
/// writing process is gone: a run killed mid-write (`kill -9`) leaves one that nothing else
/// would remove. A file of a live process (a save under way elsewhere) is left alone.
pub fn remove_stale_temps(dir: &Path, only: Option<&str>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        // `.TARGET.tabletop-PID.tmp`, split at the last mark (a target may hold one too).
        let Some((head, pid)) = name
            .strip_prefix('.')
            .and_then(|n| n.strip_suffix(".tmp"))
            .and_then(|n| n.rsplit_once(&format!(".{TEMP_MARK}")))
        else {
            continue;
        };
        if only.is_some_and(|target| target != head) {
            continue;
        }
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        if pid != std::process::id() && !process_alive(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether process `pid` runs (where `/proc` says; elsewhere every process counts as alive,
/// so nothing is removed that may be in use).
fn process_alive(pid: u32) -> bool {
    !Path::new("/proc/self").exists() || Path::new(&format!("/proc/{pid}")).exists()
}

/// [`write_atomic`] without looking for stale temporary files: for a writer of many files
/// in one folder (a shard's records), which removes them once at its start.
pub fn write_atomic_here(path: &Path, text: &str) -> std::io::Result<()> {
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        let what = if meta.file_type().is_symlink() {
            Some("a symbolic link; save to the file it points to")
        } else if meta.is_dir() {
            Some("a folder")
        } else if !meta.is_file() {
            Some("not a regular file (a device or a FIFO)")
        } else {
            None
        };
        if let Some(what) = what {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("{} is {what}", path.display()),
            ));
        }
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "record".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(temp_name(&name));
    // The lock is held for the whole write: an interruption waits until this temporary
    // file is renamed (or removed), and finds it named if it is still being written.
    let mut pending = pending();
    *pending = Some(tmp.clone());
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)?;
        // The rename itself is made durable by syncing the folder that holds both names.
        if let Ok(d) = std::fs::File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    *pending = None;
    result
}

/// The temporary file a [`write_atomic`] is writing now, if any.
fn pending() -> std::sync::MutexGuard<'static, Option<std::path::PathBuf>> {
    static PENDING: std::sync::Mutex<Option<std::path::PathBuf>> = std::sync::Mutex::new(None);
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Called when the program is interrupted (Ctrl-C, SIGTERM), before it exits, so no `.tmp`
/// file is left behind: waits for a [`write_atomic`] under way to finish (or removes its
/// temporary file if it was left named), and keeps any later one from starting.
pub fn remove_pending_temp() {
    let mut pending = pending();
    if let Some(tmp) = pending.take() {
        let _ = std::fs::remove_file(tmp);
    }
    // The lock stays held until the process exits: a write that started now would leave its
    // temporary file behind.
    std::mem::forget(pending);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_are_written() {
        let dir = std::env::temp_dir().join(format!("tabletop-write-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let e = write_atomic(&dir, "x").unwrap_err().to_string();
        assert!(e.ends_with("is a folder"), "{e}");
        let e = write_atomic(Path::new("/dev/null"), "x")
            .unwrap_err()
            .to_string();
        assert!(e.contains("not a regular file"), "{e}");
        let target = dir.join("real.txt");
        std::fs::write(&target, "before").unwrap();
        let link = dir.join("link.txt");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let e = write_atomic(&link, "x").unwrap_err().to_string();
        assert!(e.contains("symbolic link"), "{e}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "before");
        write_atomic(&target, "after").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "after");
        let leftovers = std::fs::read_dir(&dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .ends_with(".tmp")
            })
            .count();
        assert_eq!(leftovers, 0);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn round_trips() {
        let rec = Record {
            game: "hex".into(),
            options: vec![("size".into(), "5".into()), ("swap".into(), "yes".into())],
            position: Some("5/5/5/5/5 Black 0".into()),
            moves: (1..=12).map(|i| format!("a{i}")).collect(),
            header: Header {
                event: Some("Club night".into()),
                date: Some("2024.05.01".into()),
                players: vec![(0, "Ann Lee".into()), (1, "Bo".into())],
                result: Some("B+R".into()),
                ..Header::default()
            },
        };
        let text = rec.to_text();
        assert!(text.contains("event Club night\n"), "{text}");
        assert!(text.contains("player 1 Ann Lee\nplayer 2 Bo\n"), "{text}");
        assert!(text.contains("result B+R\n"), "{text}");
        assert_eq!(text.lines().filter(|l| l.starts_with("moves")).count(), 2);
        assert_eq!(Record::parse(&text).unwrap(), rec);
    }

    #[test]
    fn reports_bad_lines() {
        assert_eq!(
            Record::parse("game x\nfoo bar\n").unwrap_err(),
            "line 2: unknown line 'foo' (expected game, set, position, moves, event, site, \
             date, round, player or result)"
        );
        assert!(Record::parse("game x\nplayer 0 Ann\n").is_err());
        assert!(Record::parse("game x\nplayer 1\n").is_err());
        // A line break in a name never makes a line of its own.
        let mut h = Header::default();
        h.set_player(0, "Ann\nmoves a1");
        let rec = Record {
            game: "x".into(),
            header: h,
            ..Record::default()
        };
        assert_eq!(Record::parse(&rec.to_text()).unwrap().moves.len(), 0);
        assert!(Record::parse("moves a1\n").is_err());
        assert!(Record::parse("game x\nset =3\n").is_err());
    }

    #[test]
    fn writes_atomically() {
        let dir = std::env::temp_dir().join(format!("tabletop-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.txt");
        write_atomic(&path, "one").unwrap();
        write_atomic(&path, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        let leftovers = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(leftovers, 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
