//! Who plays a seat: a person, or the computer at a level or with expert settings.

use std::fmt;

pub use crate::ai::{AiSettings, DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person typing moves.
    Human,
    /// The computer, at a level from [`MIN_LEVEL`] to [`MAX_LEVEL`] or with expert settings.
    Ai(AiSettings),
}

impl Seat {
    /// The computer at `level`.
    pub const fn ai(level: u8) -> Seat {
        Seat::Ai(AiSettings::Level(level))
    }

    /// Reads `human`, `ai` (level [`DEFAULT_LEVEL`]), `ai:L` with L from 1 to 9, or
    /// `ai:SETTINGS` (`ai:time=2s`, `ai:depth=8`, `ai:playouts=5000`; see [`AiSettings`]).
    pub fn parse(text: &str) -> Result<Seat, String> {
        let t = text.trim().to_ascii_lowercase();
        match t.as_str() {
            "human" => Ok(Seat::Human),
            "ai" => Ok(Seat::ai(DEFAULT_LEVEL)),
            _ => match t.strip_prefix("ai:") {
                Some(rest) => AiSettings::parse(rest).map(Seat::Ai),
                None => Err(format!(
                    "expected 'human', 'ai', 'ai:LEVEL' (LEVEL 1 to 9) or 'ai:time=2s' \
                     (or depth=N, playouts=N), not '{}'",
                    text.chars()
                        .take(40)
                        .flat_map(char::escape_debug)
                        .collect::<String>()
                )),
            },
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
            Seat::Ai(s) => write!(f, "ai:{s}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_parse() {
        assert_eq!(Seat::parse("human"), Ok(Seat::Human));
        assert_eq!(Seat::parse("AI"), Ok(Seat::ai(5)));
        assert_eq!(Seat::parse("ai:9"), Ok(Seat::ai(9)));
        assert!(Seat::parse("ai:0").unwrap_err().contains("from 1 to 9"));
        assert!(Seat::parse("ai:10").unwrap_err().contains("not 10"));
        assert!(Seat::parse("robot").unwrap_err().contains("'robot'"));
        assert!(Seat::parse("ai:x").is_err());
        let timed = Seat::parse("ai:time=2s").unwrap();
        assert_eq!(timed.to_string(), "ai:time=2s");
        assert_eq!(
            Seat::parse("ai:depth=-1").unwrap_err(),
            "depth=-1: expected a whole number from 1 to 64"
        );
    }
}
