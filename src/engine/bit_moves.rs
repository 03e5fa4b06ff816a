//! Steps, leaps and slides generated from bitboards, on boards of at most 64 cells.
//!
//! The resolved rules of [`super::PieceMoves`] still walk the neighbour table: for each piece,
//! each rule and each direction, a lookup and a content test per target. When every direction
//! of a step or slide rule is a uniform shift ([`DirShift`]: a square board's rows, columns,
//! diagonals and leaps), the rule is compiled here, when the game is assembled, into a
//! bitboard form: for a step, the cells of the piece whose neighbour that way holds what the
//! rule lands on are one shift of the accepted cells for all the pieces at once; for a slide,
//! a table of the cells along each direction (a ray) meets the cells that stop it, and the
//! first one is the lowest or highest bit. The accepted contents of a rule are a bitboard
//! made once per generation (the union of the occupancy bitsets of their piece ids).
//!
//! The moves come out in the general generator's order (piece cells ascending, then the
//! rules in order, then the directions in order, then the slide's distance), so everything
//! downstream (royal safety, random playouts, snapshots) sees the same list; a piece's
//! other rules (en passant, castling, anything part by part) are run at their place in that
//! order by the general code. A unit test compares the lists along random games of every
//! shipped game.

use super::accel::Accel;
use super::view;
use super::Rules;
use super::{DirShift, Game, KindId, Move, MoveList, PieceId, Player, Shape, State};
use crate::engine::RuleId;

/// The most content sets (what a rule lands on or slides through) one player's plans test.
pub(super) const MAX_SETS: usize = 8;
/// The most step directions one piece's rules have in all (their origin masks live on the
/// stack during a generation).
pub(super) const MAX_STEP_DIRS: usize = 16;
/// No table.
pub(super) const NONE: u32 = u32::MAX;

/// A promotion: the zone's cells and the kinds, one move each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Promote {
    pub(super) zone: u64,
    pub(super) kinds: Vec<KindId>,
}

/// One direction of a slide: its shift, and the offsets in [`BitMoves::rays`] of its ray
/// table (up to the slide's longest distance) and of the cells nearer than its shortest
/// distance ([`NONE`] when it is 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct SlideDir {
    pub(super) shift: DirShift,
    ray: u32,
    near: u32,
}

/// One resolved rule of a piece, in bitboard form where it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Entry {
    /// A step or leap along each of `dirs`, onto what set `to` holds; `base` is where its
    /// origin masks start in the generation's scratch array.
    Steps {
        rule: RuleId,
        dirs: Vec<DirShift>,
        to: u8,
        from: u64,
        base: u8,
        promote: Option<Promote>,
        /// The offset in [`BitMoves::rays`] of the table of every cell's targets (all
        /// directions together), when no two directions reach one cell from the same
        /// cell (a count then takes one popcount per piece); [`NONE`] otherwise.
        targets: u32,
    },
    /// A slide along each of `dirs` through what set `through` holds, onto what set `to`
    /// holds.
    Slide {
        rule: RuleId,
        dirs: Vec<SlideDir>,
        to: u8,
        through: u8,
        from: u64,
        passable: bool,
        promote: Option<Promote>,
        /// Whether no two directions' rays share a cell from any cell (a count then takes
        /// one popcount per piece).
        disjoint: bool,
    },
    /// Any other rule: the index of its [`super::PieceMove`] among the piece's, run by the
    /// general generator; and its shape, so that an en-passant rule with nothing to take
    /// and a castling rule of a piece that has moved are passed over at once.
    Other(u16, Shape),
}

/// The rules of one player's piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PiecePlan {
    pub(super) entries: Vec<Entry>,
    /// When every rule of the piece is a step with no promotion and none is forced: each
    /// step direction in the general generator's order (rules, then their directions),
    /// with its rule; slot `j` is origin mask `j` of [`BitMoves::origins`]. Such a piece's
    /// moves are written straight into the list ([`Game::gen_step_slots`]).
    slots: Option<Vec<(RuleId, DirShift)>>,
    /// Whether every rule of the piece is a step with a target table and no promotion, or
    /// of another shape: the moves from one cell then need no origin masks.
    tabled: bool,
}

