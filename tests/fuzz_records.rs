//! Fuzzing without cargo-fuzz, for what records are made of: seeded mutations (bytes
//! flipped, inserted, deleted, repeated; spans spliced from another input; cut short) of
//! valid tabletop records, SGF, PGN and scenario files, each read by the real readers and,
//! when read, replayed or run. Nothing may panic; every input is counted, and each target
//! must run its full count. `TABLETOP_FUZZ_RECORDS=N` runs N inputs per target instead.

use std::panic::{catch_unwind, AssertUnwindSafe};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabletop::ui::pgn::{parse_pgn, write_pgn};
use tabletop::ui::record::Record;
use tabletop::ui::sgf::{parse_sgf, write_sgf};

/// Inputs per target unless the environment says otherwise.
const DEFAULT_RUNS: usize = 1_500;

fn runs() -> usize {
    std::env::var("TABLETOP_FUZZ_RECORDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(DEFAULT_RUNS)
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

/// Runs `read` on `runs()` mutations of the `seeds`, counting them; fails on a panic.
fn fuzz(target: &str, seeds: &[String], read: impl Fn(&str)) -> usize {
    let mut rng = SmallRng::seed_from_u64(0xF022 ^ target.len() as u64);
    let n = runs();
    for i in 0..n {
        let a = &seeds[i % seeds.len()];
        let b = &seeds[(i * 7 + 3) % seeds.len()];
        let input = mutate(a, b, &mut rng);
        if catch_unwind(AssertUnwindSafe(|| read(&input))).is_err() {
            panic!("{target}: input {i} panicked:\n{input}");
        }
    }
    eprintln!("{target}: {n} inputs, no panic");
    n
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
            if let Ok(rec) = Record::parse(t) {
                replay(&rec);
            }
        }),
        fuzz("sgf", &sgfs, |t| {
            if let Ok(g) = parse_sgf(t) {
                replay(&g.record);
            }
        }),
        fuzz("pgn", &pgns, |t| {
            if let Ok(list) = parse_pgn(t) {
                for g in list.iter().take(3) {
                    replay(&g.to_record("chess", &[]));
                }
            }
        }),
        fuzz("scenarios", &scenarios, |t| {
            let _ = tabletop::lang::parse_scenarios(t);
        }),
    ];
    assert_eq!(ran, [n; 4], "every target ran its inputs");
}
