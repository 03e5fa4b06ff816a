//! Tools built on the engine: perft counts, benchmarks and self-checks.

pub mod bench;
pub mod describe;
pub mod files;
pub mod perft;
pub mod scenario;
pub mod selfcheck;
pub mod shards;
pub mod solve;
pub mod tournament;
pub mod tree;
