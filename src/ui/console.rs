//! The line mode's view of a [`Session`]: one typed line in ([`Command`]), text out
//! ([`Response`]), with the board drawn as text, the last move and any shown targets marked,
//! and the status lines. The rules, move parsing and game state are the session's; this
//! module only words them.

use std::path::Path;

use crate::engine::ending::describe_end;
use crate::engine::{CellId, Move, ParseMoveError, Player, Refusal};
use crate::ui::render::{draw, player_name, Mark, Style};

use super::command::{Command, COMMANDS};
use crate::session::model::{Event, Session, SessionError};
use crate::session::seat::{AiSettings, Seat};

/// More legal moves than this are cut short by `moves` (Nex has 28,000 at the start).
const LONG_LIST: usize = 300;
/// How many of a long list `moves` shows.
const SHOWN: usize = 60;
/// Moves of the line `analyse` shows.
const ANALYSIS_PLIES: usize = 8;
/// Scored moves `analyse all` lists before "… and N more".
const ANALYSIS_LIST: usize = 40;

/// A session error in the line mode's words: a move no legal move is written as points to
/// the `moves` command.
pub fn in_line_terms(e: &SessionError) -> String {
    if let SessionError::Refused(ParseMoveError { input, refusal }) = e {
        if let Refusal::NoSuchMove { legal } = **refusal {
            return format!(
                "'{}' is not a legal move here ({legal} legal moves; type 'moves' to list them)",
                crate::lang::diag::bounded(input)
            );
        }
    }
    e.to_string()
}

/// What a command produced, for the front-end to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Response {
    /// Text to print (may be empty); ends without a newline.
    pub text: String,
    /// Whether the board should be drawn again after the text.
    pub redraw: bool,
    /// Whether the session should end.
    pub quit: bool,
}

impl Response {
    fn say(text: impl Into<String>) -> Response {
        Response {
            text: text.into(),
            ..Response::default()
        }
    }

    fn redraw(text: impl Into<String>) -> Response {
        Response {
            text: text.into(),
            redraw: true,
            quit: false,
        }
    }
}

/// The line mode over one session: the session, whether to colour, and the cells a `moves`
/// command marked.
pub struct Console {
    s: Session,
    color: bool,
    shown: Vec<(CellId, Mark)>,
}

impl Console {
    /// The line mode over `session`, without colours.
    pub fn new(session: Session) -> Console {
        Console {
            s: session,
            color: false,
            shown: Vec::new(),
        }
    }

    /// The session.
    pub fn session(&self) -> &Session {
        &self.s
    }

    /// Turns ANSI colours on or off in [`Console::screen`].
    pub fn set_color(&mut self, on: bool) {
        self.color = on;
    }

    fn name(&self, p: Player) -> String {
        player_name(self.s.game(), p, self.color)
    }

    /// The first lines: title and who plays each seat, then what a newcomer needs to read
    /// the board ([`crate::ui::legend`]).
    pub fn intro(&self) -> String {
        let seats: Vec<String> = (0..self.s.game().num_players())
            .map(|i| {
                let p = Player(i as u8);
                format!("{} ({})", self.name(p), self.s.seat(p))
            })
            .collect();
        let mut intro = format!("{}: {}", self.s.game().title(), seats.join(" vs "));
        for note in crate::ui::legend::notes(self.s.game(), true) {
            intro.push_str("\n  ");
            intro.push_str(&crate::lang::diag::bounded(&note));
        }
        intro
    }

    /// What Tab completes to in the line editor: the command words and each legal move as
    /// the game writes it and in the compact form.
    pub fn completion_words(&self) -> Vec<String> {
        let mut words: Vec<String> = super::command::COMMANDS
            .iter()
            .filter_map(|(usage, _)| usage.split_whitespace().next())
            .filter(|w| !w.starts_with('<'))
            .map(str::to_string)
            .collect();
        for (written, compact) in self.s.move_texts() {
            if compact != written {
                words.push(compact);
            }
            words.push(written);
        }
        words
    }

    /// An example of a legal move, for the first prompt.
    pub fn example_move(&self) -> Option<String> {
        let moves = self.s.legal_moves();
        let mv = moves.get(moves.len() / 2)?;
        Some(self.s.game().move_to_string(self.s.state(), *mv))
    }

