//! The bitboard form of a `line(n)` ending on a board of at most 64 cells.
//!
//! The general test walks, from each cell the last move changed, along both directions of
//! every axis while the cells hold the player's pieces: a chain of dependent loads per cell.
//! Here every window of `n` cells in a row through a cell is listed once, when compiling, as a
//! 64-bit mask (with, for `line(exactly: n)`, the mask of the one or two cells just beyond its
//! ends), so the test is "all of a window's cells are the player's, and none of its flanks":
//! two mask tests per window, on the union of the player's occupancy bitsets.
//!
//! A maximal run through a cell has length ≥ `n` exactly when some window of `n` cells through
//! that cell is full, and length exactly `n` when such a window has no piece of the player just
//! beyond either end (off the board counts as none); so both answers are the general test's.

use super::{
    Board, ByPlayer, CellId, ContentSet, DirId, DirShift, PieceId, Player, State, NO_CELL,
};

/// The windows of one `line` ending, per cell (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineWindows {
    /// Per player, the piece ids (empty included, if the ending names it) that count as theirs.
    ids: ByPlayer<Vec<PieceId>>,
    /// Per piece id, the players whose lines it counts in (bit `p`; players from 64 on are
    /// never set).
    counted_by: Vec<u64>,
    /// `windows[start[c] .. start[c + 1]]` are the windows through cell `c`.
    start: Vec<u32>,
    /// A window's cells, and the cells just beyond its ends (zero unless the line is exact).
    windows: Vec<(u64, u64)>,
    /// When the line is not exact and every axis moves each cell by one shift
    /// ([`DirShift`]): those shifts (the first `runs` of them), for the whole-board test of
    /// [`LineWindows::holds_in`].
    shifts: [DirShift; MAX_AXES],
    runs: u8,
    /// The line's length.
    n: u16,
}

/// The most axes the whole-board test handles (a square board's four lines).
const MAX_AXES: usize = 4;

impl LineWindows {
    /// The windows of `line(n)` (or `line(exactly: n)`) along `axes` on `board` (whose
    /// directions shift as `dir_shifts` says), counting the contents in `pieces` of ids below
    /// `npieces`; `None` when the board has more than 64 cells, or an axis meets a cell twice
    /// within a window's reach (a wrapping board), where the general test is used.
    pub fn build(
        board: &Board,
        dir_shifts: &[Option<DirShift>],
        n: u16,
        exact: bool,
        pieces: &ByPlayer<ContentSet>,
        axes: &[(DirId, DirId)],
        npieces: usize,
    ) -> Option<LineWindows> {
        let cells = board.len();
        if cells > 64 || n == 0 {
            return None;
        }
        let n = usize::from(n);
        let ids = ByPlayer(
            pieces
                .0
                .iter()
                .map(|set| {
                    PieceId::upto(npieces.min(256))
                        .filter(|&id| set.contains(id))
                        .collect::<Vec<_>>()
                })
                .collect(),
        );
        let mut counted_by = vec![0u64; npieces.min(256)];
        for (p, ids) in ids.0.iter().enumerate().take(64) {
            for &id in ids.iter() {
                counted_by[id.index()] |= 1 << p;
            }
        }
        let mut start = Vec::with_capacity(cells + 1);
        let mut windows = Vec::new();
        // The cells of one axis through a cell, in order: up to `n` behind it (the last as
        // a flank), the cell, up to `n` ahead.
        let mut row: Vec<CellId> = Vec::with_capacity(2 * n + 1);
        for c in CellId::upto(cells) {
            start.push(windows.len() as u32);
            for &(d, od) in axes {
                row.clear();
                let mut x = c;
                for _ in 0..n {
                    x = board.next(x, od);
                    if x == NO_CELL {
                        break;
                    }
                    row.push(x);
                }
                row.reverse();
                let at = row.len();
                row.push(c);
                let mut x = c;
                for _ in 0..n {
                    x = board.next(x, d);
                    if x == NO_CELL {
                        break;
                    }
                    row.push(x);
                }
                let mut seen = 0u64;
                for &x in &row {
                    if seen >> x.index() & 1 == 1 {
                        return None;
                    }
                    seen |= 1 << x.index();
                }
                // Windows row[i .. i + n] holding index `at`.
                for i in at.saturating_sub(n - 1)..=at {
                    if i + n > row.len() {
                        break;
                    }
                    let mask = row[i..i + n].iter().fold(0u64, |m, &x| m | 1 << x.index());
                    let mut flanks = 0u64;
                    if exact {
                        if i > 0 {
                            flanks |= 1 << row[i - 1].index();
                        }
                        if let Some(&x) = row.get(i + n) {
                            flanks |= 1 << x.index();
                        }
                    }
                    windows.push((mask, flanks));
                }
            }
        }
        start.push(windows.len() as u32);
        let mut shifts = [DirShift::NONE; MAX_AXES];
        let every_axis_shifts = !exact
            && axes.len() <= MAX_AXES
            && axes.iter().zip(&mut shifts).all(|(&(d, _), slot)| {
                dir_shifts
                    .get(d.index())
                    .copied()
                    .flatten()
                    .map(|f| *slot = f)
                    .is_some()
            });
        let runs = if every_axis_shifts {
            axes.len() as u8
        } else {
            0
        };
        Some(LineWindows {
            ids,
            counted_by,
            start,
            windows,
            shifts,
            runs,
            n: n as u16,
        })
    }

