//! Move notation: printing a move in the game's notation and parsing it back.
//!
//! A piece move is written origin, then each landing cell, joined by `-` (or `x` for a
//! capture), with `=S` for a promotion to the piece of symbol `S`: `a2-a3`, `d4xe5`,
//! `e7-e8=Q`. A placement is the cell (`c3`), prefixed by the piece's symbol when the game
//! places several kinds (`Ba1?a2`). A pass is `pass`, the pie rule's move `swap`.

use super::refusal::{NamedCell, PieceSeen, Refusal};
use super::writer::Writer;
use super::{Game, Move, MoveList, State, EMPTY};

/// Why a text is not a legal move: the text as given, and the [`Refusal`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text, trimmed.
    pub input: String,
    /// Why no legal move is written so (boxed: errors stay small, and refusals are rare).
    pub refusal: Box<Refusal>,
}

impl std::fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.refusal.about(&self.input))
    }
}

impl std::error::Error for ParseMoveError {}

impl Game {
    /// The move in this game's notation, as played from `state`.
    pub fn move_to_string(&self, state: &State, mv: Move) -> String {
        if self.algebraic {
            return super::san::move_to_san(self, state, mv);
        }
        self.write_move(state, mv, self.coordinate_notation)
    }

    /// The move with bare cell names and no separators (`a2a3`, `e7e8q`), also accepted by
    /// [`Game::parse_move`]. Between two cell names that are numbers the separator stays
    /// (draughts' `21x14`, not `2114`, which would also read as `2x11x4`).
    pub fn move_to_compact(&self, state: &State, mv: Move) -> String {
        self.write_move(state, mv, true)
    }

    pub(super) fn write_move(&self, state: &State, mv: Move, compact: bool) -> String {
        self.write_move_as(state, mv, compact, self.short_jumps)
    }

    /// [`Game::write_move`], with a multi-jump written by its ends only when `short` is set
    /// and no other legal move has the same ends (`notation short-jumps`).
    pub(super) fn write_move_as(
        &self,
        state: &State,
        mv: Move,
        compact: bool,
        short: bool,
    ) -> String {
        if mv.is_forced_pass() {
            return "pass".into();
        }
        if let Some(r) = mv.as_roll() {
            return format!("roll{r}");
        }
        if self.separate_dice() {
            return self.write_dice_turn(state, mv);
        }
        let rule = &self.rules[mv.rule.index()];
        let mut w = Writer {
            game: self,
            state,
            rule,
            mv,
            k: 0,
            out: String::new(),
            moving: EMPTY,
            promoted: false,
            compact,
            short,
            me: state.to_move(),
        };
        if rule.from_piece() {
            let from = w.take();
            w.out.push_str(w.name(from));
            w.moving = match from {
                super::FROM_RESERVE => self
                    .reserve_kind
                    .map_or(EMPTY, |k| self.piece_id(k, Some(state.to_move()))),
                c => state.at(c),
            };
        }
        for part in &rule.parts {
            part.write(&mut w);
        }
        w.out
    }

