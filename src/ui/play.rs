//! `tabletop play`: the interactive console front-end for any game.
//!
//! [`PlayArgs`] are the command-line options, [`run`] sets up a [`Session`] from them and
//! drives its line-mode [`Console`] with standard input and output; [`drive`] is the loop
//! itself, over any reader and writer. The game logic lives in [`super::session`].

use std::io::{IsTerminal, Write};
use std::time::Duration;

use clap::Args;

use std::path::Path;

use crate::engine::{Game, Player};
use crate::io::record::Record;
use crate::io::saved::{Format, ReadOptions};
use crate::session::{Seat, Session, DEFAULT_LEVEL};
use crate::ui::console::Console;
use crate::ui::line_input::{Edited, LineInput, Piped};

/// The options of `tabletop play`.
#[derive(Args, Clone, Debug)]
pub struct PlayArgs {
    /// A shipped game's name (see `tabletop list`), a path to a .game file, or a saved game
    /// to resume (a tabletop record, PGN or SGF, whatever its file is called).
    pub game: String,
    /// Resume the saved game in FILE (a tabletop record, PGN or SGF): a PGN file is a game of
    /// GAME; a record or SGF names its game, which must be GAME or a shipped one.
    #[arg(long, value_name = "FILE")]
    pub load: Option<std::path::PathBuf>,
    /// Override a game option: --set size=9 (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = crate::games::parse_set)]
    pub set: Vec<(String, String)>,
    /// Start from this position (position notation; see `tabletop show`).
    #[arg(long)]
    pub position: Option<String>,
    /// Who plays the player named White: human, ai or ai:LEVEL (1-9, default 5).
    #[arg(long, value_name = "SIDE", value_parser = Seat::parse)]
    pub white: Option<Seat>,
    /// Who plays the player named Black: human, ai or ai:LEVEL (1-9, default 5).
    #[arg(long, value_name = "SIDE", value_parser = Seat::parse)]
    pub black: Option<Seat>,
    /// Who plays the first seat (the player who moves first), whatever the game calls it.
    #[arg(long, value_name = "SIDE", value_parser = Seat::parse)]
    pub first: Option<Seat>,
    /// Who plays the second seat.
    #[arg(long, value_name = "SIDE", value_parser = Seat::parse)]
    pub second: Option<Seat>,
    /// Who plays a seat, by 1-based number or player name: --player 2=ai:3 (repeatable).
    /// Without any seat option the first player is human and the others are ai:5; with some,
    /// the seats not named are human.
    #[arg(long = "player", value_name = "N=SIDE", value_parser = parse_player)]
    pub player: Vec<(String, Seat)>,
    /// Random seed for the AI players (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Wait this many milliseconds before each AI move (for watching AI against AI), at most
    /// a minute.
    #[arg(long, value_name = "MS", default_value_t = 0,
          value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub delay: u64,
    /// Use the line mode even on a terminal (the full-screen board opens when standard
    /// input and output are both terminals).
    #[arg(long)]
    pub plain: bool,
    /// Show how each AI search goes while it thinks (line mode): depth or playouts, speed,
    /// score or win chance, and the line it expects. The board always shows it.
    #[arg(long)]
    pub verbose: bool,
}

/// Why the `play` command could not start, with the exit code to use (not a refused move:
/// that is the engine's [`crate::engine::PlayError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayCommandError {
    /// What went wrong.
    pub message: String,
    /// The process exit code: 2 for bad usage, 1 for a bad rule file.
    pub code: u8,
}

impl std::fmt::Display for PlayCommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for PlayCommandError {}

fn usage(message: String) -> PlayCommandError {
    PlayCommandError { message, code: 2 }
}

fn parse_player(s: &str) -> Result<(String, Seat), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), Seat::parse(v)?)),
        _ => Err(format!(
            "expected N=SIDE (a seat number or player name, then human, ai or ai:LEVEL), found '{s}'"
        )),
    }
}

