//! Who plays a seat: a person, or the computer at a level.

use std::fmt;

/// The AI level used when none is given.
pub const DEFAULT_LEVEL: u8 = 5;
/// The weakest AI level.
pub const MIN_LEVEL: u8 = 1;
/// The strongest AI level.
pub const MAX_LEVEL: u8 = 9;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person typing moves.
    Human,
    /// The computer, at a level from [`MIN_LEVEL`] to [`MAX_LEVEL`].
    Ai(u8),
}

impl Seat {
    /// Reads `human`, `ai` (level [`DEFAULT_LEVEL`]) or `ai:L` with L from 1 to 9.
    pub fn parse(text: &str) -> Result<Seat, String> {
        let t = text.trim().to_ascii_lowercase();
        let bad = || format!("expected 'human', 'ai' or 'ai:LEVEL' (LEVEL 1 to 9), not '{text}'");
        match t.as_str() {
            "human" => Ok(Seat::Human),
            "ai" => Ok(Seat::Ai(DEFAULT_LEVEL)),
            _ => {
                let Some(level) = t.strip_prefix("ai:") else {
                    return Err(bad());
                };
                match level.trim().parse::<i64>() {
                    Ok(l) if (i64::from(MIN_LEVEL)..=i64::from(MAX_LEVEL)).contains(&l) => {
                        Ok(Seat::Ai(l as u8))
                    }
                    Ok(l) => Err(format!(
                        "the AI level must be from {MIN_LEVEL} to {MAX_LEVEL}, not {l}"
                    )),
                    Err(_) => Err(bad()),
                }
            }
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
            Seat::Ai(l) => write!(f, "ai:{l}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_parse() {
        assert_eq!(Seat::parse("human"), Ok(Seat::Human));
        assert_eq!(Seat::parse("AI"), Ok(Seat::Ai(5)));
        assert_eq!(Seat::parse("ai:9"), Ok(Seat::Ai(9)));
        assert!(Seat::parse("ai:0").unwrap_err().contains("from 1 to 9"));
        assert!(Seat::parse("ai:10").unwrap_err().contains("not 10"));
        assert!(Seat::parse("robot").unwrap_err().contains("'robot'"));
        assert!(Seat::parse("ai:x").is_err());
    }
}
