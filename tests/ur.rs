//! The Royal Game of Ur: Skiryuk's rules as Dagaz plays them (games/ur.game, see
//! docs/rules/ur.md) and Finkel's modern rules (games/ur-finkel.game): the dice's
//! exact odds and a sampled million rolls, one scenario per rule, and perft from the start.
//!
//! Positions are written row 3 (Black's), row 2 (shared), row 1 (White's), top first, the
//! removed cells skipped: row 3 is a3 b3 c3 d3 g3 h3, row 2 a2..h2, row 1 a1 b1 c1 d1 g1 h1.
//! `W`/`B` are novices, `V`/`v` veterans (Skiryuk); Finkel has only `W`/`B`. A stack is
//! written bottom first in parentheses: `(WB)` has the black novice on top.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabletop::engine::{Game, Move, Outcome, Player, State};

mod common;

const WHITE: Player = Player(0);
const BLACK: Player = Player(1);

fn ur() -> Game {
    tabletop::load_shipped("ur", &[]).expect("ur compiles")
}

fn finkel() -> Game {
    tabletop::load_shipped("ur-finkel", &[]).expect("ur-finkel compiles")
}

/// Parses a position; a ply count of 0 is put in when the text goes on without one.
fn at(g: &Game, text: &str) -> State {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() > 2 && fields[2].parse::<u32>().is_err() {
        fields.insert(2, "0");
    }
    let text = fields.join(" ");
    g.parse_position(&text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves, sorted.
fn moves(g: &Game, s: &State) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves_vec(s)
        .iter()
        .map(|&m| g.move_to_string(s, m))
        .collect();
    v.sort();
    v
}

/// Plays a move written in the game's notation.
fn play(g: &Game, s: &mut State, text: &str) {
    let mv = g
        .parse_move(s, text)
        .unwrap_or_else(|e| panic!("{text}: {e}; legal: {:?}", moves(g, s)));
    g.make(s, mv);
}

/// The pieces on a cell, bottom first, as symbols.
fn stack(g: &Game, s: &State, cell: &str) -> String {
    let c = g.board().cell_by_name(cell).expect("cell");
    s.stack_at(c)
        .iter()
        .map(|&p| g.pieces()[p.index()].symbol)
        .collect()
}

fn reserve(g: &Game, s: &State, p: Player) -> u16 {
    let k = g.reserve_kind().expect("a reserve");
    s.reserve(g.piece_id(k, Some(p)))
}

// ---------------------------------------------------------------------------------------
// Dice

#[test]
fn ur_roll_odds_are_3_3_1_1_eighths() {
    let g = ur();
    let out = g.chance_outcomes(&g.start());
    let got: Vec<(Option<u8>, f64)> = out.iter().map(|(m, p)| (m.as_roll(), *p)).collect();
    assert_eq!(
        got,
        vec![
            (Some(1), 3.0 / 8.0),
            (Some(2), 3.0 / 8.0),
            (Some(3), 1.0 / 8.0),
            (Some(4), 1.0 / 8.0)
        ]
    );
    // Once rolled, there is no chance node until the move is made.
    let mut s = g.start();
    play(&g, &mut s, "roll2");
    assert!(!g.is_chance(&s));
    assert!(g.chance_outcomes(&s).is_empty());
}

#[test]
fn finkel_roll_odds_are_binomial_sixteenths() {
    let g = finkel();
    let out = g.chance_outcomes(&g.start());
    let got: Vec<(Option<u8>, f64)> = out.iter().map(|(m, p)| (m.as_roll(), *p)).collect();
    assert_eq!(
        got,
        vec![
            (Some(0), 1.0 / 16.0),
            (Some(1), 4.0 / 16.0),
            (Some(2), 6.0 / 16.0),
            (Some(3), 4.0 / 16.0),
            (Some(4), 1.0 / 16.0)
        ]
    );
}

/// A million seeded draws of `sample_roll` land within 5 standard errors of the odds.
fn check_sampling(g: &Game, seed: u64) {
    const N: u32 = 1_000_000;
    let odds = g.chance_outcomes(&g.start());
    let mut counts = vec![0u32; odds.len()];
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..N {
        let roll = g.sample_roll(rng.gen()).expect("a game with dice");
        let i = odds
            .iter()
            .position(|(m, _)| *m == roll)
            .expect("a possible roll");
        counts[i] += 1;
    }
    for ((m, p), &c) in odds.iter().zip(&counts) {
        let n = f64::from(N);
        let se = (n * p * (1.0 - p)).sqrt();
        let dev = (f64::from(c) - n * p).abs();
        assert!(
            dev <= 5.0 * se,
            "{:?}: {c} draws, expected {:.0} ± {se:.0}",
            m.as_roll(),
            n * p
        );
    }
}

#[test]
fn sampled_rolls_follow_the_odds() {
    check_sampling(&ur(), 1);
    check_sampling(&finkel(), 2);
    // The boundaries: u just below each cumulative probability picks that roll.
    let g = ur();
    let roll = |u: f64| g.sample_roll(u).and_then(|m| m.as_roll());
    assert_eq!(roll(0.0), Some(1));
    assert_eq!(roll(0.374), Some(1));
    assert_eq!(roll(0.375), Some(2));
    assert_eq!(roll(0.75), Some(3));
    assert_eq!(roll(0.999), Some(4));
    assert_eq!(roll(1.0), Some(4));
}

// ---------------------------------------------------------------------------------------
// Skiryuk's rules

#[test]
fn entering_with_each_roll() {
    let g = ur();
    for (r, want) in [(1, "in-d1"), (2, "in-c1"), (3, "in-b1"), (4, "in-a1")] {
        let mut s = g.start();
        g.make(&mut s, Move::roll(r));
        assert_eq!(moves(&g, &s), vec![want.to_string()], "roll {r}");
    }
    // Black enters on its own row.
    for (r, want) in [(1, "in-d3"), (2, "in-c3"), (3, "in-b3"), (4, "in-a3")] {
        let s = at(&g, &format!("6/8/6 Black roll={r} reserve=7,7"));
        assert_eq!(moves(&g, &s), vec![want.to_string()], "roll {r}");
    }
}

#[test]
fn bearing_off_needs_the_exact_roll() {
    let g = ur();
    // A lone white veteran; White's reserve is empty, so a roll it cannot use is a pass.
    for (cell, row2, need) in [
        ("a2", "V7", 1),
        ("b2", "1V6", 2),
        ("c2", "2V5", 3),
        ("d2", "3V4", 4),
    ] {
        for r in 1..=4u8 {
            let s = at(
                &g,
                &format!("6/{row2}/6 White roll={r} reserve=0,7 off=6,0"),
            );
            let m = moves(&g, &s);
            let off = format!("{cell}-off");
            if r == need {
                assert_eq!(m, vec![off.clone()], "{cell} with {r}");
            } else if r > need {
                assert_eq!(m, vec!["pass".to_string()], "{cell} overshoots with {r}");
            } else {
                assert!(!m.contains(&off), "{cell} with {r}: {m:?}");
            }
        }
    }
}

#[test]
fn a_novice_flips_when_it_passes_h1_not_when_it_lands_there() {
    let g = ur();
    // g1 with 2: g1 → h1 → h2, passing h1: a veteran arrives on h2.
    let mut s = at(&g, "6/8/4W1 White roll=2 reserve=6,7");
    play(&g, &mut s, "g1-h2");
    assert_eq!(stack(&g, &s, "h2"), "V");
    // g1 with 1 lands on h1 and stays a novice …
    let mut s = at(&g, "6/8/4W1 White roll=1 reserve=6,7");
    play(&g, &mut s, "g1-h1");
    assert_eq!(stack(&g, &s, "h1"), "W");
    // … and flips when it leaves h1.
    let mut s = at(&g, "6/8/5W White roll=1 reserve=6,7");
    play(&g, &mut s, "h1-h2");
    assert_eq!(stack(&g, &s, "h2"), "V");
    // Further along: g1 with 4 reaches g3 as a veteran (g1 h1 h2 h3 g3).
    let mut s = at(&g, "6/8/4W1 White roll=4 reserve=6,7");
    play(&g, &mut s, "g1-g3");
    assert_eq!(stack(&g, &s, "g3"), "V");
}

#[test]
fn the_flip_counts_for_the_capture_where_the_piece_lands() {
    let g = ur();
    // A white novice on g1 rolls 2 and arrives on h2 as a veteran: it takes a veteran …
    let mut s = at(&g, "6/7v/4W1 White roll=2 reserve=6,6");
    assert_eq!(moves(&g, &s), vec!["g1xh2", "in-c1"]);
    play(&g, &mut s, "g1xh2");
    assert_eq!(stack(&g, &s, "h2"), "V");
    assert_eq!(reserve(&g, &s, BLACK), 7);
    // … but not a novice.
    let s = at(&g, "6/7B/4W1 White roll=2 reserve=6,6");
    assert_eq!(moves(&g, &s), vec!["in-c1"]);
}

#[test]
fn novices_take_novices_and_veterans_take_veterans() {
    let g = ur();
    // A white novice on a2 rolls 3 and lands on e2 (a2 b2 c2 d2: d2 with 3; e2 with 4).
    let mut s = at(&g, "6/W3B3/6 White roll=4 reserve=6,6");
    play(&g, &mut s, "a2xe2");
    assert_eq!(stack(&g, &s, "e2"), "W");
    assert_eq!(reserve(&g, &s, BLACK), 7);
    // A novice cannot land on a veteran.
    let s = at(&g, "6/W3v3/6 White roll=4 reserve=6,6");
    assert_eq!(moves(&g, &s), vec!["in-a1"]);
    // A veteran takes a veteran; the victim goes back to the reserve as a novice.
    let veteran = g.kind_by_name("veteran").expect("veteran");
    let mut s = at(&g, "6/3v1V2/6 White roll=2 reserve=6,6");
    play(&g, &mut s, "f2xd2");
    assert_eq!(reserve(&g, &s, BLACK), 7);
    assert_eq!(s.count(g.piece_id(veteran, Some(BLACK))), 0);
    // … and cannot land on a novice.
    let s = at(&g, "6/3B1V2/6 White roll=2 reserve=6,6");
    assert_eq!(moves(&g, &s), vec!["in-c1"]);
    // The central rosette d2 is no refuge in Skiryuk's rules.
    let s = at(&g, "6/W2B4/6 White roll=3 reserve=6,6");
    assert!(moves(&g, &s).contains(&"a2xd2".to_string()));
}

#[test]
fn a_veteran_on_a2_cannot_be_captured() {
    let g = ur();
    // A white veteran on c2 with 2 would reach a2, where a black veteran rests.
    let s = at(&g, "6/v1V5/6 White roll=2 reserve=6,6");
    assert_eq!(moves(&g, &s), vec!["in-c1"]);
    // A black novice on a2 is fair game for a white novice coming from a1.
    let mut s = at(&g, "6/B7/W5 White roll=1 reserve=6,6");
    play(&g, &mut s, "a1xa2");
    assert_eq!(reserve(&g, &s, BLACK), 7);
    // And a white veteran on a2 is safe from Black's veteran on c2 with 2.
    let s = at(&g, "6/V1v5/6 Black roll=2 reserve=6,6");
    assert_eq!(moves(&g, &s), vec!["in-c3"]);
}

#[test]
fn stacks_hold_four_and_only_the_top_moves() {
    let g = ur();
    // b1 holds three white novices: a fourth from c1 (roll 1) fits.
    let mut s = at(&g, "6/8/1(WWW)W3 White roll=1 reserve=3,7");
    play(&g, &mut s, "c1-b1");
    assert_eq!(stack(&g, &s, "b1"), "WWWW");
    // A fifth does not.
    let s = at(&g, "6/8/1(WWWW)W3 White roll=1 reserve=2,7");
    assert_eq!(moves(&g, &s), vec!["b1-a1", "in-d1"]);
    // Only the top piece of a stack moves, and it leaves the one below in place.
    let mut s = at(&g, "6/2(WB)5/6 Black roll=1 reserve=6,6");
    assert!(moves(&g, &s).contains(&"c2-d2".to_string()));
    play(&g, &mut s, "c2-d2");
    assert_eq!(stack(&g, &s, "c2"), "W");
    let s = at(&g, "6/2(WB)5/6 White roll=1 reserve=6,6");
    assert_eq!(
        moves(&g, &s),
        vec!["in-d1"],
        "the white novice under Black's is stuck"
    );
}

#[test]
fn nobody_is_captured_on_a_stack_and_holy_cells_mix_colours() {
    let g = ur();
    // A white novice lands on c2 where a black novice is: it goes on top, nobody is taken.
    let mut s = at(&g, "6/W1B5/6 White roll=2 reserve=6,6");
    play(&g, &mut s, "a2-c2");
    assert_eq!(stack(&g, &s, "c2"), "BW");
    assert_eq!(reserve(&g, &s, BLACK), 6);
    // The same on f2.
    let mut s = at(&g, "6/3W1B2/6 White roll=2 reserve=6,6");
    play(&g, &mut s, "d2-f2");
    assert_eq!(stack(&g, &s, "f2"), "BW");
}

#[test]
fn g2_refuses_the_enemy_while_occupied() {
    let g = ur();
    // A white novice on e2 with 2 would reach g2, held by a black veteran.
    let s = at(&g, "6/4W1v1/6 White roll=2 reserve=6,6");
    assert_eq!(moves(&g, &s), vec!["in-c1"]);
    // White's own stack there takes it.
    let mut s = at(&g, "6/4W1(WW)1/6 White roll=2 reserve=4,7");
    play(&g, &mut s, "e2-g2");
    assert_eq!(stack(&g, &s, "g2"), "WWW");
    // The camps b1 and d1 stack too.
    let mut s = at(&g, "6/8/3W2 White roll=1 reserve=6,7");
    play(&g, &mut s, "in-d1");
    assert_eq!(stack(&g, &s, "d1"), "WW");
}

#[test]
fn a_rosette_gives_the_same_player_another_roll() {
    let g = ur();
    let mut s = g.start();
    play(&g, &mut s, "roll4");
    play(&g, &mut s, "in-a1");
    assert_eq!(s.to_move(), WHITE);
    assert!(g.is_chance(&s), "White rolls again");
    // Off a rosette the turn passes.
    let mut s = g.start();
    play(&g, &mut s, "roll2");
    play(&g, &mut s, "in-c1");
    assert_eq!(s.to_move(), BLACK);
    assert!(g.is_chance(&s));
    // All five rosettes: d2 in the middle, g1 and g3.
    let mut s = at(&g, "6/2W5/6 White roll=1 reserve=6,7");
    play(&g, &mut s, "c2-d2");
    assert_eq!(s.to_move(), WHITE);
    let mut s = at(&g, "6/7V/6 White roll=2 reserve=6,7");
    play(&g, &mut s, "h2-g3");
    assert_eq!(s.to_move(), WHITE);
}

#[test]
fn a_blocked_player_passes() {
    let g = ur();
    // White's only piece is a veteran on a2 and the roll is 3: nothing can move.
    let mut s = at(&g, "6/V7/6 White roll=3 reserve=0,7 off=6,0");
    assert_eq!(moves(&g, &s), vec!["pass"]);
    play(&g, &mut s, "pass");
    assert_eq!(s.to_move(), BLACK);
    assert!(g.is_chance(&s));
    assert!(g.outcome(&s).is_none(), "passing never ends the game");
}

#[test]
fn seven_borne_off_wins() {
    let g = ur();
    let mut s = at(&g, "6/V7/6 White roll=1 reserve=0,7 off=6,0");
    play(&g, &mut s, "a2-off");
    assert_eq!(s.borne_off(WHITE), 7);
    assert_eq!(g.outcome(&s), Some(Outcome::Win(WHITE)));
    assert!(g.legal_moves_vec(&s).is_empty());
    // Six are not enough.
    let mut s = at(&g, "6/V6V/6 White roll=1 reserve=0,7 off=5,0");
    play(&g, &mut s, "a2-off");
    assert_eq!(g.outcome(&s), None);
}

// ---------------------------------------------------------------------------------------
// Finkel's rules

#[test]
fn finkel_a_rosette_is_safe() {
    let g = finkel();
    // A white piece on a2 with 3 would land on d2, the shared rosette, held by Black.
    let s = at(&g, "6/W2B4/6 White roll=3 reserve=6,6");
    assert_eq!(moves(&g, &s), vec!["in-b1"]);
    // Off the rosette Black's piece is taken, and goes back to the reserve.
    let mut s = at(&g, "6/W3B3/6 White roll=4 reserve=6,6");
    play(&g, &mut s, "a2xe2");
    assert_eq!(reserve(&g, &s, BLACK), 7);
    // Landing on the rosette gives another roll.
    let mut s = at(&g, "6/W7/6 White roll=3 reserve=6,7");
    play(&g, &mut s, "a2-d2");
    assert_eq!(s.to_move(), WHITE);
}

#[test]
fn finkel_a_zero_passes() {
    let g = finkel();
    let mut s = g.start();
    play(&g, &mut s, "roll0");
    assert_eq!(moves(&g, &s), vec!["pass"]);
    play(&g, &mut s, "pass");
    assert_eq!(s.to_move(), BLACK);
    assert!(g.is_chance(&s));
}

#[test]
fn finkel_paths_and_bearing_off() {
    let g = finkel();
    for (r, want) in [(1, "in-d1"), (2, "in-c1"), (3, "in-b1"), (4, "in-a1")] {
        let s = at(&g, &format!("6/8/6 White roll={r} reserve=7,7"));
        assert_eq!(moves(&g, &s), vec![want.to_string()]);
    }
    // h2 turns down into White's row: h2 h1 g1, then off with the 4th step.
    let mut s = at(&g, "6/7W/6 White roll=2 reserve=0,7 off=6,0");
    play(&g, &mut s, "h2-g1");
    let s = at(&g, "6/7W/6 White roll=3 reserve=0,7 off=6,0");
    assert_eq!(moves(&g, &s), vec!["h2-off"]);
    let s = at(&g, "6/7W/6 White roll=4 reserve=0,7 off=6,0");
    assert_eq!(moves(&g, &s), vec!["pass"], "overshooting is no move");
    // And Black goes h2 h3 g3.
    let mut s = at(&g, "6/7B/6 Black roll=3 reserve=7,0 off=0,6");
    play(&g, &mut s, "h2-off");
    assert_eq!(g.outcome(&s), Some(Outcome::Win(BLACK)));
}

// ---------------------------------------------------------------------------------------
// Perft

/// Perft from the start: a roll is a ply, and every roll outcome is expanded (counted once,
/// whatever its probability). The snapshot is tabletop's own output; its ur-finkel half is
/// checked from outside by the two RoyalUr tests below (`finkel.json`, recorded, and the
/// live driver). Its ur half (Skiryuk's rules as Dagaz plays them) is checked from outside in
/// `tests/ur_skiryuk_gen.rs`, against a generator written from the rules text alone
/// (`tests/oracles/ur/skiryuk_gen.py`, recorded in `skiryuk.json`, perft 1–12).
#[test]
fn perft_from_the_start() {
    let mut out = String::new();
    for (name, g) in [("ur", ur()), ("ur-finkel", finkel())] {
        out.push_str(&format!("{name}\n"));
        for depth in 1..=10 {
            let mut s = g.start();
            let n = tabletop::tools::perft::perft(&g, &mut s, depth);
            out.push_str(&format!("  perft {depth:>2} {n:>10}\n"));
        }
    }
    insta::assert_snapshot!("ur_perft", out);
}

/// Finkel's rules against RoyalUr (pip `royalur`, the RoyalUr.net project's rules library):
/// `tests/oracles/ur/royalur_perft.py` counts perft 1–12 with RoyalUr's own move generator
/// and the same counting (a roll is a ply, a roll without a move is followed by a pass), and
/// tabletop must count the same. The snapshot above was tabletop's own output; this is the
/// outside check of its ur-finkel half. (Skiryuk's rules in `games/ur.game` are Dagaz's,
/// which RoyalUr does not play: `tests/ur_skiryuk_gen.rs` checks them.) The driver runs in the test venv, installed with pip on
/// first use (`.ci/run` installs it).
#[test]
fn ur_finkel_perft_matches_royalur() {
    let python = common::python_with("royalur", "royalur");
    let driver = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/oracles/ur/royalur_perft.py"
    );
    let out = std::process::Command::new(&python)
        .args([driver, "12"])
        .output()
        .expect("the venv's python runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let theirs: Vec<(u32, u64)> = text
        .lines()
        .filter_map(|l| {
            let mut w = l.strip_prefix("perft ")?.split(' ');
            Some((w.next()?.parse().ok()?, w.next()?.parse().ok()?))
        })
        .collect();
    assert_eq!(theirs.len(), 12, "{text}");
    let g = finkel();
    for (depth, n) in theirs {
        let mut s = g.start();
        assert_eq!(
            tabletop::tools::perft::perft(&g, &mut s, depth),
            n,
            "perft {depth} of ur-finkel, RoyalUr counts {n}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Finkel's rules against RoyalUr's recorded games

/// One ply of `tests/oracles/royalur/finkel.json` (see `record.py` beside it).
#[derive(serde::Deserialize)]
struct RoyalPly {
    mover: String,
    roll: u8,
    legal: Vec<String>,
    #[serde(rename = "move")]
    played: String,
    after: RoyalSnapshot,
}

/// The position after a ply, as RoyalUr shows it.
#[derive(serde::Deserialize)]
struct RoyalSnapshot {
    board: std::collections::BTreeMap<String, String>,
    reserve: [u16; 2],
    off: [u16; 2],
    to_move: Option<String>,
    winner: Option<String>,
}

#[derive(serde::Deserialize)]
struct RoyalGame {
    plies: Vec<RoyalPly>,
    winner: String,
}

#[derive(serde::Deserialize)]
struct RoyalRecord {
    perft: Vec<u64>,
    games: Vec<RoyalGame>,
}

fn royal_record() -> RoyalRecord {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/oracles/royalur/finkel.json"
    );
    let text = std::fs::read_to_string(path).expect("the RoyalUr record is in the repository");
    serde_json::from_str(&text).expect("the RoyalUr record parses")
}

fn side(name: &str) -> Player {
    match name {
        "White" => WHITE,
        "Black" => BLACK,
        other => panic!("no side {other}"),
    }
}

/// Perft 1–12 of `games/ur-finkel.game` is RoyalUr's, as recorded (no Python needed): this
/// is where the ur-finkel half of the `ur_perft` snapshot above was checked from outside.
#[test]
fn ur_finkel_perft_matches_the_royalur_record() {
    let record = royal_record();
    assert_eq!(record.perft.len(), 12);
    let g = finkel();
    for (depth, &n) in (1..).zip(&record.perft) {
        let mut s = g.start();
        assert_eq!(
            tabletop::tools::perft::perft(&g, &mut s, depth),
            n,
            "perft {depth} of ur-finkel, RoyalUr counts {n}"
        );
    }
}

/// Twenty random games RoyalUr played, replayed roll by roll: before every move tabletop's
/// legal moves are RoyalUr's, and after it the board, the reserves, the pieces borne off,
/// the player to roll (another roll after a rosette) and the winner are the same.
#[test]
fn ur_finkel_replays_royalur_games() {
    let record = royal_record();
    assert!(record.games.len() >= 20, "{} games", record.games.len());
    let g = finkel();
    let names: Vec<String> = ["1", "2", "3"]
        .iter()
        .flat_map(|row| ('a'..='h').map(move |c| format!("{c}{row}")))
        .filter(|n| g.board().cell_by_name(n).is_some())
        .collect();
    assert_eq!(names.len(), 20, "Finkel's board has 20 cells");
    let mut plies = 0;
    for (i, game) in record.games.iter().enumerate() {
        let mut s = g.start();
        for (k, ply) in game.plies.iter().enumerate() {
            let at = format!("game {i} ply {k}");
            assert_eq!(s.to_move(), side(&ply.mover), "{at}");
            assert!(g.is_chance(&s), "{at}: a roll comes first");
            play(&g, &mut s, &format!("roll{}", ply.roll));
            assert_eq!(moves(&g, &s), ply.legal, "{at}: roll {}", ply.roll);
            play(&g, &mut s, &ply.played);
            let after = &ply.after;
            for name in &names {
                let want = after.board.get(name).map_or("", String::as_str);
                assert_eq!(stack(&g, &s, name), want, "{at}: {name}");
            }
            assert_eq!(
                [reserve(&g, &s, WHITE), reserve(&g, &s, BLACK)],
                after.reserve,
                "{at}"
            );
            assert_eq!([s.borne_off(WHITE), s.borne_off(BLACK)], after.off, "{at}");
            match (&after.to_move, &after.winner) {
                (Some(p), None) => {
                    assert_eq!(g.outcome(&s), None, "{at}");
                    assert_eq!(s.to_move(), side(p), "{at}");
                }
                (None, Some(w)) => assert_eq!(g.outcome(&s), Some(Outcome::Win(side(w))), "{at}"),
                _ => panic!("{at}: a snapshot has a player to move or a winner"),
            }
            plies += 1;
        }
        assert_eq!(
            g.outcome(&s),
            Some(Outcome::Win(side(&game.winner))),
            "game {i}"
        );
    }
    assert!(plies > 2000, "{plies} plies replayed");
}
