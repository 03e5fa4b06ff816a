//! Repetition: a position coming back, as an ending (`draw if repetition(3)`), as a filter on
//! legal moves (`forbid repetition(2, positional)`), or as a condition inside a move
//! (a mill closed again on the same cells).
//!
//! Every axis is the rule file's choice ([`Repetition`]): what counts as the same
//! ([`StateParts`]: positional, situational, or a list of parts), which occurrence triggers
//! (the 2nd is the first repeat, as in ko; the 3rd as in chess), over which window (the whole
//! history, the last N plies, or since the last irreversible move), over which cells (the
//! whole board, a set of cells, or the line just formed), and what follows (the ending's
//! result, or a refused move).
//!
//! Nothing here scans the board. Whole-board repetitions read the hash history that make
//! pushes and unmake pops ([`State::reps`], one hash per tracked kind and position);
//! repetitions over some cells compute partial hashes on demand from the same Zobrist keys,
//! walking the undo log back.

use super::state::{Frame, REP_BUCKETS};
use crate::engine::Rules;

/// The filter bucket of a hash.
#[inline(always)]
fn bucket(h: u64) -> usize {
    (h >> 54) as usize & (REP_BUCKETS - 1)
}
use super::{CellId, DirId, PieceId, Player, State, EMPTY};

/// Which parts of the state a repetition compares; a set of bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StateParts(pub u8);

impl StateParts {
    /// What stands on the board, in the reserves and borne off.
    pub const BOARD: StateParts = StateParts(1);
    /// Who is to move.
    pub const SIDE: StateParts = StateParts(2);
    /// The state's flags: castling rights, the en-passant cell, a pending roll, the pie
    /// rule's swap.
    pub const FLAGS: StateParts = StateParts(4);
    /// Board contents and reserves only (Go's positional superko).
    pub const POSITIONAL: StateParts = StateParts::BOARD;
    /// Everything the position hash covers (chess's threefold repetition).
    pub const SITUATIONAL: StateParts = StateParts(1 | 2 | 4);

    /// Whether every part of `o` is in `self`.
    pub fn contains(self, o: StateParts) -> bool {
        self.0 & o.0 == o.0
    }

    /// Both sets of parts.
    pub fn union(self, o: StateParts) -> StateParts {
        StateParts(self.0 | o.0)
    }

    /// The word for what is compared: `situation` (everything), `position` (the board and
    /// reserves), or a list of parts.
    pub fn noun(self) -> String {
        match self {
            StateParts::SITUATIONAL => "situation".into(),
            StateParts::POSITIONAL => "position".into(),
            _ => {
                let names: Vec<&str> = [
                    (StateParts::BOARD, "position"),
                    (StateParts::SIDE, "side to move"),
                    (StateParts::FLAGS, "flags"),
                ]
                .iter()
                .filter(|(p, _)| self.contains(*p))
                .map(|(_, n)| *n)
                .collect();
                names.join(" and ")
            }
        }
    }
}

/// Most cells a repetition over part of the board may compare.
pub const MAX_PARTIAL_CELLS: usize = 64;

/// Over which cells a repetition compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RepCells {
    /// The whole board (and whatever else the parts name).
    Board,
    /// These cells only (at most [`MAX_PARTIAL_CELLS`]).
    Cells(Vec<CellId>),
    /// The line of at least `n` pieces of one owner through the piece a move has just moved
    /// or placed (a mill); only inside a move's conditions.
    Line {
        /// Pieces in the line.
        n: u16,
        /// Pairs of opposite directions.
        axes: Vec<(DirId, DirId)>,
    },
}

/// A repetition predicate: see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// The occurrence that triggers: 2 is the first repeat, 3 the third occurrence.
    pub times: u16,
    /// What counts as the same.
    pub parts: StateParts,
    /// Compare only with positions since the last irreversible move (a capture, or a move
    /// of a piece listed in [`Game::progress`]).
    pub since_irreversible: bool,
    /// Compare only with positions at most this many plies back.
    pub last: Option<u32>,
    /// Over which cells.
    pub cells: RepCells,
    /// For whole-board repetitions, which hash of the history it reads (an index into
    /// [`Game::rep_kinds`]).
    pub kind: u8,
}

