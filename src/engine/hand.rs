//! Hands (shogi): a captured piece changes side and waits, demoted to its unpromoted kind,
//! in the captor's hand, from where a `place(kind, from: hand)` drops it back onto the board.
//!
//! A hand is the state's per-piece-id reserve count (the race games' reserve): it is hashed,
//! undone and compared in repetitions as those are. What is here: the capture into the hand,
//! the drop conditions (`column-without:`, the two-pawn rule; `mate: no`, no pawn-drop mate),
//! and the hand in positions (SFEN's hand field) and in drawings.

use super::{CellCond, CellId, Game, Move, MoveList, Part, PieceId, Player, State, EMPTY};
use crate::engine::Rules;

/// What a `place(…, from: hand)` asks beyond an empty cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandDrop {
    /// The drop is refused on a column holding a piece this accepts (as the mover sees it):
    /// shogi's two-pawn rule, `column-without: friend and pawn`.
    pub column_without: Option<CellCond>,
    /// The drop may not checkmate (shogi's uchifuzume, `mate: no`).
    pub no_mate: bool,
}

impl Rules {
    /// Whether captured pieces go to the captor's hand (`hand kinds…`).
    #[inline]
    pub fn has_hands(&self) -> bool {
        !self.hand_gain.is_empty()
    }

    /// The kinds a hand may hold, in the order positions and drawings show them.
    pub fn hand_kinds(&self) -> &[super::KindId] {
        &self.hand_kinds
    }

    /// The piece `mover` gains in hand for capturing `victim`, if any (none for an empty
    /// cell, the mover's own piece, or a kind no hand holds, such as the king).
    #[inline(always)]
    pub(crate) fn hand_gain(&self, victim: PieceId, mover: Player) -> Option<PieceId> {
        let np = self.num_players();
        self.hand_gain
            .get(victim.index() * np + mover.index())
            .copied()
            .filter(|&g| g != EMPTY)
    }

    /// Puts into the mover's hand what replacing `old` on a cell captures, if anything
    /// (logged and hashed like a reserve count).
    #[inline(always)]
    pub(crate) fn capture_to_hand(&self, s: &mut State, old: PieceId) {
        if let Some(gain) = self.hand_gain(old, s.scalars.to_move) {
            self.add_reserve(s, gain, 1);
        }
    }

    /// How many `piece`s wait in their owner's hand.
    pub fn in_hand(&self, state: &State, piece: PieceId) -> u16 {
        state.reserve[piece.index()]
    }

    /// The columns (bit per lattice column) holding a piece `cond` accepts for `p`.
    pub(crate) fn columns_with(&self, s: &State, cond: &CellCond, p: Player) -> u64 {
        let mut cols = 0u64;
        for (c, &x) in s.board.iter().enumerate() {
            if x != EMPTY && cond.accepts(&self.board, p, CellId::from_index(c), x) {
                cols |= 1 << (self.board.cells[c].col.rem_euclid(64));
            }
        }
        cols
    }

    /// Whether a drop on `c` stays off the columns in `blocked`.
    #[inline]
    pub(crate) fn column_free(&self, c: CellId, blocked: u64) -> bool {
        blocked >> self.board.cells[c.index()].col.rem_euclid(64) & 1 == 0
    }

