//! Russian draughts (`games/russian-draughts.game`) against pydraughts' `russian` variant
//! (`tests/oracles/pydraughts/russian.json`, recorded by `record_russian.py` there): perft
//! from the start, and the legal move set at every ply of seeded random games, from the start
//! and from random positions with kings (men crowned in mid-capture, flying kings that must
//! land where the capture goes on, the Turkish strike). Brazilian draughts
//! (`tests/rules/brazilian-draughts.game`, international rules on 8 × 8, written from the docs
//! alone and not shipped) is checked the same way against the `brazilian` variant
//! (`brazilian.json`), and its scenarios are run.
//!
//! A move is compared as the squares it visits, origin and every landing ("c3 e5 g3"). Two
//! series that take the same pieces by different paths to the same square are one move for
//! us (listed once, by the first path found): pydraughts lists each path, so both sides are
//! compared as (origin, last square, the pieces taken).

use std::collections::BTreeSet;
use tabletop::{Game, Move, State};

mod common;
use common::{parse, Json, JsonExt};

fn russian() -> Game {
    tabletop::load_shipped("russian-draughts", &[]).expect("russian draughts compiles")
}

/// Brazilian draughts, written from docs/language.md alone (`tests/rules/`, not shipped).
fn brazilian() -> Game {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/rules/brazilian-draughts.game"
    );
    tabletop::load(path, &[]).expect("brazilian draughts compiles")
}

/// `tests/oracles/pydraughts/<variant>.json`.
fn oracle(variant: &str) -> Json {
    let path = format!(
        "{}/tests/oracles/pydraughts/{variant}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    parse(&std::fs::read_to_string(path).expect("the oracle file is in the repository"))
}

/// A cell's (column, row) from its algebraic name.
fn coords(name: &str) -> (i32, i32) {
    let b = name.as_bytes();
    (
        i32::from(b[0] - b'a'),
        name[1..].parse().expect("a row number"),
    )
}

/// The squares a path crosses strictly between each pair of its squares that hold a piece on
/// `board` (the pieces a capture takes; a quiet move crosses none): origin, last square and
/// the taken squares sorted.
fn key(path: &[String], occupied: &dyn Fn(&str) -> bool) -> String {
    let mut taken = Vec::new();
    for w in path.windows(2) {
        let ((c0, r0), (c1, r1)) = (coords(&w[0]), coords(&w[1]));
        let (dc, dr) = ((c1 - c0).signum(), (r1 - r0).signum());
        let (mut c, mut r) = (c0 + dc, r0 + dr);
        while (c, r) != (c1, r1) {
            let name = format!("{}{}", (b'a' + c as u8) as char, r);
            if name != path[0] && occupied(&name) {
                taken.push(name);
            }
            c += dc;
            r += dr;
        }
    }
    taken.sort();
    format!("{} {} x{}", path[0], path[path.len() - 1], taken.join(","))
}

/// Our move as the squares it visits.
fn squares(game: &Game, mv: &Move) -> Vec<String> {
    mv.cells()
        .iter()
        .map(|c| game.board().cells[c.index()].name.clone())
        .collect()
}

fn occupied<'a>(game: &'a Game, s: &'a State) -> impl Fn(&str) -> bool + 'a {
    move |name| {
        let c = game
            .board()
            .cell_by_name(name)
            .expect("a cell of the board");
        !Game::is_empty_piece(s.at(c))
    }
}

fn perft(game: &Game, s: &mut State, depth: u32) -> u64 {
    let moves = game.legal_moves_vec(s);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for mv in moves {
        game.make(s, mv);
        n += perft(game, s, depth - 1);
        game.unmake(s);
    }
    n
}

#[test]
fn perft_from_the_start_matches_pydraughts() {
    perft_matches(&russian(), &oracle("russian"));
    perft_matches(&brazilian(), &oracle("brazilian"));
}

/// Perft from the start against the oracle's counts.
fn perft_matches(game: &Game, data: &Json) {
    let want: Vec<u64> = data
        .field("perft")
        .arr()
        .iter()
        .map(|n| n.num() as u64)
        .collect();
    assert!(want.len() >= 5, "{want:?}");
    let mut s = game.start();
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(
            perft(game, &mut s, d as u32 + 1),
            n,
            "{}: perft {}",
            game.name(),
            d + 1
        );
    }
}

