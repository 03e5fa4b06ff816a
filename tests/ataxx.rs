//! Ataxx against an independent generator: `tests/oracles/ataxx/ataxx.py` (written from the
//! rules alone, not from our code) recorded perft from the start and twenty seeded random
//! games with the legal moves before every ply (`ataxx.json`; see the README there). Our
//! legal set must equal theirs at every ply, their move is played, and the game must end
//! where theirs does, with the same result.

use std::collections::BTreeSet;

use tabletop::{Game, Outcome, Player, State};

mod common;
use common::{Json, JsonExt};

const BLACK: Player = Player(0);
const WHITE: Player = Player(1);

fn oracle() -> Json {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracles/ataxx/ataxx.json");
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path:?}: {e}"));
    common::parse(&text)
}

fn game() -> Game {
    tabletop::load_shipped("ataxx", &[]).expect("ataxx compiles")
}

fn perft(game: &Game, s: &mut State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for mv in game.legal_moves_vec(s) {
        game.make(s, mv);
        n += perft(game, s, depth - 1);
        game.unmake(s);
    }
    n
}

#[test]
fn perft_matches_the_independent_generator() {
    let data = oracle();
    let game = game();
    let mut s = game.start();
    let want: Vec<u64> = data
        .field("perft")
        .arr()
        .iter()
        .map(|j| j.num() as u64)
        .collect();
    assert_eq!(
        want,
        [16, 256, 6460, 155888],
        "the issue's 16 and 256, then the oracle's"
    );
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(perft(&game, &mut s, d as u32 + 1), n, "perft {}", d + 1);
    }
}

#[test]
fn random_games_have_the_same_legal_moves_and_results() {
    let data = oracle();
    let game = game();
    let games = data.field("games").arr();
    assert_eq!(games.len(), 20);
    let (mut plies, mut passes) = (0, 0);
    for (i, g) in games.iter().enumerate() {
        let mut s = game.start();
        let moves = g.field("moves").strings();
        let legal = g.field("legal").strings();
        assert_eq!(moves.len(), legal.len());
        for (n, (played, theirs)) in moves.iter().zip(&legal).enumerate() {
            let at = format!("game {i} ply {n}");
            assert_eq!(game.outcome(&s), None, "{at}: ours is over");
            let theirs: BTreeSet<&str> = theirs.split(' ').collect();
            let list = game.legal_moves_vec(&s);
            let ours: BTreeSet<String> = list.iter().map(|&m| game.move_to_string(&s, m)).collect();
            assert_eq!(ours.len(), list.len(), "{at}: two moves look alike");
            let ours_ref: BTreeSet<&str> = ours.iter().map(String::as_str).collect();
            assert_eq!(
                ours_ref,
                theirs,
                "{at}: legal moves differ in {}",
                game.position_to_string(&s)
            );
            let mv = game
                .parse_move(&s, played)
                .unwrap_or_else(|e| panic!("{at}: {played}: {e:?}"));
            passes += usize::from(played == "pass");
            game.make(&mut s, mv);
            plies += 1;
        }
        let want = match g.field("result") {
            Json::Null => None,
            r => Some(match r.str() {
                "Black" => Outcome::Win(BLACK),
                "White" => Outcome::Win(WHITE),
                _ => Outcome::Draw,
            }),
        };
        let got = game.outcome(&s);
        assert_eq!(
            got.map(|o| o.winner(2)),
            want.map(|o| o.winner(2)),
            "game {i}: result"
        );
        if got.is_some() {
            assert!(
                game.legal_moves_vec(&s).is_empty(),
                "game {i}: moves after the end"
            );
        }
    }
    // The records reach the forced pass and long games, so the comparison is not vacuous.
    assert!(plies > 3000, "{plies}");
    assert!(passes > 0);
}
