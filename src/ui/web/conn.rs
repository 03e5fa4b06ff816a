//! The server's connections: an accept loop that caps how many are open (in all, and from
//! one client address), closes idle and half-sent ones, gives each request's body a
//! deadline, and stops gracefully.
//!
//! `axum::serve` does none of this (it sets no timer, so hyper's header-read timeout never
//! fires, and it accepts without limit), and 1,100 idle connections once used up the
//! process's files so that no new request was served until they went. Here each accepted
//! connection is served by hyper's own HTTP/1 connection with its timer set:
//! * hyper's header-read timeout starts whenever the connection waits for a request head
//!   (on connecting, and again after each answer), so one clock closes a connection that
//!   is idle and one that sends half a head: both are closed [`Limits::idle`] after they
//!   last had an answer;
//! * a request's body must all arrive within [`Limits::body`] of its head ([`Deadline`]);
//! * past a cap, a new connection is answered `503` with a JSON sentence and closed.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{Request, State};
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use super::spoken;

/// How long a connection may wait without a whole request head (idle, or half-sent).
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a request's body may take to arrive after its head.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(30);

/// The most connections open at once: well under the usual limit of 1,024 open files.
pub const MAX_CONNECTIONS: usize = 512;

/// The most connections open at once from one client address. Every client on this
/// machine shares 127.0.0.1, so this only keeps one remote address (with `--host`) from
/// taking every connection; a browser opens about six.
pub const MAX_PER_CLIENT: usize = 128;

/// Most refusals being answered at once; past that a refused connection is closed
/// without an answer, so a flood cannot hold open files through its refusals either
/// (with the connections, 768 at most).
pub const MAX_REFUSING: usize = 256;

/// How long a refusal waits for its client to read the answer and hang up.
pub const REFUSAL_LINGER: Duration = Duration::from_secs(1);

/// The limits on connections.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A connection without a whole request head this long after connecting or after its
    /// last answer is closed.
    pub idle: Duration,
    /// A request whose body has not all arrived this long after its head is refused.
    pub body: Duration,
    /// The most connections open at once.
    pub max_connections: usize,
    /// The most connections open at once from one client address.
    pub per_client: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            idle: IDLE_TIMEOUT,
            body: BODY_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
            per_client: MAX_PER_CLIENT,
        }
    }
}

/// Why a connection was not admitted.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The server has this many connections open, its most.
    Full(usize),
    /// The client's address has this many open, the most one address may.
    Client(usize),
}

impl Refused {
    /// The sentence of the refusal.
    pub fn sentence(&self) -> String {
        match self {
            Refused::Full(n) => {
                format!("the server has {n} connections open, the most it keeps; try again shortly")
            }
            Refused::Client(n) => format!(
                "this address has {n} connections open to the server, the most one client \
                 may; close some or try again shortly"
            ),
        }
    }
}

#[derive(Default)]
struct Counts {
    total: usize,
    by_client: HashMap<IpAddr, usize>,
}

/// Counts the open connections, in all and by client address.
pub struct Gate {
    counts: Mutex<Counts>,
    max: usize,
    per_client: usize,
}

/// An admitted connection's place; dropping it frees the place.
pub struct Ticket {
    gate: Arc<Gate>,
    client: IpAddr,
}

impl Gate {
    /// A gate admitting at most `max` connections, `per_client` from one address.
    pub fn new(max: usize, per_client: usize) -> Arc<Gate> {
        Arc::new(Gate {
            counts: Mutex::new(Counts::default()),
            max,
            per_client,
        })
    }

    fn lock(&self) -> MutexGuard<'_, Counts> {
        // Each change under the lock is a whole increment or decrement.
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place for a connection from `client`, or why there is none.
    pub fn admit(self: &Arc<Self>, client: IpAddr) -> Result<Ticket, Refused> {
        let mut counts = self.lock();
        if counts.total >= self.max {
            return Err(Refused::Full(self.max));
        }
        let mine = counts.by_client.entry(client).or_insert(0);
        if *mine >= self.per_client {
            return Err(Refused::Client(self.per_client));
        }
        *mine += 1;
        counts.total += 1;
        Ok(Ticket {
            gate: self.clone(),
            client,
        })
    }

    /// How many connections are open.
    pub fn open(&self) -> usize {
        self.lock().total
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut counts = self.gate.lock();
        counts.total -= 1;
        if let Some(n) = counts.by_client.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                counts.by_client.remove(&self.client);
            }
        }
        // After a flood from many addresses the map's table would stay large.
        if counts.by_client.is_empty() {
            counts.by_client.shrink_to_fit();
        }
    }
}

/// Serves `app` on `listener` within `limits` until `stop` completes; then stops accepting
/// and waits for the requests under way (idle connections close at once).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    stop: impl Future<Output = ()>,
) {
    let app = app.layer(axum::middleware::map_request_with_state(
        limits.body,
        with_deadline,
    ));
    let gate = Gate::new(limits.max_connections, limits.per_client);
    let refusing = Arc::new(AtomicUsize::new(0));
    // `stopping` tells each connection to finish; every connection holds a `running`
    // receiver, so `running_tx.closed()` is the moment the last one has gone.
    let (stopping_tx, stopping) = watch::channel(false);
    let (running_tx, running) = watch::channel(());
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                // Out of open files, or the client gave up before the accept: wait a moment
                // (connections closing free files) instead of spinning.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        match gate.admit(peer.ip()) {
            Ok(ticket) => {
                let app = app.clone();
                let stopping = stopping.clone();
                let running = running.clone();
                tokio::spawn(async move {
                    connection(stream, app, limits.idle, stopping).await;
                    drop(ticket);
                    drop(running);
                });
            }
            Err(why) => refuse(stream, &why, &refusing),
        }
    }
    drop(listener);
    let _ = stopping_tx.send(true);
    drop(running);
    running_tx.closed().await;
}

