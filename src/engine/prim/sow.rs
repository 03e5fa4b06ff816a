//! `sow(track, from: zone, skip: origin, capture: …, store: zone, grand-slam: no, feed: yes)`:
//! lift every counter from one of the mover's cells of `from` and drop one in each following
//! cell of the mover's track, round and round (the track is a loop; leave a cell out of a
//! player's track, such as the other side's store, and it is never sown). `skip: origin`
//! passes over the emptied cell when the sowing laps it (Oware).
//!
//! Captures, decided by the last cell sown, go to the mover's cell of `store`:
//! * `capture: opposite(direction)`: the last counter fell in an empty cell of the mover's
//!   own `from` cells and the cell that way from it holds counters: both cells' counters
//!   (Kalah);
//! * `capture: counts(2, 3)`: the last cell is an opponent's `from` cell and now holds one of
//!   these counts: it, and the cells before it along the track while they are the
//!   opponent's and hold one of these counts (Oware). `grand-slam: no`: a capture that
//!   would take every counter the opponent has on its `from` cells takes none.
//!
//! `feed: yes`: when the opponents' `from` cells are all empty, only a sowing that drops a
//! counter on one of them is a move (Oware's rule that one must give the other side seeds).
//!
//! A move records the cell sown from, then the last cell sown (which `again if
//! last-sown-in(zone)` reads); it is written as the cell sown from (`c1`). `sow` is a whole
//! move: no other part joins it. The compile-side builder is `src/compile/prim/sow.rs`; the
//! counts are `engine/counters.rs`.

use crate::engine::{
    ByPlayer, CellId, DirId, Game, KindId, Move, MoveList, PieceId, Player, RuleId, State, ZoneId,
};

/// The registry name.
pub const NAME: &str = "sow";

/// What the last cell sown captures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SowCapture {
    /// Nothing.
    Nothing,
    /// `opposite(direction)`: an own cell that was empty, and the cell that way (per player).
    Opposite(ByPlayer<DirId>),
    /// `counts(a, b, …)`: the opponent's cells holding one of these counts, backwards from
    /// the last; a bit per count (counts up to 63).
    Counts(u64),
}

/// A compiled `sow` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sow {
    /// Index into `Game::tracks`.
    pub track: u16,
    /// The cells a player may sow from (per player), which are also the cells counted as
    /// each side's for captures and feeding.
    pub from: ZoneId,
    /// Pass over the cell sown from when the sowing comes round to it.
    pub skip_origin: bool,
    /// What the last cell sown captures.
    pub capture: SowCapture,
    /// Where captured counters go (the first cell of the mover's part of the zone).
    pub store: Option<ZoneId>,
    /// Whether a capture may take every counter of the opponent's `from` cells.
    pub grand_slam: bool,
    /// When the opponents have no counters on their `from` cells, a sowing must reach one.
    pub feed: bool,
}

impl Sow {
    /// The `k`-th cell sown (from 1) from position `i0` of a track of `len` cells.
    #[inline]
    fn nth(&self, cells: &[CellId], i0: usize, k: usize) -> CellId {
        let len = cells.len();
        let off = if self.skip_origin && len > 1 {
            1 + (k - 1) % (len - 1)
        } else {
            k % len
        };
        cells[(i0 + off) % len]
    }

    /// Whether some opponent of `p` has a counter on a `from` cell.
    fn opponents_have(&self, game: &Game, s: &State, p: Player) -> bool {
        (0..game.num_players())
            .map(|q| Player(q as u8))
            .filter(|&q| q != p)
            .any(|q| game.counters_in(s, self.from, q) > 0)
    }

    /// Whether `cell` is one of an opponent's `from` cells.
    fn enemy_cell(&self, game: &Game, p: Player, cell: CellId) -> bool {
        let z = &game.board.zones[self.from.index()];
        !z.contains(p, cell)
            && (0..game.num_players()).any(|q| q != p.index() && z.contains(Player(q as u8), cell))
    }

    /// Generation: one move per `from` cell of the mover's track that holds counters, in
    /// track order.
    pub(crate) fn gen(&self, game: &Game, s: &State, p: Player, r: RuleId, out: &mut MoveList) {
        let cells = &game.tracks[self.track as usize].cells[p];
        let zone = &game.board.zones[self.from.index()];
        let must_feed = self.feed && !self.opponents_have(game, s, p);
        for (i0, &c) in cells.iter().enumerate() {
            let n = s.counters_at(c) as usize;
            if n == 0 || !zone.contains(p, c) {
                continue;
            }
            if must_feed
                && !(1..=n.min(cells.len()))
                    .any(|k| self.enemy_cell(game, p, self.nth(cells, i0, k)))
            {
                continue;
            }
            let mut mv = Move::new(r);
            mv.push(c);
            mv.push(self.nth(cells, i0, n));
            out.push(mv);
        }
    }

    /// Notation: the cell sown from.
    pub(crate) fn write(out: &mut String, origin: &str) {
        out.push_str(origin);
    }

