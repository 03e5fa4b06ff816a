//! SGF (Smart Game Format, FF[4]), the record format of Go, Hex and Othello programs, for
//! games on square and hex-rhombus boards: reading the main line of an SGF file into a game
//! record, and writing a record as SGF.
//!
//! * Points are two letters, column then row counted from the top (`aa` is the top-left
//!   cell), found from the board's geometry, not from a game's cell names; a pass is an empty
//!   value (`B[]`), and `tt` is read as a pass on boards up to 19 × 19 (FF[3]'s pass).
//! * The game: `GM[1]` is Go, `GM[2]` Othello (tabletop's `reversi`), `GM[11]` Hex; `SZ`
//!   sets the `size` option, `KM` the `komi` option; `HA` with `AB`/`AW` stones sets up a
//!   handicap. Any game also gets tabletop's own properties `TG[name]` (the game: a shipped
//!   game's name or a `.game` path) and `TO[name=value]` (its options), which a reader
//!   prefers; games other than those three write their moves in their own notation
//!   (`B[a1-b2]`), and so does a move of those three that is not one stone (Hex's `swap`).
//! * Reading keeps the main line (the first variation at each branch; the others are skipped
//!   with a warning); unknown properties are ignored with a warning; malformed text, an
//!   unknown game, an illegal move are errors naming the line.

use crate::engine::{BoardShape, Game, Player, State};
use crate::io::record::{known, Header, Record};

/// Largest SGF text read; a larger one is refused before anything is parsed.
pub const MAX_SGF_BYTES: usize = 16 << 20;

/// The SGF game numbers of shipped games (SGF's `GM`), and the other way round.
const GAME_NUMBERS: &[(u32, &str)] = &[(1, "go"), (2, "reversi"), (11, "hex")];

/// Properties of the standard read without a word: game information and markup that a
/// record does not keep.
const QUIET: &[&str] = &[
    "FF", "CA", "AP", "ST", "GN", "PB", "PW", "BR", "WR", "BT", "WT", "DT", "EV", "RO", "PC", "RE",
    "RU", "TM", "OT", "SO", "US", "AN", "CP", "GC", "ON", "C", "N", "BL", "WL", "OB", "OW", "MN",
    "V", "DM", "GB", "GW", "HO", "UC", "BM", "DO", "IT", "TE", "CR", "LB", "MA", "SQ", "TR", "AR",
    "LN", "SL", "TB", "TW", "VW", "FG", "PM", "KO", "RG", "SE",
];

/// One property of a node: its name, values and line.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Property {
    name: String,
    values: Vec<String>,
    line: usize,
}

/// A game read from SGF: the record, and what was skipped and should be said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfGame {
    /// The game as a record (moves in the game's notation).
    pub record: Record,
    /// Variations, unknown properties and other things ignored.
    pub warnings: Vec<String>,
}

/// Why an SGF text could not be read: what, and on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for SgfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

fn err(line: usize, message: impl Into<String>) -> SgfError {
    SgfError {
        line,
        message: message.into(),
    }
}

/// Reads the main line, giving each of its nodes (a list of properties) to `on_node` in
/// order as soon as it is whole; returns the warnings. Only one node is held at a time.
fn main_line(
    text: &str,
    on_node: &mut dyn FnMut(&[Property]) -> Result<(), SgfError>,
) -> Result<Vec<String>, SgfError> {
    if text.len() > MAX_SGF_BYTES {
        return Err(err(
            1,
            format!(
                "the text is {} bytes; SGF larger than {MAX_SGF_BYTES} bytes is not read",
                text.len()
            ),
        ));
    }
    let mut sc = Scanner {
        text,
        bytes: text.as_bytes(),
        i: 0,
        line: 1,
    };
    // The main-line node being read, once one has begun.
    let mut node: Option<Vec<Property>> = None;
    let mut trees = Trees::default();
    let mut in_node = false;
    while let Some(&b) = sc.bytes.get(sc.i) {
        match b {
            b'\n' => sc.line += 1,
            b'(' => {
                trees.open(sc.line);
                in_node = false;
            }
            b')' => {
                if trees.open.pop().is_none() {
                    return Err(err(sc.line, "')' closes no '('"));
                }
                in_node = false;
            }
            b';' => {
                let Some(&(main, children, _)) = trees.open.last() else {
                    return Err(err(sc.line, "';' outside any '(…)'"));
                };
                if children > 0 {
                    return Err(err(sc.line, "a node after a variation"));
                }
                if main {
                    if let Some(done) = node.as_mut() {
                        on_node(done)?;
                        done.clear();
                    } else {
                        node = Some(Vec::new());
                    }
                }
                in_node = true;
            }
            b'A'..=b'Z' | b'a'..=b'z' => {
                if trees.open.is_empty() {
                    // Text before the first tree (a mail header, say) is not SGF.
                    sc.i += 1;
                    continue;
                }
                if !in_node {
                    return Err(err(sc.line, "a property outside a node (missing ';')"));
                }
                let property = sc.property()?;
                if trees.on_main() {
                    if let Some(node) = node.as_mut() {
                        node.push(property);
                    }
                }
                continue;
            }
            b'[' | b']' if !trees.open.is_empty() => {
                return Err(err(sc.line, format!("unexpected '{}'", char::from(b))));
            }
            _ => {}
        }
        sc.i += 1;
    }
    if let Some(&(_, _, from)) = trees.open.last() {
        return Err(err(
            sc.line,
            format!("the text ends inside the '(' opened on line {from}"),
        ));
    }
    if trees.count == 0 {
        return Err(err(1, "no game tree: SGF begins with '(;'"));
    }
    if let Some(last) = &node {
        on_node(last)?;
    }
    Ok(trees.warnings())
}