/// The bitboard forms of every player's pieces' rules (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitMoves {
    /// `plan_of[player * pieces + piece]`: the index of its plan in `plans`, or [`NONE`].
    plan_of: Vec<u32>,
    plans: Vec<PiecePlan>,
    /// Per player, the content sets its plans test, as piece-id lists.
    pub(super) sets: Vec<Vec<Vec<PieceId>>>,
    /// Ray tables, 64 words each: `rays[offset + cell]`.
    pub(super) rays: Vec<u64>,
    pieces: usize,
    /// Per player: whether nothing but the royal rule filters their generated moves and
    /// every move starts from a piece (no `forbid` rule, forced or most-captures rule,
    /// mating-drop rule, repeated long jumps, dice, reserve or free rules), so their moves
    /// may be counted without a list (`engine/count.rs`).
    countable: Vec<bool>,
    /// Per player, the plans regrouped for counting.
    pub(super) count: Vec<super::count_plan::CountPlan>,
}

/// The accepted-content bitboards of one player's sets, made once per generation.
pub(crate) type SetMasks = [u64; MAX_SETS];

impl BitMoves {
    /// The bitboard forms of `game`'s piece rules, or `None` when the board has more than 64
    /// cells or no rule has one.
    pub fn build(game: &Rules, accel: &Accel) -> Option<BitMoves> {
        let board = &game.board;
        if board.len() > 64 {
            return None;
        }
        let pieces = game.pieces.len();
        let np = game.num_players();
        let mut out = BitMoves {
            plan_of: vec![NONE; np * pieces],
            plans: Vec::new(),
            sets: vec![Vec::new(); np],
            rays: Vec::new(),
            pieces,
            countable: Vec::new(),
            count: Vec::new(),
        };
        let filtered = !game.forbids.is_empty()
            || game.has_forced
            || game.most_captures
            || accel.drop_mate_rules
            || game.dice.is_some()
            || game.reserve_kind.is_some()
            || game.rules.iter().any(|r| {
                r.parts
                    .iter()
                    .any(|x| matches!(x, super::Part::Jump(j) if j.deferred))
            });
        out.countable = (0..np)
            .map(|p| {
                !filtered && accel.free_rules.0[p].is_empty() && accel.entry_rules.0[p].is_empty()
            })
            .collect();
        let mut ray_index: Vec<((usize, u16), u32)> = Vec::new();
        let pm = &accel.piece_moves;
        for p in (0..np).map(|p| Player(p as u8)) {
            for piece in 0..pieces {
                let entries = pm.of(p, PieceId::from_index(piece));
                let mut plan = PiecePlan {
                    entries: Vec::new(),
                    slots: None,
                    tabled: false,
                };
                let mut sets = out.sets[p.index()].clone();
                let mut step_dirs = 0usize;
                let mut bits = 0;
                for (i, e) in entries.iter().enumerate() {
                    let shifts: Option<Vec<DirShift>> = pm
                        .dirs(e)
                        .iter()
                        .map(|d| accel.dir_shifts.get(d.index()).copied().flatten())
                        .collect();
                    let from = pm.start_cells(e).map_or(u64::MAX, |w| w[0]);
                    let promote = pm.promotion(e).map(|pr| Promote {
                        zone: pr.zone[0],
                        kinds: pr.kinds.to_vec(),
                    });
                    let entry = match (e.shape, shifts) {
                        (Shape::Steps, Some(dirs)) if step_dirs + dirs.len() <= MAX_STEP_DIRS => {
                            let base = step_dirs as u8;
                            step_dirs += dirs.len();
                            let targets = out.step_table(game, &dirs);
                            set_index(&mut sets, game, e.to).map(|to| Entry::Steps {
                                rule: e.rule,
                                dirs,
                                to,
                                from,
                                base,
                                promote,
                                targets,
                            })
                        }
                        (Shape::Slide { min, max, passable }, Some(dirs)) => {
                            let to = set_index(&mut sets, game, e.to);
                            let through = set_index(&mut sets, game, e.through);
                            let ds: Vec<SlideDir> = pm
                                .dirs(e)
                                .iter()
                                .zip(&dirs)
                                .map(|(&d, &shift)| SlideDir {
                                    shift,
                                    ray: out.ray(&mut ray_index, game, d, max),
                                    near: if min > 1 {
                                        out.ray(&mut ray_index, game, d, min - 1)
                                    } else {
                                        NONE
                                    },
                                })
                                .collect();
                            let disjoint = (0..64).all(|c| {
                                let mut seen = 0u64;
                                ds.iter().all(|sd| {
                                    let ray = out.rays[sd.ray as usize + c];
                                    let apart = seen & ray == 0;
                                    seen |= ray;
                                    apart
                                })
                            });
                            to.zip(through).map(|(to, through)| Entry::Slide {
                                rule: e.rule,
                                dirs: ds,
                                to,
                                through,
                                from,
                                passable,
                                promote,
                                disjoint,
                            })
                        }
                        _ => None,
                    };
                    bits += usize::from(entry.is_some());
                    plan.entries
                        .push(entry.unwrap_or(Entry::Other(i as u16, e.shape)));
                }
                if bits > 0 {
                    plan.slots = step_slots(&plan.entries, entries);
                    plan.tabled = plan.entries.iter().all(|e| match e {
                        Entry::Steps {
                            targets, promote, ..
                        } => *targets != NONE && promote.is_none(),
                        Entry::Slide { .. } => false,
                        Entry::Other(..) => true,
                    });
                    out.sets[p.index()] = sets;
                    out.plan_of[p.index() * pieces + piece] = out.plans.len() as u32;
                    out.plans.push(plan);
                }
            }
        }
        if out.plans.is_empty() || !out.pays_at_start(game, accel) {
            return None;
        }
        out.count = (0..np)
            .map(|p| super::count_plan::CountPlan::build(game, accel, &out, Player(p as u8)))
            .collect();
        Some(out)
    }