    /// Whether one of `changed` (cells of `s`) lies in a line of `p`'s pieces of the
    /// ending's length.
    #[inline]
    pub fn holds(&self, s: &State, p: Player, changed: impl Iterator<Item = CellId>) -> bool {
        let mine = self.mine(s, p);
        changed
            .into_iter()
            .any(|c| mine >> c.index() & 1 == 1 && self.full_window_at(mine, c.index()))
    }

    /// The players whose lines count `piece` (bit `p`, for players below 64).
    #[inline(always)]
    pub fn counted_by(&self, piece: PieceId) -> u64 {
        self.counted_by.get(piece.index()).copied().unwrap_or(0)
    }

    /// Whether a window through cell `c`, which holds a piece counted for `p`, is full of
    /// `p`'s pieces (and, for an exact line, has none of them just beyond).
    #[inline(always)]
    pub fn full_through(&self, s: &State, p: Player, c: usize) -> bool {
        self.full_window_at(self.mine(s, p), c)
    }

    /// [`LineWindows::holds`] with the changed cells as a bitset.
    #[inline]
    pub fn holds_in(&self, s: &State, p: Player, changed: u64) -> bool {
        let mine = self.mine(s, p);
        if self.runs > 0 {
            return changed & mine != 0 && self.run_through(mine, changed);
        }
        let mut at = changed & mine;
        while at != 0 {
            if self.full_window_at(mine, at.trailing_zeros() as usize) {
                return true;
            }
            at &= at - 1;
        }
        false
    }

    /// Whether `n` cells of `mine` in a row along an axis pass through a cell of `changed`,
    /// by shifting whole boards: along an axis whose shift `f` brings each cell's neighbour
    /// onto it, the cells that start a run of `n` are `mine & f(mine) & … & f^(n-1)(mine)`,
    /// and a run through a changed cell starts on `changed | f(changed) | … |
    /// f^(n-1)(changed)`. About a dozen word operations per axis, with no branch per
    /// window, where the windows through a cell were a dozen dependent tests.
    #[inline(always)]
    fn run_through(&self, mine: u64, changed: u64) -> bool {
        self.shifts[..usize::from(self.runs)].iter().any(|&f| {
            let (mut run, mut starts, mut near, mut reach) = (mine, mine, changed, changed);
            for _ in 1..self.n {
                run = f.from_next(run);
                starts &= run;
                near = f.from_next(near);
                reach |= near;
            }
            starts & reach != 0
        })
    }

    /// The cells holding `p`'s pieces that count (at most 64 cells: one word per piece id).
    #[inline(always)]
    fn mine(&self, s: &State, p: Player) -> u64 {
        self.ids[p]
            .iter()
            .fold(0u64, |m, &id| m | s.bits[id.index()])
    }

    /// Whether a window through cell `c` is all `mine`, with no flank of `mine`.
    #[inline(always)]
    fn full_window_at(&self, mine: u64, c: usize) -> bool {
        let (a, b) = (self.start[c], self.start[c + 1]);
        self.windows[a as usize..b as usize]
            .iter()
            .any(|&(w, f)| mine & w == w && mine & f == 0)
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{EndCond, Game, MoveList, Player, State};

    /// The `line` endings of `cond` that have windows, nested ones included.
    fn lines<'a>(cond: &'a EndCond, out: &mut Vec<&'a EndCond>) {
        match cond {
            EndCond::Line {
                windows: Some(_), ..
            } => out.push(cond),
            EndCond::All(cs) => cs.iter().for_each(|c| lines(c, out)),
            EndCond::Not(c) => lines(c, out),
            _ => {}
        }
    }