/// English ordinal: 1st, 2nd, 3rd, 4th, 11th, 22nd.
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl Repetition {
    /// Whether the repetition compares the whole board (using the hash history).
    #[inline]
    pub fn whole_board(&self) -> bool {
        matches!(self.cells, RepCells::Board)
    }

    /// A short name for a refusal: `ko`, `positional superko`, `situational superko`, or
    /// `repetition`.
    pub fn name(&self) -> String {
        let base = match (self.times, self.parts, self.last) {
            (2, StateParts::POSITIONAL, Some(2)) => "ko".to_string(),
            (2, StateParts::POSITIONAL, None) => "positional superko".to_string(),
            (2, StateParts::SITUATIONAL, None) => "situational superko".to_string(),
            _ => "repetition".to_string(),
        };
        if self.whole_board() {
            base
        } else {
            format!("{base} on part of the board")
        }
    }
}

/// The plies other than the start (ply 0) as `ply 12` or `plies 12, 16, 20` (empty if
/// none), and whether the start is among them.
fn plies_after_start(plies: &[u32]) -> (String, bool) {
    let numbers: Vec<String> = plies
        .iter()
        .filter(|&&p| p != 0)
        .map(u32::to_string)
        .collect();
    let text = match numbers.len() {
        0 => String::new(),
        1 => format!("ply {}", numbers[0]),
        _ => format!("plies {}", numbers.join(", ")),
    };
    (text, plies.contains(&0))
}

/// Names a list of plies: `ply 12`, `plies 12, 16, 20`; ply 0 is `the start`
/// (`the start, plies 4, 8`).
pub(crate) fn plies_phrase(plies: &[u32]) -> String {
    match plies_after_start(plies) {
        (tail, true) if tail.is_empty() => "the start".to_string(),
        (tail, true) => format!("the start, {tail}"),
        (tail, false) => tail,
    }
}

/// When a refused position stood before: `at the start`, `after ply 37`, `after plies 12,
/// 16`, `at the start and after ply 4`.
pub(crate) fn when_phrase(plies: &[u32]) -> String {
    match plies_after_start(plies) {
        (tail, true) if tail.is_empty() => "at the start".to_string(),
        (tail, true) => format!("at the start and after {tail}"),
        (tail, false) => format!("after {tail}"),
    }
}

/// The position a repetition walk looks for: its hash `target` (whole board: of the
/// tracked kind; otherwise partial over `cells`) and its index `t` (the current position,
/// `t = frames`, or the one a move would reach, `t = frames + 1`).
#[derive(Clone, Copy)]
pub(crate) struct Sought<'a> {
    /// The cells a partial repetition compares (unused for whole-board ones).
    pub(crate) cells: &'a [CellId],
    /// The position's hash.
    pub(crate) target: u64,
    /// The position's index.
    pub(crate) t: usize,
}

impl Rules {
    /// The hash of the parts `parts` of a position, from its full hash, the side to move
    /// and its flags' part.
    #[inline]
    pub(crate) fn parts_hash(
        &self,
        hash: u64,
        to_move: Player,
        extra: u64,
        parts: StateParts,
    ) -> u64 {
        if parts == StateParts::SITUATIONAL {
            return hash;
        }
        let side = self.zobrist.side(to_move);
        let mut h = 0;
        if parts.contains(StateParts::BOARD) {
            h ^= hash ^ side ^ extra;
        }
        if parts.contains(StateParts::SIDE) {
            h ^= side;
        }
        if parts.contains(StateParts::FLAGS) {
            h ^= extra;
        }
        h
    }

    /// Pushes the current position's tracked hashes onto the repetition history.
    #[inline]
    pub(crate) fn push_reps(&self, s: &mut State) {
        for i in 0..self.rep_kinds.len() {
            let h = self.parts_hash(
                s.scalars.hash,
                s.scalars.to_move,
                s.scalars.extra,
                self.rep_kinds[i],
            );
            s.reps.push(h);
            s.rep_counts[i * REP_BUCKETS + bucket(h)] += 1;
        }
    }

