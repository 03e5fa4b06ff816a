//! Whole turns with dice used separately (`dice 2 from 1 to 6 separately`, `advance(track,
//! by: die)`): backgammon's kind of turn.
//!
//! After a roll, the player's one move is a whole turn: a sequence of steps along a track,
//! each by one die not used yet (a double counts four times with `, doubles twice`). As
//! many dice as possible must be used; when only one of two different dice can be used,
//! it must be the larger. Turns that leave the same position are one move (one play):
//! a 3-1 moving one man 8/7/4 or 8/5/4, or the same steps in another order.
//! A turn records its steps as pairs of cells (origin or [`FROM_RESERVE`], landing cell
//! or [`BORNE_OFF`]) in an order in which they can be played.

mod text;

use super::{Advance, CaptureRule, Steps};
use crate::engine::state::NO_ROLL;
use crate::engine::RuleId;
use crate::engine::Rules;
use crate::engine::{
    CellId, Game, Move, MoveList, Part, PieceId, Player, State, ZoneId, BORNE_OFF, EMPTY,
    FROM_RESERVE,
};

/// What `advance(…, by: die)` may add to the plain advance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnRules {
    /// `enter: first`: while a piece of the mover waits in the reserve (the bar), the
    /// only steps are entering ones.
    pub enter_first: bool,
    /// `capture: blot`: a lone enemy piece on a stack cell is hit (sent back to its
    /// owner's reserve); two or more enemy pieces block the cell.
    pub blot: bool,
    /// `bear-off: zone`: bearing off needs every piece of the mover in the zone and none
    /// in the reserve; a die larger than the distance bears off only the rearmost piece.
    pub home: Option<ZoneId>,
}

/// The most steps in one turn (a double used four times).
const MAX_STEPS: usize = 4;

/// One step of a turn: from, to, the die it used, the rule, and whether it hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    from: CellId,
    to: CellId,
    die: u8,
    rule: RuleId,
    hit: bool,
}

/// A turn found by the search: its steps in playing order.
#[derive(Clone, Copy, Debug)]
struct Path {
    steps: [Step; MAX_STEPS],
    n: usize,
}

impl Path {
    /// The steps as (from, to) pairs, sorted: equal keys are the same turn.
    fn key(&self) -> Key {
        let mut k = [(u16::MAX, u16::MAX); MAX_STEPS];
        for (slot, st) in k.iter_mut().zip(&self.steps[..self.n]) {
            *slot = (st.from.index() as u16, st.to.index() as u16);
        }
        k[..self.n].sort_unstable();
        k
    }

    /// The turn as a move: its rule, then each step's from and to.
    fn as_move(&self) -> Move {
        let mut mv = Move::new(self.steps[0].rule);
        for st in &self.steps[..self.n] {
            mv.push(st.from);
            mv.push(st.to);
        }
        mv
    }

    /// What the turn leaves on the board: the cells men left and reached for good (a cell
    /// reached and left again cancels out), and the cells where a man was hit, each sorted.
    /// Two turns with the same outcome leave the same position.
    fn outcome(&self) -> Outcome {
        const NONE: u16 = u16::MAX;
        let mut from = [NONE; MAX_STEPS];
        let mut to = [NONE; MAX_STEPS];
        let mut hits = [NONE; MAX_STEPS];
        for (i, st) in self.steps[..self.n].iter().enumerate() {
            from[i] = st.from.index() as u16;
            to[i] = st.to.index() as u16;
            if st.hit {
                hits[i] = st.to.index() as u16;
            }
        }
        for f in from.iter_mut().filter(|f| **f != NONE) {
            if let Some(t) = to.iter_mut().find(|t| **t == *f) {
                *t = NONE;
                *f = NONE;
            }
        }
        from.sort_unstable();
        to.sort_unstable();
        hits.sort_unstable();
        [from, to, hits]
    }
}

