//! `step(directions…, to: not friend, via: condition)` and `leap(…)`, the same part: the
//! piece moves to the next cell along one of the directions, which `to` must accept. A
//! compound direction (`n + n + e`, a knight) is one column of the neighbour table, so a
//! leap is one lookup; with `via:` the cells it passes must meet a condition (the xiangqi
//! horse and elephant), tested by [`crate::engine::Via`] in `engine/via.rs`, which the
//! royal-attack tables (`legal.rs`) share.
//!
//! A move records the landing and is written origin, `-` (or `x` for a capture), landing:
//! `a2-a3`, `d4xe5` ([`Step::write`], the form `slide`, `swap`, `fly` and `advance` share).
//! A rule that is one step or leap without `via:` and without a zone in its conditions,
//! perhaps followed by a promotion, is generated from the piece's resolved tables
//! ([`Game::gen_steps`], see `engine/piece_moves.rs`) instead of part by part. The
//! compile-side builder is `src/compile/prim/step.rs`.

use super::runs_together;
use crate::engine::cursor::Cursor;
use crate::engine::reach_work::push_if;
use crate::engine::sink::CellSink;
use crate::engine::view::Landing;
use crate::engine::Rules;
use crate::engine::{
    ByPlayer, CellCond, CellId, ContentSet, DirId, Game, KindId, Move, MoveList, PieceId, Player,
    State, Via, BORNE_OFF, EMPTY, NO_CELL,
};

/// The registry name (`leap` compiles to the same part).
pub const NAME: &str = "step";

/// A compiled `step` or `leap` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The directions, per player.
    pub dirs: ByPlayer<Vec<DirId>>,
    /// What the landing cell may hold.
    pub to: CellCond,
    /// The cells the leap passes, which must be clear (`leap(n + ne, via: empty)`).
    pub via: Option<Box<Via>>,
}

impl Step {
    /// Generation: each landing along the directions from `focus` (the leap's way open),
    /// then the rest of the move from it.
    #[inline(always)]
    pub(in crate::engine) fn gen(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        let (game, p) = (cur.game, cur.p);
        let Self { dirs, to, via } = self;
        let board = &game.board;
        let piece = cur.v.get(focus);
        for (i, &d) in dirs[p].iter().enumerate() {
            let t = board.next(focus, d);
            if t != NO_CELL
                && to.accepts(board, p, t, cur.v.get(t))
                && via
                    .as_ref()
                    .is_none_or(|w| w.open(board, p, i, focus, |c| cur.v.get(c)))
            {
                cur.land(focus, t, piece, mv);
            }
        }
    }

    /// Execution: the piece on `focus` goes to `cells[*k]`; returns the landing.
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(
        sink: &mut S,
        cells: &[CellId],
        k: &mut usize,
        focus: CellId,
    ) -> CellId {
        let to = cells[*k];
        *k += 1;
        let piece = sink.get(focus);
        sink.set(focus, EMPTY);
        sink.set(to, piece);
        to
    }

    /// Notation, shared with the parts written like a step: `x` when `target` holds a piece
    /// of another owner than `moving` (never on a stack or off the board), `-` otherwise,
    /// then the landing's name `cell`; in the compact form the separator only where two
    /// numbers would run together.
    pub(crate) fn write(
        game: &Game,
        state: &State,
        out: &mut String,
        moving: PieceId,
        target: CellId,
        cell: &str,
        compact: bool,
    ) {
        if !compact || runs_together(out, cell) {
            let t = if target >= BORNE_OFF {
                EMPTY
            } else {
                state.at(target)
            };
            let t = if target < BORNE_OFF && game.board.stack_cap[target.index()] > 0 {
                EMPTY
            } else {
                t
            };
            let capture =
                t != EMPTY && game.owner(t).is_some_and(|o| Some(o) != game.owner(moving));
            out.push(if capture { 'x' } else { '-' });
        }
        out.push_str(cell);
    }
}

impl Rules {
    /// The steps or leaps from `focus` along `dirs` onto a cell holding what `to` accepts:
    /// the generation of a piece whose rule is one plain step (see `piece_moves.rs`).
    /// Inlined, like [`Game::gen_slide`] (a call per rule or line cost more than it saved),
    /// but with the move to complete in one [`Landing`], which leaves the loop fewer values
    /// to keep in registers.
    #[inline(always)]
    pub(in crate::engine) fn gen_steps(
        &self,
        cells: &[PieceId],
        dirs: &[DirId],
        focus: CellId,
        to: &ContentSet,
        land: &Landing,
        out: &mut MoveList,
    ) {
        for &d in dirs {
            let t = self.board.next(focus, d);
            if t != NO_CELL && to.contains(cells[t.index()]) {
                land.emit(None, t, out);
            }
        }
    }
}

impl super::Primitive for Step {
    fn name(&self) -> &'static str {
        NAME
    }

    fn moves_piece(&self) -> bool {
        true
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
        let t = w.take();
        let name = w.name(t);
        Step::write(w.game, w.state, &mut w.out, w.moving, t, name, w.compact);
    }

    fn reach_created(&self, _: &mut super::ReachWork, _: Player) {}

    fn reach(
        &self,
        w: &mut super::ReachWork,
        pq: (Player, PieceId),
        _: bool,
        at: &[CellId],
    ) -> Option<Vec<CellId>> {
        let ((p, _), game) = (pq, w.game);
        let mut next = Vec::new();
        for &c in at {
            for &d in &self.dirs[p] {
                push_if(&mut next, game.board.next(c, d), &self.to, game, p);
            }
        }
        Some(next)
    }

    fn symmetric(&self, c: &super::SymmetryCheck) -> bool {
        // The cells a blocked leap passes follow the terms of its sum: not analysed.
        self.via.is_none() && c.dirs(&self.dirs) && c.cond(&self.to)
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, _: &mut super::CensusClasses, _: &[KindId]) {}

    fn keeps_column(&self, c: &mut super::ColumnCheck) -> bool {
        !c.moves_k || c.same_column(&self.dirs)
    }

    fn captures(&self, game: &Game, s: &State, rest: &[CellId]) -> (usize, usize) {
        let n = self.cells_recorded();
        (n, super::taken_on(game, s, rest.get(n - 1)))
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
        Some(b.dirs(&self.dirs))
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        self.gen(cur, focus, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        r.focus = Step::exec(sink, &r.mv.cells, &mut r.k, r.focus);
    }
}
