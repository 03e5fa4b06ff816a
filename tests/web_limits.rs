//! The web server under a flood (issue #43): hundreds of idle and half-sent connections,
//! more connections than its caps, and more games than it keeps. Each test runs the real
//! `tabletop serve` on loopback with its timeouts shortened (hidden flags), so the flood
//! ends by itself within seconds: the server closes what it must, answers refusals with a
//! status and a sentence, and keeps serving everyone else.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Child;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

mod common;

/// A `tabletop serve` started for one test, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(flags: &[&str]) -> Server {
        let (child, port) = common::serve(flags);
        Server { child, port }
    }

    /// (status, JSON body) of a request on a connection of its own.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let agent = ureq::AgentBuilder::new()
            .timeout(Duration::from_secs(30))
            .max_idle_connections(0)
            .build();
        let req = agent.request(method, &format!("http://127.0.0.1:{}{path}", self.port));
        let res = match body {
            Some(b) => req.send_json(b),
            None => req.call(),
        };
        let res = match res {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("{method} {path}: {e}"),
        };
        let status = res.status();
        let text = res.into_string().expect("a body");
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    /// A new game of tic-tac-toe with these seats: its id.
    fn create(&self, seats: Value) -> String {
        let (status, st) = self.call(
            "POST",
            "/api/sessions",
            Some(json!({"game": "tictactoe", "seats": seats})),
        );
        assert_eq!(status, 201, "a new game: {st}");
        st["id"].as_str().expect("an id").to_string()
    }

    /// The status of `GET /api/sessions/ID`, and the error sentence if refused.
    fn look(&self, id: &str) -> (u16, String) {
        let (status, v) = self.call("GET", &format!("/api/sessions/{id}"), None);
        (status, v["error"].as_str().unwrap_or("").to_string())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads what the server sends until it closes the connection; panics if it is still
/// open at `deadline`.
fn until_closed(tcp: &mut TcpStream, deadline: Instant, what: &str) -> String {
    let left = deadline.saturating_duration_since(Instant::now());
    tcp.set_read_timeout(Some(left.max(Duration::from_millis(10))))
        .unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tcp.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            // A reset is a close too (the server gave up on unread bytes).
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break,
            Err(e) => panic!(
                "{what}: still open ({e}); got {:?}",
                String::from_utf8_lossy(&got)
            ),
        }
    }
    String::from_utf8_lossy(&got).into_owned()
}

/// A connection to the server from the loopback address `from` (127.0.0.x: every one of
/// them is this machine on Linux), so that one test can be two clients.
#[cfg(target_os = "linux")]
fn connect_from(from: [u8; 4], port: u16) -> TcpStream {
    use socket2::{Domain, Socket, Type};
    let sock = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    sock.bind(&SocketAddr::from((from, 0)).into()).unwrap();
    sock.connect(&SocketAddr::from(([127, 0, 0, 1], port)).into())
        .unwrap();
    sock.into()
}

/// 250 connections from 127.0.0.2, idle, half a head, and a head with half its body,
/// against a cap of 50 per client: 50 are served and closed by the timeouts, 200 are
/// refused with a sentence, and 127.0.0.1 is served all along.
#[cfg(target_os = "linux")]
#[test]
fn a_flood_of_idle_and_half_sent_connections_is_capped_and_closed() {
    let s = Server::start(&[
        "--idle-timeout-ms",
        "5000",
        "--body-timeout-ms",
        "5000",
        "--max-per-client",
        "50",
    ]);
    let started = Instant::now();
    let mut flood = Vec::new();
    for i in 0..250 {
        let mut tcp = connect_from([127, 0, 0, 2], s.port);
        let kind = i % 3;
        let sent: &[u8] = match kind {
            0 => b"",
            1 => b"GET /api/games HTTP/1.1\r\nhost: 127.0.0.1\r\nacce",
            _ => {
                b"POST /api/sessions HTTP/1.1\r\nhost: 127.0.0.1\r\n\
                   content-type: application/json\r\ncontent-length: 100\r\n\r\n{\"game\": "
            }
        };
        tcp.write_all(sent).unwrap();
        flood.push((kind, tcp));
    }
    // Another client is served meanwhile, requests and games alike.
    let (status, games) = s.call("GET", "/api/games", None);
    assert_eq!(status, 200, "{games}");
    let id = s.create(json!(["human", "human"]));
    assert_eq!(s.look(&id).0, 200);

    // Every connection of the flood ends by itself: the timeouts are 5 s (long enough for
    // all 250 to be accepted before the first is closed, on a loaded machine too); the
    // margin is for a loaded machine.
    let deadline = started + Duration::from_secs(5 + 20);
    let (mut refused, mut served) = (0, [0; 3]);
    for (i, (kind, tcp)) in flood.iter_mut().enumerate() {
        let reply = until_closed(tcp, deadline, &format!("connection {i} (kind {kind})"));
        if reply.starts_with("HTTP/1.1 503") {
            assert!(
                reply.contains("this address has 50 connections open to the server"),
                "{reply}"
            );
            refused += 1;
            continue;
        }
        served[*kind] += 1;
        if *kind < 2 {
            // Idle, or half a head: closed without a word.
            assert_eq!(reply, "", "connection {i}");
        } else {
            // The body never came: a refusal that says so.
            assert!(reply.starts_with("HTTP/1.1 400"), "{reply}");
            assert!(
                reply.contains("did not all arrive within 5 s of its head"),
                "{reply}"
            );
        }
    }
    assert_eq!((refused, served), (200, [17, 17, 16]));
    // The flood's places are free again.
    let mut again = connect_from([127, 0, 0, 2], s.port);
    again
        .write_all(b"GET /api/games HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n")
        .unwrap();
    let reply = until_closed(
        &mut again,
        Instant::now() + Duration::from_secs(30),
        "again",
    );
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
}

