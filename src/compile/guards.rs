//! Conditions read at run time: guards on move rules (`when in-reserve(man) = 0`), comparisons
//! in endings (`loss if count(man) + in-reserve(man) < 3`), and the conditions a move part tests
//! on the piece it moved (`remove(enemy, if: line(3))`). Options in them are folded into
//! constants here, so a guard that depends only on options costs nothing at run time.

use super::args::CallArgs;
use super::repetition::RepContext;
use super::scope::Compiler;
use crate::engine::{Compare, PartCond, Quantity, StateCond};
use crate::lang::ast::{CmpOp, Expr, ExprKind};
use crate::lang::Diagnostic;

/// A compiled guard: known when compiling (options only), or tested on the state.
pub(crate) enum Guard {
    /// Decided by the options.
    Static(bool),
    /// Tested for the player to move.
    Runtime(StateCond),
}

/// The calls that read a number from the state.
const QUANTITIES: [&str; 4] = ["count", "in-reserve", "ply", "counters"];

fn compare(op: CmpOp) -> Compare {
    match op {
        CmpOp::Lt => Compare::Lt,
        CmpOp::Le => Compare::Le,
        CmpOp::Eq => Compare::Eq,
        CmpOp::Ne => Compare::Ne,
        CmpOp::Ge => Compare::Ge,
        CmpOp::Gt => Compare::Gt,
    }
}

/// Whether `e` reads the state (a `count(…)` or `in-reserve(…)` inside).
fn reads_state(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Call { name, .. } => QUANTITIES.contains(&name.node.as_str()),
        ExprKind::Add(a, b) | ExprKind::Sub(a, b) => reads_state(a) || reads_state(b),
        ExprKind::Name(_) => Compiler::is_score(e),
        _ => false,
    }
}

impl Compiler {
    /// Compiles a `when` guard of a move rule, or a comparison.
    pub fn guard(&mut self, e: &Expr) -> Option<Guard> {
        match &e.kind {
            ExprKind::Cmp(op, a, b) => {
                if reads_state(a) || reads_state(b) {
                    let qa = self.quantity(a)?;
                    let qb = self.quantity(b)?;
                    Some(Guard::Runtime(StateCond::Compare(compare(*op), qa, qb)))
                } else {
                    self.static_compare(*op, a, b, e.span).map(Guard::Static)
                }
            }
            ExprKind::Not(x) => Some(match self.guard(x)? {
                Guard::Static(b) => Guard::Static(!b),
                Guard::Runtime(c) => Guard::Runtime(StateCond::Not(Box::new(c))),
            }),
            ExprKind::And(xs) | ExprKind::Or(xs) => {
                let all = matches!(e.kind, ExprKind::And(_));
                let mut conds = Vec::new();
                for x in xs {
                    match self.guard(x)? {
                        Guard::Static(b) if b != all => return Some(Guard::Static(b)),
                        Guard::Static(_) => {}
                        Guard::Runtime(c) => conds.push(c),
                    }
                }
                Some(match conds.len() {
                    0 => Guard::Static(all),
                    1 => Guard::Runtime(conds.pop()?),
                    _ if all => Guard::Runtime(StateCond::All(conds)),
                    _ => Guard::Runtime(StateCond::Any(conds)),
                })
            }
            ExprKind::Call { name, .. } if QUANTITIES.contains(&name.node.as_str()) => {
                let example = match name.node.as_str() {
                    "ply" => "ply() = 0 (the first move of the game)",
                    "count" => "count(man) > 3",
                    "counters" => "counters(pits) = 0",
                    _ => "in-reserve(man) = 0",
                };
                self.diags.push(
                    Diagnostic::error(
                        e.span,
                        format!("'{}' is a number, not a test", super::moves::st_text(e)),
                    )
                    .with_hint(format!("compare it: {example}")),
                );
                None
            }
            _ => self.eval_bool(e).map(Guard::Static),
        }
    }

