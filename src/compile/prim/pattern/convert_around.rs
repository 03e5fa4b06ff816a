//! Builds `convert-around(directions…, what: enemy, next-to: condition)` (see
//! [`crate::engine::prim::pattern::convert_around`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::pattern::{convert_around::ConvertAround, Pattern};
use crate::engine::Part;

impl Compiler {
    /// `convert-around(…)`: directions, what turns and the neighbour the move needs.
    pub(in crate::compile) fn build_convert_around(&mut self, a: &mut CallArgs) -> Option<Part> {
        let dirs = self.pattern_dirs(a)?;
        let what = self.cond_arg(a, "what", "enemy")?;
        let next_to = match a.named("next-to") {
            Some(e) => Some(self.cell_cond(e)?),
            None => None,
        };
        Some(Part::Pattern(Pattern::ConvertAround(ConvertAround {
            dirs,
            what,
            next_to,
        })))
    }
}
