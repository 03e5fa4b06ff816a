//! `repetition(…)`, the predicate of endings (`draw if repetition(3)`), move filters
//! (`forbid repetition(2, positional)`) and move conditions, and the `forbid` statement.
//!
//! ```text
//! repetition(3)                                   the 3rd occurrence of the same situation
//! repetition(2, positional)                       the first repeat of the board (superko)
//! repetition(3, situational, since: irreversible) only since the last capture/pawn move
//! repetition(2, positional, over: last(2))        only the last 2 plies back (simple ko)
//! repetition(2, position + side, cells: center)   some parts of the state, some cells
//! repetition(2, cells: mill, over: turns(3))      the line just formed (inside a move)
//! ```

use super::args::CallArgs;
use super::scope::Compiler;
use crate::engine::{ContentSet, Forbid, ForbidCond, RepCells, Repetition, StateParts};
use crate::lang::ast::{Arg, Expr, ExprKind, File, Stmt};
use crate::lang::{Diagnostic, Span};

/// Where a repetition is used; some axes only make sense in some places.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum RepContext {
    /// An ending: `draw if repetition(3)`.
    End,
    /// A move filter: `forbid repetition(2, positional)`.
    Forbid,
    /// A condition inside a move: `remove(enemy, if: not repetition(2, cells: mill, …))`.
    Move,
}

/// The words for what a repetition compares.
const WHAT: [&str; 5] = ["positional", "situational", "position", "side", "flags"];
/// The windows.
const OVER: [&str; 3] = ["all", "last", "turns"];
/// Where a window may start.
const SINCE: [&str; 2] = ["start", "irreversible"];

impl Compiler {
    /// Compiles `repetition(times, what, since:, over:, cells:)` used in `ctx`.
    pub fn repetition(&mut self, span: Span, args: &[Arg], ctx: RepContext) -> Option<Repetition> {
        let mut a = CallArgs::new("repetition", span, args);
        let Some(&n) = a.positional.first() else {
            self.diags.push(
                Diagnostic::error(span, "'repetition' needs the occurrence that counts: repetition(3) for the third time the same situation occurs")
                    .with_hint("repetition(2, positional) is the first repeat (Go's superko); repetition(3) is chess's threefold repetition"),
            );
            return None;
        };
        let times = self.eval_int(n)?;
        if times < 2 {
            self.diags.push(
                Diagnostic::error(
                    n.span,
                    format!("repetition({times}) would hold for every position: the number is the occurrence that counts, and the first repeat is the 2nd occurrence"),
                )
                .with_hint("write repetition(2, …) for a rule against the first repeat (ko, superko), repetition(3) for threefold repetition"),
            );
            return None;
        }
        if times > 1000 {
            self.err(n.span, format!("{times} occurrences: at most 1000"));
            return None;
        }
        let mut parts = match a.positional.get(1) {
            Some(w) => self.state_parts(w)?,
            None => StateParts::SITUATIONAL,
        };
        let mut since_irreversible = false;
        if let Some(s) = a.named("since") {
            since_irreversible = self.since(s)?;
        }
        let last = match a.named("over") {
            Some(o) => self.window(o)?,
            None => None,
        };
        let cells = match a.named("cells") {
            None => RepCells::Board,
            Some(c) => self.rep_cells(c, ctx)?,
        };
        a.finish(&["since", "over", "cells"], 2, &mut self.diags);
        if cells != RepCells::Board {
            // Over some cells, a repetition compares what stands there (and who is to move).
            parts = match parts {
                StateParts::SITUATIONAL => StateParts::BOARD.union(StateParts::SIDE),
                p if StateParts::BOARD.union(StateParts::SIDE).contains(p) => p,
                _ => {
                    self.err(span, "over some cells, a repetition compares what stands on them and, if asked, the side to move: use 'positional' or 'position + side'");
                    return None;
                }
            };
        }
        if ctx == RepContext::Move {
            if cells == RepCells::Board {
                self.diags.push(
                    Diagnostic::error(span, "inside a move, a repetition looks at some cells")
                        .with_hint(
                            "add the cells, such as 'cells: line(3)' for the line just formed",
                        ),
                );
                return None;
            }
            if since_irreversible {
                self.err(span, "inside a move, a repetition's window is 'over: last(n)' or 'over: turns(n)', not 'since: irreversible'");
                return None;
            }
        }
        let kind = if cells == RepCells::Board {
            match self.rep_kinds.iter().position(|&k| k == parts) {
                Some(i) => i,
                None => {
                    self.rep_kinds.push(parts);
                    self.rep_kinds.len() - 1
                }
            }
        } else {
            0
        };
        Some(Repetition {
            times: times as u16,
            parts,
            since_irreversible,
            last: last.map(|(n, turns)| {
                if turns {
                    n * self.players.len() as u32
                } else {
                    n
                }
            }),
            cells,
            kind: kind as u8,
        })
    }

