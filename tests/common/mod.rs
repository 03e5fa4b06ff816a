//! Helpers shared by the integration tests: running the `tabletop` binary, and reading the
//! OpenSpiel oracle records (`tests/oracles/openspiel/*.json`, copied into the repository;
//! see `tests/oracles/README.md`) with serde_json.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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

/// Runs the `tabletop` binary in `dir` with `input` on its standard input, and collects
/// what it printed.
pub fn tabletop_in(dir: &Path, args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tabletop binary runs");
    let written = child
        .stdin
        .take()
        .expect("a standard input")
        .write_all(input.as_bytes());
    // A program that stops at once (a file it refuses) may close its input unread.
    if let Err(e) = written {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "the input is written: {e}"
        );
    }
    child.wait_with_output().expect("the tabletop binary ends")
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

/// Whether `python` can import `module`.
fn imports(python: &Path, module: &str) -> bool {
    Command::new(python)
        .args(["-c", &format!("import {module}")])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A Python that can import `module` (pip package `package`) for the live oracles
/// (python-chess, RoyalUr): `TABLETOP_PYTHON`, else the test venv beside the build
/// (`<target>/uci-pyenv`, first made for tests/uci.rs; `.ci/run` fills it), made and
/// filled with pip on first use. Fails, saying how to get it, when it cannot be had.
pub fn python_with(module: &str, package: &str) -> PathBuf {
    if let Ok(p) = std::env::var("TABLETOP_PYTHON") {
        let p = PathBuf::from(p);
        assert!(
            imports(&p, module),
            "TABLETOP_PYTHON={} cannot import {module} (pip install {package})",
            p.display()
        );
        return p;
    }
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_tabletop"));
    let target = exe
        .parent()
        .and_then(Path::parent)
        .expect("the binary sits in <target>/<profile>");
    let venv = target.join("uci-pyenv");
    let python = venv.join("bin").join("python");
    if imports(&python, module) {
        return python;
    }
    if !python.is_file() {
        let made = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .expect("python3 is not installed (apt-get install -y python3 python3-venv)");
        assert!(
            made.success(),
            "python3 -m venv failed (apt-get install -y python3-venv)"
        );
    }
    let pip = Command::new(&python)
        .args(["-m", "pip", "install", "--quiet", package])
        .status()
        .expect("pip");
    assert!(
        pip.success() && imports(&python, module),
        "pip install {package} into {} failed",
        venv.display()
    );
    python
}

/// An outside program the live checks drive: `$env_var` if set, else `name` on the path
/// or in /usr/games (where Debian puts game engines). Fails with `hint` when missing: a
/// missing oracle must not let its test pass.
pub fn program(name: &str, env_var: &str, hint: &str) -> PathBuf {
    if let Ok(p) = std::env::var(env_var) {
        return PathBuf::from(p);
    }
    let on_path = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .unwrap_or_default();
    on_path
        .into_iter()
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{name} is not installed ({hint}), or set {env_var}"))
}

/// Starts `tabletop serve` on a free loopback port with extra `flags`: the child and its
/// port, read off the first line it prints. Stop it with `kill` when done.
pub fn serve(flags: &[&str]) -> (std::process::Child, u16) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["serve", "--port", "0"])
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("tabletop runs");
    let mut line = String::new();
    let out = child.stdout.take().expect("piped");
    std::io::BufReader::new(out)
        .read_line(&mut line)
        .expect("a line");
    let port = line
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.trim().parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (child, port)
}
