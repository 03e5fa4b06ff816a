//! `tabletop serve`: the web board. A local HTTP server (axum on tokio) serving one page and
//! a small JSON API over the [session](crate::session), so the browser never
//! re-implements rules, move parsing or board geometry: it draws the board as SVG from the
//! engine's cell geometry and sends clicks, which the session's own
//! [pick](crate::session::Pick) turns into moves, exactly as the terminal board does.
//!
//! * [`api`]: the endpoints and their errors.
//! * [`registry`]: the open sessions by id (one per tab), idle ones dropped, a cap.
//! * [`conn`]: the connections: caps, timeouts, the accept loop.
//! * [`live`]: one open session with its AI thinking on its own thread.
//! * [`view`]: the JSON views of the board's geometry and of a session's state.
//! * [`assets`]: the page's HTML, JavaScript and CSS, embedded.

pub mod api;
pub mod assets;
pub mod conn;
pub mod live;
pub mod registry;
pub mod view;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

use api::{App, Server};
use conn::Limits;
use registry::{Registry, IDLE, MAX_SESSIONS};

/// Largest request body accepted (a long PGN game fits many times over).
pub const MAX_BODY: usize = 256 * 1024;

/// Most analyses searching at once (more wait their turn): each takes a core for up to
/// seconds, and the sessions' own AI players need cores too.
pub const MAX_SEARCHES: usize = 2;

/// The options of `tabletop serve`.
#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, printed at start).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; the default keeps the server to this machine.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in the default browser once the server listens.
    #[arg(long)]
    pub open: bool,
    /// Milliseconds a connection may wait without a whole request head (tests shorten it).
    #[arg(long, hide = true, default_value_t = ms(conn::IDLE_TIMEOUT),
          value_parser = clap::value_parser!(u64).range(1..))]
    pub idle_timeout_ms: u64,
    /// Milliseconds a request's body may take after its head.
    #[arg(long, hide = true, default_value_t = ms(conn::BODY_TIMEOUT),
          value_parser = clap::value_parser!(u64).range(1..))]
    pub body_timeout_ms: u64,
    /// The most connections open at once.
    #[arg(long, hide = true, default_value_t = conn::MAX_CONNECTIONS as u32,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,
    /// The most connections open at once from one client address.
    #[arg(long, hide = true, default_value_t = conn::MAX_PER_CLIENT as u32,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_per_client: u32,
    /// The most games open at once.
    #[arg(long, hide = true, default_value_t = MAX_SESSIONS as u32,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_sessions: u32,
    /// Milliseconds a game may stay unused before it is dropped.
    #[arg(long, hide = true, default_value_t = ms(IDLE),
          value_parser = clap::value_parser!(u64).range(1..))]
    pub session_idle_ms: u64,
}

const fn ms(d: Duration) -> u64 {
    d.as_millis() as u64
}

impl ServeArgs {
    fn limits(&self) -> Limits {
        Limits {
            idle: Duration::from_millis(self.idle_timeout_ms),
            body: Duration::from_millis(self.body_timeout_ms),
            max_connections: self.max_connections as usize,
            per_client: self.max_per_client as usize,
        }
    }
}

/// A duration in words for messages: `1 hour`, `30 minutes`, `30 s`, `1500 ms`.
pub fn spoken(d: Duration) -> String {
    let ms = d.as_millis();
    let plural = |n: u128, unit: &str| format!("{n} {unit}{}", if n == 1 { "" } else { "s" });
    if ms >= 3_600_000 && ms.is_multiple_of(3_600_000) {
        plural(ms / 3_600_000, "hour")
    } else if ms >= 60_000 && ms.is_multiple_of(60_000) {
        plural(ms / 60_000, "minute")
    } else if ms >= 1000 && ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    }
}

/// A failure of `serve`, with its exit code.
#[derive(Debug)]
pub struct ServeError {
    /// What went wrong.
    pub message: String,
    /// The exit code.
    pub code: u8,
}

