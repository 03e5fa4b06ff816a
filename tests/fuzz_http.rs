//! Fuzzing the web server (issue #43): mutants of real API requests, sent as raw bytes over
//! loopback to the real `tabletop serve` (its timeouts shortened), must each get an HTTP reply that is not a server
//! error (or a closed connection), and the server must keep serving, stay alive and stay
//! under 1 GB of memory.
//!
//! The seeds are the requests the page itself sends (create a game, pick cells, play, undo,
//! go to a ply, analyse, ask for the record), whole with their headers and JSON bodies; the
//! mutations flip and insert bytes, cut the request short, splice two requests, repeat
//! headers, swap the method and path, and replace numbers and names with hostile ones
//! (huge lengths, negative plies, cells off the board, ids of sessions that do not exist).
//!
//! `TABLETOP_FUZZ_ITERS` sets the number of mutants (default 300); a long run:
//! `TABLETOP_FUZZ_ITERS=200000 cargo test --release --test fuzz_http -- --nocapture`.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

mod common;

/// Mutants when `TABLETOP_FUZZ_ITERS` is unset.
const SMOKE_ITERS: usize = 300;

fn iters() -> usize {
    match std::env::var("TABLETOP_FUZZ_ITERS") {
        Err(_) => SMOKE_ITERS,
        Ok(v) => match v.trim().parse() {
            Ok(n) if n >= 1 => n,
            _ => panic!("TABLETOP_FUZZ_ITERS must be a whole number from 1, not '{v}'"),
        },
    }
}

/// A request with a JSON body (or none), as the page sends it.
fn request(method: &str, path: &str, body: Option<&str>) -> Vec<u8> {
    let mut text = format!("{method} {path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n");
    if let Some(b) = body {
        text.push_str(&format!(
            "content-type: application/json\r\ncontent-length: {}\r\n\r\n{b}",
            b.len()
        ));
    } else {
        text.push_str("\r\n");
    }
    text.into_bytes()
}

/// Sends `bytes` on a fresh connection and reads the reply: its status, or `None` when the
/// server closed the connection without one (a fair answer to a broken request).
fn send(port: u16, bytes: &[u8]) -> Option<u16> {
    let mut tcp = TcpStream::connect(("127.0.0.1", port)).expect("the server accepts");
    tcp.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("a timeout");
    // The server may close early on garbage; a failed write is an answer too. The write
    // side stays open: a request cut short is answered or closed by the server's own
    // timeouts (shortened for this test), not by our end of file.
    let _ = tcp.write_all(bytes);
    let mut reply = Vec::new();
    match tcp.read_to_end(&mut reply) {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
        Err(e) => panic!("no reply within 20 s ({e}) to {:?}", shown(bytes)),
    }
    let text = String::from_utf8_lossy(&reply);
    let status = text.strip_prefix("HTTP/1.1 ")?;
    Some(status.get(..3)?.parse().expect("a numeric status"))
}

fn shown(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.chars().take(300).collect()
}