/// A turn's steps as sorted (from, to) cell indices.
type Key = [(u16, u16); MAX_STEPS];

/// What a turn leaves on the board (see [`Path::outcome`]).
type Outcome = [[u16; MAX_STEPS]; 3];

/// The turn search's buffers, kept between calls: once grown, generating allocates nothing.
#[derive(Default)]
struct Buffers {
    scratch: Scratch,
    found: Vec<Path>,
    keys: Vec<Outcome>,
}

thread_local! {
    static BUFFERS: std::cell::RefCell<Buffers> = std::cell::RefCell::new(Buffers::default());
}

/// The board as the turn search sees it: each cell's top piece and height, the mover's
/// reserve, and how many of the mover's pieces stand outside the home zone.
#[derive(Default)]
struct Scratch {
    top: Vec<PieceId>,
    count: Vec<u8>,
    reserve: u16,
    outside: u32,
}

/// What a step changed, to take it back.
#[derive(Clone, Copy)]
struct Undo {
    from_top: PieceId,
    to_top: PieceId,
    to_count: u8,
}

/// The dice of a roll of two dice used separately: `10 × high + low`.
pub fn split_roll(roll: u8) -> (u8, u8) {
    (roll / 10, roll % 10)
}

impl Rules {
    /// Whether the dice are used separately (moves are whole turns, see [`crate::engine::dice_turn`]).
    #[inline]
    pub fn separate_dice(&self) -> bool {
        self.dice.as_ref().is_some_and(|d| d.separately.is_some())
    }

    /// How a turn uses dice rolled separately, for `describe`.
    pub fn dice_turn_text(&self) -> Option<String> {
        let twice = self.dice.as_ref()?.separately?;
        Some(format!(
            "a turn: each die moves one piece by its number{}, in either order, as one move; \
             as many dice as possible must be used, and if only one of two can be, the larger",
            if twice { " (a double four times)" } else { "" }
        ))
    }

    /// Whether a whole-turn advance hits lone enemy pieces on stacks (`capture: blot`).
    pub fn hits_blots(&self) -> bool {
        self.rules.iter().any(|r| {
            r.parts
                .iter()
                .any(|p| matches!(p, Part::Advance(a) if a.turn.blot))
        })
    }

    /// The dice a roll lets the player use, in order (a double four times with
    /// `doubles twice`), and how many.
    fn turn_dice(&self, roll: u8) -> ([u8; MAX_STEPS], usize) {
        let (hi, lo) = split_roll(roll);
        let twice = self.dice.as_ref().and_then(|d| d.separately) == Some(true);
        if hi == lo && twice {
            ([hi; MAX_STEPS], 4)
        } else {
            ([hi, lo, 0, 0], 2)
        }
    }

    /// Every legal whole turn for the pending roll.
    pub(crate) fn gen_dice_turns(&self, s: &State, p: Player, out: &mut MoveList) {
        if s.scalars.roll == NO_ROLL {
            return;
        }
        BUFFERS.with(|b| {
            let mut b = b.borrow_mut();
            let Buffers {
                scratch,
                found,
                keys,
            } = &mut *b;
            self.turns_with(s, p, scratch, found, keys, out);
        });
    }

    /// [`Game::gen_dice_turns`] with buffers to reuse: one move per outcome.
    fn turns_with(
        &self,
        s: &State,
        p: Player,
        w: &mut Scratch,
        found: &mut Vec<Path>,
        keys: &mut Vec<Outcome>,
        out: &mut MoveList,
    ) {
        self.longest_turns(s, p, w, found);
        keys.clear();
        for t in found.iter() {
            let key = t.outcome();
            if keys.contains(&key) {
                continue;
            }
            keys.push(key);
            out.push(t.as_move());
        }
    }

