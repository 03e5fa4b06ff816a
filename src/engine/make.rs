//! Making and unmaking moves, and hashing.

use super::state::{Change, Frame, MAX_STACK, NO_ROLL};
use super::{CellId, Game, Move, Part, PieceId, Player, State, EMPTY};

impl Game {
    /// Plays `mv` (which must be legal in `state`) and records how to undo it.
    pub fn make(&self, s: &mut State, mv: Move) {
        let mover = s.to_move;
        s.frames.push(Frame {
            log_len: s.log.len() as u32,
            to_move: mover,
            result: s.result,
            hash: s.hash,
            swapped: s.swapped,
            quiet: s.quiet,
            side_len: s.side.len() as u32,
            roll: s.roll,
            mv,
        });
        if let Some(r) = mv.as_roll() {
            // A chance move: the dice show `r`; the same player now chooses a move.
            s.hash ^= self.zobrist.roll(s.roll) ^ self.zobrist.roll(r);
            s.roll = r;
            s.ply += 1;
            debug_assert_eq!(
                s.hash,
                self.hash_from_scratch(s),
                "incremental hash after a roll"
            );
            return;
        }
        let log_start = s.log.len();
        self.exec(s, mv, mover);
        if s.roll != NO_ROLL {
            s.hash ^= self.zobrist.roll(s.roll);
            s.roll = NO_ROLL;
        }
        if let Some(progress) = self.progress {
            let reset = s.log[log_start..]
                .iter()
                .any(|c| progress.contains(c.old) || self.owner(c.old).is_some_and(|o| o != mover));
            s.quiet = if reset { 0 } else { s.quiet + 1 };
        }
        s.ply += 1;
        let from = s.frames.last().map_or(0, |f| f.log_len as usize);
        let again = !self.again.is_empty()
            && self.again.iter().any(|r| {
                r.players >> mover.0 & 1 == 1 && self.end_holds(s, &r.cond, mover, mover, from)
            });
        let next = if again {
            mover
        } else {
            self.next_player(mover)
        };
        s.hash ^= self.zobrist.side(mover) ^ self.zobrist.side(next);
        s.to_move = next;
        s.result = self.check_ends(s, mover, from);
        debug_assert_eq!(
            s.hash,
            self.hash_from_scratch(s),
            "incremental hash after {mv:?}"
        );
    }

    /// Takes back the last move made; returns it, or `None` if there is no history.
    pub fn unmake(&self, s: &mut State) -> Option<Move> {
        let f = s.frames.pop()?;
        while s.side.len() > f.side_len as usize {
            let Some(c) = s.side.pop() else { break };
            self.undo_side(s, c);
        }
        s.roll = f.roll;
        while s.log.len() > f.log_len as usize {
            let Some(c) = s.log.pop() else { break };
            s.put(c.cell, c.old);
        }
        s.to_move = f.to_move;
        s.result = f.result;
        s.hash = f.hash;
        s.swapped = f.swapped;
        s.quiet = f.quiet;
        s.ply -= 1;
        debug_assert_eq!(s.hash, self.hash_from_scratch(s), "hash after unmake");
        Some(f.mv)
    }

    /// The hash of `s` computed from nothing; the incremental hash must always equal it.
    pub fn hash_from_scratch(&self, s: &State) -> u64 {
        let mut h = self.zobrist.side(s.to_move) ^ self.race_hash(s);
        for (c, &p) in s.board.iter().enumerate() {
            if self.stacks_on(c) {
                for level in 0..s.height[c] {
                    h ^= self.zobrist.level(
                        c as CellId,
                        level,
                        s.stacks[c * MAX_STACK + level as usize],
                    );
                }
            } else {
                h ^= self.zobrist.piece(c as CellId, p);
            }
        }
        if s.swapped {
            h ^= self.zobrist.swapped;
        }
        h
    }

    /// Puts `piece` on `cell`, logging the old content and updating hash and counts.
    #[inline(always)]
    pub(crate) fn set_cell(&self, s: &mut State, cell: CellId, piece: PieceId) {
        let old = s.board[cell as usize];
        s.log.push(Change { cell, old });
        s.hash ^= self.zobrist.piece(cell, old) ^ self.zobrist.piece(cell, piece);
        s.put(cell, piece);
    }

    /// Replays the parts of `mv`'s rule with the cells the move recorded.
    fn exec(&self, s: &mut State, mv: Move, p: Player) {
        if mv.is_forced_pass() {
            return;
        }
        let rule = &self.rules[mv.rule as usize];
        let cells = mv.cells;
        let (mut k, mut focus) = if rule.from_piece() {
            (1, cells[0])
        } else {
            (0, 0)
        };
        for part in &rule.parts {
            match part {
                Part::Place { kind, .. } | Part::Drop { kind, .. } => {
                    focus = cells[k];
                    k += 1;
                    self.set_cell(s, focus, self.placed_piece(*kind, p));
                }
                Part::Step { .. } | Part::Slide { .. } => {
                    let to = cells[k];
                    k += 1;
                    let piece = s.board[focus as usize];
                    self.set_cell(s, focus, EMPTY);
                    self.set_cell(s, to, piece);
                    focus = to;
                }
                Part::Jump { capture, .. } => {
                    let (over, to) = (cells[k], cells[k + 1]);
                    k += 2;
                    let piece = s.board[focus as usize];
                    self.set_cell(s, focus, EMPTY);
                    if *capture {
                        self.set_cell(s, over, EMPTY);
                    }
                    self.set_cell(s, to, piece);
                    focus = to;
                }
                Part::Swap { .. } => {
                    let other = cells[k];
                    k += 1;
                    let (a, b) = (s.board[focus as usize], s.board[other as usize]);
                    self.set_cell(s, focus, b);
                    self.set_cell(s, other, a);
                    focus = other;
                }
                Part::Promote { .. } | Part::BecomeCaptured { .. } => {
                    if mv.promote != u8::MAX
                        && s.board[focus as usize] != self.piece_id(mv.promote, Some(p))
                    {
                        let owner = self.owner(s.board[focus as usize]);
                        self.set_cell(s, focus, self.piece_id(mv.promote, owner));
                    }
                }
                Part::Convert { kind, own, .. } => {
                    let c = cells[k];
                    k += 1;
                    self.set_cell(s, c, self.piece_id(*kind, own.then_some(p)));
                }
                Part::Advance(_) => self.exec_advance(s, mv, p),
                Part::Pass => {}
                Part::SwapSides => {
                    s.swapped = !s.swapped;
                    s.hash ^= self.zobrist.swapped;
                }
            }
        }
    }
}
