//! The symmetries of a compiled game, found from its geometry and rules: permutations of the
//! cells (with a matching permutation of the directions) that map every rule onto itself, so
//! two positions that are images of each other have the same value. The solver merges them.
//!
//! Candidates come from the plane: each rotation by a multiple of 30° about the cells'
//! centroid, with or without a reflection, that maps every cell centre onto a cell centre
//! (the 8 of a square, the 12 of a regular hexagon, fewer on a rectangle or a rhombus). A
//! candidate is kept when the direction table is preserved (each direction maps onto one
//! direction for every cell, edges included), and every rule, ending and zone the rules read
//! is mapped onto itself. The check is conservative: anything it does not understand (dice,
//! tracks, stacks, castling and en-passant flags, repetition tests, `forbid`) keeps only the
//! identity. Colour-swapping symmetries are not looked for.

use crate::engine::PieceId;
use std::collections::HashMap;

use super::{
    ByPlayer, CellCond, CellId, DirId, EndCond, EndRule, Game, PartCond, Rule, State, ZoneId,
    NO_CELL,
};

/// One symmetry: cell `c` maps to `cells[c]`, direction `d` to `dirs[d]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// The image of each cell.
    pub cells: Vec<CellId>,
    /// The image of each direction.
    pub dirs: Vec<DirId>,
}

impl Symmetry {
    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        self.cells.iter().enumerate().all(|(i, &c)| c.index() == i)
    }

    /// Whether the board of `state` is mapped onto itself.
    pub fn fixes(&self, state: &State) -> bool {
        let b = state.board();
        self.cells
            .iter()
            .enumerate()
            .all(|(c, &to)| b[c] == b[to.index()])
    }
}

/// The game's symmetries (see the module docs), the identity first.
pub fn symmetries(game: &Game) -> Vec<Symmetry> {
    let board = game.board();
    let identity = Symmetry {
        cells: CellId::upto(board.len()).collect(),
        dirs: DirId::upto(board.dirs.len()).collect(),
    };
    let mut out = vec![identity];
    if !simple_state(game) {
        return out;
    }
    for cand in plane_candidates(game) {
        let Some(dirs) = direction_map(game, &cand) else {
            continue;
        };
        let sym = Symmetry { cells: cand, dirs };
        if !out.contains(&sym) && RuleCheck::new(game, &sym).game_ok() {
            out.push(sym);
        }
    }
    out
}

/// Whether the position is only the board, the side to move and cell-free counts (the
/// symmetries move the board; flags kept per cell would need moving too).
fn simple_state(game: &Game) -> bool {
    game.dice().is_none()
        && game.tracks().is_empty()
        && !game.tracks_unmoved()
        && game.forbids().is_empty()
        && game.board().stack_cap.iter().all(|&c| c == 0)
        && !game.rules().iter().any(|r| r.passable)
}

/// Cell permutations from the plane's rotations and reflections about the centroid.
fn plane_candidates(game: &Game) -> Vec<Vec<CellId>> {
    let points = game.cell_points();
    let n = points.len() as f64;
    if points.is_empty() {
        return Vec::new();
    }
    let cx = points.iter().map(|p| p.x).sum::<f64>() / n;
    let cy = points.iter().map(|p| p.y).sum::<f64>() / n;
    // Coordinates rounded to a thousandth of a cell, to find a cell by its centre.
    let key = |x: f64, y: f64| ((x * 1000.0).round() as i64, (y * 1000.0).round() as i64);
    let at: HashMap<(i64, i64), CellId> = points
        .iter()
        .enumerate()
        .map(|(i, p)| (key(p.x - cx, p.y - cy), CellId::from_index(i)))
        .collect();
    let mut out = Vec::new();
    for reflect in [false, true] {
        for k in 0..12 {
            let a = f64::from(k) * std::f64::consts::PI / 6.0;
            let (sin, cos) = a.sin_cos();
            let image: Option<Vec<CellId>> = points
                .iter()
                .map(|p| {
                    let (x, y) = (p.x - cx, p.y - cy);
                    let x = if reflect { -x } else { x };
                    at.get(&key(x * cos - y * sin, x * sin + y * cos)).copied()
                })
                .collect();
            if let Some(cells) = image {
                if !out.contains(&cells) {
                    out.push(cells);
                }
            }
        }
    }
    out
}

