//! GTP's command language: one line into a [`Request`] (an optional id and a [`Command`]),
//! or the error to answer. Arguments are checked for form only here (a number is a number,
//! a color a color); whether they make sense in the game is the engine's question.

/// A GTP color: the player who moves first (black) or second (white).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    /// `b` or `black`.
    Black,
    /// `w` or `white`.
    White,
}

/// One command, its arguments parsed.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `protocol_version`.
    ProtocolVersion,
    /// `name`.
    Name,
    /// `version`.
    Version,
    /// `known_command NAME`.
    KnownCommand(String),
    /// `list_commands`.
    ListCommands,
    /// `boardsize N` (or `boardsize N N`).
    BoardSize(u32),
    /// `clear_board`.
    ClearBoard,
    /// `komi K`, kept as written (the rule file reads it as an option value).
    Komi(String),
    /// `play COLOR VERTEX` (the vertex may be `pass`).
    Play(Color, String),
    /// `genmove COLOR`.
    GenMove(Color),
    /// `undo`.
    Undo,
    /// `showboard`.
    ShowBoard,
    /// `final_score`.
    FinalScore,
    /// `loadsgf FILE [MOVE_NUMBER]`: the game of an SGF file, up to (not including) that move.
    LoadSgf(String, Option<usize>),
    /// `printsgf [FILE]`: the game as SGF, to the file or in the answer.
    PrintSgf(Option<String>),
    /// `fixed_handicap N`: the spec's N handicap points for this board size.
    FixedHandicap(u32),
    /// `place_free_handicap N`: the engine chooses N handicap points.
    PlaceFreeHandicap(u32),
    /// `set_free_handicap VERTEX...`: the controller's handicap points.
    SetFreeHandicap(Vec<String>),
    /// `final_status_list alive|dead|seki`.
    FinalStatusList(Status),
    /// `time_settings MAIN BYO_YOMI STONES` (seconds, seconds, stones).
    TimeSettings(u32, u32, u32),
    /// `time_left COLOR TIME STONES` (seconds left, stones left in the period, 0 in main time).
    TimeLeft(Color, u32, u32),
    /// `kgs-genmove_cleanup COLOR`: a `genmove` that takes off dead stones before passing.
    GenMoveCleanup(Color),
    /// `quit`.
    Quit,
}

/// What `final_status_list` asks for: the stones that live, die or live in seki.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// `alive`.
    Alive,
    /// `dead`.
    Dead,
    /// `seki`.
    Seki,
}

/// The commands this engine knows, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "loadsgf",
    "printsgf",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "final_status_list",
    "time_settings",
    "time_left",
    "kgs-genmove_cleanup",
    "quit",
];

/// A command line: its id, if it had one, and the command or why it is not one.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The number before the command, echoed in the answer.
    pub id: Option<u64>,
    /// The command, or the error message to answer with.
    pub command: Result<Command, String>,
}

