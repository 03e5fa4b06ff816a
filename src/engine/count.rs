//! Counting the legal moves of a position without listing them: bulk perft's last ply.
//!
//! Perft counts the moves of the last ply without playing them, so only their number
//! matters there. Where the bitboard plans of `bit_moves.rs` cover a player's pieces and
//! nothing but the royal rule can refuse a generated move ([`super::BitMoves`]' `countable`),
//! the steps and slides from cells whose moves cannot expose a royal piece are counted by
//! popcount: every cell when the game has no royal piece; otherwise, when the mover has one
//! royal piece and it is not in check, every cell but the royal piece's and the pinned
//! pieces' (the same cells whose plain moves the royal filter passes untested, see
//! `legal.rs`). A promotion counts once per kind. The moves from the other cells, and the
//! pieces' other rules (en passant, castling, part by part), are listed and judged one by
//! one as the generator judges them; in check, with several royal pieces, or where the plans
//! do not cover the game, the whole list is built. A unit test compares the count with the
//! list's length along random games of every shipped game and from chess positions full of
//! pins, checks, promotions, castling and en passant.

use super::bit_moves::other_may_move;
use super::legal::{bits_iter, Pins};
use super::screen::ScreenLines;
use super::{CellId, Game, MoveList, NoMoves, Shape, State, NO_CELL};

/// [`count_by_bits_here`] compiled with the `popcnt` instruction.
///
/// # Safety
///
/// The processor must have the `popcnt` instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn count_by_bits_popcnt(game: &Game, s: &State, scratch: &mut MoveList) -> Option<usize> {
    count_by_bits_here(game, s, scratch)
}

/// The count from the bitboard plans, or `None` where they cannot give it. Counting is
/// mostly popcounts: where the processor has the instruction (almost every x86-64 made
/// since 2008, but not the baseline the crate is compiled for), the same code is
/// compiled a second time with it enabled and chosen at run time.
pub(super) fn count_by_bits(game: &Game, s: &State, scratch: &mut MoveList) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if has_popcnt() {
        // Safety: the processor has the `popcnt` instruction (checked just above).
        return unsafe { count_by_bits_popcnt(game, s, scratch) };
    }
    count_by_bits_here(game, s, scratch)
}

