//! Builds `outflank(directions…)` (see [`crate::engine::prim::outflank`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::outflank::Outflank;
use crate::engine::Part;

impl Compiler {
    /// `outflank(directions…)`: only directions.
    pub(in crate::compile) fn build_outflank(&mut self, a: &mut CallArgs) -> Option<Part> {
        let dirs = self.dirs_arg(a)?;
        Some(Part::Outflank(Outflank { dirs }))
    }
}
