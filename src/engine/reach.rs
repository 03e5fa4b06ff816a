//! Where each piece could ever stand: a sound over-approximation of the cells the rules can
//! bring each piece (kind and owner) to, worked out once when the game is assembled, so that a
//! position naming a piece on a cell it could never reach is refused (a chess pawn on its own
//! first rank, a xiangqi general outside its palace).
//!
//! The analysis follows the movement of pieces, not their surroundings: from the cells a
//! piece starts on, each rule that moves it carries it along its directions (steps, leaps,
//! slides, jumps, castling, en passant, swaps), ignoring what stands on the cells except
//! where a condition rules a cell out whatever stands on it (a zone in `to:`, `through:` or
//! `from:`). A compulsory promotion takes the piece out of its promotion zone, into the new
//! kind there. Whatever the analysis does not follow cell by cell (placements, drops, flying,
//! tracks and races, conversions, taking on a captured kind, the pie rule's swap, a promotion
//! in the middle of a move) makes the pieces it creates or moves possible anywhere. Being an
//! over-approximation, it never refuses a position the rules can reach; it only misses some
//! that they cannot.

use super::reach_work::Work;
use super::{CellId, Game, Part, PieceId, Player, Rule, EMPTY};

/// For each piece id, a bitset of the cells it could ever stand on (`None`: anywhere).
#[derive(Clone, Debug, Default)]
pub struct Reach {
    cells: Vec<Option<Vec<u64>>>,
    census: super::census::Census,
}

impl Reach {
    /// Whether `piece` could ever stand on `cell` (empty cells and unknown ids: yes).
    pub fn may_stand(&self, piece: PieceId, cell: CellId) -> bool {
        match self.cells.get(piece.index()) {
            Some(Some(bits)) => bits[cell.index() / 64] >> (cell.index() % 64) & 1 == 1,
            _ => true,
        }
    }

    /// How many pieces the rules allow (see [`Census`](super::census::Census)).
    pub fn census(&self) -> &super::census::Census {
        &self.census
    }

    /// Works out the reach of every piece of `game` from its start position and rules.
    pub fn of(game: &Game) -> Reach {
        let cells = game.board.len();
        let words = cells.div_ceil(64);
        let mut r = Work {
            game,
            sets: vec![Some(vec![0u64; words]); game.pieces.len()],
            passed: vec![vec![false; cells]; game.num_players()],
            changed: true,
        };
        r.sets[EMPTY.index()] = None;
        for (c, &q) in game.start_board.iter().enumerate() {
            r.add(q, CellId::new(c as u16));
        }
        // Pieces kept off the board (reserves, borne off) enter by rules this analysis does
        // not follow cell by cell. A piece in a hand enters only by a drop, which `place`
        // follows to the cells the drop's `on:` allows (`reach_created`).
        if game.reserve_kind.is_some() || game.dice.is_some() {
            for q in game.pieces.iter().map(|pt| pt.kind) {
                for p in 0..game.num_players() {
                    r.anywhere(game.piece_id(q, Some(Player(p as u8))));
                }
            }
        }
        while r.changed {
            r.changed = false;
            for rule in &game.rules {
                for p in 0..game.num_players() {
                    if rule.players >> p & 1 == 1 {
                        r.rule(rule, Player(p as u8));
                    }
                }
            }
        }
        Reach {
            cells: r.sets,
            census: super::census::Census::of(game),
        }
    }
}