    /// Whether most of the pieces that start on the board have a plan. The generator's set-up
    /// for each generation (the sets' masks, each plan's origins) is paid back only when
    /// many pieces use it: for one piece in nineteen (Intellector's, whose step is its only
    /// rule with a bitboard form) it cost 3.5 % more instructions a ply than it saved. A
    /// start written as a position text (read after this) counts as covered.
    fn pays_at_start(&self, game: &Rules, accel: &Accel) -> bool {
        let (mut total, mut planned) = (0usize, 0usize);
        for &id in &game.start_board {
            let Some(owner) = game.pieces[id.index()].owner else {
                continue;
            };
            if accel.movers[owner].contains(&id) {
                total += 1;
                planned += usize::from(self.plan(owner, id).is_some());
            }
        }
        total == 0 || 2 * planned >= total
    }

    /// The offset of a table of each cell's step targets along `dirs` together, or
    /// [`NONE`] when two directions reach one cell from the same cell.
    fn step_table(&mut self, game: &Rules, dirs: &[DirShift]) -> u32 {
        let n = game.board.len();
        let mut table = [0u64; 64];
        for (c, t) in table.iter_mut().enumerate().take(n) {
            for d in dirs {
                if d.from_next(u64::MAX) >> c & 1 == 1 {
                    let bit = 1u64 << d.next_of(c);
                    if *t & bit != 0 {
                        return NONE;
                    }
                    *t |= bit;
                }
            }
        }
        let at = self.rays.len() as u32;
        self.rays.extend_from_slice(&table);
        at
    }

    /// The offset of the ray table of `d` up to `max` steps, made if new.
    fn ray(
        &mut self,
        index: &mut Vec<((usize, u16), u32)>,
        game: &Rules,
        d: super::DirId,
        max: u16,
    ) -> u32 {
        let key = (d.index(), max.min(64));
        if let Some(&(_, at)) = index.iter().find(|(k, _)| *k == key) {
            return at;
        }
        let at = self.rays.len() as u32;
        for c in super::CellId::upto(64) {
            let mut ray = 0u64;
            if c.index() < game.board.len() {
                let mut t = c;
                for _ in 0..key.1 {
                    t = game.board.next(t, d);
                    if t == super::NO_CELL || t == c || ray >> t.index() & 1 == 1 {
                        break;
                    }
                    ray |= 1 << t.index();
                }
            }
            self.rays.push(ray);
        }
        index.push((key, at));
        at
    }

    /// Whether `player`'s pieces of id `piece` have a plan.
    pub(crate) fn has_plan(&self, player: Player, piece: PieceId) -> bool {
        self.plan(player, piece).is_some()
    }

    /// Whether `player`'s moves may be counted without a list (see [`BitMoves::countable`]).
    #[inline]
    pub(crate) fn countable(&self, player: Player) -> bool {
        self.countable[player.index()] && self.for_player(player)
    }

    /// Whether `player` has a plan for some piece.
    #[inline]
    pub(crate) fn for_player(&self, player: Player) -> bool {
        !self.sets[player.index()].is_empty()
    }

    /// The accepted-content bitboards of `player`'s sets in `s`.
    #[inline]
    pub(crate) fn masks(&self, s: &State, player: Player) -> SetMasks {
        let mut out = [0u64; MAX_SETS];
        for (m, ids) in out.iter_mut().zip(&self.sets[player.index()]) {
            for &id in ids {
                *m |= s.bits[id.index()];
            }
        }
        out
    }
}

