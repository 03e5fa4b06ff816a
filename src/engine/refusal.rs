//! Why a move the pieces could make is refused, in words, naming the rule that refuses it:
//! a `forbid` rule (superko, suicide), the royal rule (a move that leaves the king
//! attacked, castling through an attacked cell), or a `forced` rule (a capture is
//! compulsory). `play` says this when it refuses a move, and scenarios' `refuse` checks it.

use super::{Game, MoveList, Part, State};

impl Game {
    /// The move the pieces could make (before `forbid` rules judge it) that is written
    /// `text`, in this game's notation or the compact form.
    pub(super) fn pseudo_move_written(&self, state: &State, text: &str) -> Option<super::Move> {
        let want: String = text.split_whitespace().collect();
        let mut moves = MoveList::new();
        self.pseudo_moves(state, &mut moves);
        moves.into_iter().find(|&m| {
            self.move_to_string(state, m).eq_ignore_ascii_case(&want)
                || self.move_to_compact(state, m).eq_ignore_ascii_case(&want)
        })
    }

    /// Why the move written `text` is not legal in `state` although the pieces could make
    /// it, in words, e.g. `e1g1 refused: castling may not start on, pass through or land on
    /// an attacked cell (royal king)`; `None` when the text is legal, or names no move the
    /// pieces could make (then [`Game::parse_move`] says what is wrong).
    pub fn why_illegal(&self, state: &State, text: &str) -> Option<String> {
        if state.scalars.result.is_some() || self.is_chance(state) {
            return None;
        }
        if let Some(why) = self.why_forbidden(state, text) {
            return Some(why);
        }
        let me = state.to_move();
        let royal = !self.royal[me].is_empty();
        if !royal && !self.has_forced && !self.most_captures {
            return None;
        }
        // The same game without its royal and forced rules lists what the pieces could do;
        // a refusal is only worked out when asked, so the copy costs nothing in play.
        let mut free = self.clone();
        free.attack_rays.clear();
        free.royal.0.iter_mut().for_each(Vec::clear);
        free.has_forced = false;
        free.most_captures = false;
        let mv = free.pseudo_move_written(state, text)?;
        let written = free.move_to_string(state, mv);
        let rule = &self.rules[mv.rule.index()];
        let mut legal = MoveList::new();
        self.legal_moves(state, &mut legal);
        if self.has_forced
            && !rule.forced
            && legal.iter().any(|m| self.rules[m.rule.index()].forced)
        {
            let forced: Vec<&str> = self
                .rules
                .iter()
                .filter(|r| r.forced)
                .map(|r| r.text.as_str())
                .collect();
            return Some(format!(
                "{written} refused: while a forced move can be played, no other move may be (forced move {})",
                forced.join("; ")
            ));
        }
        if let Some(why) = self.fewer_captures(state, mv, &written, &legal) {
            return Some(why);
        }
        if !royal {
            return None;
        }
        let kinds: Vec<&str> = self.royal[me]
            .iter()
            .map(|&p| {
                self.kinds[self.pieces[p.index()].kind.index()]
                    .name
                    .as_str()
            })
            .collect();
        let kinds = kinds.join(" or ");
        let player = &self.players[me.index()];
        Some(if rule.parts.iter().any(|p| matches!(p, Part::Castle(_))) {
            format!(
                "{written} refused: castling may not start on, pass through or land on an attacked cell (royal {kinds})"
            )
        } else if self.in_check(state, me) {
            format!("{written} refused: {player}'s {kinds} is in check and would still be attacked (royal {kinds})")
        } else {
            format!("{written} refused: it would leave {player}'s {kinds} attacked (royal {kinds})")
        })
    }
}
