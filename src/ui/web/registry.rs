//! The games open on the server, one per browser tab, by session id: created on request,
//! dropped after an hour unused, and capped in number so a page in a loop cannot fill memory.
//! At the cap a new game takes the place of the one unused the longest, unless the computer
//! is thinking in it, so a flood of creates never locks the next visitor out.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rand::Rng;

use super::live::Live;

/// How long a session may stay unused before it is dropped.
pub const IDLE: Duration = Duration::from_secs(60 * 60);

/// The most sessions open at once.
pub const MAX_SESSIONS: usize = 64;

/// A session shared between requests.
pub type Shared = Arc<Mutex<Live>>;

struct Slot {
    live: Shared,
    used: Instant,
}

/// The open sessions.
pub struct Registry {
    slots: Mutex<HashMap<String, Slot>>,
    max: usize,
    idle: Duration,
}

/// Why a session could not be opened.
#[derive(Debug, PartialEq, Eq)]
pub struct Full(pub usize);

impl Registry {
    /// An empty registry of at most `max` sessions, each dropped after `idle` unused.
    pub fn new(max: usize, idle: Duration) -> Registry {
        Registry {
            slots: Mutex::new(HashMap::new()),
            max,
            idle,
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Slot>> {
        // A panic while the map was held cannot leave it half-changed (each change is one
        // insert or remove), so a poisoned lock is still sound to use.
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Opens `live` under a new random id (hard to guess, so one tab cannot stumble into
    /// another's game), after dropping idle sessions. At the cap, the session unused the
    /// longest is dropped to make room; one whose AI is thinking (or that a request holds
    /// now) is kept, and only when every one is so is the new one refused.
    pub fn open(&self, live: Live) -> Result<(String, Shared), Full> {
        let mut slots = self.lock();
        // Dropped only once the lock is let go: freeing a session (its AI's tables) takes a
        // while, and other requests wait on the lock.
        let mut dropped = self.expire(&mut slots);
        if slots.len() >= self.max {
            let evicted = slots
                .iter()
                .filter(|(_, s)| Arc::strong_count(&s.live) == 1 && !lock(&s.live).thinking())
                .min_by_key(|(_, s)| s.used)
                .map(|(id, _)| id.clone())
                .ok_or(Full(self.max))?;
            dropped.extend(slots.remove(&evicted));
        }
        let mut rng = rand::thread_rng();
        let id = loop {
            let id = format!("{:016x}", rng.gen::<u64>());
            if !slots.contains_key(&id) {
                break id;
            }
        };
        let live = Arc::new(Mutex::new(live));
        slots.insert(
            id.clone(),
            Slot {
                live: live.clone(),
                used: Instant::now(),
            },
        );
        drop(slots);
        drop(dropped);
        Ok((id, live))
    }

    /// Takes the sessions unused for the idle time out of `slots`.
    fn expire(&self, slots: &mut HashMap<String, Slot>) -> Vec<Slot> {
        let idle = self.idle;
        let old: Vec<String> = slots
            .iter()
            .filter(|(_, s)| s.used.elapsed() >= idle)
            .map(|(id, _)| id.clone())
            .collect();
        let gone = old.iter().filter_map(|id| slots.remove(id)).collect();
        // After a flood the table would keep its size.
        if slots.len() < slots.capacity() / 4 {
            slots.shrink_to_fit();
        }
        gone
    }

    /// How long a session may stay unused.
    pub fn idle(&self) -> Duration {
        self.idle
    }

    /// The session `id`, marked as used now; `None` when unknown or idle too long.
    pub fn get(&self, id: &str) -> Option<Shared> {
        let mut slots = self.lock();
        let idle = self.idle;
        let slot = slots.get_mut(id)?;
        if slot.used.elapsed() >= idle {
            let gone = slots.remove(id);
            drop(slots);
            drop(gone);
            return None;
        }
        slot.used = Instant::now();
        Some(slot.live.clone())
    }

    /// Closes the session `id`; whether it was open.
    pub fn close(&self, id: &str) -> bool {
        // Freed once the lock is let go, as in `open`.
        let gone = self.lock().remove(id);
        gone.is_some()
    }

    /// Drops the sessions unused for longer than the idle time; how many are left.
    pub fn prune(&self) -> usize {
        let mut slots = self.lock();
        let dropped = self.expire(&mut slots);
        let left = slots.len();
        drop(slots);
        drop(dropped);
        left
    }
}

/// Locks a session. A panic in a request while it held the lock (a bug) leaves the session
/// as the session's own calls left it, which are each complete or refused, so it is used on.
pub fn lock(live: &Shared) -> MutexGuard<'_, Live> {
    live.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Seat, Session};

    fn live() -> Live {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        Live::new(Session::new(g, "tictactoe", &[], None, &[Seat::Human], 1))
    }

    fn thinking() -> Live {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let live = Live::new(Session::new(
            g,
            "tictactoe",
            &[],
            None,
            &[Seat::ai(1), Seat::ai(1)],
            1,
        ));
        // Its search may be over already, but its move is not played until a request
        // looks (ticks), so it counts as thinking until then.
        assert!(live.thinking());
        live
    }

    #[test]
    fn sessions_are_dropped_when_idle() {
        let r = Registry::new(2, IDLE);
        let (a, _) = r.open(live()).unwrap();
        assert!(r.get(&a).is_some());
        assert!(r.close(&a));
        assert!(r.get(&a).is_none());
        let quick = Registry::new(2, Duration::ZERO);
        let (b, shared) = quick.open(live()).unwrap();
        let memory = Arc::downgrade(&shared);
        drop(shared);
        assert!(quick.get(&b).is_none());
        assert_eq!(quick.prune(), 0);
        assert!(memory.upgrade().is_none(), "an expired session is freed");
    }

    #[test]
    fn at_the_cap_the_session_unused_longest_makes_room() {
        let r = Registry::new(3, IDLE);
        let (a, _) = r.open(live()).unwrap();
        let (b, shared) = r.open(live()).unwrap();
        let memory = Arc::downgrade(&shared);
        drop(shared);
        let (c, _) = r.open(live()).unwrap();
        // a is used again, so b is now the one unused the longest.
        assert!(r.get(&a).is_some());
        let (d, _) = r.open(live()).unwrap();
        assert!(r.get(&b).is_none());
        assert!(memory.upgrade().is_none(), "the evicted session is freed");
        for id in [&a, &c, &d] {
            assert!(r.get(id).is_some(), "{id} was dropped");
        }
        assert_eq!(r.prune(), 3);
    }

    #[test]
    fn a_session_thinking_or_in_use_is_not_evicted() {
        let r = Registry::new(2, IDLE);
        let (t, _) = r.open(thinking()).unwrap();
        let (h, _) = r.open(live()).unwrap();
        // t is older, but its AI is thinking: h goes.
        let (n, held) = r.open(live()).unwrap();
        assert!(r.get(&h).is_none());
        assert!(r.get(&t).is_some());
        // n is held by a request (and t thinks): no room.
        assert_eq!(r.open(live()).err(), Some(Full(2)));
        drop(held);
        r.open(live()).unwrap();
        assert!(r.get(&n).is_none());
        assert!(r.get(&t).is_some());
    }
}
