//! `forbid` rules: conditions on the position a move leads to that make the move illegal
//! (`forbid repetition(2, positional)` for Go's superko, `forbid surrounded(friend)` for
//! its suicide rule), and which of them refuses a move.

use super::refusal::{ForbidKind, Refusal};
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

/// Which `forbid` rule refuses the move written `text`, e.g. positional superko after
/// ply 37; `None` when no `forbid` rule does.
pub(super) fn why_forbidden(game: &Game, state: &State, text: &str) -> Option<Refusal> {
    if game.forbids.is_empty() || state.scalars.result.is_some() {
        return None;
    }
    let mv = super::why_illegal::pseudo_move_written(game, state, text)?;
    if game.rules[mv.rule.index()].is_pass() {
        return None;
    }
    let forbid = &game.forbids[game.refusal(state, mv)?];
    let rule = match &forbid.cond {
        ForbidCond::Repetition(r) => ForbidKind::Repetition {
            name: r.name(),
            noun: if r.parts == StateParts::POSITIONAL {
                "board".to_string()
            } else {
                r.parts.noun()
            },
            times: r.times,
            plies: game.refused_plies(state, mv, r),
        },
        ForbidCond::Surrounded { who, .. } => {
            let own = (1..game.pieces.len()).all(|id| {
                who[state.scalars.to_move].contains(PieceId::from_index(id))
                    == (game.pieces[id].owner == Some(state.scalars.to_move))
            });
            if own {
                ForbidKind::Suicide
            } else {
                ForbidKind::NoLiberty
            }
        }
    };
    Some(Refusal::Forbidden {
        mv,
        written: game.move_to_string(state, mv),
        rule,
    })
}
