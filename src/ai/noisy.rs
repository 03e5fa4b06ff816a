//! A weaker player made from a stronger one: some of its moves are uniformly random.
//!
//! The levels of games with dice need strengths between those their searches give: in a
//! game where the dice decide much, one more ply of expectimax gains little, so the levels
//! that differ in search alone score close to 50 % against each other. A share of random
//! moves lowers a player's strength by as much as its share, smoothly, and works for any
//! player ([`Noisy`] wraps a [`Bot`]).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::overriding::{Overriding, OwnMove};
use super::Bot;
use crate::engine::{Game, Move, MoveList, State};

/// A player that plays a uniformly random legal move with a given chance, and otherwise
/// the move of the player it wraps. Rolls and forced moves are always the wrapped
/// player's. Reproducible from its seed (and the wrapped player's).
pub type Noisy = Overriding<RandomShare>;

/// The moves [`Noisy`] adds: a uniformly random legal move with a given chance.
pub struct RandomShare {
    chance: f64,
    rng: SmallRng,
    moves: MoveList,
}

impl Noisy {
    /// `inner`, playing a random move with probability `chance` (clamped to 0..=1).
    pub fn new(inner: Box<dyn Bot + Send>, chance: f64, seed: u64) -> Noisy {
        let own = RandomShare {
            chance: chance.clamp(0.0, 1.0),
            // Apart from the wrapped player's stream, which is seeded with `seed` too.
            rng: SmallRng::seed_from_u64(seed ^ 0x006e_6f69_7379),
            moves: MoveList::new(),
        };
        Overriding::wrap(inner, own)
    }
}

impl OwnMove for RandomShare {
    /// A random move instead of the wrapped player's, when the draw says so and there is
    /// a choice to make.
    fn own_move(&mut self, game: &Game, state: &State) -> Option<Move> {
        if state.result_now().is_some() || game.is_chance(state) {
            return None;
        }
        if self.chance <= 0.0 || self.rng.gen::<f64>() >= self.chance {
            return None;
        }
        game.legal_moves(state, &mut self.moves);
        if self.moves.len() < 2 {
            return None;
        }
        Some(self.moves[self.rng.gen_range(0..self.moves.len())])
    }

    fn name(&self, inner: String) -> String {
        format!("{inner} ({:.0}% random moves)", 100.0 * self.chance)
    }
}
