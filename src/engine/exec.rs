//! Simulating a move: a [`Sim`] is a [`CellSink`] that leaves the state untouched and
//! reports what a move would produce (its hash, the cells it changes). It serves the
//! `forbid` rules, which judge a move by the position it leads to, and [`Game::hash_after`].
//! Make and the simulation run the same `exec_cells`, so they cannot disagree. Also here:
//! chains (Go's groups) found by flood fill on any sink, without allocating.

use super::sink::{CellSink, CellView};
use super::state::NO_ROLL;
use super::{CellId, ContentSet, DirId, Game, Move, Part, PieceId, Player, State, EMPTY, NO_CELL};

pub(crate) use super::sink::{Bits, MAX_WORDS};

/// Cells a simulated move keeps in its short list; a move that sets more (a large capture)
/// goes over to a copy of the whole board.
const SIM_CELLS: usize = 4 * super::MAX_MOVE_CELLS;

/// A move carried out on a copy-on-write view of a state: the state's board plus the cells
/// the move changed, with the hash the move leads to (side to move not yet switched).
pub(crate) struct Sim<'a> {
    game: &'a Game,
    base: &'a State,
    /// Cells set by the move, each at most once.
    cells: [CellId; SIM_CELLS],
    /// What the move put on each of `cells`.
    pieces: [PieceId; SIM_CELLS],
    len: usize,
    /// The whole board with the move's changes, once they outgrow `cells` (empty before).
    over: Vec<PieceId>,
    /// The cells the move set, while `over` is in use.
    over_set: Bits,
    /// Whether some rule has a passable slide (so a move may open an en-passant capture).
    passable: bool,
    /// The position hash after the move, before the side to move changes.
    pub hash: u64,
    /// The flags' part of `hash` (see [`State::extra`]).
    pub extra: u64,
    /// Whether the move resets the no-progress clock (a capture, or a progress piece moved).
    pub reset: bool,
    mover: Player,
    /// Changes of reserve (and hand) counts so far: (piece, by how much).
    taken: [(PieceId, i32); 4],
    ntaken: usize,
}

impl<'a> Sim<'a> {
    pub fn new(game: &'a Game, s: &'a State) -> Sim<'a> {
        Sim {
            game,
            base: s,
            // Only the first `len` entries are ever read: zeros are as good as any value,
            // and two plain arrays fill faster than an array of padded pairs.
            cells: [CellId::new(0); SIM_CELLS],
            pieces: [EMPTY; SIM_CELLS],
            len: 0,
            over: Vec::new(),
            over_set: Bits::new(),
            passable: game.rules.iter().any(|r| r.passable),
            hash: s.scalars.hash,
            extra: s.scalars.extra,
            reset: false,
            mover: s.scalars.to_move,
            taken: [(EMPTY, 0); 4],
            ntaken: 0,
        }
    }

    /// Back to the state as it is, for simulating another move.
    pub fn reset(&mut self) {
        self.len = 0;
        if !self.over.is_empty() {
            self.over.clear();
            let words = self.base.board.len().div_ceil(64);
            self.over_set.0[..words].iter_mut().for_each(|w| *w = 0);
        }
        self.hash = self.base.scalars.hash;
        self.extra = self.base.scalars.extra;
        self.reset = false;
        self.ntaken = 0;
    }

    /// The cells the move left holding a piece.
    pub fn occupied_changes(&self) -> impl Iterator<Item = (CellId, PieceId)> + '_ {
        let short = self.over.is_empty();
        let words = self.base.board.len().div_ceil(64);
        let n = if short { self.len } else { 0 };
        let listed = self.cells[..n]
            .iter()
            .copied()
            .zip(self.pieces[..n].iter().copied());
        let over = (0..if short { 0 } else { words }).flat_map(move |w| {
            let mut bits = self.over_set.0[w];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let c = CellId::from_index(w * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                    (c, self.over[c.index()])
                })
            })
        });
        listed.chain(over).filter(|&(_, p)| p != EMPTY)
    }

    /// Whether the move set `c` (to anything).
    fn changed(&self, c: CellId) -> bool {
        if self.over.is_empty() {
            self.cells[..self.len].contains(&c)
        } else {
            self.over_set.has(c)
        }
    }

    /// Flips a flag's key in the hash.
    fn flag(&mut self, key: u64) {
        self.hash ^= key;
        self.extra ^= key;
    }
}

