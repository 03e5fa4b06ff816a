//! `slide(directions…, to: not friend, through: empty, min: 1, max: no limit, passable: no,
//! screens: 0, distance: pieces-on-line)`: the piece rides along one of the directions,
//! through cells `through` accepts, and stops on a cell `to` accepts, from `min` to `max`
//! steps away (rook, bishop, queen). With `passable: yes` the last cell passed may be taken
//! en passant on the next move (a pawn's double step); with `screens: n` it passes exactly
//! n cells `through` does not accept before it may land (the xiangqi cannon; the walk is
//! [`crate::engine::ScreenWalk`] in `engine/screen.rs`, shared with the royal-attack
//! tables); with `distance: pieces-on-line` it goes exactly as many steps as there are
//! pieces on the whole line through the piece along the direction (Lines of Action; the
//! counts are [`line_count`], which no other primitive uses).
//!
//! A move records the landing, after the cell passed last when the slide is passable, and
//! is written like a step (`a1-a8`, `d1xd7`; [`super::step::Step::write`]). A rule that is
//! one slide whose conditions name no zone, without screens, perhaps followed by a
//! promotion, is generated from the piece's resolved tables ([`Game::gen_slide`], called from
//! `Game::gen_entry` in `movegen.rs`, the body of the generator's piece loop, where a counted
//! slide's line counts are read inline; see `engine/piece_moves.rs`) instead of part by part. The compile-side builder is
//! `src/compile/prim/slide.rs`.

pub mod line_count;

use super::step::Step;
use crate::engine::cursor::Cursor;
use crate::engine::sink::CellSink;
use crate::engine::view::Landing;
use crate::engine::Rules;
use crate::engine::{
    ByPlayer, CellCond, CellId, ContentSet, DirId, Game, KindId, Move, MoveList, PieceId, Player,
    ScreenWalk, Screened, State, EMPTY, NO_CELL,
};

/// The registry name.
pub const NAME: &str = "slide";

/// A compiled `slide` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slide {
    /// The directions, per player.
    pub dirs: ByPlayer<Vec<DirId>>,
    /// What a landing cell may hold.
    pub to: CellCond,
    /// What the cells slid through may hold.
    pub through: CellCond,
    /// The fewest steps.
    pub min: u16,
    /// The most steps.
    pub max: u16,
    /// The last cell passed over may be taken en passant on the next move; the move
    /// records it before the landing cell.
    pub passable: bool,
    /// How many cells `through` does not accept the slide passes before it may land
    /// (`screens: 1`, the cannon's capture; see `engine/screen.rs`).
    pub screens: u16,
    /// `distance: pieces-on-line`: the slide goes exactly as many steps as there are
    /// pieces on the whole line through the piece along the direction (both ways, the
    /// piece included); `min` and `max` are not used (see [`line_count::LineCounts`]).
    pub counted: bool,
}

impl Slide {
    /// Generation: each landing along each direction from `focus`, then the rest of the
    /// move from it.
    #[inline(always)]
    pub(in crate::engine) fn gen(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        let (game, p) = (cur.game, cur.p);
        let Self {
            dirs,
            to,
            through,
            min,
            max,
            passable,
            screens,
            counted,
        } = self;
        let board = &game.board;
        let piece = cur.v.get(focus);
        if *screens > 0 {
            let slide = Screened {
                through,
                to,
                screens: *screens,
                min: *min,
                max: *max,
            };
            for &d in &dirs[p] {
                let mut walk = ScreenWalk::new(focus, d);
                while let Some(t) = walk.next_landing(board, p, &slide, |c| cur.v.get(c)) {
                    cur.land(focus, t, piece, mv);
                }
            }
            return;
        }
        for &d in &dirs[p] {
            let (min, max) = if *counted {
                let n = game.pieces_on_line_in(cur.v, focus, d);
                (n, n)
            } else {
                (*min, *max)
            };
            let mut t = focus;
            let mut steps = 0;
            loop {
                let prev = t;
                t = board.next(t, d);
                if t == NO_CELL {
                    break;
                }
                steps += 1;
                if steps > max {
                    break;
                }
                let c = cur.v.get(t);
                if steps >= min && to.accepts(board, p, t, c) {
                    if *passable {
                        let mut m = mv;
                        m.push(prev);
                        cur.land(focus, t, piece, m);
                    } else {
                        cur.land(focus, t, piece, mv);
                    }
                }
                if !through.accepts(board, p, t, c) {
                    break;
                }
            }
        }
    }

