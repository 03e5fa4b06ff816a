//! Royal pieces and attacks: a move may not leave one of the mover's royal pieces (the chess
//! king) where an enemy could capture it, and castling may not start, pass or end on an
//! attacked cell.
//!
//! Attacks are found backwards from the attacked cell with tables built by the compiler from
//! the move rules themselves (every step, leap or slide that can capture), so no rule is
//! written twice and no opponent moves are generated.

use super::make::CellSink;
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
            changes: [(NO_CELL, EMPTY); 24],
            len: 0,
        }
    }
}

impl CellSink for Overlay<'_> {
    #[inline(always)]
    fn get(&self, c: CellId) -> PieceId {
        let mut i = self.len;
        while i > 0 {
            i -= 1;
            if self.changes[i].0 == c {
                return self.changes[i].1;
            }
        }
        self.board[c as usize]
    }

    #[inline(always)]
    fn set(&mut self, c: CellId, p: PieceId) {
        if self.len < self.changes.len() {
            self.changes[self.len] = (c, p);
            self.len += 1;
        }
    }
}

impl Game {
    /// Whether `victim_piece` (of `victim`) standing on `cell` could be captured by an
    /// opponent, on the board seen through `view`.
    pub(crate) fn attacked<V: CellSink>(
        &self,
        view: &V,
        cell: CellId,
        victim: Player,
        victim_piece: PieceId,
    ) -> bool {
        for (q, attacks) in self.attackers.0.iter().enumerate() {
            if q == victim.index() {
                continue;
            }
            let q = Player(q as u8);
            for a in attacks {
                if !a.victims.contains(victim_piece) {
                    continue;
                }
                for &b in &a.back {
                    match a.slide {
                        None => {
                            let src = self.board.next(cell, b);
                            if src != NO_CELL
                                && view.get(src) == a.piece
                                && a.from
                                    .as_ref()
                                    .is_none_or(|f| f.accepts(&self.board, q, src, a.piece))
                            {
                                return true;
                            }
                        }
                        Some((min, max)) => {
                            let mut c = cell;
                            for k in 1..=max {
                                c = self.board.next(c, b);
                                if c == NO_CELL {
                                    break;
                                }
                                let x = view.get(c);
                                if x == EMPTY {
                                    continue;
                                }
                                if x == a.piece
                                    && k >= min
                                    && a.from
                                        .as_ref()
                                        .is_none_or(|f| f.accepts(&self.board, q, c, x))
                                {
                                    return true;
                                }
                                break;
                            }
                        }
                    }
                }
            }
        }
        false
    }

    /// Whether one of `p`'s royal pieces is attacked now.
    pub fn in_check(&self, s: &State, p: Player) -> bool {
        let view = Overlay::new(&s.board);
        self.royal[p]
            .iter()
            .any(|&rp| bits_iter(s.cells_of(rp)).any(|c| self.attacked(&view, c, p, rp)))
    }

    /// Whether the player to move is checkmated: a royal piece attacked and no legal move.
    pub(crate) fn is_checkmated(&self, s: &mut State) -> bool {
        if self.checkmate.is_none() || !self.in_check(s, s.to_move) {
            return false;
        }
        let keep = s.result.take();
        let mut moves = MoveList::new();
        self.legal_moves(s, &mut moves);
        s.result = keep;
        moves.is_empty()
    }

    /// Whether playing `mv` leaves every royal piece of the mover unattacked.
    pub(crate) fn royal_safe_after(&self, s: &State, mv: Move) -> bool {
        let p = s.to_move;
        let mut view = Overlay::new(&s.board);
        self.exec_cells(&mut view, mv, p);
        for &rp in &self.royal[p] {
            for c in bits_iter(s.cells_of(rp)) {
                if view.get(c) == rp && self.attacked(&view, c, p, rp) {
                    return false;
                }
            }
            for i in 0..view.len {
                let (c, x) = view.changes[i];
                if x == rp && view.get(c) == rp && self.attacked(&view, c, p, rp) {
                    return false;
                }
            }
        }
        true
    }

