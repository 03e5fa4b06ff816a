//! Conditions read from the state at run time: guards on move rules
//! (`move man: step(…) when in-reserve(man) = 0`), comparisons in endings
//! (`loss if count(man) + in-reserve(man) < 3`), and the conditions a move part tests on the piece
//! it has just moved or placed (`remove(enemy, if: line(3))`).

use super::{DirId, KindId, Player, Repetition, State};
use crate::engine::Rules;

/// A comparison of two numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compare {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `>=`
    Ge,
    /// `>`
    Gt,
}

impl Compare {
    /// Whether `a op b` holds.
    #[inline]
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Compare::Lt => a < b,
            Compare::Le => a <= b,
            Compare::Eq => a == b,
            Compare::Ne => a != b,
            Compare::Ge => a >= b,
            Compare::Gt => a > b,
        }
    }
}

/// A number read from the state, seen by one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Quantity {
    /// A constant.
    Const(i64),
    /// The player's pieces of these kinds on the board.
    Count(Vec<KindId>),
    /// The other players' pieces of these kinds on the board (`count(…, of: enemy)`).
    EnemyCount(Vec<KindId>),
    /// The player's pieces of these kinds waiting in the reserve.
    InReserve(Vec<KindId>),
    /// The number of plies (moves) played so far: 0 before the first move, counted on from
    /// the ply number of a given position.
    Ply,
    /// The counters on the player's cells of these zones (or, `enemy`, on the other
    /// players' cells): `counters(pits)`, `counters(pits, of: enemy)`.
    Counters {
        zones: Vec<super::ZoneId>,
        enemy: bool,
    },
    /// The player's `score` (as the `score` line says).
    Score,
    /// The player's score less the best other player's: above 0 is `most(score)`.
    ScoreLead,
    /// The sum of two quantities.
    Sum(Box<Quantity>, Box<Quantity>),
    /// The difference of two quantities.
    Diff(Box<Quantity>, Box<Quantity>),
}

/// A yes/no condition on the state, seen by one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateCond {
    /// Two quantities compared.
    Compare(Compare, Quantity, Quantity),
    /// The condition does not hold.
    Not(Box<StateCond>),
    /// Every condition holds.
    All(Vec<StateCond>),
    /// At least one condition holds.
    Any(Vec<StateCond>),
}

/// A condition a move part tests on one cell of the board as the move has changed it so
/// far: the cell of the piece just moved or placed (a trigger), or a candidate cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartCond {
    /// The piece on the cell is in a line of at least `n` pieces of its owner along one of
    /// `axes` (a mill).
    Line {
        /// Pieces in the line.
        n: u16,
        /// Pairs of opposite directions.
        axes: Vec<(DirId, DirId)>,
    },
    /// A repetition over some cells (a fixed set, or the line through the cell).
    Repetition(Repetition),
    /// The condition does not hold.
    Not(Box<PartCond>),
    /// Every condition holds.
    All(Vec<PartCond>),
    /// At least one condition holds.
    Any(Vec<PartCond>),
}

impl Rules {
    /// The value of `q` for `player` in `s`.
    pub(crate) fn quantity(&self, s: &State, q: &Quantity, player: Player) -> i64 {
        match q {
            Quantity::Const(n) => *n,
            Quantity::Count(kinds) => self.count_of(s, kinds, player),
            Quantity::EnemyCount(kinds) => (0..self.num_players())
                .filter(|&q| q != player.index())
                .map(|q| self.count_of(s, kinds, Player(q as u8)))
                .sum(),
            Quantity::InReserve(kinds) => kinds
                .iter()
                .filter_map(|&k| self.find_piece(k, Some(player)))
                .map(|id| i64::from(s.reserve[id.index()]))
                .sum(),
            Quantity::Ply => i64::from(s.ply),
            Quantity::Counters { zones, enemy } => (0..self.num_players())
                .filter(|&q| (q == player.index()) != *enemy)
                .flat_map(|q| zones.iter().map(move |&z| (q, z)))
                .map(|(q, z)| self.counters_in(s, z, Player(q as u8)))
                .sum(),
            Quantity::Score => self.score_of(s, player),
            Quantity::ScoreLead => {
                let best = (0..self.num_players())
                    .filter(|&q| q != player.index())
                    .map(|q| self.score_of(s, Player(q as u8)))
                    .max()
                    .unwrap_or(0);
                self.score_of(s, player) - best
            }
            Quantity::Sum(a, b) => self.quantity(s, a, player) + self.quantity(s, b, player),
            Quantity::Diff(a, b) => self.quantity(s, a, player) - self.quantity(s, b, player),
        }
    }

    /// `player`'s score as the `score` line says (0 without one).
    fn score_of(&self, s: &State, player: Player) -> i64 {
        self.score
            .as_ref()
            .map_or(0, |q| self.quantity(s, q, player))
    }

    /// How many pieces of `kinds` `player` has on the board.
    fn count_of(&self, s: &State, kinds: &[KindId], player: Player) -> i64 {
        kinds
            .iter()
            .filter_map(|&k| self.find_piece(k, Some(player)))
            .map(|id| i64::from(s.counts[id.index()]))
            .sum()
    }

    /// Whether `c` holds for `player` in `s`.
    pub(crate) fn state_cond(&self, s: &State, c: &StateCond, player: Player) -> bool {
        match c {
            StateCond::Compare(op, a, b) => {
                op.holds(self.quantity(s, a, player), self.quantity(s, b, player))
            }
            StateCond::Not(x) => !self.state_cond(s, x, player),
            StateCond::All(xs) => xs.iter().all(|x| self.state_cond(s, x, player)),
            StateCond::Any(xs) => xs.iter().any(|x| self.state_cond(s, x, player)),
        }
    }
}
