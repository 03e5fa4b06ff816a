//! The board's menu (`m`) and its history browser (`[` and `]`).
//!
//! The menu gathers what a player sets up rather than plays: a new game, another shipped
//! game, who plays each seat (a person or the computer at a level), undo, redo, a hint,
//! flipping the board, saving and loading records, help. Seats chosen here are the
//! session's, so they survive a new game and a change of game.
//!
//! The history browser shows the position after an earlier move without changing the
//! game: the board and panel draw [`BoardApp::shown_state`] instead of the live position.

use std::borrow::Cow;

use crate::engine::{Player, State};
use crate::session::{Seat, Session, MAX_LEVEL, MIN_LEVEL};
use crate::ui::command::Command;

use super::app::{BoardApp, Key, Mode};

/// One line of the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    /// Close the menu.
    Resume,
    /// Start again (the game chosen on the next line, if another).
    NewGame,
    /// Which shipped game a new game is of (←/→ to choose).
    Game,
    /// Who plays a player's seat (←/→ to change).
    Seat(Player),
    /// Take back the last move.
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Ask the AI for a move.
    Hint,
    /// Turn the board upside down.
    Flip,
    /// Save the record (asks for a file name).
    Save,
    /// Load a record (asks for a file name).
    Load,
    /// The key map.
    Help,
    /// Leave.
    Quit,
}

impl BoardApp {
    /// The menu's lines, in order.
    pub fn menu_items(&self) -> Vec<MenuItem> {
        let mut items = vec![MenuItem::Resume, MenuItem::NewGame, MenuItem::Game];
        items.extend(
            (0..self.session.game().num_players()).map(|p| MenuItem::Seat(Player(p as u8))),
        );
        items.extend([
            MenuItem::Undo,
            MenuItem::Redo,
            MenuItem::Hint,
            MenuItem::Flip,
            MenuItem::Save,
            MenuItem::Load,
            MenuItem::Help,
            MenuItem::Quit,
        ]);
        items
    }

    /// What a menu line says.
    pub fn menu_label(&self, item: MenuItem) -> String {
        let names = crate::games::shipped_names();
        match item {
            MenuItem::Resume => "resume the game".into(),
            MenuItem::NewGame => match self.chosen_game() {
                Some(name) => format!("new game of {name}"),
                None => "new game".into(),
            },
            MenuItem::Game => format!(
                "game: ‹{}›  (←/→ choose)",
                names.get(self.menu_game).copied().unwrap_or("?")
            ),
            MenuItem::Seat(p) => {
                let who = match self.session.seat(p) {
                    Seat::Human => "a person".to_string(),
                    Seat::Ai(ai) => format!("computer, {}", ai.describe()),
                };
                format!(
                    "{}: ‹{who}›  (←/→ change)",
                    self.session.game().players()[p.index()]
                )
            }
            MenuItem::Undo => "undo".into(),
            MenuItem::Redo => "redo".into(),
            MenuItem::Hint => "hint".into(),
            MenuItem::Flip => "flip the board".into(),
            MenuItem::Save => "save the record…".into(),
            MenuItem::Load => "load a record…".into(),
            MenuItem::Help => "help: the keys".into(),
            MenuItem::Quit => "quit".into(),
        }
    }

