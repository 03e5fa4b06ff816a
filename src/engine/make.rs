//! Making and unmaking moves, and hashing.

use super::accel::{PlainMake, RuleMake};
use super::prim::{en_passant, swap_sides};
use super::state::{Change, EnPassant, Frame, SideChange, MAX_STACK, NO_END, NO_ROLL};
use super::{CellId, Game, Move, Part, PieceId, Player, State, EMPTY, NO_CELL};

pub(crate) use super::sink::{CellSink, CellView, Replay};

impl Game {
    /// Plays `mv` and records how to undo it, without checking that it is legal: the fast
    /// path of searches and perft, which make only moves just generated. [`Game::play`] is
    /// the checked way.
    ///
    /// # Panics
    ///
    /// `mv` must be one of [`Game::legal_moves`] of `state`. Another move may panic, or
    /// leave `state` in a position the rules cannot reach (a placement on an occupied cell
    /// overwrites the piece there); it is not undefined behaviour, but the result is
    /// unspecified.
    // Inlined into callers (other crates too), with the lean make (`lean_make.rs`) in it:
    // searches and perft call it once per node, and the call with its register saves was 6%
    // of the instructions of a chess perft. The other paths are calls: inlined too, the
    // whole of it was not inlined, and the lean path paid the register saves of the rest
    // (breakthrough's make-every-move perft: 3 % more instructions).
    #[inline(always)]
    pub fn make(&self, s: &mut State, mv: Move) {
        if let Some(rule) = self.rules.get(mv.rule.index()) {
            if rule.plain && !mv.promotes() {
                match self.accel.plain_make {
                    PlainMake::Lean => {
                        super::lean_make::make_lean(self, s, mv);
                        return;
                    }
                    PlainMake::Plain if s.scalars.roll == NO_ROLL => {
                        self.make_plain(s, mv, rule);
                        return;
                    }
                    PlainMake::Plain | PlainMake::General => {}
                }
            }
            if rule.lone_placement {
                self.make_placement(s, mv, rule);
                return;
            }
        }
        self.make_general(s, mv);
    }

    /// [`Game::make`] for a move of a lone placement rule (see [`super::Rule::lone_placement`]):
    /// one cell gets the mover's new piece, so it is logged, hashed and set directly, with
    /// none of the general path's tests for dice, castling flags, passable slides or extra
    /// turns (which the rule's game has not). Out of line, like the general make, so that
    /// `make` stays small where it is inlined.
    #[inline(never)]
    fn make_placement(&self, s: &mut State, mv: Move, rule: &super::Rule) {
        self.place_one(s, mv, rule);
    }

    /// The body of [`Game::make_placement`], inlined into the random-placement loop
    /// ([`Game::play_random_placements`]).
    #[inline(always)]
    pub(super) fn place_one(&self, s: &mut State, mv: Move, rule: &super::Rule) {
        let mover = s.scalars.to_move;
        self.push_frame(s, mv, false);
        let from_log = s.log.len();
        self.set_en_passant(s, EnPassant::NONE);
        let kind = match rule.parts[0] {
            Part::Place(super::prim::place::Place { kind, .. })
            | Part::Drop(super::prim::drop::DropPiece { kind, .. }) => kind,
            _ => unreachable!("a lone placement rule is one place or drop"),
        };
        let (cell, piece) = (mv.cells[0], self.placed_piece(kind, mover));
        let old = s.board[cell.index()];
        s.log.push(Change { cell, old });
        s.scalars.hash ^= self.zobrist.piece(cell, old) ^ self.zobrist.piece(cell, piece);
        s.put(cell, piece);
        if self.progress.is_some() {
            let reset = self.replacing_resets_clock(old, mover);
            s.scalars.quiet = if reset { 0 } else { s.scalars.quiet + 1 };
        }
        s.ply += 1;
        self.finish_move(s, mv, mover, self.next_player(mover), from_log);
    }