/// A plan's step slots (see [`PiecePlan::slots`]), if every entry is a plain step.
fn step_slots(plan: &[Entry], rules: &[super::PieceMove]) -> Option<Vec<(RuleId, DirShift)>> {
    let mut slots = Vec::new();
    for (e, r) in plan.iter().zip(rules) {
        match e {
            Entry::Steps {
                rule,
                dirs,
                base,
                promote: None,
                ..
            } if !r.forced && usize::from(*base) == slots.len() => {
                slots.extend(dirs.iter().map(|&d| (*rule, d)));
            }
            _ => return None,
        }
    }
    Some(slots)
}

/// The index in `sets` of the piece ids `set` holds, added if new; `None` past
/// [`MAX_SETS`].
fn set_index(sets: &mut Vec<Vec<PieceId>>, game: &Rules, set: super::ContentSet) -> Option<u8> {
    let ids: Vec<PieceId> = (0..game.pieces.len())
        .map(PieceId::from_index)
        .filter(|&id| set.contains(id))
        .collect();
    if let Some(i) = sets.iter().position(|s| *s == ids) {
        return Some(i as u8);
    }
    if sets.len() == MAX_SETS {
        return None;
    }
    sets.push(ids);
    Some(sets.len() as u8 - 1)
}

/// Whether a rule of another shape may have a move from `cell`: not an en-passant rule with
/// nothing to take, nor a castling rule of a piece that has moved.
#[inline(always)]
pub(super) fn other_may_move(shape: Shape, s: &State, cell: super::CellId) -> bool {
    match shape {
        Shape::EnPassant => s.scalars.ep.target != super::NO_CELL,
        Shape::Castle => s.is_unmoved(cell),
        _ => true,
    }
}

/// Pushes the move of `rule` from `from` (through `passed`) to `to`, once per promotion kind
/// when `to` is in the promotion zone.
#[inline(always)]
fn emit(
    out: &mut MoveList,
    rule: RuleId,
    from: usize,
    passed: Option<usize>,
    to: usize,
    promote: &Option<Promote>,
) {
    let mut m = Move::new(rule);
    m.push(super::CellId::from_index(from));
    if let Some(c) = passed {
        m.push(super::CellId::from_index(c));
    }
    m.push(super::CellId::from_index(to));
    match promote {
        Some(pr) if pr.zone >> to & 1 == 1 => {
            for &k in &pr.kinds {
                m.set_promote(Some(k));
                out.push(m);
            }
        }
        _ => out.push(m),
    }
}

impl BitMoves {
    /// The plan of `player`'s pieces of id `piece`, if they have one.
    #[inline(always)]
    pub(super) fn plan(&self, player: Player, piece: PieceId) -> Option<&PiecePlan> {
        let at = self.plan_of[player.index() * self.pieces + piece.index()];
        (at != NONE).then(|| &self.plans[at as usize])
    }

    /// For the pieces on `pieces`: each step direction's origins (the cells whose neighbour
    /// that way holds what the step lands on), and the cells some rule may start from.
    /// They are written to `origins` (only the slots of the plan's step directions).
    #[inline(always)]
    pub(super) fn origins(
        plan: &PiecePlan,
        masks: &SetMasks,
        pieces: u64,
        origins: &mut [u64; MAX_STEP_DIRS],
    ) -> u64 {
        let mut any = 0u64;
        for e in &plan.entries {
            match e {
                Entry::Steps {
                    dirs,
                    to,
                    from,
                    base,
                    ..
                } => {
                    let accept = masks[usize::from(*to)];
                    for (k, d) in dirs.iter().enumerate() {
                        let o = d.from_next(accept) & pieces & from;
                        origins[(usize::from(*base) + k) % MAX_STEP_DIRS] = o;
                        any |= o;
                    }
                }
                Entry::Slide { from, .. } => any |= pieces & from,
                Entry::Other(..) => any |= pieces,
            }
        }
        any
    }

    /// The cells a slide from `c` along `sd` lands on, given what it lands on and what
    /// stops it.
    #[inline(always)]
    fn slide_targets(&self, sd: &SlideDir, c: usize, accept: u64, stops: u64) -> u64 {
        let ray = self.rays[sd.ray as usize + c];
        let stop = ray & stops;
        let reach = match (stop, sd.shift.ascending()) {
            (0, _) => ray,
            (_, true) => {
                let first = stop & stop.wrapping_neg();
                ray & (first | (first - 1))
            }
            (_, false) => {
                let first = 1u64 << (63 - stop.leading_zeros());
                ray & !(first - 1)
            }
        };
        let targets = reach & accept;
        if sd.near == NONE {
            targets
        } else {
            targets & !self.rays[sd.near as usize + c]
        }
    }
}

