//! Builds `castle(directions…, with: condition, steps: 2)` (see
//! [`crate::engine::prim::castle`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::castle::Castle;
use crate::engine::Part;
use crate::lang::Span;

impl Compiler {
    /// `castle(directions…, with: condition, steps: n)`: `with` is required, `steps` at
    /// least 1. `span` is the whole call's.
    pub(in crate::compile) fn build_castle(
        &mut self,
        a: &mut CallArgs,
        span: Span,
    ) -> Option<Part> {
        let dirs = self.dirs_arg(a)?;
        let Some(w) = a.named("with") else {
            self.err(
                span,
                "'castle' needs the partner piece: castle(e, w, with: friend and rook)",
            );
            return None;
        };
        let with = self.cell_cond(w)?;
        let steps = self.int_arg(a, "steps", 2)?;
        if steps == 0 {
            self.err(span, "'steps' must be at least 1");
            return None;
        }
        Some(Part::Castle(Castle { dirs, with, steps }))
    }
}
