//! Matches split over processes and machines: `tabletop match --shard I/N --records DIR`
//! plays one slice of a seeded match and writes its games' records, and `tabletop
//! match-report DIR` checks the slices and merges them into the match's results table.
//!
//! * Shards are numbered from 0 (as Slurm's `SLURM_ARRAY_TASK_ID` and Kubernetes'
//!   `JOB_COMPLETION_INDEX` count). Shard I of N plays the games k (from 0) with
//!   k mod N = I: round robin, so every shard gets both seatings and a fair share of long
//!   and short games.
//! * Game k is the same game whoever plays it: its seeds come from the match seed and k only
//!   ([`tournament::game_seed`]), so the merged table equals the table of the unsharded
//!   match (but for the time, which adds up the shards' times).
//! * In DIR, game k's record is `game-KKKKKK.txt` (k in six digits), in the format of
//!   `play`'s `save` ([`crate::io::record`]); shard I writes `shard-I.json`, with the match's
//!   parameters, when all its games are written. Every file is written atomically (a
//!   temporary file beside it, renamed), so a shard that stops half-way leaves whole records
//!   and no summary.
//! * `match-report` replays every record to score it: a record is the only source of a game's
//!   result, so a damaged one is found, not counted.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;
use serde::{Deserialize, Serialize};

use super::tournament::{self, GameRecord, MatchArgs, MatchError, MatchReport, PlayerSpec};
use crate::engine::Game;
use crate::io::record::{remove_stale_temps, write_atomic_here as write_atomic, Record};

/// Most shards a match is split into.
pub const MAX_SHARDS: usize = 1_000_000;

/// The `format` of a shard summary this version writes and reads.
const FORMAT: &str = "tabletop match shard 1";

/// One slice of a match: shard `index` of `count` (`--shard I/N`, I from 0 to N - 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardSpec {
    pub index: usize,
    pub count: usize,
}

impl ShardSpec {
    /// The games (from 0) of a match of `games` games that this shard plays.
    pub fn games(&self, games: usize) -> impl Iterator<Item = usize> {
        (self.index..games).step_by(self.count)
    }
}

impl FromStr for ShardSpec {
    type Err = String;

    /// Reads `I/N`: N from 1 to [`MAX_SHARDS`], I from 0 to N - 1.
    fn from_str(text: &str) -> Result<ShardSpec, String> {
        let usage = format!(
            "'{text}' is not a shard; expected I/N, shard I (from 0) of N, like 0/4 or 99/100"
        );
        let (i, n) = text.trim().split_once('/').ok_or_else(|| usage.clone())?;
        let (Ok(index), Ok(count)) = (i.trim().parse::<usize>(), n.trim().parse::<usize>()) else {
            return Err(usage);
        };
        if count == 0 || count > MAX_SHARDS {
            return Err(format!(
                "'{text}': the number of shards must be from 1 to {MAX_SHARDS}"
            ));
        }
        if index >= count {
            return Err(format!(
                "'{text}': shards are numbered from 0, so shard {index} of {count} does not \
                 exist (the last is {}/{count})",
                count - 1
            ));
        }
        Ok(ShardSpec { index, count })
    }
}

/// What `shard-I.json` holds: the parameters of the match (which every shard of one match
/// shares) and what this shard did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardSummary {
    /// [`FORMAT`].
    pub format: String,
    /// The game as given on the command line (a shipped name or a `.game` path).
    pub game: String,
    /// The game's title.
    pub title: String,
    /// The `--set` options, in order.
    pub options: Vec<(String, String)>,
    /// A fingerprint of the compiled rules ([`rules_fingerprint`]): shards on machines with
    /// different versions of a rule file do not merge.
    pub rules: String,
    /// Player A and player B as written (`ai:3`, `random`).
    pub a: String,
    pub b: String,
    /// Games in the whole match.
    pub games: usize,
    pub seed: u64,
    /// Shards in the whole match, and this shard's number (from 0).
    pub shards: usize,
    pub shard: usize,
    /// How many games this shard played.
    pub played: usize,
    /// Worker threads and wall-clock seconds this shard used.
    pub threads: usize,
    pub seconds: f64,
    /// The tabletop version that played it.
    pub version: String,
}

