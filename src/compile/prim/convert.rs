//! Builds `convert(condition, into: kind, count: n)` (see
//! [`crate::engine::prim::convert`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::convert::Convert;
use crate::engine::Part;
use crate::lang::ast::ExprKind;
use crate::lang::Span;

impl Compiler {
    /// `convert(condition, into: kind, count: n)`: appends one part per cell of `count`, the
    /// later ones unordered (picked as a set). `span` is the whole call's.
    pub(in crate::compile) fn build_convert(
        &mut self,
        a: &mut CallArgs,
        span: Span,
        out: &mut Vec<Part>,
    ) -> Option<()> {
        let Some(c) = a.positional.first().copied() else {
            self.err(
                span,
                "'convert' needs the pieces it changes: convert(neutral, into: stone)",
            );
            return None;
        };
        let on = self.cell_cond(c)?;
        let Some(k) = a.named("into") else {
            self.err(
                span,
                "'convert' needs what the pieces become: convert(neutral, into: stone)",
            );
            return None;
        };
        let ExprKind::Name(kn) = &k.kind else {
            self.err(k.span, "expected a piece kind");
            return None;
        };
        let kind = crate::engine::KindId::from_index(self.kind(kn, k.span)?);
        let own = self.pieces.kinds[kind.index()].neutral.is_none();
        let count = self.count_arg(a, span)?;
        self.finish_args(a);
        for i in 0..count {
            out.push(Part::Convert(Convert {
                on: on.clone(),
                kind,
                own,
                ordered: i == 0,
            }));
        }
        Some(())
    }
}
