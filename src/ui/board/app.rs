//! The full-screen board's state machine: keys in, a changed [`BoardApp`] out, with no
//! terminal in sight (tests feed it keys and read what it draws into a buffer).
//!
//! A move is entered by picking cells: the piece (or, for a placement, the cell), then each
//! cell it lands on or acts on, in order. After each pick only the moves that begin with
//! the cells picked so far remain, and the cells that can come next are highlighted; when
//! one move remains it is played. Moves that share all their cells (a pawn's promotion
//! choices) are offered as a list. Esc takes back the last pick. A move can also be typed
//! in notation on the command line (`:`), with completion of legal moves (Tab).

use crate::engine::{CellId, Move, ParseMoveError, Refusal};
use crate::session::pick::Pick;
use crate::session::{Driver, Ended, Event, Session, SessionError};
use crate::ui::command::Command;

/// A key (or mouse click) the board understands, independent of the terminal library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Arrow up (or `k`).
    Up,
    /// Arrow down (or `j`).
    Down,
    /// Arrow left (or `h`).
    Left,
    /// Arrow right (or `l`).
    Right,
    /// Enter or space: pick the cell under the cursor.
    Enter,
    /// Escape: take back the last pick, close a list or the command line.
    Esc,
    /// Tab: complete the command line.
    Tab,
    /// Backspace on the command line.
    Backspace,
    /// A printable character.
    Char(char),
    /// A click on a screen position (column, line).
    Click(u16, u16),
}

/// What the bottom line is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Moving the cursor and picking cells.
    Board,
    /// Typing a move or command after `:`.
    Command(String),
    /// Choosing among moves that share their cells (promotions); the index chosen.
    Choose(Vec<Move>, usize),
    /// The help screen.
    Help,
    /// The menu (`m`), on the line chosen.
    Menu(usize),
    /// Browsing the history: the position after the first this many entries is shown.
    History(usize),
}

/// The board being played in a full-screen terminal.
pub struct BoardApp {
    /// The game.
    pub session: Session,
    /// The cell under the cursor.
    pub cursor: CellId,
    /// The cells picked so far for the move being entered.
    pub picked: Vec<CellId>,
    /// What the keys do now.
    pub mode: Mode,
    /// A line of feedback (the last refusal, the AI's move, the ending).
    pub message: String,
    /// The board drawn upside down.
    pub flipped: bool,
    /// Set when the player asked to leave.
    pub quit: bool,
    /// The AI's search under way, if any, and what it found so far.
    ai: Driver,
    /// The shipped game the menu's game line shows (an index into the shipped names).
    pub menu_game: usize,
    /// At the end of a game scored by area (Go): the stones counted dead, as the computer
    /// proposed them and the players then disputed them, a group at a time.
    pub dead: Option<Vec<CellId>>,
}

impl BoardApp {
    /// A board over `session`, the cursor on the middle cell.
    pub fn new(session: Session) -> BoardApp {
        let cells = session.game().board().len();
        let mut app = BoardApp {
            session,
            cursor: CellId::from_index(cells / 2),
            picked: Vec::new(),
            mode: Mode::Board,
            message: String::new(),
            flipped: false,
            quit: false,
            ai: Driver::new(),
            menu_game: 0,
            dead: None,
        };
        app.message = app.turn_message();
        app
    }

    /// Whether the AI is searching now.
    pub fn thinking(&self) -> bool {
        self.ai.thinking()
    }

    /// The AI's search so far, while it searches: `depth 6, +0.35, 1.2 M nodes at 640 k/s,
    /// line e2e4 e7e5 g1f3` (for searches that report their progress).
    pub fn thought_line(&self) -> Option<String> {
        let p = self.ai.latest()?;
        Some(self.session.progress_line(p))
    }

    /// How long the AI has been searching, while it is.
    pub fn thinking_for(&self) -> Option<std::time::Duration> {
        self.ai.thinking_for()
    }

    /// Starts the AI if it is to move, or plays its move when its search is over. Call it
    /// between keys; it never blocks.
    pub fn tick(&mut self) {
        let ended = self.ai.tick(&mut self.session).ended;
        self.ended(ended);
    }

    /// Waits for the AI's move, if it is searching (tests and scripted play).
    pub fn settle_ai(&mut self) {
        while self.ai.thinking() {
            let ended = self.ai.wait(&mut self.session).ended;
            self.ended(ended);
            self.tick();
        }
    }

    /// Words how the AI's search ended, if it did.
    fn ended(&mut self, ended: Option<Ended>) {
        match ended {
            Some(Ended::Played(events)) => self.after(&events),
            Some(Ended::Failed(e)) => self.message = e.to_string(),
            Some(Ended::Nothing) | None => {}
        }
    }