impl ShardSummary {
    /// The first parameter of the match on which `self` and `other` differ, as
    /// `(name, self's value, other's value)`; `None` when they belong to one match.
    fn differs_from(&self, other: &ShardSummary) -> Option<(&'static str, String, String)> {
        let opts = |s: &ShardSummary| {
            let v: Vec<String> = s.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
            format!("[{}]", v.join(" "))
        };
        let fields: [(&'static str, String, String); 9] = [
            ("format", self.format.clone(), other.format.clone()),
            ("game", self.title.clone(), other.title.clone()),
            ("options", opts(self), opts(other)),
            ("rules", self.rules.clone(), other.rules.clone()),
            ("player A", self.a.clone(), other.a.clone()),
            ("player B", self.b.clone(), other.b.clone()),
            ("games", self.games.to_string(), other.games.to_string()),
            ("seed", self.seed.to_string(), other.seed.to_string()),
            ("shards", self.shards.to_string(), other.shards.to_string()),
        ];
        fields.into_iter().find(|(_, x, y)| x != y)
    }
}

/// A fingerprint of the compiled rules: FNV-1a (64 bits, in hex) of `tabletop describe`'s
/// text, which lists the board, pieces, moves and endings as compiled with the options.
pub fn rules_fingerprint(game: &Game) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in super::describe::describe(game).bytes() {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The file name of game `index`'s record.
pub fn record_name(index: usize) -> String {
    format!("game-{index:06}.txt")
}

/// The file name of shard `index`'s summary.
pub fn summary_name(index: usize) -> String {
    format!("shard-{index}.json")
}

fn data(message: String) -> MatchError {
    MatchError { message, code: 1 }
}

fn usage(message: String) -> MatchError {
    MatchError { message, code: 2 }
}

/// Makes `dir` (and its parents) if missing and checks that a file can be written in it, so
/// that a shard fails before its games, not after.
fn prepare_folder(dir: &Path) -> Result<(), MatchError> {
    let shown = dir.display();
    if let Ok(meta) = std::fs::metadata(dir) {
        if !meta.is_dir() {
            return Err(usage(format!(
                "--records {shown}: that is a file, not a folder"
            )));
        }
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| data(format!("--records {shown}: cannot make the folder: {e}")))?;
    // A shard killed before (`kill -9`) may have left a record's temporary file.
    remove_stale_temps(dir, None);
    let probe = dir.join(format!(".write-test.tabletop-{}.tmp", std::process::id()));
    std::fs::write(&probe, b"").map_err(|e| {
        data(format!(
            "--records {shown}: cannot write in the folder: {e}"
        ))
    })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// The shard summaries in `dir`, each with its path, in shard order; unreadable or damaged
/// ones are errors naming the file.
fn read_summaries(dir: &Path) -> Result<Vec<(PathBuf, ShardSummary)>, MatchError> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| data(format!("cannot read the folder {}: {e}", dir.display())))?;
    let mut found = Vec::new();
    for entry in entries {
        let entry =
            entry.map_err(|e| data(format!("cannot read the folder {}: {e}", dir.display())))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !(name.starts_with("shard-") && name.ends_with(".json")) {
            continue;
        }
        let path = entry.path();
        let text = super::files::read_text(&path).map_err(data)?;
        let summary: ShardSummary = serde_json::from_str(&text).map_err(|e| {
            data(format!(
                "{}: not a shard summary of tabletop match ({e})",
                path.display()
            ))
        })?;
        if summary.format != FORMAT {
            return Err(data(format!(
                "{}: format '{}', but this tabletop reads '{FORMAT}'",
                path.display(),
                summary.format
            )));
        }
        found.push((path, summary));
    }
    found.sort_by(|x, y| x.1.shard.cmp(&y.1.shard).then_with(|| x.0.cmp(&y.0)));
    Ok(found)
}

/// An error unless every summary in `others` belongs to the match of `first`.
fn check_same_match(
    first: &(PathBuf, ShardSummary),
    others: &[(PathBuf, ShardSummary)],
) -> Result<(), MatchError> {
    for (path, s) in others {
        if let Some((what, theirs, ours)) = s.differs_from(&first.1) {
            return Err(data(format!(
                "{} belongs to another match: {what} {theirs}, not {ours} as in {}",
                path.display(),
                first.0.display()
            )));
        }
    }
    Ok(())
}

/// `tabletop match --records DIR [--shard I/N]`: plays this shard's games (all of them
/// without `--shard`), writes each record as it finishes, then the shard's summary; prints
/// the results table of its games.
pub fn play_shard(
    args: &MatchArgs,
    game: &Game,
    dir: &Path,
    threads: usize,
) -> Result<(), MatchError> {
    let shard = args.shard.unwrap_or(ShardSpec { index: 0, count: 1 });
    let games = args.games as usize;
    prepare_folder(dir)?;
    let mut summary = ShardSummary {
        format: FORMAT.into(),
        game: args.game.clone(),
        title: game.title().to_string(),
        options: args.set.clone(),
        rules: rules_fingerprint(game),
        a: args.a.spec(),
        b: args.b.spec(),
        games,
        seed: args.seed,
        shards: shard.count,
        shard: shard.index,
        played: 0,
        threads,
        seconds: 0.0,
        version: env!("CARGO_PKG_VERSION").into(),
    };
    // A folder that already holds another match's shards would merge into nonsense: refuse
    // now, before hours of play.
    let existing = read_summaries(dir)?;
    for (path, s) in &existing {
        if let Some((what, theirs, ours)) = s.differs_from(&summary) {
            return Err(data(format!(
                "{} holds another match ({what} {theirs}, not {ours}); use an empty folder",
                path.display()
            )));
        }
    }
    let indices: Vec<usize> = shard.games(games).collect();
    let start = Instant::now();
    // One write at a time: the Ctrl-C clean-up knows one temporary file.
    let writing = Mutex::new(());
    let head = Record {
        game: args.game.clone(),
        options: args.set.clone(),
        position: None,
        moves: Vec::new(),
        header: Default::default(),
    };
    let pairing = tournament::Pairing {
        game,
        a: &args.a,
        b: &args.b,
        seed: args.seed,
    };
    let records = tournament::play_games(&pairing, &indices, threads, true, |r, moves, _| {
        let text = record_text(&head, &summary, game, r, moves);
        let path = dir.join(record_name(r.index));
        let _guard = writing.lock().unwrap_or_else(|e| e.into_inner());
        write_atomic(&path, &text)
            .map_err(|e| data(format!("cannot write {}: {e}", path.display())))
    })?;
    summary.played = records.len();
    summary.seconds = start.elapsed().as_secs_f64();
    let json = serde_json::to_string_pretty(&summary)
        .map_err(|e| data(format!("cannot write the shard summary: {e}")))?;
    let path = dir.join(summary_name(shard.index));
    write_atomic(&path, &(json + "\n"))
        .map_err(|e| data(format!("cannot write {}: {e}", path.display())))?;
    let report = MatchReport::new(
        game,
        &args.a,
        &args.b,
        args.seed,
        threads.clamp(1, indices.len().max(1)),
        records,
        start.elapsed(),
    );
    print!("{}", report.table());
    eprintln!(
        "shard {}/{}: {} of {games} games, records in {}; when every shard is done: \
         tabletop match-report {}",
        shard.index,
        shard.count,
        indices.len(),
        dir.display(),
        dir.display()
    );
    Ok(())
}

/// The record file of one game: the record `play` would save, after comment lines saying
/// which game of which match it is and how it ended (for people; `match-report` replays the
/// moves instead).
fn record_text(
    head: &Record,
    summary: &ShardSummary,
    game: &Game,
    r: &GameRecord,
    moves: &[String],
) -> String {
    let seat = |s: usize| game.players().get(s).map_or("?", String::as_str);
    let comments = format!(
        "# match game {} (from 0) of {}, seed {}: A = {} plays {}, B = {} plays {}\n\
         # {} after {} plies: {}\n",
        r.index,
        summary.games,
        summary.seed,
        summary.a,
        seat(r.a_seat),
        summary.b,
        seat(1 - r.a_seat),
        match r.winner {
            tournament::Winner::A => "A won",
            tournament::Winner::B => "B won",
            tournament::Winner::Draw => "drawn",
        },
        r.plies,
        r.reason
    );
    let rec = Record {
        moves: moves.to_vec(),
        ..head.clone()
    };
    let text = rec.to_text();
    match text.split_once('\n') {
        Some((first, rest)) => format!("{first}\n{comments}{rest}"),
        None => text,
    }
}

/// Replays a record of game `index` and scores it as the match did; the error says which
/// move is wrong or that the record stops before the game's end.
pub fn replay(game: &Game, index: usize, rec: &Record) -> Result<GameRecord, String> {
    if rec.position.is_some() {
        return Err(
            "a match game starts from the start position, but this has a 'position'".into(),
        );
    }
    let mut state = game.start();
    let mut plies = 0;
    for (i, text) in rec.moves.iter().enumerate() {
        if game.is_over(&state) {
            return Err(format!(
                "move {} '{text}' comes after the end of the game",
                i + 1
            ));
        }
        let mv = game
            .parse_move(&state, text)
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        if mv.as_roll().is_none() {
            if plies >= tournament::MAX_PLIES {
                return Err(format!(
                    "move {} '{text}' is past the match's limit of {} plies",
                    i + 1,
                    tournament::MAX_PLIES
                ));
            }
            plies += 1;
        }
        game.make(&mut state, mv);
    }
    let outcome = match game.outcome(&state) {
        Some(o) => Some(o),
        None if plies >= tournament::MAX_PLIES => None,
        None if game.is_chance(&state) || !game.legal_moves_vec(&state).is_empty() => {
            return Err(format!(
                "the record stops after {} moves, before the end of the game",
                rec.moves.len()
            ))
        }
        None => Some(tournament::stuck_outcome(game, &state)),
    };
    Ok(tournament::finish(game, &state, outcome, index, plies))
}

/// Checks that a record file is the one game `index` of this match wrote, from its first
/// comment line (`# match game K (from 0) of N, seed S: …`): a record copied or renamed
/// to another game's file replays just as well, and would change the table unseen.
fn check_identity(text: &str, index: usize, m: &ShardSummary) -> Result<(), String> {
    const HEAD: &str = "# match game ";
    let Some(line) = text.lines().find_map(|l| l.strip_prefix(HEAD)) else {
        return Err(format!(
            "not a record this match wrote: its '{HEAD}K (from 0) of N, seed S' line is missing"
        ));
    };
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |i: usize| {
        words
            .get(i)
            .map(|w| w.trim_end_matches([',', ':']))
            .and_then(|w| w.parse::<u64>().ok())
    };
    let (Some(k), Some(games), Some(seed)) = (number(0), number(4), number(6)) else {
        return Err(format!(
            "its first comment '{}' is not '{HEAD}K (from 0) of N, seed S'",
            crate::lang::diag::bounded(&format!("{HEAD}{line}"))
        ));
    };
    if games != m.games as u64 || seed != m.seed {
        return Err(format!(
            "a record of another match (of {games} games, seed {seed}; not {}, seed {})",
            m.games, m.seed
        ));
    }
    if k != index as u64 {
        return Err(format!(
            "the record of game {k}, not of game {index}: a record copied or renamed to \
             another game's file is refused, so that no game counts twice"
        ));
    }
    Ok(())
}

/// The options of `tabletop match-report`.
#[derive(Args, Clone, Debug)]
pub struct MatchReportArgs {
    /// The folder the shards wrote (`tabletop match --shard I/N --records DIR`).
    pub dir: PathBuf,
    /// The rule file the match was played with, when it is not a shipped game: the
    /// summaries name a game but are never trusted to name a file to read.
    #[arg(long)]
    pub game: Option<String>,
}

/// Most record names listed in one "missing" message.
const LIST_AT_MOST: usize = 10;

/// `what` followed by at most [`LIST_AT_MOST`] of `items`, and how many more.
fn listed(items: &[String]) -> String {
    let mut s = items
        .iter()
        .take(LIST_AT_MOST)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if items.len() > LIST_AT_MOST {
        s.push_str(&format!(" and {} more", items.len() - LIST_AT_MOST));
    }
    s
}

/// Reads every shard's summary and every game's record in `dir`, checks that they make up
/// one whole match, and returns its report.
/// `own_rules` is the rule file given on the command line (`--game`), which a summary may
/// name; any other game must be shipped.
pub fn merge(dir: &Path, own_rules: Option<&str>) -> Result<MatchReport, MatchError> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => return Err(usage(format!("{} is a file, not a folder", dir.display()))),
        Err(e) => {
            return Err(usage(format!(
                "cannot read the folder {}: {e}",
                dir.display()
            )))
        }
    }
    let summaries = read_summaries(dir)?;
    let Some(first) = summaries.first() else {
        return Err(data(format!(
            "{} holds no shard summary (shard-I.json): run tabletop match --shard I/N \
             --records {} first",
            dir.display(),
            dir.display()
        )));
    };
    check_same_match(first, &summaries[1..])?;
    let m = first.1.clone();
    check_shards(dir, &summaries, &m)?;
    let game = crate::games::load_recorded(&m.game, &m.options, own_rules).map_err(|e| {
        data(format!(
            "cannot load the game '{}' that {} names: {e}",
            m.game,
            first.0.display()
        ))
    })?;
    if rules_fingerprint(&game) != m.rules {
        return Err(data(format!(
            "the rules of '{}' here are not those the shards played (fingerprint {}, not {})",
            m.game,
            rules_fingerprint(&game),
            m.rules
        )));
    }
    let parse_player = |text: &str| {
        text.parse::<PlayerSpec>()
            .map_err(|e| data(format!("{}: {e}", first.0.display())))
    };
    let (a, b) = (parse_player(&m.a)?, parse_player(&m.b)?);
    check_no_extra(dir, &m)?;
    let games = read_games(dir, &game, &m)?;
    let mut report = MatchReport::new(
        &game,
        &a,
        &b,
        m.seed,
        summaries.iter().map(|(_, s)| s.threads).sum(),
        games,
        Duration::from_secs_f64(
            summaries
                .iter()
                .map(|(_, s)| s.seconds)
                .filter(|s| s.is_finite() && *s >= 0.0)
                .sum::<f64>()
                .min(1e12),
        ),
    );
    report.shards = m.shards;
    Ok(report)
}