    /// `positional`, `situational`, or a sum of parts (`position + side`); an option may name
    /// the word.
    fn state_parts(&mut self, e: &Expr) -> Option<StateParts> {
        match &e.kind {
            ExprKind::Add(a, b) => Some(self.state_parts(a)?.union(self.state_parts(b)?)),
            ExprKind::Name(n) => {
                let word = match self.options.get(n) {
                    Some(v) => v.to_string(),
                    None => n.clone(),
                };
                Some(match word.as_str() {
                    "positional" => StateParts::POSITIONAL,
                    "situational" => StateParts::SITUATIONAL,
                    "position" => StateParts::BOARD,
                    "side" => StateParts::SIDE,
                    "flags" => StateParts::FLAGS,
                    other => {
                        let d = Diagnostic::error(
                            e.span,
                            format!("'{other}' is not something a repetition compares"),
                        )
                        .suggest(other, WHAT);
                        let d = if d.hint.is_none() {
                            d.with_hint("use positional (the board and reserves), situational (everything), or parts joined by '+': position, side, flags")
                        } else {
                            d
                        };
                        self.diags.push(d);
                        return None;
                    }
                })
            }
            _ => {
                self.err(e.span, "expected what counts as the same: positional, situational, or parts such as 'position + side'");
                None
            }
        }
    }

    /// `since: start` or `since: irreversible` (captures and moves of the pieces a
    /// no-progress ending names), or `since: irreversible(pawn, …)`.
    fn since(&mut self, e: &Expr) -> Option<bool> {
        let (word, kinds): (&str, &[Arg]) = match &e.kind {
            ExprKind::Name(n) => (n, &[]),
            ExprKind::Call { name, args } => (&name.node, args),
            _ => ("", &[]),
        };
        match word {
            "start" if kinds.is_empty() => Some(false),
            "irreversible" => {
                let a = CallArgs::new("irreversible", e.span, kinds);
                a.finish(&[], usize::MAX, &mut self.diags);
                if a.positional.is_empty() {
                    if self.progress.is_none() {
                        self.progress = Some(ContentSet::NONE);
                    }
                } else {
                    let owned = self.owned_pieces(&a.positional)?;
                    self.set_progress(owned, true, e.span)?;
                }
                Some(true)
            }
            _ => {
                let d = Diagnostic::error(
                    e.span,
                    format!(
                        "'{}' is not where a repetition's window starts",
                        super::moves::st_text(e)
                    ),
                )
                .suggest(word, SINCE);
                let d = if d.hint.is_none() {
                    d.with_hint("use 'since: irreversible' (the last capture, or move of a piece named in irreversible(…) or no-progress(…)) or 'since: start'")
                } else {
                    d
                };
                self.diags.push(d);
                None
            }
        }
    }

