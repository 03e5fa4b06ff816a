//! Endings answered in a few word operations, for the common shapes.
//!
//! `make` tests the endings after every move. The general test ([`Game::check_ends`] then
//! `end_holds`) matches each condition, walks the move's log entries for each player and
//! calls a function per ending and player: in breakthrough (`reach`, `no-pieces`) it cost
//! more than the rest of make and unmake together. Here each ending whose shape allows it is
//! compiled, when the game is assembled, into a [`Test`] over the state's bitboards and piece
//! counts: `reach(zone)` is "a changed cell holds one of the player's pieces inside the
//! zone" (one AND of three words), `no-pieces(kinds)` reads one count per kind,
//! `pieces-at-most` compares the number of occupied cells first. A shape with no quick form,
//! or a quick test that cannot decide, hands over to the general test from that ending on,
//! so the answer (which ending holds, for whom) is always the general one; debug builds check
//! it after every move, and a unit test compares both along random games of every shipped
//! game.

use super::accel::Accel;
use super::Rules;
use super::{CellId, EndCond, EndResult, Game, Outcome, PieceId, Player, State, EMPTY};

/// The most piece ids one player's side of a quick test may name.
const MAX_IDS: usize = 4;

/// A short list of piece ids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Ids {
    ids: [PieceId; MAX_IDS],
    len: u8,
}

impl Ids {
    /// The ids of `pick` among `0..pieces` (the empty content excluded), if there are at most
    /// [`MAX_IDS`].
    fn of(pieces: usize, pick: impl Fn(PieceId) -> bool) -> Option<Ids> {
        let mut out = Ids::default();
        for id in (1..pieces).map(PieceId::from_index) {
            if pick(id) {
                if usize::from(out.len) == MAX_IDS {
                    return None;
                }
                out.ids[usize::from(out.len)] = id;
                out.len += 1;
            }
        }
        Some(out)
    }

    /// The ids, as indexes.
    #[inline(always)]
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.ids
            .iter()
            .take(usize::from(self.len))
            .map(|&id| id.index())
    }
}

/// The most players a game may have.
const MAX_PLAYERS: usize = 8;

/// One player's side of a `reach` or `no-pieces` test: the zone's cells (`reach`) and the
/// piece ids that count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Side {
    zone: u64,
    ids: Ids,
}

/// The quick form of one condition. Per-player data sits in fixed arrays, so a test reads
/// it without following a pointer.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Test {
    /// `reach`: per player, the zone's cells and the pieces that count.
    Reach([Side; MAX_PLAYERS]),
    /// `no-pieces`: per player, the piece ids of the kinds named (none: it holds).
    NoPieces([Side; MAX_PLAYERS]),
    /// `pieces-at-most(n, kinds)`, for the mover only: at most `n` occupied cells and none
    /// holding a piece of `others` (every piece id of another kind).
    PiecesAtMost { n: u16, others: Vec<PieceId> },
    /// `no-progress(n)`: holds at once only when the clock has reached `n`.
    NoProgress(u32),
    /// `repetition(…)`: the bucket counts may rule it out.
    Repetition(super::Repetition),
    /// `line(n)` on a board of at most 64 cells: its windows through the changed cells.
    Line(Box<super::LineWindows>),
    /// `nobody-can-move` when every player's moves are a bitset ([`super::MoveBits`]): it
    /// holds when all the bitsets are empty.
    NobodyCanMove,
    /// `a and b and …`: holds for nobody when one part holds for nobody.
    All(Vec<Option<Test>>),
}

impl Test {
    /// Whether the test reads the cells the move changed.
    fn reads_changes(&self) -> bool {
        match self {
            Test::Reach(_) | Test::Line(_) => true,
            Test::All(parts) => parts.iter().flatten().any(Test::reads_changes),
            _ => false,
        }
    }
}

/// What a quick test says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// The condition holds for none of the players tested.
    No,
    /// It holds for this player (the first in the order the general test asks).
    Holds(Player),
    /// Only the general test can tell.
    Unsure,
}

