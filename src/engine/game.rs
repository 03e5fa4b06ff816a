//! The compiled, immutable game: every table the engine needs.

use super::{
    Board, ByPlayer, EndRule, Forbid, KindId, Move, MoveList, NoMoves, Outcome, PieceId,
    PieceMoves, Player, Rule, State, StateParts, Zobrist, EMPTY,
};

/// A kind of piece (pawn, king, stone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// The name the rule file uses.
    pub name: String,
    /// Material value, used by the AI's evaluation.
    pub value: i32,
}

/// A piece as it stands on a cell: a kind, an owner (or none) and the symbol that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    /// The kind.
    pub kind: KindId,
    /// The owner; `None` for pieces that belong to nobody (Nex's neutral stones).
    pub owner: Option<Player>,
    /// One character used in positions and drawings.
    pub symbol: char,
}

/// A compiled game: immutable and shareable between threads.
#[derive(Clone, Debug)]
pub struct Game {
    /// Short name (the file stem: `tictactoe`).
    pub name: String,
    /// The title from the rule file.
    pub title: String,
    /// Player names in turn order.
    pub players: Vec<String>,
    /// The board.
    pub board: Board,
    /// Piece kinds.
    pub kinds: Vec<Kind>,
    /// Piece types; index 0 stands for the empty cell.
    pub pieces: Vec<PieceType>,
    /// `piece_table[kind * (players + 1) + owner]`: the piece id, owner `players` meaning none.
    pub piece_table: Vec<PieceId>,
    /// Move rules.
    pub rules: Vec<Rule>,
    /// The rules usable by the owner of each piece, in rule order, resolved for the move
    /// generator ([`PieceMoves::of`]).
    pub piece_moves: PieceMoves,
    /// Per player, the piece ids that have at least one rule (whose cells are move origins).
    pub movers: ByPlayer<Vec<PieceId>>,
    /// Per player, the `advance` rules that can bring a reserve piece onto the board.
    pub entry_rules: ByPlayer<Vec<u16>>,
    /// Rules that do not start from a piece, per player.
    pub free_rules: ByPlayer<Vec<u16>>,
    /// End conditions, in the order written.
    pub ends: Vec<EndRule>,
    /// What happens to a player who has no legal move.
    pub no_moves: Option<NoMoves>,
    /// The start position's board.
    pub start_board: Vec<PieceId>,
    /// Who moves first.
    pub start_player: Player,
    /// The start position when the rule file gives it as text (`setup "…"`): it may hold
    /// more than the board and the player, such as castling rights or clocks.
    pub(crate) start_state: Option<State>,
    /// Zobrist keys.
    pub zobrist: Zobrist,
    /// The options this game was compiled with, after `--set` overrides.
    pub options: Vec<(String, String)>,
    /// Piece ids whose moves reset the no-progress clock (captures always do); `None` when
    /// no rule uses the clock (a no-progress ending, or a repetition since the last
    /// irreversible move), so make/unmake skip it.
    pub progress: Option<super::ContentSet>,
    /// Whether some rule is a forced move (so generation filters by it).
    pub has_forced: bool,
    /// Per player, the piece ids that may never be left attacked (the chess king).
    pub royal: ByPlayer<Vec<PieceId>>,
    /// Per player, how that player's pieces attack (built from the move rules).
    pub attackers: ByPlayer<Vec<super::Attack>>,
    /// Per piece id, the attacks on it grouped by line (derived from `attackers`; empty when
    /// the game has no royal pieces).
    pub attack_rays: Vec<super::AttackRays>,
    /// The cells between two cells on a line, for the bitboard attack tests (`None` on
    /// boards of more than 64 cells, or without royal pieces).
    pub between: Option<super::Between>,
    /// Whether the state tracks which pieces have not moved yet (castling).
    pub tracks_unmoved: bool,
    /// The piece ids that castle (the king, not the rook; derived from the rules).
    pub castlers: super::ContentSet,
    /// The result for a player to move who has no legal move while a royal piece is attacked.
    pub checkmate: Option<super::EndResult>,
    /// Whether moves print in coordinate form (`e2e4`, `e7e8q`) instead of `e2-e4`.
    pub coordinate_notation: bool,
    /// Moves are printed in standard algebraic notation (`notation algebraic`), and read in it
    /// as well as in coordinates.
    pub algebraic: bool,
    /// The dice, for games with chance.
    pub dice: Option<super::race::Dice>,
    /// Tracks (per-player paths) used by `advance` moves.
    pub tracks: Vec<super::race::Track>,
    /// The kind of the pieces waiting in reserves (captured pieces return as this kind).
    pub reserve_kind: Option<KindId>,
    /// Reserve counts at the start, per piece id.
    pub start_reserve: Vec<u16>,
    /// Conditions that give the mover another turn (`again if reach(rosettes)`).
    pub again: Vec<EndRule>,
    /// What the greedy player values in a move (`prefer reach(rosettes) by 500`).
    pub prefer: super::Preferences,
    /// `forbid` rules: a move after which one of these holds is not legal.
    pub forbids: Vec<Forbid>,
    /// Whether every `forbid` rule is a whole-board repetition (so a plain move can be
    /// judged from its hash alone; derived from `forbids`).
    pub forbids_whole_board: bool,
    /// Whether some rule is a row of placements that playouts sample part by part (derived
    /// from `rules`).
    pub has_placement_rows: bool,
    /// What each tracked whole-board repetition hash covers; the state keeps one history
    /// entry per kind and position ([`State::earlier_hashes`] has the full hashes anyway).
    pub rep_kinds: Vec<StateParts>,
    /// Whether move notation prefixes placements with the piece's symbol.
    pub(crate) symbol_in_placements: bool,
}

