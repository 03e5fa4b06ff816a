//! Attack tests by bitboard, on boards of at most 64 cells.
//!
//! The line walk of [`super::AttackRays`] looks from the attacked cell along every line an
//! attack could come from, cell by cell. When the board fits one 64-bit word the question is
//! asked the other way round: for each attacking piece, the cells it could attack from (one
//! mask per attacked cell) meet the cells it stands on, and only the few candidates found
//! have their line checked for blockers, with one mask of the cells in between. Both answer
//! the same question; the tables are built from the same attacks, and a board whose lines
//! do not give one path between two cells keeps the walk.

use super::{Attack, Board, ByPlayer, CellId, DirId, PieceId, Player, State, EMPTY, NO_CELL};

/// The cells strictly between two cells that one direction joins, for every pair, on a
/// board of at most 64 cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Between {
    /// `masks[a * cells + b]`: the cells passed going from `a` to `b`.
    masks: Vec<u64>,
    /// `ambiguous[a]`: the cells `b` that several directions reach from `a` through
    /// different cells; their mask means nothing.
    ambiguous: Vec<u64>,
    cells: usize,
}

impl Between {
    /// The table for the lines the `attackers` look along on `board`, or `None` when the
    /// board has more than 64 cells. Only those lines count: the board's other directions
    /// (a double step that jumps a cell) may reach the same cells by other paths.
    pub fn build(board: &Board, attackers: &ByPlayer<Vec<Attack>>) -> Option<Between> {
        let n = board.len();
        if n > 64 {
            return None;
        }
        let mut reach = vec![0u16; board.dirs.len()];
        for a in attackers.0.iter().flatten().filter(|a| !a.conditional()) {
            for &b in &a.back {
                reach[b.index()] = reach[b.index()].max(a.slide.map_or(1, |s| s.1));
            }
        }
        let mut out = Between {
            masks: vec![0; n * n],
            ambiguous: vec![0; n],
            cells: n,
        };
        for a in 0..n {
            // The cells some line from `a` has reached so far.
            let mut known = 0u64;
            for (d, &max) in reach.iter().enumerate() {
                let mut path = 0u64;
                let mut c = board.next(CellId::from_index(a), DirId::from_index(d));
                // A line that comes back to where it started (a cylinder, a graph with
                // loops) stops there.
                for _ in 0..max {
                    if c == NO_CELL || c.index() == a || path >> c.index() & 1 == 1 {
                        break;
                    }
                    let i = a * n + c.index();
                    if known >> c.index() & 1 == 0 {
                        known |= 1 << c.index();
                        out.masks[i] = path;
                    } else if out.masks[i] != path {
                        out.ambiguous[a] |= 1 << c.index();
                    }
                    path |= 1 << c.index();
                    c = board.next(c, DirId::from_index(d));
                }
            }
        }
        Some(out)
    }

    /// The cells between `a` and `b`.
    #[inline(always)]
    pub(crate) fn get(&self, a: usize, b: usize) -> u64 {
        self.masks[a * self.cells + b]
    }
}

/// For one attacked piece: the cells each enemy piece could attack it from, cell by cell
/// (the unconditional attacks of [`super::AttackRays`], as masks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackMasks {
    /// The attacking pieces.
    pub pieces: Vec<PieceId>,
    /// `from[c * pieces.len() + i]`: the cells from which `pieces[i]` attacks cell `c`, if
    /// every cell between is empty.
    pub from: Vec<u64>,
    /// Per piece id, its index in `pieces`, or [`NOT_ATTACKER`].
    pub index: Vec<u8>,
}

/// In [`AttackMasks::index`]: the piece does not attack.
pub const NOT_ATTACKER: u8 = u8::MAX;

