//! Royal pieces and attacks: a move may not leave one of the mover's royal pieces (the chess
//! king) where an enemy could capture it, and castling may not start, pass or end on an
//! attacked cell.
//!
//! Attacks are found backwards from the attacked cell with tables built by the compiler from
//! the move rules themselves (every step, leap or slide that can capture), so no rule is
//! written twice and no opponent moves are generated.

use super::screen::ScreenLines;
use super::sink::{CellSink, CellView};
use super::{
    ByPlayer, CellCond, CellId, ContentSet, DirId, Game, Move, MoveList, PieceId, Player, State,
    EMPTY, NO_CELL,
};

/// One way a piece attacks: looking back from the attacked cell along `back`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    /// The attacking piece id.
    pub piece: PieceId,
    /// Directions from the attacked cell back towards the attacker.
    pub back: Vec<DirId>,
    /// `None` for a single step or leap; `Some((min, max))` for a slide.
    pub slide: Option<(u16, u16)>,
    /// What the move may capture.
    pub victims: ContentSet,
    /// Where the attacker must stand, if the rule says.
    pub from: Option<CellCond>,
    /// The cells a leap passes, which must be clear (`via:`); its ways are given for the
    /// attacking player, parallel to `back`.
    pub via: Option<super::Via>,
    /// How many pieces a slide passes before it captures (`screens:`), 0 for none.
    pub screens: u16,
}

impl Attack {
    /// Whether the attack cannot be read off a line from the attacked cell as the first
    /// piece met (it depends on where the attacker stands, on cells off the line, or on
    /// the pieces it passes): such attacks are tested one by one.
    pub fn conditional(&self) -> bool {
        self.from.is_some() || self.via.is_some() || self.screens > 0
    }
}

/// One line looked along from an attacked cell: the enemy pieces that attack along it, by
/// distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackRay {
    /// The direction from the attacked cell towards the attackers.
    pub back: DirId,
    /// How far the line is followed (the longest reach of its attackers).
    pub reach: u16,
    /// (nearest, farthest, pieces): a piece in the set attacks from that range of distances,
    /// if every cell before it is empty. A step or leap is the range (1, 1).
    pub by: Vec<(u16, u16, ContentSet)>,
    /// The same, by distance: `hits[k - 1]` holds the pieces that attack from `k` cells
    /// away, and the last set stands for every distance beyond (derived from `by`; one set
    /// test per piece met instead of a range scan).
    pub hits: Vec<ContentSet>,
}

impl AttackRay {
    /// Whether `x`, the first piece met `k` cells along the line, attacks along it.
    #[inline(always)]
    fn hit(&self, k: usize, x: PieceId) -> bool {
        self.hits[k.min(self.hits.len()) - 1].contains(x)
    }

    /// Fills [`AttackRay::hits`] from [`AttackRay::by`]: up to the last distance where some
    /// range starts or ends, after which the attackers no longer change.
    fn fill_hits(&mut self) {
        let last = self
            .by
            .iter()
            .map(|&(min, max, _)| {
                if max < self.reach {
                    min.max(max + 1)
                } else {
                    min
                }
            })
            .max()
            .unwrap_or(1);
        self.hits = (1..=last)
            .map(|k| {
                let mut set = ContentSet::NONE;
                for &(min, max, by) in &self.by {
                    if (min..=max).contains(&k) {
                        set = set.union(by);
                    }
                }
                set
            })
            .collect();
    }
}

/// The attacks on one piece (a royal piece, or one that castles), grouped by line so that
/// each line is walked once whatever number of kinds attack along it; attacks that depend on
/// where the attacker stands (`from:`) are kept as they are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AttackRays {
    /// The lines, steps and leaps (reach 1) first.
    pub rays: Vec<AttackRay>,
    /// Attacks with a `from:` condition, by attacking player.
    pub conditional: Vec<(Player, Attack)>,
    /// The unconditional attacks as bitboard masks, on boards of at most 64 cells whose
    /// lines allow it (filled by the compiler; the walk along `rays` answers otherwise).
    pub masks: Option<super::AttackMasks>,
}

