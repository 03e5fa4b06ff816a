//! Draws a position as text: square grids with files and ranks, hex rhombi as a field of
//! pointy-topped hexagons, hex columns as a honeycomb of flat-topped hexagons, graph boards
//! whose cells are all named like coordinates (`a1`, `g7`) on that grid with their links
//! drawn as lines (the morris board), other graph boards as a list of cells.
//!
//! Hexagonal boards fall back to a compact drawing (one character per cell, rows shifted)
//! when the hexagons would not fit in [`MAX_WIDTH`] columns.
//!
//! Without colour the drawing is plain text: a cell is its piece's symbol or `.`, and marked
//! cells are bracketed: `[X]` for the last move, `<P>` for the selected piece, `(p)` for an
//! occupied target and `*` for an empty one. With colour, pieces are coloured per owner and
//! marks become background colours.
//!
//! Games with stacks draw every cell two columns wide: the top piece and, for a stack of two
//! or more, its height (`W3`). Games with a reserve add a line under the board with each
//! player's pieces waiting in the reserve and borne off.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::engine::{Board, BoardShape, CellId, EndCond, Game, Player, State, EMPTY, NO_CELL};

/// The widest drawing (in terminal columns) the hexagon layouts may produce before the
/// renderer falls back to the compact layout.
pub const MAX_WIDTH: usize = 80;

/// How a cell is marked in a drawing besides its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing special.
    None,
    /// Part of the last move.
    LastMove,
    /// A target of the moves being shown.
    Target,
    /// The piece whose moves are being shown.
    Selected,
}

/// Options for drawing.
#[derive(Clone, Debug, Default)]
pub struct Style {
    /// Use ANSI colours.
    pub color: bool,
    /// Cells to mark; when a cell is listed twice the later mark wins.
    pub marks: Vec<(CellId, Mark)>,
}

const RESET: &str = "\x1b[0m";
/// Colour of board lines and labels.
const FRAME: &str = "\x1b[90m";
/// Colour of an empty cell's dot.
const EMPTY_FG: &str = "\x1b[90m";
/// Colour of ownerless pieces.
const NEUTRAL_FG: &str = "\x1b[1;96m";
/// Player colours, in the order seats without a colour name get them.
const PALETTE: &[&str] = &["1;97", "1;91", "1;93", "1;92", "1;94", "1;95"];

/// The ANSI foreground code (without `\x1b[` and `m`) of each player: a player named after a
/// colour gets it (Black, invisible on most terminals, is drawn red), the others take the
/// first free colour of a fixed palette in seat order.
pub fn player_colors(game: &Game) -> Vec<&'static str> {
    let wanted = |name: &str| -> Option<&'static str> {
        match name.to_ascii_lowercase().as_str() {
            "white" => Some("1;97"),
            "black" | "red" => Some("1;91"),
            "yellow" => Some("1;93"),
            "green" => Some("1;92"),
            "blue" => Some("1;94"),
            _ => None,
        }
    };
    let mut out: Vec<Option<&'static str>> = vec![None; game.num_players()];
    for (i, name) in game.players().iter().enumerate() {
        if let Some(c) = wanted(name) {
            if !out.contains(&Some(c)) {
                out[i] = Some(c);
            }
        }
    }
    for i in 0..out.len() {
        if out[i].is_none() {
            let free = PALETTE
                .iter()
                .copied()
                .find(|c| !out.contains(&Some(*c)))
                .unwrap_or("1");
            out[i] = Some(free);
        }
    }
    out.into_iter().map(|c| c.unwrap_or("1")).collect()
}

/// A player's name in the player's colour (plain when `color` is off).
pub fn player_name(game: &Game, player: Player, color: bool) -> String {
    let name = game
        .players()
        .get(player.index())
        .map_or("?", String::as_str);
    if color {
        let c = player_colors(game)
            .get(player.index())
            .copied()
            .unwrap_or("1");
        format!("\x1b[{c}m{name}{RESET}")
    } else {
        name.to_string()
    }
}

/// What the renderer needs per drawing: colours and marks resolved once.
struct Painter<'a> {
    game: &'a Game,
    state: &'a State,
    style: &'a Style,
    colors: Vec<&'static str>,
    marks: HashMap<CellId, Mark>,
}

/// One cell as three display columns: a left decoration, the glyph, a right decoration.
struct Look {
    left: String,
    mid: String,
    right: String,
}

impl<'a> Painter<'a> {
    fn new(game: &'a Game, state: &'a State, style: &'a Style) -> Painter<'a> {
        let mut marks = HashMap::new();
        for &(c, m) in &style.marks {
            marks.insert(c, m);
        }
        Painter {
            game,
            state,
            style,
            colors: player_colors(game),
            marks,
        }
    }

    fn mark(&self, c: CellId) -> Mark {
        self.marks.get(&c).copied().unwrap_or(Mark::None)
    }

    /// The glyph of a cell: its piece symbol, `.` for empty, `+` for an empty marked cell
    /// (`look marks`: star points, rosettes), `*` for an empty target.
    fn symbol(&self, c: CellId) -> char {
        let p = self.state.at(c);
        if p == EMPTY {
            if self.mark(c) == Mark::Target {
                '*'
            } else if self.game.look().marked(c) {
                '+'
            } else {
                '.'
            }
        } else {
            self.game.pieces()[p.index()].symbol
        }
    }

    fn fg(&self, c: CellId) -> String {
        let p = self.state.at(c);
        if p == EMPTY {
            return if self.mark(c) == Mark::Target {
                "\x1b[1;97m".into()
            } else {
                EMPTY_FG.into()
            };
        }
        match self.game.owner(p) {
            Some(o) => format!(
                "\x1b[{}m",
                self.colors.get(o.index()).copied().unwrap_or("1")
            ),
            None => NEUTRAL_FG.into(),
        }
    }

    fn bg(&self, c: CellId) -> &'static str {
        match self.mark(c) {
            Mark::LastMove => "\x1b[44m",
            Mark::Target => "\x1b[42m",
            Mark::Selected => "\x1b[45m",
            Mark::None => "",
        }
    }

