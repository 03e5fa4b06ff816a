//! The one AI driver of the terminal board, the web board and UCI: it starts the AI of the
//! seat to move on its own thread ([`Thinking`]), gathers the search's progress, stops it
//! on request, and plays its move through the [`Session`] when it is ready. A front-end
//! calls [`Driver::tick`] (or [`Driver::poll`]) between its own input and output, and words
//! the [`Tick`] it gets back in its own way.

use std::time::{Duration, Instant};

use crate::ai::{Limits, Progress};

use super::ai::{Thinking, Thought};
use super::model::{Event, Session, SessionError};

/// The AI's search under way in a session, if any, and what it reported so far.
pub struct Driver {
    thinking: Option<Thinking>,
    /// When the search under way began.
    since: Instant,
    /// The search's last report, while it searches.
    latest: Option<Progress>,
    /// Whether [`Driver::tick`] holds the AI back while moves taken back wait to be replayed.
    hold_for_redo: bool,
}

/// What the driver saw since the last call.
#[derive(Debug, Default)]
pub struct Tick {
    /// The search's reports since the last call, oldest first.
    pub progress: Vec<Progress>,
    /// How the search ended, when it ended during this call.
    pub ended: Option<Ended>,
}

/// How a search ended.
#[derive(Debug)]
pub enum Ended {
    /// Its move was played: what happened.
    Played(Vec<Event>),
    /// It found no move, or the position changed under it: nothing was played.
    Nothing,
    /// Its move was refused by the session.
    Failed(SessionError),
}

impl Default for Driver {
    fn default() -> Driver {
        Driver::new()
    }
}

impl Driver {
    /// A driver with no search under way; [`Driver::tick`] starts the AI whenever it is to
    /// move.
    pub fn new() -> Driver {
        Driver {
            thinking: None,
            since: Instant::now(),
            latest: None,
            hold_for_redo: false,
        }
    }

    /// This driver, its [`Driver::tick`] not starting the AI while the session has moves to
    /// redo (stepping through a game: the AI's move would throw the rest away).
    pub fn holding_for_redo(mut self) -> Driver {
        self.hold_for_redo = true;
        self
    }

    /// Whether a search is under way.
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// How long the search under way has been running.
    pub fn thinking_for(&self) -> Option<Duration> {
        self.thinking.as_ref().map(|_| self.since.elapsed())
    }

    /// The last report of the search under way (searches that report their progress).
    pub fn latest(&self) -> Option<&Progress> {
        self.thinking.as_ref().and(self.latest.as_ref())
    }

    /// Starts the AI of the seat to move within `limits` (the default: the seat's own).
    /// False when a search is already under way or no AI is to move (or its bot is still
    /// out with an abandoned search: a later call succeeds once that has ended).
    pub fn start(&mut self, session: &mut Session, limits: Limits) -> bool {
        if self.thinking.is_some() {
            return false;
        }
        self.thinking = Thinking::start_limited(session, limits);
        self.since = Instant::now();
        self.latest = None;
        self.thinking.is_some()
    }

    /// The search's news, never blocking: its reports, and its move played when it is over.
    pub fn poll(&mut self, session: &mut Session) -> Tick {
        self.end(session, false)
    }

    /// Waits for the search under way, if any, to end (by its limits or [`Driver::stop`]),
    /// and plays its move.
    pub fn wait(&mut self, session: &mut Session) -> Tick {
        self.end(session, true)
    }

    /// [`Driver::poll`], then starts the AI if it is to move and no search is under way.
    /// Never blocks: call it between a front-end's keys or requests.
    pub fn tick(&mut self, session: &mut Session) -> Tick {
        let tick = self.poll(session);
        let held = self.hold_for_redo && session.redo_len() > 0;
        if self.thinking.is_none() && session.ai_to_move() && !held {
            self.start(session, Limits::default());
        }
        tick
    }

    /// Asks the search to stop now; its best move so far comes as usual from the next
    /// [`Driver::poll`], [`Driver::tick`] or [`Driver::wait`].
    pub fn stop(&self) {
        if let Some(t) = &self.thinking {
            t.stop();
        }
    }

    /// Drops the search under way (an undo or a new game made it stale): its move will not
    /// be played, and the seat gets a fresh bot.
    pub fn abandon(&mut self, session: &mut Session) {
        if let Some(t) = self.thinking.take() {
            t.abandon(session);
        }
        self.latest = None;
    }

