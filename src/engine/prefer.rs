//! Move preferences from the rule file: `prefer reach(rosettes) by 500`.
//!
//! A preference is a test on the move just made and a weight. A greedy player scores each
//! legal move by making it and adding up the weights of the preferences it satisfies (plus an
//! optional random noise, `prefer noise 10`), and plays the best. The tests are those of the
//! endings, seen from the mover and looking only at what the move changed, plus a few that
//! only make sense for a move: [`MoveCond::BearsOff`], [`MoveCond::From`] and
//! [`MoveCond::Promotes`].

use super::state::SideChange;
use super::{EndCond, Game, Part, State, ZoneId, BORNE_OFF, FROM_RESERVE};

/// A test on the move just made, seen from the player who made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveCond {
    /// An ending's condition, tested for the mover on the cells the move changed:
    /// `reach(rosettes)` (the move put a piece on a cell of the zone), `captured(veteran)`.
    End(EndCond),
    /// `bears-off`: the move bore a piece off the board.
    BearsOff,
    /// `from(zone)`: the moved piece started on a cell of the zone.
    From(ZoneId),
    /// `promotes`: the moved piece turned into another kind (a promotion or a flip).
    Promotes,
    /// `not c`.
    Not(Box<MoveCond>),
    /// `a and b and …`.
    All(Vec<MoveCond>),
    /// `a or b or …`.
    Any(Vec<MoveCond>),
}

/// One `prefer <condition> by <weight>` statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preference {
    /// The test.
    pub cond: MoveCond,
    /// Added to a move's score when the test holds (may be negative).
    pub weight: i32,
    /// The condition as written, for messages.
    pub text: String,
}

/// The rule file's preferences: what the greedy player values in a move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Preferences {
    /// The `prefer … by …` statements, in the order written.
    pub rules: Vec<Preference>,
    /// `prefer noise N`: a uniformly random whole number from 0 to N - 1 is added to every
    /// move's score (0: none). With weights in tens, `noise 10` only breaks ties.
    pub noise: u32,
}

impl Preferences {
    /// Whether the rule file states no preference at all.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }
}

/// Whether the move just made in `s` (the last one of its history) satisfies `cond`.
/// False when no move was made, and for a roll of the dice.
pub fn move_satisfies(game: &Game, s: &mut State, cond: &MoveCond) -> bool {
    let Some(f) = s.frames.last().copied() else {
        return false;
    };
    if f.mv.as_roll().is_some() {
        return false;
    }
    let mover = f.scalars.to_move;
    let mv = f.mv;
    let rule = game.rules.get(mv.rule.index());
    let from_piece = rule.is_some_and(|r| r.from_piece());
    let origin = if from_piece && mv.len > 0 {
        Some(mv.cells[0])
    } else {
        None
    };
    let log_from = f.log_len as usize;
    match cond {
        MoveCond::Not(c) => !move_satisfies(game, s, c),
        MoveCond::All(cs) => cs.iter().all(|c| move_satisfies(game, s, c)),
        MoveCond::Any(cs) => cs.iter().any(|c| move_satisfies(game, s, c)),
        MoveCond::BearsOff => s.side[f.side_len as usize..]
            .iter()
            .any(|c| matches!(c, SideChange::Off { player, .. } if *player == mover.0)),
        MoveCond::From(z) => match origin {
            Some(c) if c != FROM_RESERVE && c.index() < game.board.len() => game
                .board
                .zones
                .get(z.index())
                .is_some_and(|zone| zone.contains(mover, c)),
            _ => false,
        },
        MoveCond::Promotes => from_piece && mv.promotes(),
        MoveCond::End(EndCond::Reach { zone, pieces }) => {
            // The cells the move put a piece on; the origin only changes what shows
            // there (a stack's lower piece), which is no arrival.
            let Some(z) = game.board.zones.get(zone.index()) else {
                return false;
            };
            (log_from..s.log.len()).any(|i| {
                let c = s.log[i].cell;
                Some(c) != origin
                    && pieces[mover].contains(s.board[c.index()])
                    && z.contains(mover, c)
            })
        }
        MoveCond::End(EndCond::Captured { kinds })
            if rule.is_some_and(|r| matches!(r.parts.first(), Some(Part::Advance(_)))) =>
        {
            // An advance captures what stood on its landing cell (never on a stack).
            let dest = mv.cells[1];
            if mv.len < 2 || dest >= BORNE_OFF || game.stacks_on(dest.index()) {
                return false;
            }
            (log_from..s.log.len()).any(|i| {
                let c = s.log[i];
                let pt = &game.pieces[c.old.index()];
                c.cell == dest && pt.owner.is_some_and(|o| o != mover) && kinds.contains(&pt.kind)
            })
        }
        MoveCond::End(end) => game.end_holds(s, end, mover, mover, log_from),
    }
}