/// Reads one line; `None` for a line with nothing to do (blank, or only a comment).
pub fn parse(line: &str) -> Option<Request> {
    // The protocol's preprocessing: control characters other than tab and newline go, tabs
    // become spaces, everything after `#` is a comment.
    let clean: String = line
        .chars()
        .filter(|c| !c.is_control() || *c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let text = clean.split('#').next().unwrap_or("");
    let mut words = text.split_whitespace().peekable();
    let first = words.peek()?;
    let id = first.parse::<u64>().ok();
    if id.is_some() {
        words.next();
    }
    let args: Vec<&str> = words.collect();
    let command = match args.split_first() {
        Some((name, rest)) => command(name, rest),
        None => Err("missing command".to_string()),
    };
    Some(Request { id, command })
}

fn command(name: &str, args: &[&str]) -> Result<Command, String> {
    let none = |c: Command| {
        if args.is_empty() {
            Ok(c)
        } else {
            Err(format!("{name} takes no arguments"))
        }
    };
    let one = || match args {
        [a] => Ok(*a),
        _ => Err(format!("{name} takes one argument")),
    };
    match name {
        "protocol_version" => none(Command::ProtocolVersion),
        "name" => none(Command::Name),
        "version" => none(Command::Version),
        "known_command" => Ok(Command::KnownCommand(one()?.to_string())),
        "list_commands" => none(Command::ListCommands),
        // Hex programs' HTP gives width and height: the same number twice is a size.
        "boardsize" => {
            let sizes = match args {
                [_] | [_, _] => args
                    .iter()
                    .map(|a| {
                        a.parse::<u32>()
                            .map_err(|_| format!("boardsize not an integer: '{a}'"))
                    })
                    .collect::<Result<Vec<_>, _>>()?,
                _ => return Err("boardsize takes one argument".to_string()),
            };
            match sizes[..] {
                [n] => Ok(Command::BoardSize(n)),
                [w, h] if w == h => Ok(Command::BoardSize(w)),
                _ => Err("unacceptable size".to_string()),
            }
        }
        "clear_board" => none(Command::ClearBoard),
        "komi" => {
            let k = one()?;
            match k.parse::<f64>() {
                Ok(v) if v.is_finite() => Ok(Command::Komi(k.to_string())),
                _ => Err("komi not a float".to_string()),
            }
        }
        "play" => match args {
            [c, v] => Ok(Command::Play(color(c)?, v.to_string())),
            _ => Err("play takes a color and a vertex".to_string()),
        },
        "genmove" => Ok(Command::GenMove(color(one()?)?)),
        "undo" => none(Command::Undo),
        "showboard" => none(Command::ShowBoard),
        "final_score" => none(Command::FinalScore),
        "loadsgf" => match args {
            [file] => Ok(Command::LoadSgf(file.to_string(), None)),
            [file, n] => match n.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(Command::LoadSgf(file.to_string(), Some(n))),
                _ => Err(format!("loadsgf move number not a positive integer: '{n}'")),
            },
            _ => Err("loadsgf takes a file and an optional move number".to_string()),
        },
        "printsgf" => match args {
            [] => Ok(Command::PrintSgf(None)),
            [file] => Ok(Command::PrintSgf(Some(file.to_string()))),
            _ => Err("printsgf takes an optional file".to_string()),
        },
        "fixed_handicap" => Ok(Command::FixedHandicap(number(name, one()?)?)),
        "place_free_handicap" => Ok(Command::PlaceFreeHandicap(number(name, one()?)?)),
        "set_free_handicap" if !args.is_empty() => Ok(Command::SetFreeHandicap(
            args.iter().map(|a| a.to_string()).collect(),
        )),
        "set_free_handicap" => Err("set_free_handicap takes a list of vertices".to_string()),
        "final_status_list" => match one()?.to_ascii_lowercase().as_str() {
            "alive" => Ok(Command::FinalStatusList(Status::Alive)),
            "dead" => Ok(Command::FinalStatusList(Status::Dead)),
            "seki" => Ok(Command::FinalStatusList(Status::Seki)),
            s => Err(format!("invalid status '{s}' (alive, dead or seki)")),
        },
        "time_settings" => match args {
            [m, b, n] => Ok(Command::TimeSettings(
                number(name, m)?,
                number(name, b)?,
                number(name, n)?,
            )),
            _ => Err("time_settings takes main time, byo-yomi time and stones".to_string()),
        },
        "time_left" => match args {
            [c, t, n] => Ok(Command::TimeLeft(
                color(c)?,
                number(name, t)?,
                number(name, n)?,
            )),
            _ => Err("time_left takes a color, a time and stones".to_string()),
        },
        "kgs-genmove_cleanup" => Ok(Command::GenMoveCleanup(color(one()?)?)),
        "quit" => none(Command::Quit),
        _ => Err("unknown command".to_string()),
    }
}

/// A whole number argument of `command`.
fn number(command: &str, text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .map_err(|_| format!("{command}: not a whole number: '{text}'"))
}