impl AttackMasks {
    /// The masks of the attacks of every opponent of `victim` on `piece`, or `None` when
    /// some attack's line does not have the one path `between` knows.
    pub fn build(
        attackers: &ByPlayer<Vec<Attack>>,
        victim: Player,
        piece: PieceId,
        board: &Board,
        between: &Between,
    ) -> Option<AttackMasks> {
        let n = board.len();
        // Built piece by piece (`by_piece[i * n + c]`), then laid out cell by cell, so that
        // a test reads one run of words.
        let mut pieces: Vec<PieceId> = Vec::new();
        let mut by_piece: Vec<u64> = Vec::new();
        for (q, attacks) in attackers.0.iter().enumerate() {
            if q == victim.index() {
                continue;
            }
            let attacks = attacks
                .iter()
                .filter(|a| !a.conditional() && a.victims.contains(piece));
            for a in attacks {
                let i = match pieces.iter().position(|&x| x == a.piece) {
                    Some(i) => i,
                    None => {
                        pieces.push(a.piece);
                        by_piece.resize(by_piece.len() + n, 0);
                        pieces.len() - 1
                    }
                };
                let (min, max) = a.slide.unwrap_or((1, 1));
                for c in 0..n {
                    for &b in &a.back {
                        let mut t = CellId::from_index(c);
                        let mut path = 0u64;
                        for k in 1..=max {
                            t = board.next(t, b);
                            if t == NO_CELL || t.index() == c || path >> t.index() & 1 == 1 {
                                break;
                            }
                            if k >= min {
                                if between.ambiguous[c] >> t.index() & 1 == 1
                                    || between.get(c, t.index()) != path
                                {
                                    return None;
                                }
                                by_piece[i * n + c] |= 1 << t.index();
                            }
                            path |= 1 << t.index();
                        }
                    }
                }
            }
        }
        let k = pieces.len();
        if k >= NOT_ATTACKER as usize {
            return None;
        }
        let mut index =
            vec![NOT_ATTACKER; 1 + pieces.iter().map(|&a| a.index()).max().unwrap_or(0)];
        for (i, &a) in pieces.iter().enumerate() {
            index[a.index()] = i as u8;
        }
        Some(AttackMasks {
            from: (0..n * k).map(|j| by_piece[(j % k) * n + j / k]).collect(),
            pieces,
            index,
        })
    }

