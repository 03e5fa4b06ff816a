//! An upper bound on the moves one rule can make in one position, so that a rule file whose
//! moves would exhaust the memory (`move place(m) then place(m) …` six times on 8 × 8) is
//! refused by `check` with a diagnostic instead of failing while playing.

use crate::engine::Part;

/// Most moves a rule may be able to make in one position, by the bound below. Higher than
/// the engine's `MAX_MOVES` (the bound counts every cell for every choice, which real positions
/// rarely allow: Nex's transform on 19 × 19 is bounded by 2.3 × 10⁷ but has at most
/// 3.5 × 10⁶), so that rules which only could reach the engine's cap are still played, and
/// the engine's cap stops the rare position that does.
pub const MAX_RULE_MOVES: f64 = (1u64 << 25) as f64;

/// An upper bound on the moves of a rule of these `parts` on a board of `cells` cells, or `None` when a
/// part cannot be bounded this way (a repeating jump: the engine's cap covers it).
pub fn rule_bound(parts: &[Part], cells: usize, from_piece: bool) -> Option<f64> {
    let n = cells as f64;
    // Cells already chosen by earlier parts: later choices pick among the rest.
    let mut chosen = 0.0_f64;
    let mut bound = if from_piece {
        chosen = 1.0;
        n
    } else {
        1.0
    };
    // Length of the current run of converts picked in any order (`count: k`): the engine
    // lists each set of cells once, so k picks make n·(n−1)…/k! moves.
    let mut run = 0.0_f64;
    let mut prev_convert = false;
    for part in parts {
        let dirs = |d: &crate::engine::ByPlayer<Vec<crate::engine::DirId>>| {
            d.0.iter().map(Vec::len).max().unwrap_or(0).max(1) as f64
        };
        let free = (n - chosen).max(1.0);
        let factor = match part {
            Part::Convert(crate::engine::prim::convert::Convert { ordered, .. }) => {
                run = if !ordered && prev_convert {
                    run + 1.0
                } else {
                    1.0
                };
                free / run
            }
            Part::Place(_) | Part::Drop(_) | Part::Fly(_) => free,
            Part::Remove(_) | Part::Advance(_) | Part::Sow(_) => n,
            Part::Step(crate::engine::prim::step::Step { dirs: d, .. })
            | Part::Swap(crate::engine::prim::swap::Swap { dirs: d, .. })
            | Part::EnPassant(crate::engine::prim::en_passant::EnPassant { dirs: d })
            | Part::Castle(crate::engine::prim::castle::Castle { dirs: d, .. }) => dirs(d),
            // Each cell is reached along at most one of the lines, so no more than the board.
            Part::Slide(crate::engine::prim::slide::Slide { dirs: d, max, .. })
            | Part::Shoot(crate::engine::prim::shoot::Shoot { dirs: d, max, .. }) => {
                (dirs(d) * f64::from(*max)).min(n)
            }
            Part::Jump(crate::engine::prim::jump::Jump { repeat: true, .. }) => return None,
            // A flying jump lands on any of the cells beyond the piece: no more than the board.
            Part::Jump(crate::engine::prim::jump::Jump { flying: true, .. }) => n,
            Part::Jump(crate::engine::prim::jump::Jump { dirs: d, .. }) => dirs(d),
            Part::Promote(x) => x.kinds.len().max(1) as f64,
            Part::BecomeCaptured(_)
            | Part::Outflank(_)
            | Part::Pattern(_)
            | Part::RemoveSurrounded(_)
            | Part::Pass(_)
            | Part::SwapSides(_) => 1.0,
        };
        prev_convert = matches!(part, Part::Convert(_));
        chosen += part.cells_recorded() as f64;
        bound *= factor;
    }
    Some(bound)
}
