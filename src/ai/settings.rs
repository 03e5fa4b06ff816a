//! A computer player as a user names it: `ai:5` (a strength level) or, for experts, the
//! limits of its search spelled out (`ai:time=2s`, `ai:depth=8`, `ai:playouts=5000`).
//!
//! The levels are the documented table of [`super::bot_for_level`]. The expert settings
//! replace the level: they name the search and its budget directly, so that a user can give
//! every game the same thinking time, or reproduce a search of a fixed size.

use std::fmt;
use std::time::Duration;

use super::{
    bot_for_level, AlphaBeta, AlphaBetaConfig, Bot, Expectimax, ExpectimaxConfig, Mcts,
    MAX_CHANCE_DEPTH, MAX_DEPTH,
};
use crate::engine::Game;

/// The AI level used when none is given.
pub const DEFAULT_LEVEL: u8 = 5;
/// The weakest AI level.
pub const MIN_LEVEL: u8 = 1;
/// The strongest AI level.
pub const MAX_LEVEL: u8 = 9;

/// The longest time a move may be given (`ai:time=…`).
pub const MAX_TIME: Duration = Duration::from_secs(3600);
/// The most playouts a move may be given (`ai:playouts=…`).
pub const MAX_PLAYOUTS: u32 = 100_000_000;
/// Playouts of a search limited by time only (`ai:time=…` in a game that MCTS plays): the
/// time nearly always stops it first; this bounds the tree's memory when it does not.
const TIMED_PLAYOUTS: u32 = 5_000_000;

/// Who the computer is: a level, or a search with explicit limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AiSettings {
    /// A strength level from [`MIN_LEVEL`] to [`MAX_LEVEL`].
    Level(u8),
    /// A search with the limits given; at least one is set.
    Custom(SearchLimits),
}

/// The expert settings of [`AiSettings::Custom`].
///
/// `playouts` asks for Monte Carlo tree search, `depth` for alpha-beta (expectimax in games
/// with dice); with neither, `time` bounds the search the levels use for this game
/// (alpha-beta where material counts, MCTS in placement and connection games, expectimax
/// with dice), run as deep or as long as the time allows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SearchLimits {
    /// Think at most this long a move.
    pub time: Option<Duration>,
    /// Search this many plies (choices, in games with dice).
    pub depth: Option<u32>,
    /// Run this many MCTS playouts a move.
    pub playouts: Option<u32>,
}

impl AiSettings {
    /// Reads what follows `ai:`: a level (`5`), or settings separated by commas
    /// (`time=2s`, `depth=8`, `playouts=5000`, `time=500ms,depth=12`).
    pub fn parse(text: &str) -> Result<AiSettings, String> {
        let t = text.trim().to_ascii_lowercase();
        if !t.contains('=') {
            return match t.parse::<i64>() {
                Ok(l) if (i64::from(MIN_LEVEL)..=i64::from(MAX_LEVEL)).contains(&l) => {
                    Ok(AiSettings::Level(l as u8))
                }
                Ok(l) => Err(format!(
                    "the AI level must be from {MIN_LEVEL} to {MAX_LEVEL}, not {l}"
                )),
                Err(_) => Err(format!(
                    "expected a level ({MIN_LEVEL} to {MAX_LEVEL}) or settings such as \
                     'time=2s', 'depth=8', 'playouts=5000', not '{}'",
                    shorten(text)
                )),
            };
        }
        let mut limits = SearchLimits::default();
        for item in t.split(',') {
            let Some((key, value)) = item.split_once('=') else {
                return Err(format!(
                    "'{}' is not a setting: write NAME=VALUE (time, depth or playouts)",
                    shorten(item.trim())
                ));
            };
            let (key, value) = (key.trim(), value.trim());
            let slot_taken = match key {
                "time" => limits.time.replace(parse_time(value)?).is_some(),
                "depth" => limits
                    .depth
                    .replace(parse_count("depth", value, MAX_DEPTH)?)
                    .is_some(),
                "playouts" => limits
                    .playouts
                    .replace(parse_count("playouts", value, MAX_PLAYOUTS)?)
                    .is_some(),
                "level" => {
                    return Err(
                        "a level and search settings do not mix: write 'ai:LEVEL' or the \
                         settings alone"
                            .to_string(),
                    )
                }
                _ => {
                    return Err(format!(
                        "unknown AI setting '{}': the settings are time, depth and playouts",
                        shorten(key)
                    ))
                }
            };
            if slot_taken {
                return Err(format!("the AI setting '{key}' is given twice"));
            }
        }
        if limits.depth.is_some() && limits.playouts.is_some() {
            return Err(
                "depth (alpha-beta) and playouts (MCTS) name different searches: give one"
                    .to_string(),
            );
        }
        Ok(AiSettings::Custom(limits))
    }