    /// A number read from the state: `count(kinds…)`, `in-reserve(kinds…)`, options and whole
    /// numbers, with `+` and `-`.
    fn quantity(&mut self, e: &Expr) -> Option<Quantity> {
        match &e.kind {
            ExprKind::Call { name, args } if name.node == "counters" => {
                let mut a = CallArgs::new(&name.node, e.span, args);
                self.counters_quantity(&mut a, e.span)
            }
            ExprKind::Name(_) if Compiler::is_score(e) => self.score_quantity(e.span),
            ExprKind::Call { name, args } if QUANTITIES.contains(&name.node.as_str()) => {
                let mut a = CallArgs::new(&name.node, e.span, args);
                if name.node == "ply" {
                    if let Some(x) = a.positional.first() {
                        self.diags.push(
                            Diagnostic::error(x.span, "'ply()' takes no arguments: it is the number of moves played so far")
                                .with_hint("compare it: move place(stone) when ply() = 0 (the first move of the game)"),
                        );
                        return None;
                    }
                    a.finish(&[], 0, &mut self.diags);
                    return Some(Quantity::Ply);
                }
                let enemy = if name.node == "count" {
                    match a.named("of") {
                        None => false,
                        Some(x) if matches!(&x.kind, ExprKind::Name(n) if n == "enemy") => true,
                        Some(x) => {
                            self.diags.push(
                                Diagnostic::error(
                                    x.span,
                                    format!(
                                        "'count' counts the pieces of the player it is asked for, or with 'of: enemy' those of the other players, not '{}'",
                                        super::moves::st_text(x)
                                    ),
                                )
                                .with_hint("count(queen, of: enemy) = 0 (the other side has no queen)"),
                            );
                            return None;
                        }
                    }
                } else {
                    false
                };
                let named: &[&str] = if name.node == "count" { &["of"] } else { &[] };
                a.finish(named, usize::MAX, &mut self.diags);
                let kinds = self.kinds_list(&a.positional)?;
                if name.node == "in-reserve" {
                    let reserve = self.race.reserve.as_ref().map(|r| r.0);
                    if let Some(&k) = kinds.iter().find(|&&k| Some(k) != reserve) {
                        let n = self
                            .pieces
                            .kinds
                            .get_index(k.index())
                            .map(|x| x.0.clone())
                            .unwrap_or_default();
                        self.diags.push(
                            Diagnostic::error(e.span, format!("no '{n}' waits in a reserve"))
                                .with_hint(format!("add a line like 'reserve {n} = 9'")),
                        );
                        return None;
                    }
                    Some(Quantity::InReserve(kinds))
                } else if enemy {
                    Some(Quantity::EnemyCount(kinds))
                } else {
                    Some(Quantity::Count(kinds))
                }
            }
            ExprKind::Add(a, b) => Some(Quantity::Sum(
                Box::new(self.quantity(a)?),
                Box::new(self.quantity(b)?),
            )),
            ExprKind::Sub(a, b) => Some(Quantity::Diff(
                Box::new(self.quantity(a)?),
                Box::new(self.quantity(b)?),
            )),
            ExprKind::Int(_) | ExprKind::Name(_) => self.eval_int(e).map(Quantity::Const),
            ExprKind::Call { name, .. } => {
                let d = Diagnostic::error(
                    name.span,
                    format!("'{}' is not a number read from the game", name.node),
                )
                .suggest(&name.node, QUANTITIES)
                .with_hint(
                    "numbers are count(kind), in-reserve(kind), ply(), options and whole numbers",
                );
                self.diags.push(d);
                None
            }
            _ => {
                self.err(
                    e.span,
                    "expected a number: count(kind), in-reserve(kind), ply(), an option or a whole number",
                );
                None
            }
        }
    }

    /// A condition a move part tests on a cell: `line(3)`, `repetition(…, cells: …)`, and
    /// these combined with `and`, `or`, `not`.
    pub fn part_cond(&mut self, e: &Expr) -> Option<PartCond> {
        let e = self.expand(e);
        match &e.kind {
            ExprKind::Call { name, args } if name.node == "line" => {
                let mut a = CallArgs::new("line", e.span, args);
                let (n, axes) = self.move_line_args(&mut a, e.span)?;
                a.finish(&["along"], 1, &mut self.diags);
                Some(PartCond::Line { n, axes })
            }
            ExprKind::Call { name, args } if name.node == "repetition" => self
                .repetition(e.span, args, RepContext::Move)
                .map(PartCond::Repetition),
            ExprKind::Not(x) => Some(PartCond::Not(Box::new(self.part_cond(x)?))),
            ExprKind::And(xs) => Some(PartCond::All(
                xs.iter()
                    .map(|x| self.part_cond(x))
                    .collect::<Option<_>>()?,
            )),
            ExprKind::Or(xs) => Some(PartCond::Any(
                xs.iter()
                    .map(|x| self.part_cond(x))
                    .collect::<Option<_>>()?,
            )),
            _ => {
                self.err(
                    e.span,
                    "expected a condition on the piece just moved: line(3), repetition(…, cells: …), combined with and/or/not",
                );
                None
            }
        }
    }
}
