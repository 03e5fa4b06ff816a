//! Position notation: `<cells> <player to move> [<ply>] [swapped] [quiet=N] [roll=N]
//! [reserve=N,N] [off=N,N]`. A stack is written bottom to top in parentheses: `(WWB)`.
//!
//! Cells are written line by line in [`super::Board::lines`] order, lines joined by `/`;
//! each piece is its symbol, a run of empty cells is its length in digits (FEN style):
//! `3/1X1/3 O 1` is tic-tac-toe after X took the centre.

use super::state::Change;
use super::{CellId, Game, Part, PieceId, Player, State, EMPTY, NO_CELL};

/// The largest ply count or quiet-ply count a position may give. Each move adds one to
/// both, and a 32-bit counter must not wrap (`… 4294967295` then `0`): a quarter of the
/// range leaves three billion plies of play after any position that parses.
pub const MAX_PLY: u32 = 1 << 30;

/// Reads a counter of plies, refusing what would come near the end of its range.
fn counter(text: &str, what: &str, max: u32) -> Result<u32, ParsePositionError> {
    let too_large = || ParsePositionError(format!("{what} {text} is too large (at most {max})"));
    match text.parse::<u32>() {
        Ok(n) if n <= max => Ok(n),
        Ok(_) => Err(too_large()),
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => Err(too_large()),
        Err(_) => Err(ParsePositionError(format!("'{text}' is not a {what}"))),
    }
}

/// What the cells field of a position puts on the board: the top piece of each cell, the
/// stacks (bottom to top) and the counters' tallies.
struct Placement {
    board: Vec<PieceId>,
    stacks: Vec<(CellId, Vec<PieceId>)>,
    tallies: Vec<(CellId, u16)>,
}

impl Placement {
    /// Reads line `line` (from 1) of the cells field, `text`, onto `cells`.
    fn read_line(
        &mut self,
        game: &Game,
        line: usize,
        text: &str,
        cells: &[CellId],
    ) -> Result<(), ParsePositionError> {
        let err = |m: String| Err(ParsePositionError(m));
        let too_many = || format!("line {line} has more than {} cells", cells.len());
        let mut i: usize = 0;
        let mut chars = text.chars().peekable();
        while let Some(ch) = chars.next() {
            if ch.is_ascii_digit() {
                let mut n = ch.to_digit(10).unwrap_or(0) as usize;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    // Saturating: a run longer than the line is refused below, however
                    // many digits it has.
                    n = n.saturating_mul(10).saturating_add(d as usize);
                    chars.next();
                }
                i = i.saturating_add(n);
            } else if ch == '(' && chars.peek().is_some_and(char::is_ascii_digit) {
                let n = read_counters(game, line, &mut chars)?;
                let Some(&cell) = cells.get(i) else {
                    return err(too_many());
                };
                if n > 0 {
                    self.board[cell.index()] = game.counter_piece;
                    self.tallies.push((cell, n));
                }
                i += 1;
            } else if ch == '(' {
                let pieces = read_stack(game, line, &mut chars)?;
                let Some(&cell) = cells.get(i) else {
                    return err(too_many());
                };
                let cap = game.board.stack_cap[cell.index()] as usize;
                if pieces.len() > 1 && pieces.len() > cap {
                    return err(format!(
                        "cell {} holds at most {} piece(s), the position puts {} there",
                        game.board.cells[cell.index()].name,
                        cap.max(1),
                        pieces.len()
                    ));
                }
                if let Some(&top) = pieces.last() {
                    self.board[cell.index()] = top;
                    self.stacks.push((cell, pieces));
                }
                i += 1;
            } else {
                let Some(p) = game.pieces.iter().skip(1).position(|pt| pt.symbol == ch) else {
                    let known: String = game.pieces.iter().skip(1).map(|p| p.symbol).collect();
                    return err(format!(
                        "unknown piece symbol '{ch}' in line {line} (known: {known})"
                    ));
                };
                if i < cells.len() {
                    self.board[cells[i].index()] = PieceId::from_index(p + 1);
                }
                i += 1;
            }
            if i > cells.len() {
                return err(too_many());
            }
        }
        if i != cells.len() {
            return err(format!(
                "line {line} has {i} cells, expected {}",
                cells.len()
            ));
        }
        Ok(())
    }
}

