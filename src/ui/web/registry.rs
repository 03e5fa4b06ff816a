//! The games open on the server, one per browser tab, by session id: created on request,
//! dropped after an hour unused, and capped in number so a page in a loop cannot fill memory.

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
    /// another's game), after dropping idle sessions; refused when full.
    pub fn open(&self, live: Live) -> Result<(String, Shared), Full> {
        let mut slots = self.lock();
        let idle = self.idle;
        slots.retain(|_, s| s.used.elapsed() < idle);
        if slots.len() >= self.max {
            return Err(Full(self.max));
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
        Ok((id, live))
    }

    /// The session `id`, marked as used now; `None` when unknown or idle too long.
    pub fn get(&self, id: &str) -> Option<Shared> {
        let mut slots = self.lock();
        let idle = self.idle;
        let slot = slots.get_mut(id)?;
        if slot.used.elapsed() >= idle {
            slots.remove(id);
            return None;
        }
        slot.used = Instant::now();
        Some(slot.live.clone())
    }

    /// Closes the session `id`; whether it was open.
    pub fn close(&self, id: &str) -> bool {
        self.lock().remove(id).is_some()
    }

    /// Drops the sessions unused for longer than the idle time; how many are left.
    pub fn prune(&self) -> usize {
        let mut slots = self.lock();
        let idle = self.idle;
        slots.retain(|_, s| s.used.elapsed() < idle);
        slots.len()
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

    #[test]
    fn sessions_are_capped_and_dropped_when_idle() {
        let r = Registry::new(2, IDLE);
        let (a, _) = r.open(live()).unwrap();
        r.open(live()).unwrap();
        assert_eq!(r.open(live()).err(), Some(Full(2)));
        assert!(r.get(&a).is_some());
        assert!(r.close(&a));
        assert!(r.get(&a).is_none());
        r.open(live()).unwrap();
        let quick = Registry::new(2, Duration::ZERO);
        let (b, _) = quick.open(live()).unwrap();
        assert!(quick.get(&b).is_none());
        assert_eq!(quick.prune(), 0);
    }
}
