//! Preferences of the greedy player: `prefer reach(rosettes) by 500`, `prefer noise 10`.
//!
//! The condition is an ending's condition (`reach`, `captured`, `line`, …) or one of the
//! move tests `bears-off`, `from(zone)` and `promotes`, combined with `and`, `or`, `not`.

use super::scope::Compiler;
use crate::engine::{MoveCond, Preference};
use crate::lang::ast::{Expr, ExprKind, File, Stmt};
use crate::lang::Diagnostic;

/// The largest weight (and noise) a preference may have.
const MAX_WEIGHT: i64 = 1_000_000;

/// The move tests besides the endings, for messages.
const MOVE_TESTS: &str =
    "bears-off, from(zone), promotes, or an ending's test such as reach(zone) or captured(kinds)";

impl Compiler {
    /// Reads every `prefer` statement into `self.race.prefer`.
    pub fn build_prefer(&mut self, ast: &File) {
        for st in &ast.stmts {
            let Stmt::Prefer {
                cond,
                weight,
                guard,
            } = &st.node
            else {
                continue;
            };
            if !self.guard_applies(guard) {
                continue;
            }
            let w = weight.node;
            let Some(cond) = cond else {
                if !(0..=MAX_WEIGHT).contains(&w) {
                    self.err(
                        weight.span,
                        format!("the noise is a whole number from 0 to {MAX_WEIGHT}"),
                    );
                } else if self.race.prefer.noise != 0 {
                    self.err(st.span, "the noise is given twice");
                } else {
                    self.race.prefer.noise = w as u32;
                }
                continue;
            };
            if !(-MAX_WEIGHT..=MAX_WEIGHT).contains(&w) {
                self.err(
                    weight.span,
                    format!("a weight is a whole number from -{MAX_WEIGHT} to {MAX_WEIGHT}"),
                );
                continue;
            }
            let cond = self.expand(cond);
            if let Some(c) = self.move_cond(&cond) {
                self.race.prefer.rules.push(Preference {
                    cond: c,
                    weight: w as i32,
                    text: super::moves::st_text(&cond),
                });
            }
        }
    }

    /// A test on the move just made.
    fn move_cond(&mut self, e: &Expr) -> Option<MoveCond> {
        let (name, args) = match &e.kind {
            ExprKind::Not(x) => return Some(MoveCond::Not(Box::new(self.move_cond(x)?))),
            ExprKind::And(xs) | ExprKind::Or(xs) => {
                let mut parts = Vec::new();
                let mut ok = true;
                for x in xs {
                    match self.move_cond(x) {
                        Some(c) => parts.push(c),
                        None => ok = false,
                    }
                }
                if !ok {
                    return None;
                }
                return Some(if matches!(e.kind, ExprKind::And(_)) {
                    MoveCond::All(parts)
                } else {
                    MoveCond::Any(parts)
                });
            }
            ExprKind::Name(n) => (n.as_str(), &[][..]),
            ExprKind::Call { name, args } => (name.node.as_str(), &args[..]),
            _ => {
                self.err(e.span, format!("expected a test on the move: {MOVE_TESTS}"));
                return None;
            }
        };
        match name {
            "bears-off" | "promotes" => {
                if let Some(a) = args.first() {
                    self.err(a.value.span, format!("'{name}' takes no arguments"));
                    return None;
                }
                Some(if name == "bears-off" {
                    MoveCond::BearsOff
                } else {
                    MoveCond::Promotes
                })
            }
            "from" => {
                let [a] = args else {
                    self.err(e.span, "'from' needs one zone or cell: from(a2)");
                    return None;
                };
                if a.name.is_some() {
                    self.err(e.span, "'from' needs one zone or cell: from(a2)");
                    return None;
                }
                Some(MoveCond::From(self.zone_ref(&a.value)?))
            }
            "no-moves" | "no-progress" => {
                self.err(
                    e.span,
                    format!("'{name}' is not a test on a move; use {MOVE_TESTS}"),
                );
                None
            }
            _ if super::ends::ENDINGS.contains(&name) => self.end_cond(e).map(MoveCond::End),
            _ => {
                let names = ["bears-off", "from", "promotes"]
                    .into_iter()
                    .chain(super::ends::ENDINGS)
                    .filter(|n| !matches!(*n, "no-moves" | "no-progress"));
                let span = match &e.kind {
                    ExprKind::Call { name, .. } => name.span,
                    _ => e.span,
                };
                let d = Diagnostic::error(span, format!("unknown test on a move '{name}'"))
                    .suggest(name, names);
                let d = if d.hint.is_none() {
                    d.with_hint(format!("tests are: {MOVE_TESTS}"))
                } else {
                    d
                };
                self.diags.push(d);
                None
            }
        }
    }
}