/// The direction permutation matching a cell permutation: `d` maps to `d'` when for every
/// cell `c`, the image of `c`'s neighbour along `d` is the neighbour of `c`'s image along
/// `d'` (leaving the board on both sides counts as equal). `None` when some direction has
/// no such image, or two share one.
fn direction_map(game: &Game, cells: &[CellId]) -> Option<Vec<DirId>> {
    let board = game.board();
    let nd = board.dirs.len();
    let img = |c: CellId| {
        if c == NO_CELL {
            NO_CELL
        } else {
            cells[c.index()]
        }
    };
    let mut dirs = Vec::with_capacity(nd);
    for d in DirId::upto(nd) {
        let to = DirId::upto(nd).find(|&e| {
            CellId::upto(board.len()).all(|c| img(board.next(c, d)) == board.next(img(c), e))
        })?;
        if dirs.contains(&to) {
            return None;
        }
        dirs.push(to);
    }
    Some(dirs)
}

/// Whether the rules read the same after a symmetry.
pub(crate) struct RuleCheck<'a> {
    game: &'a Game,
    sym: &'a Symmetry,
    /// The zone each zone maps onto (the same cells for every player), if any.
    zone_image: Vec<Option<ZoneId>>,
}

impl<'a> RuleCheck<'a> {
    fn new(game: &'a Game, sym: &'a Symmetry) -> RuleCheck<'a> {
        let zones = &game.board().zones;
        let mapped = |z: usize| -> Vec<Vec<u64>> {
            zones[z]
                .cells
                .0
                .iter()
                .map(|bits| {
                    let mut out = vec![0u64; bits.len()];
                    for (c, &to) in sym.cells.iter().enumerate() {
                        if bits[c / 64] >> (c % 64) & 1 == 1 {
                            out[to.index() / 64] |= 1 << (to.index() % 64);
                        }
                    }
                    out
                })
                .collect()
        };
        let zone_image = (0..zones.len())
            .map(|z| {
                let m = mapped(z);
                (0..zones.len())
                    .find(|&y| zones[y].cells.0 == m)
                    .map(ZoneId::from_index)
            })
            .collect();
        RuleCheck {
            game,
            sym,
            zone_image,
        }
    }

    fn game_ok(&self) -> bool {
        self.game.rules().iter().all(|r| self.rule(r))
            && self.game.ends().iter().all(|e| self.end_rule(e))
            && self.game.again().iter().all(|e| self.end_rule(e))
    }

    /// Whether zone `z` maps onto itself.
    pub(crate) fn zone(&self, z: ZoneId) -> bool {
        self.zone_image[z.index()] == Some(z)
    }

    /// The direction `d` maps onto.
    pub(crate) fn maps_dir(&self, d: DirId) -> DirId {
        self.sym.dirs[d.index()]
    }

    /// Whether the directions `ds` map onto themselves.
    pub(crate) fn dir_set(&self, ds: &[DirId]) -> bool {
        ds.iter().all(|&d| ds.contains(&self.sym.dirs[d.index()]))
    }

    /// Whether each player's directions `ds` map onto themselves.
    pub(crate) fn dirs(&self, ds: &ByPlayer<Vec<DirId>>) -> bool {
        ds.0.iter().all(|d| self.dir_set(d))
    }

    fn axes(&self, axes: &[(DirId, DirId)]) -> bool {
        let m = |d: DirId| self.sym.dirs[d.index()];
        axes.iter().all(|&(a, b)| {
            axes.iter()
                .any(|&(x, y)| (x, y) == (m(a), m(b)) || (y, x) == (m(a), m(b)))
        })
    }

    /// Whether the zone a cell condition tests maps onto itself.
    pub(crate) fn cond(&self, c: &CellCond) -> bool {
        c.zone.as_ref().is_none_or(|(z, _)| self.zone(*z))
    }

    fn rule(&self, r: &Rule) -> bool {
        r.from.as_ref().is_none_or(|c| self.cond(c)) && r.parts.iter().all(|p| p.symmetric(self))
    }

    /// Whether a move condition reads the same on the mapped board.
    pub(crate) fn part_cond(&self, c: &PartCond) -> bool {
        match c {
            PartCond::Line { axes, .. } => self.axes(axes),
            PartCond::Repetition(_) => false,
            PartCond::Not(x) => self.part_cond(x),
            PartCond::All(xs) | PartCond::Any(xs) => xs.iter().all(|x| self.part_cond(x)),
        }
    }

    fn end_rule(&self, e: &EndRule) -> bool {
        self.end(&e.cond)
    }

    fn end(&self, c: &EndCond) -> bool {
        match c {
            EndCond::Line { axes, .. } => self.axes(axes),
            EndCond::Connect { a, b, dirs, .. } => {
                let (ia, ib) = (self.zone_image[a.index()], self.zone_image[b.index()]);
                self.dir_set(dirs)
                    && ((ia == Some(*a) && ib == Some(*b)) || (ia == Some(*b) && ib == Some(*a)))
            }
            EndCond::Reach { zone, .. } => self.zone(*zone),
            EndCond::Score { dirs, .. } | EndCond::Connected { dirs, .. } => self.dir_set(dirs),
            // Judged from the moves' history since a position first stood.
            EndCond::PerpetualCheck => false,
            EndCond::OneColour { .. } => {
                // Cells keep their colour, or all swap colours (either way "all on one
                // colour" still reads the same).
                let cells = &self.game.board().cells;
                let colour = |c: usize| (cells[c].col + cells[c].row).rem_euclid(2);
                let same = |flip: i32| {
                    self.sym
                        .cells
                        .iter()
                        .enumerate()
                        .all(|(c, &to)| colour(to.index()) == (colour(c) + flip) % 2)
                };
                same(0) || same(1)
            }
            EndCond::All(xs) => xs.iter().all(|x| self.end(x)),
            EndCond::Not(x) => self.end(x),
            EndCond::Repetition(_) | EndCond::LastSownIn(_) => false,
            EndCond::NoPieces { .. }
            | EndCond::Captured { .. }
            | EndCond::PlyLimit(_)
            | EndCond::BorneOff(_)
            | EndCond::NobodyCanMove
            | EndCond::PiecesAtMost { .. }
            | EndCond::Most { .. }
            | EndCond::NoProgress(_)
            | EndCond::Passes(_)
            | EndCond::State(_) => true,
        }
    }
}

