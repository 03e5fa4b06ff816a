//! The `connected(kinds…, through: directions)` ending: all the player's pieces in one group.

use super::args::CallArgs;
use super::scope::Compiler;
use crate::engine::DirId;
use crate::lang::ast::ExprKind;
use crate::lang::Diagnostic;

impl Compiler {
    /// Checks the kinds of `connected(…)` (piece kinds some player owns, not zones) and
    /// reads its `through:`: the board's `orthogonal` directions on square boards and
    /// `adjacent` on others, as for `connect`, unless given.
    pub(crate) fn connected_dirs(&mut self, a: &mut CallArgs) -> Option<Vec<DirId>> {
        for e in a.positional.clone() {
            let ExprKind::Name(n) = &e.kind else { continue };
            let is_zone = self.zones.zones.contains_key(n.as_str())
                || matches!(n.as_str(), "all" | "top" | "bottom" | "left" | "right");
            if is_zone && !self.pieces.kinds.contains_key(n.as_str()) {
                self.diags.push(
                    Diagnostic::error(e.span, format!("'connected' takes piece kinds, and '{n}' is a zone"))
                        .with_hint("connected(stone) holds when all of a player's stones form one group; to join two zones use connect(top, bottom)"),
                );
                return None;
            }
            if let Some(k) = self.pieces.kinds.get_index_of(n.as_str()) {
                if !self.kind_is_owned(k) {
                    self.diags.push(
                        Diagnostic::error(
                            e.span,
                            format!("no player owns a '{n}', so 'connected' would never hold"),
                        )
                        .with_hint(
                            "name kinds the players own; a piece nobody owns is in nobody's group",
                        ),
                    );
                    return None;
                }
            }
        }
        self.through_dirs(a)
    }

    /// Whether some player owns a piece of the kind `k` (a kind nobody owns never joins a
    /// group, nor is captured from anyone).
    pub(crate) fn kind_is_owned(&self, k: usize) -> bool {
        self.pieces
            .pieces
            .iter()
            .any(|pt| pt.kind.index() == k && pt.owner.is_some())
    }

    /// The `through:` of `connect` and `connected`: the directions a group grows along,
    /// the board's `orthogonal` ones (`adjacent` where it has none) unless given.
    pub(crate) fn through_dirs(&mut self, a: &mut CallArgs) -> Option<Vec<DirId>> {
        let dirs = match a.named("through") {
            Some(d) => self.dir_list(&[d])?,
            None => self
                .dirs
                .get("orthogonal")
                .or_else(|| self.dirs.get("adjacent"))?
                .clone(),
        };
        Some(dirs.0[0].clone())
    }
}
