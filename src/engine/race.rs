//! Chance and race mechanics: dice, tracks, reserves, stacks, bearing off.
//!
//! A game with dice alternates chance and choice: when no roll is pending the only moves
//! are the possible rolls (a chance node, see [`Game::chance_outcomes`]); after a roll the
//! player moves with it, and the roll is used up. The `advance` part that moves pieces
//! along the tracks is [`super::prim::advance`].

use super::state::{Change, SideChange, MAX_STACK, NO_ROLL};
use super::{ByPlayer, CellId, Game, Move, MoveList, PieceId, RuleId, State, EMPTY};
use crate::engine::Rules;

/// Marks a move that starts from the reserve instead of a cell.
pub const FROM_RESERVE: CellId = CellId::new(u16::MAX - 1);
/// Marks a move that bears a piece off the board.
pub const BORNE_OFF: CellId = CellId::new(u16::MAX - 2);
/// The rule id of a roll of the dice.
pub const ROLL_RULE: RuleId = RuleId::ROLL;

/// The dice: every roll (already mapped to steps) with its probability.
#[derive(Clone, Debug, PartialEq)]
pub struct Dice {
    /// Distinct rolls and their probabilities, in increasing roll order.
    pub outcomes: Vec<(u8, f64)>,
    /// Human description (`3 dice from 0 to 1, 0 counts as 4`).
    pub text: String,
    /// `dice 2 from 1 to 6 separately`: the two dice are used one by one (see
    /// [`super::dice_turn`]); the flag is `, doubles twice` (a double is four uses).
    pub separately: Option<bool>,
}

impl Dice {
    /// `count` dice each showing `low..=high` with equal chance, summed, then mapped.
    pub fn new(count: u32, low: u32, high: u32, map: &[(u32, u32)], text: String) -> Dice {
        let faces = high - low + 1;
        // Distribution of the sum, by convolution.
        let mut dist = vec![1.0f64];
        for _ in 0..count {
            let mut next = vec![0.0; dist.len() + faces as usize - 1];
            for (i, &p) in dist.iter().enumerate() {
                for f in 0..faces as usize {
                    next[i + f] += p / faces as f64;
                }
            }
            dist = next;
        }
        let mut by_roll: Vec<(u8, f64)> = Vec::new();
        for (i, &p) in dist.iter().enumerate() {
            let sum = i as u32 + low * count;
            let r = map.iter().find(|m| m.0 == sum).map_or(sum, |m| m.1) as u8;
            match by_roll.iter_mut().find(|x| x.0 == r) {
                Some(x) => x.1 += p,
                None => by_roll.push((r, p)),
            }
        }
        by_roll.sort_by_key(|x| x.0);
        Dice {
            outcomes: by_roll,
            text,
            separately: None,
        }
    }
}

impl Dice {
    /// Two dice showing `low..=high`, used separately: a roll is the pair, written
    /// `10 × high + low` (`roll65`), a double with probability 1/36 and any other pair
    /// 2/36 (with six faces). `twice`: a double is used four times.
    pub fn separate(low: u32, high: u32, twice: bool) -> Dice {
        let faces = f64::from(high - low + 1);
        let mut outcomes = Vec::new();
        for hi in low..=high {
            for lo in low..=hi {
                let p = if hi == lo { 1.0 } else { 2.0 } / (faces * faces);
                outcomes.push(((hi * 10 + lo) as u8, p));
            }
        }
        let doubles = if twice { ", doubles twice" } else { "" };
        Dice {
            outcomes,
            text: format!("2 dice from {low} to {high}, used separately{doubles}"),
            separately: Some(twice),
        }
    }
}

/// A per-player path through the board, ending with bearing off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    /// The track's name.
    pub name: String,
    /// The cells in order, per player.
    pub cells: ByPlayer<Vec<CellId>>,
    /// Per player and cell: the first position of the cell on the track, or -1.
    pub index: ByPlayer<Vec<i16>>,
}

impl Rules {
    /// Whether the next action is a roll of the dice.
    #[inline]
    pub fn is_chance(&self, s: &State) -> bool {
        self.dice.is_some() && s.scalars.roll == NO_ROLL && s.scalars.result.is_none()
    }

