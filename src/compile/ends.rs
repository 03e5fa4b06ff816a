//! Endings: `win if line(3)`, `loss if no-pieces(king)`, `draw if no-moves`,
//! `pass if no-moves`, each optionally `for` some players and guarded by an option.

use super::args::CallArgs;
use super::guards::Guard;
use super::repetition::RepContext;
use super::scope::Compiler;
use crate::engine::DirId;
use crate::engine::{
    BoardShape, ByPlayer, ContentSet, EndCond, EndResult, EndRule, NoMoves, Player,
};
use crate::engine::{KindId, PieceId};
use crate::lang::ast::{Expr, ExprKind, File, ResultWord, Stmt};
use crate::lang::{Diagnostic, Span};

/// A `line(…)` as read: the length, whether it is exact, the axes (pairs of opposite
/// directions), and how many positional arguments the length took.
type LineSpec = (u16, bool, Vec<(DirId, DirId)>, usize);

/// Every ending condition, for "did you mean".
pub const ENDINGS: [&str; 20] = [
    "line",
    "connect",
    "connected",
    "reach",
    "no-pieces",
    "captured",
    "no-moves",
    "ply-limit",
    "no-progress",
    "borne-off",
    "checkmate",
    "nobody-can-move",
    "most",
    "pieces-at-most",
    "one-colour",
    "repetition",
    "perpetual-check",
    "passes",
    "score",
    "last-sown-in",
];

impl Compiler {
    pub fn build_ends(&mut self, ast: &File) -> (Vec<EndRule>, Option<NoMoves>) {
        let mut ends = Vec::new();
        let mut no_moves = None;
        for st in &ast.stmts {
            let Stmt::End {
                result,
                cond,
                players,
                guard,
            } = &st.node
            else {
                continue;
            };
            if !self.guard_applies(guard) {
                continue;
            }
            let mut mask = 0u64;
            for p in players {
                if let Some(p) = self.player(p) {
                    mask |= 1 << p.0;
                }
            }
            if players.is_empty() {
                mask = u64::MAX >> (64 - self.players.len());
            }
            let cond = self.expand(cond);
            if matches!(&cond.kind, ExprKind::Name(n) if n == "checkmate") {
                if self.royal.is_empty() {
                    self.err(
                        cond.span,
                        "'checkmate' needs royal pieces: add a line like 'royal king'",
                    );
                    continue;
                }
                self.checkmate = Some(match result.node {
                    ResultWord::Win => EndResult::Win,
                    ResultWord::Loss => EndResult::Loss,
                    _ => EndResult::Draw,
                });
                continue;
            }
            let is_no_moves = matches!(&cond.kind, ExprKind::Name(n) if n == "no-moves");
            let r = match result.node {
                ResultWord::Win => EndResult::Win,
                ResultWord::Loss => EndResult::Loss,
                ResultWord::Draw => EndResult::Draw,
                ResultWord::Again => {
                    if is_no_moves {
                        self.err(result.span, "'again if no-moves' makes no sense: a player without moves cannot play again");
                        continue;
                    }
                    if let Some(c) = self.end_cond(&cond) {
                        self.race.again.push(EndRule {
                            cond: c,
                            players: mask,
                            result: EndResult::Win,
                            text: super::moves::st_text(&cond),
                            words: super::end_words::comparison_words(&cond),
                        });
                    }
                    continue;
                }
                ResultWord::Pass => {
                    if !is_no_moves {
                        self.err(
                            result.span,
                            "'pass' only goes with 'no-moves': pass if no-moves",
                        );
                        continue;
                    }
                    EndResult::Draw
                }
            };
            if is_no_moves {
                if no_moves.is_some() {
                    self.err(cond.span, "what happens on 'no-moves' is said twice");
                }
                if !players.is_empty() {
                    self.err(
                        players[0].span,
                        "'no-moves' applies to every player; it takes no 'for'",
                    );
                }
                no_moves = Some(if result.node == ResultWord::Pass {
                    NoMoves::Pass
                } else {
                    NoMoves::Result(r)
                });
                continue;
            }
            if let Some(c) = self.end_cond(&cond) {
                ends.push(EndRule {
                    cond: c,
                    players: mask,
                    result: r,
                    text: super::moves::st_text(&cond),
                    words: super::end_words::comparison_words(&cond),
                });
            }
        }
        (ends, no_moves)
    }

