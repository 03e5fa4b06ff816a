//! Moves numbered as players number them, for every front-end's history and move lines:
//! where two players take turns a move and its answer share a number (`1. e4 e5 2. Nf3`),
//! see [`Session::move_label`]; rolls of the dice and forced passes are not numbered.

use crate::session::Session;

/// `1 move`, `2 moves`.
pub fn moves_word(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// Whether a move and its answer share a row (`1. e4 e5`): two players taking turns
/// without dice. Rolls would split every pair, and with more players a row per move reads
/// better, so those games list each entry on its own row, with its player.
pub fn paired(s: &Session) -> bool {
    s.game().num_players() == 2 && s.game().dice().is_none()
}

/// History entry `index` with its number and player: `1. White e4`, `1... Black e5`.
pub fn labelled(s: &Session, index: usize) -> String {
    let p = &s.history()[index];
    format!(
        "{} {} {}",
        s.move_label(index),
        s.game().players()[p.player.index()],
        p.text
    )
}

/// The history as lines. Two players without dice: a row per number, the move and its
/// answer (`1. e4 e5`), numbers aligned. Otherwise a line per entry: the moves numbered with
/// their player (`3. Red d4`), the rolls and forced passes indented under them.
pub fn history_rows(s: &Session) -> Vec<String> {
    let history = s.history();
    let width = history
        .len()
        .checked_sub(1)
        .map_or(1, |last| s.move_label(last).number.to_string().len());
    let pairs = paired(s);
    let mut rows: Vec<String> = Vec::new();
    let mut open_row: Option<usize> = None;
    for (i, p) in history.iter().enumerate() {
        if s.automatic(&p.mv) {
            let who = &s.game().players()[p.player.index()];
            rows.push(format!("{:width$}  {who} {}", "", p.text));
            open_row = None;
            continue;
        }
        let label = s.move_label(i);
        if !pairs {
            let who = &s.game().players()[p.player.index()];
            rows.push(format!("{:>width$}. {who} {}", label.number, p.text));
            continue;
        }
        match open_row {
            Some(n) if !label.opens && n == label.number => {
                let row = rows.last_mut().expect("an open row is the last");
                row.push(' ');
                row.push_str(&p.text);
                open_row = None;
            }
            _ => {
                let dots = if label.opens { "." } else { "..." };
                rows.push(format!("{:>width$}{dots} {}", label.number, p.text));
                open_row = label.opens.then_some(label.number);
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Seat;

    fn played(game: &str, moves: &[&str]) -> Session {
        let g = crate::load_shipped(game, &[]).unwrap();
        let mut s = Session::new(g, game, &[], None, &[Seat::Human; 2], 1);
        for m in moves {
            let mv = s.game().parse_move(s.state(), m).unwrap();
            s.play(mv).unwrap();
        }
        s
    }

    #[test]
    fn chess_is_numbered_per_move() {
        let s = played("chess", &["e4", "a6", "Nf3"]);
        assert_eq!(history_rows(&s), ["1. e4 a6", "2. Nf3"]);
        assert_eq!(labelled(&s, 0), "1. White e4");
        assert_eq!(labelled(&s, 1), "1... Black a6");
        assert_eq!(labelled(&s, 2), "2. White Nf3");
        let s = played(
            "chess",
            &[
                "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d3", "d6", "O-O",
            ],
        );
        let rows = history_rows(&s);
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[4], "5. d3 d6");
        assert_eq!(rows[5], "6. O-O");
    }

    #[test]
    fn games_without_san_are_numbered_per_full_move_too() {
        let s = played("tictactoe", &["b2", "a1", "c3"]);
        assert_eq!(history_rows(&s), ["1. b2 a1", "2. c3"]);
        assert_eq!(labelled(&s, 1), "1... O a1");
        // Ten moves: the numbers are aligned.
        let s = played(
            "go",
            &[
                "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2",
                "g2", "h2", "a3", "b3", "c3", "d3",
            ],
        );
        let rows = history_rows(&s);
        assert_eq!(rows[0], " 1. a1 b1");
        assert_eq!(rows[9], "10. c3 d3");
    }

    #[test]
    fn a_game_from_the_second_players_turn_opens_with_dots() {
        let g = crate::load_shipped("chess", &[]).unwrap();
        let start = g
            .parse_position("4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 1")
            .unwrap();
        let mut s = Session::new(g, "chess", &[], Some(start), &[Seat::Human; 2], 1);
        for m in ["Kd7", "Kd2", "Kc7"] {
            let mv = s.game().parse_move(s.state(), m).unwrap();
            s.play(mv).unwrap();
        }
        assert_eq!(history_rows(&s), ["1... Kd7", "2. Kd2 Kc7"]);
    }
}
