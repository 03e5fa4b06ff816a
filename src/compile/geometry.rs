//! Board geometry: cells with names and lattice coordinates, the unit directions of each
//! board shape, removed cells, graph boards, and the direction statements (compound,
//! player-relative, groups).

use crate::engine::DirId;
use std::collections::HashMap;

use indexmap::IndexMap;

use super::args::CallArgs;
use super::scope::Compiler;
use crate::engine::{BoardShape, ByPlayer, CellId, NO_CELL};
use crate::lang::ast::{Expr, ExprKind, File, Stmt, Value};
use crate::lang::{Diagnostic, Span};

/// Most cells a board may have.
pub const MAX_CELLS: usize = crate::engine::MAX_CELLS;

/// The board as the compiler builds it.
pub(crate) struct Geometry {
    pub shape: BoardShape,
    pub names: Vec<String>,
    /// Lattice coordinates (graph boards: the cell's index on both axes).
    pub coords: Vec<(i32, i32)>,
    /// Rendering/notation order: lines of cells.
    pub lines: Vec<Vec<CellId>>,
    /// Absolute directions (graph boards: no vector).
    pub dirs: Vec<DirEntry>,
    /// Neighbour table rows for graph boards, filled by `link`; lattice boards compute it.
    pub links: HashMap<(CellId, DirId), CellId>,
    pub opposite: HashMap<DirId, DirId>,
    /// Built-in zones of this shape (edges).
    pub edges: Vec<(&'static str, Vec<CellId>)>,
    /// Row and column numbers of each cell, for `row(n)` and `column(x)`.
    pub row_col: Vec<(i32, i32)>,
    /// Coordinate labels by lattice column and row, as the cell names read (empty where
    /// the names are not coordinates: numbered cells, graph boards).
    pub files: Vec<String>,
    pub ranks: Vec<String>,
    by_coord: HashMap<(i32, i32), CellId>,
}

/// A direction as the compiler builds it: name, lattice vector (none on graph boards), and
/// whether it is one of the board's own unit directions.
pub(crate) type DirEntry = (String, Option<(i32, i32)>, bool);

/// A cell as a board shape lays it out: name, lattice coordinates, (row, column) numbers.
type CellSpec = (String, (i32, i32), (i32, i32));

fn column_letter(i: usize) -> String {
    ((b'a' + i as u8) as char).to_string()
}

/// The column letters of a Go board: the alphabet without `i` (so it is not taken for `j`
/// or `1`), as Go players and GTP write them.
const GO_LETTERS: &[u8] = b"abcdefghjklmnopqrstuvwxyz";

/// How a square board's cells are named (`names: …`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum SquareNames {
    /// `a1` … as in chess.
    Letters,
    /// `1`, `2`, … in reading order, as draughts numbers its squares.
    Numbered,
    /// Shogi's `9a` … `1i`: files numbered from the right, ranks lettered from the top.
    FilesRight,
    /// Go's `a1` … `t19`, the columns lettered without `i`.
    Go,
}

impl Geometry {
    fn lattice(shape: BoardShape, cells: Vec<CellSpec>, dirs: &[(&str, (i32, i32))]) -> Geometry {
        let by_coord = cells
            .iter()
            .enumerate()
            .map(|(i, c)| (c.1, CellId::from_index(i)))
            .collect();
        Geometry {
            shape,
            names: cells.iter().map(|c| c.0.clone()).collect(),
            coords: cells.iter().map(|c| c.1).collect(),
            row_col: cells.iter().map(|c| c.2).collect(),
            lines: Vec::new(),
            dirs: dirs
                .iter()
                .map(|(n, v)| (n.to_string(), Some(*v), true))
                .collect(),
            links: HashMap::new(),
            opposite: HashMap::new(),
            edges: Vec::new(),
            files: Vec::new(),
            ranks: Vec::new(),
            by_coord,
        }
    }

    /// The cell at lattice coordinates, if on the board.
    pub fn at(&self, xy: (i32, i32)) -> Option<CellId> {
        self.by_coord.get(&xy).copied()
    }

