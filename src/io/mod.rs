//! Game records on disk and on the wire, below both the tools and the front-ends: a match's
//! shards and `play`'s `save` write the same records, and `convert`, the web board and GTP
//! read the same PGN and SGF.
//!
//! * [`record`] reads and writes the plain-text game record `save` and `load` use.
//! * [`pgn`] reads and writes PGN, for games written in algebraic notation.
//! * [`sgf`] reads and writes SGF, for games on square and hex boards (Go, Hex, Othello…).
//! * [`saved`] reads a saved game in any of the three, recognised by its content, and writes
//!   one in the format a file's name asks for.

pub mod pgn;
pub mod record;
pub mod saved;
pub mod sgf;