/// Serves one connection until it closes, or until the server stops.
async fn connection(
    stream: TcpStream,
    app: Router,
    idle: Duration,
    mut stopping: watch::Receiver<bool>,
) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(idle)
        .keep_alive(true);
    let conn = http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(app));
    tokio::pin!(conn);
    tokio::select! {
        // A closed or timed-out connection ends the same way: its files are freed.
        _ = conn.as_mut() => {}
        _ = stopping.changed() => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}

/// Answers a connection past a cap with `503` and the sentence, then closes it. It waits
/// (briefly) for the client to hang up first: closing with its request unread would reset
/// the connection, and the client could lose the answer.
fn refuse(mut stream: TcpStream, why: &Refused, refusing: &Arc<AtomicUsize>) {
    if refusing.fetch_add(1, Ordering::SeqCst) >= MAX_REFUSING {
        refusing.fetch_sub(1, Ordering::SeqCst);
        return;
    }
    let body = serde_json::json!({ "error": why.sentence() }).to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nretry-after: 5\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let refusing = refusing.clone();
    tokio::spawn(async move {
        let _ = tokio::time::timeout(REFUSAL_LINGER, async {
            stream.write_all(answer.as_bytes()).await?;
            stream.shutdown().await?;
            let mut sink = [0u8; 1024];
            while stream.read(&mut sink).await? > 0 {}
            Ok::<(), std::io::Error>(())
        })
        .await;
        refusing.fetch_sub(1, Ordering::SeqCst);
    });
}

/// Gives a request's body its deadline.
async fn with_deadline(State(limit): State<Duration>, req: Request) -> Request {
    req.map(|body| Body::new(Deadline::new(body, limit)))
}

/// A request body that fails once its time is up. The time counts from the head, not from
/// the last chunk, so a body sent a byte at a time still ends.
pub struct Deadline {
    body: Body,
    timer: Pin<Box<tokio::time::Sleep>>,
    limit: Duration,
}

impl Deadline {
    /// `body`, failing if it has not all arrived within `limit` from now.
    pub fn new(body: Body, limit: Duration) -> Deadline {
        Deadline {
            body,
            timer: Box::pin(tokio::time::sleep(limit)),
            limit,
        }
    }
}

/// A body's deadline passed.
#[derive(Debug)]
pub struct TooSlow(Duration);

impl std::fmt::Display for TooSlow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the request's body did not all arrive within {} of its head",
            spoken(self.0)
        )
    }
}

impl std::error::Error for TooSlow {}

impl HttpBody for Deadline {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, axum::Error>>> {
        // Data already here is taken even at the deadline; only waiting is cut short.
        if let Poll::Ready(frame) = Pin::new(&mut self.body).poll_frame(cx) {
            return Poll::Ready(frame);
        }
        if self.timer.as_mut().poll(cx).is_ready() {
            let limit = self.limit;
            return Poll::Ready(Some(Err(axum::Error::new(TooSlow(limit)))));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_capped_in_all_and_per_client() {
        let gate = Gate::new(3, 2);
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let a1 = gate.admit(a).unwrap();
        let a2 = gate.admit(a).unwrap();
        assert_eq!(gate.admit(a).err(), Some(Refused::Client(2)));
        let b1 = gate.admit(b).unwrap();
        assert_eq!(gate.admit(b).err(), Some(Refused::Full(3)));
        assert_eq!(gate.open(), 3);
        drop(a1);
        assert_eq!(gate.open(), 2);
        // The freed place is anyone's; a's own count went down too.
        let a3 = gate.admit(a).unwrap();
        drop((a2, a3, b1));
        assert_eq!(gate.open(), 0);
        assert!(gate.lock().by_client.is_empty());
        assert!(Refused::Full(3).sentence().contains("3 connections open"));
    }

    /// A body that sends one chunk, then nothing more, ever.
    struct Stalled(bool);

    impl HttpBody for Stalled {
        type Data = Bytes;
        type Error = axum::Error;

        fn poll_frame(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
        ) -> Poll<Option<Result<http_body::Frame<Bytes>, axum::Error>>> {
            if std::mem::replace(&mut self.0, true) {
                Poll::Pending
            } else {
                Poll::Ready(Some(Ok(http_body::Frame::data(Bytes::from_static(
                    b"{\"te",
                )))))
            }
        }
    }

    #[tokio::test]
    async fn a_body_that_stops_half_way_fails_at_its_deadline() {
        let slow = Deadline::new(Body::new(Stalled(false)), Duration::from_millis(50));
        let err = axum::body::to_bytes(Body::new(slow), 1024)
            .await
            .expect_err("the body never ends");
        assert!(
            err.to_string().contains("did not all arrive within 50 ms"),
            "{err}"
        );
    }
}
