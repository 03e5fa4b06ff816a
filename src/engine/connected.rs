//! The `connected(kinds…, through: directions)` ending: all of a player's pieces (of the
//! kinds) form one group, each joined to the next along the directions (Lines of Action).
//! A player with a single piece is connected; a player with none is not.

use super::{CellId, ContentSet, DirId, PieceId, State, NO_CELL};

impl crate::engine::Rules {
    /// Whether every piece of `set` on the board is in one group joined along `dirs`, and
    /// there is at least one. A flood fill from one piece over the state's scratch marks
    /// and stack, stopping once it has met them all: nothing is allocated.
    pub(crate) fn all_connected(&self, s: &mut State, set: ContentSet, dirs: &[DirId]) -> bool {
        let mut total = 0u32;
        let mut start = NO_CELL;
        for id in 1..self.pieces.len() {
            if !set.contains(PieceId::from_index(id)) || s.counts[id] == 0 {
                continue;
            }
            total += u32::from(s.counts[id]);
            if start == NO_CELL {
                let bits = s.cells_of(PieceId::from_index(id));
                if let Some(w) = bits.iter().position(|&b| b != 0) {
                    start = CellId::from_index(w * 64 + bits[w].trailing_zeros() as usize);
                }
            }
        }
        if start == NO_CELL {
            return false;
        }
        if total == 1 {
            return true;
        }
        let gen = s.fresh_mark();
        s.stack.clear();
        s.stack.push(start);
        s.mark[start.index()] = gen;
        let mut reached = 1u32;
        while let Some(c) = s.stack.pop() {
            for &d in dirs {
                let n = self.board.next(c, d);
                if n != NO_CELL && s.mark[n.index()] != gen && set.contains(s.board[n.index()]) {
                    s.mark[n.index()] = gen;
                    s.stack.push(n);
                    reached += 1;
                    if reached == total {
                        return true;
                    }
                }
            }
        }
        false
    }
}
