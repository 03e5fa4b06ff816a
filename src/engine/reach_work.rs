//! The sets of cells each piece could ever stand on, as the reach analysis (`reach.rs`)
//! grows them to a fixpoint: what each primitive's
//! [`reach`](super::prim::Primitive::reach) extends. A leaf, so that the primitives need
//! not import the analysis.

use super::{CellCond, CellId, DirId, Game, PieceId, Player, EMPTY, NO_CELL};

/// The fixpoint under construction, which each part's
/// [`reach`](crate::engine::prim::Primitive::reach) extends.
pub(crate) struct Work<'g> {
    /// The game.
    pub(crate) game: &'g Game,
    /// For each piece id, a bitset of the cells it may stand on (`None`: anywhere).
    pub(crate) sets: Vec<Option<Vec<u64>>>,
    /// Per player, the cells a `passable` slide of theirs may pass over (where an enemy may
    /// land en passant).
    pub(crate) passed: Vec<Vec<bool>>,
    /// Whether a set grew in this round.
    pub(crate) changed: bool,
}

impl Work<'_> {
    /// Whether `q` may stand on `c` so far.
    pub(crate) fn has(&self, q: PieceId, c: CellId) -> bool {
        match &self.sets[q.index()] {
            Some(bits) => bits[c.index() / 64] >> (c.index() % 64) & 1 == 1,
            None => true,
        }
    }

    /// `q` may stand on `c`.
    pub(crate) fn add(&mut self, q: PieceId, c: CellId) {
        if let Some(Some(bits)) = self.sets.get_mut(q.index()) {
            let (w, b) = (c.index() / 64, 1u64 << (c.index() % 64));
            if bits[w] & b == 0 {
                bits[w] |= b;
                self.changed = true;
            }
        }
    }

    /// `q` may stand anywhere.
    pub(crate) fn anywhere(&mut self, q: PieceId) {
        if let Some(slot) = self.sets.get_mut(q.index()) {
            if slot.is_some() && q != EMPTY {
                *slot = None;
                self.changed = true;
            }
        }
    }

    /// Every piece of every owner, anywhere.
    pub(crate) fn everything_anywhere(&mut self) {
        for q in 1..self.game.pieces.len() {
            self.anywhere(PieceId::from_index(q));
        }
    }

    /// Every piece `p` owns, anywhere.
    pub(crate) fn all_of_anywhere(&mut self, p: Player) {
        for q in 1..self.game.pieces.len() {
            if self.game.pieces[q].owner == Some(p) {
                self.anywhere(PieceId::from_index(q));
            }
        }
    }

    /// The cells `q` may stand on so far.
    pub(crate) fn cells_of(&self, q: PieceId) -> Vec<CellId> {
        CellId::upto(self.game.board.len())
            .filter(|&c| self.has(q, c))
            .collect()
    }

    /// Every piece of kind `k`, whoever owns it, anywhere.
    pub(crate) fn kind_anywhere(&mut self, k: super::KindId) {
        for q in 1..self.game.pieces.len() {
            if self.game.pieces[q].kind == k {
                self.anywhere(PieceId::from_index(q));
            }
        }
    }

    /// The cells a slide from `c` along `d` may stop on, `min..=max` steps away.
    pub(crate) fn slide(
        &self,
        (c, d): (CellId, DirId),
        p: Player,
        (min, max): (u16, u16),
        to: Option<&CellCond>,
        through: Option<&CellCond>,
        out: &mut Vec<CellId>,
    ) {
        let game = self.game;
        // A board whose lines close into rings brings a slide back round: no more steps
        // than cells.
        let max = max.min(u16::try_from(game.board.len()).unwrap_or(u16::MAX));
        let mut t = c;
        let mut n = 0u16;
        while n < max {
            t = game.board.next(t, d);
            if t == NO_CELL || t == c {
                break;
            }
            n += 1;
            if n >= min && to.is_none_or(|to| may_land(to, game, p, t)) {
                out.push(t);
            }
            if through.is_some_and(|th| !may_hold(th, game, p, t)) {
                break;
            }
        }
    }
}
/// Whether some content of `cell` satisfies `cond` for `p`: a zone in the condition may rule
/// the cell out whatever stands on it.
// Inlined, as it was when the analysis was one function: it runs per cell of every slide
// (Amazons' start-up: 0.2 M instructions as a call).
#[inline(always)]
pub(crate) fn may_hold(cond: &CellCond, game: &Game, p: Player, cell: CellId) -> bool {
    match &cond.zone {
        None => cond.content[p] != super::ContentSet::NONE,
        Some((z, inside)) => {
            if game.board.zones[z.index()].contains(p, cell) {
                inside[p] != super::ContentSet::NONE
            } else {
                cond.content[p] != super::ContentSet::NONE
            }
        }
    }
}

/// Whether a move of `p` may land on `cell` under `to`: some content there satisfies it,
/// other than an enemy royal piece (taking one is never a legal move: its owner could not
/// have left it attacked).
fn may_land(to: &CellCond, game: &Game, p: Player, cell: CellId) -> bool {
    let mut royal = super::ContentSet::NONE;
    for o in 0..game.num_players() {
        if o != p.index() {
            for &q in &game.royal[Player(o as u8)] {
                royal.insert(q);
            }
        }
    }
    let accepted = match &to.zone {
        Some((z, inside)) if game.board.zones[z.index()].contains(p, cell) => inside[p],
        _ => to.content[p],
    };
    accepted.intersect(royal.complement()) != super::ContentSet::NONE
}

/// Adds `t` to `out` when a move of `p` may land there under `to`.
pub(crate) fn push_if(out: &mut Vec<CellId>, t: CellId, to: &CellCond, game: &Game, p: Player) {
    if t != NO_CELL && may_land(to, game, p, t) {
        out.push(t);
    }
}
