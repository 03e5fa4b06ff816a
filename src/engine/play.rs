//! The checked way to play a move: [`Game::play`] refuses a move that is not legal and leaves
//! the state unchanged, beside the unchecked [`Game::make`] that searches use.

use super::refusal::Refusal;
use super::{Game, Move, State};

/// Why [`Game::play`] refused a move: the move, given back, and the [`Refusal`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError {
    /// The refused move.
    pub mv: Move,
    /// The move as the game writes it.
    pub written: String,
    /// Why it is refused (boxed: errors stay small, and refusals are rare).
    pub refusal: Box<Refusal>,
}

impl PlayError {
    /// The refused move.
    pub fn mv(&self) -> Move {
        self.mv
    }
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.refusal.about(&self.written))
    }
}

impl std::error::Error for PlayError {}

impl Game {
    /// Plays `mv` if it is legal in `state`, as [`Game::make`] does; otherwise returns why
    /// not and leaves `state` unchanged. It lists the legal moves to check, so it is for
    /// moves that come from outside (a person, a file, another program), not for searches.
    pub fn play(&self, state: &mut State, mv: Move) -> Result<(), PlayError> {
        if self.outcome(state).is_some() || !self.legal_moves_vec(state).contains(&mv) {
            return Err(PlayError {
                mv,
                written: self.move_to_string(state, mv),
                refusal: Box::new(super::why_illegal::why_refused(self, state, mv)),
            });
        }
        self.make(state, mv);
        Ok(())
    }

    /// The sum of the weights of the rule file's preferences that the move just made in `s`
    /// satisfies (0 before any move, and for rolls of the dice), without noise.
    pub fn preference_score(&self, s: &mut State) -> i32 {
        let mut total = 0i32;
        for p in &self.prefer.rules {
            if super::prefer::move_satisfies(self, s, &p.cond) {
                total = total.saturating_add(p.weight);
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_illegal_move_is_refused_and_changes_nothing() {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let mut s = g.start();
        let b2 = g.parse_move(&s, "b2").unwrap();
        g.play(&mut s, b2).unwrap();
        let before = g.position_to_string(&s);
        // The same cell again: `make` would overwrite the X with an O.
        let e = g.play(&mut s, b2).unwrap_err();
        assert_eq!(e.mv(), b2);
        assert!(
            matches!(&*e.refusal, Refusal::CellTaken { cell, piece }
                if cell.name == "b2" && piece.owner.as_deref() == Some("X")),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            "'b2' is not a legal move here (b2 is taken: X's mark stands there)"
        );
        assert_eq!(g.position_to_string(&s), before);
        for t in ["a1", "b1", "a2", "b3"] {
            let mv = g.parse_move(&s, t).unwrap();
            g.play(&mut s, mv).unwrap();
        }
        // X has b1, b2, b3: the game is over.
        let a3 = g.parse_move(&g.start(), "a3").unwrap();
        assert!(g.outcome(&s).is_some(), "{}", g.position_to_string(&s));
        let e = g.play(&mut s, a3).unwrap_err();
        assert_eq!((e.mv, *e.refusal), (a3, Refusal::GameOver));
    }
}