/// The seat each player gets from the options; see [`PlayArgs::player`].
pub fn resolve_seats(game: &Game, args: &PlayArgs) -> Result<Vec<Seat>, PlayCommandError> {
    let n = game.num_players();
    let any = args.white.is_some()
        || args.black.is_some()
        || args.first.is_some()
        || args.second.is_some()
        || !args.player.is_empty();
    let mut seats: Vec<Seat> = (0..n)
        .map(|i| {
            if any || i == 0 {
                Seat::Human
            } else {
                Seat::ai(DEFAULT_LEVEL)
            }
        })
        .collect();
    for (flag, seat, name) in [
        ("--white", args.white, "White"),
        ("--black", args.black, "Black"),
    ] {
        if let Some(seat) = seat {
            let Some(Player(p)) = game.player_by_name(name) else {
                return Err(usage(format!(
                    "{flag}: {} has no player {name} (players: {}); use --first/--second for the seats, or --player NAME=SIDE",
                    game.title(),
                    game.players().join(", ")
                )));
            };
            seats[p as usize] = seat;
        }
    }
    for (flag, seat, i) in [("--first", args.first, 0), ("--second", args.second, 1)] {
        if let Some(seat) = seat {
            if i >= n {
                return Err(usage(format!(
                    "{flag}: {} has only {n} player{}",
                    game.title(),
                    if n == 1 { "" } else { "s" }
                )));
            }
            seats[i] = seat;
        }
    }
    for (who, seat) in &args.player {
        let index = match who.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => k - 1,
            Ok(k) => {
                return Err(usage(format!(
                    "--player: seat {k} does not exist; {} has seats 1 to {n}",
                    game.title()
                )))
            }
            Err(_) => match game.player_by_name(who) {
                Some(Player(p)) => p as usize,
                None => {
                    return Err(usage(format!(
                        "--player: {} has no player '{who}' (players: {})",
                        game.title(),
                        game.players().join(", ")
                    )))
                }
            },
        };
        seats[index] = *seat;
    }
    Ok(seats)
}

/// Whether to colour the output: standard output is a terminal and `NO_COLOR` is unset
/// (or empty, as <https://no-color.org> says).
pub fn color_enabled() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// How [`drive`] behaves.
#[derive(Clone, Copy, Debug, Default)]
pub struct DriveOptions {
    /// Print each input line after the prompt (when input is not typed at a terminal, so the
    /// output reads like a transcript).
    pub echo: bool,
    /// Wait before each AI move.
    pub delay: Duration,
    /// Show `X is thinking...` while the AI searches, then erase it (for terminals).
    pub thinking: bool,
    /// Print each progress report of the AI's search as it comes (`--verbose`).
    pub verbose: bool,
}

/// A saved game to resume: `play FILE` where FILE holds one, or `play GAME --load FILE`.
/// `None` when GAME is a game to start (a shipped name or a rule file).
fn saved_game(args: &PlayArgs) -> Result<Option<Record>, PlayCommandError> {
    let bad = |path: &Path, e: String| PlayCommandError {
        message: format!("{}: {e}", path.display()),
        code: 1,
    };
    let (path, given) = match &args.load {
        Some(file) => (file.as_path(), Some(args.game.as_str())),
        None => {
            let path = Path::new(&args.game);
            // A shipped name wins over a file of that name; a file is a saved game only
            // when its content is one (a rule file never is).
            if crate::games::shipped_source(&args.game).is_some() || !path.is_file() {
                return Ok(None);
            }
            match crate::tools::files::read_text(path) {
                Ok(text) if Format::of_text(&text).is_some() => (path, None),
                _ => return Ok(None),
            }
        }
    };
    let text = crate::tools::files::read_text(path).map_err(|e| PlayCommandError {
        message: e,
        code: 1,
    })?;
    let opts = ReadOptions {
        given,
        pgn_game: given.unwrap_or("chess"),
        pgn_options: if given.is_some() { &args.set } else { &[] },
        index: 1,
    };
    let read = crate::io::saved::read(&text, path, &opts).map_err(|e| bad(path, e))?;
    for w in &read.warnings {
        eprintln!("{}: warning: {w}", path.display());
    }
    Ok(Some(read.record))
}

