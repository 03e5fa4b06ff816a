//! Test support: the games and start positions the fast paths' agreement tests walk from.

use rand::Rng;

use super::{Game, MoveList, Player, State};

/// Chess positions full of what the fast paths must get right: pins, checks, promotions,
/// castling and en passant (the standard perft test positions).
const CHESS_POSITIONS: [&str; 5] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

/// A game to walk random games of, and the position to start from.
pub(crate) struct TestGame {
    /// The shipped game's name.
    pub name: String,
    /// The compiled game.
    pub game: Game,
    /// A set-up position, or `None` for the start.
    pub fen: Option<&'static str>,
}

impl TestGame {
    /// The position the walk starts from.
    pub fn start(&self) -> State {
        match self.fen {
            Some(f) => self.game.parse_position(f).expect("position"),
            None => self.game.start(),
        }
    }
}

/// Every shipped game, compiled with its default options, and its name.
pub(crate) fn shipped() -> Vec<(String, Game)> {
    crate::games::shipped_names()
        .into_iter()
        .map(|name| {
            let game = crate::load_shipped(name, &[]).expect("a shipped game compiles");
            (name.to_string(), game)
        })
        .collect()
}

/// Every shipped game from its start, then chess from each of [`CHESS_POSITIONS`].
pub(crate) fn shipped_and_chess_positions() -> Vec<TestGame> {
    let mut games: Vec<TestGame> = shipped()
        .into_iter()
        .map(|(name, game)| TestGame {
            name,
            game,
            fen: None,
        })
        .collect();
    let chess = crate::load_shipped("chess", &[]).expect("compiles");
    for fen in CHESS_POSITIONS {
        games.push(TestGame {
            name: "chess".into(),
            game: chess.clone(),
            fen: Some(fen),
        });
    }
    games
}

/// Walks six random games of up to 200 plies from `t`'s start, asserting at every position
/// that `fast` (the game with a fast path) gives the same pseudo-legal moves, for every
/// player to move, and the same legal moves as `general` (the same game without it).
pub(crate) fn assert_same_moves(t: &TestGame, fast: &Game, general: &Game, rng: &mut impl Rng) {
    let (mut a, mut b) = (MoveList::new(), MoveList::new());
    let name = &t.name;
    for _ in 0..6 {
        let mut s = t.start();
        for _ in 0..200 {
            let keep = s.scalars.to_move;
            for q in 0..fast.num_players() {
                s.scalars.to_move = Player(q as u8);
                fast.pseudo_moves(&s, &mut a);
                general.pseudo_moves(&s, &mut b);
                assert_eq!(a, b, "{name}: {}", fast.position_to_string(&s));
            }
            s.scalars.to_move = keep;
            fast.legal_moves(&s, &mut a);
            general.legal_moves(&s, &mut b);
            assert_eq!(a, b, "{name}: {}", fast.position_to_string(&s));
            if a.is_empty() {
                break;
            }
            fast.make(&mut s, a[rng.gen_range(0..a.len())]);
        }
    }
}
