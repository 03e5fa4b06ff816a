//! The AI's view of a position, for analysing a game: its evaluation and the line it
//! would play from there (its own move, then its move for each side in turn), computed on
//! a copy so the session does not change.

use crate::ai::{bot_for_level, Evaluation};
use crate::engine::{Game, State};

use super::model::Session;

/// What the AI thinks of the current position.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The level that searched.
    pub level: u8,
    /// Its evaluation for the player to move (`None` for levels that do not search).
    pub evaluation: Option<Evaluation>,
    /// The evaluation in words (`+3 for White`, `White mates in 2`, `White wins 62%`).
    pub summary: String,
    /// The moves it would play from here, in the game's notation.
    pub line: Vec<String>,
}

impl Session {
    /// The AI at `level` searches the current position and plays on, on a copy, for up to
    /// `plies` moves (rolls of the dice included, drawn by the AI), giving its evaluation
    /// and that line. The session does not change.
    pub fn analyse(&self, level: u8, plies: usize) -> Analysis {
        analyse(self.game(), self.state(), self.seed(), level, plies)
    }
}

/// [`Session::analyse`] on a copy of a game and position, for a front-end that searches
/// without holding its session (the web server, while the page keeps polling).
pub fn analyse(game: &Game, state: &State, seed: u64, level: u8, plies: usize) -> Analysis {
    {
        let mut state = state.clone();
        let over = game.is_over(&state);
        let seed = seed ^ (u64::from(state.ply()) << 32) ^ 0x616e_616c;
        let mut bot = bot_for_level(game, level, seed);
        let mover = state.to_move();
        let mut evaluation = None;
        let mut line = Vec::new();
        for i in 0..plies {
            if game.is_over(&state) {
                break;
            }
            let Some(mv) = bot.select_move(game, &mut state.clone()) else {
                break;
            };
            if i == 0 {
                evaluation = bot.evaluation();
            }
            line.push(game.move_to_string(&state, mv));
            game.make(&mut state, mv);
        }
        let name = &game.players[mover.index()];
        let summary = match evaluation {
            None if over => "the game is over".to_string(),
            None => format!("level {level} does not evaluate; try a higher level"),
            Some(Evaluation::Mate(n)) if n > 0 => format!("{name} wins in {n}"),
            Some(Evaluation::Mate(n)) => format!("{name} loses in {}", -n),
            Some(Evaluation::Score { score, solved }) => format!(
                "{score:+} for {name}{}",
                if solved { " (exact)" } else { "" }
            ),
            Some(Evaluation::WinChance(p)) => {
                format!("{name} wins {:.0}%", (p * 100.0).clamp(0.0, 100.0))
            }
        };
        Analysis {
            level,
            evaluation,
            summary,
            line,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ui::session::{Seat, Session};

    #[test]
    fn analysis_finds_the_winning_line_and_changes_nothing() {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let mut s = Session::new(g, "tictactoe", &[], None, &[Seat::Human, Seat::Human], 3);
        for m in ["a1", "b1", "a2", "b2"] {
            s.play_text(m).unwrap();
        }
        let a = s.analyse(5, 3);
        assert_eq!(a.line.first().map(String::as_str), Some("a3"));
        assert!(a.summary.starts_with("X wins"), "{}", a.summary);
        assert_eq!(s.history().len(), 4);
        assert!(s.analyse(1, 2).evaluation.is_none());
    }
}
