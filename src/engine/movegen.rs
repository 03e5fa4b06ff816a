//! Move generation: walks each rule's parts, recording the cells chosen.
//!
//! A move with several parts sees the board as changed by its earlier parts through a small
//! overlay, so generation never writes to the state and allocates nothing.

use super::{CellId, Game, Move, MoveList, Part, PieceId, Player, Rule, State, EMPTY, NO_CELL};

/// Most cell changes one move's earlier parts may make before a later part looks at the board.
const OVERLAY: usize = 3 * super::MAX_MOVE_CELLS;

/// The board as seen part-way through a move: the state plus the changes of earlier parts.
struct View<'a> {
    board: &'a [PieceId],
    overlay: [(CellId, PieceId); OVERLAY],
    len: usize,
}

impl View<'_> {
    #[inline(always)]
    fn get(&self, c: CellId) -> PieceId {
        let mut i = self.len;
        while i > 0 {
            i -= 1;
            if self.overlay[i].0 == c {
                return self.overlay[i].1;
            }
        }
        self.board[c as usize]
    }

    #[inline(always)]
    fn touched(&self, c: CellId) -> bool {
        self.overlay[..self.len].iter().any(|o| o.0 == c)
    }

    #[inline(always)]
    fn put(&mut self, c: CellId, p: PieceId) {
        self.overlay[self.len] = (c, p);
        self.len += 1;
    }
}

