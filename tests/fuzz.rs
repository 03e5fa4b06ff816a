//! Fuzz smoke: a seeded mutation loop over the shipped games, run by `cargo test`.
//!
//! The targets, each mutant run under `catch_unwind` so that a panic is reported with the
//! input that caused it (escaped, cut to a bounded length):
//!
//! * rule files: byte-level and token-level mutations of each shipped `.game` file, through
//!   `compile_source` (parse, compile, render the error), then the start position's move
//!   generation and one `make` of a legal move;
//! * position notation: mutations of printed positions through `parse_position` (a position
//!   that parses is printed, and its moves generated, made and unmade);
//! * move notation: mutations of legal move texts through `parse_move` (a move that parses is
//!   made and unmade);
//! * records and PGN: mutations of the records of random games of every shipped game, of
//!   their PGN (chess), and of the files in `tests/fuzz/corpus/`, through `Record::parse` and
//!   `parse_pgn`, each move that parses then played with the checked `Game::play`;
//! * SGF: mutations of SGF files of random Go, Hex and reversi games and of hand-made ones
//!   through `parse_sgf`, replayed and written back;
//! * protocols: mutated GTP sessions (Go, Hex) and UCI sessions (chess) answered by the
//!   engines of `tabletop gtp` and `tabletop uci`; every GTP answer must be well formed and no
//!   answer line long.
//!
//! The default run is a smoke test of a few seconds. A longer run:
//!
//! ```text
//! (ulimit -v 4000000; TABLETOP_FUZZ_ITERS=1000000 cargo test --release --test fuzz -- --nocapture)
//! ```
//!
//! prints executions and findings per target. Inputs that once crashed live in
//! `tests/fuzz/regressions/` and are replayed by `regressions_do_not_panic`.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabletop::{Game, State};

/// Mutants per game and target in the default smoke run.
const SMOKE_ITERS: u64 = 60;
/// A mutant of a rule file may grow by at most this many bytes (and never past
/// [`MAX_RULE_BYTES`]), so that repeated duplication stays small.
const MAX_GROWTH: usize = 512;
/// Largest rule-file mutant.
const MAX_RULE_BYTES: usize = 4096;
/// Findings printed per target.
const MAX_SHOWN: usize = 10;
/// Longest input printed with a finding.
const MAX_SHOWN_CHARS: usize = 400;

/// Mutants per game and target: `TABLETOP_FUZZ_ITERS`, or [`SMOKE_ITERS`]. A value that is
/// not a whole number from 1 is refused rather than read as the default or as "run nothing"
/// (with 0 every target would pass having executed nothing).
fn iters() -> u64 {
    match std::env::var("TABLETOP_FUZZ_ITERS") {
        Err(_) => SMOKE_ITERS,
        Ok(v) => match v.trim().parse() {
            Ok(n) if n >= 1 => n,
            _ => panic!("TABLETOP_FUZZ_ITERS must be a whole number from 1, not '{v}'"),
        },
    }
}

thread_local! {
    /// Set while a mutant runs: the panic hook then records instead of printing.
    static QUIET: RefCell<bool> = const { RefCell::new(false) };
    /// The last panic's message and source file, recorded by the hook.
    static LAST_PANIC: RefCell<(String, String)> = const { RefCell::new((String::new(), String::new())) };
}

/// Installs (once) a panic hook that stays quiet inside [`guarded`] and keeps the panic's
/// message and location; outside, panics print as usual (test assertions).
fn install_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(|q| *q.borrow()) {
                let msg = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                let file = info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = (msg, file));
            } else {
                default(info);
            }
        }));
    });
}

/// Runs `f`, turning a panic into its message and location.
fn guarded(f: impl FnOnce()) -> Result<(), (String, String)> {
    install_hook();
    QUIET.with(|q| *q.borrow_mut() = true);
    let r = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| *q.borrow_mut() = false);
    r.map_err(|_| LAST_PANIC.with(|p| p.borrow().clone()))
}

