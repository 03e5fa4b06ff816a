//! The compiler: a checked AST becomes a [`Game`] of dense tables and move programs.
//!
//! Stages, in order: options and definitions ([`scope`]), board geometry and directions
//! ([`geometry`]), zones ([`zones`]), pieces and the start position ([`pieces`]), cell
//! conditions ([`conds`]), move rules ([`moves`]) and endings ([`ends`]). Each stage
//! collects every error it finds, as [`Diagnostic`]s with spans, and goes on where it can.

mod args;
mod assemble;
mod bonus;
mod bound;
mod conds;
mod connected;
mod counters;
mod end_words;
mod ends;
mod geometry;
mod guards;
mod hand;
mod look;
mod most_captures;
mod moves;
mod option_roles;
mod pieces;
mod prefer;
mod prim;
mod race;
mod repetition;
mod scope;
mod zones;

use crate::engine::Game;
use crate::lang::{self, diag::render_all, Diagnostic};

pub use scope::OptionValue;

/// Why a game could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The rule file has errors.
    Rules {
        file: String,
        source: String,
        diagnostics: Vec<Diagnostic>,
    },
    /// The command line asked for something impossible (unknown game, bad `--set`).
    Usage(String),
    /// A game record names a game that is not a shipped one (or the rule file given on the
    /// command line): bad input, not bad usage.
    Record(String),
}

impl LoadError {
    /// The process exit code for this error: 1 for a bad rule file or record, 2 for bad
    /// usage.
    pub fn exit_code(&self) -> i32 {
        match self {
            LoadError::Rules { .. } | LoadError::Record(_) => 1,
            LoadError::Usage(_) => 2,
        }
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Rules {
                file,
                source,
                diagnostics,
            } => {
                write!(f, "{}", render_all(diagnostics, file, source))?;
                let n = diagnostics.len();
                write!(f, "{file}: {n} error{}", if n == 1 { "" } else { "s" })
            }
            LoadError::Usage(m) | LoadError::Record(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// Compiles rule-file text. `name` is the game's short name, `file` what diagnostics call the
/// file, and `overrides` the `--set name=value` pairs.
pub fn compile_source(
    name: &str,
    file: &str,
    source: &str,
    overrides: &[(String, String)],
) -> Result<Game, LoadError> {
    let fail = |diagnostics: Vec<Diagnostic>| LoadError::Rules {
        file: file.to_string(),
        source: source.to_string(),
        diagnostics,
    };
    let ast = lang::parse(source).map_err(fail)?;
    let mut c = scope::Compiler::new(name);
    c.declare(&ast, overrides)?;
    let game = c.build(&ast);
    c.check_word_overrides()?;
    match game {
        Some(g) if c.diags.is_empty() => Ok(g),
        _ => {
            let mut d = std::mem::take(&mut c.diags);
            d.sort_by_key(|d| d.span.start);
            d.dedup();
            Err(fail(d))
        }
    }
}
