//! UCI's command language: one line into a [`Command`], or why it is not one. Arguments are
//! checked for form only (a number is a number); whether a position or move makes sense is
//! the engine's question.

/// The limits of a `go` command, as given (times in milliseconds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `movetime N`: think exactly this long.
    pub movetime: Option<u64>,
    /// `depth N`.
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `wtime N`: White's clock.
    pub wtime: Option<u64>,
    /// `btime N`: Black's clock.
    pub btime: Option<u64>,
    /// `winc N`: White's increment per move.
    pub winc: Option<u64>,
    /// `binc N`: Black's increment per move.
    pub binc: Option<u64>,
    /// `movestogo N`: moves to the next time control.
    pub movestogo: Option<u64>,
    /// `infinite` (or `ponder`): think until `stop`.
    pub infinite: bool,
}

/// One command, its arguments parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `isready`.
    IsReady,
    /// `ucinewgame`.
    NewGame,
    /// `position startpos|fen FEN [moves M…]`: `fen` is `None` for the start position.
    Position {
        /// The position text, or `None` for `startpos`.
        fen: Option<String>,
        /// The moves played from it, in UCI's long algebraic form.
        moves: Vec<String>,
    },
    /// `go …`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`: the move pondered on was played; think on as for `go`.
    PonderHit,
    /// `setoption name NAME [value VALUE]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its value, if any.
        value: Option<String>,
    },
    /// `debug on|off` (accepted, changes nothing).
    Debug,
    /// `quit`.
    Quit,
}

/// Reads one line; `None` for a blank line.
pub fn parse(line: &str) -> Option<Result<Command, String>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let (name, args) = words.split_first()?;
    Some(command(name, args))
}

fn command(name: &str, args: &[&str]) -> Result<Command, String> {
    let none = |c: Command| {
        if args.is_empty() {
            Ok(c)
        } else {
            Err(format!("{name} takes no arguments"))
        }
    };
    match name {
        "uci" => none(Command::Uci),
        "isready" => none(Command::IsReady),
        "ucinewgame" => none(Command::NewGame),
        "position" => position(args),
        "go" => go(args).map(Command::Go),
        "stop" => none(Command::Stop),
        "ponderhit" => none(Command::PonderHit),
        "setoption" => set_option(args),
        "debug" => match args {
            ["on" | "off"] => Ok(Command::Debug),
            _ => Err("debug takes on or off".into()),
        },
        "quit" => none(Command::Quit),
        _ => Err(format!("unknown command '{}'", bounded(name))),
    }
}

/// A word of the input for an error message, cut short if long.
fn bounded(word: &str) -> String {
    crate::lang::diag::bounded(word)
}

fn position(args: &[&str]) -> Result<Command, String> {
    let (fen, rest) = match args.split_first() {
        Some((&"startpos", rest)) => (None, rest),
        Some((&"fen", rest)) => {
            let end = rest
                .iter()
                .position(|w| *w == "moves")
                .unwrap_or(rest.len());
            if end == 0 {
                return Err("position fen needs a position".into());
            }
            (Some(rest[..end].join(" ")), &rest[end..])
        }
        _ => return Err("position takes startpos or fen".into()),
    };
    let moves = match rest.split_first() {
        None => Vec::new(),
        Some((&"moves", moves)) => moves.iter().map(|m| m.to_string()).collect(),
        Some((w, _)) => return Err(format!("expected 'moves', found '{}'", bounded(w))),
    };
    Ok(Command::Position { fen, moves })
}

fn go(args: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        let mut number = || -> Result<u64, String> {
            let Some(w) = words.next() else {
                return Err(format!("go {word} needs a number"));
            };
            // Clocks can run below zero in some GUIs: count that as no time left.
            if let Ok(n) = w.parse::<i64>() {
                return Ok(n.max(0) as u64);
            }
            Err(format!("go {word}: '{}' is not a number", bounded(w)))
        };
        match word {
            "movetime" => go.movetime = Some(number()?),
            "depth" => go.depth = Some(number()?.min(u64::from(u32::MAX)) as u32),
            "nodes" => go.nodes = Some(number()?),
            "wtime" => go.wtime = Some(number()?),
            "btime" => go.btime = Some(number()?),
            "winc" => go.winc = Some(number()?),
            "binc" => go.binc = Some(number()?),
            "movestogo" => go.movestogo = Some(number()?),
            "infinite" | "ponder" => go.infinite = true,
            // Mate search and restricting the root moves are not offered.
            "mate" | "searchmoves" => {
                return Err(format!("go {word} is not supported"));
            }
            _ => return Err(format!("unknown go argument '{}'", bounded(word))),
        }
    }
    Ok(go)
}

