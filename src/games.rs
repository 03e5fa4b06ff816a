//! Shipped games, embedded in the binary, and loading a game by name or path.

use crate::compile::{compile_source, LoadError};
use crate::engine::Game;

/// The shipped rule files: (name, source).
pub const SHIPPED: &[(&str, &str)] = &[
    ("tictactoe", include_str!("../games/tictactoe.game")),
    ("connect4", include_str!("../games/connect4.game")),
    ("breakthrough", include_str!("../games/breakthrough.game")),
    ("hex", include_str!("../games/hex.game")),
    ("intellector", include_str!("../games/intellector.game")),
    ("nex", include_str!("../games/nex.game")),
    ("ur", include_str!("../games/ur.game")),
    ("ur-finkel", include_str!("../games/ur-finkel.game")),
    ("chess", include_str!("../games/chess.game")),
    ("draughts", include_str!("../games/draughts.game")),
    ("reversi", include_str!("../games/reversi.game")),
    ("go", include_str!("../games/go.game")),
    ("morris", include_str!("../games/morris.game")),
    ("gomoku", include_str!("../games/gomoku.game")),
    ("connect6", include_str!("../games/connect6.game")),
    ("amazons", include_str!("../games/amazons.game")),
    ("xiangqi", include_str!("../games/xiangqi.game")),
    ("loa", include_str!("../games/loa.game")),
    (
        "international-draughts",
        include_str!("../games/international-draughts.game"),
    ),
    ("shogi", include_str!("../games/shogi.game")),
    ("minishogi", include_str!("../games/minishogi.game")),
    ("backgammon", include_str!("../games/backgammon.game")),
    (
        "russian-draughts",
        include_str!("../games/russian-draughts.game"),
    ),
    ("tablut", include_str!("../games/tablut.game")),
    ("ataxx", include_str!("../games/ataxx.game")),
    ("hasami-shogi", include_str!("../games/hasami-shogi.game")),
    ("kalah", include_str!("../games/kalah.game")),
];

/// The scenario files of the shipped games (`games/<name>.test`): (name, source).
pub const SHIPPED_TESTS: &[(&str, &str)] = &[
    ("tictactoe", include_str!("../games/tictactoe.test")),
    ("connect4", include_str!("../games/connect4.test")),
    ("breakthrough", include_str!("../games/breakthrough.test")),
    ("hex", include_str!("../games/hex.test")),
    ("intellector", include_str!("../games/intellector.test")),
    ("nex", include_str!("../games/nex.test")),
    ("ur", include_str!("../games/ur.test")),
    ("ur-finkel", include_str!("../games/ur-finkel.test")),
    ("chess", include_str!("../games/chess.test")),
    ("draughts", include_str!("../games/draughts.test")),
    ("reversi", include_str!("../games/reversi.test")),
    ("go", include_str!("../games/go.test")),
    ("morris", include_str!("../games/morris.test")),
    ("gomoku", include_str!("../games/gomoku.test")),
    ("connect6", include_str!("../games/connect6.test")),
    ("amazons", include_str!("../games/amazons.test")),
    ("xiangqi", include_str!("../games/xiangqi.test")),
    ("loa", include_str!("../games/loa.test")),
    (
        "international-draughts",
        include_str!("../games/international-draughts.test"),
    ),
    ("shogi", include_str!("../games/shogi.test")),
    ("minishogi", include_str!("../games/minishogi.test")),
    ("backgammon", include_str!("../games/backgammon.test")),
    (
        "russian-draughts",
        include_str!("../games/russian-draughts.test"),
    ),
    ("tablut", include_str!("../games/tablut.test")),
    ("ataxx", include_str!("../games/ataxx.test")),
    ("hasami-shogi", include_str!("../games/hasami-shogi.test")),
    ("kalah", include_str!("../games/kalah.test")),
];

/// The scenario file of a shipped game.
pub fn shipped_tests(name: &str) -> Option<&'static str> {
    SHIPPED_TESTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| *s)
}

/// The names of the shipped games.
pub fn shipped_names() -> Vec<&'static str> {
    SHIPPED.iter().map(|(n, _)| *n).collect()
}

/// The source text of a shipped game.
pub fn shipped_source(name: &str) -> Option<&'static str> {
    SHIPPED.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

/// Compiles a shipped game.
pub fn load_shipped(name: &str, overrides: &[(String, String)]) -> Result<Game, LoadError> {
    match shipped_source(name) {
        Some(src) => compile_source(name, &format!("games/{name}.game"), src, overrides),
        None => Err(unknown(name)),
    }
}

/// The error for a name that is neither a shipped game nor a file, with a suggestion.
pub(crate) fn unknown(name: &str) -> LoadError {
    let names = shipped_names();
    let mut msg =
        format!("unknown game '{name}': not a shipped game and not a readable .game file");
    if let Some(c) = crate::lang::diag::closest(name, names.iter().copied()) {
        msg.push_str(&format!("; did you mean '{c}'?"));
    }
    msg.push_str(&format!("\nshipped games: {}", names.join(", ")));
    LoadError::Usage(msg)
}

