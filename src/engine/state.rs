//! The mutable game state and its undo log.

use super::{CellId, Game, Move, PieceId, Player, EMPTY};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player won.
    Win(Player),
    /// This player lost (with two players, the other one won).
    Loss(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The score of `player`: 1 for a win, 0 for a loss, 0.5 for a draw; with more than two
    /// players a loss shares the point among the others.
    pub fn score(&self, player: Player, players: usize) -> f64 {
        match *self {
            Outcome::Win(w) => f64::from(u8::from(w == player)),
            Outcome::Loss(l) if l == player => 0.0,
            Outcome::Loss(_) => 1.0 / (players as f64 - 1.0),
            Outcome::Draw => 0.5,
        }
    }

    /// The winner, if one player won outright (a loss in a two-player game names the winner).
    pub fn winner(&self, players: usize) -> Option<Player> {
        match *self {
            Outcome::Win(w) => Some(w),
            Outcome::Loss(l) if players == 2 => Some(Player(1 - l.0)),
            _ => None,
        }
    }

    /// A short description with player names, e.g. `White wins`.
    pub fn describe(&self, game: &Game) -> String {
        match self.winner(game.num_players()) {
            Some(w) => format!("{} wins", game.players[w.index()]),
            None => match self {
                Outcome::Loss(l) => format!("{} loses", game.players[l.index()]),
                _ => "draw".to_string(),
            },
        }
    }
}

/// One entry of the undo log: a cell and what stood there before.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Change {
    pub cell: CellId,
    pub old: PieceId,
}

/// The cell an enemy piece has just passed over, capturable en passant, and that piece's
/// cell ([`super::NO_CELL`] for none). Read and written whole: one aligned 8-byte value, so
/// that saving it in make right after unmake restored it never mixes store widths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(8))]
pub(crate) struct EnPassant {
    pub target: CellId,
    pub victim: CellId,
}

impl EnPassant {
    /// No en-passant capture possible.
    pub const NONE: EnPassant = EnPassant {
        target: super::NO_CELL,
        victim: super::NO_CELL,
    };
}

/// The state's small fields, kept together so that make saves them in its undo frame, and
/// unmake restores them, with a few wide moves.
// `ep` sits between the two hashes: side by side, they were updated together in one
// 16-byte read and write, which stalled (store forwarding) right after `hash` alone was
// written.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(crate) struct Scalars {
    /// The Zobrist hash of the whole position.
    pub hash: u64,
    /// The cell an enemy piece has just passed over, capturable en passant, and that
    /// piece's cell.
    pub ep: EnPassant,
    /// The part of `hash` that covers the state's flags: the pie rule's swap, castling
    /// rights, the en-passant cell and a pending roll (see [`Game::extra_from_scratch`]).
    pub extra: u64,
    /// Plies since the last capture or move of a piece whose moves count as progress.
    pub quiet: u32,
    /// Index in [`Game::ends`] of the ending that decided `result`, or [`NO_END`].
    pub end_rule: u16,
    pub to_move: Player,
    /// The pending roll, or [`NO_ROLL`].
    pub roll: u8,
    pub result: Option<Outcome>,
    /// Whether the pie rule swapped the players' seats.
    pub swapped: bool,
}

/// What a move changed besides the board, to be restored by unmake.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub scalars: Scalars,
    pub log_len: u32,
    pub side_len: u32,
    /// Whether the move was plain: its two log entries are the cell it left and the cell
    /// it reached ([`State::shift`] takes it back).
    pub plain: bool,
    pub mv: Move,
}

/// An undo-log entry for what is not a cell's top content: stack levels, reserves and
/// borne-off counts.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SideChange {
    /// Level `level` of the stack on `cell` held `old`, and the stack was `height` high.
    Stack {
        cell: CellId,
        level: u8,
        old: PieceId,
        height: u8,
    },
    /// The reserve count of `piece` was `old`.
    Reserve { piece: PieceId, old: u16 },
    /// The borne-off count of player `player` was `old`.
    Off { player: u8, old: u16 },
    /// The piece on `cell` had not moved.
    Unmoved { cell: CellId },
    /// `cell` held `old` counters (see `engine/counters.rs`).
    Tally { cell: CellId, old: u16 },
}

/// The most pieces one stack cell may hold.
pub const MAX_STACK: usize = 16;

