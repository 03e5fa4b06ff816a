//! Go's move, `place(…) then remove-surrounded(…)`, on bitsets: the chains a placement
//! takes, the `forbid` rules' verdict on it, and its make, without a simulation or a walk
//! cell by cell.
//!
//! A rule that is one `place` (not from a reserve or hand) followed only by
//! `remove-surrounded` parts, on a board of at most [`MAX_CHAIN_CELLS`] cells, in a game
//! without dice, extra turns, castling flags or hands, is compiled when the game is
//! assembled into a [`PlaceCapture`] (kept per rule in `Game::place_captures`). Each
//! `remove-surrounded` part (and each `forbid surrounded` rule) gets, per cell, the bitset of
//! its neighbours along the part's directions. A chain is then grown from the occupancy
//! bitsets a cell at a time (its neighbours that hold a piece of the same side, not yet in
//! the chain), and it has a liberty as soon as one of its cells has an empty neighbour:
//! a few word operations per stone instead of a test per direction. The bitsets are arrays
//! of 1, 2, 4 or 8 words, the fewest that hold the board (chosen when compiling), so the
//! loops over words unroll.
//!
//! The same chains are taken as by the general path (`remove_surrounded` in `exec.rs`): the
//! parts one after the other, each judging the chains at the placed cell and next to it
//! and then removing those without a liberty together, in cell order (which chains go does
//! not depend on the order they are judged in). The refusal test
//! ([`Game::place_capture_refusal`]) works this out on the state's bitsets with the placed
//! stone and the captures laid over them, and the make ([`Game::make_place_capture`]) on
//! the state itself.

use super::legal::bits_iter;
use super::state::{Change, EnPassant};
use super::Rules;
use super::{
    ByPlayer, CellId, ContentSet, DirId, ForbidCond, Game, Move, Part, PieceId, Player, RepCells,
    State, EMPTY, NO_CELL, NO_ROLL,
};
use crate::engine::RuleId;

/// The most words of the fixed-size bitsets of this path.
const MAX_WORDS: usize = 8;

/// The largest board this path takes: a bitset of it fits in [`MAX_WORDS`] words (19 × 19
/// Go has 361 cells).
pub const MAX_CHAIN_CELLS: usize = MAX_WORDS * 64;

/// Per cell, its neighbours along one list of directions, as a bitset.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Adjacency {
    /// `masks[cell * n + w]`, `n` the plan's words.
    masks: Vec<u64>,
}

impl Adjacency {
    fn build(game: &Rules, dirs: &[DirId], n: usize) -> Adjacency {
        let mut masks = vec![0u64; game.board.len() * n];
        for c in CellId::upto(game.board.len()) {
            for &d in dirs {
                let x = game.board.next(c, d);
                if x != NO_CELL {
                    masks[c.index() * n + x.index() / 64] |= 1 << (x.index() % 64);
                }
            }
        }
        Adjacency { masks }
    }

    /// The neighbours of `c`.
    #[inline(always)]
    fn of<const N: usize>(&self, c: usize) -> &[u64; N] {
        self.masks[c * N..c * N + N]
            .try_into()
            .expect("the masks have N words a cell")
    }

    /// Whether `c` has a neighbour in `set`.
    #[inline(always)]
    fn touches<const N: usize>(&self, c: CellId, set: &[u64; N]) -> bool {
        let adj = self.of::<N>(c.index());
        (0..N).fold(0, |m, w| m | adj[w] & set[w]) != 0
    }

