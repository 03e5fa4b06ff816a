//! Builds `shoot(…)` (see [`crate::engine::prim::shoot`]).

use crate::compile::args::CallArgs;
use crate::compile::moves::st_text;
use crate::compile::scope::Compiler;
use crate::engine::prim::shoot::Shoot;
use crate::engine::Part;
use crate::lang::ast::{Expr, ExprKind};
use crate::lang::Diagnostic;
use crate::lang::Span;

impl Compiler {
    /// `shoot(…)`: reads its arguments (see the registry entry and the engine module).
    /// `span` is the whole call's.
    pub(in crate::compile) fn build_shoot(&mut self, a: &mut CallArgs, span: Span) -> Option<Part> {
        if let Some(first) = a.positional.first() {
            if matches!(&first.kind, ExprKind::Name(n) if self.dirs.contains_key(n.as_str()) && !self.pieces.kinds.contains_key(n.as_str()))
            {
                self.diags.push(
                    Diagnostic::error(first.span, format!("'shoot' needs the kind of piece it puts down first, found the direction {}", st_text(first)))
                        .with_hint(format!("shoot(arrow, {}): the kind, then the directions", st_text(first))),
                );
                return None;
            }
        }
        let kind = self.kind_arg(a, 0)?;
        if a.positional.len() < 2 {
            self.diags.push(
                Diagnostic::error(span, "'shoot' needs at least one direction after the kind")
                    .with_hint("shoot(arrow, adjacent): the directions the piece is shot along"),
            );
            return None;
        }
        let items: Vec<&Expr> = a.positional[1..].to_vec();
        let dirs = self.dir_list(&items)?;
        let to = self.cond_arg(a, "to", "empty")?;
        let through = self.cond_arg(a, "through", "empty")?;
        let min = self.int_arg(a, "min", 1)?.max(1);
        let max = self.int_arg(a, "max", 1000)?;
        if max < min {
            self.err(span, "'max' is smaller than 'min'");
        }
        Some(Part::Shoot(Shoot {
            kind,
            dirs,
            to,
            through,
            min,
            max,
        }))
    }
}