/// Option overrides written as literals (`&[("size", "5")]`) in the owned form [`load`]
/// takes, as `--set size=5` gives them.
///
/// ```
/// let hex = tabletop::load("hex", &tabletop::option_pairs(&[("size", "5")])).unwrap();
/// assert_eq!(hex.legal_moves_vec(&hex.start()).len(), 25);
/// ```
pub fn option_pairs(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// [`load`] with the options as string pairs (`&[("size", "5")]`), for the unit tests.
#[cfg(test)]
pub(crate) fn load_with(name: &str, sets: &[(&str, &str)]) -> Game {
    load(name, &option_pairs(sets)).expect("the game compiles")
}

/// Loads a game given as a shipped name or a path to a `.game` file.
pub fn load(name_or_path: &str, overrides: &[(String, String)]) -> Result<Game, LoadError> {
    if shipped_source(name_or_path).is_some() {
        return load_shipped(name_or_path, overrides);
    }
    let path = std::path::Path::new(name_or_path);
    if path.exists() {
        let src = read_rule_file(path, name_or_path)?;
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("game");
        return compile_source(stem, name_or_path, &src, overrides);
    }
    Err(unknown(name_or_path))
}

/// Loads the game a record names: a tabletop record's `game` line, an SGF's `TG` or `GM`,
/// a PGN's game, a shard summary's game. A record is data from anywhere, so its name is
/// never a path to open (a system file's first line would come back in an error): it is a
/// shipped game's name, or exactly `given`, the rule file the user named on the command
/// line (or the page uploaded itself). Every entry point that reads records resolves their
/// game here.
///
/// ```
/// let e = tabletop::games::load_recorded("/etc/passwd", &[], None).unwrap_err();
/// assert!(e.to_string().contains("never names a file"));
/// assert!(tabletop::games::load_recorded("hex", &[], None).is_ok());
/// ```
pub fn load_recorded(
    name: &str,
    overrides: &[(String, String)],
    given: Option<&str>,
) -> Result<Game, LoadError> {
    // The options come from the record too: one it names wrongly is bad input (exit 1).
    let as_record = |e: LoadError| match e {
        LoadError::Usage(m) => LoadError::Record(m),
        e => e,
    };
    if shipped_source(name).is_some() {
        return load_shipped(name, overrides).map_err(as_record);
    }
    if given == Some(name) {
        return load(name, overrides).map_err(as_record);
    }
    let shown = crate::lang::diag::bounded(name);
    let names = shipped_names();
    let mut msg = format!(
        "the record names the game '{shown}', which is not a shipped game; a record never names \
         a file to read"
    );
    if let Some(c) = crate::lang::diag::closest(name, names.iter().copied()) {
        msg.push_str(&format!(" (did you mean '{c}'?)"));
    }
    msg.push_str(
        ": for a game of your own, name its rule file on the command line \
         (`tabletop play FILE.game`, then load the record)",
    );
    Err(LoadError::Record(msg))
}

/// A rule file's text: a regular file of at most [`crate::lang::MAX_SOURCE`] bytes, in
/// UTF-8. Invalid UTF-8 is a rule-file error at the first bad byte (its line, column and
/// byte offset), not a usage error.
fn read_rule_file(path: &std::path::Path, shown: &str) -> Result<String, LoadError> {
    let meta = std::fs::metadata(path)
        .map_err(|e| LoadError::Usage(format!("cannot read '{shown}': {e}")))?;
    if meta.is_dir() {
        return Err(LoadError::Usage(format!(
            "'{shown}' is a folder, not a rule file"
        )));
    }
    if !meta.is_file() {
        return Err(LoadError::Usage(format!("'{shown}' is not a regular file")));
    }
    if meta.len() > crate::lang::MAX_SOURCE as u64 {
        return Err(LoadError::Rules {
            file: shown.to_string(),
            source: String::new(),
            diagnostics: vec![crate::lang::Diagnostic::error(
                crate::lang::Span::new(0, 0),
                format!(
                    "the rule file is {} bytes; rule files may have at most {}",
                    meta.len(),
                    crate::lang::MAX_SOURCE
                ),
            )],
        });
    }
    let bytes =
        std::fs::read(path).map_err(|e| LoadError::Usage(format!("cannot read '{shown}': {e}")))?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            // The text up to the bad byte is exact, so the diagnostic's position is too.
            let source = String::from_utf8_lossy(e.as_bytes()).into_owned();
            Err(LoadError::Rules {
                file: shown.to_string(),
                diagnostics: vec![crate::lang::Diagnostic::error(
                    crate::lang::Span::new(at, at + 1),
                    format!("byte {at} is not UTF-8: rule files are UTF-8 text"),
                )
                .with_hint("save the file as UTF-8")],
                source,
            })
        }
    }
}

/// Reads a game option given on a command line, `NAME=VALUE` (`--set size=9`), for every
/// command that loads a game.
pub fn parse_set(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("expected NAME=VALUE, found '{s}'")),
    }
}
