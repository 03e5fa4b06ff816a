//! Every fast path of the engine, beside the general path it must agree with and the test
//! that checks they agree.
//!
//! A fast path answers a question the general path can answer too (which moves, what a
//! move changes, whether the game ended) for the games whose rules have a simpler shape. Each
//! is chosen once, in [`super::Accel::build`]: an `Option` or plan left empty there means the
//! general path, so the hot code asks no question about the rules' shape per move beyond
//! reading the plan.
//!
//! | Fast path | Chosen when (stored in `Accel`) | General path it must agree with | Agreement test |
//! |---|---|---|---|
//! | lean make (`lean_make.rs`) | no dice, extra turns, castling, hands, reserve, stacks, passable slides, clock or history: [`PlainMake::Lean`] | `make_plain` | `lean_make::tests::lean_make_agrees_with_the_plain_make` |
//! | plain make (`make.rs`) | no extra turns and no stacks: [`PlainMake::Plain`] | `make_general` | the perft and scenario suites (every chess-like game's plain moves) |
//! | lone placement make (`make.rs`) | one `place`/`drop` in a lean-shaped game (`Rule::lone_placement`, set by [`super::Accel::mark_rules`]) | `make_general` | `make::tests::lone_placement_make_agrees_with_the_general_make` |
//! | outflank make and generation (`outflank_rays.rs`) | a placement that must outflank, board ≤ 64 cells: [`RuleMake::Outflank`], [`FreeGen::Outflank`] | the `outflank` part's walk | `outflank_rays::tests::outflank_by_bitboard_agrees_with_the_walk` |
//! | place-then-capture (`place_capture.rs`) | `place(…) then remove-surrounded(…)`, no stacks: [`RuleMake::PlaceCapture`], `place_captures` | the parts one by one | `place_capture::tests::place_capture_agrees_with_the_general_path` |
//! | bitboard moves (`bit_moves.rs`) | steps, leaps and slides on ≤ 64 cells: `bit_moves` | `gen_entry` per piece and rule | `bit_moves::tests::bit_moves_agree_with_the_general_generator` |
//! | step tables (`step_table.rs`) | pieces whose rules are all steps, without a bitboard plan: `step_tables` | `gen_entry` | `step_table::tests::step_tables_agree_with_the_general_generator` |
//! | jump chains (`jump_moves.rs`) | jumps in bitboard form | the `jump` part | `jump_moves::tests::jumps_agree_with_the_general_generator` |
//! | forced-jump screen (`jump_screen.rs`) | forced jumps on ≤ 64 cells: `jump_screens` | generating the forced moves | `jump_screen::tests::jump_screen_agrees_with_the_forced_moves` |
//! | placement bitsets (`move_bits.rs`) | a player's moves are the cells of one placement rule: `move_bits` | the move list | `move_bits::tests::move_bits_agree_with_the_move_list` |
//! | cell bitsets (`cell_moves.rs`) | placements and moves of no cell, `forbid` allowed: `cell_moves` | the general generator | `cell_moves::tests::cell_moves_agree_with_the_general_path` |
//! | drop by shift (`prim/drop.rs`) | a lone `drop` whose fall is a uniform shift: [`FreeGen::DropByShift`] | the cell-by-cell fall | `movegen::tests::drop_by_shift_agrees_with_the_cell_test` |
//! | move counting (`count.rs`, `count_plan.rs`) | bitboard plans: `bit_moves` | the length of the legal list | `count::tests::count_agrees_with_the_legal_list` |
//! | has a legal move (`movegen.rs`) | no `forbid` or royal pieces | the legal list | `movegen::tests::has_legal_move_agrees_with_the_legal_list` |
//! | attack masks (`bitboard.rs`) | royal pieces on ≤ 64 cells: `between`, `attack_rays` masks | the ray walk | `bitboard::tests::masks_and_line_walk_agree_on_every_cell` |
//! | plain refusal by hash (`exec.rs`) | every `forbid` is a whole-board repetition: `forbids_whole_board` | the simulated move | `exec::tests::plain_hash_after_agrees_with_the_simulation` |
//! | quick endings (`quick_ends.rs`) | endings of simple shapes: `quick_ends` | `check_ends_from` | `quick_ends::tests::quick_endings_agree_with_the_general_test` (and a `debug_assert` on every move) |
//! | line windows (`line_windows.rs`) | `line` endings on ≤ 64 cells (attached to the ending by [`super::Accel::mark_rules`]) | the walk along each line | `line_windows::tests::windows_agree_with_the_walk` |
//! | placement sampling (`sample.rs`) | rows of placements: `has_placement_rows` | drawing from the legal list | `fast_paths::tests::sampled_moves_are_legal_moves` |
//! | n-th set bit (`select_bit.rs`) | every draw from a bitset | clearing the lowest bit n times | `fast_paths::tests::select_bit_agrees_with_clearing_bits` |
//! | `nobody-can-move` memo (`stuck_memo.rs`) | an ending asks it: `asks_stuck` | generating moves each time it is asked | `fast_paths::tests::stuck_memo_agrees_with_asking_again` |

