//! The arguments that let a series go on: `jump(…, crown: king, in: zone)` (crowned in
//! mid-series, the piece goes on with the new kind's jumps) and `jump(…, land: continuing)`
//! (only the landings from which the capture goes on); and the link from a crowning jump to
//! the crowned kind's jump, made once every rule is built. See
//! [`crate::engine::prim::jump::crown`] and [`crate::engine::prim::jump::land`].

use crate::compile::args::CallArgs;
use crate::compile::scope::Compiler;
use crate::engine::prim::jump::crown::Crown;
use crate::engine::prim::jump::Jump;
use crate::engine::{ByPlayer, KindId, Part, Rule};
use crate::lang::ast::ExprKind;
use crate::lang::{Diagnostic, Span};

impl Compiler {
    /// `crown:` and `in:` of a jump: both or neither, and only on a repeating jump. The
    /// crowned kind's jump is linked later ([`Compiler::link_crowns`]).
    pub(super) fn jump_crown_arg(
        &mut self,
        a: &mut CallArgs,
        span: Span,
        repeat: bool,
    ) -> Option<Option<Box<Crown>>> {
        let (kind, zone) = (a.named("crown"), a.named("in"));
        let (kind, zone) = match (kind, zone) {
            (None, None) => return Some(None),
            (Some(_), None) => {
                self.diags.push(
                    Diagnostic::error(span, "'crown' needs the zone where the piece is crowned")
                        .with_hint("name it with 'in': jump(diagonal, over: enemy, capture: at-end, repeat: yes, crown: king, in: crown-row)"),
                );
                return None;
            }
            (None, Some(z)) => {
                self.diags.push(
                    Diagnostic::error(z.span, "'in' of a jump is where its piece is crowned, but no 'crown' kind is given")
                        .with_hint("add the kind it becomes: 'crown: king, in: crown-row'"),
                );
                return None;
            }
            (Some(k), Some(z)) => (k, z),
        };
        if !repeat {
            self.diags.push(
                Diagnostic::error(kind.span, "'crown' only means something with 'repeat: yes'")
                    .with_hint("a single jump ends where it lands: crown the piece there with 'then promote(king, in: crown-row)'"),
            );
            return None;
        }
        let ExprKind::Name(n) = &kind.kind else {
            self.err(
                kind.span,
                "'crown' takes the piece kind the jumping piece becomes, like 'crown: king'",
            );
            return None;
        };
        let kind = KindId::from_index(self.kind(n, kind.span)?);
        let zone = self.zone_ref(zone)?;
        Some(Some(Box::new(Crown {
            kind,
            zone,
            then: None,
            dirs: ByPlayer(Vec::new()),
        })))
    }

    /// `land:` of a jump: `continuing` (only landings from which the series goes on, when
    /// some does) or `anywhere` (the default); `continuing` needs a repeating capture.
    pub(super) fn jump_land_arg(
        &mut self,
        a: &mut CallArgs,
        repeat: bool,
        capture: bool,
    ) -> Option<bool> {
        let Some(e) = a.named("land") else {
            return Some(false);
        };
        let continuing = match &e.kind {
            ExprKind::Name(n) if n == "continuing" => true,
            ExprKind::Name(n) if n == "anywhere" => false,
            _ => {
                self.diags.push(
                    Diagnostic::error(e.span, "'land' of a jump is 'continuing' or 'anywhere'")
                        .with_hint("'land: continuing' keeps only the landings from which the capture goes on, when there are any (a flying king); 'land: anywhere' is the default"),
                );
                return None;
            }
        };
        if continuing && !(repeat && capture) {
            self.diags.push(
                Diagnostic::error(e.span, "'land: continuing' only means something for a jump that captures and repeats")
                    .with_hint("write 'capture: yes' (or 'at-end') and 'repeat: yes' with it: the capture going on is what the landing is chosen for"),
            );
            return None;
        }
        Some(continuing)
    }

    /// Links each crowning jump to the crowned kind's jump: the first part of the first
    /// rule of that kind that starts with a capturing jump (forced rules first). A kind with
    /// no such rule leaves the link empty: the move ends on crowning.
    pub(in crate::compile) fn link_crowns(&mut self, rules: &mut [Rule]) {
        let jump_of = |rules: &[Rule], kind: KindId| -> Option<Jump> {
            let starts_capture = |r: &&Rule| {
                r.kinds.contains(&kind)
                    && matches!(r.parts.first(), Some(Part::Jump(j)) if j.capture)
            };
            let rule = rules
                .iter()
                .filter(|r| r.forced)
                .find(starts_capture)
                .or_else(|| rules.iter().find(starts_capture))?;
            match rule.parts.first() {
                Some(Part::Jump(j)) => Some(Jump {
                    crown: None,
                    ..j.clone()
                }),
                _ => None,
            }
        };
        for r in 0..rules.len() {
            for i in 0..rules[r].parts.len() {
                let Part::Jump(Jump {
                    crown: Some(c),
                    dirs,
                    ..
                }) = &rules[r].parts[i]
                else {
                    continue;
                };
                let then = jump_of(rules, c.kind);
                let mut all = dirs.clone();
                if let Some(t) = &then {
                    for (mine, theirs) in all.0.iter_mut().zip(&t.dirs.0) {
                        for d in theirs {
                            if !mine.contains(d) {
                                mine.push(*d);
                            }
                        }
                    }
                }
                if let Part::Jump(Jump { crown: Some(c), .. }) = &mut rules[r].parts[i] {
                    c.then = then.map(Box::new);
                    c.dirs = all;
                }
            }
        }
    }
}
