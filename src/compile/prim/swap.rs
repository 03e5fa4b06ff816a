//! Builds `swap(…)` (see [`crate::engine::prim::swap`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::swap::Swap;
use crate::engine::Part;

impl Compiler {
    /// `swap(…)`: reads its arguments (see the registry entry and the engine module).
    pub(in crate::compile) fn build_swap(&mut self, a: &mut CallArgs) -> Option<Part> {
        let dirs = self.dirs_arg(a)?;
        let with = self.cond_arg(a, "with", "friend")?;
        Some(Part::Swap(Swap { dirs, with }))
    }
}
