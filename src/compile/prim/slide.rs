//! Builds `slide(directions…, to:, through:, min:, max:, passable:, from:, screens:,
//! distance:)` (see [`crate::engine::prim::slide`]); `distance:` and `screens:` are read in
//! `slide/distance.rs` and `slide/screen.rs`, which only `slide` uses.

mod distance;
mod screen;

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::slide::Slide;
use crate::engine::Part;
use crate::lang::Span;

impl Compiler {
    /// `slide(directions…, …)`, with the rule's `from:`. `span` is the whole call's.
    pub(in crate::compile) fn build_slide(&mut self, a: &mut CallArgs, span: Span) -> Option<Part> {
        let dirs = self.dirs_arg(a)?;
        let counted = self.distance_arg(a, &dirs)?;
        let to = self.cond_arg(a, "to", "not friend")?;
        let through = self.cond_arg(a, "through", "empty")?;
        let min = self.int_arg(a, "min", 1)?.max(1);
        let max = self.int_arg(a, "max", 1000)?;
        if max < min {
            self.err(span, "'max' is smaller than 'min'");
        }
        let passable = self.yes_no_arg(a, "passable")?;
        self.origin_arg(a)?;
        let screens = self.screens_arg(a, passable)?;
        Some(Part::Slide(Slide {
            dirs,
            to,
            through,
            min,
            max,
            passable,
            screens,
            counted,
        }))
    }
}
