//! Builds `advance(track, by: …, …)` (see [`crate::engine::prim::advance`]); the arguments
//! of its whole-turn form (`by: die`, `enter:`, `capture: blot`, `bear-off:`) are read in
//! `advance/dice_turn.rs`, which only `advance` uses.

mod dice_turn;

use crate::compile::args::CallArgs;
use crate::compile::moves::st_text;
use crate::compile::scope::Compiler;
use crate::engine::{Advance, CaptureRule, Part, Steps};
use crate::lang::ast::ExprKind;
use crate::lang::{Diagnostic, Span};

impl Compiler {
    /// The track a race or sowing part names first (`advance(path, …)`, `sow(round, …)`),
    /// with `missing` said when there is none and a suggestion for an unknown name.
    pub(in crate::compile) fn track_arg(
        &mut self,
        a: &CallArgs,
        span: Span,
        missing: &str,
    ) -> Option<usize> {
        let Some(t) = a.positional.first().copied() else {
            self.err(span, missing);
            return None;
        };
        let ExprKind::Name(tn) = &t.kind else {
            self.err(t.span, "expected the name of a track");
            return None;
        };
        let Some(track) = self.race.tracks.get_index_of(tn) else {
            let known: Vec<String> = self.race.tracks.keys().cloned().collect();
            let d = Diagnostic::error(t.span, format!("unknown track '{tn}'"))
                .suggest(tn, known.iter().map(String::as_str));
            self.diags.push(d);
            return None;
        };
        Some(track)
    }

    /// `advance(track, by: roll | n | die, …)`: the track, how far, what it may land on and
    /// capture, the flip and the whole-turn rules. `span` is the whole call's.
    pub(in crate::compile) fn build_advance(
        &mut self,
        a: &mut CallArgs,
        span: Span,
    ) -> Option<Part> {
        let track = self.track_arg(a, span, "'advance' needs a track: advance(path, by: roll)")?;
        let steps = match a.named("by") {
            Some(b) if matches!(&b.kind, ExprKind::Name(n) if n == "roll") => {
                if self.race.dice.is_none() {
                    self.err(
                        b.span,
                        "'by: roll' needs dice: add a line like 'dice 3 from 0 to 1'",
                    );
                    return None;
                }
                self.check_roll_steps(b)?;
                Steps::Roll
            }
            Some(b) if matches!(&b.kind, ExprKind::Name(n) if n == "die") => self.die_steps(b)?,
            Some(b)
                if !matches!(
                    b.kind,
                    ExprKind::Int(_) | ExprKind::Name(_) | ExprKind::Add(..) | ExprKind::Sub(..)
                ) =>
            {
                self.diags.push(
                    Diagnostic::error(
                        b.span,
                        format!(
                            "'by: {}' is not how far to advance: expected 'roll' or a whole number",
                            st_text(b)
                        ),
                    )
                    .with_hint("'by: roll' moves by the roll of the game's dice (a line like 'dice 4 from 0 to 1'); 'by: 2' moves two steps"),
                );
                return None;
            }
            Some(b) => {
                let n = self.eval_int(b)?;
                if !(1..=250).contains(&n) {
                    self.err(b.span, "a number of steps between 1 and 250");
                    return None;
                }
                Steps::Fixed(n as u8)
            }
            None => {
                self.err(span, "'advance' needs how far: by: roll, or by: a number");
                return None;
            }
        };
        let to = self.cond_arg(a, "to", "not friend")?;
        let mut blot = false;
        let capture = match a.named("capture") {
            None => CaptureRule::Any,
            Some(c) => match &c.kind {
                ExprKind::Name(n) if n == "same-kind" => CaptureRule::SameKind,
                ExprKind::Name(n) if n == "any" => CaptureRule::Any,
                ExprKind::Name(n) if n == "blot" => {
                    blot = true;
                    CaptureRule::Any
                }
                _ => {
                    self.err(c.span, "expected 'same-kind', 'any' or 'blot'");
                    return None;
                }
            },
        };
        let turn = self.turn_rules(a, steps, blot)?;
        let flip = match (a.named("flip"), a.named("after")) {
            (None, None) => None,
            (Some(k), Some(z)) => {
                let ExprKind::Name(kn) = &k.kind else {
                    self.err(k.span, "expected a piece kind");
                    return None;
                };
                let kind = crate::engine::KindId::from_index(self.kind(kn, k.span)?);
                Some((kind, self.zone_ref(z)?))
            }
            (Some(k), None) | (None, Some(k)) => {
                self.err(
                    k.span,
                    "'flip' and 'after' go together: flip: veteran, after: flip-cell",
                );
                return None;
            }
        };
        Some(Part::Advance(Advance {
            track: track as u16,
            steps,
            to,
            capture,
            flip,
            turn,
        }))
    }
}