    /// The player's pieces of the given kinds (all kinds if none), per player.
    fn owned(&mut self, kinds: &[&Expr]) -> Option<ByPlayer<ContentSet>> {
        let mut ks = Vec::new();
        for e in kinds {
            match &e.kind {
                ExprKind::Name(n) => ks.push(self.kind(n, e.span)?),
                _ => {
                    self.err(e.span, "expected a piece kind");
                    return None;
                }
            }
        }
        let pieces = &self.pieces.pieces;
        Some(ByPlayer(
            self.all_players()
                .map(|p: Player| {
                    let mut s = ContentSet::NONE;
                    for (i, pt) in pieces.iter().enumerate().skip(1) {
                        if pt.owner == Some(p) && (ks.is_empty() || ks.contains(&pt.kind.index())) {
                            s.insert(PieceId::from_index(i));
                        }
                    }
                    s
                })
                .collect(),
        ))
    }

    /// Every player's pieces of the given kinds (all kinds if none), as one set.
    pub(super) fn owned_pieces(&mut self, kinds: &[&Expr]) -> Option<ContentSet> {
        let per = self.owned(kinds)?;
        Some(per.0.iter().fold(ContentSet::NONE, |acc, s| acc.union(*s)))
    }

    /// Records the pieces whose moves are irreversible (reset the no-progress clock). Two
    /// rules that name different pieces are an error; a rule that names none (`since:
    /// irreversible`) accepts whatever another names.
    pub(super) fn set_progress(&mut self, set: ContentSet, named: bool, span: Span) -> Option<()> {
        if !named {
            if self.progress.is_none() {
                self.progress = Some(set);
            }
            return Some(());
        }
        if self.progress_named && self.progress.is_some_and(|p| p != set) {
            self.err(
                span,
                "two rules name different pieces whose moves are irreversible; use one list",
            );
            return None;
        }
        self.progress = Some(set);
        self.progress_named = true;
        Some(())
    }

    /// `line(n, along: dirs)` or `line(exactly: n, along: dirs)`: the length, whether it is
    /// exact, the axes (pairs of opposite directions), and how many positional arguments the
    /// length took (the piece kinds follow them).
    pub(super) fn line_args(&mut self, a: &mut CallArgs, span: Span) -> Option<LineSpec> {
        let exact = a.named("exactly");
        let (n, exact, skip) = match (exact, a.positional.first().copied()) {
            (Some(x), Some(first))
                if match &first.kind {
                    ExprKind::Name(w) => self.options.contains_key(w),
                    _ => true,
                } =>
            {
                self.diags.push(
                    Diagnostic::error(first.span, "the length of the line is given twice")
                        .with_hint(format!(
                            "write line(exactly: {0}) for a line of exactly {0}, line({0}) for {0} or more",
                            super::moves::st_text(x)
                        )),
                );
                return None;
            }
            (Some(x), _) => (x, true, 0),
            (None, Some(first)) => (first, false, 1),
            (None, None) => {
                self.diags.push(
                    Diagnostic::error(span, "'line' needs how many in a row: line(3)")
                        .with_hint("line(5) is five or more in a row; line(exactly: 5) is five, not six or more"),
                );
                return None;
            }
        };
        let at = n.span;
        let Some(n) = self.eval_int(n) else {
            if exact {
                if let Some(d) = self.diags.last_mut() {
                    if d.hint.is_none() {
                        *d = d
                            .clone()
                            .with_hint("line(exactly: 5): five in a row, and no more");
                    }
                }
            }
            return None;
        };
        if !(2..=64).contains(&n) {
            self.err(at, format!("a line is 2 to 64 pieces long, not {n}"));
            return None;
        }
        // `line(5, exact)`: a word meant as a flag would be read as a piece kind.
        if let Some(flag) = a.positional.get(skip).copied().filter(|e| {
            matches!(&e.kind, ExprKind::Name(w) if (w == "exact" || w == "exactly") && !self.pieces.kinds.contains_key(w.as_str()))
        }) {
            self.diags.push(
                Diagnostic::error(flag.span, format!("'{}' is not a piece kind", super::moves::st_text(flag)))
                    .with_hint(format!("for a line of exactly {n} write line(exactly: {n})")),
            );
            return None;
        }
        let dirs = match a.named("along") {
            Some(d) => self.dir_list(&[d])?,
            None => self.dirs.get("adjacent").cloned()?,
        };
        let mut axes = Vec::new();
        for &d in &dirs.0[0] {
            let od = self.opposite_of(d)?;
            if !axes.iter().any(|&(x, y)| (x, y) == (od, d)) {
                axes.push((d, od));
            }
        }
        Some((n as u16, exact, axes, skip))
    }