/// What the bitboard generator and counters read about one position: the plans, the
/// position's set masks ([`BitMoves::masks`]), the position, the player to move and, when
/// counting for a game with royal pieces, the mover's one royal piece and its cell.
#[derive(Clone, Copy)]
pub(super) struct BitPos<'a> {
    /// The bitboard plans.
    pub(super) bm: &'a BitMoves,
    /// The position's set masks.
    pub(super) masks: &'a SetMasks,
    /// The position.
    pub(super) s: &'a State,
    /// The player to move.
    pub(super) p: Player,
    /// The mover's one royal piece's cell and id, when counting must keep it safe.
    pub(super) royal: Option<(super::CellId, PieceId)>,
}

/// A piece's step origins ([`BitMoves::origins`]) and its rules, as the generator of one
/// plan entry reads them.
#[derive(Clone, Copy)]
struct Origins<'a> {
    cells: &'a [u64; MAX_STEP_DIRS],
    entries: &'a [super::PieceMove],
}

/// A piece's plan and its step origins, for counting.
#[derive(Clone, Copy)]
pub(super) struct PlanOrigins<'a> {
    plan: &'a PiecePlan,
    origins: &'a [u64; MAX_STEP_DIRS],
}

impl Rules {
    /// The moves of a piece whose rules are all plain steps (see [`PiecePlan::slots`]),
    /// from the cells of `any` (the union of `origins`), in the general generator's order,
    /// written in place: each is a whole [`Move`] written once, with no capacity test per
    /// move. False, and nothing written, when they might pass `limit` (the caller then
    /// takes the general path, which stops between cells).
    #[inline(always)]
    fn gen_step_slots(
        &self,
        slots: &[(RuleId, DirShift)],
        origins: &[u64; MAX_STEP_DIRS],
        mut any: u64,
        limit: usize,
        out: &mut MoveList,
    ) -> bool {
        let origins = &origins[..slots.len().min(MAX_STEP_DIRS)];
        let total: usize = origins.iter().map(|o| o.count_ones() as usize).sum();
        let len = out.len();
        if len + total > limit {
            return false;
        }
        out.reserve(total);
        let mut n = 0;
        let at = out.as_mut_ptr();
        while any != 0 {
            let c = any.trailing_zeros() as usize;
            any &= any - 1;
            let bit = 1u64 << c;
            for (&(rule, d), &o) in slots.iter().zip(origins) {
                if o & bit != 0 {
                    let mv = Move::from_to(
                        rule,
                        super::CellId::from_index(c),
                        super::CellId::from_index(d.next_of(c)),
                    );
                    debug_assert!(n < total);
                    // Safety: each (cell, slot) written is a distinct set bit of the
                    // slot's origin mask, so at most `total` moves are written, and
                    // `total` more fit (reserved above).
                    unsafe { at.add(len + n).write(mv) };
                    n += 1;
                }
            }
        }
        // Safety: the `n` moves after `len` were written above.
        unsafe { out.set_len(len + n) };
        true
    }
}

/// [`count_bound`] for a grouped piece of a count plan (`count_plan.rs`): its
/// moves from the cells of `bound`, with the plan's origins made here.
#[inline(always)]
pub(super) fn count_bound_cells(
    game: &Game,
    at: BitPos,
    view: &mut super::view::View,
    piece: PieceId,
    bound: u64,
    rest: &mut MoveList,
) -> usize {
    let BitPos {
        bm,
        masks,
        s,
        p,
        royal,
    } = at;
    let Some(plan) = bm.plan(p, piece) else {
        unreachable!("a grouped piece has a plan")
    };
    if let Some((king, rp)) = royal {
        if plan.tabled && rp == piece && bound == 1 << king.index() {
            return count_royal_by_tables(game, at, plan, view, king, rp, rest);
        }
    }
    let mut origins = [0u64; MAX_STEP_DIRS];
    let any = BitMoves::origins(plan, masks, s.bits[piece.index()], &mut origins);
    let planned = PlanOrigins {
        plan,
        origins: &origins,
    };
    count_bound(game, at, planned, any & bound, view, piece, rest)
}

