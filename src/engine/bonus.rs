//! Placement bonuses for the searching AI's evaluation: `bonus knight at centre by 15`.
//!
//! A rule file may say that a piece is worth more (or less) on some cells than its `value`
//! alone: a chess knight in the centre, a pawn near promotion, a king behind its castled
//! pawns. The compiler turns the `bonus` lines into dense tables, per piece id and cell, of
//! hundredths of a value unit; the alpha-beta evaluation adds the tables' entries under
//! every piece it lists. One table holds the lines that always apply; lines with a run-time
//! condition (`when count(queen) = 0`) get a table per distinct condition, read for a
//! piece's owner only while the condition holds for that owner, so a king can hide while
//! queens are on the board and walk to the centre once its own has gone. The rules never
//! read them.

use super::{PieceId, Player, State, StateCond};
use crate::engine::Rules;

/// Per piece id and cell, what a piece standing there adds to its owner's evaluation, in
/// hundredths of a value unit (a chess pawn is worth 100): one table of the lines that
/// always apply, and one per run-time condition.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bonuses {
    /// The board's number of cells (the tables' row length).
    cells: usize,
    /// Piece ids, the empty cell included (the tables' number of rows).
    ids: usize,
    /// The lines without a run-time condition.
    always: Table,
    /// The lines with one: a table per distinct condition, with its source text.
    conditional: Vec<(StateCond, String, Table)>,
}

/// One table of bonuses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Table {
    /// `entries[piece * cells + cell]`; empty until a line adds to it.
    entries: Vec<i32>,
    /// The piece ids with a non-zero entry somewhere, each with its owner.
    pieces: Vec<(PieceId, Player)>,
}

impl Table {
    fn add(
        &mut self,
        ids: usize,
        cells: usize,
        piece: PieceId,
        owner: Player,
        cell: usize,
        w: i32,
    ) {
        if self.entries.is_empty() {
            self.entries = vec![0; ids * cells];
        }
        let at = piece.index() * cells + cell;
        self.entries[at] = self.entries[at].saturating_add(w);
        if !self.pieces.iter().any(|&(p, _)| p == piece) {
            self.pieces.push((piece, owner));
        }
    }

    fn at(&self, cells: usize, piece: PieceId, cell: usize) -> i32 {
        self.entries
            .get(piece.index() * cells + cell)
            .copied()
            .unwrap_or(0)
    }

    /// The entries under the pieces of the owners `counts` accepts, `player`'s added and
    /// every other player's taken away.
    #[inline]
    fn sum(
        &self,
        cells: usize,
        state: &State,
        player: Player,
        counts: impl Fn(Player) -> bool,
    ) -> i64 {
        let mut total: i64 = 0;
        for &(piece, owner) in &self.pieces {
            if !counts(owner) {
                continue;
            }
            let words = &state.bits[piece.index() * state.words..][..state.words];
            let row = &self.entries[piece.index() * cells..][..cells];
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
        total
    }
}

impl Bonuses {
    /// No bonuses yet, for `pieces` piece ids (the empty cell included) on `cells` cells.
    pub fn new(pieces: usize, cells: usize) -> Bonuses {
        Bonuses {
            cells,
            ids: pieces,
            always: Table::default(),
            conditional: Vec::new(),
        }
    }

    /// Adds `weight` to what piece `piece`, owned by `owner`, is worth on `cell`: always, or
    /// while `when` (a condition and its source text) holds for `owner`.
    pub fn add(
        &mut self,
        when: Option<(&StateCond, &str)>,
        piece: PieceId,
        owner: Player,
        cell: usize,
        weight: i32,
    ) {
        let table = match when {
            None => &mut self.always,
            Some((cond, text)) => {
                let k = match self.conditional.iter().position(|(c, ..)| c == cond) {
                    Some(k) => k,
                    None => {
                        let t = (cond.clone(), text.to_string(), Table::default());
                        self.conditional.push(t);
                        self.conditional.len() - 1
                    }
                };
                &mut self.conditional[k].2
            }
        };
        table.add(self.ids, self.cells, piece, owner, cell, weight);
    }