/// An input, escaped and cut to a printable length.
fn shown(input: &str) -> String {
    let cut: String = input.chars().take(MAX_SHOWN_CHARS).collect();
    let more = if cut.len() < input.len() {
        format!(" … ({} bytes in all)", input.len())
    } else {
        String::new()
    };
    format!("{cut:?}{more}")
}

/// Executions and findings of one target.
#[derive(Default)]
struct Tally {
    target: &'static str,
    /// Fewest executions the target must reach for its pass to mean anything.
    floor: u64,
    runs: u64,
    skipped: u64,
    findings: Vec<String>,
}

impl Tally {
    /// A tally that must reach at least [`iters`] executions: every target runs one mutant
    /// per game (or session) and iteration, and skips only a few.
    fn new(target: &'static str) -> Tally {
        Tally {
            target,
            floor: iters(),
            ..Default::default()
        }
    }

    fn run(&mut self, label: &str, input: &str, f: impl FnOnce()) {
        self.runs += 1;
        if let Err((msg, at)) = guarded(f) {
            self.findings.push(format!(
                "{label}: panic '{msg}' at {at} on input {}",
                shown(input)
            ));
        }
    }

    fn finish(self) {
        println!(
            "fuzz {}: {} executions, {} skipped, {} findings",
            self.target,
            self.runs,
            self.skipped,
            self.findings.len()
        );
        for f in self.findings.iter().take(MAX_SHOWN) {
            println!("  {f}");
        }
        assert!(
            self.runs >= self.floor.max(1),
            "fuzz {}: only {} executions ({} skipped), at least {} expected: the target checked (almost) nothing",
            self.target,
            self.runs,
            self.skipped,
            self.floor.max(1)
        );
        assert!(
            self.findings.is_empty(),
            "fuzz {}: {} panics, first: {}",
            self.target,
            self.findings.len(),
            self.findings[0]
        );
    }
}

/// Bytes that byte-level mutations insert: mostly the language's own characters, and now
/// and then any byte (the result is read as UTF-8 with replacement characters).
const BYTES: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789 \n\t()[]{},.:=\"#-+*/<>!?|&'_";

/// Pieces of rule text: words, numbers, and single punctuation characters.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    let mut chars = text.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if word(c) {
            while let Some(&(_, d)) = chars.peek() {
                if !word(d) {
                    break;
                }
                chars.next();
            }
        }
        let end = chars.peek().map_or(text.len(), |&(j, _)| j);
        out.push(&text[start..end]);
        start = end;
    }
    out
}