/// The body of [`count_by_bits`], inlined into both its compilations.
#[inline(always)]
fn count_by_bits_here(game: &Game, s: &State, scratch: &mut MoveList) -> Option<usize> {
    let bm = game.accel.bit_moves.as_deref()?;
    let p = s.scalars.to_move;
    if !bm.countable(p) || game.is_chance(s) {
        return None;
    }
    if s.scalars.result.is_some() {
        return Some(0);
    }
    let plan = &bm.count[p.index()];
    // The cells whose steps and slides need no test but where they land (`landing`:
    // anywhere, or in check the cells that take or block the one checking piece).
    let (free, landing, king) = if game.royal[p].is_empty() {
        (u64::MAX, u64::MAX, None)
    } else {
        let mut king = None;
        for &rp in &game.royal[p] {
            let cells = s.bits[rp.index()];
            if cells != 0 {
                if king.is_some() || cells & (cells - 1) != 0 {
                    return None;
                }
                king = Some((CellId::from_index(cells.trailing_zeros() as usize), rp));
            }
        }
        let (king, rp) = king?;
        // From the attack masks where they cover the game (checks and pins in one
        // pass), else from the general test, which answers out of check only.
        let (pinned, landing) = match game.checkers_and_pins(s, king, rp) {
            Some((0, pinned)) => (pinned, u64::MAX),
            Some((checks, pinned)) => (pinned, check_landing(game, king, checks, plan)?),
            None => match game.check_and_pins(s, king, rp)? {
                (Pins::Mask(pinned), ScreenLines::None) => (pinned, u64::MAX),
                _ => return None,
            },
        };
        (!(pinned | 1 << king.index()), landing, Some((king, rp)))
    };
    let masks = bm.masks(s, p);
    let at = super::bit_moves::BitPos {
        bm,
        masks: &masks,
        s,
        p,
        royal: king,
    };
    let mut view = super::view::View::new(&s.board);
    scratch.clear();
    let mut n = plan.count_free(bm, &masks, s, free, landing);
    // The royal piece's and the pinned pieces' cells (of the pieces `apart` too, which
    // their own plans count).
    let mut bound = !free;
    while bound != 0 {
        let c = bound.trailing_zeros() as usize;
        bound &= bound - 1;
        let piece = s.board[c];
        if plan.is_grouped(piece) {
            n += super::bit_moves::count_bound_cells(game, at, &mut view, piece, 1 << c, scratch);
        }
    }
    for o in &plan.others {
        let mut cells = s.bits[o.piece.index()] & free;
        if cells == 0 || o.shape == Shape::EnPassant && s.scalars.ep.target == NO_CELL {
            continue;
        }
        let entry = &game.accel.piece_moves.of(p, o.piece)[usize::from(o.entry)];
        while cells != 0 {
            let c = CellId::from_index(cells.trailing_zeros() as usize);
            cells &= cells - 1;
            if other_may_move(o.shape, s, c) {
                game.gen_entry(s, &mut view, p, entry, c, scratch);
            }
        }
    }
    for &piece in &plan.apart {
        match super::bit_moves::count_bit_piece(game, at, &mut view, piece, free, scratch) {
            Some(k) => n += k,
            None => {
                for cell in bits_iter(s.cells_of(piece)) {
                    for e in game.accel.piece_moves.of(p, piece) {
                        game.gen_entry(s, &mut view, p, e, cell, scratch);
                    }
                }
            }
        }
    }
    n += match king {
        None => scratch.len(),
        Some((king, _)) => {
            let pins = Pins::Mask(!free & !(1 << king.index()));
            scratch
                .iter()
                .filter(|&&m| game.royal_keeps(s, m, king, &pins, &ScreenLines::None))
                .count()
        }
    };
    if n == 0 && game.no_moves == Some(NoMoves::Pass) {
        n = 1;
    }
    Some(n)
}

/// In check by the pieces on `checks`: the cells a move of another piece than the
/// royal one must land on: the checking piece's and those between it and the royal
/// piece, none when two pieces check. A step or slide of an unpinned piece changes
/// two cells only, so it answers one check by taking the checking piece or standing in
/// its way, and never two. `None` where pieces outside the count plan would be counted
/// without a test.
fn check_landing(
    game: &Game,
    king: CellId,
    checks: u64,
    plan: &super::count_plan::CountPlan,
) -> Option<u64> {
    if !plan.apart.is_empty() {
        return None;
    }
    let between = game.accel.between.as_ref()?;
    Some(if checks & (checks - 1) == 0 {
        checks | between.get(king.index(), checks.trailing_zeros() as usize)
    } else {
        0
    })
}

