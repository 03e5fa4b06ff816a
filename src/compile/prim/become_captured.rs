//! Builds `become-captured(…)` (see [`crate::engine::prim::become_captured`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::become_captured::BecomeCaptured;
use crate::engine::ByPlayer;
use crate::engine::Part;
use crate::lang::Span;

impl Compiler {
    /// `become-captured(…)`: reads its arguments (see the registry entry and the engine module).
    /// `span` is the whole call's.
    pub(in crate::compile) fn build_become_captured(
        &mut self,
        a: &mut CallArgs,
        span: Span,
    ) -> Option<Part> {
        let Some(n) = a.named("near") else {
            self.err(span, "'become-captured' needs what must stand beside the piece: become-captured(near: friend and intellector)");
            return None;
        };
        let near = self.cell_cond(n)?;
        let captured = match a.named("captured") {
            Some(c) => self.cell_cond(c)?.content,
            None => ByPlayer(vec![crate::engine::ContentSet::ALL; self.players.len()]),
        };
        let dirs = self.dirs.get("adjacent").cloned()?;
        Some(Part::BecomeCaptured(BecomeCaptured {
            near,
            dirs,
            captured,
        }))
    }
}
