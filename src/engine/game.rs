//! The compiled, immutable game: every table the engine needs.

use super::{
    Board, ByPlayer, EndRule, Forbid, KindId, Move, MoveList, NoMoves, Outcome, PieceId,
    PieceMoves, Player, Rule, State, StateParts, Zobrist, EMPTY,
};
use crate::engine::accel::Accel;
use crate::engine::RuleId;

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

/// The rules of a game as the compiler hands them over: finished and immutable. The
/// engine derives its speed-ups from them once ([`super::accel::Accel::build`]); a
/// [`Game`] holds the two.
#[derive(Clone, Debug)]
pub struct Rules {
    /// Short name (the file stem: `tictactoe`).
    pub(crate) name: String,
    /// The title from the rule file.
    pub(crate) title: String,
    /// Player names in turn order.
    pub(crate) players: Vec<String>,
    /// The board.
    pub(crate) board: Board,
    /// Piece kinds.
    pub(crate) kinds: Vec<Kind>,
    /// Piece types; index 0 stands for the empty cell.
    pub(crate) pieces: Vec<PieceType>,
    /// `piece_table[kind * (players + 1) + owner]`: the piece id, owner `players` meaning none.
    pub(crate) piece_table: Vec<PieceId>,
    /// Move rules.
    pub(crate) rules: Vec<Rule>,
    /// End conditions, in the order written.
    pub(crate) ends: Vec<EndRule>,
    /// What happens to a player who has no legal move.
    pub(crate) no_moves: Option<NoMoves>,
    /// The start position's board.
    pub(crate) start_board: Vec<PieceId>,
    /// Who moves first.
    pub(crate) start_player: Player,
    /// Zobrist keys.
    pub(crate) zobrist: Zobrist,
    /// The options this game was compiled with, after `--set` overrides.
    pub(crate) options: Vec<(String, String)>,
    /// The options the board line reads (its size), which the board itself shows.
    pub(crate) drawn_options: Vec<String>,
    /// The options a move's guard reads (`move swap-sides when swap`): they allow a move.
    pub(crate) move_options: Vec<String>,
    /// Piece ids whose moves reset the no-progress clock (captures always do); `None` when
    /// no rule uses the clock (a no-progress ending, or a repetition since the last
    /// irreversible move), so make/unmake skip it.
    pub(crate) progress: Option<super::ContentSet>,
    /// Whether some rule is a forced move (so generation filters by it).
    pub(crate) has_forced: bool,
    /// `forced most-captures`: only the moves that capture the most pieces are legal.
    pub(crate) most_captures: bool,
    /// `notation short-jumps`: a multi-jump is written by its origin and last landing.
    pub(crate) short_jumps: bool,
    /// `notation points`: a whole turn of dice is written in points along the mover's
    /// track (`13/8+8/3`), as backgammon players write it.
    pub(crate) point_notation: bool,
    /// Per player, the piece ids that may never be left attacked (the chess king).
    pub(crate) royal: ByPlayer<Vec<PieceId>>,
    /// Per player, how that player's pieces attack (built from the move rules).
    pub(crate) attackers: ByPlayer<Vec<super::Attack>>,
    /// Whether the state tracks which pieces have not moved yet (castling).
    pub(crate) tracks_unmoved: bool,
    /// The piece ids that castle (the king, not the rook; derived from the rules).
    pub(crate) castlers: super::ContentSet,
    /// The result for a player to move who has no legal move while a royal piece is attacked.
    pub(crate) checkmate: Option<super::EndResult>,
    /// Whether moves print in coordinate form (`e2e4`, `e7e8q`) instead of `e2-e4`.
    pub(crate) coordinate_notation: bool,
    /// Moves are printed in standard algebraic notation (`notation algebraic`), and read in it
    /// as well as in coordinates.
    pub(crate) algebraic: bool,
    /// Positions are written in FEN (`notation fen`), as they are when the rules castle or
    /// take en passant.
    pub(crate) fen: bool,
    /// The dice, for games with chance.
    pub(crate) dice: Option<super::race::Dice>,
    /// Tracks (per-player paths) used by `advance` moves.
    pub(crate) tracks: Vec<super::race::Track>,
    /// The kind of the pieces waiting in reserves (captured pieces return as this kind).
    pub(crate) reserve_kind: Option<KindId>,
    /// Reserve counts at the start, per piece id.
    pub(crate) start_reserve: Vec<u16>,
    /// The kinds a hand may hold (`hand …`), in the order they are shown; empty without hands.
    pub(crate) hand_kinds: Vec<KindId>,
    /// `hand_gain[victim * players + mover]`: the piece `mover` gains in hand by capturing
    /// `victim` ([`EMPTY`] for none); empty in games without hands.
    pub(crate) hand_gain: Vec<PieceId>,
    /// Conditions that give the mover another turn (`again if reach(rosettes)`).
    pub(crate) again: Vec<EndRule>,
    /// The piece of the `counters` kind (ownerless), or `EMPTY` (`engine/counters.rs`).
    pub(crate) counter_piece: PieceId,
    /// What a player's `score` is (`score counters(store)`), if the game says.
    pub(crate) score: Option<super::Quantity>,
    /// What the greedy player values in a move (`prefer reach(rosettes) by 500`).
    pub(crate) prefer: super::Preferences,
    /// What the searching AI's evaluation adds for pieces on some cells
    /// (`bonus knight at centre by 15`).
    pub(crate) bonuses: super::Bonuses,
    /// `forbid` rules: a move after which one of these holds is not legal.
    pub(crate) forbids: Vec<Forbid>,
    /// What each tracked whole-board repetition hash covers; the state keeps one history
    /// entry per kind and position ([`State::earlier_hashes`] has the full hashes anyway).
    pub(crate) rep_kinds: Vec<StateParts>,
    /// Whether move notation prefixes placements with the piece's symbol.
    pub(crate) symbol_in_placements: bool,
    /// How the board is drawn (`look …` lines and the cells' coordinate labels).
    pub(crate) look: super::BoardLook,
    /// The start position as text (`setup "…"`), read once the game is built: it may hold
    /// more than the board and the player, such as castling rights or clocks.
    pub(crate) start_text: Option<String>,
    /// Counts given by `setup N kind at …` lines (empty without them, or when the start is
    /// given as text).
    pub(crate) start_tally: Vec<u16>,
}