/// Whether the processor has the `popcnt` instruction (asked once).
#[cfg(target_arch = "x86_64")]
fn has_popcnt() -> bool {
    static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAS.get_or_init(|| std::arch::is_x86_feature_detected!("popcnt"))
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::test_games::TestGame;
    use crate::engine::{MoveList, Player};

    /// Walks five seeded random games from `t`'s start, asserting at every position, for
    /// every player to move, that the count is the legal list's length; returns whether the
    /// bitboard count answered somewhere.
    fn assert_count_agrees(t: &TestGame, rng: &mut SmallRng) -> bool {
        let (mut scratch, mut list) = (MoveList::new(), MoveList::new());
        let (name, game) = (&t.name, &t.game);
        let mut counted = false;
        for _ in 0..5 {
            let mut s = t.start();
            for _ in 0..150 {
                let keep = s.scalars.to_move;
                for q in 0..game.num_players() {
                    s.scalars.to_move = Player(q as u8);
                    game.legal_moves(&s, &mut list);
                    let n = game.count_legal_moves(&s, &mut scratch);
                    assert_eq!(n, list.len(), "{name}: {}", game.position_to_string(&s));
                    if let Some(here) = super::count_by_bits_here(game, &s, &mut scratch) {
                        // The baseline compilation counts the same.
                        assert_eq!(here, list.len(), "{name}");
                        counted = true;
                    }
                }
                s.scalars.to_move = keep;
                game.legal_moves(&s, &mut list);
                if list.is_empty() {
                    break;
                }
                game.make(&mut s, list[rng.gen_range(0..list.len())]);
            }
        }
        counted
    }

    /// The count is the legal list's length along seeded random games of every shipped game
    /// and from chess positions with pins, checks, promotions, castling and en passant (the
    /// perft test positions).
    #[test]
    fn count_agrees_with_the_legal_list() {
        let mut rng = SmallRng::seed_from_u64(41);
        let mut counted = Vec::new();
        for t in &crate::engine::test_games::shipped_and_chess_positions() {
            if assert_count_agrees(t, &mut rng) {
                counted.push(t.name.clone());
            }
        }
        for want in ["breakthrough", "chess"] {
            assert!(counted.iter().any(|c| c == want), "{want} counted");
        }
    }

    /// In check, the count answers from the bitboards and agrees with python-chess: two
    /// pieces checking (only the king moves), a check answered by taking the checking pawn
    /// en passant, a slider's check blocked, a knight's check.
    #[test]
    fn check_evasions_are_counted_from_the_bitboards() {
        let chess = crate::load_shipped("chess", &[]).expect("compiles");
        let mut scratch = MoveList::new();
        for (fen, want) in [
            ("4r2k/8/8/8/R7/3n4/8/4KB2 w - - 0 1", 2),
            ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 9),
            ("4r2k/8/8/8/8/8/3P4/R3K1N1 w - - 0 1", 4),
            ("8/7k/8/8/8/3n4/2B5/R3K1R1 w - - 0 1", 5),
        ] {
            let s = chess.parse_position(fen).expect("position");
            assert_eq!(
                super::count_by_bits_here(&chess, &s, &mut scratch),
                Some(want),
                "{fen}"
            );
            assert_eq!(chess.count_legal_moves(&s, &mut scratch), want, "{fen}");
        }
    }

    /// Pieces of every kind the count plan groups or leaves apart: a promoting slide, a
    /// slide over its own side's pieces (counted by its plan, cell by cell), a slide of two
    /// or three cells only, a promoting step, beside a royal piece that pins and is checked.
    const MIXED: &str = r#"
game "Mixed counts"
players White, Black
board square(8, 8)
direction forward = n for White, s for Black
zone far = row(8) for White, row(1) for Black
piece king = "K" for White, "k" for Black
piece lance = "L" for White, "l" for Black
piece ghost = "G" for White, "g" for Black
piece hopper = "H" for White, "h" for Black
piece gold = "D" for White, "d" for Black
setup king at e1 for White, e8 for Black
setup lance at a2, h2 for White, a7, h7 for Black
setup ghost at c1, f1 for White, c8, f8 for Black
setup hopper at b1, g1 for White, b8, g8 for Black
setup gold at d2, e2 for White, d7, e7 for Black
royal king
move king: step(adjacent)
move lance: slide(forward) then promote(gold, ghost, in: far)
move ghost: slide(diagonal, through: not enemy)
move hopper: slide(orthogonal, min: 2, max: 3)
move gold: step(adjacent) then promote(lance, in: far)
loss if checkmate
draw if no-moves
"#;

    #[test]
    fn count_agrees_on_every_kind_of_grouped_and_apart_rule() {
        let game = crate::compile_source("mixed", "mixed.game", MIXED, &[]).expect("compiles");
        let t = TestGame {
            name: "mixed".into(),
            game,
            fen: None,
        };
        let mut rng = SmallRng::seed_from_u64(7);
        assert!(
            assert_count_agrees(&t, &mut rng),
            "the bitboard count answers"
        );
    }
}