    /// The level, for a level; `None` for expert settings.
    pub fn level(self) -> Option<u8> {
        match self {
            AiSettings::Level(l) => Some(l),
            AiSettings::Custom(_) => None,
        }
    }

    /// A new player with these settings for `game`, reproducible from `seed`.
    pub fn bot(self, game: &Game, seed: u64) -> Box<dyn Bot + Send> {
        let limits = match self {
            AiSettings::Level(l) => return bot_for_level(game, l, seed),
            AiSettings::Custom(limits) => limits,
        };
        let mcts = |simulations: u32, threads: usize| -> Box<dyn Bot + Send> {
            Box::new(Mcts::new(super::level_mcts(
                game,
                simulations,
                limits.time,
                threads,
                seed,
            )))
        };
        if let Some(n) = limits.playouts {
            // Exactly the playouts asked for, in one tree.
            return mcts(n, 1);
        }
        if game.dice().is_some() {
            return Box::new(Expectimax::new(ExpectimaxConfig {
                max_depth: limits.depth.unwrap_or(MAX_CHANCE_DEPTH),
                time_limit: limits.time,
                tt_size_mb: 8,
                seed,
                max_nodes: None,
            }));
        }
        if limits.depth.is_some() || super::has_material(game) {
            return Box::new(AlphaBeta::new(AlphaBetaConfig {
                max_depth: limits.depth.unwrap_or(MAX_DEPTH),
                time_limit: limits.time,
                tt_size_mb: 16,
                seed,
                // A fixed depth is one reproducible search; time alone, every core.
                threads: if limits.depth.is_some() {
                    1
                } else {
                    super::search_threads()
                },
                ..AlphaBetaConfig::default()
            }));
        }
        mcts(TIMED_PLAYOUTS, super::search_threads())
    }

    /// The settings in words, after "level" or "ai": `level 5`, `time=2s, depth=8`.
    pub fn describe(self) -> String {
        match self {
            AiSettings::Level(l) => format!("level {l}"),
            AiSettings::Custom(limits) => limits.items().join(", "),
        }
    }
}

impl SearchLimits {
    /// The settings as `NAME=VALUE` items, in a fixed order.
    fn items(&self) -> Vec<String> {
        let mut items = Vec::new();
        if let Some(t) = self.time {
            items.push(format!("time={}", format_time(t)));
        }
        if let Some(d) = self.depth {
            items.push(format!("depth={d}"));
        }
        if let Some(n) = self.playouts {
            items.push(format!("playouts={n}"));
        }
        items
    }
}

/// The text a user writes after `ai:`, which [`AiSettings::parse`] reads back.
impl fmt::Display for AiSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AiSettings::Level(l) => write!(f, "{l}"),
            AiSettings::Custom(limits) => f.write_str(&limits.items().join(",")),
        }
    }
}

/// `2s`, `1.5s`, `500ms`, `2m`; a bare number is seconds.
fn parse_time(value: &str) -> Result<Duration, String> {
    let (number, unit) = match value.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => value.split_at(i),
        None => (value, "s"),
    };
    let scale = match unit {
        "ms" => 0.001,
        "s" => 1.0,
        "m" | "min" => 60.0,
        _ => {
            return Err(format!(
                "time={}: the unit must be ms, s or m (as in 500ms, 2s, 1m)",
                shorten(value)
            ))
        }
    };
    let bad = || {
        format!(
            "time={}: expected a time from 1ms to {} minutes, such as 500ms or 2s",
            shorten(value),
            MAX_TIME.as_secs() / 60
        )
    };
    let x: f64 = number.trim().parse().map_err(|_| bad())?;
    if !x.is_finite() || x <= 0.0 {
        return Err(bad());
    }
    let ms = (x * scale * 1000.0).round();
    if ms < 1.0 || ms > MAX_TIME.as_millis() as f64 {
        return Err(bad());
    }
    Ok(Duration::from_millis(ms as u64))
}

