//! Where each cell lies in the plane, whatever the board's shape, so front-ends can draw any
//! board and move a cursor to the nearest cell in a direction without knowing shapes.
//!
//! Centres are in cell units (neighbouring cells about 1 apart), x to the right and y
//! downwards (screen order: the first row drawn has the smallest y). Each cell also has an
//! [`Outline`] (a square, a hexagon of the board's orientation, or a point of a graph) and a
//! graph's links, so a picture of any board (the web board's SVG) needs no shape knowledge.

use super::{Board, BoardShape, CellId};

/// A cell's centre in the plane (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// To the right.
    pub x: f64,
    /// Downwards.
    pub y: f64,
}

/// √3 / 2: the distance between rows of hexagons of width 1.
const HEX_ROW: f64 = 0.866_025_403_784_438_6;

/// How a cell is drawn around its centre.
#[derive(Clone, Debug, PartialEq)]
pub enum Outline {
    /// A polygon, its corners in order (same units as the centres).
    Polygon(Vec<Point>),
    /// A point of a graph board, joined to others by [`Game::links`].
    Point,
}

/// The outline of every cell of a board shape around `c` (`None`: a graph's point).
fn polygon_around(shape: &BoardShape, c: Point) -> Option<Vec<Point>> {
    // Hexagons whose neighbours' centres are 1 apart have a circumradius of 1/√3.
    let r = 1.0 / 3f64.sqrt();
    let corners = |start_deg: f64, radius: f64| {
        (0..6)
            .map(|k| {
                let a = (start_deg + 60.0 * f64::from(k)).to_radians();
                Point {
                    x: c.x + radius * a.cos(),
                    y: c.y + radius * a.sin(),
                }
            })
            .collect()
    };
    match shape {
        BoardShape::Square { .. } => Some(
            [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]
                .iter()
                .map(|(dx, dy)| Point {
                    x: c.x + dx,
                    y: c.y + dy,
                })
                .collect(),
        ),
        // Rows side by side: pointy-topped hexagons.
        BoardShape::HexRhombus { .. } => Some(corners(30.0, r)),
        // Columns: flat-topped hexagons.
        BoardShape::HexColumns { .. } => Some(corners(0.0, r)),
        BoardShape::Graph => None,
    }
}

impl crate::engine::Rules {
    /// The outline of every cell, indexed by [`CellId`] (see [`Outline`]).
    pub fn cell_outlines(&self) -> Vec<Outline> {
        self.cell_points()
            .into_iter()
            .map(|c| match polygon_around(&self.board.shape, c) {
                Some(p) => Outline::Polygon(p),
                None => Outline::Point,
            })
            .collect()
    }

    /// The lines of a graph board: each pair of cells joined by a basic direction, once,
    /// lower cell first. Empty for grids (their cells touch instead).
    pub fn links(&self) -> Vec<(CellId, CellId)> {
        if self.board.shape != BoardShape::Graph {
            return Vec::new();
        }
        let n = CellId::from_index(self.board.len());
        let mut out: Vec<(CellId, CellId)> = CellId::upto(self.board.len())
            .flat_map(|a| {
                self.board
                    .basic_dirs()
                    .map(move |d| (a, d))
                    .collect::<Vec<_>>()
            })
            .map(|(a, d)| (a, self.board.next(a, d)))
            .filter(|&(a, b)| b < n && a < b)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The centre of every cell, indexed by [`CellId`].
    pub fn cell_points(&self) -> Vec<Point> {
        board_points(&self.board)
    }

    /// The cell nearest to `from` roughly in the direction (`dx`, `dy`) (screen axes: `dy`
    /// positive is down), or `None` when no cell lies that way. Cells within 60° of the
    /// direction count, the nearer and the straighter the better, so a cursor moves
    /// naturally on squares, hexagons and graphs alike.
    pub fn nearest_in_direction(&self, from: CellId, dx: f64, dy: f64) -> Option<CellId> {
        let points = self.cell_points();
        let here = *points.get(from.index())?;
        let len = (dx * dx + dy * dy).sqrt();
        if len == 0.0 {
            return None;
        }
        let (ux, uy) = (dx / len, dy / len);
        let best = |cells: &mut dyn Iterator<Item = CellId>| {
            cells
                .filter(|&c| c != from)
                .filter_map(|c| {
                    let p = points.get(c.index())?;
                    let (vx, vy) = (p.x - here.x, p.y - here.y);
                    let dist = (vx * vx + vy * vy).sqrt();
                    let cos = (vx * ux + vy * uy) / dist;
                    // Within 60° of the direction; straighter cells are preferred.
                    (cos > 0.5).then_some((dist * (2.0 - cos), c))
                })
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, c)| c)
        };
        // The board's own neighbours first (so a cursor follows the lines of a graph),
        // then any cell that way.
        let linked = self.board.basic_dirs().map(|d| self.board.next(from, d));
        best(&mut linked.filter(|&c| c.index() < points.len()))
            .or_else(|| best(&mut CellId::upto(points.len())))
    }
}