/// One to four byte-level edits.
fn mutate_bytes(text: &str, rng: &mut ChaCha8Rng) -> String {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..rng.gen_range(1..=4) {
        let n = b.len();
        match rng.gen_range(0..7) {
            0 if n > 0 => {
                b.remove(rng.gen_range(0..n));
            }
            1 => {
                let x = if rng.gen_bool(0.9) {
                    BYTES[rng.gen_range(0..BYTES.len())]
                } else {
                    rng.gen()
                };
                b.insert(rng.gen_range(0..=n), x);
            }
            2 if n > 0 => {
                let i = rng.gen_range(0..n);
                b[i] = BYTES[rng.gen_range(0..BYTES.len())];
            }
            3 if n > 0 => {
                let i = rng.gen_range(0..n);
                b[i] ^= 1 << rng.gen_range(0..7);
            }
            4 if n > 1 => {
                // Duplicate a short slice.
                let i = rng.gen_range(0..n);
                let j = (i + rng.gen_range(1..32)).min(n);
                let piece = b[i..j].to_vec();
                let at = rng.gen_range(0..=n);
                b.splice(at..at, piece);
            }
            5 if n > 0 => b.truncate(rng.gen_range(0..n)),
            _ if n > 0 => {
                // A digit made large.
                let i = rng.gen_range(0..n);
                if b[i].is_ascii_digit() {
                    b.splice(i..i, b"99".iter().copied());
                }
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// One to four token-level edits, with tokens taken from every shipped rule file.
fn mutate_tokens(text: &str, dictionary: &[&str], rng: &mut ChaCha8Rng) -> String {
    let mut t: Vec<&str> = tokens(text);
    for _ in 0..rng.gen_range(1..=4) {
        let n = t.len();
        let any = dictionary[rng.gen_range(0..dictionary.len())];
        match rng.gen_range(0..5) {
            0 if n > 0 => {
                t.remove(rng.gen_range(0..n));
            }
            1 if n > 0 => {
                let i = rng.gen_range(0..n);
                t.insert(i, t[i]);
            }
            2 if n > 1 => {
                let (i, j) = (rng.gen_range(0..n), rng.gen_range(0..n));
                t.swap(i, j);
            }
            3 if n > 0 => {
                let i = rng.gen_range(0..n);
                t[i] = any;
            }
            _ => t.insert(rng.gen_range(0..=n), any),
        }
    }
    t.concat()
}

/// Whether a rule-file mutant is run: small (deep nesting and definitions that expand
/// without end are refused with diagnostics now, so they are run like any other).
fn runnable(mutant: &str, original: &str) -> bool {
    mutant.len() <= (original.len() + MAX_GROWTH).min(MAX_RULE_BYTES.max(original.len()))
}

/// Compiles a rule text and exercises the result: what a rule-file author's edit reaches.
fn exercise_rules(source: &str) {
    match tabletop::compile_source("mutant", "mutant.game", source, &[]) {
        Err(e) => {
            let _ = e.to_string();
        }
        Ok(game) => {
            let mut s = game.start();
            let _ = game.position_to_string(&s);
            let moves = game.legal_moves_vec(&s);
            if let Some(&mv) = moves.first() {
                let _ = game.move_to_string(&s, mv);
                game.make(&mut s, mv);
                let _ = game.hash_from_scratch(&s);
                let _ = game.outcome(&s);
                game.unmake(&mut s);
            }
        }
    }
}

#[test]
fn rule_file_mutants_never_panic() {
    let names = tabletop::shipped_names();
    let sources: Vec<&str> = names
        .iter()
        .filter_map(|n| tabletop::games::shipped_source(n))
        .collect();
    let dictionary: Vec<&str> = sources.iter().flat_map(|s| tokens(s)).collect();
    let mut tally = Tally::new("rule files");
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    for _ in 0..iters() {
        for (name, original) in names.iter().zip(&sources) {
            let mutant = if rng.gen_bool(0.5) {
                mutate_bytes(original, &mut rng)
            } else {
                mutate_tokens(original, &dictionary, &mut rng)
            };
            if !runnable(&mutant, original) {
                tally.skipped += 1;
                continue;
            }
            tally.run(name, &mutant, || exercise_rules(&mutant));
        }
    }
    tally.finish();
}

/// A short random game, so that positions and moves come from the middle of play.
fn some_position(game: &Game, rng: &mut ChaCha8Rng) -> State {
    let mut s = game.start();
    for _ in 0..rng.gen_range(0..24) {
        let moves = game.legal_moves_vec(&s);
        if moves.is_empty() {
            break;
        }
        game.make(&mut s, moves[rng.gen_range(0..moves.len())]);
    }
    s
}

/// Position notation's own characters, for replacements and insertions.
const POSITION_CHARS: &[u8] =
    b"0123456789/ ()=,-+abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// One to three character edits of a short text (positions and moves).
fn mutate_text(text: &str, rng: &mut ChaCha8Rng) -> String {
    let mut c: Vec<char> = text.chars().collect();
    for _ in 0..rng.gen_range(1..=3) {
        let n = c.len();
        let any = POSITION_CHARS[rng.gen_range(0..POSITION_CHARS.len())] as char;
        match rng.gen_range(0..8) {
            0 if n > 0 => {
                c.remove(rng.gen_range(0..n));
            }
            1 if n > 0 => {
                let i = rng.gen_range(0..n);
                c.insert(i, c[i]);
            }
            2 if n > 1 => {
                let i = rng.gen_range(0..n - 1);
                c.swap(i, i + 1);
            }
            3 if n > 0 => {
                let i = rng.gen_range(0..n);
                c[i] = any;
            }
            4 => {
                let i = rng.gen_range(0..=n);
                let big: Vec<char> = ["99999", "4294967296", "-1", "0", "65535"]
                    [rng.gen_range(0..5)]
                .chars()
                .collect();
                c.splice(i..i, big);
            }
            5 => c.push(['é', '\u{0}', '🂡', '('][rng.gen_range(0..4)]),
            6 if n > 2 => {
                let i = rng.gen_range(0..n);
                let j = (i + rng.gen_range(1..8)).min(n);
                let piece: Vec<char> = c[i..j].to_vec();
                c.splice(i..i, piece);
            }
            _ => c.insert(rng.gen_range(0..=n), any),
        }
    }
    c.into_iter().collect()
}

/// Parses a position and plays on from it.
fn exercise_position(game: &Game, text: &str) {
    if let Ok(mut s) = game.parse_position(text) {
        let _ = game.position_to_string(&s);
        let _ = game.hash_from_scratch(&s);
        let moves = game.legal_moves_vec(&s);
        let _ = game.outcome(&s);
        if let Some(&mv) = moves.first() {
            let _ = game.move_to_string(&s, mv);
            game.make(&mut s, mv);
            let _ = game.legal_moves_vec(&s);
            game.unmake(&mut s);
        }
    }
}

/// Parses a move and plays it.
fn exercise_move(game: &Game, state: &State, text: &str) {
    if let Ok(mv) = game.parse_move(state, text) {
        let mut s = state.clone();
        game.make(&mut s, mv);
        let _ = game.position_to_string(&s);
        game.unmake(&mut s);
    }
}

#[test]
fn position_and_move_mutants_never_panic() {
    let mut positions = Tally::new("positions");
    let mut moves = Tally::new("moves");
    let mut rng = ChaCha8Rng::seed_from_u64(61);
    for name in tabletop::shipped_names() {
        let game = tabletop::load_shipped(name, &[]).unwrap();
        // A new random position every few mutants.
        let mut s = game.start();
        for i in 0..iters() {
            if i % 8 == 0 {
                s = some_position(&game, &mut rng);
            }
            let text = mutate_text(&game.position_to_string(&s), &mut rng);
            positions.run(name, &text, || exercise_position(&game, &text));
            let legal = game.legal_moves_vec(&s);
            let base = match legal.len() {
                0 => String::new(),
                n => game.move_to_string(&s, legal[rng.gen_range(0..n)]),
            };
            let text = mutate_text(&base, &mut rng);
            moves.run(name, &text, || exercise_move(&game, &s, &text));
        }
    }
    positions.finish();
    moves.finish();
}

/// Inputs that once crashed (`tests/fuzz/regressions/<game>.<kind>`, one input a line for
/// positions and moves, a whole file for `.game`, `.pgn` and `.record`) run without a panic.
#[test]
fn regressions_do_not_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/regressions");
    let entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e} (the regression inputs are part of the repository)",
                dir.display()
            )
        })
        .flatten()
        .collect();
    let mut tally = Tally::new("regressions");
    // Each file holds at least one input.
    tally.floor = entries.len() as u64;
    assert!(
        tally.floor >= 4,
        "{}: {} regression files, 4 expected",
        dir.display(),
        tally.floor
    );
    for entry in entries {
        let path = entry.path();
        let text = std::fs::read_to_string(&path).unwrap();
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let (game_name, kind) = file.split_once('.').unwrap();
        match kind {
            "game" => tally.run(&file, &text, || exercise_rules(&text)),
            "pgn" => tally.run(&file, &text, || exercise_record(&text, true)),
            "record" => tally.run(&file, &text, || exercise_record(&text, false)),
            "positions" | "moves" => {
                let game = tabletop::load_shipped(game_name, &[]).unwrap();
                let start = game.start();
                for line in text.lines() {
                    if kind == "positions" {
                        tally.run(&file, line, || exercise_position(&game, line));
                    } else {
                        tally.run(&file, line, || exercise_move(&game, &start, line));
                    }
                }
            }
            _ => panic!("{file}: unknown regression kind"),
        }
    }
    tally.finish();
}

