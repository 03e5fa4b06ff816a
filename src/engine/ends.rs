//! End conditions, tested after every move on the cells the move changed.

use super::exec::Bits;
use super::line_windows::LineWindows;
use super::{
    ByPlayer, CellId, ContentSet, DirId, Game, KindId, Outcome, PieceId, Player, Repetition, State,
    StateCond, ZoneId, EMPTY, NO_CELL,
};

thread_local! {
    /// The move list of the `nobody-can-move` test: one per thread, reused after every move
    /// instead of a new list each time.
    static SCRATCH: std::cell::RefCell<super::MoveList> = const { std::cell::RefCell::new(Vec::new()) };
}

/// What a satisfied end condition means for the player it holds for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndResult {
    /// That player wins.
    Win,
    /// That player loses.
    Loss,
    /// The game is drawn.
    Draw,
}

impl EndResult {
    /// The outcome when this result applies to `player`.
    pub fn outcome_for(self, player: Player) -> Outcome {
        match self {
            EndResult::Win => Outcome::Win(player),
            EndResult::Loss => Outcome::Loss(player),
            EndResult::Draw => Outcome::Draw,
        }
    }
}

/// What happens to a player who has no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMoves {
    /// The game ends with this result for that player.
    Result(EndResult),
    /// The player passes.
    Pass,
}

/// A condition that ends the game, tested for one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndCond {
    /// `n` of the player's pieces (of the given contents) in a row along one of `axes`, through
    /// a cell the last move changed: `n` or more, or with `exact` set a row of exactly `n`
    /// (the cells at both ends hold none of the pieces).
    Line {
        n: u16,
        exact: bool,
        pieces: ByPlayer<ContentSet>,
        axes: Vec<(DirId, DirId)>,
        /// The same test as bitboard windows, when the board allows it (filled in when
        /// the game is assembled; see [`LineWindows`]).
        windows: Option<Box<LineWindows>>,
    },
    /// A chain of the player's pieces, adjacent along `dirs`, touching zones `a` and `b`.
    Connect {
        a: ZoneId,
        b: ZoneId,
        pieces: ByPlayer<ContentSet>,
        dirs: Vec<DirId>,
    },
    /// All the player's pieces (of the given contents) form one group, joined along `dirs`;
    /// a single piece is a group. Tested for every player, the mover first, so a move that
    /// connects both sides wins for the mover.
    Connected {
        pieces: ByPlayer<ContentSet>,
        dirs: Vec<DirId>,
    },
    /// One of the player's pieces (of the given contents) stands in `zone`.
    Reach {
        zone: ZoneId,
        pieces: ByPlayer<ContentSet>,
    },
    /// The player has no piece of these kinds left on the board.
    NoPieces { kinds: Vec<KindId> },
    /// The last move (by this player) captured an enemy piece of these kinds.
    Captured { kinds: Vec<KindId> },
    /// The game has lasted this many plies.
    PlyLimit(u32),
    /// The player has borne off this many pieces.
    BorneOff(u16),
    /// No player has a legal move (passes aside).
    NobodyCanMove,
    /// Every piece on the board is of these kinds, and there are at most `n` of them
    /// (chess's insufficient material: king against king, or king and a minor piece).
    PiecesAtMost { n: u16, kinds: Vec<KindId> },
    /// Every piece of these kinds on the board stands on cells of one colour (the
    /// checkerboard colours of a square board: the parity of column + row). With
    /// `pieces-at-most`, chess's dead positions with bishops all on one colour.
    OneColour { kinds: Vec<KindId> },
    /// The player has more pieces of these kinds on the board than anyone else.
    Most { kinds: Vec<KindId> },
    /// All of these hold.
    All(Vec<EndCond>),
    /// The condition does not hold (`line(5) and not line(6)`).
    Not(Box<EndCond>),
    /// This many plies have passed without a capture or a move of a progress piece
    /// (see [`Game::progress`]).
    NoProgress(u32),
    /// The position just reached repeats (see [`Repetition`]); holds for the player who
    /// made the move.
    Repetition(Repetition),
    /// Every move of the player who just moved, since the position now reached first stood,
    /// attacked an opponent's royal piece (shogi's perpetual check); holds for that player.
    PerpetualCheck,
    /// The last `n` moves were passes (holds for every player).
    Passes(u16),
    /// The player's area score is higher than everyone else's. Tromp-Taylor area scoring:
    /// a player's stones, plus the empty regions (connected along `dirs`) that touch only
    /// that player's stones; the last player in turn order adds `komi_num / komi_den`.
    Score {
        komi_num: i64,
        komi_den: i64,
        dirs: Vec<DirId>,
    },
    /// A comparison of counts holds for the player (`count(man) + in-reserve(man) < 3`).
    State(StateCond),
    /// The last move was a `sow` whose last counter fell on the player's cells of the zone
    /// (`again if last-sown-in(store)`).
    LastSownIn(ZoneId),
}

