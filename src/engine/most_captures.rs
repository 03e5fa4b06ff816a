//! `forced most-captures`: among the moves left once forced moves are preferred, only those
//! that capture the most pieces are legal (international draughts' majority capture). Every
//! piece counts one, whatever its kind; among equal counts the player chooses.

use super::{Game, Move, MoveList, Part, State, EMPTY};

impl Game {
    /// How many pieces `mv` captures when played from `s`: one per landing of a capturing
    /// jump, one for an en-passant capture, and one when a step, slide or fly lands on a
    /// piece of another player.
    pub fn captures_in(&self, s: &State, mv: &Move) -> usize {
        let Some(rule) = self.rules.get(mv.rule.index()) else {
            return 0;
        };
        let cells = mv.cells();
        let me = s.to_move();
        let mut k = usize::from(rule.from_piece());
        let mut n = 0;
        for part in &rule.parts {
            let recorded = match part {
                Part::Jump(super::prim::jump::Jump { repeat: true, .. }) => {
                    cells.len().saturating_sub(k)
                }
                _ => part.cells_recorded(),
            };
            match part {
                Part::Jump(super::prim::jump::Jump { capture: true, .. }) => n += recorded,
                Part::EnPassant(_) => n += 1,
                Part::Step(_) | Part::Slide(_) | Part::Fly(_) => {
                    // The landing is the last cell the part records.
                    if let Some(&t) = cells.get(k + recorded.max(1) - 1) {
                        let victim = s.board.get(t.index()).copied().unwrap_or(EMPTY);
                        if victim != EMPTY && self.owner(victim).is_some_and(|o| o != me) {
                            n += 1;
                        }
                    }
                }
                // Taken elsewhere than on a recorded landing, or nothing taken: not counted
                // (a new capturing primitive must say here how many it takes).
                Part::Jump(super::prim::jump::Jump { capture: false, .. })
                | Part::Place(_)
                | Part::Drop(_)
                | Part::Shoot(_)
                | Part::Castle(_)
                | Part::Swap(_)
                | Part::Promote(_)
                | Part::BecomeCaptured(_)
                | Part::Convert(_)
                | Part::Outflank(_)
                | Part::Pattern(_)
                | Part::Advance(_)
                | Part::Remove(_)
                | Part::RemoveSurrounded(_)
                | Part::Pass(_)
                | Part::SwapSides(_)
                | Part::Sow(_) => {}
            }
            k += recorded;
        }
        n
    }

    /// Keeps only the moves of `out` that capture the most pieces (all of them when none
    /// captures).
    pub(super) fn keep_most_captures(&self, s: &State, out: &mut MoveList) {
        let best = out
            .iter()
            .map(|m| self.captures_in(s, m))
            .max()
            .unwrap_or(0);
        if best > 0 {
            out.retain(|m| self.captures_in(s, m) == best);
        }
    }
}

impl Game {
    /// Why `mv` is refused when a move capturing more pieces is legal: `None` unless
    /// `forced most-captures` holds and a legal move captures more.
    pub(super) fn fewer_captures(
        &self,
        s: &State,
        mv: Move,
        legal: &[Move],
    ) -> Option<super::refusal::Refusal> {
        if !self.most_captures || legal.contains(&mv) {
            return None;
        }
        let most = legal.iter().map(|m| self.captures_in(s, m)).max()?;
        let takes = self.captures_in(s, &mv);
        (most > takes).then(|| super::refusal::Refusal::MostCaptures {
            mv,
            written: self.move_to_string(s, mv),
            takes,
            most,
        })
    }
}
