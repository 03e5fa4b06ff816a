//! Dead stones at the end of a scored game (Go): once the game is over, the computer
//! proposes which stones are dead (the same playout estimate GTP's `final_status_list` and
//! `final_score` read, [`crate::ai::dead_cells`]); the players accept the proposal or
//! dispute it, a whole group at a time, and the score shown counts the stones they agree
//! are dead as taken off the board. The agreement is the front-end's to keep: these are
//! pure functions of the finished position and a list of dead cells.

use crate::engine::{AreaScore, CellId, EMPTY};

use super::model::Session;

impl Session {
    /// The stones the computer proposes as dead, once the game is over and scored by area;
    /// `None` while the game goes on or when it does not score that way.
    pub fn proposed_dead(&self) -> Option<Vec<CellId>> {
        if !self.is_over() {
            return None;
        }
        self.game().area_score(self.state())?;
        crate::ai::dead_cells(self.game(), self.state(), crate::ai::DEAD_ESTIMATE_SEED)
    }

    /// `dead` with the group of stones at `cell` (the stones of one piece joined along the
    /// board's basic directions) marked dead, or alive again if it was; `dead` itself when
    /// `cell` holds no stone.
    pub fn toggle_dead(&self, dead: &[CellId], cell: CellId) -> Vec<CellId> {
        let group = self.group(cell);
        let Some(first) = group.first() else {
            return dead.to_vec();
        };
        let mut out: Vec<CellId> = dead
            .iter()
            .copied()
            .filter(|c| !group.contains(c))
            .collect();
        if !dead.contains(first) {
            out.extend(group);
        }
        out.sort_unstable();
        out
    }

    /// The score with the stones on `dead` taken off the board, `None` when the game does
    /// not score by area.
    pub fn score_without(&self, dead: &[CellId]) -> Option<AreaScore> {
        let counted = crate::ai::without_pieces(self.game(), self.state(), dead);
        self.game().area_score(&counted)
    }

    /// The score counting `dead` as taken off, in words: `Black 45.0, White 36.5: Black wins
    /// by 8.5 (3 dead stones)`.
    pub fn score_line(&self, dead: &[CellId]) -> Option<String> {
        let score = self.score_without(dead)?;
        let g = self.game();
        let each: Vec<String> = score
            .points
            .iter()
            .enumerate()
            .map(|(p, &pts)| format!("{} {}", g.players()[p], score.text(pts)))
            .collect();
        let best = score.points.iter().copied().max().unwrap_or(0);
        let leaders: Vec<usize> = (0..score.points.len())
            .filter(|&p| score.points[p] == best)
            .collect();
        let verdict = match leaders.as_slice() {
            [p] => {
                let second = (0..score.points.len())
                    .filter(|q| q != p)
                    .map(|q| score.points[q])
                    .max()
                    .unwrap_or(0);
                format!("{} wins by {}", g.players()[*p], score.text(best - second))
            }
            _ => "a draw".to_string(),
        };
        let stones = match dead.len() {
            0 => "no dead stones".to_string(),
            1 => "1 dead stone".to_string(),
            n => format!("{n} dead stones"),
        };
        Some(format!("{}: {verdict} ({stones})", each.join(", ")))
    }

    /// The stones of the group at `cell`, in cell order (none for an empty cell).
    fn group(&self, cell: CellId) -> Vec<CellId> {
        let (g, s) = (self.game(), self.state());
        let n = g.board().len();
        let Some(&piece) = s.board.get(cell.index()) else {
            return Vec::new();
        };
        if piece == EMPTY {
            return Vec::new();
        }
        let mut seen = vec![false; n];
        seen[cell.index()] = true;
        let (mut out, mut stack) = (Vec::new(), vec![cell]);
        while let Some(c) = stack.pop() {
            out.push(c);
            for d in g.board().basic_dirs() {
                let x = g.board().next(c, d);
                if x.index() < n && !seen[x.index()] && s.board[x.index()] == piece {
                    seen[x.index()] = true;
                    stack.push(x);
                }
            }
        }
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::CellId;
    use crate::session::{Seat, Session};

    /// A finished 5 × 5 game: Black's wall on the c line owns a–b, White's owns d–e, with
    /// a lone black stone at e3 inside White's area; both passed.
    fn finished() -> Session {
        let g = crate::load_shipped("go", &[("size".into(), "5".into())]).unwrap();
        let start = g.parse_position("2XO1/2XO1/2XOX/2XO1/2XO1 Black").unwrap();
        let mut s = Session::new(g, "go", &[], Some(start), &[Seat::Human, Seat::Human], 1);
        s.play_text("pass").unwrap();
        s.play_text("pass").unwrap();
        assert!(s.is_over());
        s
    }

    fn cells(s: &Session, names: &[&str]) -> Vec<CellId> {
        names
            .iter()
            .map(|n| s.game().board().cell_by_name(n).unwrap())
            .collect()
    }

    #[test]
    fn the_computer_proposes_the_lone_stone_and_the_score_counts_it() {
        let s = finished();
        let dead = s.proposed_dead().unwrap();
        assert_eq!(dead, cells(&s, &["e3"]));
        // Counted alive, White's area is broken: e3 and its neighbours are no one's.
        let alive = s.score_line(&[]).unwrap();
        // Counted dead, White owns all of d–e.
        let agreed = s.score_line(&dead).unwrap();
        assert_ne!(alive, agreed);
        assert_eq!(
            agreed,
            "Black 15.0, White 17.5: White wins by 2.5 (1 dead stone)"
        );
        assert_eq!(
            alive,
            "Black 16.0, White 12.5: Black wins by 3.5 (no dead stones)"
        );
    }

    #[test]
    fn a_dispute_toggles_a_whole_group() {
        let s = finished();
        let dead = s.proposed_dead().unwrap();
        // The players say e3 lives after all: the proposal is undone.
        assert!(s.toggle_dead(&dead, dead[0]).is_empty());
        // White's whole wall at once, and back.
        let wall = s.toggle_dead(&[], cells(&s, &["d2"])[0]);
        assert_eq!(wall, cells(&s, &["d1", "d2", "d3", "d4", "d5"]));
        assert!(s.toggle_dead(&wall, cells(&s, &["d5"])[0]).is_empty());
        // An empty cell changes nothing.
        assert_eq!(s.toggle_dead(&dead, cells(&s, &["a1"])[0]), dead);
    }

    #[test]
    fn no_proposal_while_the_game_goes_on_or_when_it_does_not_score() {
        let g = crate::load_shipped("go", &[("size".into(), "5".into())]).unwrap();
        let s = Session::new(g, "go", &[], None, &[Seat::Human, Seat::Human], 1);
        assert_eq!(s.proposed_dead(), None);
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let s = Session::new(g, "tictactoe", &[], None, &[Seat::Human, Seat::Human], 1);
        assert_eq!(s.score_line(&[]), None);
    }
}
