//! Crowning in mid-series: `jump(…, repeat: yes, crown: king, in: crown-row)`.
//!
//! A piece whose repeating jump lands in the `in` zone becomes the `crown` kind there at
//! once, and the series goes on with that kind's jumps (the first part of its capturing
//! rule, linked when the game is assembled: Russian draughts, where a man crowned while
//! capturing goes on capturing as a flying king). When the crowned piece has no jump, the
//! move ends there, crowned. The compile side is `src/compile/prim/jump/crown.rs`.

use super::Jump;
use crate::engine::sink::CellSink;
use crate::engine::{ByPlayer, CellId, DirId, Game, KindId, PieceId, Player, ZoneId};

/// Where and into what a jumping piece is crowned, and how it jumps afterwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crown {
    /// The kind the piece becomes.
    pub kind: KindId,
    /// Where it becomes it.
    pub zone: ZoneId,
    /// The crowned kind's jump (the first part of its capturing rule), linked when the
    /// game is assembled; `None` until then, or when that kind has no jump (the move ends
    /// on crowning).
    pub then: Option<Box<Jump>>,
    /// Per player, the jump's own directions and the crowned kind's (the ones a hop of the
    /// series may take), to find the piece each recorded hop took.
    pub dirs: ByPlayer<Vec<DirId>>,
}

impl Crown {
    /// Whether the piece `piece` of `p`, landing on `t`, is crowned there: it is not the
    /// crowned kind already and `t` is in the zone.
    #[inline]
    pub(crate) fn crowns(&self, game: &Game, p: Player, piece: PieceId, t: CellId) -> bool {
        game.board.zones[self.zone.index()].contains(p, t)
            && piece != game.piece_id(self.kind, game.owner(piece))
    }

    /// The crowned form of `piece`.
    #[inline]
    pub(crate) fn crowned(&self, game: &Game, piece: PieceId) -> PieceId {
        game.piece_id(self.kind, game.owner(piece))
    }

    /// Execution after a hop of `piece` landed on `t`: crowns it there when it is in the
    /// zone; returns whether it did.
    pub(crate) fn exec<S: CellSink>(
        &self,
        game: &Game,
        sink: &mut S,
        t: CellId,
        piece: PieceId,
        p: Player,
    ) -> bool {
        if self.crowns(game, p, piece, t) {
            sink.set(t, self.crowned(game, piece));
            true
        } else {
            false
        }
    }
}
