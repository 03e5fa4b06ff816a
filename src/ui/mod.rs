//! Console front-end: drawing boards as text and the interactive `play` command.
//!
//! Game records, PGN and SGF are in [`crate::io`], below the tools and this module.
//!
//! * [`render`] draws a position (with coloured pieces and marked cells when asked).
//! * [`session`] is the one game session every front-end drives (a typed model with
//!   events, the line mode's commands and view, the AI on its own thread).
//! * [`board`] is the full-screen terminal board `play` opens on a terminal.
//! * [`play`] is `tabletop play`: command-line options and the terminal loop.
//! * [`legend`] says what a newcomer needs to read a board: pieces, goals, special cells.
//! * [`line_input`] reads the line mode's lines: from a pipe, or edited on a terminal.
//! * [`snapshot`] is `tabletop snapshot`: a deterministic text report of a rule file.
//! * [`gtp`] is `tabletop gtp`: the Go Text Protocol, for graphical boards and other engines.
//! * [`uci`] is `tabletop uci`: the Universal Chess Interface, for chess GUIs and engines.
//! * [`web`] is `tabletop serve`: the web board, a page and a JSON API over the session.

pub mod board;
pub mod gtp;
pub mod legend;
pub mod line_input;
pub mod play;
pub mod render;
pub mod session;
pub mod snapshot;
pub mod uci;
pub mod web;

// The records' old paths (they moved to `io`), so code written against them still builds.
#[doc(hidden)]
pub use crate::io::{pgn, record, sgf};
