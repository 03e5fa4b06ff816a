//! The JSON API under `/api/`: typed requests in, a session call, a [`StateView`] (or a
//! small answer) out. Every refusal is an [`ApiError`]: a status and a sentence, as JSON
//! `{"error": "…"}`, and it changes nothing.
//!
//! | method and path | body | answer |
//! |---|---|---|
//! | `GET /api/games` | | the shipped games: name, title, players, options |
//! | `POST /api/sessions` | `{game, options?, seats?, position?, seed?}` or `{record, format?, game?, seats?}` | a new session's state (201) |
//! | `GET /api/sessions/{id}?since=V&wait=MS` | | the state; waits up to MS ms while the AI thinks and nothing changed since version V |
//! | `DELETE /api/sessions/{id}` | | closes it |
//! | `GET /api/sessions/{id}/board` | | the board's geometry and pieces |
//! | `POST /api/sessions/{id}/pick` | `{picked, cell?}` | the cells that can come next, or the move played, or the choices |
//! | `POST /api/sessions/{id}/move` | `{text}` | the state after the move |
//! | `POST /api/sessions/{id}/undo`, `/redo`, `/new` | | the state |
//! | `POST /api/sessions/{id}/goto` | `{ply}` | the state with that many history entries (replay) |
//! | `GET /api/sessions/{id}/moves` | | the legal moves: text and cells (at most 500 listed) |
//! | `POST /api/sessions/{id}/analyse` | `{level?, plies?}` | the AI's evaluation and best line |
//! | `GET /api/sessions/{id}/record` | | the game as a tabletop record and, for chess-like games, PGN |

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::engine::{CellId, ParseMoveError, Refusal};
use crate::io::record::Record;
use crate::session::analysis::analyse;
use crate::session::pick::{BAR, OFF};
use crate::session::{AiSettings, Pick, Seat, Session, SessionError, DEFAULT_LEVEL};

use super::live::Live;
use super::registry::{lock, Registry, Shared};
use super::view::{board_view, state_view};

/// What the handlers share.
pub struct Server {
    /// The open sessions.
    pub registry: Registry,
    /// Permits for analyses, so a page asking many at once cannot take every core.
    pub searches: tokio::sync::Semaphore,
}

/// The handlers' state.
pub type App = Arc<Server>;

/// A refusal: the HTTP status and a sentence for the person.
#[derive(Debug)]
pub struct ApiError(pub StatusCode, pub String);

impl ApiError {
    fn bad(msg: impl Into<String>) -> ApiError {
        ApiError(StatusCode::BAD_REQUEST, msg.into())
    }
    fn conflict(msg: impl Into<String>) -> ApiError {
        ApiError(StatusCode::CONFLICT, msg.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> ApiError {
        let status = match e {
            SessionError::Refused(_) | SessionError::BadMove { .. } | SessionError::Load(_) => {
                StatusCode::BAD_REQUEST
            }
            _ => StatusCode::CONFLICT,
        };
        ApiError(status, in_web_terms(&e))
    }
}

/// A session error in a web page's words: the person points at cells, so a move no legal
/// move is written as (or one made elsewhere) points to the highlighted cells.
fn in_web_terms(e: &SessionError) -> String {
    if let SessionError::Refused(ParseMoveError { input, refusal }) = e {
        if matches!(
            **refusal,
            Refusal::NoSuchMove { .. } | Refusal::Illegal { .. }
        ) {
            return format!(
                "'{}' is not a legal move here; pick a highlighted cell",
                crate::lang::diag::bounded(input)
            );
        }
    }
    e.to_string()
}

/// A JSON body, or why it could not be read: too large (413), not JSON or not the
/// expected fields (400 or 422), each with the reader's own sentence.
fn body<T>(b: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    b.map(|Json(t)| t)
        .map_err(|r| ApiError(r.status(), format!("bad request body: {}", r.body_text())))
}

type Answer = Result<Response, ApiError>;

fn session_of(app: &App, id: &str) -> Result<Shared, ApiError> {
    app.registry.get(id).ok_or_else(|| {
        ApiError(
            StatusCode::NOT_FOUND,
            format!(
                "no game '{}' is open here: it was closed, or dropped after {} unused or to \
                 make room for newer games",
                crate::lang::diag::bounded(id),
                super::spoken(app.registry.idle())
            ),
        )
    })
}

fn state_json(id: &str, live: &Live) -> Response {
    Json(state_view(id, live)).into_response()
}

/// Runs blocking work (compiling a rule file, searching) off the async workers.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f).await.map_err(|e| {
        ApiError(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error: {e}"),
        )
    })
}