/// Read access to the compiled tables. The fields are private to the crate, so the `Rules`
/// stay as the compiler built them; each method has the name the field had.
impl Rules {
    /// How the board is drawn (`look …` lines and the cells' coordinate labels).
    pub fn look(&self) -> &super::BoardLook {
        &self.look
    }

    /// Short name (the file stem: `tictactoe`).
    #[inline]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The title from the rule file.
    #[inline]
    pub fn title(&self) -> &str {
        &self.title
    }

    /// Player names in turn order.
    #[inline]
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Piece kinds.
    #[inline]
    pub fn kinds(&self) -> &[Kind] {
        &self.kinds
    }

    /// Piece types; index 0 stands for the empty cell.
    #[inline]
    pub fn pieces(&self) -> &[PieceType] {
        &self.pieces
    }

    /// `piece_table[kind * (players + 1) + owner]`: the piece id, owner `players` meaning none.
    #[inline]
    pub fn piece_table(&self) -> &[PieceId] {
        &self.piece_table
    }

    /// Move rules.
    #[inline]
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// End conditions, in the order written.
    #[inline]
    pub fn ends(&self) -> &[EndRule] {
        &self.ends
    }

    /// What happens to a player who has no legal move.
    #[inline]
    pub fn no_moves(&self) -> Option<NoMoves> {
        self.no_moves
    }

    /// The start position's board.
    #[inline]
    pub fn start_board(&self) -> &[PieceId] {
        &self.start_board
    }

    /// Who moves first.
    #[inline]
    pub fn start_player(&self) -> Player {
        self.start_player
    }

    /// Zobrist keys.
    #[inline]
    pub fn zobrist(&self) -> &Zobrist {
        &self.zobrist
    }

    /// The options this game was compiled with, after `--set` overrides.
    #[inline]
    pub fn options(&self) -> &[(String, String)] {
        &self.options
    }

    /// Piece ids whose moves reset the no-progress clock (captures always do); `None` when
    /// no rule uses the clock (a no-progress ending, or a repetition since the last
    /// irreversible move), so make/unmake skip it.
    #[inline]
    pub fn progress(&self) -> &Option<super::ContentSet> {
        &self.progress
    }