/// The moves of `player`'s pieces of id `piece` in the general generator's order, if
/// the piece has a bitboard plan (see the module documentation); false when it has
/// none. Stops between pieces once `out` holds `limit` moves. Of every rule (`ONLY` =
/// `view::ALL`), of the forced rules or of the others, as [`Game::gen_pieces`] asks.
#[inline]
pub(super) fn gen_bit_piece<const ONLY: u8>(
    game: &Game,
    at: BitPos,
    view: &mut super::view::View,
    piece: PieceId,
    limit: usize,
    out: &mut MoveList,
) -> bool {
    let BitPos {
        bm, masks, s, p, ..
    } = at;
    let Some(plan) = bm.plan(p, piece) else {
        return false;
    };
    let mut origins = [0u64; MAX_STEP_DIRS];
    let mut any = BitMoves::origins(plan, masks, s.bits[piece.index()], &mut origins);
    if let Some(slots) = &plan.slots {
        if game.gen_step_slots(slots, &origins, any, limit, out) {
            return true;
        }
    }
    let entries = game.accel.piece_moves.of(p, piece);
    while any != 0 {
        if out.len() >= limit {
            break;
        }
        let c = any.trailing_zeros() as usize;
        any &= any - 1;
        // The cell's moves, rule by rule, in the general generator's order (the plan
        // has an entry per rule of the piece, in order).
        for (e, rule) in plan.entries.iter().zip(entries) {
            if ONLY != view::ALL && rule.forced != (ONLY == view::FORCED) {
                continue;
            }
            let from = Origins {
                cells: &origins,
                entries,
            };
            gen_bit_entry(game, at, e, from, c, view, out);
        }
    }
    true
}

/// The moves of one rule `e` of a plan from cell `c`; `origins` are the plan's step
/// directions' origins ([`BitMoves::origins`]).
#[inline(always)]
fn gen_bit_entry(
    game: &Game,
    at: BitPos,
    e: &Entry,
    from: Origins,
    c: usize,
    view: &mut super::view::View,
    out: &mut MoveList,
) {
    let BitPos {
        bm, masks, s, p, ..
    } = at;
    let Origins {
        cells: origins,
        entries,
    } = from;
    let bit = 1u64 << c;
    {
        match e {
            Entry::Steps {
                rule,
                dirs,
                base,
                promote,
                ..
            } => {
                for (k, d) in dirs.iter().enumerate() {
                    if origins[(usize::from(*base) + k) % MAX_STEP_DIRS] & bit != 0 {
                        emit(out, *rule, c, None, d.next_of(c), promote);
                    }
                }
            }
            Entry::Slide {
                rule,
                dirs,
                to,
                through,
                from,
                passable,
                promote,
                ..
            } => {
                if from & bit == 0 {
                    return;
                }
                let (accept, stops) = (masks[usize::from(*to)], !masks[usize::from(*through)]);
                for sd in dirs {
                    let mut targets = bm.slide_targets(sd, c, accept, stops);
                    let up = sd.shift.ascending();
                    while targets != 0 {
                        let t = if up {
                            targets.trailing_zeros() as usize
                        } else {
                            63 - targets.leading_zeros() as usize
                        };
                        targets &= !(1u64 << t);
                        let passed = passable.then(|| sd.shift.prev_of(t));
                        emit(out, *rule, c, passed, t, promote);
                    }
                }
            }
            Entry::Other(i, shape) => {
                let cell = super::CellId::from_index(c);
                if other_may_move(*shape, s, cell) {
                    game.gen_entry(s, view, p, &entries[usize::from(*i)], cell, out);
                }
            }
        }
    }
}

/// [`count_bound`] for the royal piece `rp` on `king` when its plan is `tabled`:
/// each plain step's targets read from its table and tested for attack one by one; the
/// other rules' moves listed in `rest`.
#[inline(always)]
fn count_royal_by_tables(
    game: &Game,
    at: BitPos,
    plan: &PiecePlan,
    view: &mut super::view::View,
    king: super::CellId,
    rp: PieceId,
    rest: &mut MoveList,
) -> usize {
    let BitPos {
        bm, masks, s, p, ..
    } = at;
    let c = king.index();
    let entries = game.accel.piece_moves.of(p, rp);
    // The attack masks alone answer where they cover every attack on the piece.
    let masks_only = game
        .accel
        .attack_rays
        .get(rp.index())
        .filter(|t| t.conditional.is_empty())
        .and_then(|t| t.masks.as_ref())
        .zip(game.accel.between.as_ref());
    let mut n = 0;
    for e in &plan.entries {
        match e {
            Entry::Steps {
                rule,
                to,
                from,
                targets,
                ..
            } if from >> c & 1 == 1 => {
                let mut cells = bm.rays[*targets as usize + c] & masks[usize::from(*to)];
                while cells != 0 {
                    let t = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    if game.rules[rule.index()].plain {
                        let t = super::CellId::from_index(t);
                        let attacked = match masks_only {
                            Some((am, between)) => am.attacked_after_step(s, between, king, t),
                            None => game.attacked(s, &[(king, super::EMPTY), (t, rp)], t, rp),
                        };
                        n += usize::from(!attacked);
                    } else {
                        emit(rest, *rule, c, None, t, &None);
                    }
                }
            }
            Entry::Steps { .. } | Entry::Slide { .. } => {}
            Entry::Other(i, shape) => {
                let e = &entries[usize::from(*i)];
                let may = match (shape, game.rules[e.rule.index()].parts.first()) {
                    (Shape::Castle, Some(super::Part::Castle(c))) => c.may_start(game, s, p, king),
                    _ => other_may_move(*shape, s, king),
                };
                if may {
                    game.gen_entry(s, view, p, e, king, rest);
                }
            }
        }
    }
    n
}

