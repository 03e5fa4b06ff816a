//! `forced most-captures`: among the moves left once forced moves are preferred, only those
//! that capture the most pieces are legal (international draughts' majority capture). Every
//! piece counts one, whatever its kind; among equal counts the player chooses.

use super::{Game, Move, MoveList, State};

impl Game {
    /// How many pieces `mv` captures when played from `s`: one per landing of a capturing
    /// jump, one for an en-passant capture, and one when a step, slide or fly lands on a
    /// piece of another player.
    pub fn captures_in(&self, s: &State, mv: &Move) -> usize {
        let Some(rule) = self.rules.get(mv.rule.index()) else {
            return 0;
        };
        let cells = mv.cells();
        let mut k = usize::from(rule.from_piece());
        let mut n = 0;
        for part in &rule.parts {
            let (recorded, taken) = part.captures(self, s, cells.get(k..).unwrap_or_default());
            n += taken;
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
