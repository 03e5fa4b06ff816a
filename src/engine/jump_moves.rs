//! Jumps (draughts' men and kings) generated from their rule's resolved form
//! ([`Shape::Jump`](super::Shape::Jump)), without the part-by-part generator.
//!
//! A rule that is one `jump` (not flying, not capturing at the end), perhaps followed by a
//! promotion, whose conditions name no zone and that has no `when` guard, is resolved into
//! a [`PieceMove`] like steps and slides are: its directions, what it jumps over and lands
//! on as content sets, its stop zone and promotion zone as bitsets. [`gen_jumps`]
//! walks its jumps depth first exactly as the cursor walks the `jump` part (the same
//! moves in the same order), keeping the board as the jumps so far left it in a short list
//! of vacated cells (the start, the cells landed on and left, the pieces taken) instead of
//! the generator's overlay, and with no dispatch per part.

use super::{CellId, ContentSet, DirId, Game, Move, MoveList, PieceId, PieceMove, Promotion};
use super::{EMPTY, MAX_MOVE_CELLS, NO_CELL};

/// The cells a walk may have vacated: the start, each cell landed on and left, and each
/// piece taken.
const VACATED: usize = 2 * MAX_MOVE_CELLS + 1;

/// One piece's jumps being walked.
struct Walk<'a> {
    game: &'a Game,
    board: &'a [PieceId],
    dirs: &'a [DirId],
    over: ContentSet,
    to: ContentSet,
    capture: bool,
    repeat: bool,
    stop: Option<&'a [u64]>,
    promote: Option<Promotion<'a>>,
    piece: PieceId,
    vacated: [CellId; VACATED],
    nvacated: usize,
}

impl Walk<'_> {
    /// What stands on `c` with the piece on `focus` and the vacated cells empty.
    #[inline(always)]
    fn at(&self, focus: CellId, c: CellId) -> PieceId {
        if c == focus {
            self.piece
        } else if self.vacated[..self.nvacated].contains(&c) {
            EMPTY
        } else {
            self.board[c.index()]
        }
    }

    /// The jumps from `focus`, the move so far being `mv` (as the `jump` part of
    /// the cursor: each direction in order, then, when no jump goes on, the move ends).
    fn from(&mut self, focus: CellId, mv: Move, out: &mut MoveList) {
        let continuing = self.repeat && mv.len > 1;
        let mut found = false;
        let board = &self.game.board;
        for &d in self.dirs {
            let o = board.next(focus, d);
            if o == NO_CELL || !self.over.contains(self.at(focus, o)) {
                continue;
            }
            let t = board.next(o, d);
            if t == NO_CELL
                || !self.to.contains(self.at(focus, t))
                || mv.len as usize >= MAX_MOVE_CELLS
                // A jump that captures nothing may not come back to a cell it left.
                || (self.repeat && !self.capture && mv.cells().contains(&t))
            {
                continue;
            }
            found = true;
            let mut m = mv;
            m.push(t);
            let saved = self.nvacated;
            self.vacated[self.nvacated] = focus;
            self.nvacated += 1;
            if self.capture {
                self.vacated[self.nvacated] = o;
                self.nvacated += 1;
            }
            let stops = self
                .stop
                .is_some_and(|z| z[t.index() / 64] >> (t.index() % 64) & 1 == 1);
            if self.repeat && !stops {
                self.from(t, m, out);
            } else {
                self.land(t, m, out);
            }
            self.nvacated = saved;
        }
        if !found && continuing {
            self.land(focus, mv, out);
        }
    }

    /// The finished move, landing on `t`: once per promotion kind in the promotion zone.
    #[inline(always)]
    fn land(&self, t: CellId, mut m: Move, out: &mut MoveList) {
        match self.promote {
            Some(pr) if pr.at(t) => {
                for &k in pr.kinds {
                    m.set_promote(Some(k));
                    out.push(m);
                }
            }
            _ => out.push(m),
        }
    }
}

/// [`gen_jumps`] once some jump is open: the whole walk.
#[inline(never)]
fn walk_jumps(
    game: &Game,
    board: &[PieceId],
    e: &PieceMove,
    (capture, repeat): (bool, bool),
    cell: CellId,
    out: &mut MoveList,
) {
    let moves = &game.accel.piece_moves;
    let mut walk = Walk {
        game,
        board,
        dirs: moves.dirs(e),
        over: e.through,
        to: e.to,
        capture,
        repeat,
        stop: moves.stop(e),
        promote: moves.promotion(e),
        piece: board[cell.index()],
        vacated: [NO_CELL; VACATED],
        nvacated: 0,
    };
    let mut mv = Move::new(e.rule);
    mv.push(cell);
    walk.from(cell, mv, out);
}