use crate::engine::{DirShift, OutflankPlacement, Part, PlaceCapture, Player, Rules};

/// How a plain move (one piece from one cell to another, keeping its kind) is made: chosen
/// once from the rules, read once per move by [`crate::engine::Game::make`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlainMake {
    /// The lean make: the game has nothing else to keep (see `lean_make.rs`).
    Lean,
    /// The plain make, when no dice are showing: no extra turns and no stacks.
    Plain,
    /// The general make.
    General,
}

impl PlainMake {
    /// The plan for a game whose plain moves may take the lean make (`lean`) or the plain
    /// make (`plain`; every lean game's may).
    pub fn choose(lean: bool, plain: bool) -> PlainMake {
        if lean {
            PlainMake::Lean
        } else if plain {
            PlainMake::Plain
        } else {
            PlainMake::General
        }
    }
}

/// How the general make makes a move of one rule: by a bitset plan of the rule, or part by
/// part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleMake {
    /// Part by part.
    General,
    /// By the rule's [`OutflankPlacement`].
    Outflank,
    /// By the rule's [`PlaceCapture`].
    PlaceCapture,
}

impl RuleMake {
    /// Per rule, how the general make makes its moves; empty when every rule's are made part
    /// by part. The short paths write the visible top of a cell only, so a board with stacks
    /// takes the general path.
    pub fn for_rules(
        stacked: bool,
        outflank: &[Option<Box<OutflankPlacement>>],
        place_captures: &[Option<Box<PlaceCapture>>],
    ) -> Vec<RuleMake> {
        let n = outflank.len().max(place_captures.len());
        if stacked || n == 0 {
            return Vec::new();
        }
        let plans: Vec<RuleMake> = (0..n)
            .map(|r| {
                if outflank
                    .get(r)
                    .and_then(|o| o.as_deref())
                    .is_some_and(|o| o.lean)
                {
                    RuleMake::Outflank
                } else if place_captures.get(r).is_some_and(Option::is_some) {
                    RuleMake::PlaceCapture
                } else {
                    RuleMake::General
                }
            })
            .collect();
        if plans.iter().all(|&p| p == RuleMake::General) {
            return Vec::new();
        }
        plans
    }
}

/// How the generator lists the moves of one rule that starts from no piece, for one
/// player: by a bitset plan, or part by part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreeGen {
    /// Part by part.
    General,
    /// By the rule's [`OutflankPlacement`].
    Outflank,
    /// A lone `drop` whose fall is one shift of the whole board.
    DropByShift(DirShift),
}

