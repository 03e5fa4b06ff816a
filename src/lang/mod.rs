//! The language front end: rule-file text to an AST with spans, and the diagnostics type
//! every stage reports errors with. Knows nothing of the compiler or the engine.

pub mod ast;
pub mod diag;
mod parse;
pub mod scenario;
pub mod span;

pub use diag::Diagnostic;
pub use parse::{parse, MAX_DEPTH, MAX_NESTING, MAX_NOTS, MAX_SOURCE};
pub use scenario::parse_scenarios;
pub use span::{Span, Spanned};
