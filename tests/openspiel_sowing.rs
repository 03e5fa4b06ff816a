//! Kalah and Oware's moves against OpenSpiel (`mancala`, `oware`): perft, and seeded random games
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

/// OpenSpiel's oware: houses 0-5 are South's (A-F, left to right: b1-g1), 6-11 North's
/// (a-f, right to left: g2-b2); then the two scores (the stores h1 and a2).
const OWARE_CELLS: [&str; 14] = [
    "b1", "c1", "d1", "e1", "f1", "g1", "g2", "f2", "e2", "d2", "c2", "b2", "h1", "a2",
];

/// Oware's moves as `sow` writes them (not a shipped game: OpenSpiel ends a game that
/// repeats, or whose player to move cannot move, by giving each side its own seeds, which
/// the language cannot say yet; so only the moves are checked, up to OpenSpiel's end).
const OWARE: &str = r#"game "Oware"
players South, North
board square(8, 2)
remove a1, h2
piece seed = "o", counters
zone pits = b1, c1, d1, e1, f1, g1 for South, g2, f2, e2, d2, c2, b2 for North
zone store = h1 for South, a2 for North
track round = b1, c1, d1, e1, f1, g1, g2, f2, e2, d2, c2, b2 for South,
              g2, f2, e2, d2, c2, b2, b1, c1, d1, e1, f1, g1 for North
setup 4 seed at b1, c1, d1, e1, f1, g1, b2, c2, d2, e2, f2, g2
score counters(store)
move sow(round, from: pits, skip: origin, capture: counts(2, 3), store: store, grand-slam: no, feed: yes)
win if score >= 25
draw if score = 24 and counters(store, of: enemy) = 24
"#;

fn oware_action(a: usize, player: usize) -> &'static str {
    OWARE_CELLS[a + 6 * player]
}

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

fn replay(
    g: &Game,
    game: &str,
    file: &str,
    cells: &[&str],
    action: fn(usize, usize) -> &'static str,
) {
    let ends = game == "kalah";
    let o = oracle(file);
    let mut s = g.start();
    for (d, want) in o.field("perft").arr().iter().enumerate() {
        assert_eq!(
            perft(g, &mut s, d as u32 + 1),
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
            check_board(g, &s, ply.field("board").arr(), cells, &at);
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
        if !ends {
            continue;
        }
        let at = format!("{game} game {gi} end");
        check_board(g, &s, rec.field("final_board").arr(), cells, &at);
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
    let g = tabletop::load_shipped("kalah", &[]).expect("a shipped game");
    replay(
        &g,
        "kalah",
        "mancala_sowing.json",
        &KALAH_CELLS,
        kalah_action,
    );
}

/// Oware's moves (skipping the origin, captures of 2 and 3 backwards, no grand slam, feeding
/// the other side): perft 1-7 and every ply of 30 games up to OpenSpiel's end.
#[test]
fn oware_moves_match_openspiel_oware() {
    let g = tabletop::compile_source("oware", "oware.game", OWARE, &[]).expect("compiles");
    replay(&g, "oware", "oware_sowing.json", &OWARE_CELLS, oware_action);
}