/// The routes: the page, its files and the API.
pub fn router(app: App) -> Router {
    let sessions = Router::new()
        .route("/", post(api::create))
        .route("/{id}", get(api::get).delete(api::close))
        .route("/{id}/board", get(api::board))
        .route("/{id}/pick", post(api::pick))
        .route("/{id}/move", post(api::play))
        .route("/{id}/undo", post(api::undo))
        .route("/{id}/redo", post(api::redo))
        .route("/{id}/new", post(api::new_game))
        .route("/{id}/goto", post(api::goto))
        .route("/{id}/moves", get(api::moves))
        .route("/{id}/analyse", post(api::analysis))
        .route("/{id}/record", get(api::record));
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::app_js))
        .route("/style.css", get(assets::style_css))
        .route("/api/games", get(api::games))
        .nest("/api/sessions", sessions)
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

/// Runs `tabletop serve` until Ctrl-C (or SIGTERM), then stops cleanly: the listener
/// closes, requests under way finish.
pub fn run(args: &ServeArgs) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| ServeError {
            message: format!("cannot start the server: {e}"),
            code: 1,
        })?;
    let result = runtime.block_on(serve(args));
    // An analysis still searching must not hold the exit (it would finish unseen).
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

async fn serve(args: &ServeArgs) -> Result<(), ServeError> {
    let addr = format!("{}:{}", args.host, args.port);
    let listener = tokio::net::TcpListener::bind(&addr)
        .await
        .map_err(|e| ServeError {
            message: if e.kind() == std::io::ErrorKind::AddrInUse {
                format!(
                    "cannot listen on {addr}: the port is in use (another server?); \
                     choose another with --port"
                )
            } else {
                format!("cannot listen on {addr}: {e}")
            },
            code: 1,
        })?;
    let local: SocketAddr = listener.local_addr().map_err(|e| ServeError {
        message: format!("cannot read the server's address: {e}"),
        code: 1,
    })?;
    let url = format!("http://{local}/");
    // The first line is for people and for scripts (tests read the port from it).
    say(&format!(
        "tabletop: serving the web board on {url} (Ctrl-C stops)"
    ));
    if args.open {
        open_browser(&url);
    }
    let idle = Duration::from_millis(args.session_idle_ms);
    let app: App = Arc::new(Server {
        registry: Registry::new(args.max_sessions as usize, idle),
        searches: tokio::sync::Semaphore::new(MAX_SEARCHES),
    });
    // Idle sessions go (and their memory with them) even when no new one is opened.
    let pruning = app.clone();
    tokio::spawn(async move {
        let period = (idle / 4).clamp(Duration::from_millis(10), Duration::from_secs(60));
        let mut every = tokio::time::interval(period);
        loop {
            every.tick().await;
            pruning.registry.prune();
            give_back_memory();
        }
    });
    conn::serve(listener, router(app), args.limits(), stop_signal()).await;
    say("tabletop: stopped");
    Ok(())
}

/// Returns the memory freed since to the system. glibc's allocator keeps freed memory in
/// its arenas (one per thread that allocated: each session's AI thread), so after a flood
/// of games, dropped, the server stayed large: 400 MB after 64 chess games fell to 63 MB
/// when they expired, and to 18 MB with this. Once a pruning period it costs little.
fn give_back_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists, under its own locks,
    // and takes no pointer; any thread may call it at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Prints a line to standard output; a closed output (a script that read the first line
/// and went away) must not stop the server.
fn say(line: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Ctrl-C, or SIGTERM on Unix.
async fn stop_signal() {
    let ctrl_c = async {
        // If the handler cannot be installed, only SIGTERM (or a kill) stops the server.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}

/// Asks the desktop to open `url`; a failure is only reported (the URL is printed anyway).
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        eprintln!("tabletop: cannot open a browser ({opener}: {e}); open {url} yourself");
    }
}