    /// The board with the last move and any shown targets marked, then the status lines.
    pub fn screen(&self) -> String {
        let mut marks = Vec::new();
        // In a game with dice, the last move chosen (not the rolls since).
        let last = if self.s.game().dice().is_some() {
            self.s
                .history()
                .iter()
                .rev()
                .find(|p| !self.s.automatic(&p.mv))
                .map(|p| p.mv)
        } else {
            self.s.game().last_move(self.s.state())
        };
        if let Some(mv) = last {
            let n = self.s.game().board().len();
            marks.extend(
                mv.cells()
                    .iter()
                    .filter(|&&c| c.index() < n)
                    .map(|&c| (c, Mark::LastMove)),
            );
        }
        marks.extend(self.shown.iter().copied());
        let style = Style {
            color: self.color,
            marks,
        };
        let mut out = draw(self.s.game(), self.s.state(), &style);
        out.push_str(&self.status());
        out
    }

    /// The status lines under the board: the last move, then whose turn it is or how the
    /// game ended.
    pub fn status(&self) -> String {
        if self.s.game().dice().is_some() {
            return self.dice_status();
        }
        let mut out = String::new();
        if let Some(last) = self.s.history().last() {
            out.push_str(&format!(
                "last move: {} {} {}\n",
                self.s.move_label(self.s.history().len() - 1),
                self.name(last.player),
                last.text
            ));
        }
        match describe_end(self.s.game(), self.s.state()) {
            Some(why) => out.push_str(&format!("game over: {why}\n")),
            None => {
                let p = self.s.state().to_move();
                out.push_str(&format!("{} to move", self.name(p)));
                if let Seat::Ai(ai) = self.s.seat(p) {
                    out.push_str(&format!(" (ai {})", ai.describe()));
                }
                out.push('\n');
            }
        }
        out
    }

    /// [`Session::status`] of a game with dice: the last move chosen, then the rolls and
    /// passes since (`Black rolls 2`, `White plays again and rolls 3`, `Black rolls 4 and
    /// cannot move: passes`), then whose turn it is or how the game ended.
    fn dice_status(&self) -> String {
        let mut out = String::new();
        let last = self
            .s
            .history()
            .iter()
            .rposition(|p| !self.s.automatic(&p.mv));
        if let Some(i) = last {
            let p = &self.s.history()[i];
            out.push_str(&format!(
                "last move: {} {} {}\n",
                self.s.move_label(i),
                self.name(p.player),
                p.text
            ));
        }
        let after = last.map_or(0, |i| i + 1);
        let mut previous = last.map(|i| self.s.history()[i].player);
        let mut line = String::new();
        for p in &self.s.history()[after..] {
            if let Some(r) = p.mv.as_roll() {
                if !line.is_empty() {
                    out.push_str(&line);
                    out.push('\n');
                }
                line = if previous == Some(p.player) {
                    format!("{} plays again and rolls {r}", self.name(p.player))
                } else {
                    format!("{} rolls {r}", self.name(p.player))
                };
            } else {
                line.push_str(" and cannot move: passes");
            }
            previous = Some(p.player);
        }
        if !line.is_empty() {
            out.push_str(&line);
            out.push('\n');
        }
        match describe_end(self.s.game(), self.s.state()) {
            Some(why) => out.push_str(&format!("game over: {why}\n")),
            None => {
                let p = self.s.state().to_move();
                out.push_str(&format!("{} to move", self.name(p)));
                if let Some(r) = self.s.state().roll() {
                    out.push_str(&format!(" with {r}"));
                }
                if let Seat::Ai(ai) = self.s.seat(p) {
                    out.push_str(&format!(" (ai {})", ai.describe()));
                }
                out.push('\n');
            }
        }
        out
    }

    /// The name of the player to move (coloured if colour is on).
    pub fn to_move_name(&self) -> String {
        self.name(self.s.state().to_move())
    }

    /// The prompt: the player to move, or `game over`.
    pub fn prompt(&self) -> String {
        if self.s.is_over() {
            "(game over)> ".to_string()
        } else {
            format!("{}> ", self.name(self.s.state().to_move()))
        }
    }

    /// Lets the AI to move play; returns what happened (`3. O plays b2`), or `None` if no
    /// AI is to move or it found no move.
    pub fn play_ai(&mut self) -> Option<String> {
        let events = self.s.play_ai()?;
        self.announce_ai(&events)
    }

