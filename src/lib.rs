//! tabletop: a general game system.
//!
//! A board game is written as a plain-text `.game` rule file. The pipeline is one-way:
//!
//! ```text
//! .game text ─lang─▶ AST with spans ─compile─▶ Game (immutable tables) ─engine─▶ State + moves
//!                                                         │
//!       ai (players) · io (records) · session (a game, its AI) · tools (perft, bench) · ui
//! ```
//!
//! * [`lang`] parses text into an AST and reports syntax errors with spans.
//! * [`compile`] checks meaning, builds the board geometry and the move programs.
//! * [`engine`] runs a compiled [`Game`]: legal moves, make/unmake, Zobrist hashing, outcomes.
//! * [`io`] reads and writes game records, PGN and SGF.
//! * [`session`] is the game every front-end drives, with its one AI driver.
//! * [`ai`], [`tools`] and [`ui`] only use the engine interface.
//!
//! ```
//! let game = tabletop::load_shipped("tictactoe", &[]).unwrap();
//! let mut state = game.start();
//! let mv = game.parse_move(&state, "b2").unwrap();
//! game.make(&mut state, mv);
//! assert_eq!(game.legal_moves_vec(&state).len(), 8);
//! ```

pub mod ai;
pub mod compile;
pub mod engine;
pub mod games;
pub mod io;
pub mod lang;
pub mod session;
pub mod tools;
pub mod ui;

pub use compile::{compile_source, LoadError};
pub use engine::{CellId, Game, Move, MoveList, Outcome, PieceId, Player, State};
pub use games::{load, load_shipped, option_pairs, shipped_names};
pub use ui::snapshot::{snapshot, SnapshotOptions};