/// Writes a time the way [`parse_time`] reads it: whole seconds as `2s`, others in ms.
fn format_time(t: Duration) -> String {
    let ms = t.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{}s", ms / 1000)
    } else {
        format!("{ms}ms")
    }
}

/// A whole number from 1 to `max`.
fn parse_count(name: &str, value: &str, max: u32) -> Result<u32, String> {
    match value.parse::<u64>() {
        Ok(n) if (1..=u64::from(max)).contains(&n) => Ok(n as u32),
        _ => Err(format!(
            "{name}={}: expected a whole number from 1 to {max}",
            shorten(value)
        )),
    }
}

/// At most 40 characters of user text, control characters escaped, for messages.
fn shorten(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(40)
        .flat_map(|c| c.escape_debug())
        .collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn custom(time: Option<u64>, depth: Option<u32>, playouts: Option<u32>) -> AiSettings {
        AiSettings::Custom(SearchLimits {
            time: time.map(Duration::from_millis),
            depth,
            playouts,
        })
    }

    #[test]
    fn levels_and_settings_are_read() {
        assert_eq!(AiSettings::parse("7"), Ok(AiSettings::Level(7)));
        assert_eq!(AiSettings::parse(" 1 "), Ok(AiSettings::Level(1)));
        assert_eq!(
            AiSettings::parse("time=2s"),
            Ok(custom(Some(2000), None, None))
        );
        assert_eq!(
            AiSettings::parse("time=1.5s,depth=8"),
            Ok(custom(Some(1500), Some(8), None))
        );
        assert_eq!(
            AiSettings::parse("playouts=5000, time=500ms"),
            Ok(custom(Some(500), None, Some(5000)))
        );
        assert_eq!(
            AiSettings::parse("TIME=1M"),
            Ok(custom(Some(60_000), None, None))
        );
        assert_eq!(
            AiSettings::parse("time=3"),
            Ok(custom(Some(3000), None, None))
        );
    }

    #[test]
    fn settings_print_as_they_are_read() {
        for text in ["5", "time=2s", "time=250ms,depth=6", "time=1s,playouts=300"] {
            let s = AiSettings::parse(text).unwrap();
            assert_eq!(s.to_string(), text);
            assert_eq!(AiSettings::parse(&s.to_string()), Ok(s));
        }
        assert_eq!(
            AiSettings::parse("depth=6,time=2s").unwrap().describe(),
            "time=2s, depth=6"
        );
        assert_eq!(AiSettings::Level(3).describe(), "level 3");
    }

    #[test]
    fn bad_settings_are_refused_with_the_reason() {
        let err = |t: &str| AiSettings::parse(t).unwrap_err();
        assert_eq!(err("0"), "the AI level must be from 1 to 9, not 0");
        assert_eq!(
            err("depth=-1"),
            "depth=-1: expected a whole number from 1 to 64"
        );
        assert!(err("time=xyz").starts_with("time=xyz: the unit must be ms, s or m"));
        assert!(err("time=0s").starts_with("time=0s: expected a time from 1ms to 60 minutes"));
        assert!(err("time=2h").contains("the unit must be"));
        assert!(err("time=99999m").contains("expected a time"));
        assert!(err("time=-3s").contains("expected a time"));
        assert_eq!(
            err("speed=3"),
            "unknown AI setting 'speed': the settings are time, depth and playouts"
        );
        assert_eq!(
            err("time=1s,time=2s"),
            "the AI setting 'time' is given twice"
        );
        assert!(err("depth=3,playouts=10").contains("give one"));
        assert!(err("level=3,time=1s").contains("do not mix"));
        assert!(err("time=1s,fast").contains("'fast' is not a setting"));
        assert!(err("strong").starts_with("expected a level (1 to 9) or settings"));
        assert!(err(&format!("playouts={}", u64::MAX)).len() < 200);
        let long = "x".repeat(10_000);
        assert!(err(&format!("{long}=1")).len() < 200);
    }
}