/// The centres of a board's cells.
fn board_points(board: &Board) -> Vec<Point> {
    match &board.shape {
        BoardShape::Square { height, .. } => board
            .cells
            .iter()
            .map(|c| Point {
                x: f64::from(c.col),
                y: f64::from(i32::from(*height) - 1 - c.row),
            })
            .collect(),
        // Row 0 at the top; each row half a cell right of the one above.
        BoardShape::HexRhombus { .. } => board
            .cells
            .iter()
            .map(|c| Point {
                x: f64::from(c.col) + f64::from(c.row) / 2.0,
                y: f64::from(c.row) * HEX_ROW,
            })
            .collect(),
        // The row coordinate counts half cells upwards.
        BoardShape::HexColumns { .. } => {
            let top = board.cells.iter().map(|c| c.row).max().unwrap_or(0);
            board
                .cells
                .iter()
                .map(|c| Point {
                    x: f64::from(c.col) * HEX_ROW,
                    y: f64::from(top - c.row) / 2.0,
                })
                .collect()
        }
        BoardShape::Graph => graph_points(board),
    }
}

/// A graph's cells where their names are coordinates (`a1`, `g7`), else one line of the
/// board's `cells` statements per row.
fn graph_points(board: &Board) -> Vec<Point> {
    let named: Option<Vec<(i32, i32)>> = board
        .cells
        .iter()
        .map(|c| name_coordinate(&c.name))
        .collect();
    if let Some(at) = named {
        let top = at.iter().map(|a| a.1).max().unwrap_or(0);
        let mut seen = std::collections::HashSet::new();
        if at.iter().all(|a| seen.insert(*a)) {
            return at
                .iter()
                .map(|&(x, y)| Point {
                    x: f64::from(x),
                    y: f64::from(top - y),
                })
                .collect();
        }
    }
    let mut points = vec![Point { x: 0.0, y: 0.0 }; board.cells.len()];
    for (row, line) in board.lines.iter().enumerate() {
        for (k, &c) in line.iter().enumerate() {
            if let Some(p) = points.get_mut(c.index()) {
                *p = Point {
                    x: k as f64,
                    y: row as f64,
                };
            }
        }
    }
    points
}

/// The grid position (column, row from the bottom, both from 0) a cell name like `a1` or
/// `g7` stands for: one letter for the column and a row number from 1 to 99.
pub fn name_coordinate(name: &str) -> Option<(i32, i32)> {
    let mut chars = name.chars();
    let col = chars.next().filter(char::is_ascii_alphabetic)?;
    let digits = chars.as_str();
    if !(1..=2).contains(&digits.len())
        || digits.starts_with('0')
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let row: i32 = digits.parse().ok()?;
    Some((i32::from(col.to_ascii_lowercase() as u8 - b'a'), row - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;

    fn cell(g: &Game, name: &str) -> CellId {
        g.board.cell_by_name(name).unwrap()
    }

    fn step(g: &Game, from: &str, dx: f64, dy: f64) -> Option<String> {
        g.nearest_in_direction(cell(g, from), dx, dy)
            .map(|c| g.board.cells[c.index()].name.clone())
    }

    #[test]
    fn arrows_reach_the_natural_neighbour_on_every_shape() {
        let chess = crate::load_shipped("chess", &[]).unwrap();
        assert_eq!(step(&chess, "e2", 0.0, -1.0).as_deref(), Some("e3"));
        assert_eq!(step(&chess, "e2", 1.0, 0.0).as_deref(), Some("f2"));
        assert_eq!(step(&chess, "h2", 1.0, 0.0), None);
        let hex = crate::load_shipped("hex", &[("size".into(), "5".into())]).unwrap();
        assert_eq!(step(&hex, "c3", 1.0, 0.0).as_deref(), Some("d3"));
        assert_eq!(step(&hex, "c3", 0.0, 1.0).as_deref(), Some("c4"));
        let int = crate::load_shipped("intellector", &[]).unwrap();
        assert_eq!(step(&int, "e3", 0.0, -1.0).as_deref(), Some("e4"));
        assert!(step(&int, "e3", 1.0, 0.0).is_some_and(|c| c.starts_with('f')));
        let morris = crate::load_shipped("morris", &[]).unwrap();
        assert_eq!(step(&morris, "a1", 1.0, 0.0).as_deref(), Some("d1"));
        assert_eq!(step(&morris, "a1", 0.0, -1.0).as_deref(), Some("a4"));
        let ur = crate::load_shipped("ur", &[]).unwrap();
        assert_eq!(step(&ur, "d1", -1.0, 0.0).as_deref(), Some("c1"));
        assert_eq!(step(&ur, "h1", 0.0, -1.0).as_deref(), Some("h2"));
    }

    #[test]
    fn outlines_follow_the_shape_and_graphs_have_links() {
        let chess = crate::load_shipped("chess", &[]).unwrap();
        let o = chess.cell_outlines();
        assert!(matches!(&o[0], Outline::Polygon(p) if p.len() == 4));
        assert!(chess.links().is_empty());
        let int = crate::load_shipped("intellector", &[]).unwrap();
        let Outline::Polygon(p) = &int.cell_outlines()[0] else {
            panic!("a hexagon")
        };
        assert_eq!(p.len(), 6);
        // Flat-topped: the first corner lies level with the centre.
        let c = int.cell_points()[0];
        assert!((p[0].y - c.y).abs() < 1e-9);
        let morris = crate::load_shipped("morris", &[]).unwrap();
        assert!(morris.cell_outlines().iter().all(|o| *o == Outline::Point));
        // 24 points joined by 32 lines.
        assert_eq!(morris.links().len(), 32);
    }
}
