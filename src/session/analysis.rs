//! The AI's view of a position, for analysing a game: its evaluation and the line it
//! would play from there (its own move, then its move for each side in turn), computed on
//! a copy so the session does not change.

use crate::ai::{AiSettings, Evaluation};
use crate::engine::{Game, Outcome, State};

use super::model::Session;

/// What the AI thinks of the current position.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The AI that searched.
    pub ai: AiSettings,
    /// Its evaluation for the player to move (`None` for levels that do not search).
    pub evaluation: Option<Evaluation>,
    /// The evaluation in words (`+3 for White`, `White mates in 2`, `White wins 62%`).
    pub summary: String,
    /// The moves it would play from here, in the game's notation.
    pub line: Vec<String>,
}

/// One legal move judged by the AI, for the player making it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveScore {
    /// The move in the game's notation.
    pub text: String,
    /// The AI's evaluation of the position after it, turned to the mover's side in
    /// two-player games (`None` when the AI does not evaluate).
    pub evaluation: Option<Evaluation>,
    /// The evaluation in words, naming whose view it is.
    pub summary: String,
}

impl Session {
    /// The AI `ai` searches the current position and plays on, on a copy, for up to
    /// `plies` moves (rolls of the dice included, drawn by the AI), giving its evaluation
    /// and that line. The session does not change.
    pub fn analyse(&self, ai: AiSettings, plies: usize) -> Analysis {
        analyse(self.game(), self.state(), self.seed(), ai, plies)
    }

    /// Every legal move, each judged by a search of `ai` from the position it leads to,
    /// best first for the player to move (one search per move: a budget such as
    /// `time=200ms` bounds the whole at the number of moves times that). Empty when the
    /// game is over or a roll of the dice comes first.
    pub fn score_moves(&self, ai: AiSettings) -> Vec<MoveScore> {
        score_moves(self.game(), self.state(), self.seed(), ai)
    }
}

/// [`Session::analyse`] on a copy of a game and position, for a front-end that searches
/// without holding its session (the web server, while the page keeps polling).
pub fn analyse(game: &Game, state: &State, seed: u64, ai: AiSettings, plies: usize) -> Analysis {
    let mut state = state.clone();
    let over = game.is_over(&state);
    let seed = seed ^ (u64::from(state.ply()) << 32) ^ 0x616e_616c;
    let mut bot = ai.bot(game, seed);
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
    let summary = match evaluation {
        None if over => "the game is over".to_string(),
        None => format!("{} does not evaluate; try a higher level", ai.describe()),
        Some(e) => in_words(e, &game.players()[mover.index()]),
    };
    Analysis {
        ai,
        evaluation,
        summary,
        line,
    }
}

