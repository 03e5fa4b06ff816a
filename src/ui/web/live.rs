//! One game open in a browser tab: the [`Session`] it drives, the AI search under way on the
//! session's AI thread, and a version number that changes with every change, so a page can
//! ask "anything new since version V?" (long polling) without the server pushing.

use crate::ui::session::ai::Thought;
use crate::ui::session::{Event, Session, SessionError, Thinking};

/// A session as the web server keeps it.
pub struct Live {
    /// The game.
    pub session: Session,
    /// The AI's search under way, if any.
    thinking: Option<Thinking>,
    /// Bumped on every change the page should redraw for.
    pub version: u64,
    /// A line of feedback: the last move, an error of the AI, the ending.
    pub message: String,
}

impl Live {
    /// A live session over `session`; starts the AI if it is to move.
    pub fn new(session: Session) -> Live {
        let mut live = Live {
            session,
            thinking: None,
            version: 1,
            message: String::new(),
        };
        live.tick();
        live
    }

    /// Whether the AI is searching now.
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Plays the AI's move if its search is over, and starts the AI if it is to move. Never
    /// blocks: the search runs on its own thread.
    pub fn tick(&mut self) {
        if let Some(t) = &mut self.thinking {
            match t.poll(&mut self.session) {
                Ok(Thought::Busy) => return,
                Ok(Thought::Played(events)) => self.changed(&events),
                Ok(Thought::Nothing) => {}
                Err(e) => {
                    self.message = e.to_string();
                    self.version += 1;
                }
            }
            self.thinking = None;
        }
        // While moves taken back wait to be replayed (stepping through a game), the AI
        // waits too: its move would throw the rest of the game away.
        if self.session.ai_to_move() && self.session.redo_len() == 0 {
            // `None` when the seat's bot is still out with a stale search (after an undo):
            // the next tick tries again once that search has handed it back.
            self.thinking = Thinking::start(&mut self.session);
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
                    game.players[played.player.index()],
                    played.text
                )),
                Event::Rolled { player, roll, .. } => {
                    words.push(format!("{} rolled {roll}", game.players[player.index()]))
                }
                Event::Passed { player } => {
                    words.push(format!("{} passed", game.players[player.index()]))
                }
                Event::TookBack { moves, .. } => words.push(format!("took back {moves} moves")),
                Event::Replayed { moves, .. } => words.push(format!("replayed {moves} moves")),
                Event::NewGame => words.push("new game".into()),
                Event::Loaded { moves } => words.push(format!("loaded {moves} moves")),
                Event::Over { why, .. } => words.push(format!("game over: {why}")),
            }
        }
        self.message = words.join("; ");
    }
}
