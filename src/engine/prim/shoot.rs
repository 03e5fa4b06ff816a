//! `shoot(kind, directions…, to: empty, through: empty, min: 1, max: no limit)`: put a new
//! piece of `kind` on a cell reached from the cell the previous part ended on (where the
//! moving piece landed, or the cell just placed on) along one of the directions, as a slide
//! would (Amazons' arrow). The cell shot on becomes the focus. It never starts a move.
//!
//! A move records the cell shot on, written after a slash (`d1-d7/g7`; nothing in the
//! compact form); the compile-side builder is `src/compile/prim/shoot.rs`.

use crate::engine::movegen::{push_with, View};
use crate::engine::{
    ByPlayer, CellCond, CellId, DirId, Game, KindId, Move, MoveList, Player, Rule, State, NO_CELL,
};

/// The registry name.
pub const NAME: &str = "shoot";

/// A compiled `shoot` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shoot {
    /// The kind of the piece put down.
    pub kind: KindId,
    /// The directions it is shot along, per player.
    pub dirs: ByPlayer<Vec<DirId>>,
    /// Where it may land.
    pub to: CellCond,
    /// What it may pass over.
    pub through: CellCond,
    /// The fewest steps away it lands.
    pub min: u16,
    /// The most steps away it lands.
    pub max: u16,
}

impl Shoot {
    /// Generation: each cell a slide from `focus` reaches, then the rest of the move from it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(in crate::engine) fn gen(
        &self,
        game: &Game,
        s: &State,
        v: &mut View,
        p: Player,
        rule: &Rule,
        idx: usize,
        focus: CellId,
        mv: Move,
        out: &mut MoveList,
    ) {
        let Self {
            kind,
            dirs,
            to,
            through,
            min,
            max,
        } = self;
        let (board, saved) = (&game.board, v.len);
        let piece = game.placed_piece(*kind, p);
        if game.reserve_kind == Some(*kind)
            && u32::from(s.reserve[piece.index()]) <= game.placed_before(rule, idx, *kind)
        {
            return;
        }
        let last = idx + 1 == rule.parts.len();
        for &d in &dirs[p] {
            let mut t = focus;
            let mut steps = 0;
            while steps < *max {
                t = board.next(t, d);
                if t == NO_CELL {
                    break;
                }
                steps += 1;
                let c = v.get(t);
                if steps >= *min && to.accepts(board, p, t, c) {
                    if last {
                        push_with(out, mv, t);
                    } else {
                        let mut m = mv;
                        m.push(t);
                        v.put(t, piece);
                        game.gen_parts(s, v, p, rule, idx + 1, t, m, out);
                        v.len = saved;
                    }
                }
                if !through.accepts(board, p, t, c) {
                    break;
                }
            }
        }
    }

    /// Notation: a slash (unless compact, where only runs of numbers need one), the piece's
    /// symbol when the game writes placements with it, and the cell.
    pub(crate) fn write(
        &self,
        game: &Game,
        out: &mut String,
        cell: &str,
        compact: bool,
        me: Player,
    ) {
        if !compact || crate::engine::notation::runs_together(out, cell) {
            out.push('/');
        }
        if game.symbol_in_placements {
            out.push(game.pieces[game.placed_piece(self.kind, me).index()].symbol);
        }
        out.push_str(cell);
    }
}