/// The players one ending is tested for after one player's move, in the general test's
/// order (the mover, then the others in turn order; only the mover for endings that can
/// hold only for it), leaving out those the ending is not for: three bits a player from the
/// lowest, and their number in bits 24 and up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Order(u32);

impl Order {
    fn new(players: impl Iterator<Item = Player>) -> Order {
        let mut bits = 0u32;
        let mut n = 0;
        for p in players {
            bits |= u32::from(p.0) << (3 * n);
            n += 1;
        }
        Order(bits | n << 24)
    }
}

/// One ending: its quick test (`None`: none fits its shape), the players asked after each
/// player's move, what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
struct QuickEnd {
    test: Option<Test>,
    order: [Order; MAX_PLAYERS],
    /// The players of `order`, as a mask (bit `p`).
    asked: [u8; MAX_PLAYERS],
    result: EndResult,
}

/// Every ending of a game in quick form, in file order (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuickEnds {
    ends: Vec<QuickEnd>,
    /// Whether some test reads the cells the move changed.
    reads_changes: bool,
    /// When every ending has one: conditions under which none of them holds.
    screen: Option<Screen>,
    /// Whether every ending is a `line` (then a move that changed one cell is answered by
    /// the windows through that cell, [`QuickEnds::lines_through`]).
    lines_only: bool,
}

/// A test that rules out every ending at once in the common case: each ending contributes
/// a condition under which it cannot hold, and when all of them hold nothing ends (one
/// mask test for `reach`, a count test per player for `no-pieces`, the clock for
/// `no-progress`, the bucket counts for `repetition`, the number of pieces on the board
/// for `pieces-at-most`). When the screen does not clear, the endings are tested one by
/// one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Screen {
    /// A `reach` ending can hold only when the move changed one of these cells and left a
    /// piece there (the zones of every player).
    cells: u64,
    /// A `no-pieces` ending can hold only when one of these counts is zero.
    watched: Vec<PieceId>,
    /// `pieces-at-most(n, kinds)`: it can hold only when at most `n` cells are occupied,
    /// all by pieces of these ids.
    at_most: Vec<(u16, Vec<PieceId>)>,
    /// A `no-progress` ending can hold only once the clock reaches this.
    quiet_below: u32,
    /// A `repetition` ending can hold only when its bucket counts allow it.
    reps: Vec<super::Repetition>,
    /// Whether `at_most` or `reps` has anything (tested out of line).
    more: bool,
}

impl QuickEnds {
    /// The quick forms of `game`'s endings, or `None` when the first has none (the general
    /// test is then as fast).
    pub fn build(game: &Rules, accel: &Accel) -> Option<QuickEnds> {
        let small = game.board.len() <= 64;
        let n = game.num_players();
        if n > MAX_PLAYERS {
            return None;
        }
        let ends: Vec<QuickEnd> = game
            .ends
            .iter()
            .map(|e| {
                let asked = |mover: usize| {
                    let asked = if e.cond.mover_only() { 1 } else { n };
                    (0..asked)
                        .map(move |k| Player(((mover + k) % n) as u8))
                        .filter(|p| e.players >> p.0 & 1 == 1)
                };
                QuickEnd {
                    test: Test::build(game, accel, &e.cond, small),
                    order: std::array::from_fn(|mover| Order::new(asked(mover))),
                    asked: std::array::from_fn(|mover| asked(mover).fold(0u8, |m, p| m | 1 << p.0)),
                    result: e.result,
                }
            })
            .collect();
        ends.first()?.test.as_ref()?;
        let mut screen = Screen {
            quiet_below: u32::MAX,
            ..Screen::default()
        };
        let screened = game.ends.iter().all(|e| screen.add(game, &e.cond, small));
        screen.more = !screen.at_most.is_empty() || !screen.reps.is_empty();
        let reads_changes = ends
            .iter()
            .any(|e| e.test.as_ref().is_some_and(Test::reads_changes));
        let lines_only = ends.iter().all(|e| matches!(e.test, Some(Test::Line(_))));
        Some(QuickEnds {
            ends,
            reads_changes: reads_changes || (screened && screen.cells != 0),
            screen: screened.then_some(screen),
            lines_only,
        })
    }