    /// Takes the last position's hashes off the repetition history.
    #[inline]
    pub(crate) fn pop_reps(&self, s: &mut State) {
        for i in (0..self.rep_kinds.len()).rev() {
            if let Some(h) = s.reps.pop() {
                s.rep_counts[i * REP_BUCKETS + bucket(h)] -= 1;
            }
        }
    }

    /// The first position index a repetition looks at, for the position of index `t` whose
    /// no-progress clock reads `quiet`.
    #[inline]
    fn window_start(r: &Repetition, t: usize, quiet: u32) -> usize {
        let mut start = 0;
        if let Some(n) = r.last {
            start = t.saturating_sub(n as usize);
        }
        if r.since_irreversible {
            start = start.max(t.saturating_sub(quiet as usize));
        }
        start
    }

    /// The partial hash of `cells` holding what `at` says, with the side to move if given.
    pub(crate) fn partial_hash(
        &self,
        cells: &[CellId],
        at: impl Fn(CellId) -> PieceId,
        side: Option<Player>,
    ) -> u64 {
        let mut h = side.map_or(0, |p| self.zobrist.side(p));
        for &c in cells {
            h ^= self.zobrist.piece(c, at(c));
        }
        h
    }

    /// Calls `hit(j)` for every known position `j` with `start <= j < t` (newest first) whose
    /// partial hash over `cells` equals `target`, until `hit` returns true. Positions are
    /// rebuilt from the current board by walking the undo log back.
    fn partial_walk(
        &self,
        s: &State,
        find: Sought,
        side: bool,
        start: usize,
        hit: &mut impl FnMut(usize) -> bool,
    ) {
        let Sought { cells, target, t } = find;
        let newest = s.frames.len();
        if start > newest || cells.len() > MAX_PARTIAL_CELLS {
            return;
        }
        let mut contents = [EMPTY; MAX_PARTIAL_CELLS];
        let mut h = 0;
        for (i, &c) in cells.iter().enumerate() {
            contents[i] = s.board[c.index()];
            h ^= self.zobrist.piece(c, contents[i]);
        }
        let mut to_move = s.scalars.to_move;
        if side {
            h ^= self.zobrist.side(to_move);
        }
        let mut j = newest;
        loop {
            if j < t && h == target && hit(j) {
                return;
            }
            if j <= start {
                return;
            }
            let f: &Frame = &s.frames[j - 1];
            let end = s
                .frames
                .get(j)
                .map_or(s.log.len(), |next| next.log_len as usize);
            for e in s.log[f.log_len as usize..end].iter().rev() {
                if let Some(i) = cells.iter().position(|&c| c == e.cell) {
                    h ^=
                        self.zobrist.piece(e.cell, contents[i]) ^ self.zobrist.piece(e.cell, e.old);
                    contents[i] = e.old;
                }
            }
            if side {
                h ^= self.zobrist.side(to_move) ^ self.zobrist.side(f.scalars.to_move);
                to_move = f.scalars.to_move;
            }
            j -= 1;
        }
    }

    /// Calls `hit(j)` for every position `j` with `start <= j < t` (newest first) whose
    /// tracked hash of kind `kind` equals `h`, until `hit` returns true.
    #[inline]
    fn whole_walk(
        &self,
        s: &State,
        kind: usize,
        h: u64,
        t: usize,
        start: usize,
        hit: &mut impl FnMut(usize) -> bool,
    ) {
        let k = self.rep_kinds.len();
        let t = t.min(s.frames.len() + 1);
        for j in (start..t).rev() {
            if s.reps[j * k + kind] == h && hit(j) {
                return;
            }
        }
    }

    /// Calls `hit(j)` for each earlier position `j` (newest first, within the window) that
    /// equals the position of index `t` (the current one, `t = frames`, or the one a move
    /// would reach, `t = frames + 1`) as the repetition compares them. `target` is that
    /// position's hash (whole board: of the tracked kind; otherwise partial over `cells`),
    /// `quiet` its no-progress clock.
    pub(crate) fn repetition_walk(
        &self,
        s: &State,
        r: &Repetition,
        find: Sought,
        quiet: u32,
        hit: &mut impl FnMut(usize) -> bool,
    ) {
        let start = Self::window_start(r, find.t, quiet);
        if r.whole_board() {
            self.whole_walk(s, r.kind as usize, find.target, find.t, start, hit);
        } else {
            let side = r.parts.contains(StateParts::SIDE);
            self.partial_walk(s, find, side, start, hit);
        }
    }

