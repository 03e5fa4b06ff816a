//! Depth-first proof-number search (df-pn, Nagai 2002) with the 1 + ε threshold trick
//! (Pawlewicz and Lew 2007), a memory-bounded table and the game's symmetries.
//!
//! One search answers one question: does `attacker` win from this position? The value of
//! a position for the player to move takes at most two: "does the player to move win?",
//! then "does the other player win?"; neither means a draw (a game with draws, or one that
//! can go on forever, which no one wins).
//!
//! In games whose rules are Hex's, virtual connections ([`Connections`]) settle positions
//! and narrow their moves before the children are listed.
//!
//! Repetitions: a position already on the line being searched counts as a failure for the
//! attacker (play may go round for ever). A proof never rests on such a position, so proofs
//! hold on any line; a disproof may (the graph-history-interaction problem), so it is kept
//! with the line position it depends on and trusted only while that position is still on
//! the line (see [`LoopDep`]). Games whose rules read the move history (repetition tests,
//! ply limits, no-progress and pass counts, `forbid`) are refused: positions are keyed by
//! their hash, which holds no history.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::checkpoint::{self, Header};
use super::connection::{Connections, VcScratch, Verdict};
use super::estimate::{Estimator, Scratch};
use super::table::{Entry, LoopDep, Table, INF};
use super::{SolveError, Value};
use crate::engine::{
    symmetries, EndCond, Game, Move, MoveList, Outcome, Player, State, SymmetricHasher, Symmetry,
};

/// How the df-pn solver runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// The table's size in megabytes.
    pub memory_mb: usize,
    /// Merge positions that are images of each other under the game's symmetries.
    pub symmetry: bool,
    /// Stop (with [`SolveError::Stopped`]) after searching this many positions.
    pub max_nodes: Option<u64>,
    /// Stop (with [`SolveError::Stopped`]) when another thread sets this flag (Ctrl-C).
    pub stop: Option<Arc<AtomicBool>>,
    /// Write the table to this file every `checkpoint_every` and when stopped.
    pub checkpoint: Option<PathBuf>,
    /// How often the checkpoint is written.
    pub checkpoint_every: Duration,
    /// Start from the table in this checkpoint (made for the same game and position).
    pub resume: Option<PathBuf>,
    /// Start new positions' proof and disproof numbers from how far each side is from a
    /// winning ending (see [`super::estimate`]) instead of 1 and 1.
    pub estimates: bool,
    /// Also find the value of every first move (else only the position's).
    pub first_moves: bool,
    /// Settle positions and narrow their moves by virtual connections, in the games
    /// [`Connections::new`] takes (Hex on any rhombus).
    pub connections: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            memory_mb: super::DEFAULT_MEMORY_MB,
            symmetry: true,
            max_nodes: None,
            stop: None,
            checkpoint: None,
            checkpoint_every: Duration::from_secs(600),
            resume: None,
            estimates: true,
            first_moves: true,
            connections: true,
        }
    }
}

/// What the solver reports while it runs (at most once a second).
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Positions searched.
    pub nodes: u64,
    /// Positions proven or disproved.
    pub proven: u64,
    /// Positions settled by a move that ends the game at once, found among the killers
    /// (such moves found before at the same depth) without listing the children.
    pub killer_cuts: u64,
    /// Positions settled by such a move found while listing the children.
    pub win_cuts: u64,
    /// Positions settled by virtual connections ([`Connections`]), without their children.
    pub connection_cuts: u64,
    /// Positions whose moves virtual connections narrowed to a must-play region.
    pub narrowed: u64,
    /// Table slots in use.
    pub filled: usize,
    /// Table slots the memory cap allows.
    pub capacity: usize,
    /// The question being searched: does this player (seat) win...
    pub attacker: Player,
    /// ...after this first move (`None`: in the position itself)?
    pub first: Option<Move>,
    /// The proof and disproof numbers of that question's position, as last combined.
    pub root: (u32, u32),
    /// Set in the report made as soon as a first move's value is known: the move (one of
    /// its group) and its value for the player making it.
    pub solved: Option<(Move, Value)>,
}

/// The first moves that lead to one position (or to images of one under a symmetry), and
/// its value for the player making them.
#[derive(Clone, Debug)]
pub struct MoveGroup {
    /// The moves, in legal-move order.
    pub moves: Vec<Move>,
    /// Their value for the player making them.
    pub value: Value,
}

/// A position solved by df-pn.
#[derive(Clone, Debug)]
pub struct DfpnSolution {
    /// The value for the player to move.
    pub value: Value,
    /// Every first move, grouped, in legal-move order.
    pub groups: Vec<MoveGroup>,
    /// The symmetries used (the identity included).
    pub symmetries: Vec<Symmetry>,
    /// A line of best play (empty for a draw): the winner's proven move that was quickest
    /// to prove, the loser's reply whose proof took the most work (the longest resistance
    /// the search saw), and so on to the end of the game.
    pub line: Vec<Move>,
    /// The counts at the end.
    pub stats: Progress,
    /// Whether the search used virtual connections ([`Connections`]).
    pub connections: bool,
}

