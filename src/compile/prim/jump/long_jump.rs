//! The arguments of flying and deferred jumps: `jump(…, flying: yes, capture: at-end)`.

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::lang::ast::ExprKind;
use crate::lang::Diagnostic;

impl Compiler {
    /// `capture:` of a jump: `yes`/`no` (or a yes/no option), or `at-end`, which captures but
    /// leaves the pieces jumped on the board until the move is over. Returns (capture, at end).
    pub(super) fn jump_capture_arg(&mut self, a: &mut CallArgs) -> Option<(bool, bool)> {
        let Some(e) = a.named("capture") else {
            return Some((false, false));
        };
        match &e.kind {
            ExprKind::Name(n) if n == "at-end" => Some((true, true)),
            ExprKind::Name(n) if n.contains('-') || n == "end" || n == "later" => {
                self.diags.push(
                    Diagnostic::error(e.span, format!("'capture: {n}' is not a way to capture"))
                        .with_hint("a jump takes 'capture: yes' (the piece jumped leaves at once), 'capture: no', or 'capture: at-end' (the pieces jumped leave when the whole move is over, and none is jumped twice)"),
                );
                None
            }
            _ => self.eval_bool(e).map(|b| (b, false)),
        }
    }

    /// `flying:` of a jump, yes or no (no when absent).
    pub(super) fn jump_flying_arg(&mut self, a: &mut CallArgs) -> Option<bool> {
        match a.named("flying") {
            None => Some(false),
            Some(e) => match &e.kind {
                ExprKind::Name(n)
                    if !matches!(n.as_str(), "yes" | "no" | "true" | "false")
                        && !self.options.contains_key(n) =>
                {
                    self.diags.push(
                        Diagnostic::error(e.span, format!("'flying: {n}' is not yes or no"))
                            .with_hint("'flying: yes' lets a jump pass empty cells before the piece it jumps and land on any empty cell beyond it (a draughts king); the default is no"),
                    );
                    None
                }
                _ => self.eval_bool(e),
            },
        }
    }
}