/// Creates a session of `game` and returns its id.
fn open(port: u16, game: &str) -> String {
    let body = format!(r#"{{"game": "{game}", "seats": ["human", "human"]}}"#);
    let mut tcp = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    tcp.write_all(&request("POST", "/api/sessions", Some(&body)))
        .expect("sent");
    let mut reply = String::new();
    tcp.read_to_string(&mut reply).expect("a reply");
    let at = reply.find("\"id\":").expect("an id in the reply") + 5;
    reply[at..]
        .trim_start()
        .trim_start_matches('"')
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

/// The seeds: every endpoint with a body the page would send.
fn seeds(ids: &[String]) -> Vec<Vec<u8>> {
    let mut out = vec![
        request("GET", "/", None),
        request("GET", "/api/games", None),
        request(
            "POST",
            "/api/sessions",
            Some(r#"{"game": "chess", "seats": ["human", "ai:1"], "seed": 3}"#),
        ),
        request(
            "POST",
            "/api/sessions",
            Some(r#"{"game": "go", "options": [["size", "9"]], "seats": ["human", "human"]}"#),
        ),
        request(
            "POST",
            "/api/sessions",
            Some(r#"{"record": "game chess\n1. e4 e5\n"}"#),
        ),
    ];
    for id in ids {
        let p = |tail: &str| format!("/api/sessions/{id}{tail}");
        out.push(request("GET", &p(""), None));
        out.push(request("GET", &p("/board"), None));
        out.push(request("GET", &p("/moves"), None));
        out.push(request("GET", &p("/record"), None));
        out.push(request("POST", &p("/pick"), Some(r#"{"cell": 12}"#)));
        out.push(request(
            "POST",
            &p("/pick"),
            Some(r#"{"picked": [12], "cell": 28}"#),
        ));
        out.push(request("POST", &p("/move"), Some(r#"{"text": "e4"}"#)));
        out.push(request("POST", &p("/move"), Some(r#"{"text": "pass"}"#)));
        out.push(request("POST", &p("/undo"), Some("{}")));
        out.push(request("POST", &p("/redo"), Some("{}")));
        out.push(request("POST", &p("/goto"), Some(r#"{"ply": 1}"#)));
        out.push(request("POST", &p("/new"), Some("{}")));
        out.push(request(
            "POST",
            &p("/analyse"),
            Some(r#"{"level": 1, "seed": 2}"#),
        ));
    }
    out
}

/// Words a mutation may put in place of a number or a name.
const HOSTILE: &[&str] = &[
    "-1",
    "0",
    "4294967296",
    "99999999999999999999999",
    "1e308",
    "null",
    "[]",
    "{}",
    "\"\"",
    "\"../../etc/passwd\"",
    "\"\\u0000\"",
    "true",
    "NaN",
    "\"ai:99\"",
    "\"zz99\"",
];

fn mutate(seed: &[u8], other: &[u8], rng: &mut SmallRng) -> Vec<u8> {
    let mut b = seed.to_vec();
    for _ in 0..rng.gen_range(1..4) {
        if b.is_empty() {
            b.push(b'{');
        }
        let at = rng.gen_range(0..b.len());
        match rng.gen_range(0..9) {
            0 => b[at] ^= 1 << rng.gen_range(0..8),
            1 => b.insert(at, rng.gen()),
            2 => b.truncate(at),
            3 => {
                let from = rng.gen_range(0..other.len());
                b.splice(at.., other[from..].iter().copied());
            }
            4 => {
                // Repeat a header line (or any line).
                let text = String::from_utf8_lossy(&b).into_owned();
                let lines: Vec<&str> = text.split("\r\n").collect();
                let i = rng.gen_range(0..lines.len());
                let mut again = lines.clone();
                again.insert(i, lines[i]);
                b = again.join("\r\n").into_bytes();
            }
            5 => {
                // A hostile word in place of a number or a quoted name.
                let text = String::from_utf8_lossy(&b).into_owned();
                let starts: Vec<usize> = text
                    .char_indices()
                    .filter(|&(i, c)| {
                        (c.is_ascii_digit() || c == '"')
                            && !text[..i].ends_with(|d: char| d.is_ascii_digit())
                    })
                    .map(|(i, _)| i)
                    .collect();
                if let Some(&i) = starts.get(rng.gen_range(0..starts.len().max(1))) {
                    let end = text[i + 1..]
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                        .map_or(text.len(), |e| {
                            i + 1 + e + usize::from(text[i..].starts_with('"'))
                        });
                    let word = HOSTILE[rng.gen_range(0..HOSTILE.len())];
                    b = format!("{}{word}{}", &text[..i], &text[end.min(text.len())..])
                        .into_bytes();
                }
            }
            6 => {
                // Another method or a longer path.
                let text = String::from_utf8_lossy(&b).into_owned();
                let methods = ["GET", "POST", "DELETE", "PUT", "OPTIONS", "HEAD", "PATCH"];
                let m = methods[rng.gen_range(0..methods.len())];
                if let Some(sp) = text.find(' ') {
                    b = format!("{m}{}", &text[sp..]).into_bytes();
                }
            }
            7 => {
                // A header that lies about the body.
                let text = String::from_utf8_lossy(&b).into_owned();
                let lie = [
                    "content-length: 99999999",
                    "content-length: -5",
                    "transfer-encoding: chunked",
                    "content-length: 3\r\ncontent-length: 40",
                    "expect: 100-continue",
                    "content-type: text/plain",
                ];
                let l = lie[rng.gen_range(0..lie.len())];
                b = text
                    .replacen("\r\n", &format!("\r\n{l}\r\n"), 1)
                    .into_bytes();
            }
            _ => {
                let n = rng.gen_range(1..200);
                let fill = rng.gen::<u8>();
                b.splice(at..at, std::iter::repeat_n(fill, n));
            }
        }
    }
    b
}

/// The server's resident memory, in kB, from /proc (Linux).
fn resident_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn mutated_http_requests_get_replies_and_leave_the_server_serving() {
    // Short timeouts, so that requests cut short are closed within half a second.
    let (mut child, port) =
        common::serve(&["--idle-timeout-ms", "500", "--body-timeout-ms", "500"]);
    let ids: Vec<String> = ["chess", "go", "tictactoe", "ur"]
        .iter()
        .map(|g| open(port, g))
        .collect();
    let seeds = seeds(&ids);
    let mut rng = SmallRng::seed_from_u64(43);
    let (mut ran, mut answered, mut closed) = (0usize, 0usize, 0usize);
    let mut findings = Vec::new();
    for i in 0..iters() {
        let seed = &seeds[rng.gen_range(0..seeds.len())];
        let other = &seeds[rng.gen_range(0..seeds.len())];
        let mutant = mutate(seed, other, &mut rng);
        match send(port, &mutant) {
            Some(status) if status >= 500 && status != 503 => {
                findings.push(format!("{status} for {:?}", shown(&mutant)))
            }
            Some(_) => answered += 1,
            None => closed += 1,
        }
        ran += 1;
        if i % 50 == 49 {
            // Still serving: the list of games comes back whole.
            assert_eq!(
                send(port, &request("GET", "/api/games", None)),
                Some(200),
                "the server stopped answering after {ran} mutants"
            );
        }
        if let Some(status) = child.try_wait().expect("the child is there") {
            panic!("the server exited ({status}) after {:?}", shown(&mutant));
        }
    }
    let kb = resident_kb(child.id()).unwrap_or(0);
    let _ = child.kill();
    let _ = child.wait();
    eprintln!("fuzz_http: {ran} mutants, {answered} answered, {closed} closed, {kb} kB resident");
    assert!(
        findings.is_empty(),
        "server errors:\n{}",
        findings.join("\n")
    );
    assert_eq!(ran, iters(), "every mutant was sent");
    assert!(
        answered > ran / 2,
        "most mutants get a reply ({answered} of {ran})"
    );
    assert!(kb < 1_000_000, "the server holds {kb} kB");
}