/// The longest line searched before giving up.
const MAX_PLIES: u32 = 2000;
/// The longest principal line reported.
const MAX_LINE: usize = 400;

/// Why df-pn cannot take this game, if it cannot: too many players, dice, or a rule that
/// reads the move history.
pub fn unsupported(game: &Game) -> Option<SolveError> {
    if game.num_players() != 2 {
        return Some(SolveError::NotTwoPlayers(game.num_players()));
    }
    if game.dice().is_some() {
        return Some(SolveError::Chance);
    }
    fn history(c: &EndCond) -> bool {
        match c {
            EndCond::Repetition(_)
            | EndCond::PlyLimit(_)
            | EndCond::NoProgress(_)
            | EndCond::Passes(_) => true,
            EndCond::All(xs) => xs.iter().any(history),
            EndCond::Not(x) => history(x),
            _ => false,
        }
    }
    let rule = game
        .ends()
        .iter()
        .chain(game.again())
        .find(|e| history(&e.cond))
        .map(|e| e.text.clone())
        .or_else(|| game.forbids().first().map(|f| f.text.clone()));
    rule.map(SolveError::History)
}

/// How many killers each depth keeps.
const KILLERS: usize = 2;

/// How much a proof number grows for each cell more a side needs (see [`Dfpn::weigh`]).
const ESTIMATE_WEIGHT: u32 = 2;

/// Hashes a key that is already a well-mixed hash: as it is.
#[derive(Clone, Copy, Default)]
struct KeyHash;

impl std::hash::BuildHasher for KeyHash {
    type Hasher = KeyHasher;
    fn build_hasher(&self) -> KeyHasher {
        KeyHasher(0)
    }
}

/// See [`KeyHash`].
#[derive(Clone, Copy, Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = k;
    }
}

/// The set of child keys listed at one node, to list each position once (two moves may
/// lead to one position, or to symmetric ones): open addressing in a table cleared for
/// each node, sized to twice the moves.
#[derive(Default)]
struct Seen {
    slots: Vec<u64>,
    mask: usize,
}

impl Seen {
    /// Empties the set for a node of `moves` moves.
    fn start(&mut self, moves: usize) {
        let size = (moves * 2).next_power_of_two().max(16);
        self.slots.clear();
        self.slots.resize(size, 0);
        self.mask = size - 1;
    }

    /// Adds `key`; whether it was new. (A key of 0 stands for an empty slot, so it is
    /// always new: at worst one position listed twice, which only counts it twice.)
    fn insert(&mut self, key: u64) -> bool {
        if key == 0 {
            return true;
        }
        let mut i = (key ^ key >> 29) as usize & self.mask;
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = key;
                    return true;
                }
                k if k == key => return false,
                _ => i = (i + 1) & self.mask,
            }
        }
    }
}

/// One child of a node being searched.
#[derive(Clone, Copy)]
struct Kid {
    mv: Move,
    key: u64,
    e: Entry,
}

struct Dfpn<'g, F: FnMut(&Progress)> {
    game: &'g Game,
    hasher: SymmetricHasher,
    table: Table,
    attacker: Player,
    /// Mixed into keys so the two questions keep apart.
    salt: u64,
    lists: Vec<MoveList>,
    kids: Vec<Vec<Kid>>,
    /// Positions on the current line: key to depth.
    path: HashMap<u64, u32, KeyHash>,
    /// Per depth, the moves that last ended the game in the mover's favour there.
    killers: Vec<[Option<Move>; KILLERS]>,
    /// Positions settled by a killer.
    killers_used: u64,
    /// Positions settled by a winning move found while listing the children.
    win_cuts: u64,
    /// Virtual connections and their buffers, if the game is one they hold in (and the
    /// options allow).
    connections: Option<(Connections, VcScratch)>,
    connection_cuts: u64,
    narrowed: u64,
    /// The first move whose position is being solved (for the progress reports).
    first: Option<Move>,
    /// The numbers of the position being solved, as last combined.
    root: (u32, u32),
    /// The children listed so far at the node being expanded.
    seen: Seen,
    /// Distance estimates for new positions' numbers, if the game has endings understood.
    estimator: Option<Estimator>,
    scratch: Scratch,
    /// A proof number grows by this much for each cell more a side needs.
    weight: u32,
    /// The distance a blocked side counts as.
    far: u32,
    /// The visit number of the position at each depth of the line.
    visits: Vec<u64>,
    next_visit: u64,
    nodes: u64,
    proven: u64,
    progress: F,
    last_report: Instant,
    /// Limits and checkpoints.
    opts: Options,
    /// The fingerprint written into checkpoints.
    fingerprint: u64,
    last_checkpoint: Instant,
}

fn solved(e: Entry) -> bool {
    e.pn == 0 || e.dn == 0
}