    /// `line(n, along: dirs)` inside a move (a mill): n or more; an exact length is for
    /// endings only.
    pub(super) fn move_line_args(
        &mut self,
        a: &mut CallArgs,
        span: Span,
    ) -> Option<(u16, Vec<(DirId, DirId)>)> {
        let (n, exact, axes, _) = self.line_args(a, span)?;
        if exact {
            self.diags.push(
                Diagnostic::error(
                    span,
                    "an exact length is for endings; inside a move a line is n or more",
                )
                .with_hint(format!("write line({n}) here")),
            );
            return None;
        }
        Some((n, axes))
    }

    /// The directions chains connect along: `along:`, else orthogonal, else adjacent.
    pub(super) fn chain_dirs(&mut self, a: &mut CallArgs) -> Option<Vec<DirId>> {
        match a.named("along") {
            Some(d) => Some(self.dir_list(&[d])?.0[0].clone()),
            None => self
                .dirs
                .get("orthogonal")
                .or_else(|| self.dirs.get("adjacent"))
                .map(|d| d.0[0].clone()),
        }
    }

    /// Refuses `captured(k)` for a kind no player owns: nobody loses such a piece, so the
    /// ending would never hold.
    fn captured_owned(&mut self, items: &[&Expr]) -> Option<()> {
        for e in items {
            let ExprKind::Name(n) = &e.kind else { continue };
            let Some(k) = self.pieces.kinds.get_index_of(n.as_str()) else {
                continue;
            };
            if !self.kind_is_owned(k) {
                self.diags.push(
                    crate::lang::diag::Diagnostic::error(
                        e.span,
                        format!("no player owns a '{n}', so 'captured({n})' would never hold"),
                    )
                    .with_hint(format!("captured(…) counts the pieces a player has lost, and a piece nobody owns is lost by nobody; to end when the '{n}' pieces are gone, write count({n}) == 0")),
                );
                return None;
            }
        }
        Some(())
    }

    pub(super) fn kinds_list(&mut self, items: &[&Expr]) -> Option<Vec<KindId>> {
        let mut v = Vec::new();
        for e in items {
            match &e.kind {
                ExprKind::Name(n) => v.push(KindId::from_index(self.kind(n, e.span)?)),
                _ => {
                    self.err(e.span, "expected a piece kind");
                    return None;
                }
            }
        }
        if v.is_empty() {
            v = KindId::upto(self.pieces.kinds.len()).collect();
        }
        Some(v)
    }

    /// An ending condition as written after `if`: a test, or tests joined with `and`, some
    /// of them negated with `not`. A `not` alone is refused: the tests that look at what the
    /// last move changed would hold after nearly every move.
    pub(super) fn end_cond(&mut self, e: &Expr) -> Option<EndCond> {
        if let ExprKind::Not(x) = &e.kind {
            if !reads_counts(x) {
                self.diags.push(
                    Diagnostic::error(e.span, format!("'{}' alone would end the game after nearly any move", super::moves::st_text(e)))
                        .with_hint("use 'not' beside a test that holds, joined with 'and': win if line(5) and not line(6)"),
                );
                return None;
            }
        }
        self.end_test(e)
    }