/// Reads a record or PGN text and replays what it reads with the checked `Game::play`.
fn exercise_record(text: &str, is_pgn: bool) {
    use tabletop::ui::{pgn, record::Record};
    let rec = if is_pgn {
        match pgn::parse_pgn(text) {
            Ok(games) => match games.first() {
                Some(g) => g.to_record("chess", &[]),
                None => return,
            },
            Err(e) => {
                let _ = e.to_string();
                return;
            }
        }
    } else {
        match Record::parse(text) {
            Ok(r) => r,
            Err(_) => return,
        }
    };
    let Some(game) = replay(&rec) else {
        return;
    };
    if is_pgn {
        let _ = pgn::write_pgn(&game, &rec, &[]);
    }
}

/// Loads a record's game and replays its moves with the checked `Game::play`, as far as
/// they go: the game when it loads (whether or not every move was legal).
fn replay(rec: &tabletop::io::record::Record) -> Option<Game> {
    let _ = rec.to_text();
    let game = tabletop::load_shipped(&rec.game, &rec.options).ok()?;
    let mut s = match &rec.position {
        Some(p) => match game.parse_position(p) {
            Ok(s) => s,
            Err(_) => return Some(game),
        },
        None => game.start(),
    };
    for m in &rec.moves {
        let Ok(mv) = game.parse_move(&s, m) else {
            break;
        };
        if game.play(&mut s, mv).is_err() {
            break;
        }
    }
    Some(game)
}

