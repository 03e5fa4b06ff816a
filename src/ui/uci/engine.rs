//! The UCI engine: each [`Command`] answered by driving the [`Session`] through its typed
//! calls. No rules or move parsing of its own: UCI's long algebraic moves (`e2e4`, `e7e8q`,
//! castling as the king's move `e1g1`) are the game's compact notation, which the session
//! reads; a position is the game's own position text (standard FEN for chess).
//!
//! The search runs on the shared AI [`Driver`]'s thread; the engine answers commands
//! meanwhile, and [`Engine::poll`] turns the search's progress into `info` lines and its
//! move into `bestmove`.

use std::time::Duration;

use crate::ai::{Limits, Progress, Score};
use crate::engine::{Move, State};
use crate::session::{
    Driver, Ended, Event, Seat, Session, SessionError, Tick, MAX_LEVEL, MIN_LEVEL,
};

use super::command::{Command, Go};

/// The engine's name, answered to `uci`.
pub const NAME: &str = "tabletop";

/// Time kept back from the clock for the controller's and the pipes' delays.
const OVERHEAD_MS: u64 = 30;
/// Moves assumed left in the game when the controller does not say (`movestogo`).
const MOVES_TO_GO: u64 = 30;

/// A search under way (on the driver) and the position it searches.
struct Search {
    position: State,
    /// The history's length at `go`: the move the search plays is taken back to it, so the
    /// engine's game stays the GUI's last accepted `position`.
    plies: usize,
    /// `go infinite`: `bestmove` waits for `stop` even if the search ends before.
    infinite: bool,
    stopped: bool,
    /// The move found, held back until `stop` when infinite.
    held: Option<String>,
}

/// A session driven by UCI commands.
pub struct Engine {
    session: Session,
    level: u8,
    /// The level the seats play at now: `level`, or the weakest searching level for a
    /// search with the GUI's budget at level 1.
    seat_level: u8,
    ai: Driver,
    search: Option<Search>,
}

/// What a command asked of the loop besides the lines to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read on.
    Continue,
    /// `quit`: stop reading.
    Quit,
}

impl Engine {
    /// An engine over `session`, its seats AI players at `level` (the strength of `go`
    /// with no limits, and the depth cap of searches with a time limit).
    pub fn new(mut session: Session, level: u8) -> Engine {
        let level = level.clamp(MIN_LEVEL, MAX_LEVEL);
        let seats = vec![Seat::ai(level); session.game().num_players()];
        session.set_seats(&seats);
        Engine {
            session,
            level,
            seat_level: level,
            ai: Driver::new(),
            search: None,
        }
    }

    /// The session, for looking at the game.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Whether a search is under way (or its move is held until `stop`).
    pub fn thinking(&self) -> bool {
        self.search.is_some()
    }

    /// Answers one line, appending the lines to write to `out`. Bad input answers an
    /// `info string error: …` line and changes nothing.
    pub fn handle_line(&mut self, line: &str, out: &mut Vec<String>) -> Flow {
        match super::command::parse(line) {
            None => Flow::Continue,
            Some(Ok(c)) => self.handle(&c, out),
            Some(Err(e)) => {
                out.push(error(&e));
                Flow::Continue
            }
        }
    }