    /// One test of an ending, or several joined with `and`.
    fn end_test(&mut self, e: &Expr) -> Option<EndCond> {
        if let ExprKind::And(parts) = &e.kind {
            let mut all = Vec::new();
            for x in parts {
                all.push(self.end_test(x)?);
            }
            self.check_not_line(parts, &all)?;
            return Some(EndCond::All(all));
        }
        if let ExprKind::Not(x) = &e.kind {
            return Some(match self.end_test(x)? {
                EndCond::State(c) => EndCond::State(crate::engine::StateCond::Not(Box::new(c))),
                c => EndCond::Not(Box::new(c)),
            });
        }
        let (name, args, span) = match &e.kind {
            ExprKind::Call { name, args } => (name.node.as_str(), &args[..], name.span),
            ExprKind::Name(n) => (n.as_str(), &[][..], e.span),
            _ => return self.end_not_a_call(e),
        };
        let mut a = CallArgs::new(name, e.span, args);
        let (cond, allowed): (EndCond, &[&str]) = match name {
            "line" => {
                let (n, exact, axes, skip) = self.line_args(&mut a, e.span)?;
                let pieces = self.owned(&a.positional[skip..])?;
                (
                    EndCond::Line {
                        n,
                        exact,
                        pieces,
                        axes,
                        windows: None,
                    },
                    &["along", "exactly"],
                )
            }
            "connect" => (self.end_connect(&mut a, e.span)?, &["through"]),
            "connected" => {
                let dirs = self.connected_dirs(&mut a)?;
                let pieces = self.owned(&a.positional)?;
                (EndCond::Connected { pieces, dirs }, &["through"])
            }
            "reach" => (self.end_reach(&a, e.span)?, &[]),
            "no-pieces" => {
                let kinds = self.kinds_list(&a.positional)?;
                (EndCond::NoPieces { kinds }, &[])
            }
            "captured" => {
                let kinds = self.kinds_list(&a.positional)?;
                self.captured_owned(&a.positional)?;
                (EndCond::Captured { kinds }, &[])
            }
            "ply-limit" => {
                let n = self.end_number(
                    &a,
                    e.span,
                    "'ply-limit' needs a number of plies: ply-limit(200)",
                    1..=1_000_000,
                    "a ply limit is between 1 and 1000000",
                )?;
                (EndCond::PlyLimit(n as u32), &[])
            }
            "nobody-can-move" => (EndCond::NobodyCanMove, &[]),
            "perpetual-check" => {
                if self.royal.is_empty() {
                    self.diags.push(
                        Diagnostic::error(e.span, "'perpetual-check' needs royal pieces to check")
                            .with_hint("add a line like 'royal king'"),
                    );
                    return None;
                }
                (EndCond::PerpetualCheck, &[])
            }
            "pieces-at-most" => {
                let n = self.end_number(
                    &a,
                    e.span,
                    "'pieces-at-most' needs a number and kinds: pieces-at-most(3, king, bishop, knight)",
                    0..=10_000,
                    "a number of pieces between 0 and 10000",
                )?;
                let kinds = self.kinds_list(&a.positional[1..])?;
                (EndCond::PiecesAtMost { n: n as u16, kinds }, &[])
            }
            "one-colour" => (self.end_one_colour(&a, e.span)?, &[]),
            "most" if a.positional.len() == 1 && Compiler::is_score(a.positional[0]) => {
                (self.most_score(e.span)?, &[])
            }
            "last-sown-in" => (self.last_sown_in(&a, e.span)?, &[]),
            "most" => {
                let kinds = self.kinds_list(&a.positional)?;
                (EndCond::Most { kinds }, &[])
            }
            "borne-off" => {
                let n = self.end_number(
                    &a,
                    e.span,
                    "'borne-off' needs a number of pieces: borne-off(7)",
                    1..=10_000,
                    "a number of pieces is between 1 and 10000",
                )?;
                (EndCond::BorneOff(n as u16), &[])
            }
            "no-progress" => (self.end_no_progress(&a, e.span)?, &[]),
            "repetition" => {
                let r = self.repetition(e.span, args, RepContext::End)?;
                return Some(EndCond::Repetition(r));
            }
            "passes" => (self.end_passes(&a, e.span)?, &[]),
            "score" => (self.end_score(&mut a, e.span)?, &["komi", "along"]),
            other => {
                self.unknown_ending(other, span);
                return None;
            }
        };
        let max = match &cond {
            EndCond::PlyLimit(_)
            | EndCond::BorneOff(_)
            | EndCond::Passes(_)
            | EndCond::Score { .. }
            | EndCond::LastSownIn(_) => 1,
            _ => usize::MAX,
        };
        a.finish(allowed, max, &mut self.diags);
        Some(cond)
    }

    /// `reach(zone, pieces…)`: one of the pieces stands in the zone.
    fn end_reach(&mut self, a: &CallArgs, span: Span) -> Option<EndCond> {
        let Some(z) = a.positional.first().copied() else {
            self.err(span, "'reach' needs a zone: reach(last-rank, pawn)");
            return None;
        };
        let zone = self.zone_ref(z)?;
        let pieces = self.owned(&a.positional[1..])?;
        Some(EndCond::Reach { zone, pieces })
    }