/// One shipped game, for the game picker.
#[derive(Serialize)]
struct GameInfo {
    name: String,
    title: String,
    players: Vec<String>,
    options: Vec<(String, String)>,
}

/// `GET /api/games`.
pub async fn games() -> Answer {
    let list = blocking(|| {
        crate::games::shipped_names()
            .into_iter()
            .filter_map(|n| crate::load_shipped(n, &[]).ok())
            .map(|g| GameInfo {
                name: g.name().to_string(),
                title: g.title().to_string(),
                players: g.players().to_vec(),
                options: g.options().to_vec(),
            })
            .collect::<Vec<_>>()
    })
    .await?;
    Ok(Json(list).into_response())
}

/// The body of `POST /api/sessions`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSession {
    /// A shipped game's name (with `record`: the game of a PGN record).
    game: Option<String>,
    /// `--set` options: `{"size": "9"}`.
    #[serde(default)]
    options: std::collections::BTreeMap<String, String>,
    /// One per seat: `human`, `ai`, `ai:3`.
    #[serde(default)]
    seats: Vec<String>,
    /// A start position in position notation.
    position: Option<String>,
    /// The seed of the AI players and dice.
    seed: Option<u64>,
    /// A game record's text, to replay.
    record: Option<String>,
    /// The record's format: `tabletop` (default), `pgn` or `sgf`.
    format: Option<String>,
}

/// A shipped game by name, or a clear refusal: the server never reads rule files from
/// paths a page (or a record it uploads) names; [`crate::games::load_recorded`] with no
/// rule file of the user's own is the one gate.
fn shipped(name: &str, options: &[(String, String)]) -> Result<crate::engine::Game, ApiError> {
    if crate::games::shipped_source(name).is_none() {
        return Err(ApiError(
            StatusCode::NOT_FOUND,
            format!(
                "unknown game '{}'; the shipped games are {}",
                crate::lang::diag::bounded(name),
                crate::games::shipped_names().join(", ")
            ),
        ));
    }
    crate::games::load_recorded(name, options, None).map_err(|e| ApiError::bad(e.to_string()))
}

/// A record in `format` (tabletop's, PGN or SGF), as a tabletop [`Record`].
fn read_record(text: &str, format: &str, game: Option<&str>) -> Result<Record, ApiError> {
    match format {
        "tabletop" | "" => Record::parse(text).map_err(|e| ApiError::bad(format!("record: {e}"))),
        "pgn" => {
            let games =
                crate::io::pgn::parse_pgn(text).map_err(|e| ApiError::bad(format!("PGN: {e}")))?;
            let first = games
                .first()
                .ok_or_else(|| ApiError::bad("PGN: the text holds no game"))?;
            Ok(first.to_record(game.unwrap_or("chess"), &[]))
        }
        // The SGF names its own game (GM or tabletop's TG); its warnings (variations and
        // unknown properties skipped) do not stop the load.
        "sgf" => crate::io::sgf::parse_sgf(text)
            .map(|g| g.record)
            .map_err(|e| ApiError::bad(format!("SGF: {e}"))),
        other => Err(ApiError::bad(format!(
            "unknown record format '{}': expected tabletop, pgn or sgf",
            crate::lang::diag::bounded(other)
        ))),
    }
}

