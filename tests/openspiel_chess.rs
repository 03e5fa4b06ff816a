//! Chess against OpenSpiel: replays `tests/oracles/openspiel/chess.json` (a 359-ply random
//! game from OpenSpiel's playthrough file, in SAN, ending by the fifty-move rule; see the
//! README there).
//!
//! At every ply we write each of OUR legal moves in SAN as OpenSpiel does (its
//! `Move::ToSAN`: piece letter, file or rank or both to tell pieces apart, `x` for captures
//! and for en passant, `=Q` for promotions, `O-O` / `O-O-O`, `+` or `#` after the move), and
//! the set must equal the file's. Then the file's move is played. At the end both must call
//! the game a draw at the same ply, with the same final position.

use std::collections::BTreeSet;

use tabletop::engine::EMPTY;
use tabletop::{Game, Move, Outcome, State};

mod common;
use common::{Json, JsonExt};

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
    let cell = |t: &str| game.board().cell_by_name(t).unwrap();
    let from = cell(&text[0..2]);
    Facts {
        from,
        to: cell(&text[2..4]),
        kind: game.kinds()[game.pieces()[s.at(from).index()].kind.index()]
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
    let col = |c: tabletop::CellId| game.board().cells[c.index()].col;
    let row = |c: tabletop::CellId| game.board().cells[c.index()].row;
    let name = |c: tabletop::CellId| game.board().cells[c.index()].name.clone();
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
        if s.at(f.to) != EMPTY || diagonal_pawn {
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
    let record = common::oracle("chess.json");
    assert_eq!(record.field("game").str(), "chess");
    let game = tabletop::load_shipped("chess", &[]).unwrap();
    let initial = record.field("initial_state").arr()[0].str();
    let mut s = game.parse_position(initial).unwrap();
    assert_eq!(game.position_to_string(&s), initial);
    assert_eq!(game.position_to_string(&game.start()), initial);

    let plies = record.field("plies").arr();
    assert_eq!(plies.len(), record.field("num_plies").num() as usize);
    for p in plies {
        let ply = p.field("ply").num() as usize;
        let at = game.position_to_string(&s);
        assert_eq!(
            game.outcome(&s),
            None,
            "ply {ply}: we say the game is over at {at}"
        );
        let theirs: BTreeSet<String> = p
            .field("legal")
            .arr()
            .iter()
            .map(|m| m.str().to_string())
            .collect();
        assert_eq!(theirs.len(), p.field("num_legal").num() as usize);
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
        let played = p.field("move").str();
        let &(_, m) = by_san
            .iter()
            .find(|(t, _)| t == played)
            .unwrap_or_else(|| panic!("ply {ply}: {played} is not among our moves"));
        game.make(&mut s, m);
    }

    // OpenSpiel stops when the half-move clock reaches 100; so must we, with the same result.
    let final_state = record.field("final_state").arr()[0].str();
    assert_eq!(game.position_to_string(&s), final_state);
    assert_eq!(s.quiet_plies(), 100);
    let returns: Vec<f64> = record
        .field("returns")
        .arr()
        .iter()
        .map(Json::num)
        .collect();
    assert_eq!(returns, [0.0, 0.0], "the record is a draw");
    assert_eq!(game.outcome(&s), Some(Outcome::Draw));
    assert!(game.legal_moves_vec(&s).is_empty());
}
