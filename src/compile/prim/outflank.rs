//! Builds `outflank(directions…)` (see [`crate::engine::prim::outflank`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::outflank::Outflank;
use crate::engine::Part;
use crate::lang::{Diagnostic, Span};

impl Compiler {
    /// `outflank(directions…)`: only directions.
    pub(in crate::compile) fn build_outflank(&mut self, a: &mut CallArgs) -> Option<Part> {
        let dirs = self.dirs_arg(a)?;
        Some(Part::Outflank(Outflank { dirs }))
    }

    /// `outflank` follows a placement: after a move of a piece it would turn lines instead of
    /// taking pieces, which is `custodian`'s job, so such a move is refused with that hint.
    pub(in crate::compile) fn check_outflank_chain(&mut self, parts: &[Part], span: Span) -> bool {
        let outflanks = parts.iter().any(|p| matches!(p, Part::Outflank(_)));
        if outflanks && parts.first().is_some_and(Part::moves_piece) {
            self.diags.push(
                Diagnostic::error(span, "'outflank' follows a place: it turns the lines a placed piece closes")
                    .with_hint("to take the enemies a moved piece closes against a friend, write custodian(…): slide(orthogonal) then custodian(orthogonal)"),
            );
            return false;
        }
        true
    }
}