fn seats(list: &[String], players: usize) -> Result<Vec<Seat>, ApiError> {
    if list.len() > players {
        return Err(ApiError::bad(format!(
            "{} seats given for a game of {players} players",
            list.len()
        )));
    }
    list.iter()
        .map(|s| Seat::parse(s).map_err(|e| ApiError::bad(format!("seat: {e}"))))
        .collect()
}

fn new_session(req: NewSession) -> Result<Session, ApiError> {
    let seed = req.seed.unwrap_or_else(rand::random);
    if let Some(text) = &req.record {
        let rec = read_record(
            text,
            req.format.as_deref().unwrap_or(""),
            req.game.as_deref(),
        )?;
        let game = shipped(&rec.game, &rec.options)?;
        let seats = seats(&req.seats, game.num_players())?;
        let mut s = Session::new(game, &rec.game, &rec.options, None, &seats, seed);
        s.load_record(&rec)?;
        return Ok(s);
    }
    let name = req
        .game
        .ok_or_else(|| ApiError::bad("say which game: {\"game\": \"chess\"} (or give a record)"))?;
    let options: Vec<(String, String)> = req.options.into_iter().collect();
    let game = shipped(&name, &options)?;
    let seats = seats(&req.seats, game.num_players())?;
    let start = match &req.position {
        Some(p) => Some(
            game.parse_position(p)
                .map_err(|e| ApiError::bad(format!("position: {e}")))?,
        ),
        None => None,
    };
    Ok(Session::new(game, &name, &options, start, &seats, seed))
}

/// `POST /api/sessions`.
pub async fn create(State(app): State<App>, b: Result<Json<NewSession>, JsonRejection>) -> Answer {
    let req = body(b)?;
    let session = blocking(move || new_session(req)).await??;
    let live = Live::new(session);
    let (id, shared) = app.registry.open(live).map_err(|full| {
        ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "{} games are open, the most this server keeps, and the computer is thinking \
                 in each (or a request is using it); try again shortly",
                full.0
            ),
        )
    })?;
    let live = lock(&shared);
    Ok((StatusCode::CREATED, state_json(&id, &live)).into_response())
}

/// The query of `GET /api/sessions/{id}`.
#[derive(Deserialize)]
pub struct Wait {
    /// The version the page has.
    since: Option<u64>,
    /// How long to wait for a change, in milliseconds (at most 10 000).
    wait: Option<u64>,
}