/// For bulk counting: the moves of `player`'s pieces of id `piece` from the cells of
/// `bound`, whose moves the royal rule must judge: the royal piece's plain steps (given
/// `royal`, its cell and id) are counted when they land on a cell no enemy attacks once
/// it stands there; every other move is listed in `rest` for the caller to judge.
/// `origins` are the plan's step origins ([`BitMoves::origins`]).
#[inline(always)]
pub(super) fn count_bound(
    game: &Game,
    at: BitPos,
    planned: PlanOrigins,
    mut bound: u64,
    view: &mut super::view::View,
    piece: PieceId,
    rest: &mut MoveList,
) -> usize {
    let BitPos { s, p, royal, .. } = at;
    let PlanOrigins { plan, origins } = planned;
    let entries = game.accel.piece_moves.of(p, piece);
    let mut n = 0;
    while bound != 0 {
        let c = bound.trailing_zeros() as usize;
        bound &= bound - 1;
        let king = royal.filter(|&(k, rp)| k.index() == c && rp == piece);
        for e in &plan.entries {
            match (e, king) {
                // The royal piece's plain steps: safe when nothing attacks the landing
                // cell once it stands there (`royal_safe_after` for one royal piece).
                (
                    Entry::Steps {
                        rule,
                        dirs,
                        base,
                        promote: None,
                        ..
                    },
                    Some((from, rp)),
                ) if game.rules[rule.index()].plain => {
                    for (k, d) in dirs.iter().enumerate() {
                        if origins[(usize::from(*base) + k) % MAX_STEP_DIRS] >> c & 1 == 1 {
                            let t = super::CellId::from_index(d.next_of(c));
                            let changes = [(from, super::EMPTY), (t, rp)];
                            n += usize::from(!game.attacked(s, &changes, t, rp));
                        }
                    }
                }
                _ => {
                    let from = Origins {
                        cells: origins,
                        entries,
                    };
                    gen_bit_entry(game, at, e, from, c, view, rest)
                }
            }
        }
    }
    n
}