impl AttackRays {
    /// The attacks of every opponent of `victim` on `piece`, from the game's attack tables.
    pub fn build(attackers: &ByPlayer<Vec<Attack>>, victim: Player, piece: PieceId) -> Self {
        let mut out = AttackRays::default();
        for (q, attacks) in attackers.0.iter().enumerate() {
            if q == victim.index() {
                continue;
            }
            for a in attacks.iter().filter(|a| a.victims.contains(piece)) {
                if a.conditional() {
                    out.conditional.push((Player(q as u8), a.clone()));
                    continue;
                }
                let (min, max) = a.slide.unwrap_or((1, 1));
                for &b in &a.back {
                    let ray = match out.rays.iter_mut().position(|r| r.back == b) {
                        Some(i) => &mut out.rays[i],
                        None => {
                            out.rays.push(AttackRay {
                                back: b,
                                reach: 0,
                                by: Vec::new(),
                                hits: Vec::new(),
                            });
                            out.rays.last_mut().expect("just pushed")
                        }
                    };
                    ray.reach = ray.reach.max(max);
                    match ray.by.iter_mut().find(|e| e.0 == min && e.1 == max) {
                        Some(e) => e.2.insert(a.piece),
                        None => {
                            let mut set = ContentSet::NONE;
                            set.insert(a.piece);
                            ray.by.push((min, max, set));
                        }
                    }
                }
            }
        }
        out.rays.sort_by_key(|r| r.reach);
        for ray in &mut out.rays {
            ray.fill_hits();
        }
        out
    }
}

/// A scratch view of the board with a move's changes applied on top.
pub(crate) struct Overlay<'a> {
    board: &'a [PieceId],
    changes: [(CellId, PieceId); 24],
    len: usize,
}

impl<'a> Overlay<'a> {
    pub(crate) fn new(board: &'a [PieceId]) -> Overlay<'a> {
        Overlay {
            board,
            // Only the first `len` entries are read: zeros fill faster than padded pairs.
            changes: [(CellId::new(0), EMPTY); 24],
            len: 0,
        }
    }
}

impl Overlay<'_> {
    /// The changes made so far, in order.
    fn changes(&self) -> &[(CellId, PieceId)] {
        &self.changes[..self.len]
    }
}

impl CellView for Overlay<'_> {
    #[inline(always)]
    fn get(&self, c: CellId) -> PieceId {
        Patched {
            board: self.board,
            changes: self.changes(),
        }
        .get(c)
    }
}

/// A board seen with some changes on top, the later change of a cell counting.
pub(super) struct Patched<'a> {
    pub(super) board: &'a [PieceId],
    pub(super) changes: &'a [(CellId, PieceId)],
}

impl CellView for Patched<'_> {
    #[inline(always)]
    fn get(&self, c: CellId) -> PieceId {
        match self.changes.iter().rev().find(|x| x.0 == c) {
            Some(&(_, x)) => x,
            None => self.board[c.index()],
        }
    }
}

impl CellSink for Overlay<'_> {
    #[inline(always)]
    fn set(&mut self, c: CellId, p: PieceId) {
        if self.len < self.changes.len() {
            self.changes[self.len] = (c, p);
            self.len += 1;
        }
    }
}

impl Game {
    /// Whether `victim_piece` standing on `cell` could be captured by an opponent of its
    /// owner, in `s` with `changes` made on top (a move being tried; the later change of a
    /// cell counts).
    pub(crate) fn attacked(
        &self,
        s: &State,
        changes: &[(CellId, PieceId)],
        cell: CellId,
        victim_piece: PieceId,
    ) -> bool {
        // Tables exist for every owned piece once the game has royal pieces; without them
        // nothing attacks.
        let Some(table) = self.accel.attack_rays.get(victim_piece.index()) else {
            return false;
        };
        let view = Patched {
            board: &s.board,
            changes,
        };
        match (&table.masks, &self.accel.between) {
            (Some(masks), Some(between)) => {
                if masks.attacked(s, between, changes, cell) {
                    return true;
                }
            }
            _ => {
                if self.attacked_along_lines(table, &view, cell) {
                    return true;
                }
            }
        }
        table
            .conditional
            .iter()
            .any(|(q, a)| self.attack_holds(&view, cell, *q, a))
    }