    /// Every legal turn for the pending roll, in the order found, the same play reached
    /// along several paths included: the longest ones, and of one die of two the larger.
    fn longest_turns(&self, s: &State, p: Player, w: &mut Scratch, found: &mut Vec<Path>) {
        let (dice, n) = self.turn_dice(s.scalars.roll);
        self.fill_scratch(s, p, w);
        found.clear();
        let mut path = Path {
            steps: [rule_step(FROM_RESERVE, FROM_RESERVE, 0, RuleId::new(0), false); MAX_STEPS],
            n: 0,
        };
        self.search(w, p, &dice[..n], &mut path, found);
        // As many dice as possible; one die of two: the larger if it can be used.
        let most = found.iter().map(|t| t.n).max().unwrap_or(0);
        found.retain(|t| t.n == most && most > 0);
        if most == 1 {
            let big = found.iter().map(|t| t.steps[0].die).max().unwrap_or(0);
            found.retain(|t| t.steps[0].die == big);
        }
    }

    /// The search's view of the board.
    fn scratch(&self, s: &State, p: Player) -> Scratch {
        let mut w = Scratch::default();
        self.fill_scratch(s, p, &mut w);
        w
    }

    /// Fills `w` with the search's view of the board.
    fn fill_scratch(&self, s: &State, p: Player, w: &mut Scratch) {
        w.top.clear();
        w.top.extend_from_slice(&s.board);
        w.count.clear();
        w.count.extend(s.board.iter().enumerate().map(|(c, &q)| {
            match (self.board.stack_cap[c], q) {
                (_, EMPTY) => 0,
                (0, _) => 1,
                _ => s.height[c],
            }
        }));
        w.reserve = self
            .reserve_kind
            .map_or(0, |k| s.reserve[self.piece_id(k, Some(p)).index()]);
        w.outside = 0;
        if let Some(home) = self.die_rules(p).find_map(|(_, a)| a.turn.home) {
            let zone = &self.board.zones[home.index()];
            for (c, &k) in w.count.iter().enumerate() {
                if self.owner(s.board[c]) == Some(p) && !zone.contains(p, CellId::from_index(c)) {
                    w.outside += u32::from(k);
                }
            }
        }
    }

    /// The `by: die` rules the player may use, with their advance.
    fn die_rules(&self, p: Player) -> impl Iterator<Item = (RuleId, &Advance)> {
        self.rules.iter().enumerate().filter_map(move |(r, rule)| {
            if rule.players & (1 << p.0) == 0 {
                return None;
            }
            match rule.parts.first() {
                Some(Part::Advance(a)) if a.steps == Steps::Die => Some((RuleId::from_index(r), a)),
                _ => None,
            }
        })
    }

