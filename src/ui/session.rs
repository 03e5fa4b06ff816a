//! The game loop's logic, without any input or output: a [`Session`] takes one command line
//! at a time and answers with a [`Response`]; the front-end in [`super::play`] does the
//! reading, printing and waiting.
//!
//! A session owns the game, the start position, the moves played (with an undo log and a
//! redo stack), who plays each seat, and the AI players.
//!
//! Games with dice: the session rolls for every player, people and computer alike, from its
//! own generator seeded with the session's seed, as soon as a roll is due, and plays the
//! forced pass of a player who cannot use the roll. Rolls and passes are entries of the
//! history (so records replay them) and are announced in the status lines, with extra
//! turns; a person only ever chooses among the moves of the current roll. `undo` takes back
//! the person's last move but keeps the roll it was made with.

use std::fmt;
use std::path::Path;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::ai::{bot_for_level, Bot};
use crate::engine::{CellId, Game, Move, Player, State};
use crate::engine::ending::describe_end;
use crate::ui::record::{write_atomic, Record};
use crate::ui::render::{draw, player_name, Mark, Style};

/// The AI level used when none is given.
pub const DEFAULT_LEVEL: u8 = 5;
/// The weakest AI level.
pub const MIN_LEVEL: u8 = 1;
/// The strongest AI level.
pub const MAX_LEVEL: u8 = 9;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person typing moves.
    Human,
    /// The computer, at a level from [`MIN_LEVEL`] to [`MAX_LEVEL`].
    Ai(u8),
}

impl Seat {
    /// Reads `human`, `ai` (level [`DEFAULT_LEVEL`]) or `ai:L` with L from 1 to 9.
    pub fn parse(text: &str) -> Result<Seat, String> {
        let t = text.trim().to_ascii_lowercase();
        let bad = || format!("expected 'human', 'ai' or 'ai:LEVEL' (LEVEL 1 to 9), not '{text}'");
        match t.as_str() {
            "human" => Ok(Seat::Human),
            "ai" => Ok(Seat::Ai(DEFAULT_LEVEL)),
            _ => {
                let Some(level) = t.strip_prefix("ai:") else {
                    return Err(bad());
                };
                match level.trim().parse::<i64>() {
                    Ok(l) if (i64::from(MIN_LEVEL)..=i64::from(MAX_LEVEL)).contains(&l) => {
                        Ok(Seat::Ai(l as u8))
                    }
                    Ok(l) => Err(format!(
                        "the AI level must be from {MIN_LEVEL} to {MAX_LEVEL}, not {l}"
                    )),
                    Err(_) => Err(bad()),
                }
            }
        }
    }

    /// Whether a person plays this seat.
    pub fn is_human(self) -> bool {
        self == Seat::Human
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => write!(f, "human"),
            Seat::Ai(l) => write!(f, "ai:{l}"),
        }
    }
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

/// One move of the game, as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// The move in the game's notation.
    pub text: String,
    /// Who played it.
    pub player: Player,
}

/// The commands, for `help` and for suggestions on typos.
const COMMANDS: &[(&str, &str)] = &[
    (
        "<move>",
        "play a move in the game's notation (e.g. b2, a2-a3; compact a2a3 too)",
    ),
    ("moves", "list all legal moves"),
    (
        "moves <cell>",
        "list the moves of the piece on a cell and mark their targets",
    ),
    ("undo", "take back the last move (and the AI's reply)"),
    ("redo", "play again a move taken back"),
    ("history", "list the moves played"),
    ("hint [level]", "ask the AI for a move"),
    ("save <file>", "save the game record to a file"),
    ("load <file>", "load a game record"),
    ("new", "start again from the start position"),
    ("board", "draw the board again"),
    ("help", "show this help"),
    ("quit", "leave"),
];

/// An interactive game: state, history, seats and AI players. See the module docs.
pub struct Session {
    game: Game,
    game_ref: String,
    options: Vec<(String, String)>,
    start: State,
    custom_start: bool,
    state: State,
    history: Vec<Played>,
    redo: Vec<Move>,
    seats: Vec<Seat>,
    bots: Vec<Option<Box<dyn Bot>>>,
    seed: u64,
    games_started: u64,
    color: bool,
    shown: Vec<(CellId, Mark)>,
    /// The dice of games with chance.
    dice: SmallRng,
}

