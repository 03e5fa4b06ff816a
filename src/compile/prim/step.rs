//! Builds `step(directions…, to:, from:, via:)` and `leap(…)`, the same part (see
//! [`crate::engine::prim::step`]); `via:` is read in `step/via.rs`, which only `step` uses
//! (the engine's `Via` is shared with the royal-attack tables).

mod via;

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::step::Step;
use crate::engine::Part;

impl Compiler {
    /// `step(directions…, …)` or `leap(…)`, with the rule's `from:`.
    pub(in crate::compile) fn build_step(&mut self, a: &mut CallArgs) -> Option<Part> {
        let dirs = self.dirs_arg(a)?;
        let to = self.cond_arg(a, "to", "not friend")?;
        self.origin_arg(a)?;
        let via = match a.named("via") {
            Some(v) => Some(self.via_arg(v, &a.positional.clone(), &dirs)?),
            None => None,
        };
        Some(Part::Step(Step { dirs, to, via }))
    }
}