/// Checks that the summaries in `dir` are every shard of the match `m` once, each having
/// played its share of the games.
fn check_shards(
    dir: &Path,
    summaries: &[(PathBuf, ShardSummary)],
    m: &ShardSummary,
) -> Result<(), MatchError> {
    // Every shard once, and each with the games it had to play.
    let mut seen: Vec<Option<&Path>> = vec![None; m.shards];
    for (path, s) in summaries {
        let Some(slot) = seen.get_mut(s.shard) else {
            return Err(data(format!(
                "{}: shard {} of a match of {} shards",
                path.display(),
                s.shard,
                m.shards
            )));
        };
        if let Some(other) = slot {
            return Err(data(format!(
                "shard {} is there twice: {} and {}",
                s.shard,
                other.display(),
                path.display()
            )));
        }
        *slot = Some(path);
        let expected = ShardSpec {
            index: s.shard,
            count: m.shards,
        }
        .games(m.games)
        .count();
        if s.played != expected {
            return Err(data(format!(
                "{}: shard {} played {} games, but its share of {} games is {expected}",
                path.display(),
                s.shard,
                s.played,
                m.games
            )));
        }
    }
    let missing: Vec<String> = (0..m.shards)
        .filter(|&i| seen[i].is_none())
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(data(format!(
            "{} of {} shards have not finished (no shard-I.json in {}): shard{} {}",
            missing.len(),
            m.shards,
            dir.display(),
            if missing.len() == 1 { "" } else { "s" },
            listed(&missing)
        )));
    }
    Ok(())
}

