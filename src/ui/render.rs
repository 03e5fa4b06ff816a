//! Draws a position as text: square grids with files and ranks, hex rhombi as shifted rows,
//! hex columns as staggered columns, graph boards as a list of cells.

use crate::engine::{BoardShape, CellId, Game, State, EMPTY};

/// How a cell is marked in a drawing besides its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing special.
    None,
    /// Part of the last move.
    LastMove,
    /// A target of the moves being shown.
    Target,
}

/// Options for drawing.
#[derive(Clone, Debug, Default)]
pub struct Style {
    /// Use ANSI colours.
    pub color: bool,
    /// Cells to mark.
    pub marks: Vec<(CellId, Mark)>,
}

impl Style {
    fn mark(&self, c: CellId) -> Mark {
        self.marks
            .iter()
            .rev()
            .find(|m| m.0 == c)
            .map_or(Mark::None, |m| m.1)
    }
}

/// The glyph of a cell: its piece symbol or `.`, coloured per owner if asked.
fn glyph(game: &Game, state: &State, c: CellId, style: &Style) -> String {
    let p = state.at(c);
    let ch = if p == EMPTY {
        '.'
    } else {
        game.pieces[p as usize].symbol
    };
    if !style.color {
        return match style.mark(c) {
            Mark::Target if p == EMPTY => "*".into(),
            _ => ch.to_string(),
        };
    }
    let fg = match game.owner(p) {
        Some(o) if o.0 == 0 => "\x1b[1;97m",
        Some(o) if o.0 == 1 => "\x1b[1;91m",
        Some(_) => "\x1b[1;94m",
        None if p == EMPTY => "\x1b[90m",
        None => "\x1b[1;93m",
    };
    let bg = match style.mark(c) {
        Mark::LastMove => "\x1b[43m",
        Mark::Target => "\x1b[42m",
        Mark::None => "",
    };
    let ch = if p == EMPTY && style.mark(c) == Mark::Target {
        '*'
    } else {
        ch
    };
    format!("{bg}{fg}{ch}\x1b[0m")
}

/// Draws `state` as text.
pub fn draw(game: &Game, state: &State, style: &Style) -> String {
    let b = &game.board;
    let mut out = String::new();
    match &b.shape {
        BoardShape::Square { width, height } => {
            let (w, h) = (*width as i32, *height as i32);
            for r in (0..h).rev() {
                out.push_str(&format!("{:>2} ", r + 1));
                for col in 0..w {
                    match cell_at(game, col, r) {
                        Some(c) => out.push_str(&glyph(game, state, c, style)),
                        None => out.push(' '),
                    }
                    out.push(' ');
                }
                out.truncate(out.trim_end_matches(' ').len());
                out.push('\n');
            }
            out.push_str("   ");
            for col in 0..w {
                out.push((b'a' + col as u8) as char);
                out.push(' ');
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
        BoardShape::HexRhombus {
            width,
            height,
            row_letters,
        } => {
            let (w, h, row_letters) = (*width as i32, *height as i32, *row_letters);
            // Column labels on top.
            out.push_str("    ");
            for col in 0..w {
                let label = if row_letters {
                    (col + 1).to_string()
                } else {
                    ((b'a' + col as u8) as char).to_string()
                };
                out.push_str(&format!("{label:<2}"));
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
            for r in 0..h {
                let label = if row_letters {
                    ((b'a' + r as u8) as char).to_string()
                } else {
                    (r + 1).to_string()
                };
                out.push_str(&" ".repeat(r as usize));
                out.push_str(&format!("{label:>2} \\ "));
                for col in 0..w {
                    match cell_at(game, col, r) {
                        Some(c) => out.push_str(&glyph(game, state, c, style)),
                        None => out.push(' '),
                    }
                    out.push(' ');
                }
                out.push_str(&format!("\\ {label}\n"));
            }
        }
        BoardShape::HexColumns { heights } => {
            let maxh = heights.iter().copied().max().unwrap_or(0) as i32;
            let top = 2 * (maxh - 1);
            for y in (0..=top).rev() {
                let label = if y % 2 == 0 {
                    format!("{:>2} ", y / 2 + 1)
                } else {
                    "   ".to_string()
                };
                let mut line = label;
                for col in 0..heights.len() as i32 {
                    let s = match cell_at(game, col, y) {
                        Some(c) => format!("({})", glyph(game, state, c, style)),
                        None => "   ".to_string(),
                    };
                    line.push_str(&s);
                    line.push(' ');
                }
                out.push_str(line.trim_end());
                out.push('\n');
            }
            out.push_str("   ");
            for col in 0..heights.len() {
                out.push_str(&format!(" {}  ", (b'a' + col as u8) as char));
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
        BoardShape::Graph => {
            for line in &b.lines {
                let items: Vec<String> = line
                    .iter()
                    .map(|&c| {
                        format!(
                            "{}:{}",
                            b.cells[c as usize].name,
                            glyph(game, state, c, style)
                        )
                    })
                    .collect();
                out.push_str(&items.join(" "));
                out.push('\n');
            }
        }
    }
    out
}

fn cell_at(game: &Game, col: i32, row: i32) -> Option<CellId> {
    game.board
        .cells
        .iter()
        .position(|c| c.col == col && c.row == row)
        .map(|i| i as CellId)
}
