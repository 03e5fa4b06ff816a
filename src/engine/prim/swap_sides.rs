//! `swap-sides`: the pie rule. On the second ply of the game only, the player to move takes
//! over the first player's side (Hex's swap, Nex's).
//!
//! A move records no cell and changes nothing on the board: making it flips the state's
//! swapped flag (hashed), and the same side moves again, now played by the other seat
//! (`Rule::swaps_sides`, read by `make`). It is written `swap`. The compile-side builder is
//! `src/compile/prim/swap_sides.rs`.

use crate::engine::movegen::View;
use crate::engine::{CellId, Game, Move, MoveList, Player, Rule, State};

/// The registry name.
pub const NAME: &str = "swap-sides";

/// A compiled `swap-sides` part (it takes no arguments).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwapSides;

impl SwapSides {
    /// Generation: only on the second ply of a game played from its start (one move made).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(in crate::engine) fn gen(
        &self,
        game: &Game,
        s: &State,
        v: &mut View,
        p: Player,
        rule: &Rule,
        idx: usize,
        focus: CellId,
        mv: Move,
        out: &mut MoveList,
    ) {
        if s.ply == 1 && s.frames.len() == 1 {
            game.gen_parts(s, v, p, rule, idx + 1, focus, mv, out);
        }
    }

    /// Execution: the sides are swapped (the flag and its hash key); the board is left as
    /// it is.
    #[inline(always)]
    pub(crate) fn exec(game: &Game, s: &mut State) {
        s.scalars.swapped = !s.scalars.swapped;
        s.scalars.hash ^= game.zobrist.swapped;
        s.scalars.extra ^= game.zobrist.swapped;
    }

    /// Notation: `swap`.
    pub(crate) fn write(out: &mut String) {
        out.push_str("swap");
    }
}
