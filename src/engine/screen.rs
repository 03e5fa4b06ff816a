//! Slides over screens: `slide(orthogonal, screens: 1, to: enemy)`, the xiangqi cannon's
//! capture.
//!
//! A slide with `screens: n` passes exactly n cells that its `through` condition does not
//! accept (the screens: pieces of either side, with the default `through: empty`). It may
//! not stop before the n-th screen; beyond it, it goes on through cells `through` accepts,
//! stopping on any that `to` accepts, and the next cell `through` does not accept ends it
//! (the slide lands there if `to` accepts it). `min` and `max` count every cell, screens
//! included.

use super::{Board, CellCond, CellId, DirId, PieceId, Player, EMPTY, NO_CELL};

/// A slide's conditions and bounds, as the walk reads them.
#[derive(Clone, Copy, Debug)]
pub struct Screened<'a> {
    /// What the cells slid through may hold (anything else is a screen).
    pub through: &'a CellCond,
    /// What a landing cell may hold.
    pub to: &'a CellCond,
    /// How many screens are passed before landing.
    pub screens: u16,
    /// The fewest cells moved.
    pub min: u16,
    /// The most cells moved.
    pub max: u16,
}

/// The landing cells of one screened slide along one direction, found one at a time.
#[derive(Clone, Copy, Debug)]
pub struct ScreenWalk {
    at: CellId,
    dir: DirId,
    steps: u16,
    seen: u16,
    done: bool,
}

impl ScreenWalk {
    /// A walk from `origin` along `dir`.
    #[inline]
    pub fn new(origin: CellId, dir: DirId) -> ScreenWalk {
        ScreenWalk {
            at: origin,
            dir,
            steps: 0,
            seen: 0,
            done: false,
        }
    }

    /// The next landing cell for player `p`, reading cells through `get`; `None` when the
    /// walk is over.
    #[inline]
    pub fn next_landing(
        &mut self,
        board: &Board,
        p: Player,
        slide: &Screened,
        get: impl Fn(CellId) -> PieceId,
    ) -> Option<CellId> {
        while !self.done {
            self.at = board.next(self.at, self.dir);
            self.steps += 1;
            if self.at == NO_CELL || self.steps > slide.max {
                self.done = true;
                return None;
            }
            let x = get(self.at);
            let passes = slide.through.accepts(board, p, self.at, x);
            if self.seen < slide.screens {
                if !passes {
                    self.seen += 1;
                }
                continue;
            }
            if !passes {
                self.done = true;
            }
            if self.steps >= slide.min && slide.to.accepts(board, p, self.at, x) {
                return Some(self.at);
            }
        }
        None
    }
}

/// Whether `attacker`, sliding over exactly `screens` pieces through empty cells, reaches
/// `cell` looking back from it along `back` (from `min` to `max` cells away). Returns the
/// attacker's cell when it does, for a `from:` test.
#[inline]
pub fn screened_attacker(
    board: &Board,
    cell: CellId,
    back: DirId,
    attacker: PieceId,
    (screens, min, max): (u16, u16, u16),
    get: impl Fn(CellId) -> PieceId,
) -> Option<CellId> {
    let mut c = cell;
    let mut seen = 0;
    for k in 1..=max {
        c = board.next(c, back);
        if c == NO_CELL {
            return None;
        }
        let x = get(c);
        if x == EMPTY {
            continue;
        }
        if seen < screens {
            seen += 1;
            continue;
        }
        return (x == attacker && k >= min).then_some(c);
    }
    None
}

/// The cells on the lines along which a slide over screens could attack a royal piece. A
/// plain move leaving or landing on one of them may add or take away a screen, so it is
/// tested; other plain moves cannot change such an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ScreenLines {
    /// No slide over screens attacks the piece.
    None,
    /// The cells, on a board of at most 256 cells.
    Mask([u64; 4]),
    /// Every cell counts (a larger board).
    All,
}

impl ScreenLines {
    /// Adds `cell`.
    pub(crate) fn insert(&mut self, cell: CellId) {
        let c = cell.index();
        if c >= 256 {
            *self = ScreenLines::All;
            return;
        }
        match self {
            ScreenLines::None => {
                let mut m = [0; 4];
                m[c / 64] |= 1 << (c % 64);
                *self = ScreenLines::Mask(m);
            }
            ScreenLines::Mask(m) => m[c / 64] |= 1 << (c % 64),
            ScreenLines::All => {}
        }
    }

    /// Whether `cell` lies on one of the lines.
    #[inline(always)]
    pub(crate) fn has(&self, cell: CellId) -> bool {
        let c = cell.index();
        match self {
            ScreenLines::None => false,
            ScreenLines::Mask(m) => c < 256 && m[c / 64] >> (c % 64) & 1 == 1,
            ScreenLines::All => true,
        }
    }
}
