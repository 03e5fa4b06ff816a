//! Builds `en-passant(directions…, from: condition)` (see
//! [`crate::engine::prim::en_passant`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::en_passant::EnPassant;
use crate::engine::Part;

impl Compiler {
    /// `en-passant(directions…)`, with the rule's `from:`.
    pub(in crate::compile) fn build_en_passant(&mut self, a: &mut CallArgs) -> Option<Part> {
        let dirs = self.dirs_arg(a)?;
        self.origin_arg(a)?;
        Some(Part::EnPassant(EnPassant { dirs }))
    }
}