    /// [`Game::make`] for any move: carried out part by part.
    #[inline(never)]
    fn make_general(&self, s: &mut State, mv: Move) {
        // The rule's plan, chosen when the game was built (`accel/fast_paths.rs`).
        match self.accel.rule_make.get(mv.rule.index()) {
            Some(RuleMake::Outflank) => {
                if let Some(plan) = super::outflank_rays::outflank_placement(self, mv.rule) {
                    super::outflank_rays::make_outflank(self, s, mv, plan);
                    return;
                }
            }
            Some(RuleMake::PlaceCapture) => {
                if let Some(plan) = self.place_capture(mv.rule) {
                    self.make_place_capture(s, mv, plan);
                    return;
                }
            }
            Some(RuleMake::General) | None => {}
        }
        let mover = s.scalars.to_move;
        self.push_frame(s, mv, false);
        if let Some(r) = mv.as_roll() {
            // A chance move: the dice show `r`; the same player now chooses a move.
            let d = self.zobrist.roll(s.scalars.roll) ^ self.zobrist.roll(r);
            s.scalars.hash ^= d;
            s.scalars.extra ^= d;
            s.scalars.roll = r;
            s.ply += 1;
            if !self.rep_kinds.is_empty() {
                self.push_reps(s);
            }
            debug_assert_eq!(
                s.scalars.hash,
                self.hash_from_scratch(s),
                "incremental hash after a roll"
            );
            return;
        }
        let log_start = s.log.len();
        self.set_en_passant(s, EnPassant::NONE);
        self.exec(s, mv, mover);
        if self.tracks_unmoved {
            let mut castler_moved = false;
            for i in log_start..s.log.len() {
                let cell = s.log[i].cell;
                castler_moved |= self.clear_moved_flag(s, cell);
            }
            if castler_moved {
                self.clear_orphan_flags(s);
            }
        }
        let passable = !mv.is_forced_pass() && self.rules[mv.rule.index()].passable;
        if let Some((target, victim)) = passable.then(|| self.passed_cell(mv)).flatten() {
            if self.en_passant_takeable(&s.board, target, mover) {
                self.set_en_passant(s, EnPassant { target, victim });
            }
        }
        if s.scalars.roll != NO_ROLL {
            s.scalars.hash ^= self.zobrist.roll(s.scalars.roll);
            s.scalars.extra ^= self.zobrist.roll(s.scalars.roll);
            s.scalars.roll = NO_ROLL;
        }
        if self.progress.is_some() {
            let reset = s.log[log_start..]
                .iter()
                .any(|c| self.replacing_resets_clock(c.old, mover));
            s.scalars.quiet = if reset { 0 } else { s.scalars.quiet + 1 };
        }
        s.ply += 1;
        let from = log_start;
        let again = !self.again.is_empty()
            && self.again.iter().any(|r| {
                r.players >> mover.0 & 1 == 1 && self.end_holds(s, &r.cond, mover, mover, from)
            });
        // After the pie rule's swap the same side moves again, now played by the other seat.
        let swap = !mv.is_forced_pass() && self.rules[mv.rule.index()].swaps_sides;
        let next = if again || swap {
            mover
        } else {
            self.next_player(mover)
        };
        self.finish_move(s, mv, mover, next, from);
    }

    /// Saves what unmake restores besides the board.
    #[inline(always)]
    pub(super) fn push_frame(&self, s: &mut State, mv: Move, plain: bool) {
        s.frames.push(Frame {
            scalars: s.scalars,
            log_len: s.log.len() as u32,
            side_len: s.side.len() as u32,
            plain,
            mv,
        });
    }

    /// Hands the turn to `next` and records the position for repetitions, then tests the
    /// endings; the move's changes start at `from` in the log.
    #[inline(always)]
    pub(super) fn finish_move(
        &self,
        s: &mut State,
        mv: Move,
        mover: Player,
        next: Player,
        from: usize,
    ) {
        s.scalars.hash ^= self.zobrist.side(mover) ^ self.zobrist.side(next);
        s.scalars.to_move = next;
        if !self.rep_kinds.is_empty() {
            self.push_reps(s);
        }
        match self.check_ends(s, mover, from) {
            Some((o, i)) => {
                s.scalars.result = Some(o);
                s.scalars.end_rule = i;
            }
            None => {
                s.scalars.result = None;
                s.scalars.end_rule = NO_END;
            }
        }
        debug_assert_eq!(
            s.scalars.hash,
            self.hash_from_scratch(s),
            "incremental hash after {mv:?}"
        );
    }