    /// The endings' verdict after `mover`'s move, whose changes start at `log_from` in the
    /// log: `Ok` with the outcome and the ending that decided it (or `None`), or `Err(i)`
    /// when the endings from index `i` on need the general test.
    #[inline]
    pub(crate) fn run(
        &self,
        game: &Game,
        s: &State,
        mover: Player,
        log_from: usize,
    ) -> Result<Option<(Outcome, u16)>, usize> {
        let changed = if self.reads_changes {
            s.log[log_from..]
                .iter()
                .fold(0u64, |m, c| m | 1 << (c.cell.index() & 63))
        } else {
            0
        };
        if self.lines_only && changed.is_power_of_two() {
            return Ok(self.lines_through(s, mover, changed.trailing_zeros() as usize));
        }
        self.run_changed_out_of_line(game, s, mover, changed)
    }

    /// [`QuickEnds::run_changed`], called: the makes that reach the endings through
    /// [`QuickEnds::run`] keep their loops small (inlined there, it made the placement
    /// loops larger and slower). Its test of lines is then asked twice, a predictable branch.
    #[inline(never)]
    fn run_changed_out_of_line(
        &self,
        game: &Game,
        s: &State,
        mover: Player,
        changed: u64,
    ) -> Result<Option<(Outcome, u16)>, usize> {
        self.run_changed(game, s, mover, changed)
    }

    /// [`QuickEnds::run`] given the cells the move changed, as a bitset. Inlined (into the
    /// lean make): the screen is a few word tests, and the call cost as much (breakthrough's
    /// make-every-move perft −6 % instructions).
    #[inline(always)]
    pub(crate) fn run_changed(
        &self,
        game: &Game,
        s: &State,
        mover: Player,
        changed: u64,
    ) -> Result<Option<(Outcome, u16)>, usize> {
        if self.lines_only && changed.is_power_of_two() {
            return Ok(self.lines_through(s, mover, changed.trailing_zeros() as usize));
        }
        if self
            .screen
            .as_ref()
            .is_some_and(|screen| screen.clears(game, s, changed))
        {
            return Ok(None);
        }
        self.one_by_one(game, s, mover, changed)
    }

    /// The endings when all are `line`s and the move changed one cell, `c`: only the
    /// windows through it can have filled (a placement and connect four's drop change one
    /// cell, so this is every move of theirs). A handful of mask tests, where shifting whole
    /// boards along every axis cost several times more. Out of line: its few registers
    /// saved, where the whole of `run_changed`'s were.
    #[inline(never)]
    fn lines_through(&self, s: &State, mover: Player, c: usize) -> Option<(Outcome, u16)> {
        let piece = s.board[c];
        for (i, end) in self.ends.iter().enumerate() {
            let Some(Test::Line(windows)) = &end.test else {
                unreachable!("lines_only: every ending is a line")
            };
            // Only a player whose lines count the piece now on `c` can have one through it.
            let who = windows.counted_by(piece) & u64::from(end.asked[mover.index() % MAX_PLAYERS]);
            if who == 0 {
                continue;
            }
            let answer = if who.is_power_of_two() {
                let p = Player(who.trailing_zeros() as u8);
                if windows.full_through(s, p, c) {
                    Answer::Holds(p)
                } else {
                    Answer::No
                }
            } else {
                first_holding(end, mover, |p| {
                    windows.holds(s, Player(p as u8), std::iter::once(CellId::from_index(c)))
                })
            };
            if let Answer::Holds(p) = answer {
                return Some((end.result.outcome_for(p), i as u16));
            }
        }
        None
    }

    /// The endings tested one by one, in file order.
    #[inline(never)]
    fn one_by_one(
        &self,
        game: &Game,
        s: &State,
        mover: Player,
        changed: u64,
    ) -> Result<Option<(Outcome, u16)>, usize> {
        for (i, end) in self.ends.iter().enumerate() {
            let Some(test) = &end.test else {
                return Err(i);
            };
            match answer(test, end, game, s, mover, changed) {
                Answer::No => continue,
                Answer::Holds(p) => return Ok(Some((end.result.outcome_for(p), i as u16))),
                Answer::Unsure => return Err(i),
            }
        }
        Ok(None)
    }
}