    /// Handles one key; `click_origin` is where the board's top-left corner is on screen
    /// (for clicks).
    pub fn key(&mut self, key: Key, layout: &super::layout::Layout, click_origin: (u16, u16)) {
        match self.mode.clone() {
            Mode::Help => self.mode = Mode::Board,
            Mode::Menu(i) => self.menu_key(key, i),
            Mode::History(_) => self.history_key(key),
            Mode::Choose(moves, i) => self.choose(key, moves, i),
            Mode::Command(text) => self.command_key(key, text),
            Mode::Board => self.board_key(key, layout, click_origin),
        }
    }

    fn board_key(&mut self, key: Key, layout: &super::layout::Layout, origin: (u16, u16)) {
        let flip = if self.flipped { -1.0 } else { 1.0 };
        let step = |dx: f64, dy: f64| (dx * flip, dy * flip);
        let dir = match key {
            Key::Up | Key::Char('k') => Some(step(0.0, -1.0)),
            Key::Down | Key::Char('j') => Some(step(0.0, 1.0)),
            Key::Left | Key::Char('h') => Some(step(-1.0, 0.0)),
            Key::Right | Key::Char('l') => Some(step(1.0, 0.0)),
            _ => None,
        };
        if let Some((dx, dy)) = dir {
            if let Some(c) = self
                .session
                .game()
                .nearest_in_direction(self.cursor, dx, dy)
            {
                self.cursor = c;
            }
            return;
        }
        match key {
            Key::Enter | Key::Char(' ') => self.pick(self.cursor),
            Key::Click(x, y) => {
                let Some((bx, by)) = x.checked_sub(origin.0).zip(y.checked_sub(origin.1)) else {
                    return;
                };
                if let Some(c) = layout.cell_at(bx, by) {
                    self.cursor = c;
                    self.pick(c);
                } else if let Some(place) = layout.beside_at(bx, by, self.session.state().to_move())
                {
                    // A race board's bar or tray (the cursor stays on the cells).
                    self.pick(place);
                }
            }
            // A race board's bar and tray are picked by key (the cursor stays on cells).
            Key::Char('b') if !layout.beside.is_empty() => self.pick(crate::session::pick::BAR),
            Key::Char('o') if !layout.beside.is_empty() => self.pick(crate::session::pick::OFF),
            Key::Esc => {
                if self.picked.pop().is_some() {
                    self.message = self.picking_message();
                } else {
                    self.message = self.turn_message();
                }
            }
            Key::Char(':') | Key::Char('/') => self.mode = Mode::Command(String::new()),
            Key::Char('?') => self.mode = Mode::Help,
            Key::Char('q') => self.quit = true,
            Key::Char('m') => self.open_menu(),
            Key::Char('[') => self.browse(true),
            Key::Char('f') => self.flipped = !self.flipped,
            Key::Char('u') => self.run(Command::Undo),
            Key::Char('r') => self.run(Command::Redo),
            Key::Char('n') => self.run(Command::New),
            Key::Char('i') => self.run(Command::Hint(None)),
            _ => {}
        }
    }

    /// Whether the stone on `cell` is counted dead at the end of the game.
    pub fn counted_dead(&self, cell: CellId) -> bool {
        !matches!(self.mode, Mode::History(_))
            && self.session.is_over()
            && self.dead.as_ref().is_some_and(|d| d.contains(&cell))
    }

    /// The board cells a move is entered by: its origin, then what it lands on or acts on.
    pub fn cells_of(&self, mv: &Move) -> Vec<CellId> {
        self.session.move_cells(mv)
    }

    /// The legal moves that begin with the cells picked so far.
    pub fn candidates(&self) -> Vec<Move> {
        if !self.human_to_move() {
            return Vec::new();
        }
        self.session.moves_starting_with(&self.picked)
    }

    /// The cells that can be picked next (highlighted).
    pub fn next_cells(&self) -> Vec<CellId> {
        if self.session.is_over() || !self.human_to_move() {
            return Vec::new();
        }
        self.session.next_cells(&self.picked)
    }

    fn human_to_move(&self) -> bool {
        self.session.seat(self.session.state().to_move()).is_human()
    }

