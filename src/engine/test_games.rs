//! Test support: the games and start positions the fast paths' agreement tests walk from.

use super::{Game, State};

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
