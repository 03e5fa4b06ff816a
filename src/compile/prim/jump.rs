//! Builds `jump(directions…, over:, to:, capture:, repeat:, stop:, flying:, crown:, in:,
//! land:)` (see [`crate::engine::prim::jump`]); `capture:` and `flying:` are read in
//! `jump/long_jump.rs`, `crown:`, `in:` and `land:` in `jump/crown.rs`, which only `jump` uses.

mod crown;
mod long_jump;

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::jump::Jump;
use crate::engine::Part;
use crate::lang::Span;

impl Compiler {
    /// `jump(directions…, …)`, with the rule's `from:`. `span` is the whole call's.
    pub(in crate::compile) fn build_jump(&mut self, a: &mut CallArgs, span: Span) -> Option<Part> {
        let dirs = self.dirs_arg(a)?;
        let over = self.cond_arg(a, "over", "occupied")?;
        let to = self.cond_arg(a, "to", "empty")?;
        let (capture, deferred) = self.jump_capture_arg(a)?;
        let flying = self.jump_flying_arg(a)?;
        let repeat = self.yes_no_arg(a, "repeat")?;
        let stop = match a.named("stop") {
            Some(z) => Some(self.zone_ref(z)?),
            None => None,
        };
        if stop.is_some() && !repeat {
            self.err(span, "'stop' only means something with 'repeat: yes'");
            return None;
        }
        let crown = self.jump_crown_arg(a, span, repeat)?;
        let land_continuing = self.jump_land_arg(a, repeat, capture)?;
        self.origin_arg(a)?;
        Some(Part::Jump(Jump {
            dirs,
            over,
            to,
            capture,
            repeat,
            stop,
            flying,
            deferred,
            crown,
            land_continuing,
        }))
    }
}
