//! Counters and scores: the `counters` kind (`piece seed = "o", counters`), the counts a
//! `setup 4 seed at pits` line puts on cells, the `score` line (`score counters(store)`),
//! and the numbers and tests that read them (`counters(pits)`, `score`, `most(score)`,
//! `last-sown-in(store)`). The engine side is `engine/counters.rs` and `engine/prim/sow.rs`.

use super::args::CallArgs;
use super::scope::Compiler;
use crate::engine::{Compare, EndCond, Quantity, StateCond, MAX_COUNTERS};
use crate::lang::ast::{Expr, ExprKind, File, Stmt};
use crate::lang::{Diagnostic, Span};

/// What the rule file says about counters.
#[derive(Default)]
pub(crate) struct CounterDecl {
    /// The `counters` kind (an index into the kinds) and where it is declared.
    pub kind: Option<(usize, Span)>,
    /// Counters per cell at the start (empty when no `setup` line gives a number).
    pub tally: Vec<u16>,
    /// What a player's `score` is.
    pub score: Option<Quantity>,
}

impl Compiler {
    /// Marks kind `k` (declared at `span`) as the counters kind: one per game. (Owned
    /// counters cannot be written: `, counters` only follows a single symbol.)
    pub(super) fn declare_counters(&mut self, k: usize, span: Span) {
        if self.counters.kind.is_some() {
            self.err(span, "a game has one kind of counters; this is a second");
            return;
        }
        self.counters.kind = Some((k, span));
    }

    /// A number of counters a `setup` line puts on each cell, checked against the kind.
    pub(super) fn setup_count(&mut self, k: usize, n: u32, span: Span) -> Option<u16> {
        if self.counters.kind.map(|x| x.0) != Some(k) {
            self.diags.push(
                Diagnostic::error(
                    span,
                    "only a kind declared with 'counters' takes a number of pieces per cell",
                )
                .with_hint("piece seed = \"o\", counters, then setup 4 seed at pits"),
            );
            return None;
        }
        if n == 0 || n > u32::from(MAX_COUNTERS) {
            self.err(
                span,
                format!("a number of counters is between 1 and {MAX_COUNTERS}"),
            );
            return None;
        }
        Some(n as u16)
    }

    /// The `score` line: `score counters(zones…)`.
    pub(super) fn build_score(&mut self, ast: &File) {
        for st in &ast.stmts {
            let Stmt::Score(e) = &st.node else {
                continue;
            };
            if self.counters.score.is_some() {
                self.err(st.span, "the score is said twice");
                continue;
            }
            let q = match &e.kind {
                ExprKind::Call { name, args } if name.node == "counters" => {
                    let mut a = CallArgs::new("counters", e.span, args);
                    self.counters_quantity(&mut a, e.span)
                }
                _ => {
                    self.diags.push(
                        Diagnostic::error(e.span, "a score is the counters on some cells: counters(zone, …)")
                            .with_hint("score counters(store) (each player's counters on their own store cells)"),
                    );
                    None
                }
            };
            self.counters.score = q;
        }
    }

    /// `counters(zones…, of: enemy)`: the counters on the player's (or the others') cells
    /// of the zones.
    pub(super) fn counters_quantity(&mut self, a: &mut CallArgs, span: Span) -> Option<Quantity> {
        if self.counters.kind.is_none() {
            self.diags.push(
                Diagnostic::error(
                    span,
                    "'counters(…)' counts counters, and no kind is declared with 'counters'",
                )
                .with_hint("piece seed = \"o\", counters"),
            );
            return None;
        }
        let enemy = match a.named("of") {
            None => false,
            Some(x) if matches!(&x.kind, ExprKind::Name(n) if n == "enemy") => true,
            Some(x) => {
                self.err(x.span, "'counters' counts the player's own cells, or with 'of: enemy' the other players'");
                return None;
            }
        };
        a.finish(&["of"], usize::MAX, &mut self.diags);
        if a.positional.is_empty() {
            self.err(span, "'counters' needs zones: counters(store)");
            return None;
        }
        let zones = a
            .positional
            .clone()
            .into_iter()
            .map(|z| self.zone_ref(z))
            .collect::<Option<Vec<_>>>()?;
        Some(Quantity::Counters { zones, enemy })
    }

    /// Whether `e` is the word `score`.
    pub(super) fn is_score(e: &Expr) -> bool {
        matches!(&e.kind, ExprKind::Name(n) if n == "score")
    }

    /// `score` read where a number is expected; refused without a `score` line.
    pub(super) fn score_quantity(&mut self, span: Span) -> Option<Quantity> {
        if self.counters.score.is_none() {
            self.diags.push(
                Diagnostic::error(
                    span,
                    "'score' is read here, but the game never says what a score is",
                )
                .with_hint("add a line like 'score counters(store)'"),
            );
            return None;
        }
        Some(Quantity::Score)
    }

    /// `most(score)`: the player's score is above every other player's.
    pub(super) fn most_score(&mut self, span: Span) -> Option<EndCond> {
        self.score_quantity(span)?;
        Some(EndCond::State(StateCond::Compare(
            Compare::Gt,
            Quantity::ScoreLead,
            Quantity::Const(0),
        )))
    }

    /// `last-sown-in(zone)`: the last counter of the last move fell on the player's cells
    /// of the zone.
    pub(super) fn last_sown_in(&mut self, a: &CallArgs, span: Span) -> Option<EndCond> {
        let Some(z) = a.positional.first().copied() else {
            self.err(span, "'last-sown-in' needs a zone: last-sown-in(store)");
            return None;
        };
        Some(EndCond::LastSownIn(self.zone_ref(z)?))
    }
}