impl CellView for Sim<'_> {
    #[inline]
    fn get(&self, c: CellId) -> PieceId {
        if !self.over.is_empty() {
            return self.over[c.index()];
        }
        match self.cells[..self.len].iter().position(|&x| x == c) {
            Some(i) => self.pieces[i],
            None => self.base.board[c.index()],
        }
    }
}

impl CellSink for Sim<'_> {
    fn set(&mut self, c: CellId, p: PieceId) {
        let g = self.game;
        let old = self.get(c);
        self.hash ^= g.zobrist.piece(c, old) ^ g.zobrist.piece(c, p);
        if g.has_hands() {
            if let Some(gain) = g.hand_gain(old, self.mover) {
                self.reserve_delta(gain, 1);
            }
        }
        if g.replacing_resets_clock(old, self.mover) {
            self.reset = true;
        }
        if !self.over.is_empty() {
            self.over[c.index()] = p;
            self.over_set.insert(c);
        } else if let Some(i) = self.cells[..self.len].iter().position(|&x| x == c) {
            self.pieces[i] = p;
        } else if self.len < SIM_CELLS {
            self.cells[self.len] = c;
            self.pieces[self.len] = p;
            self.len += 1;
        } else {
            // Rare (a capture of many pieces): the whole board from here on.
            self.over.extend_from_slice(&self.base.board);
            for (&x, &q) in self.cells[..self.len].iter().zip(&self.pieces[..self.len]) {
                self.over[x.index()] = q;
                self.over_set.insert(x);
            }
            self.over[c.index()] = p;
            self.over_set.insert(c);
        }
    }

    fn take_reserve(&mut self, piece: PieceId) {
        self.reserve_delta(piece, -1);
    }
}

impl Sim<'_> {
    /// Changes the simulated reserve (or hand) count of `piece` by `delta`, in the hash.
    fn reserve_delta(&mut self, piece: PieceId, delta: i32) {
        let g = self.game;
        let slot = match self.taken[..self.ntaken].iter().position(|t| t.0 == piece) {
            Some(k) => k,
            None => {
                assert!(
                    self.ntaken < self.taken.len(),
                    "too many reserves in one move"
                );
                self.taken[self.ntaken] = (piece, 0);
                self.ntaken += 1;
                self.ntaken - 1
            }
        };
        let base = i32::from(self.base.reserve[piece.index()]);
        let old = (base + self.taken[slot].1).max(0) as u16;
        let new = (base + self.taken[slot].1 + delta).max(0) as u16;
        self.taken[slot].1 += delta;
        self.hash ^= g.zobrist.reserve(piece, old) ^ g.zobrist.reserve(piece, new);
    }
}

