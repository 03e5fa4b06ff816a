//! An ending's comparison in a player's words, made from the rule's parts (never its source
//! text): `count(man) + in-reserve(man) < 3` is `fewer than 3 men`, said of the player it
//! holds for ("Black has fewer than 3 men"). The game-over line uses it; a comparison of
//! another shape has no words here and is named by its player alone.

use crate::lang::ast::{CmpOp, Expr, ExprKind};

/// What a count term counts: the piece kinds, and where.
#[derive(Debug, PartialEq, Eq)]
struct Term {
    kinds: Vec<String>,
    board: bool,
    reserve: bool,
}

/// Words for an ending's comparison, if it compares a count of pieces with a number.
pub(super) fn comparison_words(e: &Expr) -> Option<String> {
    let ExprKind::Cmp(op, a, b) = &e.kind else {
        return None;
    };
    // `3 > count(man)` reads as `count(man) < 3`.
    let (op, counted, n) = match (&a.kind, &b.kind) {
        (_, ExprKind::Int(n)) => (*op, a, *n),
        (ExprKind::Int(n), _) => (flip(*op), b, *n),
        _ => return None,
    };
    let term = term(counted)?;
    let how = match op {
        CmpOp::Lt => "fewer than",
        CmpOp::Le => "at most",
        CmpOp::Eq => "exactly",
        CmpOp::Ne => "other than",
        CmpOp::Ge => "at least",
        CmpOp::Gt => "more than",
    };
    let kinds = term
        .kinds
        .iter()
        .map(|k| if n == 1 { k.clone() } else { plural(k) })
        .collect::<Vec<_>>()
        .join(" and ");
    let kinds = if kinds.is_empty() {
        if n == 1 { "piece" } else { "pieces" }.to_string()
    } else {
        kinds
    };
    let where_ = match (term.board, term.reserve) {
        (true, false) => " on the board",
        (false, true) => " in reserve",
        _ => "",
    };
    Some(format!("{how} {n} {kinds}{where_}"))
}

/// The comparison with its sides swapped.
fn flip(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        o => o,
    }
}

/// `count(k)`, `in-reserve(k)`, or their sum over the same kinds.
fn term(e: &Expr) -> Option<Term> {
    match &e.kind {
        ExprKind::Call { name, args } => {
            let kinds = args
                .iter()
                .filter(|a| a.name.is_none())
                .map(|a| match &a.value.kind {
                    ExprKind::Name(k) => Some(k.clone()),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?;
            match name.node.as_str() {
                "count" => Some(Term {
                    kinds,
                    board: true,
                    reserve: false,
                }),
                "in-reserve" => Some(Term {
                    kinds,
                    board: false,
                    reserve: true,
                }),
                _ => None,
            }
        }
        ExprKind::Add(a, b) => {
            let (a, b) = (term(a)?, term(b)?);
            (a.kinds == b.kinds).then_some(Term {
                kinds: a.kinds,
                board: a.board || b.board,
                reserve: a.reserve || b.reserve,
            })
        }
        _ => None,
    }
}

/// A piece kind's plural: `man` is `men`, `bishop` `bishops`, `grasshopper-x` as written
/// with an `s`.
fn plural(kind: &str) -> String {
    let words = kind.replace('-', " ");
    if let Some(stem) = words.strip_suffix("man") {
        format!("{stem}men")
    } else if ["s", "x", "ch", "sh"].iter().any(|e| words.ends_with(e)) {
        format!("{words}es")
    } else {
        format!("{words}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(src: &str) -> Option<String> {
        let text = format!(
            "game \"W\"\nplayers A, B\nboard square(3, 3)\npiece man = \"M\"\nmove place(man)\nloss if {src}\n"
        );
        let file = crate::lang::parse(&text).expect("parses");
        let end = file
            .stmts
            .iter()
            .find_map(|s| match &s.node {
                crate::lang::ast::Stmt::End { cond, .. } => Some(cond.clone()),
                _ => None,
            })
            .expect("an ending");
        comparison_words(&end)
    }

    #[test]
    fn counts_are_said_in_words() {
        assert_eq!(
            words("count(man) + in-reserve(man) < 3").as_deref(),
            Some("fewer than 3 men")
        );
        assert_eq!(
            words("count(man) < 2").as_deref(),
            Some("fewer than 2 men on the board")
        );
        assert_eq!(
            words("1 >= in-reserve(man)").as_deref(),
            Some("at most 1 man in reserve")
        );
        assert_eq!(words("count(man) < count(man)"), None);
        assert_eq!(plural("bishop"), "bishops");
        assert_eq!(plural("gold-general"), "gold generals");
    }
}