    /// `passes([n])`: that many passes in a row (2 when not given).
    fn end_passes(&mut self, a: &CallArgs, span: Span) -> Option<EndCond> {
        let n = match a.positional.first().copied() {
            Some(x) => self.eval_int(x)?,
            None => 2,
        };
        if !(1..=16).contains(&n) {
            self.err(span, "passes in a row: between 1 and 16");
            return None;
        }
        Some(EndCond::Passes(n as u16))
    }

    /// The error for an ending `name` that is not one, with the nearest if one is near.
    fn unknown_ending(&mut self, name: &str, span: Span) {
        let d = Diagnostic::error(span, format!("unknown ending '{name}'")).suggest(name, ENDINGS);
        let d = if d.hint.is_none() {
            d.with_hint(format!("endings are: {}", ENDINGS.join(", ")))
        } else {
            d
        };
        self.diags.push(d);
    }

    /// An ending test that is not a call or a name: a comparison of counts, or an error.
    fn end_not_a_call(&mut self, e: &Expr) -> Option<EndCond> {
        match &e.kind {
            ExprKind::Cmp(..) => match self.guard(e)? {
                Guard::Runtime(c) => Some(EndCond::State(c)),
                Guard::Static(_) => {
                    self.err(e.span, "this comparison depends only on the options, not on the game; compare count(…) or in-reserve(…)");
                    None
                }
            },
            // Each ending line is one alternative already: `or` is two lines.
            ExprKind::Or(_) => {
                self.diags.push(
                    crate::lang::diag::Diagnostic::error(e.span, "an ending cannot join tests with 'or'")
                        .with_hint("write each alternative on its own line: 'win if line(5)' and 'win if no-moves'; the game ends when any one holds"),
                );
                None
            }
            _ => {
                self.err(
                    e.span,
                    "expected an ending such as line(3), connect(top, bottom) or no-moves",
                );
                None
            }
        }
    }

    /// The whole number an ending takes first (`ply-limit(200)`), in `range`:
    /// `missing` is the error without one, `outside` the error for one out of range.
    fn end_number(
        &mut self,
        a: &CallArgs,
        span: Span,
        missing: &str,
        range: std::ops::RangeInclusive<i64>,
        outside: &str,
    ) -> Option<i64> {
        let Some(n) = a.positional.first().copied() else {
            self.err(span, missing);
            return None;
        };
        let n = self.eval_int(n)?;
        if !range.contains(&n) {
            self.err(span, outside);
            return None;
        }
        Some(n)
    }

    /// `connect(a, b, pieces… [, through: dirs])`: a chain of the pieces joins two zones.
    fn end_connect(&mut self, a: &mut CallArgs, span: Span) -> Option<EndCond> {
        if a.positional.len() < 2 {
            self.err(span, "'connect' needs two zones: connect(top, bottom)");
            return None;
        }
        let za = self.zone_ref(a.positional[0])?;
        let zb = self.zone_ref(a.positional[1])?;
        // One zone twice is joined by any one piece in it: the ending would hold after the
        // first move (`connect(all, all)`). Zones that merely share cells (the corner of two
        // edges, every edge of a 1 × 1 board) are left alone.
        if za == zb {
            self.diags.push(
                crate::lang::diag::Diagnostic::error(
                    span,
                    "'connect' names the same zone twice: any one piece in it would join it to itself at once",
                )
                .with_hint("connect two different zones, such as opposite edges: connect(top, bottom); for all of a player's pieces in one group, connected(stone)"),
            );
            return None;
        }
        let pieces = self.owned(&a.positional[2..])?;
        let dirs = self.through_dirs(a)?;
        Some(EndCond::Connect {
            a: za,
            b: zb,
            pieces,
            dirs,
        })
    }

    /// `one-colour(kinds…)`: on a square board, the kinds stand on cells of one colour.
    fn end_one_colour(&mut self, a: &CallArgs, span: Span) -> Option<EndCond> {
        if !matches!(
            self.geo.as_ref().map(|g| &g.shape),
            Some(BoardShape::Square { .. })
        ) {
            self.err(span, "'one-colour' needs a square board, whose cells alternate in colour like a chessboard's");
            return None;
        }
        if a.positional.is_empty() {
            self.err(span, "'one-colour' needs piece kinds: one-colour(bishop)");
            return None;
        }
        let kinds = self.kinds_list(&a.positional)?;
        Some(EndCond::OneColour { kinds })
    }