    /// Whether no piece has a bonus anywhere.
    pub fn is_empty(&self) -> bool {
        self.always.pieces.is_empty() && self.conditional.is_empty()
    }

    /// What piece `piece` adds on `cell` by the lines without a run-time condition (0 for
    /// pieces without bonuses).
    pub fn at(&self, piece: PieceId, cell: usize) -> i32 {
        self.always.at(self.cells, piece, cell)
    }

    /// The run-time conditions of the conditional lines, as written, in the order first
    /// written.
    pub fn conditions(&self) -> impl Iterator<Item = &str> + '_ {
        self.conditional.iter().map(|(_, text, _)| text.as_str())
    }

    /// What piece `piece` adds on `cell` while the `k`-th of [`Bonuses::conditions`] holds
    /// for its owner.
    pub fn at_when(&self, k: usize, piece: PieceId, cell: usize) -> i32 {
        self.conditional
            .get(k)
            .map_or(0, |(_, _, t)| t.at(self.cells, piece, cell))
    }
}

impl Rules {
    /// The rule file's placement bonuses (`bonus … at … by …`).
    pub fn bonuses(&self) -> &Bonuses {
        &self.bonuses
    }

    /// The placement bonuses of `player`'s pieces minus those of every other player's, in
    /// hundredths of a value unit; 0 for rule files without `bonus` lines. Reads each listed
    /// piece's cells from its bitboard, so it costs one pass over the pieces that have
    /// bonuses, not one over the board; a conditional table's pieces count while its
    /// condition holds for their owner.
    pub fn placement_bonus(&self, state: &State, player: Player) -> i32 {
        let b = &self.bonuses;
        let mut total = b.always.sum(b.cells, state, player, |_| true);
        for (cond, _, table) in &b.conditional {
            total += table.sum(b.cells, state, player, |owner| {
                self.state_cond(state, cond, owner)
            });
        }
        total.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Game, PieceId, Player};

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
        let id = |sym: char| {
            PieceId::from_index(g.pieces().iter().position(|p| p.symbol == sym).unwrap())
        };
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

    /// A line with a run-time condition counts for a piece's owner only while it holds for
    /// that owner; one with an option condition is in or out of the game when compiling.
    #[test]
    fn conditional_bonuses_count_while_their_condition_holds_for_the_owner() {
        let extra = "option endgame-king = yes\n\
                     bonus king at centre by 40 when count(pawn) = 0\n\
                     bonus king at c3 by 7 when count(pawn) = 0\n\
                     bonus king at a1 by 3 when not endgame-king\n\
                     bonus pawn at a4 by 1000 when ply() > 100\n";
        let g = game(extra).unwrap();
        let b = g.bonuses();
        let cell = |n: &str| g.board.cell_by_name(n).unwrap().index();
        let id = |sym: char| {
            PieceId::from_index(g.pieces().iter().position(|p| p.symbol == sym).unwrap())
        };
        // Two conditions (the option's line is left out), lines with the same one in one table.
        let conds: Vec<&str> = b.conditions().collect();
        assert_eq!(conds, ["count(pawn) = 0", "ply() > 100"]);
        assert_eq!(b.at_when(0, id('K'), cell("c3")), 47);
        assert_eq!(b.at_when(0, id('k'), cell("b4")), 40);
        assert_eq!(b.at(id('K'), cell("a1")), 0);
        // White has a pawn, Black none: the kings' conditional table counts for Black only.
        // White: pawn a4 (+25), king c3 (-30 + 10). Black: king b2 (-30, and +40 while
        // Black has no pawn).
        let s = g.parse_position("5/P4/2K2/1k3/5 White").unwrap();
        assert_eq!(g.placement_bonus(&s, Player(0)), 5 - 10);
        // Without White's pawn, White's king counts its +47 on c3 too.
        let s = g.parse_position("5/5/2K2/1k3/5 White").unwrap();
        assert_eq!(g.placement_bonus(&s, Player(0)), (-20 + 47) - 10);
        // The option turned off brings the a1 line in, unconditionally.
        let g = crate::compile_source(
            "bonuses",
            "bonuses.game",
            &format!("{BONUSES}{extra}"),
            &[("endgame-king".into(), "no".into())],
        )
        .unwrap();
        assert_eq!(g.bonuses().at(id('K'), cell("a1")), 3);
    }

