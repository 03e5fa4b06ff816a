//! Move statements: each alternative becomes a [`Rule`] whose parts are primitives.
//!
//! Which primitives there are, what arguments each takes and what each does is the registry
//! [`crate::engine::prim::PRIMITIVES`]; each primitive is built by
//! `src/compile/prim/<name>.rs`. After building, the call's arguments are checked against
//! the registry.

use super::args::CallArgs;
use super::guards::Guard;
use super::scope::Compiler;
use crate::engine::DirId;
use crate::engine::{ByPlayer, CellCond, KindId, Part, Rule, MAX_MOVE_CELLS};
use crate::lang::ast::{Expr, ExprKind, File, Stmt};
use crate::lang::{Diagnostic, Span};

/// Every primitive a move may use, and `then`, for "did you mean".
fn primitive_names() -> impl Iterator<Item = &'static str> {
    crate::engine::prim::names().chain(["then"])
}

impl Compiler {
    pub fn build_moves(&mut self, ast: &File) -> Vec<Rule> {
        let mut rules: Vec<Rule> = Vec::new();
        let mut seen: std::collections::HashMap<String, usize> = Default::default();
        for st in &ast.stmts {
            let Stmt::Move {
                kinds,
                alternatives,
                guard,
                forced,
            } = &st.node
            else {
                continue;
            };
            let runtime_guard = match guard.as_ref().map(|g| self.guard(g)) {
                None | Some(Some(Guard::Static(true))) => None,
                Some(None) | Some(Some(Guard::Static(false))) => continue,
                Some(Some(Guard::Runtime(c))) => Some(c),
            };
            let mut kind_ids = Vec::new();
            for k in kinds {
                if let Some(id) = self.kind(&k.node, k.span) {
                    kind_ids.push(KindId::from_index(id));
                }
            }
            if kind_ids.len() != kinds.len() {
                continue;
            }
            let alternatives = self.expand_list(alternatives);
            for alt in &alternatives {
                let mut chain: Vec<&Expr> = Vec::new();
                flatten_then(alt, &mut chain);
                let mut parts = Vec::new();
                let mut ok = true;
                self.rule_from = None;
                for e in chain {
                    match self.part(e, &mut parts) {
                        Some(()) => {}
                        None => ok = false,
                    }
                }
                if !ok || parts.is_empty() {
                    continue;
                }
                let kinds_span = kinds.first().map_or(alt.span, |k| k.span);
                if !self.check_parts(&parts, alt.span, !kind_ids.is_empty(), kinds_span) {
                    continue;
                }
                // Keyed by the compiled rule, so spelling it differently is still a repeat.
                let key = format!("{kind_ids:?} {parts:?} {runtime_guard:?} {forced}");
                if let Some(&earlier) = seen.get(&key) {
                    self.repeated_rule(&rules[earlier], alt.span);
                    continue;
                }
                seen.insert(key, rules.len());
                if !self.check_part_order(&parts, alt.span) {
                    continue;
                }
                let text = st_text(alt);
                let swaps_sides = parts.iter().any(|p| matches!(p, Part::SwapSides(_)));
                let passable = parts.iter().any(|p| {
                    matches!(
                        p,
                        Part::Slide(crate::engine::prim::slide::Slide { passable: true, .. })
                    )
                });
                let plain = Rule::parts_are_plain(&parts);
                rules.push(Rule {
                    kinds: kind_ids.clone(),
                    parts,
                    players: u64::MAX >> (64 - self.players.len()),
                    guard: runtime_guard.clone(),
                    text,
                    when: runtime_guard.as_ref().and(guard.as_ref()).map(st_text),
                    from: self.rule_from.take(),
                    forced: *forced,
                    swaps_sides,
                    passable,
                    plain,
                    lone_placement: false,
                });
            }
        }
        if rules.is_empty() && self.diags.is_empty() {
            self.err(
                Span::default(),
                "the game has no moves: add a line like 'move place(stone, on: empty)'",
            );
        }
        rules
    }

