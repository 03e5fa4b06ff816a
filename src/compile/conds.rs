//! Cell conditions: `empty`, `enemy`, `friend and pawn`, `not friend`, `empty and center`.
//! Content tests become per-player lookup tables; one zone may appear anywhere in the
//! formula (`empty or (enemy and not a2)`).

use super::scope::Compiler;
use crate::engine::PieceId;
use crate::engine::{ByPlayer, CellCond, ContentSet, Player};
use crate::lang::ast::{Expr, ExprKind};
use crate::lang::Diagnostic;

/// The words a condition may use besides piece kinds and zones.
pub const CONTENT_WORDS: [&str; 6] = ["empty", "occupied", "friend", "enemy", "neutral", "any"];

impl Compiler {
    /// Compiles a cell condition: any and/or/not mix of content words, piece kinds and at
    /// most one zone (evaluated once as if inside the zone, once as if outside).
    pub fn cell_cond(&mut self, e: &Expr) -> Option<CellCond> {
        let e = self.expand(e);
        let mut zones = Vec::new();
        self.zone_atoms(&e, &mut zones);
        let key = |x: &Expr| crate::compile::moves::st_text(x);
        let first = zones.first().copied();
        if let Some(other) = zones.iter().find(|z| key(z) != key(zones[0])) {
            self.err(
                other.span,
                "a condition may test one zone; define a zone that combines them",
            );
            return None;
        }
        let players: Vec<Player> = self.all_players().collect();
        let mut outside = Vec::new();
        for &p in &players {
            outside.push(self.content(&e, p, Some(false))?);
        }
        let zone = match first {
            None => None,
            Some(z) => {
                let id = self.zone_ref(z)?;
                let mut inside = Vec::new();
                for &p in &players {
                    inside.push(self.content(&e, p, Some(true))?);
                }
                Some((id, ByPlayer(inside)))
            }
        };
        Some(CellCond {
            content: ByPlayer(outside),
            zone,
        })
    }

    /// Collects the zone tests inside a condition.
    fn zone_atoms<'e>(&self, e: &'e Expr, out: &mut Vec<&'e Expr>) {
        match &e.kind {
            ExprKind::Not(x) => self.zone_atoms(x, out),
            ExprKind::And(xs) | ExprKind::Or(xs) => xs.iter().for_each(|x| self.zone_atoms(x, out)),
            _ if self.is_zone_expr(e) => out.push(e),
            _ => {}
        }
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
    fn content(&mut self, e: &Expr, p: Player, in_zone: Option<bool>) -> Option<ContentSet> {
        if let Some(inside) = in_zone.filter(|_| self.is_zone_expr(e)) {
            return Some(if inside {
                ContentSet::ALL
            } else {
                ContentSet::NONE
            });
        }
        let pieces = &self.pieces.pieces;
        let set = |f: &dyn Fn(usize) -> bool| {
            let mut s = ContentSet::NONE;
            for i in 0..pieces.len() {
                if f(i) {
                    s.insert(PieceId::from_index(i));
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
                    Some(k) => set(&|i| i != 0 && pieces[i].kind.index() == k),
                    None => {
                        if self.zones.zones.contains_key(n)
                            || self.geo.as_ref().is_some_and(|g| g.cell(n).is_some())
                        {
                            self.err(
                                e.span,
                                format!("'{n}' is a zone; a condition may test only one zone"),
                            );
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
            ExprKind::Not(x) => Some(self.content(x, p, in_zone)?.complement()),
            ExprKind::And(xs) => {
                let mut s = ContentSet::ALL;
                for x in xs {
                    s = s.intersect(self.content(x, p, in_zone)?);
                }
                Some(s)
            }
            ExprKind::Or(xs) => {
                let mut s = ContentSet::NONE;
                for x in xs {
                    s = s.union(self.content(x, p, in_zone)?);
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
