//! Builds `promote(kinds…, in: zone, optional:, leaving:, forced-in:)` (see
//! [`crate::engine::prim::promote`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::promote::Promote;
use crate::engine::Part;
use crate::lang::Span;

impl Compiler {
    /// `promote(kinds…, in: zone, …)`: at least one kind, `in` required; the options are
    /// read by `promote_options` (`hand.rs`). `span` is the whole call's.
    pub(in crate::compile) fn build_promote(
        &mut self,
        a: &mut CallArgs,
        span: Span,
    ) -> Option<Part> {
        let mut kinds = Vec::new();
        for i in 0..a.positional.len() {
            kinds.push(self.kind_arg(a, i)?);
        }
        if kinds.is_empty() {
            self.err(
                span,
                "'promote' needs the kinds a piece may become: promote(queen, rook, in: last-rank)",
            );
            return None;
        }
        let Some(z) = a.named("in") else {
            self.err(
                span,
                "'promote' needs the zone where it happens: promote(queen, in: last-rank)",
            );
            return None;
        };
        let zone = self.zone_ref(z)?;
        let (optional, leaving, forced) = self.promote_options(a)?;
        Some(Part::Promote(Promote {
            kinds,
            zone,
            optional,
            leaving,
            forced,
        }))
    }
}
