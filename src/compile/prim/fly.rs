//! Builds `fly(…)` (see [`crate::engine::prim::fly`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::fly::Fly;
use crate::engine::Part;

impl Compiler {
    /// `fly(…)`: reads its arguments (see the registry entry and the engine module).
    pub(in crate::compile) fn build_fly(&mut self, a: &mut CallArgs) -> Option<Part> {
        let to = self.cond_arg(a, "to", "empty")?;
        Some(Part::Fly(Fly { to }))
    }
}
