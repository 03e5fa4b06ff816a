//! How many pieces the rules allow: a position holding more pieces than the game could ever
//! have is refused (37 pawns in shogi, nine queens beside eight pawns in chess), and so is
//! one with two pieces on a column that their kind can never share (shogi's two unpromoted
//! pawns on a file).
//!
//! Both are worked out once, from the rules, when the game is assembled, and only for games
//! that never create a piece: no placement of a new piece, no drop, no shot, no reserve, no
//! dice, no stacks. In such a game each piece on the board or in a hand descends from one
//! at the start, perhaps after changing kind (promotion, conversion, a captured piece
//! demoted into a hand) or owner (a capture into a hand, a conversion, outflanking, the pie
//! rule). So kinds are grouped into *classes*, closed under every change of kind the rules
//! can make, and a class can never hold more pieces than it held at the start: counted per
//! owner when no rule changes owners, over all owners (hands included) when one does.
//!
//! The column test: a kind whose moves all keep to their column (shogi's pawn steps
//! forward), that no change of kind produces, and that re-enters the board only by drops
//! refused on a column holding a friend of that kind (`column-without: friend and pawn`)
//! can never have two of one owner on a column, if the start has none so.

use super::{ByPlayer, CellId, DirId, Game, KindId, Part, PieceId, Player, State, EMPTY, NO_CELL};

/// The piece-count limits of a game, or nothing when the game creates pieces.
#[derive(Clone, Debug, Default)]
pub struct Census {
    /// `class[kind]`: the class each kind belongs to; empty when the game creates pieces.
    class: Vec<usize>,
    /// Per class, the most pieces it may hold: per owner (`[class * players + owner]`) when
    /// owners never change, else one figure per class.
    limit: Vec<u32>,
    per_owner: bool,
    /// Kinds that can never have two pieces of one owner on one column.
    one_per_column: Vec<KindId>,
}

/// Why a position holds more pieces than the rules allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CensusError {
    /// A class holds more pieces than the game ever has.
    TooMany {
        /// The kinds of the class, by name.
        kinds: Vec<String>,
        /// Whose pieces (when owners never change).
        owner: Option<String>,
        /// How many the position holds.
        have: u32,
        /// How many the game has at most.
        most: u32,
    },
    /// Two pieces of a kind that keeps to its column share one.
    SameColumn {
        /// The kind's name.
        kind: String,
        /// The owner's name.
        owner: String,
        /// The two cells.
        cells: [String; 2],
    },
}

impl std::fmt::Display for CensusError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CensusError::TooMany {
                kinds,
                owner,
                have,
                most,
            } => {
                let whose = owner.as_ref().map_or(String::new(), |o| format!("{o} has "));
                let what = kinds.join(" or ");
                let start = if owner.is_some() { "" } else { " in all" };
                write!(
                    f,
                    "{whose}{have} pieces that are or were a {what}, more than the {most} the game has{start}"
                )
            }
            CensusError::SameColumn { kind, owner, cells } => write!(
                f,
                "{owner} has two {kind}s on one column ({} and {}): a {kind} never leaves its column and may not be dropped beside another",
                cells[0], cells[1]
            ),
        }
    }
}

impl Census {
    /// Works out the limits of `game` from its rules and its start position.
    pub fn of(game: &Game) -> Census {
        if creates_pieces(game) {
            return Census::default();
        }
        let kinds = game.kinds.len();
        let np = game.num_players();
        let class: Vec<usize> = (0..kinds).collect();
        let owners_change = game.has_hands();
        let mut classes = Classes {
            class,
            owners_change,
        };
        for rule in &game.rules {
            for part in &rule.parts {
                part.census_classes(&mut classes, &rule.kinds);
            }
        }
        let Classes {
            mut class,
            owners_change,
        } = classes;
        // A captured piece may come back into a hand as another kind (demoted).
        for victim in 1..game.pieces.len() {
            for p in 0..np {
                if let Some(gain) = game.hand_gain(PieceId::from_index(victim), Player(p as u8)) {
                    let (a, b) = (game.pieces[victim].kind, game.pieces[gain.index()].kind);
                    join(&mut class, a.index(), b.index());
                }
            }
        }
        for k in 0..kinds {
            class[k] = root(&mut class, k);
        }
        let mut census = Census {
            class,
            limit: Vec::new(),
            per_owner: !owners_change,
            one_per_column: Vec::new(),
        };
        let start = game.start();
        census.limit = census.tally(game, &start);
        census.one_per_column = (0..kinds)
            .map(KindId::from_index)
            .filter(|&k| keeps_column(game, k) && census.column_clash(game, &start, k).is_none())
            .collect();
        census
    }

