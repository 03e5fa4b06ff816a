//! `notation short-jumps`: a multi-jump is written by its origin and last landing (`28x30`,
//! as draughts players write it) unless another legal move has the same two ends; then every
//! landing is written (`21x8x19x46`), so that each text still names one move.

use crate::engine::{Game, Move, MoveList, State};

/// Whether a legal move other than `mv` starts and ends on the same cells as `mv`.
/// Lists the legal moves: only printing a move asks, never the search.
pub(super) fn jump_ends_shared(game: &Game, state: &State, mv: Move) -> bool {
    let (Some(&first), Some(&last)) = (mv.cells().first(), mv.cells().last()) else {
        return false;
    };
    let mut moves = MoveList::new();
    game.legal_moves(state, &mut moves);
    moves
        .iter()
        .any(|m| *m != mv && m.cells().first() == Some(&first) && m.cells().last() == Some(&last))
}
