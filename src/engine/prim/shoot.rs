//! `shoot(kind, directions…, to: empty, through: empty, min: 1, max: no limit)`: put a new
//! piece of `kind` on a cell reached from the cell the previous part ended on (where the
//! moving piece landed, or the cell just placed on) along one of the directions, as a slide
//! would (Amazons' arrow). The cell shot on becomes the focus. It never starts a move.
//!
//! A move records the cell shot on, written after a slash (`d1-d7/g7`; nothing in the
//! compact form); the compile-side builder is `src/compile/prim/shoot.rs`.

use crate::engine::cursor::Cursor;
use crate::engine::view::push_with;
use crate::engine::{
    ByPlayer, CellCond, CellId, DirId, Game, KindId, Move, PieceId, Player, State, NO_CELL,
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
    #[inline(always)]
    pub(in crate::engine) fn gen(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        let (game, s, p) = (cur.game, cur.s, cur.p);
        let Self {
            kind,
            dirs,
            to,
            through,
            min,
            max,
        } = self;
        let (board, saved) = (&game.board, cur.v.len);
        let piece = game.placed_piece(*kind, p);
        if game.reserve_kind == Some(*kind)
            && u32::from(s.reserve[piece.index()]) <= game.placed_before(cur.rule, cur.idx, *kind)
        {
            return;
        }
        let last = cur.idx + 1 == cur.rule.parts.len();
        for &d in &dirs[p] {
            let mut t = focus;
            let mut steps = 0;
            while steps < *max {
                t = board.next(t, d);
                if t == NO_CELL {
                    break;
                }
                steps += 1;
                let c = cur.v.get(t);
                if steps >= *min && to.accepts(board, p, t, c) {
                    if last {
                        push_with(cur.out, mv, t);
                    } else {
                        let mut m = mv;
                        m.push(t);
                        cur.v.put(t, piece);
                        cur.next(t, m);
                        cur.v.len = saved;
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
        if !compact || super::runs_together(out, cell) {
            out.push('/');
        }
        if game.symbol_in_placements {
            out.push(game.pieces[game.placed_piece(self.kind, me).index()].symbol);
        }
        out.push_str(cell);
    }
}

impl super::Primitive for Shoot {
    fn name(&self) -> &'static str {
        NAME
    }

    fn moves_piece(&self) -> bool {
        false
    }

    fn cells_recorded(&self) -> usize {
        1
    }

    fn targets<'c>(&self, rest: &'c [CellId]) -> (usize, &'c [CellId]) {
        let n = self.cells_recorded();
        (n, super::recorded(rest, n))
    }

    fn takes(&self) -> super::Takes<'_> {
        super::Takes::On(&self.to)
    }

    fn write(&self, w: &mut super::Writer) {
        // `d1-d7/g7`: the shot follows a slash (nothing, in the compact form).
        let cell = w.take();
        let name = w.name(cell);
        self.write(w.game, &mut w.out, name, w.compact, w.me);
    }

    fn reach_created(&self, w: &mut super::ReachWork, _: Player) {
        w.kind_anywhere(self.kind);
    }

    fn reach(
        &self,
        _: &mut super::ReachWork,
        _: (Player, PieceId),
        _: bool,
        at: &[CellId],
    ) -> Option<Vec<CellId>> {
        Some(at.to_vec())
    }

    fn symmetric(&self, c: &super::SymmetryCheck) -> bool {
        c.dirs(&self.dirs) && c.cond(&self.to) && c.cond(&self.through)
    }

    fn creates_pieces(&self) -> bool {
        true
    }

    fn census_classes(&self, _: &mut super::CensusClasses, _: &[KindId]) {}

    fn keeps_column(&self, c: &mut super::ColumnCheck) -> bool {
        self.kind != c.k
    }

    fn captures(&self, _: &Game, _: &State, _: &[CellId]) -> (usize, usize) {
        // Taken elsewhere than on a recorded landing, or nothing taken: not counted.
        (self.cells_recorded(), 0)
    }

    fn victims(
        &self,
        _: (&Game, &State),
        cells: &[CellId],
        k: usize,
        found: &mut dyn FnMut(CellId),
    ) -> usize {
        found(cells[k]);
        k + self.cells_recorded()
    }

    fn may_pass(&self) -> bool {
        false
    }

    fn null_move_sound(&self) -> bool {
        true
    }

    fn bound(&self, b: &mut super::MoveBound) -> Option<f64> {
        // Each cell is reached along at most one of the lines, so no more than the board.
        Some((b.dirs(&self.dirs) * f64::from(self.max)).min(b.cells))
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        self.gen(cur, focus, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        r.focus = super::place::exec_new_piece(
            r.game,
            sink,
            &r.mv.cells,
            &mut r.k,
            self.kind,
            r.p,
            false,
        );
    }
}