impl EndCond {
    /// Whether the condition asks `nobody-can-move`, nested or not.
    pub(crate) fn asks_stuck(&self) -> bool {
        match self {
            EndCond::NobodyCanMove => true,
            EndCond::All(conds) => conds.iter().any(EndCond::asks_stuck),
            EndCond::Not(c) => c.asks_stuck(),
            _ => false,
        }
    }

    /// Whether the condition holds only after a pass (`passes(n)`, alone or first in an
    /// `and`): Go's endings are then ruled out by the last move alone, for every player.
    #[inline(always)]
    fn needs_passes(&self) -> bool {
        match self {
            EndCond::Passes(n) => *n > 0,
            EndCond::All(conds) => matches!(conds.first(), Some(EndCond::Passes(n)) if *n > 0),
            _ => false,
        }
    }

    /// Whether the condition can hold only for the player who just moved (so the others
    /// need not be tested).
    pub(crate) fn mover_only(&self) -> bool {
        match self {
            EndCond::Captured { .. }
            | EndCond::PlyLimit(_)
            | EndCond::PiecesAtMost { .. }
            | EndCond::OneColour { .. }
            | EndCond::NoProgress(_)
            | EndCond::Repetition(_)
            | EndCond::PerpetualCheck => true,
            EndCond::All(conds) => conds.iter().any(EndCond::mover_only),
            _ => false,
        }
    }
}

/// An end condition, who it is tested for, and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndRule {
    /// The condition.
    pub cond: EndCond,
    /// Bit per player: who the condition is tested for.
    pub players: u64,
    /// What it means for that player.
    pub result: EndResult,
    /// The source text, for `describe`.
    pub text: String,
    /// The compiler's words for a comparison (`fewer than 3 men`), said of the player it
    /// holds for in the game-over line; other conditions are worded from their parts.
    pub words: Option<String>,
}

/// A `line` ending's shape, as the walk along the lines reads it.
#[derive(Clone, Copy)]
pub(crate) struct LineShape<'a> {
    /// How many in a row.
    pub(crate) n: u16,
    /// Whether longer rows do not count.
    pub(crate) exact: bool,
    /// The pieces that make a row, per player.
    pub(crate) pieces: &'a ByPlayer<ContentSet>,
    /// The axes, as a direction and its opposite.
    pub(crate) axes: &'a [(DirId, DirId)],
}

/// What a `connect` ending links: pieces of `set` along `dirs`, from zone `a` to zone `b`.
#[derive(Clone, Copy)]
struct Link<'a> {
    set: ContentSet,
    dirs: &'a [DirId],
    a: ZoneId,
    b: ZoneId,
}

impl Game {
    /// Whether an ending holds only after passes (`passes(n)`, as in Go): a pass there
    /// brings the end of the game nearer, not just the other player's turn.
    pub fn ends_on_passes(&self) -> bool {
        self.ends.iter().any(|e| e.cond.needs_passes())
    }

