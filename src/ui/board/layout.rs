//! Where each cell goes on the terminal: the engine's cell centres ([`Game::cell_points`])
//! scaled to character positions, for any board shape. Each cell is drawn as a box three
//! characters wide (`[X]`); cells on one line stay at least three characters apart, cells
//! on neighbouring lines at least two. A board drawn as a race (`look track`, backgammon)
//! has the bar in a gap between its halves and a tray for the men borne off at its side.

use crate::engine::{CellId, Game, Player};
use crate::session::pick::{BAR, OFF};

/// Width of a cell's box on screen.
pub const CELL_WIDTH: u16 = 3;

/// Cell positions on screen, relative to the board's top-left corner.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Top-left character of each cell's box, by [`CellId`].
    pub at: Vec<(u16, u16)>,
    /// Width and height of the whole board.
    pub size: (u16, u16),
    /// The places picked beside the cells (`look track`): each player's bar and tray.
    pub beside: Vec<Beside>,
    /// Where each player's roll is drawn (`look track`), by player.
    pub dice: Vec<(u16, u16)>,
}

/// A place to pick beside the cells: a player's bar ([`BAR`]) or tray of men borne off
/// ([`OFF`]), a box as wide as a cell's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beside {
    /// [`BAR`] or [`OFF`].
    pub place: CellId,
    /// Whose it is.
    pub player: Player,
    /// Its box's top-left character.
    pub at: (u16, u16),
}

/// Width of the gap between a race board's halves, where the bar is.
const BAR_GAP: u16 = 5;

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
        let mut width = at.iter().map(|a| a.0 + CELL_WIDTH).max().unwrap_or(0);
        let height = at.iter().map(|a| a.1 + 1).max().unwrap_or(0);
        let (mut beside, mut dice) = (Vec::new(), Vec::new());
        let track = &game.look().track;
        if !track.is_empty() {
            // The bar between the halves; each player's bar on the line its men enter,
            // its tray and its roll on the line they leave from.
            let mid = width / 2;
            for a in &mut at {
                if a.0 >= mid {
                    a.0 += BAR_GAP;
                }
            }
            let tray = width + BAR_GAP + 1;
            width = tray + CELL_WIDTH;
            for (p, cells) in track.iter().enumerate() {
                let (Some(first), Some(last)) = (cells.first(), cells.last()) else {
                    continue;
                };
                let (enter, leave) = (at[first.index()].1, at[last.index()].1);
                let player = Player(p as u8);
                beside.push(Beside {
                    place: BAR,
                    player,
                    at: (mid + 1, enter),
                });
                beside.push(Beside {
                    place: OFF,
                    player,
                    at: (tray, leave),
                });
                dice.push((mid + 1, leave));
            }
        }
        if flipped {
            let turn = |a: (u16, u16)| (width - CELL_WIDTH - a.0, height - 1 - a.1);
            at.iter_mut().for_each(|a| *a = turn(*a));
            beside.iter_mut().for_each(|b| b.at = turn(b.at));
            dice.iter_mut().for_each(|d| *d = turn(*d));
        }
        Layout {
            at,
            size: (width, height),
            beside,
            dice,
        }
    }

    /// The bar or tray of `player` at the point (`x`, `y`) relative to the board, if any.
    pub fn beside_at(&self, x: u16, y: u16, player: Player) -> Option<CellId> {
        self.beside
            .iter()
            .find(|b| {
                b.player == player && b.at.1 == y && (b.at.0..b.at.0 + CELL_WIDTH).contains(&x)
            })
            .map(|b| b.place)
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

    #[test]
    fn a_race_board_has_the_bar_between_its_halves_and_the_trays_at_its_side() {
        let game = crate::load_shipped("backgammon", &[]).unwrap();
        let l = Layout::new(&game, false);
        let at = |n: &str| l.at[game.board().cell_by_name(n).unwrap().index()];
        // Six points, the gap, six points, a space and the tray.
        assert_eq!(
            (at("a2"), at("f2"), at("g2"), at("l1")),
            ((0, 0), (15, 0), (23, 0), (38, 1))
        );
        assert_eq!(l.size, (45, 2));
        let (white, black) = (Player(0), Player(1));
        // White enters on the top line (its 24 point) and bears off from the bottom.
        assert_eq!(l.beside_at(19, 0, white), Some(BAR));
        assert_eq!(l.beside_at(42, 1, white), Some(OFF));
        assert_eq!(l.beside_at(19, 1, black), Some(BAR));
        assert_eq!(l.beside_at(42, 0, black), Some(OFF));
        assert_eq!(l.beside_at(19, 1, white), None);
        assert_eq!(l.dice, [(19, 1), (19, 0)]);
    }
}
