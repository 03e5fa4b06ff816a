//! Builds the pattern captures and conversions (see [`crate::engine::prim::pattern`]):
//! `custodian`, `surround`, `approach`, `withdraw`, `convert-around`, one module each, and
//! checks where they may stand in a move.

mod approach;
mod convert_around;
mod custodian;
mod surround;

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::{ByPlayer, DirId, Part};
use crate::lang::Span;

/// The most directions a pattern looks along (its runs are judged into a fixed array).
const MAX_DIRS: usize = 16;

impl Compiler {
    /// The directions of a pattern call, at most [`MAX_DIRS`] per player.
    fn pattern_dirs(&mut self, a: &CallArgs) -> Option<ByPlayer<Vec<DirId>>> {
        let dirs = self.dirs_arg(a)?;
        if dirs.0.iter().any(|d| d.len() > MAX_DIRS) {
            self.err(
                a.span,
                format!("'{}' looks along at most {MAX_DIRS} directions", a.call),
            );
            return None;
        }
        Some(dirs)
    }

    /// Checks the pattern parts of one move (`span` is the alternative's): they end the
    /// move (generation does not lay their captures over the board, so a later part would
    /// see it as it was), and `approach`/`withdraw` follow a move of a piece.
    pub(in crate::compile) fn check_pattern_chain(&mut self, parts: &[Part], span: Span) -> bool {
        let Some(i) = parts.iter().position(|p| matches!(p, Part::Pattern(_))) else {
            return true;
        };
        if let Some(later) = parts[i + 1..]
            .iter()
            .find(|p| !matches!(p, Part::Pattern(_)))
        {
            self.err(
                span,
                format!(
                    "'{}' ends a move: only custodian, surround, approach, withdraw or convert-around may follow it, not '{}'",
                    parts[i].name(),
                    later.name()
                ),
            );
            return false;
        }
        let moves = parts.first().is_some_and(Part::moves_piece);
        for p in parts {
            if let Part::Pattern(x) = p {
                if x.needs_origin() && !moves {
                    self.diags.push(
                        crate::lang::Diagnostic::error(
                            span,
                            format!("'{}' needs a move of a piece to look along", x.name()),
                        )
                        .with_hint(format!(
                            "write it after a step or a slide: step(adjacent, to: empty) then {}(adjacent)",
                            x.name()
                        )),
                    );
                    return false;
                }
            }
        }
        true
    }
}