fn set_option(args: &[&str]) -> Result<Command, String> {
    let Some((&"name", rest)) = args.split_first() else {
        return Err("setoption takes name NAME [value VALUE]".into());
    };
    let split = rest.iter().position(|w| *w == "value");
    let (name, value) = match split {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err("setoption needs a name".into());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(line: &str) -> Result<Command, String> {
        parse(line).expect("a command")
    }

    #[test]
    fn every_command_parses() {
        assert_eq!(cmd("uci"), Ok(Command::Uci));
        assert_eq!(cmd("isready"), Ok(Command::IsReady));
        assert_eq!(cmd("ucinewgame"), Ok(Command::NewGame));
        assert_eq!(cmd("stop"), Ok(Command::Stop));
        assert_eq!(cmd("ponderhit"), Ok(Command::PonderHit));
        assert_eq!(cmd("debug on"), Ok(Command::Debug));
        assert_eq!(cmd(" quit \r"), Ok(Command::Quit));
        assert_eq!(
            cmd("position startpos"),
            Ok(Command::Position {
                fen: None,
                moves: vec![]
            })
        );
        assert_eq!(
            cmd("position startpos moves e2e4 e7e5"),
            Ok(Command::Position {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            })
        );
        assert_eq!(
            cmd("position fen 8/P7/8/8/8/8/8/k1K5 w - - 0 1 moves a7a8q"),
            Ok(Command::Position {
                fen: Some("8/P7/8/8/8/8/8/k1K5 w - - 0 1".into()),
                moves: vec!["a7a8q".into()]
            })
        );
        assert_eq!(
            cmd("go wtime 1000 btime -5 winc 10 binc 10 movestogo 3 depth 4 nodes 99"),
            Ok(Command::Go(Go {
                wtime: Some(1000),
                btime: Some(0),
                winc: Some(10),
                binc: Some(10),
                movestogo: Some(3),
                depth: Some(4),
                nodes: Some(99),
                ..Go::default()
            }))
        );
        assert_eq!(
            cmd("go movetime 50"),
            Ok(Command::Go(Go {
                movetime: Some(50),
                ..Go::default()
            }))
        );
        assert_eq!(
            cmd("go infinite"),
            Ok(Command::Go(Go {
                infinite: true,
                ..Go::default()
            }))
        );
        assert_eq!(cmd("go"), Ok(Command::Go(Go::default())));
        assert_eq!(
            cmd("setoption name Level value 3"),
            Ok(Command::SetOption {
                name: "Level".into(),
                value: Some("3".into())
            })
        );
        assert_eq!(
            cmd("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(parse("   "), None);
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_eq!(cmd("fly"), Err("unknown command 'fly'".into()));
        assert_eq!(cmd("uci now"), Err("uci takes no arguments".into()));
        assert_eq!(
            cmd("position"),
            Err("position takes startpos or fen".into())
        );
        assert_eq!(
            cmd("position fen"),
            Err("position fen needs a position".into())
        );
        assert_eq!(
            cmd("position fen moves e2e4"),
            Err("position fen needs a position".into())
        );
        assert_eq!(
            cmd("position startpos e2e4"),
            Err("expected 'moves', found 'e2e4'".into())
        );
        assert_eq!(cmd("go depth"), Err("go depth needs a number".into()));
        assert_eq!(
            cmd("go movetime x"),
            Err("go movetime: 'x' is not a number".into())
        );
        assert_eq!(cmd("go fast"), Err("unknown go argument 'fast'".into()));
        assert_eq!(cmd("go mate 3"), Err("go mate is not supported".into()));
        assert_eq!(
            cmd("setoption Level 3"),
            Err("setoption takes name NAME [value VALUE]".into())
        );
        assert_eq!(
            cmd("setoption name value 3"),
            Err("setoption needs a name".into())
        );
        assert_eq!(cmd("debug maybe"), Err("debug takes on or off".into()));
        let long = "x".repeat(100_000);
        assert!(cmd(&long).unwrap_err().len() < 300);
    }
}
