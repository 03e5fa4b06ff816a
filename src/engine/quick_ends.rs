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

use super::{EndCond, EndResult, Game, Outcome, PieceId, Player, State, EMPTY};

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
        for id in (1..pieces).map(|i| i as PieceId) {
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

    #[inline(always)]
    fn as_slice(&self) -> &[PieceId] {
        &self.ids[..usize::from(self.len)]
    }
}

/// The quick form of one condition.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Test {
    /// `reach`: per player, the zone's cells and the pieces that count.
    Reach(Vec<(u64, Ids)>),
    /// `no-pieces`: per player, the piece ids of the kinds named (none: it holds).
    NoPieces(Vec<Ids>),
    /// `pieces-at-most(n, kinds)`, for the mover only: at most `n` occupied cells and none
    /// holding a piece of `others` (every piece id of another kind).
    PiecesAtMost { n: u16, others: Vec<PieceId> },
    /// `no-progress(n)`: holds at once only when the clock has reached `n`.
    NoProgress(u32),
    /// `repetition(…)`: the bucket counts may rule it out.
    Repetition(super::Repetition),
    /// `a and b and …`: holds for nobody when one part holds for nobody.
    All(Vec<Option<Test>>),
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

/// One ending: its quick test (`None`: none fits its shape), who it is tested for, what it
/// means.
#[derive(Clone, Debug, PartialEq, Eq)]
struct QuickEnd {
    test: Option<Test>,
    players: u64,
    result: EndResult,
    mover_only: bool,
}

/// Every ending of a game in quick form, in file order (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuickEnds {
    ends: Vec<QuickEnd>,
    players: u8,
}

impl QuickEnds {
    /// The quick forms of `game`'s endings, or `None` when none of them has one (the general
    /// test is then as fast).
    pub fn build(game: &Game) -> Option<QuickEnds> {
        let small = game.board.len() <= 64;
        let ends: Vec<QuickEnd> = game
            .ends
            .iter()
            .map(|e| QuickEnd {
                test: Test::build(game, &e.cond, small),
                players: e.players,
                result: e.result,
                mover_only: e.cond.mover_only(),
            })
            .collect();
        if ends.is_empty() || ends[0].test.is_none() {
            return None;
        }
        Some(QuickEnds {
            ends,
            players: game.num_players() as u8,
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
        let mut changed = None;
        for (i, end) in self.ends.iter().enumerate() {
            let Some(test) = &end.test else {
                return Err(i);
            };
            match self.answer(test, end, game, s, mover, log_from, &mut changed) {
                Answer::No => continue,
                Answer::Holds(p) => return Ok(Some((end.result.outcome_for(p), i as u16))),
                Answer::Unsure => return Err(i),
            }
        }
        Ok(None)
    }

    /// The players the general test asks, in its order: the mover, then the others in turn
    /// order (only the mover for endings that can hold only for it), those the ending is
    /// tested for.
    #[inline(always)]
    fn first_holding(
        &self,
        end: &QuickEnd,
        mover: Player,
        holds: impl Fn(Player) -> bool,
    ) -> Answer {
        let n = if end.mover_only { 1 } else { self.players };
        let mut p = mover.0;
        for _ in 0..n {
            if end.players >> p & 1 == 1 && holds(Player(p)) {
                return Answer::Holds(Player(p));
            }
            p += 1;
            if p == self.players {
                p = 0;
            }
        }
        Answer::No
    }

    #[allow(clippy::too_many_arguments)]
    fn answer(
        &self,
        test: &Test,
        end: &QuickEnd,
        game: &Game,
        s: &State,
        mover: Player,
        log_from: usize,
        changed: &mut Option<u64>,
    ) -> Answer {
        match test {
            Test::Reach(sides) => {
                let changed = *changed.get_or_insert_with(|| {
                    s.log[log_from..]
                        .iter()
                        .fold(0u64, |m, c| m | 1 << c.cell.index())
                });
                self.first_holding(end, mover, |p| {
                    let (zone, ids) = &sides[p.index()];
                    let near = changed & zone;
                    near != 0 && ids.as_slice().iter().any(|&id| s.bits[id as usize] & near != 0)
                })
            }
            Test::NoPieces(sides) => self.first_holding(end, mover, |p| {
                sides[p.index()]
                    .as_slice()
                    .iter()
                    .all(|&id| s.counts[id as usize] == 0)
            }),
            Test::PiecesAtMost { n, others } => {
                let occupied = s.board.len() - usize::from(s.counts[EMPTY as usize]);
                if occupied > usize::from(*n) || others.iter().any(|&id| s.counts[id as usize] > 0)
                {
                    Answer::No
                } else {
                    self.first_holding(end, mover, |p| p == mover)
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
            Test::All(parts) => {
                for part in parts.iter().flatten() {
                    if self.answer(part, end, game, s, mover, log_from, changed) == Answer::No {
                        return Answer::No;
                    }
                }
                Answer::Unsure
            }
        }
    }
}

impl Test {
    /// The quick form of `cond`, if its shape has one (`reach` only on boards of at most 64
    /// cells, whose bitsets are one word).
    fn build(game: &Game, cond: &EndCond, small: bool) -> Option<Test> {
        let np = game.num_players();
        let pieces = game.pieces.len();
        let players = (0..np).map(|p| Player(p as u8));
        match cond {
            EndCond::Reach { zone, pieces: set } if small => {
                let z = &game.board.zones[zone.index()];
                let sides = players
                    .map(|p| {
                        let cells = z.cells[p].first().copied().unwrap_or(0);
                        Ids::of(pieces, |id| set[p].contains(id)).map(|ids| (cells, ids))
                    })
                    .collect::<Option<Vec<_>>>()?;
                (!set.0.iter().any(|s| s.contains(EMPTY))).then_some(Test::Reach(sides))
            }
            EndCond::NoPieces { kinds } => {
                let sides = players
                    .map(|p| {
                        Ids::of(pieces, |id| {
                            let t = &game.pieces[id as usize];
                            t.owner == Some(p) && kinds.contains(&t.kind)
                        })
                    })
                    .collect::<Option<Vec<_>>>()?;
                Some(Test::NoPieces(sides))
            }
            EndCond::PiecesAtMost { n, kinds } => Some(Test::PiecesAtMost {
                n: *n,
                others: (1..pieces)
                    .filter(|&id| !kinds.contains(&game.pieces[id].kind))
                    .map(|id| id as PieceId)
                    .collect(),
            }),
            EndCond::NoProgress(n) => Some(Test::NoProgress(*n)),
            EndCond::Repetition(r) => Some(Test::Repetition(r.clone())),
            EndCond::All(conds) => {
                let parts: Vec<Option<Test>> =
                    conds.iter().map(|c| Test::build(game, c, small)).collect();
                parts.iter().any(Option::is_some).then_some(Test::All(parts))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{Game, MoveList};

    /// The quick endings decide what the general test decides (the same ending, for the
    /// same player, or none), after every move of seeded random games of every shipped game
    /// and of rule files made for endings that random games rarely reach.
    #[test]
    fn quick_endings_agree_with_the_general_test() {
        let mut games: Vec<(String, Game)> = crate::games::shipped_names()
            .iter()
            .map(|n| (n.to_string(), crate::load_shipped(n, &[]).expect("compiles")))
            .collect();
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
        let mut rng = SmallRng::seed_from_u64(9);
        let mut moves = MoveList::new();
        let (mut decided, mut ended) = (0, Vec::new());
        for (name, game) in &games {
            let Some(quick) = &game.quick_ends else {
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
