//! The compile-side builders of the move primitives, one module each (the engine side is
//! `src/engine/prim/<name>.rs`). A builder reads the call's arguments and returns the part;
//! `Compiler::part` in `moves.rs` dispatches to it by name and then checks the arguments
//! against the registry ([`crate::engine::prim::PRIMITIVES`]).

mod advance;
mod become_captured;
mod castle;
mod convert;
mod drop;
mod en_passant;
mod fly;
mod jump;
mod outflank;
mod pass;
mod pattern;
mod place;
mod promote;
mod remove;
mod remove_surrounded;
mod shoot;
mod slide;
mod sow;
mod step;
mod swap;
mod swap_sides;
