//! The GTP engine: each [`Command`] answered by driving the [`Session`] through its typed
//! calls. No rules, move parsing or board reading of its own: a vertex becomes a cell name
//! through the board's geometry ([`super::vertex`]), and the session parses, checks and
//! plays it.

use crate::engine::{BoardShape, CellId, ForbidKind, Outcome, Player, Refusal, EMPTY};
use crate::session::{AiTurn, Event, Session, SessionError};
use crate::ui::render::{draw, Style};

use super::command::{Color, Command, Status, COMMANDS};
use super::vertex;

/// The engine's name, answered to `name`.
pub const NAME: &str = "tabletop";

/// What a command answered: the response text, or the error message (without `? `).
pub type Reply = Result<String, String>;

/// The clock the controller set (`time_settings`) and last reported (`time_left`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Main time, seconds.
    pub main: u32,
    /// Byo-yomi period, seconds (0: none).
    pub byo_yomi: u32,
    /// Stones to play in each byo-yomi period (0 with a byo-yomi time: no time limit).
    pub stones: u32,
    /// Seconds and stones left for Black and White (`time_left`), once reported.
    pub left: [Option<(u32, u32)>; 2],
}

/// A session driven by GTP commands.
pub struct Engine {
    session: Session,
    /// Whether `genmove` may answer `resign` for a game its search judged lost.
    pub resigns: bool,
    /// The time settings, kept for the controller's sake: the level sets the search's
    /// budget.
    pub clock: Clock,
}

impl Engine {
    /// An engine over `session`, whose seats should all be AI players (their level is the
    /// strength of `genmove`).
    pub fn new(session: Session) -> Engine {
        Engine {
            session,
            resigns: true,
            clock: Clock::default(),
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
            Command::ClearBoard => self.clear_board(),
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
            Command::FixedHandicap(n) => self.fixed_handicap(*n),
            Command::PlaceFreeHandicap(n) => self.place_free_handicap(*n),
            Command::SetFreeHandicap(vs) => self.set_free_handicap(vs),
            Command::FinalStatusList(status) => self.final_status_list(*status),
            Command::TimeSettings(main, byo_yomi, stones) => {
                self.clock = Clock {
                    main: *main,
                    byo_yomi: *byo_yomi,
                    stones: *stones,
                    left: [None; 2],
                };
                Ok(String::new())
            }
            Command::TimeLeft(color, time, stones) => {
                let i = usize::from(*color == Color::White);
                self.clock.left[i] = Some((*time, *stones));
                Ok(String::new())
            }
            Command::GenMoveCleanup(color) => self.genmove_cleanup(*color),
            Command::Quit => Ok(String::new()),
        }
    }

    /// `clear_board`: the game's empty board, whatever `loadsgf` or a handicap set up.
    fn clear_board(&mut self) -> Reply {
        self.session
            .set_position(None, &[])
            .map(|_| String::new())
            .map_err(|e| format!("cannot clear the board: {}", reason(&e)))
    }

    fn has_option(&self, name: &str) -> bool {
        self.session.game().options().iter().any(|(n, _)| n == name)
    }