    /// The chain of `start` (cells of `same`, joined along the directions) if none of its
    /// cells has a neighbour in `empty`; `None` as soon as one has.
    #[inline]
    fn airless_chain<const N: usize>(
        &self,
        start: CellId,
        same: &[u64; N],
        empty: &[u64; N],
    ) -> Option<[u64; N]> {
        let mut chain = [0u64; N];
        chain[start.index() / 64] |= 1 << (start.index() % 64);
        let mut frontier = chain;
        loop {
            let Some(w0) = (0..N).find(|&w| frontier[w] != 0) else {
                return Some(chain);
            };
            let c = w0 * 64 + frontier[w0].trailing_zeros() as usize;
            frontier[w0] &= frontier[w0] - 1;
            let adj = self.of::<N>(c);
            let mut air = 0;
            for w in 0..N {
                air |= adj[w] & empty[w];
                let new = adj[w] & same[w] & !chain[w];
                chain[w] |= new;
                frontier[w] |= new;
            }
            if air != 0 {
                return None;
            }
        }
    }

    /// The chain of `start` (cells of `same`, joined along the directions) and its liberty,
    /// if its cells have exactly one neighbour in `empty` between them (the chain is in
    /// atari); `None` as soon as a second turns up, or when there is none.
    #[inline]
    fn chain_in_atari<const N: usize>(
        &self,
        start: CellId,
        same: &[u64; N],
        empty: &[u64; N],
    ) -> Option<([u64; N], CellId)> {
        let (chain, liberties) = self.chain_liberties(start, same, empty, 2);
        if count(&liberties) != 1 {
            return None;
        }
        let liberty = bits_iter(&liberties).next()?;
        Some((chain, liberty))
    }

    /// The chain of `start` (cells of `same`, joined along the directions) and its
    /// liberties (its cells' neighbours in `empty`), the flood stopping as soon as `limit`
    /// liberties are found (the chain is then not whole).
    /// [`Adjacency::airless_chain`]'s flood, stopping at the `limit`-th liberty instead of
    /// the first.
    #[inline]
    fn chain_liberties<const N: usize>(
        &self,
        start: CellId,
        same: &[u64; N],
        empty: &[u64; N],
        limit: u32,
    ) -> ([u64; N], [u64; N]) {
        let mut chain = [0u64; N];
        chain[start.index() / 64] |= 1 << (start.index() % 64);
        let mut frontier = chain;
        let mut liberties = [0u64; N];
        while let Some(w0) = (0..N).find(|&w| frontier[w] != 0) {
            let c = w0 * 64 + frontier[w0].trailing_zeros() as usize;
            frontier[w0] &= frontier[w0] - 1;
            let adj = self.of::<N>(c);
            for w in 0..N {
                liberties[w] |= adj[w] & empty[w];
                let new = adj[w] & same[w] & !chain[w];
                chain[w] |= new;
                frontier[w] |= new;
            }
            if count(&liberties) >= limit {
                break;
            }
        }
        (chain, liberties)
    }
}

/// How many cells a bitset holds.
#[inline(always)]
fn count<const N: usize>(set: &[u64; N]) -> u32 {
    set.iter().map(|w| w.count_ones()).sum()
}

/// One `remove-surrounded` part, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Capture {
    /// The pieces whose chains it takes, per player (empty cells never).
    takes: Vec<Vec<PieceId>>,
    adj: Adjacency,
}

/// A `place(…) then remove-surrounded(…)` rule, compiled; see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaceCapture {
    /// Words of its bitsets: 1, 2, 4 or 8, at least the board's.
    n: usize,
    /// The piece placed, per player.
    placed: Vec<PieceId>,
    captures: Vec<Capture>,
    /// Per piece id, the pieces that belong to its chains (those of the same owner; for a
    /// piece of nobody, itself).
    same: Vec<Vec<PieceId>>,
    /// Per `forbid` rule, its neighbour bitsets when it is `surrounded(…)`.
    forbid_adj: Vec<Option<(ByPlayer<ContentSet>, Adjacency)>>,
    /// Per cell, the other cells next to two or more of its neighbours along the first
    /// part's directions (its diagonal neighbours on a square board): the corners of an eye.
    corners: Adjacency,
    /// The most neighbours a cell has along the first part's directions.
    max_degree: u32,
}

