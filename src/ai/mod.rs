//! Game-independent players. They see only the engine interface, never a game's name.

mod random;

pub use random::{random_playout, RandomBot};

use crate::engine::{Game, Move, State};

/// A player that picks a move for the side to move.
pub trait Bot {
    /// The chosen move, or `None` if the game is over (no legal move).
    fn select_move(&mut self, game: &Game, state: &mut State) -> Option<Move>;

    /// A short description for logs (`random`, `alpha-beta depth 6`).
    fn name(&self) -> String;
}
