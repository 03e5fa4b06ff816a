//! Reversi against OpenSpiel's `othello`: replays `tests/oracles/openspiel/othello.json`
//! (a 60-ply random game from OpenSpiel's playthrough file; see the README there).
//!
//! OpenSpiel names cells like `d3`, with row 1 at the TOP of its drawing (its start has
//! `o x` on row 4 and `x o` on row 5), while our row 1 is at the bottom: their `d3` is our
//! `d6`. A forced pass is a move in both (`pass`). At every ply our legal set must equal
//! theirs, translated; then their move is played. The boards at the start and the end must
//! match their drawings, and the result and the disc counts must match.

use std::collections::BTreeSet;

use tabletop::{Game, Outcome, Player, State};

mod common;
use common::{Json, JsonExt};

// ---------------------------------------------------------------------------------------
// Translation

/// OpenSpiel's player 0 is Black (`x`), who moves first, as ours.
const PLAYERS: [Player; 2] = [Player(0), Player(1)];

/// Their cell name (row 1 at the top) as ours (row 1 at the bottom); `pass` stays.
fn ours_of(theirs: &str) -> String {
    if theirs == "pass" {
        return theirs.to_string();
    }
    let mut chars = theirs.chars();
    let file = chars.next().expect("a cell name");
    assert!(('a'..='h').contains(&file), "bad cell {theirs}");
    let row: u32 = chars
        .as_str()
        .parse()
        .unwrap_or_else(|_| panic!("bad cell {theirs}"));
    assert!((1..=8).contains(&row), "bad cell {theirs}");
    format!("{file}{}", 9 - row)
}

#[test]
fn translation() {
    assert_eq!(ours_of("a1"), "a8");
    assert_eq!(ours_of("h8"), "h1");
    assert_eq!(ours_of("d3"), "d6");
    assert_eq!(ours_of("pass"), "pass");
}

/// A drawing (`1 - - - o x - - - 1` lines between two `  a b c …` legends) as
/// (our cell name, char) pairs, with `-` for empty.
fn drawing_cells(lines: &[String]) -> Vec<(String, char)> {
    let mut out = Vec::new();
    for line in lines {
        let mut fields = line.split_whitespace();
        let Some(first) = fields.next() else { continue };
        let Ok(row) = first.parse::<u32>() else {
            continue; // the title and the legends
        };
        let cells: Vec<&str> = fields.collect();
        assert_eq!(
            cells.len(),
            9,
            "eight cells and the row number again: {line}"
        );
        assert_eq!(cells[8], first, "{line}");
        for (c, t) in cells[..8].iter().enumerate() {
            assert_eq!(t.len(), 1, "{line}");
            let name = format!("{}{row}", (b'a' + c as u8) as char);
            out.push((ours_of(&name), t.chars().next().unwrap()));
        }
    }
    out
}

fn oracle() -> Json {
    common::oracle("othello.json")
}

fn piece_with_symbol(game: &Game, symbol: char) -> tabletop::PieceId {
    let id = game
        .pieces()
        .iter()
        .position(|p| p.symbol == symbol)
        .unwrap_or_else(|| panic!("no piece '{symbol}'"));
    tabletop::PieceId::from_index(id)
}

/// Our board equals their drawing cell by cell; returns their (x, o) counts.
fn assert_board(game: &Game, state: &State, drawing: &[String], when: &str) -> (usize, usize) {
    let cells = drawing_cells(drawing);
    assert_eq!(
        cells.len(),
        64,
        "{when}: the drawing has {} cells",
        cells.len()
    );
    let mut counts = (0, 0);
    for (name, ch) in cells {
        let id = game
            .board()
            .cell_by_name(&name)
            .unwrap_or_else(|| panic!("no cell {name}"));
        let want = match ch {
            '-' => None,
            'x' => {
                counts.0 += 1;
                Some('x')
            }
            'o' => {
                counts.1 += 1;
                Some('o')
            }
            other => panic!("{when}: unknown char '{other}'"),
        };
        let piece = state.at(id);
        let got = (piece != tabletop::engine::EMPTY).then(|| game.pieces()[piece.index()].symbol);
        assert_eq!(
            got,
            want,
            "{when}: cell {name}\nours: {}\ntheirs:\n{}",
            game.position_to_string(state),
            drawing.join("\n")
        );
    }
    counts
}

#[test]
fn othello() {
    let record = oracle();
    assert_eq!(record.field("game").str(), "othello");
    let game = tabletop::load_shipped("reversi", &[]).unwrap();
    let mut state = game.start();
    assert_board(
        &game,
        &state,
        &record.field("initial_state").strings(),
        "initial state",
    );

    let plies = record.field("plies").arr();
    assert_eq!(plies.len(), record.field("num_plies").num() as usize);
    assert_eq!(plies.len(), 60);
    for ply in plies {
        let n = ply.field("ply").num() as usize;
        let who = ply.field("player").num() as usize;
        let at = format!("ply {n}");
        assert_eq!(game.outcome(&state), None, "{at}: our game is already over");
        assert_eq!(state.to_move(), PLAYERS[who], "{at}: wrong player to move");

        let legal = ply.field("legal").strings();
        assert_eq!(legal.len(), ply.field("num_legal").num() as usize, "{at}");
        let theirs: BTreeSet<String> = legal.iter().map(|m| ours_of(m)).collect();
        assert_eq!(theirs.len(), legal.len(), "{at}: translation merged moves");
        let moves = game.legal_moves_vec(&state);
        let ours: BTreeSet<String> = moves
            .iter()
            .map(|&m| game.move_to_string(&state, m))
            .collect();
        assert_eq!(
            ours.len(),
            moves.len(),
            "{at}: two of our moves print alike"
        );
        assert_eq!(
            ours,
            theirs,
            "{at}: legal moves differ\nonly ours: {:?}\nonly theirs: {:?}\nposition: {}",
            ours.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&ours).collect::<Vec<_>>(),
            game.position_to_string(&state)
        );

        let played = ours_of(ply.field("move").str());
        let mv = game
            .parse_move(&state, &played)
            .unwrap_or_else(|e| panic!("{at}: their move {played}: {e}"));
        assert_eq!(game.move_to_string(&state, mv), played, "{at}");
        game.make(&mut state, mv);
    }

    let (x, o) = assert_board(
        &game,
        &state,
        &record.field("final_state").strings(),
        "final state",
    );
    assert_eq!(
        (
            state.count(piece_with_symbol(&game, 'x')) as usize,
            state.count(piece_with_symbol(&game, 'o')) as usize
        ),
        (x, o),
        "disc counts"
    );
    assert_eq!(x + o, 64, "the board is full");

    let returns: Vec<f64> = record
        .field("returns")
        .arr()
        .iter()
        .map(Json::num)
        .collect();
    assert_eq!(record.field("terminal"), &Json::Bool(true));
    let want = match returns.as_slice() {
        [a, b] if a > b => Outcome::Win(PLAYERS[0]),
        [a, b] if b > a => Outcome::Win(PLAYERS[1]),
        _ => Outcome::Draw,
    };
    // Their returns follow the disc counts.
    assert_eq!(
        want.winner(2),
        (x != o).then(|| PLAYERS[usize::from(o > x)])
    );
    let got = game.outcome(&state).expect("our game is over");
    assert_eq!(
        got.winner(2),
        want.winner(2),
        "result {got:?}, OpenSpiel returns {returns:?}"
    );
    assert!(
        game.legal_moves_vec(&state).is_empty(),
        "moves after the end"
    );
}