impl PlaceCapture {
    /// The compiled form of each of `game`'s rules that has one, by rule index; empty when
    /// none has.
    pub fn for_rules(game: &Rules) -> Vec<Option<Box<PlaceCapture>>> {
        let plans: Vec<_> = (0..game.rules.len())
            .map(|r| PlaceCapture::build(game, r).map(Box::new))
            .collect();
        if plans.iter().all(Option::is_none) {
            return Vec::new();
        }
        plans
    }

    fn build(game: &Rules, r: usize) -> Option<PlaceCapture> {
        let rule = &game.rules[r];
        let [Part::Place(super::prim::place::Place {
            kind, hand: None, ..
        }), rest @ ..] = rule.parts.as_slice()
        else {
            return None;
        };
        let lean = game.dice.is_none()
            && game.again.is_empty()
            && !game.tracks_unmoved
            && game.hand_gain.is_empty()
            && !rule.swaps_sides
            && !rule.passable;
        if !lean
            || rest.is_empty()
            || game.board.len() > MAX_CHAIN_CELLS
            || game.reserve_kind == Some(*kind)
        {
            return None;
        }
        let n = game.board.len().div_ceil(64).max(1).next_power_of_two();
        let mut captures = Vec::new();
        for part in rest {
            let Part::RemoveSurrounded(x) = part else {
                return None;
            };
            let takes = (0..game.num_players())
                .map(|p| {
                    super::move_bits::pieces_where(game, |id| {
                        id != EMPTY && x.who[Player(p as u8)].contains(id)
                    })
                })
                .collect();
            captures.push(Capture {
                takes,
                adj: Adjacency::build(game, &x.dirs, n),
            });
        }
        let placed = (0..game.num_players())
            .map(|p| game.placed_piece(*kind, Player(p as u8)))
            .collect();
        let same = PieceId::upto(game.pieces.len())
            .map(|q| match game.owner(q) {
                _ if q == EMPTY => Vec::new(),
                Some(o) => super::move_bits::pieces_where(game, |id| game.owner(id) == Some(o)),
                None => vec![q],
            })
            .collect();
        let forbid_adj = game
            .forbids
            .iter()
            .map(|f| match &f.cond {
                ForbidCond::Surrounded { who, dirs } => {
                    Some((who.clone(), Adjacency::build(game, dirs, n)))
                }
                ForbidCond::Repetition(_) => None,
            })
            .collect();
        let (corners, max_degree) = Self::corners(game, &captures[0].adj, n);
        Some(PlaceCapture {
            n,
            placed,
            captures,
            same,
            forbid_adj,
            corners,
            max_degree,
        })
    }

    /// Per cell, the cells (not itself) next to at least two of its neighbours in `adj`;
    /// and the most neighbours a cell has.
    fn corners(game: &Rules, adj: &Adjacency, n: usize) -> (Adjacency, u32) {
        let cells = game.board.len();
        let neighbours = |c: usize| {
            let words = &adj.masks[c * n..c * n + n];
            (0..cells).filter(move |&x| words[x / 64] >> (x % 64) & 1 == 1)
        };
        let mut masks = vec![0u64; cells * n];
        let mut max_degree = 0;
        let mut seen = vec![0u8; cells];
        for c in 0..cells {
            seen.fill(0);
            let mut degree = 0;
            for y in neighbours(c) {
                degree += 1;
                for x in neighbours(y) {
                    seen[x] = seen[x].saturating_add(1);
                }
            }
            max_degree = max_degree.max(degree);
            for (x, &k) in seen.iter().enumerate() {
                if k >= 2 && x != c {
                    masks[c * n + x / 64] |= 1 << (x % 64);
                }
            }
        }
        (Adjacency { masks }, max_degree)
    }
}

/// A placement's stone and the cells it emptied, laid over a state's board.
struct Overlay<const N: usize> {
    cell: CellId,
    piece: PieceId,
    /// The cells emptied so far (the placed cell too, if its own chain was taken).
    removed: [u64; N],
}

impl<const N: usize> Overlay<N> {
    /// The board as it stands: an overlay of the stone already on `cell` changes nothing.
    #[inline(always)]
    fn still(s: &State, cell: CellId) -> Overlay<N> {
        Overlay {
            cell,
            piece: s.board[cell.index()],
            removed: [0; N],
        }
    }