    /// Answers one command, appending the lines to write to `out`.
    pub fn handle(&mut self, command: &Command, out: &mut Vec<String>) -> Flow {
        match command {
            Command::Uci => {
                out.push(format!("id name {NAME} {}", env!("CARGO_PKG_VERSION")));
                out.push("id author the tabletop authors".into());
                out.push(format!(
                    "option name Level type spin default {} min {MIN_LEVEL} max {MAX_LEVEL}",
                    self.level
                ));
                out.push("uciok".into());
            }
            Command::IsReady => out.push("readyok".into()),
            Command::Debug | Command::PonderHit => {}
            Command::Stop => self.stop(out),
            Command::Quit => {
                self.stop(out);
                return Flow::Quit;
            }
            Command::NewGame => {
                self.finish(out);
                self.session.new_game();
            }
            Command::Position { fen, moves } => {
                self.finish(out);
                if let Err(e) = self.session.set_position(fen.as_deref(), moves) {
                    out.push(error(&position_error(&e)));
                }
            }
            Command::SetOption { name, value } => {
                self.finish(out);
                if let Err(e) = self.set_option(name, value.as_deref()) {
                    out.push(error(&e));
                }
            }
            Command::Go(go) => {
                self.finish(out);
                self.go(go, out);
            }
        }
        Flow::Continue
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        if !name.eq_ignore_ascii_case("level") {
            return Err(format!(
                "unknown option '{}'",
                crate::lang::diag::bounded(name)
            ));
        }
        let value = value.unwrap_or("");
        let level = match value.trim().parse::<i64>() {
            Ok(l) if (i64::from(MIN_LEVEL)..=i64::from(MAX_LEVEL)).contains(&l) => l as u8,
            _ => {
                return Err(format!(
                    "Level must be from {MIN_LEVEL} to {MAX_LEVEL}, not '{}'",
                    crate::lang::diag::bounded(value)
                ))
            }
        };
        self.level = level;
        self.seat_level = level;
        let seats = vec![Seat::ai(level); self.session.game().num_players()];
        self.session.set_seats(&seats);
        Ok(())
    }

    /// The search's limits for `go`: a clock gives a share of the time left.
    fn limits(&self, go: &Go) -> Limits {
        let white = self.session.state().to_move().index() == 0;
        let (clock, inc) = if white {
            (go.wtime, go.winc)
        } else {
            (go.btime, go.binc)
        };
        let time = go.movetime.or_else(|| {
            clock.map(|left| {
                let share =
                    left / go.movestogo.unwrap_or(MOVES_TO_GO).max(1) + inc.unwrap_or(0) * 3 / 4;
                share.min(left.saturating_sub(OVERHEAD_MS) / 2)
            })
        });
        Limits {
            time: time.map(|ms| Duration::from_millis(ms.max(1))),
            depth: go.depth,
            nodes: go.nodes,
            infinite: go.infinite,
            stop: None,
        }
    }

    fn go(&mut self, go: &Go, out: &mut Vec<String>) {
        if self.session.is_over() {
            out.push(error("the game is over: no move to search"));
            out.push("bestmove (none)".into());
            return;
        }
        let position = self.session.state().clone();
        let limits = self.limits(go);
        // The GUI's budget rules over the level's: level 1 (a random player, which has no
        // budget) searches with the weakest searching player's settings, all replaced.
        let limited = limits.time.is_some() || limits.depth.is_some() || limits.nodes.is_some();
        let level = if limited {
            self.level.max(2)
        } else {
            self.level
        };
        if level != self.seat_level {
            self.seat_level = level;
            let seats = vec![Seat::ai(level); self.session.game().num_players()];
            self.session.set_seats(&seats);
        }
        if self.ai.start(&mut self.session, limits) {
            self.search = Some(Search {
                position,
                plies: self.session.history().len(),
                infinite: go.infinite,
                stopped: false,
                held: None,
            });
        } else {
            out.push(error("no AI player to move"));
            out.push("bestmove (none)".into());
        }
    }

    /// Stops the search, if any, and writes its `bestmove` (UCI answers every `go` with one).
    fn stop(&mut self, out: &mut Vec<String>) {
        let Some(search) = self.search.as_mut() else {
            return;
        };
        search.stopped = true;
        self.ai.stop();
        self.wait(out);
    }

    /// Lets the search, if any, end by its limits and writes its `bestmove`; an infinite
    /// search is stopped. A command that changes the game comes to this first: a GUI waits
    /// for `bestmove` (or sends `stop`) before it, and a script piping commands in one go
    /// gets each search whole.
    pub fn finish(&mut self, out: &mut Vec<String>) {
        match &self.search {
            Some(s) if s.infinite => self.stop(out),
            Some(_) => self.wait(out),
            None => {}
        }
    }

