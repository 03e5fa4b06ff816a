//! Whether any forced jump is open, answered on bitboards before the forced rules are
//! generated piece by piece (English draughts: most positions have no capture).
//!
//! The generator tries the forced rules first and the others only when the forced rules
//! have no move. When every forced rule of a player's pieces is a jump resolved into a
//! [`PieceMove`] ([`Shape::Jump`]) on a board of at most 64 cells, and each of its
//! directions moves the cells by a few fixed numbers of cell ids ([`SplitShift`]: a
//! draughts board numbered 1–32 moves each diagonal by two numbers, one per row parity),
//! a [`JumpScreen`] tells from the occupancy bitsets whether some piece has a first jump:
//! the pieces whose neighbour holds what the jump goes over, with what it lands on beyond.
//! When none has, the forced rules have no move and are not generated at all. Decided per
//! player when the game is assembled.

use super::accel::Accel;
use super::Rules;
use super::{Board, CellId, DirId, Game, PieceId, Player, Shape, State, NO_CELL};

/// The most shifts a [`SplitShift`] is made of.
const MAX_SHIFTS: usize = 2;

/// A direction on a board of at most 64 cells as a few shifts: the cells whose neighbour
/// that way is `by` ids further, for at most [`MAX_SHIFTS`] values of `by`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitShift {
    /// (the cells whose neighbour is `c + by`, `by`), the first `n` used.
    parts: [(u64, i8); MAX_SHIFTS],
    n: u8,
}

impl SplitShift {
    /// Direction `d` of `board` as a few shifts; `None` on a board of more than 64 cells
    /// or when it takes more than [`MAX_SHIFTS`].
    pub fn build(board: &Board, d: DirId) -> Option<SplitShift> {
        if board.len() > 64 {
            return None;
        }
        let mut out = SplitShift {
            parts: [(0, 0); MAX_SHIFTS],
            n: 0,
        };
        for c in CellId::upto(board.len()) {
            let x = board.next(c, d);
            if x == NO_CELL {
                continue;
            }
            // |by| < 64: both cells are below 64.
            let by = (i32::from(x.raw()) - i32::from(c.raw())) as i8;
            let n = usize::from(out.n);
            let k = match out.parts[..n].iter().position(|p| p.1 == by) {
                Some(k) => k,
                None if n < MAX_SHIFTS => {
                    out.parts[n].1 = by;
                    out.n += 1;
                    n
                }
                None => return None,
            };
            out.parts[k].0 |= 1 << c.index();
        }
        Some(out)
    }

    /// The cells whose neighbour this way is in `set`.
    #[inline(always)]
    pub fn from_next(&self, set: u64) -> u64 {
        // A rotation brings bit `c + by` to `c`; the mask keeps the cells whose neighbour
        // is `by` further. An unused part has an empty mask: both are taken, with no
        // branch.
        self.parts.iter().fold(0, |m, &(mask, by)| {
            m | set.rotate_right(by as u32 & 63) & mask
        })
    }
}

/// One forced jump rule of one piece, for the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Screened {
    piece: PieceId,
    /// The cells it may start from.
    from: u64,
    /// Its entry in [`JumpScreen::sets`].
    set: usize,
    dirs: Vec<SplitShift>,
}

/// A player's forced jump rules, for telling on bitboards whether any has a first jump;
/// see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JumpScreen {
    /// The distinct (pieces jumped over, pieces or empty landed on) of the rules, so that
    /// rules sharing them (a draughts man's and king's captures) gather them once.
    sets: Vec<(Vec<PieceId>, Vec<PieceId>)>,
    rules: Vec<Screened>,
}

impl JumpScreen {
    /// Per player, the screen of their forced rules where they have one; empty when no
    /// player has.
    pub fn for_players(game: &Rules, accel: &Accel) -> Vec<Option<JumpScreen>> {
        if !game.has_forced || game.board.len() > 64 {
            return Vec::new();
        }
        let screens: Vec<_> = (0..game.num_players())
            .map(|p| JumpScreen::build(game, accel, Player(p as u8)))
            .collect();
        if screens.iter().all(Option::is_none) {
            return Vec::new();
        }
        screens
    }

    fn build(game: &Rules, accel: &Accel, p: Player) -> Option<JumpScreen> {
        let moves = &accel.piece_moves;
        let ids =
            |set: super::ContentSet| super::move_bits::pieces_where(game, |id| set.contains(id));
        let mut sets = Vec::new();
        let mut rules = Vec::new();
        for &piece in &accel.movers[p] {
            for e in moves.of(p, piece).iter().filter(|e| e.forced) {
                if !matches!(e.shape, Shape::Jump { .. }) {
                    return None;
                }
                let dirs = moves
                    .dirs(e)
                    .iter()
                    .map(|&d| SplitShift::build(&game.board, d))
                    .collect::<Option<Vec<_>>>()?;
                let from = CellId::upto(game.board.len())
                    .filter(|&c| moves.may_start(e, c))
                    .fold(0u64, |m, c| m | 1 << c.index());
                let pair = (ids(e.through), ids(e.to));
                let set = match sets.iter().position(|s| *s == pair) {
                    Some(k) => k,
                    None => {
                        sets.push(pair);
                        sets.len() - 1
                    }
                };
                rules.push(Screened {
                    piece,
                    from,
                    set,
                    dirs,
                });
            }
        }
        Some(JumpScreen { sets, rules })
    }