impl FreeGen {
    /// Per (player, rule), at `player * rules + rule`, how the rule's moves are listed;
    /// empty when every rule's are listed part by part.
    pub fn for_rules(
        rules: &Rules,
        outflank: &[Option<Box<OutflankPlacement>>],
        dir_shifts: &[Option<DirShift>],
    ) -> Vec<FreeGen> {
        let n = rules.rules.len();
        let mut plans = vec![FreeGen::General; rules.players.len() * n];
        for (p, row) in plans.chunks_mut(n.max(1)).enumerate() {
            for (r, (plan, rule)) in row.iter_mut().zip(&rules.rules).enumerate() {
                *plan = if outflank.get(r).is_some_and(Option::is_some) {
                    FreeGen::Outflank
                } else {
                    match (rule.lone_placement, rule.parts.as_slice()) {
                        (true, [Part::Drop(x)]) => dir_shifts[x.falls[Player(p as u8)].index()]
                            .map_or(FreeGen::General, FreeGen::DropByShift),
                        _ => FreeGen::General,
                    }
                };
            }
        }
        if plans.iter().all(|&p| p == FreeGen::General) {
            return Vec::new();
        }
        plans
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::select_bit::nth_set_bit;
    use crate::engine::test_games::shipped;
    use crate::engine::{Game, MoveList, State};

    /// Plays `games` seeded random games of at most `plies` moves of `game`, calling `at`
    /// on each position before its move is made.
    fn random_games(
        game: &Game,
        seed: u64,
        games: usize,
        plies: usize,
        mut at: impl FnMut(&State, &MoveList),
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut moves = MoveList::new();
        for _ in 0..games {
            let mut s = game.start();
            for _ in 0..plies {
                game.legal_moves(&s, &mut moves);
                at(&s, &moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.gen_range(0..moves.len())];
                game.make(&mut s, mv);
            }
        }
    }

    /// The sampler (bitsets, cell moves, rows of placements, or a draw from the listed
    /// moves) draws only legal moves, and draws none exactly when there is none, along
    /// random games of every shipped game; each draw is tried with several picks.
    #[test]
    fn sampled_moves_are_legal_moves() {
        let mut sampled_fast = 0;
        for (name, game) in shipped() {
            let fast = !game.accel.move_bits.is_empty()
                || !game.accel.cell_moves.is_empty()
                || game.accel.has_placement_rows;
            let mut rng = SmallRng::seed_from_u64(7);
            let mut scratch = MoveList::new();
            random_games(&game, 5, 3, 120, |s, legal| {
                for _ in 0..4 {
                    let drawn = game.sample_legal_move(s, &mut scratch, |n| rng.gen_range(0..n));
                    match drawn {
                        Some(mv) => assert!(
                            legal.contains(&mv),
                            "{name}: drew {mv:?}, which is not a legal move"
                        ),
                        None => assert!(legal.is_empty(), "{name}: drew nothing, but has moves"),
                    }
                    sampled_fast += usize::from(fast);
                }
            });
        }
        assert!(sampled_fast > 1000, "the fast samplers were exercised");
    }

    /// The n-th set bit of a player's move bitset is the n-th cell of their legal moves,
    /// found the slow way (clearing the lowest bit n times), along random games of every
    /// shipped game whose moves have the bitset form.
    #[test]
    fn select_bit_agrees_with_clearing_bits() {
        let mut words = 0;
        for (name, game) in shipped() {
            if game.accel.move_bits.is_empty() {
                continue;
            }
            random_games(&game, 11, 3, 200, |s, legal| {
                let Some((_, bits)) = game.move_bits(s) else {
                    return;
                };
                assert_eq!(bits.count_ones() as usize, legal.len(), "{name}");
                let mut slow = bits;
                for n in 0..bits.count_ones() {
                    assert_eq!(
                        nth_set_bit(bits, n),
                        slow.trailing_zeros(),
                        "{name}: bit {n} of {bits:#x}"
                    );
                    slow &= slow - 1;
                }
                words += 1;
            });
        }
        assert!(words > 100, "some games have move bitsets");
    }

    /// With the `nobody-can-move` memo, every position of random games of every shipped
    /// game that asks it ends (or goes on) as it does when each asking generates moves
    /// again: the same result and deciding ending after every move.
    #[test]
    fn stuck_memo_agrees_with_asking_again() {
        let mut checked = 0;
        for (name, game) in shipped() {
            if !game.accel.asks_stuck {
                continue;
            }
            let mut general = game.clone();
            general.accel.asks_stuck = false;
            let mut rng = SmallRng::seed_from_u64(13);
            let mut moves = MoveList::new();
            for _ in 0..4 {
                let (mut s, mut t) = (game.start(), general.start());
                for _ in 0..300 {
                    game.legal_moves(&s, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.gen_range(0..moves.len())];
                    game.make(&mut s, mv);
                    general.make(&mut t, mv);
                    assert_eq!(s.result_now(), t.result_now(), "{name} after {mv:?}");
                    assert_eq!(s.scalars.end_rule, t.scalars.end_rule, "{name}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "some shipped game asks nobody-can-move");
    }
}