impl Game {
    /// Whether the chain of `start` (pieces of its owner connected along `dirs`) has an empty
    /// neighbour; the search stops at the first one. A chain without one is added to
    /// `chain`. `visit` and `frontier` are scratch, left empty.
    pub(crate) fn chain_has_liberty<T: CellSink + ?Sized>(
        &self,
        t: &T,
        start: CellId,
        dirs: &[DirId],
        chain: &mut Bits,
        visit: &mut Bits,
        frontier: &mut Bits,
    ) -> bool {
        let piece = t.get(start);
        let owner = self.owner(piece);
        let same =
            |p: PieceId| p != EMPTY && self.owner(p) == owner && (owner.is_some() || p == piece);
        let words = self.board.len().div_ceil(64);
        visit.insert(start);
        frontier.insert(start);
        let mut liberty = false;
        'flood: while let Some(c) = frontier.pop(words) {
            for &d in dirs {
                let n = self.board.next(c, d);
                if n == NO_CELL || visit.has(n) {
                    continue;
                }
                let q = t.get(n);
                if q == EMPTY {
                    liberty = true;
                    break 'flood;
                } else if same(q) {
                    visit.insert(n);
                    frontier.insert(n);
                }
            }
        }
        for w in 0..words {
            if !liberty {
                chain.0[w] |= visit.0[w];
            }
            visit.0[w] = 0;
            frontier.0[w] = 0;
        }
        liberty
    }

    /// Go's capture: removes every chain of `who` at or next to `focus` that has no empty
    /// neighbour. Chains are judged first and removed together.
    pub(crate) fn remove_surrounded<T: CellSink>(
        &self,
        t: &mut T,
        focus: CellId,
        who: ContentSet,
        dirs: &[DirId],
    ) {
        let mut doomed = Bits::new();
        let mut visit = Bits::new();
        let mut frontier = Bits::new();
        let mut any = false;
        let starts = std::iter::once(focus).chain(dirs.iter().map(|&d| self.board.next(focus, d)));
        for start in starts {
            if start == NO_CELL || doomed.has(start) {
                continue;
            }
            let p = t.get(start);
            if p == EMPTY || !who.contains(p) {
                continue;
            }
            if !self.chain_has_liberty(t, start, dirs, &mut doomed, &mut visit, &mut frontier) {
                any = true;
            }
        }
        if any {
            let words = self.board.len().div_ceil(64);
            while let Some(c) = doomed.pop(words) {
                t.set(c, EMPTY);
            }
        }
    }

    /// Carries out `mv` on a simulation of `s`, flags included as make sets them (the pie
    /// rule's swap, castling rights, en passant, the roll used up).
    fn simulate(&self, sim: &mut Sim, mv: Move) {
        sim.reset();
        let s = sim.base;
        if mv.is_forced_pass() || mv.as_roll().is_some() {
            return;
        }
        let rule = &self.rules[mv.rule.index()];
        if rule.swaps_sides {
            sim.flag(self.zobrist.swapped);
        }
        if s.scalars.ep.target != NO_CELL {
            sim.flag(self.zobrist.en_passant(s.scalars.ep.target));
        }
        self.exec_cells(sim, mv, s.scalars.to_move);
        if self.tracks_unmoved {
            // As make: a moved piece loses its flag, and after a move that cleared a flag,
            // a side without an unmoved castling piece loses all its flags.
            let words = s.unmoved.len();
            let mut left = [0u64; MAX_WORDS];
            let mut cleared = false;
            for c in super::legal::bits_iter(&s.unmoved) {
                if sim.changed(c) {
                    sim.flag(self.zobrist.unmoved(c));
                    cleared = true;
                } else {
                    left[c.index() / 64] |= 1 << (c.index() % 64);
                }
            }
            if cleared {
                let sides = self.castling_sides(left[..words].iter().copied(), |c| sim.get(c));
                for c in super::legal::bits_iter(&left[..words]) {
                    if self.orphaned(sim.get(c), sides) {
                        sim.flag(self.zobrist.unmoved(c));
                    }
                }
            }
        }
        if sim.passable {
            if let Some((passed, _)) = self.passed_cell(mv) {
                sim.flag(self.zobrist.en_passant(passed));
            }
        }
        if s.scalars.roll != NO_ROLL {
            sim.flag(self.zobrist.roll(s.scalars.roll));
        }
    }

    /// The Zobrist hash of the position `mv` leads to from `state`, without playing it.
    ///
    /// Board, reserves and flags are covered, with the next player to move taken to be the
    /// one after the mover (extra turns are not foreseen); moves along tracks (`advance`)
    /// and stacks are not simulated.
    pub fn hash_after(&self, state: &State, mv: Move) -> u64 {
        let mut sim = Sim::new(self, state);
        self.simulate(&mut sim, mv);
        let next = self.next_player(state.scalars.to_move);
        sim.hash ^ self.zobrist.side(state.scalars.to_move) ^ self.zobrist.side(next)
    }

    /// Whether replacing `old` on a cell, in a move of `mover`, resets the no-progress
    /// clock (a capture, or a progress piece moved).
    #[inline]
    pub(crate) fn replacing_resets_clock(&self, old: PieceId, mover: Player) -> bool {
        self.progress
            .as_ref()
            .is_some_and(|set| set.contains(old) || self.owner(old).is_some_and(|o| o != mover))
    }

    /// The hash `mv` leads to (side to move not yet switched) and whether it resets the
    /// no-progress clock, worked out from the move's cells without a simulation, for the
    /// moves most games are made of: one placement or drop, or one piece from one cell to
    /// another, where no flag can change (no castling rights, en passant, pie rule, dice or
    /// reserve). `None` for any other move; [`Game::simulate`] then answers.
    fn plain_hash_after(&self, s: &State, mv: Move) -> Option<(u64, bool)> {
        if mv.is_forced_pass()
            || mv.as_roll().is_some()
            || self.tracks_unmoved
            || s.scalars.ep.target != NO_CELL
            || s.scalars.roll != NO_ROLL
        {
            return None;
        }
        let rule = &self.rules[mv.rule.index()];
        let z = &self.zobrist;
        if self.has_hands() {
            // Captures and drops change the hands too: the simulation answers.
            return None;
        }
        match rule.parts[..] {
            [Part::Place(super::prim::place::Place { kind, .. })
            | Part::Drop(super::prim::drop::DropPiece { kind, .. })]
                if self.reserve_kind != Some(kind) && !rule.swaps_sides =>
            {
                let (c, piece) = (mv.cells[0], self.placed_piece(kind, s.scalars.to_move));
                let old = s.board[c.index()];
                let hash = s.scalars.hash ^ z.piece(c, old) ^ z.piece(c, piece);
                Some((hash, self.replacing_resets_clock(old, s.scalars.to_move)))
            }
            [Part::Step(_)
            | Part::Slide(super::prim::slide::Slide {
                passable: false, ..
            })] if !rule.swaps_sides => {
                let (from, to) = (mv.cells[0], mv.cells[1]);
                let (piece, old) = (s.board[from.index()], s.board[to.index()]);
                let hash = s.scalars.hash
                    ^ z.piece(from, piece)
                    ^ z.piece(from, EMPTY)
                    ^ z.piece(to, old)
                    ^ z.piece(to, piece);
                let reset = self.replacing_resets_clock(piece, s.scalars.to_move)
                    || self.replacing_resets_clock(old, s.scalars.to_move);
                Some((hash, reset))
            }
            _ => None,
        }
    }

    /// [`Game::refusal`] without a simulation, where every `forbid` rule is a whole-board
    /// repetition and the move is plain (see [`Game::plain_hash_after`]); `None` when it
    /// cannot answer.
    pub(crate) fn plain_refusal(&self, s: &State, mv: Move) -> Option<Option<usize>> {
        if let Some(plan) = self.place_capture(mv.rule) {
            return self.place_capture_refusal(s, mv, plan);
        }
        if !self.accel.forbids_whole_board {
            return None;
        }
        let (hash, reset) = self.plain_hash_after(s, mv)?;
        let (next, full, quiet) = self.after_move(s, hash, reset);
        let t = s.frames.len() + 1;
        Some(self.forbids.iter().position(|f| match &f.cond {
            super::ForbidCond::Repetition(r) => {
                let target = self.parts_hash(full, next, s.scalars.extra, r.parts);
                self.repeats(s, r, &[], target, t, quiet)
            }
            super::ForbidCond::Surrounded { .. } => false,
        }))
    }

    /// For a move from `s` whose board hash (side to move not yet switched) is `hash` and
    /// which resets the no-progress clock when `reset`: the next player, the full hash of
    /// the position it leads to, and that position's clock.
    pub(super) fn after_move(
        &self,
        s: &State,
        hash: u64,
        reset: bool,
    ) -> (super::Player, u64, u32) {
        let next = self.next_player(s.scalars.to_move);
        let full = hash ^ self.zobrist.side(s.scalars.to_move) ^ self.zobrist.side(next);
        (next, full, if reset { 0 } else { s.scalars.quiet + 1 })
    }

    /// [`Game::refusal`] by the cheapest way that answers: without a simulation where
    /// [`Game::plain_refusal`] can, else with `sim`, made on first need and reused for the
    /// next moves judged in the same state.
    pub(crate) fn refusal_lazy<'a>(
        &'a self,
        s: &'a State,
        mv: Move,
        sim: &mut Option<Sim<'a>>,
    ) -> Option<usize> {
        self.plain_refusal(s, mv).unwrap_or_else(|| {
            let sim = sim.get_or_insert_with(|| Sim::new(self, s));
            self.refusal_in(sim, mv)
        })
    }

    /// The first `forbid` rule (an index into [`Game::forbids`]) that refuses `mv` in
    /// `state`, if any.
    pub(crate) fn refusal(&self, s: &State, mv: Move) -> Option<usize> {
        self.refusal_in(&mut Sim::new(self, s), mv)
    }

    /// [`Game::refusal`] with a simulation of the state to reuse (for many moves).
    pub(crate) fn refusal_in(&self, sim: &mut Sim, mv: Move) -> Option<usize> {
        let s = sim.base;
        if !mv.is_forced_pass()
            && matches!(
                self.rules[mv.rule.index()].parts.first(),
                Some(Part::Advance(_))
            )
        {
            return None;
        }
        if let Some(answer) = self.plain_refusal(s, mv) {
            return answer;
        }
        self.simulate(sim, mv);
        let sim = &*sim;
        let (next, full, quiet) = self.after_move(s, sim.hash, sim.reset);
        let t = s.frames.len() + 1;
        self.forbids.iter().position(|f| match &f.cond {
            super::ForbidCond::Repetition(r) => {
                let (cells, target) = self.sim_target(sim, r, full, next);
                self.repeats(s, r, cells, target, t, quiet)
            }
            super::ForbidCond::Surrounded { who, dirs } => {
                let (mut chain, mut visit, mut frontier) = (Bits::new(), Bits::new(), Bits::new());
                sim.occupied_changes().any(|(c, piece)| {
                    who[s.scalars.to_move].contains(piece)
                        && !self.chain_has_liberty(
                            sim,
                            c,
                            dirs,
                            &mut chain,
                            &mut visit,
                            &mut frontier,
                        )
                })
            }
        })
    }

    /// The cells a repetition compares and the hash of the simulated position over them.
    fn sim_target<'r>(
        &self,
        sim: &Sim,
        r: &'r super::Repetition,
        full: u64,
        next: Player,
    ) -> (&'r [CellId], u64) {
        match &r.cells {
            super::RepCells::Cells(cells) => {
                let side = r.parts.contains(super::StateParts::SIDE).then_some(next);
                (cells, self.partial_hash(cells, |c| sim.get(c), side))
            }
            _ => (&[], self.parts_hash(full, next, sim.extra, r.parts)),
        }
    }

    /// The plies at which the position `mv` would lead to already stood, within the window
    /// of the `forbid` repetition rule `r` (oldest first).
    pub(crate) fn refused_plies(&self, s: &State, mv: Move, r: &super::Repetition) -> Vec<u32> {
        let mut sim = Sim::new(self, s);
        self.simulate(&mut sim, mv);
        let (next, full, quiet) = self.after_move(s, sim.hash, sim.reset);
        let (cells, target) = self.sim_target(&sim, r, full, next);
        let mut plies = Vec::new();
        let t = s.frames.len() + 1;
        let find = super::repetition::Sought { cells, target, t };
        self.repetition_walk(s, r, find, quiet, &mut |j| {
            plies.push(super::Rules::ply_of(s, j));
            false
        });
        plies.reverse();
        plies
    }
}

#[cfg(test)]
mod tests {
    use super::Sim;
    use crate::engine::MoveList;

    /// The shortcut for plain moves must give the hash and clock a simulation gives, for
    /// every move it answers, in positions of every shipped game.
    #[test]
    fn plain_hash_after_agrees_with_the_simulation() {
        let mut answered = 0usize;
        for name in crate::shipped_names() {
            let game = crate::load_shipped(name, &[]).expect("shipped games compile");
            let mut s = game.start();
            let mut moves = MoveList::new();
            let mut seed = 0x9E37_79B9_7F4A_7C15u64;
            for _ in 0..60 {
                game.pseudo_moves(&s, &mut moves);
                for &mv in &moves {
                    let Some((hash, reset)) = game.plain_hash_after(&s, mv) else {
                        continue;
                    };
                    let mut sim = Sim::new(&game, &s);
                    game.simulate(&mut sim, mv);
                    assert_eq!(hash, sim.hash, "{name}: {mv:?}");
                    assert_eq!(reset, sim.reset, "{name}: {mv:?}");
                    answered += 1;
                }
                game.legal_moves(&s, &mut moves);
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                game.make(&mut s, moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(answered > 5_000, "only {answered} moves answered");
    }
}