/// The first player `end` is asked for after `mover`'s move for whom `holds` says yes.
#[inline(always)]
fn first_holding(end: &QuickEnd, mover: Player, holds: impl Fn(usize) -> bool) -> Answer {
    let Order(mut order) = end.order[mover.index() % MAX_PLAYERS];
    for _ in 0..order >> 24 {
        let p = (order & 7) as usize;
        if holds(p) {
            return Answer::Holds(Player(p as u8));
        }
        order >>= 3;
    }
    Answer::No
}

/// The answer of `test` for `end`, after `mover`'s move changed the cells of `changed`.
/// Inlined into [`QuickEnds::run_changed`], with the parts of an `and` out of line (a
/// recursive function kept its registers saved on every call).
#[inline(always)]
fn answer(
    test: &Test,
    end: &QuickEnd,
    game: &Game,
    s: &State,
    mover: Player,
    changed: u64,
) -> Answer {
    match test {
        Test::Reach(sides) => first_holding(end, mover, |p| {
            let side = &sides[p];
            let near = changed & side.zone;
            near != 0 && side.ids.iter().any(|id| s.bits[id] & near != 0)
        }),
        Test::NoPieces(sides) => first_holding(end, mover, |p| {
            sides[p].ids.iter().all(|id| s.counts[id] == 0)
        }),
        Test::PiecesAtMost { n, others } => {
            let occupied = s.board.len() - usize::from(s.counts[EMPTY.index()]);
            if occupied > usize::from(*n) || others.iter().any(|&id| s.counts[id.index()] > 0) {
                Answer::No
            } else {
                first_holding(end, mover, |p| p == mover.index())
            }
        }
        Test::NoProgress(limit) => {
            if s.scalars.quiet < *limit {
                Answer::No
            } else {
                Answer::Unsure
            }
        }
        Test::Repetition(r) => {
            if game.may_repeat_now(s, r) {
                Answer::Unsure
            } else {
                Answer::No
            }
        }
        Test::Line(windows) => first_holding(end, mover, |p| {
            windows.holds_in(s, Player(p as u8), changed)
        }),
        Test::NobodyCanMove => {
            for q in 0..game.num_players() {
                match game.has_move_bits(s, Player(q as u8)) {
                    Some(true) => return Answer::No,
                    Some(false) => {}
                    None => return Answer::Unsure,
                }
            }
            first_holding(end, mover, |_| true)
        }
        Test::All(parts) => answer_all(parts, end, game, s, mover, changed),
    }
}

/// `a and b and …`: no when one part holds for nobody (parts are never `All`).
#[inline(never)]
fn answer_all(
    parts: &[Option<Test>],
    end: &QuickEnd,
    game: &Game,
    s: &State,
    mover: Player,
    changed: u64,
) -> Answer {
    for part in parts.iter().flatten() {
        if !matches!(part, Test::All(_)) && answer(part, end, game, s, mover, changed) == Answer::No
        {
            return Answer::No;
        }
    }
    Answer::Unsure
}