    /// Whether a capture must take the most pieces it can (`most-captures`), as draughts asks.
    #[inline]
    pub fn most_captures(&self) -> bool {
        self.most_captures
    }

    /// The options the board line reads (drawn, so a legend leaves them out).
    pub fn drawn_options(&self) -> &[String] {
        &self.drawn_options
    }

    /// The options a `move … when` guard reads (said as allowed or not in a legend).
    pub fn move_options(&self) -> &[String] {
        &self.move_options
    }

    /// Whether some rule is a forced move (so generation filters by it).
    #[inline]
    pub fn has_forced(&self) -> bool {
        self.has_forced
    }

    /// Per player, the piece ids that may never be left attacked (the chess king).
    #[inline]
    pub fn royal(&self) -> &ByPlayer<Vec<PieceId>> {
        &self.royal
    }

    /// Per player, how that player's pieces attack (built from the move rules).
    #[inline]
    pub fn attackers(&self) -> &ByPlayer<Vec<super::Attack>> {
        &self.attackers
    }

    /// Whether the state tracks which pieces have not moved yet (castling).
    #[inline]
    pub fn tracks_unmoved(&self) -> bool {
        self.tracks_unmoved
    }

    /// The piece ids that castle (the king, not the rook; derived from the rules).
    #[inline]
    pub fn castlers(&self) -> &super::ContentSet {
        &self.castlers
    }

    /// The result for a player to move who has no legal move while a royal piece is attacked.
    #[inline]
    pub fn checkmate(&self) -> Option<super::EndResult> {
        self.checkmate
    }

    /// Whether moves print in coordinate form (`e2e4`, `e7e8q`) instead of `e2-e4`.
    #[inline]
    pub fn coordinate_notation(&self) -> bool {
        self.coordinate_notation
    }

    /// Moves are printed in standard algebraic notation (`notation algebraic`), and read in it
    /// as well as in coordinates.
    #[inline]
    pub fn algebraic(&self) -> bool {
        self.algebraic
    }

    /// The dice, for games with chance.
    #[inline]
    pub fn dice(&self) -> &Option<super::race::Dice> {
        &self.dice
    }

    /// Tracks (per-player paths) used by `advance` moves.
    #[inline]
    pub fn tracks(&self) -> &[super::race::Track] {
        &self.tracks
    }

    /// The kind of the pieces waiting in reserves (captured pieces return as this kind).
    #[inline]
    pub fn reserve_kind(&self) -> Option<KindId> {
        self.reserve_kind
    }

    /// Reserve counts at the start, per piece id.
    #[inline]
    pub fn start_reserve(&self) -> &[u16] {
        &self.start_reserve
    }

    /// Conditions that give the mover another turn (`again if reach(rosettes)`).
    #[inline]
    pub fn again(&self) -> &[EndRule] {
        &self.again
    }

    /// What the greedy player values in a move (`prefer reach(rosettes) by 500`).
    #[inline]
    pub fn prefer(&self) -> &super::Preferences {
        &self.prefer
    }

    /// `forbid` rules: a move after which one of these holds is not legal.
    #[inline]
    pub fn forbids(&self) -> &[Forbid] {
        &self.forbids
    }

    /// What each tracked whole-board repetition hash covers; the state keeps one history
    /// entry per kind and position ([`State::earlier_hashes`] has the full hashes anyway).
    #[inline]
    pub fn rep_kinds(&self) -> &[StateParts] {
        &self.rep_kinds
    }
}

/// A compiled game: its [`Rules`], the speed-ups derived from them ([`Accel`]) and what
/// only a whole game can work out (the start position read from text, where pieces can
/// ever stand). Immutable and shareable between threads.
#[derive(Clone, Debug)]
pub struct Game {
    /// The rules as the compiler handed them over.
    rules: Rules,
    /// Every table derived from `rules` to make the engine fast ([`Accel::build`]).
    pub(crate) accel: Accel,
    /// The start position when the rule file gives it as text (`setup "…"`) or gives
    /// counts: it may hold more than the board and the player, such as castling rights or
    /// clocks.
    start_state: Option<State>,
    /// Where each piece could ever stand, to refuse positions the rules cannot reach.
    pub(crate) reach: super::Reach,
}