/// No roll is pending: in a game with dice, the next action is a roll.
pub const NO_ROLL: u8 = u8::MAX;
/// Buckets of the repetition filter ([`State::rep_counts`]), per tracked kind.
pub(crate) const REP_BUCKETS: usize = 1024;

/// "No ending rule" in [`State::end_rule`].
pub(crate) const NO_END: u16 = u16::MAX;

/// A game position plus the history needed to undo moves.
#[derive(Debug)]
pub struct State {
    pub(crate) board: Vec<PieceId>,
    pub(crate) scalars: Scalars,
    pub(crate) ply: u32,
    /// How many of each piece id are on the board (index 0 counts empty cells).
    pub(crate) counts: Vec<u16>,
    /// Where each piece id stands: `bits[piece * words + w]`, one bit per cell, so move
    /// generation visits only candidate cells.
    pub(crate) bits: Vec<u64>,
    pub(crate) words: usize,
    /// The repetition history: for every position since the state was set up (oldest
    /// first, the current one last), one hash per tracked repetition kind
    /// ([`Game::rep_kinds`]), so `reps[position * kinds + kind]`. Pushed by make, popped by
    /// unmake; empty when the game has no whole-board repetition rule.
    pub(crate) reps: Vec<u64>,
    /// How many entries of `reps` fall in each of [`REP_BUCKETS`] buckets, per kind: a
    /// position whose bucket holds fewer entries than a rule needs cannot repeat, so most
    /// tests end without reading the history.
    pub(crate) rep_counts: Vec<u16>,
    pub(crate) log: Vec<Change>,
    pub(crate) frames: Vec<Frame>,
    /// Pieces waiting off the board, per piece id.
    pub(crate) reserve: Vec<u16>,
    /// Pieces borne off, per player.
    pub(crate) off: Vec<u16>,
    /// Stack heights per cell (stack cells only), and their pieces: `stacks[cell * MAX_STACK + level]`.
    pub(crate) height: Vec<u8>,
    pub(crate) stacks: Vec<PieceId>,
    /// Counters per cell (`engine/counters.rs`); empty in games without counters.
    pub(crate) tally: Vec<u16>,
    pub(crate) side: Vec<SideChange>,
    /// Cells whose piece has not moved since the start (castling rights), as a bitset.
    pub(crate) unmoved: Vec<u64>,
    /// Flood-fill scratch for connection tests: a visit mark per cell and a stack.
    pub(crate) mark: Vec<u32>,
    pub(crate) mark_gen: u32,
    pub(crate) stack: Vec<CellId>,
}

/// `Clone` for [`State`], written out rather than derived for `clone_from`: a random playout
/// restarts from its start position by copying it into the state it played on, reusing every
/// buffer, where a derived `clone_from` would allocate them all again (see
/// [`crate::tools::bench`]). The fields are named once, buffers then plain values; the
/// patterns have no `..`, so a new field fails to compile until it is named here.
macro_rules! clone_state {
    ($($buffer:ident),* ; $($value:ident),*) => {
        impl Clone for State {
            fn clone(&self) -> State {
                let State { $($buffer,)* $($value,)* } = self;
                State { $($buffer: $buffer.clone(),)* $($value: *$value,)* }
            }

            fn clone_from(&mut self, source: &State) {
                let State { $($buffer,)* $($value,)* } = source;
                $(self.$buffer.clone_from($buffer);)*
                $(self.$value = *$value;)*
            }
        }
    };
}

clone_state!(
    board, counts, bits, reps, rep_counts, log, frames, reserve, off, height, stacks, tally,
    side, unmoved, mark, stack;
    scalars, ply, words, mark_gen
);