    /// The legal move written `text` (case-insensitive; the compact form is accepted too).
    pub fn parse_move(&self, state: &State, text: &str) -> Result<Move, ParseMoveError> {
        let mut moves = MoveList::new();
        self.legal_moves(state, &mut moves);
        if moves.is_empty() {
            return Err(ParseMoveError {
                input: text.trim().to_string(),
                refusal: Box::new(Refusal::GameOver),
            });
        }
        let want: String = text.split_whitespace().collect();
        let coordinates = |same: &dyn Fn(&str, &str) -> bool| {
            moves.iter().copied().find(|&m| {
                same(&self.write_move(state, m, false), &want)
                    || same(&self.move_to_compact(state, m), &want)
            })
        };
        if let Some(m) = coordinates(&|a, b| a == b) {
            return Ok(m);
        }
        if self.separate_dice() {
            if let Some(m) = self.parse_dice_turn(state, text, &moves) {
                return Ok(m);
            }
        }
        // With `notation short-jumps`, every landing written out names the move too.
        if self.short_jumps {
            if let Some(m) = moves.iter().copied().find(|&m| {
                self.write_move_as(state, m, false, false)
                    .eq_ignore_ascii_case(&want)
                    || self
                        .write_move_as(state, m, true, false)
                        .eq_ignore_ascii_case(&want)
            }) {
                return Ok(m);
            }
        }
        // In SAN the case of the first letter matters: `B1c2` is a bishop from rank 1, not
        // the move from b1 to c2, so SAN written exactly is read before coordinates in
        // another case.
        if self.algebraic {
            if let Some(m) = super::san::parse_san_exact(self, state, &want, &moves) {
                return Ok(m);
            }
        }
        if let Some(m) = coordinates(&|a, b| a.eq_ignore_ascii_case(b)) {
            return Ok(m);
        }
        if self.algebraic {
            if let Some(m) = super::san::parse_san(self, state, &want, &moves) {
                return Ok(m);
            }
        }
        // Placements written in another order (`Bc2Bb3?c1` for `Bb3Bc2?c1`, dragon's `?a2Ba1`
        // for `Ba1?a2`) are the same move: compare the picks as a set.
        if self.symbol_in_placements {
            if let Some(key) = self.placement_key(&want) {
                let mut found = moves.iter().filter(|&&m| {
                    self.placement_key(&self.move_to_string(state, m)).as_ref() == Some(&key)
                });
                if let (Some(&m), None) = (found.next(), found.next()) {
                    return Ok(m);
                }
            }
            // The cells alone (`j10`, `b1a1` in Connect6), when one placement move has them.
            if let Some(cells) = self.cells_key(&want) {
                let mut found = moves.iter().filter(|&&m| {
                    self.placement_key(&self.move_to_string(state, m))
                        .is_some_and(|k| {
                            let mut mine: Vec<String> = k.into_iter().map(|p| p.1).collect();
                            mine.sort_unstable();
                            mine == cells
                        })
                });
                if let (Some(&m), None) = (found.next(), found.next()) {
                    return Ok(m);
                }
            }
        }
        // Name what is wrong: the rule that refuses it, an unknown cell, a piece that
        // cannot go there.
        let refusal = self
            .why_illegal(state, text)
            .unwrap_or_else(|| self.explain_bad_move(state, &want, &moves));
        Err(ParseMoveError {
            input: text.trim().to_string(),
            refusal: Box::new(refusal),
        })
    }

    /// The cell names `text` is made of (`b1a1`: b1, a1), sorted, lower case; `None` unless
    /// it is nothing but cell names.
    fn cells_key(&self, text: &str) -> Option<Vec<String>> {
        let mut rest = text;
        let mut cells = Vec::new();
        while !rest.is_empty() {
            let cell = self.cell_name_at_start(rest)?;
            cells.push(cell.to_ascii_lowercase());
            rest = &rest[cell.len()..];
        }
        cells.sort_unstable();
        (!cells.is_empty()).then_some(cells)
    }

    /// A placement move as a sorted list of (symbol, cell) picks, if `text` reads as one.
    fn placement_key(&self, text: &str) -> Option<Vec<(char, String)>> {
        let mut rest = text;
        let mut picks = Vec::new();
        while let Some(sym) = rest.chars().next() {
            if !self.pieces.iter().skip(1).any(|p| p.symbol == sym) {
                return None;
            }
            rest = &rest[sym.len_utf8()..];
            let cell = self.cell_name_at_start(rest)?;
            picks.push((sym, cell.to_ascii_lowercase()));
            rest = &rest[cell.len()..];
        }
        picks.sort();
        (!picks.is_empty()).then_some(picks)
    }

    /// The longest cell name `text` starts with, in any letter case.
    pub(super) fn cell_name_at_start(&self, text: &str) -> Option<&str> {
        self.board
            .cells
            .iter()
            .map(|c| c.name.as_str())
            .filter(|n| {
                text.get(..n.len())
                    .is_some_and(|head| head.eq_ignore_ascii_case(n))
            })
            .max_by_key(|n| n.len())
    }

