//! The line mode's command language: one typed line into a [`Command`].

use std::path::PathBuf;

use crate::session::seat::{AiSettings, MAX_LEVEL, MIN_LEVEL};

/// A command of the line mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// An empty line.
    Nothing,
    /// A move in the game's notation (or anything that is no command).
    Move(String),
    /// `moves`: the legal moves (a long list is cut short; `all` lists every one).
    Moves {
        /// `moves all`.
        all: bool,
    },
    /// `moves <cell>`: the moves from or onto a cell.
    MovesOf(String),
    /// `undo`.
    Undo,
    /// `redo`.
    Redo,
    /// `history`.
    History,
    /// `hint [level]` or `hint time=2s` (the settings of `ai:`).
    Hint(Option<AiSettings>),
    /// `analyse [all] [level|settings]`: the AI's evaluation and line, or (`all`) every
    /// legal move scored.
    Analyse {
        /// Score every legal move.
        all: bool,
        /// The AI to ask (default: as `hint`).
        ai: Option<AiSettings>,
    },
    /// `save <file>`.
    Save(PathBuf),
    /// `load <file>`.
    Load(PathBuf),
    /// `new`.
    New,
    /// `board`: draw the board again.
    Board,
    /// `help`.
    Help,
    /// `quit`.
    Quit,
}

/// The commands, for `help` and for suggestions on typos.
pub const COMMANDS: &[(&str, &str)] = &[
    (
        "<move>",
        "play a move in the game's notation (e.g. b2, a2-a3; compact a2a3 too)",
    ),
    (
        "moves [all]",
        "list the legal moves (all of them, however many)",
    ),
    (
        "moves <cell>",
        "list the moves of the piece on a cell and mark their targets",
    ),
    ("undo", "take back the last move (and the AI's reply)"),
    ("redo", "play again a move taken back"),
    ("history", "list the moves played"),
    (
        "hint [level]",
        "ask the AI for a move (level 1-9, or time=2s, depth=N, playouts=N)",
    ),
    (
        "analyse [all] [level]",
        "the AI's evaluation and line; 'all': every move scored, best first",
    ),
    ("save <file>", "save the game record to a file"),
    ("load <file>", "load a game record"),
    ("new", "start again from the start position"),
    ("board", "draw the board again"),
    ("help", "show this help"),
    ("quit", "leave"),
];

impl Command {
    /// Reads one line. A line that is no command is a move; a command with a bad argument
    /// is an error message.
    pub fn parse(line: &str) -> Result<Command, String> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(Command::Nothing);
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        Ok(match word.to_ascii_lowercase().as_str() {
            "help" | "?" => Command::Help,
            "quit" | "exit" => Command::Quit,
            "moves" if rest.is_empty() => Command::Moves { all: false },
            "moves" if rest.eq_ignore_ascii_case("all") => Command::Moves { all: true },
            "moves" => Command::MovesOf(rest.to_string()),
            "undo" => Command::Undo,
            "redo" => Command::Redo,
            "history" => Command::History,
            "hint" if rest.is_empty() => Command::Hint(None),
            "hint" => match AiSettings::parse(rest) {
                Ok(ai) => Command::Hint(Some(ai)),
                Err(e) => {
                    return Err(format!(
                        "hint takes a level from {MIN_LEVEL} to {MAX_LEVEL} or settings such \
                         as time=2s: {e}"
                    ))
                }
            },
            "analyse" | "analyze" => {
                let (all, rest) = match rest.split_once(char::is_whitespace) {
                    _ if rest.eq_ignore_ascii_case("all") => (true, ""),
                    Some((w, r)) if w.eq_ignore_ascii_case("all") => (true, r.trim()),
                    _ => (false, rest),
                };
                let ai = if rest.is_empty() {
                    None
                } else {
                    Some(AiSettings::parse(rest).map_err(|e| {
                        format!(
                            "analyse takes 'all' and a level from {MIN_LEVEL} to {MAX_LEVEL} or \
                             settings such as time=2s: {e}"
                        )
                    })?)
                };
                Command::Analyse { all, ai }
            }
            "save" if rest.is_empty() => return Err("save needs a file name: save <file>".into()),
            "save" => Command::Save(PathBuf::from(rest)),
            "load" if rest.is_empty() => return Err("load needs a file name: load <file>".into()),
            "load" => Command::Load(PathBuf::from(rest)),
            "new" => Command::New,
            "board" | "show" => Command::Board,
            _ => Command::Move(line.to_string()),
        })
    }

    /// A command close to a mistyped word, if the word is not cell-like.
    pub fn close_to(word: &str) -> Option<&'static str> {
        if word.chars().any(|c| !c.is_ascii_alphabetic()) || word.len() < 3 || word.len() > 16 {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_commands_and_moves() {
        assert_eq!(Command::parse("  "), Ok(Command::Nothing));
        assert_eq!(Command::parse("MOVES"), Ok(Command::Moves { all: false }));
        assert_eq!(
            Command::parse("moves all"),
            Ok(Command::Moves { all: true })
        );
        assert_eq!(
            Command::parse("moves b2"),
            Ok(Command::MovesOf("b2".into()))
        );
        assert_eq!(
            Command::parse("analyse"),
            Ok(Command::Analyse {
                all: false,
                ai: None
            })
        );
        assert_eq!(
            Command::parse("analyze ALL time=1s"),
            Ok(Command::Analyse {
                all: true,
                ai: Some(AiSettings::parse("time=1s").unwrap())
            })
        );
        assert_eq!(
            Command::parse("analyse 7"),
            Ok(Command::Analyse {
                all: false,
                ai: Some(AiSettings::Level(7))
            })
        );
        assert!(Command::parse("analyse everything")
            .unwrap_err()
            .starts_with("analyse takes 'all' and a level"));
        assert_eq!(
            Command::parse("hint 3"),
            Ok(Command::Hint(Some(AiSettings::Level(3))))
        );
        assert!(Command::parse("hint 0").unwrap_err().contains("not 0"));
        assert_eq!(
            Command::parse("save g.txt"),
            Ok(Command::Save("g.txt".into()))
        );
        assert!(Command::parse("load").is_err());
        assert_eq!(Command::parse("e2 e4"), Ok(Command::Move("e2 e4".into())));
        assert_eq!(Command::close_to("hitn"), Some("hint"));
        assert_eq!(Command::close_to("b2"), None);
    }
}
