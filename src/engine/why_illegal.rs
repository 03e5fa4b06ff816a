//! Why a move is refused, as a [`Refusal`]: the rule that refuses a move the pieces could
//! make (a `forbid` rule such as superko or suicide, the royal rule, a `forced` rule), and
//! what is wrong with a move from one cell to another that the pieces cannot make (no piece
//! there, another player's piece, the mover's own piece on the landing, castling with
//! pieces between). Worked out only when a move is refused.

use super::refusal::Refusal;
use super::{CellId, Game, Move, MoveList, Part, State};

/// At most this many moves are named in a refusal (the forced moves that are legal).
const NAMED: usize = 6;

impl Game {
    /// The move the pieces could make (before `forbid` rules judge it) that is written
    /// `text`, in this game's notation or the compact form.
    pub(super) fn pseudo_move_written(&self, state: &State, text: &str) -> Option<super::Move> {
        let want: String = text.split_whitespace().collect();
        let mut moves = MoveList::new();
        self.pseudo_moves(state, &mut moves);
        moves.into_iter().find(|&m| {
            self.move_to_string(state, m).eq_ignore_ascii_case(&want)
                || self.move_to_compact(state, m).eq_ignore_ascii_case(&want)
        })
    }

    /// Which rule refuses the move written `text` in `state` although the pieces could
    /// make it, e.g. [`Refusal::CastlingAttacked`] for `e1g1` through an attacked cell;
    /// `None` when the text is legal, or names no move the pieces could make (then
    /// [`Game::parse_move`] says what is wrong).
    pub fn why_illegal(&self, state: &State, text: &str) -> Option<Refusal> {
        // A text naming a cell the board lacks is no move: say so before copying the game.
        if state.scalars.result.is_some()
            || self.is_chance(state)
            || self.unknown_cell_in(text).is_some()
        {
            return None;
        }
        if let Some(why) = self.why_forbidden(state, text) {
            return Some(why);
        }
        let me = state.to_move();
        let royal = !self.royal[me].is_empty();
        if !royal && !self.has_forced && !self.most_captures {
            return None;
        }
        // The same game without its royal and forced rules lists what the pieces could do;
        // a refusal is only worked out when asked, so the copy costs nothing in play.
        let mut free = self.clone();
        free.accel.attack_rays.clear();
        let rules = free.rules_mut();
        rules.royal.0.iter_mut().for_each(Vec::clear);
        rules.has_forced = false;
        rules.most_captures = false;
        let mv = free.pseudo_move_written(state, text)?;
        let written = free.move_to_string(state, mv);
        let rule = &self.rules[mv.rule.index()];
        let mut legal = MoveList::new();
        self.legal_moves(state, &mut legal);
        if self.has_forced && !rule.forced {
            let forced: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| self.rules[m.rule.index()].forced)
                .collect();
            if !forced.is_empty() {
                let mut named: Vec<String> = forced
                    .iter()
                    .map(|&m| self.move_to_string(state, m))
                    .collect();
                named.sort_unstable();
                named.truncate(NAMED);
                return Some(Refusal::CaptureCompulsory {
                    mv,
                    written,
                    forced: named,
                    count: forced.len(),
                });
            }
        }
        if let Some(why) = self.fewer_captures(state, mv, &legal) {
            return Some(why);
        }
        if !royal {
            return None;
        }
        let royal: Vec<String> = self.royal[me]
            .iter()
            .map(|&p| self.kinds[self.pieces[p.index()].kind.index()].name.clone())
            .collect();
        Some(if rule.parts.iter().any(|p| matches!(p, Part::Castle(_))) {
            Refusal::CastlingAttacked { mv, written, royal }
        } else {
            Refusal::RoyalAttacked {
                mv,
                written,
                player: self.players[me.index()].clone(),
                royal,
                in_check: self.in_check(state, me),
            }
        })
    }

    /// Why `mv` is not legal in `state`, for [`Game::play`]: the refusal of its written
    /// form, or [`Refusal::Illegal`] when that names a legal move (a move made elsewhere).
    pub(super) fn why_refused(&self, state: &State, mv: Move) -> Refusal {
        let mut legal = MoveList::new();
        self.legal_moves(state, &mut legal);
        if legal.is_empty() || self.outcome(state).is_some() {
            return Refusal::GameOver;
        }
        let written = self.move_to_string(state, mv);
        match self.parse_move(state, &written) {
            Err(e) => *e.refusal,
            Ok(_) => Refusal::Illegal { mv, written },
        }
    }

    /// When `want` reads as a move from one cell to another (`e2e5`, `e1-g1`, `9x18`) that
    /// no rule lets the pieces make: what is wrong with it.
    pub(super) fn piece_move_refusal(&self, state: &State, want: &str) -> Option<Refusal> {
        if !self.rules.iter().any(|r| r.from_piece()) {
            return None;
        }
        let (from, to) = self.cells_of_piece_move(want)?;
        let me = state.to_move();
        let Some(piece) = self.piece_seen(state, from) else {
            return Some(Refusal::NoPiece {
                cell: self.named_cell(from),
            });
        };
        if self.owner(state.at(from)) != Some(me) {
            return Some(Refusal::NotYours {
                cell: self.named_cell(from),
                piece,
            });
        }
        let kind = self.pieces[state.at(from).index()].kind;
        let rules = || self.rules.iter().filter(|r| r.kinds.contains(&kind));
        if let Some(between) = rules().flat_map(|r| r.parts.iter()).find_map(|p| match p {
            Part::Castle(c) => c.blockers(self, state, me, from, to),
            _ => None,
        }) {
            return Some(Refusal::CastlingBlocked {
                from: self.named_cell(from),
                to: self.named_cell(to),
                between: between.into_iter().map(|c| self.named_cell(c)).collect(),
            });
        }
        // A piece that may swap places with a friend could mean to: say only what is sure.
        let swaps = rules().any(|r| r.parts.iter().any(|p| matches!(p, Part::Swap(_))));
        if !swaps && to != from && self.owner(state.at(to)) == Some(me) {
            return Some(Refusal::OwnPiece {
                from: self.named_cell(from),
                to: self.named_cell(to),
                piece: self.piece_seen(state, to)?,
            });
        }
        Some(Refusal::CannotMoveSo {
            from: self.named_cell(from),
            to: self.named_cell(to),
            kind: piece.kind,
        })
    }

    /// The first and last cells of `text` when it is nothing but two or more cell names
    /// with `-`, `x` or `:` between (or nothing, as in `e2e4`).
    fn cells_of_piece_move(&self, text: &str) -> Option<(CellId, CellId)> {
        if text.len() > 64 {
            return None;
        }
        let mut rest = text;
        let mut cells = Vec::new();
        while !rest.is_empty() {
            if let Some(name) = self.cell_name_at_start(rest) {
                cells.push(self.board.cell_by_name(name)?);
                rest = &rest[name.len()..];
            } else if let Some(tail) = rest.strip_prefix(['-', 'x', 'X', ':']) {
                rest = tail;
            } else {
                return None;
            }
        }
        match cells.as_slice() {
            [from, .., to] => Some((*from, *to)),
            _ => None,
        }
    }
}
