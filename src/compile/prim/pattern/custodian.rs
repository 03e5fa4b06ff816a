//! Builds `custodian(directions…, capture: enemy, against: friend, count: 1, max: count)`
//! (see [`crate::engine::prim::pattern::custodian`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::pattern::{custodian::Custodian, Pattern};
use crate::engine::Part;
use crate::lang::Span;

impl Compiler {
    /// `custodian(…)`: the run's length is `count` to `max` (both at least 1).
    pub(in crate::compile) fn build_custodian(
        &mut self,
        a: &mut CallArgs,
        span: Span,
    ) -> Option<Part> {
        let dirs = self.pattern_dirs(a)?;
        let capture = self.cond_arg(a, "capture", "enemy")?;
        let against = self.cond_arg(a, "against", "friend")?;
        let at = a.named("count").map_or(span, |e| e.span);
        let count = self.int_arg(a, "count", 1)?;
        if count == 0 {
            self.err(
                at,
                "'count' of 'custodian' is how many pieces a run takes: at least 1",
            );
            return None;
        }
        let max_at = a.named("max").map_or(span, |e| e.span);
        let max = self.int_arg(a, "max", i64::from(count))?;
        if max < count {
            self.diags.push(
                crate::lang::Diagnostic::error(
                    max_at,
                    format!("'max' ({max}) is less than 'count' ({count})"),
                )
                .with_hint("count: n takes runs of exactly n; count: 1, max: 2 takes one or two"),
            );
            return None;
        }
        Some(Part::Pattern(Pattern::Custodian(Custodian {
            dirs,
            capture,
            against,
            count,
            max,
        })))
    }
}
