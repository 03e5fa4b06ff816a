//! Intellector against a generator written in Python from the published rules alone
//! (`tests/oracles/intellector/gen3.py`, from `rules.md` beside it, by an engineer who had
//! not read `games/intellector.game`, the engine, or the two Rust generators in
//! `tests/intellector_reference.rs` and `tests/intellector_third.rs`). Its output is
//! recorded in `gen3.json`, so the test needs no Python.
//!
//! tabletop and gen3 agree in full, on the rules as written. The record gives every count
//! twice, and the two readings part on one rule: the aura lets a piece beside its Intellector
//! turn into the piece it takes, and the rules text ("captures an enemy piece") and the site's
//! own `Rules.possiblePlys` (Gulvan0/Intellector) offer that for the enemy Intellector too
//! (the taker becomes an Intellector, and the game is over at once). tabletop once left that
//! move out (`captured: not intellector` in `games/intellector.game`) and now follows the
//! letter: perft 4 from the start is 1,462,872 (`rules`), not 1,462,870
//! (`no_aura_on_intellector`, two such captures at ply 4 fewer). The tests check tabletop
//! against `rules`, and that the record's two readings do part, so the agreement puts that
//! move to the test.

use tabletop::engine::{Game, State};

#[derive(serde::Deserialize)]
struct Counts {
    /// By the rules as written (the aura on the enemy Intellector's capture too).
    rules: Vec<u64>,
    /// Without the aura on the Intellector's capture (tabletop's reading until it followed
    /// the letter).
    no_aura_on_intellector: Vec<u64>,
}

#[derive(serde::Deserialize)]
struct Position {
    /// The moves from the start, in tabletop's notation.
    moves: Vec<String>,
    /// Every legal move there, by the rules as written.
    legal: Vec<String>,
    /// Perft 1–3 from there.
    perft: Counts,
}

#[derive(serde::Deserialize)]
struct Record {
    start_perft: Counts,
    positions: Vec<Position>,
}

fn record() -> Record {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/oracles/intellector/gen3.json"
    );
    let text = std::fs::read_to_string(path).expect("gen3.json is in the repository");
    serde_json::from_str(&text).expect("gen3.json parses")
}

fn intellector() -> Game {
    tabletop::load_shipped("intellector", &[]).expect("intellector compiles")
}

fn perft(g: &Game, s: &mut State, depth: u32) -> u64 {
    tabletop::tools::perft::perft(g, s, depth)
}

/// An aura capture of the Intellector: the taker becomes one (`g7xd2=i`).
fn aura_on_intellector(mv: &str) -> bool {
    mv.contains('x') && (mv.ends_with("=I") || mv.ends_with("=i"))
}

#[test]
fn perft_1_to_4_from_the_start_matches_the_python_generator() {
    let r = record();
    let g = intellector();
    let want = &r.start_perft.rules;
    assert_eq!(want.len(), 4);
    for (depth, &n) in (1..).zip(want) {
        assert_eq!(perft(&g, &mut g.start(), depth), n, "perft {depth}");
    }
    assert_eq!(want[3], 1_462_872);
    // The two readings part at ply 4 by the two aura captures of the Intellector, and by
    // nothing else, so the agreement above counts them.
    let other = &r.start_perft.no_aura_on_intellector;
    assert_eq!(want[..3], other[..3]);
    assert_eq!(want[3], other[3] + 2);
}

#[test]
fn random_walk_positions_have_the_python_generators_moves_and_perft() {
    let r = record();
    assert!(r.positions.len() >= 40, "{} positions", r.positions.len());
    let g = intellector();
    let (mut special, mut differ) = (0, 0);
    for (i, p) in r.positions.iter().enumerate() {
        let mut s = g.start();
        for text in &p.moves {
            let mv = g
                .parse_move(&s, text)
                .unwrap_or_else(|e| panic!("position {i}: {text}: {e}"));
            g.make(&mut s, mv);
        }
        let at = format!("position {i} after {}", p.moves.join(" "));
        assert!(g.outcome(&s).is_none(), "{at}: the game goes on");
        let mut ours: Vec<String> = g
            .legal_moves_vec(&s)
            .iter()
            .map(|&m| g.move_to_string(&s, m))
            .collect();
        ours.sort();
        assert_eq!(ours, p.legal, "{at}");
        for (depth, &n) in (1..).zip(&p.perft.rules) {
            assert_eq!(perft(&g, &mut s, depth), n, "{at}: perft {depth}");
        }
        special += p.moves.iter().filter(|m| m.contains('=')).count();
        differ += usize::from(p.perft.rules != p.perft.no_aura_on_intellector);
    }
    // The aura capture of the Intellector is put to the test: within three plies of several
    // positions a piece beside its Intellector can take the other one.
    assert!(
        differ >= 3,
        "{differ} positions where the two readings count apart"
    );
    // The walks went through promotions and aura captures, not only plain moves.
    assert!(
        special >= 10,
        "{special} promotions and aura captures played"
    );
    // No position of the record can take an Intellector at once, so its legal lists hold no
    // such move: the perft counts above are what test it.
    let at_once = r
        .positions
        .iter()
        .flat_map(|p| &p.legal)
        .filter(|m| aura_on_intellector(m))
        .count();
    assert_eq!(at_once, 0);
}

/// The rule reading tabletop once left out, on the line that gives one of the two aura
/// captures of the Intellector in perft 4: after the two castlings and d1-d2, Black's
/// Aggressor on g7 (beside its Intellector, now on f6) takes White's Intellector on d2, and
/// may become an Intellector as it does (`g7xd2=i`), as the rules text and gen3 have it.
#[test]
fn the_aura_capture_of_the_intellector_is_listed() {
    let g = intellector();
    let mut s = g.start();
    for text in ["e1-d1", "e7-f6", "d1-d2"] {
        let mv = g.parse_move(&s, text).expect("a legal move");
        g.make(&mut s, mv);
    }
    let ours: Vec<String> = g
        .legal_moves_vec(&s)
        .iter()
        .map(|&m| g.move_to_string(&s, m))
        .filter(|m| m.starts_with("g7x"))
        .collect();
    assert_eq!(ours, ["g7xd2", "g7xd2=i"]);
    assert!(ours.iter().any(|m| aura_on_intellector(m)));
}