    /// Execution: the piece on `focus` goes to the landing (`cells[*k]`, or `cells[*k + 1]`
    /// after the cell passed when passable); returns the landing.
    #[inline(always)]
    pub(crate) fn exec<S: CellSink>(
        &self,
        sink: &mut S,
        cells: &[CellId],
        k: &mut usize,
        focus: CellId,
    ) -> CellId {
        let to = if self.passable {
            let to = cells[*k + 1];
            *k += 2;
            to
        } else {
            let to = cells[*k];
            *k += 1;
            to
        };
        let piece = sink.get(focus);
        sink.set(focus, EMPTY);
        sink.set(to, piece);
        to
    }
}

impl Rules {
    /// The slide from `focus` along `d`, through cells holding what `through` accepts, onto
    /// cells holding what `to` accepts, from `min` to `max` steps away (a `passable` slide
    /// also records the cell it passed last): the generation of a piece whose rule is one
    /// plain slide (see `piece_moves.rs`).
    #[inline(always)]
    pub(in crate::engine) fn gen_slide(
        &self,
        cells: &[PieceId],
        (focus, d): (CellId, DirId),
        (min, max, passable): (u16, u16, bool),
        (to, through): (&ContentSet, &ContentSet),
        land: &Landing,
        out: &mut MoveList,
    ) {
        let mut t = focus;
        // A plain counter: an inclusive range keeps an extra flag in the loop.
        let mut steps = 0;
        while steps < max {
            steps += 1;
            let prev = t;
            t = self.board.next(t, d);
            if t == NO_CELL {
                break;
            }
            let c = cells[t.index()];
            if steps >= min && to.contains(c) {
                land.emit(passable.then_some(prev), t, out);
            }
            if !through.contains(c) {
                break;
            }
        }
    }
}

impl super::Primitive for Slide {
    fn name(&self) -> &'static str {
        NAME
    }

    fn moves_piece(&self) -> bool {
        true
    }

    fn cells_recorded(&self) -> usize {
        if self.passable {
            2
        } else {
            1
        }
    }

    fn targets<'c>(&self, rest: &'c [CellId]) -> (usize, &'c [CellId]) {
        let n = self.cells_recorded();
        let recorded = super::recorded(rest, n);
        // A passable slide records the cell it passed, then the landing.
        (
            n,
            if self.passable {
                recorded.get(1..).unwrap_or_default()
            } else {
                recorded
            },
        )
    }

    fn takes(&self) -> super::Takes<'_> {
        super::Takes::On(&self.to)
    }

    fn write(&self, w: &mut super::Writer) {
        // The landing, written like a step (the cell passed is not written).
        let t = w.mv.cells[w.k + usize::from(self.passable)];
        let name = w.name(t);
        Step::write(w.game, w.state, &mut w.out, w.moving, t, name, w.compact);
        w.k += self.cells_recorded();
    }

    fn reach_created(&self, _: &mut super::ReachWork, _: Player) {}

    fn reach(
        &self,
        w: &mut super::ReachWork,
        pq: (Player, PieceId),
        _: bool,
        at: &[CellId],
    ) -> Option<Vec<CellId>> {
        let Slide {
            dirs,
            to,
            through,
            min,
            max,
            screens,
            counted,
            passable,
        } = self;
        let (p, _) = pq;
        let (min, max) = if *counted {
            (1, u16::MAX)
        } else {
            (*min, *max)
        };
        let through = (*screens == 0).then_some(through);
        let mut next = Vec::new();
        for &c in at {
            for &d in &dirs[p] {
                w.slide((c, d), p, (min, max), Some(to), through, &mut next);
                if *passable {
                    // Every cell short of the farthest landing may be passed.
                    let mut passed = Vec::new();
                    w.slide(
                        (c, d),
                        p,
                        (1, max.saturating_sub(1)),
                        None,
                        through,
                        &mut passed,
                    );
                    for t in passed {
                        if !w.passed[p.index()][t.index()] {
                            w.passed[p.index()][t.index()] = true;
                            w.changed = true;
                        }
                    }
                }
            }
        }
        Some(next)
    }

    fn symmetric(&self, c: &super::SymmetryCheck) -> bool {
        c.dirs(&self.dirs) && c.cond(&self.to) && c.cond(&self.through)
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, _: &mut super::CensusClasses, _: &[KindId]) {}

    fn keeps_column(&self, c: &mut super::ColumnCheck) -> bool {
        !c.moves_k || c.same_column(&self.dirs)
    }

    fn captures(&self, game: &Game, s: &State, rest: &[CellId]) -> (usize, usize) {
        // The landing is the last cell the part records.
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
        // Each cell is reached along at most one of the lines, so no more than the board.
        Some((b.dirs(&self.dirs) * f64::from(self.max)).min(b.cells))
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        self.gen(cur, focus, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        r.focus = self.exec(sink, &r.mv.cells, &mut r.k, r.focus);
    }
}