/// The record of a random game of `name`, as text.
fn random_record(name: &str, game: &Game, rng: &mut ChaCha8Rng) -> String {
    let mut s = game.start();
    let mut moves = Vec::new();
    for _ in 0..rng.gen_range(0..40) {
        let legal = game.legal_moves_vec(&s);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.gen_range(0..legal.len())];
        moves.push(game.move_to_string(&s, mv));
        game.make(&mut s, mv);
    }
    tabletop::io::record::Record {
        game: name.to_string(),
        options: Vec::new(),
        position: None,
        moves,
        ..Default::default()
    }
    .to_text()
}

#[test]
fn record_and_pgn_mutants_never_panic() {
    let mut tally = Tally::new("records and PGN");
    let mut rng = ChaCha8Rng::seed_from_u64(1616);
    let mut seeds: Vec<(String, bool)> = Vec::new();
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/corpus");
    for entry in std::fs::read_dir(corpus).unwrap().flatten() {
        let path = entry.path();
        let is_pgn = path.extension().is_some_and(|e| e == "pgn");
        seeds.push((std::fs::read_to_string(&path).unwrap(), is_pgn));
    }
    for name in tabletop::shipped_names() {
        let game = tabletop::load_shipped(name, &[]).unwrap();
        let text = random_record(name, &game, &mut rng);
        if name == "chess" {
            let rec = tabletop::io::record::Record::parse(&text).unwrap();
            let pgn = tabletop::io::pgn::write_pgn(&game, &rec, &[]).unwrap();
            seeds.push((pgn, true));
        }
        seeds.push((text, false));
    }
    for (text, is_pgn) in &seeds {
        tally.run("seed", text, || exercise_record(text, *is_pgn));
    }
    for _ in 0..iters() {
        for (text, is_pgn) in &seeds {
            let mutant = if rng.gen_bool(0.7) {
                mutate_bytes(text, &mut rng)
            } else {
                mutate_text(text, &mut rng)
            };
            let label = if *is_pgn { "pgn" } else { "record" };
            tally.run(label, &mutant, || exercise_record(&mutant, *is_pgn));
        }
    }
    tally.finish();
}

