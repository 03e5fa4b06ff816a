//! Console front-end: drawing boards as text and the interactive `play` command.
//!
//! * [`render`] draws a position (with coloured pieces and marked cells when asked).
//! * [`session`] is the game loop's logic with no input or output: commands in, responses
//!   out, with undo/redo, hints and records.
//! * [`record`] reads and writes the plain-text game record `save` and `load` use.
//! * [`play`] is `tabletop play`: command-line options and the terminal loop.
//! * [`snapshot`] is `tabletop snapshot`: a deterministic text report of a rule file.
//! * [`gtp`] is `tabletop gtp`: the Go Text Protocol, for graphical boards and other engines.

pub mod gtp;
pub mod play;
pub mod record;
pub mod render;
pub mod session;
pub mod snapshot;
