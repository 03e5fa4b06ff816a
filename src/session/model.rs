//! The game being played, with no text and no input or output: a [`Session`] takes typed
//! calls ([`Session::play`], [`Session::undo`], [`Session::redo`], [`Session::new_game`],
//! [`Session::load_record`]) and answers with typed [`Event`]s or a [`SessionError`]. Every
//! front-end (the line mode, a terminal board, a web page, an engine protocol) drives one.
//!
//! A session owns the game, the start position, the moves played (with the engine's undo log
//! and a redo stack), who plays each seat, and the AI players.
//!
//! Games with dice: the session rolls for every player, people and computer alike, from its
//! own generator seeded with the session's seed, as soon as a roll is due, and plays the
//! forced pass of a player who cannot use the roll. Rolls and passes are entries of the
//! history (so records replay them) and come back as events; a person only ever chooses
//! among the moves of the current roll. [`Session::undo`] takes back the person's last move
//! but keeps the roll it was made with.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::ai::Bot;
use crate::engine::ending::describe_end;
use crate::engine::{Game, Move, Outcome, ParseMoveError, Player, Refusal, State};
use crate::io::record::Record;

use super::seat::{AiSettings, Seat, DEFAULT_LEVEL};

/// One entry of the history: a move, roll or pass, as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// The move in the game's notation.
    pub text: String,
    /// Who played it.
    pub player: Player,
}

/// What the AI to move did, where it may resign ([`Session::play_ai_or_resign`]).
#[derive(Clone, Debug, PartialEq)]
pub enum AiTurn {
    /// It played: what happened.
    Played(Vec<Event>),
    /// It resigned the game, as this player; nothing was played.
    Resigns(Player),
}

/// What a call changed, in order, for a front-end to show.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A move was played (by a person or the computer); `ply` is its 1-based history index.
    Played {
        /// Its index in the history, from 1.
        ply: usize,
        /// The move.
        played: Played,
    },
    /// The dice were rolled for `player`; `again` when the same player moved last (an extra
    /// turn).
    Rolled {
        /// Who rolled.
        player: Player,
        /// What the dice show.
        roll: u8,
        /// Whether it is the same player's turn again.
        again: bool,
    },
    /// `player` could not use the roll and passed.
    Passed {
        /// Who passed.
        player: Player,
    },
    /// Moves (and rolls) were taken back.
    TookBack {
        /// Moves chosen by the players.
        moves: usize,
        /// Rolls of the dice.
        rolls: usize,
    },
    /// Moves (and rolls) taken back were played again.
    Replayed {
        /// Moves chosen by the players.
        moves: usize,
        /// Rolls of the dice.
        rolls: usize,
    },
    /// A new game started from the start position.
    NewGame,
    /// A record was loaded.
    Loaded {
        /// The entries of its history.
        moves: usize,
    },
    /// The game ended.
    Over {
        /// How.
        outcome: Outcome,
        /// Why, naming the ending rule (`X wins (three in a row)`).
        why: String,
    },
}

/// Why a call changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// The game is over: no move can be played.
    GameOver,
    /// The move is not legal here: the text (or the move written) and the engine's
    /// refusal, for each front-end to word in its own terms.
    Refused(ParseMoveError),
    /// Move `index` (from 1) of a record or position cannot be played.
    BadMove {
        /// Its place in the record's moves, from 1.
        index: usize,
        /// Why.
        error: ParseMoveError,
    },
    /// There is nothing to undo.
    NothingToUndo,
    /// Only computer moves (or rolls) were played: nothing a person could take back.
    NoHumanMove,
    /// There is nothing to redo.
    NothingToRedo,
    /// A record could not be loaded.
    Load(String),
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionError::GameOver => write!(f, "the game is over; no move can be played"),
            SessionError::Refused(e) => write!(f, "{e}"),
            SessionError::BadMove { index, error } => write!(f, "move {index}: {error}"),
            SessionError::NothingToUndo => write!(f, "nothing to undo"),
            SessionError::NoHumanMove => {
                write!(f, "nothing to undo: no move was made by a person")
            }
            SessionError::NothingToRedo => write!(f, "nothing to redo"),
            SessionError::Load(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SessionError {}

/// A refusal as a session error: the game being over is its own error.
fn refused(input: String, refusal: Box<Refusal>) -> SessionError {
    match *refusal {
        Refusal::GameOver => SessionError::GameOver,
        _ => SessionError::Refused(ParseMoveError { input, refusal }),
    }
}

/// The number of a move as players write it: see [`Session::move_label`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveLabel {
    /// The move's number, from 1.
    pub number: usize,
    /// Whether the move opens its number (the first player's), or answers it.
    pub opens: bool,
}