    #[inline(always)]
    fn removed(&self, c: CellId) -> bool {
        self.removed[c.index() / 64] >> (c.index() % 64) & 1 == 1
    }

    /// What stands on `c` with the overlay.
    #[inline(always)]
    fn at(&self, s: &State, c: CellId) -> PieceId {
        if self.removed(c) {
            EMPTY
        } else if c == self.cell {
            self.piece
        } else {
            s.board[c.index()]
        }
    }

    /// The empty cells with the overlay.
    #[inline(always)]
    fn empty(&self, s: &State) -> [u64; N] {
        let mut e = self.removed;
        for (w, &b) in s.cells_of(EMPTY).iter().enumerate().take(N) {
            e[w] |= b;
        }
        if !self.removed(self.cell) && self.piece != EMPTY {
            e[self.cell.index() / 64] &= !(1 << (self.cell.index() % 64));
        }
        e
    }

    /// The cells holding one of `pieces` with the overlay.
    #[inline(always)]
    fn holding(&self, s: &State, pieces: &[PieceId]) -> [u64; N] {
        let mut m = [0u64; N];
        for &id in pieces {
            for (w, &b) in s.cells_of(id).iter().enumerate().take(N) {
                m[w] |= b;
            }
        }
        if pieces.contains(&self.piece) {
            m[self.cell.index() / 64] |= 1 << (self.cell.index() % 64);
        }
        for (x, r) in m.iter_mut().zip(&self.removed) {
            *x &= !r;
        }
        m
    }
}

/// Calls `$f::<N>($args)` with `N` the plan's words.
macro_rules! by_words {
    ($plan:expr, $self:ident . $f:ident ( $($arg:expr),* )) => {
        match $plan.n {
            1 => $self.$f::<1>($($arg),*),
            2 => $self.$f::<2>($($arg),*),
            4 => $self.$f::<4>($($arg),*),
            _ => $self.$f::<MAX_WORDS>($($arg),*),
        }
    };
}

mod ladder;

impl Game {
    /// The compiled `place then remove-surrounded` form of rule `r`, if it has one.
    #[inline(always)]
    pub(super) fn place_capture(&self, r: RuleId) -> Option<&PlaceCapture> {
        self.accel.place_captures.get(r.index())?.as_deref()
    }