/// The game trees of an SGF text as it is read: which are open, and how many were seen and
/// skipped.
#[derive(Default)]
struct Trees {
    /// For each open tree: whether it is on the main line, how many subtrees it has had,
    /// and the line of its '('.
    open: Vec<(bool, usize, usize)>,
    /// Top-level trees (games) seen.
    count: usize,
    /// Variations off the main line skipped.
    skipped: usize,
}

impl Trees {
    /// A '(' on `line`: a new tree, on the main line if it is the first game or the first
    /// variation of a main-line tree.
    fn open(&mut self, line: usize) {
        let on_main = match self.open.last_mut() {
            None => {
                self.count += 1;
                self.count == 1
            }
            Some((main, children, _)) => {
                *children += 1;
                *main && *children == 1
            }
        };
        if !on_main && self.on_main() {
            self.skipped += 1;
        }
        self.open.push((on_main, 0, line));
    }

    /// Whether the innermost open tree is on the main line.
    fn on_main(&self) -> bool {
        self.open.last().is_some_and(|t| t.0)
    }

    /// What was not read: further games and variations.
    fn warnings(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        if self.count > 1 {
            warnings.push(format!("only the first of {} games is read", self.count));
        }
        if self.skipped > 0 {
            warnings.push(format!(
                "{} variation{} skipped: only the main line is read",
                self.skipped,
                if self.skipped == 1 { "" } else { "s" }
            ));
        }
        warnings
    }
}

/// A cursor over SGF text: the byte it is at and that byte's line.
struct Scanner<'t> {
    text: &'t str,
    bytes: &'t [u8],
    i: usize,
    line: usize,
}

impl Scanner<'_> {
    /// The property starting at the cursor (a letter): its name and every `[value]` after
    /// it; the cursor is left after the last value.
    fn property(&mut self) -> Result<Property, SgfError> {
        let bytes = self.bytes;
        let start = self.i;
        while self.i < bytes.len() && bytes[self.i].is_ascii_alphabetic() {
            self.i += 1;
        }
        // FF[3] allowed lower-case letters in names (`AddBlack`): only capitals count.
        let name: String = self.text[start..self.i]
            .chars()
            .filter(|c| c.is_ascii_uppercase())
            .collect();
        let prop_line = self.line;
        let mut values = Vec::new();
        loop {
            while self.i < bytes.len() && bytes[self.i].is_ascii_whitespace() {
                if bytes[self.i] == b'\n' {
                    self.line += 1;
                }
                self.i += 1;
            }
            if self.i >= bytes.len() || bytes[self.i] != b'[' {
                break;
            }
            values.push(self.value(&name)?);
        }
        if values.is_empty() {
            return Err(err(prop_line, format!("property {name} has no value")));
        }
        Ok(Property {
            name,
            values,
            line: prop_line,
        })
    }

    /// The value in brackets at the cursor (a '['), of property `name`, unescaped; the
    /// cursor is left after its ']'.
    fn value(&mut self, name: &str) -> Result<String, SgfError> {
        let bytes = self.bytes;
        let open_line = self.line;
        self.i += 1;
        let mut value = Vec::new();
        loop {
            let Some(&c) = bytes.get(self.i) else {
                return Err(err(open_line, format!("the value of {name} has no ']'")));
            };
            self.i += 1;
            match c {
                b']' => break,
                b'\\' => {
                    if let Some(&n) = bytes.get(self.i) {
                        if n == b'\n' {
                            self.line += 1;
                        } else {
                            value.push(n);
                        }
                        self.i += 1;
                    }
                }
                b'\n' => {
                    self.line += 1;
                    value.push(c);
                }
                _ => value.push(c),
            }
        }
        Ok(String::from_utf8_lossy(&value).into_owned())
    }
}