/// Checks that `dir` holds no record of a game past the end of the match `m` (those
/// belong to another match).
fn check_no_extra(dir: &Path, m: &ShardSummary) -> Result<(), MatchError> {
    let extra: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| data(format!("cannot read the folder {}: {e}", dir.display())))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            n.strip_prefix("game-")
                .and_then(|n| n.strip_suffix(".txt"))
                .and_then(|k| k.parse::<usize>().ok())
                .is_some_and(|k| k >= m.games)
        })
        .collect();
    if !extra.is_empty() {
        return Err(data(format!(
            "{} holds records past the match's {} games: {}",
            dir.display(),
            m.games,
            listed(&extra)
        )));
    }
    Ok(())
}

/// Reads and replays the record of every game of the match `m` in `dir`, in order: an
/// error names a missing record, one of another game or match, or an illegal move.
fn read_games(dir: &Path, game: &Game, m: &ShardSummary) -> Result<Vec<GameRecord>, MatchError> {
    let mut games = Vec::with_capacity(m.games);
    let mut missing = Vec::new();
    for k in 0..m.games {
        let path = dir.join(record_name(k));
        if !path.exists() {
            missing.push(record_name(k));
            continue;
        }
        let text = super::files::read_text(&path).map_err(data)?;
        let rec = Record::parse(&text).map_err(|e| data(format!("{}: {e}", path.display())))?;
        if rec.game != m.game || rec.options != m.options {
            return Err(data(format!(
                "{}: a record of another game ({} {:?}, not {} {:?})",
                path.display(),
                rec.game,
                rec.options,
                m.game,
                m.options
            )));
        }
        check_identity(&text, k, m).map_err(|e| data(format!("{}: {e}", path.display())))?;
        games.push(replay(game, k, &rec).map_err(|e| data(format!("{}: {e}", path.display())))?);
    }
    if !missing.is_empty() {
        return Err(data(format!(
            "{} of {} game records are missing from {}: {}",
            missing.len(),
            m.games,
            dir.display(),
            listed(&missing)
        )));
    }
    Ok(games)
}

