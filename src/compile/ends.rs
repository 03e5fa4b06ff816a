//! Endings: `win if line(3)`, `loss if no-pieces(king)`, `draw if no-moves`,
//! `pass if no-moves`, each optionally `for` some players and guarded by an option.

use super::args::CallArgs;
use super::scope::Compiler;
use crate::engine::{ByPlayer, ContentSet, EndCond, EndResult, EndRule, NoMoves, Player};
use crate::lang::ast::{Expr, ExprKind, File, ResultWord, Stmt};
use crate::lang::Diagnostic;

/// Every ending condition, for "did you mean".
pub const ENDINGS: [&str; 13] = [
    "line",
    "connect",
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
            if let Some(g) = guard {
                if self.eval_bool(g) != Some(true) {
                    continue;
                }
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
                        if pt.owner == Some(p)
                            && (ks.is_empty() || ks.contains(&(pt.kind as usize)))
                        {
                            s.insert(i as u8);
                        }
                    }
                    s
                })
                .collect(),
        ))
    }

    fn kinds_list(&mut self, items: &[&Expr]) -> Option<Vec<u8>> {
        let mut v = Vec::new();
        for e in items {
            match &e.kind {
                ExprKind::Name(n) => v.push(self.kind(n, e.span)? as u8),
                _ => {
                    self.err(e.span, "expected a piece kind");
                    return None;
                }
            }
        }
        if v.is_empty() {
            v = (0..self.pieces.kinds.len() as u8).collect();
        }
        Some(v)
    }

    pub(super) fn end_cond(&mut self, e: &Expr) -> Option<EndCond> {
        if let ExprKind::And(parts) = &e.kind {
            let mut all = Vec::new();
            for x in parts {
                all.push(self.end_cond(x)?);
            }
            return Some(EndCond::All(all));
        }
        let (name, args, span) = match &e.kind {
            ExprKind::Call { name, args } => (name.node.as_str(), &args[..], name.span),
            ExprKind::Name(n) => (n.as_str(), &[][..], e.span),
            _ => {
                self.err(
                    e.span,
                    "expected an ending such as line(3), connect(top, bottom) or no-moves",
                );
                return None;
            }
        };
        let mut a = CallArgs::new(name, e.span, args);
        let (cond, allowed): (EndCond, &[&str]) = match name {
            "line" => {
                let Some(n) = a.positional.first().copied() else {
                    self.err(e.span, "'line' needs how many in a row: line(3)");
                    return None;
                };
                let span = n.span;
                let n = self.eval_int(n)?;
                if !(2..=64).contains(&n) {
                    self.err(span, format!("a line is 2 to 64 pieces long, not {n}"));
                    return None;
                }
                let pieces = self.owned(&a.positional[1..])?;
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
                (
                    EndCond::Line {
                        n: n as u16,
                        pieces,
                        axes,
                    },
                    &["along"],
                )
            }
            "connect" => {
                if a.positional.len() < 2 {
                    self.err(e.span, "'connect' needs two zones: connect(top, bottom)");
                    return None;
                }
                let za = self.zone_ref(a.positional[0])?;
                let zb = self.zone_ref(a.positional[1])?;
                let pieces = self.owned(&a.positional[2..])?;
                let dirs = match a.named("through") {
                    Some(d) => self.dir_list(&[d])?,
                    None => match self
                        .dirs
                        .get("orthogonal")
                        .or_else(|| self.dirs.get("adjacent"))
                    {
                        Some(d) => d.clone(),
                        None => return None,
                    },
                };
                (
                    EndCond::Connect {
                        a: za,
                        b: zb,
                        pieces,
                        dirs: dirs.0[0].clone(),
                    },
                    &["through"],
                )
            }
            "reach" => {
                let Some(z) = a.positional.first().copied() else {
                    self.err(e.span, "'reach' needs a zone: reach(last-rank, pawn)");
                    return None;
                };
                let zone = self.zone_ref(z)?;
                let pieces = self.owned(&a.positional[1..])?;
                (EndCond::Reach { zone, pieces }, &[])
            }
            "no-pieces" => {
                let kinds = self.kinds_list(&a.positional)?;
                (EndCond::NoPieces { kinds }, &[])
            }
            "captured" => {
                let kinds = self.kinds_list(&a.positional)?;
                (EndCond::Captured { kinds }, &[])
            }
            "ply-limit" => {
                let Some(n) = a.positional.first().copied() else {
                    self.err(
                        e.span,
                        "'ply-limit' needs a number of plies: ply-limit(200)",
                    );
                    return None;
                };
                let n = self.eval_int(n)?;
                if !(1..=1_000_000).contains(&n) {
                    self.err(e.span, "a ply limit is between 1 and 1000000");
                    return None;
                }
                (EndCond::PlyLimit(n as u32), &[])
            }
            "nobody-can-move" => (EndCond::NobodyCanMove, &[]),
            "pieces-at-most" => {
                let Some(n) = a.positional.first().copied() else {
                    self.err(e.span, "'pieces-at-most' needs a number and kinds: pieces-at-most(3, king, bishop, knight)");
                    return None;
                };
                let n = self.eval_int(n)?;
                if !(0..=10_000).contains(&n) {
                    self.err(e.span, "a number of pieces between 0 and 10000");
                    return None;
                }
                let kinds = self.kinds_list(&a.positional[1..])?;
                (EndCond::PiecesAtMost { n: n as u16, kinds }, &[])
            }
            "most" => {
                let kinds = self.kinds_list(&a.positional)?;
                (EndCond::Most { kinds }, &[])
            }
            "borne-off" => {
                let Some(n) = a.positional.first().copied() else {
                    self.err(e.span, "'borne-off' needs a number of pieces: borne-off(7)");
                    return None;
                };
                let n = self.eval_int(n)?;
                if !(1..=10_000).contains(&n) {
                    self.err(e.span, "a number of pieces is between 1 and 10000");
                    return None;
                }
                (EndCond::BorneOff(n as u16), &[])
            }
            "no-progress" => {
                let Some(n) = a.positional.first().copied() else {
                    self.err(
                        e.span,
                        "'no-progress' needs a number of plies: no-progress(100, pawn)",
                    );
                    return None;
                };
                let n = self.eval_int(n)?;
                if !(1..=1_000_000).contains(&n) {
                    self.err(e.span, "a number of plies is between 1 and 1000000");
                    return None;
                }
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
                if self.progress.is_some_and(|p| p != set) {
                    self.err(
                        e.span,
                        "two no-progress endings name different pieces; use one list",
                    );
                    return None;
                }
                self.progress = Some(set);
                (EndCond::NoProgress(n as u32), &[])
            }
            other => {
                let d = Diagnostic::error(span, format!("unknown ending '{other}'"))
                    .suggest(other, ENDINGS);
                let d = if d.hint.is_none() {
                    d.with_hint(format!("endings are: {}", ENDINGS.join(", ")))
                } else {
                    d
                };
                self.diags.push(d);
                return None;
            }
        };
        let max = match &cond {
            EndCond::PlyLimit(_) | EndCond::BorneOff(_) => 1,
            _ => usize::MAX,
        };
        a.finish(allowed, max, &mut self.diags);
        Some(cond)
    }

    /// The direction opposite to `d` (same vector reversed, or the linked way back).
    pub fn opposite_of(&mut self, d: u16) -> Option<u16> {
        let geo = self.geo.as_mut()?;
        match geo.dirs[d as usize].1 {
            Some((x, y)) => {
                let name = format!("-{}", geo.dirs[d as usize].0);
                Some(geo.dir_with_vector((-x, -y), &name))
            }
            None => match geo.opposite.get(&d) {
                Some(&o) => Some(o),
                None => {
                    let n = geo.dirs[d as usize].0.clone();
                    self.err(crate::lang::Span::default(), format!("direction '{n}' has no way back; link it with 'as {n} / <back>' to use it in a line"));
                    None
                }
            },
        }
    }
}
