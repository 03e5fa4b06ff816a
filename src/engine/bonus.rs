//! Placement bonuses for the searching AI's evaluation: `bonus knight at centre by 15`.
//!
//! A rule file may say that a piece is worth more (or less) on some cells than its `value`
//! alone: a chess knight in the centre, a pawn near promotion, a king behind its castled
//! pawns. The compiler turns every `bonus` line into one dense table, per piece id and cell,
//! of hundredths of a value unit; the alpha-beta evaluation adds the table's entries under
//! every piece it lists. The rules never read it.

use super::{Game, PieceId, Player, State};

/// Per piece id and cell, what a piece standing there adds to its owner's evaluation, in
/// hundredths of a value unit (a chess pawn is worth 100).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bonuses {
    /// `table[piece * cells + cell]`; empty when the rule file has no `bonus` line.
    table: Vec<i32>,
    /// The board's number of cells (the table's row length).
    cells: usize,
    /// The piece ids with a non-zero entry somewhere, each with its owner.
    pieces: Vec<(PieceId, Player)>,
}

impl Bonuses {
    /// A table of zeros for `pieces` piece ids (the empty cell included) on `cells` cells.
    pub fn new(pieces: usize, cells: usize) -> Bonuses {
        Bonuses {
            table: vec![0; pieces * cells],
            cells,
            pieces: Vec::new(),
        }
    }

    /// Adds `weight` to what piece `piece`, owned by `owner`, is worth on `cell`.
    pub fn add(&mut self, piece: PieceId, owner: Player, cell: usize, weight: i32) {
        let at = piece as usize * self.cells + cell;
        self.table[at] = self.table[at].saturating_add(weight);
        if !self.pieces.iter().any(|&(p, _)| p == piece) {
            self.pieces.push((piece, owner));
        }
    }

    /// Whether no piece has a bonus anywhere.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// What piece `piece` adds on `cell` (0 for pieces without bonuses).
    pub fn at(&self, piece: PieceId, cell: usize) -> i32 {
        self.table
            .get(piece as usize * self.cells + cell)
            .copied()
            .unwrap_or(0)
    }
}

impl Game {
    /// The rule file's placement bonuses (`bonus … at … by …`).
    pub fn bonuses(&self) -> &Bonuses {
        &self.bonuses
    }

    /// The placement bonuses of `player`'s pieces minus those of every other player's, in
    /// hundredths of a value unit; 0 for rule files without `bonus` lines. Reads each listed
    /// piece's cells from its bitboard, so it costs one pass over the pieces that have
    /// bonuses, not one over the board.
    pub fn placement_bonus(&self, state: &State, player: Player) -> i32 {
        let b = &self.bonuses;
        let mut total: i64 = 0;
        for &(piece, owner) in &b.pieces {
            let words = &state.bits[piece as usize * state.words..][..state.words];
            let row = &b.table[piece as usize * b.cells..][..b.cells];
            let mut sum: i64 = 0;
            for (w, &word) in words.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let cell = w * 64 + bits.trailing_zeros() as usize;
                    sum += i64::from(row[cell]);
                    bits &= bits - 1;
                }
            }
            if owner == player {
                total += sum;
            } else {
                total -= sum;
            }
        }
        total.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Game, Player};

    /// The example of docs/language.md, §16, with one more line for the same cell.
    const BONUSES: &str = r#"game "Bonuses"
players White, Black
board square(5, 5)
direction forward = n for White, s for Black
piece pawn = "P" for White, "p" for Black, value 1
piece king = "K" for White, "k" for Black, value 5
setup pawn at row(2) for White, row(4) for Black
setup king at c1 for White, c5 for Black
move pawn: step(forward, to: empty), step(forward + e, forward + w, to: enemy)
move king: step(adjacent)
win if captured(king)
zone centre = b2, c2, d2, b3, c3, d3, b4, c4, d4
bonus king at centre by -30
bonus pawn at row(4) for White, row(2) for Black by 25
bonus pawn, king at c3 by 10
"#;

    fn game(extra: &str) -> Result<Game, String> {
        crate::compile_source("bonuses", "bonuses.game", &format!("{BONUSES}{extra}"), &[])
            .map_err(|e| e.to_string())
    }

    #[test]
    fn bonuses_add_up_per_cell_and_read_zones_for_each_owner() {
        let g = game("").unwrap();
        let cell = |n: &str| g.board.cell_by_name(n).unwrap().index();
        let id = |sym: char| g.pieces().iter().position(|p| p.symbol == sym).unwrap() as u8;
        let b = g.bonuses();
        // A White pawn scores on row 4, a Black one on row 2: each player's own far row.
        assert_eq!(b.at(id('P'), cell("a4")), 25);
        assert_eq!(b.at(id('P'), cell("a2")), 0);
        assert_eq!(b.at(id('p'), cell("a2")), 25);
        assert_eq!(b.at(id('p'), cell("a4")), 0);
        // Lines add up: c3 is in the centre (-30) and named on its own (+10).
        assert_eq!(b.at(id('K'), cell("c3")), -20);
        assert_eq!(b.at(id('k'), cell("b2")), -30);
        assert_eq!(b.at(id('P'), cell("c3")), 10);
    }

    #[test]
    fn the_placement_bonus_is_own_minus_the_opponents() {
        let g = game("").unwrap();
        // The start is symmetric: neither player has more.
        assert_eq!(g.placement_bonus(&g.start(), Player(0)), 0);
        // White: a pawn on a4 (+25) and the king on c3 (-30 in the centre, +10 on c3).
        // Black: the king on c5, which has no bonus.
        let s = g.parse_position("2k2/P4/2K2/5/5 White").unwrap();
        assert_eq!(g.placement_bonus(&s, Player(0)), 5);
        assert_eq!(g.placement_bonus(&s, Player(1)), -5);
    }

    #[test]
    fn bad_bonus_lines_are_refused_with_their_reason() {
        let e = game("bonus queen at centre by 5\n").unwrap_err();
        assert!(e.contains("unknown piece 'queen'"), "{e}");
        let e = game("bonus pawn at centre by 2000000\n").unwrap_err();
        assert!(e.contains("a bonus is a whole number"), "{e}");
        let e = game("bonus pawn at middle by 5\n").unwrap_err();
        assert!(
            e.contains("'middle' is neither a cell of this board nor a zone"),
            "{e}"
        );
        // Without its weight the line is cut short: said at its end, not on the next line.
        let e = game("bonus pawn at centre\nbonus king at a1 by 5\n").unwrap_err();
        assert!(
            e.contains("bonuses.game:16:21: error: expected '(', ',', 'by' or 'for', found the end of the line"),
            "{e}"
        );
        let e = game("bonus stone at centre by 5\n").unwrap_err();
        assert!(e.contains("unknown piece 'stone'"), "{e}");
        let e = game("piece wall = \"#\"\nbonus wall at centre by 5\n").unwrap_err();
        assert!(
            e.contains("'wall' belongs to nobody, so no player's evaluation can count it"),
            "{e}"
        );
        // A per-player zone must name real players.
        let e = game("bonus pawn at a1 for Red by 5\n").unwrap_err();
        assert!(e.contains("unknown player 'Red'"), "{e}");
    }
}