    fn pick(&mut self, cell: CellId) {
        if let (true, Some(dead)) = (self.session.is_over(), &self.dead) {
            // The players dispute the dead stones: a pick turns a group dead or alive.
            let dead = self.session.toggle_dead(dead, cell);
            self.message = self.session.score_line(&dead).unwrap_or_default();
            self.dead = Some(dead);
            return;
        }
        if self.session.is_over() {
            self.message = "the game is over: n for a new game, u to undo".into();
            return;
        }
        if !self.human_to_move() {
            self.message = "the computer is thinking".into();
            return;
        }
        let name = self.session.pick_name(cell);
        match self.session.pick(&self.picked, cell) {
            Pick::NoMove => {
                self.message = if self.picked.is_empty() {
                    format!("no legal move from or onto {name}")
                } else {
                    format!("no legal move continues to {name} (Esc to step back)")
                };
            }
            Pick::Play(mv) => self.play(mv),
            Pick::Choose(moves) => {
                if self.picked.last() != Some(&cell) {
                    self.picked.push(cell);
                }
                self.mode = Mode::Choose(moves, 0);
                self.message = "choose a move: ↑/↓ then Enter (Esc to step back)".into();
            }
            Pick::Picked { picked, complete } => {
                self.picked = picked;
                self.message = match complete {
                    None => self.picking_message(),
                    Some(mv) => format!(
                        "{} (Enter again on {name} to play it) or continue",
                        self.text(mv)
                    ),
                };
            }
        }
    }

    fn choose(&mut self, key: Key, moves: Vec<Move>, i: usize) {
        match key {
            Key::Up | Key::Char('k') => self.mode = Mode::Choose(moves, i.saturating_sub(1)),
            Key::Down | Key::Char('j') => {
                let last = moves.len().saturating_sub(1);
                self.mode = Mode::Choose(moves, (i + 1).min(last));
            }
            Key::Enter | Key::Char(' ') => {
                self.mode = Mode::Board;
                if let Some(&mv) = moves.get(i) {
                    self.play(mv);
                }
            }
            Key::Esc => {
                self.mode = Mode::Board;
                self.picked.pop();
                self.message = self.picking_message();
            }
            _ => {}
        }
    }

    fn command_key(&mut self, key: Key, mut text: String) {
        match key {
            Key::Esc => self.mode = Mode::Board,
            Key::Backspace => {
                text.pop();
                self.mode = Mode::Command(text);
            }
            Key::Tab => {
                let done = self.complete(&text);
                self.mode = Mode::Command(done);
            }
            Key::Enter => {
                self.mode = Mode::Board;
                match Command::parse(&text) {
                    Ok(c) => self.run(c),
                    Err(e) => self.message = e,
                }
            }
            Key::Char(c) if !c.is_control() && text.chars().count() < 200 => {
                text.push(c);
                self.mode = Mode::Command(text);
            }
            _ => self.mode = Mode::Command(text),
        }
    }

    /// `text` completed to the longest prefix shared by the legal moves starting with it
    /// (as the game writes them, or in the compact form: `g1` completes chess's `g1f3`
    /// and `g1h3`, written `Nf3` and `Nh3`); the matches are listed in the message.
    fn complete(&mut self, text: &str) -> String {
        let want = text.trim().to_ascii_lowercase();
        let forms = self.session.move_texts();
        let starts = |t: &str| t.to_ascii_lowercase().starts_with(&want);
        // Complete in the form the text was typed in.
        let written: Vec<&(String, String)> = forms.iter().filter(|f| starts(&f.0)).collect();
        let (matches, typed): (Vec<&(String, String)>, Vec<&str>) = if written.is_empty() {
            let compact: Vec<_> = forms.iter().filter(|f| starts(&f.1)).collect();
            let typed = compact.iter().map(|f| f.1.as_str()).collect();
            (compact, typed)
        } else {
            let typed = written.iter().map(|f| f.0.as_str()).collect();
            (written, typed)
        };
        if matches.is_empty() {
            self.message = format!("no legal move starts with '{text}'");
            return text.to_string();
        }
        let mut shown: Vec<&str> = matches.iter().map(|f| f.0.as_str()).collect();
        shown.sort_unstable();
        let mut common = typed[0].to_string();
        for t in &typed[1..] {
            let n = common
                .chars()
                .zip(t.chars())
                .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
                .count();
            common = common.chars().take(n).collect();
        }
        self.message = format!(
            "{} move{}: {}{}",
            shown.len(),
            if shown.len() == 1 { "" } else { "s" },
            shown.iter().take(12).copied().collect::<Vec<_>>().join(" "),
            if shown.len() > 12 { " …" } else { "" }
        );
        if common.len() > want.len() {
            common
        } else {
            text.to_string()
        }
    }