/// `GET /api/sessions/{id}`: the state, after letting the AI move if it is done; with
/// `since` and `wait`, waits while the AI thinks and nothing has changed.
pub async fn get(
    State(app): State<App>,
    Path(id): Path<String>,
    q: Result<Query<Wait>, axum::extract::rejection::QueryRejection>,
) -> Answer {
    let Query(q) = q.map_err(|r| ApiError::bad(r.body_text()))?;
    let shared = session_of(&app, &id)?;
    let deadline = Instant::now() + Duration::from_millis(q.wait.unwrap_or(0).min(10_000));
    loop {
        {
            let mut live = lock(&shared);
            live.tick();
            let waiting = q.since == Some(live.version) && live.thinking();
            if !waiting || Instant::now() >= deadline {
                return Ok(state_json(&id, &live));
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `DELETE /api/sessions/{id}`.
pub async fn close(State(app): State<App>, Path(id): Path<String>) -> Answer {
    if app.registry.close(&id) {
        Ok(Json(json!({ "closed": id })).into_response())
    } else {
        Err(session_of(&app, &id)
            .err()
            .unwrap_or_else(|| ApiError::bad("not open")))
    }
}

/// `GET /api/sessions/{id}/board`.
pub async fn board(State(app): State<App>, Path(id): Path<String>) -> Answer {
    let shared = session_of(&app, &id)?;
    let live = lock(&shared);
    Ok(Json(board_view(live.session.game())).into_response())
}

/// The body of `POST /api/sessions/{id}/pick`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PickBody {
    /// The cells picked so far.
    #[serde(default)]
    picked: Vec<CellId>,
    /// The cell picked now; none to ask only which cells can come next.
    cell: Option<CellId>,
}

fn check_cells(s: &Session, cells: &[CellId]) -> Result<(), ApiError> {
    let n = s.game().board().len();
    // A race board's bar and tray are picked too (`look track`).
    let race = !s.game().look().track.is_empty();
    let beside = |c: CellId| race && (c == BAR || c == OFF);
    match cells.iter().find(|&&c| c.index() >= n && !beside(c)) {
        Some(c) => Err(ApiError::bad(format!(
            "no cell {c}: the board has cells 0 to {}",
            n.saturating_sub(1)
        ))),
        None => Ok(()),
    }
}

fn people_to_move(live: &Live) -> Result<(), ApiError> {
    let s = &live.session;
    if s.is_over() {
        return Err(SessionError::GameOver.into());
    }
    if !s.seat(s.state().to_move()).is_human() {
        return Err(ApiError::conflict("the computer is to move"));
    }
    Ok(())
}

/// `POST /api/sessions/{id}/pick`: one click on a cell, exactly as the terminal board
/// takes it ([`Session::pick`]); plays the move once it is clear.
pub async fn pick(
    State(app): State<App>,
    Path(id): Path<String>,
    b: Result<Json<PickBody>, JsonRejection>,
) -> Answer {
    let req = body(b)?;
    let shared = session_of(&app, &id)?;
    let mut live = lock(&shared);
    live.tick();
    check_cells(&live.session, &req.picked)?;
    check_cells(&live.session, req.cell.as_slice())?;
    let Some(cell) = req.cell else {
        let next = if live.session.is_over()
            || !live.session.seat(live.session.state().to_move()).is_human()
        {
            Vec::new()
        } else {
            live.session.next_cells(&req.picked)
        };
        return Ok(
            Json(json!({ "result": "picked", "picked": req.picked, "next": next })).into_response(),
        );
    };
    // At the end of Go, a click on a group disputes whether it is dead.
    if live.dispute(cell) {
        return Ok(
            Json(json!({ "result": "counted", "state": state_view(&id, &live) })).into_response(),
        );
    }
    people_to_move(&live)?;
    let s = &live.session;
    let text = |m| s.game().move_to_string(s.state(), m);
    let answer = match s.pick(&req.picked, cell) {
        Pick::NoMove => {
            let name = s.pick_name(cell);
            return Err(ApiError::bad(if req.picked.is_empty() {
                format!("no legal move from or onto {name}")
            } else {
                format!("no legal move continues to {name}")
            }));
        }
        Pick::Picked { picked, complete } => json!({
            "result": "picked",
            "next": s.next_cells(&picked),
            "picked": picked,
            "complete": complete.map(text),
        }),
        Pick::Choose(moves) => json!({
            "result": "choose",
            "choices": moves.into_iter().map(text).collect::<Vec<_>>(),
        }),
        Pick::Play(mv) => {
            live.apply(|s| s.play(mv))?;
            json!({ "result": "played", "state": state_view(&id, &live) })
        }
    };
    Ok(Json(answer).into_response())
}

/// The body of `POST /api/sessions/{id}/move`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    /// The move in the game's notation (or the compact form).
    text: String,
}

/// `POST /api/sessions/{id}/move`.
pub async fn play(
    State(app): State<App>,
    Path(id): Path<String>,
    b: Result<Json<MoveBody>, JsonRejection>,
) -> Answer {
    let req = body(b)?;
    let shared = session_of(&app, &id)?;
    let mut live = lock(&shared);
    live.tick();
    people_to_move(&live)?;
    live.apply(|s| s.play_text(&req.text))?;
    Ok(state_json(&id, &live))
}

/// `POST /api/sessions/{id}/undo`.
pub async fn undo(State(app): State<App>, Path(id): Path<String>) -> Answer {
    change(&app, &id, Session::undo)
}

/// `POST /api/sessions/{id}/redo`.
pub async fn redo(State(app): State<App>, Path(id): Path<String>) -> Answer {
    change(&app, &id, Session::redo)
}

/// `POST /api/sessions/{id}/new`.
pub async fn new_game(State(app): State<App>, Path(id): Path<String>) -> Answer {
    change(&app, &id, |s| Ok(s.new_game()))
}

fn change(
    app: &App,
    id: &str,
    f: impl FnOnce(&mut Session) -> Result<Vec<crate::session::Event>, SessionError>,
) -> Answer {
    let shared = session_of(app, id)?;
    let mut live = lock(&shared);
    live.tick();
    live.apply(f)?;
    Ok(state_json(id, &live))
}

/// The body of `POST /api/sessions/{id}/goto`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GotoBody {
    /// How many history entries to keep (0: the start).
    ply: usize,
}

/// `POST /api/sessions/{id}/goto`: steps through a game (replay and analysis).
pub async fn goto(
    State(app): State<App>,
    Path(id): Path<String>,
    b: Result<Json<GotoBody>, JsonRejection>,
) -> Answer {
    let req = body(b)?;
    let shared = session_of(&app, &id)?;
    let mut live = lock(&shared);
    live.tick();
    let end = live.session.history().len() + live.session.redo_texts().len();
    if req.ply > end {
        return Err(ApiError::bad(format!(
            "ply {} is past the end of the game ({end})",
            req.ply
        )));
    }
    live.apply(|s| s.go_to(req.ply))?;
    Ok(state_json(&id, &live))
}

/// Most legal moves listed by `/moves`.
const MAX_LISTED: usize = 500;

/// `GET /api/sessions/{id}/moves`.
pub async fn moves(State(app): State<App>, Path(id): Path<String>) -> Answer {
    let shared = session_of(&app, &id)?;
    let live = lock(&shared);
    let s = &live.session;
    let all = if s.is_over() {
        Vec::new()
    } else {
        s.legal_moves()
    };
    let listed: Vec<Value> = all
        .iter()
        .take(MAX_LISTED)
        .map(
            |m| json!({ "text": s.game().move_to_string(s.state(), *m), "cells": s.move_cells(m) }),
        )
        .collect();
    Ok(Json(json!({ "total": all.len(), "moves": listed })).into_response())
}

/// The body of `POST /api/sessions/{id}/analyse`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct AnalyseBody {
    /// The AI level, 1 to 9.
    level: Option<u8>,
    /// How long a line, 1 to 12 moves.
    plies: Option<usize>,
}