    /// Depth-first search of the steps with the dice left; every turn that cannot go on
    /// is recorded in `found` (only the longest ones are kept).
    fn search(
        &self,
        w: &mut Scratch,
        p: Player,
        dice: &[u8],
        path: &mut Path,
        found: &mut Vec<Path>,
    ) {
        let mut moved = false;
        for i in 0..dice.len() {
            if dice[..i].contains(&dice[i]) {
                continue;
            }
            let mut rest = [0u8; MAX_STEPS];
            let mut k = 0;
            for (j, &d) in dice.iter().enumerate() {
                if j != i {
                    rest[k] = d;
                    k += 1;
                }
            }
            let d = dice[i];
            for (r, a) in self.die_rules(p) {
                let track = &self.tracks[a.track as usize];
                let cells = &track.cells[p];
                let len = cells.len();
                let rule = &self.rules[r.index()];
                let entering = self
                    .reserve_kind
                    .is_some_and(|k| w.reserve > 0 && rule.kinds.contains(&k));
                // From the reserve: the die's number of steps, the first cell being one.
                if entering && (d as usize) <= len {
                    let t = cells[d as usize - 1];
                    let piece = self.piece_id(self.reserve_kind.unwrap_or_default(), Some(p));
                    if let Some(hit) = self.lands(w, p, a, t, piece) {
                        moved |= self.try_step(
                            w,
                            p,
                            (rule_step(FROM_RESERVE, t, d, r, hit), piece),
                            a,
                            &rest[..k],
                            (&mut *path, &mut *found),
                        );
                    }
                }
                if a.turn.enter_first && w.reserve > 0 {
                    continue;
                }
                for (at, &c) in cells.iter().enumerate() {
                    let q = w.top[c.index()];
                    if q == EMPTY
                        || self.owner(q) != Some(p)
                        || track.index[p][c.index()] != at as i16
                        || !rule.kinds.contains(&self.pieces[q.index()].kind)
                    {
                        continue;
                    }
                    let to = at + d as usize;
                    let (dest, hit) = if to < len {
                        let t = cells[to];
                        let Some(hit) = self.lands(w, p, a, t, q) else {
                            continue;
                        };
                        (t, hit)
                    } else if self.may_bear_off(w, p, a, cells, at, to == len) {
                        (BORNE_OFF, false)
                    } else {
                        continue;
                    };
                    moved |= self.try_step(
                        w,
                        p,
                        (rule_step(c, dest, d, r, hit), q),
                        a,
                        &rest[..k],
                        (&mut *path, &mut *found),
                    );
                }
            }
        }
        if !moved && path.n > 0 {
            if found.first().is_some_and(|t| t.n < path.n) {
                found.clear();
            }
            if found.first().is_none_or(|t| t.n == path.n) {
                found.push(*path);
            }
        }
    }

    /// Plays `step` on the scratch board, searches on, and takes it back.
    fn try_step(
        &self,
        w: &mut Scratch,
        p: Player,
        (step, piece): (Step, PieceId),
        a: &Advance,
        rest: &[u8],
        (path, found): (&mut Path, &mut Vec<Path>),
    ) -> bool {
        let undo = self.apply_step(w, p, step, piece, a);
        path.steps[path.n] = step;
        path.n += 1;
        self.search(w, p, rest, path, found);
        path.n -= 1;
        self.undo_step(w, p, step, piece, a, undo);
        true
    }

    /// Whether a piece `at` on the track may bear off (`exact`: the die is just enough).
    fn may_bear_off(
        &self,
        w: &Scratch,
        p: Player,
        a: &Advance,
        cells: &[CellId],
        at: usize,
        exact: bool,
    ) -> bool {
        let Some(_) = a.turn.home else {
            return exact;
        };
        if w.outside > 0 || w.reserve > 0 {
            return false;
        }
        exact
            || cells[..at].iter().all(|c| {
                let q = w.top[c.index()];
                q == EMPTY || self.owner(q) != Some(p)
            })
    }

    /// Whether a step may land on `t`: `Some(true)` when it hits the piece there.
    fn lands(
        &self,
        w: &Scratch,
        p: Player,
        a: &Advance,
        t: CellId,
        piece: PieceId,
    ) -> Option<bool> {
        let here = w.top[t.index()];
        let owner = self.owner(here);
        let enemy = here != EMPTY && owner.is_some_and(|o| o != p);
        let cap = self.board.stack_cap[t.index()];
        if cap > 0 {
            if !enemy || self.board.stack_shared[t.index()] {
                return (w.count[t.index()] < cap).then_some(false);
            }
            return (a.turn.blot && w.count[t.index()] == 1).then_some(true);
        }
        let ok = a.to.accepts(&self.board, p, t, here)
            && (here == EMPTY
                || !enemy
                || a.capture == CaptureRule::Any
                || self.pieces[here.index()].kind == self.pieces[piece.index()].kind);
        ok.then_some(enemy)
    }

    /// Whether `c` counts as home for the bear-off rule.
    fn is_home(&self, p: Player, a: &Advance, c: CellId) -> bool {
        a.turn
            .home
            .is_none_or(|z| self.board.zones[z.index()].contains(p, c))
    }