/// [`Session::score_moves`] on a copy of a game and position.
pub fn score_moves(game: &Game, state: &State, seed: u64, ai: AiSettings) -> Vec<MoveScore> {
    if game.is_over(state) || game.is_chance(state) {
        return Vec::new();
    }
    let mover = state.to_move();
    let two_players = game.num_players() == 2;
    let mut scored: Vec<(Option<(i8, f64)>, MoveScore)> = game
        .legal_moves_vec(state)
        .into_iter()
        .enumerate()
        .map(|(i, mv)| {
            let text = game.move_to_string(state, mv);
            let mut after = state.clone();
            game.make(&mut after, mv);
            // Whose view the evaluation is from, and the evaluation.
            let (view, evaluation) = match after.result_now() {
                Some(outcome) => (mover, Some(ended(outcome, mover))),
                None => {
                    let seed = seed ^ (u64::from(state.ply()) << 32) ^ (i as u64) << 16;
                    let mut bot = ai.bot(game, seed);
                    let next = after.to_move();
                    let _ = bot.select_move(game, &mut after.clone());
                    match bot.evaluation() {
                        Some(e) if two_players && next != mover => (mover, Some(flip(e))),
                        e => (next, e),
                    }
                }
            };
            let summary = match evaluation {
                Some(e) => in_words(e, &game.players()[view.index()]),
                None => format!("{} does not evaluate", ai.describe()),
            };
            let key = evaluation.filter(|_| view == mover).map(rank);
            (
                key,
                MoveScore {
                    text,
                    evaluation,
                    summary,
                },
            )
        })
        .collect();
    // Best first for the mover; moves judged from another player's view keep their order
    // after them.
    scored.sort_by(|(a, _), (b, _)| match (a, b) {
        (Some(a), Some(b)) => b.partial_cmp(a).unwrap_or(std::cmp::Ordering::Equal),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    scored.into_iter().map(|(_, m)| m).collect()
}

/// The evaluation of a finished game for `p`.
fn ended(outcome: Outcome, p: crate::engine::Player) -> Evaluation {
    match outcome {
        Outcome::Win(w) if w == p => Evaluation::Mate(1),
        Outcome::Win(_) => Evaluation::Mate(-1),
        _ => Evaluation::Score {
            score: 0,
            solved: true,
        },
    }
}

/// An evaluation for the opponent turned into one for the player who just moved (two
/// players): a score negated, a chance complemented, and a mate counted in the mover's
/// moves, the move just made included.
fn flip(e: Evaluation) -> Evaluation {
    match e {
        Evaluation::Score { score, solved } => Evaluation::Score {
            score: -score,
            solved,
        },
        Evaluation::WinChance(p) => Evaluation::WinChance(1.0 - p),
        // The opponent loses in n of its moves: the mover wins with its n-th move after
        // this one.
        Evaluation::Mate(n) if n < 0 => Evaluation::Mate(-n + 1),
        Evaluation::Mate(n) => Evaluation::Mate(-n),
    }
}

/// A sort key, higher is better: (class, value) with wins above values above losses.
fn rank(e: Evaluation) -> (i8, f64) {
    match e {
        Evaluation::Mate(n) if n > 0 => (2, -f64::from(n)),
        Evaluation::Mate(n) => (0, f64::from(-n)),
        Evaluation::Score { score, .. } => (1, f64::from(score)),
        // A draw (score 0) and an even chance sit together.
        Evaluation::WinChance(p) => (1, (p - 0.5) * 200.0),
    }
}

/// An evaluation in words, for `name`.
fn in_words(e: Evaluation, name: &str) -> String {
    match e {
        Evaluation::Mate(n) if n > 0 => format!("{name} wins in {n}"),
        Evaluation::Mate(n) => format!("{name} loses in {}", -n),
        Evaluation::Score { score, solved } => format!(
            "{score:+} for {name}{}",
            if solved { " (exact)" } else { "" }
        ),
        Evaluation::WinChance(p) => format!("{name} wins {:.0}%", (p * 100.0).clamp(0.0, 100.0)),
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::AiSettings;
    use crate::session::{Seat, Session};

    #[test]
    fn analysis_finds_the_winning_line_and_changes_nothing() {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let mut s = Session::new(g, "tictactoe", &[], None, &[Seat::Human, Seat::Human], 3);
        for m in ["a1", "b1", "a2", "b2"] {
            s.play_text(m).unwrap();
        }
        let a = s.analyse(AiSettings::Level(5), 3);
        assert_eq!(a.line.first().map(String::as_str), Some("a3"));
        assert!(a.summary.starts_with("X wins"), "{}", a.summary);
        assert_eq!(s.history().len(), 4);
        assert!(s.analyse(AiSettings::Level(1), 2).evaluation.is_none());
    }

    #[test]
    fn every_move_is_scored_best_first_for_the_mover() {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let mut s = Session::new(g, "tictactoe", &[], None, &[Seat::Human, Seat::Human], 3);
        // X: a1 a2, O: b1 b2. X wins at a3; any other move lets O win at b3, except b3.
        for m in ["a1", "b1", "a2", "b2"] {
            s.play_text(m).unwrap();
        }
        let scores = s.score_moves(AiSettings::parse("depth=9").unwrap());
        let texts: Vec<&str> = scores.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(scores.len(), 5, "{texts:?}");
        assert_eq!(texts[0], "a3");
        assert_eq!(scores[0].summary, "X wins in 1");
        // b3 blocks O and then X must still be held to a draw or better.
        assert_eq!(texts[1], "b3");
        assert!(!scores[1].summary.contains("loses"), "{:?}", scores[1]);
        // The others lose at once to O's b3.
        for m in &scores[2..] {
            assert_eq!(m.summary, "X loses in 1", "{m:?}");
        }
        assert_eq!(s.history().len(), 4);
        // MCTS gives chances, for the mover.
        let chances = s.score_moves(AiSettings::parse("playouts=200").unwrap());
        assert_eq!(chances[0].text, "a3");
        assert!(chances
            .iter()
            .skip(1)
            .all(|m| m.summary.starts_with("X wins ")));
    }
}
