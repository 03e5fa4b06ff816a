//! The answer of `nobody-can-move`, remembered for the rest of one ending test.
//!
//! Several endings of one game may ask it after the same move (reversi asks it in `win if
//! nobody-can-move and most(disc)`, once per player, and again in `draw if
//! nobody-can-move`), and each asking generates moves. The position does not change while
//! the endings are tested, so the first answer serves them all: [`Session::enter`] opens a
//! memo for one call of the ending test and closes it when dropped, and [`remembered`] /
//! [`remember`] read and fill it. Outside a session nothing is remembered, so a test from
//! elsewhere (the `again` rules, `forbid`) always generates. Sessions nest: a test started
//! while an answer is being worked out gets its own memo, and the outer one is restored.

use std::cell::Cell;

/// No session is open.
const CLOSED: u8 = 0;
/// A session is open and has no answer yet.
const UNKNOWN: u8 = 1;
/// A session is open and remembers "somebody can move" (2) or "nobody can" (3).
const ANSWERED: u8 = 2;

thread_local! {
    static MEMO: Cell<u8> = const { Cell::new(CLOSED) };
}

/// An open memo, closed (the enclosing one restored) when dropped.
pub(super) struct Session {
    outer: u8,
}

impl Session {
    /// Opens a memo for one ending test.
    #[inline]
    pub(super) fn enter() -> Session {
        Session {
            outer: MEMO.with(|m| m.replace(UNKNOWN)),
        }
    }
}

impl Drop for Session {
    #[inline]
    fn drop(&mut self) {
        MEMO.with(|m| m.set(self.outer));
    }
}

/// The answer remembered in the open session, if any.
#[inline]
pub(super) fn remembered() -> Option<bool> {
    match MEMO.with(Cell::get) {
        m if m >= ANSWERED => Some(m == ANSWERED + 1),
        _ => None,
    }
}

/// Remembers `stuck` (nobody can move) in the open session; nothing without one.
#[inline]
pub(super) fn remember(stuck: bool) {
    MEMO.with(|m| {
        if m.get() == UNKNOWN {
            m.set(ANSWERED + u8::from(stuck));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only an open session remembers; a nested one starts empty and the outer answer
    /// comes back when it closes.
    #[test]
    fn sessions_remember_and_nest() {
        remember(true);
        assert_eq!(
            remembered(),
            None,
            "nothing is remembered outside a session"
        );
        let outer = Session::enter();
        assert_eq!(remembered(), None);
        remember(false);
        assert_eq!(remembered(), Some(false));
        {
            let _inner = Session::enter();
            assert_eq!(remembered(), None);
            remember(true);
            assert_eq!(remembered(), Some(true));
        }
        assert_eq!(remembered(), Some(false));
        remember(true);
        assert_eq!(remembered(), Some(false), "the first answer stays");
        drop(outer);
        assert_eq!(remembered(), None);
    }
}
