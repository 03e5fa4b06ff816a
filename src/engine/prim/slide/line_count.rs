//! Counting the pieces on a line, for `slide(…, distance: pieces-on-line)` (Lines of
//! Action: a piece moves exactly as many cells as there are pieces on its line of movement).
//!
//! The lines are found once, when the game is assembled: for every cell and direction, the
//! whole line through the cell along the direction and its opposite, as bitset words. A
//! count is then a few masked popcounts of the occupied cells, with no walk and no
//! allocation per move.

use crate::engine::view::View;
use crate::engine::Rules;
use crate::engine::{Board, CellId, DirId, State, EMPTY, NO_CELL};

/// The lines through every cell, per direction, as masks over the board's bitset words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineCounts {
    /// The board's number of directions (the row length of `line_of`).
    ndirs: usize,
    /// `line_of[cell * ndirs + dir]`: the index of the line in `spans_of`.
    line_of: Vec<u32>,
    /// Per line, its range of `spans`.
    spans_of: Vec<(u32, u32)>,
    /// (word index, mask of the line's cells in that word), for every line in turn.
    spans: Vec<(u32, u64)>,
}

impl LineCounts {
    /// The lines of `board` along each direction that has an opposite (directions without
    /// one get the line from the cell forwards only; the compiler refuses them in a
    /// counted slide).
    pub fn build(board: &Board) -> LineCounts {
        let ncells = board.len();
        let ndirs = board.dirs.len();
        let mut out = LineCounts {
            ndirs,
            line_of: vec![0; ncells * ndirs],
            spans_of: Vec::new(),
            spans: Vec::new(),
        };
        let words = ncells.div_ceil(64);
        let mut mask = vec![0u64; words];
        let mut done = vec![false; ncells];
        for d in DirId::upto(ndirs) {
            let back = board.dirs[d.index()].opposite;
            // A direction and its opposite run along the same lines: the second shares the
            // first's, so a move generator can count each line once per piece.
            if let Some(od) =
                back.filter(|&od| od < d && board.dirs[od.index()].opposite == Some(d))
            {
                for c in 0..ncells {
                    out.line_of[c * ndirs + d.index()] = out.line_of[c * ndirs + od.index()];
                }
                continue;
            }
            done.iter_mut().for_each(|x| *x = false);
            for c in CellId::upto(ncells) {
                if done[c.index()] {
                    continue;
                }
                mask.iter_mut().for_each(|m| *m = 0);
                mark_ray(board, c, Some(d), &mut mask);
                mark_ray(board, c, back, &mut mask);
                mask[c.index() / 64] |= 1 << (c.index() % 64);
                let line = out.spans_of.len() as u32;
                let start = out.spans.len() as u32;
                for (w, &m) in mask.iter().enumerate() {
                    if m != 0 {
                        out.spans.push((w as u32, m));
                    }
                }
                out.spans_of.push((start, out.spans.len() as u32));
                // Every cell of a two-way line has that same line; a one-way direction (a
                // graph's link without a way back) gives each cell its own.
                let cells: Vec<CellId> = match back {
                    Some(_) => CellId::upto(ncells)
                        .filter(|&x| mask[x.index() / 64] >> (x.index() % 64) & 1 == 1)
                        .collect(),
                    None => vec![c],
                };
                for x in cells {
                    if back.is_some() && !same_line(board, x, d, back, &mask) {
                        continue;
                    }
                    done[x.index()] = true;
                    out.line_of[x.index() * ndirs + d.index()] = line;
                }
            }
        }
        out
    }

    /// The line through `cell` along `d` (the same for `d` and its opposite).
    #[inline(always)]
    pub fn line(&self, cell: CellId, d: DirId) -> u32 {
        self.line_of[cell.index() * self.ndirs + d.index()]
    }

    /// How many pieces stand on the line through `cell` along `d` (both ways, `cell`
    /// itself included) in `s`.
    #[inline(always)]
    pub fn count(&self, s: &State, cell: CellId, d: DirId) -> u16 {
        self.count_line(s, self.line(cell, d))
    }

    /// How many pieces stand on `line` in `s`.
    #[inline(always)]
    pub fn count_line(&self, s: &State, line: u32) -> u16 {
        let (a, b) = self.spans_of[line as usize];
        let empty = s.cells_of(EMPTY);
        self.spans[a as usize..b as usize]
            .iter()
            .map(|&(w, m)| (m & !empty[w as usize]).count_ones() as u16)
            .sum()
    }
}

/// Whether the line through `x` along `d` and `back` is exactly `mask` (true on grids; a
/// graph's links may not line up).
fn same_line(board: &Board, x: CellId, d: DirId, back: Option<DirId>, mask: &[u64]) -> bool {
    let mut own = vec![0u64; mask.len()];
    mark_ray(board, x, Some(d), &mut own);
    mark_ray(board, x, back, &mut own);
    own[x.index() / 64] |= 1 << (x.index() % 64);
    own == mask
}

/// Sets the bits of the cells from `c` (exclusive) along `d` to the board's edge.
fn mark_ray(board: &Board, mut c: CellId, d: Option<DirId>, mask: &mut [u64]) {
    let Some(d) = d else { return };
    let start = c;
    loop {
        c = board.next(c, d);
        // A direction that wraps round (a graph's cycle) stops where it began.
        if c == NO_CELL || c == start || mask[c.index() / 64] >> (c.index() % 64) & 1 == 1 {
            return;
        }
        mask[c.index() / 64] |= 1 << (c.index() % 64);
    }
}

impl Rules {
    /// The pieces on the line through `cell` along `d`, as a move part-way through sees the
    /// board (`v`): walked cell by cell, since earlier parts may have changed the board.
    pub(super) fn pieces_on_line_in(&self, v: &View, cell: CellId, d: DirId) -> u16 {
        let mut n = u16::from(v.get(cell) != EMPTY);
        let back = self.board.dirs[d.index()].opposite;
        for dir in [Some(d), back].into_iter().flatten() {
            let mut c = cell;
            // At most one lap: a graph's direction may go round a cycle.
            for _ in 0..self.board.len() {
                c = self.board.next(c, dir);
                if c == NO_CELL || c == cell {
                    break;
                }
                n += u16::from(v.get(c) != EMPTY);
            }
        }
        n
    }
}