impl std::fmt::Display for MoveLabel {
    /// `3.` for a move that opens its number, `3...` for an answer written on its own.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.opens {
            write!(f, "{}.", self.number)
        } else {
            write!(f, "{}...", self.number)
        }
    }
}

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
    bots: Vec<Option<Box<dyn Bot + Send>>>,
    seed: u64,
    games_started: u64,
    /// The dice of games with chance.
    dice: SmallRng,
    /// Who played a loaded record, where and when: kept when it is saved again.
    header: crate::io::record::Header,
}

/// The seed of the session's dice for its `n`-th game.
fn dice_seed(seed: u64, n: u64) -> u64 {
    (seed ^ 0xd1ce_d1ce_d1ce_d1ce).wrapping_add(n.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

impl Session {
    /// A session of `game` (loaded as `game_ref` with `options`, which records keep),
    /// starting from `start` (`None` for the game's start position). `seats` has one entry
    /// per player (missing ones are human); `seed` makes the AI players and the dice
    /// reproducible.
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
            dice: SmallRng::seed_from_u64(dice_seed(seed, 0)),
            header: Default::default(),
        };
        s.reset_bots();
        s.settle(&mut Vec::new());
        s
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The position the game started from.
    pub fn start(&self) -> &State {
        &self.start
    }

    /// Whether the game started from a position given by the caller.
    pub fn custom_start(&self) -> bool {
        self.custom_start
    }

    /// The moves, rolls and passes played, oldest first.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// The pieces taken so far, each with how many: the pieces of other players than the
    /// mover (not ownerless ones) that a move took off the board (captured, flipped or
    /// converted), found by replaying the history, lowest piece id first.
    pub fn captured(&self) -> Vec<(crate::engine::PieceId, u32)> {
        let mut state = self.start.clone();
        let mut taken = vec![0u32; self.game.pieces().len()];
        let count = |s: &State| {
            let mut n = vec![0u32; self.game.pieces().len()];
            for c in 0..self.game.board().len() {
                if let Some(k) = n.get_mut(s.at(crate::engine::CellId::from_index(c)).index()) {
                    *k += 1;
                }
            }
            n
        };
        let mut before = count(&state);
        for p in &self.history {
            self.game.make(&mut state, p.mv);
            let after = count(&state);
            for (id, (b, a)) in before.iter().zip(&after).enumerate().skip(1) {
                let owner = self.game.owner(crate::engine::PieceId::from_index(id));
                if a < b && owner.is_some_and(|o| o != p.player) {
                    taken[id] += b - a;
                }
            }
            before = after;
        }
        taken
            .into_iter()
            .enumerate()
            .filter(|&(_, n)| n > 0)
            .map(|(id, n)| (crate::engine::PieceId::from_index(id), n))
            .collect()
    }

    /// Who plays each seat.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Who plays the seat of `p`.
    pub fn seat(&self, p: Player) -> Seat {
        self.seats.get(p.index()).copied().unwrap_or(Seat::Human)
    }

    /// The seed the AI players and dice were built from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over(&self.state)
    }

    /// Whether any seat is played by the computer.
    pub fn has_ai(&self) -> bool {
        self.seats.iter().any(|s| !s.is_human())
    }

    /// Whether any seat is played by a person.
    pub fn has_human(&self) -> bool {
        self.seats.iter().any(|s| s.is_human())
    }

    /// Whether the computer is to move now (the game is not over and its seat is an AI).
    pub fn ai_to_move(&self) -> bool {
        !self.is_over() && !self.seat(self.state.to_move()).is_human()
    }

    /// The legal moves now.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.game.legal_moves_vec(&self.state).into_iter().collect()
    }

    /// Each legal move now as the game writes it and in the compact form (`Nf3` and
    /// `g1f3`), for completing what a player types.
    pub fn move_texts(&self) -> Vec<(String, String)> {
        self.legal_moves()
            .into_iter()
            .map(|m| {
                (
                    self.game.move_to_string(&self.state, m),
                    self.game.move_to_compact(&self.state, m),
                )
            })
            .collect()
    }

    /// Whether a history entry was made by the session rather than chosen: a roll, or the
    /// forced pass of a game with dice.
    pub fn automatic(&self, mv: &Move) -> bool {
        mv.as_roll().is_some() || (self.game.dice().is_some() && mv.is_forced_pass())
    }

    /// The number of the move at `index` in the history, counting only the moves players
    /// chose (rolls of the dice and forced passes are not moves).
    pub fn move_number(&self, index: usize) -> usize {
        self.history
            .iter()
            .take(index + 1)
            .filter(|p| !self.automatic(&p.mv))
            .count()
    }

    /// History entry `index` numbered as players number moves. Where two players take
    /// turns, a move and its answer share a number, as chess writes `1. e4 e5`: the first
    /// player's move opens it (`1.`), the answer continues it (`1...` when written alone).
    /// Otherwise (more players, a player moving twice in a row) each chosen move has a
    /// number of its own. Rolls of the dice and forced passes are not moves: they share the
    /// number of the move before them.
    pub fn move_label(&self, index: usize) -> MoveLabel {
        if self.game.num_players() != 2 {
            return MoveLabel {
                number: self.move_number(index).max(1),
                opens: true,
            };
        }
        let mut label = MoveLabel {
            number: 0,
            opens: true,
        };
        let mut previous: Option<Player> = None;
        for p in self.history.iter().take(index + 1) {
            if self.automatic(&p.mv) {
                continue;
            }
            let new = match previous {
                None => true,
                Some(q) => p.player == Player(0) || q == p.player,
            };
            if new {
                label.number += 1;
            }
            // A game that starts with the second player to move opens with `1...`.
            label.opens = new && (previous.is_some() || p.player == Player(0));
            previous = Some(p.player);
        }
        label.number = label.number.max(1);
        label
    }

    /// The last move a player chose (not a roll or forced pass since), with its index in the
    /// history.
    pub fn last_choice(&self) -> Option<(usize, &Played)> {
        let i = self.history.iter().rposition(|p| !self.automatic(&p.mv))?;
        Some((i, &self.history[i]))
    }

    /// Plays a legal move, then any rolls and forced passes that follow. Clears the redo
    /// stack.
    pub fn play(&mut self, mv: Move) -> Result<Vec<Event>, SessionError> {
        let text = self.game.move_to_string(&self.state, mv);
        let player = self.state.to_move();
        self.game
            .play(&mut self.state, mv)
            .map_err(|e| refused(e.written, e.refusal))?;
        self.redo.clear();
        let mut events = Vec::new();
        self.add_to_history(mv, text, player, &mut events);
        self.settle(&mut events);
        self.announce_end(&mut events);
        Ok(events)
    }

    /// Plays the move written `text` (the game's notation, any case, or the compact form).
    /// A refusal says why in the players' terms, naming the rule that refuses it.
    pub fn play_text(&mut self, text: &str) -> Result<Vec<Event>, SessionError> {
        let mv = self.parse_move(text)?;
        self.play(mv)
    }

    /// The legal move written `text`, or why there is none.
    pub fn parse_move(&self, text: &str) -> Result<Move, SessionError> {
        self.game
            .parse_move(&self.state, text)
            .map_err(|e| refused(e.input, e.refusal))
    }

    /// Lets the AI of the seat to move choose and play its move (thinking on this thread;
    /// see [`super::ai::Thinking`] for thinking on another). `None` when no AI is to move or
    /// it found no move.
    pub fn play_ai(&mut self) -> Option<Vec<Event>> {
        match self.play_ai_or_resign(false)? {
            AiTurn::Played(events) => Some(events),
            AiTurn::Resigns(_) => None,
        }
    }

    /// [`Session::play_ai`] for a front-end whose protocol lets a player resign (GTP): when
    /// `may_resign`, the AI to move resigns instead of playing when its search judged the
    /// game lost beyond doubt ([`crate::ai::Bot::resigns`]); nothing is played then. `None`
    /// as for `play_ai`.
    pub fn play_ai_or_resign(&mut self, may_resign: bool) -> Option<AiTurn> {
        let (p, mut bot) = self.take_bot()?;
        let mut scratch = self.state.clone();
        let mv = bot.select_move(&self.game, &mut scratch);
        let resigns = may_resign && mv.is_some() && bot.resigns();
        self.return_bot(p, bot);
        if resigns {
            return Some(AiTurn::Resigns(p));
        }
        self.play(mv?).ok().map(AiTurn::Played)
    }

    /// Takes the bot of the AI to move out of the session, for thinking elsewhere; give it
    /// back with [`Session::return_bot`].
    pub fn take_bot(&mut self) -> Option<(Player, Box<dyn Bot + Send>)> {
        if !self.ai_to_move() {
            return None;
        }
        let p = self.state.to_move();
        Some((p, self.bots.get_mut(p.index())?.take()?))
    }

    /// Gives back a bot taken with [`Session::take_bot`].
    pub fn return_bot(&mut self, p: Player, bot: Box<dyn Bot + Send>) {
        if let Some(slot) = self.bots.get_mut(p.index()) {
            *slot = Some(bot);
        }
    }

    /// Sets who plays every seat (missing seats are human), with fresh AI players; the
    /// game goes on (a UCI controller's `setoption name Level`).
    pub fn set_seats(&mut self, seats: &[Seat]) {
        let mut seats = seats.to_vec();
        seats.resize(self.game.num_players(), Seat::Human);
        self.seats = seats;
        self.reset_bots();
    }

    /// A fresh AI player for the seat of `p`, in place of one that was lost.
    pub(super) fn reset_bot(&mut self, p: Player) {
        if let (Some(Seat::Ai(ai)), Some(slot)) =
            (self.seats.get(p.index()), self.bots.get_mut(p.index()))
        {
            *slot = Some(ai.bot(&self.game, self.seed ^ 0x5eed));
        }
    }

    /// A move suggested by the AI with settings `ai` (default: the first AI seat's, else
    /// level [`DEFAULT_LEVEL`]), with the settings used; `None` when there is no legal move.
    pub fn hint(&self, ai: Option<AiSettings>) -> Option<(Move, AiSettings)> {
        let ai = ai.unwrap_or_else(|| self.hint_settings());
        if self.is_over() {
            return None;
        }
        let mut bot = ai.bot(&self.game, self.hint_seed());
        let mut scratch = self.state.clone();
        bot.select_move(&self.game, &mut scratch).map(|m| (m, ai))
    }

    /// The seed of a hint's AI: the session's, varied by the ply so that hints differ
    /// from move to move but are the same for the same position of one session.
    pub(super) fn hint_seed(&self) -> u64 {
        self.seed ^ (u64::from(self.state.ply()) << 32) ^ 0x6869_6e74
    }

    /// The settings [`Session::hint`] uses by default: the first AI seat's, else level
    /// [`DEFAULT_LEVEL`].
    pub fn hint_settings(&self) -> AiSettings {
        self.seats
            .iter()
            .find_map(|s| match s {
                Seat::Ai(ai) => Some(*ai),
                Seat::Human => None,
            })
            .unwrap_or(AiSettings::Level(DEFAULT_LEVEL))
    }

    /// Takes back the last move a person made and everything after it (the computer's
    /// replies, rolls), keeping the roll that move was made with.
    pub fn undo(&mut self) -> Result<Vec<Event>, SessionError> {
        if self.history.is_empty() {
            return Err(SessionError::NothingToUndo);
        }
        let target = self
            .history
            .iter()
            .rposition(|p| self.seat(p.player).is_human() && !self.automatic(&p.mv))
            .ok_or(SessionError::NoHumanMove)?;
        Ok(vec![self.take_back_to(target)])
    }

    /// Takes back exactly the last entry of the history, whoever made it (engine protocols
    /// undo one ply).
    pub fn undo_one(&mut self) -> Result<Vec<Event>, SessionError> {
        if self.history.is_empty() {
            return Err(SessionError::NothingToUndo);
        }
        Ok(vec![self.take_back_to(self.history.len() - 1)])
    }

    fn take_back_to(&mut self, len: usize) -> Event {
        let (mut moves, mut rolls) = (0, 0);
        while self.history.len() > len {
            let Some(played) = self.history.pop() else {
                break;
            };
            self.game.unmake(&mut self.state);
            if played.mv.as_roll().is_some() {
                rolls += 1;
            } else {
                moves += 1;
            }
            self.redo.push(played.mv);
        }
        Event::TookBack { moves, rolls }
    }

    /// Plays again what [`Session::undo`] took back, up to the next choice of a person.
    pub fn redo(&mut self) -> Result<Vec<Event>, SessionError> {
        if self.redo.is_empty() {
            return Err(SessionError::NothingToRedo);
        }
        let mut ignored = Vec::new();
        let (mut moves, mut rolls) = (0, 0);
        while self.replay_next(&mut ignored, &mut moves, &mut rolls) {
            if self.is_over() {
                break;
            }
            // The recorded rolls and passes come back too, up to a person's choice.
            let due = self.redo.last().is_some_and(|m| self.automatic(m));
            if !due && self.seat(self.state.to_move()).is_human() {
                break;
            }
        }
        let mut events = vec![Event::Replayed { moves, rolls }];
        self.settle(&mut events);
        self.announce_end(&mut events);
        Ok(events)
    }

    /// Plays the next taken-back entry again, counting it among `moves` or `rolls`; false
    /// when there is none, or when it is no longer legal (then the redo stack is dropped).
    fn replay_next(
        &mut self,
        ignored: &mut Vec<Event>,
        moves: &mut usize,
        rolls: &mut usize,
    ) -> bool {
        let Some(mv) = self.redo.pop() else {
            return false;
        };
        // A redo entry was legal where it was taken back; check anyway.
        if !self.game.legal_moves_vec(&self.state).contains(&mv) {
            self.redo.clear();
            return false;
        }
        self.push(mv, ignored);
        if mv.as_roll().is_some() {
            *rolls += 1;
        } else {
            *moves += 1;
        }
        true
    }

    /// Changes who plays `player`'s seat (a person, or the computer at a level); kept by
    /// [`Session::new_game`]. An unknown player is ignored.
    pub fn set_seat(&mut self, player: Player, seat: Seat) {
        if let Some(s) = self.seats.get_mut(player.index()) {
            *s = seat;
            self.reset_bots();
        }
    }

    /// The game's name or rule file, as loaded, and the options it was loaded with.
    pub fn game_ref(&self) -> (&str, &[(String, String)]) {
        (&self.game_ref, &self.options)
    }

    /// Steps through the game for replay and analysis: takes back or replays entries (moves,
    /// rolls, passes, whoever made them) until the history has `len` entries. Entries taken
    /// back stay on the redo stack, so stepping forward again replays the same game (until a
    /// new move is played). `len` beyond the history plus the redo stack is refused.
    pub fn go_to(&mut self, len: usize) -> Result<Vec<Event>, SessionError> {
        let end = self.history.len() + self.redo.len();
        if len > end {
            return Err(SessionError::NothingToRedo);
        }
        if len <= self.history.len() {
            return Ok(vec![self.take_back_to(len)]);
        }
        let mut ignored = Vec::new();
        let (mut moves, mut rolls) = (0, 0);
        while self.history.len() < len && self.replay_next(&mut ignored, &mut moves, &mut rolls) {}
        let mut events = vec![Event::Replayed { moves, rolls }];
        self.announce_end(&mut events);
        Ok(events)
    }

    /// How many entries were taken back and not yet replayed (0 once a new move is played).
    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }

    /// The entries taken back and not yet replayed, in the order they would be replayed,
    /// in the game's notation.
    pub fn redo_texts(&self) -> Vec<String> {
        let mut state = self.state.clone();
        self.redo
            .iter()
            .rev()
            .map(|&mv| {
                let text = self.game.move_to_string(&state, mv);
                self.game.make(&mut state, mv);
                text
            })
            .collect()
    }

    /// Starts again from the start position (new dice, fresh AI players).
    pub fn new_game(&mut self) -> Vec<Event> {
        self.state = self.start.clone();
        self.history.clear();
        self.redo.clear();
        // A new game has its own players and result, not the loaded record's.
        self.header = Default::default();
        self.next_game();
        let mut events = vec![Event::NewGame];
        self.settle(&mut events);
        events
    }

    /// Replaces the game with a record's: its game and options, start position and moves.
    /// On error the session is left as it was.
    pub fn load_record(&mut self, rec: &Record) -> Result<Vec<Event>, SessionError> {
        // A record names a shipped game, or this session's own rule file: never a file to
        // read, whose first line an error message would show.
        let game = if rec.game == self.game_ref && rec.options == self.options {
            self.game.clone()
        } else {
            crate::games::load_recorded(&rec.game, &rec.options, Some(&self.game_ref))
                .map_err(|e| SessionError::Load(e.to_string()))?
        };
        let start = match &rec.position {
            Some(p) => game
                .parse_position(p)
                .map_err(|e| SessionError::Load(e.to_string()))?,
            None => game.start(),
        };
        let mut state = start.clone();
        let mut history = Vec::new();
        for (i, text) in rec.moves.iter().enumerate() {
            let mv = game
                .parse_move(&state, text)
                .map_err(|error| SessionError::BadMove {
                    index: i + 1,
                    error,
                })?;
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
        self.header = rec.header.clone();
        self.next_game();
        let mut events = vec![Event::Loaded {
            moves: self.history.len(),
        }];
        self.settle(&mut events);
        self.announce_end(&mut events);
        Ok(events)
    }

    /// Sets up the game from `position` (the game's position notation; `None` for its start
    /// position) with `moves` played from there (any notation the game reads, such as the
    /// compact `e2e4`): an engine protocol's `position fen … moves …`. On error the session
    /// is left as it was.
    pub fn set_position(
        &mut self,
        position: Option<&str>,
        moves: &[String],
    ) -> Result<Vec<Event>, SessionError> {
        let mut rec = self.record();
        rec.position = position.map(str::to_string);
        rec.moves = moves.to_vec();
        self.load_record(&rec)
    }

    /// Recompiles the game with option `name` set to `value` (as `--set name=value` would),
    /// replaying the moves played so far when `keep_moves`, else starting a new game. On
    /// error (no such option, a value the rule file refuses, a move the new rules refuse)
    /// the session is left as it was.
    pub fn set_option(
        &mut self,
        name: &str,
        value: &str,
        keep_moves: bool,
    ) -> Result<Vec<Event>, SessionError> {
        if !self.game.options().iter().any(|(n, _)| n == name) {
            return Err(SessionError::Load(format!(
                "{} has no option '{name}'",
                self.game.name()
            )));
        }
        let mut rec = self.record();
        rec.options.retain(|(n, _)| n != name);
        rec.options.push((name.to_string(), value.to_string()));
        if !keep_moves {
            rec.moves.clear();
        }
        self.load_record(&rec)
    }

    /// The position's score as the game's scoring ending counts it now (area and komi),
    /// over or not; `None` when the game does not score.
    pub fn area_score(&self) -> Option<crate::engine::AreaScore> {
        self.game.area_score(&self.state)
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
            header: self.header.clone(),
        }
    }

    /// Fresh AI players and dice for the next game of this session.
    fn next_game(&mut self) {
        self.games_started += 1;
        self.reset_bots();
        self.dice = SmallRng::seed_from_u64(dice_seed(self.seed, self.games_started));
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
                Seat::Ai(ai) => Some(ai.bot(&self.game, base.wrapping_add(i as u64 + 1))),
                Seat::Human => None,
            })
            .collect();
    }

    /// Makes a legal move and records it, with its event.
    fn push(&mut self, mv: Move, events: &mut Vec<Event>) {
        let text = self.game.move_to_string(&self.state, mv);
        let player = self.state.to_move();
        self.game.make(&mut self.state, mv);
        self.add_to_history(mv, text, player, events);
    }

    /// Adds `mv`, just made by `player` and written `text`, to the history and `events`.
    fn add_to_history(&mut self, mv: Move, text: String, player: Player, events: &mut Vec<Event>) {
        let previous = self.history.last().map(|p| p.player);
        let played = Played { mv, text, player };
        events.push(if let Some(roll) = mv.as_roll() {
            Event::Rolled {
                player,
                roll,
                again: previous == Some(player),
            }
        } else if self.automatic(&mv) {
            Event::Passed { player }
        } else {
            Event::Played {
                ply: self.history.len() + 1,
                played: played.clone(),
            }
        });
        self.history.push(played);
    }

    /// In a game with dice: rolls while a roll is due and plays the forced pass of a player
    /// who cannot use the roll, recording both, until a player has a choice or the game is
    /// over. Nothing happens in other games.
    fn settle(&mut self, events: &mut Vec<Event>) {
        if self.game.dice().is_none() {
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
                self.push(roll, events);
                continue;
            }
            let moves = self.game.legal_moves_vec(&self.state);
            match moves.as_slice() {
                [only] if only.is_forced_pass() => self.push(*only, events),
                _ => return,
            }
        }
    }

    /// Adds the ending, if the game is over now.
    fn announce_end(&self, events: &mut Vec<Event>) {
        if let (Some(outcome), Some(why)) = (
            self.game.outcome(&self.state),
            describe_end(&self.game, &self.state),
        ) {
            events.push(Event::Over { outcome, why });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(game: &str, seats: &[Seat]) -> Session {
        let g = crate::load_shipped(game, &[]).unwrap();
        Session::new(g, game, &[], None, seats, 7)
    }

    fn mv(s: &Session, text: &str) -> Move {
        s.parse_move(text).unwrap()
    }

    #[test]
    fn captured_pieces_are_counted_from_the_history() {
        let mut s = session("chess", &[Seat::Human, Seat::Human]);
        for m in ["e4", "d5", "exd5", "Qxd5", "Nc3"] {
            s.play_text(m).unwrap();
        }
        let symbols: Vec<(char, u32)> = s
            .captured()
            .iter()
            .map(|&(id, n)| (s.game().pieces()[id.index()].symbol, n))
            .collect();
        assert_eq!(symbols, [('P', 1), ('p', 1)]);
        s.undo_one().unwrap();
        s.undo_one().unwrap();
        assert_eq!(s.captured().len(), 1, "only what the history still holds");
        // Placements take nothing.
        let mut t = session("tictactoe", &[Seat::Human, Seat::Human]);
        t.play_text("b2").unwrap();
        assert!(t.captured().is_empty());
    }

    #[test]
    fn typed_calls_answer_with_events() {
        let mut s = session("tictactoe", &[Seat::Human, Seat::Human]);
        let e = s.play(mv(&s, "b2")).unwrap();
        assert!(matches!(&e[..], [Event::Played { ply: 1, played }] if played.text == "b2"));
        for m in ["a1", "b1", "a2"] {
            s.play(mv(&s, m)).unwrap();
        }
        let e = s.play(mv(&s, "b3")).unwrap();
        assert_eq!(e.len(), 2);
        assert_eq!(
            e[1],
            Event::Over {
                outcome: Outcome::Win(Player(0)),
                why: "X wins (three in a row)".into()
            }
        );
        assert_eq!(s.play_text("c3"), Err(SessionError::GameOver));
        assert_eq!(
            s.undo().unwrap(),
            vec![Event::TookBack { moves: 1, rolls: 0 }]
        );
        assert_eq!(s.redo().unwrap()[0], Event::Replayed { moves: 1, rolls: 0 });
        assert!(s.is_over());
        assert_eq!(s.new_game(), vec![Event::NewGame]);
        assert!(s.history().is_empty());
    }

    #[test]
    fn refusals_change_nothing_and_name_the_rule() {
        let mut s = session("go", &[Seat::Human, Seat::Human]);
        for m in ["a2", "b2", "b1"] {
            s.play_text(m).unwrap();
        }
        let before = s.state().clone();
        assert_eq!(
            s.play_text("a1").unwrap_err().to_string(),
            "a1 refused: suicide (its chain would have no liberty)"
        );
        assert!(s.state().same_position(&before));
        assert_eq!(s.history().len(), 3);
        // An illegal move given as a move, not text, is refused too.
        let t = session("tictactoe", &[Seat::Human, Seat::Human]);
        let b2 = mv(&t, "b2");
        let mut t = t;
        t.play(b2).unwrap();
        // Game::play judged it (the session checks nothing itself): the refusal is typed.
        match t.play(b2) {
            Err(SessionError::Refused(e)) => {
                assert!(
                    matches!(&*e.refusal, Refusal::CellTaken { cell, .. } if cell.name == "b2"),
                    "{e:?}"
                );
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(t.history().len(), 1);
    }

    #[test]
    fn dice_are_rolled_as_events_and_undo_keeps_the_roll() {
        let mut s = session("ur", &[Seat::Human, Seat::Human]);
        let r = s.state().roll().expect("White has rolled");
        assert_eq!(s.history().len(), 1);
        let entry = ["in-d1", "in-c1", "in-b1", "in-a1"][r as usize - 1];
        let e = s.play_text(entry).unwrap();
        assert!(matches!(&e[0], Event::Played { ply: 2, .. }));
        assert!(matches!(e[1], Event::Rolled { .. }));
        let e = s.undo().unwrap();
        assert!(matches!(e[0], Event::TookBack { moves: 1, rolls: 1 }));
        assert_eq!(s.state().roll(), Some(r));
        assert_eq!(
            s.undo_one().unwrap(),
            vec![Event::TookBack { moves: 0, rolls: 1 }]
        );
        assert_eq!(s.undo_one(), Err(SessionError::NothingToUndo));
    }

    #[test]
    fn the_ai_plays_its_seat_and_undo_takes_back_its_reply() {
        let mut s = session("tictactoe", &[Seat::Human, Seat::ai(1)]);
        assert!(s.play_ai().is_none());
        s.play_text("b2").unwrap();
        assert!(s.ai_to_move());
        let e = s.play_ai().unwrap();
        assert!(matches!(&e[0], Event::Played { ply: 2, played } if played.player == Player(1)));
        assert_eq!(
            s.undo().unwrap(),
            vec![Event::TookBack { moves: 2, rolls: 0 }]
        );
        let computer = session("tictactoe", &[Seat::ai(1), Seat::Human]);
        let mut computer = computer;
        computer.play_ai().unwrap();
        assert_eq!(computer.undo(), Err(SessionError::NoHumanMove));
    }

    #[test]
    fn go_to_steps_through_the_game_and_back() {
        let mut s = session("tictactoe", &[Seat::Human, Seat::Human]);
        for m in ["b2", "a1", "c3"] {
            s.play_text(m).unwrap();
        }
        s.go_to(1).unwrap();
        assert_eq!(s.history().len(), 1);
        assert_eq!(s.redo_texts(), vec!["a1", "c3"]);
        assert_eq!(s.redo_len(), 2);
        s.go_to(3).unwrap();
        assert_eq!(s.record().moves, vec!["b2", "a1", "c3"]);
        assert_eq!(s.go_to(4), Err(SessionError::NothingToRedo));
        s.go_to(0).unwrap();
        assert!(s.history().is_empty());
        // Playing another move forgets the rest.
        s.play_text("a1").unwrap();
        assert!(s.redo_texts().is_empty());
    }

    #[test]
    fn records_load_or_leave_the_session_as_it_was() {
        let mut s = session("tictactoe", &[Seat::Human, Seat::Human]);
        s.play_text("b2").unwrap();
        s.play_text("a1").unwrap();
        let rec = s.record();
        assert_eq!(rec.moves, vec!["b2", "a1"]);
        let mut t = session("tictactoe", &[Seat::Human, Seat::Human]);
        assert_eq!(
            t.load_record(&rec).unwrap(),
            vec![Event::Loaded { moves: 2 }]
        );
        assert!(t.state().same_position(s.state()));
        let bad = Record {
            moves: vec!["b2".into(), "b2".into()],
            ..rec
        };
        let err = t.load_record(&bad).unwrap_err().to_string();
        assert!(err.starts_with("move 2: 'b2' is not a legal move"), "{err}");
        assert_eq!(t.history().len(), 2);
        // A record never names a file to read, a rule file or any other.
        for name in ["/etc/passwd", "../Cargo.toml", "games/chess.game"] {
            let elsewhere = Record {
                game: name.into(),
                ..Record::default()
            };
            let err = t.load_record(&elsewhere).unwrap_err().to_string();
            assert!(
                err.starts_with(&format!(
                    "the record names the game '{name}', which is not a shipped game; \
                     a record never names a file to read"
                )),
                "{err}"
            );
            assert_eq!(t.history().len(), 2);
        }
    }

    #[test]
    fn positions_are_set_from_text_or_change_nothing() {
        let mut s = session("chess", &[Seat::ai(2), Seat::ai(2)]);
        let moves = |m: &[&str]| m.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        s.set_position(None, &moves(&["e2e4", "e7e5", "g1f3"]))
            .unwrap();
        assert_eq!(s.history()[2].text, "Nf3");
        assert!(!s.custom_start());
        let fen = "8/P7/8/8/8/8/8/k2K4 w - - 0 1";
        s.set_position(Some(fen), &moves(&["a7a8q"])).unwrap();
        assert_eq!(s.history()[0].text, "a8=Q+");
        let before = s.state().clone();
        assert!(s.set_position(Some("garbage"), &[]).is_err());
        let err = s.set_position(Some(fen), &moves(&["a7a8q", "a1a3"]));
        assert!(err.unwrap_err().to_string().starts_with("move 2:"));
        assert!(s.state().same_position(&before));
        assert_eq!(s.history().len(), 1);
        // New seats keep the game.
        s.set_seats(&[Seat::ai(3)]);
        assert_eq!(s.seats(), &[Seat::ai(3), Seat::Human]);
        assert_eq!(s.history().len(), 1);
    }

    #[test]
    fn options_change_by_recompiling_and_bad_ones_change_nothing() {
        let mut s = session("go", &[Seat::Human, Seat::Human]);
        s.play_text("e5").unwrap();
        assert_eq!(
            s.set_option("komi", "0.5", true).unwrap(),
            vec![Event::Loaded { moves: 1 }]
        );
        assert_eq!(s.area_score().unwrap().points, vec![810, 5]);
        s.set_option("size", "13", false).unwrap();
        assert_eq!(s.game().board().len(), 169);
        assert!(s.history().is_empty());
        assert_eq!(s.record().options.len(), 2);
        s.play_text("m13").unwrap();
        // Refused: an unknown option, a bad value, a move the smaller board lacks.
        for (name, value) in [("colour", "red"), ("size", "abc"), ("size", "9")] {
            assert!(s.set_option(name, value, true).is_err(), "{name}={value}");
            assert_eq!(s.game().board().len(), 169);
            assert_eq!(s.history().len(), 1);
        }
        let t = session("tictactoe", &[Seat::Human, Seat::Human]);
        assert_eq!(t.area_score(), None);
    }
}
