//! `pass`: do nothing; the turn passes (reversi's and Go's pass, written as a move of its
//! own; the forced pass of `pass if no-moves` is [`crate::engine::Move::forced_pass`], not
//! this part).
//!
//! A move records no cell and changes nothing on the board; a rule that is one pass is
//! written `pass`, and in a longer rule the pass writes nothing. The compile-side builder is
//! `src/compile/prim/pass.rs`.

use crate::engine::movegen::View;
use crate::engine::{CellId, Game, Move, MoveList, Player, Rule, State};

/// The registry name.
pub const NAME: &str = "pass";

/// A compiled `pass` part (it takes no arguments).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pass;

impl Pass {
    /// Generation: nothing to choose; the rest of the move follows.
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
        game.gen_parts(s, v, p, rule, idx + 1, focus, mv, out);
    }

    /// Notation: `pass` when the pass is the whole rule, nothing otherwise.
    pub(crate) fn write(out: &mut String, rule: &Rule) {
        if rule.parts.len() == 1 {
            out.push_str("pass");
        }
    }
}