    /// Refuses `state` if it holds more pieces than the rules allow.
    pub fn check(&self, game: &Game, state: &State) -> Result<(), CensusError> {
        if self.class.is_empty() {
            return Ok(());
        }
        let have = self.tally(game, state);
        let np = game.num_players();
        for (i, (&n, &most)) in have.iter().zip(&self.limit).enumerate() {
            if n > most {
                let (class, owner) = if self.per_owner {
                    (i / np, Some(game.players[i % np].clone()))
                } else {
                    (i, None)
                };
                let kinds = (0..game.kinds.len())
                    .filter(|&k| self.class[k] == class)
                    .map(|k| game.kinds[k].name.clone())
                    .collect();
                return Err(CensusError::TooMany {
                    kinds,
                    owner,
                    have: n,
                    most,
                });
            }
        }
        for &k in &self.one_per_column {
            if let Some(err) = self.column_clash(game, state, k) {
                return Err(err);
            }
        }
        Ok(())
    }

    /// The pieces of each class on the board and in hands (per owner when owners are fixed).
    fn tally(&self, game: &Game, state: &State) -> Vec<u32> {
        let np = game.num_players();
        let slots = if self.per_owner { np } else { 1 };
        let mut n = vec![0u32; game.kinds.len() * slots];
        let mut count = |q: usize, by: u32| {
            let pt = &game.pieces[q];
            let owner = if self.per_owner {
                pt.owner.map_or(0, |p| p.index())
            } else {
                0
            };
            n[self.class[pt.kind.index()] * slots + owner] += by;
        };
        for q in 1..game.pieces.len() {
            let on_board = u32::from(state.counts[q]);
            let in_hand = state.reserve.get(q).copied().map_or(0, u32::from);
            if on_board + in_hand > 0 {
                count(q, on_board + in_hand);
            }
        }
        n
    }

    /// Two pieces of kind `k` of one owner on one column, if any.
    fn column_clash(&self, game: &Game, state: &State, k: KindId) -> Option<CensusError> {
        let mut seen: Vec<(Player, i32, CellId)> = Vec::new();
        for (c, &q) in state.board.iter().enumerate() {
            if q == EMPTY || game.pieces[q.index()].kind != k {
                continue;
            }
            let Some(owner) = game.pieces[q.index()].owner else {
                continue;
            };
            let col = game.board.cells[c].col;
            let cell = CellId::from_index(c);
            if let Some(&(_, _, other)) = seen.iter().find(|&&(o, x, _)| o == owner && x == col) {
                return Some(CensusError::SameColumn {
                    kind: game.kinds[k.index()].name.clone(),
                    owner: game.players[owner.index()].clone(),
                    cells: [
                        game.board.cells[other.index()].name.clone(),
                        game.board.cells[c].name.clone(),
                    ],
                });
            }
            seen.push((owner, col, cell));
        }
        None
    }
}

/// Whether some rule or setting brings new pieces into the game (or hides them in stacks or
/// reserves the census does not count).
fn creates_pieces(game: &Game) -> bool {
    game.reserve_kind.is_some()
        || game.dice.is_some()
        || game.board.stack_cap.iter().any(|&c| c > 0)
        || game
            .rules
            .iter()
            .any(|r| r.parts.iter().any(Part::creates_pieces))
}

/// Whether kind `k` can never have two pieces of one owner on one column: every move of it
/// keeps its column, no change of kind makes one, and every drop of it is refused on a
/// column holding a friend of its kind.
fn keeps_column(game: &Game, k: KindId) -> bool {
    let mut check = ColumnCheck {
        game,
        k,
        moves_k: false,
        dropped: false,
    };
    for rule in &game.rules {
        check.moves_k = rule.kinds.contains(&k);
        if !rule.parts.iter().all(|part| part.keeps_column(&mut check)) {
            return false;
        }
    }
    // A kind never dropped keeps to its starting columns anyway; the test matters for drops.
    check.dropped
}