    /// Plays a step on the scratch board.
    fn apply_step(
        &self,
        w: &mut Scratch,
        p: Player,
        st: Step,
        piece: PieceId,
        a: &Advance,
    ) -> Undo {
        let mut undo = Undo {
            from_top: EMPTY,
            to_top: EMPTY,
            to_count: 0,
        };
        if st.from == FROM_RESERVE {
            w.reserve -= 1;
        } else {
            let f = st.from.index();
            undo.from_top = w.top[f];
            w.count[f] -= 1;
            if w.count[f] == 0 {
                w.top[f] = EMPTY;
            }
            if !self.is_home(p, a, st.from) {
                w.outside -= 1;
            }
        }
        if st.to != BORNE_OFF {
            let t = st.to.index();
            undo.to_top = w.top[t];
            undo.to_count = w.count[t];
            let hit = w.top[t] != EMPTY && self.owner(w.top[t]).is_some_and(|o| o != p);
            if hit && !self.board.stack_shared[t] {
                w.count[t] = 0;
            }
            w.top[t] = piece;
            w.count[t] += 1;
            if !self.is_home(p, a, st.to) {
                w.outside += 1;
            }
        }
        undo
    }

    /// Takes a step back on the scratch board.
    fn undo_step(
        &self,
        w: &mut Scratch,
        p: Player,
        st: Step,
        _piece: PieceId,
        a: &Advance,
        u: Undo,
    ) {
        if st.to != BORNE_OFF {
            let t = st.to.index();
            w.top[t] = u.to_top;
            w.count[t] = u.to_count;
            if !self.is_home(p, a, st.to) {
                w.outside -= 1;
            }
        }
        if st.from == FROM_RESERVE {
            w.reserve += 1;
        } else {
            let f = st.from.index();
            w.top[f] = u.from_top;
            w.count[f] += 1;
            if !self.is_home(p, a, st.from) {
                w.outside += 1;
            }
        }
    }
}

/// Plays a whole turn recorded by [`Game::gen_dice_turns`].
pub(crate) fn exec_dice_turn(game: &Game, s: &mut State, mv: Move, p: Player) {
    for pair in mv.cells().chunks_exact(2) {
        exec_turn_step(game, s, pair[0], pair[1], p);
    }
}

/// One step of a turn: lifts the piece (or takes it from the reserve), hits a lone
/// enemy piece on the landing cell, and lands or bears off.
fn exec_turn_step(game: &Game, s: &mut State, from: CellId, to: CellId, p: Player) {
    let piece = if from == FROM_RESERVE {
        let Some(k) = game.reserve_kind else { return };
        let id = game.piece_id(k, Some(p));
        game.add_reserve(s, id, -1);
        id
    } else {
        crate::engine::race::lift(game, s, from)
    };
    if to == BORNE_OFF {
        let old = s.off[p.index()];
        s.side
            .push(crate::engine::state::SideChange::Off { player: p.0, old });
        s.scalars.hash ^= game.zobrist.off(p.index(), old) ^ game.zobrist.off(p.index(), old + 1);
        s.off[p.index()] = old + 1;
        return;
    }
    let victim = s.board[to.index()];
    let stack = game.board.stack_cap[to.index()] > 0;
    if let (Some(owner), Some(k)) = (game.owner(victim), game.reserve_kind) {
        if owner != p && !(stack && game.board.stack_shared[to.index()]) {
            if stack {
                crate::engine::race::lift(game, s, to);
            }
            game.add_reserve(s, game.piece_id(k, Some(owner)), 1);
        }
    }
    if stack {
        game.drop_on_stack(s, to, piece);
    } else {
        game.set_cell(s, to, piece);
    }
}

/// A step by die `die` of rule `rule` (`hit`: it hits a lone enemy piece).
fn rule_step(from: CellId, to: CellId, die: u8, rule: RuleId, hit: bool) -> Step {
    Step {
        from,
        to,
        die,
        rule,
        hit,
    }
}