    /// Whether `mv` is a pass the player chose (a move of a rule that only passes), not a
    /// forced pass or a move on the board.
    pub fn is_chosen_pass(&self, mv: &super::Move) -> bool {
        self.rules.get(mv.rule.index()).is_some_and(|r| r.is_pass())
    }

    /// Tests the end conditions after `mover`'s move, whose changes start at `log_from`;
    /// returns the outcome and the index of the ending that decided it.
    #[inline(always)]
    pub(crate) fn check_ends(
        &self,
        s: &mut State,
        mover: Player,
        log_from: usize,
    ) -> Option<(Outcome, u16)> {
        if let Some(quick) = &self.accel.quick_ends {
            return match quick.run(self, s, mover, log_from) {
                Ok(decided) => {
                    debug_assert_eq!(
                        decided,
                        self.check_ends_from(s, mover, log_from, 0),
                        "the quick endings disagree with the general test"
                    );
                    decided
                }
                Err(i) => self.check_ends_from(s, mover, log_from, i),
            };
        }
        // The commonest endings are ruled out here, inline: most moves of chess and
        // Intellector test only these and never make the call.
        for (i, end) in self.ends.iter().enumerate() {
            match &end.cond {
                EndCond::NoProgress(limit) if s.scalars.quiet < *limit => continue,
                EndCond::Repetition(r) if !self.may_repeat_now(s, r) => continue,
                c if c.needs_passes() && !self.last_moves_pass(s, 1) => continue,
                _ => return self.check_ends_from(s, mover, log_from, i),
            }
        }
        None
    }

    /// [`Game::check_ends`] from the ending of index `first` on.
    pub(crate) fn check_ends_from(
        &self,
        s: &mut State,
        mover: Player,
        log_from: usize,
        first: usize,
    ) -> Option<(Outcome, u16)> {
        let n = self.num_players();
        // The endings may ask `nobody-can-move` several times about this one position.
        let _memo = self
            .accel
            .asks_stuck
            .then(super::stuck_memo::Session::enter);
        for (i, end) in self.ends.iter().enumerate().skip(first) {
            match &end.cond {
                EndCond::NoProgress(limit) if s.scalars.quiet < *limit => continue,
                EndCond::Repetition(r) if !self.may_repeat_now(s, r) => continue,
                c if c.needs_passes() && !self.last_moves_pass(s, 1) => continue,
                _ => {}
            }
            let mut p = mover;
            let players = if end.cond.mover_only() { 1 } else { n };
            for _ in 0..players {
                if end.players >> p.0 & 1 == 1 && self.end_holds(s, &end.cond, p, mover, log_from) {
                    return Some((end.result.outcome_for(p), i as u16));
                }
                p = self.next_player(p);
            }
        }
        None
    }

    /// Whether the last `n` moves of `s` were passes.
    pub(crate) fn last_moves_pass(&self, s: &State, n: u16) -> bool {
        let n = n as usize;
        s.frames.len() >= n
            && s.frames[s.frames.len() - n..]
                .iter()
                .all(|f| f.mv.is_forced_pass() || self.is_chosen_pass(&f.mv))
    }

    /// Area scores (Tromp-Taylor), indexed by player (at most 8): stones on the board, plus
    /// the empty regions (connected along `dirs`) whose neighbours are all one player's
    /// stones. Allocates nothing.
    pub fn area_scores(&self, s: &State, dirs: &[DirId]) -> [i64; 8] {
        let mut score = [0i64; 8];
        for &p in s.board.iter() {
            if let Some(o) = self.owner(p) {
                score[o.index()] += 1;
            }
        }
        let words = self.board.len().div_ceil(64);
        let mut seen = Bits::new();
        let mut frontier = Bits::new();
        for start in CellId::upto(self.board.len()) {
            if seen.has(start) || s.board[start.index()] != EMPTY {
                continue;
            }
            seen.insert(start);
            frontier.insert(start);
            let (mut size, mut touches) = (0i64, 0u64);
            while let Some(c) = frontier.pop(words) {
                size += 1;
                for &d in dirs {
                    let x = self.board.next(c, d);
                    if x == NO_CELL {
                        continue;
                    }
                    let q = s.board[x.index()];
                    if q == EMPTY {
                        if !seen.has(x) {
                            seen.insert(x);
                            frontier.insert(x);
                        }
                    } else if let Some(o) = self.owner(q) {
                        touches |= 1 << o.0;
                    }
                }
            }
            if touches.count_ones() == 1 {
                score[touches.trailing_zeros() as usize] += size;
            }
        }
        score
    }

