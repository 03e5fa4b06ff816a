//! GTP vertices and the board's cells, through the board's geometry (a cell's column and
//! row), never through a game's own names: a square board is written as GoGui expects
//! (column letters `A`..`Z` without `I`, rows numbered from 1 at the bottom: `D4`), a hex
//! rhombus as HexGui expects (column letters `a`..`z`, rows from 1 at the top: `c5`, also
//! on boards whose cells are named row first). Other boards use the cells' own names.

use crate::engine::{Board, BoardShape, CellId};

/// GTP's column letters: the alphabet without `I` (so it is not taken for `J` or `1`).
const GO_LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The most columns or rows a vertex can name on a square board.
pub const MAX_SIZE: u32 = GO_LETTERS.len() as u32;

/// The cell a vertex names (any case), or `None` when it names none on this board.
pub fn cell(board: &Board, vertex: &str) -> Option<CellId> {
    let (col, row) = match &board.shape {
        BoardShape::Square { .. } => {
            let (letter, number) = split(vertex)?;
            let col = GO_LETTERS.iter().position(|&l| l == letter)?;
            (col as i32, number - 1)
        }
        BoardShape::HexRhombus { .. } => {
            let (letter, number) = split(vertex)?;
            (i32::from(letter - b'A'), number - 1)
        }
        _ => return board.cell_by_name(vertex),
    };
    board
        .cells
        .iter()
        .position(|c| c.col == col && c.row == row)
        .map(CellId::from_index)
}

/// The vertex of a cell.
pub fn vertex(board: &Board, cell: CellId) -> String {
    let Some(c) = board.cells.get(cell.index()) else {
        return String::new();
    };
    let letter = |letters: &[u8], i: i32| {
        usize::try_from(i)
            .ok()
            .and_then(|i| letters.get(i))
            .map(|&l| char::from(l))
    };
    let named = match &board.shape {
        BoardShape::Square { .. } => letter(GO_LETTERS, c.col).map(|l| format!("{l}{}", c.row + 1)),
        BoardShape::HexRhombus { .. } => {
            letter(b"abcdefghijklmnopqrstuvwxyz", c.col).map(|l| format!("{l}{}", c.row + 1))
        }
        _ => None,
    };
    named.unwrap_or_else(|| c.name.clone())
}

/// A vertex's letter (upper case) and number: `d4` → (`D`, 4).
fn split(vertex: &str) -> Option<(u8, i32)> {
    let bytes = vertex.as_bytes();
    let (&letter, digits) = bytes.split_first()?;
    if !letter.is_ascii_alphabetic() || digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let number: i32 = std::str::from_utf8(digits).ok()?.parse().ok()?;
    (number >= 1).then_some((letter.to_ascii_uppercase(), number))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(game: &str, size: &str) -> Board {
        crate::load_shipped(game, &[("size".into(), size.into())])
            .unwrap()
            .board()
            .clone()
    }

    #[test]
    fn go_vertices_skip_i_and_count_rows_from_the_bottom() {
        let b = board("go", "19");
        for (v, name) in [("A1", "a1"), ("h8", "h8"), ("J9", "j9"), ("T19", "t19")] {
            let c = cell(&b, v).unwrap_or_else(|| panic!("{v}"));
            assert_eq!(b.cells[c.index()].name, name, "{v}");
        }
        let j10 = cell(&b, "J10").unwrap();
        assert_eq!(vertex(&b, j10), "J10");
        for v in [
            "I5", "U1", "A0", "A20", "z99", "", "5", "A", "A1x", "Ä1", "A-1",
        ] {
            assert_eq!(cell(&b, v), None, "{v}");
        }
    }

    #[test]
    fn hex_vertices_are_column_letter_then_row_from_the_top() {
        let b = board("hex", "11");
        let c = cell(&b, "c5").unwrap();
        assert_eq!(b.cells[c.index()].name, "c5");
        assert_eq!(vertex(&b, c), "c5");
        assert_eq!(cell(&b, "l1"), None);
        // Nex names its cells row first (`e3` = row e, column 3); the vertex does not.
        let n = board("nex", "13");
        let c = cell(&n, "c5").unwrap();
        assert_eq!(n.cells[c.index()].name, "e3");
        assert_eq!(vertex(&n, c), "c5");
    }
}
