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
//! | lone placement make (`make.rs`) | one `place`/`drop` in a lean-shaped game (`Rule::lone_placement`, set by the compiler) | `make_general` | `make::tests::lone_placement_make_agrees_with_the_general_make` |
//! | outflank make and generation (`outflank_rays.rs`) | a placement that must outflank, board ≤ 64 cells: [`RuleMake::Outflank`], `outflank_placements` | the `outflank` part's walk | `outflank_rays::tests::outflank_by_bitboard_agrees_with_the_walk` |
//! | place-then-capture (`place_capture.rs`) | `place(…) then remove-surrounded(…)`, no stacks: [`RuleMake::PlaceCapture`], `place_captures` | the parts one by one | `place_capture::tests::place_capture_agrees_with_the_general_path` |
//! | bitboard moves (`bit_moves.rs`) | steps, leaps and slides on ≤ 64 cells: `bit_moves` | `gen_entry` per piece and rule | `bit_moves::tests::bit_moves_agree_with_the_general_generator` |
//! | step tables (`step_table.rs`) | pieces whose rules are all steps, without a bitboard plan: `step_tables` | `gen_entry` | `step_table::tests::step_tables_agree_with_the_general_generator` |
//! | jump chains (`jump_moves.rs`) | jumps in bitboard form | the `jump` part | `jump_moves::tests::jumps_agree_with_the_general_generator` |
//! | forced-jump screen (`jump_screen.rs`) | forced jumps on ≤ 64 cells: `jump_screens` | generating the forced moves | `jump_screen::tests::jump_screen_agrees_with_the_forced_moves` |
//! | placement bitsets (`move_bits.rs`) | a player's moves are the cells of one placement rule: `move_bits` | the move list | `move_bits::tests::move_bits_agree_with_the_move_list` |
//! | cell bitsets (`cell_moves.rs`) | placements and moves of no cell, `forbid` allowed: `cell_moves` | the general generator | `cell_moves::tests::cell_moves_agree_with_the_general_path` |
//! | drop by shift (`prim/drop.rs`) | a lone `drop` whose fall is a uniform shift: `dir_shifts` | the cell-by-cell fall | `movegen::tests::drop_by_shift_agrees_with_the_cell_test` |
//! | move counting (`count.rs`, `count_plan.rs`) | bitboard plans: `bit_moves` | the length of the legal list | `count::tests::count_agrees_with_the_legal_list` |
//! | has a legal move (`movegen.rs`) | no `forbid` or royal pieces | the legal list | `movegen::tests::has_legal_move_agrees_with_the_legal_list` |
//! | attack masks (`bitboard.rs`) | royal pieces on ≤ 64 cells: `between`, `attack_rays` masks | the ray walk | `bitboard::tests::masks_and_line_walk_agree_on_every_cell` |
//! | plain refusal by hash (`exec.rs`) | every `forbid` is a whole-board repetition: `forbids_whole_board` | the simulated move | `exec::tests::plain_hash_after_agrees_with_the_simulation` |
//! | quick endings (`quick_ends.rs`) | endings of simple shapes: `quick_ends` | `check_ends_from` | `quick_ends::tests::quick_endings_agree_with_the_general_test` (and a `debug_assert` on every move) |
//! | line windows (`line_windows.rs`) | `line` endings on ≤ 64 cells (attached to the ending by the compiler) | the walk along each line | `line_windows::tests::windows_agree_with_the_walk` |
//! | placement sampling (`sample.rs`) | rows of placements: `has_placement_rows` | drawing from the legal list | `fast_paths::tests::sampled_moves_are_legal_moves` |
//! | n-th set bit (`select_bit.rs`) | every draw from a bitset | clearing the lowest bit n times | `fast_paths::tests::select_bit_agrees_with_clearing_bits` |
//! | `nobody-can-move` memo (`stuck_memo.rs`) | an ending asks it: `asks_stuck` | generating moves each time it is asked | `fast_paths::tests::stuck_memo_agrees_with_asking_again` |

use crate::engine::{OutflankPlacement, PlaceCapture};

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
