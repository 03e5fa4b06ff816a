//! An upper bound on the moves one rule can make in one position, so that a rule file whose
//! moves would exhaust the memory (`move place(m) then place(m) …` six times on 8 × 8) is
//! refused by `check` with a diagnostic instead of failing while playing.

use crate::engine::prim::MoveBound;
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
    let mut b = MoveBound {
        cells: n,
        ..MoveBound::default()
    };
    for part in parts {
        b.free = (n - chosen).max(1.0);
        (b.prev_run, b.run) = (b.run, 0.0);
        bound *= part.bound(&mut b)?;
        chosen += part.cells_recorded() as f64;
    }
    Some(bound)
}
