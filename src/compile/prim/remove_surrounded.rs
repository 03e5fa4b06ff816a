//! Builds `remove-surrounded(who, along: directions)` (see
//! [`crate::engine::prim::remove_surrounded`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::remove_surrounded::RemoveSurrounded;
use crate::engine::Part;
use crate::lang::Span;

impl Compiler {
    /// `remove-surrounded(who, along: directions)`: `who` is a content without a zone.
    /// `span` is the whole call's.
    pub(in crate::compile) fn build_remove_surrounded(
        &mut self,
        a: &mut CallArgs,
        span: Span,
    ) -> Option<Part> {
        let Some(c) = a.positional.first().copied() else {
            self.err(
                span,
                "'remove-surrounded' needs whose chains: remove-surrounded(enemy)",
            );
            return None;
        };
        let cond = self.cell_cond(c)?;
        if cond.zone.is_some() {
            self.err(
                c.span,
                "whose chains: a content such as enemy or friend, without a zone",
            );
            return None;
        }
        let dirs = self.chain_dirs(a)?;
        Some(Part::RemoveSurrounded(RemoveSurrounded {
            who: cond.content,
            dirs,
        }))
    }
}
