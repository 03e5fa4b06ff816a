//! `tabletop gtp`: the Go Text Protocol (version 2), for graphical boards such as GoGui,
//! Sabaki and HexGui and for matches against other engines.
//!
//! * [`command`]: one line into a command, or the error to answer.
//! * [`vertex`]: GTP vertices (`D4`, `c5`) and the board's cells, through its geometry.
//! * [`engine`]: each command answered by driving the [`Session`].
//!
//! This module reads lines and writes answers: `=[id] text` or `?[id] message`, each ended
//! by a blank line.

pub mod command;
pub mod engine;
mod handicap;
pub mod vertex;

use std::io::{BufRead, Read, Write};

use clap::Args;

use crate::session::{Seat, Session, DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL};

pub use engine::Engine;

/// The longest command line read whole; the rest of a longer line is skipped and the line
/// answered with an error, so a runaway line cannot fill the memory.
pub const MAX_LINE: usize = 64 * 1024;

/// The options of `tabletop gtp`.
#[derive(Args, Clone, Debug)]
pub struct GtpArgs {
    /// A shipped game's name (see `tabletop list`) or a path to a .game file.
    pub game: String,
    /// Override a game option: --set size=9 (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = crate::games::parse_set)]
    pub set: Vec<(String, String)>,
    /// The strength of `genmove`: the AI level, 1 to 9.
    #[arg(long, default_value_t = DEFAULT_LEVEL,
          value_parser = clap::value_parser!(u8).range(i64::from(MIN_LEVEL)..=i64::from(MAX_LEVEL)))]
    pub level: u8,
    /// Random seed of the AI (the same seed and commands give the same moves).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Never answer `genmove` with `resign`: play every game to its end (to score it).
    #[arg(long)]
    pub no_resign: bool,
}

/// Why `gtp` could not start: the message and the process exit code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GtpError {
    /// What went wrong.
    pub message: String,
    /// 2 for bad usage, 1 for a bad rule file.
    pub code: u8,
}

/// An engine for `args`: every seat an AI at the level asked.
pub fn engine(args: &GtpArgs) -> Result<Engine, GtpError> {
    let game = crate::load(&args.game, &args.set).map_err(|e| GtpError {
        message: e.to_string(),
        code: e.exit_code().clamp(0, 255) as u8,
    })?;
    let seats = vec![Seat::ai(args.level); game.num_players()];
    let session = Session::new(game, &args.game, &args.set, None, &seats, args.seed);
    let mut engine = Engine::new(session);
    engine.resigns = !args.no_resign;
    Ok(engine)
}

/// `tabletop gtp`: answers commands from standard input until `quit` or its end.
pub fn run(args: &GtpArgs) -> Result<(), GtpError> {
    let mut engine = engine(args)?;
    let stdin = std::io::stdin();
    // Output closed: the controller is gone, nothing left to do.
    let _ = serve(&mut engine, stdin.lock(), std::io::stdout().lock());
    Ok(())
}

/// Answers the commands read from `input` on `output`, until `quit` or the end of input.
pub fn serve(
    engine: &mut Engine,
    mut input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = input
            .by_ref()
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut buf)?;
        if n == 0 {
            return Ok(());
        }
        let request = if buf.ends_with(b"\n") || n < MAX_LINE {
            command::parse(&String::from_utf8_lossy(&buf))
        } else {
            skip_line(&mut input)?;
            Some(command::Request {
                id: None,
                command: Err(format!("line too long (over {MAX_LINE} bytes)")),
            })
        };
        let Some(request) = request else {
            continue;
        };
        let quit = request.command == Ok(command::Command::Quit);
        let reply = request.command.and_then(|c| engine.handle(&c));
        output.write_all(answer(request.id, &reply).as_bytes())?;
        output.flush()?;
        if quit {
            return Ok(());
        }
    }
}

/// Reads and drops the rest of a line.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = chunk.len();
                input.consume(n);
            }
        }
    }
}

/// A reply as the protocol writes it: `=[id] text` or `?[id] message`, then a blank line.
pub fn answer(id: Option<u64>, reply: &engine::Reply) -> String {
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    match reply {
        Ok(text) => format!("={id} {text}\n\n"),
        Err(message) => format!("?{id} {message}\n\n"),
    }
}

#[cfg(test)]
mod tests;
