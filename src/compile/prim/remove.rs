//! Builds `remove(…)` (see [`crate::engine::prim::remove`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::remove::Remove;
use crate::engine::Part;
use crate::lang::Span;

impl Compiler {
    /// `remove(…)`: reads its arguments (see the registry entry and the engine module).
    /// `span` is the whole call's.
    pub(in crate::compile) fn build_remove(
        &mut self,
        a: &mut CallArgs,
        span: Span,
    ) -> Option<Part> {
        let Some(c) = a.positional.first().copied() else {
            self.err(
                span,
                "'remove' needs what may be taken off: remove(enemy, if: line(3))",
            );
            return None;
        };
        let on = self.cell_cond(c)?;
        let trigger = match a.named("if") {
            Some(t) => Some(self.part_cond(t)?),
            None => None,
        };
        let prefer = match a.named("prefer") {
            Some(t) => Some(self.part_cond(t)?),
            None => None,
        };
        Some(Part::Remove(Remove {
            on,
            trigger,
            prefer,
        }))
    }
}
