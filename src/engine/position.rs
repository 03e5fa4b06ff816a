//! Position notation: `<cells> <player to move> [<ply>] [swapped] [quiet=N]`.
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
                    out.push(self.pieces[p as usize].symbol);
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
        out
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
            } else {
                return err(format!(
                    "unexpected '{field}' after the ply count (expected 'swapped' or 'quiet=N')"
                ));
            }
        }
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