    /// The neighbour of `c` along absolute direction `d`.
    pub fn step(&self, c: CellId, d: DirId) -> CellId {
        match self.dirs[d.index()].1 {
            Some((dx, dy)) => {
                let (x, y) = self.coords[c.index()];
                self.at((x + dx, y + dy)).unwrap_or(NO_CELL)
            }
            None => self.links.get(&(c, d)).copied().unwrap_or(NO_CELL),
        }
    }

    pub fn cell(&self, name: &str) -> Option<CellId> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(CellId::from_index)
    }

    /// Adds (or finds) the absolute direction with this vector.
    pub fn dir_with_vector(&mut self, v: (i32, i32), name: &str) -> DirId {
        if let Some(i) = self.dirs.iter().position(|d| d.1 == Some(v)) {
            return DirId::from_index(i);
        }
        self.dirs.push((name.to_string(), Some(v), false));
        DirId::from_index(self.dirs.len() - 1)
    }

    fn edges_by(&mut self, name: &'static str, pred: impl Fn(i32, i32) -> bool) {
        let cells = (0..self.names.len())
            .filter(|&i| pred(self.row_col[i].0, self.row_col[i].1))
            .map(CellId::from_index)
            .collect();
        self.edges.push((name, cells));
    }

    fn remove(&mut self, gone: &[CellId]) {
        let keep: Vec<usize> = (0..self.names.len())
            .filter(|i| !gone.contains(&CellId::from_index(*i)))
            .collect();
        let mut remap = vec![NO_CELL; self.names.len()];
        for (new, &old) in keep.iter().enumerate() {
            remap[old] = CellId::from_index(new);
        }
        self.names = keep.iter().map(|&i| self.names[i].clone()).collect();
        self.coords = keep.iter().map(|&i| self.coords[i]).collect();
        self.row_col = keep.iter().map(|&i| self.row_col[i]).collect();
        self.by_coord = self
            .coords
            .iter()
            .enumerate()
            .map(|(i, c)| (*c, CellId::from_index(i)))
            .collect();
        for line in &mut self.lines {
            *line = line
                .iter()
                .map(|&c| remap[c.index()])
                .filter(|&c| c != NO_CELL)
                .collect();
        }
        self.lines.retain(|l| !l.is_empty());
        for (_, cells) in &mut self.edges {
            *cells = cells
                .iter()
                .map(|&c| remap[c.index()])
                .filter(|&c| c != NO_CELL)
                .collect();
        }
    }
}

const SQUARE_DIRS: [(&str, (i32, i32)); 8] = [
    ("n", (0, 1)),
    ("ne", (1, 1)),
    ("e", (1, 0)),
    ("se", (1, -1)),
    ("s", (0, -1)),
    ("sw", (-1, -1)),
    ("w", (-1, 0)),
    ("nw", (-1, 1)),
];
// Hex rhombus, axial coordinates with rows growing downwards.
const RHOMBUS_DIRS: [(&str, (i32, i32)); 6] = [
    ("e", (1, 0)),
    ("w", (-1, 0)),
    ("ne", (1, -1)),
    ("nw", (0, -1)),
    ("se", (0, 1)),
    ("sw", (-1, 1)),
];
// Hex columns, doubled coordinates: a step up a column is 2, a diagonal step 1 up or down.
const COLUMN_DIRS: [(&str, (i32, i32)); 6] = [
    ("n", (0, 2)),
    ("ne", (1, 1)),
    ("se", (1, -1)),
    ("s", (0, -2)),
    ("sw", (-1, -1)),
    ("nw", (-1, 1)),
];