    /// Checks the parts of one move alternative, at `span`, as a whole: what may start it,
    /// the parts that must stand alone or last, that the move names kinds (at `kinds_span`)
    /// exactly when it starts by moving a piece (`has_kinds`), and its size. Reports the
    /// first problem and returns whether there was none.
    fn check_parts(
        &mut self,
        parts: &[Part],
        span: Span,
        has_kinds: bool,
        kinds_span: Span,
    ) -> bool {
        if matches!(parts[0], Part::Shoot(_)) {
            self.diags.push(
                Diagnostic::error(span, "'shoot' needs a cell to shoot from, but it starts this move")
                    .with_hint("put it after a part that moves or places a piece: 'move amazon: slide(adjacent, to: empty) then shoot(arrow, adjacent)'"),
            );
            return false;
        }
        if let Some(i) = parts.iter().position(|p| {
            matches!(
                p,
                Part::Jump(crate::engine::prim::jump::Jump { repeat: true, .. })
            )
        }) {
            if parts[i + 1..].iter().any(|p| p.cells_recorded() > 0) {
                self.err(span, "a repeating jump must be the last part that picks cells (a promotion may follow)");
                return false;
            }
        }
        if parts.len() > 1 && parts.iter().any(|p| matches!(p, Part::Sow(_))) {
            self.err(
                span,
                "'sow' is a whole move; it cannot be combined with other parts by 'then'",
            );
            return false;
        }
        if parts.len() > 1 && parts.iter().any(|p| matches!(p, Part::Advance(_))) {
            self.err(
                span,
                "'advance' is a whole move; it cannot be combined with other parts by 'then'",
            );
            return false;
        }
        let from_piece = parts[0].moves_piece();
        if from_piece && !has_kinds {
            self.err(
                span,
                "which pieces move this way? write the kinds first, like 'move pawn: step(…)'",
            );
            return false;
        }
        if !from_piece && has_kinds {
            self.err(
                kinds_span,
                "this move does not start by moving a piece, so it takes no piece kinds before ':'",
            );
            return false;
        }
        let cells: usize =
            usize::from(from_piece) + parts.iter().map(Part::cells_recorded).sum::<usize>();
        if cells > MAX_MOVE_CELLS {
            self.err(span, format!("this move has too many parts: it picks {cells} cells (at most {MAX_MOVE_CELLS})"));
            return false;
        }
        let board_cells = self.geo.as_ref().map_or(0, |g| g.names.len());
        if let Some(b) = super::bound::rule_bound(parts, board_cells, from_piece) {
            if b > super::bound::MAX_RULE_MOVES {
                self.diags.push(
                    Diagnostic::error(
                        span,
                        format!(
                            "this move can be made in up to {b:.1e} ways in one position; at most {} are allowed",
                            super::bound::MAX_RULE_MOVES as u64
                        ),
                    )
                    .with_hint(bound_hint(parts)),
                );
                return false;
            }
        }
        true
    }

    /// Checks the order of the parts of one move alternative, at `span`: one promotion at
    /// most, nothing that picks a cell after a removal, and the pattern and outflank
    /// chains. Reports the first problem and returns whether there was none.
    fn check_part_order(&mut self, parts: &[Part], span: Span) -> bool {
        if parts
            .iter()
            .filter(|p| matches!(p, Part::Promote(_)))
            .count()
            > 1
        {
            self.err(span, "a move may promote only once");
            return false;
        }
        if let Some(i) = parts.iter().position(|p| matches!(p, Part::Remove(_))) {
            if parts[i + 1..].iter().any(|p| p.cells_recorded() > 0) {
                self.err(span, "'remove' must be the last part of a move that picks a cell (it picks one only when something is removed)");
                return false;
            }
        }
        if let Some(i) = parts
            .iter()
            .position(|p| matches!(p, Part::RemoveSurrounded(_)))
        {
            if !parts[i + 1..]
                .iter()
                .all(|p| matches!(p, Part::RemoveSurrounded(_)))
            {
                self.err(span, "'remove-surrounded' ends a move: only other remove-surrounded parts may follow it");
                return false;
            }
        }
        if !self.check_pattern_chain(parts, span) || !self.check_outflank_chain(parts, span) {
            return false;
        }
        true
    }

    /// The error for a move alternative, at `span`, that compiles to the same rule as
    /// `earlier`.
    fn repeated_rule(&mut self, earlier: &Rule, span: Span) {
        let text: &String = &earlier.text;
        let shown: String = text.chars().take(60).collect();
        let more = if shown.len() < text.len() { "…" } else { "" };
        self.diags.push(
            Diagnostic::error(
                span,
                format!(
                    "this move repeats an earlier rule ('{}{more}')",
                    shown.escape_debug()
                ),
            )
            .with_hint("every move it makes would be listed twice: remove one of them"),
        );
    }

    pub(super) fn cond_arg(
        &mut self,
        a: &mut CallArgs,
        name: &str,
        default: &str,
    ) -> Option<CellCond> {
        match a.named(name) {
            Some(e) => self.cell_cond(e),
            None => {
                let e = Expr {
                    kind: ExprKind::Name(default.into()),
                    span: a.span,
                };
                let e = match default {
                    "not friend" => Expr {
                        kind: ExprKind::Not(Box::new(Expr {
                            kind: ExprKind::Name("friend".into()),
                            span: a.span,
                        })),
                        span: a.span,
                    },
                    _ => e,
                };
                self.cell_cond(&e)
            }
        }
    }

