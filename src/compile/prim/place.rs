//! Builds `place(kind, on:, count:, from: hand, column-without:, mate:)` (see
//! [`crate::engine::prim::place`]); the drop arguments are read in `compile/hand.rs`, with
//! the `hand` line.

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::place::Place;
use crate::engine::Part;
use crate::lang::Span;

impl Compiler {
    /// `place(kind, …)`: appends one part per placement of `count: n` (the later ones
    /// unordered, so the cells are picked as a set), its arguments already checked. `span`
    /// is the whole call's.
    pub(in crate::compile) fn build_place(
        &mut self,
        a: &mut CallArgs,
        span: Span,
        out: &mut Vec<Part>,
    ) -> Option<()> {
        let kind = self.kind_arg(a, 0)?;
        let on = self.cond_arg(a, "on", "empty")?;
        let count = self.count_arg(a, span)?;
        let hand = self.hand_drop_args(a, kind, count)?;
        self.finish_args(a);
        for i in 0..count {
            out.push(Part::Place(Place {
                kind,
                on: on.clone(),
                ordered: i == 0,
                hand: hand.clone(),
            }));
        }
        Some(())
    }
}