fn color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(format!("invalid color '{text}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(line: &str) -> Result<Command, String> {
        parse(line).expect("a command").command
    }

    #[test]
    fn every_command_parses() {
        assert_eq!(cmd("protocol_version"), Ok(Command::ProtocolVersion));
        assert_eq!(cmd("name"), Ok(Command::Name));
        assert_eq!(cmd("version"), Ok(Command::Version));
        assert_eq!(
            cmd("known_command play"),
            Ok(Command::KnownCommand("play".into()))
        );
        assert_eq!(cmd("list_commands"), Ok(Command::ListCommands));
        assert_eq!(cmd("boardsize 9"), Ok(Command::BoardSize(9)));
        assert_eq!(cmd("boardsize 11 11"), Ok(Command::BoardSize(11)));
        assert_eq!(cmd("clear_board"), Ok(Command::ClearBoard));
        assert_eq!(cmd("komi 6.5"), Ok(Command::Komi("6.5".into())));
        assert_eq!(
            cmd("play B d4"),
            Ok(Command::Play(Color::Black, "d4".into()))
        );
        assert_eq!(
            cmd("play white pass"),
            Ok(Command::Play(Color::White, "pass".into()))
        );
        assert_eq!(cmd("genmove w"), Ok(Command::GenMove(Color::White)));
        assert_eq!(cmd("undo"), Ok(Command::Undo));
        assert_eq!(cmd("showboard"), Ok(Command::ShowBoard));
        assert_eq!(cmd("final_score"), Ok(Command::FinalScore));
        assert_eq!(
            cmd("loadsgf g.sgf 3"),
            Ok(Command::LoadSgf("g.sgf".into(), Some(3)))
        );
        assert_eq!(
            cmd("loadsgf g.sgf"),
            Ok(Command::LoadSgf("g.sgf".into(), None))
        );
        assert_eq!(cmd("printsgf"), Ok(Command::PrintSgf(None)));
        assert_eq!(
            cmd("printsgf g.sgf"),
            Ok(Command::PrintSgf(Some("g.sgf".into())))
        );
        assert_eq!(cmd("fixed_handicap 4"), Ok(Command::FixedHandicap(4)));
        assert_eq!(
            cmd("place_free_handicap 3"),
            Ok(Command::PlaceFreeHandicap(3))
        );
        assert_eq!(
            cmd("set_free_handicap c3 g7"),
            Ok(Command::SetFreeHandicap(vec!["c3".into(), "g7".into()]))
        );
        assert_eq!(
            cmd("final_status_list dead"),
            Ok(Command::FinalStatusList(Status::Dead))
        );
        assert_eq!(
            cmd("time_settings 300 30 5"),
            Ok(Command::TimeSettings(300, 30, 5))
        );
        assert_eq!(
            cmd("time_left w 120 0"),
            Ok(Command::TimeLeft(Color::White, 120, 0))
        );
        assert_eq!(
            cmd("kgs-genmove_cleanup b"),
            Ok(Command::GenMoveCleanup(Color::Black))
        );
        assert_eq!(cmd("quit"), Ok(Command::Quit));
        assert_eq!(COMMANDS.len(), 23);
    }

    #[test]
    fn ids_comments_tabs_and_blank_lines() {
        assert_eq!(
            parse("12 genmove\tb # think"),
            Some(Request {
                id: Some(12),
                command: Ok(Command::GenMove(Color::Black))
            })
        );
        assert_eq!(parse(""), None);
        assert_eq!(parse("   \t"), None);
        assert_eq!(parse("# a comment"), None);
        assert_eq!(parse("name\r"), parse("name"));
        assert_eq!(cmd("7"), Err("missing command".into()));
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_eq!(cmd("fly"), Err("unknown command".into()));
        assert_eq!(
            cmd("boardsize abc"),
            Err("boardsize not an integer: 'abc'".into())
        );
        assert_eq!(
            cmd("boardsize -3"),
            Err("boardsize not an integer: '-3'".into())
        );
        assert_eq!(cmd("boardsize 9 13"), Err("unacceptable size".into()));
        assert_eq!(
            cmd("boardsize 9 x"),
            Err("boardsize not an integer: 'x'".into())
        );
        assert_eq!(
            cmd("boardsize 9 9 9"),
            Err("boardsize takes one argument".into())
        );
        assert_eq!(cmd("komi x"), Err("komi not a float".into()));
        assert_eq!(
            cmd("loadsgf g.sgf 0"),
            Err("loadsgf move number not a positive integer: '0'".into())
        );
        assert_eq!(
            cmd("loadsgf"),
            Err("loadsgf takes a file and an optional move number".into())
        );
        assert_eq!(cmd("komi inf"), Err("komi not a float".into()));
        assert_eq!(cmd("play x d4"), Err("invalid color 'x'".into()));
        assert_eq!(cmd("play b"), Err("play takes a color and a vertex".into()));
        assert_eq!(cmd("genmove"), Err("genmove takes one argument".into()));
        assert_eq!(cmd("name now"), Err("name takes no arguments".into()));
        assert_eq!(
            cmd("final_status_list maybe"),
            Err("invalid status 'maybe' (alive, dead or seki)".into())
        );
        assert_eq!(
            cmd("fixed_handicap two"),
            Err("fixed_handicap: not a whole number: 'two'".into())
        );
        assert_eq!(
            cmd("set_free_handicap"),
            Err("set_free_handicap takes a list of vertices".into())
        );
        assert_eq!(
            cmd("time_left b 10"),
            Err("time_left takes a color, a time and stones".into())
        );
        let long = format!("play b {}", "a".repeat(100_000));
        assert!(matches!(cmd(&long), Ok(Command::Play(Color::Black, _))));
    }
}