impl State {
    /// A state with this board and player to move, no history.
    pub(crate) fn new(game: &Game, board: Vec<PieceId>, to_move: Player) -> State {
        let mut counts = vec![0u16; game.pieces.len()];
        for &p in &board {
            counts[p.index()] += 1;
        }
        let n = board.len();
        let words = n.div_ceil(64);
        let board_ref = board.clone();
        let mut bits = vec![0u64; game.pieces.len() * words];
        for (c, &p) in board.iter().enumerate() {
            bits[p.index() * words + c / 64] |= 1 << (c % 64);
        }
        let mut s = State {
            bits,
            words,
            board,
            scalars: Scalars {
                hash: 0,
                extra: 0,
                ep: EnPassant::NONE,
                quiet: 0,
                end_rule: NO_END,
                to_move,
                roll: NO_ROLL,
                result: None,
                swapped: false,
            },
            ply: 0,
            counts,
            reserve: game.start_reserve.clone(),
            off: vec![0; game.num_players()],
            height: (0..n)
                .map(|c| u8::from(game.board.stack_cap[c] > 0 && board_ref[c] != EMPTY))
                .collect(),
            // Games without stack cells keep no levels (every access is to a stack cell).
            stacks: (0..if game.board.stack_cap.iter().any(|&c| c > 0) {
                n * MAX_STACK
            } else {
                0
            })
                .map(|i| {
                    if i % MAX_STACK == 0 && game.board.stack_cap[i / MAX_STACK] > 0 {
                        board_ref[i / MAX_STACK]
                    } else {
                        EMPTY
                    }
                })
                .collect(),
            // A counter piece on a cell is one counter until a count is given.
            tally: if game.has_counters() {
                board_ref
                    .iter()
                    .map(|&p| u16::from(p == game.counter_piece()))
                    .collect()
            } else {
                Vec::new()
            },
            side: Vec::with_capacity(64),
            unmoved: if game.tracks_unmoved {
                let mut u = vec![0u64; words];
                for (c, &p) in board_ref.iter().enumerate() {
                    if game.castling_piece(CellId::from_index(c), p) {
                        u[c / 64] |= 1 << (c % 64);
                    }
                }
                game.drop_orphan_flags(&mut u, &board_ref);
                u
            } else {
                vec![0u64; words]
            },
            reps: Vec::with_capacity(if game.rep_kinds.is_empty() { 0 } else { 256 }),
            rep_counts: vec![0; game.rep_kinds.len() * REP_BUCKETS],
            log: Vec::with_capacity(256),
            frames: Vec::with_capacity(256),
            mark: vec![0; n],
            mark_gen: 0,
            stack: Vec::with_capacity(n),
        };
        s.rehash(game);
        s
    }

    /// Recomputes the hashes from scratch and restarts the repetition history at this
    /// position (for states being set up).
    pub(crate) fn rehash(&mut self, game: &Game) {
        self.scalars.hash = game.hash_from_scratch(self);
        self.scalars.extra = game.extra_from_scratch(self);
        self.reps.clear();
        self.rep_counts.iter_mut().for_each(|c| *c = 0);
        game.push_reps(self);
    }

    /// What stands on `cell` ([`super::EMPTY`] for nothing).
    #[inline(always)]
    pub fn at(&self, cell: CellId) -> PieceId {
        self.board[cell.index()]
    }

    /// The whole board, indexed by cell id.
    pub fn board(&self) -> &[PieceId] {
        &self.board
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Player {
        self.scalars.to_move
    }

    /// Plies played since the position was set up.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The Zobrist hash of the position (board, side to move, flags).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.scalars.hash
    }

    /// Whether the pie rule has swapped the players' sides.
    pub fn swapped(&self) -> bool {
        self.scalars.swapped
    }

    /// Whether the piece on `cell` has not moved since the start (where the game tracks it).
    #[inline]
    pub fn is_unmoved(&self, cell: CellId) -> bool {
        self.unmoved[cell.index() / 64] >> (cell.index() % 64) & 1 == 1
    }

    /// The cell that may be taken en passant now, if any.
    pub fn en_passant(&self) -> Option<CellId> {
        (self.scalars.ep.target != super::NO_CELL).then_some(self.scalars.ep.target)
    }

    /// The pending roll, if the dice have been rolled for the player to move.
    pub fn roll(&self) -> Option<u8> {
        (self.scalars.roll != NO_ROLL).then_some(self.scalars.roll)
    }

    /// How many pieces of id `piece` wait in the reserve.
    pub fn reserve(&self, piece: PieceId) -> u16 {
        self.reserve[piece.index()]
    }

    /// How many pieces `player` has borne off.
    pub fn borne_off(&self, player: Player) -> u16 {
        self.off[player.index()]
    }

    /// The pieces on `cell`, bottom first (one piece, or none, on cells that do not stack).
    pub fn stack_at(&self, cell: CellId) -> Vec<PieceId> {
        let h = self.height[cell.index()] as usize;
        if h == 0 {
            return if self.board[cell.index()] == EMPTY {
                vec![]
            } else {
                vec![self.board[cell.index()]]
            };
        }
        self.stacks[cell.index() * MAX_STACK..cell.index() * MAX_STACK + h].to_vec()
    }

    /// Plies since the last capture or progress move (for `no-progress` endings).
    pub fn quiet_plies(&self) -> u32 {
        self.scalars.quiet
    }

