//! Standard algebraic notation (SAN), for games whose rule file says `notation algebraic`:
//! `e4`, `Nf3`, `exd5`, `Nbd7`, `R1e2`, `e8=Q`, `O-O`, `Qh4#`. Worked out from the rules
//! alone, for any game of that kind:
//!
//! * a piece is named by the capital letter of its kind's first-player symbol; the kinds
//!   that promote (pawns) go unnamed, and their captures name the file they left (`exd5`);
//! * `x` marks a capture (en passant included);
//! * when several pieces of one kind can reach the same cell, the file, else the rank, else
//!   the whole cell of the one that moves is added (`Nbd7`, `R1e2`, `Qh4e1`);
//! * a promotion adds `=` and the new kind's letter;
//! * a castling is `O-O` towards the nearer partner, `O-O-O` towards the farther;
//! * `+` marks a move that attacks the other side's royal piece, `#` one that also leaves it
//!   no legal move.
//!
//! Moves SAN cannot say (placements, several landings, passes) keep the standard notation.

use super::{CellId, Game, KindId, Move, MoveList, Part, PieceId, Player, State, EMPTY};
use crate::engine::Rules;

impl Rules {
    /// `O-O` towards the nearer partner, `O-O-O` towards the farther.
    fn castle_san(&self, mv: &Move, origin: CellId) -> String {
        let points = self.cell_points();
        let distance = |c: CellId| {
            let (a, b) = (points[origin.index()], points[c.index()]);
            ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
        };
        // The castle part records the landing, the partner, then the partner's landing.
        let partner = mv.cells().get(2).copied().unwrap_or(origin);
        if partner.index() < points.len() && distance(partner) > 3.5 {
            "O-O-O".into()
        } else {
            "O-O".into()
        }
    }

    /// Whether pieces of this kind promote (chess's pawns): SAN leaves their letter out.
    fn promoting_kind(&self, kind: KindId) -> bool {
        self.rules.iter().any(|r| {
            r.kinds.contains(&kind) && r.parts.iter().any(|p| matches!(p, Part::Promote(_)))
        })
    }

    /// The capital letter of a kind: its first player's symbol.
    fn kind_letter(&self, kind: KindId) -> char {
        let id = self.piece_id(kind, Some(Player(0)));
        self.pieces
            .get(id.index())
            .map_or('?', |p| p.symbol.to_ascii_uppercase())
    }
}

/// The one legal move in `moves` whose SAN is `text` exactly (letter case included),
/// ignoring check marks and annotations as [`parse_san`] does.
pub(crate) fn parse_san_exact(
    game: &Game,
    state: &State,
    text: &str,
    moves: &MoveList,
) -> Option<Move> {
    let want = normal_san(text);
    let mut found = moves
        .iter()
        .copied()
        .filter(|&m| normal_san(&san_body(game, state, m)) == want);
    match (found.next(), found.next()) {
        (Some(m), None) => Some(m),
        _ => None,
    }
}

/// The legal move in `moves` written `text` in SAN, ignoring check marks and
/// annotations (`+`, `#`, `!`, `?`), accepting `0-0` for `O-O` and a promotion with or
/// without `=`.
pub(crate) fn parse_san(game: &Game, state: &State, text: &str, moves: &MoveList) -> Option<Move> {
    let want = normal_san(text);
    if want.is_empty() {
        return None;
    }
    let written: Vec<(Move, String)> = moves
        .iter()
        .map(|&m| (m, normal_san(&san_body(game, state, m))))
        .collect();
    // Letter case tells a bishop (`Bxc3`) from the b-pawn (`bxc3`); other case slips
    // (`A3`, `NF3`) are read when they name one move only.
    let unique = |same: &dyn Fn(&str) -> bool| {
        let mut found = written.iter().filter(|(_, t)| same(t));
        match (found.next(), found.next()) {
            (Some((m, _)), None) => Some(*m),
            _ => None,
        }
    };
    unique(&|t| t == want)
        .or_else(|| unique(&|t| t.eq_ignore_ascii_case(&want)))
        .or_else(|| parse_long_algebraic(game, state, &want, moves))
}

/// The move in SAN (see the module docs).
pub fn move_to_san(game: &Game, state: &State, mv: Move) -> String {
    let mut text = san_body(game, state, mv);
    text.push_str(check_mark(game, state, mv));
    text
}

/// The legal moves in `moves` that SAN naming a piece and its landing only (`Nd2`,
/// `Nxd2`) could mean: all of them when several such pieces can go there, for a
/// refusal that names the candidates.
pub(crate) fn san_candidates(
    game: &Game,
    state: &State,
    text: &str,
    moves: &MoveList,
) -> Vec<Move> {
    let want = normal_san(text);
    let Some(letter) = want.chars().next().filter(char::is_ascii_uppercase) else {
        return Vec::new();
    };
    let rest: String = want[1..].chars().filter(|&c| c != 'x').collect();
    let Some(dest) = game.board.cell_by_name(&rest) else {
        return Vec::new();
    };
    moves
        .iter()
        .copied()
        .filter(|&m| {
            game.move_origin(&m).is_some_and(|o| {
                let piece = state.at(o);
                piece != EMPTY
                    && game.kind_letter(game.pieces[piece.index()].kind) == letter
                    && game.move_targets(&m) == [dest]
            })
        })
        .collect()
}

