//! `tabletop selfcheck`: seeded random games of a rule file, checking the engine's
//! invariants after every move, for rule-file authors.
//!
//! Each check counts its failures; the first few failures are kept with the moves that
//! lead to them, so that `tabletop show <game> --after "<moves>"` reproduces them.

use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{Game, Move, State};

/// How a self-check runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop after this many plies in total (rolls of the dice count as plies).
    pub plies: u64,
    /// Seed of the random games: the same seed plays the same games.
    pub seed: u64,
    /// A game longer than this is cut off and reported as a warning.
    pub max_game_plies: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            plies: 100_000,
            seed: 1,
            max_game_plies: 5_000,
        }
    }
}

/// One of the properties checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Check {
    /// `make` then `unmake` restores the whole state and its hash.
    Unmake,
    /// The incremental hash equals `hash_from_scratch`.
    Hash,
    /// Every legal move's text (full and compact) parses back to that move.
    MoveNotation,
    /// Position print → parse → print gives the same text.
    PositionNotation,
    /// No two legal moves are written the same.
    DistinctMoves,
    /// A game without legal moves is over (a game stuck without moves never ends).
    Ends,
    /// Nothing panics.
    NoPanic,
}

impl Check {
    /// Every check, in report order.
    pub const ALL: [Check; 7] = [
        Check::Unmake,
        Check::Hash,
        Check::MoveNotation,
        Check::PositionNotation,
        Check::DistinctMoves,
        Check::Ends,
        Check::NoPanic,
    ];

    /// What the check asserts, in a few words.
    pub fn describe(self) -> &'static str {
        match self {
            Check::Unmake => "make+unmake restores the state",
            Check::Hash => "incremental hash = hash from scratch",
            Check::MoveNotation => "move text parses back to the move",
            Check::PositionNotation => "position print -> parse -> print",
            Check::DistinctMoves => "no move listed twice (same text)",
            Check::Ends => "no game stuck without moves",
            Check::NoPanic => "no panic",
        }
    }

    fn index(self) -> usize {
        Check::ALL.iter().position(|&c| c == self).unwrap_or(0)
    }
}

/// A failed check, with the moves that reach the position where it failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Which check failed.
    pub check: Check,
    /// What went wrong.
    pub message: String,
    /// The moves from the start, as the game writes them (rolls included: `roll3`).
    pub moves: Vec<String>,
}

/// What a self-check found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games played (the last may be cut short by the ply budget).
    pub games: u64,
    /// Plies played in total.
    pub plies: u64,
    /// Length of the longest game (in plies), and its number (counted from 1).
    pub longest: (u32, u64),
    /// Failures per check, in [`Check::ALL`] order.
    pub failures: [u64; 7],
    /// The first few distinct failures, with reproducing moves.
    pub findings: Vec<Finding>,
    /// Games cut off at `max_game_plies`: (game number, plies).
    pub long_games: Vec<(u64, u32)>,
    /// Things worth knowing that are not failures (a notation that cannot express every
    /// state), with how often they were seen.
    pub notes: Vec<(String, u64)>,
}

/// At most this many failures are kept with their moves.
pub const MAX_FINDINGS: usize = 10;
/// At most this many failures of one check are kept, so that one frequent failure leaves
/// room for the others.
const MAX_FINDINGS_PER_CHECK: usize = 3;
/// Move lists longer than this have their notation checked on an even sample of this many
/// moves (plus the move played): parsing a move generates the list again, so checking every
/// move of Nex's 28,000 would cost the square.
const NOTATION_SAMPLE: usize = 48;
/// Move lists longer than this have their texts checked (duplicates, notation) every 64th ply
/// only.
const DISTINCT_ALL: usize = 2048;

impl Report {
    /// Whether every check passed (long games are warnings, not failures).
    pub fn passed(&self) -> bool {
        self.failures.iter().all(|&n| n == 0)
    }

    /// Total failures of `check`.
    pub fn failures_of(&self, check: Check) -> u64 {
        self.failures[check.index()]
    }

    fn fail(&mut self, check: Check, message: String, moves: &[String]) {
        self.failures[check.index()] += 1;
        let same = self.findings.iter().filter(|f| f.check == check).count();
        if self.findings.len() < MAX_FINDINGS && same < MAX_FINDINGS_PER_CHECK {
            self.findings.push(Finding {
                check,
                message,
                moves: moves.to_vec(),
            });
        }
    }

    fn note(&mut self, text: &str) {
        match self.notes.iter_mut().find(|(t, _)| t == text) {
            Some((_, n)) => *n += 1,
            None => self.notes.push((text.to_string(), 1)),
        }
    }

