//! Long and deferred jumps: `jump(…, flying: yes)` and `jump(…, capture: at-end)`.
//!
//! A flying jump passes any number of empty cells, hops the first piece it meets (which must
//! satisfy `over`) and lands on any cell beyond it that `to` accepts, up to the first one it
//! does not: an international draughts king. With `capture: at-end` the pieces jumped stay
//! on the board until the whole move is over (the Turkish strike rule): they still block, a
//! piece is never jumped twice, and the moving piece has left its starting cell, which it may
//! cross again. A move records the landing cells only, as a plain jump does; the piece taken
//! between two landings is the one piece on the line between them.

use super::Jump;
use crate::engine::cursor::Cursor;
use crate::engine::Rules;
use crate::engine::{CellId, DirId, Move, MoveList, Part, PieceId, State, EMPTY, NO_CELL};

/// The most pieces one move can jump: a move records its origin and one cell per landing.
const MAX_TAKEN: usize = crate::engine::MAX_MOVE_CELLS;

/// The pieces jumped so far in one move, in order.
#[derive(Clone, Copy)]
pub(super) struct Taken {
    cells: [CellId; MAX_TAKEN],
    len: usize,
}

impl Taken {
    /// Whether the piece on `c` was jumped already in this move.
    pub(super) fn holds(&self, c: CellId) -> bool {
        self.cells[..self.len].contains(&c)
    }
}

/// Where a series stands: the moving piece (its kind as it is now), its cell, the move so far.
#[derive(Clone, Copy)]
struct Landing {
    piece: PieceId,
    focus: CellId,
    mv: Move,
}

impl Jump {
    /// Generates the moves of this jump part (a flying, deferred, crowning or
    /// continuing-landing one) for the piece on `focus`, then the parts after it.
    pub(super) fn gen_long_jump(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        let piece = cur.v.get(focus);
        let saved = cur.v.len;
        // The piece is lifted: the cell it left is empty for the rest of the move.
        cur.v.put(focus, EMPTY);
        let taken = Taken {
            cells: [NO_CELL; MAX_TAKEN],
            len: 0,
        };
        let at = Landing { piece, focus, mv };
        self.long_jumps_from(cur, self, at, taken);
        cur.v.len = saved;
    }

    /// Every jump `j` from `at.focus`, each followed by the next jump (a repeating part) or
    /// by the rest of the move; with none found after at least one jump, the move ends here.
    /// `j` is this part's own jump, or the crowned kind's once the piece was crowned.
    fn long_jumps_from(&self, cur: &mut Cursor, j: &Jump, at: Landing, taken: Taken) {
        let Jump {
            dirs,
            over,
            to,
            capture,
            repeat,
            stop,
            flying,
            deferred,
            crown,
            land_continuing,
        } = j;
        let Landing { piece, focus, mv } = at;
        let (game, p) = (cur.game, cur.p);
        let board = &game.board;
        let mut found = false;
        for &d in &dirs[p] {
            let mut o = board.next(focus, d);
            while *flying && o != NO_CELL && cur.v.get(o) == EMPTY {
                o = board.next(o, d);
            }
            if o == NO_CELL || taken.holds(o) || !over.accepts(board, p, o, cur.v.get(o)) {
                continue;
            }
            let saved = cur.v.len;
            if *capture && !*deferred {
                cur.v.put(o, EMPTY);
            }
            let mut next = taken;
            if next.len < MAX_TAKEN {
                next.cells[next.len] = o;
                next.len += 1;
            }
            // Only the landings from which the series goes on, when there are any.
            let must_go_on = *land_continuing
                && super::land::some_landing_goes_on(game, cur.v, p, j, piece, (o, d), &next);
            let mut t = board.next(o, d);
            while t != NO_CELL
                && to.accepts(board, p, t, cur.v.get(t))
                && (mv.len as usize) < crate::engine::MAX_MOVE_CELLS
                && taken.len < MAX_TAKEN
            {
                // A jump that captures nothing may not come back to a cell it left: going
                // round a cycle changes nothing, and listed each lap as a move.
                let cycles = *repeat && !*capture && mv.cells().contains(&t);
                if !cycles
                    && (!must_go_on || super::land::goes_on(game, cur.v, p, j, piece, t, &next))
                {
                    found = true;
                    let mut m = mv;
                    m.push(t);
                    let stops = stop.is_some_and(|z| board.zones[z.index()].contains(p, t));
                    // Crowned on landing: the series goes on with the new kind's jumps.
                    let crowned = crown.as_deref().filter(|c| c.crowns(game, p, piece, t));
                    let (j2, piece2) = match crowned {
                        Some(c) => (c.then.as_deref(), c.crowned(game, piece)),
                        None => (Some(j), piece),
                    };
                    let land = Landing {
                        piece: piece2,
                        focus: t,
                        mv: m,
                    };
                    match j2 {
                        Some(j2) if *repeat && !stops => {
                            self.long_jumps_from(cur, j2, land, next);
                        }
                        _ => self.end_long_jump(cur, land, &next),
                    }
                }
                if !*flying {
                    break;
                }
                t = board.next(t, d);
            }
            cur.v.len = saved;
        }
        if !found && taken.len > 0 {
            self.end_long_jump(cur, at, &taken);
        }
    }