    pub(crate) fn end_holds(
        &self,
        s: &mut State,
        cond: &EndCond,
        p: Player,
        mover: Player,
        log_from: usize,
    ) -> bool {
        match cond {
            EndCond::Line {
                n,
                exact,
                pieces,
                axes,
                windows,
            } => {
                let line = LineShape {
                    n: *n,
                    exact: *exact,
                    pieces,
                    axes,
                };
                if let Some(w) = windows {
                    let fast = w.holds(s, p, (log_from..s.log.len()).map(|i| s.log[i].cell));
                    debug_assert_eq!(
                        fast,
                        self.line_walk(s, p, line, log_from),
                        "the bitboard line test disagrees with the general one"
                    );
                    return fast;
                }
                self.line_walk(s, p, line, log_from)
            }
            EndCond::Connect { a, b, pieces, dirs } => {
                let set = pieces[p];
                for i in log_from..s.log.len() {
                    let c = s.log[i].cell;
                    let link = Link {
                        set,
                        dirs,
                        a: *a,
                        b: *b,
                    };
                    if set.contains(s.board[c.index()]) && self.connects(s, c, link, p) {
                        return true;
                    }
                }
                false
            }
            EndCond::Connected { pieces, dirs } => self.all_connected(s, pieces[p], dirs),
            EndCond::Reach { zone, pieces } => {
                let z = &self.board.zones[zone.index()];
                (log_from..s.log.len()).any(|i| {
                    let c = s.log[i].cell;
                    pieces[p].contains(s.board[c.index()]) && z.contains(p, c)
                })
            }
            // Kinds the player has no piece of (ownerless ones, say) do not count.
            EndCond::NoPieces { kinds } => kinds.iter().all(|&k| {
                self.find_piece(k, Some(p))
                    .is_none_or(|id| s.counts[id.index()] == 0)
            }),
            EndCond::Captured { kinds } => {
                p == mover
                    && (log_from..s.log.len()).any(|i| {
                        let old = s.log[i].old;
                        let pt = &self.pieces[old.index()];
                        old != s.board[s.log[i].cell.index()]
                            && pt.owner.is_some_and(|o| o != mover)
                            && kinds.contains(&pt.kind)
                            && !self.still_on_board(s, old, i)
                    })
            }
            EndCond::PlyLimit(n) => p == mover && s.ply >= *n,
            EndCond::BorneOff(n) => s.off[p.index()] >= *n,
            EndCond::NobodyCanMove => self.nobody_can_move(s),
            EndCond::LastSownIn(z) => self.last_sown_in(s, p, *z),
            EndCond::Most { kinds } => {
                let count = |q: Player| -> u32 {
                    kinds
                        .iter()
                        .map(|&k| u32::from(s.counts[self.piece_id(k, Some(q)).index()]))
                        .sum()
                };
                let mine = count(p);
                (0..self.num_players()).all(|q| q == p.index() || count(Player(q as u8)) < mine)
            }
            EndCond::PiecesAtMost { n, kinds } => {
                let mut total = 0u32;
                for (id, &count) in s.counts.iter().enumerate().skip(1) {
                    if count == 0 {
                        continue;
                    }
                    if !kinds.contains(&self.pieces[id].kind) {
                        return false;
                    }
                    total += u32::from(count);
                }
                p == mover && total <= u32::from(*n)
            }
            EndCond::OneColour { kinds } => {
                let mut colours = 0u8;
                for (c, cell) in self.board.cells.iter().enumerate() {
                    let id = s.at(CellId::from_index(c));
                    if id != EMPTY && kinds.contains(&self.pieces[id.index()].kind) {
                        colours |= 1 << (cell.col + cell.row).rem_euclid(2);
                    }
                }
                p == mover && colours != 3
            }
            EndCond::All(conds) => conds
                .iter()
                .all(|c| self.end_holds(s, c, p, mover, log_from)),
            EndCond::Not(c) => !self.end_holds(s, c, p, mover, log_from),
            // A checkmate delivered on the last allowed ply stands (FIDE 9.6.2).
            EndCond::NoProgress(n) => p == mover && s.scalars.quiet >= *n && !self.is_checkmated(s),
            EndCond::Repetition(r) => p == mover && self.repeats_now(s, r),
            EndCond::PerpetualCheck => {
                p == mover && super::perpetual::checked_throughout(self, s, mover)
            }
            EndCond::Passes(n) => self.last_moves_pass(s, *n),
            EndCond::Score {
                komi_num,
                komi_den,
                dirs,
            } => {
                let scores = self.weighted_scores(s, *komi_num, *komi_den, dirs);
                let mine = scores[p.index()];
                scores[..self.num_players()]
                    .iter()
                    .enumerate()
                    .all(|(i, &x)| i == p.index() || mine > x)
            }
            EndCond::State(c) => self.state_cond(s, c, p),
        }
    }