    /// [`Console::play_ai`], telling `report` how the search goes, one line at a time.
    pub fn play_ai_reporting(&mut self, report: &mut dyn FnMut(&str)) -> Option<String> {
        let events = self.s.play_ai_reporting(report)?;
        self.announce_ai(&events)
    }

    /// The AI's move in words, from what its move did.
    fn announce_ai(&mut self, events: &[Event]) -> Option<String> {
        self.shown.clear();
        events.iter().find_map(|e| match e {
            Event::Played { ply, played } => Some(format!(
                "{} {} plays {}",
                self.s.move_label(ply - 1),
                self.name(played.player),
                played.text
            )),
            _ => None,
        })
    }

    /// Handles one line of input.
    pub fn handle(&mut self, line: &str) -> Response {
        let command = match Command::parse(line) {
            Ok(c) => c,
            Err(e) => return Response::say(e),
        };
        match command {
            Command::Nothing => Response::default(),
            Command::Help => Response::say(self.help()),
            Command::Quit => Response {
                quit: true,
                ..Response::default()
            },
            Command::Moves { all } => Response::say(self.list_moves(all)),
            Command::MovesOf(cell) => self.moves_of(&cell),
            Command::Undo => {
                let r = self.s.undo();
                self.changed(r, |e| match e {
                    Event::TookBack { moves, rolls } => {
                        Some(format!("took back {}", counted(*moves, *rolls)))
                    }
                    _ => None,
                })
            }
            Command::Redo => {
                let r = self.s.redo();
                self.changed(r, |e| match e {
                    Event::Replayed { moves, rolls } => {
                        Some(format!("replayed {}", counted(*moves, *rolls)))
                    }
                    _ => None,
                })
            }
            Command::History => Response::say(self.history_text()),
            Command::Hint(level) => self.hint(level),
            Command::Analyse { all, ai } => self.analyse(all, ai),
            Command::Save(path) => Response::say(self.save(&path)),
            Command::Load(path) => self.load(&path),
            Command::New => {
                self.s.new_game();
                self.shown.clear();
                Response::redraw("new game")
            }
            Command::Board => Response::redraw(""),
            Command::Move(text) => self.try_move(&text),
        }
    }

    /// A redraw with the words for the first event `word` names, or the error.
    fn changed(
        &mut self,
        result: Result<Vec<Event>, SessionError>,
        word: impl Fn(&Event) -> Option<String>,
    ) -> Response {
        match result {
            Ok(events) => {
                self.shown.clear();
                Response::redraw(events.iter().find_map(word).unwrap_or_default())
            }
            Err(e) => Response::say(in_line_terms(&e)),
        }
    }

    fn try_move(&mut self, line: &str) -> Response {
        let p = self.s.state().to_move();
        if !self.s.is_over() && !self.s.seat(p).is_human() {
            return Response::say(format!(
                "it is {}'s turn, played by the computer",
                self.name(p)
            ));
        }
        match self.s.play_text(line) {
            Ok(_) => {
                self.shown.clear();
                Response::redraw("")
            }
            Err(e) => {
                let mut msg = in_line_terms(&e);
                let word = line.split_whitespace().next().unwrap_or("");
                if let Some(cmd) = Command::close_to(word) {
                    msg.push_str(&format!(
                        "\nunknown command '{word}'; did you mean '{cmd}'? (type 'help' for commands)"
                    ));
                }
                Response::say(msg)
            }
        }
    }

    fn hint(&mut self, ai: Option<AiSettings>) -> Response {
        if self.s.is_over() {
            return Response::say("the game is over; no move can be played");
        }
        match self.s.hint_reporting(ai, &mut |_| {}) {
            Some(hint) => {
                let mut text = format!(
                    "hint: {} (ai {})",
                    self.s.game().move_to_string(self.s.state(), hint.mv),
                    hint.ai.describe()
                );
                if let Some(thought) = hint.thought {
                    text.push_str(&format!("\n  {thought}"));
                }
                Response::say(text)
            }
            None => Response::say("no hint: there is no legal move"),
        }
    }