/// Past the global cap a new connection is answered 503 with a sentence, not left
/// hanging; once the idle connections are closed (within the idle timeout) it is served.
#[test]
fn a_full_server_refuses_gracefully_until_idle_connections_close() {
    // 5 s: the idle connections must still be open when the next one comes.
    let s = Server::start(&["--idle-timeout-ms", "5000", "--max-connections", "20"]);
    let started = Instant::now();
    let mut idle: Vec<TcpStream> = (0..20)
        .map(|_| TcpStream::connect(("127.0.0.1", s.port)).unwrap())
        .collect();
    let (status, v) = s.call("GET", "/api/games", None);
    assert_eq!(status, 503, "{v}");
    assert_eq!(
        v["error"],
        "the server has 20 connections open, the most it keeps; try again shortly"
    );
    let deadline = started + Duration::from_secs(5 + 20);
    for (i, tcp) in idle.iter_mut().enumerate() {
        let said = until_closed(tcp, deadline, &format!("idle connection {i}"));
        assert_eq!(said, "", "an idle connection is closed without a word");
    }
    let (status, v) = s.call("GET", "/api/games", None);
    assert_eq!(status, 200, "{v}");
}

/// 64 games fill the server; more creates each drop the game unused the longest (not one
/// whose computer is thinking, not one used since), so the newest visitor always gets a
/// game, and a game dropped answers 404 with a sentence that says why it may have gone.
#[test]
fn creates_past_the_cap_drop_the_least_recently_used_game() {
    let s = Server::start(&[]);
    // The computer plays both sides: its move waits, unseen, until someone looks.
    let thinking = s.create(json!(["ai:1", "ai:1"]));
    let games: Vec<String> = (0..63).map(|_| s.create(json!(["human"]))).collect();
    assert_eq!(s.look(&games[0]).0, 200);
    let newest: Vec<String> = (0..3).map(|_| s.create(json!(["human"]))).collect();
    for gone in &games[1..4] {
        let (status, msg) = s.look(gone);
        assert_eq!(status, 404, "{gone}: {msg}");
        assert_eq!(
            msg,
            format!(
                "no game '{gone}' is open here: it was closed, or dropped after 1 hour unused \
                 or to make room for newer games"
            )
        );
    }
    for kept in [&thinking, &games[0], &games[4], &games[62]]
        .into_iter()
        .chain(&newest)
    {
        assert_eq!(s.look(kept).0, 200, "{kept} was dropped");
    }
}

/// A game unused past the (shortened) expiry is gone; one in use meanwhile is kept.
#[test]
fn a_game_unused_past_its_expiry_is_gone() {
    // Looks every 200 ms keep a game of 2 s alive even on a loaded machine.
    let s = Server::start(&["--session-idle-ms", "2000"]);
    let unused = s.create(json!(["human"]));
    let used = s.create(json!(["human"]));
    let until = Instant::now() + Duration::from_millis(5000);
    while Instant::now() < until {
        assert_eq!(s.look(&used).0, 200, "a game in use was dropped");
        std::thread::sleep(Duration::from_millis(200));
    }
    let (status, msg) = s.look(&unused);
    assert_eq!(status, 404, "{msg}");
    assert!(msg.contains("dropped after 2 s unused"), "{msg}");
}
