//! Chance and race declarations: `dice`, `roll … counts as …`, `track`, `stack`, `reserve`.

use indexmap::IndexMap;

use super::scope::Compiler;
use crate::engine::{ByPlayer, CellId, Dice, EndRule, KindId, Track, MAX_STACK};
use crate::lang::ast::{Expr, ExprKind, File, Stmt, Value};
use crate::lang::span::Name;
use crate::lang::{Diagnostic, Span};

/// What the race statements declared.
#[derive(Default)]
pub(crate) struct RaceDecl {
    pub dice: Option<Dice>,
    pub tracks: IndexMap<String, Track>,
    /// Per cell: stack capacity (0 = none) and whether owners may share.
    pub stack_cap: Vec<u8>,
    pub stack_shared: Vec<bool>,
    /// The reserve kind and the start count per player.
    pub reserve: Option<(KindId, Vec<u16>)>,
    pub again: Vec<EndRule>,
    /// The `prefer` statements.
    pub prefer: crate::engine::Preferences,
}

/// A `dice` statement, checked.
struct DiceDecl {
    count: u32,
    low: u32,
    high: u32,
    /// How the dice are described (`2 dice from 1 to 6`).
    text: String,
    /// Used separately (and whether doubles count twice).
    separately: Option<bool>,
}

impl Compiler {
    pub fn build_race(&mut self, ast: &File) {
        let ncells = self.geo.as_ref().map_or(0, |g| g.names.len());
        self.race.stack_cap = vec![0; ncells];
        self.race.stack_shared = vec![false; ncells];
        let mut dice: Option<DiceDecl> = None;
        let mut map = Vec::new();
        for st in &ast.stmts {
            match &st.node {
                Stmt::Dice {
                    count,
                    low,
                    high,
                    separately,
                } => {
                    if dice.is_some() {
                        self.err(st.span, "the dice are given twice");
                        continue;
                    }
                    if let Some(d) = self.dice_decl(st.span, count, low, high, *separately) {
                        dice = Some(d);
                    }
                }
                Stmt::RollMap { roll, steps } => {
                    let (Some(r), Some(s)) = (self.eval_int(roll), self.eval_int(steps)) else {
                        continue;
                    };
                    if !(0..=250).contains(&r) || !(0..=250).contains(&s) {
                        self.err(st.span, "rolls and steps are between 0 and 250");
                        continue;
                    }
                    map.push((r as u32, s as u32, st.span));
                }
                Stmt::Stack {
                    cells,
                    capacity,
                    shared,
                } => self.stack_decl(cells, capacity, *shared),
                Stmt::Track { name, cells } => {
                    if self.race.tracks.contains_key(&name.node) {
                        self.err(name.span, format!("track '{}' is defined twice", name.node));
                        continue;
                    }
                    if let Some(t) = self.track(&name.node, cells, name.span) {
                        self.race.tracks.insert(name.node.clone(), t);
                    }
                }
                Stmt::Reserve { kind, count } => self.reserve_decl(kind, count),
                _ => {}
            }
        }
        self.finish_dice(dice, &map);
        self.build_prefer(ast);
    }

    /// `dice COUNT from LOW to HIGH [separately]` at `span`: the dice, or `None` after an
    /// error.
    fn dice_decl(
        &mut self,
        span: Span,
        count: &Expr,
        low: &Expr,
        high: &Expr,
        sep: Option<(Span, bool)>,
    ) -> Option<DiceDecl> {
        let mut separately = None;
        let (Some(c), Some(l), Some(h)) = (
            self.eval_int(count),
            self.eval_int(low),
            self.eval_int(high),
        ) else {
            return None;
        };
        if !(1..=10).contains(&c) {
            self.err(count.span, "between 1 and 10 dice");
            return None;
        }
        if l < 0 || h < l || h - l > 99 {
            self.err(
                high.span,
                "a die shows numbers from a low one to a higher one, at most 100 faces",
            );
            return None;
        }
        if c * h > 250 {
            // Totals are small numbers in a move; larger ones would wrap around.
            self.err(
                span,
                format!(
                    "these dice can total {}, and totals above 250 are not supported",
                    c * h
                ),
            );
            return None;
        }
        if let Some((span, twice)) = sep {
            if c != 2 || l > 9 || h > 9 {
                self.diags.push(
                    Diagnostic::error(span, "dice used separately are two dice showing at most 9")
                        .with_hint("write 'dice 2 from 1 to 6 separately'"),
                );
            }
            // Kept (two dice, faces up to 9) so that `by: die` says nothing more.
            separately = Some(twice);
        }
        Some(DiceDecl {
            count: c as u32,
            low: l as u32,
            high: h as u32,
            text: format!("{c} dice from {l} to {h}"),
            separately,
        })
    }

    /// `stack CELLS up to CAPACITY [shared]`: the cells' stack capacity.
    fn stack_decl(&mut self, cells: &[Expr], capacity: &Expr, shared: bool) {
        let Some(cap) = self.eval_int(capacity) else {
            return;
        };
        if !(2..=MAX_STACK as i64).contains(&cap) {
            self.err(
                capacity.span,
                format!("a stack holds between 2 and {MAX_STACK} pieces"),
            );
            return;
        }
        let mut all = Vec::new();
        for e in self.expand_list(cells) {
            all.extend(self.zone_expr(&e, 0).unwrap_or_default());
        }
        for c in all {
            self.race.stack_cap[c.index()] = cap as u8;
            self.race.stack_shared[c.index()] = shared;
        }
    }