/// A `Game` reads as its `Rules`: the engine's code was written against one type holding
/// every table, and the rule tables are by far the most read. Through `Deref`,
/// `game.board`, `game.rules` and `game.piece_id(…)` keep reading the rules without a
/// `game.rules().` at each of hundreds of places, while the derived tables are named
/// apart (`game.accel.bit_moves`), so a reader sees which is which.
impl std::ops::Deref for Game {
    type Target = Rules;

    #[inline(always)]
    fn deref(&self) -> &Rules {
        &self.rules
    }
}

impl Game {
    /// Builds a game from finished rules: derives the speed-ups, reads the start position
    /// (given as text or with counts) and works out where pieces can stand. The error is
    /// why the start position given as text is not valid.
    pub fn new(mut rules: Rules) -> Result<Game, String> {
        Accel::mark_rules(&mut rules);
        let accel = Accel::build(&rules);
        let mut game = Game {
            rules,
            accel,
            start_state: None,
            reach: super::Reach::default(),
        };
        if !game.start_tally.is_empty() {
            let mut s = game.start();
            for (t, &n) in s.tally.iter_mut().zip(&game.rules.start_tally) {
                if n > 0 {
                    *t = n;
                }
            }
            s.rehash(&game);
            game.start_state = Some(s);
        }
        if let Some(text) = &game.start_text {
            let s = game.parse_position(text).map_err(|e| e.0)?;
            game.rules.start_board = s.board().to_vec();
            game.rules.start_player = s.to_move();
            game.start_state = Some(s);
        }
        // From the start position (any `setup` read above, with every cell allowed).
        game.reach = super::Reach::of(&game);
        Ok(game)
    }

    /// The rules to change, for the engine's own variants of a game (the ending test that
    /// finds which rule decided, the refusal that replays a move without royal pieces):
    /// they clone a game, change a rule and rebuild the tables the change touches.
    pub(super) fn rules_mut(&mut self) -> &mut Rules {
        &mut self.rules
    }

    /// The rules this game was built from.
    #[inline]
    pub fn rule_set(&self) -> &Rules {
        &self.rules
    }

    // Read access to the derived tables that other layers ask about.
    /// The rules usable by the owner of each piece, in rule order, resolved for the move
    /// generator ([`PieceMoves::of`]).
    #[inline]
    pub fn piece_moves(&self) -> &PieceMoves {
        &self.accel.piece_moves
    }

    /// Per player, the piece ids that have at least one rule (whose cells are move origins).
    #[inline]
    pub fn movers(&self) -> &ByPlayer<Vec<PieceId>> {
        &self.accel.movers
    }

    /// Per player, the `advance` rules that can bring a reserve piece onto the board.
    #[inline]
    pub fn entry_rules(&self) -> &ByPlayer<Vec<RuleId>> {
        &self.accel.entry_rules
    }

    /// Rules that do not start from a piece, per player.
    #[inline]
    pub fn free_rules(&self) -> &ByPlayer<Vec<RuleId>> {
        &self.accel.free_rules
    }

    /// Per piece id, the attacks on it grouped by line (derived from `attackers`; empty when
    /// the game has no royal pieces).
    #[inline]
    pub fn attack_rays(&self) -> &[super::AttackRays] {
        &self.accel.attack_rays
    }

    /// The cells between two cells on a line, for the bitboard attack tests (`None` on
    /// boards of more than 64 cells, or without royal pieces).
    #[inline]
    pub fn between(&self) -> &Option<super::Between> {
        &self.accel.between
    }

    /// Whether every `forbid` rule is a whole-board repetition (so a plain move can be
    /// judged from its hash alone; derived from `forbids`).
    #[inline]
    pub fn forbids_whole_board(&self) -> bool {
        self.accel.forbids_whole_board
    }

    /// Whether some rule is a row of placements that playouts sample part by part (derived
    /// from `rules`).
    #[inline]
    pub fn has_placement_rows(&self) -> bool {
        self.accel.has_placement_rows
    }
}

impl Rules {
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

