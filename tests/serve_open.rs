//! `tabletop serve --open` asks the desktop to open the board's address (issue #48: it was
//! never run). The desktop's opener on Linux is `xdg-open`; the test puts a fake one first
//! on the path, a script that writes what it was asked to open into a file, so no browser
//! starts, and compares that with the address the server prints. Without any opener the
//! server says so and serves anyway. (The fake is `$BROWSER` too, for an opener that
//! honours it.)

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `tabletop serve --port 0 --open` with `path` as its PATH and `browser` as $BROWSER (the
/// user's browser command, which an opener may honour); the child, its first line, and its
/// standard error.
fn serve_with_path(
    path: &str,
    browser: Option<&Path>,
) -> (Child, String, BufReader<std::process::ChildStderr>) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabletop"));
    command
        .args(["serve", "--port", "0", "--open"])
        .env("PATH", path);
    match browser {
        Some(b) => command.env("BROWSER", b),
        None => command.env_remove("BROWSER"),
    };
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabletop serve starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("read");
    let err = BufReader::new(child.stderr.take().expect("stderr"));
    (child, first, err)
}

/// The address in the server's first line (`… serving the web board on http://…/ (…)`).
fn address(first: &str) -> String {
    first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_string()
}

#[cfg(unix)]
#[test]
fn serve_open_hands_its_address_to_the_desktop_opener() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-open-bin");
    std::fs::create_dir_all(&dir).expect("a folder");
    let asked = dir.join("asked");
    let _ = std::fs::remove_file(&asked);
    let opener = dir.join("xdg-open");
    std::fs::write(
        &opener,
        format!("#!/bin/sh\nprintf '%s\\n' \"$*\" > '{}'\n", asked.display()),
    )
    .expect("the fake opener");
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).expect("chmod");

    let path = format!("{}:/usr/bin:/bin", dir.display());
    let (mut child, first, _err) = serve_with_path(&path, Some(&opener));
    let url = address(&first);
    let start = Instant::now();
    let got = loop {
        if let Ok(text) = std::fs::read_to_string(&asked) {
            if text.ends_with('\n') {
                break text;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the opener was never run (server said {first:?})"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    child.kill().expect("the server stops");
    let _ = child.wait();
    assert_eq!(got.trim(), url);
}

#[test]
fn serve_open_without_an_opener_says_so_and_serves_anyway() {
    // An empty folder as the whole path: no opener can be found.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-open-empty");
    std::fs::create_dir_all(&dir).expect("a folder");
    let (mut child, first, mut err) = serve_with_path(&dir.display().to_string(), None);
    let url = address(&first);
    let mut line = String::new();
    err.read_line(&mut line).expect("read");
    assert!(line.contains("cannot open a browser"), "{line}");
    assert!(line.contains(&format!("open {url} yourself")), "{line}");
    // Still serving: the board's page answers.
    let port = url
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .and_then(|p| p.parse::<u16>().ok())
        .expect("a port");
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_ok());
    child.kill().expect("the server stops");
    let _ = child.wait();
}