    /// `over: all`, `over: last(n)` (plies) or `over: turns(n)`; `(n, in turns)`.
    fn window(&mut self, e: &Expr) -> Option<Option<(u32, bool)>> {
        match &e.kind {
            ExprKind::Name(n) if n == "all" => Some(None),
            ExprKind::Call { name, args } if name.node == "last" || name.node == "turns" => {
                let a = CallArgs::new(&name.node, e.span, args);
                a.finish(&[], 1, &mut self.diags);
                let Some(&x) = a.positional.first() else {
                    self.err(
                        e.span,
                        format!("'{}' needs a number: {}(8)", name.node, name.node),
                    );
                    return None;
                };
                let v = self.eval_int(x)?;
                if !(0..=1_000_000).contains(&v) {
                    self.err(
                        x.span,
                        format!(
                            "a window of {v} {}: it must be between 0 and 1000000",
                            if name.node == "last" {
                                "plies"
                            } else {
                                "turns"
                            }
                        ),
                    );
                    return None;
                }
                Some(Some((v as u32, name.node == "turns")))
            }
            _ => {
                let word = match &e.kind {
                    ExprKind::Name(n) => n.clone(),
                    ExprKind::Call { name, .. } => name.node.clone(),
                    _ => String::new(),
                };
                let d = Diagnostic::error(
                    e.span,
                    format!(
                        "'{}' is not a window of the history",
                        super::moves::st_text(e)
                    ),
                )
                .suggest(&word, OVER);
                let d = if d.hint.is_none() {
                    d.with_hint("use 'over: last(8)' (plies), 'over: turns(4)' or 'over: all'")
                } else {
                    d
                };
                self.diags.push(d);
                None
            }
        }
    }

    /// `cells: <zone>` or, inside a move, `cells: line(3)` (the line just formed).
    fn rep_cells(&mut self, e: &Expr, ctx: RepContext) -> Option<RepCells> {
        let e = self.expand(e);
        if let ExprKind::Call { name, args } = &e.kind {
            if name.node == "line" {
                if ctx != RepContext::Move {
                    self.err(e.span, "'cells: line(…)' is the line a move has just formed; it only makes sense in a condition inside a move, such as remove(…, if: …)");
                    return None;
                }
                let mut a = CallArgs::new("line", e.span, args);
                let (n, axes) = self.move_line_args(&mut a, e.span)?;
                a.finish(&["along"], 1, &mut self.diags);
                return Some(RepCells::Line { n, axes });
            }
        }
        let per = self.zone_expr(&e, 0)?;
        if per.is_empty() {
            self.err(e.span, "these cells are none");
            return None;
        }
        if per.len() > crate::engine::MAX_PARTIAL_CELLS {
            self.err(
                e.span,
                format!(
                    "{} cells: a repetition compares at most {} cells, or the whole board (leave 'cells' out)",
                    per.len(),
                    crate::engine::MAX_PARTIAL_CELLS
                ),
            );
            return None;
        }
        Some(RepCells::Cells(per))
    }

    /// `forbid` statements.
    pub fn build_forbids(&mut self, ast: &File) -> Vec<Forbid> {
        let mut out = Vec::new();
        for st in &ast.stmts {
            let Stmt::Forbid { cond, guard } = &st.node else {
                continue;
            };
            if !self.guard_applies(guard) {
                continue;
            }
            let cond = self.expand(cond);
            let (name, args) = match &cond.kind {
                ExprKind::Call { name, args } => (name.node.as_str(), &args[..]),
                ExprKind::Name(n) => (n.as_str(), &[][..]),
                _ => ("", &[][..]),
            };
            let c = match name {
                "repetition" => self
                    .repetition(cond.span, args, RepContext::Forbid)
                    .map(crate::engine::ForbidCond::Repetition),
                "surrounded" => {
                    let mut a = CallArgs::new("surrounded", cond.span, args);
                    let who = match a.positional.first() {
                        Some(&w) => self.cell_cond(w).map(|c| c.content),
                        None => {
                            self.err(
                                cond.span,
                                "'surrounded' needs whose chains: surrounded(friend)",
                            );
                            None
                        }
                    };
                    let dirs = self.chain_dirs(&mut a);
                    a.finish(&["along"], 1, &mut self.diags);
                    match (who, dirs) {
                        (Some(who), Some(dirs)) => Some(ForbidCond::Surrounded { who, dirs }),
                        _ => None,
                    }
                }
                _ => {
                    let d = Diagnostic::error(
                        cond.span,
                        format!(
                            "'forbid' takes repetition(…) or surrounded(…), not '{}'",
                            super::moves::st_text(&cond)
                        ),
                    )
                    .suggest(name, ["repetition", "surrounded"]);
                    self.diags.push(d);
                    None
                }
            };
            if let Some(c) = c {
                out.push(Forbid {
                    cond: c,
                    text: super::moves::st_text(&cond),
                });
            }
        }
        out
    }
}