    /// SFEN's hand field: each player's pieces in hand in player order, kinds in the `hand`
    /// line's order, a count before the symbol when more than one (`2Pb`); `-` for none.
    pub(crate) fn hand_field(&self, state: &State) -> String {
        let mut out = String::new();
        for p in 0..self.num_players() {
            for &k in &self.hand_kinds {
                let id = self.piece_id(k, Some(Player(p as u8)));
                let n = if id == EMPTY {
                    0
                } else {
                    state.reserve[id.index()]
                };
                if n > 1 {
                    out.push_str(&n.to_string());
                }
                if n > 0 {
                    out.push(self.pieces[id.index()].symbol);
                }
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// Reads SFEN's hand field into `state` (see [`Game::hand_field`]).
    pub(crate) fn parse_hand_field(&self, state: &mut State, field: &str) -> Result<(), String> {
        if field == "-" {
            return Ok(());
        }
        let mut count: Option<u16> = None;
        for ch in field.chars() {
            if let Some(d) = ch.to_digit(10) {
                let n = count.unwrap_or(0) * 10 + d as u16;
                if n > 99 {
                    return Err(format!("too many pieces in hand in '{field}'"));
                }
                count = Some(n);
                continue;
            }
            let Some(id) = (1..self.pieces.len()).find(|&i| self.pieces[i].symbol == ch) else {
                return Err(format!(
                    "unknown piece symbol '{ch}' in the hand field '{field}'"
                ));
            };
            let piece = &self.pieces[id];
            if piece.owner.is_none() || !self.hand_kinds.contains(&piece.kind) {
                let kind = &self.kinds[piece.kind.index()].name;
                return Err(format!(
                    "a {kind} cannot wait in a hand ('{ch}' in '{field}')"
                ));
            }
            match count.take() {
                Some(0) => return Err(format!("a count of 0 in the hand field '{field}'")),
                n => state.reserve[id] += n.unwrap_or(1),
            }
        }
        if count.is_some() {
            return Err(format!(
                "the hand field '{field}' ends with a count and no piece"
            ));
        }
        Ok(())
    }

    /// One player's hand for drawings: `R 2P`, or `-` when empty.
    pub fn hand_text(&self, state: &State, p: Player) -> String {
        let items: Vec<String> = self
            .hand_kinds
            .iter()
            .filter_map(|&k| {
                let id = self.find_piece(k, Some(p))?;
                let n = state.reserve[id.index()];
                let sym = self.pieces[id.index()].symbol;
                match n {
                    0 => None,
                    1 => Some(sym.to_string()),
                    n => Some(format!("{n}{sym}")),
                }
            })
            .collect();
        if items.is_empty() {
            "-".into()
        } else {
            items.join(" ")
        }
    }

    /// The line under a drawn board in games with hands: `in hand: Black R 2P, White -`.
    pub fn hands_line(&self, state: &State) -> String {
        if !self.has_hands() {
            return String::new();
        }
        let parts: Vec<String> = (0..self.num_players())
            .map(|p| {
                let p = Player(p as u8);
                format!("{} {}", self.players[p.index()], self.hand_text(state, p))
            })
            .collect();
        format!("in hand: {}\n", parts.join(", "))
    }
}

/// Takes out the drops with `mate: no` that checkmate: those whose dropped piece attacks
/// an enemy royal piece and leave its owner no legal move (made on a copy of the state;
/// only drops that give check get that far).
pub(crate) fn refuse_drop_mates(game: &Game, s: &State, out: &mut MoveList) {
    let p = s.scalars.to_move;
    let mut i = 0;
    while i < out.len() {
        let mv = out[i];
        if drop_mates(game, s, mv, p) {
            out.swap_remove(i);
        } else {
            i += 1;
        }
    }
}

/// Whether `mv` is a `mate: no` drop that checkmates.
fn drop_mates(game: &Game, s: &State, mv: Move, p: Player) -> bool {
    let Some(rule) = game.rules.get(mv.rule.index()) else {
        return false;
    };
    let [Part::Place(super::prim::place::Place {
        kind,
        hand: Some(h),
        ..
    })] = rule.parts.as_slice()
    else {
        return false;
    };
    if !h.no_mate {
        return false;
    }
    let (cell, piece) = (mv.cells[0], game.placed_piece(*kind, p));
    let checks = (0..game.num_players() as u8).map(Player).any(|q| {
        q != p
            && game.royal[q].iter().any(|&rp| {
                super::legal::bits_iter(s.cells_of(rp))
                    .any(|c| game.attacked(s, &[(cell, piece)], c, rp))
            })
    });
    if !checks {
        return false;
    }
    let mut after = s.clone();
    // The copy's hash is made again: callers that look at a position from the other
    // side (tests, `has_legal_move` probes) switch the side without rehashing.
    after.scalars.hash = game.hash_from_scratch(&after);
    game.make(&mut after, mv);
    after.scalars.result = None;
    let mut replies = MoveList::new();
    game.legal_moves(&after, &mut replies);
    replies.is_empty()
}
