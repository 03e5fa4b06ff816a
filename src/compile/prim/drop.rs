//! Builds `drop(kind, falls: direction)` (see [`crate::engine::prim::drop`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::drop::DropPiece;
use crate::engine::{ByPlayer, Part};
use crate::lang::Span;

impl Compiler {
    /// `drop(kind, falls: direction)`: `falls` is required and one direction. `span` is the
    /// whole call's.
    pub(in crate::compile) fn build_drop(&mut self, a: &mut CallArgs, span: Span) -> Option<Part> {
        let kind = self.kind_arg(a, 0)?;
        let Some(f) = a.named("falls") else {
            self.err(
                span,
                "'drop' needs the direction pieces fall in: drop(disc, falls: s)",
            );
            return None;
        };
        let dirs = self.dir_list(&[f])?;
        if dirs.0.iter().any(|d| d.len() != 1) {
            self.err(f.span, "pieces fall in exactly one direction");
            return None;
        }
        Some(Part::Drop(DropPiece {
            kind,
            falls: ByPlayer(dirs.0.iter().map(|d| d[0]).collect()),
        }))
    }
}
