//! The one game session every front-end drives, split by job:
//!
//! * [`model`]: the game being played ([`Session`]): typed calls (`play`, `undo`, `redo`,
//!   `new_game`, `load_record`) answered with typed [`Event`]s, the dice rolled for everyone,
//!   the AI players of the seats. No text, no input or output.
//! * [`seat`]: who plays a seat ([`Seat`]) and the AI levels.
//! * [`command`]: the line mode's command language, one line into a [`Command`].
//! * [`console`]: the line mode's view ([`Console`]): commands in, text out, the board drawn.
//! * [`pick`]: entering a move by pointing at cells, for the graphical front-ends.
//! * [`analysis`]: the AI's evaluation and best line of a position, for analysis.
//! * [`ai`]: an AI player thinking on its own thread ([`Thinking`]), so a front-end stays
//!   responsive while it searches.
//! * [`progress`]: a search's progress in words (depth or playouts, speed, score, line),
//!   for `--verbose`, `hint` and the board's thinking line.

pub mod ai;
pub mod analysis;
pub mod command;
pub mod console;
pub mod model;
pub mod pick;
pub mod progress;
pub mod seat;

pub use ai::Thinking;
pub use command::Command;
pub use console::{Console, Response};
pub use model::{AiTurn, Event, Played, Session, SessionError};
pub use pick::Pick;
pub use progress::{progress_line, Hint};
pub use seat::{AiSettings, Seat, DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL};
