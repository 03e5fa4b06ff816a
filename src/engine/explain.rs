//! Endings explained in words, for the endings whose reason is not obvious from the board:
//! repetitions (`draw: the same situation occurred for the 3rd time (plies 12, 16, 20)`)
//! and scores (`White wins: the last 2 moves were passes; area Black 20, White 24 + 4.5
//! komi`).

use super::repetition::{ordinal, plies_phrase};
use super::{CellId, EndCond, Game, Player, RepCells, State, EMPTY, NO_CELL};
use crate::engine::Rules;

/// `num / den` written as a decimal number (`den` a power of ten).
pub(crate) fn decimal_text(num: i64, den: i64) -> String {
    if den <= 1 {
        return num.to_string();
    }
    let digits = den.ilog10() as usize;
    let sign = if num < 0 { "-" } else { "" };
    let n = num.unsigned_abs();
    let d = den.unsigned_abs();
    format!("{sign}{}.{:0digits$}", n / d, n % d)
}

/// The score condition inside `c`, if any.
pub(super) fn find_score(c: &EndCond) -> Option<&EndCond> {
    match c {
        EndCond::Score { .. } => Some(c),
        EndCond::All(cs) => cs.iter().find_map(find_score),
        _ => None,
    }
}

/// A position's score under the game's scoring ending, komi included: each player's area
/// (Tromp-Taylor) times `den`, the last player's plus the komi times `den`, so a half-point
/// komi stays exact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaScore {
    /// Points per player, in turn order, times `den`.
    pub points: Vec<i64>,
    /// What the points are multiplied by (a power of ten).
    pub den: i64,
}

impl AreaScore {
    /// `points` divided by `den`, written as a decimal number (`7.5`, `-3`).
    pub fn text(&self, points: i64) -> String {
        decimal_text(points, self.den)
    }
}

impl Rules {
    /// Who owns each cell under the game's first scoring ending, as its area score counts
    /// them: a cell with a player's piece, or in an empty region (joined along the
    /// ending's directions) whose neighbours are all one player's pieces; `None` for the
    /// other cells, and for the whole board when no ending scores. For the front-ends'
    /// end-of-game counting, not the search: it allocates.
    pub fn area_owners(&self, state: &State) -> Option<Vec<Option<Player>>> {
        let EndCond::Score { dirs, .. } = self.ends.iter().find_map(|e| find_score(&e.cond))?
        else {
            return None;
        };
        let n = self.board.len();
        let mut owners: Vec<Option<Player>> = (0..n).map(|i| self.owner(state.board[i])).collect();
        let mut seen = vec![false; n];
        for start in 0..n {
            if seen[start] || state.board[start] != EMPTY {
                continue;
            }
            seen[start] = true;
            let (mut region, mut stack, mut touches) = (Vec::new(), vec![start], 0u64);
            while let Some(c) = stack.pop() {
                region.push(c);
                for &d in dirs {
                    let x = self.board.next(CellId::from_index(c), d);
                    if x == NO_CELL {
                        continue;
                    }
                    let q = state.board[x.index()];
                    if q == EMPTY {
                        if !seen[x.index()] {
                            seen[x.index()] = true;
                            stack.push(x.index());
                        }
                    } else if let Some(o) = self.owner(q) {
                        touches |= 1 << o.0;
                    }
                }
            }
            if touches.count_ones() == 1 {
                let o = Player(touches.trailing_zeros() as u8);
                for c in region {
                    owners[c] = Some(o);
                }
            }
        }
        Some(owners)
    }
}

pub(super) fn explain_cond(game: &Game, state: &State, cond: &EndCond, out: &mut Vec<String>) {
    match cond {
        EndCond::Repetition(r) => {
            let plies = game.repetition_plies_now(state, r);
            let on = match &r.cells {
                RepCells::Cells(cells) => {
                    let names: Vec<&str> = cells
                        .iter()
                        .map(|&c| game.board.cells[c.index()].name.as_str())
                        .collect();
                    format!(" on {}", names.join(", "))
                }
                _ => String::new(),
            };
            out.push(format!(
                "the same {}{on} occurred for the {} time ({})",
                r.parts.noun(),
                ordinal(plies.len() as u32),
                plies_phrase(&plies)
            ));
        }
        EndCond::PerpetualCheck => {
            // The player who moved last: the one before the player to move.
            let n = game.num_players();
            let mover = (state.to_move().index() + n - 1) % n;
            out.push(format!(
                "{} gave check with every move since it first stood (perpetual check)",
                game.players[mover]
            ));
        }
        EndCond::Passes(n) => out.push(if *n == 2 {
            "both players passed".to_string()
        } else {
            format!("the last {n} moves were passes")
        }),
        EndCond::Score {
            komi_num,
            komi_den,
            dirs,
        } => {
            let scores = game.area_scores(state, dirs);
            let np = game.num_players();
            let parts: Vec<String> = (0..np)
                .map(|i| {
                    let mut t = format!("{} {}", game.players[i], scores[i]);
                    if i == np - 1 && *komi_num != 0 {
                        let total = decimal_text(scores[i] * komi_den + komi_num, *komi_den);
                        t.push_str(&format!(
                            " + {} komi = {total}",
                            decimal_text(*komi_num, *komi_den)
                        ));
                    }
                    t
                })
                .collect();
            out.push(format!("area {}", parts.join(", ")));
        }
        EndCond::All(conds) => {
            for c in conds {
                explain_cond(game, state, c, out);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_area_score_counts_stones_regions_and_komi() {
        let g = crate::load_shipped("go", &[("size".into(), "5".into())]).unwrap();
        let mut s = g.start();
        for m in ["c1", "d1", "c2", "d2", "c3", "d3", "c4", "d4", "c5", "d5"] {
            let mv = g.parse_move(&s, m).unwrap();
            g.make(&mut s, mv);
        }
        let score = g.area_score(&s).unwrap();
        // Black: columns a-c (15); White: columns d-e (10) + 7.5 komi.
        assert_eq!(score.points, vec![150, 175]);
        assert_eq!(score.den, 10);
        assert_eq!(score.text(score.points[0] - score.points[1]), "-2.5");
        let t = crate::load_shipped("tictactoe", &[]).unwrap();
        assert_eq!(t.area_score(&t.start()), None);
    }
}
