//! Builds `swap-sides` (see [`crate::engine::prim::swap_sides`]).

use crate::compile::scope::Compiler;
use crate::engine::prim::swap_sides::SwapSides;
use crate::engine::Part;

impl Compiler {
    /// `swap-sides`: takes no arguments.
    pub(in crate::compile) fn build_swap_sides(&mut self) -> Option<Part> {
        Some(Part::SwapSides(SwapSides))
    }
}
