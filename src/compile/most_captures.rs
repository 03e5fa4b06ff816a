//! `forced most-captures`: the statement that makes the largest capture compulsory.

use super::scope::Compiler;
use crate::lang::span::Name;
use crate::lang::Diagnostic;

impl Compiler {
    /// A `forced …` statement (not a `forced move`): `forced most-captures` keeps, among the
    /// moves left once forced moves are preferred, those that capture the most pieces.
    pub(super) fn forced_stmt(&mut self, n: &Name) {
        if n.node == "most-captures" {
            self.most_captures = true;
            return;
        }
        // A near miss gets `did you mean`; anything else is told what `forced` can say.
        let d = Diagnostic::error(n.span, format!("unknown forced rule '{}'", n.node))
            .with_hint("'forced move kind: …' makes a move compulsory while it can be played; 'forced most-captures' then keeps only the moves that capture the most pieces")
            .suggest(&n.node, ["most-captures"]);
        self.diags.push(d);
    }
}