    fn wait(&mut self, out: &mut Vec<String>) {
        if self.search.is_some() {
            let tick = self.ai.wait(&mut self.session);
            self.report(tick, out);
        }
    }

    /// The search's news since the last call: `info` lines, and `bestmove` when it is over
    /// (held back after `go infinite` until `stop`).
    pub fn poll(&mut self, out: &mut Vec<String>) {
        let tick = self.ai.poll(&mut self.session);
        self.report(tick, out);
    }

    /// Writes a tick of the driver: its `info` lines, and `bestmove` once the search is over
    /// (after `go infinite`, once it is also stopped).
    fn report(&mut self, tick: Tick, out: &mut Vec<String>) {
        let Some(search) = self.search.as_mut() else {
            return;
        };
        for p in &tick.progress {
            out.push(info(&self.session, &search.position, p));
        }
        if let Some(ended) = tick.ended {
            let text = match ended {
                Ended::Played(events) => events
                    .iter()
                    .find_map(|e| match e {
                        Event::Played { played, .. } => Some(played.mv),
                        _ => None,
                    })
                    .map(|mv| uci_move(&self.session, &search.position, mv)),
                Ended::Nothing | Ended::Failed(_) => None,
            };
            search.held = Some(text.unwrap_or_else(|| "(none)".into()));
            // The move is the GUI's to play: the engine's game stays at its `position`.
            while self.session.history().len() > search.plies {
                if self.session.undo_one().is_err() {
                    break;
                }
            }
        }
        if search.held.is_none() || (search.infinite && !search.stopped) {
            return;
        }
        if let Some(best) = search.held.take() {
            out.push(format!("bestmove {best}"));
        }
        self.search = None;
    }
}

/// A move in UCI's long algebraic form: the game's compact notation (`e2e4`, `e7e8q`).
fn uci_move(session: &Session, position: &State, mv: Move) -> String {
    session.game().move_to_compact(position, mv)
}

/// An `info` line: depth, score (centipawns, or mate in moves), nodes, time and the line.
fn info(session: &Session, position: &State, p: &Progress) -> String {
    let score = match p.score {
        Score::Value(v) => format!("cp {v}"),
        // UCI counts mate in moves (of the side to move), tabletop in plies.
        Score::Mate(plies) => format!("mate {}", plies.signum() * ((plies.abs() + 1) / 2)),
        // A win chance as the centipawns that predict it (p = 1 / (1 + 10^(-cp/400))).
        Score::Chance(c) => {
            let p = (f64::from(c) / 1000.0).clamp(0.001, 0.999);
            format!("cp {}", (400.0 * (p / (1.0 - p)).log10()).round() as i32)
        }
    };
    let ms = p.elapsed.as_millis();
    let nps = (p.nodes as u128 * 1000) / ms.max(1);
    let game = session.game();
    let mut state = position.clone();
    let mut pv = Vec::new();
    for &mv in &p.pv {
        pv.push(game.move_to_compact(&state, mv));
        game.make(&mut state, mv);
    }
    format!(
        "info depth {} score {score} nodes {} nps {nps} time {ms} pv {}",
        p.depth,
        p.nodes,
        pv.join(" ")
    )
}

/// Why a `position` command was refused, as UCI's information can say it: an illegal move
/// is named by its place in the command's move list and in the compact form the
/// controller sent.
fn position_error(e: &SessionError) -> String {
    match e {
        SessionError::BadMove { index, error } => format!(
            "move {index}: illegal move {} ({})",
            crate::lang::diag::bounded(&error.input),
            error.refusal
        ),
        e => e.to_string(),
    }
}

/// An error as UCI can say it: the protocol has no error answer, only information.
fn error(message: &str) -> String {
    format!("info string error: {}", message.replace('\n', " "))
}
