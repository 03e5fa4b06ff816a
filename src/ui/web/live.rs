//! One game open in a browser tab: the [`Session`] it drives, the AI search under way (the
//! shared [`Driver`]), and a version number that changes with every change, so a page can
//! ask "anything new since version V?" (long polling) without the server pushing.

use crate::session::{Driver, Ended, Event, Session, SessionError};
use crate::ui::move_list::moves_word;

/// A session as the web server keeps it.
pub struct Live {
    /// The game.
    pub session: Session,
    /// The AI's search under way, if any.
    ai: Driver,
    /// Bumped on every change the page should redraw for.
    pub version: u64,
    /// A line of feedback: the last move, an error of the AI, the ending.
    pub message: String,
    /// At the end of a game scored by area (Go): the stones counted dead, as the computer
    /// proposed them and the players disputed them (a click on a group).
    pub dead: Option<Vec<crate::engine::CellId>>,
}

impl Live {
    /// A live session over `session`; starts the AI if it is to move.
    pub fn new(session: Session) -> Live {
        let mut live = Live {
            session,
            // While moves taken back wait to be replayed (stepping through a game), the AI
            // waits too: its move would throw the rest of the game away.
            ai: Driver::new().holding_for_redo(),
            version: 1,
            message: String::new(),
            dead: None,
        };
        live.tick();
        live
    }

    /// Whether the AI is searching now.
    pub fn thinking(&self) -> bool {
        self.ai.thinking()
    }

    /// Plays the AI's move if its search is over, and starts the AI if it is to move. Never
    /// blocks: the search runs on its own thread.
    pub fn tick(&mut self) {
        // A seat's bot still out with a stale search (after an undo) starts nothing: a later
        // tick starts it once that search has handed the bot back.
        match self.ai.tick(&mut self.session).ended {
            Some(Ended::Played(events)) => self.changed(&events),
            Some(Ended::Failed(e)) => {
                self.message = e.to_string();
                self.version += 1;
            }
            Some(Ended::Nothing) | None => {}
        }
    }

    /// Runs a change of the session and records what it did; the AI starts if it is to move.
    pub fn apply(
        &mut self,
        change: impl FnOnce(&mut Session) -> Result<Vec<Event>, SessionError>,
    ) -> Result<(), SessionError> {
        let events = change(&mut self.session)?;
        self.changed(&events);
        self.tick();
        Ok(())
    }

    /// Takes note of events: the message and the version.
    fn changed(&mut self, events: &[Event]) {
        self.version += 1;
        let game = self.session.game();
        let mut words = Vec::new();
        for e in events {
            match e {
                Event::Played { played, .. } => words.push(format!(
                    "{} played {}",
                    game.players()[played.player.index()],
                    played.text
                )),
                Event::Rolled { player, roll, .. } => {
                    words.push(format!("{} rolled {roll}", game.players()[player.index()]))
                }
                Event::Passed { player } => {
                    words.push(format!("{} passed", game.players()[player.index()]))
                }
                Event::TookBack { moves, .. } => {
                    words.push(format!("took back {}", moves_word(*moves)))
                }
                Event::Replayed { moves, .. } => {
                    words.push(format!("replayed {}", moves_word(*moves)))
                }
                Event::NewGame => words.push("new game".into()),
                Event::Loaded { moves } => words.push(format!("loaded {}", moves_word(*moves))),
                Event::Over { why, .. } => words.push(format!("game over: {why}")),
            }
        }
        // A game scored by area is counted with the dead stones the computer proposes.
        self.dead = self.session.proposed_dead();
        if let Some(dead) = &self.dead {
            let n = dead.len();
            words.push(format!(
                "the computer marks {n} stone{} dead (click a group to dispute)",
                if n == 1 { "" } else { "s" }
            ));
        }
        self.message = words.join("; ");
    }

    /// Turns the group at `cell` dead or alive again at the end of the game; false when
    /// there are no dead stones to agree on.
    pub fn dispute(&mut self, cell: crate::engine::CellId) -> bool {
        let Some(dead) = self.dead.as_ref().filter(|_| self.session.is_over()) else {
            return false;
        };
        let dead = self.session.toggle_dead(dead, cell);
        self.message = self.session.score_line(&dead).unwrap_or_default();
        self.dead = Some(dead);
        self.version += 1;
        true
    }
}