    /// Whether no player has a legal move (the state's result cleared while asking), remembered
    /// for the rest of this make: out of line, as few games end so.
    #[inline(never)]
    fn nobody_can_move(&self, s: &mut State) -> bool {
        if let Some(stuck) = super::stuck_memo::remembered() {
            return stuck;
        }
        let keep = (s.scalars.to_move, s.scalars.result);
        s.scalars.result = None;
        // The player to move first: the one most likely to have a move. The scratch
        // list is kept per thread, so the test allocates nothing.
        let n = self.num_players();
        let first = keep.0.index();
        let stuck = SCRATCH.with(|cell| {
            let mut fresh = crate::engine::MoveList::new();
            let mut held = cell.try_borrow_mut();
            let moves = match held.as_deref_mut() {
                Ok(list) => list,
                Err(_) => &mut fresh,
            };
            !(0..n).any(|i| {
                s.scalars.to_move = Player(((first + i) % n) as u8);
                self.has_legal_move(s, moves)
            })
        });
        (s.scalars.to_move, s.scalars.result) = keep;
        super::stuck_memo::remember(stuck);
        stuck
    }

    /// Area scores times `komi_den`, the last player's plus `komi_num`.
    pub(crate) fn weighted_scores(
        &self,
        s: &State,
        komi_num: i64,
        komi_den: i64,
        dirs: &[DirId],
    ) -> [i64; 8] {
        let mut scores = self.area_scores(s, dirs);
        for x in &mut scores {
            *x *= komi_den;
        }
        scores[self.num_players() - 1] += komi_num;
        scores
    }

    /// Whether a piece logged as replaced at log index `i` reappears elsewhere in the same move
    /// (it moved, e.g. by a swap, rather than being captured).
    fn still_on_board(&self, s: &State, piece: PieceId, i: usize) -> bool {
        let from = s.frames.last().map_or(0, |f| f.log_len as usize);
        (from..s.log.len()).any(|j| j != i && s.board[s.log[j].cell.index()] == piece)
    }

    /// The general `line` test: whether a cell the move changed (log entries from
    /// `log_from` on) holds one of `p`'s pieces in a row of `n` or more (exactly `n` if
    /// `exact`) along one of `axes`, walking the board from it.
    pub(crate) fn line_walk(&self, s: &State, p: Player, line: LineShape, log_from: usize) -> bool {
        let LineShape {
            n,
            exact,
            pieces,
            axes,
        } = line;
        let set = pieces[p];
        let n = n as usize;
        (log_from..s.log.len()).any(|i| {
            let c = s.log[i].cell;
            set.contains(s.board[c.index()])
                && axes.iter().any(|&(d, od)| {
                    let len = 1 + self.run(s, c, d, set) + self.run(s, c, od, set);
                    if exact {
                        len == n
                    } else {
                        len >= n
                    }
                })
        })
    }

