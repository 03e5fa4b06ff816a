//! The greedy one-ply player whose judgement comes from the rule file.
//!
//! It makes each legal move and scores it by the rule file's preferences (`prefer
//! reach(rosettes) by 500`, see [`crate::engine::Preferences`]): the sum of the weights
//! whose tests the move satisfies, plus the rule file's noise (`prefer noise 10`). It plays
//! the best score; equal scores are split at random. A rule file without preferences gets
//! the evaluation of [`super::chance_eval`] instead, one move ahead.
//!
//! Asked to move at a chance node it rolls, with the dice's odds. Reproducible from its seed.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::chance_eval::ChanceEval;
use super::Bot;
use crate::engine::{Game, Move, MoveList, State};

/// Settings of a [`Greedy`] player.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GreedyConfig {
    /// Seed of the noise, the tie-breaks and the rolls.
    pub seed: u64,
}

/// The rule file's greedy player; see the module documentation.
pub struct Greedy {
    config: GreedyConfig,
    rng: SmallRng,
    moves: MoveList,
    buf: MoveList,
    eval: Option<(String, ChanceEval)>,
}

impl Greedy {
    /// A player with these settings.
    pub fn new(config: GreedyConfig) -> Greedy {
        Greedy {
            config,
            rng: SmallRng::seed_from_u64(config.seed),
            moves: MoveList::new(),
            buf: MoveList::new(),
            eval: None,
        }
    }

    /// The settings.
    pub fn config(&self) -> &GreedyConfig {
        &self.config
    }

    /// The score of every legal move of `state`, in generated order (before noise): the
    /// preferences it satisfies, or the evaluation (times 1000) when the rule file states
    /// none. Empty at a chance node and when the game is over.
    pub fn scores(&mut self, game: &Game, state: &mut State) -> Vec<(Move, f64)> {
        if game.is_chance(state) {
            return Vec::new();
        }
        let moves = game.legal_moves_vec(state);
        moves
            .into_iter()
            .map(|mv| (mv, self.score(game, state, mv)))
            .collect()
    }

    /// The score of one legal move (before noise).
    fn score(&mut self, game: &Game, state: &mut State, mv: Move) -> f64 {
        let me = state.to_move();
        game.make(state, mv);
        let v = if game.prefer().is_empty() {
            let eval = match &self.eval {
                Some((name, e)) if name == game.name() => e,
                _ => {
                    self.eval = Some((game.name().to_string(), ChanceEval::of(game)));
                    &self.eval.as_ref().expect("just set").1
                }
            };
            let v = eval.evaluate(game, state, &mut self.buf);
            1000.0 * if state.to_move() == me { v } else { -v }
        } else {
            f64::from(game.preference_score(state))
        };
        game.unmake(state);
        v
    }
}

impl Bot for Greedy {
    fn select_move(&mut self, game: &Game, state: &mut State) -> Option<Move> {
        if state.result_now().is_some() {
            return None;
        }
        if game.is_chance(state) {
            return game.sample_roll(self.rng.gen());
        }
        let mut moves = std::mem::take(&mut self.moves);
        game.legal_moves(state, &mut moves);
        let picked = match moves.len() {
            0 => None,
            1 => Some(moves[0]),
            _ => {
                moves.shuffle(&mut self.rng);
                let noise = game.prefer().noise;
                let mut best: Option<(f64, Move)> = None;
                for &mv in &moves {
                    let mut v = self.score(game, state, mv);
                    if noise > 1 {
                        v += f64::from(self.rng.gen_range(0..noise));
                    }
                    if best.is_none_or(|b| v > b.0) {
                        best = Some((v, mv));
                    }
                }
                best.map(|b| b.1)
            }
        };
        self.moves = moves;
        picked
    }

    fn name(&self) -> String {
        "greedy".into()
    }
}
