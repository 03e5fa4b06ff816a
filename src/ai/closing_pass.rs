//! Passing back to end a game that passing wins: in a game that ends on passes and counts
//! a score (Go), when the opponent has just passed and a pass now ends the game in a win or
//! a draw for the player to move, that player passes instead of searching. A search judges
//! such a pass no better than a move inside its own area (both keep the score), so without
//! this it plays on where a person would end the game.

use super::overriding::{Overriding, OwnMove};
use super::Bot;
use crate::engine::{Game, Move, State};

/// The pass that ends the game now without losing it for the player to move, when the last
/// move was a pass; `None` otherwise (or in a game without chosen passes).
pub fn closing_pass(game: &Game, state: &State) -> Option<Move> {
    if state.result_now().is_some() || !game.last_moves_pass(state, 1) {
        return None;
    }
    let me = state.to_move();
    game.legal_moves_vec(state)
        .iter()
        .copied()
        .filter(|mv| game.is_chosen_pass(mv))
        .find(|&mv| {
            let mut after = state.clone();
            game.make(&mut after, mv);
            after
                .result_now()
                .is_some_and(|o| o.score(me, game.num_players()) >= 0.5)
        })
}

/// Whether [`closing_pass`] can ever apply in `game`: it has chosen passes, ends on passes
/// and has a scoring ending.
pub fn closes_by_passing(game: &Game) -> bool {
    game.ends_on_passes()
        && game.rules().iter().any(|r| r.is_pass())
        && game.area_score(&game.start()).is_some()
}

/// A player that passes back when [`closing_pass`] finds a pass, and otherwise plays as the
/// player it wraps.
pub type PassesToClose = Overriding<ClosingPass>;

/// The move [`PassesToClose`] adds: [`closing_pass`].
pub struct ClosingPass;

impl OwnMove for ClosingPass {
    fn own_move(&mut self, game: &Game, state: &State) -> Option<Move> {
        closing_pass(game, state)
    }
}

impl PassesToClose {
    /// `inner`, passing back when that ends the game without losing it.
    pub fn new(inner: Box<dyn Bot + Send>) -> PassesToClose {
        Overriding::wrap(inner, ClosingPass)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go5() -> Game {
        crate::load_shipped("go", &[("size".into(), "5".into())]).expect("Go compiles")
    }

    fn after(game: &Game, moves: &[&str]) -> State {
        let mut s = game.start();
        for m in moves {
            let mv = game.parse_move(&s, m).expect("legal");
            game.make(&mut s, mv);
        }
        s
    }

    #[test]
    fn a_pass_is_answered_by_a_pass_only_when_it_does_not_lose() {
        let game = go5();
        assert!(closes_by_passing(&game));
        // White passed; Black's wall owns 15 points against White's 5 + 7.5: Black passes.
        let black_wins = after(
            &game,
            &["c1", "d1", "c2", "d2", "c3", "d3", "c4", "d4", "c5", "pass"],
        );
        let pass = closing_pass(&game, &black_wins).expect("a closing pass");
        assert!(game.is_chosen_pass(&pass));
        // Black passed first and White, behind (Black 15, White 5 + 7.5), plays on.
        let white_behind = after(
            &game,
            &[
                "c1", "e1", "c2", "e2", "c3", "e3", "c4", "e4", "c5", "e5", "pass",
            ],
        );
        assert_eq!(closing_pass(&game, &white_behind), None);
        // No pass before: no closing pass.
        assert_eq!(closing_pass(&game, &after(&game, &["c3"])), None);
        let mut bot = PassesToClose::new(Box::new(super::super::RandomBot::new(1)));
        let mut s = black_wins.clone();
        assert_eq!(bot.select_move(&game, &mut s), Some(pass));
    }

    #[test]
    fn games_without_a_score_never_close_by_passing() {
        for name in ["chess", "tictactoe", "hex"] {
            let game = crate::load_shipped(name, &[]).expect("compiles");
            assert!(!closes_by_passing(&game), "{name}");
        }
    }
}