/// The board's columns and rows as SGF counts them: the cell at each (x, y) from the top
/// left, or an error for a board SGF cannot name.
struct Grid {
    width: i32,
    height: i32,
    /// Whether the lattice's row 0 is at the bottom (square boards) or the top (hex).
    bottom_up: bool,
}

impl Grid {
    fn of(game: &Game) -> Result<Grid, String> {
        let (width, height, bottom_up) = match game.board().shape {
            BoardShape::Square { width, height } => (width, height, true),
            BoardShape::HexRhombus { width, height, .. } => (width, height, false),
            _ => {
                return Err(format!(
                    "{} is not on a square or hex-rhombus board: SGF cannot name its cells",
                    game.title()
                ))
            }
        };
        if width > 52 || height > 52 {
            return Err("SGF names at most 52 columns and rows".into());
        }
        Ok(Grid {
            width: i32::from(width),
            height: i32::from(height),
            bottom_up,
        })
    }

    fn letter(n: i32) -> char {
        let n = n as u8;
        char::from(if n < 26 { b'a' + n } else { b'A' + n - 26 })
    }

    fn number(c: u8) -> Option<i32> {
        match c {
            b'a'..=b'z' => Some(i32::from(c - b'a')),
            b'A'..=b'Z' => Some(i32::from(c - b'A') + 26),
            _ => None,
        }
    }

    /// The SGF point of a cell.
    fn point(&self, game: &Game, cell: usize) -> String {
        let c = &game.board().cells[cell];
        let y = if self.bottom_up {
            self.height - 1 - c.row
        } else {
            c.row
        };
        format!("{}{}", Grid::letter(c.col), Grid::letter(y))
    }