impl Compiler {
    /// Builds the board from `board`, `remove`, `cells` and `link` statements.
    pub fn build_geometry(&mut self, ast: &File) {
        let boards: Vec<&Expr> = ast
            .stmts
            .iter()
            .filter_map(|s| {
                if let Stmt::Board(e) = &s.node {
                    Some(e)
                } else {
                    None
                }
            })
            .collect();
        let Some(&first) = boards.first() else {
            self.err(
                Span::default(),
                "the game has no board: add a line like 'board square(8, 8)'",
            );
            return;
        };
        for extra in &boards[1..] {
            self.err(extra.span, "the board is given twice");
        }
        let e = self.expand(first);
        let geo = match &e.kind {
            ExprKind::Call { name, args } => {
                let mut a = CallArgs::new(&name.node, e.span, args);
                let g = match name.node.as_str() {
                    "square" => self.square(&mut a),
                    "hex" => self.rhombus(&mut a),
                    "hex-columns" => self.hex_columns(&mut a),
                    other => {
                        let d =
                            Diagnostic::error(name.span, format!("unknown board shape '{other}'"))
                                .suggest(other, ["square", "hex", "hex-columns", "graph"]);
                        self.diags.push(d);
                        None
                    }
                };
                let (allowed, max): (&[&str], usize) = match name.node.as_str() {
                    "hex" | "square" => (&["names"], 2),
                    "hex-columns" => (&[], usize::MAX),
                    _ => (&[], 2),
                };
                // A shape that failed already said why; unused arguments would only add noise.
                if g.is_some() {
                    a.finish(allowed, max, &mut self.diags);
                }
                g
            }
            ExprKind::Name(n) if n == "graph" => self.graph(ast),
            ExprKind::Name(n) => {
                let d = Diagnostic::error(e.span, format!("unknown board shape '{n}'"))
                    .suggest(n, ["square", "hex", "hex-columns", "graph"]);
                self.diags.push(d.with_hint(
                    "board shapes: square(w, h), hex(w, h), hex-columns(h1, h2, …), graph",
                ));
                None
            }
            _ => {
                self.err(e.span, "expected a board shape: square(w, h), hex(w, h), hex-columns(h1, h2, …) or graph");
                None
            }
        };
        let Some(mut geo) = geo else { return };
        // Removed cells.
        let mut gone = Vec::new();
        let mut first_remove: Option<Span> = None;
        for st in &ast.stmts {
            if let Stmt::Remove(list) = &st.node {
                first_remove.get_or_insert(st.span);
                for e in self.expand_list(list) {
                    match &e.kind {
                        ExprKind::Name(n)
                            if (n == "light" || n == "dark") && geo.cell(n).is_none() =>
                        {
                            // Checkerboard colours: a1 (the bottom-left cell) is dark.
                            let want = usize::from(n == "light");
                            for (c, &(x, y)) in geo.coords.iter().enumerate() {
                                if ((x + y).rem_euclid(2)) as usize == want {
                                    gone.push(CellId::from_index(c));
                                }
                            }
                        }
                        ExprKind::Name(n) => match geo.cell(n) {
                            Some(c) => gone.push(c),
                            None => self.unknown_cell(&geo, n, e.span),
                        },
                        _ => self.err(e.span, "expected a cell name"),
                    }
                }
            }
        }
        if !gone.is_empty() {
            if geo.shape == BoardShape::Graph {
                self.err(
                    first_remove.unwrap_or_default(),
                    "'remove' is for grid boards; a graph board lists only the cells it has",
                );
            } else {
                geo.remove(&gone);
            }
        }
        if self.numbered_cells {
            // Number the cells left after removals in reading order (top row first).
            let order: Vec<CellId> = geo.lines.iter().flatten().copied().collect();
            for (i, c) in order.into_iter().enumerate() {
                geo.names[c.index()] = (i + 1).to_string();
            }
        }
        if geo.names.len() > MAX_CELLS {
            self.err(
                first.span,
                format!(
                    "the board is too large: {} cells (at most {MAX_CELLS})",
                    geo.names.len()
                ),
            );
            return;
        }
        if geo.names.is_empty() {
            self.err(first.span, "the board has no cells");
            return;
        }
        self.geo = Some(geo);
    }

    pub fn unknown_cell(&mut self, geo: &Geometry, n: &str, span: Span) {
        let d = Diagnostic::error(span, format!("there is no cell '{n}' on this board"))
            .suggest(n, geo.names.iter().map(String::as_str));
        self.diags.push(d);
    }

    fn size_arg(&mut self, a: &CallArgs, i: usize, what: &str) -> Option<i64> {
        let Some(e) = a.positional.get(i) else {
            self.err(
                a.span,
                format!(
                    "'{}' needs the board's {what}: {}(width, height)",
                    a.call, a.call
                ),
            );
            return None;
        };
        let v = self.eval_int(e)?;
        if !(1..=64).contains(&v) {
            self.err(
                e.span,
                format!("a board {what} must be between 1 and 64, not {v}"),
            );
            return None;
        }
        Some(v)
    }