    /// The AI's view of the position: its evaluation and line, or every move scored.
    fn analyse(&mut self, all: bool, ai: Option<AiSettings>) -> Response {
        if self.s.is_over() {
            return Response::say("the game is over; there is nothing to analyse");
        }
        let ai = ai.unwrap_or_else(|| self.s.hint_settings());
        if !all {
            let a = self.s.analyse(ai, ANALYSIS_PLIES);
            return Response::say(format!(
                "analysis (ai {}): {}; line: {}",
                ai.describe(),
                a.summary,
                a.line.join(" ")
            ));
        }
        let scores = self.s.score_moves(ai);
        if scores.is_empty() {
            return Response::say("no move to score: the dice roll first");
        }
        let width = scores
            .iter()
            .take(ANALYSIS_LIST)
            .map(|m| m.text.chars().count())
            .max()
            .unwrap_or(0);
        let mut out = format!("every move (ai {}), best first:\n", ai.describe());
        for m in scores.iter().take(ANALYSIS_LIST) {
            out.push_str(&format!("  {:<width$}  {}\n", m.text, m.summary));
        }
        if scores.len() > ANALYSIS_LIST {
            out.push_str(&format!("  … and {} more\n", scores.len() - ANALYSIS_LIST));
        }
        Response::say(out.trim_end())
    }

    fn help(&self) -> String {
        let mut out = String::from("commands:\n");
        for (c, what) in COMMANDS {
            out.push_str(&format!("  {c:<14} {what}\n"));
        }
        out.push_str("endings:\n");
        for e in self.s.game().ends() {
            let who: Vec<&str> = (0..self.s.game().num_players())
                .filter(|p| e.players >> p & 1 == 1)
                .map(|p| self.s.game().players()[p].as_str())
                .collect();
            let result = format!("{:?}", e.result).to_lowercase();
            out.push_str(&format!(
                "  {result} if {} for {}\n",
                e.text,
                who.join(", ")
            ));
        }
        if let Some(crate::engine::NoMoves::Result(r)) = self.s.game().no_moves() {
            out.push_str(&format!(
                "  {} if no-moves\n",
                format!("{r:?}").to_lowercase()
            ));
        }
        out.pop();
        out
    }

    /// The legal moves; more than [`LONG_LIST`] are cut short unless `all`.
    fn list_moves(&self, all: bool) -> String {
        if self.s.is_over() {
            return "the game is over; no move can be played".into();
        }
        let moves = self.s.game().legal_moves_vec(self.s.state());
        let texts: Vec<String> = moves
            .iter()
            .map(|&m| self.s.game().move_to_string(self.s.state(), m))
            .collect();
        let n = texts.len();
        let roll = self
            .s
            .state()
            .roll()
            .map_or(String::new(), |r| format!(" with {r}"));
        if !all && n > LONG_LIST {
            return format!(
                "{n} legal moves{roll}; the first {SHOWN}:\n{}\n('moves <cell>' lists the moves from or onto one cell, 'moves all' every one)",
                wrap(&texts[..SHOWN], 78)
            );
        }
        format!(
            "{n} legal move{}{roll}:\n{}",
            if n == 1 { "" } else { "s" },
            wrap(&texts, 78)
        )
    }