/// `POST /api/sessions/{id}/analyse`: the AI's evaluation and best line from the current
/// position (also the hint: the line's first move). Searches on a copy, so the page can keep
/// polling the session meanwhile.
pub async fn analysis(
    State(app): State<App>,
    Path(id): Path<String>,
    b: Result<Json<AnalyseBody>, JsonRejection>,
) -> Answer {
    let req = body(b)?;
    let level = req.level.unwrap_or(DEFAULT_LEVEL);
    if !(1..=9).contains(&level) {
        return Err(ApiError::bad(format!(
            "the AI level must be from 1 to 9, not {level}"
        )));
    }
    let plies = req.plies.unwrap_or(6).clamp(1, 12);
    let shared = session_of(&app, &id)?;
    let (game, state, seed) = {
        let live = lock(&shared);
        let s = &live.session;
        (s.game().clone(), s.state().clone(), s.seed())
    };
    let _permit = app.searches.acquire().await.map_err(|_| {
        ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is stopping".into(),
        )
    })?;
    let a = blocking(move || analyse(&game, &state, seed, AiSettings::Level(level), plies)).await?;
    Ok(Json(json!({ "level": level, "summary": a.summary, "line": a.line })).into_response())
}

/// `GET /api/sessions/{id}/record`: the game as a tabletop record, to save.
pub async fn record(State(app): State<App>, Path(id): Path<String>) -> Answer {
    let shared = session_of(&app, &id)?;
    let live = lock(&shared);
    let rec = live.session.record();
    Ok(Json(json!({ "record": rec.to_text(), "moves": rec.moves.len() })).into_response())
}

/// Any other path under `/api/`.
pub async fn not_found() -> ApiError {
    ApiError(StatusCode::NOT_FOUND, "no such API endpoint".into())
}