/// Hashes of a position's symmetric images, computed from its hash by XOR-ing in each
/// cell's key change, so the solver can key a position by the least of them.
#[derive(Clone, Debug)]
pub struct SymmetricHasher {
    pieces: usize,
    /// Per non-identity symmetry, `delta[c * pieces + p]`: the key of `p` on `c` XOR the key
    /// of `p` on the image of `c`.
    deltas: Vec<Vec<u64>>,
}

impl SymmetricHasher {
    /// A hasher for these symmetries (the identity among them is skipped).
    pub fn new(game: &Game, syms: &[Symmetry]) -> SymmetricHasher {
        let pieces = game.pieces().len();
        let z = game.zobrist();
        let deltas = syms
            .iter()
            .filter(|s| !s.is_identity())
            .map(|s| {
                let mut d = vec![0u64; s.cells.len() * pieces];
                for (c, &to) in s.cells.iter().enumerate() {
                    for p in 0..pieces {
                        d[c * pieces + p] = z.piece(CellId::from_index(c), PieceId::from_index(p))
                            ^ z.piece(to, PieceId::from_index(p));
                    }
                }
                d
            })
            .collect();
        SymmetricHasher { pieces, deltas }
    }

    /// The least hash among the position's images (its own hash with no symmetries).
    #[inline]
    pub fn canonical(&self, state: &State) -> u64 {
        let h = state.hash();
        let board = state.board();
        self.deltas
            .iter()
            .map(|d| {
                board
                    .iter()
                    .enumerate()
                    .fold(h, |acc, (c, &p)| acc ^ d[c * self.pieces + p.index()])
            })
            .fold(h, u64::min)
    }
}