/// SAN without the check mark.
fn san_body(game: &Game, state: &State, mv: Move) -> String {
    let standard = || game.write_move(state, mv, false);
    let Some(rule) = game.rules.get(mv.rule.index()) else {
        return standard();
    };
    let Some(origin) = game.move_origin(&mv) else {
        return standard();
    };
    if rule.parts.iter().any(|p| matches!(p, Part::Castle(_))) {
        return game.castle_san(&mv, origin);
    }
    let targets = game.move_targets(&mv);
    let [dest] = targets[..] else {
        return standard();
    };
    let piece = state.at(origin);
    if piece == EMPTY {
        return standard();
    }
    let kind = game.pieces[piece.index()].kind;
    let capture = rule.parts.iter().any(|p| matches!(p, Part::EnPassant(_)))
        || (state.at(dest) != EMPTY && game.owner(state.at(dest)) != game.owner(piece));
    let mut out = String::new();
    if game.promoting_kind(kind) {
        if capture {
            out.push_str(file(&game.board.cells[origin.index()].name));
        }
    } else {
        out.push(game.kind_letter(kind));
        out.push_str(&disambiguation(game, state, mv, origin, dest, piece));
    }
    if capture {
        out.push('x');
    }
    out.push_str(&game.board.cells[dest.index()].name);
    let promotes = rule.parts.iter().any(|p| matches!(p, Part::Promote(_)));
    if let (true, Some(k)) = (promotes, mv.promote()) {
        out.push('=');
        out.push(game.kind_letter(k));
    }
    out
}

/// A move in long algebraic form, the piece's letter then both cells (`Qc1b2`,
/// `Ng1-f3`, `Qc1xb2`): what some programs write even when SAN would say less.
fn parse_long_algebraic(game: &Game, state: &State, want: &str, moves: &MoveList) -> Option<Move> {
    let letter = want.chars().next().filter(char::is_ascii_uppercase)?;
    let rest: String = want[1..]
        .chars()
        .filter(|c| !matches!(c, 'x' | '-'))
        .collect();
    let mut found = moves.iter().copied().filter(|&m| {
        game.move_origin(&m).is_some_and(|o| {
            let piece = state.at(o);
            piece != EMPTY
                && game.kind_letter(game.pieces[piece.index()].kind) == letter
                && game.move_to_compact(state, m).eq_ignore_ascii_case(&rest)
        })
    });
    match (found.next(), found.next()) {
        (Some(m), None) => Some(m),
        _ => None,
    }
}

/// What tells this move from the other legal moves of the same kind of piece to the
/// same cell: nothing, the origin's file, its rank, or the whole origin.
fn disambiguation(
    game: &Game,
    state: &State,
    mv: Move,
    origin: CellId,
    dest: CellId,
    piece: PieceId,
) -> String {
    let mut moves = MoveList::new();
    game.legal_moves(state, &mut moves);
    let rivals: Vec<CellId> = moves
        .iter()
        .filter(|m| **m != mv)
        .filter_map(|m| {
            let o = game.move_origin(m)?;
            (o != origin && state.at(o) == piece && game.move_targets(m) == [dest]).then_some(o)
        })
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let name = &game.board.cells[origin.index()].name;
    let names = |f: fn(&str) -> &str| {
        rivals
            .iter()
            .map(move |&r| f(&game.board.cells[r.index()].name))
    };
    if names(file).all(|r| r != file(name)) {
        file(name).to_string()
    } else if names(rank).all(|r| r != rank(name)) {
        rank(name).to_string()
    } else {
        name.clone()
    }
}

/// `+` when the move attacks a royal piece of the next player, `#` when that player has
/// no legal move then either (and no other rule ended the game), else nothing.
fn check_mark(game: &Game, state: &State, mv: Move) -> &'static str {
    let Some(rule) = game.rules.get(mv.rule.index()) else {
        return "";
    };
    if rule.is_pass() || game.royal.0.iter().all(Vec::is_empty) {
        return "";
    }
    let mut after = state.clone();
    game.make(&mut after, mv);
    let next: Player = after.to_move();
    if game.royal[next].is_empty() || !game.in_check(&after, next) {
        return "";
    }
    // Mate, not a game ended otherwise (a repetition) with the king attacked.
    let mut replies = MoveList::new();
    game.legal_moves(&after, &mut replies);
    if replies.is_empty() && after.result_now().is_none() {
        "#"
    } else {
        "+"
    }
}

/// The letters of a cell name (`e` of `e4`).
fn file(name: &str) -> &str {
    let end = name
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(name.len());
    &name[..end]
}

/// The digits of a cell name (`4` of `e4`).
fn rank(name: &str) -> &str {
    &name[file(name).len()..]
}

/// SAN text compared loosely: no check marks, annotations, `=` or spaces; `0` for `O`.
fn normal_san(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | '=' | ' '))
        .map(|c| if c == '0' { 'O' } else { c })
        .collect::<String>()
        .trim_end_matches("ep")
        .trim_end_matches("e.p.")
        .to_string()
}
