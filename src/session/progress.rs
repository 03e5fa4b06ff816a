//! A search's progress in words, the same in every front-end: the line mode's `--verbose`
//! and `hint`, the terminal board's "thinking" line.

use crate::ai::{AiSettings, Bot, Limits, Progress, Score};
use crate::engine::{Game, Move, State};

use super::model::{Event, Session};

/// At most this many moves of the principal line are shown.
const LINE_MOVES: usize = 8;

/// One line saying how far a search from `state` got: `depth 6, +0.35, 1.2 M nodes at 640 k/s,
/// line e4 e5 Nf3` for alpha-beta, `8.1 k playouts at 9.8 k/s, wins 62%, line d4 c5` for
/// Monte Carlo search. The line is in the game's notation and stops at the first move that
/// is not legal where it would be played.
pub fn progress_line(game: &Game, state: &State, p: &Progress) -> String {
    let rate = count(p.nodes * 1000 / (p.elapsed.as_millis() as u64).max(1));
    let (score, work) = match p.score {
        Score::Value(v) => (
            format!("{:+.2}", f64::from(v) / 100.0),
            format!("{} nodes at {rate}/s", count(p.nodes)),
        ),
        Score::Mate(n) if n >= 0 => (
            format!("wins in {n} plies"),
            format!("{} nodes at {rate}/s", count(p.nodes)),
        ),
        Score::Mate(n) => (
            format!("loses in {} plies", -n),
            format!("{} nodes at {rate}/s", count(p.nodes)),
        ),
        Score::Chance(c) => (
            format!("wins {}%", (u32::from(c) + 5) / 10),
            format!("{} playouts at {rate}/s", count(p.nodes)),
        ),
    };
    let mut state = state.clone();
    let mut line = Vec::new();
    for &mv in p.pv.iter().take(LINE_MOVES) {
        if !game.legal_moves_vec(&state).contains(&mv) {
            break;
        }
        line.push(game.move_to_string(&state, mv));
        game.make(&mut state, mv);
    }
    let head = match p.score {
        Score::Chance(_) => format!("{work}, {score}"),
        _ => format!("depth {}, {score}, {work}", p.depth),
    };
    if line.is_empty() {
        head
    } else {
        format!("{head}, line {}", line.join(" "))
    }
}

/// A count in a few characters: `950`, `12.3 k`, `4.1 M`.
fn count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=9_999_999 => format!("{:.1} k", n as f64 / 1e3),
        _ => format!("{:.1} M", n as f64 / 1e6),
    }
}

/// A move suggested by [`Session::hint_reporting`].
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// The AI that chose it.
    pub ai: AiSettings,
    /// Its search's last progress line, for AIs that report one.
    pub thought: Option<String>,
}

impl Session {
    /// [`progress_line`] from the current position.
    pub fn progress_line(&self, p: &Progress) -> String {
        progress_line(self.game(), self.state(), p)
    }

    /// [`Session::play_ai`], telling `report` how the search goes ([`progress_line`]) while
    /// it thinks.
    pub fn play_ai_reporting(&mut self, report: &mut dyn FnMut(&str)) -> Option<Vec<Event>> {
        let (p, mut bot) = self.take_bot()?;
        let game = self.game().clone();
        let start = self.state().clone();
        let mut scratch = start.clone();
        let mv = bot.select_move_limited(&game, &mut scratch, &Limits::default(), &mut |pr| {
            report(&progress_line(&game, &start, pr))
        });
        self.return_bot(p, bot);
        self.play(mv?).ok()
    }

    /// [`Session::hint`] with the search's last progress line; `report` hears each one as
    /// the search goes.
    pub fn hint_reporting(
        &self,
        ai: Option<AiSettings>,
        report: &mut dyn FnMut(&str),
    ) -> Option<Hint> {
        let ai = ai.unwrap_or_else(|| self.hint_settings());
        if self.is_over() {
            return None;
        }
        let mut bot: Box<dyn Bot + Send> = ai.bot(self.game(), self.hint_seed());
        let mut scratch = self.state().clone();
        let mut thought = None;
        let mv =
            bot.select_move_limited(self.game(), &mut scratch, &Limits::default(), &mut |p| {
                let line = self.progress_line(p);
                report(&line);
                thought = Some(line);
            })?;
        Some(Hint { mv, ai, thought })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Seat;

    fn session(game: &str, seats: &[Seat]) -> Session {
        let g = crate::load_shipped(game, &[]).unwrap();
        Session::new(g, game, &[], None, seats, 7)
    }

    #[test]
    fn counts_are_short() {
        assert_eq!(count(950), "950");
        assert_eq!(count(12_345), "12.3 k");
        assert_eq!(count(4_100_000_000), "4100.0 M");
    }

    #[test]
    fn alpha_beta_reports_depth_score_nodes_and_line() {
        let s = session("chess", &[Seat::Human, Seat::Human]);
        let mut lines = Vec::new();
        let hint = s
            .hint_reporting(Some(AiSettings::parse("depth=3").unwrap()), &mut |l| {
                lines.push(l.to_string())
            })
            .expect("a move");
        assert_eq!(lines.len(), 3, "one report per completed depth: {lines:?}");
        for (d, l) in lines.iter().enumerate() {
            assert!(l.starts_with(&format!("depth {}, ", d + 1)), "{l}");
            assert!(l.contains(" nodes at ") && l.contains("/s, line "), "{l}");
        }
        assert_eq!(hint.thought.as_deref(), lines.last().map(String::as_str));
        // The line starts with the suggested move, in the game's notation.
        let first = s.game().move_to_string(s.state(), hint.mv);
        assert!(lines[2].contains(&format!(", line {first}")), "{lines:?}");
    }

    #[test]
    fn monte_carlo_reports_playouts_and_win_chance() {
        // Tic-tac-toe after X a1, O b1, X a2: O must block at a3.
        let mut s = session("tictactoe", &[Seat::Human, Seat::Human]);
        for m in ["a1", "b1", "a2"] {
            s.play_text(m).unwrap();
        }
        let hint = s
            .hint_reporting(
                Some(AiSettings::parse("playouts=2000").unwrap()),
                &mut |_| {},
            )
            .expect("a move");
        assert_eq!(s.game().move_to_string(s.state(), hint.mv), "a3");
        let thought = hint.thought.expect("a final report");
        assert!(thought.contains(" playouts at "), "{thought}");
        assert!(thought.contains(", wins "), "{thought}");
        assert!(thought.contains(", line a3"), "{thought}");
    }

    #[test]
    fn the_ai_reports_while_playing_in_the_session() {
        let mut s = session("connect4", &[Seat::ai(4), Seat::Human]);
        let mut lines = Vec::new();
        let events = s
            .play_ai_reporting(&mut |l| lines.push(l.to_string()))
            .expect("the AI moved");
        assert!(matches!(events[0], Event::Played { ply: 1, .. }));
        assert!(
            lines.last().is_some_and(|l| l.contains(" playouts at ")),
            "{lines:?}"
        );
    }
}
