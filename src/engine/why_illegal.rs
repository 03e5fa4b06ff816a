//! Why a move is refused, as a [`Refusal`]: the rule that refuses a move the pieces could
//! make (a `forbid` rule such as superko or suicide, the royal rule, a `forced` rule), and
//! what is wrong with a move from one cell to another that the pieces cannot make (no piece
//! there, another player's piece, the mover's own piece on the landing, castling with
//! pieces between). Worked out only when a move is refused.

use super::refusal::Refusal;
use super::{CellId, Game, Move, MoveList, Part, State};

/// At most this many moves are named in a refusal (the forced moves that are legal).
pub(super) const NAMED: usize = 6;

/// Why `mv` is not legal in `state`, for [`Game::play`]: the refusal of its written
/// form, or [`Refusal::Illegal`] when that names a legal move (a move made elsewhere).
pub(super) fn why_refused(game: &Game, state: &State, mv: Move) -> Refusal {
    let mut legal = MoveList::new();
    game.legal_moves(state, &mut legal);
    if legal.is_empty() || game.outcome(state).is_some() {
        return Refusal::GameOver;
    }
    let written = game.move_to_string(state, mv);
    match game.parse_move(state, &written) {
        Err(e) => *e.refusal,
        Ok(_) => Refusal::Illegal { mv, written },
    }
}

/// The move the pieces could make (before `forbid` rules judge it) that is written
/// `text`, in this game's notation or the compact form.
pub(super) fn pseudo_move_written(game: &Game, state: &State, text: &str) -> Option<super::Move> {
    let want: String = text.split_whitespace().collect();
    let mut moves = MoveList::new();
    game.pseudo_moves(state, &mut moves);
    moves.into_iter().find(|&m| {
        game.move_to_string(state, m).eq_ignore_ascii_case(&want)
            || game.move_to_compact(state, m).eq_ignore_ascii_case(&want)
    })
}

/// When `want` reads as a move from one cell to another (`e2e5`, `e1-g1`, `9x18`) that
/// no rule lets the pieces make: what is wrong with it.
pub(super) fn piece_move_refusal(game: &Game, state: &State, want: &str) -> Option<Refusal> {
    if !game.rules.iter().any(|r| r.from_piece()) {
        return None;
    }
    let (from, to) = cells_of_piece_move(game, want)?;
    let me = state.to_move();
    let Some(piece) = game.piece_seen(state, from) else {
        return Some(Refusal::NoPiece {
            cell: game.named_cell(from),
        });
    };
    if game.owner(state.at(from)) != Some(me) {
        return Some(Refusal::NotYours {
            cell: game.named_cell(from),
            piece,
        });
    }
    let kind = game.pieces[state.at(from).index()].kind;
    let rules = || game.rules.iter().filter(|r| r.kinds.contains(&kind));
    if let Some(between) = rules().flat_map(|r| r.parts.iter()).find_map(|p| match p {
        Part::Castle(c) => c.blockers(game, state, me, from, to),
        _ => None,
    }) {
        return Some(Refusal::CastlingBlocked {
            from: game.named_cell(from),
            to: game.named_cell(to),
            between: between.into_iter().map(|c| game.named_cell(c)).collect(),
        });
    }
    // A piece that may swap places with a friend could mean to: say only what is sure.
    let swaps = rules().any(|r| r.parts.iter().any(|p| matches!(p, Part::Swap(_))));
    if !swaps && to != from && game.owner(state.at(to)) == Some(me) {
        return Some(Refusal::OwnPiece {
            from: game.named_cell(from),
            to: game.named_cell(to),
            piece: game.piece_seen(state, to)?,
        });
    }
    Some(Refusal::CannotMoveSo {
        from: game.named_cell(from),
        to: game.named_cell(to),
        kind: piece.kind,
    })
}

/// The first and last cells of `text` when it is nothing but two or more cell names
/// with `-`, `x` or `:` between (or nothing, as in `e2e4`).
fn cells_of_piece_move(game: &Game, text: &str) -> Option<(CellId, CellId)> {
    if text.len() > 64 {
        return None;
    }
    let mut rest = text;
    let mut cells = Vec::new();
    while !rest.is_empty() {
        if let Some(name) = game.cell_name_at_start(rest) {
            cells.push(game.board.cell_by_name(name)?);
            rest = &rest[name.len()..];
        } else if let Some(tail) = rest.strip_prefix(['-', 'x', 'X', ':']) {
            rest = tail;
        } else {
            return None;
        }
    }
    match cells.as_slice() {
        [from, .., to] => Some((*from, *to)),
        _ => None,
    }
}