    fn moves_of(&mut self, cell_name: &str) -> Response {
        let Some(cell) = self.s.game().board().cell_by_name(cell_name) else {
            return Response::say(format!("there is no cell '{cell_name}' on this board"));
        };
        if self.s.is_over() {
            return Response::say("the game is over; no move can be played");
        }
        let name = self.s.game().board().cells[cell.index()].name.clone();
        let moves = self.s.game().legal_moves_vec(self.s.state());
        let from: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| self.s.game().move_origin(m) == Some(cell))
            .collect();
        let onto = from.is_empty();
        let chosen: Vec<Move> = if onto {
            // Placement games, or an empty cell: the moves that end on or act on the cell.
            moves
                .iter()
                .copied()
                .filter(|m| self.s.game().move_targets(m).contains(&cell))
                .collect()
        } else {
            from
        };
        let what = format!("{} {name}", if onto { "onto" } else { "from" });
        if chosen.is_empty() {
            let piece = self.s.state().at(cell);
            let why = if piece == crate::engine::EMPTY {
                format!(" or onto {name}: {name} is empty")
            } else {
                match self.s.game().owner(piece) {
                    Some(o) if o != self.s.state().to_move() => {
                        format!(
                            ": the piece on {name} is {}'s",
                            self.s.game().players()[o.index()]
                        )
                    }
                    _ => format!(": the piece on {name} cannot move"),
                }
            };
            self.shown.clear();
            return Response::redraw(format!("no legal move from {name}{why}"));
        }
        let mut texts: Vec<String> = chosen
            .iter()
            .map(|&m| self.s.game().move_to_string(self.s.state(), m))
            .collect();
        texts.sort();
        self.shown.clear();
        for m in &chosen {
            if onto {
                let origin = self.s.game().move_origin(m);
                self.shown.extend(origin.map(|c| (c, Mark::Selected)));
            } else {
                let targets = self.s.game().move_targets(m);
                self.shown.extend(
                    targets
                        .into_iter()
                        .filter(|&c| c != cell)
                        .map(|c| (c, Mark::Target)),
                );
            }
        }
        self.shown
            .push((cell, if onto { Mark::Target } else { Mark::Selected }));
        let n = texts.len();
        Response::redraw(format!(
            "{n} legal move{} {what}: {}",
            if n == 1 { "" } else { "s" },
            texts.join(" ")
        ))
    }

    fn history_text(&self) -> String {
        let mut out = String::new();
        if self.s.custom_start() {
            out.push_str(&format!(
                "from position {}\n",
                self.s.game().position_to_string(self.s.start())
            ));
        }
        if self.s.history().is_empty() {
            out.push_str("no moves yet");
            return out;
        }
        let lines = crate::ui::move_list::history_rows(&self.s);
        out.push_str(&lines.join("\n"));
        out
    }

    /// Saves the record, as PGN when the file's name ends in `.pgn`, SGF for `.sgf`.
    fn save(&self, path: &Path) -> String {
        crate::ui::saving::save(&self.s, path)
    }

    /// Loads a saved game, a tabletop record, PGN (its first game, into the current game if
    /// it is written in algebraic notation) or SGF (which names its game), by its content.
    fn load(&mut self, path: &Path) -> Response {
        match crate::ui::saving::load(&mut self.s, path) {
            Ok(loaded) => {
                self.shown.clear();
                Response::redraw(loaded.message)
            }
            Err(e) => Response::say(e),
        }
    }
}

/// `3 moves`, `1 move and 2 rolls`: how many moves (and rolls of the dice, if any).
fn counted(moves: usize, rolls: usize) -> String {
    let m = format!("{moves} move{}", if moves == 1 { "" } else { "s" });
    match rolls {
        0 => m,
        1 => format!("{m} and 1 roll"),
        r => format!("{m} and {r} rolls"),
    }
}

