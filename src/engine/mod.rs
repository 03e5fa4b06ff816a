//! The runtime engine: runs a compiled [`Game`] and knows nothing of the rule language.
//!
//! Cells, pieces and players are small integers into dense tables built by the compiler.
//! Move generation writes into a reused [`MoveList`]; [`Game::make`] / [`Game::unmake`] change
//! a [`State`] in place through an undo log, keeping an incremental Zobrist hash.

pub mod accel;
mod bit_moves;
mod bitboard;
mod board;
mod bonus;
mod cell_moves;
mod census;
mod cond;
mod connected;
mod count;
mod count_plan;
mod counters;
mod cursor;
pub mod ending;
mod ends;
mod exec;
mod explain;
mod forbid;
mod game;
mod geometry;
mod guard;
mod hand;
mod ids;
pub(crate) mod jump_moves;
mod jump_screen;
mod lean_make;
mod legal;
mod line_windows;
mod look;
mod make;
mod most_captures;
mod move_bits;
mod movegen;
mod moves;
mod notation;
mod outflank_rays;
mod perpetual;
mod piece_moves;
mod place_capture;
mod play;
mod position;
mod prefer;
pub mod prim;
mod quick_ends;
mod race;
mod reach;
mod reach_work;
mod refusal;
mod repetition;
mod rules;
mod sample;
mod san;
mod screen;
mod select_bit;
mod sink;
mod state;
mod step_table;
mod stuck_memo;
mod symmetry;
#[cfg(test)]
pub(crate) mod test_games;
mod via;
mod view;
mod why_illegal;
mod writer;
mod zobrist;

pub use bit_moves::BitMoves;
pub use bitboard::{AttackMasks, Between, DirShift};
pub use board::{Board, BoardShape, Cell, Direction, Zone};
pub use bonus::Bonuses;
pub use cell_moves::CellMoves;
pub use census::{Census, CensusError};
pub use cond::{CellCond, ContentSet};
pub use counters::MAX_COUNTERS;
pub use ends::{EndCond, EndResult, EndRule, NoMoves};
pub use explain::AreaScore;
pub use forbid::{Forbid, ForbidCond};
pub use game::{Game, Kind, PieceType, Rules};
pub use geometry::{name_coordinate, Outline, Point};
pub use guard::{Compare, PartCond, Quantity, StateCond};
pub use hand::HandDrop;
pub use jump_screen::{JumpScreen, SplitShift};
pub use legal::{Attack, AttackRay, AttackRays};
pub use line_windows::LineWindows;
pub use look::{BoardLook, Edge};
pub use move_bits::MoveBits;
pub use moves::{Move, MoveList, TooManyMoves, MAX_MOVES, MAX_MOVE_CELLS};
pub use notation::ParseMoveError;
pub use outflank_rays::OutflankPlacement;
pub use piece_moves::{PieceMove, PieceMoves, Promotion, Shape};
pub use place_capture::{PlaceCapture, MAX_CHAIN_CELLS};
pub use play::PlayError;
pub use position::ParsePositionError;
pub use prefer::{MoveCond, Preference, Preferences};
pub use prim::advance::dice_turn;
pub use prim::advance::dice_turn::TurnRules;
pub use prim::advance::{Advance, CaptureRule, Steps};
pub use prim::slide::line_count::LineCounts;
pub use prim::sow::{Sow, SowCapture};
pub use quick_ends::QuickEnds;
pub use race::{Dice, Track, BORNE_OFF, FROM_RESERVE, ROLL_RULE};
pub use reach::Reach;
pub use refusal::{ForbidKind, NamedCell, PieceSeen, Refusal};
pub use repetition::{RepCells, Repetition, StateParts, MAX_PARTIAL_CELLS};
pub use rules::{Part, Rule};
pub use screen::{ScreenWalk, Screened};
pub use state::{Outcome, State};
pub use state::{MAX_STACK, NO_ROLL};
pub use step_table::StepTables;
pub use symmetry::{symmetries, SymmetricHasher, Symmetry};
pub use via::Via;
pub use zobrist::Zobrist;

/// Most cells a board may have.
pub const MAX_CELLS: usize = 4096;

pub use ids::{CellId, DirId, KindId, PieceId, RuleId, ZoneId};
/// "No such cell": the neighbour table holds this where a step leaves the board.
pub const NO_CELL: CellId = CellId::NONE;
/// The empty cell content ([`PieceId::EMPTY`]).
pub const EMPTY: PieceId = PieceId::EMPTY;

/// A player (seat in turn order), counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(pub u8);

impl Player {
    /// The index of this player in per-player tables.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Per-player data, indexed by [`Player`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ByPlayer<T>(pub Vec<T>);

impl<T> std::ops::Index<Player> for ByPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, p: Player) -> &T {
        &self.0[p.index()]
    }
}
