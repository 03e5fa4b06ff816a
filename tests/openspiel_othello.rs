//! Reversi against OpenSpiel's `othello`: replays `../shared/oracles/openspiel/othello.json`
//! (a 60-ply random game from OpenSpiel's playthrough file; see the README there).
//!
//! OpenSpiel names cells like `d3`, with row 1 at the TOP of its drawing (its start has
//! `o x` on row 4 and `x o` on row 5), while our row 1 is at the bottom: their `d3` is our
//! `d6`. A forced pass is a move in both (`pass`). At every ply our legal set must equal
//! theirs, translated; then their move is played. The boards at the start and the end must
//! match their drawings, and the result and the disc counts must match.

use std::collections::BTreeSet;
use std::path::PathBuf;

use tabletop::{Game, Outcome, Player, State};

// ---------------------------------------------------------------------------------------
// Just enough JSON for the oracle file (the crate has no JSON dependency, and each test
// crate keeps its own reader).

#[derive(Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    fn parse(text: &str) -> Json {
        let mut r = Reader {
            s: text.as_bytes(),
            i: 0,
        };
        let v = r.value();
        r.ws();
        assert_eq!(r.i, r.s.len(), "trailing text after the JSON value");
        v
    }

    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(fields) => fields
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v)
                .unwrap_or_else(|| panic!("no field '{key}'")),
            other => panic!("not an object looking up '{key}': {other:?}"),
        }
    }

    fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            other => panic!("expected a string, found {other:?}"),
        }
    }

    fn num(&self) -> f64 {
        match self {
            Json::Num(n) => *n,
            other => panic!("expected a number, found {other:?}"),
        }
    }

    fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(v) => v,
            other => panic!("expected an array, found {other:?}"),
        }
    }

    fn strings(&self) -> Vec<String> {
        self.arr().iter().map(|j| j.str().to_string()).collect()
    }
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn next(&mut self) -> u8 {
        self.ws();
        let c = self.s[self.i];
        self.i += 1;
        c
    }

    fn value(&mut self) -> Json {
        self.ws();
        match self.s[self.i] {
            b'{' => {
                self.i += 1;
                let mut fields = Vec::new();
                self.ws();
                if self.s[self.i] == b'}' {
                    self.i += 1;
                    return Json::Obj(fields);
                }
                loop {
                    self.ws();
                    let key = self.string();
                    assert_eq!(self.next(), b':', "JSON: expected ':' at {}", self.i);
                    fields.push((key, self.value()));
                    match self.next() {
                        b',' => {}
                        b'}' => return Json::Obj(fields),
                        c => panic!("JSON: unexpected '{}' in an object", c as char),
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.s[self.i] == b']' {
                    self.i += 1;
                    return Json::Arr(items);
                }
                loop {
                    items.push(self.value());
                    match self.next() {
                        b',' => {}
                        b']' => return Json::Arr(items),
                        c => panic!("JSON: unexpected '{}' in an array", c as char),
                    }
                }
            }
            b'"' => Json::Str(self.string()),
            b't' => self.word("true", Json::Bool(true)),
            b'f' => self.word("false", Json::Bool(false)),
            b'n' => self.word("null", Json::Null),
            _ => {
                let start = self.i;
                while self.i < self.s.len() && b"+-.eE0123456789".contains(&self.s[self.i]) {
                    self.i += 1;
                }
                let t = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                Json::Num(
                    t.parse()
                        .unwrap_or_else(|_| panic!("JSON: bad number '{t}'")),
                )
            }
        }
    }

    fn word(&mut self, w: &str, v: Json) -> Json {
        assert!(self.s[self.i..].starts_with(w.as_bytes()), "JSON: bad word");
        self.i += w.len();
        v
    }

    fn string(&mut self) -> String {
        assert_eq!(
            self.s[self.i], b'"',
            "JSON: expected a string at {}",
            self.i
        );
        self.i += 1;
        let mut bytes = Vec::new();
        loop {
            let c = self.s[self.i];
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(bytes).expect("JSON: UTF-8"),
                b'\\' => {
                    let e = self.s[self.i];
                    self.i += 1;
                    match e {
                        b'n' => bytes.push(b'\n'),
                        b't' => bytes.push(b'\t'),
                        b'r' => bytes.push(b'\r'),
                        b'b' => bytes.push(8),
                        b'f' => bytes.push(12),
                        b'u' => {
                            let hex = std::str::from_utf8(&self.s[self.i..self.i + 4]).unwrap();
                            self.i += 4;
                            let code = u32::from_str_radix(hex, 16).unwrap();
                            let ch = char::from_u32(code).unwrap_or('\u{fffd}');
                            bytes.extend_from_slice(ch.to_string().as_bytes());
                        }
                        other => bytes.push(other),
                    }
                }
                _ => bytes.push(c),
            }
        }
    }
}

#[test]
fn json_reader() {
    let j = Json::parse(
        r#" {"a": [1, -2.5e1, "x\"y\u0041\n"], "b": {}, "c": [], "d": null, "e": true} "#,
    );
    assert_eq!(j.get("a").arr()[0].num(), 1.0);
    assert_eq!(j.get("a").arr()[1].num(), -25.0);
    assert_eq!(j.get("a").arr()[2].str(), "x\"yA\n");
    assert_eq!(j.get("b"), &Json::Obj(vec![]));
    assert!(j.get("c").arr().is_empty());
    assert_eq!(j.get("d"), &Json::Null);
    assert_eq!(j.get("e"), &Json::Bool(true));
}

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
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/oracles/openspiel/othello.json");
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path:?}: {e}"));
    Json::parse(&text)
}

fn piece_with_symbol(game: &Game, symbol: char) -> u8 {
    let id = game
        .pieces
        .iter()
        .position(|p| p.symbol == symbol)
        .unwrap_or_else(|| panic!("no piece '{symbol}'"));
    id as u8
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
            .board
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
        let got = (piece != 0).then(|| game.pieces[piece as usize].symbol);
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
    assert_eq!(record.get("game").str(), "othello");
    let game = tabletop::load_shipped("reversi", &[]).unwrap();
    let mut state = game.start();
    assert_board(
        &game,
        &state,
        &record.get("initial_state").strings(),
        "initial state",
    );

    let plies = record.get("plies").arr();
    assert_eq!(plies.len(), record.get("num_plies").num() as usize);
    assert_eq!(plies.len(), 60);
    for ply in plies {
        let n = ply.get("ply").num() as usize;
        let who = ply.get("player").num() as usize;
        let at = format!("ply {n}");
        assert_eq!(game.outcome(&state), None, "{at}: our game is already over");
        assert_eq!(state.to_move(), PLAYERS[who], "{at}: wrong player to move");

        let legal = ply.get("legal").strings();
        assert_eq!(legal.len(), ply.get("num_legal").num() as usize, "{at}");
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

        let played = ours_of(ply.get("move").str());
        let mv = game
            .parse_move(&state, &played)
            .unwrap_or_else(|e| panic!("{at}: their move {played}: {e}"));
        assert_eq!(game.move_to_string(&state, mv), played, "{at}");
        game.make(&mut state, mv);
    }

    let (x, o) = assert_board(
        &game,
        &state,
        &record.get("final_state").strings(),
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

    let returns: Vec<f64> = record.get("returns").arr().iter().map(Json::num).collect();
    assert_eq!(record.get("terminal"), &Json::Bool(true));
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
