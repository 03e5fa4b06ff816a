//! `screens: n` of `slide`: the slide passes exactly n pieces before it may land (the xiangqi
//! cannon's capture, `slide(orthogonal, screens: 1, to: enemy)`); see `engine/screen.rs`.

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
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

#[cfg(test)]
mod tests {
    /// The targets of the piece on a1 of a 1 × 6 board (a1 … a6) in `position`, for a game
    /// whose slider moves by `slide`.
    fn targets(slide: &str, position: &str) -> Vec<String> {
        let src = format!(
            "game \"Screens\"\nplayers White, Black\nboard square(1, 6)\n\
             piece slider = \"S\" for White, \"s\" for Black\n\
             setup \"{position}\"\nmove slider: {slide}\nloss if no-moves\n"
        );
        let game = crate::compile_source("screens", "s.game", &src, &[]).expect("compiles");
        let s = game.start();
        let mut names: Vec<String> = game
            .legal_moves_vec(&s)
            .into_iter()
            .filter(|m| game.board.cells[m.cells[0].index()].name == "a1")
            .map(|m| game.board.cells[m.cells[1].index()].name.clone())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn one_screen_of_either_side_then_the_first_piece_beyond() {
        let cannon = "slide(n, screens: 1, to: enemy)";
        // a1 slider, a3 own screen, a5 enemy: taken; the enemy on a6 behind it is not.
        assert_eq!(targets(cannon, "s/s/1/S/1/S w"), ["a5"]);
        // An enemy screen works too (and is not taken); a friend beyond is not taken.
        assert!(targets(cannon, "1/S/1/s/1/S w").is_empty());
        assert_eq!(targets(cannon, "s/1/1/s/1/S w"), ["a6"]);
        // No screen: nothing.
        assert!(targets(cannon, "s/1/1/1/1/S w").is_empty());
    }

    #[test]
    fn beyond_the_screens_it_may_stop_on_empty_cells_and_count_two() {
        assert_eq!(
            targets("slide(n, screens: 1, to: empty)", "1/1/1/s/1/S w"),
            ["a4", "a5", "a6"]
        );
        assert_eq!(
            targets("slide(n, screens: 2, to: not friend)", "s/1/s/1/S/S w"),
            ["a5", "a6"]
        );
        assert_eq!(
            targets("slide(n, screens: 1, to: empty, max: 4)", "1/1/1/s/1/S w"),
            ["a4", "a5"]
        );
    }
}