    /// How many pieces of id `piece` stand on the board.
    pub fn count(&self, piece: PieceId) -> u16 {
        self.counts[piece.index()]
    }

    /// The Zobrist hashes of the position before each move played, oldest first (the
    /// current position's is [`State::hash`]).
    pub fn earlier_hashes(&self) -> impl DoubleEndedIterator<Item = u64> + '_ {
        self.frames.iter().map(|f| f.scalars.hash)
    }

    /// The moves made since the position was set up, oldest first.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.frames.iter().map(|f| f.mv)
    }

    /// The cells holding `piece`, as a bitset (bit `c % 64` of word `c / 64`).
    #[inline(always)]
    pub fn cells_of(&self, piece: PieceId) -> &[u64] {
        let w = self.words;
        &self.bits[piece.index() * w..(piece.index() + 1) * w]
    }

    /// Moves what stands on `cell` to `piece` in the board, counts and bitsets (no log, no
    /// hash: the callers do those).
    #[inline(always)]
    pub(crate) fn put(&mut self, cell: CellId, piece: PieceId) {
        let (c, new) = (cell.index(), piece.index());
        debug_assert!(c < self.board.len() && new < self.counts.len());
        // Cells and pieces are ids from the game's own tables (a state is made for one
        // game), and every table here is sized by them; this runs twice per changed cell
        // per move, so it skips the bounds checks.
        unsafe {
            let old = self.board.get_unchecked(c).index();
            let (w, b) = (c / 64, 1u64 << (c % 64));
            *self.bits.get_unchecked_mut(old * self.words + w) &= !b;
            *self.bits.get_unchecked_mut(new * self.words + w) |= b;
            *self.counts.get_unchecked_mut(old) -= 1;
            *self.counts.get_unchecked_mut(new) += 1;
            *self.board.get_unchecked_mut(c) = piece;
        }
    }

    /// Whether two states hold the same position (board, side to move, ply, flags, result).
    /// Moves `piece` from `from` onto `to`, which held `victim` (or [`EMPTY`]); or, with
    /// `back`, takes that move back. Faster than two [`State::put`]s: each table entry is
    /// read and written once, where two puts chained two writes to the same entries (a
    /// piece's cells, the empty cells, their counts), each waiting for the one before.
    #[inline(always)]
    pub(crate) fn shift(
        &mut self,
        from: CellId,
        to: CellId,
        piece: PieceId,
        victim: PieceId,
        back: bool,
    ) {
        let (f, t, w) = (from.index(), to.index(), self.words);
        debug_assert!(f < self.board.len() && t < self.board.len() && f != t);
        debug_assert!(piece.max(victim).index() < self.counts.len());
        let (fb, tb) = (1u64 << (f % 64), 1u64 << (t % 64));
        let (piece_ix, victim_ix) = (piece.index() * w, victim.index() * w);
        // Ids from the game's own tables, as in `put`.
        unsafe {
            if f / 64 == t / 64 {
                *self.bits.get_unchecked_mut(piece_ix + f / 64) ^= fb | tb;
                if victim == EMPTY {
                    *self.bits.get_unchecked_mut(f / 64) ^= fb | tb;
                } else {
                    *self.bits.get_unchecked_mut(f / 64) ^= fb;
                    *self.bits.get_unchecked_mut(victim_ix + t / 64) ^= tb;
                }
            } else {
                *self.bits.get_unchecked_mut(piece_ix + f / 64) ^= fb;
                *self.bits.get_unchecked_mut(piece_ix + t / 64) ^= tb;
                *self.bits.get_unchecked_mut(f / 64) ^= fb;
                *self.bits.get_unchecked_mut(victim_ix + t / 64) ^= tb;
            }
            if victim != EMPTY {
                let (empties, victims) = if back { (-1i16, 1i16) } else { (1, -1) };
                let counts = &mut self.counts;
                *counts.get_unchecked_mut(0) = counts.get_unchecked(0).wrapping_add_signed(empties);
                *counts.get_unchecked_mut(victim.index()) = counts
                    .get_unchecked(victim.index())
                    .wrapping_add_signed(victims);
            }
            let (at_from, at_to) = if back {
                (piece, victim)
            } else {
                (EMPTY, piece)
            };
            *self.board.get_unchecked_mut(f) = at_from;
            *self.board.get_unchecked_mut(t) = at_to;
        }
    }

    pub fn same_position(&self, other: &State) -> bool {
        self.board == other.board
            && self.scalars.to_move == other.scalars.to_move
            && self.ply == other.ply
            && self.scalars.hash == other.scalars.hash
            && self.counts == other.counts
            && self.scalars.result == other.scalars.result
            && self.scalars.swapped == other.scalars.swapped
            && self.scalars.roll == other.scalars.roll
            && self.reserve == other.reserve
            && self.off == other.off
            && self.height == other.height
            && self.stacks == other.stacks
            && self.tally == other.tally
            && self.unmoved == other.unmoved
            && self.scalars.ep.target == other.scalars.ep.target
    }
}

