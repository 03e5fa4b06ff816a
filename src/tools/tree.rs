//! Walks a whole game tree (no transpositions merged): node counts and results.

use crate::engine::{Game, MoveList, Outcome, State};

/// What a full tree walk counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreeStats {
    /// Every node, the root and finished positions included.
    pub nodes: u64,
    /// Finished positions (leaves).
    pub finished: u64,
    /// Finished positions won, per player.
    pub wins: Vec<u64>,
    /// Finished positions drawn (or with no single winner).
    pub draws: u64,
    /// Deepest ply reached below the root.
    pub max_depth: u32,
    /// Whether the walk stopped because a line was longer than [`MAX_DEPTH`] plies.
    pub too_deep: bool,
}

/// The longest line of play a walk follows before giving up (the game may never end).
pub const MAX_DEPTH: u32 = 2_000;

/// Walks every line of play from `state`. Stops with `Err(partial)` after `limit` nodes.
pub fn walk(game: &Game, state: &mut State, limit: u64) -> Result<TreeStats, TreeStats> {
    let mut st = TreeStats {
        wins: vec![0; game.num_players()],
        ..Default::default()
    };
    let mut lists: Vec<MoveList> = Vec::new();
    let ok = rec(game, state, 0, limit, &mut st, &mut lists);
    if ok {
        Ok(st)
    } else {
        Err(st)
    }
}

fn finish(game: &Game, st: &mut TreeStats, o: Option<Outcome>) {
    st.finished += 1;
    match o.and_then(|o| o.winner(game.num_players())) {
        Some(w) => st.wins[w.index()] += 1,
        None => st.draws += 1,
    }
}

fn rec(
    game: &Game,
    state: &mut State,
    depth: u32,
    limit: u64,
    st: &mut TreeStats,
    lists: &mut Vec<MoveList>,
) -> bool {
    st.nodes += 1;
    st.max_depth = st.max_depth.max(depth);
    // A game that can go on forever (passes, dice) has no finite tree; stop before the stack does.
    if st.nodes > limit || depth >= MAX_DEPTH {
        st.too_deep |= depth >= MAX_DEPTH;
        return false;
    }
    if let Some(o) = state.result_now() {
        finish(game, st, Some(o));
        return true;
    }
    if lists.len() <= depth as usize {
        lists.push(MoveList::new());
    }
    let mut moves = std::mem::take(&mut lists[depth as usize]);
    game.legal_moves(state, &mut moves);
    if moves.is_empty() {
        finish(game, st, game.no_moves_outcome(state));
    }
    let mut ok = true;
    for &mv in &moves {
        game.make(state, mv);
        ok = rec(game, state, depth + 1, limit, st, lists);
        game.unmake(state);
        if !ok {
            break;
        }
    }
    lists[depth as usize] = moves;
    ok
}