    /// Whether an unconditional attack of `table` reaches `cell`, walking its lines.
    pub(super) fn attacked_along_lines(
        &self,
        table: &AttackRays,
        view: &Patched,
        cell: CellId,
    ) -> bool {
        for ray in &table.rays {
            let mut c = cell;
            for k in 1..usize::from(ray.reach) + 1 {
                c = self.board.next(c, ray.back);
                if c == NO_CELL {
                    break;
                }
                let x = view.get(c);
                if x != EMPTY {
                    if ray.hit(k, x) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// Whether the attack `a` of player `q` reaches `cell`.
    fn attack_holds<V: CellView + ?Sized>(
        &self,
        view: &V,
        cell: CellId,
        q: Player,
        a: &Attack,
    ) -> bool {
        let (min, max) = a.slide.unwrap_or((1, 1));
        a.back.iter().enumerate().any(|(i, &b)| {
            let at = if a.screens > 0 {
                super::screen::screened_attacker(
                    &self.board,
                    cell,
                    b,
                    a.piece,
                    (a.screens, min, max),
                    |c| view.get(c),
                )
            } else {
                self.first_piece(view, cell, b, max)
                    .filter(|&(k, c)| view.get(c) == a.piece && k >= min)
                    .map(|(_, c)| c)
            };
            at.is_some_and(|c| {
                a.from
                    .as_ref()
                    .is_none_or(|f| f.accepts(&self.board, q, c, a.piece))
                    && a.via
                        .as_ref()
                        .is_none_or(|w| w.open(&self.board, q, i, c, |x| view.get(x)))
            })
        })
    }

    /// The first piece met looking from `cell` along `d`, within `max` cells: its distance
    /// and cell.
    fn first_piece<V: CellView + ?Sized>(
        &self,
        view: &V,
        cell: CellId,
        d: DirId,
        max: u16,
    ) -> Option<(u16, CellId)> {
        let mut c = cell;
        for k in 1..=max {
            c = self.board.next(c, d);
            if c == NO_CELL {
                return None;
            }
            if view.get(c) != EMPTY {
                return Some((k, c));
            }
        }
        None
    }

    /// Whether one of `p`'s royal pieces is attacked now.
    pub fn in_check(&self, s: &State, p: Player) -> bool {
        self.royal[p]
            .iter()
            .any(|&rp| bits_iter(s.cells_of(rp)).any(|c| self.attacked(s, &[], c, rp)))
    }

    /// Whether the player to move is checkmated: a royal piece attacked and no legal move.
    pub(crate) fn is_checkmated(&self, s: &mut State) -> bool {
        if self.checkmate.is_none() || !self.in_check(s, s.scalars.to_move) {
            return false;
        }
        let keep = s.scalars.result.take();
        let mut moves = MoveList::new();
        self.legal_moves(s, &mut moves);
        s.scalars.result = keep;
        moves.is_empty()
    }

    /// Whether playing `mv` leaves every royal piece of the mover unattacked.
    pub(crate) fn royal_safe_after(&self, s: &State, mv: Move) -> bool {
        let p = s.scalars.to_move;
        let rule = &self.rules[mv.rule.index()];
        if rule.plain && !mv.promotes() {
            // One piece from one cell to another (a king's step, a pinned piece): the two
            // changes are known without an overlay.
            let from = mv.cells[0];
            let to = mv.cells[if rule.passable { 2 } else { 1 }];
            let changes = [(from, EMPTY), (to, s.board[from.index()])];
            return self.royal[p].iter().all(|&rp| {
                bits_iter(s.cells_of(rp)).all(|c| {
                    // The royal piece moved, or (where a rule may land on a friend) was
                    // replaced by the piece that moved.
                    let c = match c {
                        c if c == from => to,
                        c if c == to => return true,
                        c => c,
                    };
                    !self.attacked(s, &changes, c, rp)
                })
            });
        }
        if let [super::Part::Castle(_)] = rule.parts.as_slice() {
            // Castling (`prim/castle.rs`): the piece and its partner leave their cells and
            // land on theirs, as the move records them; only a royal castling piece can be
            // exposed, where it lands, when it is the one royal piece.
            let (focus, to, partner, partner_to) =
                (mv.cells[0], mv.cells[1], mv.cells[2], mv.cells[3]);
            let piece = s.board[focus.index()];
            if let [rp] = self.royal[p][..] {
                if piece == rp && s.cells_of(rp).iter().map(|w| w.count_ones()).sum::<u32>() == 1 {
                    let changes = [
                        (focus, EMPTY),
                        (partner, EMPTY),
                        (to, piece),
                        (partner_to, s.board[partner.index()]),
                    ];
                    return !self.attacked(s, &changes, to, rp);
                }
            }
        }
        let mut view = Overlay::new(&s.board);
        self.exec_cells(&mut view, mv, p);
        for &rp in &self.royal[p] {
            for c in bits_iter(s.cells_of(rp)) {
                if view.get(c) == rp && self.attacked(s, view.changes(), c, rp) {
                    return false;
                }
            }
            for i in 0..view.len {
                let (c, x) = view.changes[i];
                if x == rp && view.get(c) == rp && self.attacked(s, view.changes(), c, rp) {
                    return false;
                }
            }
        }
        true
    }

    /// Removes moves that leave a royal piece attacked.
    ///
    /// When the mover is not in check and has one royal piece, a plain move (one piece from
    /// its cell to another) can only expose it by moving it, or by leaving a cell that shields
    /// it from an enemy slider (a pinned piece); other moves (en passant, jumps, castling)
    /// may change more cells. Only those moves are tested.
    pub(crate) fn keep_royal_safe(&self, s: &State, out: &mut MoveList) {
        let p = s.scalars.to_move;
        if self.royal[p].is_empty() || self.is_chance(s) {
            return;
        }
        let mut royal_cells = self.royal[p]
            .iter()
            .flat_map(|&rp| bits_iter(s.cells_of(rp)).map(move |c| (c, rp)));
        let lone = match (royal_cells.next(), royal_cells.next()) {
            (Some((c, rp)), None) => self
                .check_and_pins(s, c, rp)
                .map(|(pinned, lines)| (c, pinned, lines)),
            _ => None,
        };
        let Some((king, pinned, lines)) = lone else {
            out.retain(|&m| m.is_forced_pass() || self.royal_safe_after(s, m));
            return;
        };
        out.retain(|&m| self.royal_keeps(s, m, king, &pinned, &lines));
    }

    /// Whether `m` leaves the mover's one royal piece, on `king` and not in check, safe,
    /// given the pinned cells and screen lines [`Game::check_and_pins`] found: a plain move
    /// off the pins, the lines and the royal cell is, without a test.
    #[inline]
    pub(super) fn royal_keeps(
        &self,
        s: &State,
        m: Move,
        king: CellId,
        pinned: &Pins,
        lines: &ScreenLines,
    ) -> bool {
        if m.is_forced_pass() {
            return true;
        }
        let origin = m.cells[0];
        let rule = &self.rules[m.rule.index()];
        if rule.plain
            && origin != king
            && !pinned.has(origin)
            && !lines.has(origin)
            && !lines.has(m.cells[if rule.passable { 2 } else { 1 }])
        {
            return true;
        }
        self.royal_safe_after(s, m)
    }

    /// `None` if the royal piece `rp` on `king` is attacked; otherwise the cells of the
    /// mover's pieces that shield it from an enemy slider: the first piece along a line, if
    /// it is the mover's and the next one is an enemy that attacks along that line from
    /// there. One walk along each line answers both. Attacks with a `from:` condition are
    /// not followed through a shield: every cell on their lines counts.
    pub(super) fn check_and_pins(
        &self,
        s: &State,
        king: CellId,
        rp: PieceId,
    ) -> Option<(Pins, ScreenLines)> {
        let Some(table) = self.accel.attack_rays.get(rp.index()) else {
            return Some((Pins::none(self.board.len()), ScreenLines::None));
        };
        let mut pinned = match (&table.masks, &self.accel.between) {
            (Some(masks), Some(between)) => self.pins_by_masks(s, masks, between, king)?,
            _ => self.pins_along_lines(s, table, king)?,
        };
        let mut lines = ScreenLines::None;
        if table.conditional.is_empty() {
            return Some((pinned, lines));
        }
        let view: &[PieceId] = &s.board;
        for (q, a) in &table.conditional {
            if self.attack_holds(view, king, *q, a) {
                return None;
            }
            if a.screens > 0 {
                // A piece leaving or landing on the line may take away or add a screen.
                let max = a.slide.map_or(1, |x| x.1);
                for &b in &a.back {
                    let mut c = king;
                    for _ in 0..max {
                        c = self.board.next(c, b);
                        if c == NO_CELL {
                            break;
                        }
                        lines.insert(c);
                    }
                }
            }
            if let Some(via) = &a.via {
                // A piece leaving a cell the leap passes opens it.
                for (i, &b) in a.back.iter().enumerate() {
                    let from = self.board.next(king, b);
                    if from != NO_CELL && s.board[from.index()] == a.piece {
                        for c in via.cells(&self.board, *q, i, from) {
                            pinned.insert(c);
                        }
                    }
                }
            }
            if a.slide.is_some() && a.screens == 0 {
                for &b in &a.back {
                    let mut c = self.board.next(king, b);
                    while c != NO_CELL {
                        pinned.insert(c);
                        c = self.board.next(c, b);
                    }
                }
            }
        }
        Some((pinned, lines))
    }

    /// For the royal piece `rp` on `king`, on a board of at most 64 cells: the cells of the
    /// enemy pieces attacking it and the cells of the pinned pieces; `None` where the attack
    /// masks do not cover the game or some attack is conditional.
    pub(super) fn checkers_and_pins(
        &self,
        s: &State,
        king: CellId,
        rp: PieceId,
    ) -> Option<(u64, u64)> {
        let table = self.accel.attack_rays.get(rp.index())?;
        let (Some(masks), Some(between)) = (&table.masks, &self.accel.between) else {
            return None;
        };
        if !table.conditional.is_empty() {
            return None;
        }
        let p = s.scalars.to_move;
        Some(masks.checks_and_shields(s, between, king, |x| self.owner(x) == Some(p)))
    }

    /// The unconditional part of [`Game::check_and_pins`], from the bitboard masks.
    pub(super) fn pins_by_masks(
        &self,
        s: &State,
        masks: &super::AttackMasks,
        between: &super::Between,
        king: CellId,
    ) -> Option<Pins> {
        let p = s.scalars.to_move;
        let shields = masks.shields(s, between, king, |x| self.owner(x) == Some(p))?;
        Some(Pins::Mask(shields))
    }

    /// The unconditional part of [`Game::check_and_pins`], walking the attack lines.
    pub(super) fn pins_along_lines(
        &self,
        s: &State,
        table: &AttackRays,
        king: CellId,
    ) -> Option<Pins> {
        let p = s.scalars.to_move;
        let mut pinned = Pins::none(self.board.len());
        for ray in &table.rays {
            let mut c = king;
            let mut shield = NO_CELL;
            for k in 1..usize::from(ray.reach) + 1 {
                c = self.board.next(c, ray.back);
                if c == NO_CELL {
                    break;
                }
                let x = s.board[c.index()];
                if x == EMPTY {
                    continue;
                }
                if shield != NO_CELL {
                    if ray.hit(k, x) {
                        pinned.insert(shield);
                    }
                    break;
                }
                if ray.hit(k, x) {
                    return None;
                }
                if ray.reach > 1 && self.owner(x) == Some(p) {
                    shield = c;
                    continue;
                }
                break;
            }
        }
        Some(pinned)
    }
}

/// The cells of a bitset.
pub(crate) fn bits_iter(words: &[u64]) -> impl Iterator<Item = CellId> + '_ {
    words.iter().enumerate().flat_map(|(w, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let c = CellId::from_index(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
            Some(c)
        })
    })
}

/// The most pinned cells [`Pins`] lists on a board of more than 64 cells.
const MAX_PINS: usize = 16;

/// The cells of the mover's pieces that shield its royal piece from an attack (pinned
/// pieces), small enough to live in registers: a 512-byte bitset, cleared and moved on
/// every generation, cost more than the tests it saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pins {
    /// As a bitset, on a board of at most 64 cells.
    Mask(u64),
    /// As a list, on a larger board.
    List { cells: [CellId; MAX_PINS], len: u8 },
    /// Too many to list: every piece counts as pinned (its moves are all tested).
    All,
}

impl Pins {
    /// No pinned piece, on a board of `cells` cells.
    pub(super) fn none(cells: usize) -> Pins {
        if cells <= 64 {
            Pins::Mask(0)
        } else {
            Pins::List {
                cells: [NO_CELL; MAX_PINS],
                len: 0,
            }
        }
    }

