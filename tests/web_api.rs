//! The web board's JSON API, without a browser: `tabletop serve` runs as the real binary on
//! a free port, and a tiny HTTP client talks to it. Every endpoint is exercised, and every
//! kind of bad input gets a clear status and sentence and leaves the game as it was.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use serde_json::{json, Value};

/// A `tabletop serve` started for one test, stopped when dropped.
struct Server {
    child: Child,
    base: String,
}

impl Server {
    fn start() -> Server {
        Self::start_on(0).expect("the server starts")
    }

    fn start_on(port: u16) -> Result<Server, String> {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(["serve", "--port", &port.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tabletop runs");
        let mut line = String::new();
        let out = child.stdout.take().expect("piped");
        BufReader::new(out).read_line(&mut line).expect("a line");
        let Some(at) = line.find("http://") else {
            let status = child.wait().expect("exits");
            let mut err = String::new();
            let _ = std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err);
            return Err(format!("{status}: {err}"));
        };
        let base = line[at..]
            .split_whitespace()
            .next()
            .unwrap()
            .trim_end_matches('/');
        Ok(Server {
            base: base.to_string(),
            child,
        })
    }

    fn port(&self) -> u16 {
        self.base.rsplit(':').next().unwrap().parse().unwrap()
    }

    /// (status, JSON body) of a request; `body` is sent as JSON text.
    fn call(&self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        let req = ureq::request(method, &format!("{}{path}", self.base))
            .set("content-type", "application/json");
        let res = match body {
            Some(b) => req.send_string(b),
            None => req.call(),
        };
        let res = match res {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("{method} {path}: {e}"),
        };
        let status = res.status();
        let text = res.into_string().expect("a body");
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value)
    }

    fn get(&self, path: &str) -> Value {
        let (status, v) = self.call("GET", path, None);
        assert_eq!(status, 200, "GET {path}: {v}");
        v
    }

    fn post(&self, path: &str, body: Value) -> Value {
        let (status, v) = self.call("POST", path, Some(&body.to_string()));
        assert!(status == 200 || status == 201, "POST {path}: {status} {v}");
        v
    }

    /// A refused request: its status, and its error sentence.
    fn refused(&self, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
        let (status, v) = self.call(method, path, body);
        assert!(status >= 400, "{method} {path} should be refused: {v}");
        let msg = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error sentence: {v}"));
        (status, msg.to_string())
    }

    /// A POST over a raw socket whose header announces `claimed` bytes of body, followed by
    /// `sent`: (status line, whole reply). Read to the end, so a refusal and its sentence
    /// are seen even when the server closes the connection after answering.
    fn announce(&self, path: &str, claimed: usize, sent: &str) -> (String, String) {
        use std::io::{Read, Write};
        let mut tcp = std::net::TcpStream::connect(("127.0.0.1", self.port())).expect("connects");
        tcp.set_read_timeout(Some(std::time::Duration::from_secs(30)))
            .expect("a timeout");
        let head = format!(
            "POST {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n\
             content-length: {claimed}\r\nconnection: close\r\n\r\n{sent}"
        );
        tcp.write_all(head.as_bytes()).expect("the head is sent");
        let mut reply = Vec::new();
        let _ = tcp.read_to_end(&mut reply);
        let reply = String::from_utf8_lossy(&reply).into_owned();
        let status = reply.lines().next().unwrap_or("").to_string();
        (status, reply)
    }