    /// The chains `cap` takes after a stone landed on `o.cell`, with the overlay `o` on `s`:
    /// those at the placed cell or next to it, holding a piece the part takes, without a
    /// liberty.
    #[inline(always)]
    fn doomed<const N: usize>(
        &self,
        s: &State,
        plan: &PlaceCapture,
        cap: &Capture,
        o: &Overlay<N>,
        p: Player,
    ) -> [u64; N] {
        let mut doomed = [0u64; N];
        let takes = o.holding(s, &cap.takes[p.index()]);
        let at = o.cell.index();
        let near = cap.adj.of::<N>(at);
        let mut starts = [0u64; N];
        let mut any = 0;
        for w in 0..N {
            starts[w] = near[w] & takes[w];
            any |= starts[w];
        }
        starts[at / 64] |= takes[at / 64] & 1 << (at % 64);
        any |= starts[at / 64];
        if any == 0 {
            return doomed;
        }
        let empty = o.empty(s);
        // The chain pieces of the last start and their cells (one side's, in Go).
        let mut same: Option<(&Vec<PieceId>, [u64; N])> = None;
        for w in 0..N {
            let mut bits = starts[w];
            while bits != 0 {
                let start = CellId::from_index(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                // Most chains breathe next to where the search starts.
                if doomed[w] >> (start.index() % 64) & 1 == 1 || cap.adj.touches(start, &empty) {
                    continue;
                }
                let group = &plan.same[o.at(s, start).index()];
                let same = match same {
                    Some((g, ref set)) if std::ptr::eq(g, group) => set,
                    _ => &same.insert((group, o.holding(s, group))).1,
                };
                if let Some(chain) = cap.adj.airless_chain(start, same, &empty) {
                    for x in 0..N {
                        doomed[x] |= chain[x];
                    }
                }
            }
        }
        doomed
    }

    /// [`Game::plain_refusal`] for a move of a rule with a [`PlaceCapture`]: the first
    /// `forbid` rule that refuses it, worked out on bitsets; `None` when this path cannot
    /// answer (a pending en-passant cell or roll, which these games never have).
    #[inline(never)]
    pub(super) fn place_capture_refusal(
        &self,
        s: &State,
        mv: Move,
        plan: &PlaceCapture,
    ) -> Option<Option<usize>> {
        if s.scalars.ep.target != NO_CELL || s.scalars.roll != NO_ROLL {
            return None;
        }
        Some(by_words!(plan, self.refusal_by_words(s, mv, plan)))
    }

    #[inline(always)]
    fn refusal_by_words<const N: usize>(
        &self,
        s: &State,
        mv: Move,
        plan: &PlaceCapture,
    ) -> Option<usize> {
        let p = s.scalars.to_move;
        let mut o = Overlay::<N> {
            cell: mv.cells[0],
            piece: plan.placed[p.index()],
            removed: [0; N],
        };
        let z = &self.zobrist;
        let old = s.board[o.cell.index()];
        let mut hash = s.scalars.hash ^ z.piece(o.cell, old) ^ z.piece(o.cell, o.piece);
        let mut reset = self.replacing_resets_clock(old, p);
        for cap in &plan.captures {
            let doomed = self.doomed(s, plan, cap, &o, p);
            for (w, &word) in doomed.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let c = CellId::from_index(w * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                    let q = o.at(s, c);
                    hash ^= z.piece(c, q) ^ z.piece(c, EMPTY);
                    reset |= self.replacing_resets_clock(q, p);
                }
                o.removed[w] |= word;
            }
        }
        let (next, full, quiet) = self.after_move(s, hash, reset);
        let t = s.frames.len() + 1;
        self.forbids
            .iter()
            .enumerate()
            .position(|(i, f)| match &f.cond {
                ForbidCond::Repetition(r) => {
                    let (cells, target) = match &r.cells {
                        RepCells::Cells(cells) => {
                            let side = r.parts.contains(super::StateParts::SIDE).then_some(next);
                            (&cells[..], self.partial_hash(cells, |c| o.at(s, c), side))
                        }
                        _ => (
                            &[][..],
                            self.parts_hash(full, next, s.scalars.extra, r.parts),
                        ),
                    };
                    self.repeats(s, r, cells, target, t, quiet)
                }
                // Only the placed stone is a cell the move left holding a piece.
                ForbidCond::Surrounded { .. } => {
                    let Some((who, adj)) = &plan.forbid_adj[i] else {
                        return false;
                    };
                    let q = o.at(s, o.cell);
                    q != EMPTY && who[p].contains(q) && {
                        let empty = o.empty(s);
                        !adj.touches(o.cell, &empty) && {
                            let same = o.holding(s, &plan.same[q.index()]);
                            adj.airless_chain(o.cell, &same, &empty).is_some()
                        }
                    }
                }
            })
    }

    /// The stones of the mover's chain that `mv` leaves with one liberty (in atari) without
    /// taking anything; 0 when the move takes a chain, leaves the chain two liberties or
    /// more, or is no move of a rule with a [`PlaceCapture`]. A random player walks into
    /// such ataris and a real one seldom does, except with a single stone (a throw-in).
    pub fn self_atari_stones(&self, s: &State, mv: Move) -> u32 {
        let (Some(plan), Some(&cell)) = (self.place_capture(mv.rule), mv.cells().first()) else {
            return 0;
        };
        if s.scalars.ep.target != NO_CELL || s.scalars.roll != NO_ROLL {
            return 0;
        }
        by_words!(plan, self.self_atari_by_words(s, cell, plan))
    }

