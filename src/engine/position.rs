//! Position notation: `<cells> <player to move> [<ply>] [swapped] [quiet=N] [roll=N]
//! [reserve=N,N] [off=N,N]`. A stack is written bottom to top in parentheses: `(WWB)`.
//!
//! Cells are written line by line in [`super::Board::lines`] order, lines joined by `/`;
//! each piece is its symbol, a run of empty cells is its length in digits (FEN style):
//! `3/1X1/3 O 1` is tic-tac-toe after X took the centre.

use super::state::Change;
use super::{Game, Player, State, EMPTY};

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
                    if stack.len() > 1 {
                        out.push('(');
                        out.extend(stack.iter().map(|&q| self.pieces[q as usize].symbol));
                        out.push(')');
                    } else {
                        out.push(self.pieces[p as usize].symbol);
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
        }
        out.push(' ');
        out.push_str(&self.players[state.to_move().index()]);
        out.push(' ');
        out.push_str(&state.ply().to_string());
        if state.swapped() {
            out.push_str(" swapped");
        }
        if self.progress.is_some() && state.quiet > 0 {
            out.push_str(&format!(" quiet={}", state.quiet));
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
        let mut board = vec![EMPTY; self.board.len()];
        let mut stacks: Vec<(u16, Vec<u8>)> = Vec::new();
        for (li, (text, cells)) in lines.iter().zip(&self.board.lines).enumerate() {
            let mut i = 0;
            let mut chars = text.chars().peekable();
            while let Some(ch) = chars.next() {
                if ch.is_ascii_digit() {
                    let mut n = ch.to_digit(10).unwrap_or(0) as usize;
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n * 10 + d as usize;
                        chars.next();
                    }
                    i += n;
                } else if ch == '(' {
                    let mut pieces = Vec::new();
                    loop {
                        match chars.next() {
                            Some(')') => break,
                            Some(c) => {
                                match self.pieces.iter().skip(1).position(|pt| pt.symbol == c) {
                                    Some(p) => pieces.push((p + 1) as u8),
                                    None => {
                                        return err(format!(
                                            "unknown piece symbol '{c}' in a stack in line {}",
                                            li + 1
                                        ))
                                    }
                                }
                            }
                            None => {
                                return err(format!(
                                    "a stack in line {} has no closing ')'",
                                    li + 1
                                ))
                            }
                        }
                    }
                    let Some(&cell) = cells.get(i) else {
                        return err(format!(
                            "line {} has more than {} cells",
                            li + 1,
                            cells.len()
                        ));
                    };
                    let cap = self.board.stack_cap[cell as usize] as usize;
                    if pieces.len() > 1 && pieces.len() > cap {
                        return err(format!(
                            "cell {} holds at most {} piece(s), the position puts {} there",
                            self.board.cells[cell as usize].name,
                            cap.max(1),
                            pieces.len()
                        ));
                    }
                    if let Some(&top) = pieces.last() {
                        board[cell as usize] = top;
                        stacks.push((cell, pieces));
                    }
                    i += 1;
                } else {
                    let Some(p) = self.pieces.iter().skip(1).position(|pt| pt.symbol == ch) else {
                        let known: String = self.pieces.iter().skip(1).map(|p| p.symbol).collect();
                        return err(format!(
                            "unknown piece symbol '{ch}' in line {} (known: {known})",
                            li + 1
                        ));
                    };
                    if i < cells.len() {
                        board[cells[i] as usize] = (p + 1) as u8;
                    }
                    i += 1;
                }
                if i > cells.len() {
                    return err(format!(
                        "line {} has more than {} cells",
                        li + 1,
                        cells.len()
                    ));
                }
            }
            if i != cells.len() {
                return err(format!(
                    "line {} has {} cells, expected {}",
                    li + 1,
                    i,
                    cells.len()
                ));
            }
        }
        let player = match fields.next() {
            None => self.start_player,
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
        let mut state = State::new(self, board, player);
        if let Some(ply) = fields.next() {
            match ply.parse::<u32>() {
                Ok(n) => state.ply = n,
                Err(_) => return err(format!("'{ply}' is not a ply count")),
            }
        }
        for field in fields {
            if field == "swapped" && !state.swapped {
                state.swapped = true;
                state.hash ^= self.zobrist.swapped;
            } else if let Some(n) = field.strip_prefix("quiet=") {
                match n.parse::<u32>() {
                    Ok(n) => state.quiet = n,
                    Err(_) => return err(format!("'{n}' is not a number of plies in '{field}'")),
                }
            } else if let Some(n) = field.strip_prefix("roll=") {
                match (n.parse::<u8>(), &self.dice) {
                    (Ok(r), Some(d)) if d.outcomes.iter().any(|o| o.0 == r) => state.roll = r,
                    (_, None) => return err("this game has no dice, so no 'roll='".into()),
                    _ => return err(format!("'{n}' is not a possible roll")),
                }
            } else if let Some(list) = field.strip_prefix("reserve=") {
                let Some(k) = self.reserve_kind else {
                    return err("this game has no reserve, so no 'reserve='".into());
                };
                let counts = self.counts_field(list, field)?;
                for (p, n) in counts.into_iter().enumerate() {
                    state.reserve[self.piece_id(k, Some(Player(p as u8))) as usize] = n;
                }
            } else if let Some(list) = field.strip_prefix("off=") {
                state.off = self.counts_field(list, field)?;
            } else {
                return err(format!(
                    "unexpected '{field}' after the ply count (expected swapped, quiet=N, roll=N, reserve=N,N or off=N,N)"
                ));
            }
        }
        for (cell, pieces) in stacks {
            if self.board.stack_cap[cell as usize] > 0 {
                state.height[cell as usize] = pieces.len() as u8;
                for (l, &q) in pieces.iter().enumerate() {
                    state.stacks[cell as usize * super::MAX_STACK + l] = q;
                }
            }
        }
        state.hash = self.hash_from_scratch(&state);
        // A set-up position may already be decided: test the ends as if every cell had just
        // changed, for the player who moved last first.
        state.log = (0..self.board.len() as u16)
            .map(|cell| Change { cell, old: EMPTY })
            .collect();
        let last =
            Player(((player.0 as usize + self.num_players() - 1) % self.num_players()) as u8);
        state.result = self.check_ends(&mut state, last, 0);
        state.log.clear();
        Ok(state)
    }
}