    /// The cell name of an SGF point, `None` if the value is not a point of this board.
    fn cell(&self, game: &Game, point: &str) -> Option<String> {
        let &[x, y] = point.as_bytes() else {
            return None;
        };
        let (x, y) = (Grid::number(x)?, Grid::number(y)?);
        if x >= self.width || y >= self.height {
            return None;
        }
        let row = if self.bottom_up {
            self.height - 1 - y
        } else {
            y
        };
        game.board()
            .cells
            .iter()
            .find(|c| c.col == x && c.row == row)
            .map(|c| c.name.clone())
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// SGF's game-information properties for what a record's header knows: `EV`, `PC`, `DT`,
/// `RO`, `PB` and `PW` (the first and second seats: Black moves first in SGF), `RE` (PGN's
/// `1-0` is written `B+`, its draw `0`).
fn header_properties(h: &Header) -> String {
    let mut out = String::new();
    let result = h.result.as_deref().map(|r| match r.trim() {
        "1-0" => "B+".to_string(),
        "0-1" => "W+".to_string(),
        "1/2-1/2" => "0".to_string(),
        r => r.to_string(),
    });
    for (name, value) in [
        ("EV", h.event.clone()),
        ("PC", h.site.clone()),
        ("DT", h.date.clone()),
        ("RO", h.round.clone()),
        ("PB", h.player(0).map(str::to_string)),
        ("PW", h.player(1).map(str::to_string)),
        ("RE", result),
    ] {
        if let Some(v) = value {
            out.push_str(&format!("{name}[{}]", escape(&v)));
        }
    }
    out
}

/// The record as SGF text. The moves are replayed first, so an illegal one is an error.
pub fn write_sgf(game: &Game, rec: &Record) -> Result<String, String> {
    let grid = Grid::of(game)?;
    let number = GAME_NUMBERS
        .iter()
        .find(|(_, name)| *name == rec.game)
        .map(|(n, _)| *n);
    let mut out = String::from("(;FF[4]CA[UTF-8]AP[tabletop:");
    out.push_str(env!("CARGO_PKG_VERSION"));
    out.push(']');
    if let Some(n) = number {
        out.push_str(&format!("GM[{n}]"));
    }
    if grid.width == grid.height {
        out.push_str(&format!("SZ[{}]", grid.width));
    } else {
        out.push_str(&format!("SZ[{}:{}]", grid.width, grid.height));
    }
    if let Some((_, komi)) = game.options().iter().find(|(n, _)| n == "komi") {
        out.push_str(&format!("KM[{}]", escape(komi)));
    }
    out.push_str(&format!("TG[{}]", escape(&rec.game)));
    if !rec.options.is_empty() {
        out.push_str("TO");
        for (k, v) in &rec.options {
            out.push_str(&format!("[{}]", escape(&format!("{k}={v}"))));
        }
    }
    out.push_str(&header_properties(&rec.header));
    let mut state = match &rec.position {
        Some(p) => game.parse_position(p).map_err(|e| e.to_string())?,
        None => game.start(),
    };
    if rec.position.is_some() {
        // The start position as setup stones and the player to move.
        let mut stones = [String::new(), String::new()];
        for cell in 0..game.board().len() {
            let p = state.at(crate::engine::CellId::from_index(cell));
            if p == crate::engine::EMPTY {
                continue;
            }
            match game.pieces()[p.index()].owner {
                Some(Player(o)) if o < 2 => {
                    stones[o as usize].push_str(&format!("[{}]", grid.point(game, cell)))
                }
                _ => return Err("SGF setup stones belong to one of two players".into()),
            }
        }
        for (name, s) in ["AB", "AW"].iter().zip(&stones) {
            if !s.is_empty() {
                out.push_str(name);
                out.push_str(s);
            }
        }
        out.push_str(if state.to_move() == Player(0) {
            "PL[B]"
        } else {
            "PL[W]"
        });
    }
    out.push('\n');
    for (i, text) in rec.moves.iter().enumerate() {
        let mv = game
            .parse_move(&state, text)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        let colour = match state.to_move() {
            Player(0) => "B",
            Player(1) => "W",
            _ => return Err("SGF records games of two players".into()),
        };
        let written = game.move_to_string(&state, mv);
        let targets = game.move_targets(&mv);
        let value = if number.is_some() && written == "pass" {
            String::new()
        } else if number.is_some() && game.move_origin(&mv).is_none() && targets.len() == 1 {
            grid.point(game, targets[0].index())
        } else {
            written
        };
        out.push_str(&format!(";{colour}[{}]", escape(&value)));
        if (i + 1) % 10 == 0 {
            out.push('\n');
        }
        game.make(&mut state, mv);
    }
    out.push_str(")\n");
    Ok(out)
}

/// Reads the first game of an SGF text into a record, replaying every move to check it.
/// Its game must be a shipped one (see [`parse_sgf_with`]).
pub fn parse_sgf(text: &str) -> Result<SgfGame, SgfError> {
    parse_sgf_with(text, None)
}

/// [`parse_sgf`] where the SGF may also name `given`, the rule file the user named on the
/// command line; any other game that is not shipped is refused, never opened.
pub fn parse_sgf_with(text: &str, given: Option<&str>) -> Result<SgfGame, SgfError> {
    // The whole text's syntax first, so its errors come before any move's; then the nodes
    // are replayed one at a time as they are read again, never all held at once (millions
    // of nodes would each take hundreds of bytes).
    let warnings = main_line(text, &mut |_| Ok(()))?;
    let mut replay: Option<Replay> = None;
    main_line(text, &mut |node| match &mut replay {
        Some(r) => r.node(node),
        None => replay.insert(Replay::from_root(node, given)?).node(node),
    })?;
    let Some(r) = replay else {
        return Err(err(1, "the game tree has no node"));
    };
    r.finish(warnings)
}

/// A game being read from SGF: what the root node set up, and the moves replayed so far.
struct Replay {
    game_ref: String,
    options: Vec<(String, String)>,
    game: Game,
    grid: Grid,
    /// Whether `tt` is a pass (boards up to 19 × 19, FF[3]).
    pass_tt: bool,
    state: State,
    /// Whether setup stones or `PL` changed the start.
    setup: bool,
    moves: Vec<String>,
    /// Who played, where and when, and the result, from the root's game information.
    header: Header,
    unknown: Vec<String>,
    warnings: Vec<String>,
    /// The index of the next node, from 0 (the root).
    n: usize,
}

impl Replay {
    /// The game, options and board the root node names.
    fn from_root(root: &[Property], given: Option<&str>) -> Result<Replay, SgfError> {
        let find = |name: &str| root.iter().find(|p| p.name == name);
        let first = |name: &str| find(name).map(|p| (p.values[0].trim().to_string(), p.line));
        // The game: tabletop's own property first, then the SGF game number.
        let game_ref = match (first("TG"), first("GM")) {
            (Some((g, _)), _) => g,
            (None, Some((n, line))) => {
                let found = n
                    .parse::<u32>()
                    .ok()
                    .and_then(|n| GAME_NUMBERS.iter().find(|(k, _)| *k == n));
                match found {
                    Some((_, name)) => name.to_string(),
                    None => {
                        return Err(err(
                            line,
                            format!(
                                "GM[{}] is not a game tabletop knows (1 Go, 2 Othello, 11 Hex)",
                                crate::lang::diag::bounded(&n)
                            ),
                        ))
                    }
                }
            }
            // SGF's default game is Go.
            (None, None) => "go".to_string(),
        };
        // The game names no file: only a shipped game or the caller's own rule file.
        let game_line = find("TG").map_or(1, |p| p.line);
        let load = |options: &[(String, String)]| {
            crate::games::load_recorded(&game_ref, options, given)
                .map_err(|e| err(game_line, e.to_string()))
        };
        let mut options: Vec<(String, String)> = Vec::new();
        if let Some(p) = find("TO") {
            for v in &p.values {
                match v.split_once('=') {
                    Some((k, val)) if !k.trim().is_empty() => {
                        options.push((k.trim().to_string(), val.trim().to_string()))
                    }
                    _ => return Err(err(p.line, format!("TO[{v}] is not NAME=VALUE"))),
                }
            }
        }
        let set = |options: &mut Vec<(String, String)>, name: &str, value: String| {
            if !options.iter().any(|(n, _)| n == name) {
                options.push((name.to_string(), value));
            }
        };
        // The game's own options are known only once it is compiled: compile it as it stands,
        // then again with SZ and KM where it has such options.
        let base = load(&options)?;
        // An option SGF sets is kept only where it changes the game (so a record written by
        // tabletop reads back as it was).
        let differs = |name: &str, value: &str| {
            base.options.iter().any(|(n, v)| {
                n == name
                    && match (v.parse::<f64>(), value.parse::<f64>()) {
                        (Ok(a), Ok(b)) => a != b,
                        _ => v != value,
                    }
            })
        };
        // SZ[n], or SZ[w:h] for a board that is not square.
        let dims = match first("SZ") {
            Some((sz, line)) => {
                let (w, h) = sz.split_once(':').unwrap_or((&sz, &sz));
                match (w.trim().parse::<i32>(), h.trim().parse::<i32>()) {
                    (Ok(w), Ok(h)) if w > 0 && h > 0 => Some((w, h, sz.clone(), line)),
                    _ => return Err(err(line, format!("SZ[{sz}] is not a size"))),
                }
            }
            None => None,
        };
        if let Some((w, h, _, _)) = &dims {
            if w == h && differs("size", &w.to_string()) {
                set(&mut options, "size", w.to_string());
            }
        }
        if let Some((km, line)) = first("KM") {
            if km.parse::<f64>().map_or(true, |k| !k.is_finite()) {
                return Err(err(line, format!("KM[{km}] is not a number")));
            }
            if differs("komi", &km) {
                set(&mut options, "komi", km);
            }
        }
        let game = load(&options)?;
        let grid = Grid::of(&game).map_err(|e| err(1, e))?;
        if let Some((w, h, sz, line)) = dims {
            if (w, h) != (grid.width, grid.height) {
                return Err(err(
                    line,
                    format!(
                        "SZ[{sz}] but {}'s board is {} × {}",
                        game.title(),
                        grid.width,
                        grid.height
                    ),
                ));
            }
        }
        let pass_tt = grid.width <= 19 && grid.height <= 19;
        let state = game.start();
        let info = |name: &str| first(name).and_then(|(v, _)| known(&v));
        let mut header = Header {
            event: info("EV"),
            site: info("PC"),
            date: info("DT"),
            round: info("RO"),
            result: info("RE"),
            ..Header::default()
        };
        for (seat, name) in ["PB", "PW"].iter().enumerate() {
            if let Some((v, _)) = first(name) {
                header.set_player(seat, &v);
            }
        }
        Ok(Replay {
            game_ref,
            options,
            game,
            grid,
            pass_tt,
            state,
            setup: false,
            moves: Vec::new(),
            header,
            unknown: Vec::new(),
            warnings: Vec::new(),
            n: 0,
        })
    }

    /// A move's text in the game's notation from an SGF `B`/`W` value.
    fn move_text(&self, value: &str) -> String {
        let v = value.trim();
        if v.is_empty() || (self.pass_tt && v == "tt") {
            "pass".to_string()
        } else {
            self.grid
                .cell(&self.game, v)
                .unwrap_or_else(|| v.to_string())
        }
    }

    /// Reads one node of the main line: setup stones on the root, then moves.
    fn node(&mut self, node: &[Property]) -> Result<(), SgfError> {
        for p in node {
            match p.name.as_str() {
                "AB" | "AW" if self.n == 0 && self.moves.is_empty() => {
                    let owner = Player(u8::from(p.name == "AW"));
                    for v in &p.values {
                        let Some(cell) = self.grid.cell(&self.game, v.trim()) else {
                            return Err(err(
                                p.line,
                                format!("{}[{v}] is not a point of the board", p.name),
                            ));
                        };
                        place(&self.game, &mut self.state, owner, &cell)
                            .map_err(|e| err(p.line, e))?;
                    }
                    self.setup = true;
                }
                "AB" | "AW" | "AE" => {
                    return Err(err(
                        p.line,
                        format!("{}: setup after the start is not read", p.name),
                    ))
                }
                "PL" if self.n == 0 => {
                    let want = Player(u8::from(p.values[0].trim().eq_ignore_ascii_case("w")));
                    if self.state.to_move() != want {
                        pass(&self.game, &mut self.state).map_err(|e| err(p.line, e))?;
                    }
                    self.setup = true;
                }
                "B" | "W" => {
                    let who = Player(u8::from(p.name == "W"));
                    if self.state.to_move() != who {
                        return Err(err(
                            p.line,
                            format!(
                                "move {}: {}[{}] but {} is to move",
                                self.moves.len() + 1,
                                p.name,
                                p.values[0],
                                self.game.players()[self.state.to_move().index()]
                            ),
                        ));
                    }
                    let text = self.move_text(&p.values[0]);
                    let mv = self
                        .game
                        .parse_move(&self.state, &text)
                        .map_err(|e| err(p.line, format!("move {}: {e}", self.moves.len() + 1)))?;
                    self.moves.push(self.game.move_to_string(&self.state, mv));
                    self.game.make(&mut self.state, mv);
                }
                "GM" | "SZ" | "KM" | "HA" | "TG" | "TO" if self.n == 0 => {}
                name if QUIET.contains(&name) => {}
                name => {
                    if !self.unknown.iter().any(|u| u == name) {
                        self.unknown.push(name.to_string());
                        self.warnings.push(format!(
                            "line {}: unknown property {} ignored",
                            p.line,
                            crate::lang::diag::bounded(name)
                        ));
                    }
                }
            }
        }
        self.n += 1;
        Ok(())
    }

    /// The record of the moves read, after the main line's `warnings`.
    fn finish(self, mut warnings: Vec<String>) -> Result<SgfGame, SgfError> {
        let Replay {
            game_ref,
            options,
            game,
            state,
            setup,
            moves,
            header,
            warnings: more,
            ..
        } = self;
        warnings.extend(more);
        let position = setup.then(|| {
            // Replay nothing: the setup is the start; the moves were played after it.
            let mut start = state;
            for _ in 0..moves.len() {
                game.unmake(&mut start);
            }
            game.position_to_string(&start)
        });
        Ok(SgfGame {
            record: Record {
                game: game_ref,
                options,
                position,
                moves,
                header,
            },
            warnings,
        })
    }
}

/// Places `owner`'s stone on `cell` by playing it, the other player passing first if it is
/// their turn (how handicap stones are set up without knowing the game's pieces).
fn place(game: &Game, state: &mut State, owner: Player, cell: &str) -> Result<(), String> {
    if state.to_move() != owner {
        pass(game, state)?;
    }
    let mv = game
        .parse_move(state, cell)
        .map_err(|e| format!("setup stone {cell}: {e}"))?;
    game.make(state, mv);
    Ok(())
}

fn pass(game: &Game, state: &mut State) -> Result<(), String> {
    let mv = game.parse_move(state, "pass").map_err(|_| {
        format!(
            "setting up stones needs a pass move, which {} lacks",
            game.title()
        )
    })?;
    game.make(state, mv);
    Ok(())
}

#[cfg(test)]
mod tests;