    /// A cell name in a move text that this board does not have (`z9` in `a1-z9`, `e9` in
    /// `e2e9`), if any: each run of letters then digits must end in a cell's name (a piece
    /// symbol may come before it, as in `Ba1`). Rolls (`roll3`) name no cell.
    pub fn unknown_cell_in(&self, text: &str) -> Option<String> {
        // Names written digits first (shogi's `7g`) are not split this way: say nothing.
        if self.board.cells.iter().any(|c| {
            c.name.starts_with(|ch: char| ch.is_ascii_digit())
                && c.name.ends_with(|ch: char| ch.is_ascii_alphabetic())
        }) {
            return None;
        }
        let numbered = self
            .board
            .cells
            .iter()
            .any(|c| c.name.bytes().all(|b| b.is_ascii_digit()));
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if !chars[i].is_ascii_alphanumeric() {
                i += 1;
                continue;
            }
            let start = i;
            while i < chars.len() && chars[i].is_ascii_alphabetic() {
                i += 1;
            }
            let digits = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let letters: String = chars[start..digits].iter().collect();
            if digits == i || letters.eq_ignore_ascii_case("roll") || (digits == start && !numbered)
            {
                continue;
            }
            let known = (start..=digits).any(|k| {
                let name: String = chars[k..i].iter().collect();
                (k < digits || numbered) && self.board.cell_by_name(&name).is_some()
            });
            if !known {
                return Some(chars[start..i].iter().collect());
            }
        }
        None
    }

    /// Why `want` names none of the legal `moves` (and no move the pieces could make that a
    /// rule refuses): the most specific thing that can be said.
    pub(super) fn explain_bad_move(&self, state: &State, want: &str, moves: &MoveList) -> Refusal {
        // A cell name (letters, then digits) that is not on the board.
        if let Some(name) = self.unknown_cell_in(want) {
            return Refusal::UnknownCell { name };
        }
        let texts: Vec<String> = moves
            .iter()
            .map(|&m| self.move_to_string(state, m))
            .collect();
        if let [only] = texts.as_slice() {
            return Refusal::OnlyMove { only: only.clone() };
        }
        if let Some(why) = self.incomplete_move(state, want, moves, &texts) {
            return why;
        }
        if let Some(why) = self.lone_cell(state, want, moves, &texts) {
            return why;
        }
        if let Some(why) = self.ambiguous(state, want, moves) {
            return why;
        }
        if let Some(why) = super::why_illegal::piece_move_refusal(self, state, want) {
            return why;
        }
        // A typo is at most two edits: texts of very different lengths are not compared
        // (a 10 KB line against 28,000 Nex moves would take seconds).
        let best = texts
            .iter()
            .filter(|t| t.len().abs_diff(want.len()) <= 2 && want.len() <= 64)
            .map(|t| {
                (
                    strsim::levenshtein(&t.to_lowercase(), &want.to_lowercase()),
                    t,
                )
            })
            .min();
        match best {
            // Only a near miss: 'z9' is two edits from 'a1', but no typo of it.
            Some((d, t)) if d <= 2 && d * 2 < want.chars().count() => {
                Refusal::Typo { near: t.clone() }
            }
            _ => Refusal::NoSuchMove { legal: texts.len() },
        }
    }

    /// When several legal moves are written `want` read loosely: placements with the same
    /// cells (`b1a1` in Connect6), or SAN that names a piece and its landing but not which
    /// of two such pieces goes (`Nd2`).
    fn ambiguous(&self, state: &State, want: &str, moves: &MoveList) -> Option<Refusal> {
        if want.len() > 64 {
            return None;
        }
        let mut found: Vec<Move> = Vec::new();
        if self.symbol_in_placements {
            if let Some(cells) = self.cells_key(want) {
                found = moves
                    .iter()
                    .copied()
                    .filter(|&m| {
                        self.placement_key(&self.move_to_string(state, m))
                            .is_some_and(|k| {
                                let mut mine: Vec<String> = k.into_iter().map(|p| p.1).collect();
                                mine.sort_unstable();
                                mine == cells
                            })
                    })
                    .collect();
            }
        }
        if found.len() < 2 && self.algebraic {
            found = super::san::san_candidates(self, state, want, moves);
        }
        if found.len() < 2 {
            return None;
        }
        let mut candidates: Vec<String> = found
            .iter()
            .map(|&m| self.move_to_string(state, m))
            .collect();
        candidates.sort_unstable();
        Some(Refusal::Ambiguous { candidates })
    }

    /// When `want` is the beginning of legal moves (a multi-part move cut short: Morris'
    /// `g1` for `g1xa7`, a Nex placement without its second part), the ways it goes on.
    fn incomplete_move(
        &self,
        state: &State,
        want: &str,
        moves: &MoveList,
        texts: &[String],
    ) -> Option<Refusal> {
        const SHOWN: usize = 6;
        let want = want.to_lowercase();
        if want.is_empty() || want.len() > 64 {
            return None;
        }
        // Each match in the form it was typed in: chess's `e2` goes on as `e2e4`, not `e4`.
        let mut found: Vec<String> = Vec::new();
        let mut count = 0;
        for (&m, text) in moves.iter().zip(texts) {
            let form = if text.to_lowercase().starts_with(&want) {
                text.clone()
            } else {
                let compact = self.move_to_compact(state, m);
                if !compact.to_lowercase().starts_with(&want) {
                    continue;
                }
                compact
            };
            count += 1;
            found.push(form);
        }
        // In text order, so that the message does not follow the generator's order.
        found.sort_unstable();
        found.truncate(SHOWN);
        (count > 0).then_some(Refusal::Incomplete { count, such: found })
    }

    /// When `want` is a cell name alone: the moves that use that cell (a Nex placement is
    /// written with its second part, `Bg7?g8`), or else what stands there (a stone played
    /// on a stone).
    fn lone_cell(
        &self,
        state: &State,
        want: &str,
        moves: &MoveList,
        texts: &[String],
    ) -> Option<Refusal> {
        let cell = self.named_cell(self.board.cell_by_name(want)?);
        let using: Vec<&String> = moves
            .iter()
            .zip(texts)
            .filter(|(m, _)| m.cells().contains(&cell.id))
            .map(|(_, t)| t)
            .collect();
        if !using.is_empty() {
            return Some(Refusal::CellAlone {
                count: using.len(),
                such: using.iter().take(3).map(|t| t.to_string()).collect(),
                cell,
            });
        }
        let piece = self.piece_seen(state, cell.id)?;
        Some(Refusal::CellTaken { cell, piece })
    }

    /// A cell with its name, for a refusal.
    pub(super) fn named_cell(&self, id: super::CellId) -> NamedCell {
        NamedCell {
            id,
            name: self.board.cells[id.index()].name.clone(),
        }
    }

    /// The piece on `cell` as a player sees it; `None` when the cell is empty.
    pub(super) fn piece_seen(&self, state: &State, cell: super::CellId) -> Option<PieceSeen> {
        let piece = state.at(cell);
        if piece == EMPTY {
            return None;
        }
        Some(PieceSeen {
            kind: self.kinds[self.pieces[piece.index()].kind.index()]
                .name
                .clone(),
            owner: self.owner(piece).map(|p| self.players[p.index()].clone()),
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
        if let Some(why) = super::forbid::why_forbidden(self, state, text) {
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
        let mv = super::why_illegal::pseudo_move_written(&free, state, text)?;
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
                named.truncate(super::why_illegal::NAMED);
                return Some(Refusal::CaptureCompulsory {
                    mv,
                    written,
                    forced: named,
                    count: forced.len(),
                });
            }
        }
        if let Some(why) = super::most_captures::fewer_captures(self, state, mv, &legal) {
            return Some(why);
        }
        if !royal {
            return None;
        }
        let royal: Vec<String> = self.royal[me]
            .iter()
            .map(|&p| self.kinds[self.pieces[p.index()].kind.index()].name.clone())
            .collect();
        Some(
            if rule
                .parts
                .iter()
                .any(|p| matches!(p, super::Part::Castle(_)))
            {
                Refusal::CastlingAttacked { mv, written, royal }
            } else {
                Refusal::RoyalAttacked {
                    mv,
                    written,
                    player: self.players[me.index()].clone(),
                    royal,
                    in_check: self.in_check(state, me),
                }
            },
        )
    }
}
