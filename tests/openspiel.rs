//! Replays of OpenSpiel game records (`tests/oracles/openspiel/*.json`, derived from
//! OpenSpiel's playthrough files; see the README there).
//!
//! At every ply our legal move set must equal OpenSpiel's, translated into our notation;
//! then their move is played. The boards at the start and the end must match their text
//! drawing, and the final result must match their returns.

use std::collections::BTreeSet;

use tabletop::{Game, Outcome, Player, State};

mod common;
use common::{Json, JsonExt};

// ---------------------------------------------------------------------------------------
// Translating between OpenSpiel's notation and ours.

/// How one OpenSpiel game maps onto one of ours.
struct Translation {
    /// The oracle file's stem.
    file: &'static str,
    /// Our game and its options.
    game: &'static str,
    set: &'static [(&'static str, &'static str)],
    /// Our start position (`None`: the game's own start).
    position: Option<&'static str>,
    /// Our player for OpenSpiel's player 0 and 1.
    players: [Player; 2],
    /// An OpenSpiel move (from their legal list) in a canonical form we can also produce.
    theirs: fn(&str) -> String,
    /// Our move in the same canonical form.
    ours: fn(&Game, &State, tabletop::Move) -> String,
    /// An OpenSpiel state drawing as (our cell name, OpenSpiel char) pairs.
    cells: fn(&[String]) -> Vec<(String, char)>,
    /// OpenSpiel's piece chars to our symbols ('.' is empty).
    symbols: &'static [(char, char)],
}

fn file_letter(c: usize) -> char {
    (b'a' + c as u8) as char
}

/// `x(2,0)` (row from the top, column) is our `a1` on the 3 x 3 board.
fn ttt_theirs(m: &str) -> String {
    let inner = m
        .trim_start_matches(['x', 'o'])
        .trim_start_matches('(')
        .trim_end_matches(')');
    let (r, c) = inner.split_once(',').expect("x(r,c)");
    let (r, c): (usize, usize) = (r.trim().parse().unwrap(), c.trim().parse().unwrap());
    format!("{}{}", file_letter(c), 3 - r)
}

fn move_text(g: &Game, s: &State, m: tabletop::Move) -> String {
    g.move_to_string(s, m)
}

/// `x3` is a drop into column d; ours is written as the landing cell, so compare columns.
fn c4_theirs(m: &str) -> String {
    let c: usize = m[1..].parse().expect("x<column>");
    file_letter(c).to_string()
}

fn c4_ours(g: &Game, s: &State, m: tabletop::Move) -> String {
    let text = g.move_to_string(s, m);
    let cell = g
        .board()
        .cell_by_name(&text)
        .expect("a drop is written as its cell");
    assert_eq!(
        g.board().cells[cell.index()].name,
        text,
        "a drop is written as its landing cell"
    );
    text.chars().next().unwrap().to_string()
}

/// `a7b6*`: the same cells as our compact form; the `*` (capture) is checked separately.
fn bt_theirs(m: &str) -> String {
    m.trim_end_matches('*').to_string()
}

fn bt_ours(g: &Game, s: &State, m: tabletop::Move) -> String {
    g.move_to_compact(s, m)
}

/// Lines of one char per cell, top row first: our name is file + (rows - line).
fn grid_cells(lines: &[String]) -> Vec<(String, char)> {
    let h = lines.len();
    lines
        .iter()
        .enumerate()
        .flat_map(|(r, line)| {
            line.chars()
                .enumerate()
                .map(move |(c, ch)| (format!("{}{}", file_letter(c), h - r), ch))
        })
        .collect()
}