const PROVEN: Entry = Entry {
    pn: 0,
    dn: INF,
    work: 0,
    dep: LoopDep::NONE,
    pure: false,
};
const DISPROVEN: Entry = Entry {
    pn: INF,
    dn: 0,
    work: 0,
    dep: LoopDep::NONE,
    pure: false,
};
const UNKNOWN: Entry = Entry {
    pn: 1,
    dn: 1,
    work: 0,
    dep: LoopDep::NONE,
    pure: false,
};

/// `a + b`, kept below [`INF`] (a sum of unsolved numbers is never a proof).
fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b).min(INF - 1)
}

/// The child's threshold from the second-best child's number `second`: 1 + ε with ε = 1/4.
fn epsilon(th: u32, second: u32) -> u32 {
    let grown = u64::from(second) + (u64::from(second) / 4).max(1);
    th.min(grown.min(u64::from(INF)) as u32)
}

/// The child's threshold on the summed number: what is left of the parent's.
fn rest(th: u32, total: u32, kid: u32) -> u32 {
    if th == INF {
        INF
    } else {
        (u64::from(th) - u64::from(total) + u64::from(kid)).min(u64::from(INF)) as u32
    }
}

impl<F: FnMut(&Progress)> Dfpn<'_, F> {
    fn key(&self, s: &State) -> u64 {
        self.hasher.canonical(s) ^ self.salt
    }

    fn stats(&self) -> Progress {
        Progress {
            nodes: self.nodes,
            proven: self.proven,
            killer_cuts: self.killers_used,
            win_cuts: self.win_cuts,
            connection_cuts: self.connection_cuts,
            narrowed: self.narrowed,
            filled: self.table.filled(),
            capacity: self.table.max_capacity(),
            attacker: self.attacker,
            first: self.first,
            root: self.root,
            solved: None,
        }
    }

    /// The seat playing `colour` in `s`: after the pie rule's swap the people have
    /// exchanged colours. The questions are about seats (people), so that "the player to
    /// move wins" means what the exact solver means, swap or not.
    fn seat(&self, s: &State, colour: Player) -> Player {
        if s.swapped() {
            self.game.next_player(colour)
        } else {
            colour
        }
    }

    /// The entry of a finished game `s` (`o`: its outcome; `None`, a draw).
    fn terminal(&self, s: &State, o: Option<Outcome>) -> Entry {
        match o.and_then(|o| o.winner(2)) {
            Some(w) if self.seat(s, w) == self.attacker => PROVEN,
            Some(_) => Entry {
                pure: true,
                ..DISPROVEN
            },
            None => DISPROVEN,
        }
    }

    /// The first killer of depth `d` that is legal in `s` (with `moves`) and ends the game
    /// in the mover's favour: its child's entry (`or`: the attacker moves).
    fn killer_cut(&mut self, s: &mut State, d: usize, moves: &[Move], or: bool) -> Option<Entry> {
        for i in 0..KILLERS {
            let Some(k) = self.killers[d][i] else { break };
            if !moves.contains(&k) {
                continue;
            }
            self.game.make(s, k);
            let e = s.result_now().map(|o| self.terminal(s, Some(o)));
            self.game.unmake(s);
            if let Some(e) = e.filter(|&e| if or { e.pn == 0 } else { e.dn == 0 }) {
                self.killers_used += 1;
                return Some(e);
            }
        }
        None
    }

    /// Puts `mv` first among the killers of depth `d`.
    fn remember_killer(&mut self, d: usize, mv: Move) {
        let ks = &mut self.killers[d];
        let at = ks
            .iter()
            .position(|&k| k == Some(mv))
            .unwrap_or(KILLERS - 1);
        ks.copy_within(0..at, 1);
        ks[0] = Some(mv);
    }

    /// Stores and returns the entry of a position settled by one move (`e`: that child's).
    fn settle(&mut self, key: u64, e: Entry) -> Entry {
        let e = if e.pn == 0 {
            Entry { work: 1, ..PROVEN }
        } else {
            Entry {
                work: 1,
                pure: e.pure,
                ..DISPROVEN
            }
        };
        self.proven += 1;
        self.table.put(key, e);
        e
    }

    /// The first numbers of a position not searched yet: from how far each side is from a
    /// winning ending ([`Estimator`]), or 1 and 1 when the game has no ending understood.
    fn guess(&mut self, s: &State) -> Entry {
        let Some(est) = &self.estimator else {
            return UNKNOWN;
        };
        let attacker = self.seat(s, self.attacker);
        let defender = self.game.next_player(attacker);
        let da = est.distance(s, attacker, &mut self.scratch);
        let dd = est.distance(s, defender, &mut self.scratch);
        let a_moves = s.to_move() == attacker;
        // The attacker's proof number grows with the cells it still needs, its disproof
        // number with the cells the defender needs.
        Entry {
            pn: self.weigh(da, a_moves),
            dn: self.weigh(dd, !a_moves),
            ..UNKNOWN
        }
    }

    /// A proof number from a distance: the side not to move is a move further away.
    fn weigh(&self, d: u32, to_move: bool) -> u32 {
        let d = d.min(self.far).saturating_add(u32::from(!to_move)).max(1);
        1 + (d - 1) * self.weight
    }

    /// The table's entry for a child, unless it is a disproof resting on a position no
    /// longer on the line (seen from a node at `depth`).
    fn lookup(&self, key: u64, depth: u32) -> Option<Entry> {
        let e = self.table.get(key)?;
        let valid = !e.dep.is_some()
            || (e.dep.depth <= depth
                && self.visits.get(e.dep.depth as usize) == Some(&e.dep.visit));
        valid.then_some(e)
    }

    /// Searches `s` until its proof number reaches `th_pn` or its disproof number `th_dn`
    /// (or it is solved); returns its numbers, also stored in the table.
    fn mid(
        &mut self,
        s: &mut State,
        depth: u32,
        th_pn: u32,
        th_dn: u32,
    ) -> Result<Entry, SolveError> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) {
            self.every_4096()?;
        }
        if depth > MAX_PLIES {
            return Err(SolveError::TooDeep(MAX_PLIES));
        }
        let key = self.key(s);
        if let Some(o) = s.result_now() {
            let e = self.terminal(s, Some(o));
            self.table.put(key, e);
            return Ok(e);
        }
        let d = depth as usize;
        if self.lists.len() <= d {
            self.lists.push(MoveList::new());
            self.kids.push(Vec::new());
            self.killers.push([None; KILLERS]);
        }
        let mut moves = std::mem::take(&mut self.lists[d]);
        self.game.legal_moves(s, &mut moves);
        if moves.is_empty() {
            self.lists[d] = moves;
            let e = self.terminal(s, self.game.no_moves_outcome(s));
            self.table.put(key, e);
            return Ok(e);
        }
        let or = self.seat(s, s.to_move()) == self.attacker;
        if let Some(e) = self.connection_cut(s, &mut moves, or) {
            self.lists[d] = moves;
            self.connection_cuts += 1;
            return Ok(self.settle(key, e));
        }
        // A move that ends the game in the mover's favour settles the position at once: the
        // moves that did so at this depth before (killers) are tried first, then each move
        // as the children are listed.
        if let Some(e) = self.killer_cut(s, d, &moves, or) {
            self.lists[d] = moves;
            return Ok(self.settle(key, e));
        }
        let mut kids = std::mem::take(&mut self.kids[d]);
        kids.clear();
        self.seen.start(moves.len());
        let cut = self.list_kids(s, &moves, &mut kids, or);
        if let Some((mv, e)) = cut {
            self.win_cuts += 1;
            self.remember_killer(d, mv);
            self.lists[d] = moves;
            self.kids[d] = kids;
            return Ok(self.settle(key, e));
        }
        self.enter(key, depth, &mut kids);
        self.lists[d] = moves;
        let work0 = self.nodes;
        let result = self.search_kids(s, &mut kids, depth, or, th_pn, th_dn);
        self.path.remove(&key);
        self.kids[d] = kids;
        let mut e = result?;
        e.work = (self.nodes - work0).min(u64::from(u32::MAX)) as u32;
        if solved(e) {
            self.proven += 1;
        }
        self.table.put(key, e);
        Ok(e)
    }

    /// Where the connection reading settles `s` (with `moves` its legal moves; `or`: the
    /// attacker moves), its entry; where it only narrows the moves to a region that must be
    /// played, `moves` keeps those alone.
    fn connection_cut(&mut self, s: &State, moves: &mut MoveList, or: bool) -> Option<Entry> {
        let (conn, vc) = self.connections.as_mut()?;
        let mover_wins = match conn.judge(s, vc) {
            Verdict::Wins => Some(true),
            Verdict::Loses => Some(false),
            Verdict::MustPlay(cells) => {
                let before = moves.len();
                moves.retain(|m| {
                    m.cells()
                        .first()
                        .is_some_and(|c| cells >> c.index() & 1 == 1)
                });
                self.narrowed += u64::from(moves.len() < before);
                // Never empty (the region is empty cells, all of them legal), but a
                // position with no move left would be lost.
                moves.is_empty().then_some(false)
            }
            Verdict::Open => None,
        };
        let wins = mover_wins?;
        Some(if wins == or {
            PROVEN
        } else {
            Entry {
                pure: true,
                ..DISPROVEN
            }
        })
    }

    /// Lists in `kids` the children of `s` reached by `moves` (a transposition once), each
    /// with its numbers if the game ends there, else a guess; stops at a move that ends the
    /// game in the mover's favour (`or`: the attacker moves) and returns it with its entry.
    fn list_kids(
        &mut self,
        s: &mut State,
        moves: &MoveList,
        kids: &mut Vec<Kid>,
        or: bool,
    ) -> Option<(Move, Entry)> {
        // First each child's key and whether the game ends there (its bucket fetched
        // meanwhile), then the table: the lookups' cache misses overlap.
        for &mv in moves {
            self.game.make(s, mv);
            let e = s.result_now().map(|o| self.terminal(s, Some(o)));
            if let Some(e) = e.filter(|&e| if or { e.pn == 0 } else { e.dn == 0 }) {
                self.game.unmake(s);
                return Some((mv, e));
            }
            let k = self.key(s);
            if self.seen.insert(k) {
                let e = e.unwrap_or_else(|| {
                    self.table.prefetch(k);
                    self.guess(s)
                });
                kids.push(Kid { mv, key: k, e });
            }
            self.game.unmake(s);
        }
        None
    }

    /// Puts the position `key` at `depth` on the line (a new visit there) and reads its
    /// open children's numbers: a child already on the line is a disproof resting on it;
    /// the others' come from the table where it has them.
    fn enter(&mut self, key: u64, depth: u32, kids: &mut [Kid]) {
        let d = depth as usize;
        self.next_visit += 1;
        if self.visits.len() <= d {
            self.visits.resize(d + 1, 0);
        }
        self.visits[d] = self.next_visit;
        self.path.insert(key, depth);
        for kid in kids.iter_mut().filter(|k| !solved(k.e)) {
            if let Some(&at) = self.path.get(&kid.key) {
                kid.e = Entry {
                    dep: LoopDep {
                        depth: at,
                        visit: self.visits[at as usize],
                    },
                    ..DISPROVEN
                };
            } else if let Some(e) = self.lookup(kid.key, depth) {
                kid.e = e;
            }
        }
    }

    /// Searches the most proving child of a node at `depth` (`or`: the attacker moves
    /// there), again and again, until the node's numbers reach the thresholds or it is
    /// solved.
    fn search_kids(
        &mut self,
        s: &mut State,
        kids: &mut [Kid],
        depth: u32,
        or: bool,
        th_pn: u32,
        th_dn: u32,
    ) -> Result<Entry, SolveError> {
        // The children's numbers are read from the table once, here, and then kept in
        // `kids`: reading them again on every round would be a cache miss per child for a
        // transposition's rare news (the table is memory-bound).
        loop {
            let (e, best, second) = combine(kids, or, depth);
            if depth == 0 {
                self.root = (e.pn, e.dn);
            }
            if solved(e) || e.pn >= th_pn || e.dn >= th_dn {
                break Ok(e);
            }
            let kid = kids[best];
            let (c_pn, c_dn) = if or {
                (epsilon(th_pn, second), rest(th_dn, e.dn, kid.e.dn))
            } else {
                (rest(th_pn, e.pn, kid.e.pn), epsilon(th_dn, second))
            };
            self.game.make(s, kid.mv);
            let r = self.mid(s, depth + 1, c_pn, c_dn);
            self.game.unmake(s);
            match r {
                Ok(e) => kids[best].e = e,
                Err(err) => break Err(err),
            }
        }
    }

    /// Progress, the limits and the periodic checkpoint, every 4096 positions.
    fn every_4096(&mut self) -> Result<(), SolveError> {
        if self.last_report.elapsed() >= Duration::from_secs(1) {
            self.last_report = Instant::now();
            let st = self.stats();
            (self.progress)(&st);
        }
        if self.opts.max_nodes.is_some_and(|n| self.nodes >= n)
            || self
                .opts
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            return Err(SolveError::Stopped {
                nodes: self.nodes,
                saved: None,
            });
        }
        if self.opts.checkpoint.is_some()
            && self.last_checkpoint.elapsed() >= self.opts.checkpoint_every
        {
            self.save_checkpoint()?;
        }
        Ok(())
    }

    /// Writes the table to the checkpoint file, if one was asked for.
    fn save_checkpoint(&mut self) -> Result<(), SolveError> {
        if let Some(path) = &self.opts.checkpoint {
            let header = Header {
                fingerprint: self.fingerprint,
                next_visit: self.next_visit,
            };
            checkpoint::save(path, header, &self.table)?;
        }
        self.last_checkpoint = Instant::now();
        Ok(())
    }

    /// Makes `attacker` the player whose win the table's entries are about.
    fn ask(&mut self, attacker: Player) {
        self.attacker = attacker;
        self.salt = 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(u64::from(attacker.0) + 1);
    }

    /// Whether `attacker` wins from `s`, from the table when it knows (with the work the
    /// proof took), else searched.
    fn proof_of(&mut self, s: &mut State, attacker: Player) -> Result<Entry, SolveError> {
        self.ask(attacker);
        if let Some(o) = s.result_now() {
            return Ok(self.terminal(s, Some(o)));
        }
        if self.game.legal_moves_vec(s).is_empty() {
            return Ok(self.terminal(s, self.game.no_moves_outcome(s)));
        }
        let key = self.key(s);
        match self.table.get(key) {
            Some(e) if solved(e) && !e.dep.is_some() => Ok(e),
            _ => self.prove(s, attacker),
        }
    }

    /// A line of best play from `s`, whose value for the player to move is `value`; the
    /// state is left as given.
    fn principal_line(&mut self, s: &mut State, value: Value) -> Result<Vec<Move>, SolveError> {
        let mover = self.seat(s, s.to_move());
        let winner = match value {
            Value::Win => mover,
            Value::Loss => self.game.next_player(mover),
            Value::Draw => return Ok(Vec::new()),
        };
        let mut line = Vec::new();
        let r = self.extend_line(s, winner, &mut line);
        for _ in 0..line.len() {
            self.game.unmake(s);
        }
        r.map(|()| line)
    }

    /// Plays the line of best play for `winner` on `s`, pushing its moves on `line`.
    fn extend_line(
        &mut self,
        s: &mut State,
        winner: Player,
        line: &mut Vec<Move>,
    ) -> Result<(), SolveError> {
        while line.len() < MAX_LINE && s.result_now().is_none() {
            let winner_moves = self.seat(s, s.to_move()) == winner;
            let moves = self.game.legal_moves_vec(s);
            // A value found as a pure disproof of the loser's question is read from those
            // entries, with no search; else from proofs of the winner's question.
            let best = match self.pick_by_disproofs(s, &moves, winner, winner_moves)? {
                Some(mv) => Some(mv),
                None => self.pick_by_proofs(s, &moves, winner, winner_moves)?,
            };
            let Some(mv) = best else { break };
            self.game.make(s, mv);
            line.push(mv);
        }
        Ok(())
    }

    /// The line's next move from pure disproofs of "does the loser win?", if the table
    /// holds one for `s`: the winner's disproved move that took least work, or the loser's
    /// move whose disproof took most. The children are read from the table (after `s` is
    /// searched again if the table has lost a child's entry).
    fn pick_by_disproofs(
        &mut self,
        s: &mut State,
        moves: &[Move],
        winner: Player,
        winner_moves: bool,
    ) -> Result<Option<Move>, SolveError> {
        let loser = self.game.next_player(winner);
        for again in [false, true] {
            // Only a disproof already in the table is used: searching the loser's question
            // when the value came from the winner's would be work for nothing.
            let e = if again {
                Some(self.prove(s, loser)?)
            } else {
                self.ask(loser);
                let k = self.key(s);
                self.table.get(k)
            };
            if e.is_none_or(|e| e.dn != 0 || !e.pure || e.dep.is_some()) {
                return Ok(None);
            }
            self.ask(loser);
            let mut best: Option<(Move, (u32, u32))> = None;
            let mut all = true;
            for &mv in moves {
                self.game.make(s, mv);
                let e = match s.result_now() {
                    Some(o) => Some(self.terminal(s, Some(o))),
                    None => self.table.get(self.key(s)),
                };
                self.game.unmake(s);
                match e.filter(|e| e.dn == 0 && e.pure && !e.dep.is_some()) {
                    Some(e) => {
                        let rank = self.line_rank(s, mv, e.work, winner);
                        if best.is_none_or(|(_, r)| better(rank, r, winner_moves)) {
                            best = Some((mv, rank));
                        }
                    }
                    None => all = false,
                }
            }
            if best.is_some() && (winner_moves || all) {
                return Ok(best.map(|(mv, _)| mv));
            }
        }
        Ok(None)
    }

    /// The line's next move from proofs of "does the winner win?": the winner's proven move
    /// that took least work, the loser's move whose proof took most, searching what the
    /// table lost.
    fn pick_by_proofs(
        &mut self,
        s: &mut State,
        moves: &[Move],
        winner: Player,
        winner_moves: bool,
    ) -> Result<Option<Move>, SolveError> {
        // The winner's proven moves are read from the table, the position proved again
        // first if its proof was replaced: searching a move that does not win would cost
        // a disproof. If no proven move is left in the table, each move is searched in
        // turn until one is proven.
        let mut known = false;
        if winner_moves {
            self.proof_of(s, winner)?;
            self.ask(winner);
            known = moves.iter().any(|&mv| {
                self.game.make(s, mv);
                let k = self.key(s);
                let proven = s
                    .result_now()
                    .is_some_and(|o| o.winner(2).is_some_and(|w| self.seat(s, w) == winner))
                    || self.table.get(k).is_some_and(|e| e.pn == 0);
                self.game.unmake(s);
                proven
            });
        }
        let mut best: Option<(Move, (u32, u32))> = None;
        for &mv in moves {
            self.game.make(s, mv);
            let e = if known {
                let k = self.key(s);
                let at_once = s.result_now().map(|o| self.terminal(s, Some(o)));
                Ok(at_once.or(self.table.get(k)).unwrap_or(UNKNOWN))
            } else {
                self.proof_of(s, winner)
            };
            self.game.unmake(s);
            let e = e?;
            if e.pn != 0 {
                continue;
            }
            // The winner: the quickest proof; the loser: the proof that took most work.
            let rank = self.line_rank(s, mv, e.work, winner);
            if best.is_none_or(|(_, r)| better(rank, r, winner_moves)) {
                best = Some((mv, rank));
            }
        }
        Ok(best.map(|(mv, _)| mv))
    }

    /// How a move ranks in the line: the work its proof took, then how many cells the
    /// winner still needs after it (from the distance estimates; 0 without them). Positions
    /// settled at once (by virtual connections, say) all took one unit of work, and then
    /// the distance keeps the winner's moves heading for the goal.
    fn line_rank(&mut self, s: &mut State, mv: Move, work: u32, winner: Player) -> (u32, u32) {
        let Some(est) = &self.estimator else {
            return (work, 0);
        };
        self.game.make(s, mv);
        let colour = self.seat(s, winner);
        let d = est.distance(s, colour, &mut self.scratch);
        self.game.unmake(s);
        (work, d)
    }

    /// Whether `attacker` wins from `s`: the root's solved entry.
    fn prove(&mut self, s: &mut State, attacker: Player) -> Result<Entry, SolveError> {
        self.ask(attacker);
        self.path.clear();
        loop {
            let e = self.mid(s, 0, INF, INF)?;
            if solved(e) {
                return Ok(e);
            }
        }
    }

    /// The value of `s` for `player`: asks first whether `player` wins, then (unless the
    /// disproof already showed it) whether the other player does.
    fn value_for(&mut self, s: &mut State, player: Player) -> Result<Value, SolveError> {
        let other = self.game.next_player(player);
        let first = self.prove(s, player)?;
        Ok(if first.pn == 0 {
            Value::Win
        } else if first.pure || self.prove(s, other)?.pn == 0 {
            Value::Loss
        } else {
            Value::Draw
        })
    }
}

