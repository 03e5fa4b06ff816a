//! `distance:` of `slide`: how far a slide goes when the rule, not the player, sets it.
//! `distance: pieces-on-line` is Lines of Action's rule: exactly as many cells as there are
//! pieces (of every player, the moving one included) on the whole line through the piece
//! along the direction of movement, both ways.

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::DirId;
use crate::engine::{BoardShape, ByPlayer};
use crate::lang::ast::ExprKind;
use crate::lang::Diagnostic;

/// The distances `distance:` accepts, for messages.
const DISTANCES: [&str; 1] = ["pieces-on-line"];

impl Compiler {
    /// Reads `distance:` of a slide along `dirs`: `Some(true)` for `pieces-on-line`,
    /// `Some(false)` when it is not given, `None` (with an error) when it is misused.
    pub(crate) fn distance_arg(
        &mut self,
        a: &mut CallArgs,
        dirs: &ByPlayer<Vec<DirId>>,
    ) -> Option<bool> {
        let Some(e) = a.named("distance") else {
            return Some(false);
        };
        let word = match &e.kind {
            ExprKind::Name(n) => Some(n.as_str()),
            _ => None,
        };
        if word != Some("pieces-on-line") {
            let mut d = Diagnostic::error(
                e.span,
                format!(
                    "'distance' of a slide takes {}, not {}",
                    DISTANCES.join(", "),
                    crate::compile::moves::st_text(e)
                ),
            );
            d = match word.and_then(|w| crate::lang::diag::closest(w, DISTANCES)) {
                Some(c) => d.with_hint(format!("did you mean '{c}'?")),
                None => d.with_hint(
                    "for a fixed distance give 'min' and 'max': slide(orthogonal, min: 2, max: 2)",
                ),
            };
            self.diags.push(d);
            return None;
        }
        for other in ["min", "max", "passable"] {
            if let Some(x) = a.named(other) {
                self.diags.push(
                    Diagnostic::error(
                        x.span,
                        format!("'{other}' cannot be given with 'distance: pieces-on-line', which sets the distance"),
                    )
                    .with_hint("the slide goes exactly as many cells as there are pieces on its line; leave 'min', 'max' and 'passable' out"),
                );
                return None;
            }
        }
        if matches!(
            self.geo.as_ref().map(|g| &g.shape),
            Some(BoardShape::Graph) | None
        ) {
            self.diags.push(
                Diagnostic::error(e.span, "'distance: pieces-on-line' needs a grid board, whose lines run straight through every cell")
                    .with_hint("use a square or hex board"),
            );
            return None;
        }
        // The line runs both ways: make sure each direction's opposite exists on the board
        // (a compound direction's reverse is added if the file did not name it).
        for list in &dirs.0 {
            for &d in list {
                self.opposite_of(d)?;
            }
        }
        Some(true)
    }
}
