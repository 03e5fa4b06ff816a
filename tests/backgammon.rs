//! Backgammon (games/backgammon.game) against OpenSpiel's backgammon: the same legal whole
//! turns at every decision of recorded games, and the same winner.
//!
//! `tests/oracles/backgammon/turns.json` is written by `record.py` there (OpenSpiel 2.0.2):
//! the game of OpenSpiel's own playthrough file (`openspiel-playthrough.json`, 137 plies)
//! and 20 random games. OpenSpiel splits a double into two actions ("Extra turn") and its
//! first chance outcome also picks who starts; the script joins the halves into whole turns
//! and numbers the players from the one who started, who is our White. A turn is compared
//! as the set of its steps `from/to`, points counted by the mover (25 the bar, 0 off),
//! which is how OpenSpiel's distinct turns are told apart. OpenSpiel lists one play written
//! several ways (a man moved 13/10/9 or 13/12/9 by a 3-1) as several turns; tabletop lists
//! one move per position left (one play, as gnubg counts plays), so the file groups the
//! turns that leave one position (`same`, from OpenSpiel's own boards) and the test wants
//! exactly one of ours in each group.

use std::collections::BTreeSet;

use tabletop::engine::{BORNE_OFF, FROM_RESERVE};
use tabletop::{Game, Move, Player, State};

mod common;
use common::{Json, JsonExt};

fn backgammon() -> Game {
    tabletop::load_shipped("backgammon", &[]).expect("backgammon compiles")
}

fn turns_file() -> Json {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/oracles/backgammon/turns.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    common::parse(&text)
}

/// A point as the player to move counts it (24 where it starts, 1 next to bearing off;
/// 25 the bar, 0 off).
fn point(g: &Game, p: Player, c: tabletop::CellId) -> u32 {
    match c {
        FROM_RESERVE => 25,
        BORNE_OFF => 0,
        _ => {
            let track = &g.tracks()[0];
            let i = track.cells[p]
                .iter()
                .position(|&t| t == c)
                .expect("a cell of the track");
            24 - i as u32
        }
    }
}

/// Our turn as OpenSpiel's script writes it: its steps, sorted.
fn key(g: &Game, s: &State, mv: Move) -> Vec<String> {
    let p = s.to_move();
    let mut v: Vec<String> = mv
        .cells()
        .chunks_exact(2)
        .map(|st| format!("{}/{}", point(g, p, st[0]), point(g, p, st[1])))
        .collect();
    v.sort();
    v
}

#[test]
fn legal_turns_match_openspiel_along_recorded_games() {
    let g = backgammon();
    let file = turns_file();
    let games = file.field("games").arr();
    assert_eq!(games.len(), 21, "the playthrough and 20 random games");
    let mut decisions = 0;
    let mut turns_compared = 0;
    let mut doubles = 0;
    let mut same = 0;
    for (n, game) in games.iter().enumerate() {
        let mut s = g.start();
        for (k, d) in game.field("decisions").arr().iter().enumerate() {
            let dice: Vec<u8> = d
                .field("dice")
                .arr()
                .iter()
                .map(|x| x.num() as u8)
                .collect();
            let roll = dice[0] * 10 + dice[1];
            assert!(g.is_chance(&s), "game {n} decision {k}: a roll is due");
            g.make(&mut s, Move::roll(roll));
            let mover = Player(d.field("mover").num() as u8);
            assert_eq!(s.to_move(), mover, "game {n} decision {k}: who moves");
            let play = plays(d);
            let legal = g.legal_moves_vec(&s);
            let ours: BTreeSet<usize> = legal
                .iter()
                .map(|&m| {
                    *play.get(&key(&g, &s, m)).unwrap_or_else(|| {
                        panic!(
                            "game {n} decision {k} (roll {roll}): {} is not OpenSpiel's in {}",
                            g.move_to_string(&s, m),
                            g.position_to_string(&s)
                        )
                    })
                })
                .collect();
            assert_eq!(
                ours.len(),
                legal.len(),
                "game {n} decision {k}: a play listed twice"
            );
            let theirs: BTreeSet<usize> = play.values().copied().collect();
            assert_eq!(
                ours,
                theirs,
                "game {n} decision {k} (roll {roll}) in {}",
                g.position_to_string(&s)
            );
            decisions += 1;
            turns_compared += ours.len();
            doubles += usize::from(dice[0] == dice[1]);
            same += play.len() - theirs.len();
            let played = play[&d.field("played").strings()];
            let mv = *legal
                .iter()
                .find(|&&m| play[&key(&g, &s, m)] == played)
                .expect("the played turn is legal");
            g.make(&mut s, mv);
        }
        let winner = Player(game.field("winner").num() as u8);
        let outcome = g.outcome(&s).expect("the game is over");
        assert_eq!(outcome.winner(2), Some(winner), "game {n}: the winner");
    }
    // Every decision of the 21 games, thousands of turns, with doubles among them.
    assert_eq!(decisions, 2082);
    assert!(turns_compared > 20_000, "{turns_compared} turns");
    assert!(doubles > 300, "{doubles} doubles");
    // OpenSpiel's turns that repeat another's play: each one of ours covers them.
    assert!(same > 2000, "{same} turns that repeat a play");
}

