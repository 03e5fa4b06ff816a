//! Builds `approach(directions…, capture: enemy)` and `withdraw(…)` (see
//! [`crate::engine::prim::pattern::approach`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::pattern::{approach::LineCapture, Pattern};
use crate::engine::Part;

impl Compiler {
    /// `approach(…)` or, with `withdraw`, `withdraw(…)`: a withdrawal also needs
    /// each direction's opposite (the line behind the starting cell).
    pub(in crate::compile) fn build_line_capture(
        &mut self,
        a: &mut CallArgs,
        withdraw: bool,
    ) -> Option<Part> {
        let dirs = self.pattern_dirs(a)?;
        let capture = self.cond_arg(a, "capture", "enemy")?;
        if withdraw {
            // The line behind runs the other way: make sure each direction's opposite is a
            // column of the board (a compound direction's reverse is added if not named).
            for &d in dirs.0.iter().flatten() {
                self.opposite_of(d)?;
            }
        }
        Some(Part::Pattern(Pattern::Line(LineCapture {
            dirs,
            capture,
            withdraw,
        })))
    }
}
