//! `custodian(directions…, capture: enemy, against: friend, count: 1, max: count)`: after
//! the piece lands, in each direction from the landing cell, a run of `count` to `max`
//! cells that `capture` accepts, closed by a cell that `against` accepts (a friend, or a
//! hostile zone: `friend or (throne and empty)`), leaves the board. A piece that moves in
//! between two enemies is not taken: only the mover captures.

use super::clear_run;
use crate::engine::sink::CellSink;
use crate::engine::{ByPlayer, CellCond, CellId, DirId, Game, PieceId, Player, NO_CELL};

/// The registry name.
pub const NAME: &str = "custodian";

/// A compiled `custodian` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Custodian {
    /// The directions a run may go in from the landing cell, per player.
    pub dirs: ByPlayer<Vec<DirId>>,
    /// What may be taken.
    pub capture: CellCond,
    /// What closes a run.
    pub against: CellCond,
    /// The shortest run taken.
    pub count: u16,
    /// The longest run taken.
    pub max: u16,
}

impl Custodian {
    /// The length of the run `p` takes from `focus` along `d` on the board `get` reads, 0
    /// if none.
    #[inline(always)]
    fn run(
        &self,
        game: &Game,
        get: impl Fn(CellId) -> PieceId,
        focus: CellId,
        d: DirId,
        p: Player,
    ) -> u32 {
        let board = &game.board;
        let mut c = board.next(focus, d);
        let mut n = 0u32;
        while c != NO_CELL && n < u32::from(self.max) && self.capture.accepts(board, p, c, get(c)) {
            n += 1;
            c = board.next(c, d);
        }
        if n >= u32::from(self.count) && c != NO_CELL && self.against.accepts(board, p, c, get(c)) {
            n
        } else {
            0
        }
    }

    /// Execution: every run is judged on the board as the move left it, then taken off.
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(&self, game: &Game, sink: &mut S, focus: CellId, p: Player) {
        // At most one run per direction; judged before any is taken, so that one capture
        // does not open or close another.
        let mut runs = [0u32; 16];
        for (i, &d) in self.dirs[p].iter().enumerate().take(runs.len()) {
            runs[i] = self.run(game, |c| sink.get(c), focus, d, p);
        }
        for (i, &d) in self.dirs[p].iter().enumerate().take(runs.len()) {
            if runs[i] > 0 {
                clear_run(game, sink, game.board.next(focus, d), d, runs[i]);
            }
        }
    }
}