    /// `count(…, of: enemy)` counts the other players' pieces: a line that wants the king
    /// out once the opponent has no pawn, judged for each owner by the opponent's material.
    #[test]
    fn a_condition_may_count_the_enemys_pieces() {
        let g = game("bonus king at centre by 40 when count(pawn, of: enemy) = 0\n").unwrap();
        // White has a pawn, Black none: White's king (c3) counts its +40, Black's does not.
        let s = g.parse_position("5/P4/2K2/1k3/5 White").unwrap();
        let plain = game("").unwrap();
        assert_eq!(
            g.placement_bonus(&s, Player(0)),
            plain.placement_bonus(&s, Player(0)) + 40
        );
        // Black gets a pawn too: no king counts it.
        let s = g.parse_position("5/P4/2K2/1k3/4p White").unwrap();
        assert_eq!(
            g.placement_bonus(&s, Player(0)),
            plain.placement_bonus(&s, Player(0))
        );
        // Neither has one: both do, and they cancel out.
        let s = g.parse_position("5/5/2K2/1k3/5 White").unwrap();
        assert_eq!(
            g.placement_bonus(&s, Player(0)),
            plain.placement_bonus(&s, Player(0))
        );
        // Without White's pawn but with Black's: Black's king (b2) alone counts it.
        let s = g.parse_position("5/5/2K2/1k3/4p White").unwrap();
        assert_eq!(
            g.placement_bonus(&s, Player(0)),
            plain.placement_bonus(&s, Player(0)) - 40
        );
    }

    #[test]
    fn bad_bonus_lines_are_refused_with_their_reason() {
        let cases = [
            ("bonus queen at centre by 5\n", "unknown piece 'queen'"),
            ("bonus pawn at centre by 2000000\n", "a bonus is a whole number"),
            (
                "bonus pawn at middle by 5\n",
                "'middle' is neither a cell of this board nor a zone",
            ),
            // Without its weight the line is cut short: said at its end, not on the next
            // line.
            (
                "bonus pawn at centre\nbonus king at a1 by 5\n",
                "bonuses.game:16:21: error: expected '(', ',', 'by' or 'for', found the end of the line",
            ),
            ("bonus stone at centre by 5\n", "unknown piece 'stone'"),
            (
                "piece wall = \"#\"\nbonus wall at centre by 5\n",
                "'wall' belongs to nobody, so no player's evaluation can count it",
            ),
            // A condition on the position must be a test, of known kinds.
            (
                "bonus king at c3 by 5 when count(queen) = 0\n",
                "unknown piece 'queen'",
            ),
            (
                "bonus king at c3 by 5 when count(pawn)\n",
                "'count(pawn)' is a number, not a test",
            ),
            // A per-player zone must name real players.
            ("bonus pawn at a1 for Red by 5\n", "unknown player 'Red'"),
            // `of:` says whose pieces `count` counts: only `enemy` may be named.
            (
                "bonus king at c3 by 5 when count(pawn, of: White) = 0\n",
                "'count' counts the pieces of the player it is asked for, or with 'of: enemy' those of the other players, not 'White'",
            ),
            (
                "bonus king at c3 by 5 when count(pawn, by: enemy) = 0\n",
                "'count' has no argument named 'by'",
            ),
            (
                "bonus king at c3 by 5 when in-reserve(pawn, of: enemy) = 0\n",
                "'in-reserve' has no argument named 'of'",
            ),
        ];
        for (extra, want) in cases {
            let e = game(extra).unwrap_err();
            assert!(e.contains(want), "{extra}: {e}");
        }
    }
}