    /// `reserve KIND = COUNT` (or a count per player): the kind waiting in the reserve.
    fn reserve_decl(&mut self, kind: &Name, count: &Value) {
        let np = self.players.len();
        if self.race.reserve.is_some() {
            self.err(kind.span, "only one kind of piece waits in the reserve");
            return;
        }
        let Some(k) = self.kind(&kind.node, kind.span) else {
            return;
        };
        let counts = match count {
            Value::List(l) if l.len() == 1 => self.eval_int(&l[0]).map(|n| vec![n; np]),
            Value::PerPlayer(items) => {
                let mut v = vec![0; np];
                for (l, who) in items {
                    if let (Some(p), Some(n)) =
                        (self.player(who), l.first().and_then(|e| self.eval_int(e)))
                    {
                        v[p.index()] = n;
                    }
                }
                Some(v)
            }
            Value::List(l) => {
                self.err(
                    l.first().map_or(kind.span, |e| e.span),
                    "give one number: reserve novice = 7",
                );
                None
            }
        };
        let Some(counts) = counts else { return };
        if counts.iter().any(|&n| !(0..=1000).contains(&n)) {
            self.err(kind.span, "a reserve holds between 0 and 1000 pieces");
            return;
        }
        self.race.reserve = Some((
            KindId::from_index(k),
            counts.into_iter().map(|n| n as u16).collect(),
        ));
    }

    /// The game's dice from their declaration and the `roll … counts as …` lines in `map`
    /// (roll, steps, span); a map without dice is an error.
    fn finish_dice(&mut self, dice: Option<DiceDecl>, map: &[(u32, u32, Span)]) {
        if let Some(DiceDecl {
            count: c,
            low: l,
            high: h,
            text,
            separately,
        }) = dice
        {
            let pairs: Vec<(u32, u32)> = map.iter().map(|m| (m.0, m.1)).collect();
            let mut text = text;
            for (r, s) in &pairs {
                text.push_str(&format!(", {r} counts as {s}"));
            }
            self.race.dice = Some(match separately {
                Some(twice) => {
                    if let Some(m) = map.first() {
                        self.diags.push(
                            Diagnostic::error(
                                m.2,
                                "'roll … counts as …' maps a total, and these dice are used separately",
                            )
                            .with_hint("each die moves by its own number: leave this line out"),
                        );
                    }
                    let low = l.min(9);
                    Dice::separate(low, h.clamp(low, 9), twice)
                }
                None => Dice::new(c, l, h, &pairs, text),
            });
        } else if let Some(m) = map.first() {
            self.err(
                m.2,
                "'roll … counts as …' needs dice: add a line like 'dice 3 from 0 to 1'",
            );
        }
    }

    fn track(&mut self, name: &str, cells: &Value, span: Span) -> Option<Track> {
        let np = self.players.len();
        let lists: Vec<Vec<crate::lang::ast::Expr>> = match cells {
            Value::List(l) => vec![l.clone(); np],
            Value::PerPlayer(items) => {
                let mut v: Vec<Option<Vec<crate::lang::ast::Expr>>> = vec![None; np];
                for (l, who) in items {
                    let p = self.player(who)?;
                    v[p.index()] = Some(l.clone());
                }
                if let Some(missing) = v.iter().position(Option::is_none) {
                    let msg = format!(
                        "track '{name}' says nothing for player {}",
                        self.players[missing]
                    );
                    self.err(span, msg);
                    return None;
                }
                v.into_iter().map(Option::unwrap_or_default).collect()
            }
        };
        let ncells = self.geo.as_ref()?.names.len();
        let mut per = Vec::new();
        let mut index = Vec::new();
        for l in lists {
            let mut cells: Vec<CellId> = Vec::new();
            for e in self.expand_list(&l) {
                let ExprKind::Name(n) = &e.kind else {
                    self.err(e.span, "a track lists cells in order, by name");
                    return None;
                };
                let geo = self.geo.as_ref()?;
                match geo.cell(n) {
                    Some(c) => cells.push(c),
                    None => {
                        let d = Diagnostic::error(
                            e.span,
                            format!("there is no cell '{n}' on this board"),
                        )
                        .suggest(n, geo.names.iter().map(String::as_str));
                        self.diags.push(d);
                        return None;
                    }
                }
            }
            if cells.is_empty() || cells.len() > 250 {
                self.err(span, "a track has between 1 and 250 cells");
                return None;
            }
            let mut idx = vec![-1i16; ncells];
            for (i, &c) in cells.iter().enumerate().rev() {
                idx[c.index()] = i as i16;
            }
            per.push(cells);
            index.push(idx);
        }
        Some(Track {
            name: name.to_string(),
            cells: ByPlayer(per),
            index: ByPlayer(index),
        })
    }
}
