//! The checked way to play a move: [`Game::play`] refuses a move that is not legal and leaves
//! the state unchanged, beside the unchecked [`Game::make`] that searches use.

use super::{Game, Move, State};

/// Why [`Game::play`] refused a move. The move is given back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over: no move may be played.
    GameOver(Move),
    /// The move is not one of the position's legal moves.
    Illegal(Move),
}

impl PlayError {
    /// The refused move.
    pub fn mv(&self) -> Move {
        match *self {
            PlayError::GameOver(m) | PlayError::Illegal(m) => m,
        }
    }
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::GameOver(_) => write!(f, "the game is over"),
            PlayError::Illegal(_) => write!(f, "the move is not legal in this position"),
        }
    }
}

impl std::error::Error for PlayError {}

impl Game {
    /// Plays `mv` if it is legal in `state`, as [`Game::make`] does; otherwise returns why
    /// not and leaves `state` unchanged. It lists the legal moves to check, so it is for
    /// moves that come from outside (a person, a file, another program), not for searches.
    pub fn play(&self, state: &mut State, mv: Move) -> Result<(), PlayError> {
        if self.outcome(state).is_some() {
            return Err(PlayError::GameOver(mv));
        }
        if !self.legal_moves_vec(state).contains(&mv) {
            return Err(PlayError::Illegal(mv));
        }
        self.make(state, mv);
        Ok(())
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
        assert_eq!(g.play(&mut s, b2), Err(PlayError::Illegal(b2)));
        assert_eq!(g.position_to_string(&s), before);
        for t in ["a1", "b1", "a2", "b3"] {
            let mv = g.parse_move(&s, t).unwrap();
            g.play(&mut s, mv).unwrap();
        }
        // X has b1, b2, b3: the game is over.
        let a3 = g.parse_move(&g.start(), "a3").unwrap();
        assert!(g.outcome(&s).is_some(), "{}", g.position_to_string(&s));
        assert_eq!(g.play(&mut s, a3), Err(PlayError::GameOver(a3)));
    }
}
