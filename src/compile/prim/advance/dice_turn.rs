//! The whole-turn form of `advance` (`by: die`) and its arguments `enter: first`,
//! `capture: blot` and `bear-off: zone` (see [`crate::engine::dice_turn`]).

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::{Steps, TurnRules};
use crate::lang::ast::{Expr, ExprKind};
use crate::lang::Diagnostic;

impl Compiler {
    /// `by: die`, checked against the dice: they must be used separately.
    pub(crate) fn die_steps(&mut self, b: &Expr) -> Option<Steps> {
        match self.race.dice.as_ref().map(|d| d.separately.is_some()) {
            Some(true) => Some(Steps::Die),
            Some(false) => {
                self.diags.push(
                    Diagnostic::error(b.span, "'by: die' needs dice used separately")
                        .with_hint("write 'dice 2 from 1 to 6 separately', or move by the total with 'by: roll'"),
                );
                None
            }
            None => {
                self.diags.push(
                    Diagnostic::error(b.span, "'by: die' needs dice")
                        .with_hint("add a line like 'dice 2 from 1 to 6 separately'"),
                );
                None
            }
        }
    }

    /// Refuses `by: roll` with dice used separately (there is no total to move by).
    pub(crate) fn check_roll_steps(&mut self, b: &Expr) -> Option<()> {
        if self
            .race
            .dice
            .as_ref()
            .is_some_and(|d| d.separately.is_some())
        {
            self.diags.push(
                Diagnostic::error(
                    b.span,
                    "these dice are used separately: a move goes by one die",
                )
                .with_hint("write 'by: die': the turn is a sequence of steps, one die each"),
            );
            return None;
        }
        Some(())
    }

    /// The whole-turn arguments of an `advance`: `enter: first`, `bear-off: zone`, and
    /// whether `capture: blot` was given (`blot`). They need `by: die`.
    pub(crate) fn turn_rules(
        &mut self,
        a: &mut CallArgs,
        steps: Steps,
        blot: bool,
    ) -> Option<TurnRules> {
        let mut t = TurnRules {
            blot,
            ..TurnRules::default()
        };
        let whole = steps == Steps::Die;
        let need_die = |c: &mut Compiler, e: &Expr, what: &str| {
            if !whole {
                c.diags.push(
                    Diagnostic::error(e.span, format!("'{what}' belongs to whole turns"))
                        .with_hint("it needs 'by: die' (and 'dice … separately')"),
                );
            }
            whole
        };
        if let Some(e) = a.named("enter") {
            if !need_die(self, e, "enter") {
                return None;
            }
            match &e.kind {
                ExprKind::Name(n) if n == "first" => t.enter_first = true,
                _ => {
                    self.diags
                        .push(Diagnostic::error(e.span, "expected 'first'").with_hint(
                            "'enter: first': nothing else moves while a piece waits in the reserve",
                        ));
                    return None;
                }
            }
        }
        if let Some(e) = a.named("bear-off") {
            if !need_die(self, e, "bear-off") {
                return None;
            }
            t.home = Some(self.zone_ref(e)?);
        }
        if blot && !whole {
            self.diags.push(
                Diagnostic::error(a.span, "'capture: blot' belongs to whole turns")
                    .with_hint("it needs 'by: die' (and 'dice … separately')"),
            );
            return None;
        }
        Some(t)
    }
}
