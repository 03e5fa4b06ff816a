//! Cell conditions: `empty`, `enemy`, `friend and pawn`, `not friend`, `empty and center`.
//! Content tests become per-player lookup tables; at most one zone test may be added with
//! `and`.

use super::scope::Compiler;
use crate::engine::{ByPlayer, CellCond, ContentSet, Player};
use crate::lang::ast::{Expr, ExprKind};
use crate::lang::Diagnostic;

/// The words a condition may use besides piece kinds and zones.
pub const CONTENT_WORDS: [&str; 6] = ["empty", "occupied", "friend", "enemy", "neutral", "any"];

impl Compiler {
    /// Compiles a cell condition.
    pub fn cell_cond(&mut self, e: &Expr) -> Option<CellCond> {
        let e = self.expand(e);
        let parts: Vec<&Expr> = match &e.kind {
            ExprKind::And(xs) => xs.iter().collect(),
            _ => vec![&e],
        };
        let np = self.players.len();
        let mut content = vec![ContentSet::ALL; np];
        let mut zone = None;
        for part in parts {
            let (inner, negated) = match &part.kind {
                ExprKind::Not(x) => (&**x, true),
                _ => (part, false),
            };
            if self.is_zone_expr(inner) {
                if zone.is_some() {
                    self.err(
                        part.span,
                        "a condition may test one zone; define a zone that combines them",
                    );
                    return None;
                }
                zone = Some((self.zone_ref(inner)?, !negated));
                continue;
            }
            for (p, c) in content.iter_mut().enumerate() {
                *c = c.intersect(self.content(part, Player(p as u8))?);
            }
        }
        Some(CellCond {
            content: ByPlayer(content),
            zone,
        })
    }

    fn is_zone_expr(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Name(n) => {
                !CONTENT_WORDS.contains(&n.as_str())
                    && !self.pieces.kinds.contains_key(n)
                    && (self.zones.zones.contains_key(n)
                        || self.geo.as_ref().is_some_and(|g| g.cell(n).is_some()))
            }
            ExprKind::Call { name, .. } => name.node == "row" || name.node == "column",
            ExprKind::Add(..) | ExprKind::Sub(..) => true,
            _ => false,
        }
    }

    /// The contents a content condition accepts for player `p`.
    fn content(&mut self, e: &Expr, p: Player) -> Option<ContentSet> {
        let pieces = &self.pieces.pieces;
        let set = |f: &dyn Fn(usize) -> bool| {
            let mut s = ContentSet::NONE;
            for i in 0..pieces.len() {
                if f(i) {
                    s.insert(i as u8);
                }
            }
            s
        };
        match &e.kind {
            ExprKind::Name(n) => Some(match n.as_str() {
                "empty" => set(&|i| i == 0),
                "occupied" => set(&|i| i != 0),
                "any" => ContentSet::ALL,
                "friend" => set(&|i| i != 0 && pieces[i].owner == Some(p)),
                "enemy" => set(&|i| i != 0 && pieces[i].owner.is_some_and(|o| o != p)),
                "neutral" if !self.pieces.kinds.contains_key("neutral") => {
                    set(&|i| i != 0 && pieces[i].owner.is_none())
                }
                _ => match self.pieces.kinds.get_index_of(n) {
                    Some(k) => set(&|i| i != 0 && pieces[i].kind as usize == k),
                    None => {
                        if self.zones.zones.contains_key(n)
                            || self.geo.as_ref().is_some_and(|g| g.cell(n).is_some())
                        {
                            self.err(e.span, format!("zone '{n}' can only be combined with 'and' (e.g. 'empty and {n}'), not inside 'or' or 'not'"));
                            return None;
                        }
                        let mut known: Vec<String> =
                            CONTENT_WORDS.iter().map(|s| s.to_string()).collect();
                        known.extend(self.pieces.kinds.keys().cloned());
                        known.extend(self.zones.zones.keys().cloned());
                        let d = Diagnostic::error(e.span, format!("unknown condition '{n}'"))
                            .suggest(n, known.iter().map(String::as_str));
                        let d = if d.hint.is_none() {
                            d.with_hint("a condition is empty, occupied, friend, enemy, neutral, any, a piece kind or a zone, combined with and/or/not")
                        } else {
                            d
                        };
                        self.diags.push(d);
                        return None;
                    }
                },
            }),
            ExprKind::Not(x) => Some(self.content(x, p)?.complement()),
            ExprKind::And(xs) => {
                let mut s = ContentSet::ALL;
                for x in xs {
                    s = s.intersect(self.content(x, p)?);
                }
                Some(s)
            }
            ExprKind::Or(xs) => {
                let mut s = ContentSet::NONE;
                for x in xs {
                    s = s.union(self.content(x, p)?);
                }
                Some(s)
            }
            _ => {
                self.err(
                    e.span,
                    "expected a condition such as empty, enemy, 'not friend' or a piece kind",
                );
                None
            }
        }
    }
}