/// OpenSpiel's turns at a decision, each mapped to its play: the first of the turns that
/// leave the same position (the file's `same` groups).
fn plays(d: &Json) -> std::collections::BTreeMap<Vec<String>, usize> {
    let turns: Vec<Vec<String>> = d.field("turns").arr().iter().map(|t| t.strings()).collect();
    let mut play: Vec<usize> = (0..turns.len()).collect();
    for group in d.field("same").arr() {
        let ids: Vec<usize> = group.arr().iter().map(|i| i.num() as usize).collect();
        for &i in &ids {
            play[i] = ids[0];
        }
    }
    turns.into_iter().zip(play).collect()
}

#[test]
fn opening_turns_match_openspiel_for_every_roll() {
    let g = backgammon();
    let file = turns_file();
    let opening = file
        .field("opening")
        .as_object()
        .expect("the opening counts");
    assert_eq!(opening.len(), 15, "the 15 rolls that are not doubles");
    for (roll, count) in opening {
        let mut s = g.start();
        g.make(&mut s, Move::roll(roll.parse().expect("a roll")));
        assert_eq!(
            g.legal_moves_vec(&s).len(),
            count.num() as usize,
            "roll {roll}"
        );
    }
}

/// Counts the leaves `depth` plies below `s`, rolls and turns alike.
fn perft(g: &Game, s: &mut State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for mv in g.legal_moves_vec(s) {
        g.make(s, mv);
        n += perft(g, s, depth - 1);
        g.unmake(s);
    }
    n
}

#[test]
fn perft_counts_rolls_and_whole_turns() {
    let g = backgammon();
    let mut s = g.start();
    // 21 rolls; 447 opening plays (190 for the 15 rolls OpenSpiel opens with, 257 for the
    // six doubles); each of those positions again has 21 rolls.
    let counts: Vec<u64> = (1..=3).map(|d| perft(&g, &mut s, d)).collect();
    assert_eq!(counts, vec![21, 447, 447 * 21]);
}

/// Perft 4 over the openings OpenSpiel plays (its first roll is never a double): each
/// non-double opening roll, each of its plays, each of the other player's 21 rolls, the
/// number of plays; OpenSpiel's sum (distinct positions left) is recorded as `reply_plays`.
#[test]
fn replies_to_every_opening_match_openspiel() {
    let g = backgammon();
    let want = turns_file().field("reply_plays").num() as u64;
    let mut s = g.start();
    let mut total = 0;
    for roll in g.legal_moves_vec(&s) {
        let r = roll.as_roll().expect("a roll");
        if r / 10 == r % 10 {
            continue;
        }
        g.make(&mut s, roll);
        for turn in g.legal_moves_vec(&s) {
            g.make(&mut s, turn);
            total += perft(&g, &mut s, 2);
            g.unmake(&mut s);
        }
        g.unmake(&mut s);
    }
    assert_eq!(total, want);
    assert_eq!(total, 89_153);
}

/// The legal move `text` names at `s`, panicking with the reason when none.
fn read(g: &Game, s: &State, text: &str) -> Move {
    g.parse_move(s, text)
        .unwrap_or_else(|e| panic!("{text:?} in {}: {e}", g.position_to_string(s)))
}

/// The position `text`, with the roll it names made.
fn at(g: &Game, text: &str) -> State {
    g.parse_position(text).expect("a position")
}