    /// [`Game::make`] for the commonest move: one piece from one cell to another, keeping
    /// its kind, in a game without dice or extra turns. The two cells are known, so the
    /// log, castling flags and clock are handled without walking the log. Out of line:
    /// [`Game::make`] is inlined whole, with the lean path in it.
    #[inline(never)]
    pub(super) fn make_plain(&self, s: &mut State, mv: Move, rule: &super::Rule) {
        let mover = s.scalars.to_move;
        self.push_frame(s, mv, true);
        let from_log = s.log.len();
        self.set_en_passant(s, EnPassant::NONE);
        let from = mv.cells[0];
        let to = if rule.passable {
            mv.cells[2]
        } else {
            mv.cells[1]
        };
        let (piece, victim) = (s.board[from.index()], s.board[to.index()]);
        // One capacity check for both entries.
        s.log.extend_from_slice(&[
            Change {
                cell: from,
                old: piece,
            },
            Change {
                cell: to,
                old: victim,
            },
        ]);
        s.scalars.hash ^= self.zobrist.piece(from, piece)
            ^ self.zobrist.piece(to, victim)
            ^ self.zobrist.piece(to, piece);
        s.shift(from, to, piece, victim, false);
        if victim != EMPTY && self.has_hands() {
            self.capture_to_hand(s, victim);
        }
        // `|`, not `||`: both cells lose their flags.
        if self.tracks_unmoved
            && (s.is_unmoved(from) || s.is_unmoved(to))
            && (self.clear_moved_flag(s, from) | self.clear_moved_flag(s, to))
        {
            self.clear_orphan_flags(s);
        }
        if rule.passable && self.en_passant_takeable(&s.board, mv.cells[1], mover) {
            let (target, victim) = (mv.cells[1], mv.cells[2]);
            self.set_en_passant(s, EnPassant { target, victim });
        }
        if let Some(progress) = &self.progress {
            // `replacing_resets_clock` for both cells, knowing that the moving piece is the
            // mover's own.
            let reset = progress.contains(piece) || self.replacing_resets_clock(victim, mover);
            s.scalars.quiet = if reset { 0 } else { s.scalars.quiet + 1 };
        }
        s.ply += 1;
        self.finish_move(s, mv, mover, self.next_player(mover), from_log);
    }

    /// Takes back the last move made; returns it, or `None` if there is no history.
    // Inlined, with the taking back of the lean make's moves (see `lean_make.rs`) in it: a
    // call for that little work cost 5 % of breakthrough's make-every-move perft. The move
    // is read here too, so that the many callers that drop it (searches, perft) do not copy
    // it out of the undo frame.
    #[inline(always)]
    pub fn unmake(&self, s: &mut State) -> Option<Move> {
        let n = s.frames.len().checked_sub(1)?;
        let (mv, plain, log_len) = {
            let f = &s.frames[n];
            (f.mv, f.plain, f.log_len as usize)
        };
        // A lean game's plain frames are the lean make's: two log entries, nothing on the
        // side log, no repetition history.
        if plain && self.accel.lean() && s.log.len() == log_len + 2 {
            Self::shift_back(s, log_len);
            self.pop_frame(s, n);
            return Some(mv);
        }
        self.take_back(s);
        Some(mv)
    }

    /// The body of [`Game::unmake`], once there is a move to take back.
    #[inline(never)]
    fn take_back(&self, s: &mut State) {
        let Some(n) = s.frames.len().checked_sub(1) else {
            return;
        };
        // The frame is read field by field where it lies: popping a copy, written in pieces
        // and read back in other widths, stalled the processor (store forwarding).
        let (side_len, log_len) = (s.frames[n].side_len as usize, s.frames[n].log_len as usize);
        while s.side.len() > side_len {
            let Some(c) = s.side.pop() else { break };
            self.undo_side(s, c);
        }
        if s.frames[n].plain && s.log.len() == log_len + 2 {
            Self::shift_back(s, log_len);
        }
        while s.log.len() > log_len {
            let Some(c) = s.log.pop() else { break };
            s.put(c.cell, c.old);
        }
        self.pop_reps(s);
        self.pop_frame(s, n);
    }

    /// Takes back a plain move's two log entries from `log_len` on: the piece goes back
    /// to the cell it left, and the cell it reached gets its old content.
    #[inline(always)]
    fn shift_back(s: &mut State, log_len: usize) {
        let (left, reached) = (s.log[log_len], s.log[log_len + 1]);
        s.shift(left.cell, reached.cell, left.old, reached.old, true);
        s.log.truncate(log_len);
    }

    /// Restores the scalars of frame `n` (the last) and drops it, once the board is back.
    #[inline(always)]
    fn pop_frame(&self, s: &mut State, n: usize) {
        s.scalars = s.frames[n].scalars;
        s.frames.truncate(n);
        s.ply -= 1;
        debug_assert_eq!(
            s.scalars.hash,
            self.hash_from_scratch(s),
            "hash after unmake"
        );
    }