/// `tabletop match-report DIR`: prints the merged results table.
pub fn report_cli(args: &MatchReportArgs) -> Result<(), MatchError> {
    let report = merge(&args.dir, args.game.as_deref())?;
    print!("{}", report.table());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_split_the_games() {
        let s: ShardSpec = "2/4".parse().unwrap();
        assert_eq!(s.games(11).collect::<Vec<_>>(), vec![2, 6, 10]);
        let s: ShardSpec = "0/1".parse().unwrap();
        assert_eq!(s.games(3).count(), 3);
        let s: ShardSpec = "5/8".parse().unwrap();
        assert_eq!(s.games(4).count(), 0);
        for bad in ["5/4", "4/4", "0/0", "x/y", "1", "-1/4", "1/-4", ""] {
            assert!(bad.parse::<ShardSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn every_game_replays_to_the_result_the_match_gave() {
        for (name, a, b) in [
            ("tictactoe", "ab:2", "random"),
            ("ur", "random", "ai:2"),
            ("chess", "random", "random"),
        ] {
            let game = crate::load_shipped(name, &[]).unwrap();
            let (a, b) = (a.parse().unwrap(), b.parse().unwrap());
            for k in 0..3 {
                let mut moves = Vec::new();
                let played = tournament::play_game_recorded(&game, &a, &b, 5, k, Some(&mut moves));
                let rec = Record {
                    game: name.into(),
                    moves: moves.clone(),
                    ..Record::default()
                };
                assert_eq!(replay(&game, k, &rec), Ok(played), "{name} game {k}");
                if moves.len() > 1 {
                    let cut = Record {
                        moves: moves[..moves.len() - 1].to_vec(),
                        ..rec.clone()
                    };
                    assert!(replay(&game, k, &cut).is_err(), "{name} game {k} cut");
                }
            }
        }
    }
}
