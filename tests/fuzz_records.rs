//! Fuzzing without cargo-fuzz, for what records are made of: seeded mutations (bytes
//! flipped, inserted, deleted, repeated; spans spliced from another input; cut short) of
//! valid tabletop records, SGF, PGN and scenario files, each read by the real readers and,
//! when read, replayed or run. Nothing may panic; every input is counted, and each target
//! must run its full count, with some of its mutants read whole (so that the replay behind
//! the reader is reached too). `TABLETOP_FUZZ_RECORDS=N` runs N inputs per target instead;
//! 0 or a value that is not a number is refused (0 used to pass having run nothing).

use std::panic::{catch_unwind, AssertUnwindSafe};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabletop::ui::pgn::{parse_pgn, write_pgn};
use tabletop::ui::record::Record;
use tabletop::ui::sgf::{parse_sgf, write_sgf};

/// Inputs per target unless the environment says otherwise.
const DEFAULT_RUNS: usize = 1_500;

fn runs() -> usize {
    match std::env::var("TABLETOP_FUZZ_RECORDS") {
        Err(_) => DEFAULT_RUNS,
        Ok(v) => match v.trim().parse() {
            Ok(n) if n >= 1 => n,
            _ => panic!("TABLETOP_FUZZ_RECORDS must be a whole number from 1, not '{v}'"),
        },
    }
}

/// What one target did: inputs run, and inputs its reader accepted.
#[derive(Debug, PartialEq)]
struct Ran {
    inputs: usize,
    read: usize,
}

/// One mutation of `text`, using `other` for splices.
fn mutate(text: &str, other: &str, rng: &mut SmallRng) -> String {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..rng.gen_range(1..=4) {
        let at = if b.is_empty() {
            0
        } else {
            rng.gen_range(0..b.len())
        };
        match rng.gen_range(0..6) {
            0 if !b.is_empty() => b[at] = rng.gen(),
            1 => b.insert(
                at,
                *b"()[];\\\n +-=0aBW#".get(rng.gen_range(0..16)).unwrap(),
            ),
            2 if !b.is_empty() => {
                let end = (at + rng.gen_range(1..16)).min(b.len());
                b.drain(at..end);
            }
            3 if !b.is_empty() => {
                let end = (at + rng.gen_range(1..32)).min(b.len());
                let piece: Vec<u8> = b[at..end].to_vec();
                for _ in 0..rng.gen_range(1..50) {
                    b.splice(at..at, piece.iter().copied());
                }
            }
            4 if !other.is_empty() => {
                let o = other.as_bytes();
                let from = rng.gen_range(0..o.len());
                let end = (from + rng.gen_range(1..64)).min(o.len());
                b.splice(at..at, o[from..end].iter().copied());
            }
            _ => b.truncate(at),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Valid records of seeded random games of a few shipped games.
fn records(rng: &mut SmallRng) -> Vec<(tabletop::Game, Record)> {
    let mut out = Vec::new();
    for name in ["tictactoe", "go", "hex", "chess", "reversi", "connect4"] {
        let game = tabletop::load_shipped(name, &[]).unwrap();
        let mut state = game.start();
        let mut moves = Vec::new();
        for _ in 0..rng.gen_range(5..60) {
            let legal = game.legal_moves_vec(&state);
            if legal.is_empty() || game.is_over(&state) {
                break;
            }
            let mv = legal[rng.gen_range(0..legal.len())];
            moves.push(game.move_to_string(&state, mv));
            game.make(&mut state, mv);
        }
        let rec = Record {
            game: name.to_string(),
            moves,
            ..Record::default()
        };
        out.push((game, rec));
    }
    out
}

/// Runs `read` on `runs()` mutations of the `seeds`, counting them and the ones it accepted
/// (`read` returns whether the reader took the input); fails on a panic.
fn fuzz(target: &str, seeds: &[String], read: impl Fn(&str) -> bool) -> Ran {
    let mut rng = SmallRng::seed_from_u64(0xF022 ^ target.len() as u64);
    let mut ran = Ran { inputs: 0, read: 0 };
    for i in 0..runs() {
        let a = &seeds[i % seeds.len()];
        let b = &seeds[(i * 7 + 3) % seeds.len()];
        let input = mutate(a, b, &mut rng);
        match catch_unwind(AssertUnwindSafe(|| read(&input))) {
            Ok(accepted) => ran.read += usize::from(accepted),
            Err(_) => panic!("{target}: input {i} panicked:\n{input}"),
        }
        ran.inputs += 1;
    }
    eprintln!(
        "{target}: {} inputs, {} read, no panic",
        ran.inputs, ran.read
    );
    ran
}

/// A record read, then replayed as `play` loads it (its game must be shipped).
fn replay(rec: &Record) {
    if let Ok(game) = tabletop::games::load_recorded(&rec.game, &rec.options, None) {
        let mut state = match &rec.position {
            Some(p) => match game.parse_position(p) {
                Ok(s) => s,
                Err(_) => return,
            },
            None => game.start(),
        };
        for m in &rec.moves {
            match game.parse_move(&state, m) {
                Ok(mv) => game.make(&mut state, mv),
                Err(_) => return,
            }
        }
    }
}

#[test]
fn mutated_records_sgf_pgn_and_scenarios_never_panic() {
    let mut rng = SmallRng::seed_from_u64(43);
    let games = records(&mut rng);
    let texts: Vec<String> = games.iter().map(|(_, r)| r.to_text()).collect();
    let sgfs: Vec<String> = games
        .iter()
        .filter_map(|(g, r)| write_sgf(g, r).ok())
        .collect();
    let pgns: Vec<String> = games
        .iter()
        .filter(|(g, _)| g.algebraic())
        .filter_map(|(g, r)| write_pgn(g, r, &[]).ok())
        .collect();
    let scenarios: Vec<String> = ["tictactoe", "chess", "go", "ur", "shogi"]
        .iter()
        .map(|n| tabletop::games::shipped_tests(n).unwrap().to_string())
        .collect();
    assert!(!sgfs.is_empty() && !pgns.is_empty());
    let n = runs();
    let ran = [
        fuzz("records", &texts, |t| {
            Record::parse(t).map(|rec| replay(&rec)).is_ok()
        }),
        fuzz("sgf", &sgfs, |t| {
            parse_sgf(t).map(|g| replay(&g.record)).is_ok()
        }),
        fuzz("pgn", &pgns, |t| {
            parse_pgn(t)
                .map(|list| {
                    for g in list.iter().take(3) {
                        replay(&g.to_record("chess", &[]));
                    }
                })
                .is_ok()
        }),
        fuzz("scenarios", &scenarios, |t| {
            tabletop::lang::parse_scenarios(t).is_ok()
        }),
    ];
    for (target, r) in ["records", "sgf", "pgn", "scenarios"].iter().zip(&ran) {
        assert_eq!(r.inputs, n, "{target}: every input ran");
        // A mutant changes a few bytes, so many still read (SGF, the fewest: about one in
        // 17): a reader that refused them all would leave the replay behind it untested (or
        // be refusing good input). Checked on runs long enough for the share to mean it.
        assert!(
            n < 100 || r.read * 50 >= n,
            "{target}: only {} of {n} mutants read, fewer than one in 50",
            r.read
        );
    }
}