    fn open(&self, body: Value) -> (String, Value) {
        let s = self.post("/api/sessions", body);
        (s["id"].as_str().unwrap().to_string(), s)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn texts(state: &Value) -> Vec<String> {
    state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["text"].as_str().unwrap().to_string())
        .collect()
}

fn cell(board: &Value, name: &str) -> u64 {
    board["cells"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no cell {name}")) as u64
}

#[test]
fn the_page_and_its_files_are_served() {
    let s = Server::start();
    for (path, kind, has) in [
        ("/", "text/html", "<svg id=\"board\""),
        ("/app.js", "text/javascript", "/api/sessions"),
        ("/style.css", "text/css", ".cell"),
    ] {
        let res = ureq::get(&format!("{}{path}", s.base)).call().unwrap();
        assert!(res.content_type().starts_with(kind), "{path}");
        assert!(res.into_string().unwrap().contains(has), "{path}");
    }
    let games = s.get("/api/games");
    let names: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    for g in ["chess", "intellector", "nex", "ur", "morris", "go"] {
        assert!(names.contains(&g), "{g} in {names:?}");
    }
    let go = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "go")
        .unwrap();
    assert_eq!(go["players"], json!(["Black", "White"]));
    assert!(go["options"]
        .as_array()
        .unwrap()
        .iter()
        .any(|o| o[0] == "size"));
}

#[test]
fn moves_are_entered_cell_by_cell_and_taken_back() {
    let s = Server::start();
    let (id, st) = s.open(json!({"game": "chess", "seats": ["human", "human"]}));
    assert_eq!(st["version"], 1);
    assert_eq!(st["legal"], 20);
    let board = s.get(&format!("/api/sessions/{id}/board"));
    let (e2, e3, e4) = (cell(&board, "e2"), cell(&board, "e3"), cell(&board, "e4"));
    // A click on the pawn lights up its two targets; a click on e4 plays e4.
    let r = s.post(&format!("/api/sessions/{id}/pick"), json!({"cell": e2}));
    assert_eq!(r["result"], "picked");
    assert_eq!(r["next"], json!([e3, e4]));
    let r = s.post(
        &format!("/api/sessions/{id}/pick"),
        json!({"picked": [e2], "cell": e4}),
    );
    assert_eq!(r["result"], "played");
    assert_eq!(texts(&r["state"]), ["e4"]);
    assert_eq!(r["state"]["last"], json!([e2, e4]));
    // Asking without a cell only lists the next cells.
    let r = s.post(&format!("/api/sessions/{id}/pick"), json!({"picked": []}));
    assert_eq!(r["result"], "picked");
    assert!(!r["next"].as_array().unwrap().is_empty());
    let st = s.post(&format!("/api/sessions/{id}/move"), json!({"text": "e5"}));
    assert_eq!(texts(&st), ["e4", "e5"]);
    assert_eq!(st["to_move"], 0);
    let st = s.post(&format!("/api/sessions/{id}/undo"), json!(null));
    assert_eq!(texts(&st), ["e4"]);
    let st = s.post(&format!("/api/sessions/{id}/redo"), json!(null));
    assert_eq!(texts(&st), ["e4", "e5"]);
    let moves = s.get(&format!("/api/sessions/{id}/moves"));
    assert_eq!(moves["total"], 29);
    assert!(moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["text"] == "Nf3"));
    let rec = s.get(&format!("/api/sessions/{id}/record"));
    assert!(rec["record"].as_str().unwrap().contains("moves e4 e5"));
    let st = s.post(&format!("/api/sessions/{id}/new"), json!(null));
    assert!(texts(&st).is_empty());
    let (status, v) = s.call("DELETE", &format!("/api/sessions/{id}"), None);
    assert_eq!((status, v["closed"].as_str()), (200, Some(id.as_str())));
    let (status, msg) = s.refused("GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(status, 404);
    assert!(msg.contains("no game"), "{msg}");
}

#[test]
fn the_ai_thinks_on_the_server_while_the_page_polls() {
    let s = Server::start();
    let (id, _) = s.open(json!({"game": "tictactoe", "seats": ["human", "ai:3"], "seed": 4}));
    let st = s.post(&format!("/api/sessions/{id}/move"), json!({"text": "b2"}));
    let mut version = st["version"].as_u64().unwrap();
    // Long polls, each returning at a change or after its wait, until the AI has moved.
    let mut st = st;
    for _ in 0..100 {
        if texts(&st).len() == 2 {
            break;
        }
        st = s.get(&format!("/api/sessions/{id}?since={version}&wait=2000"));
        version = st["version"].as_u64().unwrap();
    }
    assert_eq!(texts(&st).len(), 2, "{st}");
    assert_eq!(st["thinking"], false);
    assert_eq!(st["human_to_move"], true);
    // Undo takes back the person's move and the computer's reply.
    let st = s.post(&format!("/api/sessions/{id}/undo"), json!(null));
    assert!(texts(&st).is_empty());
}

#[test]
fn every_board_shape_comes_with_its_geometry() {
    let s = Server::start();
    let board = |game: &str| {
        let (id, st) = s.open(json!({"game": game}));
        (s.get(&format!("/api/sessions/{id}/board")), st)
    };
    let (chess, st) = board("chess");
    assert_eq!(chess["shape"], "square");
    assert_eq!(chess["cells"].as_array().unwrap().len(), 64);
    assert_eq!(chess["cells"][0]["outline"].as_array().unwrap().len(), 4);
    assert_eq!(chess["checkered"], true);
    let (go, _) = board("go");
    assert_eq!(go["checkered"], false, "stones are placed on a plain board");
    // White's king is drawn as a chess symbol.
    let king = st["cells"][cell(&chess, "e1") as usize][0]
        .as_u64()
        .unwrap();
    assert_eq!(chess["pieces"][king as usize]["label"], "♔");
    let (int, _) = board("intellector");
    assert_eq!(int["shape"], "hex-columns");
    assert_eq!(int["cells"][0]["outline"].as_array().unwrap().len(), 6);
    // Intellector's pieces are not chess's: letters.
    assert!(int["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["glyph"] == false));
    let (nex, _) = board("nex");
    assert_eq!(nex["shape"], "hex-rhombus");
    assert_eq!(nex["cells"].as_array().unwrap().len(), 169);
    let (morris, _) = board("morris");
    assert_eq!(morris["shape"], "graph");
    assert_eq!(morris["links"].as_array().unwrap().len(), 32);
    assert!(morris["cells"][0]["outline"].is_null());
    let (ur, st) = board("ur");
    assert_eq!(ur["tracks"][0]["cells"].as_array().unwrap().len(), 2);
    assert_eq!(st["reserves"], json!([[7, 0], [7, 0]]));
    assert!(st["roll"].is_u64(), "the dice are rolled for White: {st}");
    let ext = ur["extent"].as_array().unwrap();
    assert_eq!(ext.len(), 4);
}

/// The texts of a board's coordinate labels, in order.
fn labels(board: &Value) -> Vec<String> {
    board["look"]["labels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect()
}

/// The names of the cells a board's look marks.
fn marks(board: &Value) -> Vec<String> {
    board["look"]["marks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            board["cells"][c.as_u64().unwrap() as usize]["name"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn each_board_is_drawn_as_its_rule_file_says() {
    let s = Server::start();
    let board = |game: &str, options: Value| {
        let (id, st) = s.open(json!({"game": game, "options": options}));
        (s.get(&format!("/api/sessions/{id}/board")), st)
    };
    // Go: stones on the points, its star points, columns a … t without i.
    let (go, _) = board("go", json!({"size": "19"}));
    assert_eq!(go["look"]["points"], true);
    let files: Vec<String> = labels(&go).into_iter().take(19).collect();
    assert_eq!(files.concat(), "abcdefghjklmnopqrst");
    assert!(go["cells"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| !c["name"].as_str().unwrap().starts_with('i')));
    assert_eq!(
        marks(&go),
        ["d4", "k4", "q4", "d10", "k10", "q10", "d16", "k16", "q16"]
    );
    // The notes under the legend, in words: the options without the board's size, and
    // what a piece promotes to.
    assert_eq!(
        go["notes"],
        json!(["komi 7.5 · suicide not allowed · positional ko"])
    );
    let (draughts, _) = board("draughts", json!({}));
    assert_eq!(draughts["notes"][0], "man promotes to king");
    let (go9, _) = board("go", json!({"size": "9"}));
    assert_eq!(marks(&go9), ["c3", "g3", "e5", "c7", "g7"]);
    // Hex and Nex: each player's sides in their colour.
    for game in ["hex", "nex"] {
        let (b, _) = board(game, json!({}));
        let edges: Vec<(String, u64)> = b["look"]["edges"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["name"].as_str().unwrap().to_string(),
                    e["player"].as_u64().unwrap(),
                )
            })
            .collect();
        let want =
            [("top", 0), ("bottom", 0), ("left", 1), ("right", 1)].map(|(n, p)| (n.to_string(), p));
        assert_eq!(edges, want, "{game}");
        assert_eq!(b["colors"][0], "#222222", "{game}: Black's sides are black");
    }
    // Ur: the rosettes; morris: its lines; neither has coordinate labels it does not use.
    for game in ["ur", "ur-finkel"] {
        let (ur, _) = board(game, json!({}));
        assert_eq!(marks(&ur), ["a1", "g1", "d2", "a3", "g3"], "{game}");
    }
    let (morris, _) = board("morris", json!({}));
    assert_eq!(morris["look"]["lines"], true);
    assert!(labels(&morris).is_empty());
    let (tictactoe, _) = board("tictactoe", json!({}));
    assert_eq!(tictactoe["look"]["lines"], false);
    // Shogi: files 9 … 1 across, ranks a … i down; White's pieces turned; kanji.
    let (shogi, st) = board("shogi", json!({}));
    assert_eq!(labels(&shogi).concat(), "987654321ihgfedcba");
    assert_eq!(shogi["look"]["turned"], json!([1]));
    let king = |cell: &str| st["cells"][cell_at(&shogi, cell)][0].as_u64().unwrap() as usize;
    assert_eq!(shogi["pieces"][king("5i")]["label"], "玉");
    assert_eq!(shogi["pieces"][king("5a")]["label"], "王");
    // Chess: a … h and 1 … 8, a picture per piece and side; draughts' numbers are no labels.
    let (chess, st) = board("chess", json!({}));
    assert_eq!(labels(&chess).concat(), "abcdefgh12345678");
    let at = |cell: &str| st["cells"][cell_at(&chess, cell)][0].as_u64().unwrap() as usize;
    assert_eq!(chess["pieces"][at("e1")]["label"], "♔");
    assert_eq!(chess["pieces"][at("d8")]["label"], "♛");
    let (draughts, _) = board("draughts", json!({}));
    assert!(labels(&draughts).is_empty());
    // Labels and sides lie within the drawing's extent.
    for b in [&go, &chess, &shogi] {
        let ext: Vec<f64> = b["extent"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        for l in b["look"]["labels"].as_array().unwrap() {
            let (x, y) = (l["x"].as_f64().unwrap(), l["y"].as_f64().unwrap());
            assert!(
                x >= ext[0] && x <= ext[0] + ext[2] && y >= ext[1] && y <= ext[1] + ext[3],
                "{l}"
            );
        }
    }
}

fn cell_at(board: &Value, name: &str) -> usize {
    cell(board, name) as usize
}

#[test]
fn records_replay_step_by_step_and_play_on() {
    let s = Server::start();
    let rec = "# tabletop game record\ngame tictactoe\nmoves b2 a1 c3 a3\n";
    let (id, st) = s.open(json!({"record": rec}));
    assert_eq!(texts(&st), ["b2", "a1", "c3", "a3"]);
    let st = s.post(&format!("/api/sessions/{id}/goto"), json!({"ply": 1}));
    assert_eq!(texts(&st), ["b2"]);
    assert_eq!(st["future"], json!(["a1", "c3", "a3"]));
    assert_eq!(st["legal"], 8);
    let moves = s.get(&format!("/api/sessions/{id}/moves"));
    assert_eq!(moves["total"], 8);
    let a = s.post(
        &format!("/api/sessions/{id}/analyse"),
        json!({"level": 4, "plies": 3}),
    );
    assert_eq!(a["line"].as_array().unwrap().len(), 3);
    assert!(a["summary"].as_str().unwrap().starts_with('O'), "{a}");
    let st = s.post(&format!("/api/sessions/{id}/goto"), json!({"ply": 3}));
    assert_eq!(texts(&st), ["b2", "a1", "c3"]);
    // Playing on from here replaces the rest of the record.
    let st = s.post(&format!("/api/sessions/{id}/move"), json!({"text": "c1"}));
    assert_eq!(texts(&st), ["b2", "a1", "c3", "c1"]);
    assert_eq!(st["future"], json!([]));
    // With the computer in a seat, stepping back does not let it move: the rest of the game
    // stays to be replayed.
    let (ai, _) = s.open(json!({"game": "tictactoe", "seats": ["human", "ai:1"], "seed": 2}));
    s.post(&format!("/api/sessions/{ai}/move"), json!({"text": "b2"}));
    let mut st = s.get(&format!("/api/sessions/{ai}?since=0&wait=10"));
    for _ in 0..100 {
        if texts(&st).len() == 2 {
            break;
        }
        let v = st["version"].as_u64().unwrap();
        st = s.get(&format!("/api/sessions/{ai}?since={v}&wait=2000"));
    }
    assert_eq!(texts(&st).len(), 2);
    let st = s.post(&format!("/api/sessions/{ai}/goto"), json!({"ply": 1}));
    assert_eq!(st["thinking"], false);
    let st = s.get(&format!("/api/sessions/{ai}"));
    assert_eq!(
        (texts(&st).len(), st["future"].as_array().unwrap().len()),
        (1, 1)
    );
    // PGN, read as chess.
    let pgn = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    let (_, st) = s.open(json!({"record": pgn, "format": "pgn"}));
    assert_eq!(texts(&st), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(st["game"], "chess");
    // SGF, which names its game (Go, 9 × 9, komi 7.5).
    let sgf = "(;FF[4]GM[1]SZ[9]KM[7.5];B[ee];W[cg];B[])";
    let (_, st) = s.open(json!({"record": sgf, "format": "sgf"}));
    assert_eq!(texts(&st), ["e5", "c3", "pass"]);
    assert_eq!(st["game"], "go");
}

#[test]
fn refused_moves_are_worded_for_a_page() {
    let s = Server::start();
    let (id, _) = s.open(json!({"game": "tictactoe", "seats": ["human", "human"]}));
    let path = format!("/api/sessions/{id}/move");
    s.post(&path, json!({"text": "b2"}));
    // Text that names no move points to the board, not to a command a page does not have.
    let (status, msg) = s.refused("POST", &path, Some(r#"{"text": "zz"}"#));
    assert_eq!(status, 400, "{msg}");
    assert_eq!(
        msg,
        "'zz' is not a legal move here; pick a highlighted cell"
    );
    // A taken cell says what stands there.
    let (status, msg) = s.refused("POST", &path, Some(r#"{"text": "b2"}"#));
    assert_eq!(status, 400, "{msg}");
    assert_eq!(
        msg,
        "'b2' is not a legal move here (b2 is taken: X's mark stands there)"
    );
}

#[test]
fn bad_input_is_refused_clearly_and_changes_nothing() {
    let s = Server::start();
    let (id, _) = s.open(json!({"game": "tictactoe", "seats": ["human", "human"]}));
    s.post(&format!("/api/sessions/{id}/move"), json!({"text": "b2"}));
    let before = s.get(&format!("/api/sessions/{id}"));
    let session = |p: &str| format!("/api/sessions/{id}{p}");
    let cases: Vec<(&str, String, Option<String>, u16, &str)> = vec![
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game": "checkers"}"#.into()),
            404,
            "unknown game 'checkers'",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game": "../../etc/passwd"}"#.into()),
            404,
            "unknown game",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game": "go", "options": {"size": "abc"}}"#.into()),
            400,
            "size",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game": "go", "seats": ["robot"]}"#.into()),
            400,
            "seat",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game": "go", "seats": ["ai:12"]}"#.into()),
            400,
            "from 1 to 9",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game": "go", "seats": ["human", "human", "human"]}"#.into()),
            400,
            "3 seats",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game": "chess", "position": "nonsense"}"#.into()),
            400,
            "position",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{}"#.into()),
            400,
            "which game",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"record": "game /etc/passwd\n"}"#.into()),
            404,
            "unknown game",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"record": "(;GM[1];B[ee]", "format": "sgf"}"#.into()),
            400,
            "SGF: ",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"record": "x", "format": "doc"}"#.into()),
            400,
            "unknown record format",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"record": "game tictactoe\nmoves b2 b2\n"}"#.into()),
            400,
            "move 2",
        ),
        (
            "POST",
            session("/move"),
            Some(r#"{"text": "b2"}"#.into()),
            400,
            "not a legal move",
        ),
        (
            "POST",
            session("/move"),
            Some(r#"{"text": "zz99"}"#.into()),
            400,
            "zz99",
        ),
        (
            "POST",
            session("/move"),
            Some("{\"text\": ".into()),
            400,
            "bad request body",
        ),
        (
            "POST",
            session("/move"),
            Some(r#"{"txt": "a1"}"#.into()),
            422,
            "bad request body",
        ),
        (
            "POST",
            session("/move"),
            Some(r#"[1, 2]"#.into()),
            422,
            "bad request body",
        ),
        (
            "POST",
            session("/pick"),
            Some(r#"{"cell": 99}"#.into()),
            400,
            "no cell 99",
        ),
        (
            "POST",
            session("/pick"),
            Some(r#"{"cell": -1}"#.into()),
            422,
            "bad request body",
        ),
        (
            "POST",
            session("/pick"),
            Some(r#"{"cell": 4}"#.into()),
            400,
            "no legal move",
        ),
        (
            "POST",
            session("/goto"),
            Some(r#"{"ply": 5}"#.into()),
            400,
            "past the end",
        ),
        ("POST", session("/redo"), None, 409, "nothing to redo"),
        (
            "POST",
            session("/analyse"),
            Some(r#"{"level": 0}"#.into()),
            400,
            "from 1 to 9",
        ),
        ("GET", session("?wait=abc"), None, 400, "wait"),
        (
            "GET",
            "/api/sessions/0123456789abcdef".into(),
            None,
            404,
            "no game '0123456789abcdef'",
        ),
        (
            "POST",
            "/api/sessions/nope/move".into(),
            Some(r#"{"text": "a1"}"#.into()),
            404,
            "no game 'nope'",
        ),
        (
            "GET",
            "/api/nothing".into(),
            None,
            404,
            "no such API endpoint",
        ),
    ];
    for (method, path, body, status, words) in cases {
        let (got, msg) = s.refused(method, &path, body.as_deref());
        assert_eq!(got, status, "{method} {path}: {msg}");
        assert!(
            msg.contains(words),
            "{method} {path}: '{msg}' lacks '{words}'"
        );
        let now = s.get(&format!("/api/sessions/{id}"));
        assert_eq!(
            now["history"], before["history"],
            "{method} {path} changed the game"
        );
        assert_eq!(
            now["version"], before["version"],
            "{method} {path} changed the game"
        );
    }
    // A body one byte over the limit (256 KiB) is refused. The server reads a body only
    // up to the limit and then answers and closes; a body any longer would race that
    // close (a broken pipe for the client instead of the reply), so this one ends just
    // where the server stops reading.
    let over = 256 * 1024 + 1;
    let filler = over - r#"{"text": ""}"#.len();
    let huge = format!(r#"{{"text": "{}"}}"#, "a".repeat(filler));
    assert_eq!(huge.len(), over);
    let (status, reply) = s.announce(&session("/move"), huge.len(), &huge);
    assert!(status.contains(" 413 "), "an oversized body: {reply}");
    assert!(
        reply.contains("bad request body"),
        "an oversized body: {reply}"
    );
    let now = s.get(&format!("/api/sessions/{id}"));
    assert_eq!(
        now["version"], before["version"],
        "an oversized body changed the game"
    );
    // The computer's turn is not the person's, and a finished game takes no move.
    let (ai, _) = s.open(json!({"game": "chess", "seats": ["ai:9", "human"]}));
    let (status, msg) = s.refused(
        "POST",
        &format!("/api/sessions/{ai}/move"),
        Some(r#"{"text": "e4"}"#),
    );
    assert_eq!((status, msg.as_str()), (409, "the computer is to move"));
    let (done, _) = s.open(json!({"record": "game tictactoe\nmoves b2 a1 b1 a2 b3\n"}));
    let st = s.get(&format!("/api/sessions/{done}"));
    assert!(
        st["over"]["why"]
            .as_str()
            .unwrap()
            .contains("three in a row"),
        "{st}"
    );
    let (status, msg) = s.refused(
        "POST",
        &format!("/api/sessions/{done}/move"),
        Some(r#"{"text": "c3"}"#),
    );
    assert_eq!(status, 409);
    assert!(msg.contains("over"), "{msg}");
}

#[test]
fn a_port_in_use_is_refused_and_a_signal_stops_the_server_cleanly() {
    let s = Server::start();
    let err = Server::start_on(s.port()).err().expect("the port is taken");
    assert!(err.contains("exit status: 1"), "{err}");
    assert!(err.contains("the port is in use"), "{err}");
    // SIGINT, as Ctrl-C sends: the server says it stopped and exits with 0.
    let mut s = s;
    let pid = s.child.id().to_string();
    let killed = Command::new("kill").args(["-INT", &pid]).status().unwrap();
    assert!(killed.success());
    let status = s.child.wait().unwrap();
    assert!(status.success(), "{status}");
}