    /// Takes `from: <cell condition>` (where the moving piece must start) for the rule.
    pub(super) fn origin_arg(&mut self, a: &mut CallArgs) -> Option<()> {
        if let Some(f) = a.named("from") {
            let c = self.cell_cond(f)?;
            if self.rule_from.is_some() {
                self.err(f.span, "'from' is given twice in one move");
                return None;
            }
            self.rule_from = Some(c);
        }
        Some(())
    }

    pub(super) fn int_arg(&mut self, a: &mut CallArgs, name: &str, default: i64) -> Option<u16> {
        match a.named(name) {
            None => Some(default as u16),
            Some(e) => {
                let v = self.eval_int(e)?;
                if !(0..=1000).contains(&v) {
                    self.err(e.span, format!("'{name}' must be between 0 and 1000"));
                    return None;
                }
                Some(v as u16)
            }
        }
    }

    /// `count: n` of `place` and `convert`: how many cells one move picks, as a set.
    pub(super) fn count_arg(&mut self, a: &mut CallArgs, span: Span) -> Option<u16> {
        let at = a.named("count").map_or(span, |e| e.span);
        let count = self.int_arg(a, "count", 1)?;
        if count == 0 || count as usize > MAX_MOVE_CELLS {
            self.diags.push(
                Diagnostic::error(at, format!("'count' must be between 1 and {MAX_MOVE_CELLS}, not {count}"))
                    .with_hint("count: 2 picks two different cells in one move, as a set (each pair listed once); for one cell leave 'count' out"),
            );
            return None;
        }
        Some(count)
    }

    pub(super) fn yes_no_arg(&mut self, a: &mut CallArgs, name: &str) -> Option<bool> {
        match a.named(name) {
            None => Some(false),
            Some(e) => self.eval_bool(e),
        }
    }

    pub(super) fn dirs_arg(&mut self, a: &CallArgs) -> Option<ByPlayer<Vec<DirId>>> {
        if a.positional.is_empty() {
            self.err(
                a.span,
                format!(
                    "'{}' needs at least one direction: {}(n, …)",
                    a.call, a.call
                ),
            );
            return None;
        }
        let items = a.positional.clone();
        self.dir_list(&items)
    }

    pub(super) fn kind_arg(&mut self, a: &CallArgs, i: usize) -> Option<KindId> {
        let Some(e) = a.positional.get(i) else {
            self.err(
                a.span,
                format!("'{}' needs a piece kind: {}(stone, …)", a.call, a.call),
            );
            return None;
        };
        match &e.kind {
            ExprKind::Name(n) => self.kind(n, e.span).map(KindId::from_index),
            _ => {
                let kinds: Vec<&str> = self.pieces.kinds.keys().map(String::as_str).collect();
                let mut d = Diagnostic::error(
                    e.span,
                    format!("expected a piece kind, found {}", st_text(e)),
                );
                if !kinds.is_empty() {
                    let what = match e.kind {
                        ExprKind::Str(_) => "a piece kind is written by its name, not its symbol",
                        _ => "the piece kinds of this game are",
                    };
                    d = d.with_hint(format!("{what}: {}", kinds.join(", ")));
                }
                self.diags.push(d);
                None
            }
        }
    }

    /// Reports the arguments of `a` that its primitive (in the registry) does not take.
    pub(super) fn finish_args(&mut self, a: &CallArgs) {
        let (allowed, max_positional) = match crate::engine::prim::spec(a.call) {
            Some(spec) => (spec.named_names(), spec.max_positional()),
            None => (Vec::new(), 0),
        };
        a.finish(&allowed, max_positional, &mut self.diags);
    }

