//! Which pieces are dead at the end of a scored game (Go's dead stones), estimated by
//! playouts: the game is played out from the position many times with the playout policy
//! (which fills no eyes, so living groups live and dead ones are taken), and a piece whose
//! cell its owner holds in less than half of the finished boards is dead. The front-ends'
//! final counting (GTP's `final_score`, `final_status_list`, `kgs-genmove_cleanup`) all
//! read this one estimate, so they agree.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::PlayoutPolicy;
use crate::engine::{CellId, Game, MoveList, State, EMPTY};

/// How many playouts the estimate plays: enough that a clearly living or dead group is
/// never misread, few enough for a 19 × 19 board to answer at once.
pub const OWNERSHIP_PLAYOUTS: u32 = 200;

/// The seed every front-end gives the estimate (GTP's `final_score`, `final_status_list` and
/// `kgs-genmove_cleanup`, the boards' proposed dead stones), so each reads the same stones as
/// dead in the same position.
pub const DEAD_ESTIMATE_SEED: u64 = 0x6774_705f_6465_6164;

/// The cells of pieces that are dead in `state` by the playouts' estimate, in cell order;
/// `None` when the game has no area scoring. The same `seed` gives the same answer.
pub fn dead_cells(game: &Game, state: &State, seed: u64) -> Option<Vec<CellId>> {
    game.area_owners(state)?;
    let n = game.board().len();
    // The board alone, as a game that is not over: a game ended by passes has no moves
    // left to play out.
    let start = State::new(game, state.board.clone(), state.to_move());
    let policy = PlayoutPolicy::for_game(game);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = MoveList::new();
    let max_plies = (n as u32).saturating_mul(4).max(64);
    // How often each cell ended held by its piece's owner.
    let mut kept = vec![0u32; n];
    for _ in 0..OWNERSHIP_PLAYOUTS {
        let mut s = start.clone();
        policy.playout(game, &mut s, &mut rng, &mut moves, max_plies);
        let Some(owners) = game.area_owners(&s) else {
            continue;
        };
        for c in 0..n {
            let piece = state.board[c];
            if piece != EMPTY && owners[c].is_some() && owners[c] == game.owner(piece) {
                kept[c] += 1;
            }
        }
    }
    Some(
        (0..n)
            .filter(|&c| state.board[c] != EMPTY && kept[c] * 2 < OWNERSHIP_PLAYOUTS)
            .map(CellId::from_index)
            .collect(),
    )
}

/// `state`'s board with the pieces on `dead` taken off (for counting the score the players
/// agree on), the same player to move.
pub fn without_pieces(game: &Game, state: &State, dead: &[CellId]) -> State {
    let mut board = state.board.clone();
    for c in dead {
        if let Some(p) = board.get_mut(c.index()) {
            *p = EMPTY;
        }
    }
    State::new(game, board, state.to_move())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go5() -> Game {
        crate::load_shipped("go", &[("size".into(), "5".into())]).expect("Go compiles")
    }

    #[test]
    fn a_lone_stone_in_a_living_area_is_dead_and_the_living_groups_are_not() {
        let game = go5();
        // Black's wall on the c line owns a–b; White's own d–e, with a black stone in it.
        let state = game
            .parse_position("2XO1/2XO1/2XOX/2XO1/2XO1 Black")
            .expect("a position");
        let dead = dead_cells(&game, &state, 7).expect("Go scores");
        let names: Vec<&str> = dead
            .iter()
            .map(|c| game.board().cells[c.index()].name.as_str())
            .collect();
        assert_eq!(names, ["e3"]);
        let cleared = without_pieces(&game, &state, &dead);
        let score = game.area_score(&cleared).expect("Go scores");
        // Black 15 (a–c), White 10 + komi 7.5.
        assert_eq!(score.points, [150, 175]);
    }

    #[test]
    fn a_game_without_area_scoring_has_no_estimate() {
        let game = crate::load_shipped("tictactoe", &[]).expect("compiles");
        assert_eq!(dead_cells(&game, &game.start(), 1), None);
    }
}