    /// The cell's glyph as one display column (coloured if asked).
    fn glyph(&self, c: CellId) -> String {
        let ch = self.symbol(c);
        if self.style.color {
            format!("{}{}{ch}{RESET}", self.bg(c), self.fg(c))
        } else {
            ch.to_string()
        }
    }

    /// The plain-text brackets of a marked cell.
    fn brackets(&self, c: CellId) -> (char, char) {
        match self.mark(c) {
            Mark::LastMove => ('[', ']'),
            Mark::Selected => ('<', '>'),
            Mark::Target if self.state.at(c) != EMPTY => ('(', ')'),
            _ => (' ', ' '),
        }
    }

    /// The second column of a cell in a game with stacks: the stack's height from 2 up, else
    /// a space.
    fn height_mark(&self, c: CellId) -> char {
        let h = self.state.stack_at(c).len();
        match h {
            0 | 1 => ' ',
            2..=9 => char::from(b'0' + h as u8),
            _ => '+',
        }
    }

    /// A cell two columns wide (games with stacks): glyph and height.
    fn wide_glyph(&self, c: CellId) -> String {
        // Counters (sowing games): the count, right-aligned, `++` from 100 up.
        let n = self.state.counters_at(c);
        if n > 0 {
            let text = if n < 100 {
                format!("{n:>2}")
            } else {
                "++".to_string()
            };
            return if self.style.color {
                format!("{}{}{text}{RESET}", self.bg(c), self.fg(c))
            } else {
                text
            };
        }
        let h = self.height_mark(c);
        if self.style.color && h != ' ' {
            format!("{}{}{}{h}{RESET}", self.glyph(c), self.bg(c), self.fg(c))
        } else {
            format!("{}{h}", self.glyph(c))
        }
    }

    /// [`Painter::compact_row`] with cells two columns wide, for games with stacks.
    fn wide_row(&self, cells: &[Option<CellId>]) -> String {
        self.bracketed_row(cells, |out, cell| match cell {
            Some(c) => out.push_str(&self.wide_glyph(c)),
            None => out.push_str("  "),
        })
    }

    /// A cell drawn three columns wide (used inside hexagons).
    fn look(&self, c: CellId) -> Look {
        let mid = self.glyph(c);
        if self.style.color {
            let bg = self.bg(c);
            let pad = if bg.is_empty() {
                " ".to_string()
            } else {
                format!("{bg} {RESET}")
            };
            Look {
                left: pad.clone(),
                mid,
                right: pad,
            }
        } else {
            let (l, r) = self.brackets(c);
            Look {
                left: l.to_string(),
                mid,
                right: r.to_string(),
            }
        }
    }

    /// Board lines and labels, dimmed when colouring.
    fn frame(&self, s: &str) -> String {
        if self.style.color && !s.trim().is_empty() {
            format!("{FRAME}{s}{RESET}")
        } else {
            s.to_string()
        }
    }

    /// A board line in a player's colour (the edges a player must connect).
    fn edge(&self, s: &str, owner: Option<Player>) -> String {
        match owner {
            Some(p) if self.style.color => format!(
                "\x1b[{}m{s}{RESET}",
                self.colors.get(p.index()).copied().unwrap_or("1")
            ),
            _ => self.frame(s),
        }
    }

    /// One row of cells with single separators: `X . .`, with plain-text brackets around
    /// marked cells in the separators (`|` where two brackets meet).
    fn compact_row(&self, cells: &[Option<CellId>]) -> String {
        self.bracketed_row(cells, |out, cell| match cell {
            Some(c) => out.push_str(&self.glyph(c)),
            None => out.push(' '),
        })
    }

    /// A row of cells, each written by `draw`, with a separator before, between and after
    /// them: blank, or a plain-text bracket of a marked cell (`|` where two meet).
    fn bracketed_row(
        &self,
        cells: &[Option<CellId>],
        draw: impl Fn(&mut String, Option<CellId>),
    ) -> String {
        let mut out = String::new();
        let mut pending = ' ';
        for &cell in cells {
            let (l, r) = match cell {
                Some(c) if !self.style.color => self.brackets(c),
                _ => (' ', ' '),
            };
            out.push(match (pending, l) {
                (' ', x) => x,
                (x, ' ') => x,
                _ => '|',
            });
            draw(&mut out, cell);
            pending = r;
        }
        out.push(pending);
        out
    }
}

/// A grid of display columns; each entry is one column's text (possibly with colour codes).
struct Canvas {
    rows: Vec<Vec<String>>,
}

impl Canvas {
    fn new(height: usize, width: usize) -> Canvas {
        Canvas {
            rows: vec![vec![" ".to_string(); width]; height],
        }
    }

