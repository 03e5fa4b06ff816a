//! Tools built on the engine: perft counts and benchmarks.

pub mod bench;
pub mod describe;
pub mod files;
pub mod perft;
pub mod scenario;
pub mod solve;
pub mod tournament;
pub mod tree;
