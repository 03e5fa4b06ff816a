//! Steps from per-cell target tables, for the pieces the bitboard plans do not cover.
//!
//! On a board without uniform shifts (a draughts board numbered 1–32, a hexagonal board) or
//! of more than 64 cells (shogi), the general generator finds a step's targets cell by cell:
//! per piece cell and per rule, a start test, a move begun, the rule's directions walked
//! through the neighbour table with a test for the board's edge. Here a piece whose rules are
//! all steps, in a generation phase (every rule, the forced ones, or the others: a draughts
//! man's unforced rules are its one step), gets when the game is assembled a table per cell of
//! its targets in the general generator's order (rules in order, then their directions), with
//! the start cells and the edge already applied and each target's promotion zone looked up.
//! A generation then reads the table and tests each target's content; the moves and their
//! order are the general generator's, which a unit test checks along random games of every
//! shipped game.

use super::accel::Accel;
use super::view::{ALL, FORCED};
use super::Rules;
use super::{CellId, Game, Move, MoveList, PieceId, Player, Shape, State, NO_CELL};

/// No plan.
const NONE: u32 = u32::MAX;

/// One target of a piece on one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Target {
    /// The index of the rule among the piece's resolved rules ([`super::PieceMoves::of`]).
    entry: u16,
    /// Whether a piece landing here promotes (the rule's zone holds the cell).
    promotes: bool,
    to: CellId,
}

/// The targets of one player's piece, cell by cell.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Plan {
    /// The phases the plan answers, as bits `1 << ONLY` (see [`Game::gen_pieces`]): those
    /// in which every rule of the piece is a step.
    phases: u8,
    /// `start[cell]..start[cell + 1]`: the cell's targets in `targets`.
    start: Vec<u32>,
    targets: Vec<Target>,
}

/// The step tables of every player's pieces that have one (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepTables {
    /// `plan_of[player * pieces + piece]`: the index of its plan in `plans`, or [`NONE`].
    plan_of: Vec<u32>,
    plans: Vec<Plan>,
    pieces: usize,
}

impl StepTables {
    /// The tables of `game`'s pieces whose rules are all steps in some phase and that have
    /// no bitboard plan; `None` when no piece has one.
    pub fn build(game: &Rules, accel: &Accel) -> Option<StepTables> {
        let pm = &accel.piece_moves;
        let (np, pieces, cells) = (game.num_players(), game.pieces.len(), game.board.len());
        let mut out = StepTables {
            plan_of: vec![NONE; np * pieces],
            plans: Vec::new(),
            pieces,
        };
        for p in (0..np).map(|p| Player(p as u8)) {
            for piece in (0..pieces).map(PieceId::from_index) {
                let entries = pm.of(p, piece);
                if accel
                    .bit_moves
                    .as_ref()
                    .is_some_and(|b| b.has_plan(p, piece))
                    || entries.len() > usize::from(u16::MAX)
                {
                    continue;
                }
                let mut phases = 0u8;
                for only in [ALL, FORCED, super::view::UNFORCED] {
                    let mut in_phase = entries
                        .iter()
                        .filter(|e| only == ALL || e.forced == (only == FORCED))
                        .peekable();
                    if in_phase.peek().is_some() && in_phase.all(|e| e.shape == Shape::Steps) {
                        phases |= 1 << only;
                    }
                }
                if phases == 0 {
                    continue;
                }
                let mut plan = Plan {
                    phases,
                    start: Vec::with_capacity(cells + 1),
                    targets: Vec::new(),
                };
                for cell in CellId::upto(cells) {
                    plan.start.push(plan.targets.len() as u32);
                    for (i, e) in entries.iter().enumerate() {
                        if e.shape != Shape::Steps || !pm.may_start(e, cell) {
                            continue;
                        }
                        let promotion = pm.promotion(e);
                        for &d in pm.dirs(e) {
                            let to = game.board.next(cell, d);
                            if to != NO_CELL {
                                plan.targets.push(Target {
                                    entry: i as u16,
                                    promotes: promotion.is_some_and(|pr| pr.at(to)),
                                    to,
                                });
                            }
                        }
                    }
                }
                plan.start.push(plan.targets.len() as u32);
                out.plan_of[p.index() * pieces + piece.index()] = out.plans.len() as u32;
                out.plans.push(plan);
            }
        }
        (!out.plans.is_empty()).then_some(out)
    }
}

/// The moves of `player`'s pieces of id `piece` in phase `ONLY`, from the piece's step
/// table, if it has one for the phase; false when it has none. Stops between cells once
/// `out` holds `limit` moves; true then too.
#[inline(always)]
pub(super) fn gen_step_table<const ONLY: u8>(
    game: &Game,
    tables: &StepTables,
    s: &State,
    p: Player,
    piece: PieceId,
    limit: usize,
    out: &mut MoveList,
) -> bool {
    let at = tables.plan_of[p.index() * tables.pieces + piece.index()];
    let Some(plan) = tables.plans.get(at as usize) else {
        return false;
    };
    if plan.phases >> ONLY & 1 == 0 {
        return false;
    }
    let pm = &game.accel.piece_moves;
    let entries = pm.of(p, piece);
    for (w, &word) in s.cells_of(piece).iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            if out.len() >= limit {
                return true;
            }
            let c = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (from, to) = (plan.start[c] as usize, plan.start[c + 1] as usize);
            for t in &plan.targets[from..to] {
                let e = &entries[usize::from(t.entry)];
                if ONLY != ALL && e.forced != (ONLY == FORCED) {
                    continue;
                }
                if !e.to.contains(s.board[t.to.index()]) {
                    continue;
                }
                let mut m = Move::from_to(e.rule, CellId::from_index(c), t.to);
                match pm.promotion(e).filter(|_| t.promotes) {
                    Some(pr) => {
                        for &k in pr.kinds {
                            m.set_promote(Some(k));
                            out.push(m);
                        }
                    }
                    None => out.push(m),
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    use crate::engine::test_games;

    /// The tables give the general generator's moves, in its order, for every player to
    /// move, along seeded random games of every shipped game that has a table (each phase of
    /// draughts' forced jumps included).
    #[test]
    fn step_tables_agree_with_the_general_generator() {
        let mut covered = Vec::new();
        let mut rng = SmallRng::seed_from_u64(23);
        for t in &test_games::shipped_and_chess_positions() {
            if t.game.accel.step_tables.is_none() {
                continue;
            }
            covered.push(t.name.clone());
            let mut general = t.game.clone();
            general.accel.step_tables = None;
            test_games::assert_same_moves(t, &t.game, &general, &mut rng);
        }
        for want in ["draughts", "international-draughts", "shogi", "xiangqi"] {
            assert!(covered.iter().any(|c| c == want), "{want}: {covered:?}");
        }
    }
}