    /// The piece id of `kind` owned by `owner` (or ownerless), or [`EMPTY`] if no such piece:
    /// the dense table as move generation and make read it, where the rules guarantee the
    /// piece. [`Game::find_piece`] says "no such piece" as `None`.
    #[inline]
    pub fn piece_id(&self, kind: KindId, owner: Option<Player>) -> PieceId {
        let o = owner.map_or(self.players.len(), Player::index);
        self.piece_table[kind.index() * (self.players.len() + 1) + o]
    }

    /// The piece id of `kind` owned by `owner` (or ownerless), if the game has that piece.
    #[inline]
    pub fn find_piece(&self, kind: KindId, owner: Option<Player>) -> Option<PieceId> {
        Some(self.piece_id(kind, owner)).filter(|&id| id != EMPTY)
    }

    /// The piece `player` puts down when placing `kind`: their own, or the ownerless one for
    /// kinds nobody owns (Nex's neutral stones).
    #[inline]
    pub fn placed_piece(&self, kind: KindId, player: Player) -> PieceId {
        self.find_piece(kind, Some(player))
            .unwrap_or_else(|| self.piece_id(kind, None))
    }

    /// The owner of the piece on a cell (`None` for empty cells and ownerless pieces).
    #[inline]
    pub fn owner(&self, piece: PieceId) -> Option<Player> {
        self.pieces[piece.index()].owner
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
            .map(KindId::from_index)
    }

    /// Material balance for `player`: own piece values minus everyone else's.
    pub fn material(&self, state: &State, player: Player) -> i32 {
        let mut total = 0;
        for (id, &n) in state.counts.iter().enumerate().skip(1) {
            if n == 0 {
                continue;
            }
            let pt = &self.pieces[id];
            let v = self.kinds[pt.kind.index()].value * n as i32;
            match pt.owner {
                Some(o) if o == player => total += v,
                Some(_) => total -= v,
                None => {}
            }
        }
        total
    }
}

impl Game {
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

    /// The moves of a finished game are none; a helper for callers that want to be explicit.
    pub fn is_over(&self, state: &State) -> bool {
        self.outcome(state).is_some()
    }

    /// The move made to reach `state`, if any.
    pub fn last_move(&self, state: &State) -> Option<Move> {
        state.frames.last().map(|f| f.mv)
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a source folder is readable") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// The names of `Rules`' fields, read from this file, so a new field is held to the rule too.
    fn rules_fields(src: &Path) -> Vec<String> {
        let text = std::fs::read_to_string(src.join("engine/game.rs")).expect("game.rs");
        let start = text
            .find("pub struct Rules {")
            .expect("Rules is defined here");
        let body = &text[start..start + text[start..].find("\n}").expect("its end")];
        body.lines()
            .filter_map(|l| l.trim().strip_prefix("pub(crate) "))
            .filter_map(|l| l.split(':').next())
            .map(str::to_string)
            .collect()
    }

    /// #42: outside the engine and the compiler (which builds `Rules`), a game's rules are read
    /// through its methods (`game.board()`), never its fields, so the tables the generator
    /// relies on can change shape behind them.
    #[test]
    fn rules_are_read_through_methods_outside_the_engine_and_compiler() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let fields = rules_fields(&src);
        assert!(fields.len() > 30, "{fields:?}");
        let mut files = vec![src.join("main.rs"), src.join("games.rs")];
        for dir in ["ai", "tools", "io", "session", "ui"] {
            rust_files(&src.join(dir), &mut files);
        }
        assert!(files.len() > 50);
        let mut found = Vec::new();
        for file in &files {
            let text = std::fs::read_to_string(file).expect("a source file");
            for (n, line) in text.lines().enumerate() {
                if line.trim_start().starts_with("//") {
                    continue;
                }
                for receiver in ["game.", "game().", " g.", "(g.", "&g."] {
                    for (at, _) in line.match_indices(receiver) {
                        let rest = &line[at + receiver.len()..];
                        let name: String = rest
                            .chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                            .collect();
                        let after = rest[name.len()..].trim_start();
                        if fields.contains(&name) && !after.starts_with('(') {
                            found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                        }
                    }
                }
            }
        }
        assert!(
            found.is_empty(),
            "rule fields read directly:\n{}",
            found.join("\n")
        );
    }
}