    /// Whether the position of index `t` repeats as `r` says: it equals `r.times - 1`
    /// earlier positions of the window.
    #[inline]
    pub(crate) fn repeats(
        &self,
        s: &State,
        r: &Repetition,
        cells: &[CellId],
        target: u64,
        t: usize,
        quiet: u32,
    ) -> bool {
        let need = u32::from(r.times.saturating_sub(1));
        if need == 0 {
            return true;
        }
        if r.whole_board() {
            // Earlier positions that could equal this one: all in its bucket, less itself
            // when it is already in the history.
            let known = u32::from(t <= s.frames.len());
            if Self::in_bucket(s, r, target) < need + known {
                return false;
            }
        }
        let mut n = 0;
        self.repetition_walk(s, r, Sought { cells, target, t }, quiet, &mut |_| {
            n += 1;
            n >= need
        });
        n >= need
    }

    /// The ply after which the position of index `j` stood.
    pub(crate) fn ply_of(s: &State, j: usize) -> u32 {
        let newest = s.frames.len();
        if j >= newest {
            s.ply + (j - newest) as u32
        } else {
            s.ply - (newest - j) as u32
        }
    }

    /// False when the current position of `s` (already pushed to the history) cannot repeat
    /// as `r` says, by the bucket counts alone; true when it may (then [`Game::repeats_now`]
    /// decides).
    #[inline]
    pub(crate) fn may_repeat_now(&self, s: &State, r: &Repetition) -> bool {
        if !r.whole_board() || r.times < 2 {
            return true;
        }
        let t = s.frames.len();
        let target = s.reps[t * self.rep_kinds.len() + r.kind as usize];
        // The position itself is in its bucket; `times - 1` earlier ones must be too.
        Self::in_bucket(s, r, target) >= u32::from(r.times)
    }

    /// How many positions of the history of `s` fall in the bucket of `target` for the
    /// whole-board repetition `r`.
    #[inline]
    fn in_bucket(s: &State, r: &Repetition, target: u64) -> u32 {
        u32::from(s.rep_counts[r.kind as usize * REP_BUCKETS + bucket(target)])
    }

    /// Whether the current position of `s` (already pushed to the history) repeats.
    pub(crate) fn repeats_now(&self, s: &State, r: &Repetition) -> bool {
        let t = s.frames.len();
        match &r.cells {
            RepCells::Board => {
                let target = s.reps[t * self.rep_kinds.len() + r.kind as usize];
                self.repeats(s, r, &[], target, t, s.scalars.quiet)
            }
            RepCells::Cells(cells) => {
                let side = r
                    .parts
                    .contains(StateParts::SIDE)
                    .then_some(s.scalars.to_move);
                let target = self.partial_hash(cells, |c| s.board[c.index()], side);
                self.repeats(s, r, cells, target, t, s.scalars.quiet)
            }
            RepCells::Line { .. } => false,
        }
    }

    /// The plies of every occurrence (the current one last) of the current position of `s`
    /// within the window of `r`.
    pub(crate) fn repetition_plies_now(&self, s: &State, r: &Repetition) -> Vec<u32> {
        let t = s.frames.len();
        let (cells, target): (&[CellId], u64) = match &r.cells {
            RepCells::Board => (&[], s.reps[t * self.rep_kinds.len() + r.kind as usize]),
            RepCells::Cells(cells) => {
                let side = r
                    .parts
                    .contains(StateParts::SIDE)
                    .then_some(s.scalars.to_move);
                (
                    cells,
                    self.partial_hash(cells, |c| s.board[c.index()], side),
                )
            }
            RepCells::Line { .. } => return Vec::new(),
        };
        let mut plies = Vec::new();
        let find = Sought { cells, target, t };
        self.repetition_walk(s, r, find, s.scalars.quiet, &mut |j| {
            plies.push(Self::ply_of(s, j));
            false
        });
        plies.reverse();
        plies.push(s.ply);
        plies
    }
}
