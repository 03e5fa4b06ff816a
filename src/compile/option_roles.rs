//! What each option does, as far as a legend needs to know to say it in words: the
//! options the board line reads (its size: the board shows them, no need to say them)
//! and the ones a move's guard reads (`move swap-sides when swap`: they allow or forbid a
//! move).

use super::scope::OptionValue;
use crate::lang::ast::{Expr, ExprKind, File, Stmt};
use indexmap::IndexMap;

/// The options the board line reads, with the options they name (`option width = size`).
pub(super) fn drawn_options(ast: &File, options: &IndexMap<String, OptionValue>) -> Vec<String> {
    let mut out = Vec::new();
    for s in &ast.stmts {
        if let Stmt::Board(e) = &s.node {
            names_in(e, options, &mut out);
        }
    }
    // An option whose value names another (`width = size`) draws that one too.
    let mut i = 0;
    while i < out.len() {
        if let Some(OptionValue::Word(w)) = options.get(&out[i]) {
            if options.contains_key(w) && !out.contains(w) {
                out.push(w.clone());
            }
        }
        i += 1;
    }
    out
}

/// The options a `move … when …` guard reads.
pub(super) fn move_options(ast: &File, options: &IndexMap<String, OptionValue>) -> Vec<String> {
    let mut out = Vec::new();
    for s in &ast.stmts {
        if let Stmt::Move { guard: Some(g), .. } = &s.node {
            names_in(g, options, &mut out);
        }
    }
    out
}

/// Adds to `out` each option `e` names, once.
fn names_in(e: &Expr, options: &IndexMap<String, OptionValue>, out: &mut Vec<String>) {
    match &e.kind {
        ExprKind::Name(n) => {
            if options.contains_key(n) && !out.contains(n) {
                out.push(n.clone());
            }
        }
        ExprKind::Call { args, .. } => {
            for a in args {
                names_in(&a.value, options, out);
            }
        }
        ExprKind::Not(x) => names_in(x, options, out),
        ExprKind::And(xs) | ExprKind::Or(xs) | ExprKind::Then(xs) => {
            for x in xs {
                names_in(x, options, out);
            }
        }
        ExprKind::Add(a, b) | ExprKind::Sub(a, b) | ExprKind::Cmp(_, a, b) => {
            names_in(a, options, out);
            names_in(b, options, out);
        }
        ExprKind::Int(_) | ExprKind::Decimal(_) | ExprKind::Str(_) => {}
    }
}
