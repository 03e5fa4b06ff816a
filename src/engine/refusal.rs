//! Why a move is refused, as a value: [`Refusal`] carries the cells, kinds and moves
//! concerned, and its `Display` says it in plain words with no advice. Each front-end words
//! a refusal in its own terms (the line mode can say "type 'moves'", a web page "pick a
//! highlighted cell", GTP "illegal move"); the engine never does.
//!
//! Refusals are worked out only when a move is refused (`why_illegal.rs` for the rules,
//! `notation.rs` for text that names no move), never while searching.

use std::fmt;

use super::{CellId, Move};

/// A cell, by id and by the name the board gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedCell {
    /// The cell.
    pub id: CellId,
    /// Its name (`e4`).
    pub name: String,
}

impl fmt::Display for NamedCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// A piece as a player sees it: its kind's name and its owner's name (none for a neutral
/// piece).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSeen {
    /// The kind's name (`pawn`).
    pub kind: String,
    /// The owner's name (`White`), if any.
    pub owner: Option<String>,
}

impl fmt::Display for PieceSeen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.owner {
            Some(p) => write!(f, "{p}'s {}", self.kind),
            None => write!(f, "a {}", self.kind),
        }
    }
}

/// Which `forbid` rule refuses a move, by its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForbidKind {
    /// A repetition rule: `name` as the rules call it (`positional superko`, `ko`,
    /// `repetition`); the move would make the `noun` (`board`, `situation`) occur for the
    /// `times`-th time; `plies` are when it occurred before (0 for the start).
    Repetition {
        /// The rule's name.
        name: String,
        /// What repeats.
        noun: String,
        /// The occurrence the rule refuses.
        times: u16,
        /// The plies after which it occurred before.
        plies: Vec<u32>,
    },
    /// A chain of the mover's own would have no liberty.
    Suicide,
    /// A chain (not only the mover's) would have no liberty.
    NoLiberty,
}

/// Why a move is refused. The first group is about text that names no move the pieces could
/// make; the second about a move the pieces could make that a rule refuses (these carry the
/// move and how the game writes it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over: no move may be played.
    GameOver,
    /// The text names a cell this board does not have.
    UnknownCell {
        /// The name as written.
        name: String,
    },
    /// Only one move is legal, and the text is not it.
    OnlyMove {
        /// The legal move, written.
        only: String,
    },
    /// The text is the beginning of `count` legal moves (`such`: the first few, sorted).
    Incomplete {
        /// How many legal moves begin so.
        count: usize,
        /// Some of them, written as the text was.
        such: Vec<String>,
    },
    /// The text is one cell, which `count` legal moves use (`such`: the first few).
    CellAlone {
        /// The cell.
        cell: NamedCell,
        /// How many legal moves use it.
        count: usize,
        /// Some of them.
        such: Vec<String>,
    },
    /// A piece stands on the cell.
    CellTaken {
        /// The cell.
        cell: NamedCell,
        /// What stands there.
        piece: PieceSeen,
    },
    /// The move starts on a cell with no piece.
    NoPiece {
        /// The cell.
        cell: NamedCell,
    },
    /// The move starts on a piece that is not the mover's.
    NotYours {
        /// The cell.
        cell: NamedCell,
        /// What stands there.
        piece: PieceSeen,
    },
    /// The move ends on a cell that holds one of the mover's own pieces.
    OwnPiece {
        /// Where the move starts.
        from: NamedCell,
        /// Where it ends.
        to: NamedCell,
        /// The piece on `to`.
        piece: PieceSeen,
    },
    /// The piece on `from` has no move to `to`.
    CannotMoveSo {
        /// Where the move starts.
        from: NamedCell,
        /// Where it ends.
        to: NamedCell,
        /// The moving piece's kind.
        kind: String,
    },
    /// Castling from `from` to `to` is blocked: pieces stand between the castling pieces.
    CastlingBlocked {
        /// Where the castling piece stands.
        from: NamedCell,
        /// Where it would land.
        to: NamedCell,
        /// The occupied cells between.
        between: Vec<NamedCell>,
    },
    /// Several legal moves are written so.
    Ambiguous {
        /// The candidates, written in full.
        candidates: Vec<String>,
    },
    /// The text is a near miss of one legal move.
    Typo {
        /// The legal move it is near.
        near: String,
    },
    /// No legal move is written so, and nothing more specific is known.
    NoSuchMove {
        /// How many moves are legal.
        legal: usize,
    },
    /// A `forbid` rule refuses the move.
    Forbidden {
        /// The move.
        mv: Move,
        /// The move, written.
        written: String,
        /// Which rule.
        rule: ForbidKind,
    },
    /// A forced move (a capture, in draughts) can be played, so no other move may be.
    CaptureCompulsory {
        /// The move.
        mv: Move,
        /// The move, written.
        written: String,
        /// The forced moves that are legal (the first few, written).
        forced: Vec<String>,
        /// How many forced moves are legal.
        count: usize,
    },
    /// Another capture takes more pieces, and the most must be taken.
    MostCaptures {
        /// The move.
        mv: Move,
        /// The move, written.
        written: String,
        /// How many pieces it takes.
        takes: usize,
        /// How many the best capture takes.
        most: usize,
    },
    /// Castling would start on, pass through or land on an attacked cell.
    CastlingAttacked {
        /// The move.
        mv: Move,
        /// The move, written.
        written: String,
        /// The royal kinds of the mover.
        royal: Vec<String>,
    },
    /// The move would leave the mover's royal piece attacked.
    RoyalAttacked {
        /// The move.
        mv: Move,
        /// The move, written.
        written: String,
        /// The mover's name.
        player: String,
        /// The royal kinds of the mover.
        royal: Vec<String>,
        /// Whether the royal piece is attacked already.
        in_check: bool,
    },
    /// The move is not legal here, and none of the above says why (a move from elsewhere).
    Illegal {
        /// The move.
        mv: Move,
        /// The move, written.
        written: String,
    },
}