    fn square(&mut self, a: &mut CallArgs) -> Option<Geometry> {
        let w = self.size_arg(a, 0, "width")?;
        let h = self.size_arg(a, 1, "height")?;
        let mut names = SquareNames::Letters;
        if let Some(n) = a.named("names") {
            match &n.kind {
                ExprKind::Name(x) if x == "numbered" => names = SquareNames::Numbered,
                ExprKind::Name(x) if x == "letters" => {}
                ExprKind::Name(x) if x == "files-right" => names = SquareNames::FilesRight,
                ExprKind::Name(x) if x == "go" => names = SquareNames::Go,
                _ => {
                    self.err(n.span, "expected 'numbered' (cells 1, 2, 3… in reading order, as in draughts), 'letters' (a1, b1, …), 'files-right' (shogi's 9a … 1i) or 'go' (a1 … t19, columns without i)");
                }
            }
        }
        self.numbered_cells = names == SquareNames::Numbered;
        let most = if names == SquareNames::Go { 25 } else { 26 };
        if w > most {
            let letters = if most == 25 {
                "a–z without i"
            } else {
                "a–z"
            };
            self.err(
                a.positional[0].span,
                format!("the board is too large: {w} columns cannot be named {letters} (at most {most})"),
            );
            return None;
        }
        let file = |c: i32| match names {
            SquareNames::FilesRight => (w as i32 - c).to_string(),
            SquareNames::Go => char::from(GO_LETTERS[c as usize]).to_string(),
            _ => column_letter(c as usize),
        };
        let rank = |r: i32| match names {
            SquareNames::FilesRight => column_letter((h as i32 - 1 - r) as usize),
            _ => (r + 1).to_string(),
        };
        let mut cells = Vec::new();
        for r in 0..h as i32 {
            for c in 0..w as i32 {
                let name = format!("{}{}", file(c), rank(r));
                cells.push((name, (c, r), (r + 1, c + 1)));
            }
        }
        let (files, ranks) = if names == SquareNames::Numbered {
            (Vec::new(), Vec::new())
        } else {
            (
                (0..w as i32).map(file).collect(),
                (0..h as i32).map(rank).collect(),
            )
        };
        let mut g = Geometry::lattice(
            BoardShape::Square {
                width: w as u16,
                height: h as u16,
            },
            cells,
            &SQUARE_DIRS,
        );
        g.files = files;
        g.ranks = ranks;
        g.lines = (0..h)
            .rev()
            .map(|r| {
                (0..w)
                    .map(|c| CellId::from_index((r * w + c) as usize))
                    .collect()
            })
            .collect();
        let (w, h) = (w as i32, h as i32);
        g.edges_by("bottom", |r, _| r == 1);
        g.edges_by("top", move |r, _| r == h);
        g.edges_by("left", |_, c| c == 1);
        g.edges_by("right", move |_, c| c == w);
        Some(g)
    }