impl Screen {
    /// Adds what rules out `cond`; false when nothing cheap does.
    fn add(&mut self, game: &Rules, cond: &EndCond, small: bool) -> bool {
        let np = game.num_players();
        let ids_of = |pick: &dyn Fn(PieceId) -> bool| -> Vec<PieceId> {
            (1..game.pieces.len())
                .map(PieceId::from_index)
                .filter(|&id| pick(id))
                .collect()
        };
        match cond {
            EndCond::Reach { zone, pieces } if small => {
                if pieces.0.iter().any(|s| s.contains(EMPTY)) {
                    return false;
                }
                let z = &game.board.zones[zone.index()];
                for p in 0..np {
                    self.cells |= z.cells.0[p].first().copied().unwrap_or(0);
                }
                true
            }
            EndCond::NoPieces { kinds } => {
                for p in (0..np).map(|p| Player(p as u8)) {
                    let ids = ids_of(&|id| {
                        let t = &game.pieces[id.index()];
                        t.owner == Some(p) && kinds.contains(&t.kind)
                    });
                    if ids.is_empty() {
                        return false;
                    }
                    self.watched.extend(ids);
                }
                true
            }
            EndCond::PiecesAtMost { n, kinds } => {
                let ids = ids_of(&|id| kinds.contains(&game.pieces[id.index()].kind));
                self.at_most.push((*n, ids));
                true
            }
            EndCond::NoProgress(n) => {
                self.quiet_below = self.quiet_below.min(*n);
                true
            }
            EndCond::Repetition(r) if r.whole_board() && r.times >= 2 => {
                self.reps.push(r.clone());
                true
            }
            // An `and` cannot hold while one of its parts cannot.
            EndCond::All(conds) => conds.iter().any(|c| {
                let mut part = self.clone();
                part.add(game, c, small) && {
                    *self = part;
                    true
                }
            }),
            _ => false,
        }
    }

    /// Whether no ending can hold after a move that changed the cells of `changed`.
    #[inline(always)]
    fn clears(&self, game: &Game, s: &State, changed: u64) -> bool {
        changed & self.cells & !s.bits[EMPTY.index()] == 0
            && s.scalars.quiet < self.quiet_below
            && self.watched.iter().all(|&id| s.counts[id.index()] > 0)
            && (!self.more || self.clears_more(game, s))
    }

    /// The `pieces-at-most` and `repetition` part of [`Screen::clears`].
    #[inline(never)]
    fn clears_more(&self, game: &Game, s: &State) -> bool {
        let occupied = s.board.len() - usize::from(s.counts[EMPTY.index()]);
        self.at_most.iter().all(|(n, ids)| {
            occupied > usize::from(*n)
                || occupied
                    > ids
                        .iter()
                        .map(|&id| usize::from(s.counts[id.index()]))
                        .sum::<usize>()
        }) && self.reps.iter().all(|r| !game.may_repeat_now(s, r))
    }
}