    /// The shipped game chosen in the menu, when it is not the one being played.
    fn chosen_game(&self) -> Option<&'static str> {
        let name = *crate::games::shipped_names().get(self.menu_game)?;
        (name != self.session.game_ref().0).then_some(name)
    }

    /// Opens the menu on its first line, the game chooser on the game being played.
    pub fn open_menu(&mut self) {
        let names = crate::games::shipped_names();
        if let Some(i) = names.iter().position(|&n| n == self.session.game_ref().0) {
            self.menu_game = i;
        }
        self.mode = Mode::Menu(0);
        self.message = "menu: ↑/↓ choose, ←/→ change, Enter do it, Esc close".into();
    }

    /// A key while the menu is open, on line `i`.
    pub(super) fn menu_key(&mut self, key: Key, i: usize) {
        let items = self.menu_items();
        let i = i.min(items.len() - 1);
        match key {
            Key::Up | Key::Char('k') => self.mode = Mode::Menu(i.saturating_sub(1)),
            Key::Down | Key::Char('j') => self.mode = Mode::Menu((i + 1).min(items.len() - 1)),
            Key::Left | Key::Char('h') => self.change(items[i], false),
            Key::Right | Key::Char('l') => self.change(items[i], true),
            Key::Enter | Key::Char(' ') => self.activate(items[i]),
            Key::Esc | Key::Char('m') | Key::Char('q') => {
                self.mode = Mode::Board;
                self.message = self.turn_message();
            }
            _ => {}
        }
    }

    /// ←/→ on a line that has a choice.
    fn change(&mut self, item: MenuItem, forward: bool) {
        match item {
            MenuItem::Game => {
                let n = crate::games::shipped_names().len();
                self.menu_game = if forward {
                    (self.menu_game + 1) % n
                } else {
                    (self.menu_game + n - 1) % n
                };
            }
            MenuItem::Seat(p) => {
                // human, ai:1 … ai:9, round again.
                let order: Vec<Seat> = std::iter::once(Seat::Human)
                    .chain((MIN_LEVEL..=MAX_LEVEL).map(Seat::ai))
                    .collect();
                let k = order
                    .iter()
                    .position(|&s| s == self.session.seat(p))
                    .unwrap_or(0);
                let next = if forward {
                    (k + 1) % order.len()
                } else {
                    (k + order.len() - 1) % order.len()
                };
                self.cancel_ai();
                self.session.set_seat(p, order[next]);
            }
            _ => {}
        }
    }

    /// Enter on a line.
    fn activate(&mut self, item: MenuItem) {
        self.mode = Mode::Board;
        match item {
            MenuItem::Resume => self.message = self.turn_message(),
            MenuItem::NewGame | MenuItem::Game => match self.chosen_game() {
                Some(name) => self.switch_game(name),
                None => self.run(Command::New),
            },
            MenuItem::Seat(_) => {
                self.change(item, true);
                self.mode = Mode::Menu(
                    self.menu_items()
                        .iter()
                        .position(|&x| x == item)
                        .unwrap_or(0),
                );
            }
            MenuItem::Undo => self.run(Command::Undo),
            MenuItem::Redo => self.run(Command::Redo),
            MenuItem::Hint => self.run(Command::Hint(None)),
            MenuItem::Flip => {
                self.flipped = !self.flipped;
                self.message = self.turn_message();
            }
            MenuItem::Save => {
                self.mode = Mode::Command("save ".into());
                self.message = "type the file name, then Enter".into();
            }
            MenuItem::Load => {
                self.mode = Mode::Command("load ".into());
                self.message = "type the file name, then Enter".into();
            }
            MenuItem::Help => self.mode = Mode::Help,
            MenuItem::Quit => self.quit = true,
        }
    }

    /// Starts a game of the shipped game `name`, each player keeping its seat (new seats
    /// are people).
    fn switch_game(&mut self, name: &str) {
        let game = match crate::load_shipped(name, &[]) {
            Ok(g) => g,
            Err(e) => {
                self.message = format!("cannot load {name}: {e}");
                return;
            }
        };
        self.cancel_ai();
        let seats = self.session.seats().to_vec();
        let seed = self.session.seed().wrapping_add(1);
        let session = Session::new(game, name, &[], None, &seats, seed);
        let flipped = self.flipped;
        *self = BoardApp::new(session);
        self.flipped = flipped;
        self.message = format!("new game of {name}; {}", self.turn_message());
    }

    /// The position drawn: the live one, or the one after an earlier move while browsing
    /// the history.
    pub fn shown_state(&self) -> Cow<'_, State> {
        match self.mode {
            Mode::History(k) => {
                let game = self.session.game();
                let mut s = self.session.start().clone();
                for p in &self.session.history()[..k.min(self.session.history().len())] {
                    game.make(&mut s, p.mv);
                }
                Cow::Owned(s)
            }
            _ => Cow::Borrowed(self.session.state()),
        }
    }

    /// Steps the history browser one chosen move back (`[`) or on (`]`), from the live
    /// position when not browsing; stepping past the last move goes back to the game.
    pub(super) fn browse(&mut self, back: bool) {
        let history = self.session.history();
        let len = history.len();
        let k = match self.mode {
            Mode::History(k) => k,
            _ => len,
        };
        // A stop is a position after a chosen move (or the start), not after a roll.
        let stop = |j: usize| j == 0 || !self.session.automatic(&history[j - 1].mv);
        let next = if back {
            (0..k).rev().find(|&j| stop(j))
        } else {
            (k + 1..=len).find(|&j| stop(j))
        };
        match next {
            Some(j) if j < len || back => {
                self.picked.clear();
                self.mode = Mode::History(j);
                self.message = if j == 0 {
                    "the start position: ] forward, Esc back to the game".into()
                } else {
                    format!(
                        "after {}: [ back, ] forward, Esc back to the game",
                        crate::ui::move_list::labelled(&self.session, j - 1)
                    )
                };
            }
            Some(_) | None if !back => {
                self.mode = Mode::Board;
                self.message = self.turn_message();
            }
            _ => {}
        }
    }

    /// A key while browsing the history at entry `k`.
    pub(super) fn history_key(&mut self, key: Key) {
        match key {
            Key::Char('[') | Key::Left | Key::Char('h') | Key::Up | Key::Char('k') => {
                self.browse(true)
            }
            Key::Char(']') | Key::Right | Key::Char('l') | Key::Down | Key::Char('j') => {
                self.browse(false)
            }
            Key::Char('q') | Key::Esc | Key::Enter => {
                self.mode = Mode::Board;
                self.message = self.turn_message();
            }
            _ => {}
        }
    }
}