    #[inline(always)]
    fn self_atari_by_words<const N: usize>(
        &self,
        s: &State,
        cell: CellId,
        plan: &PlaceCapture,
    ) -> u32 {
        let p = s.scalars.to_move;
        let o = Overlay::<N> {
            cell,
            piece: plan.placed[p.index()],
            removed: [0; N],
        };
        let adj = &plan.captures[0].adj;
        let empty = o.empty(s);
        // Most stones have two empty neighbours of their own: no flood, no capture test.
        let near = adj.of::<N>(cell.index());
        let mut free = [0u64; N];
        for w in 0..N {
            free[w] = near[w] & empty[w];
        }
        if count(&free) >= 2 {
            return 0;
        }
        if plan
            .captures
            .iter()
            .any(|cap| self.doomed(s, plan, cap, &o, p).iter().any(|&w| w != 0))
        {
            return 0;
        }
        let same = o.holding(s, &plan.same[o.piece.index()]);
        adj.chain_in_atari(cell, &same, &empty)
            .map_or(0, |(chain, _)| count(&chain))
    }

    /// Where the chain of `last`'s stone can be taken: its one liberty, when `last` (the
    /// move that led to `s`, of a rule with a [`PlaceCapture`]) left that chain in atari.
    /// `None` when the chain has two liberties or more, the stone was taken, or `last` is a
    /// pass or a move of another rule. A player takes such a chain at once, most often a
    /// stone thrown in.
    pub fn atari_left_by(&self, s: &State, last: Move) -> Option<CellId> {
        let (plan, cell) = self.placed_stone(s, last)?;
        by_words!(plan, self.atari_liberty(s, plan, cell))
    }

    /// Where a chain next to `last`'s stone, of another side, can be saved: its one
    /// liberty, when `last` put it in atari (the first such chain in cell order). `None`
    /// when there is none, and as [`Game::atari_left_by`] for other moves.
    pub fn atari_next_to(&self, s: &State, last: Move) -> Option<CellId> {
        let (plan, cell) = self.placed_stone(s, last)?;
        by_words!(plan, self.atari_next_to_by_words(s, plan, cell))
    }

    /// The plan of `last` and the cell of its stone, if it placed one that still stands.
    fn placed_stone(&self, s: &State, last: Move) -> Option<(&PlaceCapture, CellId)> {
        let (Some(plan), Some(&cell)) = (self.place_capture(last.rule), last.cells().first())
        else {
            return None;
        };
        let fast_path = s.scalars.ep.target == NO_CELL && s.scalars.roll == NO_ROLL;
        (fast_path && s.board[cell.index()] != EMPTY).then_some((plan, cell))
    }

    /// The one liberty of the chain on `cell` (which holds a stone), if it has one only.
    #[inline(always)]
    fn atari_liberty<const N: usize>(
        &self,
        s: &State,
        plan: &PlaceCapture,
        cell: CellId,
    ) -> Option<CellId> {
        let o = Overlay::<N>::still(s, cell);
        let same = o.holding(s, &plan.same[o.piece.index()]);
        let (_, liberty) = plan.captures[0]
            .adj
            .chain_in_atari(cell, &same, &o.empty(s))?;
        Some(liberty)
    }

