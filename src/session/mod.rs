//! The one game session every front-end drives (the line mode, the terminal and web boards,
//! GTP and UCI), below them all: no text, no input or output. Split by job:
//!
//! * [`model`]: the game being played ([`Session`]): typed calls (`play`, `undo`, `redo`,
//!   `new_game`, `load_record`) answered with typed [`Event`]s, the dice rolled for everyone,
//!   the AI players of the seats. No text, no input or output.
//! * [`seat`]: who plays a seat ([`Seat`]) and the AI levels.
//! * [`pick`]: entering a move by pointing at cells, for the graphical front-ends.
//! * [`analysis`]: the AI's evaluation and best line of a position, for analysis.
//! * [`ai`]: an AI player thinking on its own thread ([`Thinking`]), so a front-end stays
//!   responsive while it searches.
//! * [`driver`]: the one AI driver of the terminal board, the web board and UCI
//!   ([`Driver`]): starts the AI, gathers its progress, stops it, plays its move.
//! * [`progress`]: a search's progress in words (depth or playouts, speed, score, line),
//!   for `--verbose`, `hint` and the board's thinking line.

pub mod ai;
pub mod analysis;
pub mod dead;
pub mod driver;
pub mod model;
pub mod pick;
pub mod progress;
pub mod seat;

pub use ai::Thinking;
pub use driver::{Driver, Ended, Tick};
pub use model::{AiTurn, Event, MoveLabel, Played, Session, SessionError};
pub use pick::Pick;
pub use progress::{progress_line, Hint};
pub use seat::{AiSettings, Seat, DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL};