    /// The jumps are over, the piece on `at`: the captured pieces leave and the move goes on
    /// with the part after this one.
    fn end_long_jump(&self, cur: &mut Cursor, at: Landing, taken: &Taken) {
        let Landing {
            piece,
            focus: at,
            mv,
        } = at;
        if cur.idx + 1 == cur.rule.parts.len() {
            cur.out.push(mv);
            return;
        }
        let saved = cur.v.len;
        if self.capture {
            for &c in &taken.cells[..taken.len] {
                cur.v.put(c, EMPTY);
            }
        }
        cur.v.put(at, piece);
        cur.next(at, mv);
        cur.v.len = saved;
    }
}

impl Rules {
    /// The cell a flying jump from `from` to `to` along one of `dirs` hopped: the first cell
    /// between them for which `occupied` holds (the board as it stands before that jump, or
    /// before the move with the mover's own starting cell left out), or [`NO_CELL`].
    pub(crate) fn flying_jumped_over(
        &self,
        from: CellId,
        to: CellId,
        dirs: &[DirId],
        occupied: impl Fn(CellId) -> bool,
    ) -> CellId {
        for &d in dirs {
            let mut c = self.board.next(from, d);
            let mut hit = NO_CELL;
            while c != NO_CELL && c != to {
                if hit == NO_CELL && occupied(c) {
                    hit = c;
                }
                c = self.board.next(c, d);
            }
            if c == to {
                return hit;
            }
        }
        NO_CELL
    }
}

impl Rules {
    /// Drops each move of a `capture: at-end` jump that an earlier move of `out` repeats: the
    /// same rule, origin, last landing and pieces jumped, by another path (a man taking four
    /// pieces round a square, either way round). Such series leave the same position and are
    /// one move (FMJD). Does nothing unless the first move is such a jump, as every move is
    /// whenever captures are forced.
    pub(in crate::engine) fn drop_repeated_captures(&self, s: &State, out: &mut MoveList) {
        let deferred = |m: &Move| {
            self.rules.get(m.rule.index()).is_some_and(|r| {
                r.parts
                    .iter()
                    .any(|p| matches!(p, Part::Jump(super::Jump { deferred: true, .. })))
            })
        };
        if !out.first().is_some_and(deferred) {
            return;
        }
        let mut i = 1;
        while i < out.len() {
            let m = out[i];
            let same_ends = |o: &Move| {
                o.rule == m.rule
                    && o.len == m.len
                    && o.cells[0] == m.cells[0]
                    && o.cells[o.len as usize - 1] == m.cells[m.len as usize - 1]
            };
            let repeated = m.len > 2
                && deferred(&m)
                && out[..i]
                    .iter()
                    .any(|o| same_ends(o) && self.jumped_set(s, o) == self.jumped_set(s, &m));
            if repeated {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// The cells `mv`'s repeating jump hops over, sorted (unused entries [`NO_CELL`]).
    fn jumped_set(&self, s: &State, mv: &Move) -> [CellId; MAX_TAKEN] {
        let mut set = [NO_CELL; MAX_TAKEN];
        let Some(rule) = self.rules.get(mv.rule.index()) else {
            return set;
        };
        let p = s.to_move();
        let origin = mv.cells[0];
        let mut k = usize::from(rule.from_piece());
        let mut n = 0;
        for part in &rule.parts {
            if let Part::Jump(
                jump @ super::Jump {
                    dirs,
                    repeat,
                    flying,
                    crown,
                    ..
                },
            ) = part
            {
                let jumps = if *repeat { mv.len as usize - k } else { 1 };
                let long = *flying || crown.is_some();
                for j in k..k + jumps {
                    let (from, to) = (mv.cells[j - 1], mv.cells[j]);
                    set[n] = if long {
                        self.flying_jumped_over(from, to, jump.hop_dirs(p), |c| {
                            c != origin && s.board[c.index()] != EMPTY
                        })
                    } else {
                        self.jumped_over(from, to, &dirs[p])
                    };
                    n += 1;
                }
                k += jumps;
            } else {
                k += part.cells_recorded();
            }
        }
        set[..n].sort_unstable();
        set
    }
}
