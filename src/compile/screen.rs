//! `screens: n` of `slide`: the slide passes exactly n pieces before it may land (the xiangqi
//! cannon's capture, `slide(orthogonal, screens: 1, to: enemy)`); see `engine/screen.rs`.

use super::args::CallArgs;
use super::scope::Compiler;
use crate::lang::Diagnostic;

/// The most screens a slide may pass.
const MAX_SCREENS: i64 = 64;

impl Compiler {
    /// Takes `screens: n` (0 when not given) of a slide that is `passable` or not.
    pub(crate) fn screens_arg(&mut self, a: &mut CallArgs, passable: bool) -> Option<u16> {
        let Some(e) = a.named("screens") else {
            return Some(0);
        };
        let n = self.eval_int(e)?;
        if !(0..=MAX_SCREENS).contains(&n) {
            self.diags.push(
                Diagnostic::error(e.span, format!("'screens' must be between 0 and {MAX_SCREENS}, not {n}"))
                    .with_hint("screens: 1 passes exactly one piece before landing, as the xiangqi cannon captures"),
            );
            return None;
        }
        if n > 0 && passable {
            self.diags.push(
                Diagnostic::error(e.span, "a slide over screens cannot also be 'passable'")
                    .with_hint("en passant takes a piece on the last cell it passed, which may be a screen: give the two moves separate slides"),
            );
            return None;
        }
        Some(n as u16)
    }
}