/// The seed of the session's dice for its `n`-th game.
fn dice_seed(seed: u64, n: u64) -> u64 {
    (seed ^ 0xd1ce_d1ce_d1ce_d1ce).wrapping_add(n.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

impl Session {
    /// A session of `game` (loaded as `game_ref` with `options`, which `save` records),
    /// starting from `start` (`None` for the game's start position). `seats` has one entry
    /// per player (missing ones are human); `seed` makes the AI players reproducible.
    pub fn new(
        game: Game,
        game_ref: &str,
        options: &[(String, String)],
        start: Option<State>,
        seats: &[Seat],
        seed: u64,
    ) -> Session {
        let custom_start = start.is_some();
        let start = start.unwrap_or_else(|| game.start());
        let mut seats = seats.to_vec();
        seats.resize(game.num_players(), Seat::Human);
        let mut s = Session {
            state: start.clone(),
            bots: Vec::new(),
            game,
            game_ref: game_ref.to_string(),
            options: options.to_vec(),
            start,
            custom_start,
            history: Vec::new(),
            redo: Vec::new(),
            seats,
            seed,
            games_started: 0,
            color: false,
            shown: Vec::new(),
            dice: SmallRng::seed_from_u64(dice_seed(seed, 0)),
        };
        s.reset_bots();
        s.settle();
        s
    }

    /// In a game with dice: rolls while a roll is due and plays the forced pass of a player
    /// who cannot use the roll, recording both, until a player has a choice or the game is
    /// over. Nothing happens in other games.
    fn settle(&mut self) {
        if self.game.dice.is_none() {
            return;
        }
        // Bounded: a game where nobody can ever move would otherwise roll forever.
        for _ in 0..10_000 {
            if self.game.is_over(&self.state) {
                return;
            }
            if self.game.is_chance(&self.state) {
                let Some(roll) = self.game.sample_roll(self.dice.gen()) else {
                    return;
                };
                self.play(roll);
                continue;
            }
            let moves = self.game.legal_moves_vec(&self.state);
            match moves.as_slice() {
                [only] if only.is_forced_pass() => {
                    self.play(*only);
                }
                _ => return,
            }
        }
    }

    /// Whether a history entry was made by the session rather than chosen: a roll, or the
    /// forced pass of a game with dice.
    fn automatic(&self, mv: &Move) -> bool {
        mv.as_roll().is_some() || (self.game.dice.is_some() && mv.is_forced_pass())
    }

    /// Turns ANSI colours on or off in [`Session::screen`].
    pub fn set_color(&mut self, on: bool) {
        self.color = on;
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The moves played, oldest first.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// Who plays each seat.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over(&self.state)
    }

    fn seat(&self, p: Player) -> Seat {
        self.seats.get(p.index()).copied().unwrap_or(Seat::Human)
    }

    fn reset_bots(&mut self) {
        let base = self
            .seed
            .wrapping_add(self.games_started.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        self.bots = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| match seat {
                Seat::Ai(level) => Some(bot_for_level(
                    &self.game,
                    *level,
                    base.wrapping_add(i as u64 + 1),
                )),
                Seat::Human => None,
            })
            .collect();
    }

    fn name(&self, p: Player) -> String {
        player_name(&self.game, p, self.color)
    }

    /// A one-line summary: title and who plays each seat.
    pub fn intro(&self) -> String {
        let seats: Vec<String> = (0..self.game.num_players())
            .map(|i| {
                let p = Player(i as u8);
                format!("{} ({})", self.name(p), self.seat(p))
            })
            .collect();
        format!("{}: {}", self.game.title, seats.join(" vs "))
    }

    /// The seed the AI players were built from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether any seat is played by the computer.
    pub fn has_ai(&self) -> bool {
        self.seats.iter().any(|s| !s.is_human())
    }

    /// Whether any seat is played by a person.
    pub fn has_human(&self) -> bool {
        self.seats.iter().any(|s| s.is_human())
    }

    /// An example of a legal move, for the first prompt.
    pub fn example_move(&self) -> Option<String> {
        let moves = self.game.legal_moves_vec(&self.state);
        let mv = moves.get(moves.len() / 2)?;
        Some(self.game.move_to_string(&self.state, *mv))
    }

    /// The board with the last move and any shown targets marked, then the status lines.
    pub fn screen(&self) -> String {
        let mut marks = Vec::new();
        // In a game with dice, the last move chosen (not the rolls since).
        let last = if self.game.dice.is_some() {
            self.history
                .iter()
                .rev()
                .find(|p| !self.automatic(&p.mv))
                .map(|p| p.mv)
        } else {
            self.game.last_move(&self.state)
        };
        if let Some(mv) = last {
            let n = self.game.board.len();
            marks.extend(
                mv.cells()
                    .iter()
                    .filter(|&&c| (c as usize) < n)
                    .map(|&c| (c, Mark::LastMove)),
            );
        }
        marks.extend(self.shown.iter().copied());
        let style = Style {
            color: self.color,
            marks,
        };
        let mut out = draw(&self.game, &self.state, &style);
        out.push_str(&self.status());
        out
    }

    /// The status lines under the board: the last move, then whose turn it is or how the
    /// game ended.
    pub fn status(&self) -> String {
        if self.game.dice.is_some() {
            return self.dice_status();
        }
        let mut out = String::new();
        if let Some(last) = self.history.last() {
            out.push_str(&format!(
                "last move: {}. {} {}\n",
                self.history.len(),
                self.name(last.player),
                last.text
            ));
        }
        match describe_end(&self.game, &self.state) {
            Some(why) => out.push_str(&format!("game over: {why}\n")),
            None => {
                let p = self.state.to_move();
                out.push_str(&format!("{} to move", self.name(p)));
                if let Seat::Ai(l) = self.seat(p) {
                    out.push_str(&format!(" (ai level {l})"));
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
        let last = self.history.iter().rposition(|p| !self.automatic(&p.mv));
        if let Some(i) = last {
            let p = &self.history[i];
            out.push_str(&format!(
                "last move: {}. {} {}\n",
                i + 1,
                self.name(p.player),
                p.text
            ));
        }
        let after = last.map_or(0, |i| i + 1);
        let mut previous = last.map(|i| self.history[i].player);
        let mut line = String::new();
        for p in &self.history[after..] {
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
        match describe_end(&self.game, &self.state) {
            Some(why) => out.push_str(&format!("game over: {why}\n")),
            None => {
                let p = self.state.to_move();
                out.push_str(&format!("{} to move", self.name(p)));
                if let Some(r) = self.state.roll() {
                    out.push_str(&format!(" with {r}"));
                }
                if let Seat::Ai(l) = self.seat(p) {
                    out.push_str(&format!(" (ai level {l})"));
                }
                out.push('\n');
            }
        }
        out
    }

    /// The name of the player to move (coloured if colour is on).
    pub fn to_move_name(&self) -> String {
        self.name(self.state.to_move())
    }

    /// The prompt: the player to move, or `game over`.
    pub fn prompt(&self) -> String {
        if self.is_over() {
            "(game over)> ".to_string()
        } else {
            format!("{}> ", self.name(self.state.to_move()))
        }
    }

    /// Whether the computer is to move now (the game is not over and its seat is an AI).
    pub fn ai_to_move(&self) -> bool {
        !self.is_over() && !self.seat(self.state.to_move()).is_human()
    }

    /// Lets the AI to move play; returns what happened (`3. O plays b2`), or `None` if no
    /// AI is to move or it found no move.
    pub fn play_ai(&mut self) -> Option<String> {
        if !self.ai_to_move() {
            return None;
        }
        let p = self.state.to_move();
        let bot = self.bots.get_mut(p.index())?.as_mut()?;
        let mut scratch = self.state.clone();
        let mv = bot.select_move(&self.game, &mut scratch)?;
        self.redo.clear();
        let text = self.play(mv);
        let n = self.history.len();
        self.settle();
        Some(format!("{n}. {} plays {text}", self.name(p)))
    }

    /// Plays a legal move and records it; returns its notation.
    fn play(&mut self, mv: Move) -> String {
        let text = self.game.move_to_string(&self.state, mv);
        let player = self.state.to_move();
        self.game.make(&mut self.state, mv);
        self.history.push(Played {
            mv,
            text: text.clone(),
            player,
        });
        self.shown.clear();
        text
    }

    fn take_back(&mut self) -> Option<Move> {
        let played = self.history.pop()?;
        self.game.unmake(&mut self.state);
        self.shown.clear();
        Some(played.mv)
    }

    /// Handles one line of input.
    pub fn handle(&mut self, line: &str) -> Response {
        let line = line.trim();
        if line.is_empty() {
            return Response::default();
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        match word.to_ascii_lowercase().as_str() {
            "help" | "?" => Response::say(self.help()),
            "quit" | "exit" => Response {
                quit: true,
                ..Response::default()
            },
            "moves" if rest.is_empty() => Response::say(self.list_moves()),
            "moves" => self.moves_of(rest),
            "undo" => self.undo(),
            "redo" => self.redo(),
            "history" => Response::say(self.history_text()),
            "hint" => self.hint(rest),
            "save" if rest.is_empty() => Response::say("save needs a file name: save <file>"),
            "save" => Response::say(self.save(Path::new(rest))),
            "load" if rest.is_empty() => Response::say("load needs a file name: load <file>"),
            "load" => self.load(Path::new(rest)),
            "new" => self.new_game(),
            "board" | "show" => Response::redraw(""),
            _ => self.try_move(line, word),
        }
    }

    fn try_move(&mut self, line: &str, word: &str) -> Response {
        let p = self.state.to_move();
        if !self.is_over() && !self.seat(p).is_human() {
            return Response::say(format!(
                "it is {}'s turn, played by the computer",
                self.name(p)
            ));
        }
        match self.game.parse_move(&self.state, line) {
            Ok(mv) => {
                self.redo.clear();
                self.play(mv);
                self.settle();
                Response::redraw("")
            }
            Err(e) => {
                // A move the pieces could make but a `forbid` rule refuses says why.
                let mut msg = self
                    .game
                    .why_illegal(&self.state, line)
                    .unwrap_or_else(|| e.to_string());
                if let Some(cmd) = self.command_like(word) {
                    msg.push_str(&format!(
                        "\nunknown command '{word}'; did you mean '{cmd}'? (type 'help' for commands)"
                    ));
                }
                Response::say(msg)
            }
        }
    }

    /// A command close to a mistyped word, if the word is not cell-like.
    fn command_like(&self, word: &str) -> Option<&'static str> {
        if word.chars().any(|c| !c.is_ascii_alphabetic()) || word.len() < 3 {
            return None;
        }
        let w = word.to_ascii_lowercase();
        COMMANDS
            .iter()
            .filter_map(|(c, _)| c.split_whitespace().next())
            .filter(|c| !c.starts_with('<'))
            .map(|c| (strsim::levenshtein(c, &w), c))
            .filter(|(d, _)| *d <= 2)
            .min()
            .map(|(_, c)| c)
    }

    fn help(&self) -> String {
        let mut out = String::from("commands:\n");
        for (c, what) in COMMANDS {
            out.push_str(&format!("  {c:<14} {what}\n"));
        }
        out.push_str("endings:\n");
        for e in &self.game.ends {
            let who: Vec<&str> = (0..self.game.num_players())
                .filter(|p| e.players >> p & 1 == 1)
                .map(|p| self.game.players[p].as_str())
                .collect();
            let result = format!("{:?}", e.result).to_lowercase();
            out.push_str(&format!(
                "  {result} if {} for {}\n",
                e.text,
                who.join(", ")
            ));
        }
        if let Some(crate::engine::NoMoves::Result(r)) = self.game.no_moves {
            out.push_str(&format!(
                "  {} if no-moves\n",
                format!("{r:?}").to_lowercase()
            ));
        }
        out.pop();
        out
    }

    fn list_moves(&self) -> String {
        if self.is_over() {
            return "the game is over; no move can be played".into();
        }
        let moves = self.game.legal_moves_vec(&self.state);
        let texts: Vec<String> = moves
            .iter()
            .map(|&m| self.game.move_to_string(&self.state, m))
            .collect();
        let n = texts.len();
        let roll = self
            .state
            .roll()
            .map_or(String::new(), |r| format!(" with {r}"));
        format!(
            "{n} legal move{}{roll}:\n{}",
            if n == 1 { "" } else { "s" },
            wrap(&texts, 78)
        )
    }

    fn moves_of(&mut self, cell_name: &str) -> Response {
        let Some(cell) = self.game.board.cell_by_name(cell_name) else {
            return Response::say(format!("there is no cell '{cell_name}' on this board"));
        };
        if self.is_over() {
            return Response::say("the game is over; no move can be played");
        }
        let name = self.game.board.cells[cell as usize].name.clone();
        let moves = self.game.legal_moves_vec(&self.state);
        let from: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| {
                self.game.move_origin(m) == Some(cell)
            })
            .collect();
        let onto = from.is_empty();
        let chosen: Vec<Move> = if onto {
            // Placement games, or an empty cell: the moves that end on or act on the cell.
            moves
                .iter()
                .copied()
                .filter(|m| self.game.move_targets(m).contains(&cell))
                .collect()
        } else {
            from
        };
        let what = format!("{} {name}", if onto { "onto" } else { "from" });
        if chosen.is_empty() {
            let piece = self.state.at(cell);
            let why = if piece == crate::engine::EMPTY {
                format!(" or onto {name}: {name} is empty")
            } else {
                match self.game.owner(piece) {
                    Some(o) if o != self.state.to_move() => {
                        format!(
                            ": the piece on {name} is {}'s",
                            self.game.players[o.index()]
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
            .map(|&m| self.game.move_to_string(&self.state, m))
            .collect();
        texts.sort();
        self.shown.clear();
        for m in &chosen {
            if onto {
                let origin = self.game.move_origin(m);
                self.shown.extend(origin.map(|c| (c, Mark::Selected)));
            } else {
                let targets = self.game.move_targets(m);
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

    /// The index into the history of the last move a person made, if any.
    fn last_human_move(&self) -> Option<usize> {
        self.history
            .iter()
            .rposition(|p| self.seat(p.player).is_human() && !self.automatic(&p.mv))
    }

    fn undo(&mut self) -> Response {
        if self.history.is_empty() {
            return Response::say("nothing to undo");
        }
        let Some(target) = self.last_human_move() else {
            return Response::say("nothing to undo: no move was made by a person");
        };
        let (mut n, mut rolls) = (0, 0);
        while self.history.len() > target {
            if let Some(mv) = self.take_back() {
                if mv.as_roll().is_some() {
                    rolls += 1;
                } else {
                    n += 1;
                }
                self.redo.push(mv);
            }
        }
        Response::redraw(format!("took back {}", counted(n, rolls)))
    }

    fn redo(&mut self) -> Response {
        if self.redo.is_empty() {
            return Response::say("nothing to redo");
        }
        let (mut n, mut rolls) = (0, 0);
        while let Some(mv) = self.redo.pop() {
            // A redo entry was legal where it was taken back; check anyway.
            if !self.game.legal_moves_vec(&self.state).contains(&mv) {
                self.redo.clear();
                break;
            }
            self.play(mv);
            if mv.as_roll().is_some() {
                rolls += 1;
            } else {
                n += 1;
            }
            if self.is_over() {
                break;
            }
            // The recorded rolls and passes come back too, up to a person's choice.
            let due = self.redo.last().is_some_and(|m| self.automatic(m));
            if !due && self.seat(self.state.to_move()).is_human() {
                break;
            }
        }
        self.settle();
        Response::redraw(format!("replayed {}", counted(n, rolls)))
    }

    fn history_text(&self) -> String {
        let mut out = String::new();
        if self.custom_start {
            out.push_str(&format!(
                "from position {}\n",
                self.game.position_to_string(&self.start)
            ));
        }
        if self.history.is_empty() {
            out.push_str("no moves yet");
            return out;
        }
        let width = self.history.len().to_string().len();
        let lines: Vec<String> = self
            .history
            .iter()
            .enumerate()
            .map(|(i, p)| {
                format!(
                    "{:>width$}. {} {}",
                    i + 1,
                    self.game.players[p.player.index()],
                    p.text
                )
            })
            .collect();
        out.push_str(&lines.join("\n"));
        out
    }

    /// The level `hint` uses: the first AI seat's, or [`DEFAULT_LEVEL`].
    fn hint_level(&self) -> u8 {
        self.seats
            .iter()
            .find_map(|s| match s {
                Seat::Ai(l) => Some(*l),
                Seat::Human => None,
            })
            .unwrap_or(DEFAULT_LEVEL)
    }

    fn hint(&mut self, arg: &str) -> Response {
        let level = if arg.is_empty() {
            self.hint_level()
        } else {
            match Seat::parse(&format!("ai:{arg}")) {
                Ok(Seat::Ai(l)) => l,
                Ok(Seat::Human) | Err(_) => {
                    return Response::say(format!(
                        "hint takes a level from {MIN_LEVEL} to {MAX_LEVEL}, not '{arg}'"
                    ))
                }
            }
        };
        if self.is_over() {
            return Response::say("the game is over; no move can be played");
        }
        let seed = self.seed ^ (u64::from(self.state.ply()) << 32) ^ 0x6869_6e74;
        let mut bot = bot_for_level(&self.game, level, seed);
        let mut scratch = self.state.clone();
        match bot.select_move(&self.game, &mut scratch) {
            Some(mv) => Response::say(format!(
                "hint: {} (ai level {level})",
                self.game.move_to_string(&self.state, mv)
            )),
            None => Response::say("no hint: there is no legal move"),
        }
    }

    /// The game so far as a record.
    pub fn record(&self) -> Record {
        Record {
            game: self.game_ref.clone(),
            options: self.options.clone(),
            position: self
                .custom_start
                .then(|| self.game.position_to_string(&self.start)),
            moves: self.history.iter().map(|p| p.text.clone()).collect(),
        }
    }

    fn save(&self, path: &Path) -> String {
        let rec = self.record();
        match write_atomic(path, &rec.to_text()) {
            Ok(()) => format!(
                "saved {} move{} to {}",
                rec.moves.len(),
                if rec.moves.len() == 1 { "" } else { "s" },
                path.display()
            ),
            Err(e) => format!("cannot save to {}: {e}", path.display()),
        }
    }

    fn load(&mut self, path: &Path) -> Response {
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => return Response::say(format!("cannot read {}: {e}", path.display())),
        };
        let loaded = Record::parse(&text).and_then(|rec| self.load_record(&rec));
        match loaded {
            Ok(()) => Response::redraw(format!(
                "loaded {} ({} move{}) from {}",
                self.game.name,
                self.history.len(),
                if self.history.len() == 1 { "" } else { "s" },
                path.display()
            )),
            Err(e) => Response::say(format!("cannot load {}: {e}", path.display())),
        }
    }

    /// Replaces the game with a record's: its game and options, start position and moves.
    /// On error the session is left as it was.
    pub fn load_record(&mut self, rec: &Record) -> Result<(), String> {
        let game = if rec.game == self.game_ref && rec.options == self.options {
            self.game.clone()
        } else {
            crate::load(&rec.game, &rec.options).map_err(|e| e.to_string())?
        };
        let start = match &rec.position {
            Some(p) => game.parse_position(p).map_err(|e| e.to_string())?,
            None => game.start(),
        };
        let mut state = start.clone();
        let mut history = Vec::new();
        for (i, text) in rec.moves.iter().enumerate() {
            let mv = game
                .parse_move(&state, text)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
            let player = state.to_move();
            let text = game.move_to_string(&state, mv);
            game.make(&mut state, mv);
            history.push(Played { mv, text, player });
        }
        self.seats.resize(game.num_players(), Seat::Human);
        self.game = game;
        self.game_ref = rec.game.clone();
        self.options = rec.options.clone();
        self.start = start;
        self.custom_start = rec.position.is_some();
        self.state = state;
        self.history = history;
        self.redo.clear();
        self.shown.clear();
        self.games_started += 1;
        self.reset_bots();
        self.dice = SmallRng::seed_from_u64(dice_seed(self.seed, self.games_started));
        self.settle();
        Ok(())
    }

    fn new_game(&mut self) -> Response {
        self.state = self.start.clone();
        self.history.clear();
        self.redo.clear();
        self.shown.clear();
        self.games_started += 1;
        self.reset_bots();
        self.dice = SmallRng::seed_from_u64(dice_seed(self.seed, self.games_started));
        self.settle();
        Response::redraw("new game")
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

    fn session(game: &str, seats: &[Seat]) -> Session {
        let g = crate::load_shipped(game, &[]).unwrap();
        Session::new(g, game, &[], None, seats, 7)
    }

    fn humans(game: &str) -> Session {
        session(game, &[Seat::Human, Seat::Human])
    }

    #[test]
    fn seats_parse() {
        assert_eq!(Seat::parse("human"), Ok(Seat::Human));
        assert_eq!(Seat::parse("AI"), Ok(Seat::Ai(5)));
        assert_eq!(Seat::parse("ai:9"), Ok(Seat::Ai(9)));
        assert!(Seat::parse("ai:0").unwrap_err().contains("from 1 to 9"));
        assert!(Seat::parse("ai:10").unwrap_err().contains("not 10"));
        assert!(Seat::parse("robot").unwrap_err().contains("'robot'"));
        assert!(Seat::parse("ai:x").is_err());
    }

    #[test]
    fn plays_to_a_win_and_refuses_more_moves() {
        let mut s = humans("tictactoe");
        for m in ["a1", "a2", "b1", "b2", "c1"] {
            let r = s.handle(m);
            assert!(r.redraw && r.text.is_empty(), "{m}: {r:?}");
        }
        assert!(s.is_over());
        assert!(s
            .status()
            .contains("game over: X wins (three in a row: win if line(3))"));
        assert_eq!(
            s.handle("c3").text,
            "the game is over; no move can be played"
        );
        assert_eq!(s.prompt(), "(game over)> ");
        assert!(s.handle("undo").redraw);
        assert!(!s.is_over());
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
        assert_eq!(s.history().len(), 1);
        let r = s.handle("hitn");
        assert!(r.text.contains("did you mean 'hint'?"), "{r:?}");
    }

    #[test]
    fn undo_redo_and_history() {
        let mut s = humans("tictactoe");
        s.handle("b2");
        s.handle("a1");
        assert_eq!(s.handle("history").text, "1. X b2\n2. O a1");
        assert_eq!(s.handle("undo").text, "took back 1 move");
        assert_eq!(s.handle("undo").text, "took back 1 move");
        assert_eq!(s.handle("undo").text, "nothing to undo");
        assert_eq!(s.handle("history").text, "no moves yet");
        assert_eq!(s.handle("redo").text, "replayed 1 move");
        assert_eq!(s.handle("redo").text, "replayed 1 move");
        assert_eq!(s.handle("redo").text, "nothing to redo");
        assert_eq!(s.handle("history").text, "1. X b2\n2. O a1");
        s.handle("undo");
        s.handle("c3");
        assert_eq!(s.handle("redo").text, "nothing to redo");
    }

    #[test]
    fn undo_against_the_ai_takes_back_its_reply_too() {
        let mut s = session("tictactoe", &[Seat::Human, Seat::Ai(1)]);
        s.handle("b2");
        assert!(s.ai_to_move());
        assert!(s.play_ai().unwrap().starts_with("2. O plays "));
        assert_eq!(s.handle("undo").text, "took back 2 moves");
        assert_eq!(s.history().len(), 0);
        assert_eq!(s.handle("redo").text, "replayed 2 moves");
        assert_eq!(s.history().len(), 2);
        assert!(!s.ai_to_move());
    }

    #[test]
    fn ai_turns_refuse_typed_moves() {
        let mut s = session("tictactoe", &[Seat::Ai(1), Seat::Human]);
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
        assert!(r.text.starts_with("hint: ") && r.text.ends_with("(ai level 5)"));
        assert!(s.handle("hint 3").text.ends_with("(ai level 3)"));
        assert!(s.handle("hint 0").text.contains("not '0'"));
    }

    #[test]
    fn records_replay() {
        let mut s = humans("tictactoe");
        s.handle("b2");
        s.handle("a1");
        let rec = s.record();
        assert_eq!(rec.moves, vec!["b2", "a1"]);
        let mut t = humans("tictactoe");
        t.load_record(&rec).unwrap();
        assert!(t.state().same_position(s.state()));
        let bad = Record {
            moves: vec!["b2".into(), "b2".into()],
            ..rec
        };
        let err = t.load_record(&bad).unwrap_err();
        assert!(err.starts_with("move 2: 'b2' is not a legal move"), "{err}");
        assert_eq!(t.history().len(), 2);
    }

    #[test]
    fn new_starts_again_and_quit_quits() {
        let mut s = humans("tictactoe");
        s.handle("b2");
        assert_eq!(s.handle("new").text, "new game");
        assert!(s.history().is_empty());
        assert!(s.handle("quit").quit);
        assert!(s.handle("help").text.contains("win if line(3) for X, O"));
        assert_eq!(s.handle("   "), Response::default());
    }

    fn replayed(game: &str, moves: &[&str], seats: &[Seat]) -> Session {
        let mut s = session(game, seats);
        let rec = Record {
            game: game.into(),
            options: vec![],
            position: None,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        };
        s.load_record(&rec).unwrap();
        s
    }

    #[test]
    fn dice_games_roll_by_themselves() {
        let mut s = humans("ur");
        // The first roll is made at once, and only its moves are listed.
        let r = s.state().roll().expect("White has rolled");
        assert_eq!(s.history().len(), 1);
        assert_eq!(s.history()[0].text, format!("roll{r}"));
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
        assert!(s.state().roll().is_some());
        assert!(s
            .status()
            .contains(&format!("last move: 2. White {entry}\n")));
        // Undo takes back the move (and the roll after it) but keeps the roll it was made with.
        let text = s.handle("undo").text;
        assert!(text.starts_with("took back 1 move and "), "{text}");
        assert_eq!(s.state().roll(), Some(r));
        assert_eq!(s.history().len(), 1);
        assert!(s.handle("redo").text.starts_with("replayed 1 move and "));
    }

    #[test]
    fn passes_and_extra_turns_are_announced() {
        let s = replayed("ur-finkel", &["roll0"], &[Seat::Human, Seat::Human]);
        assert_eq!(s.history()[1].text, "pass");
        assert!(
            s.status()
                .contains("White rolls 0 and cannot move: passes\nBlack rolls "),
            "{}",
            s.status()
        );
        let s = replayed("ur", &["roll4", "in-a1"], &[Seat::Human, Seat::Human]);
        assert!(
            s.status()
                .contains("last move: 2. White in-a1\nWhite plays again and rolls "),
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
        let mut s = session("ur", &[Seat::Ai(3), Seat::Ai(4)]);
        let mut turns = 0;
        while s.ai_to_move() && turns < 5_000 {
            assert!(s.play_ai().is_some());
            turns += 1;
        }
        assert!(s.is_over());
        assert!(s.status().contains("game over: "), "{}", s.status());
        // The record replays, rolls and all.
        let mut t = humans("ur");
        t.load_record(&s.record()).unwrap();
        assert!(t.state().same_position(s.state()));
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
        assert_eq!(s.history().len(), 3);
    }

    #[test]
    fn wraps_long_lists() {
        let items: Vec<String> = (0..30).map(|i| format!("m{i:02}")).collect();
        let w = wrap(&items, 20);
        assert!(w.lines().all(|l| l.len() <= 20));
        assert_eq!(w.split_whitespace().count(), 30);
    }
}
