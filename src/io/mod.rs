//! Game records on disk and on the wire, below both the tools and the front-ends: a match's
//! shards and `play`'s `save` write the same records, and `convert`, the web board and GTP
//! read the same PGN and SGF.
//!
//! * [`record`] reads and writes the plain-text game record `save` and `load` use.
//! * [`pgn`] reads and writes PGN, for games written in algebraic notation.
//! * [`sgf`] reads and writes SGF, for games on square and hex boards (Go, Hex, Othello…).

pub mod pgn;
pub mod record;
pub mod sgf;
