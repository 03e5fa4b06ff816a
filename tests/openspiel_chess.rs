//! Chess against OpenSpiel: replays `../shared/oracles/openspiel/chess.json` (a 359-ply random
//! game from OpenSpiel's playthrough file, in SAN, ending by the fifty-move rule; see the
//! README there).
//!
//! At every ply we write each of OUR legal moves in SAN as OpenSpiel does (its
//! `Move::ToSAN`: piece letter, file or rank or both to tell pieces apart, `x` for captures
//! and for en passant, `=Q` for promotions, `O-O` / `O-O-O`, `+` or `#` after the move), and
//! the set must equal the file's. Then the file's move is played. At the end both must call
//! the game a draw at the same ply, with the same final position.

use std::collections::BTreeSet;
use std::path::PathBuf;

use tabletop::{Game, Move, Outcome, State};

// ---------------------------------------------------------------------------------------
// Just enough JSON for the oracle file (the crate has no JSON dependency, and tests/openspiel.rs
// keeps its reader private).

#[derive(Debug)]
enum Json {
    /// `null`, `true` or `false`: the oracle's fields we read are never these.
    Word,
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    fn parse(text: &str) -> Json {
        let mut pos = 0;
        let v = value(text.as_bytes(), &mut pos);
        skip_ws(text.as_bytes(), &mut pos);
        assert_eq!(pos, text.len(), "trailing text after the JSON value");
        v
    }

    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(fields) => fields
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v)
                .unwrap_or_else(|| panic!("no key '{key}'")),
            _ => panic!("not an object looking up '{key}'"),
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
            Json::Arr(a) => a,
            other => panic!("expected an array, found {other:?}"),
        }
    }
}

fn skip_ws(s: &[u8], pos: &mut usize) {
    while *pos < s.len() && s[*pos].is_ascii_whitespace() {
        *pos += 1;
    }
}

fn value(s: &[u8], pos: &mut usize) -> Json {
    skip_ws(s, pos);
    let rest = &s[*pos..];
    for word in ["null", "true", "false"] {
        if rest.starts_with(word.as_bytes()) {
            *pos += word.len();
            return Json::Word;
        }
    }
    match s[*pos] {
        b'"' => Json::Str(string(s, pos)),
        b'[' | b'{' => {
            let (open, close) = (s[*pos], if s[*pos] == b'[' { b']' } else { b'}' });
            *pos += 1;
            let mut items = Vec::new();
            let mut fields = Vec::new();
            loop {
                skip_ws(s, pos);
                if s[*pos] == close {
                    *pos += 1;
                    break;
                }
                if open == b'{' {
                    skip_ws(s, pos);
                    let k = string(s, pos);
                    skip_ws(s, pos);
                    assert_eq!(s[*pos], b':', "expected ':' at byte {pos}");
                    *pos += 1;
                    fields.push((k, value(s, pos)));
                } else {
                    items.push(value(s, pos));
                }
                skip_ws(s, pos);
                match s[*pos] {
                    b',' => *pos += 1,
                    c if c == close => {}
                    c => panic!("unexpected '{}' at byte {pos}", c as char),
                }
            }
            if open == b'[' {
                Json::Arr(items)
            } else {
                Json::Obj(fields)
            }
        }
        _ => {
            let start = *pos;
            while *pos < s.len() && b"+-.eE0123456789".contains(&s[*pos]) {
                *pos += 1;
            }
            let text = std::str::from_utf8(&s[start..*pos]).unwrap();
            Json::Num(
                text.parse()
                    .unwrap_or_else(|_| panic!("bad number '{text}' at byte {start}")),
            )
        }
    }
}

fn string(s: &[u8], pos: &mut usize) -> String {
    assert_eq!(s[*pos], b'"', "expected a string at byte {pos}");
    *pos += 1;
    let mut out = Vec::new();
    while s[*pos] != b'"' {
        if s[*pos] == b'\\' {
            *pos += 1;
            match s[*pos] {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'u' => {
                    let hex = std::str::from_utf8(&s[*pos + 1..*pos + 5]).unwrap();
                    let c = char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap();
                    out.extend(c.to_string().bytes());
                    *pos += 4;
                }
                c => out.push(c),
            }
        } else {
            out.push(s[*pos]);
        }
        *pos += 1;
    }
    *pos += 1;
    String::from_utf8(out).unwrap()
}

// ---------------------------------------------------------------------------------------
// SAN for our moves

struct Facts {
    from: tabletop::CellId,
    to: tabletop::CellId,
    kind: String,
    promotion: Option<char>,
}

fn facts(game: &Game, s: &State, mv: Move) -> Facts {
    let text = game.move_to_compact(s, mv);
    let cell = |t: &str| game.board.cell_by_name(t).unwrap();
    let from = cell(&text[0..2]);
    Facts {
        from,
        to: cell(&text[2..4]),
        kind: game.kinds[game.pieces[s.at(from) as usize].kind as usize]
            .name
            .clone(),
        promotion: text[4..].chars().next().map(|c| c.to_ascii_uppercase()),
    }
}

