//! Zones: named sets of cells, possibly per player, built from cell names, rows, columns,
//! board edges and other zones with `+` (union) and `-` (difference).

use indexmap::IndexMap;

use super::args::CallArgs;
use super::scope::Compiler;
use crate::engine::CellId;
use crate::lang::ast::{Expr, ExprKind, File, Stmt, Value};
use crate::lang::{Diagnostic, Span};

/// Zones by name; each has one cell list per player. Anonymous zones (written inline in a
/// condition or an ending) are added with their source text as name.
#[derive(Default)]
pub(crate) struct ZoneTable {
    pub zones: IndexMap<String, Vec<Vec<CellId>>>,
    /// Zone names read by anything but a `bonus` line (rules, endings, other zones).
    pub used_by_rules: std::collections::HashSet<String>,
    /// Zone names read by `bonus` lines.
    pub used_by_hints: std::collections::HashSet<String>,
    /// A `bonus` line is being read: its zone names count as hints.
    pub reading_hints: bool,
}

impl ZoneTable {
    /// Notes that zone `name` was read, by a hint or by the rules.
    fn mark_used(&mut self, name: &str) {
        let set = if self.reading_hints {
            &mut self.used_by_hints
        } else {
            &mut self.used_by_rules
        };
        if !set.contains(name) {
            set.insert(name.to_string());
        }
    }

    /// Whether zone `name` is read only by `bonus` lines: knowledge for the computer
    /// player, not a part of the rules a player needs to see.
    pub fn hint_only(&self, name: &str) -> bool {
        self.used_by_hints.contains(name) && !self.used_by_rules.contains(name)
    }
}

impl Compiler {
    pub fn build_zones(&mut self, ast: &File) {
        let np = self.players.len();
        if let Some(geo) = &self.geo {
            for (n, cells) in &geo.edges {
                self.zones
                    .zones
                    .insert(n.to_string(), vec![cells.clone(); np]);
            }
            let all: Vec<CellId> = CellId::upto(geo.names.len()).collect();
            self.zones.zones.insert("all".into(), vec![all; np]);
        }
        let builtin: Vec<String> = self.zones.zones.keys().cloned().collect();
        for st in &ast.stmts {
            let Stmt::Zone { name, value } = &st.node else {
                continue;
            };
            if self.zones.zones.contains_key(&name.node) {
                let what = if builtin.contains(&name.node) {
                    "is a zone every board of this shape has"
                } else {
                    "is defined twice"
                };
                self.err(name.span, format!("zone '{}' {what}", name.node));
                continue;
            }
            if self
                .geo
                .as_ref()
                .is_some_and(|g| g.cell(&name.node).is_some())
            {
                self.err(
                    name.span,
                    format!(
                        "zone '{}' has the name of a cell; choose another name",
                        name.node
                    ),
                );
                continue;
            }
            // A wrong zone (reported) stands in as an empty one, so its uses are not reported
            // again as unknown zones.
            let z = self
                .zone_value(value, &name.node, true)
                .unwrap_or_else(|| vec![Vec::new(); np]);
            self.zones.zones.insert(name.node.clone(), z);
        }
    }

    /// Evaluates a zone value (a list, or one list per player).
    pub fn zone_value(
        &mut self,
        value: &Value,
        what: &str,
        every_player: bool,
    ) -> Option<Vec<Vec<CellId>>> {
        let np = self.players.len();
        match value {
            Value::List(l) => {
                let l = self.expand_list(l);
                let mut out = Vec::new();
                for p in 0..np {
                    let mut c = Vec::new();
                    for e in &l {
                        c.extend(self.zone_expr(e, p)?);
                    }
                    c.sort_unstable();
                    c.dedup();
                    out.push(c);
                }
                Some(out)
            }
            Value::PerPlayer(items) => {
                let mut out: Vec<Option<Vec<CellId>>> = vec![None; np];
                for (l, who) in items {
                    let p = self.player(who)?;
                    let l = self.expand_list(l);
                    let mut c = Vec::new();
                    for e in &l {
                        c.extend(self.zone_expr(e, p.index())?);
                    }
                    c.sort_unstable();
                    c.dedup();
                    out[p.index()] = Some(c);
                }
                if let Some(missing) = out
                    .iter()
                    .position(Option::is_none)
                    .filter(|_| every_player)
                {
                    let span = items.first().map_or(Span::default(), |i| i.1.span);
                    let msg = format!("'{what}' says nothing for player {}", self.players[missing]);
                    self.err(span, msg);
                    return None;
                }
                Some(out.into_iter().map(Option::unwrap_or_default).collect())
            }
        }
    }

