//! Helpers shared by the integration tests: running the `tabletop` binary, and reading the
//! OpenSpiel oracle records (`tests/oracles/openspiel/*.json`, copied into the repository;
//! see `tests/oracles/README.md`) with serde_json.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// Runs the `tabletop` binary built for the tests in the repository's folder: (exit code,
/// standard output, standard error), the code -1 when a signal ended it.
pub fn tabletop(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the tabletop binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A JSON value from an oracle file.
pub use serde_json::Value as Json;

/// Parses JSON text; the oracle files are trusted test data, so a bad file is a test failure.
pub fn parse(text: &str) -> Json {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("bad JSON: {e}"))
}

/// Reads `tests/oracles/openspiel/<file>`.
pub fn oracle(file: &str) -> Json {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/oracles/openspiel")
        .join(file);
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path:?}: {e}"));
    parse(&text)
}

/// Typed access that fails the test with a clear message when the data is not as expected.
pub trait JsonExt {
    /// The field `key` of an object.
    fn field(&self, key: &str) -> &Json;
    /// This string.
    fn str(&self) -> &str;
    /// This number.
    fn num(&self) -> f64;
    /// This array.
    fn arr(&self) -> &[Json];
    /// This array of strings.
    fn strings(&self) -> Vec<String>;
}

impl JsonExt for Json {
    fn field(&self, key: &str) -> &Json {
        self.get(key).unwrap_or_else(|| panic!("no field '{key}'"))
    }

    fn str(&self) -> &str {
        self.as_str()
            .unwrap_or_else(|| panic!("expected a string, found {self}"))
    }

    fn num(&self) -> f64 {
        self.as_f64()
            .unwrap_or_else(|| panic!("expected a number, found {self}"))
    }

    fn arr(&self) -> &[Json] {
        self.as_array()
            .map(Vec::as_slice)
            .unwrap_or_else(|| panic!("expected an array, found {self}"))
    }

    fn strings(&self) -> Vec<String> {
        self.arr().iter().map(|j| j.str().to_string()).collect()
    }
}