impl State {
    /// A flood fill's fresh visit mark: every cell's `mark` differs from it (the marks are
    /// cleared when the counter wraps), so no clearing per fill.
    pub(crate) fn fresh_mark(&mut self) -> u32 {
        self.mark_gen = self.mark_gen.wrapping_add(1);
        if self.mark_gen == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.mark_gen = 1;
        }
        self.mark_gen
    }
}

impl State {
    /// The result decided by the last move, if any (without testing for a lack of moves;
    /// use [`Game::outcome`] for the full answer).
    #[inline]
    pub fn result_now(&self) -> Option<Outcome> {
        self.scalars.result
    }
}

#[cfg(test)]
impl State {
    /// What a lean make and the general make of one move must agree on beyond
    /// [`State::same_position`]: the bitsets, the clocks, the undo log and the frames.
    pub(crate) fn make_footprint(&self) -> (Vec<u64>, u32, u64, Vec<(CellId, PieceId)>, usize) {
        let log = self.log.iter().map(|c| (c.cell, c.old)).collect();
        (
            self.bits.clone(),
            self.scalars.quiet,
            self.scalars.extra,
            log,
            self.frames.len(),
        )
    }

    /// Checks a fast path of make: `fast`, made from `before` by it, equals `reference`, made
    /// by the general path, in position and footprint, and unmaking `fast` gives `before`
    /// back. `what` names the game and move in a failure.
    pub(crate) fn assert_same_make(
        game: &Game,
        fast: &State,
        reference: &State,
        before: &State,
        what: &str,
    ) {
        assert!(fast.same_position(reference), "{what}");
        assert_eq!(fast.make_footprint(), reference.make_footprint(), "{what}");
        let mut back = fast.clone();
        game.unmake(&mut back);
        assert!(back.same_position(before), "{what}: unmake");
        assert_eq!(
            back.make_footprint(),
            before.make_footprint(),
            "{what}: unmake"
        );
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{Game, MoveList, State};

    /// Plays up to `plies` random moves on `s`.
    fn wander(game: &Game, s: &mut State, rng: &mut SmallRng, plies: usize) {
        let mut moves = MoveList::new();
        for _ in 0..plies {
            game.legal_moves(s, &mut moves);
            if moves.is_empty() {
                break;
            }
            game.make(s, moves[rng.gen_range(0..moves.len())]);
        }
    }

    /// A state copied into one that played other moves (`clone_from`, as `bench` restarts
    /// its playouts) is the source in every respect: the position, the history that unmake
    /// and repetition read, and the same moves from there; for every shipped game.
    #[test]
    fn clone_from_copies_everything() {
        let mut rng = SmallRng::seed_from_u64(11);
        for name in crate::games::shipped_names() {
            let game = crate::load_shipped(name, &[]).expect("a shipped game compiles");
            let mut source = game.start();
            wander(&game, &mut source, &mut rng, 12);
            let mut copy = game.start();
            wander(&game, &mut copy, &mut rng, 30);
            copy.clone_from(&source);
            assert!(copy.same_position(&source), "{name}");
            assert_eq!(copy.make_footprint(), source.make_footprint(), "{name}");
            assert_eq!(copy.reps, source.reps, "{name}");
            assert_eq!(copy.rep_counts, source.rep_counts, "{name}");
            // Both go on alike, and unmake back to the start alike.
            let seed = rng.gen();
            for s in [&mut copy, &mut source] {
                wander(&game, s, &mut SmallRng::seed_from_u64(seed), 20);
            }
            assert!(copy.same_position(&source), "{name}: after more moves");
            while !source.frames.is_empty() {
                game.unmake(&mut source);
                game.unmake(&mut copy);
                assert!(copy.same_position(&source), "{name}: unmaking");
            }
            assert!(
                copy.same_position(&game.start()),
                "{name}: back at the start"
            );
        }
    }
}
