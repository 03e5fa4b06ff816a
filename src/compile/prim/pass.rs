//! Builds `pass` (see [`crate::engine::prim::pass`]).

use crate::compile::scope::Compiler;
use crate::engine::prim::pass::Pass;
use crate::engine::Part;

impl Compiler {
    /// `pass`: takes no arguments.
    pub(in crate::compile) fn build_pass(&mut self) -> Option<Part> {
        Some(Part::Pass(Pass))
    }
}