/// Reads counters, `(12)`, after the '(': their number.
fn read_counters(
    game: &Game,
    line: usize,
    chars: &mut std::iter::Peekable<std::str::Chars>,
) -> Result<u16, ParsePositionError> {
    let err = |m: String| Err(ParsePositionError(m));
    let mut n: u32 = 0;
    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
        n = n.saturating_mul(10).saturating_add(d);
        chars.next();
    }
    if chars.next() != Some(')') {
        return err(format!("a count in line {line} has no closing ')'"));
    }
    if !game.has_counters() {
        return err("this game has no counters, so no '(N)'".into());
    }
    if n > u32::from(super::MAX_COUNTERS) {
        return err(format!(
            "{n} counters on one cell (at most {})",
            super::MAX_COUNTERS
        ));
    }
    Ok(n as u16)
}

/// Reads a stack, `(WWB)`, after the '(': its pieces, bottom to top.
fn read_stack(
    game: &Game,
    line: usize,
    chars: &mut std::iter::Peekable<std::str::Chars>,
) -> Result<Vec<PieceId>, ParsePositionError> {
    let mut pieces = Vec::new();
    loop {
        match chars.next() {
            Some(')') => return Ok(pieces),
            Some(c) => match game.pieces.iter().skip(1).position(|pt| pt.symbol == c) {
                Some(p) => pieces.push(PieceId::from_index(p + 1)),
                None => {
                    return Err(ParsePositionError(format!(
                        "unknown piece symbol '{c}' in a stack in line {line}"
                    )))
                }
            },
            None => {
                return Err(ParsePositionError(format!(
                    "a stack in line {line} has no closing ')'"
                )))
            }
        }
    }
}

/// Reads one field after the ply count (`swapped`, `quiet=N`, `roll=N`, `reserve=N,N`,
/// `off=N,N`) into `state`.
fn read_field(game: &Game, state: &mut State, field: &str) -> Result<(), ParsePositionError> {
    let err = |m: String| Err(ParsePositionError(m));
    if field == "swapped" && !state.scalars.swapped {
        state.scalars.swapped = true;
    } else if let Some(n) = field.strip_prefix("quiet=") {
        state.scalars.quiet = counter(n, "number of quiet plies", MAX_PLY)?;
    } else if let Some(n) = field.strip_prefix("roll=") {
        match (n.parse::<u8>(), &game.dice) {
            (Ok(r), Some(d)) if d.outcomes.iter().any(|o| o.0 == r) => state.scalars.roll = r,
            (_, None) => return err("this game has no dice, so no 'roll='".into()),
            _ => return err(format!("'{n}' is not a possible roll")),
        }
    } else if let Some(list) = field.strip_prefix("reserve=") {
        let Some(k) = game.reserve_kind else {
            return err("this game has no reserve, so no 'reserve='".into());
        };
        let counts = game.counts_field(list, field)?;
        for (p, n) in counts.into_iter().enumerate() {
            state.reserve[game.piece_id(k, Some(Player(p as u8))).index()] = n;
        }
    } else if let Some(list) = field.strip_prefix("off=") {
        state.off = game.counts_field(list, field)?;
    } else {
        return err(format!(
            "unexpected '{field}' after the ply count (expected swapped, quiet=N, roll=N, reserve=N,N or off=N,N)"
        ));
    }
    Ok(())
}

/// Why a text is not a position of this game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePositionError(pub String);

impl std::fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad position: {}", self.0)
    }
}

impl std::error::Error for ParsePositionError {}

