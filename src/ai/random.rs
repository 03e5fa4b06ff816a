//! The random player and random playouts (used by benchmarks and MCTS).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::Bot;
use crate::engine::{Game, Move, MoveList, Outcome, State};

/// Plays a uniformly random legal move (and rolls dice with their true odds); reproducible
/// from its seed.
pub struct RandomBot {
    rng: SmallRng,
    moves: MoveList,
}

impl RandomBot {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: SmallRng::seed_from_u64(seed),
            moves: MoveList::new(),
        }
    }
}

impl Bot for RandomBot {
    fn select_move(&mut self, game: &Game, state: &mut State) -> Option<Move> {
        if game.is_chance(state) {
            return game.sample_roll(self.rng.gen());
        }
        let rng = &mut self.rng;
        game.sample_legal_move(state, &mut self.moves, |n| rng.gen_range(0..n))
    }

    fn name(&self) -> String {
        "random".into()
    }
}

/// Plays random moves from `state` until the game ends or `max_plies` are played; returns
/// the outcome (if reached) and the number of plies played. The state is left at the end
/// of the playout; callers unmake or clone as they need.
pub fn random_playout(
    game: &Game,
    state: &mut State,
    rng: &mut impl Rng,
    moves: &mut MoveList,
    max_plies: u32,
) -> (Option<Outcome>, u32) {
    let mut plies = game.play_random_placements(state, |n| rng.gen_range(0..n), max_plies);
    while plies < max_plies {
        if let Some(o) = state.result_now() {
            return (Some(o), plies);
        }
        if game.is_chance(state) {
            // Rolls follow the dice's odds, not a uniform pick among the outcomes.
            if let Some(r) = game.sample_roll(rng.gen()) {
                game.make(state, r);
                plies += 1;
                continue;
            }
        }
        let Some(mv) = game.sample_legal_move(state, moves, |n| rng.gen_range(0..n)) else {
            return (game.no_moves_outcome(state), plies);
        };
        game.make(state, mv);
        plies += 1;
    }
    (state.result_now(), plies)
}
