//! `tabletop uci`: the Universal Chess Interface, for chess GUIs (Cute Chess, Arena,
//! Banksia) and for matches against other chess engines, over any rule file written in
//! algebraic notation (chess and its family).
//!
//! * [`command`]: one line into a command, or why it is not one.
//! * [`engine`]: each command answered by driving the [`Session`]; the search runs on the
//!   AI driver's thread.
//!
//! This module reads standard input on a thread of its own, so that `stop` and `isready`
//! are answered while the engine thinks, and writes the engine's lines.

pub mod command;
pub mod engine;

use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use clap::Args;

use crate::session::{Seat, Session, DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL};

pub use engine::{Engine, Flow};

/// The longest command line read whole; the rest of a longer line is dropped.
pub const MAX_LINE: usize = 64 * 1024;

/// How often the loop looks at the search while waiting for a command.
const POLL: Duration = Duration::from_millis(5);

/// The options of `tabletop uci`.
#[derive(Args, Clone, Debug)]
pub struct UciArgs {
    /// A game in algebraic notation: `chess`, or a path to a .game file of its family.
    pub game: String,
    /// Override a game option: --set insufficient-material=no (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = crate::games::parse_set)]
    pub set: Vec<(String, String)>,
    /// The strength: the AI level, 1 to 9 (UCI option `Level`); with a time limit from
    /// `go`, the level still caps the depth (levels 8 and 9 do not).
    #[arg(long, default_value_t = DEFAULT_LEVEL,
          value_parser = clap::value_parser!(u8).range(i64::from(MIN_LEVEL)..=i64::from(MAX_LEVEL)))]
    pub level: u8,
    /// Random seed of the AI.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Why `uci` could not start: the message and the process exit code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciError {
    /// What went wrong.
    pub message: String,
    /// 1 for a rule file that cannot be loaded or is not in algebraic notation.
    pub code: u8,
}

/// An engine for `args`; refused for a game not written in algebraic notation, whose moves
/// UCI could not name.
pub fn engine(args: &UciArgs) -> Result<Engine, UciError> {
    let game = crate::load(&args.game, &args.set).map_err(|e| UciError {
        message: e.to_string(),
        code: e.exit_code().clamp(0, 255) as u8,
    })?;
    if !game.algebraic() || game.num_players() != 2 {
        return Err(UciError {
            message: format!(
                "{} is not a chess-family game: UCI needs two players and 'notation algebraic' \
                 in the rule file (for Go, Hex and other games try 'tabletop gtp')",
                game.name()
            ),
            code: 1,
        });
    }
    let seats = vec![Seat::ai(args.level); 2];
    let session = Session::new(game, &args.game, &args.set, None, &seats, args.seed);
    Ok(Engine::new(session, args.level))
}

/// `tabletop uci`: answers commands from standard input until `quit` or its end.
pub fn run(args: &UciArgs) -> Result<(), UciError> {
    let mut engine = engine(args)?;
    let (tx, rx) = channel();
    // The reader ends with the input (or when nobody listens any more); the process ends
    // with `serve`, whatever the reader is doing.
    let spawned = std::thread::Builder::new()
        .name("tabletop-uci-input".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            while let Some(line) = read_line(&mut input) {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
    if let Err(e) = spawned {
        return Err(UciError {
            message: format!("cannot start the input thread: {e}"),
            code: 1,
        });
    }
    // Output closed: the controller is gone, nothing left to do.
    let _ = serve(&mut engine, &rx, std::io::stdout().lock());
    Ok(())
}

/// One line of input (at most [`MAX_LINE`] bytes of it; invalid UTF-8 replaced), or `None`
/// at the end of input.
pub fn read_line(input: &mut impl BufRead) -> Option<String> {
    let mut buf = Vec::new();
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if chunk.is_empty() {
            return (!buf.is_empty()).then(|| String::from_utf8_lossy(&buf).into_owned());
        }
        let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..take.min(room)]);
        input.consume(if end { take + 1 } else { take });
        if end {
            return Some(String::from_utf8_lossy(&buf).into_owned());
        }
    }
}

/// Answers the lines received on `lines` on `output`, reporting the search as it goes,
/// until `quit` or the end of input (where a search under way ends by its limits, an
/// infinite one at once, and writes its `bestmove`).
pub fn serve(
    engine: &mut Engine,
    lines: &Receiver<String>,
    mut output: impl Write,
) -> std::io::Result<()> {
    let mut out = Vec::new();
    loop {
        let line = if engine.thinking() {
            match lines.recv_timeout(POLL) {
                Ok(l) => Some(l),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match lines.recv() {
                Ok(l) => Some(l),
                Err(_) => break,
            }
        };
        let mut flow = Flow::Continue;
        if let Some(line) = line {
            flow = engine.handle_line(&line, &mut out);
        }
        engine.poll(&mut out);
        write_lines(&mut output, &mut out)?;
        if flow == Flow::Quit {
            return Ok(());
        }
    }
    // The end of input.
    engine.finish(&mut out);
    write_lines(&mut output, &mut out)
}

fn write_lines(output: &mut impl Write, lines: &mut Vec<String>) -> std::io::Result<()> {
    for l in lines.drain(..) {
        writeln!(output, "{l}")?;
    }
    output.flush()
}

#[cfg(test)]
mod tests;