    /// Compares both tests after the last move of `s`, for every player; counts the
    /// positions where the line holds.
    fn compare(game: &Game, s: &State, log_from: usize, held: &mut usize, name: &str) {
        let mut conds = Vec::new();
        game.ends.iter().for_each(|e| lines(&e.cond, &mut conds));
        for cond in conds {
            let EndCond::Line {
                n,
                exact,
                pieces,
                axes,
                windows: Some(w),
            } = cond
            else {
                unreachable!("only lines with windows are collected")
            };
            for q in 0..game.num_players() {
                let p = Player(q as u8);
                let fast = w.holds(s, p, s.log[log_from..].iter().map(|c| c.cell));
                let line = crate::engine::ends::LineShape {
                    n: *n,
                    exact: *exact,
                    pieces,
                    axes,
                };
                let slow = game.line_walk(s, p, line, log_from);
                let changed = s.log[log_from..]
                    .iter()
                    .fold(0u64, |m, c| m | 1 << c.cell.index());
                assert_eq!(
                    w.holds_in(s, p, changed),
                    slow,
                    "{name}: line({n}, exact {exact}) for player {q}, by whole boards"
                );
                assert_eq!(
                    fast, slow,
                    "{name}: line({n}, exact {exact}) for player {q}"
                );
                // A move that changed one cell: the test through that cell alone, as the
                // quick endings ask it.
                if let [one] = &s.log[log_from..] {
                    let c = one.cell.index();
                    let counted = w.counted_by(s.board[c]) >> q & 1 == 1;
                    assert_eq!(
                        counted && w.full_through(s, p, c),
                        slow,
                        "{name}: through {c} for {q}"
                    );
                }
                *held += usize::from(fast);
            }
        }
    }

    /// Along seeded random games (played on past a decided result, until the board is full,
    /// so positions with several lines, and lines longer than `n`, are met), the windows
    /// answer what the walk along the board answers, for every shipped game whose `line`
    /// ending has windows, and for gomoku (`line(exactly: 5)`) and connect6 (`line(6)`) on
    /// boards small enough to have them.
    #[test]
    fn windows_agree_with_the_walk() {
        let mut rng = SmallRng::seed_from_u64(20);
        let mut games = crate::engine::test_games::shipped();
        for (name, size) in [("gomoku", "8"), ("connect6", "7"), ("gomoku", "6")] {
            let g = crate::load_shipped(name, &[("size".into(), size.into())])
                .expect("a shipped game compiles at a small size");
            games.push((format!("{name} {size}"), g));
        }
        let mut covered = Vec::new();
        let mut moves = MoveList::new();
        for (name, game) in &games {
            let mut conds = Vec::new();
            game.ends.iter().for_each(|e| lines(&e.cond, &mut conds));
            if conds.is_empty() {
                continue;
            }
            let mut held = 0;
            for _ in 0..30 {
                let mut s = game.start();
                for _ in 0..200 {
                    s.scalars.result = None;
                    game.legal_moves(&s, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let log_from = s.log.len();
                    game.make(&mut s, moves[rng.gen_range(0..moves.len())]);
                    compare(game, &s, log_from, &mut held, name);
                }
            }
            assert!(held > 0, "{name}: some line was made");
            covered.push(name.clone());
        }
        for want in [
            "tictactoe",
            "connect4",
            "gomoku 8",
            "connect6 7",
            "gomoku 6",
        ] {
            assert!(
                covered.iter().any(|c| c == want),
                "{want} has windows: {covered:?}"
            );
        }
        // Square boards test by shifting whole boards (so the comparison above covered that
        // form, not only the windows); gomoku's exact line keeps the windows.
        for (name, whole_boards) in [("tictactoe", true), ("connect4", true), ("gomoku 8", false)] {
            let (_, game) = games.iter().find(|(n, _)| n == name).expect("listed above");
            let mut conds = Vec::new();
            game.ends.iter().for_each(|e| lines(&e.cond, &mut conds));
            for cond in conds {
                let EndCond::Line {
                    windows: Some(w), ..
                } = cond
                else {
                    unreachable!("only lines with windows are collected")
                };
                assert_eq!(w.runs > 0, whole_boards, "{name}");
            }
        }
    }
}