/// The analysis proper: each rule, part by part.
impl Work<'_> {
    /// Follows one rule for the pieces of `p` it moves (or the pieces it creates).
    fn rule(&mut self, rule: &Rule, p: Player) {
        let game = self.game;
        if rule.kinds.is_empty() {
            // A rule that starts from no piece: what it puts down may go anywhere.
            for part in &rule.parts {
                part.reach_created(self, p);
            }
            return;
        }
        for &k in &rule.kinds {
            let Some(q) = game.find_piece(k, Some(p)) else {
                continue;
            };
            if self.sets[q.index()].is_none() {
                continue;
            }
            let from: Vec<CellId> = self
                .cells_of(q)
                .into_iter()
                .filter(|&c| {
                    rule.from
                        .as_ref()
                        .is_none_or(|f| f.accepts(&game.board, p, c, q))
                })
                .collect();
            self.parts(&rule.parts, p, q, from);
        }
    }

    /// Carries piece `q` of `p`, standing on any of `at`, through `parts` (each part says
    /// how: [`crate::engine::prim::Primitive::reach`]).
    fn parts(&mut self, parts: &[Part], p: Player, q: PieceId, mut at: Vec<CellId>) {
        for (i, part) in parts.iter().enumerate() {
            part.reach_created(self, p);
            // After a promotion the piece keeps being followed as its old kind (the new
            // kinds were added, and are anywhere if the move goes on).
            match part.reach(self, (p, q), i + 1 == parts.len(), &at) {
                Some(next) => at = next,
                None => return,
            }
            if at.is_empty() {
                return;
            }
        }
        for c in at {
            self.add(q, c);
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{CellId, Game, MoveList, PieceId, EMPTY};

    fn cells(game: &Game, symbol: char) -> Vec<String> {
        let q = PieceId::from_index(
            game.pieces
                .iter()
                .position(|pt| pt.symbol == symbol)
                .expect("a piece of that symbol"),
        );
        CellId::upto(game.board.len())
            .filter(|&c| game.reach.may_stand(q, c))
            .map(|c| game.board.cells[c.index()].name.clone())
            .collect()
    }

    /// Soundness: no piece of any position along seeded random games of every shipped game
    /// stands where the analysis says it never could, and no position holds more pieces than
    /// the census allows.
    #[test]
    fn every_piece_of_random_games_stands_where_it_may() {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut list = MoveList::new();
        for name in crate::games::shipped_names() {
            let game = crate::load_shipped(name, &[]).expect("a shipped game compiles");
            for _ in 0..30 {
                let mut s = game.start();
                for _ in 0..400 {
                    for (c, &q) in s.board().iter().enumerate() {
                        let cell = CellId::new(c as u16);
                        assert!(
                            q == EMPTY || game.reach.may_stand(q, cell),
                            "{name}: '{}' on {} at ply {}: {}",
                            game.pieces[q.index()].symbol,
                            game.board.cells[c].name,
                            s.ply,
                            game.position_to_string(&s)
                        );
                    }
                    if let Err(e) = game.reach.census().check(&game, &s) {
                        panic!(
                            "{name} at ply {}: {e}: {}",
                            s.ply,
                            game.position_to_string(&s)
                        );
                    }
                    if game.is_chance(&s) {
                        let rolls = game.chance_outcomes(&s);
                        game.make(&mut s, rolls[rng.gen_range(0..rolls.len())].0);
                        continue;
                    }
                    game.legal_moves(&s, &mut list);
                    if list.is_empty() {
                        break;
                    }
                    game.make(&mut s, list[rng.gen_range(0..list.len())]);
                }
            }
        }
    }

    /// Chess pawns never stand on their own first rank nor, unpromoted, on the last; the
    /// other pieces may stand anywhere.
    #[test]
    fn chess_pawns_keep_off_the_first_and_last_ranks() {
        let game = crate::load_shipped("chess", &[]).unwrap();
        let white = cells(&game, 'P');
        assert_eq!(white.len(), 48);
        assert!(white.iter().all(|c| !c.ends_with('1') && !c.ends_with('8')));
        let black = cells(&game, 'p');
        assert_eq!(black.len(), 48);
        for symbol in ['N', 'b', 'R', 'q', 'K', 'k'] {
            assert_eq!(cells(&game, symbol).len(), 64, "{symbol}");
        }
    }

    /// Xiangqi: the general and the advisors stay in the palace, the elephants on their seven
    /// points on their own side of the river, the soldiers off the rows behind their start.
    #[test]
    fn xiangqi_pieces_keep_to_their_palaces_and_sides() {
        let game = crate::load_shipped("xiangqi", &[]).unwrap();
        assert_eq!(cells(&game, 'K').len(), 9);
        assert_eq!(cells(&game, 'A').len(), 5);
        assert_eq!(cells(&game, 'B').len(), 7);
        let soldiers = cells(&game, 'P');
        assert_eq!(soldiers.len(), 55, "{soldiers:?}");
        assert_eq!(cells(&game, 'R').len(), 90);
    }

    /// Games whose pieces are placed, dropped or raced may put any piece anywhere.
    #[test]
    fn placements_and_races_reach_everywhere() {
        for (name, symbol) in [("go", 'X'), ("reversi", 'o'), ("ur", 'W')] {
            let game = crate::load_shipped(name, &[]).unwrap();
            assert_eq!(cells(&game, symbol).len(), game.board.len(), "{name}");
        }
    }

    /// A piece in a hand comes back only by a drop, so it reaches the cells its drops allow:
    /// shogi's pawn and lance never stand on the last rank, nor a knight on the last two.
    #[test]
    fn dropped_pieces_reach_where_their_drops_allow() {
        let shogi = crate::load_shipped("shogi", &[]).unwrap();
        for (symbol, cells_reached, banned) in [('P', 72, "1a"), ('L', 72, "5a"), ('N', 63, "3b")] {
            let reached = cells(&shogi, symbol);
            assert_eq!(reached.len(), cells_reached, "{symbol}: {reached:?}");
            assert!(!reached.iter().any(|c| c == banned), "{symbol} on {banned}");
        }
        let msg = shogi
            .parse_position("lnsgkgsPl/1r5b1/ppppppp1p/9/9/9/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1")
            .expect_err("a pawn on the last rank");
        assert_eq!(
            msg.0,
            "Black's pawn on 2a: no rule can bring it there from where the game starts"
        );
    }

    /// A position naming a piece where it could never stand is refused, with the piece and
    /// the cell named.
    #[test]
    fn unreachable_pieces_are_refused_by_name() {
        let chess = crate::load_shipped("chess", &[]).unwrap();
        let err = chess
            .parse_position("k7/8/8/8/8/8/8/KP6 w - - 0 1")
            .unwrap_err();
        assert_eq!(
            err.0,
            "White's pawn on b1: no rule can bring it there from where the game starts"
        );
        assert!(chess
            .parse_position("kP6/8/8/8/8/8/8/K7 w - - 0 1")
            .is_err());
        assert!(chess
            .parse_position("7k/1P6/8/8/8/8/8/K7 w - - 0 1")
            .is_ok());
        let xq = crate::load_shipped("xiangqi", &[]).unwrap();
        let err = xq
            .parse_position("4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1")
            .unwrap_err();
        assert!(err.0.starts_with("Red's general on a1"), "{}", err.0);
    }
}