/// `items` joined by spaces in lines of at most `width` columns, each indented by two.
fn wrap(items: &[String], width: usize) -> String {
    let mut lines = Vec::new();
    let mut line = String::from(" ");
    for it in items {
        if line.len() > 1 && line.len() + 1 + it.len() > width {
            lines.push(std::mem::replace(&mut line, String::from(" ")));
        }
        line.push(' ');
        line.push_str(it);
    }
    if line.len() > 1 {
        lines.push(line);
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::record::Record;

    fn session(game: &str, seats: &[Seat]) -> Console {
        let g = crate::load_shipped(game, &[]).unwrap();
        Console::new(Session::new(g, game, &[], None, seats, 7))
    }

    fn humans(game: &str) -> Console {
        session(game, &[Seat::Human, Seat::Human])
    }

    #[test]
    fn plays_to_a_win_and_refuses_more_moves() {
        let mut s = humans("tictactoe");
        for m in ["a1", "a2", "b1", "b2", "c1"] {
            let r = s.handle(m);
            assert!(r.redraw && r.text.is_empty(), "{m}: {r:?}");
        }
        assert!(s.s.is_over());
        assert!(s.status().contains("game over: X wins (three in a row)"));
        assert_eq!(
            s.handle("c3").text,
            "the game is over; no move can be played"
        );
        assert_eq!(s.prompt(), "(game over)> ");
        assert!(s.handle("undo").redraw);
        assert!(!s.s.is_over());
    }

    #[test]
    fn bad_moves_explain_and_change_nothing() {
        let mut s = humans("tictactoe");
        let r = s.handle("z9");
        assert!(r.text.starts_with("'z9' is not a legal move here"), "{r:?}");
        assert!(!r.redraw && !r.quit);
        s.handle("b2");
        let r = s.handle("b2");
        assert!(r.text.contains("not a legal move"), "{r:?}");
        assert_eq!(s.s.history().len(), 1);
        let r = s.handle("hitn");
        assert!(r.text.contains("did you mean 'hint'?"), "{r:?}");
        // Text that names no move points to the command that lists them: the line mode's
        // own words for the engine's refusal.
        assert_eq!(
            s.handle("zz").text,
            "'zz' is not a legal move here (8 legal moves; type 'moves' to list them)"
        );
    }

    #[test]
    fn undo_redo_and_history() {
        let mut s = humans("tictactoe");
        s.handle("b2");
        s.handle("a1");
        assert_eq!(s.handle("history").text, "1. b2 a1");
        assert_eq!(s.handle("undo").text, "took back 1 move");
        assert_eq!(s.handle("undo").text, "took back 1 move");
        assert_eq!(s.handle("undo").text, "nothing to undo");
        assert_eq!(s.handle("history").text, "no moves yet");
        assert_eq!(s.handle("redo").text, "replayed 1 move");
        assert_eq!(s.handle("redo").text, "replayed 1 move");
        assert_eq!(s.handle("redo").text, "nothing to redo");
        assert_eq!(s.handle("history").text, "1. b2 a1");
        s.handle("undo");
        s.handle("c3");
        assert_eq!(s.handle("redo").text, "nothing to redo");
    }

    #[test]
    fn undo_against_the_ai_takes_back_its_reply_too() {
        let mut s = session("tictactoe", &[Seat::Human, Seat::ai(1)]);
        s.handle("b2");
        assert!(s.s.ai_to_move());
        assert!(s.play_ai().unwrap().starts_with("1... O plays "));
        assert_eq!(s.handle("undo").text, "took back 2 moves");
        assert_eq!(s.s.history().len(), 0);
        assert_eq!(s.handle("redo").text, "replayed 2 moves");
        assert_eq!(s.s.history().len(), 2);
        assert!(!s.s.ai_to_move());
    }

    #[test]
    fn ai_turns_refuse_typed_moves() {
        let mut s = session("tictactoe", &[Seat::ai(1), Seat::Human]);
        assert!(s.handle("b2").text.contains("played by the computer"));
        assert_eq!(s.handle("undo").text, "nothing to undo");
    }

    #[test]
    fn moves_of_a_cell_mark_targets() {
        let mut s = humans("breakthrough");
        let r = s.handle("moves b2");
        assert_eq!(r.text, "3 legal moves from b2: b2-a3 b2-b3 b2-c3");
        assert!(r.redraw);
        let screen = s.screen();
        assert!(screen.contains(" 3 * * * . . . . .\n"), "{screen}");
        assert!(screen.contains(" 2 P<P>P P P P P P\n"), "{screen}");
        let r = s.handle("moves b1");
        assert_eq!(r.text, "no legal move from b1: the piece on b1 cannot move");
        let r = s.handle("moves b7");
        assert_eq!(r.text, "no legal move from b7: the piece on b7 is Black's");
        let r = s.handle("moves b4");
        assert_eq!(r.text, "no legal move from b4 or onto b4: b4 is empty");
        let r = s.handle("moves b3");
        assert_eq!(r.text, "3 legal moves onto b3: a2-b3 b2-b3 c2-b3");
        assert!(
            s.screen().contains(" 2<P|P|P>P P P P P\n"),
            "{}",
            s.screen()
        );
        let r = s.handle("moves q9");
        assert_eq!(r.text, "there is no cell 'q9' on this board");
        s.handle("b2-b3");
        assert!(s.screen().contains(" 3 .[P]. . . . . .\n"));
    }

    #[test]
    fn pgn_files_save_and_load_by_their_name_and_devices_are_refused() {
        let dir = std::env::temp_dir().join(format!("tabletop-console-pgn-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("g.pgn");
        let mut s = humans("chess");
        for m in ["e4", "e5", "Nf3"] {
            assert!(s.handle(m).redraw, "{m}");
        }
        let said = s.handle(&format!("save {}", file.display())).text;
        assert!(said.starts_with("saved 3 moves to "), "{said}");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("1. e4 e5 2. Nf3 *"), "{text}");
        let mut t = humans("chess");
        assert!(t.handle(&format!("load {}", file.display())).redraw);
        assert!(t.s.state().same_position(s.s.state()));
        let r = t.handle("load /dev/zero");
        assert!(r.text.contains("is not a regular file"), "{}", r.text);
        assert_eq!(t.s.history().len(), 3);
        let mut ttt = humans("tictactoe");
        let r = ttt.handle(&format!("save {}", dir.join("t.pgn").display()));
        assert!(
            r.text
                .contains("PGN is for games written in algebraic notation"),
            "{}",
            r.text
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn sgf_files_save_and_load_by_their_name() {
        let dir = std::env::temp_dir().join(format!("tabletop-console-sgf-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("g.sgf");
        let mut s = humans("go");
        for m in ["e5", "c3", "pass"] {
            assert!(s.handle(m).redraw, "{m}");
        }
        let said = s.handle(&format!("save {}", file.display())).text;
        assert!(said.starts_with("saved 3 moves to "), "{said}");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            text.contains("GM[1]") && text.contains(";B[ee];W[cg];B[])"),
            "{text}"
        );
        // Loading an SGF file replaces the game with the one it names.
        let mut t = humans("tictactoe");
        assert!(t.handle(&format!("load {}", file.display())).redraw);
        assert_eq!(t.s.game().name(), "go");
        assert!(t.s.state().same_position(s.s.state()));
        std::fs::write(&file, "(;GM[1]SZ[9]QQ[1];B[ee](;W[aa])(;W[bb]))").unwrap();
        let said = t.handle(&format!("load {}", file.display())).text;
        assert!(
            said.contains("warning: line 1: unknown property QQ ignored"),
            "{said}"
        );
        assert!(said.contains("warning: 1 variation skipped"), "{said}");
        assert_eq!(t.s.history().len(), 2);
        std::fs::write(&file, "(;GM[1]SZ[9];B[ee];W[ee])").unwrap();
        let said = t.handle(&format!("load {}", file.display())).text;
        assert!(said.contains("line 1: move 2:"), "{said}");
        assert_eq!(t.s.history().len(), 2);
        let mut i = humans("intellector");
        let said = i.handle(&format!("save {}", file.display())).text;
        assert!(
            said.contains("not on a square or hex-rhombus board"),
            "{said}"
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_long_move_list_is_cut_short_unless_all_is_asked() {
        let mut s = humans("nex");
        let short = s.handle("moves").text;
        assert!(
            short.starts_with("28392 legal moves; the first 60:\n"),
            "{short}"
        );
        assert!(short.ends_with("'moves all' every one)"), "{short}");
        assert!(short.lines().count() < 20);
        let all = s.handle("moves all").text;
        assert!(all.starts_with("28392 legal moves:\n"));
        assert_eq!(all.split_whitespace().count(), 28392 + 3);
    }

    #[test]
    fn moves_onto_a_cell_for_placement_games() {
        let mut s = humans("tictactoe");
        assert_eq!(s.handle("moves b2").text, "1 legal move onto b2: b2");
        assert!(s.screen().contains(" 2 . * .\n"));
        assert!(s
            .handle("moves")
            .text
            .starts_with("9 legal moves:\n  a1 b1"));
    }

    #[test]
    fn hint_suggests_a_legal_move() {
        let mut s = humans("tictactoe");
        let r = s.handle("hint");
        let first = r.text.lines().next().unwrap();
        assert!(
            first.starts_with("hint: ") && first.ends_with("(ai level 5)"),
            "{r:?}"
        );
        // The search says what it found: playouts, speed, win chance, line.
        let thought = r.text.lines().nth(1).expect("the search's report");
        assert!(
            thought.contains(" playouts at ") && thought.contains(", line "),
            "{r:?}"
        );
        let r = s.handle("hint 3");
        assert!(
            r.text.lines().next().unwrap().ends_with("(ai level 3)"),
            "{r:?}"
        );
        assert!(s.handle("hint 0").text.contains("not 0"));
    }

    #[test]
    fn records_replay() {
        let mut s = humans("tictactoe");
        s.handle("b2");
        s.handle("a1");
        let rec = s.s.record();
        assert_eq!(rec.moves, vec!["b2", "a1"]);
        let mut t = humans("tictactoe");
        t.s.load_record(&rec).unwrap();
        assert!(t.s.state().same_position(s.s.state()));
        let bad = Record {
            moves: vec!["b2".into(), "b2".into()],
            ..rec
        };
        let err = t.s.load_record(&bad).unwrap_err().to_string();
        assert!(err.starts_with("move 2: 'b2' is not a legal move"), "{err}");
        assert_eq!(t.s.history().len(), 2);
    }

    #[test]
    fn new_starts_again_and_quit_quits() {
        let mut s = humans("tictactoe");
        s.handle("b2");
        assert_eq!(s.handle("new").text, "new game");
        assert!(s.s.history().is_empty());
        assert!(s.handle("quit").quit);
        assert!(s.handle("help").text.contains("win if line(3) for X, O"));
        assert_eq!(s.handle("   "), Response::default());
    }

    fn replayed(game: &str, moves: &[&str], seats: &[Seat]) -> Console {
        let mut s = session(game, seats);
        let rec = Record {
            game: game.into(),
            options: vec![],
            position: None,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            ..Record::default()
        };
        s.s.load_record(&rec).unwrap();
        s
    }

    #[test]
    fn dice_games_roll_by_themselves() {
        let mut s = humans("ur");
        // The first roll is made at once, and only its moves are listed.
        let r = s.s.state().roll().expect("White has rolled");
        assert_eq!(s.s.history().len(), 1);
        assert_eq!(s.s.history()[0].text, format!("roll{r}"));
        assert!(s
            .status()
            .contains(&format!("White rolls {r}\nWhite to move with {r}\n")));
        let entry = ["in-d1", "in-c1", "in-b1", "in-a1"][r as usize - 1];
        assert_eq!(
            s.handle("moves").text,
            format!("1 legal move with {r}:\n  {entry}")
        );
        assert!(s.handle("roll2").text.contains("not a legal move"));
        // The move is followed by the next roll.
        assert!(s.handle(entry).redraw);
        assert!(s.s.state().roll().is_some());
        assert!(s
            .status()
            .contains(&format!("last move: 1. White {entry}\n")));
        // Undo takes back the move (and the roll after it) but keeps the roll it was made with.
        let text = s.handle("undo").text;
        assert!(text.starts_with("took back 1 move and "), "{text}");
        assert_eq!(s.s.state().roll(), Some(r));
        assert_eq!(s.s.history().len(), 1);
        assert!(s.handle("redo").text.starts_with("replayed 1 move and "));
    }

    #[test]
    fn passes_and_extra_turns_are_announced() {
        let s = replayed("ur-finkel", &["roll0"], &[Seat::Human, Seat::Human]);
        assert_eq!(s.s.history()[1].text, "pass");
        assert!(
            s.status()
                .contains("White rolls 0 and cannot move: passes\nBlack rolls "),
            "{}",
            s.status()
        );
        let s = replayed("ur", &["roll4", "in-a1"], &[Seat::Human, Seat::Human]);
        assert!(
            s.status()
                .contains("last move: 1. White in-a1\nWhite plays again and rolls "),
            "{}",
            s.status()
        );
        // The board shows the reserves.
        assert!(s
            .screen()
            .contains("reserve: White 6, Black 7   borne off: White 0, Black 0\n"));
    }

    #[test]
    fn computer_players_finish_a_dice_game() {
        let mut s = session("ur", &[Seat::ai(3), Seat::ai(4)]);
        let mut turns = 0;
        while s.s.ai_to_move() && turns < 5_000 {
            assert!(s.play_ai().is_some());
            turns += 1;
        }
        assert!(s.s.is_over());
        assert!(s.status().contains("game over: "), "{}", s.status());
        // The record replays, rolls and all.
        let mut t = humans("ur");
        t.s.load_record(&s.s.record()).unwrap();
        assert!(t.s.state().same_position(s.s.state()));
    }

    #[test]
    fn refused_moves_say_why() {
        let mut s = humans("go");
        for m in ["a2", "b2", "b1"] {
            assert!(s.handle(m).redraw, "{m}");
        }
        assert_eq!(
            s.handle("a1").text,
            "a1 refused: suicide (its chain would have no liberty)"
        );
        assert_eq!(s.s.history().len(), 3);
    }

    #[test]
    fn wraps_long_lists() {
        let items: Vec<String> = (0..30).map(|i| format!("m{i:02}")).collect();
        let w = wrap(&items, 20);
        assert!(w.lines().all(|l| l.len() <= 20));
        assert_eq!(w.split_whitespace().count(), 30);
    }
}