    /// Whether some forced jump rule has a first jump in `s` (`false`: the forced rules
    /// have no move).
    #[inline]
    pub fn open(&self, s: &State) -> bool {
        // Boards of at most 64 cells: a piece's bitset is its first word.
        let word = |id: PieceId| s.bits[id.index() * s.words];
        let union = |ids: &[PieceId]| ids.iter().fold(0u64, |m, &id| m | word(id));
        // The unions of the last set used: consecutive rules usually share it.
        let mut last = (usize::MAX, 0, 0);
        for r in &self.rules {
            let starts = word(r.piece) & r.from;
            if starts == 0 {
                continue;
            }
            if last.0 != r.set {
                let (over, to) = &self.sets[r.set];
                last = (r.set, union(over), union(to));
            }
            let (_, over, to) = last;
            if r.dirs
                .iter()
                .any(|d| starts & d.from_next(over & d.from_next(to)) != 0)
            {
                return true;
            }
        }
        false
    }
}

/// Whether the forced rules of the player to move may have a move: `false` only when
/// their [`JumpScreen`] finds no first jump.
#[inline(always)]
pub(super) fn forced_may_move(game: &Game, s: &State) -> bool {
    match game.accel.jump_screens.get(s.scalars.to_move.index()) {
        Some(Some(screen)) => screen.open(s),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::SplitShift;
    use crate::engine::{CellId, DirId, MoveList, Player, NO_CELL};

    /// Every direction of the boards of the shipped games of at most 64 cells, as a split
    /// shift where it has one, finds exactly the cells whose neighbour is in a set.
    #[test]
    fn split_shifts_find_the_neighbours() {
        let mut rng = SmallRng::seed_from_u64(25);
        let mut built = 0;
        for name in crate::games::shipped_names() {
            let game = crate::load_shipped(name, &[]).expect("a shipped game compiles");
            let board = &game.board;
            for d in DirId::upto(board.dirs.len()) {
                let Some(shift) = SplitShift::build(board, d) else {
                    continue;
                };
                built += 1;
                for _ in 0..20 {
                    let set: u64 = rng.gen::<u64>() & (u64::MAX >> (64 - board.len()));
                    let want = CellId::upto(board.len())
                        .filter(|&c| {
                            let x = board.next(c, d);
                            x != NO_CELL && set >> x.index() & 1 == 1
                        })
                        .fold(0u64, |m, c| m | 1 << c.index());
                    assert_eq!(shift.from_next(set), want, "{name}: direction {d:?}");
                }
            }
        }
        assert!(built > 50, "{built} directions");
    }

    /// Along seeded random games of draughts-like rule files, for every player: the screen
    /// is open exactly when the forced rules have a move.
    #[test]
    fn jump_screen_agrees_with_the_forced_moves() {
        let mut rng = SmallRng::seed_from_u64(26);
        let mut list = MoveList::new();
        let mut covered = 0;
        for (name, game) in &crate::engine::jump_moves::tests::games() {
            if game.accel.jump_screens.is_empty() {
                continue;
            }
            covered += 1;
            let mut general = game.clone();
            general.accel.jump_screens = Vec::new();
            let (mut open, mut shut) = (0, 0);
            for _ in 0..10 {
                let mut s = game.start();
                for _ in 0..300 {
                    if s.result_now().is_some() {
                        break;
                    }
                    let keep = s.scalars.to_move;
                    for q in 0..game.num_players() {
                        s.scalars.to_move = Player(q as u8);
                        general.pseudo_moves(&s, &mut list);
                        let forced = list.iter().any(|m| game.rules[m.rule.index()].forced);
                        assert_eq!(
                            super::forced_may_move(game, &s),
                            forced,
                            "{name}: ply {}",
                            s.ply
                        );
                        if forced {
                            open += 1;
                        } else {
                            shut += 1;
                        }
                    }
                    s.scalars.to_move = keep;
                    game.legal_moves(&s, &mut list);
                    if list.is_empty() {
                        break;
                    }
                    game.make(&mut s, list[rng.gen_range(0..list.len())]);
                }
            }
            assert!(open > 100 && shut > 100, "{name}: {open} open, {shut} shut");
        }
        assert_eq!(covered, 3, "draughts, 10 × 10 draughts and forced hoppers");
    }
}