/// The moves of the jump rule `e` of the piece on `cell` (see the module
/// documentation); `(capture, repeat)` are its shape's flags. Most pieces have no jump:
/// the first jumps are looked for here, on the board as it is, before any walk is set up.
#[inline(always)]
pub(super) fn gen_jumps(
    game: &Game,
    board: &[PieceId],
    e: &PieceMove,
    flags: (bool, bool),
    cell: CellId,
    out: &mut MoveList,
) {
    let b = &game.board;
    let open = game.accel.piece_moves.dirs(e).iter().any(|&d| {
        let o = b.next(cell, d);
        o != NO_CELL && e.through.contains(board[o.index()]) && {
            // Before the first jump the board is as it stands (as the walk sees it).
            let t = b.next(o, d);
            t != NO_CELL && e.to.contains(board[t.index()])
        }
    });
    if open {
        walk_jumps(game, board, e, flags, cell, out);
    }
}

/// Pieces that hop over anything without taking it (back and forth, never round a cycle to
/// a cell left), take by single jumps, and kings that take by multi-jumps up to a stop
/// zone (a rule file for tests).
#[cfg(test)]
const HOPPERS: &str = r#"
game "Hoppers"
players White, Black
board square(6, 6)
direction forward = n for White, s for Black
zone far-row = row(6) for White, row(1) for Black
piece man = "M" for White, "m" for Black
piece king = "K" for White, "k" for Black
setup man at row(1), row(2) for White, row(5), row(6) for Black
move man: jump(orthogonal, diagonal, over: occupied, to: empty, repeat: yes) then promote(king, in: far-row)
move man: jump(orthogonal, over: enemy, to: empty, capture: yes)
move man: step(forward, to: empty) then promote(king, in: far-row)
move king: jump(diagonal, over: occupied, to: empty, capture: yes, repeat: yes, stop: far-row)
move king: step(orthogonal, to: empty)
loss if no-moves
draw if ply-limit(120)
"#;

#[cfg(test)]
pub(super) mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{Game, MoveList, Player, Shape};

    /// English draughts as shipped and on a 10 × 10 board, and the hoppers (also with their
    /// taking jumps forced).
    pub(in crate::engine) fn games() -> Vec<(String, Game)> {
        let draughts = std::fs::read_to_string("games/draughts.game")
            .expect("the shipped rule file is in the repository");
        let wide = draughts
            .replace("square(8, 8", "square(10, 10")
            .replace("row(8) for White", "row(10) for White")
            .replace(
                "row(6), row(7), row(8) for Black",
                "row(8), row(9), row(10) for Black",
            );
        let compile = |name: &str, text: &str| {
            crate::compile_source(name, &format!("{name}.game"), text, &[]).expect("compiles")
        };
        vec![
            ("draughts".into(), compile("draughts", &draughts)),
            ("draughts 10x10".into(), compile("wide", &wide)),
            ("hoppers".into(), compile("hoppers", super::HOPPERS)),
            (
                "forced hoppers".into(),
                compile(
                    "forced",
                    &super::HOPPERS
                        .replace(
                            "move man: jump(orthogonal",
                            "forced move man: jump(orthogonal",
                        )
                        .replace("move king: jump", "forced move king: jump"),
                ),
            ),
        ]
    }

    /// Along seeded random games, for every player in every position, the jumps generated
    /// from the resolved form are the general generator's list, in order.
    #[test]
    fn jumps_agree_with_the_general_generator() {
        let mut rng = SmallRng::seed_from_u64(24);
        let (mut list, mut general_list) = (MoveList::new(), MoveList::new());
        for (name, game) in &games() {
            let mut general = game.clone();
            let mut jumps = 0;
            for m in &mut general.accel.piece_moves.moves {
                if matches!(m.shape, Shape::Jump { .. }) {
                    m.shape = Shape::General;
                    jumps += 1;
                }
            }
            assert!(jumps >= 2, "{name}: {jumps} jump rules resolved");
            let (mut compared, mut multi) = (0, 0);
            for _ in 0..10 {
                let mut s = game.start();
                for _ in 0..300 {
                    let keep = s.scalars.to_move;
                    for q in 0..game.num_players() {
                        s.scalars.to_move = Player(q as u8);
                        game.pseudo_moves(&s, &mut list);
                        general.pseudo_moves(&s, &mut general_list);
                        assert_eq!(list, general_list, "{name}: player {q} at ply {}", s.ply);
                        compared += list.len();
                        multi += list.iter().filter(|m| m.len > 2).count();
                    }
                    s.scalars.to_move = keep;
                    game.legal_moves(&s, &mut list);
                    if list.is_empty() {
                        break;
                    }
                    game.make(&mut s, list[rng.gen_range(0..list.len())]);
                }
            }
            assert!(compared > 5_000, "{name}: {compared} moves compared");
            assert!(multi > 20, "{name}: {multi} multi-jumps compared");
        }
    }
}