    /// Whether the piece on `from`, once it has stepped to `to` (taking what stood there),
    /// is attacked: [`AttackMasks::attacked`] with those two changes, which put no attacker
    /// on the board.
    #[inline]
    pub(crate) fn attacked_after_step(
        &self,
        s: &State,
        between: &Between,
        from: CellId,
        to: CellId,
    ) -> bool {
        let c = to.index();
        let moved = 1u64 << from.index() | 1u64 << c;
        let occupied = (!s.bits[EMPTY.index()] & !(1u64 << from.index())) | 1u64 << c;
        let k = self.pieces.len();
        for (&mask, &a) in self.from[c * k..(c + 1) * k].iter().zip(&self.pieces) {
            let mut cells = mask & s.bits[a.index()] & !moved;
            while cells != 0 {
                let t = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                if between.get(c, t) & occupied == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a piece on `cell` is attacked in `s` with `changes` made on top (the later
    /// change of a cell counts).
    #[inline]
    pub(crate) fn attacked(
        &self,
        s: &State,
        between: &Between,
        changes: &[(CellId, PieceId)],
        cell: CellId,
    ) -> bool {
        let c = cell.index();
        // One word per piece on a board this small.
        let mut touched = 0u64;
        let mut filled = 0u64;
        for &(t, x) in changes.iter().rev() {
            let bit = 1u64 << t.index();
            if touched & bit == 0 {
                touched |= bit;
                if x != EMPTY {
                    filled |= bit;
                }
            }
        }
        let occupied = (!s.bits[EMPTY.index()] & !touched) | filled;
        let k = self.pieces.len();
        let here = &self.from[c * k..(c + 1) * k];
        for (&mask, &a) in here.iter().zip(&self.pieces) {
            let mut from = mask & s.bits[a.index()] & !touched;
            while from != 0 {
                let t = from.trailing_zeros() as usize;
                from &= from - 1;
                if between.get(c, t) & occupied == 0 {
                    return true;
                }
            }
        }
        if touched == 0 {
            return false;
        }
        // Attackers the changes put on the board (an enemy piece moved by a swap).
        let mut seen = 0u64;
        for &(t, x) in changes.iter().rev() {
            let bit = 1u64 << t.index();
            if seen & bit != 0 {
                continue;
            }
            seen |= bit;
            let i = self.index.get(x.index()).copied().unwrap_or(NOT_ATTACKER);
            if i != NOT_ATTACKER
                && here[i as usize] & bit != 0
                && between.get(c, t.index()) & occupied == 0
            {
                return true;
            }
        }
        false
    }

    /// The cells of the enemy pieces that attack a piece on `cell`, and the pinned pieces
    /// (as [`AttackMasks::shields`] finds them, but also when `cell` is attacked).
    pub(crate) fn checks_and_shields(
        &self,
        s: &State,
        between: &Between,
        cell: CellId,
        own: impl Fn(PieceId) -> bool,
    ) -> (u64, u64) {
        let c = cell.index();
        let occupied = !s.bits[EMPTY.index()];
        let k = self.pieces.len();
        let (mut checks, mut pinned) = (0u64, 0u64);
        for (&mask, &a) in self.from[c * k..(c + 1) * k].iter().zip(&self.pieces) {
            let mut from = mask & s.bits[a.index()];
            while from != 0 {
                let t = from.trailing_zeros() as usize;
                from &= from - 1;
                let blockers = between.get(c, t) & occupied;
                if blockers == 0 {
                    checks |= 1 << t;
                    continue;
                }
                let b = blockers.trailing_zeros() as usize;
                if blockers & (blockers - 1) == 0 && own(s.board[b]) {
                    pinned |= blockers;
                }
            }
        }
        (checks, pinned)
    }

    /// `None` if a piece on `cell` is attacked in `s`; otherwise the cells of the pieces
    /// (those `own` accepts) that alone stand between it and an enemy that would attack it
    /// from further along the line: the pinned pieces.
    pub(crate) fn shields(
        &self,
        s: &State,
        between: &Between,
        cell: CellId,
        own: impl Fn(PieceId) -> bool,
    ) -> Option<u64> {
        let (checks, pinned) = self.checks_and_shields(s, between, cell, own);
        (checks == 0).then_some(pinned)
    }
}

#[cfg(test)]
mod tests {
    use super::super::legal::Patched;
    use crate::engine::{CellId, Game, MoveList, State, EMPTY};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Positions from seeded random games of `game`, a few from each ply.
    fn positions(game: &Game, games: usize) -> Vec<State> {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut out = Vec::new();
        let mut moves = MoveList::new();
        for _ in 0..games {
            let mut s = game.start();
            for _ in 0..120 {
                game.legal_moves(&s, &mut moves);
                if moves.is_empty() {
                    break;
                }
                game.make(&mut s, moves[rng.gen_range(0..moves.len())]);
                out.push(s.clone());
            }
        }
        out
    }

    #[test]
    fn chess_gets_masks_and_a_game_without_royal_pieces_gets_none() {
        let chess = crate::load_shipped("chess", &[]).unwrap();
        assert!(chess.accel.between.is_some());
        let owned = chess
            .accel
            .attack_rays
            .iter()
            .filter(|t| t.masks.is_some())
            .count();
        assert_eq!(owned, 12, "every owned chess piece has masks");
        // No royal pieces: no attack tables at all.
        let intellector = crate::load_shipped("intellector", &[]).unwrap();
        assert!(intellector.accel.between.is_none());
    }

    #[test]
    fn lines_with_two_paths_keep_the_walk() {
        // Rooks that also hop two cells north or south: `n` reaches d3 from d1 over d2,
        // the hop reaches it over nothing, so one mask of the cells between cannot serve.
        let src = include_str!("../../games/chess.game")
            .replace(
                "move rook: slide(orthogonal)",
                "move rook: slide(orthogonal)\nmove rook: slide(hop)",
            )
            .replace(
                "direction forward",
                "direction hop = n + n, s + s\ndirection forward",
            );
        let game = crate::compile_source("hop", "hop.game", &src, &[]).unwrap();
        assert!(game.accel.attack_rays.iter().all(|t| t.masks.is_none()));
        // The walk still finds the hop over the pawn, and not a cell the hop misses.
        let check = game
            .parse_position("8/8/8/8/8/3k4/3P4/3RK3 b - - 0 1")
            .unwrap();
        assert!(game.in_check(&check, crate::engine::Player(1)));
        let safe = game
            .parse_position("8/8/8/8/3k4/8/3P4/3RK3 b - - 0 1")
            .unwrap();
        assert!(!game.in_check(&safe, crate::engine::Player(1)));
    }

    #[test]
    fn masks_and_line_walk_agree_on_every_cell() {
        let game = crate::load_shipped("chess", &[]).unwrap();
        let between = game.accel.between.as_ref().unwrap();
        let mut rng = SmallRng::seed_from_u64(11);
        let mut checked = 0;
        for s in positions(&game, 12) {
            let n = CellId::from_index(game.board.len());
            // Also with two cells changed, as a move being tried changes them.
            let (a, b) = (
                CellId::new(rng.gen_range(0..n.raw())),
                CellId::new(rng.gen_range(0..n.raw())),
            );
            let changes = [(a, EMPTY), (b, s.board[a.index()])];
            for victim in 1..game.pieces.len() {
                let table = &game.accel.attack_rays[victim];
                let masks = table.masks.as_ref().unwrap();
                for c in CellId::upto(n.index()) {
                    for ch in [&changes[..0], &changes[..]] {
                        let view = Patched {
                            board: &s.board,
                            changes: ch,
                        };
                        assert_eq!(
                            masks.attacked(&s, between, ch, c),
                            game.attacked_along_lines(table, &view, c),
                            "piece {victim} on {c} with {ch:?} in {}",
                            game.position_to_string(&s)
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// The royal piece's step test agrees with the general one, for every cell it could
    /// step to (the test does not look at whether the step is a legal move).
    #[test]
    fn attacked_after_step_agrees_with_attacked_given_the_two_changes() {
        let game = crate::load_shipped("chess", &[]).unwrap();
        let between = game.accel.between.as_ref().unwrap();
        let (mut checked, mut attacked) = (0, 0);
        for s in positions(&game, 20) {
            let rp = game.royal[s.scalars.to_move][0];
            let king = CellId::from_index((s.cells_of(rp)[0].trailing_zeros()) as usize);
            let masks = game.accel.attack_rays[rp.index()].masks.as_ref().unwrap();
            for to in CellId::upto(game.board.len()).filter(|&t| t != king) {
                let changes = [(king, EMPTY), (to, rp)];
                let want = masks.attacked(&s, between, &changes, to);
                assert_eq!(
                    masks.attacked_after_step(&s, between, king, to),
                    want,
                    "king {king} to {to} in {}",
                    game.position_to_string(&s)
                );
                checked += 1;
                attacked += usize::from(want);
            }
        }
        assert!(checked > 10_000 && attacked > 1_000, "{checked} {attacked}");
    }

    #[test]
    fn masks_and_line_walk_find_the_same_pins() {
        let game = crate::load_shipped("chess", &[]).unwrap();
        let between = game.accel.between.as_ref().unwrap();
        let (mut checks, mut pins) = (0, 0);
        for s in positions(&game, 40) {
            let rp = game.royal[s.scalars.to_move][0];
            let king = CellId::from_index((s.cells_of(rp)[0].trailing_zeros()) as usize);
            let table = &game.accel.attack_rays[rp.index()];
            let masks = table.masks.as_ref().unwrap();
            let fast = game.pins_by_masks(&s, masks, between, king);
            let slow = game.pins_along_lines(&s, table, king);
            assert_eq!(
                fast.is_none(),
                slow.is_none(),
                "{}",
                game.position_to_string(&s)
            );
            let (Some(fast), Some(slow)) = (fast, slow) else {
                checks += 1;
                continue;
            };
            for c in CellId::upto(game.board.len()) {
                assert_eq!(
                    fast.has(c),
                    slow.has(c),
                    "{c} in {}",
                    game.position_to_string(&s)
                );
                pins += usize::from(fast.has(c));
            }
        }
        assert!(checks > 20 && pins > 20, "{checks} checks, {pins} pins");
    }
}

/// A direction that, on a board of at most 64 cells, moves every cell that has a neighbour
/// that way by the same number of cell ids (a square board's rows and columns): the
/// neighbours of a whole bitboard are then one shift.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirShift {
    /// The neighbour of cell `c` is `c + by`.
    by: i8,
    /// The cells that have a neighbour this way.
    has_next: u64,
}

impl DirShift {
    /// A direction in which no cell has a neighbour.
    pub const NONE: DirShift = DirShift { by: 0, has_next: 0 };

    /// The shift of each of `board`'s directions, `None` for one that is not uniform; all
    /// `None` when the board has more than 64 cells.
    pub fn build(board: &Board) -> Vec<Option<DirShift>> {
        let n = board.len();
        DirId::upto(board.dirs.len())
            .map(|d| {
                if n > 64 {
                    return None;
                }
                let mut out = DirShift { by: 0, has_next: 0 };
                let mut by = None;
                for c in CellId::upto(n) {
                    let x = board.next(c, d);
                    if x == NO_CELL {
                        continue;
                    }
                    let step = i32::from(x.raw()) - i32::from(c.raw());
                    if *by.get_or_insert(step) != step {
                        return None;
                    }
                    out.has_next |= 1 << c.index();
                }
                // |step| < 64: both cells are below 64.
                out.by = by.unwrap_or(0) as i8;
                Some(out)
            })
            .collect()
    }

    /// The cells whose neighbour this way is in `set` (bit `c` set when `c + by` is).
    #[inline(always)]
    pub fn from_next(self, set: u64) -> u64 {
        // A rotation brings bit `c + by` to `c` for either sign of `by`, with no branch; the
        // bits it carries round the ends land on cells with no neighbour this way, which
        // the mask clears.
        set.rotate_right(self.by as u32 & 63) & self.has_next
    }

    /// The neighbours this way of the cells in `set` (bit `c + by` set when `c` is).
    #[inline(always)]
    pub fn onto_next(self, set: u64) -> u64 {
        (set & self.has_next).rotate_left(self.by as u32 & 63)
    }

    /// The neighbour this way of cell `cell`, which must have one.
    #[inline(always)]
    pub fn next_of(self, cell: usize) -> usize {
        cell.wrapping_add_signed(isize::from(self.by)) & 63
    }

    /// The neighbour the other way of cell `cell`, which must have one this way.
    #[inline(always)]
    pub fn prev_of(self, cell: usize) -> usize {
        cell.wrapping_add_signed(-isize::from(self.by)) & 63
    }

    /// Whether a step this way goes to a higher cell id.
    #[inline(always)]
    pub fn ascending(self) -> bool {
        self.by > 0
    }

    /// The cells with no neighbour this way (on a board of 64 cells or fewer, bits beyond
    /// the board included).
    #[inline(always)]
    pub fn edge(self) -> u64 {
        !self.has_next
    }
}