    /// Compiles one part (or, for `convert(count: n)`, several) and appends it.
    fn part(&mut self, e: &Expr, out: &mut Vec<Part>) -> Option<()> {
        let (name, args, span) = match &e.kind {
            ExprKind::Call { name, args } => (name.node.as_str(), &args[..], name.span),
            ExprKind::Name(n) => (n.as_str(), &[][..], e.span),
            _ => {
                self.err(
                    e.span,
                    "expected a move such as step(…), slide(…), place(…) or pass",
                );
                return None;
            }
        };
        let mut a = CallArgs::new(name, e.span, args);
        let part: Part = match name {
            "place" => return self.build_place(&mut a, e.span, out),
            "drop" => self.build_drop(&mut a, e.span)?,
            "step" | "leap" => self.build_step(&mut a)?,
            "en-passant" => self.build_en_passant(&mut a)?,
            "outflank" => self.build_outflank(&mut a)?,
            "castle" => self.build_castle(&mut a, e.span)?,
            "slide" => self.build_slide(&mut a, e.span)?,
            "jump" => self.build_jump(&mut a, e.span)?,
            "swap" => self.build_swap(&mut a)?,
            "promote" => self.build_promote(&mut a, e.span)?,
            "advance" => self.build_advance(&mut a, e.span)?,
            "sow" => self.build_sow(&mut a, e.span)?,
            "become-captured" => self.build_become_captured(&mut a, e.span)?,
            "convert" => return self.build_convert(&mut a, e.span, out),
            "shoot" => self.build_shoot(&mut a, e.span)?,
            "fly" => self.build_fly(&mut a)?,
            "remove" => self.build_remove(&mut a, e.span)?,
            "remove-surrounded" => self.build_remove_surrounded(&mut a, e.span)?,
            // Pattern captures and conversions (`prim/pattern/`).
            "custodian" => self.build_custodian(&mut a, e.span)?,
            "surround" => self.build_surround(&mut a)?,
            "approach" => self.build_line_capture(&mut a, false)?,
            "withdraw" => self.build_line_capture(&mut a, true)?,
            "convert-around" => self.build_convert_around(&mut a)?,
            "pass" => self.build_pass()?,
            "swap-sides" => self.build_swap_sides()?,
            other => {
                let d = Diagnostic::error(span, format!("unknown move '{other}'"))
                    .suggest(other, primitive_names());
                let d = if d.hint.is_none() {
                    let names: Vec<&str> = crate::engine::prim::names().collect();
                    d.with_hint(format!("moves are {}", names.join(", ")))
                } else {
                    d
                };
                self.diags.push(d);
                return None;
            }
        };
        self.finish_args(&a);
        out.push(part);
        Some(())
    }
}

/// The parts of a `then` chain, with chains inside it (from definitions) spliced in.
fn flatten_then<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &e.kind {
        ExprKind::Then(xs) => xs.iter().for_each(|x| flatten_then(x, out)),
        _ => out.push(e),
    }
}

/// A compact source-like text of an expression, for `describe`.
pub fn st_text(e: &Expr) -> String {
    // How tightly each form binds, loosest first, as in the grammar: `then`, `or`, `and`,
    // `not`, comparisons, `+`/`-`, then single terms. A part that binds more loosely than its place
    // needs is written in parentheses: `not (veteran and a2)`.
    fn prec(e: &Expr) -> u8 {
        match &e.kind {
            ExprKind::Then(_) => 0,
            ExprKind::Or(_) => 1,
            ExprKind::And(_) => 2,
            ExprKind::Not(_) => 3,
            ExprKind::Cmp(..) => 4,
            ExprKind::Add(..) | ExprKind::Sub(..) => 5,
            _ => 6,
        }
    }
    fn at(e: &Expr, min: u8) -> String {
        if prec(e) < min {
            format!("({})", st_text(e))
        } else {
            st_text(e)
        }
    }
    let join = |xs: &[Expr], min: u8, sep: &str| {
        xs.iter().map(|x| at(x, min)).collect::<Vec<_>>().join(sep)
    };
    match &e.kind {
        ExprKind::Int(i) => i.to_string(),
        ExprKind::Decimal(d) => d.clone(),
        ExprKind::Str(s) => format!("\"{s}\""),
        ExprKind::Name(n) => n.clone(),
        ExprKind::Call { name, args } => {
            let a: Vec<String> = args
                .iter()
                .map(|a| match &a.name {
                    Some(n) => format!("{}: {}", n.node, st_text(&a.value)),
                    None => st_text(&a.value),
                })
                .collect();
            format!("{}({})", name.node, a.join(", "))
        }
        ExprKind::Not(x) => format!("not {}", at(x, 4)),
        ExprKind::And(xs) => join(xs, 3, " and "),
        ExprKind::Or(xs) => join(xs, 2, " or "),
        ExprKind::Then(xs) => join(xs, 1, " then "),
        ExprKind::Add(a, b) => format!("{} + {}", at(a, 5), at(b, 6)),
        ExprKind::Sub(a, b) => format!("{} - {}", at(a, 5), at(b, 6)),
        ExprKind::Cmp(op, a, b) => format!("{} {} {}", at(a, 5), op.symbol(), at(b, 5)),
    }
}

/// The hint for a rule that could make too many moves: a slide or shot without `max:` is the
/// usual cause, and a `max:` shorter than the rules allow would drop the longer moves.
fn bound_hint(parts: &[Part]) -> &'static str {
    let far = parts.iter().any(|p| match p {
        Part::Slide(x) => x.max >= 1000,
        Part::Shoot(x) => x.max >= 1000,
        _ => false,
    });
    if far {
        "a limit of tabletop (the moves would not fit in memory): give the slide the longest distance the rules allow, 'max: 3', or pick fewer cells in one move; a 'max:' shorter than the rules allow would silently drop the longer moves"
    } else {
        "a limit of tabletop (the moves would not fit in memory): pick fewer cells in one move"
    }
}