    /// Whether a piece of another player than `passer` stands where one of its
    /// `en-passant` rules could take on `target`, the cell just passed over. Only then is
    /// the cell part of the position (FIDE 9.2.2: positions are the same when the same
    /// captures are possible, so a double step no pawn can answer repeats the position
    /// without it); a capture that a pin would make illegal still counts.
    pub(crate) fn en_passant_takeable(
        &self,
        board: &[PieceId],
        target: CellId,
        passer: Player,
    ) -> bool {
        for rule in self
            .accel
            .en_passant_rules
            .iter()
            .map(|&r| &self.rules[r.index()])
        {
            for part in &rule.parts {
                let Part::EnPassant(en_passant::EnPassant { dirs }) = part else {
                    continue;
                };
                for q in (0..self.num_players() as u8).map(Player) {
                    if q == passer || rule.players >> q.0 & 1 == 0 {
                        continue;
                    }
                    for &d in &dirs[q] {
                        let Some(back) = self.board.dirs[d.index()].opposite else {
                            // No way back to the taker's cell: keep the cell, to be safe.
                            return true;
                        };
                        let c = self.board.next(target, back);
                        if c == NO_CELL {
                            continue;
                        }
                        let piece = board[c.index()];
                        if self.owner(piece) == Some(q)
                            && (rule.kinds.is_empty()
                                || rule.kinds.contains(&self.pieces[piece.index()].kind))
                        {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Sets the en-passant cell to `ep`, or clears it with [`EnPassant::NONE`], keeping the
    /// hash keys in step.
    #[inline(always)]
    pub(super) fn set_en_passant(&self, s: &mut State, ep: EnPassant) {
        if s.scalars.ep.target != NO_CELL {
            s.scalars.hash ^= self.zobrist.en_passant(s.scalars.ep.target);
            s.scalars.extra ^= self.zobrist.en_passant(s.scalars.ep.target);
        }
        if ep.target != NO_CELL {
            s.scalars.hash ^= self.zobrist.en_passant(ep.target);
            s.scalars.extra ^= self.zobrist.en_passant(ep.target);
        }
        s.scalars.ep = ep;
    }

    /// Clears the unmoved flag of `cell` if it has one;
    /// returns whether it had (only castling pieces and their partners carry flags, so the
    /// other flags of that side may be orphans now).
    #[inline(always)]
    fn clear_moved_flag(&self, s: &mut State, cell: CellId) -> bool {
        if !s.is_unmoved(cell) {
            return false;
        }
        self.clear_unmoved(s, cell);
        true
    }

    /// Once a side's castling piece has moved, its partners' flags mean nothing: clears them,
    /// so that equal positions (as FEN sees them) hash equally. States start without such
    /// orphans ([`Game::drop_orphan_flags`]), so only a move that cleared a castling piece's
    /// flag can make one.
    fn clear_orphan_flags(&self, s: &mut State) {
        let sides = self.castling_sides(s.unmoved.iter().copied(), |c| s.board[c.index()]);
        for w in 0..s.unmoved.len() {
            // A copy of the word: clearing a flag below changes the state's own.
            let mut bits = s.unmoved[w];
            while bits != 0 {
                let c = CellId::from_index(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                if self.orphaned(s.board[c.index()], sides) {
                    self.clear_unmoved(s, c);
                }
            }
        }
    }

    /// Clears, in a state being set up, the flags of every side that has no unmoved
    /// castling piece (a rook where no king can castle with it).
    pub(crate) fn drop_orphan_flags(&self, unmoved: &mut [u64], board: &[PieceId]) {
        let sides = self.castling_sides(unmoved.iter().copied(), |c| board[c.index()]);
        for (w, word) in unmoved.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                let c = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.orphaned(board[c], sides) {
                    *word &= !(1 << (c % 64));
                }
            }
        }
    }

    /// Whether a flagged `piece` is an orphan: its owner is not among `sides`, the players
    /// that still have an unmoved castling piece ([`Game::castling_sides`]).
    #[inline]
    pub(crate) fn orphaned(&self, piece: PieceId, sides: u64) -> bool {
        self.owner(piece).is_some_and(|o| sides >> o.0 & 1 == 0)
    }

    /// The players (one bit each) that can still castle some day: they have an unmoved
    /// castling piece (the king) and an unmoved partner (a rook), given the words of the
    /// unmoved-flag bitset and what stands on each cell. A side with only one of the two
    /// has rights nobody can use, so its flags are dropped and positions that FEN writes
    /// alike hash alike (a king that never moved, after both rooks have, repeats the
    /// position of a king that has).
    pub(crate) fn castling_sides(
        &self,
        unmoved: impl Iterator<Item = u64>,
        at: impl Fn(CellId) -> PieceId,
    ) -> u64 {
        let (mut castlers, mut partners) = (0u64, 0u64);
        for (w, word) in unmoved.enumerate() {
            let mut bits = word;
            while bits != 0 {
                let c = CellId::from_index(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                let piece = at(c);
                if let Some(o) = self.castler_of(piece) {
                    castlers |= 1 << o.0;
                } else if let Some(o) = self.owner(piece) {
                    // Only castling pieces and their partners carry flags.
                    partners |= 1 << o.0;
                }
            }
        }
        castlers & partners
    }

    fn clear_unmoved(&self, s: &mut State, c: CellId) {
        s.unmoved[c.index() / 64] &= !(1 << (c.index() % 64));
        s.side.push(SideChange::Unmoved { cell: c });
        s.scalars.hash ^= self.zobrist.unmoved(c);
        s.scalars.extra ^= self.zobrist.unmoved(c);
    }

    /// The owner of `piece` if it is a castling piece (the king, not the rook).
    #[inline]
    pub(crate) fn castler_of(&self, piece: PieceId) -> Option<Player> {
        if self.castlers.contains(piece) {
            self.owner(piece)
        } else {
            None
        }
    }

    /// Whether `piece` on `cell` takes part in castling (a castling piece or a partner).
    pub(crate) fn castling_piece(&self, cell: CellId, piece: PieceId) -> bool {
        let Some(p) = self.owner(piece) else {
            return false;
        };
        self.castler_of(piece).is_some()
            || self.rules.iter().any(|r| {
                r.parts.iter().any(
                    |x| matches!(x, Part::Castle(c) if c.with.accepts(&self.board, p, cell, piece)),
                )
            })
    }

    /// For a move with a passable slide: the cell passed over last and the landing cell.
    pub(crate) fn passed_cell(&self, mv: Move) -> Option<(CellId, CellId)> {
        if mv.is_forced_pass() || mv.as_roll().is_some() {
            return None;
        }
        let rule = &self.rules[mv.rule.index()];
        if !rule.passable {
            return None;
        }
        let mut k = usize::from(rule.from_piece());
        for part in &rule.parts {
            if let Part::Slide(super::prim::slide::Slide { passable: true, .. }) = part {
                return Some((mv.cells[k], mv.cells[k + 1]));
            }
            k += part.cells_recorded();
        }
        None
    }

    /// The hash of `s` computed from nothing; the incremental hash must always equal it.
    pub fn hash_from_scratch(&self, s: &State) -> u64 {
        let mut h = self.zobrist.side(s.scalars.to_move) ^ self.race_hash(s);
        for (c, &p) in s.board.iter().enumerate() {
            if self.stacks_on(c) {
                for level in 0..s.height[c] {
                    h ^= self.zobrist.level(
                        CellId::from_index(c),
                        level,
                        s.stacks[c * MAX_STACK + level as usize],
                    );
                }
            } else {
                h ^= self.zobrist.piece(CellId::from_index(c), p);
            }
        }
        if s.scalars.swapped {
            h ^= self.zobrist.swapped;
        }
        h
    }

    /// The flags' part of the hash, computed from nothing: the pie rule's swap, castling
    /// rights (unmoved pieces), the en-passant cell and a pending roll. Repetitions that
    /// compare positions rather than situations leave it out, with the side to move.
    pub(crate) fn extra_from_scratch(&self, s: &State) -> u64 {
        let mut h =
            self.zobrist.roll(s.scalars.roll) ^ self.zobrist.en_passant(s.scalars.ep.target);
        if s.scalars.swapped {
            h ^= self.zobrist.swapped;
        }
        if self.tracks_unmoved {
            for c in CellId::upto(self.board.len()) {
                if s.is_unmoved(c) {
                    h ^= self.zobrist.unmoved(c);
                }
            }
        }
        h
    }

    /// Puts `piece` on `cell`, logging the old content and updating hash and counts.
    #[inline(always)]
    pub(crate) fn set_cell(&self, s: &mut State, cell: CellId, piece: PieceId) {
        // `stacks` is empty unless the game has stack cells, so other games test one length.
        if !s.stacks.is_empty() && self.board.stack_cap[cell.index()] > 0 {
            return super::race::set_stack_top(self, s, cell, piece);
        }
        self.set_flat_cell(s, cell, piece);
    }

    /// [`Game::set_cell`] for a cell that holds no stack: the short paths that only games
    /// without stack cells take (`make_place_capture`) call it directly, so the stack test
    /// is not paid for each stone a capture removes.
    #[inline(always)]
    pub(crate) fn set_flat_cell(&self, s: &mut State, cell: CellId, piece: PieceId) {
        debug_assert!(self.board.stack_cap[cell.index()] == 0 || s.stacks.is_empty());
        let old = s.board[cell.index()];
        s.log.push(Change { cell, old });
        s.scalars.hash ^= self.zobrist.piece(cell, old) ^ self.zobrist.piece(cell, piece);
        s.put(cell, piece);
    }

    /// Replays the parts of `mv`'s rule with the cells the move recorded.
    fn exec(&self, s: &mut State, mv: Move, p: Player) {
        if mv.is_forced_pass() {
            return;
        }
        let rule = &self.rules[mv.rule.index()];
        match rule.parts.first() {
            Some(Part::Advance(x)) => x.exec(self, s, mv, p),
            Some(Part::Sow(x)) => x.exec(self, s, mv, p),
            _ => {
                if rule.swaps_sides {
                    swap_sides::SwapSides::exec(self, s);
                }
                self.exec_cells(&mut Logged { game: self, s }, mv, p);
            }
        }
    }

    /// Applies the board changes of `mv` (every part but advances and the pie rule) to
    /// `sink`: the real state, or a scratch overlay when testing a move's consequences.
    pub(crate) fn exec_cells<S: CellSink>(&self, sink: &mut S, mv: Move, p: Player) {
        let rule = &self.rules[mv.rule.index()];
        let cells = mv.cells;
        if rule.plain && !mv.promotes() {
            // Most moves of most games: one piece from one cell to another, keeping its kind
            // (the parts after the first can only change the kind).
            // (A passable slide records the cell it passed before the landing.)
            let to = if rule.passable { cells[2] } else { cells[1] };
            let piece = sink.get(cells[0]);
            sink.set(cells[0], EMPTY);
            sink.set(to, piece);
            return;
        }
        let (k, focus) = if rule.from_piece() {
            (1, cells[0])
        } else {
            (0, CellId::new(0))
        };
        let mut r = Replay {
            game: self,
            mv: &mv,
            k,
            focus,
            p,
        };
        for part in &rule.parts {
            part.replay(&mut r, sink);
        }
    }
}

/// The real state: changes are logged for unmake and hashed.
struct Logged<'a> {
    game: &'a Game,
    s: &'a mut State,
}

impl CellView for Logged<'_> {
    #[inline(always)]
    fn get(&self, c: CellId) -> PieceId {
        self.s.board[c.index()]
    }
}

impl CellSink for Logged<'_> {
    #[inline(always)]
    fn set(&mut self, c: CellId, p: PieceId) {
        if self.game.has_hands() {
            self.game.capture_to_hand(self.s, self.s.board[c.index()]);
        }
        self.game.set_cell(self.s, c, p);
    }

    fn take_reserve(&mut self, piece: PieceId) {
        self.game.add_reserve(self.s, piece, -1);
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{Game, MoveList, State};

    /// The lean make of a lone placement leaves the state the general make leaves (board,
    /// hash, counts, occupancy bitsets, clock, undo log, result), and unmake then restores
    /// the position before, along seeded random games of every shipped game with such a rule.
    #[test]
    fn lone_placement_make_agrees_with_the_general_make() {
        let mut rng = SmallRng::seed_from_u64(22);
        let mut moves = MoveList::new();
        let mut covered = Vec::new();
        for name in crate::games::shipped_names() {
            let game: Game = crate::load_shipped(name, &[]).expect("a shipped game compiles");
            if !game.rules.iter().any(|r| r.lone_placement) {
                continue;
            }
            covered.push(name);
            for _ in 0..6 {
                let mut s = game.start();
                for _ in 0..400 {
                    game.legal_moves(&s, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.gen_range(0..moves.len())];
                    let before = s.clone();
                    let mut general = s.clone();
                    game.make_general(&mut general, mv);
                    game.make(&mut s, mv);
                    State::assert_same_make(
                        &game,
                        &s,
                        &general,
                        &before,
                        &format!("{name}: {mv:?}"),
                    );
                }
            }
        }
        for want in ["tictactoe", "connect4", "hex", "gomoku"] {
            assert!(
                covered.contains(&want),
                "{want} has a lone placement: {covered:?}"
            );
        }
    }
}