    /// How many cells in a row from `c` (exclusive) along `d` hold a content of `set`.
    #[inline]
    fn run(&self, s: &State, mut c: CellId, d: DirId, set: ContentSet) -> usize {
        let mut k = 0;
        loop {
            c = self.board.next(c, d);
            if c == NO_CELL || !set.contains(s.board[c.index()]) {
                return k;
            }
            k += 1;
        }
    }

    /// Flood fill from `start` through cells of `set`; whether the chain touches zones a and b.
    fn connects(&self, s: &mut State, start: CellId, link: Link, p: Player) -> bool {
        let Link { set, dirs, a, b } = link;
        let (za, zb) = (&self.board.zones[a.index()], &self.board.zones[b.index()]);
        let gen = s.fresh_mark();
        s.stack.clear();
        s.stack.push(start);
        s.mark[start.index()] = gen;
        let (mut ta, mut tb) = (false, false);
        while let Some(c) = s.stack.pop() {
            ta |= za.contains(p, c);
            tb |= zb.contains(p, c);
            if ta && tb {
                return true;
            }
            for &d in dirs {
                let n = self.board.next(c, d);
                if n != NO_CELL && s.mark[n.index()] != gen && set.contains(s.board[n.index()]) {
                    s.mark[n.index()] = gen;
                    s.stack.push(n);
                }
            }
        }
        false
    }

    /// The position's score as the game's first scoring ending (`score(area, komi: …)`)
    /// would count it now, whether or not the game is over; `None` when no ending scores.
    pub fn area_score(&self, state: &State) -> Option<super::AreaScore> {
        let EndCond::Score {
            komi_num,
            komi_den,
            dirs,
        } = self
            .ends
            .iter()
            .find_map(|e| super::explain::find_score(&e.cond))?
        else {
            return None;
        };
        let points = self.weighted_scores(state, *komi_num, *komi_den, dirs);
        Some(super::AreaScore {
            points: points[..self.num_players()].to_vec(),
            den: *komi_den,
        })
    }

    /// Why the game ended, in words, when the last move ended it by a repetition or a
    /// score; `None` for other endings (and games that are not over).
    pub fn explain_end(&self, state: &State) -> Option<String> {
        let outcome = state.scalars.result?;
        let end = self.ends.get(state.scalars.end_rule as usize)?;
        let what = outcome.describe(self);
        let mut reasons = Vec::new();
        super::explain::explain_cond(self, state, &end.cond, &mut reasons);
        // A game ended by passes without a winner on points (a tie): show the score anyway.
        if reasons.len() == 1 && matches!(end.cond, EndCond::Passes(_)) {
            if let Some(score) = self
                .ends
                .iter()
                .find_map(|e| super::explain::find_score(&e.cond))
            {
                super::explain::explain_cond(self, state, score, &mut reasons);
            }
        }
        if reasons.is_empty() {
            return None;
        }
        Some(format!("{what}: {}", reasons.join("; ")))
    }
}

impl Game {
    /// Whether the last move was a `sow` whose last counter fell on `p`'s cells of zone `z`.
    /// Out of line and cold: only sowing games ask it, and keeping it out of `end_holds`
    /// keeps that hot function as small as it was for every other game.
    #[cold]
    #[inline(never)]
    fn last_sown_in(&self, s: &State, p: Player, z: ZoneId) -> bool {
        s.frames.last().is_some_and(|f| {
            let mv = f.mv;
            !mv.is_forced_pass()
                && matches!(
                    self.rules
                        .get(mv.rule.index())
                        .and_then(|r| r.parts.first()),
                    Some(super::Part::Sow(_))
                )
                && mv.len >= 2
                && self.board.zones[z.index()].contains(p, mv.cells[1])
        })
    }
}