/// pydraughts' `russian` perft 6 (37,986), as published with the variant.
#[test]
fn perft_6_from_the_start() {
    let game = russian();
    assert_eq!(perft(&game, &mut game.start(), 6), 37_986);
}

#[test]
fn legal_moves_along_random_games_match_pydraughts() {
    let (plies, long, crowned) = replay(&russian(), &oracle("russian"));
    assert!(plies > 1_200, "{plies} positions compared");
    assert!(long > 200, "{long} flying moves compared");
    assert!(crowned >= 10, "{crowned} men crowned in mid-series");
}

#[test]
fn brazilian_legal_moves_along_random_games_match_pydraughts() {
    let game = brazilian();
    // Men that pass the far row in mid-series stay men here (the sets after agree).
    let (plies, long, passing) = replay(&game, &oracle("brazilian"));
    assert!(plies > 1_200, "{plies} positions compared");
    assert!(long > 200, "{long} flying moves compared");
    assert!(
        passing >= 1,
        "{passing} men passing the far row in mid-series"
    );
}

/// The scenarios of the Brazilian rule file (`tests/rules/brazilian-draughts.test`) pass.
#[test]
fn brazilian_scenarios_pass() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/rules/brazilian-draughts.test"
    );
    let (code, out, err) = common::tabletop(&["test", path]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.ends_with("5 passed, 0 failed\n"), "{out}");
}

/// Replays every recorded game of `data`, comparing the legal move sets at every ply;
/// returns the positions compared, the flying moves among them and the moves of men passing
/// the far row in mid-series (a landing before the last there: crowned in Russian draughts).
fn replay(game: &Game, data: &Json) -> (usize, usize, usize) {
    let (mut plies, mut long, mut crowned) = (0, 0, 0);
    for (g, record) in data.field("games").arr().iter().enumerate() {
        let mut s = match record.field("start").as_str() {
            Some(text) => game
                .parse_position(text)
                .expect("a recorded start position"),
            None => game.start(),
        };
        let mut list: Vec<&Json> = record.field("plies").arr().iter().collect();
        let last = Json::Null;
        list.push(&last);
        for (i, ply) in list.into_iter().enumerate() {
            let theirs_legal = if ply.is_null() {
                record.field("final_legal").strings()
            } else {
                ply.field("legal").strings()
            };
            let ours = game.legal_moves_vec(&s);
            let occ = occupied(game, &s);
            let split = |t: &String| t.split(' ').map(str::to_string).collect::<Vec<_>>();
            let theirs: BTreeSet<String> =
                theirs_legal.iter().map(|t| key(&split(t), &occ)).collect();
            let mine: BTreeSet<String> =
                ours.iter().map(|m| key(&squares(game, m), &occ)).collect();
            assert_eq!(
                mine.len(),
                ours.len(),
                "game {g} ply {i}: a move listed twice"
            );
            assert_eq!(
                mine,
                theirs,
                "game {g} ply {i}: position {}",
                game.position_to_string(&s)
            );
            plies += 1;
            long += ours
                .iter()
                .filter(|m| {
                    let sq = squares(game, m);
                    (coords(&sq[0]).0 - coords(&sq[1]).0).abs() > 2
                })
                .count();
            // Men crowned in mid-series: a landing before the last on the far row.
            crowned += ours
                .iter()
                .filter(|m| {
                    let sq = squares(game, m);
                    let man = game.pieces()[s.at(m.cells()[0]).index()]
                        .symbol
                        .is_lowercase();
                    man && sq[1..sq.len() - 1]
                        .iter()
                        .any(|c| matches!(coords(c).1, 1 | 8))
                })
                .count();
            if ply.is_null() {
                if record.field("over").as_bool() == Some(true) && theirs_legal.is_empty() {
                    assert!(game.is_over(&s), "game {g}: no moves ends the game");
                }
                break;
            }
            let played = key(&split(&ply.field("played").str().to_string()), &occ);
            let mv = *ours
                .iter()
                .find(|m| key(&squares(game, m), &occ) == played)
                .unwrap_or_else(|| panic!("game {g} ply {i}: {played} is not ours"));
            drop(occ);
            game.make(&mut s, mv);
        }
    }
    (plies, long, crowned)
}