    /// The report as text; `game` and `set` are how the game was named on the command line,
    /// for the reproducing commands.
    pub fn render(&self, game: &str, set: &[(String, String)]) -> String {
        let mut out = String::new();
        let push = |out: &mut String, line: String| {
            out.push_str(&line);
            out.push('\n');
        };
        push(
            &mut out,
            format!(
                "selfcheck {game}: {} games, {} plies, longest game {} plies (game {})",
                self.games, self.plies, self.longest.0, self.longest.1
            ),
        );
        for c in Check::ALL {
            let n = self.failures_of(c);
            let verdict = if n == 0 {
                "ok".to_string()
            } else {
                format!("FAILED {n}")
            };
            push(&mut out, format!("  {:<40} {verdict}", c.describe()));
        }
        for (g, len) in &self.long_games {
            push(
                &mut out,
                format!("warning: game {g} did not end within {len} plies (cut off)"),
            );
        }
        for (text, n) in &self.notes {
            push(&mut out, format!("note: {text} ({n} positions)"));
        }
        for f in &self.findings {
            push(
                &mut out,
                format!("failure ({}): {}", f.check.describe(), f.message),
            );
            push(
                &mut out,
                format!("  reproduce: {}", repro(game, set, &f.moves)),
            );
        }
        let shown = self.findings.len() as u64;
        let total: u64 = self.failures.iter().sum();
        if total > shown {
            push(
                &mut out,
                format!("({} more failures not shown)", total - shown),
            );
        }
        push(
            &mut out,
            if self.passed() {
                "all checks passed".to_string()
            } else {
                "some checks failed".to_string()
            },
        );
        out
    }
}

/// The command that shows the position reached by `moves`.
pub fn repro(game: &str, set: &[(String, String)], moves: &[String]) -> String {
    let mut cmd = format!("tabletop show {}", quote(game));
    for (k, v) in set {
        cmd.push_str(&format!(" --set {}", quote(&format!("{k}={v}"))));
    }
    cmd.push_str(&format!(" --after \"{}\"", moves.join(" ")));
    cmd
}