    #[inline(always)]
    fn atari_next_to_by_words<const N: usize>(
        &self,
        s: &State,
        plan: &PlaceCapture,
        cell: CellId,
    ) -> Option<CellId> {
        let friends = &plan.same[s.board[cell.index()].index()];
        let near = plan.captures[0].adj.of::<N>(cell.index());
        for (w, &bits) in near.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let c = CellId::from_index(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                let x = s.board[c.index()];
                if x != EMPTY && !friends.contains(&x) {
                    if let Some(liberty) = self.atari_liberty::<N>(s, plan, c) {
                        return Some(liberty);
                    }
                }
            }
        }
        None
    }

    /// Whether `mv` is a move of a rule with a [`PlaceCapture`] (a Go stone, not a pass).
    pub fn places_and_captures(&self, mv: Move) -> bool {
        self.place_capture(mv.rule).is_some() && !mv.cells().is_empty()
    }

    /// Whether some rule places a stone and takes the chains it surrounds, on bitsets (Go):
    /// the game [`Game::fills_own_eye`] can answer for.
    pub fn has_eyes(&self) -> bool {
        !self.accel.place_captures.is_empty()
    }

    /// Whether `mv` puts the mover's stone in one of its own eyes: an empty cell all of whose
    /// neighbours (along the rule's first `remove-surrounded` directions) hold the mover's
    /// chains, and whose corners (the cells next to two of those neighbours) hold at most one
    /// enemy stone, none on the edge of the board (fewer neighbours than most cells), so
    /// that the enemy cannot make it a false eye. `false` for a move of a rule without a
    /// [`PlaceCapture`]. Filling such an eye only takes a liberty from the mover's own chains:
    /// random playouts that skip it leave living groups alive, as a player would.
    pub fn fills_own_eye(&self, s: &State, mv: Move) -> bool {
        let (Some(plan), Some(&cell)) = (self.place_capture(mv.rule), mv.cells().first()) else {
            return false;
        };
        by_words!(plan, self.fills_own_eye_by_words(s, cell, plan))
    }

    #[inline(always)]
    fn fills_own_eye_by_words<const N: usize>(
        &self,
        s: &State,
        cell: CellId,
        plan: &PlaceCapture,
    ) -> bool {
        let p = s.scalars.to_move;
        let own_pieces = &plan.same[plan.placed[p.index()].index()];
        let mut own = [0u64; N];
        for &id in own_pieces {
            for (w, &b) in s.cells_of(id).iter().enumerate().take(N) {
                own[w] |= b;
            }
        }
        let adj = plan.captures[0].adj.of::<N>(cell.index());
        let corners = plan.corners.of::<N>(cell.index());
        let empty = s.cells_of(EMPTY);
        let (mut outside, mut degree, mut enemy_corners) = (0, 0, 0);
        for w in 0..N {
            outside |= adj[w] & !own[w];
            degree += adj[w].count_ones();
            enemy_corners +=
                (corners[w] & !own[w] & !empty.get(w).copied().unwrap_or(0)).count_ones();
        }
        let allowed = if degree < plan.max_degree { 0 } else { 1 };
        degree > 0 && outside == 0 && enemy_corners <= allowed
    }

    /// [`Game::make`] for a move of a rule with a [`PlaceCapture`]: the stone, then each
    /// part's captures in cell order, logged, hashed and set directly, as the general make
    /// logs them.
    #[inline(never)]
    pub(super) fn make_place_capture(&self, s: &mut State, mv: Move, plan: &PlaceCapture) {
        let mover = s.scalars.to_move;
        self.push_frame(s, mv, false);
        let from_log = s.log.len();
        self.set_en_passant(s, EnPassant::NONE);
        let cell = mv.cells[0];
        self.set_flat_cell(s, cell, plan.placed[mover.index()]);
        by_words!(plan, self.capture_by_words(s, plan, cell, mover));
        if self.progress.is_some() {
            let reset = s.log[from_log..]
                .iter()
                .any(|c: &Change| self.replacing_resets_clock(c.old, mover));
            s.scalars.quiet = if reset { 0 } else { s.scalars.quiet + 1 };
        }
        s.ply += 1;
        self.finish_move(s, mv, mover, self.next_player(mover), from_log);
    }

    /// Each part's captures around `cell`, made on the state.
    #[inline(always)]
    fn capture_by_words<const N: usize>(
        &self,
        s: &mut State,
        plan: &PlaceCapture,
        cell: CellId,
        mover: Player,
    ) {
        for cap in &plan.captures {
            // The state itself is the board now: an overlay that changes nothing.
            let o = Overlay::<N> {
                cell,
                piece: s.board[cell.index()],
                removed: [0; N],
            };
            let doomed = self.doomed(s, plan, cap, &o, mover);
            for (w, &word) in doomed.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let c = CellId::from_index(w * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                    self.set_flat_cell(s, c, EMPTY);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{Game, MoveList, State};

    /// Go at several sizes and with each option, a Go whose stones take their own chain
    /// first and the enemy's second, and one on a hex board with two stone kinds.
    fn games() -> Vec<(String, Game)> {
        let mut games = Vec::new();
        let variants: [&[(&str, &str)]; 6] = [
            &[],
            &[("size", "5")],
            &[("suicide", "yes"), ("size", "7")],
            &[("ko", "situational"), ("size", "7")],
            &[("ko", "simple"), ("size", "6")],
            &[("size", "19")],
        ];
        for set in variants {
            let set = crate::option_pairs(set);
            let g = crate::load_shipped("go", &set).expect("go compiles");
            games.push((format!("go {set:?}"), g));
        }
        let go = std::fs::read_to_string("games/go.game")
            .expect("the shipped rule file is in the repository");
        let friend_first = go.replace(
            "move play then remove-surrounded(friend) when suicide",
            "move place(stone) then remove-surrounded(friend) then remove-surrounded(enemy) when suicide",
        );
        let g = crate::compile_source(
            "friend-first",
            "friend-first.game",
            &friend_first,
            &[
                ("suicide".into(), "yes".into()),
                ("size".into(), "5".into()),
            ],
        )
        .expect("compiles");
        games.push(("friend first".into(), g));
        let hex = go
            .replace("board square(size, size)", "board hex(size, size)")
            .replace(
                "piece stone = \"X\" for Black, \"O\" for White",
                "piece stone = \"X\" for Black, \"O\" for White\npiece rock = \"R\" for Black, \"Q\" for White\n\
                 move place(rock) then remove-surrounded(enemy) when not suicide",
            );
        let g = crate::compile_source("hexgo", "hexgo.game", &hex, &[("size".into(), "6".into())])
            .expect("compiles");
        games.push(("hex go".into(), g));
        games
    }

    /// Along seeded random games: for every move before the `forbid` rules, the bitset
    /// path's verdict is the simulation's; and the bitset make leaves the state the general
    /// make leaves (board, hash, counts, bitsets, clock, log, result), and unmake restores
    /// the position before.
    #[test]
    fn place_capture_agrees_with_the_general_path() {
        let mut rng = SmallRng::seed_from_u64(23);
        let mut moves = MoveList::new();
        for (name, game) in &games() {
            assert!(!game.accel.place_captures.is_empty(), "{name} has the form");
            let mut general = game.clone();
            general.accel.place_captures = Vec::new();
            let (mut judged, mut refused, mut captures) = (0, 0, 0);
            for _ in 0..4 {
                let mut s = game.start();
                for _ in 0..300 {
                    game.pseudo_moves(&s, &mut moves);
                    for &mv in &moves {
                        let Some(plan) = game.place_capture(mv.rule) else {
                            continue;
                        };
                        let fast = game
                            .place_capture_refusal(&s, mv, plan)
                            .expect("answers without en passant or dice");
                        assert_eq!(fast, general.refusal(&s, mv), "{name}: {mv:?}");
                        judged += 1;
                        refused += usize::from(fast.is_some());
                    }
                    game.legal_moves(&s, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.gen_range(0..moves.len())];
                    let before = s.clone();
                    let mut slow = s.clone();
                    general.make(&mut slow, mv);
                    game.make(&mut s, mv);
                    captures += usize::from(s.log.len() > before.log.len() + 1);
                    assert_eq!(s.result_now(), slow.result_now(), "{name}: {mv:?}");
                    State::assert_same_make(game, &s, &slow, &before, &format!("{name}: {mv:?}"));
                }
            }
            assert!(judged > 1000, "{name}: {judged} moves judged");
            assert!(refused > 0, "{name}: no move refused");
            assert!(captures > 0, "{name}: no capture made");
        }
    }
}