/// Whether a line move ranked `a` beats one ranked `b` ([`Dfpn::line_rank`]): for the
/// winner, less work and then fewer cells still needed; for the loser, the other way round.
fn better(a: (u32, u32), b: (u32, u32), winner_moves: bool) -> bool {
    if winner_moves {
        a < b
    } else {
        a > b
    }
}

/// A node's numbers from its children's; with the best child to search and the
/// second-best child's number (for its threshold).
fn combine(kids: &[Kid], or: bool, depth: u32) -> (Entry, usize, u32) {
    // At an OR node the attacker picks: proof = least child proof, disproof = sum. At an
    // AND node the other way round.
    let pick = |e: &Entry| if or { e.pn } else { e.dn };
    let sum = |e: &Entry| if or { e.dn } else { e.pn };
    let (mut best, mut first, mut second) = (0, INF, INF);
    let mut total = 0u32;
    let mut all_zero = true;
    for (i, k) in kids.iter().enumerate() {
        let p = pick(&k.e);
        if p < first {
            second = first;
            first = p;
            best = i;
        } else if p < second {
            second = p;
        }
        total = add(total, sum(&k.e));
        all_zero &= sum(&k.e) == 0;
    }
    if first == 0 {
        total = INF;
    } else if all_zero {
        total = 0;
    }
    let (pn, dn) = if or { (first, total) } else { (total, first) };
    let mut dep = LoopDep::NONE;
    let mut pure = false;
    if dn == 0 {
        // A disproof: at an OR node every child's counts, the deepest dependency wins; at
        // an AND node one disproved child does, the one depending least on the line.
        // A disproof is pure (a proof for the other player) when every child it rests on is.
        let mut disproved = kids.iter().filter(|k| k.e.dn == 0).map(|k| k.e);
        if or {
            dep = disproved
                .clone()
                .map(|e| e.dep)
                .max_by_key(|d| (d.is_some(), d.depth))
                .unwrap_or(LoopDep::NONE);
            pure = disproved.all(|e| e.pure);
        } else if let Some(e) = disproved.min_by_key(|e| (e.dep.is_some(), !e.pure, e.dep.depth)) {
            dep = e.dep;
            pure = e.pure;
        }
        // A repetition of this very position is settled here: the defender can keep
        // play going round for ever, which the attacker does not win.
        if dep.is_some() && dep.depth >= depth {
            dep = LoopDep::NONE;
        }
    }
    let e = Entry {
        pn,
        dn,
        work: 0,
        dep,
        pure,
    };
    (e, best, second)
}

