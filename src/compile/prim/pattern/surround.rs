//! Builds `surround(directions…, capture: enemy, against: friend, edges: no)` (see
//! [`crate::engine::prim::pattern::surround`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::pattern::{surround::Surround, Pattern};
use crate::engine::Part;

impl Compiler {
    /// `surround(…)`: directions, two conditions and whether the edge encloses.
    pub(in crate::compile) fn build_surround(&mut self, a: &mut CallArgs) -> Option<Part> {
        let dirs = self.pattern_dirs(a)?;
        let capture = self.cond_arg(a, "capture", "enemy")?;
        let against = self.cond_arg(a, "against", "friend")?;
        let edges = self.yes_no_arg(a, "edges")?;
        Some(Part::Pattern(Pattern::Surround(Surround {
            dirs,
            capture,
            against,
            edges,
        })))
    }
}
