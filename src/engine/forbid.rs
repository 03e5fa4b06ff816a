//! `forbid` rules: conditions on the position a move leads to that make the move illegal
//! (`forbid repetition(2, positional)` for Go's superko, `forbid surrounded(friend)` for
//! its suicide rule), and the words that explain a refusal.

use super::repetition::{ordinal, when_phrase};
use super::{ByPlayer, ContentSet, DirId, Game, Repetition, State, StateParts};
use crate::engine::PieceId;

/// What a `forbid` rule tests on the position a move leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForbidCond {
    /// The position repeats (see [`Repetition`]).
    Repetition(Repetition),
    /// A chain of `who` (seen by the mover) that the move changed has no empty neighbour
    /// along `dirs`: suicide, for `friend`.
    Surrounded {
        who: ByPlayer<ContentSet>,
        dirs: Vec<DirId>,
    },
}

/// A `forbid` rule. A pass is never refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forbid {
    /// The condition.
    pub cond: ForbidCond,
    /// The source text, for messages.
    pub text: String,
}

impl Game {
    /// Why a `forbid` rule refuses the move written `text`, in words, e.g. `b2 refused:
    /// positional superko (the board after ply 37)`; `None` when no `forbid` rule does.
    pub(super) fn why_forbidden(&self, state: &State, text: &str) -> Option<String> {
        if self.forbids.is_empty() || state.scalars.result.is_some() {
            return None;
        }
        let mv = self.pseudo_move_written(state, text)?;
        if self.rules[mv.rule.index()].is_pass() {
            return None;
        }
        let rule = &self.forbids[self.refusal(state, mv)?];
        let written = self.move_to_string(state, mv);
        Some(match &rule.cond {
            ForbidCond::Repetition(r) => {
                let plies = self.refused_plies(state, mv, r);
                let noun = if r.parts == StateParts::POSITIONAL {
                    "board".to_string()
                } else {
                    r.parts.noun()
                };
                let after = when_phrase(&plies);
                if r.times == 2 {
                    format!("{written} refused: {} (the {noun} {after})", r.name())
                } else {
                    format!(
                        "{written} refused: the same {noun} would occur for the {} time ({after})",
                        ordinal(u32::from(r.times))
                    )
                }
            }
            ForbidCond::Surrounded { who, .. } => {
                let own = (1..self.pieces.len()).all(|id| {
                    who[state.scalars.to_move].contains(PieceId::from_index(id))
                        == (self.pieces[id].owner == Some(state.scalars.to_move))
                });
                if own {
                    format!("{written} refused: suicide (its chain would have no liberty)")
                } else {
                    format!(
                        "{written} refused: a chain would have no liberty (forbid {})",
                        rule.text
                    )
                }
            }
        })
    }
}