/// Solves `state` with df-pn: its value and the value of every first move (moves leading
/// to the same position, or to symmetric ones, grouped). `progress` is called at most once
/// a second.
pub fn solve_dfpn(
    game: &Game,
    state: &mut State,
    opts: Options,
    progress: impl FnMut(&Progress),
) -> Result<DfpnSolution, SolveError> {
    if let Some(e) = unsupported(game) {
        return Err(e);
    }
    let syms = if opts.symmetry {
        symmetries(game)
    } else {
        symmetries(game).into_iter().take(1).collect()
    };
    let hasher = SymmetricHasher::new(game, &syms);
    let fingerprint = fingerprint(game, state, &hasher, syms.len());
    let bytes = opts.memory_mb.saturating_mul(1 << 20);
    let (table, next_visit) = match &opts.resume {
        Some(path) => {
            let (header, table) = checkpoint::load(path, fingerprint, bytes)?;
            (table, header.next_visit)
        }
        None => (Table::with_bytes(bytes), 0),
    };
    let estimator = opts.estimates.then(|| Estimator::new(game));
    let mut solver = Dfpn {
        game,
        hasher,
        table,
        attacker: state.to_move(),
        salt: 0,
        lists: Vec::new(),
        kids: Vec::new(),
        path: HashMap::default(),
        killers: Vec::new(),
        killers_used: 0,
        win_cuts: 0,
        connections: solver_connections(game, &opts),
        connection_cuts: 0,
        narrowed: 0,
        first: None,
        root: (1, 1),
        seen: Seen::default(),
        estimator: estimator.filter(Estimator::any),
        scratch: Scratch::default(),
        weight: ESTIMATE_WEIGHT,
        far: game.board().len() as u32 + 1,
        visits: Vec::new(),
        next_visit,
        nodes: 0,
        proven: 0,
        progress,
        last_report: Instant::now(),
        opts,
        fingerprint,
        last_checkpoint: Instant::now(),
    };
    // The moves below leave the state as given; a search stopped part-way unwinds the
    // moves it made too (each `make` is undone whatever the child's search returned).
    match solve_all(&mut solver, state, &syms) {
        Err(SolveError::Stopped { nodes, .. }) => {
            let saved = solver.opts.checkpoint.clone();
            solver.save_checkpoint()?;
            Err(SolveError::Stopped {
                nodes,
                saved: saved.map(|p| p.display().to_string()),
            })
        }
        // Asked to stop, but the search ended before it next looked at the flag (it looks
        // every 4096 positions): the checkpoint the stop promised is written all the same.
        Ok(sol)
            if solver
                .opts
                .stop
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed)) =>
        {
            solver.save_checkpoint()?;
            Ok(sol)
        }
        r => r,
    }
}