/// The classes of kinds under construction, which each part's
/// [`census_classes`](super::prim::Primitive::census_classes) joins.
pub(crate) struct Classes {
    class: Vec<usize>,
    /// Whether some part may change a piece's owner.
    pub(crate) owners_change: bool,
}

impl Classes {
    /// Kinds `a` and `b` are one class.
    pub(crate) fn join(&mut self, a: KindId, b: KindId) {
        join(&mut self.class, a.index(), b.index());
    }

    /// Every kind is one class with `b`.
    pub(crate) fn join_all(&mut self, b: KindId) {
        for a in 0..self.class.len() {
            join(&mut self.class, a, b.index());
        }
    }
}

/// What a part is asked when [`keeps_column`] checks kind `k`.
pub(crate) struct ColumnCheck<'a> {
    /// The game.
    pub(crate) game: &'a Game,
    /// The kind checked.
    pub(crate) k: KindId,
    /// Whether the rule moves pieces of kind `k`.
    pub(crate) moves_k: bool,
    /// Whether some part drops a piece of kind `k`.
    pub(crate) dropped: bool,
}

impl ColumnCheck<'_> {
    /// Whether every step along each player's `dirs` keeps to its column.
    pub(crate) fn same_column(&self, dirs: &ByPlayer<Vec<DirId>>) -> bool {
        let board = &self.game.board;
        dirs.0.iter().flatten().all(|&d| {
            CellId::upto(board.len()).all(|c| {
                let t = board.next(c, d);
                t == NO_CELL || board.cells[t.index()].col == board.cells[c.index()].col
            })
        })
    }
}

fn root(class: &mut [usize], mut k: usize) -> usize {
    while class[k] != k {
        class[k] = class[class[k]];
        k = class[k];
    }
    k
}

fn join(class: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (root(class, a), root(class, b));
    if ra != rb {
        class[ra.max(rb)] = ra.min(rb);
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;

    fn game(name: &str) -> Game {
        crate::load_shipped(name, &[]).expect("a shipped game")
    }

    fn refused(name: &str, position: &str) -> String {
        match game(name).parse_position(position) {
            Ok(_) => panic!("{name}: {position} was accepted"),
            Err(e) => e.0,
        }
    }

    #[test]
    fn shogi_refuses_more_pawns_than_the_game_has() {
        let msg = refused(
            "shogi",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 20P 1",
        );
        assert_eq!(
            msg,
            "38 pieces that are or were a pawn or tokin, more than the 18 the game has in all"
        );
    }

    #[test]
    fn shogi_refuses_two_unpromoted_pawns_on_a_file() {
        let msg = refused(
            "shogi",
            "lnsgkgsnl/1r5b1/pppppppp1/9/9/P8/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        );
        assert_eq!(
            msg,
            "Black has two pawns on one column (9g and 9f): a pawn never leaves its column and may not be dropped beside another"
        );
        // A tokin beside a pawn is fine: promoted pieces move sideways.
        game("shogi")
            .parse_position("lnsgkgsnl/1r5b1/pppppppp1/9/9/T8/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
            .expect("a tokin and a pawn may share a file");
    }

    #[test]
    fn chess_counts_promoted_pieces_against_the_pawns() {
        let msg = refused(
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/QQ6/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        );
        assert_eq!(
            msg,
            "White has 17 pieces that are or were a pawn or knight or bishop or rook or queen, more than the 15 the game has"
        );
        // A promoted queen in place of a pawn is fine.
        game("chess")
            .parse_position("rnbqkbnr/pppppppp/8/8/8/Q7/1PPPPPPP/RNBQKBNR w KQkq - 0 1")
            .expect("a second queen with a pawn gone");
    }

    #[test]
    fn games_that_create_pieces_have_no_limit() {
        // Go places new stones: any number is possible.
        let g = game("go");
        assert!(g.reach.census().class.is_empty());
    }
}