/// Reads an SGF text, replays its main line with the checked `Game::play`, and writes it
/// back.
fn exercise_sgf(text: &str) {
    use tabletop::io::sgf;
    let g = match sgf::parse_sgf(text) {
        Ok(g) => g,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let rec = g.record;
    if let Some(game) = replay(&rec) {
        let _ = sgf::write_sgf(&game, &rec);
    }
}

#[test]
fn sgf_mutants_never_panic() {
    let mut tally = Tally::new("SGF");
    let mut rng = ChaCha8Rng::seed_from_u64(4242);
    let mut seeds: Vec<String> = vec![
        // Variations, setup stones, a pass, comments with escapes, unknown properties.
        "(;FF[4]GM[1]SZ[9]KM[6.5]PB[Black\\]x]C[a \\\\ comment];B[ee];W[]\n(;B[dd]C[main])(;B[cc]))"
            .to_string(),
        "(;FF[4]GM[1]SZ[9]AB[aa][bb]AW[cc]PL[W];W[dd];B[tt];W[ab:bc])".to_string(),
        "(;FF[4]GM[11]SZ[5];B[cc];W[bb];B[dd]XX[unknown])".to_string(),
    ];
    for (name, size) in [("go", Some("9")), ("hex", Some("7")), ("reversi", None)] {
        let set: Vec<(String, String)> = size
            .map(|v| vec![("size".to_string(), v.to_string())])
            .unwrap_or_default();
        let game = tabletop::load_shipped(name, &set).unwrap();
        for _ in 0..3 {
            let text = random_record(name, &game, &mut rng);
            let mut rec = tabletop::io::record::Record::parse(&text).unwrap();
            rec.options = set.clone();
            seeds.push(tabletop::io::sgf::write_sgf(&game, &rec).unwrap());
        }
    }
    for text in &seeds {
        tally.run("seed", text, || exercise_sgf(text));
    }
    for _ in 0..iters() {
        for text in &seeds {
            let mutant = if rng.gen_bool(0.7) {
                mutate_bytes(text, &mut rng)
            } else {
                mutate_text(text, &mut rng)
            };
            tally.run("sgf", &mutant, || exercise_sgf(&mutant));
        }
    }
    tally.finish();
}

/// Answers a GTP session and checks every answer is a well-formed, bounded GTP reply.
fn exercise_gtp(game: &str, input: &str) {
    use tabletop::ui::gtp;
    let mut engine = gtp::engine(&gtp::GtpArgs {
        game: game.into(),
        set: vec![],
        level: 1,
        seed: 5,
        no_resign: false,
    })
    .expect("a shipped game loads");
    let mut out = Vec::new();
    gtp::serve(&mut engine, input.as_bytes(), &mut out).expect("writing to memory");
    let text = String::from_utf8(out).expect("the answers are UTF-8");
    for answer in text.split_terminator("\n\n") {
        assert!(
            answer.starts_with('=') || answer.starts_with('?'),
            "not a GTP answer: {answer:?}"
        );
        // `showboard` and `list_commands` answer several lines; none is long.
        for line in answer.lines() {
            assert!(
                line.chars().count() <= 300,
                "a {}-character line",
                line.len()
            );
        }
    }
}

#[test]
fn gtp_session_mutants_never_panic() {
    let mut tally = Tally::new("GTP");
    let mut rng = ChaCha8Rng::seed_from_u64(2002);
    let sessions: &[(&str, &str)] = &[
        ("go", "protocol_version\n1 name\nboardsize 9\nclear_board\nkomi 6.5\nplay b D4\nplay white J9\ngenmove w\nundo\nshowboard\nfixed_handicap 2\nplay black pass\ngenmove b\nfinal_score\n"),
        ("go", "boardsize 7\nset_free_handicap C3 E5\nplay w D4\nlist_commands\nknown_command play\ngenmove black\nreg_genmove w\ncaptures b\nfinal_status_list dead\ntime_settings 0 1 1\ntime_left b 10 1\nquit\n"),
        ("hex", "boardsize 5\nplay b c3\ngenmove w\nshowboard\nundo\nundo\nundo\ngenmove b\n"),
    ];
    for (game, input) in sessions {
        tally.run("seed", input, || exercise_gtp(game, input));
    }
    for _ in 0..iters() {
        for (game, input) in sessions {
            let mutant = if rng.gen_bool(0.5) {
                mutate_bytes(input, &mut rng)
            } else {
                mutate_text(input, &mut rng)
            };
            // `loadsgf` and `printsgf FILE` read and write files named by the mutant.
            if mutant.to_ascii_lowercase().contains("sgf") {
                tally.skipped += 1;
                continue;
            }
            tally.run(game, &mutant, || exercise_gtp(game, &mutant));
        }
    }
    tally.finish();
}

/// Answers a UCI session (its end acts as `quit`, stopping a search under way) and checks
/// that no answer line is long.
fn exercise_uci(input: &str) {
    use std::sync::mpsc::channel;
    use tabletop::ui::uci;
    let mut engine = uci::engine(&uci::UciArgs {
        game: "chess".into(),
        set: vec![],
        level: 1,
        seed: 5,
    })
    .expect("chess loads");
    let (tx, rx) = channel();
    for line in input.lines() {
        tx.send(line.to_string()).expect("the receiver is alive");
    }
    drop(tx);
    let mut out = Vec::new();
    uci::serve(&mut engine, &rx, &mut out).expect("writing to memory");
    let text = String::from_utf8(out).expect("the answers are UTF-8");
    for line in text.lines() {
        assert!(
            line.chars().count() <= 300,
            "a {}-character line",
            line.len()
        );
    }
}

/// Whether a UCI session would search for long: a `go` line with a number above 500 (a
/// move time, a clock, a node count or a depth the GUI may legitimately ask for).
fn searches_long(input: &str) -> bool {
    input.lines().any(|l| {
        l.contains("go")
            && l.split(|c: char| !c.is_ascii_digit())
                .any(|n| n.len() > 3 || n.parse::<u32>().is_ok_and(|n| n > 500))
    })
}

#[test]
fn uci_session_mutants_never_panic() {
    let mut tally = Tally::new("UCI");
    let mut rng = ChaCha8Rng::seed_from_u64(1996);
    let sessions: &[&str] = &[
        "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5 g1f3\ngo depth 2\nisready\n",
        "setoption name Level value 2\nposition fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1\ngo movetime 20\nstop\nposition startpos moves e2e4 d7d5 e4d5\ngo wtime 300 btime 300 winc 0 binc 0\n",
        "debug on\nposition startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7\ngo depth 1\ngo infinite\nstop\nposition fen 7k/8/8/8/8/8/8/K7 b - - 0 1\ngo nodes 50\nquit\n",
    ];
    for input in sessions {
        tally.run("seed", input, || exercise_uci(input));
    }
    for _ in 0..iters() {
        for input in sessions {
            let mutant = if rng.gen_bool(0.5) {
                mutate_bytes(input, &mut rng)
            } else {
                mutate_text(input, &mut rng)
            };
            if searches_long(&mutant) {
                tally.skipped += 1;
                continue;
            }
            tally.run("uci", &mutant, || exercise_uci(&mutant));
        }
    }
    tally.finish();
}

/// A target whose loop ran nothing fails instead of passing (issue #48: with
/// `TABLETOP_FUZZ_ITERS=0` every target used to pass having executed nothing).
#[test]
#[should_panic(expected = "checked (almost) nothing")]
fn a_target_that_executed_nothing_fails() {
    Tally::new("nothing").finish();
}
