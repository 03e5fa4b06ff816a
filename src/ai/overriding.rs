//! A player that sometimes plays a move of its own and otherwise the move of the player it
//! wraps: the shape of [`super::Noisy`] (a share of random moves) and
//! [`super::PassesToClose`] (the pass that ends a won game). The wrapper answers every
//! [`Bot`] call once, so each such player only says when it has a move of its own.

use super::{Bot, Evaluation, Limits, Progress};
use crate::engine::{Game, Move, State};

/// What a wrapping player adds: a move of its own, when it has one.
pub trait OwnMove {
    /// The move to play instead of the wrapped player's, if any.
    fn own_move(&mut self, game: &Game, state: &State) -> Option<Move>;

    /// The player's name, given the wrapped player's.
    fn name(&self, inner: String) -> String {
        inner
    }
}

/// The player `inner` with the moves of `own` played instead of its own where `own` has one.
pub struct Overriding<O> {
    inner: Box<dyn Bot + Send>,
    own: O,
    /// Whether the last move was `own`'s (then the wrapped player's evaluation is not about
    /// it, and it does not resign).
    played_own: bool,
}

impl<O: OwnMove> Overriding<O> {
    /// `inner`, with `own`'s moves where it has one.
    pub fn wrap(inner: Box<dyn Bot + Send>, own: O) -> Overriding<O> {
        Overriding {
            inner,
            own,
            played_own: false,
        }
    }

    fn own_move(&mut self, game: &Game, state: &State) -> Option<Move> {
        let mv = self.own.own_move(game, state);
        self.played_own = mv.is_some();
        mv
    }
}

impl<O: OwnMove> Bot for Overriding<O> {
    fn select_move(&mut self, game: &Game, state: &mut State) -> Option<Move> {
        self.own_move(game, state)
            .or_else(|| self.inner.select_move(game, state))
    }

    fn select_move_limited(
        &mut self,
        game: &Game,
        state: &mut State,
        limits: &Limits,
        report: &mut dyn FnMut(&Progress),
    ) -> Option<Move> {
        self.own_move(game, state)
            .or_else(|| self.inner.select_move_limited(game, state, limits, report))
    }

    fn name(&self) -> String {
        self.own.name(self.inner.name())
    }

    fn evaluation(&self) -> Option<Evaluation> {
        if self.played_own {
            None
        } else {
            self.inner.evaluation()
        }
    }

    fn resigns(&self) -> bool {
        !self.played_own && self.inner.resigns()
    }
}
