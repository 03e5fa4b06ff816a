//! Perft: the number of move sequences of each length, the standard move-generator test.

use crate::engine::{Game, Move, MoveList, State};

/// The deepest perft the command line accepts. Each ply keeps its own move list, so the
/// depth also bounds the memory a count takes; no real game's perft gets near it.
pub const MAX_DEPTH: u32 = 1000;

/// Counts the leaf nodes `depth` plies below `state` (a finished game has no children).
pub fn perft(game: &Game, state: &mut State, depth: u32) -> u64 {
    let mut lists: Vec<MoveList> = (0..=depth).map(|_| MoveList::with_capacity(256)).collect();
    perft_with(game, state, depth, &mut lists)
}

fn perft_with(game: &Game, state: &mut State, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (mine, rest) = lists.split_first_mut().expect("one list per ply");
    if depth == 1 {
        // The last ply's moves are counted, not listed, where the rules allow.
        return game.count_legal_moves(state, mine) as u64;
    }
    game.legal_moves(state, mine);
    let mut total = 0;
    for &mv in mine.iter() {
        game.make(state, mv);
        total += perft_with(game, state, depth - 1, rest);
        game.unmake(state);
    }
    total
}

/// Counts the same leaves as [`perft`], but makes and unmakes every move down to depth 0
/// instead of counting the last ply's moves: the like-for-like figure beside programs whose
/// perft plays every move (RBG, shakmaty's make-every-move perft).
pub fn perft_full(game: &Game, state: &mut State, depth: u32) -> u64 {
    let mut lists: Vec<MoveList> = (0..=depth).map(|_| MoveList::with_capacity(256)).collect();
    perft_full_with(game, state, depth, &mut lists)
}

fn perft_full_with(game: &Game, state: &mut State, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (mine, rest) = lists.split_first_mut().expect("one list per ply");
    game.legal_moves(state, mine);
    if depth == 1 {
        // Each leaf is made and taken back here, without a call that would only return 1.
        for &mv in mine.iter() {
            game.make(state, mv);
            game.unmake(state);
        }
        return mine.len() as u64;
    }
    let mut total = 0;
    for &mv in mine.iter() {
        game.make(state, mv);
        total += perft_full_with(game, state, depth - 1, rest);
        game.unmake(state);
    }
    total
}

/// Perft split by first move: each legal move with its count at `depth` (≥ 1).
pub fn divide(game: &Game, state: &mut State, depth: u32) -> Vec<(Move, u64)> {
    divide_counting(game, state, depth, false)
}

/// [`divide`] whose counts come from [`perft_full`] (every move made) when `full` is set.
pub fn divide_counting(game: &Game, state: &mut State, depth: u32, full: bool) -> Vec<(Move, u64)> {
    let moves = game.legal_moves_vec(state);
    moves
        .into_iter()
        .map(|mv| {
            game.make(state, mv);
            let d = depth.saturating_sub(1);
            let n = if full {
                perft_full(game, state, d)
            } else {
                perft(game, state, d)
            };
            game.unmake(state);
            (mv, n)
        })
        .collect()
}
