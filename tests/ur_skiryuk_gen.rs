//! Skiryuk's Ur (`games/ur.game`, his rules as Dagaz plays them) against a move generator
//! written in Python from the rules text alone (`tests/oracles/ur/skiryuk_gen.py`, from
//! `skiryuk_rules.md` beside it, by an engineer who had not read `games/ur.game`, `src/`,
//! `tests/ur.rs` or its perft snapshot). Its output is recorded in `skiryuk.json`, so the test
//! needs no Python.
//!
//! The generator counts the same way as `tests/ur.rs`: a roll is a ply, every roll outcome
//! (1–4 steps from three binary dice, no marked side being 4) is expanded once whatever its
//! odds, and a roll that leaves no move is followed by a pass. The two agreed in full the first
//! time they were compared: perft 1–12 from the start, and the legal moves, board, reserves,
//! pieces borne off, player to roll and winner at every turn of twenty random games.

use std::collections::BTreeMap;

use tabletop::engine::{Game, Outcome, Player, State};

const WHITE: Player = Player(0);
const BLACK: Player = Player(1);

/// One turn of a recorded game: the roll, then the move.
#[derive(serde::Deserialize)]
struct Turn {
    /// `w` or `b`: who rolls.
    player: String,
    roll: u8,
    /// Every legal move as `from-to` (`reserve` and `off` for the ends), the generator's order.
    legal: Vec<String>,
    /// The move played, or `pass`.
    #[serde(rename = "move")]
    played: String,
    /// The position after it (see `Board`).
    board: String,
}

#[derive(serde::Deserialize)]
struct RandomGame {
    seed: u64,
    over: bool,
    winner: Option<String>,
    turns: Vec<Turn>,
}

#[derive(serde::Deserialize)]
struct Record {
    perft: Vec<u64>,
    games: Vec<RandomGame>,
}

fn record() -> Record {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracles/ur/skiryuk.json");
    let text = std::fs::read_to_string(path).expect("skiryuk.json is in the repository");
    serde_json::from_str(&text).expect("skiryuk.json parses")
}

fn ur() -> Game {
    tabletop::load_shipped("ur", &[]).expect("ur compiles")
}

fn side(name: &str) -> Player {
    match name {
        "w" => WHITE,
        "b" => BLACK,
        other => panic!("no side {other}"),
    }
}

/// A position of the record: `d1:ww a2:B reserve 5/6 off 0/0 b` (stacks bottom first, `w`/`b`
/// novices, `W`/`B` veterans), in tabletop's symbols (`W`/`B` novices, `V`/`v` veterans).
struct Board {
    cells: BTreeMap<String, String>,
    reserve: [u16; 2],
    off: [u16; 2],
    to_move: Player,
}

fn pair(text: &str) -> [u16; 2] {
    let (a, b) = text.split_once('/').expect("a pair a/b");
    [a.parse().expect("a count"), b.parse().expect("a count")]
}

fn board(text: &str) -> Board {
    let w: Vec<&str> = text.split_whitespace().collect();
    let n = w.len();
    assert!(
        n >= 6 && w[n - 5] == "reserve" && w[n - 3] == "off",
        "{text}"
    );
    let cells = w[..n - 5]
        .iter()
        .filter(|&&c| c != "-")
        .map(|c| {
            let (cell, stack) = c.split_once(':').expect("cell:stack");
            let ours = stack
                .chars()
                .map(|p| match p {
                    'w' => 'W',
                    'b' => 'B',
                    'W' => 'V',
                    'B' => 'v',
                    other => panic!("no piece {other} in {text}"),
                })
                .collect();
            (cell.to_string(), ours)
        })
        .collect();
    Board {
        cells,
        reserve: pair(w[n - 4]),
        off: pair(w[n - 2]),
        to_move: side(w[n - 1]),
    }
}

/// tabletop's legal moves in the generator's notation (`in-d1` is `reserve-d1`, a capture
/// `a2xe2` is `a2-e2`), sorted.
fn legal(g: &Game, s: &State) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves_vec(s)
        .iter()
        .map(|&m| {
            let text = g.move_to_string(s, m).replacen('x', "-", 1);
            match text.strip_prefix("in-") {
                Some(to) => format!("reserve-{to}"),
                None => text,
            }
        })
        .collect();
    v.sort();
    v
}