    /// Runs a command of the line language (the same as the line mode's).
    pub(super) fn run(&mut self, command: Command) {
        self.picked.clear();
        let result = match command {
            Command::Nothing | Command::Board => return,
            Command::Quit => {
                self.quit = true;
                return;
            }
            Command::Help => {
                self.mode = Mode::Help;
                return;
            }
            Command::Move(text) => {
                if !self.human_to_move() && !self.session.is_over() {
                    self.message = "the computer is to move".into();
                    return;
                }
                self.session.play_text(&text)
            }
            Command::Undo => {
                self.cancel_ai();
                self.session.undo()
            }
            Command::Redo => self.session.redo(),
            Command::New => {
                self.cancel_ai();
                Ok(self.session.new_game())
            }
            Command::Hint(level) => {
                self.message = match self.session.hint(level) {
                    Some((mv, ai)) => format!("hint: {} (ai {})", self.text(mv), ai.describe()),
                    None => "no hint: there is no legal move".into(),
                };
                return;
            }
            Command::Analyse { all: false, ai } => {
                let ai = ai.unwrap_or_else(|| self.session.hint_settings());
                let a = self.session.analyse(ai, 6);
                self.message = format!(
                    "analysis (ai {}): {}; line: {}",
                    ai.describe(),
                    a.summary,
                    a.line.join(" ")
                );
                return;
            }
            Command::Analyse { all: true, .. } => {
                self.message = "every move scored: use 'analyse all' in the line mode \
                                (tabletop play --plain)"
                    .into();
                return;
            }
            Command::Moves { .. } | Command::MovesOf(_) | Command::History => {
                self.message =
                    "the moves are highlighted on the board; the history is on the right".into();
                return;
            }
            Command::Save(path) => {
                self.message = crate::ui::saving::save(&self.session, &path);
                return;
            }
            Command::Load(path) => match crate::ui::saving::load(&mut self.session, &path) {
                Ok(loaded) => {
                    self.after(&loaded.events);
                    // What was loaded (and any warning) replaces the event's short words.
                    self.message = loaded.message.replace('\n', "; ");
                    return;
                }
                Err(e) => {
                    self.message = e;
                    return;
                }
            },
        };
        match result {
            Ok(events) => self.after(&events),
            Err(e) => self.message = in_board_terms(&e),
        }
    }

    /// An AI search under way is dropped (its move will not be played).
    pub(super) fn cancel_ai(&mut self) {
        self.ai.abandon(&mut self.session);
    }

    fn play(&mut self, mv: Move) {
        self.picked.clear();
        match self.session.play(mv) {
            Ok(events) => self.after(&events),
            Err(e) => self.message = in_board_terms(&e),
        }
    }

    /// The message after a change: the ending, else the last move, else whose turn.
    fn after(&mut self, events: &[Event]) {
        self.picked.clear();
        let mut words = Vec::new();
        for e in events {
            match e {
                Event::Played { ply, played } => words.push(format!(
                    "{} {} {}",
                    self.session.move_label(ply - 1),
                    self.session.game().players()[played.player.index()],
                    played.text
                )),
                Event::Over { why, .. } => words.push(format!("game over: {why}")),
                Event::TookBack { moves, .. } => words.push(format!(
                    "took back {}",
                    crate::ui::move_list::moves_word(*moves)
                )),
                Event::NewGame => words.push("new game".into()),
                Event::Loaded { moves } => words.push(format!(
                    "loaded {}",
                    crate::ui::move_list::moves_word(*moves)
                )),
                _ => {}
            }
        }
        if !self.session.is_over() {
            words.push(self.turn_message());
        }
        // A game scored by area is counted with the dead stones off: the computer proposes
        // them, the players dispute them (see `pick`).
        self.dead = self.session.proposed_dead();
        if let Some(dead) = &self.dead {
            let n = dead.len();
            let stones = format!("{n} stone{}", if n == 1 { "" } else { "s" });
            words.push(format!(
                "the computer marks {stones} dead (pick a group to dispute)"
            ));
        }
        self.message = words.join("; ");
    }

    pub(super) fn turn_message(&self) -> String {
        if self.session.is_over() {
            return "game over".into();
        }
        let p = self.session.state().to_move();
        let name = &self.session.game().players()[p.index()];
        if self.human_to_move() {
            format!("{name} to move: pick a cell (Enter) or type ':' and a move")
        } else {
            format!("{name} (computer) to move")
        }
    }

    fn picking_message(&self) -> String {
        if self.picked.is_empty() {
            return self.turn_message();
        }
        let names: Vec<String> = self
            .picked
            .iter()
            .map(|&c| self.session.pick_name(c))
            .collect();
        format!(
            "picked {}: pick a highlighted cell (Esc to step back)",
            names.join(" ")
        )
    }

    /// A move in the game's notation, in the current position.
    pub fn text(&self, mv: Move) -> String {
        self.session.game().move_to_string(self.session.state(), mv)
    }
}

/// A session error in the board's words: a move no legal move is written as points to the
/// highlighted cells, where the moves can be picked.
fn in_board_terms(e: &SessionError) -> String {
    if let SessionError::Refused(ParseMoveError { input, refusal }) = e {
        if let Refusal::NoSuchMove { legal } = **refusal {
            return format!(
                "'{}' is not a legal move here ({legal} legal moves; pick a highlighted cell)",
                crate::lang::diag::bounded(input)
            );
        }
    }
    e.to_string()
}
