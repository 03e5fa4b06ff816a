//! Where each cell goes on the terminal: the engine's cell centres ([`Game::cell_points`])
//! scaled to character positions, for any board shape. Each cell is drawn as a box three
//! characters wide (`[X]`); cells on one line stay at least three characters apart, cells
//! on neighbouring lines at least two.

use crate::engine::{CellId, Game};

/// Width of a cell's box on screen.
pub const CELL_WIDTH: u16 = 3;

/// Cell positions on screen, relative to the board's top-left corner.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Top-left character of each cell's box, by [`CellId`].
    pub at: Vec<(u16, u16)>,
    /// Width and height of the whole board.
    pub size: (u16, u16),
}

impl Layout {
    /// The layout of `game`'s board, turned upside down when `flipped`.
    pub fn new(game: &Game, flipped: bool) -> Layout {
        let points = game.cell_points();
        let dys: Vec<f64> = points.iter().map(|p| p.y).collect();
        // Lines: the smallest vertical gap between cells is one line.
        let min_dy = min_gap(&dys);
        let sy = if min_dy > 0.0 { 1.0 / min_dy } else { 1.0 };
        let line = |y: f64| (y * sy).round() as i64;
        let mut sx: f64 = 3.0;
        for (i, a) in points.iter().enumerate() {
            for b in &points[i + 1..] {
                let dx = (a.x - b.x).abs();
                if dx < 1e-9 {
                    continue;
                }
                let apart = match (line(a.y) - line(b.y)).abs() {
                    0 => 3.0,
                    1 => 2.0,
                    _ => continue,
                };
                sx = sx.max(apart / dx);
            }
        }
        let min_x = points.iter().map(|p| p.x).fold(f64::INFINITY, f64::min);
        let min_line = points.iter().map(|p| line(p.y)).min().unwrap_or(0);
        // Columns a whole number of characters apart, so a lattice stays regular.
        let xs: Vec<f64> = points.iter().map(|p| p.x).collect();
        let gap = min_gap(&xs);
        let step = if gap > 0.0 {
            (sx * gap - 1e-6).ceil()
        } else {
            sx
        };
        let mut at: Vec<(u16, u16)> = points
            .iter()
            .map(|p| {
                let x = if gap > 0.0 {
                    ((p.x - min_x) / gap).round() as i64 * step as i64
                } else {
                    0
                };
                let y = line(p.y) - min_line;
                (x.clamp(0, 4000) as u16, y.clamp(0, 4000) as u16)
            })
            .collect();
        let width = at.iter().map(|a| a.0 + CELL_WIDTH).max().unwrap_or(0);
        let height = at.iter().map(|a| a.1 + 1).max().unwrap_or(0);
        if flipped {
            for a in &mut at {
                *a = (width - CELL_WIDTH - a.0, height - 1 - a.1);
            }
        }
        Layout {
            at,
            size: (width, height),
        }
    }

    /// The cell whose box covers the point (`x`, `y`) relative to the board, if any.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<CellId> {
        self.at
            .iter()
            .position(|&(cx, cy)| cy == y && (cx..cx + CELL_WIDTH).contains(&x))
            .map(CellId::from_index)
    }
}

/// The smallest positive difference between any two of `values` (0 if there is none).
fn min_gap(values: &[f64]) -> f64 {
    let mut v: Vec<f64> = values.to_vec();
    v.sort_by(f64::total_cmp);
    v.windows(2)
        .map(|w| w[1] - w[0])
        .filter(|&d| d > 1e-6)
        .fold(0.0, |m: f64, d| if m == 0.0 { d } else { m.min(d) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_board_fits_80_by_24_with_no_two_cells_overlapping() {
        for name in crate::shipped_names() {
            let game = crate::load_shipped(name, &[]).unwrap();
            let l = Layout::new(&game, false);
            assert!(l.size.0 <= 80 && l.size.1 <= 20, "{name}: {:?}", l.size);
            for (i, a) in l.at.iter().enumerate() {
                for b in &l.at[i + 1..] {
                    assert!(
                        a.1 != b.1 || a.0.abs_diff(b.0) >= CELL_WIDTH,
                        "{name}: cells at {a:?} and {b:?} overlap"
                    );
                }
                assert_eq!(
                    l.cell_at(a.0 + 1, a.1),
                    Some(CellId::from_index(i)),
                    "{name}"
                );
            }
        }
    }
}