    /// Evaluates one zone expression for player `p`.
    pub fn zone_expr(&mut self, e: &Expr, p: usize) -> Option<Vec<CellId>> {
        let geo = self.geo.as_ref()?;
        match &e.kind {
            ExprKind::Name(n) => {
                if let Some(z) = self.zones.zones.get(n) {
                    let cells = z[p].clone();
                    self.zones.mark_used(n);
                    return Some(cells);
                }
                if let Some(c) = geo.cell(n) {
                    return Some(vec![c]);
                }
                let mut known: Vec<String> = self.zones.zones.keys().cloned().collect();
                known.extend(geo.names.iter().cloned());
                let d = Diagnostic::error(
                    e.span,
                    format!("'{n}' is neither a cell of this board nor a zone"),
                )
                .suggest(n, known.iter().map(String::as_str));
                self.diags.push(d);
                None
            }
            ExprKind::Add(a, b) => {
                let mut l = self.zone_expr(a, p)?;
                l.extend(self.zone_expr(b, p)?);
                l.sort_unstable();
                l.dedup();
                Some(l)
            }
            ExprKind::Sub(a, b) => {
                let l = self.zone_expr(a, p)?;
                let r = self.zone_expr(b, p)?;
                Some(l.into_iter().filter(|c| !r.contains(c)).collect())
            }
            // Boards with numbered cells (draughts) name cells by number.
            ExprKind::Int(n) if geo.cell(&n.to_string()).is_some() => {
                geo.cell(&n.to_string()).map(|c| vec![c])
            }
            ExprKind::Call { name, args } if name.node == "row" || name.node == "column" => {
                let a = CallArgs::new(&name.node, e.span, args);
                a.finish(&[], usize::MAX, &mut self.diags);
                let is_row = name.node == "row";
                let mut out = Vec::new();
                for arg in &a.positional {
                    let idx = match &arg.kind {
                        ExprKind::Name(n)
                            if !is_row && n.len() == 1 && self.options.get(n).is_none() =>
                        {
                            (n.as_bytes()[0].to_ascii_lowercase() as i64) - (b'a' as i64) + 1
                        }
                        _ => self.eval_int(arg)?,
                    };
                    let geo = self.geo.as_ref()?;
                    let cells: Vec<CellId> = (0..geo.names.len())
                        .filter(|&c| {
                            if is_row {
                                geo.row_col[c].0 as i64 == idx
                            } else {
                                geo.row_col[c].1 as i64 == idx
                            }
                        })
                        .map(CellId::from_index)
                        .collect();
                    if cells.is_empty() {
                        self.err(arg.span, format!("this board has no {} {idx}", name.node));
                        return None;
                    }
                    out.extend(cells);
                }
                Some(out)
            }
            _ => {
                self.err(
                    e.span,
                    "expected cells: a cell name, a zone, row(n), column(x), or a sum of those",
                );
                None
            }
        }
    }

    /// The zone id for an expression used inline (a name or any zone expression).
    pub fn zone_ref(&mut self, e: &Expr) -> Option<crate::engine::ZoneId> {
        let key = match &e.kind {
            ExprKind::Name(n) => n.clone(),
            _ => format!("{:?}", e.kind),
        };
        if let Some(i) = self.zones.zones.get_index_of(&key) {
            self.zones.mark_used(&key);
            return Some(crate::engine::ZoneId::from_index(i));
        }
        let np = self.players.len();
        let mut per = Vec::new();
        for p in 0..np {
            per.push(self.zone_expr(e, p)?);
        }
        self.zones.zones.insert(key, per);
        Some(crate::engine::ZoneId::from_index(
            self.zones.zones.len() - 1,
        ))
    }
}