    /// At a chance node, each roll with its probability (empty otherwise).
    pub fn chance_outcomes(&self, s: &State) -> Vec<(Move, f64)> {
        match &self.dice {
            Some(d) if self.is_chance(s) => d
                .outcomes
                .iter()
                .map(|&(r, p)| (Move::roll(r), p))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The roll whose cumulative probability first exceeds `u` (uniform in [0, 1)): how
    /// playouts and games draw a roll with the right odds.
    pub fn sample_roll(&self, u: f64) -> Option<Move> {
        let d = self.dice.as_ref()?;
        let mut acc = 0.0;
        for &(r, p) in &d.outcomes {
            acc += p;
            if u < acc {
                return Some(Move::roll(r));
            }
        }
        d.outcomes.last().map(|&(r, _)| Move::roll(r))
    }

    /// The roll moves of a chance node.
    pub(crate) fn gen_rolls(&self, out: &mut MoveList) {
        if let Some(d) = &self.dice {
            out.extend(d.outcomes.iter().map(|&(r, _)| Move::roll(r)));
        }
    }

    /// Changes a reserve count by `delta`, logging and hashing it.
    pub(crate) fn add_reserve(&self, s: &mut State, piece: PieceId, delta: i32) {
        let old = s.reserve[piece.index()];
        let new = (old as i32 + delta).max(0) as u16;
        s.side.push(SideChange::Reserve { piece, old });
        s.scalars.hash ^= self.zobrist.reserve(piece, old) ^ self.zobrist.reserve(piece, new);
        s.reserve[piece.index()] = new;
    }

    /// Puts `piece` on top of the stack on `cell`.
    pub(crate) fn drop_on_stack(&self, s: &mut State, cell: CellId, piece: PieceId) {
        let h = s.height[cell.index()];
        let at = cell.index() * MAX_STACK + h as usize;
        s.side.push(SideChange::Stack {
            cell,
            level: h,
            old: s.stacks[at],
            height: h,
        });
        s.scalars.hash ^= self.zobrist.level(cell, h, piece);
        s.stacks[at] = piece;
        s.height[cell.index()] = h + 1;
        self.set_top(s, cell, piece);
    }

    /// Changes the visible top of a stack cell (board, bitsets, counts, cell log; the hash
    /// is kept per level by the callers).
    fn set_top(&self, s: &mut State, cell: CellId, piece: PieceId) {
        let old = s.board[cell.index()];
        s.log.push(Change { cell, old });
        s.put(cell, piece);
    }

    /// Undoes one side-log entry.
    pub(crate) fn undo_side(&self, s: &mut State, c: SideChange) {
        match c {
            SideChange::Stack {
                cell,
                level,
                old,
                height,
            } => {
                s.stacks[cell.index() * MAX_STACK + level as usize] = old;
                s.height[cell.index()] = height;
            }
            SideChange::Reserve { piece, old } => s.reserve[piece.index()] = old,
            SideChange::Off { player, old } => s.off[player as usize] = old,
            SideChange::Unmoved { cell } => {
                s.unmoved[cell.index() / 64] |= 1 << (cell.index() % 64)
            }
            SideChange::Tally { cell, old } => s.tally[cell.index()] = old,
        }
    }

    /// The part of the from-scratch hash that covers stacks, reserves, borne-off pieces and
    /// the pending roll.
    pub(crate) fn race_hash(&self, s: &State) -> u64 {
        let mut h =
            self.zobrist.roll(s.scalars.roll) ^ self.zobrist.en_passant(s.scalars.ep.target);
        if self.tracks_unmoved {
            for c in super::legal::bits_iter(&s.unmoved) {
                h ^= self.zobrist.unmoved(c);
            }
        }
        for (id, &n) in s.reserve.iter().enumerate() {
            h ^= self.zobrist.reserve(PieceId::from_index(id), n);
        }
        for (p, &n) in s.off.iter().enumerate() {
            h ^= self.zobrist.off(p, n);
        }
        h ^ self.tally_hash(s)
    }

    /// Whether `cell` stacks (and so is hashed level by level).
    #[inline]
    pub(crate) fn stacks_on(&self, cell: usize) -> bool {
        self.board.stack_cap[cell] > 0
    }
}

/// Replaces the top piece of the stack on `cell` with `piece` (an empty `piece` takes the
/// top off): what any move but `advance` (a placement, a capture, a removal) does on a
/// stack cell, so that the stack's levels, and the hash kept level by level, follow the
/// board (a placement that set only the visible top left the hash from scratch, which
/// reads the levels, behind).
pub(crate) fn set_stack_top(game: &Game, s: &mut State, cell: CellId, piece: PieceId) {
    if s.height[cell.index()] > 0 {
        lift(game, s, cell);
    }
    if piece != EMPTY {
        game.drop_on_stack(s, cell, piece);
    }
}

/// Takes the top piece off `cell` (a stack or a plain cell) and returns it.
pub(crate) fn lift(game: &Game, s: &mut State, cell: CellId) -> PieceId {
    let piece = s.board[cell.index()];
    if game.board.stack_cap[cell.index()] == 0 {
        game.set_cell(s, cell, EMPTY);
        return piece;
    }
    let h = s.height[cell.index()];
    let level = h - 1;
    let at = cell.index() * MAX_STACK + level as usize;
    s.side.push(SideChange::Stack {
        cell,
        level,
        old: s.stacks[at],
        height: h,
    });
    s.scalars.hash ^= game.zobrist.level(cell, level, s.stacks[at]);
    s.stacks[at] = EMPTY;
    s.height[cell.index()] = level;
    let below = if level == 0 { EMPTY } else { s.stacks[at - 1] };
    game.set_top(s, cell, below);
    piece
}

impl State {
    /// How many pieces of id `piece` stand on the board, every level of every stack counted.
    pub fn count_stacked(&self, piece: PieceId) -> usize {
        (0..self.board.len())
            .map(|c| match self.height[c] {
                0 => usize::from(self.board[c] == piece),
                h => self.stacks[c * MAX_STACK..c * MAX_STACK + h as usize]
                    .iter()
                    .filter(|&&q| q == piece)
                    .count(),
            })
            .sum()
    }
}

impl Move {
    /// The chance move "the dice show `r`".
    pub fn roll(r: u8) -> Move {
        let mut m = Move::new(ROLL_RULE);
        m.set_promote_byte(r);
        m
    }

    /// Whether this is a roll of the dice; its value.
    pub fn as_roll(&self) -> Option<u8> {
        (self.rule == ROLL_RULE).then_some(self.promote_byte())
    }
}