    fn rhombus(&mut self, a: &mut CallArgs) -> Option<Geometry> {
        let w = self.size_arg(a, 0, "width")?;
        let h = self.size_arg(a, 1, "height")?;
        let row_letters = match a.named("names") {
            None => false,
            Some(e) => match &e.kind {
                ExprKind::Name(n) if n == "row-letter" => true,
                ExprKind::Name(n) if n == "column-letter" => false,
                _ => {
                    self.err(e.span, "expected 'row-letter' (b3 = row b, column 3) or 'column-letter' (b3 = column b, row 3)");
                    false
                }
            },
        };
        if (row_letters && h > 26) || (!row_letters && w > 26) {
            self.err(
                a.span,
                "the board is too large to name its cells with letters a–z (at most 26)",
            );
            return None;
        }
        let mut cells = Vec::new();
        for r in 0..h as i32 {
            for c in 0..w as i32 {
                let name = if row_letters {
                    format!("{}{}", column_letter(r as usize), c + 1)
                } else {
                    format!("{}{}", column_letter(c as usize), r + 1)
                };
                cells.push((name, (c, r), (r + 1, c + 1)));
            }
        }
        let mut g = Geometry::lattice(
            BoardShape::HexRhombus {
                width: w as u16,
                height: h as u16,
                row_letters,
            },
            cells,
            &RHOMBUS_DIRS,
        );
        let number = |i: i64| (0..i).map(|i| (i + 1).to_string()).collect::<Vec<_>>();
        let letters = |i: i64| {
            (0..i)
                .map(|i| column_letter(i as usize))
                .collect::<Vec<_>>()
        };
        (g.files, g.ranks) = if row_letters {
            (number(w), letters(h))
        } else {
            (letters(w), number(h))
        };
        g.lines = (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| CellId::from_index((r * w + c) as usize))
                    .collect()
            })
            .collect();
        let (w, h) = (w as i32, h as i32);
        g.edges_by("top", |r, _| r == 1);
        g.edges_by("bottom", move |r, _| r == h);
        g.edges_by("left", |_, c| c == 1);
        g.edges_by("right", move |_, c| c == w);
        Some(g)
    }

    fn hex_columns(&mut self, a: &mut CallArgs) -> Option<Geometry> {
        let mut heights = Vec::new();
        for e in a.positional.clone() {
            let h = self.eval_int(e)?;
            if !(1..=64).contains(&h) {
                self.err(
                    e.span,
                    format!("a column height must be between 1 and 64, not {h}"),
                );
                return None;
            }
            heights.push((h as i32, e.span));
        }
        if heights.is_empty() {
            self.err(
                a.span,
                "hex-columns needs the height of each column: hex-columns(7, 6, 7, …)",
            );
            return None;
        }
        if heights.len() > 26 {
            self.err(
                a.span,
                "the board is too large: more than 26 columns cannot be named a–z",
            );
            return None;
        }
        for w in heights.windows(2) {
            if (w[0].0 - w[1].0).abs() != 1 {
                self.err(
                    w[1].1,
                    "neighbouring hex columns must differ in height by exactly one cell",
                );
                return None;
            }
        }
        let max = heights.iter().map(|h| h.0).max().unwrap_or(0);
        let mut cells = Vec::new();
        let mut lines = Vec::new();
        for (i, &(h, _)) in heights.iter().enumerate() {
            let offset = max - h;
            let mut line = Vec::new();
            for k in 0..h {
                line.push(CellId::from_index(cells.len()));
                cells.push((
                    format!("{}{}", column_letter(i), k + 1),
                    (i as i32, 2 * k + offset),
                    (k + 1, i as i32 + 1),
                ));
            }
            lines.push(line);
        }
        let shape = BoardShape::HexColumns {
            heights: heights.iter().map(|h| h.0 as u16).collect(),
        };
        let mut g = Geometry::lattice(shape, cells, &COLUMN_DIRS);
        g.lines = lines;
        // Only the columns: a row of the lattice is half a cell, not a rank.
        g.files = (0..heights.len()).map(column_letter).collect();
        let tops: Vec<i32> = heights.iter().map(|h| h.0).collect();
        let ncols = tops.len() as i32;
        g.edges_by("bottom", |r, _| r == 1);
        g.edges_by("top", move |r, c| r == tops[(c - 1) as usize]);
        g.edges_by("left", |_, c| c == 1);
        g.edges_by("right", move |_, c| c == ncols);
        Some(g)
    }

    fn graph(&mut self, ast: &File) -> Option<Geometry> {
        let mut names: Vec<String> = Vec::new();
        // Each `cells` statement is one line of the drawing and of the position notation.
        let mut lines: Vec<Vec<CellId>> = Vec::new();
        for st in &ast.stmts {
            if let Stmt::Cells(list) = &st.node {
                let mut line = Vec::new();
                for e in list {
                    match &e.kind {
                        ExprKind::Name(n) if names.contains(n) => {
                            self.err(e.span, format!("cell '{n}' is listed twice"))
                        }
                        ExprKind::Name(n) => {
                            line.push(CellId::from_index(names.len()));
                            names.push(n.clone());
                        }
                        _ => self.err(e.span, "expected a cell name"),
                    }
                }
                if !line.is_empty() {
                    lines.push(line);
                }
            }
        }
        if names.is_empty() {
            self.err(
                Span::default(),
                "a graph board lists its cells: add a line like 'cells a1, b1, c1'",
            );
            return None;
        }
        let cells = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), (i as i32, 0), (1, i as i32 + 1)))
            .collect();
        let mut g = Geometry::lattice(BoardShape::Graph, cells, &[]);
        g.lines = lines;
        let dir_id = |g: &mut Geometry, n: &str| -> DirId {
            match g.dirs.iter().position(|d| d.0 == n) {
                Some(i) => DirId::from_index(i),
                None => {
                    g.dirs.push((n.to_string(), None, true));
                    DirId::from_index(g.dirs.len() - 1)
                }
            }
        };
        for st in &ast.stmts {
            if let Stmt::Link { cells, dir, back } = &st.node {
                let d = dir_id(&mut g, &dir.node);
                let b = back.as_ref().map(|b| dir_id(&mut g, &b.node));
                if let Some(b) = b {
                    g.opposite.insert(d, b);
                    g.opposite.insert(b, d);
                }
                let mut ids = Vec::new();
                for c in cells {
                    match g.cell(&c.node) {
                        Some(id) => ids.push(id),
                        None => {
                            self.unknown_cell(&g, &c.node, c.span);
                            return None;
                        }
                    }
                }
                for w in ids.windows(2) {
                    g.links.insert((w[0], d), w[1]);
                    if let Some(b) = b {
                        g.links.insert((w[1], b), w[0]);
                    }
                }
            }
        }
        Some(g)
    }

    /// Direction statements: groups, compound directions and player-relative directions.
    pub fn build_directions(&mut self, ast: &File) {
        let Some(geo) = self.geo.as_mut() else { return };
        let np = self.players.len();
        let mut dirs: IndexMap<String, ByPlayer<Vec<DirId>>> = IndexMap::new();
        for (i, d) in geo.dirs.iter().enumerate() {
            dirs.insert(d.0.clone(), ByPlayer(vec![vec![DirId::from_index(i)]; np]));
        }
        let group = |names: &[&str],
                     dirs: &IndexMap<String, ByPlayer<Vec<DirId>>>|
         -> Option<ByPlayer<Vec<DirId>>> {
            let mut out = vec![Vec::new(); np];
            for n in names {
                let d = dirs.get(*n)?;
                for (p, o) in out.iter_mut().enumerate() {
                    o.extend(&d.0[p]);
                }
            }
            Some(ByPlayer(out))
        };
        let builtin: Vec<(&str, Vec<&str>)> = match geo.shape {
            BoardShape::Square { .. } => vec![
                ("orthogonal", vec!["n", "e", "s", "w"]),
                ("diagonal", vec!["ne", "se", "sw", "nw"]),
                ("adjacent", vec!["n", "ne", "e", "se", "s", "sw", "w", "nw"]),
            ],
            BoardShape::HexRhombus { .. } => {
                vec![("adjacent", vec!["e", "w", "ne", "nw", "se", "sw"])]
            }
            BoardShape::HexColumns { .. } => {
                vec![("adjacent", vec!["n", "ne", "se", "s", "sw", "nw"])]
            }
            BoardShape::Graph => vec![],
        };
        for (n, members) in builtin {
            if let Some(g) = group(&members, &dirs) {
                dirs.insert(n.to_string(), g);
            }
        }
        if geo.shape == BoardShape::Graph {
            let all: Vec<DirId> = DirId::upto(geo.dirs.len()).collect();
            dirs.insert("adjacent".into(), ByPlayer(vec![all; np]));
        }
        self.dirs = dirs;
        let builtin_names: Vec<String> = self.dirs.keys().cloned().collect();
        for st in &ast.stmts {
            let Stmt::Direction { name, value } = &st.node else {
                continue;
            };
            if self.dirs.contains_key(&name.node) {
                let what = if builtin_names.contains(&name.node) {
                    "is already a direction of this board"
                } else {
                    "is defined twice"
                };
                self.err(name.span, format!("direction '{}' {what}", name.node));
                continue;
            }
            let per_player: Vec<Option<Vec<Expr>>> = match value {
                Value::List(l) => vec![Some(l.clone()); np],
                Value::PerPlayer(items) => {
                    let mut v = vec![None; np];
                    let mut unknown_player = false;
                    for (l, who) in items {
                        match self.player(who) {
                            Some(p) => v[p.index()] = Some(l.clone()),
                            None => unknown_player = true,
                        }
                    }
                    if let Some(missing) = v.iter().position(Option::is_none) {
                        // A misspelt player is reported already; one error is enough.
                        if !unknown_player {
                            let who = &self.players[missing];
                            let d = Diagnostic::error(
                                name.span,
                                format!("direction '{}' says nothing for player {who}", name.node),
                            )
                            .with_hint(format!("add its direction for {who}: '… for {who}'"));
                            self.diags.push(d);
                        }
                        // Stand in an empty direction, so its uses are not reported again.
                        self.dirs
                            .insert(name.node.clone(), ByPlayer(vec![Vec::new(); np]));
                        continue;
                    }
                    v
                }
            };
            let mut out = Vec::with_capacity(np);
            let mut sources = Vec::with_capacity(np);
            for (p, list) in per_player.into_iter().enumerate() {
                let list = self.expand_list(&list.unwrap_or_default());
                sources.push(list.clone());
                // A new compound takes the statement's name only if it is the only one; in a
                // group (`radial = n + ne, ne + se, …`) each keeps its own (`n+ne`).
                let new_name = if list.len() == 1 {
                    name.node.as_str()
                } else {
                    ""
                };
                let mut ids = Vec::new();
                for e in &list {
                    if let Some(v) = self.dir_expr(e, p, new_name) {
                        ids.extend(v);
                    }
                }
                ids.dedup();
                out.push(ids);
            }
            // Kept even when part of it is wrong (already reported), so that its uses are
            // not reported again as unknown directions.
            self.dirs.insert(name.node.clone(), ByPlayer(out));
            self.dir_sources.insert(name.node.clone(), sources);
        }
    }

    /// Evaluates a direction expression for player `p` to absolute direction ids.
    pub fn dir_expr(&mut self, e: &Expr, p: usize, new_name: &str) -> Option<Vec<DirId>> {
        match &e.kind {
            ExprKind::Name(n) => match self.dirs.get(n) {
                Some(d) => Some(d.0[p].clone()),
                None => {
                    let known: Vec<String> = self.dirs.keys().cloned().collect();
                    let d = Diagnostic::error(e.span, format!("this board has no direction '{n}'"))
                        .suggest(n, known.iter().map(String::as_str));
                    let d = if d.hint.is_none() {
                        d.with_hint(format!("its directions are: {}", known.join(", ")))
                    } else {
                        d
                    };
                    self.diags.push(d);
                    None
                }
            },
            ExprKind::Add(a, b) => {
                // The parts of `n + n + e` are not the whole: they keep their own names.
                let l = self.dir_expr(a, p, "")?;
                let r = self.dir_expr(b, p, "")?;
                let geo = self.geo.as_mut()?;
                let mut out = Vec::new();
                for &x in &l {
                    for &y in &r {
                        match (geo.dirs[x.index()].1, geo.dirs[y.index()].1) {
                            (Some(u), Some(v)) => {
                                let name =
                                    format!("{}+{}", geo.dirs[x.index()].0, geo.dirs[y.index()].0);
                                let single = l.len() * r.len() == 1 && !new_name.is_empty();
                                let id = geo.dir_with_vector(
                                    (u.0 + v.0, u.1 + v.1),
                                    if single { new_name } else { &name },
                                );
                                out.push(id);
                            }
                            _ => {
                                self.err(e.span, "compound directions need a grid or hex board; on a graph board, link the cells directly");
                                return None;
                            }
                        }
                    }
                }
                Some(out)
            }
            _ => {
                self.err(
                    e.span,
                    "expected a direction (a name such as 'n', or a compound such as 'n + e')",
                );
                None
            }
        }
    }
}

impl Compiler {
    /// Resolves a direction list argument (`step(forward, e + n, …)`) for every player.
    pub fn dir_list(&mut self, items: &[&Expr]) -> Option<ByPlayer<Vec<DirId>>> {
        let np = self.players.len();
        let mut out = vec![Vec::new(); np];
        for e in items {
            for (p, o) in out.iter_mut().enumerate() {
                o.extend(self.dir_expr(e, p, "")?);
            }
        }
        for o in &mut out {
            let mut seen = Vec::new();
            o.retain(|d| {
                if seen.contains(d) {
                    false
                } else {
                    seen.push(*d);
                    true
                }
            });
        }
        Some(ByPlayer(out))
    }
}