    fn set(&mut self, y: usize, x: usize, s: String) {
        if let Some(cell) = self.rows.get_mut(y).and_then(|r| r.get_mut(x)) {
            *cell = s;
        }
    }

    /// Writes `text` one character per column from `x`, each through `paint`.
    fn text(&mut self, y: usize, x: usize, text: &str, paint: impl Fn(&str) -> String) {
        for (i, ch) in text.chars().enumerate() {
            self.set(y, x + i, paint(&ch.to_string()));
        }
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for row in &self.rows {
            let end = row.iter().rposition(|s| s != " ").map_or(0, |i| i + 1);
            for s in &row[..end] {
                out.push_str(s);
            }
            out.push('\n');
        }
        out
    }
}

/// Draws `state` as text.
pub fn draw(game: &Game, state: &State, style: &Style) -> String {
    let mut out = draw_board(game, state, style);
    out.push_str(&reserve_line(game, state, style.color));
    out.push_str(&game.hands_line(state));
    out
}

/// For games with a reserve: `reserve: White 6, Black 7   borne off: White 0, Black 0`
/// and a newline (the borne-off part only where pieces run along tracks and can leave the
/// board); empty for the others.
pub fn reserve_line(game: &Game, state: &State, color: bool) -> String {
    let Some(k) = game.reserve_kind() else {
        return String::new();
    };
    let players = (0..game.num_players()).map(|i| Player(i as u8));
    let waiting: Vec<String> = players
        .clone()
        .map(|p| {
            let n = state.reserve(game.piece_id(k, Some(p)));
            format!("{} {n}", player_name(game, p, color))
        })
        .collect();
    if game.tracks().is_empty() {
        return format!("reserve: {}\n", waiting.join(", "));
    }
    let off: Vec<String> = players
        .map(|p| format!("{} {}", player_name(game, p, color), state.borne_off(p)))
        .collect();
    format!(
        "reserve: {}   borne off: {}\n",
        waiting.join(", "),
        off.join(", ")
    )
}

fn draw_board(game: &Game, state: &State, style: &Style) -> String {
    let p = Painter::new(game, state, style);
    let grid = Grid::new(game);
    match &game.board().shape {
        BoardShape::Square { width, height }
            if game.board().stack_cap.iter().any(|&c| c > 0) || game.has_counters() =>
        {
            draw_square_wide(&p, &grid, *width, *height)
        }
        BoardShape::Square { width, height } => draw_square(&p, &grid, *width, *height),
        BoardShape::HexRhombus {
            width,
            height,
            row_letters,
        } => {
            let (w, h) = (*width as usize, *height as usize);
            if rhombus_width(w, h, false) <= MAX_WIDTH {
                draw_rhombus(&p, &grid, w, h, *row_letters)
            } else {
                draw_rhombus_compact(&p, &grid, w, h, *row_letters)
            }
        }
        BoardShape::HexColumns { heights } => {
            if 4 * heights.len() + 1 + 6 <= MAX_WIDTH {
                draw_columns(&p, heights)
            } else {
                draw_columns_compact(&p, &grid, heights)
            }
        }
        BoardShape::Graph => draw_graph(&p),
    }
}

/// Cells by lattice position.
struct Grid(HashMap<(i32, i32), CellId>);

impl Grid {
    fn new(game: &Game) -> Grid {
        Grid(
            game.board()
                .cells
                .iter()
                .enumerate()
                .map(|(i, c)| ((c.col, c.row), CellId::from_index(i)))
                .collect(),
        )
    }

    fn at(&self, col: i32, row: i32) -> Option<CellId> {
        self.0.get(&(col, row)).copied()
    }
}

fn letter(i: usize) -> String {
    ((b'a' + (i % 26) as u8) as char).to_string()
}