    /// `boardsize`: the game's `size` option, recompiled with an empty board.
    fn board_size(&mut self, n: u32) -> Reply {
        let unacceptable = || "unacceptable size".to_string();
        if !self.has_option("size") || !(1..=vertex::MAX_SIZE).contains(&n) {
            return Err(unacceptable());
        }
        // The loaded game's start position and moves belong to its own size: a new size
        // starts from the new board's empty start.
        let mut rec = self.session.record();
        rec.options.retain(|(name, _)| name != "size");
        rec.options.push(("size".into(), n.to_string()));
        rec.position = None;
        rec.moves.clear();
        self.session
            .load_record(&rec)
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
        Err(format!("{} has no player for {name}", game.name()))
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
            let names = &self.session.game().players();
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
        let board = &self.session.game().board();
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
        let board = &self.session.game().board();
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
            None => format!(
                "{} to move",
                s.game().players()[s.state().to_move().index()]
            ),
        };
        text.push_str(&status);
        // A blank line would end the response early.
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        format!("\n{}", lines.join("\n"))
    }

    /// `final_score`: the area score of the board without the dead stones (Go), else the
    /// result of a finished game (`B+` or `W+` with no points, `0` for a draw).
    fn final_score(&self) -> Reply {
        let black = self.player(Color::Black)?;
        let white = self.player(Color::White)?;
        let (game, state) = (self.session.game(), self.session.state());
        if let Some(dead) = crate::ai::dead_cells(game, state, crate::ai::DEAD_ESTIMATE_SEED) {
            let counted = crate::ai::without_pieces(game, state, &dead);
            if let Some(score) = game.area_score(&counted) {
                let diff = score.points[black.index()] - score.points[white.index()];
                return Ok(match diff {
                    0 => "0".into(),
                    d if d > 0 => format!("B+{}", score.text(d)),
                    d => format!("W+{}", score.text(-d)),
                });
            }
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

    /// `final_status_list`: the stones the dead-stone estimate reads as dead, or the other
    /// stones (alive); seki is not told apart (its stones count as alive), so the seki list
    /// is empty.
    fn final_status_list(&self, status: Status) -> Reply {
        let (game, state) = (self.session.game(), self.session.state());
        let dead = crate::ai::dead_cells(game, state, crate::ai::DEAD_ESTIMATE_SEED)
            .ok_or_else(|| format!("{} counts no dead stones", game.name()))?;
        let cells: Vec<CellId> = match status {
            Status::Dead => dead,
            Status::Seki => Vec::new(),
            Status::Alive => CellId::upto(game.board().len())
                .filter(|c| state.at(*c) != EMPTY && !dead.contains(c))
                .collect(),
        };
        let names: Vec<String> = cells
            .iter()
            .map(|&c| vertex::vertex(game.board(), c))
            .collect();
        Ok(names.join(" "))
    }

    /// `kgs-genmove_cleanup`: `genmove`, except that instead of passing while the
    /// opponent has stones the estimate reads as dead, it plays next to one of them (the
    /// cleanup phase after a disputed end, where dead stones must be taken off).
    fn genmove_cleanup(&mut self, color: Color) -> Reply {
        let me = self.mover(color)?;
        let answer = self.genmove(color)?;
        if !answer.eq_ignore_ascii_case("pass") {
            return Ok(answer);
        }
        let (game, state) = (self.session.game(), self.session.state());
        let dead =
            crate::ai::dead_cells(game, state, crate::ai::DEAD_ESTIMATE_SEED).unwrap_or_default();
        let board = &game.board();
        let targets: Vec<CellId> = dead
            .into_iter()
            .filter(|&c| game.owner(state.at(c)).is_some_and(|o| o != me))
            .collect();
        let liberties: Vec<String> = CellId::upto(board.len())
            .filter(|&c| state.at(c) == EMPTY)
            .filter(|&c| {
                let a = &board.cells[c.index()];
                targets.iter().any(|&t| {
                    let b = &board.cells[t.index()];
                    (a.col - b.col).abs() + (a.row - b.row).abs() == 1
                })
            })
            .map(|c| board.cells[c.index()].name.clone())
            .collect();
        if liberties.is_empty() {
            return Ok(answer);
        }
        // Take the pass back and play the first liberty the rules allow.
        if self.session.undo_one().is_err() {
            return Ok(answer);
        }
        for name in &liberties {
            let Ok(mv) = self.session.parse_move(name) else {
                continue;
            };
            if self.session.play(mv).is_ok() {
                let board = &self.session.game().board();
                return Ok(board
                    .cell_by_name(name)
                    .map_or_else(|| name.clone(), |c| vertex::vertex(board, c)));
            }
        }
        self.play(color, "pass").map(|_| answer)
    }

    /// Whether the board is empty and nothing played: handicap stones go on such a board.
    fn empty_board(&self) -> Result<(), String> {
        let state = self.session.state();
        let empty = self.session.history().is_empty()
            && CellId::upto(self.session.game().board().len()).all(|c| state.at(c) == EMPTY);
        if empty {
            Ok(())
        } else {
            Err("board not empty".into())
        }
    }

    /// The board's side, for a square board with the GTP vertices.
    fn square_size(&self) -> Result<u32, String> {
        match self.session.game().board().shape {
            BoardShape::Square { width, height } if width == height => Ok(u32::from(width)),
            _ => Err("handicap stones go on a square board".into()),
        }
    }

    /// `fixed_handicap`: the specification's points for this board.
    fn fixed_handicap(&mut self, n: u32) -> Reply {
        let size = self.square_size()?;
        self.empty_board()?;
        let points = super::handicap::fixed(size, n).ok_or("invalid number of stones")?;
        self.place_handicap(&points)
    }

    /// `place_free_handicap`: the engine's points.
    fn place_free_handicap(&mut self, n: u32) -> Reply {
        let size = self.square_size()?;
        self.empty_board()?;
        let points = super::handicap::free(size, n).ok_or("invalid number of stones")?;
        self.place_handicap(&points)
    }

    /// `set_free_handicap`: the controller's points, at least two, each a vertex once.
    fn set_free_handicap(&mut self, vertices: &[String]) -> Reply {
        self.square_size()?;
        self.empty_board()?;
        let board = &self.session.game().board();
        let mut points = Vec::new();
        for v in vertices {
            let c = vertex::cell(board, v).ok_or_else(|| format!("invalid vertex '{v}'"))?;
            let cell = &board.cells[c.index()];
            if points.contains(&(cell.col, cell.row)) {
                return Err(format!("{v} is given twice"));
            }
            points.push((cell.col, cell.row));
        }
        if points.len() < 2 || points.len() >= board.len() {
            return Err("invalid number of stones".into());
        }
        self.place_handicap(&points).map(|_| String::new())
    }

    /// Starts the game from Black's stones on `points` (columns and rows from the lower
    /// left) with White to move; answers the points' vertices.
    fn place_handicap(&mut self, points: &[(i32, i32)]) -> Reply {
        let black = self.player(Color::Black)?;
        let white = self.player(Color::White)?;
        let game = self.session.game();
        let stone = (1..game.pieces().len())
            .find(|&i| game.owner(crate::engine::PieceId::from_index(i)) == Some(black))
            .map(|i| game.pieces()[i].symbol)
            .ok_or("Black has no stone to place")?;
        let mut cells = Vec::new();
        let mut text = String::new();
        for (i, line) in game.board().lines.iter().enumerate() {
            if i > 0 {
                text.push('/');
            }
            let mut run = 0;
            for &c in line {
                let cell = &game.board().cells[c.index()];
                if points.contains(&(cell.col, cell.row)) {
                    if run > 0 {
                        text.push_str(&run.to_string());
                        run = 0;
                    }
                    text.push(stone);
                    cells.push(c);
                } else {
                    run += 1;
                }
            }
            if run > 0 {
                text.push_str(&run.to_string());
            }
        }
        if cells.len() != points.len() {
            return Err("a handicap point is off the board".into());
        }
        let position = format!("{text} {}", game.players()[white.index()]);
        let answer = points
            .iter()
            .filter_map(|&(col, row)| {
                game.board()
                    .cells
                    .iter()
                    .position(|c| c.col == col && c.row == row)
                    .map(|i| vertex::vertex(game.board(), CellId::from_index(i)))
            })
            .collect::<Vec<_>>()
            .join(" ");
        self.session
            .set_position(Some(&position), &[])
            .map(|_| answer)
            .map_err(|e| format!("cannot place the handicap: {}", reason(&e)))
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
