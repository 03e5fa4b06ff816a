//! Entering a move by pointing at cells, the same way in every graphical front-end (the
//! terminal board, the web board): the piece (or, for a placement, the cell), then each cell
//! the move lands on or acts on, in order. After each pick only the legal moves that begin
//! with the cells picked so far remain; when one remains (or every remaining move is
//! complete) it is played, and moves sharing all their cells (promotion choices) are offered
//! as a list.

use crate::engine::{CellId, Move};

use super::model::Session;

/// What a pick leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// No legal move begins with the cells picked plus this one (nothing changes).
    NoMove,
    /// The cell was added; more cells can follow. `complete` is a move the picked cells
    /// already make (played by picking the last cell again).
    Picked {
        /// The cells picked so far.
        picked: Vec<CellId>,
        /// A move already complete with these cells, if any.
        complete: Option<Move>,
    },
    /// This move is meant: play it.
    Play(Move),
    /// These moves share all the picked cells: the player chooses one.
    Choose(Vec<Move>),
}

impl Session {
    /// The board cells a move is entered by: its origin, then what it lands on or acts on.
    pub fn move_cells(&self, mv: &Move) -> Vec<CellId> {
        let g = self.game();
        let n = g.board.len();
        let mut cells: Vec<CellId> = g.move_origin(mv).into_iter().collect();
        for c in g.move_targets(mv) {
            if c.index() < n && cells.last() != Some(&c) {
                cells.push(c);
            }
        }
        cells
    }

    /// The legal moves that begin with the cells `picked` (all of them for none picked).
    pub fn moves_starting_with(&self, picked: &[CellId]) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        self.legal_moves()
            .into_iter()
            .filter(|m| self.move_cells(m).starts_with(picked))
            .collect()
    }

    /// The cells that can be picked after `picked` (sorted, once each).
    pub fn next_cells(&self, picked: &[CellId]) -> Vec<CellId> {
        let k = picked.len();
        let mut out: Vec<CellId> = self
            .moves_starting_with(picked)
            .iter()
            .filter_map(|m| self.move_cells(m).get(k).copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Picks `cell` after the cells `picked`; see [`Pick`]. Picking the last picked cell
    /// again plays the move that ends there. Plays nothing itself.
    pub fn pick(&self, picked: &[CellId], cell: CellId) -> Pick {
        let again = picked.last() == Some(&cell);
        let mut picked = picked.to_vec();
        if !again {
            picked.push(cell);
        }
        let fits = self.moves_starting_with(&picked);
        if fits.is_empty() {
            return Pick::NoMove;
        }
        let complete: Vec<Move> = fits
            .iter()
            .copied()
            .filter(|m| self.move_cells(m).len() == picked.len())
            .collect();
        // One move left is played once it is clear what was meant: after two picks, or when
        // its cells are all picked (a first pick alone never plays a longer move).
        let settled = fits.len() == 1 && (picked.len() >= 2 || !complete.is_empty());
        if settled || (again && !complete.is_empty()) || complete.len() == fits.len() {
            return match complete.as_slice() {
                [_, _, ..] => Pick::Choose(complete),
                _ if fits.len() == 1 => Pick::Play(fits[0]),
                [only] => Pick::Play(*only),
                [] => Pick::NoMove,
            };
        }
        Pick::Picked {
            picked,
            complete: complete.first().copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Seat;

    fn session(game: &str) -> Session {
        let g = crate::load_shipped(game, &[]).unwrap();
        Session::new(g, game, &[], None, &[Seat::Human, Seat::Human], 1)
    }

    fn cell(s: &Session, name: &str) -> CellId {
        s.game().board.cell_by_name(name).unwrap()
    }

    #[test]
    fn a_step_is_its_origin_then_its_landing() {
        let s = session("chess");
        let e2 = cell(&s, "e2");
        assert_eq!(s.next_cells(&[e2]), vec![cell(&s, "e3"), cell(&s, "e4")]);
        assert!(matches!(
            s.pick(&[], e2),
            Pick::Picked { complete: None, .. }
        ));
        let Pick::Play(m) = s.pick(&[e2], cell(&s, "e4")) else {
            panic!("e2-e4 is meant")
        };
        assert_eq!(s.game().move_to_string(s.state(), m), "e4");
        assert_eq!(s.pick(&[], cell(&s, "e5")), Pick::NoMove);
    }

    #[test]
    fn a_placement_is_played_at_once_and_nex_takes_two_cells() {
        let s = session("tictactoe");
        assert!(matches!(s.pick(&[], cell(&s, "b2")), Pick::Play(_)));
        let n = session("nex");
        // Nex places a stone and a neutral stone: the first pick waits for the second.
        let a1 = cell(&n, "a1");
        assert!(matches!(n.pick(&[], a1), Pick::Picked { .. }));
        assert!(matches!(n.pick(&[a1], cell(&n, "a2")), Pick::Play(_)));
    }
}