/// The virtual connections df-pn uses in `game`: none when the options turn them off or
/// the game is not one they hold in (under the pie rule, for one: its swap places nothing).
fn solver_connections(game: &Game, opts: &Options) -> Option<(Connections, VcScratch)> {
    let conn = opts.connections.then(|| Connections::new(game)).flatten()?;
    Some((conn, VcScratch::default()))
}

/// A number that tells apart games, options, positions and symmetry settings, for the
/// checkpoints: the game's name, option values and endings, the position's hash and canonical key (whose
/// Zobrist keys depend on the board, the pieces and the options), the symmetries used; not
/// whether virtual connections are used, since a table made with them serves a search
/// without them and the other way round.
fn fingerprint(game: &Game, state: &State, hasher: &SymmetricHasher, symmetries: usize) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |w: u64| {
        h ^= w;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
        h ^= h >> 31;
    };
    let mut text = |t: &str| {
        for b in t.bytes() {
            mix(u64::from(b));
        }
        mix(0xff);
    };
    text(game.name());
    for (k, v) in game.options() {
        text(k);
        text(v);
    }
    for e in game.ends() {
        text(&e.text);
    }
    mix(game.num_players() as u64);
    mix(game.legal_moves_vec(state).len() as u64);
    mix(state.hash());
    mix(game.start().hash());
    mix(hasher.canonical(state));
    mix(symmetries as u64);
    h
}