    /// `no-progress(plies [, kinds…])`: that many plies without a capture or a move of the
    /// kinds (any piece's move counts when none are named).
    fn end_no_progress(&mut self, a: &CallArgs, span: Span) -> Option<EndCond> {
        let n = self.end_number(
            a,
            span,
            "'no-progress' needs a number of plies: no-progress(100, pawn)",
            1..=1_000_000,
            "a number of plies is between 1 and 1000000",
        )?;
        let kinds = self.owned(&a.positional[1..])?;
        let kinds = if a.positional.len() > 1 {
            kinds
        } else {
            ByPlayer(vec![ContentSet::NONE; self.players.len()])
        };
        let set = kinds
            .0
            .iter()
            .fold(ContentSet::NONE, |acc, s| acc.union(*s));
        self.set_progress(set, a.positional.len() > 1, span)?;
        Some(EndCond::NoProgress(n as u32))
    }

    /// `score(area [, komi: k] [, along: dirs])`: the game ends scored by area.
    fn end_score(&mut self, a: &mut CallArgs, span: Span) -> Option<EndCond> {
        match a.positional.first().copied() {
            Some(x) if matches!(&x.kind, ExprKind::Name(m) if m == "area") => {}
            found => {
                let (span, msg) = match found {
                    Some(x) => (
                        x.span,
                        format!(
                            "'{}' is not a way to count a score",
                            super::moves::st_text(x)
                        ),
                    ),
                    None => (span, "'score' needs how to count: score(area)".into()),
                };
                self.diags.push(
                    Diagnostic::error(span, msg)
                        .with_hint("score(area): area scoring (Tromp-Taylor), your pieces plus the empty regions that touch only your pieces"),
                );
                return None;
            }
        }
        let (komi_num, komi_den) = match a.named("komi") {
            Some(k) => self.eval_decimal(k)?,
            None => (0, 1),
        };
        let dirs = self.chain_dirs(a)?;
        Some(EndCond::Score {
            komi_num,
            komi_den,
            dirs,
        })
    }

    /// The direction opposite to `d` (same vector reversed, or the linked way back).
    pub fn opposite_of(&mut self, d: DirId) -> Option<DirId> {
        let geo = self.geo.as_mut()?;
        match geo.dirs[d.index()].1 {
            Some((x, y)) => {
                let name = format!("-{}", geo.dirs[d.index()].0);
                Some(geo.dir_with_vector((-x, -y), &name))
            }
            None => match geo.opposite.get(&d) {
                Some(&o) => Some(o),
                None => {
                    let n = geo.dirs[d.index()].0.clone();
                    self.err(crate::lang::Span::default(), format!("direction '{n}' has no way back; link it with 'as {n} / <back>' to use it in a line"));
                    None
                }
            },
        }
    }
}

/// Whether `e` is a comparison of counts (or `not` of one), which `not` may stand alone on.
fn reads_counts(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Cmp(..) => true,
        ExprKind::Not(x) => reads_counts(x),
        _ => false,
    }
}

impl Compiler {
    /// Refuses `line(5) and not line(4)`: a line of 5 or more is also one of 4 or more
    /// through the same cell, so the ending could never hold.
    fn check_not_line(&mut self, parts: &[Expr], conds: &[EndCond]) -> Option<()> {
        for (pos, c) in conds.iter().enumerate() {
            let EndCond::Line {
                n: has,
                exact: false,
                pieces,
                axes,
                ..
            } = c
            else {
                continue;
            };
            for (neg, d) in conds.iter().enumerate() {
                let EndCond::Not(inner) = d else { continue };
                let EndCond::Line {
                    n: not_n,
                    exact: false,
                    pieces: p2,
                    axes: a2,
                    ..
                } = inner.as_ref()
                else {
                    continue;
                };
                if not_n <= has && p2 == pieces && a2 == axes {
                    self.diags.push(
                        Diagnostic::error(
                            parts[neg].span,
                            format!(
                                "this ending never holds: a line of {has} or more is also a line of {not_n} or more"
                            ),
                        )
                        .with_hint(format!(
                            "to refuse longer lines write '{} and not line({})', or line(exactly: {has})",
                            super::moves::st_text(&parts[pos]),
                            has + 1
                        )),
                    );
                    return None;
                }
            }
        }
        Some(())
    }
}