/// Hex rhombus: row r (from the top, indented) holds cells `a{r+1}`, `b{r+1}`, …
fn hex_cells(lines: &[String]) -> Vec<(String, char)> {
    lines
        .iter()
        .enumerate()
        .flat_map(|(r, line)| {
            line.split_whitespace()
                .enumerate()
                .map(move |(c, t)| {
                    assert_eq!(t.chars().count(), 1, "one char per hex cell");
                    (
                        format!("{}{}", file_letter(c), r + 1),
                        t.chars().next().unwrap(),
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// `8bbbbbbbb` (rank, then files a…), ending with the ` abcdefgh` legend.
fn bt_cells(lines: &[String]) -> Vec<(String, char)> {
    lines
        .iter()
        .filter(|l| !l.starts_with(' '))
        .flat_map(|line| {
            let mut chars = line.chars();
            let rank = chars.next().unwrap();
            chars
                .enumerate()
                .map(move |(c, ch)| (format!("{}{rank}", file_letter(c)), ch))
                .collect::<Vec<_>>()
        })
        .collect()
}

const TIC_TAC_TOE: Translation = Translation {
    file: "tic_tac_toe",
    game: "tictactoe",
    set: &[],
    position: None,
    players: [Player(0), Player(1)],
    theirs: ttt_theirs,
    ours: move_text,
    cells: grid_cells,
    symbols: &[('x', 'X'), ('o', 'O')],
};

const CONNECT_FOUR: Translation = Translation {
    file: "connect_four",
    game: "connect4",
    set: &[],
    position: None,
    players: [Player(0), Player(1)],
    theirs: c4_theirs,
    ours: c4_ours,
    cells: grid_cells,
    symbols: &[('x', 'X'), ('o', 'O')],
};

const HEX_5X5: Translation = Translation {
    file: "hex_5x5",
    game: "hex",
    set: &[("size", "5")],
    position: None,
    players: [Player(0), Player(1)],
    theirs: str::to_string,
    ours: move_text,
    cells: hex_cells,
    symbols: &[('x', 'x'), ('o', 'o')],
};

/// OpenSpiel's player 0 is black ('b'), at the top, and moves first; ours are White
/// (bottom, `P`) and Black (top, `p`), so we start from the same board with Black to move.
const BREAKTHROUGH: Translation = Translation {
    file: "breakthrough",
    game: "breakthrough",
    set: &[],
    position: Some("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP Black"),
    players: [Player(1), Player(0)],
    theirs: bt_theirs,
    ours: bt_ours,
    cells: bt_cells,
    symbols: &[('b', 'p'), ('w', 'P')],
};

fn oracle(file: &str) -> Json {
    common::oracle(&format!("{file}.json"))
}

fn load(t: &Translation) -> Game {
    tabletop::load_shipped(t.game, &tabletop::option_pairs(t.set)).unwrap()
}

/// Our board equals an OpenSpiel drawing, cell by cell.
fn assert_board(t: &Translation, game: &Game, state: &State, drawing: &[String], when: &str) {
    let cells = (t.cells)(drawing);
    assert_eq!(
        cells.len(),
        game.board().len(),
        "{}: {when}: the drawing has {} cells, our board {}",
        t.file,
        cells.len(),
        game.board().len()
    );
    for (name, ch) in cells {
        let id = game
            .board()
            .cell_by_name(&name)
            .unwrap_or_else(|| panic!("{}: no cell {name}", t.file));
        let want = match ch {
            '.' => None,
            c => Some(
                t.symbols
                    .iter()
                    .find(|s| s.0 == c)
                    .unwrap_or_else(|| panic!("{}: unknown char '{c}'", t.file))
                    .1,
            ),
        };
        let piece = state.at(id);
        let got = (piece != tabletop::engine::EMPTY).then(|| game.pieces()[piece.index()].symbol);
        assert_eq!(
            got,
            want,
            "{}: {when}: cell {name}\nours: {}\ntheirs:\n{}",
            t.file,
            game.position_to_string(state),
            drawing.join("\n")
        );
    }
}

/// Replays one record. Returns the number of plies checked.
fn replay(t: &Translation, history: &[&str]) -> usize {
    let record = oracle(t.file);
    let game = load(t);
    let mut state = match t.position {
        Some(p) => game.parse_position(p).unwrap(),
        None => game.start(),
    };
    // A record that starts after some moves (OpenSpiel's `start_at`).
    for &h in history {
        let want = (t.theirs)(h);
        let mv = game
            .legal_moves_vec(&state)
            .into_iter()
            .find(|&m| (t.ours)(&game, &state, m) == want)
            .unwrap_or_else(|| panic!("{}: history move {h} is not legal", t.file));
        game.make(&mut state, mv);
    }
    assert_board(
        t,
        &game,
        &state,
        &record.field("initial_state").strings(),
        "initial state",
    );

    let plies = record.field("plies").arr();
    assert_eq!(plies.len(), record.field("num_plies").num() as usize);
    for ply in plies {
        let n = ply.field("ply").num() as usize;
        let who = ply.field("player").num() as usize;
        let at = format!("{} ply {n}", t.file);
        assert_eq!(game.outcome(&state), None, "{at}: our game is already over");
        assert_eq!(
            state.to_move(),
            t.players[who],
            "{at}: wrong player to move"
        );

        let legal = ply.field("legal").strings();
        assert_eq!(legal.len(), ply.field("num_legal").num() as usize);
        let theirs: BTreeSet<String> = legal.iter().map(|m| (t.theirs)(m)).collect();
        assert_eq!(theirs.len(), legal.len(), "{at}: translation merged moves");
        let moves = game.legal_moves_vec(&state);
        let ours: BTreeSet<String> = moves.iter().map(|&m| (t.ours)(&game, &state, m)).collect();
        assert_eq!(ours.len(), moves.len(), "{at}: two of our moves look alike");
        assert_eq!(
            ours,
            theirs,
            "{at}: legal moves differ\nonly ours: {:?}\nonly theirs: {:?}\nposition: {}",
            ours.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&ours).collect::<Vec<_>>(),
            game.position_to_string(&state)
        );

        // Captures: OpenSpiel marks them with '*'; our full notation with 'x'.
        if t.file == "breakthrough" {
            for m in &legal {
                let key = (t.theirs)(m);
                let &mv = moves
                    .iter()
                    .find(|&&x| (t.ours)(&game, &state, x) == key)
                    .unwrap();
                let text = game.move_to_string(&state, mv);
                assert_eq!(
                    m.ends_with('*'),
                    text.contains('x'),
                    "{at}: {m} is ours {text}"
                );
            }
        }

        let played = ply.field("move").str();
        let key = (t.theirs)(played);
        let &mv = moves
            .iter()
            .find(|&&m| (t.ours)(&game, &state, m) == key)
            .unwrap_or_else(|| panic!("{at}: their move {played} is not ours"));
        // Our own parser accepts our spelling of the move.
        let text = game.move_to_string(&state, mv);
        assert_eq!(game.parse_move(&state, &text), Ok(mv), "{at}: parse {text}");
        game.make(&mut state, mv);
    }

    assert_board(
        t,
        &game,
        &state,
        &record.field("final_state").strings(),
        "final state",
    );
    let returns: Vec<f64> = record
        .field("returns")
        .arr()
        .iter()
        .map(Json::num)
        .collect();
    let terminal = record.field("terminal") == &Json::Bool(true);
    let outcome = game.outcome(&state);
    if !terminal {
        assert_eq!(outcome, None, "{}: ours ended, theirs did not", t.file);
    } else {
        let want = match returns.as_slice() {
            [a, b] if a > b => Outcome::Win(t.players[0]),
            [a, b] if b > a => Outcome::Win(t.players[1]),
            _ => Outcome::Draw,
        };
        let got = outcome.unwrap_or_else(|| panic!("{}: our game is not over", t.file));
        assert_eq!(
            got.winner(2),
            want.winner(2),
            "{}: result {got:?}, OpenSpiel returns {returns:?}",
            t.file
        );
        assert!(
            game.legal_moves_vec(&state).is_empty(),
            "{}: moves after the end",
            t.file
        );
    }
    plies.len()
}

#[test]
fn tic_tac_toe() {
    assert_eq!(replay(&TIC_TAC_TOE, &[]), 7);
}

#[test]
fn connect_four() {
    assert_eq!(replay(&CONNECT_FOUR, &[]), 17);
}

/// `start_at(history=4;3;3;2;0;4;4;4;4;0, …)`: ten given moves, then the record.
#[test]
fn connect_four_start_at() {
    let record = oracle("connect_four_start_at");
    let params = record.field("parameters").str();
    let history = params
        .split("history=")
        .nth(1)
        .and_then(|s| s.split([',', '}']).next())
        .expect("history parameter");
    assert_eq!(history, "4;3;3;2;0;4;4;4;4;0");
    let moves: Vec<String> = history.split(';').map(|c| format!("x{c}")).collect();
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let t = Translation {
        file: "connect_four_start_at",
        ..CONNECT_FOUR
    };
    assert_eq!(replay(&t, &moves), 13);
}

#[test]
fn hex_5x5() {
    assert_eq!(replay(&HEX_5X5, &[]), 21);
}

#[test]
fn breakthrough() {
    assert_eq!(replay(&BREAKTHROUGH, &[]), 38);
}