/// [`solve_dfpn`]'s searches: the value, each first move's, the line.
fn solve_all<F: FnMut(&Progress)>(
    solver: &mut Dfpn<'_, F>,
    state: &mut State,
    syms: &[Symmetry],
) -> Result<DfpnSolution, SolveError> {
    let game = solver.game;
    let me = solver.seat(state, state.to_move());
    // The position's value first: its search looks for the cheapest proof among all first
    // moves at once. Then every first move's value, one search (or two) per group of moves
    // leading to one position or to symmetric ones, reusing the table.
    let value = solver.value_for(state, me)?;
    let mut groups: Vec<(u64, MoveGroup)> = Vec::new();
    let over = state.result_now().is_some() || !solver.opts.first_moves;
    for mv in game.legal_moves_vec(state).into_iter().filter(|_| !over) {
        game.make(state, mv);
        let k = solver.hasher.canonical(state);
        let r = match groups.iter_mut().find(|g| g.0 == k) {
            Some(g) => {
                g.1.moves.push(mv);
                Ok(())
            }
            None => {
                solver.first = Some(mv);
                solver.value_for(state, me).map(|value| {
                    let mut st = solver.stats();
                    st.solved = Some((mv, value));
                    (solver.progress)(&st);
                    groups.push((
                        k,
                        MoveGroup {
                            moves: vec![mv],
                            value,
                        },
                    ))
                })
            }
        };
        game.unmake(state);
        r?;
    }
    solver.first = None;
    let line = solver.principal_line(state, value)?;
    Ok(DfpnSolution {
        value,
        groups: groups.into_iter().map(|g| g.1).collect(),
        symmetries: syms.to_vec(),
        line,
        stats: solver.stats(),
        connections: solver.connections.is_some(),
    })
}