impl Refusal {
    /// The refused move as the game writes it, when the pieces could make it and a rule
    /// refuses it (the second group of [`Refusal`]).
    pub fn refused_move(&self) -> Option<&str> {
        match self {
            Refusal::Forbidden { written, .. }
            | Refusal::CaptureCompulsory { written, .. }
            | Refusal::MostCaptures { written, .. }
            | Refusal::CastlingAttacked { written, .. }
            | Refusal::RoyalAttacked { written, .. }
            | Refusal::Illegal { written, .. } => Some(written),
            _ => None,
        }
    }

    /// The words of a refusal of `input` (the text as given): `e1g1 refused: …` for a
    /// move a rule refuses, `'zz' is not a legal move here (…)` for text that names no
    /// move, the refusal alone when the game is over. Front-ends that word refusals their
    /// own way start from the [`Refusal`] instead.
    pub fn about<'a>(&'a self, input: &'a str) -> impl fmt::Display + 'a {
        About {
            refusal: self,
            input,
        }
    }
}

struct About<'a> {
    refusal: &'a Refusal,
    input: &'a str,
}

impl fmt::Display for About<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.refusal;
        if let Some(written) = r.refused_move() {
            return write!(f, "{written} refused: {r}");
        }
        match r {
            Refusal::GameOver => write!(f, "{r}"),
            // Echoed input is bounded and its control characters escaped.
            Refusal::NoSuchMove { .. } => write!(
                f,
                "'{}' is not a legal move here",
                crate::lang::diag::bounded(self.input)
            ),
            _ => write!(
                f,
                "'{}' is not a legal move here ({r})",
                crate::lang::diag::bounded(self.input)
            ),
        }
    }
}

