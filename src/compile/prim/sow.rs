//! Builds `sow(track, from: zone, skip: origin, capture: opposite(dir) | counts(n, …),
//! store: zone, grand-slam: yes | no, feed: yes | no)` (see [`crate::engine::prim::sow`]).

use crate::compile::args::CallArgs;
use crate::compile::moves::st_text;
use crate::compile::scope::Compiler;
use crate::engine::{ByPlayer, Part, Sow, SowCapture};
use crate::lang::ast::{Expr, ExprKind};
use crate::lang::{Diagnostic, Span};

impl Compiler {
    /// `sow(…)`: the track, the cells sown from, what is skipped and captured, the store.
    pub(in crate::compile) fn build_sow(&mut self, a: &mut CallArgs, span: Span) -> Option<Part> {
        if self.counters.kind.is_none() {
            self.diags.push(
                Diagnostic::error(
                    span,
                    "'sow' moves counters, and no kind is declared with 'counters'",
                )
                .with_hint("piece seed = \"o\", counters"),
            );
            return None;
        }
        let track = self.track_arg(a, span, "'sow' needs a track: sow(round, from: pits)")?;
        let Some(f) = a.named("from") else {
            self.diags.push(
                Diagnostic::error(span, "'sow' needs the cells a player sows from: from: pits")
                    .with_hint(
                        "a zone given per player: zone pits = b1, c1 for South, b2, c2 for North",
                    ),
            );
            return None;
        };
        let from = self.zone_ref(f)?;
        // Every cell sown from must be on the player's track, or the sowing has no way on.
        let tr = &self.race.tracks[track];
        let z = self
            .zones
            .zones
            .get_index(from.index())
            .map(|x| x.1.clone())
            .unwrap_or_default();
        for (p, cells) in tr.cells.0.iter().enumerate() {
            if let Some(c) = z
                .get(p)
                .and_then(|zc| zc.iter().find(|c| !cells.contains(c)))
            {
                let name = self
                    .geo
                    .as_ref()
                    .map_or(String::new(), |g| g.names[c.index()].clone());
                self.diags.push(
                    Diagnostic::error(
                        f.span,
                        format!(
                            "cell {name} is sown from, but it is not on {}'s track '{}'",
                            self.players[p],
                            self.race
                                .tracks
                                .get_index(track)
                                .map_or("", |(n, _)| n.as_str())
                        ),
                    )
                    .with_hint("every cell of 'from:' must be on the mover's track"),
                );
                return None;
            }
        }
        let skip_origin = match a.named("skip") {
            None => false,
            Some(x) if matches!(&x.kind, ExprKind::Name(n) if n == "origin") => true,
            Some(x) => {
                self.diags.push(
                    Diagnostic::error(x.span, format!("'skip: {}' is not a cell a sowing passes over", st_text(x)))
                        .with_hint("'skip: origin' passes over the emptied cell; to never sow a cell (the other side's store), leave it out of that player's track"),
                );
                return None;
            }
        };
        let capture = match a.named("capture") {
            None => SowCapture::Nothing,
            Some(x) => self.sow_capture(x)?,
        };
        let store = match a.named("store") {
            Some(s) => Some(self.zone_ref(s)?),
            None if capture != SowCapture::Nothing => {
                self.err(
                    span,
                    "captured counters need somewhere to go: store: zone (one cell per player)",
                );
                return None;
            }
            None => None,
        };
        let grand_slam = match a.named("grand-slam") {
            Some(x) => self.eval_bool(x)?,
            None => true,
        };
        if !grand_slam && !matches!(capture, SowCapture::Counts(_)) {
            self.err(
                span,
                "'grand-slam: no' is about captures by count: capture: counts(2, 3)",
            );
            return None;
        }
        let feed = match a.named("feed") {
            Some(x) => self.eval_bool(x)?,
            None => false,
        };
        Some(Part::Sow(Sow {
            track: track as u16,
            from,
            skip_origin,
            capture,
            store,
            grand_slam,
            feed,
        }))
    }

    /// `capture: opposite(direction)` or `capture: counts(2, 3)`.
    fn sow_capture(&mut self, x: &Expr) -> Option<SowCapture> {
        let hint = "capture: opposite(forward) (an own empty cell and the cell that way: Kalah) or capture: counts(2, 3) (the last cell and those before it holding 2 or 3: Oware)";
        match &x.kind {
            ExprKind::Call { name, args } if name.node == "opposite" && args.len() == 1 => {
                let dirs = self.dir_list(&[&args[0].value])?;
                if dirs.0.iter().any(|d| d.len() != 1) {
                    self.err(
                        args[0].value.span,
                        "'opposite' takes one direction per player",
                    );
                    return None;
                }
                Some(SowCapture::Opposite(ByPlayer(
                    dirs.0.iter().map(|d| d[0]).collect(),
                )))
            }
            ExprKind::Call { name, args } if name.node == "counts" && !args.is_empty() => {
                let mut set = 0u64;
                for arg in args {
                    let n = self.eval_int(&arg.value)?;
                    if !(1..=63).contains(&n) {
                        self.err(arg.value.span, "a capturing count is between 1 and 63");
                        return None;
                    }
                    set |= 1 << n;
                }
                Some(SowCapture::Counts(set))
            }
            _ => {
                self.diags.push(
                    Diagnostic::error(
                        x.span,
                        format!("'capture: {}' is not a sowing capture", st_text(x)),
                    )
                    .with_hint(hint),
                );
                None
            }
        }
    }
}