/// Plays a move given in the generator's notation.
fn play(g: &Game, s: &mut State, text: &str) {
    let ours = match text.strip_prefix("reserve-") {
        Some(to) => format!("in-{to}"),
        None => text.to_string(),
    };
    // A capture is written `x` in tabletop's notation: take whichever is legal.
    let mv = g
        .parse_move(s, &ours)
        .or_else(|_| g.parse_move(s, &ours.replacen('-', "x", 1)))
        .unwrap_or_else(|e| panic!("{text}: {e}; legal: {:?}", legal(g, s)));
    g.make(s, mv);
}

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

#[test]
fn perft_1_to_12_from_the_start_matches_the_python_generator() {
    let r = record();
    assert_eq!(r.perft.len(), 12);
    let g = ur();
    for (depth, &n) in (1..).zip(&r.perft) {
        let mut s = g.start();
        assert_eq!(
            tabletop::tools::perft::perft(&g, &mut s, depth),
            n,
            "perft {depth} of ur, the generator counts {n}"
        );
    }
    // Four roll outcomes, one entering move each: the counting convention is the same.
    assert_eq!(r.perft[..4], [4, 4, 16, 19]);
}

#[test]
fn random_games_replay_with_the_python_generators_moves() {
    let r = record();
    assert_eq!(r.games.len(), 20);
    let g = ur();
    let names: Vec<String> = ["1", "2", "3"]
        .iter()
        .flat_map(|row| ('a'..='h').map(move |c| format!("{c}{row}")))
        .filter(|n| g.board().cell_by_name(n).is_some())
        .collect();
    assert_eq!(names.len(), 20, "Skiryuk's board has 20 cells");
    let (mut turns, mut passes, mut captures, mut flips) = (0, 0, 0, 0);
    for game in &r.games {
        let mut s = g.start();
        for (k, t) in game.turns.iter().enumerate() {
            let at = format!("seed {} turn {k}", game.seed);
            assert_eq!(g.outcome(&s), None, "{at}");
            assert_eq!(s.to_move(), side(&t.player), "{at}");
            assert!(g.is_chance(&s), "{at}: a roll comes first");
            play(&g, &mut s, &format!("roll{}", t.roll));
            let mut want = t.legal.clone();
            want.sort();
            if want.is_empty() {
                want.push("pass".to_string());
                passes += 1;
            }
            assert_eq!(legal(&g, &s), want, "{at}: roll {}", t.roll);
            let before = [reserve(&g, &s, WHITE), reserve(&g, &s, BLACK)];
            let veterans_before = count_veterans(&g, &s, &names);
            play(&g, &mut s, &t.played);
            let after = board(&t.board);
            for name in &names {
                let want = after.cells.get(name).map_or("", String::as_str);
                assert_eq!(stack(&g, &s, name), want, "{at}: {name}");
            }
            let now = [reserve(&g, &s, WHITE), reserve(&g, &s, BLACK)];
            assert_eq!(now, after.reserve, "{at}");
            assert_eq!([s.borne_off(WHITE), s.borne_off(BLACK)], after.off, "{at}");
            captures += usize::from(now[0] > before[0] || now[1] > before[1]);
            flips += usize::from(count_veterans(&g, &s, &names) > veterans_before);
            if g.outcome(&s).is_none() {
                assert_eq!(s.to_move(), after.to_move, "{at}");
            }
            turns += 1;
        }
        assert!(game.over, "seed {}: played to the end", game.seed);
        let winner = game.winner.as_deref().expect("a winner");
        assert_eq!(
            g.outcome(&s),
            Some(Outcome::Win(side(winner))),
            "seed {}",
            game.seed
        );
    }
    // The games went through every kind of turn, not only plain steps.
    assert!(turns > 4000, "{turns} turns replayed");
    assert!(passes > 150, "{passes} passes");
    assert!(captures > 250, "{captures} captures");
    assert!(flips > 250, "{flips} flips");
}

/// The veterans on the board, both sides.
fn count_veterans(g: &Game, s: &State, names: &[String]) -> usize {
    names
        .iter()
        .map(|n| {
            stack(g, s, n)
                .chars()
                .filter(|&c| c == 'V' || c == 'v')
                .count()
        })
        .sum()
}