/// A shell word: quoted when it holds anything but plain characters.
fn quote(s: &str) -> String {
    let plain = s
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./=,:".contains(c));
    if plain && !s.is_empty() {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// Plays seeded random games of `game` until `opts.plies` plies, checking every move.
pub fn run(game: &Game, opts: &Options) -> Report {
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut report = Report::default();
    while report.plies < opts.plies {
        report.games += 1;
        let number = report.games;
        let mut moves: Vec<String> = Vec::new();
        let budget = opts.plies - report.plies;
        let played = catch_unwind(AssertUnwindSafe(|| {
            play_one(game, opts, budget, &mut rng, &mut report, &mut moves)
        }));
        let len = match played {
            Ok(len) => len,
            Err(payload) => {
                let msg = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "(no message)".to_string());
                report.fail(Check::NoPanic, format!("panic: {msg}"), &moves);
                moves.len() as u32
            }
        };
        if len > report.longest.0 {
            report.longest = (len, number);
        }
        if len >= opts.max_game_plies {
            report.long_games.push((number, len));
        }
        // A game of no plies at all (a start position that is already over) would never
        // use up the budget.
        report.plies += u64::from(len.max(1));
    }
    report
}

/// One random game, at most `budget` plies; returns its length. `moves` collects the
/// moves played, so that a panic still knows how it got there.
fn play_one(
    game: &Game,
    opts: &Options,
    budget: u64,
    rng: &mut ChaCha8Rng,
    report: &mut Report,
    moves: &mut Vec<String>,
) -> u32 {
    let mut state = game.start();
    let mut ply: u32 = 0;
    loop {
        check_position(game, &state, report, moves);
        let legal = game.legal_moves_vec(&state);
        if legal.is_empty() {
            if !game.is_over(&state) {
                report.fail(
                    Check::Ends,
                    "no legal moves, yet the game is not over".into(),
                    moves,
                );
            }
            return ply;
        }
        if u64::from(ply) >= budget || ply >= opts.max_game_plies {
            return ply;
        }
        let mv = if game.is_chance(&state) {
            match game.sample_roll(rng.gen::<f64>()) {
                Some(m) => m,
                None => legal[0],
            }
        } else {
            legal[rng.gen_range(0..legal.len())]
        };
        check_moves(game, &state, &legal, mv, ply, report, moves);
        moves.push(game.move_to_string(&state, mv));
        check_make_unmake(game, &mut state, mv, report, moves);
        game.make(&mut state, mv);
        ply += 1;
    }
}

/// The hash and the position notation of the position reached.
fn check_position(game: &Game, state: &State, report: &mut Report, moves: &[String]) {
    let scratch = game.hash_from_scratch(state);
    if state.hash() != scratch {
        report.fail(
            Check::Hash,
            format!(
                "incremental hash {:#018x} differs from the hash from scratch {scratch:#018x}",
                state.hash()
            ),
            moves,
        );
    }
    let text = game.position_to_string(state);
    match game.parse_position(&text) {
        Err(e) => report.fail(
            Check::PositionNotation,
            format!("the printed position '{text}' does not parse: {e}"),
            moves,
        ),
        Ok(back) => {
            let again = game.position_to_string(&back);
            if again != text {
                report.fail(
                    Check::PositionNotation,
                    format!("'{text}' parses to a position printed '{again}'"),
                    moves,
                );
            } else if back.board() != state.board() || back.to_move() != state.to_move() {
                report.fail(
                    Check::PositionNotation,
                    format!("'{text}' parses to another board or side to move"),
                    moves,
                );
            } else if !back.same_position(state) {
                // What the text cannot say: history (a capture just made, repetitions),
                // unmoved-piece flags beyond castling rights. Not an error of the rule file.
                report.note("the position notation does not express the whole state");
            }
        }
    }
}

/// The legal moves' texts: distinct, and each parses back to its move.
fn check_moves(
    game: &Game,
    state: &State,
    legal: &[Move],
    played: Move,
    ply: u32,
    report: &mut Report,
    moves: &[String],
) {
    // With very many moves (Nex: about 28,000) each text costs a full list walk to parse, so
    // the texts are checked every 64th ply only.
    if legal.len() > DISTINCT_ALL && !ply.is_multiple_of(64) {
        return;
    }
    {
        let mut seen: HashSet<String> = HashSet::with_capacity(legal.len());
        let mut twice: Vec<String> = Vec::new();
        for &mv in legal {
            // Moves are read in any letter case, so texts differing only in case would be
            // ambiguous, except in algebraic notation, where case tells a bishop (`Bxc4`)
            // from a pawn (`bxc4`) and is read exactly.
            let text = game.move_to_string(state, mv);
            let text = if game.algebraic() {
                text
            } else {
                text.to_lowercase()
            };
            if !seen.insert(text.clone()) && !twice.contains(&text) {
                twice.push(text);
            }
        }
        // One failure per position, naming the texts.
        if !twice.is_empty() {
            report.fail(
                Check::DistinctMoves,
                format!(
                    "{} texts are each written by more than one legal move: {}",
                    twice.len(),
                    list(&twice)
                ),
                moves,
            );
        }
    }
    let stride = legal.len().div_ceil(NOTATION_SAMPLE).max(1);
    // With many moves, only the one played (each parse walks the whole list).
    let stride = if legal.len() > DISTINCT_ALL {
        usize::MAX
    } else {
        stride
    };
    let sample = legal.iter().step_by(stride).copied();
    let mut bad: Vec<String> = Vec::new();
    for mv in sample.chain(std::iter::once(played)) {
        for (form, text) in [
            ("text", game.move_to_string(state, mv)),
            ("compact text", game.move_to_compact(state, mv)),
        ] {
            match game.parse_move(state, &text) {
                Ok(m) if m == mv => {}
                Ok(m) => bad.push(format!(
                    "the {form} '{text}' parses to another move ({mv:?} vs {m:?})"
                )),
                Err(e) => bad.push(format!("the {form} '{text}' does not parse: {e}")),
            }
        }
    }
    if let Some(first) = bad.first() {
        let more = match bad.len() {
            1 => String::new(),
            n => format!(" (and {} more in this position)", n - 1),
        };
        report.fail(Check::MoveNotation, format!("{first}{more}"), moves);
    }
}

/// The first few texts, quoted.
fn list(texts: &[String]) -> String {
    let shown: Vec<String> = texts.iter().take(5).map(|t| format!("'{t}'")).collect();
    let more = if texts.len() > 5 { ", …" } else { "" };
    format!("{}{more}", shown.join(", "))
}

/// `make` keeps the hash right and `unmake` gives back the state it was made from.
fn check_make_unmake(
    game: &Game,
    state: &mut State,
    mv: Move,
    report: &mut Report,
    moves: &[String],
) {
    let before = state.clone();
    let text_before = game.position_to_string(state);
    game.make(state, mv);
    let scratch = game.hash_from_scratch(state);
    if state.hash() != scratch {
        report.fail(
            Check::Hash,
            format!(
                "after the last move the incremental hash {:#018x} differs from the hash from scratch {scratch:#018x}",
                state.hash()
            ),
            moves,
        );
    }
    let undone = game.unmake(state);
    let text_after = game.position_to_string(state);
    if undone != Some(mv) {
        report.fail(
            Check::Unmake,
            format!("unmake gave back {undone:?}, not the move made"),
            moves,
        );
    } else if !state.same_position(&before) || text_after != text_before {
        report.fail(
            Check::Unmake,
            format!(
                "unmake of the last move left '{text_after}' (hash {:#018x}), not '{text_before}' (hash {:#018x})",
                state.hash(),
                before.hash()
            ),
            moves,
        );
    }
    // Go on from the state as it was, whatever unmake did.
    *state = before;
}