impl Game {
    /// The position of `state` in position notation.
    pub fn position_to_string(&self, state: &State) -> String {
        let mut out = String::new();
        for (i, line) in self.board.lines.iter().enumerate() {
            if i > 0 {
                out.push('/');
            }
            let mut run = 0;
            for &c in line {
                let p = state.at(c);
                if p == EMPTY {
                    run += 1;
                } else {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    let stack = state.stack_at(c);
                    if p == self.counter_piece && p != EMPTY {
                        // Counters: their number in parentheses, `(12)`.
                        out.push_str(&format!("({})", state.counters_at(c)));
                    } else if stack.len() > 1 {
                        out.push('(');
                        out.extend(stack.iter().map(|&q| self.pieces[q.index()].symbol));
                        out.push(')');
                    } else {
                        out.push(self.pieces[p.index()].symbol);
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
        }
        out.push(' ');
        if self.uses_fen() {
            out.push_str(&self.fen_fields(state));
            return out;
        }
        if self.has_hands() {
            out.push_str(&self.sfen_fields(state));
            return out;
        }
        out.push_str(&self.players[state.to_move().index()]);
        out.push(' ');
        out.push_str(&state.ply().to_string());
        if state.swapped() {
            out.push_str(" swapped");
        }
        if self.progress.is_some() && state.scalars.quiet > 0 {
            out.push_str(&format!(" quiet={}", state.scalars.quiet));
        }
        if let Some(r) = state.roll() {
            out.push_str(&format!(" roll={r}"));
        }
        if let Some(k) = self.reserve_kind {
            let counts: Vec<String> = (0..self.num_players())
                .map(|p| {
                    state
                        .reserve(self.piece_id(k, Some(Player(p as u8))))
                        .to_string()
                })
                .collect();
            out.push_str(&format!(" reserve={}", counts.join(",")));
        }
        if state.off.iter().any(|&n| n > 0) {
            let counts: Vec<String> = state.off.iter().map(u16::to_string).collect();
            out.push_str(&format!(" off={}", counts.join(",")));
        }
        out
    }

    /// Parses `a,b,…`: one count per player.
    fn counts_field(&self, list: &str, field: &str) -> Result<Vec<u16>, ParsePositionError> {
        let counts: Result<Vec<u16>, _> = list.split(',').map(str::parse::<u16>).collect();
        match counts {
            Ok(c) if c.len() == self.num_players() => Ok(c),
            _ => Err(ParsePositionError(format!(
                "'{field}' needs {} whole numbers separated by ',' (one per player)",
                self.num_players()
            ))),
        }
    }

    /// Parses a position in position notation. The player and ply may be left out.
    pub fn parse_position(&self, text: &str) -> Result<State, ParsePositionError> {
        let err = |m: String| Err(ParsePositionError(m));
        let mut fields = text.split_whitespace();
        let Some(cells) = fields.next() else {
            return err("the position is empty".into());
        };
        let lines: Vec<&str> = cells.split('/').collect();
        if lines.len() != self.board.lines.len() {
            return err(format!(
                "expected {} lines separated by '/', found {}",
                self.board.lines.len(),
                lines.len()
            ));
        }
        let mut placed = Placement {
            board: vec![EMPTY; self.board.len()],
            stacks: Vec::new(),
            tallies: Vec::new(),
        };
        for (li, (text, cells)) in lines.iter().zip(&self.board.lines).enumerate() {
            placed.read_line(self, li + 1, text, cells)?;
        }
        let player = match fields.next() {
            None => self.start_player,
            // FEN's side letters name the first and second player, whatever their names.
            Some("w") if self.uses_fen() && self.num_players() == 2 => Player(0),
            Some("b") if self.uses_fen() && self.num_players() == 2 => Player(1),
            Some(name) => match self.player_by_name(name) {
                Some(p) => p,
                None => {
                    return err(format!(
                        "unknown player '{name}' (players: {})",
                        self.players.join(", ")
                    ))
                }
            },
        };
        let mut state = State::new(self, placed.board, player);
        if self.has_hands() {
            let rest: Vec<&str> = fields.collect();
            self.parse_sfen_fields(&mut state, &rest)?;
            self.check_reachable(&state)?;
            return Ok(self.finish_setup(state, player));
        }
        if self.uses_fen() {
            let rest: Vec<&str> = fields.collect();
            self.parse_fen_fields(&mut state, &rest)?;
            self.check_reachable(&state)?;
            return Ok(self.finish_setup(state, player));
        }
        if let Some(ply) = fields.next() {
            state.ply = counter(ply, "ply count", MAX_PLY)?;
        }
        for field in fields {
            read_field(self, &mut state, field)?;
        }
        for (cell, n) in placed.tallies {
            state.tally[cell.index()] = n;
        }
        for (cell, pieces) in placed.stacks {
            if self.board.stack_cap[cell.index()] > 0 {
                state.height[cell.index()] = pieces.len() as u8;
                for (l, &q) in pieces.iter().enumerate() {
                    state.stacks[cell.index() * super::MAX_STACK + l] = q;
                }
            }
        }
        state.rehash(self);
        self.check_reachable(&state)?;
        Ok(self.finish_setup(state, player))
    }

    /// Refuses a position the rules could never reach: a piece where no rule can bring it
    /// ([`Reach`](super::Reach)), a player without a royal piece (when
    /// the start gives them one) or with more than the start gave them, or a royal piece attacked with its enemy to move
    /// (the last move would have left it in check).
    fn check_reachable(&self, state: &State) -> Result<(), ParsePositionError> {
        for (c, &q) in state.board.iter().enumerate() {
            let cell = CellId::new(c as u16);
            if q != EMPTY && !self.reach.may_stand(q, cell) {
                let pt = &self.pieces[q.index()];
                let whose = match pt.owner {
                    Some(p) => format!("{}'s ", self.players[p.index()]),
                    None => String::new(),
                };
                return Err(ParsePositionError(format!(
                    "{whose}{} on {}: no rule can bring it there from where the game starts",
                    self.kinds[pt.kind.index()].name,
                    self.board.cells[c].name
                )));
            }
        }
        let start = self.start();
        let royals = |s: &State, p: Player| -> u32 {
            self.royal[p]
                .iter()
                .map(|&id| u32::from(s.counts[id.index()]))
                .sum()
        };
        for q in 0..self.num_players() {
            let q = Player(q as u8);
            if self.royal[q].is_empty() {
                continue;
            }
            let (have, at_start) = (royals(state, q), royals(&start, q));
            let may = at_start.max(1);
            let name = &self.players[q.index()];
            let what = |id: PieceId| &self.kinds[self.pieces[id.index()].kind.index()].name;
            if have == 0 && at_start > 0 {
                return Err(ParsePositionError(format!(
                    "{name} has no {}: the rules never take it off the board",
                    what(self.royal[q][0])
                )));
            }
            if have > may {
                return Err(ParsePositionError(format!(
                    "{name} has {have} royal pieces ({}), more than the {may} the game starts with",
                    what(self.royal[q][0])
                )));
            }
            if q != state.to_move() && self.in_check(state, q) {
                return Err(ParsePositionError(format!(
                    "{name} is in check with {} to move: no legal move leaves its own {} attacked",
                    self.players[state.to_move().index()],
                    what(self.royal[q][0])
                )));
            }
        }
        // After the royal pieces: their count has its own, plainer message.
        self.reach
            .census()
            .check(self, state)
            .map_err(|e| ParsePositionError(e.to_string()))?;
        Ok(())
    }

    /// Whether positions use FEN's fields (castling rights, en passant, clocks), as chess.
    pub fn uses_fen(&self) -> bool {
        self.fen
            || self.tracks_unmoved
            || self.rules.iter().any(|r| {
                r.parts.iter().any(|p| {
                    matches!(
                        p,
                        Part::Slide(super::prim::slide::Slide { passable: true, .. })
                    )
                })
            })
    }

    /// The castling piece of `p` and, per FEN letter side (`e` for K, `w` for Q), its partner.
    fn castle_cells(&self, s: &State, p: Player, toward: &str) -> Option<(CellId, CellId)> {
        for rule in &self.rules {
            let Some(Part::Castle(super::prim::castle::Castle { with, .. })) = rule.parts.first()
            else {
                continue;
            };
            let d = self.board.dir_by_name(toward)?;
            for &k in &rule.kinds {
                let id = self.piece_id(k, Some(p));
                for c in CellId::upto(self.board.len()) {
                    if s.board[c.index()] != id {
                        continue;
                    }
                    let mut partner = None;
                    let mut x = c;
                    loop {
                        x = self.board.next(x, d);
                        if x == NO_CELL {
                            break;
                        }
                        if with.accepts(&self.board, p, x, s.board[x.index()]) {
                            partner = Some(x);
                        }
                    }
                    if let Some(r) = partner {
                        return Some((c, r));
                    }
                }
            }
        }
        None
    }

    /// FEN's castling, en-passant, half-move and full-move fields.
    fn parse_fen_fields(&self, state: &mut State, rest: &[&str]) -> Result<(), ParsePositionError> {
        let err = |m: String| Err(ParsePositionError(m));
        state.unmoved.iter_mut().for_each(|w| *w = 0);
        let castling = rest.first().copied().unwrap_or("-");
        if castling != "-" {
            for ch in castling.chars() {
                let (p, side) = match ch {
                    'K' => (Player(0), "e"),
                    'Q' => (Player(0), "w"),
                    'k' => (Player(1), "e"),
                    'q' => (Player(1), "w"),
                    _ => {
                        return err(format!(
                            "'{castling}' is not a castling field (K, Q, k, q or -)"
                        ))
                    }
                };
                match self.castle_cells(state, p, side) {
                    Some((king, rook)) => {
                        for c in [king, rook] {
                            state.unmoved[c.index() / 64] |= 1 << (c.index() % 64);
                        }
                    }
                    None => {
                        return err(format!(
                            "castling right '{ch}' but no piece can castle that way"
                        ))
                    }
                }
            }
        }
        match rest.get(1).copied() {
            None | Some("-") => {}
            Some(cell) => {
                let Some(t) = self.board.cell_by_name(cell) else {
                    return err(format!("'{cell}' is not an en-passant cell"));
                };
                // The pawn that passed `t` stands one step beyond it along its own passable
                // slide (for a pawn of the side that moved last, `t` plus that side's forward):
                // not any enemy pawn next to `t` (e7 is next to d6 too).
                let mover = state.to_move();
                let victim = self.rules.iter().find_map(|r| {
                    let Some(Part::Slide(super::prim::slide::Slide {
                        dirs,
                        passable: true,
                        ..
                    })) = r.parts.first()
                    else {
                        return None;
                    };
                    (0..self.num_players() as u8)
                        .map(Player)
                        .filter(|&o| o != mover)
                        .flat_map(|o| dirs[o].iter().map(move |&d| (o, d)))
                        .map(|(o, d)| (o, self.board.next(t, d)))
                        .find(|&(o, c)| {
                            c != NO_CELL
                                && self.owner(state.board[c.index()]) == Some(o)
                                && r.kinds
                                    .contains(&self.pieces[state.board[c.index()].index()].kind)
                        })
                        .map(|(_, c)| c)
                });
                match victim {
                    // A cell no enemy piece could take on is no part of the position.
                    Some(v)
                        if self.owner(state.board[v.index()]).is_some_and(|passer| {
                            self.en_passant_takeable(&state.board, t, passer)
                        }) =>
                    {
                        state.scalars.ep = super::state::EnPassant {
                            target: t,
                            victim: v,
                        };
                    }
                    Some(_) => {}
                    None => {
                        return err(format!(
                            "en-passant cell {cell} has no pawn that just passed it"
                        ))
                    }
                }
            }
        }
        if let Some(h) = rest.get(2) {
            state.scalars.quiet = counter(h, "half-move clock", MAX_PLY)?;
        }
        if let Some(f) = rest.get(3) {
            let full = counter(f, "move number", MAX_PLY / 2)?;
            state.ply = full.saturating_sub(1) * 2 + u32::from(state.to_move().0 == 1);
        }
        if let Some(extra) = rest.get(4) {
            return err(format!("unexpected '{extra}' after the FEN fields"));
        }
        state.rehash(self);
        Ok(())
    }

    /// FEN's trailing fields for `state`.
    fn fen_fields(&self, state: &State) -> String {
        // FEN's letters: w for the first player, b for the second, whatever their names
        // (xiangqi's Red writes w).
        let side = if state.to_move().0 == 0 { 'w' } else { 'b' };
        let mut castling = String::new();
        for (p, letters) in [(Player(0), ['K', 'Q']), (Player(1), ['k', 'q'])] {
            for (side, letter) in ["e", "w"].iter().zip(letters) {
                if let Some((king, rook)) = self.castle_cells(state, p, side) {
                    if state.is_unmoved(king) && state.is_unmoved(rook) {
                        castling.push(letter);
                    }
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let ep = state.en_passant().map_or("-".to_string(), |c| {
            self.board.cells[c.index()].name.clone()
        });
        format!(
            "{side} {castling} {ep} {} {}",
            state.scalars.quiet,
            state.ply / 2 + 1
        )
    }

    /// Tests whether a set-up position is already decided.
    fn finish_setup(&self, mut state: State, player: Player) -> State {
        // A set-up position may already be decided: test the ends as if every cell had just
        // changed from the start position, for the player who moved last first. Against the
        // start, a piece missing from the whole board counts as taken, so `captured(k)` holds
        // when an opponent's k that the start gives them is gone (Intellector without Black's
        // intellector is a finished game, not a live one).
        state.log = CellId::upto(self.board.len())
            .map(|cell| Change {
                cell,
                old: self.start_board.get(cell.index()).copied().unwrap_or(EMPTY),
            })
            .collect();
        // Then as if each other player had moved last: a game decided by someone's move is
        // over whoever the text says is to move (as a tic-tac-toe board with three in a row
        // is), so endings that hold only for the mover (`captured`) are asked for each.
        let n = self.num_players();
        for back in 1..=n {
            let last = Player(((player.0 as usize + n - back) % n) as u8);
            if let Some((o, i)) = self.check_ends(&mut state, last, 0) {
                state.scalars.result = Some(o);
                state.scalars.end_rule = i;
                break;
            }
        }
        state.log.clear();
        state
    }
}

impl Game {
    /// The fields after the cells in games with hands, as SFEN writes them: the side to move
    /// as a lowercase first letter, the hands ([`Game::hand_field`]) and the move number
    /// (the ply plus one): `b - 1`.
    fn sfen_fields(&self, state: &State) -> String {
        let side = self.players[state.to_move().index()]
            .chars()
            .next()
            .map_or('?', |c| c.to_ascii_lowercase());
        format!("{side} {} {}", self.hand_field(state), state.ply() + 1)
    }

    /// Reads the fields after the side to move in games with hands: the hands and the move
    /// number, both optional.
    fn parse_sfen_fields(
        &self,
        state: &mut State,
        rest: &[&str],
    ) -> Result<(), ParsePositionError> {
        if let Some(h) = rest.first() {
            self.parse_hand_field(state, h)
                .map_err(ParsePositionError)?;
        }
        if let Some(n) = rest.get(1) {
            let n = counter(n, "move number", MAX_PLY)?;
            if n == 0 {
                return Err(ParsePositionError("the move number starts at 1".into()));
            }
            state.ply = n - 1;
        }
        if rest.len() > 2 {
            return Err(ParsePositionError(format!(
                "unexpected '{}' after the move number (a position with hands is: cells, side to move, hands or '-', move number)",
                rest[2]
            )));
        }
        state.rehash(self);
        Ok(())
    }
}