    /// Execution on the state (counts are not cells, so there is no cell-sink form).
    pub(crate) fn exec(&self, game: &Game, s: &mut State, mv: Move, p: Player) {
        let origin = mv.cells[0];
        let cells = &game.tracks[self.track as usize].cells[p];
        let Some(i0) = cells.iter().position(|&c| c == origin) else {
            return;
        };
        let n = s.counters_at(origin) as usize;
        crate::engine::counters::set_tally(game, s, origin, 0);
        // Whole laps first, then the rest: a cell's count is set once per lap, not once
        // per counter.
        let ring = if self.skip_origin && cells.len() > 1 {
            cells.len() - 1
        } else {
            cells.len()
        };
        let (laps, rest) = (n / ring, n % ring);
        for k in 1..=ring.min(n) {
            let c = self.nth(cells, i0, k);
            let add = laps + usize::from(k <= rest);
            let now = s.counters_at(c) as usize + add;
            crate::engine::counters::set_tally(
                game,
                s,
                c,
                now.min(usize::from(super::super::counters::MAX_COUNTERS)) as u16,
            );
        }
        if n == 0 {
            return;
        }
        let last = self.nth(cells, i0, n);
        let taken = match &self.capture {
            SowCapture::Nothing => 0,
            SowCapture::Opposite(dirs) => self.take_opposite(game, s, p, last, dirs[p]),
            SowCapture::Counts(set) => self.take_run(game, s, p, cells, last, *set),
        };
        if taken > 0 {
            if let Some(z) = self.store {
                if let Some(store) = first_cell(game, z, p) {
                    let now = u32::from(s.counters_at(store)) + taken;
                    crate::engine::counters::set_tally(
                        game,
                        s,
                        store,
                        now.min(u32::from(super::super::counters::MAX_COUNTERS)) as u16,
                    );
                }
            }
        }
    }

    /// Kalah's capture: the last counter fell in an own empty cell, opposite counters.
    fn take_opposite(&self, game: &Game, s: &mut State, p: Player, last: CellId, d: DirId) -> u32 {
        if s.counters_at(last) != 1 || !game.board.zones[self.from.index()].contains(p, last) {
            return 0;
        }
        let o = game.board.next(last, d);
        if o == crate::engine::NO_CELL || s.counters_at(o) == 0 {
            return 0;
        }
        let taken = u32::from(s.counters_at(o)) + 1;
        crate::engine::counters::set_tally(game, s, o, 0);
        crate::engine::counters::set_tally(game, s, last, 0);
        taken
    }

    /// Oware's capture: the run of opponent cells holding a capturing count, backwards from
    /// the last cell sown.
    fn take_run(
        &self,
        game: &Game,
        s: &mut State,
        p: Player,
        cells: &[CellId],
        last: CellId,
        set: u64,
    ) -> u32 {
        let takes = |s: &State, c: CellId| {
            let n = s.counters_at(c);
            n < 64 && set >> n & 1 == 1 && self.enemy_cell(game, p, c)
        };
        let Some(mut i) = cells.iter().position(|&c| c == last) else {
            return 0;
        };
        // The run's length and counters, then (unless it is a refused grand slam) emptied:
        // two walks, no list.
        let (mut m, mut taken, mut j) = (0, 0u32, i);
        while m < cells.len() && takes(s, cells[j]) {
            taken += u32::from(s.counters_at(cells[j]));
            m += 1;
            j = (j + cells.len() - 1) % cells.len();
        }
        if taken == 0 {
            return 0;
        }
        if !self.grand_slam {
            let enemy: i64 = (0..game.num_players())
                .filter(|&q| q != p.index())
                .map(|q| game.counters_in(s, self.from, Player(q as u8)))
                .sum();
            if i64::from(taken) == enemy {
                return 0;
            }
        }
        for _ in 0..m {
            crate::engine::counters::set_tally(game, s, cells[i], 0);
            i = (i + cells.len() - 1) % cells.len();
        }
        taken
    }
}

/// The first cell (in cell order) of `player`'s part of `zone`.
fn first_cell(game: &Game, zone: ZoneId, player: Player) -> Option<CellId> {
    let z = &game.board.zones[zone.index()];
    CellId::upto(game.board.len()).find(|&c| z.contains(player, c))
}

impl super::Primitive for Sow {
    fn name(&self) -> &'static str {
        NAME
    }

    fn moves_piece(&self) -> bool {
        false
    }

    fn cells_recorded(&self) -> usize {
        2
    }

    fn targets<'c>(&self, rest: &'c [CellId]) -> (usize, &'c [CellId]) {
        let n = self.cells_recorded();
        (n, super::recorded(rest, n).get(..1).unwrap_or_default())
    }

    fn takes(&self) -> super::Takes<'_> {
        super::Takes::Nothing
    }

    fn write(&self, w: &mut super::Writer) {
        let name = w.name(w.mv.cells[w.k]);
        Sow::write(&mut w.out, name);
        w.k += self.cells_recorded();
    }

    fn reach_created(&self, w: &mut super::ReachWork, _: Player) {
        // Counters may be sown onto any cell.
        w.everything_anywhere();
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

    fn symmetric(&self, _: &super::SymmetryCheck) -> bool {
        // Tracks are per-player paths through named cells: not analysed.
        false
    }

    fn creates_pieces(&self) -> bool {
        // Counters are many to a cell, in their own table: not counted by the census.
        true
    }

    fn census_classes(&self, _: &mut super::CensusClasses, _: &[KindId]) {}

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

    fn bound(&self, b: &mut super::MoveBound) -> Option<f64> {
        Some(b.cells)
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, _: CellId, mv: Move) {
        self.gen(cur.game, cur.s, cur.p, mv.rule, cur.out);
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, _: &mut super::Replay, _: &mut S) {
        // `make` replays a sowing on the state (`Sow::exec`): it moves counters.
    }
}
