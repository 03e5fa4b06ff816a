//! An AI player thinking on its own thread: the front-end takes the bot of the seat to move
//! out of the [`Session`], lets it search a copy of the position elsewhere, and keeps
//! drawing and reading keys meanwhile; when the move is ready it is played through the
//! session like any other.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;

use crate::ai::{Bot, Limits, Progress};
use crate::engine::{Move, Player};

use super::model::{Event, Session, SessionError};

/// A search under way on another thread.
pub struct Thinking {
    player: Player,
    ply: u32,
    hash: u64,
    done: Receiver<(Option<Move>, Box<dyn Bot + Send>)>,
    progress: Receiver<Progress>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// How a search ended.
#[derive(Debug)]
pub enum Thought {
    /// Still searching.
    Busy,
    /// The move was played: what happened.
    Played(Vec<Event>),
    /// The bot found no move, or the position changed under it (the move was not played).
    Nothing,
}

impl Thinking {
    /// Starts the AI of the seat to move on a copy of the position; `None` when no AI is to
    /// move.
    pub fn start(session: &mut Session) -> Option<Thinking> {
        Thinking::start_limited(session, Limits::default())
    }

    /// [`Thinking::start`] within `limits` (a time, depth or node budget replacing the
    /// seat's own), stoppable with [`Thinking::stop`] and reporting its progress to
    /// [`Thinking::progress`]. The limits' own stop flag, if any, is replaced by this one's.
    pub fn start_limited(session: &mut Session, limits: Limits) -> Option<Thinking> {
        let (player, mut bot) = session.take_bot()?;
        let game = session.game().clone();
        let mut state = session.state().clone();
        let ply = state.ply();
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            stop: Some(stop.clone()),
            ..limits
        };
        let hash = state.hash();
        let (tx, rx) = channel();
        let (progress_tx, progress_rx) = channel();
        let spawned = std::thread::Builder::new()
            .name("tabletop-ai".into())
            .spawn(move || {
                let mv = bot.select_move_limited(&game, &mut state, &limits, &mut |p| {
                    // Nobody listening any more: the search goes on to its move anyway.
                    let _ = progress_tx.send(p.clone());
                });
                // The receiver may be gone if the front-end quit: nothing to do then.
                let _ = tx.send((mv, bot));
            });
        let thread = match spawned {
            Ok(t) => t,
            // No thread (the bot went with the closure): a fresh one takes the seat.
            Err(_) => {
                session.reset_bot(player);
                return None;
            }
        };
        Some(Thinking {
            player,
            ply,
            hash,
            done: rx,
            progress: progress_rx,
            stop,
            thread: Some(thread),
        })
    }

    /// Asks the search to stop now; its best move so far comes as usual through
    /// [`Thinking::poll`] or [`Thinking::wait`].
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Gives up this search (an undo or a new game made it stale): it is told to stop, its
    /// move will not be played, and the seat gets a fresh bot, since the searching one
    /// stays with the search's thread until that ends.
    pub fn abandon(self, session: &mut Session) {
        self.stop();
        session.reset_bot(self.player);
    }

    /// What the search reported since the last call, oldest first.
    pub fn progress(&self) -> Vec<Progress> {
        self.progress.try_iter().collect()
    }

    /// The seat whose AI is thinking.
    pub fn player(&self) -> Player {
        self.player
    }

    /// Plays the move if the search is over (giving the bot back to the session).
    pub fn poll(&mut self, session: &mut Session) -> Result<Thought, SessionError> {
        self.end(session, false)
    }

    /// Waits for the search and plays its move.
    pub fn wait(mut self, session: &mut Session) -> Result<Thought, SessionError> {
        self.end(session, true)
    }

    /// Plays the move if the search is over, waiting for it first when `block`; its progress
    /// reports stay to be read with [`Thinking::progress`].
    pub(super) fn end(
        &mut self,
        session: &mut Session,
        block: bool,
    ) -> Result<Thought, SessionError> {
        let done = if block {
            self.done.recv().map_err(|_| TryRecvError::Disconnected)
        } else {
            self.done.try_recv()
        };
        match done {
            Ok((mv, bot)) => {
                self.join();
                session.return_bot(self.player, bot);
                Self::apply(session, (self.ply, self.hash), mv)
            }
            Err(TryRecvError::Empty) => Ok(Thought::Busy),
            Err(TryRecvError::Disconnected) => {
                self.join();
                Ok(Thought::Nothing)
            }
        }
    }

    fn apply(
        session: &mut Session,
        (ply, hash): (u32, u64),
        mv: Option<Move>,
    ) -> Result<Thought, SessionError> {
        let s = session.state();
        match mv {
            // Only in the position it searched: an undo meanwhile makes the move stale (even
            // when as many moves were played again since).
            Some(mv) if s.ply() == ply && s.hash() == hash => {
                Ok(Thought::Played(session.play(mv)?))
            }
            _ => Ok(Thought::Nothing),
        }
    }

    fn join(&mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Seat;

    #[test]
    fn the_ai_thinks_elsewhere_and_plays_through_the_session() {
        let g = crate::load_shipped("connect4", &[]).unwrap();
        let mut s = Session::new(g, "connect4", &[], None, &[Seat::ai(3), Seat::Human], 5);
        let mut t = Thinking::start(&mut s).expect("the AI is to move");
        assert!(Thinking::start(&mut s).is_none(), "its bot is busy");
        let played = loop {
            match t.poll(&mut s).unwrap() {
                Thought::Busy => std::thread::sleep(std::time::Duration::from_millis(5)),
                other => break other,
            }
        };
        assert!(
            matches!(played, Thought::Played(ref e) if matches!(e[0], Event::Played { ply: 1, .. }))
        );
        assert_eq!(s.history().len(), 1);
        // People's turn: nothing to start.
        assert!(Thinking::start(&mut s).is_none());
        s.undo_one().unwrap();
        let t = Thinking::start(&mut s).expect("the AI is to move again");
        assert!(matches!(t.wait(&mut s).unwrap(), Thought::Played(_)));
    }
}