#[test]
fn turns_are_read_in_every_spelling_players_use() {
    let g = backgammon();
    let mut s = g.start();
    g.make(&mut s, Move::roll(31));
    // The 3-1 point: steps in any order, joined by `+`, `,` or spaces, or in cells.
    let point = read(&g, &s, "8/5+6/5");
    for text in [
        "8/5 6/5",
        "6/5,8/5",
        "6/5 + 8/5",
        "e1-h1+g1-h1",
        "g1-h1+e1-h1",
    ] {
        assert_eq!(read(&g, &s, text), point, "{text}");
    }
    assert_eq!(g.move_to_string(&s, point), "8/5+6/5");
    // One back man by both dice: the total, the chain, or either order of the steps.
    let run = read(&g, &s, "24/20");
    for text in [
        "24/21/20",
        "24/23/20",
        "24/23 23/20",
        "23/20+24/23",
        "24/21+21/20",
    ] {
        assert_eq!(read(&g, &s, text), run, "{text}");
    }
    // Not legal: a 3-1 does not move a man five points, nor from a point it does not hold.
    assert!(g.parse_move(&s, "13/8").is_err());
    assert!(g.parse_move(&s, "23/20 21/20").is_err());
    assert!(g.parse_move(&s, "25/20").is_err());

    // A double: each step, or `(2)` for two men alike.
    let mut s = g.start();
    g.make(&mut s, Move::roll(55));
    let fives = read(&g, &s, "13/8(2) 8/3(2)");
    for text in [
        "13/8 13/8 8/3 8/3",
        "13/3(2)",
        "13/8/3(2)",
        "8/3+13/8+8/3+13/8",
    ] {
        assert_eq!(read(&g, &s, text), fives, "{text}");
    }
    assert_eq!(g.move_to_string(&s, fives), "13/8+13/8+8/3+8/3");
    // The 1 point holds two enemy men.
    assert!(g.parse_move(&s, "6/1(2) 8/3(2)").is_err());

    // The bar: entering on the 24 point with a 1, on the 19 with the 6.
    let s = at(
        &g,
        "6(BB)5/(BBBBBBBBBBBBB)5(WWWWWWWWWWWWWW)5 White 0 roll=61 reserve=1,0",
    );
    let enter = read(&g, &s, "bar/24 24/18");
    assert_eq!(read(&g, &s, "bar/18"), enter);
    assert_eq!(read(&g, &s, "BAR/24+24/18"), enter);
    assert_eq!(read(&g, &s, "in-l2+l2-f2"), enter);
    assert_eq!(g.move_to_string(&s, enter), "bar/24+24/18");

    // Bearing off, the men picked in any order.
    let s = at(&g, "11(BBBBBBBBBBBBBBB)/8WW2 White 0 roll=65 off=13,0");
    let off = read(&g, &s, "4/off 3/off");
    assert_eq!(read(&g, &s, "3/off+4/off"), off);
    assert_eq!(read(&g, &s, "j1-off+i1-off"), off);
    assert_eq!(g.move_to_string(&s, off), "4/off+3/off");

    // A hit is marked `*`; when one route hits and another does not, the mark decides.
    let s = at(&g, "W10(BBBBBBBBBBBBB)/1B10 White 0 roll=21 off=14,0");
    let hit = read(&g, &s, "13/11*/10");
    let quiet = read(&g, &s, "13/12/10");
    assert_ne!(hit, quiet);
    assert_eq!(g.move_to_string(&s, hit), "13/11*+11/10");
    assert_eq!(g.move_to_string(&s, quiet), "13/12+12/10");
    assert_eq!(read(&g, &s, "13/10"), quiet);
    assert_eq!(read(&g, &s, "13/11* 11/10"), hit);
    assert_eq!(read(&g, &s, "13/11/10"), hit);
}

/// Every legal turn along random games, written and read back, is the same move.
#[test]
fn every_turn_written_reads_back_as_itself() {
    use rand::{rngs::SmallRng, Rng, SeedableRng};
    let g = backgammon();
    let mut rng = SmallRng::seed_from_u64(45);
    let mut checked = 0;
    for _ in 0..4 {
        let mut s = g.start();
        while g.outcome(&s).is_none() {
            let legal = g.legal_moves_vec(&s);
            if !g.is_chance(&s) {
                for &m in &legal {
                    let text = g.move_to_string(&s, m);
                    assert_eq!(read(&g, &s, &text), m, "{text}");
                    assert_eq!(read(&g, &s, &text.replace('+', " ")), m, "{text}");
                    checked += 1;
                }
            }
            let m = legal[rng.gen_range(0..legal.len())];
            g.make(&mut s, m);
        }
    }
    assert!(checked > 1_500, "{checked} turns");
}
