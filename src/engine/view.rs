//! The board as a move being generated sees it, and the ways a generated move is pushed: a
//! leaf the primitives and the generator share (it imports neither).

use super::{CellId, Move, MoveList, PieceId, Promotion};

/// Which rules a generation walks (a const generic of [`super::Game::gen_pieces`] and the fast
/// generators): every rule.
pub(crate) const ALL: u8 = 0;
/// The forced rules only.
pub(crate) const FORCED: u8 = 1;
/// The rules that are not forced.
pub(crate) const UNFORCED: u8 = 2;

/// Most cell changes one move's earlier parts may make before a later part looks at the board.
const OVERLAY: usize = 3 * super::MAX_MOVE_CELLS;

/// The board as seen part-way through a move: the state plus the changes of earlier parts.
pub(crate) struct View<'a> {
    board: &'a [PieceId],
    /// Each change as `cell | piece << 16`: a plain integer array is cleared in a few wide
    /// stores, where padded pairs took one store per field (a generation makes one view).
    overlay: [u32; OVERLAY],
    pub(crate) len: usize,
    /// Generation stops once the list holds this many moves: `MAX_MOVES` for a full list,
    /// 1 for "has a move" (the `nobody-can-move` ending), which needs only the first.
    pub(crate) limit: usize,
}

impl<'a> View<'a> {
    /// The board of `s`, unchanged.
    pub(crate) fn new(board: &'a [PieceId]) -> View<'a> {
        View {
            board,
            overlay: [0; OVERLAY],
            len: 0,
            limit: super::MAX_MOVES,
        }
    }

    #[inline(always)]
    pub(crate) fn get(&self, c: CellId) -> PieceId {
        let mut i = self.len;
        while i > 0 {
            i -= 1;
            if CellId::new(self.overlay[i] as u16) == c {
                return PieceId::from_index((self.overlay[i] >> 16) as usize);
            }
        }
        self.board[c.index()]
    }

    #[inline(always)]
    pub(crate) fn touched(&self, c: CellId) -> bool {
        self.overlay[..self.len]
            .iter()
            .any(|&o| CellId::new(o as u16) == c)
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, c: CellId, p: PieceId) {
        self.overlay[self.len] = u32::from(c.raw()) | u32::from(p.raw()) << 16;
        self.len += 1;
    }
}

/// Pushes `mv` extended by `cell` and returns the pushed move. The move is copied into the
/// list first and extended there: a move extended on the stack and copied at once is read
/// back in other widths than it was just written in, and the processor stalls (store
/// forwarding) on every move.
#[inline(always)]
pub(crate) fn push_with(out: &mut MoveList, mv: Move, cell: CellId) -> &mut Move {
    out.push(mv);
    let last = out.last_mut().expect("a move was just pushed");
    last.push(cell);
    last
}

/// How a step or slide completes a move once it knows the landing cell.
pub(crate) struct Landing<'a> {
    /// The move so far (rule and origin).
    pub(crate) mv: Move,
    /// The promotion, if landing in its zone makes one.
    pub(crate) promote: Option<Promotion<'a>>,
}

impl Landing<'_> {
    /// Pushes the move landing on `t`, after recording `passed` (the cell a passable slide
    /// passed last), once per promotion kind if `t` is in the promotion zone.
    #[inline(always)]
    pub(crate) fn emit(&self, passed: Option<CellId>, t: CellId, out: &mut MoveList) {
        let mut m = self.mv;
        if let Some(c) = passed {
            m.push(c);
        }
        m.push(t);
        match self.promote {
            Some(pr) if pr.at(t) => {
                for &k in pr.kinds {
                    m.set_promote(Some(k));
                    out.push(m);
                }
            }
            _ => out.push(m),
        }
    }
}