fn draw_square(p: &Painter, grid: &Grid, width: u16, height: u16) -> String {
    let (w, h) = (width as i32, height as i32);
    let look = p.game.look();
    // Cells named by number (draughts) have no coordinate labels: each row is labelled
    // with its numbers, not with letters and ranks that no move uses.
    let numbered = look.files.is_empty();
    let mut out = String::new();
    for r in (0..h).rev() {
        let cells: Vec<Option<CellId>> = (0..w).map(|c| grid.at(c, r)).collect();
        let line = if numbered {
            let names: Vec<&str> = cells
                .iter()
                .flatten()
                .map(|&c| p.game.board().cells[c.index()].name.as_str())
                .collect();
            let label = match (names.first(), names.last()) {
                (Some(a), Some(b)) if a != b => format!("{a}-{b}"),
                (Some(a), _) => a.to_string(),
                _ => String::new(),
            };
            format!(
                "   {}{}",
                p.compact_row(&cells),
                p.frame(&format!("  {label}"))
            )
        } else {
            let rank = look.ranks.get(r as usize).map_or("", String::as_str);
            format!(
                "{}{}",
                p.frame(&format!("{rank:>2}")),
                p.compact_row(&cells)
            )
        };
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if !numbered {
        out.push_str(&format!("   {}", p.frame(&look.files.join(" "))));
        out.push('\n');
    }
    out
}

/// [`draw_square`] with cells two columns wide (games with stacks).
fn draw_square_wide(p: &Painter, grid: &Grid, width: u16, height: u16) -> String {
    let (w, h) = (width as i32, height as i32);
    let mut out = String::new();
    for r in (0..h).rev() {
        let cells: Vec<Option<CellId>> = (0..w).map(|c| grid.at(c, r)).collect();
        let rank = p
            .game
            .look()
            .ranks
            .get(r as usize)
            .map_or("", String::as_str);
        let line = format!("{}{}", p.frame(&format!("{rank:>2}")), p.wide_row(&cells));
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let files = &p.game.look().files;
    out.push_str(&format!("   {}", p.frame(&files.join("  "))));
    out.push('\n');
    out
}

/// The labels of a hex rhombus: (column label, row label).
fn rhombus_labels(col: usize, row: usize, row_letters: bool) -> (String, String) {
    if row_letters {
        ((col + 1).to_string(), letter(row))
    } else {
        (letter(col), (row + 1).to_string())
    }
}

/// The width of the hexagon drawing of a `w` × `h` rhombus, with or without the row labels
/// on the right.
fn rhombus_width(w: usize, h: usize, right_labels: bool) -> usize {
    3 + 2 * h.saturating_sub(1) + 4 * w + 1 + if right_labels { 3 } else { 0 }
}

/// For each of the four sides of a rhombus (top, bottom, left, right), the player whose
/// `connect` ending joins it, if exactly one does.
fn connect_sides(game: &Game, grid: &Grid, w: usize, h: usize) -> [Option<Player>; 4] {
    let side_cells: [Vec<CellId>; 4] = [
        (0..w).filter_map(|c| grid.at(c as i32, 0)).collect(),
        (0..w)
            .filter_map(|c| grid.at(c as i32, h as i32 - 1))
            .collect(),
        (0..h).filter_map(|r| grid.at(0, r as i32)).collect(),
        (0..h)
            .filter_map(|r| grid.at(w as i32 - 1, r as i32))
            .collect(),
    ];
    let mut out = [None; 4];
    // The sides the rule file colours (`look edges`), else those its `connect` endings join.
    if !game.look().edges.is_empty() {
        for (side, cells) in side_cells.iter().enumerate() {
            out[side] = game.look().edge_owner(cells);
        }
        return out;
    }
    for (side, cells) in side_cells.iter().enumerate() {
        let mut owners = Vec::new();
        for end in game.ends() {
            if let EndCond::Connect { a, b, .. } = &end.cond {
                for pl in 0..game.num_players() {
                    if end.players >> pl & 1 == 0 {
                        continue;
                    }
                    let player = Player(pl as u8);
                    let covers = |z: &crate::engine::ZoneId| {
                        game.board().zones.get(z.index()).is_some_and(|zone| {
                            !cells.is_empty() && cells.iter().all(|&c| zone.contains(player, c))
                        })
                    };
                    if (covers(a) || covers(b)) && !owners.contains(&player) {
                        owners.push(player);
                    }
                }
            }
        }
        if owners.len() == 1 {
            out[side] = Some(owners[0]);
        }
    }
    out
}

/// A rhombus of pointy-topped hexagons, each row half a cell right of the row above:
///
/// ```text
///      a   b   c
///     / \ / \ / \
///  1 | . | . | . | 1
///     \ / \ / \ / \
///    2 | . | . | . | 2
/// ```
fn draw_rhombus(p: &Painter, grid: &Grid, w: usize, h: usize, row_letters: bool) -> String {
    let right_labels = rhombus_width(w, h, true) <= MAX_WIDTH;
    let width = rhombus_width(w, h, right_labels);
    let height = 2 * h + 3;
    let mut cv = Canvas::new(height, width);
    let [top, bottom, left, right] = connect_sides(p.game, grid, w, h);
    let base = 3;
    // Column labels above the first row and below the last.
    for c in 0..w {
        let (label, _) = rhombus_labels(c, 0, row_letters);
        let x = base + 4 * c + 2;
        cv.text(0, x, &label, |s| p.edge(s, top));
        let xb = base + 2 * (h - 1) + 4 * c + 2;
        cv.text(height - 1, xb, &label, |s| p.edge(s, bottom));
    }
    for r in 0..h {
        let shift = base + 2 * r;
        let y = 2 * r + 2;
        let (_, label) = rhombus_labels(0, r, row_letters);
        let lx = shift - 1 - label.chars().count();
        cv.text(y, lx, &label, |s| p.edge(s, left));
        for c in 0..w {
            let x0 = shift + 4 * c;
            let Some(cell) = grid.at(c as i32, r as i32) else {
                continue;
            };
            // Slanted edges above and below; the rows share them.
            let up = if r == 0 { top } else { None };
            let down = if r == h - 1 { bottom } else { None };
            cv.set(y - 1, x0 + 1, p.edge("/", up));
            cv.set(y - 1, x0 + 3, p.edge("\\", up));
            cv.set(y + 1, x0 + 1, p.edge("\\", down));
            cv.set(y + 1, x0 + 3, p.edge("/", down));
            cv.set(y, x0, p.edge("|", if c == 0 { left } else { None }));
            cv.set(
                y,
                x0 + 4,
                p.edge("|", if c == w - 1 { right } else { None }),
            );
            let look = p.look(cell);
            cv.set(y, x0 + 1, look.left);
            cv.set(y, x0 + 2, look.mid);
            cv.set(y, x0 + 3, look.right);
        }
        if right_labels {
            cv.text(y, shift + 4 * w + 2, &label, |s| p.edge(s, right));
        }
    }
    cv.render()
}

/// The compact rhombus: one column per cell, rows shifted.
fn draw_rhombus_compact(p: &Painter, grid: &Grid, w: usize, h: usize, row_letters: bool) -> String {
    let mut out = String::new();
    let labels: Vec<String> = (0..w)
        .map(|c| format!("{:<2}", rhombus_labels(c, 0, row_letters).0))
        .collect();
    out.push_str(&format!("    {}", p.frame(labels.concat().trim_end())));
    out.push('\n');
    for r in 0..h {
        let (_, label) = rhombus_labels(0, r, row_letters);
        let cells: Vec<Option<CellId>> = (0..w).map(|c| grid.at(c as i32, r as i32)).collect();
        let line = format!(
            "{}{}{}{}",
            " ".repeat(r),
            p.frame(&format!("{label:>2} \\")),
            p.compact_row(&cells),
            p.frame(&format!("\\ {label}"))
        );
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Columns of flat-topped hexagons; a column whose lattice rows are odd sits half a cell
/// off its neighbours:
///
/// ```text
///      a   b   c
///     ___     ___
///  2 / . \___/ . \ 2
///    \___/ . \___/
///  1 / . \___/ . \ 1
///    \___/ . \___/
///        \___/
///      a   b   c
/// ```
fn draw_columns(p: &Painter, heights: &[u16]) -> String {
    let cells = &p.game.board().cells;
    let top = cells.iter().map(|c| c.row).max().unwrap_or(0);
    let bottom = cells.iter().map(|c| c.row).min().unwrap_or(0);
    let n = heights.len();
    let base = 3;
    // Line 0: column letters; then a cell with lattice row r spans lines L..=L+2 with
    // L = top - r + 1; then the bottom edge and the letters again.
    let lines = (top - bottom) as usize + 5;
    let width = base + 4 * n + 1 + 3;
    let mut cv = Canvas::new(lines, width);
    for c in 0..n {
        let x = base + 4 * c + 2;
        cv.text(0, x, &letter(c), |s| p.frame(s));
        cv.text(lines - 1, x, &letter(c), |s| p.frame(s));
    }
    for (id, cell) in cells.iter().enumerate() {
        let id = CellId::from_index(id);
        let (c, r) = (cell.col, cell.row);
        if c < 0 || c as usize >= n {
            continue;
        }
        let x0 = base + 4 * c as usize;
        let l = (top - r) as usize + 1;
        cv.text(l, x0 + 1, "___", |s| p.frame(s));
        cv.set(l + 1, x0, p.frame("/"));
        cv.set(l + 1, x0 + 4, p.frame("\\"));
        cv.set(l + 2, x0, p.frame("\\"));
        cv.text(l + 2, x0 + 1, "___", |s| p.frame(s));
        cv.set(l + 2, x0 + 4, p.frame("/"));
        let look = p.look(id);
        cv.set(l + 1, x0 + 1, look.left);
        cv.set(l + 1, x0 + 2, look.mid);
        cv.set(l + 1, x0 + 3, look.right);
        // Rank labels beside the first and last columns.
        let rank = cell
            .name
            .trim_start_matches(|ch: char| ch.is_ascii_alphabetic())
            .to_string();
        if c == 0 {
            cv.text(l + 1, base - 1 - rank.len().min(2), &rank, |s| p.frame(s));
        }
        if c as usize == n - 1 {
            cv.text(l + 1, x0 + 6, &rank, |s| p.frame(s));
        }
    }
    cv.render()
}

/// The compact hex columns: `(X)` per cell, odd lattice rows between even ones.
fn draw_columns_compact(p: &Painter, grid: &Grid, heights: &[u16]) -> String {
    let cells = &p.game.board().cells;
    let top = cells.iter().map(|c| c.row).max().unwrap_or(0);
    let mut out = String::new();
    for y in (0..=top).rev() {
        let mut line = if y % 2 == 0 {
            p.frame(&format!("{:>2} ", y / 2 + 1))
        } else {
            "   ".to_string()
        };
        for col in 0..heights.len() as i32 {
            match grid.at(col, y) {
                Some(c) => {
                    line.push_str(&p.frame("("));
                    line.push_str(&p.glyph(c));
                    line.push_str(&p.frame(")"));
                }
                None => line.push_str("   "),
            }
            line.push(' ');
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let letters: Vec<String> = (0..heights.len())
        .map(|c| format!(" {}  ", letter(c)))
        .collect();
    out.push_str(&format!("   {}", p.frame(letters.concat().trim_end())));
    out.push('\n');
    out
}

/// A graph board: on its grid when every cell is named like a coordinate
/// ([`graph_grid`]), else as a list.
fn draw_graph(p: &Painter) -> String {
    match graph_grid(p.game.board()) {
        Some(at) => draw_graph_grid(p, &at),
        None => draw_graph_list(p),
    }
}

/// The grid position (column, row; both from 0, row 0 at the bottom) a cell name stands
/// for (`a1`, `g7`, `M13`): the engine's reading of coordinate names.
fn coordinate(name: &str) -> Option<(usize, usize)> {
    let (c, r) = crate::engine::name_coordinate(name)?;
    Some((usize::try_from(c).ok()?, usize::try_from(r).ok()?))
}

/// Each cell's grid position, when every cell of the board is named like a coordinate
/// ([`coordinate`]) and no two name the same point.
fn graph_grid(board: &Board) -> Option<Vec<(usize, usize)>> {
    let mut seen = HashSet::new();
    board
        .cells
        .iter()
        .map(|c| coordinate(&c.name).filter(|&at| seen.insert(at)))
        .collect()
}

/// Two line characters drawn on the same spot: `+` where lines cross, `X` where two
/// diagonals do.
fn merge_line(old: char, new: char) -> char {
    match (old, new) {
        (' ', x) => x,
        (a, b) if a == b => a,
        ('/', '\\') | ('\\', '/') => 'X',
        _ => '+',
    }
}

/// A graph board with coordinate names (the morris board) on its grid, like a square board
/// with cells four columns apart (three on boards over 19 columns wide, so 26 still fit in
/// [`MAX_WIDTH`]) and a line between rows, and its links as lines:
///
/// ```text
///  3 .-------.-------.
///    |       |       |
///  2 |   .---.---.   |
///    |   |       |   |
///  1 .---.       .---.
///    a   b   c   d   e
/// ```
///
/// A link between two cells of a row is a line of `-`, a link between two cells of a column a
/// line of `|`, each through the empty points between them (not over a cell it passes).
/// A diagonal link whose cells are as many columns apart as rows (Twelve Men's Morris,
/// Alquerque) is drawn with `/` or `\`, one on each line between rows and on each empty point
/// it crosses; other diagonal links are left undrawn, and so is every diagonal when cells are
/// three columns apart (no character falls halfway between two columns there). Where lines
/// cross off a cell they show `+` (`X` for two diagonals). A link is drawn the same whether it
/// goes one way or both. Cells look as on square boards: the piece symbol or `.`, and the
/// marks of [`Painter::brackets`] or, with colour, of [`Painter::glyph`].
fn draw_graph_grid(p: &Painter, at: &[(usize, usize)]) -> String {
    let b = &p.game.board();
    let w = at.iter().map(|a| a.0).max().unwrap_or(0) + 1;
    let h = at.iter().map(|a| a.1).max().unwrap_or(0) + 1;
    let base = 3;
    let step = if base + 4 * (w - 1) + 2 <= MAX_WIDTH {
        4
    } else {
        3
    };
    let x_of = |col: usize| base + step * col;
    let y_of = |row: usize| 2 * (h - 1 - row);
    let width = x_of(w - 1) + 2;
    let height = y_of(0) + 2;
    let points: HashSet<(usize, usize)> = at.iter().map(|&(c, r)| (x_of(c), y_of(r))).collect();
    // Each link once, whichever way it was declared.
    let mut links = BTreeSet::new();
    for a in CellId::upto(b.len()) {
        for d in b.basic_dirs() {
            let n = b.next(a, d);
            if n != NO_CELL && n != a {
                links.insert((a.min(n), a.max(n)));
            }
        }
    }
    let mut ink = vec![vec![' '; width]; height];
    let mut put = |x: usize, y: usize, ch: char| {
        if !points.contains(&(x, y)) {
            ink[y][x] = merge_line(ink[y][x], ch);
        }
    };
    for &(a, n) in &links {
        let ((ca, ra), (cb, rb)) = (at[a.index()], at[n.index()]);
        let (xa, ya, xb, yb) = (x_of(ca), y_of(ra), x_of(cb), y_of(rb));
        if ya == yb {
            for x in xa.min(xb) + 1..xa.max(xb) {
                put(x, ya, '-');
            }
        } else if xa == xb {
            for y in ya.min(yb) + 1..ya.max(yb) {
                put(xa, y, '|');
            }
        } else if step == 4 && ca.abs_diff(cb) == ra.abs_diff(rb) {
            // Walk down the screen from the upper cell, two columns per line.
            let ((x0, y0), (x1, _)) = if ya < yb {
                ((xa, ya), (xb, yb))
            } else {
                ((xb, yb), (xa, ya))
            };
            let right = x1 > x0;
            let ch = if right { '\\' } else { '/' };
            for i in 1..2 * ca.abs_diff(cb) {
                let x = if right { x0 + 2 * i } else { x0 - 2 * i };
                put(x, y0 + i, ch);
            }
        }
    }
    let mut cv = Canvas::new(height, width);
    for (y, row) in ink.iter().enumerate() {
        for (x, &ch) in row.iter().enumerate() {
            if ch != ' ' {
                cv.set(y, x, p.frame(&ch.to_string()));
            }
        }
    }
    for (c, &(col, row)) in at.iter().enumerate() {
        let c = CellId::from_index(c);
        let (x, y) = (x_of(col), y_of(row));
        cv.set(y, x, p.glyph(c));
        if !p.style.color {
            let (l, r) = p.brackets(c);
            if l != ' ' {
                cv.set(y, x - 1, l.to_string());
                cv.set(y, x + 1, r.to_string());
            }
        }
    }
    for row in 0..h {
        cv.text(y_of(row), 0, &format!("{:>2}", row + 1), |s| p.frame(s));
    }
    for col in 0..w {
        cv.text(height - 1, x_of(col), &letter(col), |s| p.frame(s));
    }
    cv.render()
}

/// A graph board as a list: one line per `cells` statement, each cell as `name:symbol`.
fn draw_graph_list(p: &Painter) -> String {
    let b = &p.game.board();
    let mut out = String::new();
    for line in &b.lines {
        let items: Vec<String> = line
            .iter()
            .map(|&c| {
                let (l, r) = if p.style.color {
                    (' ', ' ')
                } else {
                    p.brackets(c)
                };
                let name = &b.cells[c.index()].name;
                let item = format!("{name}:{}", p.glyph(c));
                match (l, r) {
                    (' ', ' ') => item,
                    _ => format!("{l}{item}{r}"),
                }
            })
            .collect();
        out.push_str(&items.join(" "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(game: &Game, state: &State, marks: &[(&str, Mark)]) -> String {
        let marks = marks
            .iter()
            .filter_map(|(n, m)| game.board().cell_by_name(n).map(|c| (c, *m)))
            .collect();
        draw(
            game,
            state,
            &Style {
                color: false,
                marks,
            },
        )
    }

    #[test]
    fn square_board_is_unchanged_without_marks() {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let s = g.start();
        assert_eq!(
            plain(&g, &s, &[]),
            " 3 . . .\n 2 . . .\n 1 . . .\n   a b c\n"
        );
    }

    #[test]
    fn go_boards_are_labelled_without_i_and_show_their_star_points() {
        let g = crate::load_shipped("go", &[("size".into(), "9".into())]).unwrap();
        let out = plain(&g, &g.start(), &[]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[9], "   a b c d e f g h j");
        assert_eq!(lines[2], " 7 . . + . . . + . .");
        assert_eq!(lines[4], " 5 . . . . + . . . .");
        let g = crate::load_shipped("go", &[("size".into(), "19".into())]).unwrap();
        let out = plain(&g, &g.start(), &[]);
        assert!(
            out.ends_with("   a b c d e f g h j k l m n o p q r s t\n"),
            "{out}"
        );
        assert!(
            out.contains("\n16 . . . + . . . . . + . . . . . + . . .\n"),
            "{out}"
        );
    }

    #[test]
    fn shogi_boards_are_labelled_as_moves_are_written() {
        let g = crate::load_shipped("minishogi", &[]).unwrap();
        let out = plain(&g, &g.start(), &[]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], " a r b s g k");
        assert_eq!(lines[4], " e K G S B R");
        assert_eq!(lines[5], "   5 4 3 2 1");
    }

    #[test]
    fn square_marks_use_brackets_in_plain_text() {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let mut s = g.start();
        let mv = g.parse_move(&s, "b2").unwrap();
        g.make(&mut s, mv);
        let out = plain(
            &g,
            &s,
            &[
                ("b2", Mark::LastMove),
                ("a2", Mark::Target),
                ("c2", Mark::Selected),
            ],
        );
        assert_eq!(out, " 3 . . .\n 2 *[X|.>\n 1 . . .\n   a b c\n");
    }

    #[test]
    fn stacks_show_their_height_and_reserves_their_counts() {
        let g = crate::load_shipped("ur", &[]).unwrap();
        let s = g
            .parse_position("6/2(WBW)5/1(WW)4 White 10 roll=2 reserve=3,6 off=0,1")
            .unwrap();
        assert_eq!(
            plain(&g, &s, &[("c2", Mark::LastMove)]),
            " 3 +  .  .  .        +  .
 2 .  . [W3]+  .  .  .  .
 1 +  W2 .  .        +  .
   a  b  c  d  e  f  g  h
reserve: White 3, Black 6   borne off: White 0, Black 1
"
        );
    }

    #[test]
    fn hex_rhombus_is_drawn_as_hexagons() {
        let g = crate::load_shipped("hex", &[("size".into(), "3".into())]).unwrap();
        let mut s = g.start();
        let mv = g.parse_move(&s, "b2").unwrap();
        g.make(&mut s, mv);
        let out = plain(&g, &s, &[("b2", Mark::LastMove)]);
        let want = "     a   b   c
    / \\ / \\ / \\
 1 | . | . | . | 1
    \\ / \\ / \\ / \\
   2 | . |[x]| . | 2
      \\ / \\ / \\ / \\
     3 | . | . | . | 3
        \\ / \\ / \\ /
         a   b   c
";
        assert_eq!(out, want);
    }

    #[test]
    fn hex_columns_are_drawn_as_a_honeycomb() {
        let src = "game \"Columns\"\nplayers A, B\nboard hex-columns(2, 1, 2)\n\
                   piece stone = \"x\" for A, \"o\" for B\n\
                   move place(stone, on: empty)\nwin if line(3)\n";
        let g = crate::compile_source("cols", "cols.game", src, &[]).unwrap();
        let s = g.parse_position("1x/o/2").unwrap();
        let want = "     a   b   c
    ___     ___
 2 / x \\___/ . \\ 2
   \\___/ o \\___/
 1 / . \\___/ . \\ 1
   \\___/   \\___/
     a   b   c
";
        assert_eq!(plain(&g, &s, &[]), want);
        let marked = plain(&g, &s, &[("b1", Mark::LastMove)]);
        assert!(marked.contains("   \\___/[o]\\___/\n"), "{marked}");
    }

    /// A graph game from its `cells` and `link` lines.
    fn graph_game(board: &str) -> Game {
        let src = format!(
            "game \"Graph\"\nplayers White, Black\nboard graph\n{board}\n\
             piece man = \"W\" for White, \"B\" for Black\n\
             move place(man, on: empty)\nloss if no-moves\n"
        );
        crate::compile_source("graph", "graph.game", &src, &[]).unwrap()
    }

    #[test]
    fn graph_boards_without_coordinate_names_stay_a_list() {
        let g =
            graph_game("cells start, one, two\ncells goal\nlink start one two goal as east / west");
        let s = g.parse_position("W1B/1").unwrap();
        assert_eq!(
            plain(&g, &s, &[("two", Mark::LastMove)]),
            "start:W one:. [two:B]\ngoal:.\n"
        );
        // One name that is not a coordinate is enough.
        let g = graph_game("cells a1, b1, goal\nlink a1 b1 goal as east / west");
        assert_eq!(plain(&g, &g.start(), &[]), "a1:. b1:. goal:.\n");
        // Nor are two names for the same point.
        let g = graph_game("cells a1, A1\nlink a1 A1 as east / west");
        assert_eq!(plain(&g, &g.start(), &[]), "a1:. A1:.\n");
    }

    #[test]
    fn graph_boards_with_coordinate_names_are_drawn_on_their_grid() {
        // Rows and columns, both diagonals of the lower left square (they cross), one
        // diagonal of the upper right, a link that is no diagonal (a1-c2, undrawn), and a
        // row link through the empty b3.
        let g = graph_game(
            "cells a3, c3\ncells a2, b2, c2\ncells a1, b1, c1\n\
             link a1 b1 c1 as e / w\nlink a2 b2 c2 as e / w\nlink a3 c3 as e / w\n\
             link a1 a2 a3 as n / s\nlink b1 b2 as n / s\nlink c1 c2 c3 as n / s\n\
             link a1 b2 c3 as ne / sw\nlink b1 a2 as nw / se\nlink a1 c2 as x / y",
        );
        let s = g.parse_position("WB/1W1/B2").unwrap();
        let want = " 3 W-------B
   |     / |
 2 .--(W)--*
   | X |   |
 1[B]--.---.
   a   b   c
";
        let out = plain(
            &g,
            &s,
            &[
                ("a1", Mark::LastMove),
                ("b2", Mark::Target),
                ("c2", Mark::Target),
            ],
        );
        assert_eq!(out, want);
        // With colour, marks are backgrounds and lines are dimmed.
        let coloured = draw(
            &g,
            &s,
            &Style {
                color: true,
                marks: vec![(g.board().cell_by_name("a1").unwrap(), Mark::LastMove)],
            },
        );
        assert!(coloured.contains("\x1b[44m"), "{coloured}");
        assert!(coloured.contains(&format!("{FRAME}-{RESET}")), "{coloured}");
        assert!(!coloured.contains("[B]"), "{coloured}");
        // A long diagonal crosses the empty points on its way.
        let g = graph_game("cells c3\ncells a1\nlink a1 c3 as ne / sw");
        let want = " 3         .
         /
 2     /
     /
 1 .
   a   b   c
";
        assert_eq!(plain(&g, &g.start(), &[]), want);
    }

    #[test]
    fn wide_graph_boards_fit_80_columns() {
        for w in [13, 19, 20, 26] {
            let names: Vec<String> = (0..w).map(|c| format!("{}1", letter(c))).collect();
            let tops: Vec<String> = (0..w).map(|c| format!("{}13", letter(c))).collect();
            let g = graph_game(&format!(
                "cells {}\ncells {}\nlink {} as e / w\nlink a1 a13 as n / s",
                tops.join(", "),
                names.join(", "),
                names.join(" ")
            ));
            let out = plain(&g, &g.start(), &[]);
            let widest = out.lines().map(|l| l.chars().count()).max().unwrap();
            assert!(widest <= MAX_WIDTH, "{w} columns: {widest}\n{out}");
            assert_eq!(out.lines().count(), 2 * 13, "{out}");
            assert!(out.ends_with(&format!("{}\n", letter(w - 1))), "{out}");
            assert!(out.contains(" 1 .-"), "{out}");
        }
    }

    #[test]
    fn shipped_games_fit_80_columns() {
        for name in crate::shipped_names() {
            let g = crate::load_shipped(name, &[]).unwrap();
            let out = plain(&g, &g.start(), &[]);
            let widest = out.lines().map(|l| l.chars().count()).max().unwrap();
            assert!(widest <= MAX_WIDTH, "{name}: {widest} columns\n{out}");
        }
    }

    #[test]
    fn large_hex_boards_fit_80_columns() {
        for size in [11, 13, 14, 19] {
            let g = crate::load_shipped("hex", &[("size".into(), size.to_string())]).unwrap();
            let out = plain(&g, &g.start(), &[]);
            let widest = out.lines().map(|l| l.chars().count()).max().unwrap();
            assert!(widest <= MAX_WIDTH, "size {size}: {widest} columns\n{out}");
            assert!(out.lines().count() > size);
        }
    }

    #[test]
    fn colour_output_has_escapes_and_plain_has_none() {
        let g = crate::load_shipped("breakthrough", &[]).unwrap();
        let s = g.start();
        let coloured = draw(
            &g,
            &s,
            &Style {
                color: true,
                marks: vec![],
            },
        );
        assert!(coloured.contains("\x1b["));
        assert!(!plain(&g, &s, &[]).contains('\x1b'));
    }

    #[test]
    fn players_named_after_colours_get_them() {
        let g = crate::load_shipped("connect4", &[]).unwrap();
        assert_eq!(player_colors(&g), vec!["1;91", "1;93"]);
        let g = crate::load_shipped("hex", &[]).unwrap();
        assert_eq!(player_colors(&g), vec!["1;91", "1;97"]);
    }
}
