//! The web board in a real browser: headless Chromium driven by chromedriver (WebDriver,
//! through fantoccini) against `tabletop serve`. It plays Intellector and Nex against the AI
//! by clicking cells (a Nex transform and an Intellector promotion included), takes a move
//! back, loads a record and steps through it, checking the board and the move list after
//! each step; and it takes a picture of every shipped game's start position for the docs
//! (`docs/screenshots/<game>.png`).
//!
//! Needs `chromium` and `chromedriver` (Debian: `chromium chromium-driver`; `.ci/run`
//! installs them).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

/// A child process ended when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `tabletop serve` on a free port, and its base URL.
fn serve() -> (Running, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("tabletop runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let at = line.find("http://").expect("the server prints its address");
    let base = line[at..].split_whitespace().next().unwrap();
    (Running(child), base.trim_end_matches('/').to_string())
}

fn program(name: &str) -> String {
    for dir in ["/usr/bin", "/usr/local/bin", "/usr/lib/chromium"] {
        let p = format!("{dir}/{name}");
        if std::path::Path::new(&p).exists() {
            return p;
        }
    }
    panic!("{name} is missing: install Debian's chromium and chromium-driver (.ci/run does)");
}

/// chromedriver on a free port, and a headless Chromium session through it.
async fn browser() -> (Running, Client, PathBuf) {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let driver = Running(
        Command::new(program("chromedriver"))
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs"),
    );
    // One profile per browser: two Chromiums given the same folder become one browser, and
    // the tests, which run in parallel, then share their tabs' storage.
    static BROWSERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = BROWSERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let profile =
        std::env::temp_dir().join(format!("tabletop-web-test-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": program("chromium"),
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1100,820",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let url = format!("http://127.0.0.1:{port}");
    // chromedriver takes a moment to listen.
    let mut last = String::new();
    for _ in 0..100 {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&url)
            .await
        {
            Ok(c) => return (driver, c, profile),
            Err(e) => last = e.to_string(),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no WebDriver session: {last}");
}

/// The page under test.
struct Page {
    c: Client,
    base: String,
}

impl Page {
    async fn js(&self, script: &str) -> Value {
        self.c.execute(script, vec![]).await.expect(script)
    }

    /// Clicks the element `css` finds; again if the page redrew it between finding and
    /// clicking (the board is redrawn after every answer of the server).
    async fn click(&self, css: &str) {
        let mut last = String::new();
        for _ in 0..20 {
            let found = self.c.find(Locator::Css(css)).await;
            match found {
                Ok(e) => match e.click().await {
                    Ok(()) => return,
                    Err(err) => last = err.to_string(),
                },
                Err(err) => last = err.to_string(),
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("click {css}: {last}");
    }

    /// Waits until `script` returns true (a bounded number of tries).
    async fn until(&self, what: &str, script: &str) {
        for _ in 0..300 {
            if self.js(script).await == json!(true) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let message = self
            .js("return document.getElementById('message').textContent")
            .await;
        panic!("timed out waiting for {what} (message: {message})");
    }

    /// The move list's entries as shown.
    async fn moves(&self) -> Vec<String> {
        let v = self
            .js("return [...document.querySelectorAll('#moves-list li')].map(l => l.textContent)")
            .await;
        serde_json::from_value(v).unwrap()
    }

    /// The symbols drawn on the board, by cell name.
    async fn pieces(&self) -> Vec<(String, String)> {
        let v = self
            .js("return [...document.querySelectorAll('#board [data-at]')].map(p => \
                 [document.querySelector(`[data-cell='${p.dataset.at}']`).dataset.name, p.dataset.symbol])")
            .await;
        let mut out: Vec<(String, String)> = serde_json::from_value(v).unwrap();
        out.sort();
        out
    }

    async fn piece_at(&self, name: &str) -> Option<String> {
        self.pieces()
            .await
            .into_iter()
            .find(|p| p.0 == name)
            .map(|p| p.1)
    }

    async fn click_cell(&self, name: &str) {
        self.click(&format!("#board [data-name='{name}']")).await;
    }

    /// Clicks these cells in turn, each after the page has taken the one before (it shows
    /// the picked cells), as a person would.
    async fn click_cells(&self, names: &[&str]) {
        for (i, name) in names.iter().enumerate() {
            self.click_cell(name).await;
            if i + 1 < names.len() {
                self.until(
                    &format!("{name} picked"),
                    &format!(
                        "return document.querySelectorAll('#board .picked').length === {}",
                        i + 1
                    ),
                )
                .await;
            }
        }
    }

    async fn session(&self) -> String {
        self.js("return sessionStorage.getItem('tabletop-session')")
            .await
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    /// Starts `game` from the page's controls with these seats.
    async fn start(&self, game: &str, options: &str, seats: &[&str]) {
        let script = format!(
            "const g = document.getElementById('game'); g.value = {game:?}; \
             g.dispatchEvent(new Event('change')); \
             document.getElementById('options').value = {options:?}; \
             const seats = {seats}; \
             document.querySelectorAll('select.seat').forEach((s, i) => s.value = seats[i]); \
             return g.value",
            seats = serde_json::to_string(seats).unwrap()
        );
        assert_eq!(self.js(&script).await, json!(game));
        let before = self.session().await;
        self.click("#start").await;
        self.until(
            "the new game",
            &format!(
                "const id = sessionStorage.getItem('tabletop-session'); \
                 return id !== {before:?} && document.getElementById('board').dataset.session === id && \
                 document.querySelectorAll('#board [data-cell]').length > 0"
            ),
        )
        .await;
    }

    /// Opens a game set up through the API (a position), as a reload of the tab would.
    async fn open_position(&self, game: &str, options: Value, position: &str, seats: &[&str]) {
        let body = json!({"game": game, "options": options, "position": position, "seats": seats});
        let res: Value = ureq::post(&format!("{}/api/sessions", self.base))
            .send_json(body)
            .expect("a session")
            .into_json()
            .unwrap();
        let id = res["id"].as_str().unwrap();
        self.js(&format!(
            "sessionStorage.setItem('tabletop-session', {id:?})"
        ))
        .await;
        self.c.refresh().await.unwrap();
        self.until(
            "the set-up game",
            &format!(
                "return document.getElementById('board').dataset.session === {id:?} && \
                 document.querySelectorAll('#board [data-cell]').length > 0"
            ),
        )
        .await;
    }

    /// Waits for the AI's reply: `n` entries in the move list and a person to move.
    async fn wait_moves(&self, n: usize) {
        self.until(
            &format!("{n} moves"),
            &format!(
                "return document.querySelectorAll('#moves-list .ply:not(.future)').length === {n} && \
                 !document.getElementById('status').textContent.includes('thinking')"
            ),
        )
        .await;
    }

    /// The buttons of the moves that take no cell, as shown.
    async fn buttons(&self) -> Vec<String> {
        let v = self
            .js("return [...document.querySelectorAll('#without-cells button')].map(b => b.textContent)")
            .await;
        serde_json::from_value(v).unwrap()
    }

    async fn legal(&self) -> Value {
        let id = self.session().await;
        ureq::get(&format!("{}/api/sessions/{id}/moves", self.base))
            .call()
            .unwrap()
            .into_json()
            .unwrap()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_board_plays_replays_and_draws_every_game() {
    let (_server, base) = serve();
    let (_driver, c, profile) = browser().await;
    let page = Page { c, base };
    page.c.goto(&format!("{}/", page.base)).await.unwrap();
    page.until(
        "the game list",
        "return document.querySelectorAll('#game option').length > 10",
    )
    .await;

    // Intellector against the AI: a click on a piece lights up its targets, a click on a
    // target plays; the AI answers.
    page.start("intellector", "", &["human", "ai:1"]).await;
    let legal = page.legal().await;
    let first = &legal["moves"][0];
    let cells: Vec<usize> = serde_json::from_value(first["cells"].clone()).unwrap();
    assert_eq!(cells.len(), 2, "{first}");
    page.click(&format!("#board [data-cell='{}']", cells[0]))
        .await;
    page.until(
        "targets",
        "return document.querySelectorAll('#board .target').length > 0",
    )
    .await;
    let lit = page
        .js("return [...document.querySelectorAll('#board .target')].length")
        .await;
    let from_first = legal["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["cells"][0] == cells[0])
        .count();
    assert_eq!(lit, json!(from_first), "each target of the piece lights up");
    page.click(&format!("#board [data-cell='{}']", cells[1]))
        .await;
    page.wait_moves(2).await;
    // The person's move and the AI's answer share a row, numbered per full move.
    let moves = page.moves().await;
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert!(
        moves[0].starts_with(&format!("1. {} ", first["text"].as_str().unwrap())),
        "{moves:?}"
    );
    // Undo takes back the person's move and the AI's reply.
    page.click("#undo").await;
    page.wait_moves(0).await;

    // An Intellector promotion: the progressor's step to the last rank offers four kinds.
    page.open_position(
        "intellector",
        json!({}),
        "5Id/5P/5P1/4P1/2i4/6/7/6/7 White",
        &["human", "ai:1"],
    )
    .await;
    page.click_cells(&["c6", "c7"]).await;
    page.until(
        "the choices",
        "return document.querySelectorAll('#choices .choice').length === 4",
    )
    .await;
    page.c
        .find(Locator::XPath(
            "//div[@id='choices']/button[text()='c6-c7=L']",
        ))
        .await
        .expect("the liberator is offered")
        .click()
        .await
        .unwrap();
    page.wait_moves(2).await;
    assert!(page.moves().await[0].starts_with("1. c6-c7=L "));
    assert_eq!(page.piece_at("c7").await.as_deref(), Some("L"));

    // Nex against the AI: a turn places a stone and a neutral stone, two clicks.
    page.start("nex", "size=5", &["human", "ai:1"]).await;
    page.click_cells(&["c3", "b2"]).await;
    page.wait_moves(2).await;
    assert!(page.moves().await[0].starts_with("1. Bc3?b2 "));
    assert_eq!(page.piece_at("c3").await.as_deref(), Some("B"));
    assert_eq!(page.piece_at("b2").await.as_deref(), Some("?"));

    // A Nex transform: two neutral stones become White's, one of White's becomes neutral.
    page.open_position(
        "nex",
        json!({"size": "3"}),
        "?B?/B?W/?W? White 6",
        &["human", "human"],
    )
    .await;
    page.click_cells(&["a1", "c3", "c2"]).await;
    page.until(
        "the transform",
        "return document.querySelectorAll('#moves-list li').length >= 1",
    )
    .await;
    // White moves first in this position: the row opens with an answer's dots.
    assert_eq!(page.moves().await[0], "1... Wa1Wc3?c2");
    assert_eq!(page.piece_at("a1").await.as_deref(), Some("W"));
    assert_eq!(page.piece_at("c2").await.as_deref(), Some("?"));

    // A record, loaded and stepped through: the board and the move list follow each step.
    page.click("#load-box summary").await;
    page.js("document.getElementById('record-text').value = \
         '# tabletop game record\\ngame tictactoe\\nmoves b2 a1 c3\\n'; \
         document.getElementById('record-format').value = 'tabletop'")
        .await;
    page.click("#load").await;
    page.until(
        "the record",
        "return document.getElementById('title').textContent === 'Tic-tac-toe'",
    )
    .await;
    page.wait_moves(3).await;
    page.click("#first").await;
    page.wait_moves(0).await;
    assert!(page.pieces().await.is_empty());
    assert_eq!(
        page.moves().await,
        ["b2", "a1", "c3"],
        "the record's moves, to come"
    );
    let steps = [
        vec![("b2", "X")],
        vec![("a1", "O"), ("b2", "X")],
        vec![("a1", "O"), ("b2", "X"), ("c3", "X")],
    ];
    for (i, want) in steps.iter().enumerate() {
        page.click("#next").await;
        page.wait_moves(i + 1).await;
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(page.pieces().await, want, "after step {}", i + 1);
        let current = page
            .js("return document.querySelector('#moves-list .ply.current').dataset.ply")
            .await;
        assert_eq!(current, json!((i + 1).to_string()));
    }
    // Numbered per full move, as the line mode and PGN number them: a move and its answer
    // on one row.
    assert_eq!(page.moves().await, ["1. b2 a1", "2. c3"]);
    // The arrow key steps back too.
    page.c
        .find(Locator::Css("body"))
        .await
        .unwrap()
        .send_keys("\u{E012}")
        .await
        .unwrap();
    page.wait_moves(2).await;
    assert_eq!(page.pieces().await.len(), 2);
    // The AI's evaluation and best line at this ply.
    page.click("#analyse").await;
    page.until(
        "the analysis",
        "return document.getElementById('analysis').textContent.includes('best line')",
    )
    .await;
    // Flip turns the board upside down: a1 moves from the bottom left to the top right.
    let a1 = "const r = document.querySelector(\"[data-name='a1']\").getBoundingClientRect(); \
              return [r.x, r.y]";
    let before = page.js(a1).await;
    page.click("#flip").await;
    let after = page.js(a1).await;
    assert!(after[0].as_f64() > before[0].as_f64() && after[1].as_f64() < before[1].as_f64());
    page.click("#flip").await;

    // Pictures of every shipped game's start position, for the docs.
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let names: Vec<String> = serde_json::from_value(
        page.js("return [...document.querySelectorAll('#game option')].map(o => o.value)")
            .await,
    )
    .unwrap();
    for name in &names {
        let players = page
            .js(&format!(
                "const g = document.getElementById('game'); g.value = {name:?}; \
                 g.dispatchEvent(new Event('change')); \
                 return document.querySelectorAll('select.seat').length"
            ))
            .await
            .as_u64()
            .unwrap() as usize;
        page.start(name, "", &vec!["human"; players]).await;
        let png = page
            .c
            .find(Locator::Css("#board"))
            .await
            .unwrap()
            .screenshot()
            .await
            .unwrap();
        assert!(png.starts_with(b"\x89PNG"), "{name}");
        std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
    }
    // And the whole page once, for docs/cli.md: chess after a few moves, a target lit.
    page.start("chess", "", &["human", "human"]).await;
    for (i, (from, to)) in [("e2", "e4"), ("e7", "e5"), ("g1", "f3")]
        .iter()
        .enumerate()
    {
        page.click_cells(&[from, to]).await;
        page.wait_moves(i + 1).await;
    }
    page.click_cell("b8").await;
    page.until(
        "targets",
        "return document.querySelectorAll('#board .target').length === 2",
    )
    .await;
    let png = page.c.screenshot().await.unwrap();
    std::fs::write(dir.join("web-page.png"), png).unwrap();

    page.c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}

/// The games with hands and dice, played by clicking as a person would: a shogi drop (a
/// click on an empty cell offers each kind in hand), a shogi optional promotion (both
/// offered), and a whole backgammon turn entered step by step (each man, then its landing).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_board_drops_promotes_and_plays_whole_dice_turns() {
    let (_server, base) = serve();
    let (_driver, c, profile) = browser().await;
    let page = Page { c, base };
    page.c.goto(&format!("{}/", page.base)).await.unwrap();
    page.until(
        "the game list",
        "return document.querySelectorAll('#game option').length > 10",
    )
    .await;

    // Shogi: Black holds a pawn and a silver; a click on an empty cell offers both drops.
    page.open_position(
        "shogi",
        json!({}),
        "4k4/9/9/5S3/9/9/9/9/4K4 b PS 1",
        &["human", "human"],
    )
    .await;
    let info = page
        .js("return document.getElementById('info').textContent")
        .await;
    assert!(
        info.as_str().unwrap().contains("in hand: Black S P"),
        "{info}"
    );
    page.click_cell("5e").await;
    page.until(
        "the drop choices",
        "return document.querySelectorAll('#choices .choice').length === 2",
    )
    .await;
    page.c
        .find(Locator::XPath("//div[@id='choices']/button[text()='S*5e']"))
        .await
        .expect("the silver's drop is offered")
        .click()
        .await
        .unwrap();
    page.wait_moves(1).await;
    assert_eq!(page.moves().await, ["1. S*5e"]);
    assert_eq!(page.piece_at("5e").await.as_deref(), Some("S"));
    // White's king steps; then Black's silver enters the zone: promote or not, both offered.
    page.click_cells(&["5a", "6a"]).await;
    page.wait_moves(2).await;
    page.click_cells(&["4d", "4c"]).await;
    page.until(
        "the promotion choices",
        "return document.querySelectorAll('#choices .choice').length === 2",
    )
    .await;
    page.c
        .find(Locator::XPath(
            "//div[@id='choices']/button[text()='4d4c+']",
        ))
        .await
        .expect("the promotion is offered")
        .click()
        .await
        .unwrap();
    page.wait_moves(3).await;
    assert_eq!(page.moves().await[1], "2. 4d4c+");

    // Backgammon: the roll and the bar are shown, stacks carry their height, and a whole
    // turn is entered man by man.
    page.start("backgammon", "", &["human", "human"]).await;
    let info = page
        .js("return document.getElementById('info').textContent")
        .await;
    let info = info.as_str().unwrap();
    assert!(info.contains("roll: "), "{info}");
    assert!(info.contains("borne off: White 0, Black 0"), "{info}");
    let heights = page
        .js("return [...document.querySelectorAll('#board text.count')].map(t => t.textContent).sort()")
        .await;
    assert_eq!(heights, json!(["2", "2", "3", "3", "5", "5", "5", "5"]));
    let legal = page.legal().await;
    let turn = legal["moves"]
        .as_array()
        .unwrap()
        .iter()
        .max_by_key(|m| m["cells"].as_array().unwrap().len())
        .unwrap()
        .clone();
    let names: Vec<String> = serde_json::from_value(
        page.js(&format!(
            "const b = {}; return b.map(c => document.querySelector(`[data-cell='${{c}}']`).dataset.name)",
            turn["cells"]
        ))
        .await,
    )
    .unwrap();
    // Each click narrows the turns; the turn is played as soon as only one is left. The
    // move list already holds the automatic roll.
    let before = page.moves().await.len();
    assert!(page.moves().await[0].starts_with("White roll"));
    for (i, name) in names.iter().enumerate() {
        page.click_cell(name).await;
        page.until(
            &format!("{name} taken"),
            &format!(
                "return document.querySelectorAll('#board .picked').length === {} || \
                 document.querySelectorAll('#moves-list li').length > {before}",
                i + 1
            ),
        )
        .await;
        if page.moves().await.len() > before {
            break;
        }
    }
    assert_eq!(
        page.moves().await[before],
        format!("1. White {}", turn["text"].as_str().unwrap())
    );

    // Drawn as a race (`look track = points`): the 24 points numbered from the mover's
    // side, the bar, the trays, the dice of the roll; a man borne off by clicking its
    // point, then the tray, whichever man comes first.
    page.open_position(
        "backgammon",
        json!({}),
        "11(BBBBBBBBBBBBBBB)/8WW2 White 0 roll=65 off=13,0",
        &["human", "human"],
    )
    .await;
    let numbers = page
        .js("return [...document.querySelectorAll('#board text.point-number')].map(t => t.textContent)")
        .await;
    let mut numbers: Vec<String> = serde_json::from_value(numbers).unwrap();
    numbers.sort_by_key(|n| n.parse::<u32>().unwrap_or(99));
    let mut want: Vec<String> = (1..=24).map(|n| n.to_string()).collect();
    want.extend(["off".to_string(), "off".to_string()]);
    assert_eq!(numbers, want);
    let board_parts = page
        .js(
            "return [document.querySelectorAll('#board rect.bar').length, \
             document.querySelectorAll('#board rect.tray').length, \
             [...document.querySelectorAll('#board .die-face')].map(t => t.textContent)]",
        )
        .await;
    assert_eq!(board_parts, json!([1, 2, ["6", "5"]]));
    // White's 13 men off stand in its tray, counted.
    let tallies = page
        .js("return [...document.querySelectorAll('#board text.tally')].map(t => t.textContent)")
        .await;
    assert_eq!(tallies, json!(["13"]));
    // The man on the 3 point first, though the turn is written 4/off+3/off.
    page.click_cell("j1").await;
    page.until(
        "the tray lit",
        "return document.querySelectorAll('#board .target').length === 1",
    )
    .await;
    page.click_cell("off").await;
    page.wait_moves(1).await;
    assert_eq!(page.moves().await, ["1. White 4/off+3/off"]);

    page.c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}

/// Moves that take no cell are buttons while they are legal: a Go game ended by two passes,
/// the pie rule's swap in Hex, and reversi's forced pass.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_without_a_cell_are_buttons_while_legal() {
    let (_server, base) = serve();
    let (_driver, c, profile) = browser().await;
    let page = Page { c, base };
    page.c.goto(&format!("{}/", page.base)).await.unwrap();
    page.until(
        "the game list",
        "return document.querySelectorAll('#game option').length > 10",
    )
    .await;
    let pass = "#without-cells [data-move='pass']";

    // Go: a pass is always there; two in a row end the game, and the button goes.
    page.start("go", "size=9", &["human", "human"]).await;
    assert_eq!(page.buttons().await, ["pass"]);
    // The options in force, in words under the legend (the size is the board's own).
    let notes = page
        .js("return [...document.querySelectorAll('#legend .legend-note')].map(n => n.textContent)")
        .await;
    assert_eq!(
        notes,
        json!(["komi 7.5 · suicide not allowed · positional ko"])
    );
    page.click(pass).await;
    page.wait_moves(1).await;
    page.click(pass).await;
    page.wait_moves(2).await;
    page.until(
        "the ending",
        "return document.getElementById('status').textContent.startsWith('Game over')",
    )
    .await;
    assert_eq!(page.moves().await, ["1. pass pass"]);
    assert!(page.buttons().await.is_empty());

    // Go's dead stones at the end: the computer marks the lone black stone in White's area,
    // the status counts it off, and a click on it says it lives after all.
    page.open_position(
        "go",
        json!({"size": "5"}),
        "2XO1/2XO1/2XOX/2XO1/2XO1 Black",
        &["human", "human"],
    )
    .await;
    page.click(pass).await;
    page.wait_moves(1).await;
    page.click(pass).await;
    page.wait_moves(2).await;
    page.until(
        "the dead stone",
        "return document.querySelectorAll('#board .dead').length === 1",
    )
    .await;
    let dead = page
        .js("return document.querySelector('#board .dead').dataset.dead")
        .await;
    let e3 = page
        .js("return document.querySelector(\"[data-name='e3']\").dataset.cell")
        .await;
    assert_eq!(dead, e3);
    let status = || page.js("return document.getElementById('status').textContent");
    assert_eq!(
        status().await,
        json!("Game over: Black 15.0, White 17.5: White wins by 2.5 (1 dead stone)")
    );
    page.click_cell("e3").await;
    page.until(
        "the stone alive",
        "return document.querySelectorAll('#board .dead').length === 0",
    )
    .await;
    assert_eq!(
        status().await,
        json!("Game over: Black 16.0, White 12.5: Black wins by 3.5 (no dead stones)")
    );

    // Hex with the pie rule: only after Black's first stone may White swap.
    page.start("hex", "swap=yes", &["human", "human"]).await;
    assert!(page.buttons().await.is_empty());
    page.click_cell("a1").await;
    page.wait_moves(1).await;
    assert_eq!(page.buttons().await, ["swap"]);
    page.click("#without-cells [data-move='swap']").await;
    page.wait_moves(2).await;
    assert_eq!(page.moves().await, ["1. a1 swap"]);
    assert!(page.buttons().await.is_empty());

    // Reversi: Black cannot outflank a disc, so a pass is Black's only move; then White
    // can place, and a pass is no longer offered.
    page.open_position(
        "reversi",
        json!({}),
        "8/8/8/2x5/ox6/8/8/8 Black",
        &["human", "human"],
    )
    .await;
    assert_eq!(page.buttons().await, ["pass"]);
    page.click(pass).await;
    page.wait_moves(1).await;
    assert_eq!(page.moves().await, ["1. pass"]);
    assert!(page.buttons().await.is_empty());

    page.c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}

/// Each board as its rule file's `look` lines say: Go's star points and its columns without
/// i, Hex's coloured sides, Ur's rosettes, the morris lines, a legend of the pieces; the
/// promotion choice beside its square; the game selector follows a loaded record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_board_draws_each_games_look() {
    let (_server, base) = serve();
    let (_driver, c, profile) = browser().await;
    let page = Page { c, base };
    page.c.goto(&format!("{}/", page.base)).await.unwrap();
    page.until(
        "the game list",
        "return document.querySelectorAll('#game option').length > 10",
    )
    .await;
    let count = |css: &str| format!("return document.querySelectorAll({css:?}).length");

    page.start("go", "size=9", &["human", "human"]).await;
    let labels = page
        .js("return [...document.querySelectorAll('#board [data-label]')].map(t => t.textContent).join('')")
        .await;
    assert_eq!(labels, json!("abcdefghj123456789"));
    assert_eq!(page.js(&count("#board .star")).await, json!(5));
    assert_eq!(page.js(&count("#board .grid")).await, json!(18));

    page.start("hex", "size=5", &["human", "human"]).await;
    let edges = page
        .js("return [...document.querySelectorAll('#board .edge')].map(e => e.dataset.edge + ':' + e.getAttribute('stroke'))")
        .await;
    assert_eq!(
        edges,
        json!([
            "top:#222222",
            "bottom:#222222",
            "left:#f4f1e8",
            "right:#f4f1e8"
        ])
    );

    page.start("ur", "", &["human", "human"]).await;
    assert_eq!(page.js(&count("#board .rosette")).await, json!(5));
    page.start("morris", "", &["human", "human"]).await;
    assert_eq!(page.js(&count("#board .link")).await, json!(32));

    // Chess: a legend of the six kinds, each with both sides' pictures; a promotion offered
    // beside the square it happens on.
    page.open_position(
        "chess",
        json!({}),
        "k7/4P3/8/8/8/8/8/K7 w - - 0 1",
        &["human", "human"],
    )
    .await;
    let legend = page
        .js("return [...document.querySelectorAll('#legend .legend-item')].map(i => i.dataset.kind + ' ' + i.querySelectorAll('[data-symbol]').length)")
        .await;
    assert_eq!(
        legend,
        json!(["pawn 2", "knight 2", "bishop 2", "rook 2", "queen 2", "king 2"])
    );
    page.click_cells(&["e7", "e8"]).await;
    page.until(
        "the promotion choices",
        "return document.querySelectorAll('#choices .choice').length === 4",
    )
    .await;
    let gap = page
        .js(
            "const c = document.getElementById('choices').getBoundingClientRect(); \
             const s = document.querySelector(\"[data-name='e8']\").getBoundingClientRect(); \
             return [c.left - s.right, Math.abs(c.top - s.top)]",
        )
        .await;
    let gap: Vec<f64> = serde_json::from_value(gap).unwrap();
    assert!((0.0..20.0).contains(&gap[0]) && gap[1] < 20.0, "{gap:?}");

    // A loaded record's game shows in the selector.
    page.js("document.getElementById('load-box').open = true; \
             document.getElementById('record-text').value = '# tabletop game record\\ngame tictactoe\\nmoves b2 a1'; \
             document.getElementById('record-format').value = 'tabletop'")
        .await;
    page.click("#load").await;
    page.until(
        "the record",
        "return document.getElementById('title').textContent === 'Tic-tac-toe'",
    )
    .await;
    assert_eq!(
        page.js("return document.getElementById('game').value")
            .await,
        json!("tictactoe")
    );

    page.c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(profile);
}