fn letter(kind: &str) -> &'static str {
    match kind {
        "pawn" => "",
        "knight" => "N",
        "bishop" => "B",
        "rook" => "R",
        "queen" => "Q",
        "king" => "K",
        other => panic!("unknown kind {other}"),
    }
}

/// Whether the side to move in `s` is checkmated, by the board alone: a position the
/// fifty-move rule has just ended has no moves in our engine, but OpenSpiel's `+` / `#` only
/// look at the board. So the position is set up again with the clock at zero.
fn mated_on_board(game: &Game, s: &State) -> bool {
    let fen = game.position_to_string(s);
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[4] = "0";
    let fresh = game.parse_position(&fields.join(" ")).unwrap();
    game.legal_moves_vec(&fresh).is_empty()
}

/// `mv` in SAN as OpenSpiel writes it; `legal` is every legal move of `s`.
fn san(game: &Game, s: &mut State, mv: Move, legal: &[Move]) -> String {
    let f = facts(game, s, mv);
    let col = |c: tabletop::CellId| game.board.cells[c as usize].col;
    let row = |c: tabletop::CellId| game.board.cells[c as usize].row;
    let name = |c: tabletop::CellId| game.board.cells[c as usize].name.clone();
    let mut out = String::new();
    if f.kind == "king" && (col(f.from) - col(f.to)).abs() == 2 {
        out.push_str(if col(f.to) > col(f.from) {
            "O-O"
        } else {
            "O-O-O"
        });
    } else {
        out.push_str(letter(&f.kind));
        let diagonal_pawn = f.kind == "pawn" && col(f.from) != col(f.to);
        // Other pieces of the same kind that can reach the same cell.
        let rivals: Vec<Facts> = legal
            .iter()
            .map(|&m| facts(game, s, m))
            .filter(|g| g.kind == f.kind && g.to == f.to && g.from != f.from)
            .collect();
        let name_from = name(f.from);
        if diagonal_pawn {
            out.push_str(&name_from[0..1]);
        } else if !rivals.is_empty() {
            let file_unique = rivals.iter().all(|g| col(g.from) != col(f.from));
            let rank_unique = rivals.iter().all(|g| row(g.from) != row(f.from));
            if file_unique {
                out.push_str(&name_from[0..1]);
            } else if rank_unique {
                out.push_str(&name_from[1..]);
            } else {
                out.push_str(&name_from);
            }
        }
        if s.at(f.to) != 0 || diagonal_pawn {
            out.push('x');
        }
        out.push_str(&name(f.to));
        if let Some(p) = f.promotion {
            out.push('=');
            out.push(p);
        }
    }
    game.make(s, mv);
    if game.in_check(s, s.to_move()) {
        out.push(if mated_on_board(game, s) { '#' } else { '+' });
    }
    game.unmake(s);
    out
}

// ---------------------------------------------------------------------------------------

#[test]
fn openspiel_chess_game() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/oracles/openspiel/chess.json");
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path:?}: {e}"));
    let record = Json::parse(&text);
    assert_eq!(record.get("game").str(), "chess");
    let game = tabletop::load_shipped("chess", &[]).unwrap();
    let initial = record.get("initial_state").arr()[0].str();
    let mut s = game.parse_position(initial).unwrap();
    assert_eq!(game.position_to_string(&s), initial);
    assert_eq!(game.position_to_string(&game.start()), initial);

    let plies = record.get("plies").arr();
    assert_eq!(plies.len(), record.get("num_plies").num() as usize);
    for p in plies {
        let ply = p.get("ply").num() as usize;
        let at = game.position_to_string(&s);
        assert_eq!(
            game.outcome(&s),
            None,
            "ply {ply}: we say the game is over at {at}"
        );
        let theirs: BTreeSet<String> = p
            .get("legal")
            .arr()
            .iter()
            .map(|m| m.str().to_string())
            .collect();
        assert_eq!(theirs.len(), p.get("num_legal").num() as usize);
        let legal = game.legal_moves_vec(&s);
        let mut ours = BTreeSet::new();
        let mut by_san = Vec::new();
        for &m in &legal {
            let text = san(&game, &mut s, m, &legal);
            assert!(
                ours.insert(text.clone()),
                "ply {ply}: two of our moves are {text}"
            );
            by_san.push((text, m));
        }
        assert_eq!(
            ours,
            theirs,
            "ply {ply} at {at}:\n only ours: {:?}\n only theirs: {:?}",
            ours.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&ours).collect::<Vec<_>>()
        );
        let played = p.get("move").str();
        let &(_, m) = by_san
            .iter()
            .find(|(t, _)| t == played)
            .unwrap_or_else(|| panic!("ply {ply}: {played} is not among our moves"));
        game.make(&mut s, m);
    }

    // OpenSpiel stops when the half-move clock reaches 100; so must we, with the same result.
    let final_state = record.get("final_state").arr()[0].str();
    assert_eq!(game.position_to_string(&s), final_state);
    assert_eq!(s.quiet_plies(), 100);
    let returns: Vec<f64> = record.get("returns").arr().iter().map(Json::num).collect();
    assert_eq!(returns, [0.0, 0.0], "the record is a draw");
    assert_eq!(game.outcome(&s), Some(Outcome::Draw));
    assert!(game.legal_moves_vec(&s).is_empty());
}