impl Game {
    /// Fills `out` with the legal moves of the player to move (nothing once the game is over).
    pub fn legal_moves(&self, s: &State, out: &mut MoveList) {
        out.clear();
        if s.result.is_some() {
            return;
        }
        if self.is_chance(s) {
            self.gen_rolls(out);
            return;
        }
        let p = s.to_move;
        let mut view = View {
            board: &s.board,
            overlay: [(NO_CELL, EMPTY); OVERLAY],
            len: 0,
        };
        let np = self.pieces.len();
        let table = &self.piece_rules[p.index() * np..(p.index() + 1) * np];
        for &piece in &self.movers[p] {
            let rules = &table[piece as usize];
            for (w, &word) in s.cells_of(piece).iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let cell = (w * 64 + bits.trailing_zeros() as usize) as CellId;
                    bits &= bits - 1;
                    for &r in rules {
                        let rule = &self.rules[r as usize];
                        if let Some(f) = &rule.from {
                            if !f.accepts(&self.board, p, cell, piece) {
                                continue;
                            }
                        }
                        let mut mv = Move::new(r);
                        mv.push(cell);
                        self.gen_parts(s, &mut view, p, &self.rules[r as usize], 0, cell, mv, out);
                    }
                }
            }
        }
        if let Some(k) = self.reserve_kind {
            let piece = self.piece_id(k, Some(p));
            if s.reserve[piece as usize] > 0 {
                for &r in &self.entry_rules[p] {
                    let rule = &self.rules[r as usize];
                    if let Some(Part::Advance(a)) = rule.parts.first() {
                        self.gen_advance(s, p, rule, a, super::FROM_RESERVE, piece, r, out);
                    }
                }
            }
        }
        for &r in &self.free_rules[p] {
            self.gen_parts(
                s,
                &mut view,
                p,
                &self.rules[r as usize],
                0,
                0,
                Move::new(r),
                out,
            );
        }
        if self.has_forced && out.iter().any(|m| self.rules[m.rule as usize].forced) {
            out.retain(|m| self.rules[m.rule as usize].forced);
        }
        self.keep_royal_safe(s, out);
        if out.is_empty() && self.no_moves == Some(super::NoMoves::Pass) {
            out.push(Move::forced_pass());
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn gen_parts(
        &self,
        s: &State,
        v: &mut View,
        p: Player,
        rule: &Rule,
        idx: usize,
        focus: CellId,
        mv: Move,
        out: &mut MoveList,
    ) {
        let Some(part) = rule.parts.get(idx) else {
            out.push(mv);
            return;
        };
        let board = &self.board;
        let saved = v.len;
        match part {
            Part::Place { kind, on } => {
                let piece = self.placed_piece(*kind, p);
                if v.len == 0 && idx + 1 == rule.parts.len() {
                    // The common case: one placement on the unchanged board. Visit only the
                    // cells whose content the condition accepts.
                    let set = on.any_content(p);
                    for w in 0..s.words {
                        let mut bits = self.cells_with(s, set, w);
                        while bits != 0 {
                            let c = (w * 64 + bits.trailing_zeros() as usize) as CellId;
                            bits &= bits - 1;
                            if on.zone.is_none() || on.accepts(board, p, c, s.board[c as usize]) {
                                let mut m = mv;
                                m.push(c);
                                out.push(m);
                            }
                        }
                    }
                    return;
                }
                for c in 0..board.len() as CellId {
                    if on.accepts(board, p, c, v.get(c)) {
                        let mut m = mv;
                        m.push(c);
                        v.put(c, piece);
                        self.gen_parts(s, v, p, rule, idx + 1, c, m, out);
                        v.len = saved;
                    }
                }
            }
            Part::Drop { kind, falls } => {
                let piece = self.placed_piece(*kind, p);
                let d = falls[p];
                if v.len == 0 && idx + 1 == rule.parts.len() {
                    for w in 0..s.words {
                        let mut bits = s.cells_of(EMPTY)[w];
                        while bits != 0 {
                            let c = (w * 64 + bits.trailing_zeros() as usize) as CellId;
                            bits &= bits - 1;
                            let below = board.next(c, d);
                            if below == NO_CELL || s.board[below as usize] != EMPTY {
                                let mut m = mv;
                                m.push(c);
                                out.push(m);
                            }
                        }
                    }
                    return;
                }
                for c in 0..board.len() as CellId {
                    if v.get(c) != EMPTY {
                        continue;
                    }
                    let below = board.next(c, d);
                    if below == NO_CELL || v.get(below) != EMPTY {
                        let mut m = mv;
                        m.push(c);
                        v.put(c, piece);
                        self.gen_parts(s, v, p, rule, idx + 1, c, m, out);
                        v.len = saved;
                    }
                }
            }
            Part::Step { dirs, to } => {
                let piece = v.get(focus);
                for &d in &dirs[p] {
                    let t = board.next(focus, d);
                    if t != NO_CELL && to.accepts(board, p, t, v.get(t)) {
                        self.land(s, v, p, rule, idx, focus, t, piece, mv, out);
                    }
                }
            }
            Part::Slide {
                dirs,
                to,
                through,
                min,
                max,
                passable,
            } => {
                let piece = v.get(focus);
                for &d in &dirs[p] {
                    let mut t = focus;
                    let mut steps = 0;
                    loop {
                        let prev = t;
                        t = board.next(t, d);
                        if t == NO_CELL {
                            break;
                        }
                        steps += 1;
                        if steps > *max {
                            break;
                        }
                        let c = v.get(t);
                        if steps >= *min && to.accepts(board, p, t, c) {
                            if *passable {
                                let mut m = mv;
                                m.push(prev);
                                self.land(s, v, p, rule, idx, focus, t, piece, m, out);
                            } else {
                                self.land(s, v, p, rule, idx, focus, t, piece, mv, out);
                            }
                        }
                        if !through.accepts(board, p, t, c) {
                            break;
                        }
                    }
                }
            }
            Part::Jump {
                dirs,
                over,
                to,
                capture,
                repeat,
                stop,
            } => {
                let piece = v.get(focus);
                let continuing = *repeat && mv.len as usize > self.part_base(rule, idx);
                let mut found = false;
                for &d in &dirs[p] {
                    let o = board.next(focus, d);
                    if o == NO_CELL || !over.accepts(board, p, o, v.get(o)) {
                        continue;
                    }
                    let t = board.next(o, d);
                    if t == NO_CELL
                        || !to.accepts(board, p, t, v.get(t))
                        || mv.len as usize >= super::MAX_MOVE_CELLS
                    {
                        continue;
                    }
                    found = true;
                    let mut m = mv;
                    m.push(t);
                    v.put(focus, EMPTY);
                    if *capture {
                        v.put(o, EMPTY);
                    }
                    v.put(t, piece);
                    let stops = stop.is_some_and(|z| board.zones[z as usize].contains(p, t));
                    let next = if *repeat && !stops { idx } else { idx + 1 };
                    self.gen_parts(s, v, p, rule, next, t, m, out);
                    v.len = saved;
                }
                if !found && continuing {
                    self.gen_parts(s, v, p, rule, idx + 1, focus, mv, out);
                }
            }
            Part::Outflank { dirs } => {
                let me = v.get(focus);
                let flanks = dirs[p].iter().any(|&d| {
                    let mut c = board.next(focus, d);
                    let mut n = 0;
                    while c != NO_CELL && self.owner(v.get(c)).is_some_and(|o| o != p) {
                        c = board.next(c, d);
                        n += 1;
                    }
                    n > 0
                        && c != NO_CELL
                        && v.get(c) != EMPTY
                        && self.owner(v.get(c)) == Some(p)
                        && me != EMPTY
                });
                if flanks {
                    self.gen_parts(s, v, p, rule, idx + 1, focus, mv, out);
                }
            }
            Part::Swap { dirs, with } => {
                let piece = v.get(focus);
                for &d in &dirs[p] {
                    let t = board.next(focus, d);
                    if t == NO_CELL {
                        continue;
                    }
                    let other = v.get(t);
                    if with.accepts(board, p, t, other) {
                        let mut m = mv;
                        m.push(t);
                        v.put(focus, other);
                        v.put(t, piece);
                        self.gen_parts(s, v, p, rule, idx + 1, t, m, out);
                        v.len = saved;
                    }
                }
            }
            Part::Promote { kinds, zone } => {
                if board.zones[*zone as usize].contains(p, focus) {
                    let owner = self.owner(v.get(focus));
                    for &k in kinds {
                        let mut m = mv;
                        m.promote = k;
                        v.put(focus, self.piece_id(k, owner));
                        self.gen_parts(s, v, p, rule, idx + 1, focus, m, out);
                        v.len = saved;
                    }
                } else {
                    self.gen_parts(s, v, p, rule, idx + 1, focus, mv, out);
                }
            }
            Part::BecomeCaptured {
                near,
                dirs,
                captured,
            } => {
                // Always offered: the plain move.
                self.gen_parts(s, v, p, rule, idx + 1, focus, mv, out);
                if mv.promote != u8::MAX || mv.len < 2 {
                    return;
                }
                let origin = mv.cells[0];
                let victim = s.board[mv.cells[mv.len as usize - 1] as usize];
                let me = v.get(focus);
                if victim == EMPTY
                    || !captured[p].contains(victim)
                    || self.owner(victim).is_none_or(|o| o == p)
                    || self.pieces[victim as usize].kind == self.pieces[me as usize].kind
                {
                    return;
                }
                let beside = dirs[p].iter().any(|&d| {
                    let n = board.next(origin, d);
                    n != NO_CELL && near.accepts(board, p, n, s.board[n as usize])
                });
                if beside {
                    let mut m = mv;
                    m.promote = self.pieces[victim as usize].kind;
                    v.put(focus, self.piece_id(m.promote, Some(p)));
                    self.gen_parts(s, v, p, rule, idx + 1, focus, m, out);
                    v.len = saved;
                }
            }
            Part::Convert {
                on,
                kind,
                own,
                ordered,
            } => {
                let piece = self.piece_id(*kind, own.then_some(p));
                let prev_convert = idx > 0 && matches!(rule.parts[idx - 1], Part::Convert { .. });
                let first = if !ordered && prev_convert && mv.len > 0 {
                    mv.cells[mv.len as usize - 1] + 1
                } else {
                    0
                };
                for c in first..board.len() as CellId {
                    if !v.touched(c) && on.accepts(board, p, c, v.get(c)) {
                        let mut m = mv;
                        m.push(c);
                        v.put(c, piece);
                        self.gen_parts(s, v, p, rule, idx + 1, c, m, out);
                        v.len = saved;
                    }
                }
            }
            Part::EnPassant { dirs } => {
                let start = out.len();
                self.gen_en_passant(s, p, dirs, focus, mv, out);
                self.continue_after(s, v, p, rule, idx, start, out);
            }
            Part::Castle { dirs, with, steps } => {
                let start = out.len();
                self.gen_castle(s, p, dirs, with, *steps, focus, mv, out);
                self.continue_after(s, v, p, rule, idx, start, out);
            }
            Part::Advance(a) => self.gen_advance(s, p, rule, a, focus, v.get(focus), mv.rule, out),
            Part::Pass => self.gen_parts(s, v, p, rule, idx + 1, focus, mv, out),
            Part::SwapSides => {
                if s.ply == 1 && s.frames.len() == 1 {
                    self.gen_parts(s, v, p, rule, idx + 1, focus, mv, out);
                }
            }
        }
    }

    /// Word `w` of the bitset of cells whose content is in `set`.
    #[inline(always)]
    fn cells_with(&self, s: &State, set: super::ContentSet, w: usize) -> u64 {
        let mut m = 0;
        for id in 0..self.pieces.len() {
            if set.contains(id as PieceId) {
                m |= s.bits[id * s.words + w];
            }
        }
        m
    }

    /// Index in a move's cells of the first cell recorded by part `idx` (parts before a
    /// repeating jump record a fixed number of cells).
    fn part_base(&self, rule: &Rule, idx: usize) -> usize {
        usize::from(rule.from_piece())
            + rule.parts[..idx]
                .iter()
                .map(Part::cells_recorded)
                .sum::<usize>()
    }

    /// Parts after an en-passant capture or a castle (which generate their own moves from the
    /// state, not the overlay): continue each move generated since `start` with the next part.
    #[allow(clippy::too_many_arguments)]
    fn continue_after(
        &self,
        s: &State,
        v: &mut View,
        p: Player,
        rule: &Rule,
        idx: usize,
        start: usize,
        out: &mut MoveList,
    ) {
        if idx + 1 == rule.parts.len() {
            return;
        }
        let made: Vec<Move> = out.drain(start..).collect();
        for m in made {
            let to = m.cells[m.len as usize
                - if matches!(rule.parts[idx], Part::Castle { .. }) {
                    3
                } else {
                    2
                }];
            let saved = v.len;
            v.put(to, v.get(m.cells[0]));
            v.put(m.cells[0], EMPTY);
            self.gen_parts(s, v, p, rule, idx + 1, to, m, out);
            v.len = saved;
        }
    }

    /// A moving part lands on `t`: record it and go on with the next part.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn land(
        &self,
        s: &State,
        v: &mut View,
        p: Player,
        rule: &Rule,
        idx: usize,
        focus: CellId,
        t: CellId,
        piece: PieceId,
        mv: Move,
        out: &mut MoveList,
    ) {
        let mut m = mv;
        m.push(t);
        if idx + 1 == rule.parts.len() {
            out.push(m);
            return;
        }
        let saved = v.len;
        v.put(focus, EMPTY);
        v.put(t, piece);
        self.gen_parts(s, v, p, rule, idx + 1, t, m, out);
        v.len = saved;
    }
}