    fn end(&mut self, session: &mut Session, block: bool) -> Tick {
        let Some(t) = &mut self.thinking else {
            return Tick::default();
        };
        // The search sends its reports before its move: look for the move first, so that no
        // report is left behind once it is there.
        let thought = t.end(session, block);
        let progress = t.progress();
        if let Some(p) = progress.last() {
            self.latest = Some(p.clone());
        }
        let ended = match thought {
            Ok(Thought::Busy) => None,
            Ok(Thought::Played(events)) => Some(Ended::Played(events)),
            Ok(Thought::Nothing) => Some(Ended::Nothing),
            Err(e) => Some(Ended::Failed(e)),
        };
        if ended.is_some() {
            self.thinking = None;
            self.latest = None;
        }
        Tick { progress, ended }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Move;
    use crate::session::Seat;

    fn chess(seats: &[Seat]) -> Session {
        let g = crate::load_shipped("chess", &[]).unwrap();
        Session::new(g, "chess", &[], None, seats, 3)
    }

    /// The move an ending played, checked legal in `before`.
    fn played_move(session: &Session, before: &crate::engine::State, ended: &Ended) -> Move {
        let Ended::Played(events) = ended else {
            panic!("expected a move played, got {ended:?}");
        };
        let mv = events
            .iter()
            .find_map(|e| match e {
                Event::Played { played, .. } => Some(played.mv),
                _ => None,
            })
            .expect("a Played event");
        assert!(session.game().legal_moves_vec(before).contains(&mv));
        mv
    }

    #[test]
    fn a_search_reports_progress_stops_early_and_still_plays_a_legal_move() {
        let mut s = chess(&[Seat::ai(5), Seat::Human]);
        let before = s.state().clone();
        let mut d = Driver::new();
        let infinite = Limits {
            infinite: true,
            ..Limits::default()
        };
        assert!(d.start(&mut s, infinite));
        assert!(d.thinking());
        assert!(!d.start(&mut s, Limits::default()), "one search at a time");
        // An infinite search ends only when stopped: wait for its first report.
        let mut reports = Vec::new();
        while reports.is_empty() {
            let tick = d.poll(&mut s);
            assert!(tick.ended.is_none(), "an infinite search went on");
            reports = tick.progress;
            std::thread::yield_now();
        }
        assert!(reports[0].depth >= 1 && reports[0].nodes > 0);
        assert!(d.latest().is_some());
        d.stop();
        let tick = d.wait(&mut s);
        let mv = played_move(&s, &before, &tick.ended.expect("stopped, it ends"));
        assert!(!d.thinking() && d.latest().is_none());
        assert_eq!(s.history().len(), 1);
        assert_eq!(s.history()[0].mv, mv);
        // Nothing under way: nothing to report, nothing ends.
        let idle = d.poll(&mut s);
        assert!(idle.progress.is_empty() && idle.ended.is_none());
    }

    #[test]
    fn tick_starts_the_ai_when_it_is_to_move_and_plays_its_move_when_done() {
        let mut s = chess(&[Seat::Human, Seat::ai(2)]);
        let mut d = Driver::new();
        assert!(d.tick(&mut s).ended.is_none());
        assert!(!d.thinking(), "a person is to move");
        s.play_text("e4").unwrap();
        let before = s.state().clone();
        d.tick(&mut s);
        assert!(d.thinking(), "the AI is to move");
        let ended = loop {
            if let Some(e) = d.tick(&mut s).ended {
                break e;
            }
            std::thread::yield_now();
        };
        played_move(&s, &before, &ended);
        assert_eq!(s.history().len(), 2);
        assert!(!d.thinking(), "a person is to move again");
    }

    #[test]
    fn an_abandoned_search_plays_nothing_and_the_seat_can_think_again() {
        let mut s = chess(&[Seat::ai(5), Seat::Human]);
        let mut d = Driver::new();
        d.tick(&mut s);
        assert!(d.thinking());
        d.abandon(&mut s);
        assert!(!d.thinking());
        assert!(d.poll(&mut s).ended.is_none());
        assert!(
            s.history().is_empty(),
            "the abandoned search's move is not played"
        );
        // A fresh bot took the seat: the next tick starts it.
        d.tick(&mut s);
        assert!(d.thinking());
        d.stop();
        assert!(matches!(d.wait(&mut s).ended, Some(Ended::Played(_))));
    }

    #[test]
    fn a_driver_holding_for_redo_waits_while_moves_wait_to_be_replayed() {
        let mut s = chess(&[Seat::Human, Seat::ai(1)]);
        s.play_text("e4").unwrap();
        s.play_text("e5").unwrap();
        s.undo_one().unwrap();
        assert!(s.ai_to_move() && s.redo_len() == 1);
        let mut d = Driver::new().holding_for_redo();
        d.tick(&mut s);
        assert!(!d.thinking(), "the AI waits for the replay");
        s.go_to(0).unwrap();
        s.play_text("d4").unwrap();
        d.tick(&mut s);
        assert!(d.thinking(), "a new line: the AI plays");
        assert!(matches!(d.wait(&mut s).ended, Some(Ended::Played(_))));
    }
}
