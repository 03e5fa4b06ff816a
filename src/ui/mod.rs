//! The front-ends: the line mode, the terminal and web boards, GTP and UCI, each over one
//! [`crate::session::Session`] and its AI [`crate::session::Driver`].
//!
//! Game records, PGN and SGF are in [`crate::io`], the session in [`crate::session`]: both
//! below the tools and this module.
//!
//! * [`render`] draws a position (with coloured pieces and marked cells when asked).
//! * [`command`] is the line mode's command language, one line into a [`command::Command`].
//! * [`console`] is the line mode's view ([`console::Console`]): commands in, text out, the
//!   board drawn.
//! * [`board`] is the full-screen terminal board `play` opens on a terminal.
//! * [`play`] is `tabletop play`: command-line options and the terminal loop.
//! * [`saving`] is `save FILE` and `load FILE` of the line mode and the board: PGN, SGF or
//!   a tabletop record.
//! * [`legend`] says what a newcomer needs to read a board: pieces, goals, special cells.
//! * [`move_list`] numbers moves as players do (`1. e4 e5 2. Nf3`) for the histories.
//! * [`line_input`] reads the line mode's lines: from a pipe, or edited on a terminal.
//! * [`snapshot`] is `tabletop snapshot`: a deterministic text report of a rule file.
//! * [`gtp`] is `tabletop gtp`: the Go Text Protocol, for graphical boards and other engines.
//! * [`uci`] is `tabletop uci`: the Universal Chess Interface, for chess GUIs and engines.
//! * [`web`] is `tabletop serve`: the web board, a page and a JSON API over the session.

pub mod board;
pub mod command;
pub mod console;
pub mod gtp;
pub mod legend;
pub mod line_input;
pub mod move_list;
pub mod play;
pub mod render;
pub mod saving;
pub mod snapshot;
pub mod uci;
pub mod web;

// The old paths of the records (moved to `io`) and of the session (moved to the crate's
// top), so code written against them still builds.
#[doc(hidden)]
pub use crate::io::{pgn, record, sgf};
#[doc(hidden)]
pub use crate::session;
