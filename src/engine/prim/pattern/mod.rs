//! Captures and conversions decided by a pattern around the cell a piece lands on (or the
//! cell it left): `custodian` (a run of enemies closed by a hostile cell), `surround` (a
//! piece enclosed on every listed side), `approach` and `withdraw` (the line ahead of the
//! landing cell or behind the starting cell) and `convert-around` (every enemy next to the
//! landing cell turns). One [`Part::Pattern`](crate::engine::Part::Pattern) wraps them: they
//! share a form (chosen by nobody, they record no cell and write nothing but a mark for
//! approach and withdraw; they end a move), and each has its own module.
//!
//! Generation asks [`Pattern::holds`] whether the move may go on (approach and withdraw
//! must take something, `convert-around` may ask for a neighbour); the pieces taken or
//! turned are worked out when the move is made ([`Pattern::exec`]). The compile-side
//! builders are `src/compile/prim/pattern/`.

pub mod approach;
pub mod convert_around;
pub mod custodian;
pub mod surround;

use crate::engine::sink::CellSink;
use crate::engine::{
    ByPlayer, CellCond, CellId, DirId, Game, KindId, Move, PieceId, Player, State, EMPTY, NO_CELL,
};

/// A compiled pattern capture or conversion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// `custodian(…)`: see [`custodian`].
    Custodian(custodian::Custodian),
    /// `surround(…)`: see [`surround`].
    Surround(surround::Surround),
    /// `approach(…)` or `withdraw(…)`: see [`approach`].
    Line(approach::LineCapture),
    /// `convert-around(…)`: see [`convert_around`].
    ConvertAround(convert_around::ConvertAround),
}

impl Pattern {
    /// The registry name of the primitive.
    pub fn name(&self) -> &'static str {
        match self {
            Pattern::Custodian(_) => custodian::NAME,
            Pattern::Surround(_) => surround::NAME,
            Pattern::Line(x) => x.name(),
            Pattern::ConvertAround(_) => convert_around::NAME,
        }
    }

    /// The directions it looks along, per player.
    pub fn dirs(&self) -> &ByPlayer<Vec<DirId>> {
        match self {
            Pattern::Custodian(x) => &x.dirs,
            Pattern::Surround(x) => &x.dirs,
            Pattern::Line(x) => &x.dirs,
            Pattern::ConvertAround(x) => &x.dirs,
        }
    }

    /// The cell conditions it tests (for the symmetry check).
    pub fn conds(&self) -> Vec<&CellCond> {
        match self {
            Pattern::Custodian(x) => vec![&x.capture, &x.against],
            Pattern::Surround(x) => vec![&x.capture, &x.against],
            Pattern::Line(x) => vec![&x.capture],
            Pattern::ConvertAround(x) => {
                std::iter::once(&x.what).chain(x.next_to.as_ref()).collect()
            }
        }
    }

    /// Whether it turns pieces to the mover's side (rather than taking them off).
    pub fn converts(&self) -> bool {
        matches!(self, Pattern::ConvertAround(_))
    }

    /// Whether it needs the cell the moving piece started from (approach and withdraw).
    pub fn needs_origin(&self) -> bool {
        matches!(self, Pattern::Line(_))
    }

    /// Generation: whether the move may go on, on the board `get` reads, the piece having
    /// gone from `origin` (approach and withdraw only) to `focus`.
    #[inline(always)]
    pub(crate) fn holds(
        &self,
        game: &Game,
        get: impl Fn(CellId) -> PieceId + Copy,
        origin: CellId,
        focus: CellId,
        p: Player,
    ) -> bool {
        match self {
            Pattern::Custodian(_) | Pattern::Surround(_) => true,
            Pattern::Line(x) => x.first(game, get, origin, focus, p) != NO_CELL,
            Pattern::ConvertAround(x) => x.holds(game, get, focus, p),
        }
    }

    /// Execution: takes off (or turns) what the pattern catches around `focus`; `origin` is
    /// the moving piece's starting cell.
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(
        &self,
        game: &Game,
        sink: &mut S,
        origin: CellId,
        focus: CellId,
        p: Player,
    ) {
        match self {
            Pattern::Custodian(x) => x.exec(game, sink, focus, p),
            Pattern::Surround(x) => x.exec(game, sink, focus, p),
            Pattern::Line(x) => x.exec(game, sink, origin, focus, p),
            Pattern::ConvertAround(x) => x.exec(game, sink, focus, p),
        }
    }

    /// Notation: approach and withdraw mark the move (`A`, `W`), so a move that could do
    /// either is written two ways; the others write nothing.
    pub(crate) fn write(&self, out: &mut String) {
        if let Pattern::Line(x) = self {
            out.push(x.mark());
        }
    }
}

/// Takes `n` cells off the board from `from` on along `d`.
#[inline(always)]
fn clear_run<S: CellSink>(game: &Game, sink: &mut S, from: CellId, d: DirId, n: u32) {
    let mut c = from;
    for _ in 0..n {
        sink.set(c, EMPTY);
        c = game.board.next(c, d);
    }
}

impl super::Primitive for Pattern {
    fn name(&self) -> &'static str {
        Pattern::name(self)
    }

    fn moves_piece(&self) -> bool {
        false
    }

    fn cells_recorded(&self) -> usize {
        0
    }

    fn targets<'c>(&self, rest: &'c [CellId]) -> (usize, &'c [CellId]) {
        let n = self.cells_recorded();
        (n, super::recorded(rest, n))
    }

    fn takes(&self) -> super::Takes<'_> {
        super::Takes::Nothing
    }

    fn write(&self, w: &mut super::Writer) {
        Pattern::write(self, &mut w.out);
    }

    fn reach_created(&self, w: &mut super::ReachWork, p: Player) {
        if self.converts() {
            w.all_of_anywhere(p);
        }
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
        c.dirs(self.dirs()) && self.conds().into_iter().all(|x| c.cond(x))
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, c: &mut super::CensusClasses, _: &[KindId]) {
        // Pattern captures take pieces off; `convert-around` turns them over.
        c.owners_change |= self.converts();
    }

    fn keeps_column(&self, _: &mut super::ColumnCheck) -> bool {
        true
    }

    fn captures(&self, _: &Game, _: &State, _: &[CellId]) -> (usize, usize) {
        // Taken elsewhere than on a recorded landing, or nothing taken: not counted.
        (self.cells_recorded(), 0)
    }

    fn victims(
        &self,
        _: (&Game, &State),
        _: &[CellId],
        k: usize,
        _: &mut dyn FnMut(CellId),
    ) -> usize {
        // It records no cell an enemy piece stood on before the move.
        k + self.cells_recorded()
    }

    fn may_pass(&self) -> bool {
        false
    }

    fn null_move_sound(&self) -> bool {
        true
    }

    fn bound(&self, _: &mut super::MoveBound) -> Option<f64> {
        Some(1.0)
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        // Approach and withdraw must take something; the captures are made by `make`.
        if self.holds(cur.game, |c| cur.v.get(c), mv.cells[0], focus, cur.p) {
            cur.next(focus, mv);
        }
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        self.exec(r.game, sink, r.mv.cells[0], r.focus, r.p);
    }
}