    /// Removes moves that leave a royal piece attacked.
    ///
    /// When the mover is not in check and has one royal piece, a move can only expose it by
    /// moving it, by leaving a cell on a line along which an enemy slider could reach it, or
    /// by removing a piece elsewhere (en passant, a jump); only those moves are tested.
    pub(crate) fn keep_royal_safe(&self, s: &State, out: &mut MoveList) {
        let p = s.to_move;
        if self.royal[p].is_empty() || self.is_chance(s) {
            return;
        }
        let view = Overlay::new(&s.board);
        let mut royal_cells = self.royal[p]
            .iter()
            .flat_map(|&rp| bits_iter(s.cells_of(rp)).map(move |c| (c, rp)));
        let lone = match (royal_cells.next(), royal_cells.next()) {
            (Some((c, rp)), None) if !self.attacked(&view, c, p, rp) => Some(c),
            _ => None,
        };
        let Some(king) = lone else {
            out.retain(|&m| m.is_forced_pass() || self.royal_safe_after(s, m));
            return;
        };
        // Cells on the lines from the royal piece along which an enemy could slide to it.
        let mut lines = [0u64; 64];
        let words = s.words.min(64);
        for (q, attacks) in self.attackers.0.iter().enumerate() {
            if q == p.index() {
                continue;
            }
            for a in attacks.iter().filter(|a| a.slide.is_some()) {
                for &b in &a.back {
                    let mut c = self.board.next(king, b);
                    while c != NO_CELL && (c as usize / 64) < words {
                        lines[c as usize / 64] |= 1 << (c % 64);
                        c = self.board.next(c, b);
                    }
                }
            }
        }
        out.retain(|&m| {
            if m.is_forced_pass() {
                return true;
            }
            let rule = &self.rules[m.rule as usize];
            let simple = rule.from_piece()
                && rule.parts.iter().all(|x| {
                    matches!(
                        x,
                        super::Part::Step { .. }
                            | super::Part::Slide { .. }
                            | super::Part::Promote { .. }
                            | super::Part::BecomeCaptured { .. }
                    )
                });
            let origin = m.cells[0];
            let on_line = (origin as usize / 64) >= words
                || lines[origin as usize / 64] >> (origin % 64) & 1 == 1;
            if simple && origin != king && !on_line {
                return true;
            }
            self.royal_safe_after(s, m)
        });
    }

    /// Castling moves of the piece on `focus` (see [`super::Part::Castle`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gen_castle(
        &self,
        s: &State,
        p: Player,
        dirs: &ByPlayer<Vec<DirId>>,
        with: &CellCond,
        steps: u16,
        focus: CellId,
        mv: Move,
        out: &mut MoveList,
    ) {
        if !s.is_unmoved(focus) {
            return;
        }
        let piece = s.board[focus as usize];
        let view = Overlay::new(&s.board);
        'dirs: for &d in &dirs[p] {
            let mut c = focus;
            let partner = loop {
                c = self.board.next(c, d);
                if c == NO_CELL {
                    continue 'dirs;
                }
                let x = s.board[c as usize];
                if x == EMPTY {
                    continue;
                }
                if with.accepts(&self.board, p, c, x) && s.is_unmoved(c) {
                    break c;
                }
                continue 'dirs;
            };
            let mut to = focus;
            let mut rook_to = focus;
            for i in 0..steps {
                if self.attacked(&view, to, p, piece) {
                    continue 'dirs;
                }
                rook_to = to;
                to = self.board.next(to, d);
                if to == NO_CELL || (s.board[to as usize] != EMPTY && to != partner) {
                    continue 'dirs;
                }
                let _ = i;
            }
            if self.attacked(&view, to, p, piece) {
                continue;
            }
            let rook_to = if steps == 1 { focus } else { rook_to };
            let mut m = mv;
            m.push(to);
            m.push(partner);
            m.push(rook_to);
            out.push(m);
        }
    }

    /// En-passant captures of the piece on `focus`.
    pub(crate) fn gen_en_passant(
        &self,
        s: &State,
        p: Player,
        dirs: &ByPlayer<Vec<DirId>>,
        focus: CellId,
        mv: Move,
        out: &mut MoveList,
    ) {
        if s.ep_target == NO_CELL {
            return;
        }
        for &d in &dirs[p] {
            if self.board.next(focus, d) == s.ep_target
                && self
                    .owner(s.board[s.ep_victim as usize])
                    .is_some_and(|o| o != p)
            {
                let mut m = mv;
                m.push(s.ep_target);
                m.push(s.ep_victim);
                out.push(m);
            }
        }
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
            let c = (w * 64 + bits.trailing_zeros() as usize) as CellId;
            bits &= bits - 1;
            Some(c)
        })
    })
}