/// The session `play` starts: the game GAME names, or the saved game resumed.
fn start_session(args: &PlayArgs) -> Result<Session, PlayCommandError> {
    let loading = |e: crate::compile::LoadError| PlayCommandError {
        message: e.to_string(),
        code: e.exit_code().clamp(0, 255) as u8,
    };
    let saved = saved_game(args)?;
    if saved.is_some() && args.position.is_some() {
        return Err(usage(
            "--position: a saved game starts where its record does".into(),
        ));
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let Some(rec) = saved else {
        let game = crate::load(&args.game, &args.set).map_err(loading)?;
        let start = match &args.position {
            Some(p) => Some(
                game.parse_position(p)
                    .map_err(|e| usage(format!("--position: {e}")))?,
            ),
            None => None,
        };
        let seats = resolve_seats(&game, args)?;
        return Ok(Session::new(
            game, &args.game, &args.set, start, &seats, seed,
        ));
    };
    // The record's game: a shipped one, or the rule file named as GAME (never a file the
    // record names).
    let given = args.load.is_some().then_some(args.game.as_str());
    let game = crate::games::load_recorded(&rec.game, &rec.options, given).map_err(loading)?;
    let seats = resolve_seats(&game, args)?;
    let mut session = Session::new(game, &rec.game, &rec.options, None, &seats, seed);
    session.load_record(&rec).map_err(|e| PlayCommandError {
        message: format!("cannot resume the saved game: {e}"),
        code: 1,
    })?;
    Ok(session)
}

/// Runs `tabletop play` on standard input and output.
pub fn run(args: &PlayArgs) -> Result<(), PlayCommandError> {
    let session = start_session(args)?;
    let seed = session.seed();
    if !args.plain && std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        let app = crate::ui::board::BoardApp::new(session);
        return crate::ui::board::term::run(app, color).map_err(|e| PlayCommandError {
            message: format!("the terminal failed: {e}"),
            code: 1,
        });
    }
    let mut session = Console::new(session);
    session.set_color(color_enabled());
    if session.session().has_ai() && args.seed.is_none() {
        // Print the seed so that a game can be replayed.
        println!("(AI seed {seed}; pass --seed {seed} to replay)");
    }
    let opts = DriveOptions {
        echo: !std::io::stdin().is_terminal(),
        delay: Duration::from_millis(args.delay),
        thinking: std::io::stdout().is_terminal(),
        verbose: args.verbose,
    };
    let stdout = std::io::stdout();
    let result = if std::io::stdin().is_terminal() {
        match Edited::new() {
            Ok(mut editor) => drive(&mut session, &mut editor, stdout.lock(), opts),
            Err(e) => {
                return Err(PlayCommandError {
                    message: format!("the terminal failed: {e}"),
                    code: 1,
                })
            }
        }
    } else {
        let stdin = std::io::stdin();
        drive(
            &mut session,
            &mut Piped::new(stdin.lock()),
            stdout.lock(),
            opts,
        )
    };
    match result {
        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => Err(PlayCommandError {
            message: "interrupted".into(),
            code: 130,
        }),
        // A closed output (a pipe whose reader went away) simply ends the session.
        _ => Ok(()),
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// The game loop: shows the board, lets the AI move when it is its turn, reads a command
/// per line and shows the response, until `quit` or the end of input.
pub fn drive(
    session: &mut Console,
    input: &mut dyn LineInput,
    mut out: impl Write,
    opts: DriveOptions,
) -> std::io::Result<()> {
    writeln!(out, "{}", session.intro())?;
    if session.session().has_human() {
        let example = session
            .example_move()
            .map(|m| format!("a move such as '{m}'"))
            .unwrap_or_else(|| "a move".into());
        writeln!(out, "Type {example}, or 'help' for commands.")?;
    }
    writeln!(out)?;
    write!(out, "{}", session.screen())?;
    loop {
        let mut announced_end = false;
        while session.session().ai_to_move() {
            if !opts.delay.is_zero() {
                out.flush()?;
                std::thread::sleep(opts.delay);
            }
            if opts.thinking {
                write!(out, "{} is thinking...", session.to_move_name())?;
                out.flush()?;
            }
            let played = if opts.verbose {
                if opts.thinking {
                    writeln!(out)?;
                }
                let mut failed = None;
                let played = session.play_ai_reporting(&mut |line| {
                    if failed.is_none() {
                        failed = writeln!(out, "  {line}").and_then(|()| out.flush()).err();
                    }
                });
                if let Some(e) = failed {
                    return Err(e);
                }
                played
            } else {
                session.play_ai()
            };
            if opts.thinking {
                write!(out, "\r\x1b[2K")?;
            }
            let Some(what) = played else { break };
            writeln!(out, "\n{what}")?;
            write!(out, "{}", session.screen())?;
            announced_end = true;
        }
        if announced_end && session.session().is_over() && !session.session().has_human() {
            writeln!(out, "(type 'new' to play again or 'quit' to leave)")?;
        }
        let words = || session.completion_words();
        let Some(text) = input.read_line(&session.prompt(), &words, &mut out)? else {
            writeln!(out)?;
            break;
        };
        let text = text.as_str();
        if opts.echo {
            writeln!(out, "{}", crate::lang::diag::bounded(text))?;
        }
        let r = session.handle(text);
        if !r.text.is_empty() {
            writeln!(out, "{}", r.text)?;
        }
        if r.quit {
            break;
        }
        if r.redraw {
            writeln!(out)?;
            write!(out, "{}", session.screen())?;
        }
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: PlayArgs,
    }

    fn args(line: &[&str]) -> Result<PlayArgs, clap::Error> {
        Cli::try_parse_from(std::iter::once("play").chain(line.iter().copied())).map(|c| c.args)
    }

    fn seats(line: &[&str]) -> Result<Vec<Seat>, PlayCommandError> {
        let a = args(line).unwrap();
        let g = crate::load(&a.game, &a.set).unwrap();
        resolve_seats(&g, &a)
    }

    #[test]
    fn seat_options() {
        assert_eq!(
            seats(&["tictactoe"]).unwrap(),
            vec![Seat::Human, Seat::ai(5)]
        );
        assert_eq!(
            seats(&["tictactoe", "--first", "ai"]).unwrap(),
            vec![Seat::ai(5), Seat::Human]
        );
        // Colours name the players: in Hex, Black moves first.
        assert_eq!(
            seats(&["hex", "--black", "ai:3"]).unwrap(),
            vec![Seat::ai(3), Seat::Human]
        );
        assert_eq!(
            seats(&["chess", "--black", "ai:3"]).unwrap(),
            vec![Seat::Human, Seat::ai(3)]
        );
        assert!(seats(&["tictactoe", "--white", "ai"])
            .unwrap_err()
            .message
            .contains("has no player White (players: X, O); use --first/--second"));
        assert_eq!(
            seats(&["tictactoe", "--player", "O=ai:2", "--player", "1=ai:9"]).unwrap(),
            vec![Seat::ai(9), Seat::ai(2)]
        );
        assert!(seats(&["tictactoe", "--player", "3=human"])
            .unwrap_err()
            .message
            .contains("seats 1 to 2"));
        assert!(seats(&["tictactoe", "--player", "Z=human"])
            .unwrap_err()
            .message
            .contains("no player 'Z'"));
        assert!(args(&["tictactoe", "--white", "ai:10"]).is_err());
        assert!(args(&["tictactoe", "--black", "ai:0"]).is_err());
        assert!(args(&["tictactoe", "--black", "wizard"]).is_err());
        assert!(args(&["tictactoe", "--player", "1"]).is_err());
    }

    #[test]
    fn drive_plays_from_a_reader() {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let mut s = Console::new(Session::new(
            g,
            "tictactoe",
            &[],
            None,
            &[Seat::Human; 2],
            1,
        ));
        let input = b"b2\nzz\na1\nquit\nb3\n" as &[u8];
        let mut out = Vec::new();
        let opts = DriveOptions {
            echo: true,
            ..DriveOptions::default()
        };
        drive(&mut s, &mut Piped::new(input), &mut out, opts).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("X> b2\n"), "{out}");
        assert!(
            out.contains("O> zz\n'zz' is not a legal move here"),
            "{out}"
        );
        assert!(out.ends_with("X> quit\n"), "{out}");
        assert_eq!(s.session().history().len(), 2);
    }

    #[test]
    fn drive_plays_ai_against_ai_to_the_end() {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let mut s = Console::new(Session::new(
            g,
            "tictactoe",
            &[],
            None,
            &[Seat::ai(1); 2],
            3,
        ));
        let mut out = Vec::new();
        drive(
            &mut s,
            &mut Piped::new(&b""[..]),
            &mut out,
            DriveOptions::default(),
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(s.session().is_over());
        assert!(out.contains("game over: "), "{out}");
        assert!(out.contains("1. X plays "), "{out}");
    }
}