impl Test {
    /// The quick form of `cond`, if its shape has one (`reach` only on boards of at most 64
    /// cells, whose bitsets are one word).
    fn build(game: &Rules, accel: &Accel, cond: &EndCond, small: bool) -> Option<Test> {
        let np = game.num_players();
        let pieces = game.pieces.len();
        let players = (0..np).map(|p| Player(p as u8));
        match cond {
            EndCond::Reach { zone, pieces: set } if small => {
                let z = &game.board.zones[zone.index()];
                let mut sides = [Side::default(); MAX_PLAYERS];
                for p in players {
                    sides[p.index()] = Side {
                        zone: z.cells[p].first().copied().unwrap_or(0),
                        ids: Ids::of(pieces, |id| set[p].contains(id))?,
                    };
                }
                (!set.0.iter().any(|s| s.contains(EMPTY))).then_some(Test::Reach(sides))
            }
            EndCond::NoPieces { kinds } => {
                let mut sides = [Side::default(); MAX_PLAYERS];
                for p in players {
                    sides[p.index()].ids = Ids::of(pieces, |id| {
                        let t = &game.pieces[id.index()];
                        t.owner == Some(p) && kinds.contains(&t.kind)
                    })?;
                }
                Some(Test::NoPieces(sides))
            }
            EndCond::PiecesAtMost { n, kinds } => Some(Test::PiecesAtMost {
                n: *n,
                others: (1..pieces)
                    .filter(|&id| !kinds.contains(&game.pieces[id].kind))
                    .map(PieceId::from_index)
                    .collect(),
            }),
            EndCond::NoProgress(n) => Some(Test::NoProgress(*n)),
            EndCond::Repetition(r) => Some(Test::Repetition(r.clone())),
            EndCond::Line {
                windows: Some(w), ..
            } if small => Some(Test::Line(w.clone())),
            EndCond::NobodyCanMove
                if accel.move_bits.len() == np && accel.move_bits.iter().all(Option::is_some) =>
            {
                Some(Test::NobodyCanMove)
            }
            EndCond::All(conds) => {
                // Parts that are themselves `and`s have no quick form (no recursion at run
                // time).
                let parts: Vec<Option<Test>> = conds
                    .iter()
                    .map(|c| match c {
                        EndCond::All(_) => None,
                        c => Test::build(game, accel, c, small),
                    })
                    .collect();
                parts
                    .iter()
                    .any(Option::is_some)
                    .then_some(Test::All(parts))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::MoveList;

    /// The quick endings decide what the general test decides (the same ending, for the
    /// same player, or none), with the screen and one by one, after every move of seeded
    /// random games of every shipped game and of rule files made for endings that random
    /// games rarely reach.
    #[test]
    fn quick_endings_agree_with_the_general_test() {
        let mut games = crate::engine::test_games::shipped();
        for (name, text) in [
            (
                "few pieces",
                "game \"Few\"\nplayers White, Black\nboard square(4, 4)\n\
                 zone goal = row(4) for White, row(1) for Black\n\
                 piece man = \"M\" for White, \"m\" for Black\n\
                 piece king = \"K\" for White, \"k\" for Black\n\
                 setup \"m2k/4/4/K2M w\"\n\
                 move man, king: step(adjacent, to: empty or enemy)\n\
                 win if reach(goal, king)\n\
                 loss if no-pieces(man)\n\
                 draw if pieces-at-most(2, king, man)\n",
            ),
            (
                "three",
                "game \"Three\"\nplayers A, B, C\nboard square(5, 5)\n\
                 zone corner = c5 for A, c1 for B, e3 for C\n\
                 piece man = \"A\" for A, \"B\" for B, \"C\" for C\n\
                 setup \"C3B/5/2A2/5/A3B a\"\n\
                 move man: step(adjacent, to: empty or enemy)\n\
                 win if reach(corner) for B, C\n\
                 loss if no-pieces(man)\n",
            ),
        ] {
            let game = crate::compile_source(name, "t.game", text, &[]).expect("compiles");
            games.push((name.to_string(), game));
        }
        for name in ["breakthrough", "chess", "few pieces"] {
            let game = &games.iter().find(|g| g.0 == name).expect("listed").1;
            let quick = game.accel.quick_ends.as_ref().expect("quick endings");
            assert!(quick.screen.is_some(), "{name} has a screen");
        }
        let mut rng = SmallRng::seed_from_u64(9);
        let mut moves = MoveList::new();
        let (mut decided, mut ended) = (0, Vec::new());
        for (name, game) in &games {
            let Some(quick) = &game.accel.quick_ends else {
                continue;
            };
            for _ in 0..20 {
                let mut s = game.start();
                for _ in 0..300 {
                    game.legal_moves(&s, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mover = s.to_move();
                    let log_from = s.log.len();
                    game.make(&mut s, moves[rng.gen_range(0..moves.len())]);
                    let changed = s.log[log_from..]
                        .iter()
                        .fold(0u64, |m, c| m | 1 << (c.cell.index() % 64));
                    // The endings one by one, without the screen, where they decide.
                    if let Ok(answer) = quick.one_by_one(game, &s, mover, changed) {
                        let general = game.check_ends_from(&mut s, mover, log_from, 0);
                        assert_eq!(answer, general, "{name}: {}", game.position_to_string(&s));
                    }
                    if let Ok(answer) = quick.run(game, &s, mover, log_from) {
                        let general = game.check_ends_from(&mut s, mover, log_from, 0);
                        assert_eq!(answer, general, "{name}: {}", game.position_to_string(&s));
                        decided += 1;
                        if answer.is_some() {
                            ended.push(name.as_str());
                        }
                    }
                }
            }
        }
        assert!(decided > 10_000, "{decided} decided");
        for name in ["breakthrough", "few pieces", "three"] {
            assert!(ended.contains(&name), "no {name} game ended: {ended:?}");
        }
    }
}
