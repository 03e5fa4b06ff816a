//! Kalah against OpenSpiel (`mancala`): perft, and seeded random games
//! replayed ply by ply (`tests/oracles/openspiel/*_sowing.json`, see the README there). At
//! every ply the legal moves must be OpenSpiel's actions, each pit must hold OpenSpiel's
//! count, and the final result must match their returns.

use tabletop::{Game, Outcome, Player, State};

mod common;
use common::{oracle, Json, JsonExt};

/// OpenSpiel's mancala board: index 0 is North's store, 1-6 South's pits, 7 South's store,
/// 8-13 North's pits (counterclockwise, so 8 is g2 and 13 is b2).
const KALAH_CELLS: [&str; 14] = [
    "a2", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "g2", "f2", "e2", "d2", "c2", "b2",
];

/// The cell of OpenSpiel action `a` by `player`.
fn kalah_action(a: usize, _player: usize) -> &'static str {
    KALAH_CELLS[a]
}

fn perft(g: &Game, s: &mut State, d: u32) -> u64 {
    if d == 0 {
        return 1;
    }
    if g.outcome(s).is_some() {
        return 0;
    }
    let mut n = 0;
    for m in g.legal_moves_vec(s) {
        g.make(s, m);
        n += perft(g, s, d - 1);
        g.unmake(s);
    }
    n
}

fn check_board(g: &Game, s: &State, want: &[Json], cells: &[&str], at: &str) {
    for (i, n) in want.iter().enumerate() {
        let c = g
            .board()
            .cell_by_name(cells[i])
            .expect("a cell of the board");
        assert_eq!(
            u64::from(s.counters_at(c)),
            n.num() as u64,
            "{at}: counters on {} (OpenSpiel index {i})",
            cells[i]
        );
    }
}

fn replay(game: &str, file: &str, cells: &[&str], action: fn(usize, usize) -> &'static str) {
    let g = tabletop::load_shipped(game, &[]).expect("a shipped game");
    let o = oracle(file);
    let mut s = g.start();
    for (d, want) in o.field("perft").arr().iter().enumerate() {
        assert_eq!(
            perft(&g, &mut s, d as u32 + 1),
            want.num() as u64,
            "{game} perft {}",
            d + 1
        );
    }
    for (gi, rec) in o.field("games").arr().iter().enumerate() {
        let mut s = g.start();
        for (pi, ply) in rec.field("plies").arr().iter().enumerate() {
            let at = format!("{game} game {gi} ply {pi}");
            let player = ply.field("player").num() as usize;
            assert_eq!(s.to_move(), Player(player as u8), "{at}: side to move");
            check_board(&g, &s, ply.field("board").arr(), cells, &at);
            let mut theirs: Vec<String> = ply
                .field("legal")
                .arr()
                .iter()
                .map(|a| action(a.num() as usize, player).to_string())
                .collect();
            let mut ours: Vec<String> = g
                .legal_moves_vec(&s)
                .into_iter()
                .map(|m| g.move_to_string(&s, m))
                .collect();
            theirs.sort();
            ours.sort();
            assert_eq!(ours, theirs, "{at}: legal moves");
            let text = action(ply.field("action").num() as usize, player);
            let m = g.parse_move(&s, text).expect("their move is legal here");
            g.make(&mut s, m);
        }
        let at = format!("{game} game {gi} end");
        check_board(&g, &s, rec.field("final_board").arr(), cells, &at);
        let r = rec.field("returns").arr();
        let want = match (r[0].num(), r[1].num()) {
            (a, _) if a > 0.0 => Some(Outcome::Win(Player(0))),
            (_, b) if b > 0.0 => Some(Outcome::Win(Player(1))),
            _ => Some(Outcome::Draw),
        };
        let got = match g.outcome(&s) {
            Some(Outcome::Loss(p)) => Some(Outcome::Win(Player(1 - p.0))),
            x => x,
        };
        assert_eq!(got, want, "{at}: result");
    }
}

#[test]
fn kalah_matches_openspiel_mancala() {
    replay("kalah", "mancala_sowing.json", &KALAH_CELLS, kalah_action);
}