    /// Adds `cell`.
    pub(super) fn insert(&mut self, cell: CellId) {
        match self {
            Pins::Mask(m) => *m |= 1 << cell.index(),
            Pins::List { cells, len } => {
                let n = usize::from(*len);
                if !cells[..n].contains(&cell) {
                    if n == MAX_PINS {
                        *self = Pins::All;
                    } else {
                        cells[n] = cell;
                        *len += 1;
                    }
                }
            }
            Pins::All => {}
        }
    }

    /// Whether the piece on `cell` may be pinned.
    #[inline(always)]
    pub(super) fn has(&self, cell: CellId) -> bool {
        match self {
            Pins::Mask(m) => m >> cell.index() & 1 == 1,
            Pins::List { cells, len } => cells[..usize::from(*len)].contains(&cell),
            Pins::All => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Pins, MAX_PINS};
    use crate::engine::CellId;

    #[test]
    fn pins_on_a_small_board_are_a_mask() {
        let mut pins = Pins::none(64);
        pins.insert(CellId::new(0));
        pins.insert(CellId::new(63));
        assert_eq!(pins, Pins::Mask(1 | 1 << 63));
        assert!(pins.has(CellId::new(0)) && pins.has(CellId::new(63)) && !pins.has(CellId::new(1)));
    }

    #[test]
    fn pins_on_a_large_board_are_listed_until_too_many_then_all_count() {
        let mut pins = Pins::none(100);
        for c in 0..MAX_PINS as u16 {
            pins.insert(CellId::new(70 + c));
            pins.insert(CellId::new(70 + c)); // a cell listed twice takes one place
        }
        assert!((70..70 + MAX_PINS as u16).all(|c| pins.has(CellId::new(c))));
        assert!(!pins.has(CellId::new(69)) && !pins.has(CellId::new(99)));
        pins.insert(CellId::new(99));
        assert_eq!(pins, Pins::All);
        assert!(pins.has(CellId::new(0)));
    }

    /// A rook pinned to its king on a 10 × 10 board (more than 64 cells: the pins are a
    /// list) moves only along the pin line.
    #[test]
    fn a_pinned_piece_on_a_large_board_stays_on_its_line() {
        let game = crate::compile_source(
            "big",
            "big.game",
            "game \"Big\"\nplayers White, Black\nboard square(10, 10)\n\
             piece rook = \"R\" for White, \"r\" for Black\n\
             piece king = \"K\" for White, \"k\" for Black\n\
             setup \"r8k/10/10/10/10/R9/10/10/10/K9 w\"\n\
             royal king\n\
             move rook: slide(orthogonal)\n\
             move king: step(adjacent)\n\
             loss if checkmate\n",
            &[],
        )
        .unwrap();
        let mut moves = crate::MoveList::new();
        game.legal_moves(&game.start(), &mut moves);
        let mut rook: Vec<String> = moves
            .iter()
            .filter(|m| game.board.cells[m.cells[0].index()].name == "a5")
            .map(|m| game.board.cells[m.cells[1].index()].name.clone())
            .collect();
        rook.sort();
        assert_eq!(rook, ["a10", "a2", "a3", "a4", "a6", "a7", "a8", "a9"]);
        // And the king's three steps.
        assert_eq!(moves.len(), rook.len() + 3);
    }
}
