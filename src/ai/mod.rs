//! Game-independent players. They see only the engine interface, never a game's name.

mod random;

pub use random::{random_playout, RandomBot};

use crate::engine::{Game, Move, State};

/// A player that picks a move for the side to move.
pub trait Bot {
    /// The chosen move, or `None` if the game is over (no legal move). The state is left as
    /// it was given (search makes and unmakes moves on it).
    fn select_move(&mut self, game: &Game, state: &mut State) -> Option<Move>;

    /// A short description for logs (`random`, `alpha-beta depth 6`).
    fn name(&self) -> String;
}

/// The player behind a strength level, 1 (random) to 9 (strongest), reproducible from `seed`.
pub fn bot_for_level(_game: &Game, level: u8, seed: u64) -> Box<dyn Bot> {
    let _ = level;
    Box::new(RandomBot::new(seed))
}
