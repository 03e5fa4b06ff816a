//! The GTP engine: each [`Command`] answered by driving the [`Session`] through its typed
//! calls. No rules, move parsing or board reading of its own: a vertex becomes a cell name
//! through the board's geometry ([`super::vertex`]), and the session parses, checks and
//! plays it.

use crate::engine::{ForbidKind, Outcome, Player, Refusal};
use crate::session::{AiTurn, Event, Session, SessionError};
use crate::ui::render::{draw, Style};

use super::command::{Color, Command, COMMANDS};
use super::vertex;

/// The engine's name, answered to `name`.
pub const NAME: &str = "tabletop";

/// What a command answered: the response text, or the error message (without `? `).
pub type Reply = Result<String, String>;

/// A session driven by GTP commands.
pub struct Engine {
    session: Session,
    /// Whether `genmove` may answer `resign` for a game its search judged lost.
    pub resigns: bool,
}

impl Engine {
    /// An engine over `session`, whose seats should all be AI players (their level is the
    /// strength of `genmove`).
    pub fn new(session: Session) -> Engine {
        Engine {
            session,
            resigns: true,
        }
    }

    /// The session, for looking at the game.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Answers one command. An error changes nothing.
    pub fn handle(&mut self, command: &Command) -> Reply {
        match command {
            Command::ProtocolVersion => Ok("2".into()),
            Command::Name => Ok(NAME.into()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            Command::KnownCommand(name) => Ok(COMMANDS.contains(&name.as_str()).to_string()),
            Command::ListCommands => Ok(COMMANDS.join("\n")),
            Command::BoardSize(n) => self.board_size(*n),
            Command::ClearBoard => {
                self.session.new_game();
                Ok(String::new())
            }
            Command::Komi(k) => self.komi(k),
            Command::Play(color, v) => self.play(*color, v),
            Command::GenMove(color) => self.genmove(*color),
            Command::Undo => self
                .session
                .undo_one()
                .map(|_| String::new())
                .map_err(|_| "cannot undo".to_string()),
            Command::ShowBoard => Ok(self.show_board()),
            Command::FinalScore => self.final_score(),
            Command::LoadSgf(file, until) => self.load_sgf(file, *until),
            Command::PrintSgf(file) => self.print_sgf(file.as_deref()),
            Command::Quit => Ok(String::new()),
        }
    }

    fn has_option(&self, name: &str) -> bool {
        self.session.game().options.iter().any(|(n, _)| n == name)
    }

    /// `boardsize`: the game's `size` option, recompiled with an empty board.
    fn board_size(&mut self, n: u32) -> Reply {
        let unacceptable = || "unacceptable size".to_string();
        if !self.has_option("size") || !(1..=vertex::MAX_SIZE).contains(&n) {
            return Err(unacceptable());
        }
        self.session
            .set_option("size", &n.to_string(), false)
            .map(|_| String::new())
            .map_err(|_| unacceptable())
    }

    /// `komi`: the game's `komi` option, keeping the moves played. A game without komi
    /// accepts and ignores it, as GTP asks of engines that do not use it.
    fn komi(&mut self, k: &str) -> Reply {
        if !self.has_option("komi") {
            return Ok(String::new());
        }
        self.session
            .set_option("komi", k, true)
            .map(|_| String::new())
            .map_err(|e| format!("unacceptable komi ({e})"))
    }

    /// The player a GTP color stands for: the one named Black or White, else (in a game of
    /// two with other names) the first or second player.
    fn player(&self, color: Color) -> Result<Player, String> {
        let game = self.session.game();
        let (name, index) = match color {
            Color::Black => ("black", 0),
            Color::White => ("white", 1),
        };
        if let Some(i) = game
            .players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
        {
            return Ok(Player(i as u8));
        }
        if game.num_players() == 2 {
            return Ok(Player(index));
        }
        Err(format!("{} has no player for {name}", game.name))
    }

    /// The player of `color`, who must be the one to move: the rule files fix the turn
    /// order, so a player cannot move twice in a row.
    fn mover(&self, color: Color) -> Result<Player, String> {
        let p = self.player(color)?;
        if self.session.is_over() {
            return Err("illegal move: the game is over".into());
        }
        let to_move = self.session.state().to_move();
        if p != to_move {
            let names = &self.session.game().players;
            return Err(format!(
                "not {}'s turn: {} is to move",
                names[p.index()],
                names[to_move.index()]
            ));
        }
        Ok(p)
    }

    fn play(&mut self, color: Color, v: &str) -> Reply {
        self.mover(color)?;
        let board = &self.session.game().board;
        let text = match vertex::cell(board, v) {
            Some(c) => board.cells[c.index()].name.clone(),
            // A word (`pass`, `swap`) is a move's own notation.
            None if v.chars().all(|c| c.is_ascii_alphabetic() || c == '-') => v.to_string(),
            None => return Err(format!("illegal move: '{v}' is not a vertex of this board")),
        };
        let mv = self
            .session
            .parse_move(&text)
            .map_err(|e| format!("illegal move: {}", reason(&e)))?;
        self.session
            .play(mv)
            .map(|_| String::new())
            .map_err(|e| format!("illegal move: {}", reason(&e)))
    }

    fn genmove(&mut self, color: Color) -> Reply {
        let p = self.mover(color)?;
        let events = match self.session.play_ai_or_resign(self.resigns) {
            Some(AiTurn::Played(events)) => events,
            // No move (the game is over), or a game the search judged lost.
            None | Some(AiTurn::Resigns(_)) => return Ok("resign".into()),
        };
        let text = events
            .iter()
            .find_map(|e| match e {
                Event::Played { played, .. } if played.player == p => Some(played.text.clone()),
                _ => None,
            })
            .unwrap_or_else(|| "pass".into());
        let board = &self.session.game().board;
        Ok(match board.cell_by_name(&text) {
            Some(c) => vertex::vertex(board, c),
            None => text,
        })
    }

    /// `loadsgf`: the main line of an SGF file, up to (not including) move `until`; the
    /// file names its game, which replaces this one.
    fn load_sgf(&mut self, file: &str, until: Option<usize>) -> Reply {
        let path = std::path::Path::new(file);
        let text = crate::tools::files::read_text(path).map_err(|e| format!("cannot load: {e}"))?;
        // The SGF's game is a shipped one or this engine's own rule file, never a file it names.
        let (own, _) = self.session.game_ref();
        let mut sgf = crate::io::sgf::parse_sgf_with(&text, Some(own))
            .map_err(|e| format!("cannot load: {e}"))?;
        if let Some(n) = until {
            sgf.record.moves.truncate(n - 1);
        }
        self.session
            .load_record(&sgf.record)
            .map(|_| String::new())
            .map_err(|e| format!("cannot load: {}", reason(&e)))
    }

    /// `printsgf`: the game as SGF, written to `file` or answered.
    fn print_sgf(&self, file: Option<&str>) -> Reply {
        let text = crate::io::sgf::write_sgf(self.session.game(), &self.session.record())?;
        match file {
            Some(f) => crate::io::record::write_atomic(std::path::Path::new(f), &text)
                .map(|_| String::new())
                .map_err(|e| format!("cannot write {f}: {e}")),
            None => Ok(text.trim_end().to_string()),
        }
    }

    fn show_board(&self) -> String {
        let s = &self.session;
        let mut text = draw(s.game(), s.state(), &Style::default());
        let status = match s.game().outcome(s.state()) {
            Some(o) => format!("game over: {}", o.describe(s.game())),
            None => format!("{} to move", s.game().players[s.state().to_move().index()]),
        };
        text.push_str(&status);
        // A blank line would end the response early.
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        format!("\n{}", lines.join("\n"))
    }

    /// `final_score`: the area score the rules count now (Go), else the result of a
    /// finished game (`B+` or `W+` with no points, `0` for a draw).
    fn final_score(&self) -> Reply {
        let black = self.player(Color::Black)?;
        let white = self.player(Color::White)?;
        if let Some(score) = self.session.area_score() {
            let diff = score.points[black.index()] - score.points[white.index()];
            return Ok(match diff {
                0 => "0".into(),
                d if d > 0 => format!("B+{}", score.text(d)),
                d => format!("W+{}", score.text(-d)),
            });
        }
        let winner = match self.session.game().outcome(self.session.state()) {
            None => return Err("cannot score: the game is not over".into()),
            Some(Outcome::Draw) => return Ok("0".into()),
            Some(Outcome::Win(p)) => p,
            Some(Outcome::Loss(p)) if p == black => white,
            Some(Outcome::Loss(_)) => black,
        };
        Ok(if winner == black { "B+" } else { "W+" }.into())
    }
}

/// Why the session refused a move, after GTP's `illegal move` (the GTP 2 error for `play`),
/// in a Go player's words where there are some: an occupied point, suicide, ko.
fn reason(e: &SessionError) -> String {
    let refusal = match e {
        SessionError::Refused(e) => &e.refusal,
        SessionError::GameOver => return "the game is over".into(),
        e => return e.to_string().replace('\n', " "),
    };
    match &**refusal {
        Refusal::CellTaken { cell, .. } => format!("{cell} is occupied"),
        Refusal::Forbidden {
            rule: ForbidKind::Suicide,
            ..
        } => "suicide".into(),
        Refusal::Forbidden {
            rule: ForbidKind::Repetition { name, .. },
            ..
        } => name.clone(),
        // The controller sent a vertex or a word: there is no more to say than that it is
        // no legal move.
        Refusal::NoSuchMove { .. } | Refusal::Illegal { .. } => "not a legal move here".into(),
        r => r.to_string(),
    }
}