/// A list in words: `a`, `a or b`, `a, b or c`.
fn either(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => write!(f, "the game is over; no move can be played"),
            Refusal::UnknownCell { name } => write!(f, "there is no cell '{name}' on this board"),
            Refusal::OnlyMove { only } => write!(f, "the only legal move is '{only}'"),
            Refusal::Incomplete { count: 1, such } => {
                write!(f, "it is incomplete: did you mean '{}'?", such[0])
            }
            Refusal::Incomplete { count, such } if *count <= such.len() => {
                write!(f, "it is incomplete; it goes on as {}", such.join(", "))
            }
            Refusal::Incomplete { count, such } => write!(
                f,
                "it is incomplete; {count} moves begin so, such as {}",
                such.iter().take(3).cloned().collect::<Vec<_>>().join(", ")
            ),
            Refusal::CellAlone { cell, count, such } => write!(
                f,
                "{cell} alone is no move; {count} move{} use{} it, such as {}",
                if *count == 1 { "" } else { "s" },
                if *count == 1 { "s" } else { "" },
                such.join(", ")
            ),
            Refusal::CellTaken { cell, piece } => {
                write!(f, "{cell} is taken: {piece} stands there")
            }
            Refusal::NoPiece { cell } => write!(f, "there is no piece on {cell}"),
            Refusal::NotYours { cell, piece } => write!(f, "the piece on {cell} is {piece}"),
            Refusal::OwnPiece { to, piece, .. } => match &piece.owner {
                Some(p) => write!(f, "{to} holds {p}'s own {}", piece.kind),
                None => write!(f, "{to} holds {piece}"),
            },
            Refusal::CannotMoveSo { from, to, kind } => {
                write!(f, "the {kind} on {from} cannot move to {to}")
            }
            Refusal::CastlingBlocked { between, .. } => {
                let cells: Vec<String> = between.iter().map(|c| c.name.clone()).collect();
                write!(
                    f,
                    "castling is blocked: {} stand{} between",
                    cells.join(", "),
                    if cells.len() == 1 { "s" } else { "" }
                )
            }
            Refusal::Ambiguous { candidates } => {
                write!(f, "it is ambiguous: it may be {}", either(candidates))
            }
            Refusal::Typo { near } => write!(f, "did you mean '{near}'?"),
            Refusal::NoSuchMove { .. } => write!(f, "no legal move is written so"),
            Refusal::Forbidden { rule, .. } => match rule {
                ForbidKind::Repetition {
                    name,
                    noun,
                    times,
                    plies,
                } => {
                    let after = super::repetition::when_phrase(plies);
                    if *times == 2 {
                        write!(f, "{name} (the {noun} {after})")
                    } else {
                        write!(
                            f,
                            "the same {noun} would occur for the {} time ({after})",
                            super::repetition::ordinal(u32::from(*times))
                        )
                    }
                }
                ForbidKind::Suicide => write!(f, "suicide (its chain would have no liberty)"),
                ForbidKind::NoLiberty => write!(f, "a chain would have no liberty"),
            },
            Refusal::CaptureCompulsory { forced, count, .. } => {
                write!(
                    f,
                    "while a forced move can be played, no other move may be (forced move{}: {}{})",
                    if *count == 1 { "" } else { "s" },
                    forced.join(", "),
                    if *count > forced.len() { ", ..." } else { "" }
                )
            }
            Refusal::MostCaptures { takes, most, .. } => write!(
                f,
                "it captures {takes} and another capture takes {most}; the most must be taken (forced most-captures)"
            ),
            Refusal::CastlingAttacked { royal, .. } => write!(
                f,
                "castling may not start on, pass through or land on an attacked cell (royal {})",
                royal.join(" or ")
            ),
            Refusal::RoyalAttacked {
                player,
                royal,
                in_check,
                ..
            } => {
                let kinds = royal.join(" or ");
                if *in_check {
                    write!(f, "{player}'s {kinds} is in check and would still be attacked (royal {kinds})")
                } else {
                    write!(f, "it would leave {player}'s {kinds} attacked (royal {kinds})")
                }
            }
            Refusal::Illegal { .. } => write!(f, "it is not one of the legal moves here"),
        }
    }
}
