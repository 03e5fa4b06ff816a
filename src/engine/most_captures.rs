//! `forced most-captures`: among the moves left once forced moves are preferred, only those
//! that capture the most pieces are legal (international draughts' majority capture). Every
//! piece counts one, whatever its kind; among equal counts the player chooses.

use super::{Game, Move, MoveList, State};

/// Keeps only the moves of `out` that capture the most pieces (all of them when none
/// captures).
pub(super) fn keep_most_captures(game: &Game, s: &State, out: &mut MoveList) {
    let best = out
        .iter()
        .map(|m| captures_in(game, s, m))
        .max()
        .unwrap_or(0);
    if best > 0 {
        out.retain(|m| captures_in(game, s, m) == best);
    }
}

/// How many pieces `mv` captures when played from `s`: one per landing of a capturing
/// jump, one for an en-passant capture, and one when a step, slide or fly lands on a
/// piece of another player.
pub fn captures_in(game: &Game, s: &State, mv: &Move) -> usize {
    let Some(rule) = game.rules.get(mv.rule.index()) else {
        return 0;
    };
    let cells = mv.cells();
    let mut k = usize::from(rule.from_piece());
    let mut n = 0;
    for part in &rule.parts {
        let (recorded, taken) = part.captures(game, s, cells.get(k..).unwrap_or_default());
        n += taken;
        k += recorded;
    }
    n
}

/// Why `mv` is refused when a move capturing more pieces is legal: `None` unless
/// `forced most-captures` holds and a legal move captures more.
pub(super) fn fewer_captures(
    game: &Game,
    s: &State,
    mv: Move,
    legal: &[Move],
) -> Option<super::refusal::Refusal> {
    if !game.most_captures || legal.contains(&mv) {
        return None;
    }
    let most = legal.iter().map(|m| captures_in(game, s, m)).max()?;
    let takes = captures_in(game, s, &mv);
    (most > takes).then(|| super::refusal::Refusal::MostCaptures {
        mv,
        written: game.move_to_string(s, mv),
        takes,
        most,
    })
}