/// For bulk counting: the number of moves of `player`'s pieces of id `piece` that start
/// from cells of `free` and that the plan makes itself (steps and slides, counted by
/// popcount, a promotion counting once per kind), plus, when `royal` names the mover's
/// one royal piece and its cell and `piece` is that piece, its plain steps that land on
/// a cell no enemy attacks once it has moved there; the piece's other moves (its other
/// rules from every cell, and every other move from a cell outside `free`) are listed in
/// `rest` for the caller to judge. `None` when the piece has no plan.
#[inline(always)]
pub(super) fn count_bit_piece(
    game: &Game,
    at: BitPos,
    view: &mut super::view::View,
    piece: PieceId,
    free: u64,
    rest: &mut MoveList,
) -> Option<usize> {
    let BitPos {
        bm, masks, s, p, ..
    } = at;
    let plan = bm.plan(p, piece)?;
    let pieces = s.bits[piece.index()];
    let mut origins = [0u64; MAX_STEP_DIRS];
    let any = BitMoves::origins(plan, masks, pieces, &mut origins);
    let entries = game.accel.piece_moves.of(p, piece);
    let mut n = 0usize;
    let mut others = false;
    for e in &plan.entries {
        match e {
            Entry::Steps {
                dirs,
                to,
                from,
                base,
                promote,
                targets,
                ..
            } if *targets != NONE && promote.is_none() && dirs.len() > 2 => {
                // Few pieces with many directions (a knight, a king): one popcount per
                // piece.
                let accept = masks[usize::from(*to)];
                let mut cells = pieces & from & free;
                while cells != 0 {
                    let c = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    n += (bm.rays[*targets as usize + c] & accept).count_ones() as usize;
                }
            }
            Entry::Steps {
                dirs,
                base,
                promote,
                ..
            } => {
                for (k, d) in dirs.iter().enumerate() {
                    let o = origins[(usize::from(*base) + k) % MAX_STEP_DIRS] & free;
                    n += o.count_ones() as usize;
                    if let Some(pr) = promote {
                        // One move per kind on the zone (none without kinds).
                        let z = (d.onto_next(o) & pr.zone).count_ones() as usize;
                        n = n - z + z * pr.kinds.len();
                    }
                }
            }
            Entry::Slide {
                dirs,
                to,
                through,
                from,
                promote,
                disjoint,
                ..
            } => {
                let (accept, stops) = (masks[usize::from(*to)], !masks[usize::from(*through)]);
                let mut cells = pieces & from & free;
                while cells != 0 {
                    let c = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    if *disjoint && promote.is_none() {
                        let mut all = 0;
                        for sd in dirs {
                            all |= bm.slide_targets(sd, c, accept, stops);
                        }
                        n += all.count_ones() as usize;
                        continue;
                    }
                    for sd in dirs {
                        let targets = bm.slide_targets(sd, c, accept, stops);
                        n += targets.count_ones() as usize;
                        if let Some(pr) = promote {
                            let z = (targets & pr.zone).count_ones() as usize;
                            n = n - z + z * pr.kinds.len();
                        }
                    }
                }
            }
            Entry::Other(..) => others = true,
        }
    }
    // Every move from a cell outside `free`, then the other rules' moves from the rest.
    let planned = PlanOrigins {
        plan,
        origins: &origins,
    };
    n += count_bound(game, at, planned, any & !free, view, piece, rest);
    if others {
        let mut cells = pieces & free;
        while cells != 0 {
            let c = super::CellId::from_index(cells.trailing_zeros() as usize);
            cells &= cells - 1;
            for e in &plan.entries {
                if let Entry::Other(i, shape) = e {
                    if other_may_move(*shape, s, c) {
                        game.gen_entry(s, view, p, &entries[usize::from(*i)], c, rest);
                    }
                }
            }
        }
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// Draughts on all 64 cells (so its steps are one shift), with kings that jump over an
    /// empty cell as a free move.
    const FULL_BOARD_DRAUGHTS: &str = r#"
game "Full-board draughts"
players Black, White
board square(8, 8)
direction forward = s for Black, n for White
direction forward-diagonal = forward + e, forward + w
piece man = "b" for Black, "w" for White
piece king = "B" for Black, "W" for White
setup man at row(7), row(8) for Black, row(1), row(2) for White
setup king at d5 for Black, d3 for White
forced move man: step(forward-diagonal, to: enemy)
move man: step(forward-diagonal, to: empty)
move king: jump(diagonal, over: empty, to: empty)
loss if no-moves
"#;

    /// The bitboard generator lists the moves the general one lists, in the same order, for
    /// the player to move and the other players, along seeded random games of every shipped
    /// game it applies to (and chess from positions with promotions, en passant and
    /// castling in reach).
    #[test]
    fn bit_moves_agree_with_the_general_generator() {
        let mut covered = Vec::new();
        let mut rng = SmallRng::seed_from_u64(17);
        let mut games = crate::engine::test_games::shipped_and_chess_positions();
        // Forced jumps on a board whose steps have bitboard forms, and a piece (the king)
        // with no bitboard rule: the forced rules are generated first, the others only when
        // they have no move.
        games.push(crate::engine::test_games::TestGame {
            name: "full-board draughts".into(),
            game: crate::compile_source("full", "full.game", FULL_BOARD_DRAUGHTS, &[])
                .expect("compiles"),
            fen: None,
        });
        for t in &games {
            if t.game.accel.bit_moves.is_none() {
                continue;
            }
            covered.push(t.name.clone());
            let mut general = t.game.clone();
            general.accel.bit_moves = None;
            general.accel.step_tables = None;
            crate::engine::test_games::assert_same_moves(t, &t.game, &general, &mut rng);
        }
        // Intellector's plans would serve one piece in nineteen: not worth their set-up.
        assert!(!covered.iter().any(|c| c == "intellector"), "{covered:?}");
        for want in ["breakthrough", "chess", "minishogi", "full-board draughts"] {
            assert!(covered.iter().any(|c| c == want), "{want}: {covered:?}");
        }
    }
}
