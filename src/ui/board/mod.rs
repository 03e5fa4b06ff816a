//! The full-screen terminal board (`tabletop play` on a terminal): the cursor on cells,
//! the moves of a picked piece highlighted, multi-part moves entered cell by cell, a side
//! panel, and the AI thinking without freezing the screen. For every board shape, from
//! the engine's cell geometry.
//!
//! * [`app`]: the state machine, keys in, no terminal ([`BoardApp`]).
//! * [`menu`]: the menu (new game, game, seats, records) and the history browser.
//! * [`layout`]: where each cell goes on screen.
//! * [`view`]: drawing into a ratatui buffer (testable with ratatui's test backend).
//! * [`term`]: the real terminal: raw mode, events, restoring the terminal.

pub mod app;
pub mod layout;
pub mod menu;
pub mod term;
pub mod view;

#[cfg(test)]
mod tests;

pub use app::{BoardApp, Key, Mode};
pub use layout::Layout;
pub use menu::MenuItem;