impl Game {
    /// The number of players.
    pub fn num_players(&self) -> usize {
        self.players.len()
    }

    /// The player who moves after `p`.
    #[inline]
    pub fn next_player(&self, p: Player) -> Player {
        let n = p.0 + 1;
        if n as usize == self.players.len() {
            Player(0)
        } else {
            Player(n)
        }
    }

    /// The piece id of `kind` owned by `owner` (or ownerless), or [`EMPTY`] if no such piece.
    #[inline]
    pub fn piece_id(&self, kind: KindId, owner: Option<Player>) -> PieceId {
        let o = owner.map_or(self.players.len(), Player::index);
        self.piece_table[kind as usize * (self.players.len() + 1) + o]
    }

    /// The piece `player` puts down when placing `kind`: their own, or the ownerless one for
    /// kinds nobody owns (Nex's neutral stones).
    #[inline]
    pub fn placed_piece(&self, kind: KindId, player: Player) -> PieceId {
        match self.piece_id(kind, Some(player)) {
            EMPTY => self.piece_id(kind, None),
            id => id,
        }
    }

    /// The owner of the piece on a cell (`None` for empty cells and ownerless pieces).
    #[inline]
    pub fn owner(&self, piece: PieceId) -> Option<Player> {
        self.pieces[piece as usize].owner
    }

    /// The player with this name (case-insensitive), or with this one-letter abbreviation.
    pub fn player_by_name(&self, name: &str) -> Option<Player> {
        if let Some(i) = self
            .players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
        {
            return Some(Player(i as u8));
        }
        let mut found = self.players.iter().enumerate().filter(|(_, p)| {
            name.chars().count() == 1
                && p.chars()
                    .next()
                    .is_some_and(|c| c.eq_ignore_ascii_case(&name.chars().next().unwrap_or(' ')))
        });
        match (found.next(), found.next()) {
            (Some((i, _)), None) => Some(Player(i as u8)),
            _ => None,
        }
    }

    /// The kind with this name.
    pub fn kind_by_name(&self, name: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.name == name)
            .map(|i| i as KindId)
    }

    /// The start position.
    pub fn start(&self) -> State {
        if let Some(s) = &self.start_state {
            return s.clone();
        }
        State::new(self, self.start_board.clone(), self.start_player)
    }

    /// The legal moves of `state` as a new vector (convenient; search code should reuse a
    /// [`MoveList`] with [`Game::legal_moves`]).
    pub fn legal_moves_vec(&self, state: &State) -> MoveList {
        let mut v = MoveList::new();
        self.legal_moves(state, &mut v);
        v
    }

    /// The result if the game is over: ended by the last move, or because the player to move
    /// has no legal move and the rules say what that means.
    pub fn outcome(&self, state: &State) -> Option<Outcome> {
        if state.scalars.result.is_some() {
            return state.scalars.result;
        }
        if self.no_moves == Some(NoMoves::Pass) && self.checkmate.is_none() {
            return None;
        }
        let mut v = MoveList::new();
        self.legal_moves(state, &mut v);
        if v.is_empty() {
            self.no_moves_outcome(state)
        } else {
            None
        }
    }

    /// The result when the player to move has no legal move, per the `no-moves` ending.
    /// Callers that have just generated an empty move list use this to avoid generating twice.
    pub fn no_moves_outcome(&self, state: &State) -> Option<Outcome> {
        if let Some(r) = self.checkmate {
            if self.in_check(state, state.to_move()) {
                return Some(r.outcome_for(state.to_move()));
            }
        }
        match self.no_moves {
            Some(NoMoves::Result(r)) => Some(r.outcome_for(state.to_move())),
            // A game with no such rule that runs out of moves is a draw: nobody can go on.
            None => Some(Outcome::Draw),
            Some(NoMoves::Pass) => None,
        }
    }

    /// Whether `piece` is the empty cell.
    #[inline]
    pub fn is_empty_piece(piece: PieceId) -> bool {
        piece == EMPTY
    }

    /// Material balance for `player`: own piece values minus everyone else's.
    pub fn material(&self, state: &State, player: Player) -> i32 {
        let mut total = 0;
        for (id, &n) in state.counts.iter().enumerate().skip(1) {
            if n == 0 {
                continue;
            }
            let pt = &self.pieces[id];
            let v = self.kinds[pt.kind as usize].value * n as i32;
            match pt.owner {
                Some(o) if o == player => total += v,
                Some(_) => total -= v,
                None => {}
            }
        }
        total
    }

    /// The moves of a finished game are none; a helper for callers that want to be explicit.
    pub fn is_over(&self, state: &State) -> bool {
        self.outcome(state).is_some()
    }

    /// The move made to reach `state`, if any.
    pub fn last_move(&self, state: &State) -> Option<Move> {
        state.frames.last().map(|f| f.mv)
    }
}
