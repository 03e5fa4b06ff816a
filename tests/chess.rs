//! Chess (`games/chess.game`): the rules that perft counts alone do not pin down, each as an
//! exact move list from a FEN position; endings; FEN and move-text round trips; and perft
//! counts split by kind of leaf move (captures, en passant, castles, promotions, checks,
//! checkmates) against the published tables.
//!
//! Plain perft node counts are data in `tests/perft/chess.perft` (run by `tests/perft.rs`).
//! The deep counts here are `#[ignore]`d: `cargo test --release --test chess -- --ignored
//! perft_` (about a minute; see docs/architecture.md, "Slow tests").

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabletop::engine::EMPTY;
use tabletop::{CellId, Game, Move, Outcome, Player, State};

const WHITE: Player = Player(0);
const BLACK: Player = Player(1);

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION4_MIRRORED: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POSITION5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

fn chess() -> Game {
    tabletop::load_shipped("chess", &[]).expect("chess compiles")
}

fn fen(game: &Game, text: &str) -> State {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays moves written in coordinate notation, separated by spaces.
fn play(game: &Game, state: &mut State, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = game
            .parse_move(state, text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", game.position_to_string(state)));
        game.make(state, mv);
    }
}

/// Every legal move in coordinate notation, sorted.
fn moves(game: &Game, state: &State) -> Vec<String> {
    let mut v: Vec<String> = game
        .legal_moves_vec(state)
        .into_iter()
        .map(|m| game.move_to_compact(state, m))
        .collect();
    v.sort();
    v
}

/// The legal moves of the piece on `from`, sorted.
fn moves_from(game: &Game, state: &State, from: &str) -> Vec<String> {
    moves(game, state)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------
// Castling

#[test]
fn castling_refused_through_an_attacked_cell() {
    let game = chess();
    // The rook on f8 attacks f1, which the king would cross on the king side.
    let s = fen(&game, "5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        moves_from(&game, &s, "e1"),
        sorted(&["e1c1", "e1d1", "e1d2", "e1e2"])
    );
    // ... and g1, the cell the king would land on.
    let s = fen(&game, "1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        moves_from(&game, &s, "e1"),
        sorted(&["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
    // Black: the bishop on a3 attacks e7 and f8, which the king would cross.
    let s = fen(&game, "r3k2r/8/8/8/8/B7/8/4K3 b kq - 0 1");
    assert_eq!(
        moves_from(&game, &s, "e8"),
        sorted(&["e8c8", "e8d7", "e8d8", "e8f7"])
    );
}

#[test]
fn castling_refused_out_of_check() {
    let game = chess();
    let s = fen(&game, "1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(game.in_check(&s, WHITE));
    // The rooks cannot block the e-file, so only king steps off it remain.
    assert_eq!(moves(&game, &s), sorted(&["e1d1", "e1d2", "e1f1", "e1f2"]));
}

#[test]
fn castling_refused_when_blocked() {
    let game = chess();
    // A knight on b1 blocks the queen side even though the king never crosses b1.
    let s = fen(&game, "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert_eq!(
        moves_from(&game, &s, "e1"),
        sorted(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"])
    );
}

#[test]
fn castling_lost_for_good_after_the_rook_or_king_moves() {
    let game = chess();
    let mut s = fen(&game, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(
        moves_from(&game, &s, "e1"),
        sorted(&["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"])
    );
    // The h1 rook goes and comes back; so does the a8 rook: those rights are gone.
    play(&game, &mut s, "h1h2 a8a7 h2h1 a7a8");
    assert_eq!(
        game.position_to_string(&s),
        "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3"
    );
    assert_eq!(
        moves_from(&game, &s, "e1"),
        sorted(&["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
    // The kings step out and back: no castling at all, ever again.
    play(&game, &mut s, "e1d1 e8d8 d1e1 d8e8");
    assert_eq!(
        game.position_to_string(&s),
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 8 5"
    );
    // Another round trip (a third would repeat this position a third time: a draw).
    assert_eq!(
        moves_from(&game, &s, "e1"),
        sorted(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
    play(&game, &mut s, "e1e2 e8e7 e2e1 e7e8");
    assert_eq!(
        moves_from(&game, &s, "e1"),
        sorted(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
    play(&game, &mut s, "a1b1");
    assert_eq!(
        moves_from(&game, &s, "e8"),
        sorted(&["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"])
    );
    // A rook captured on its corner takes its right with it (and the capture gives check:
    // no castling out of it, nor onto the attacked f8).
    let mut s = fen(&game, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&game, &mut s, "a1a8");
    assert_eq!(
        game.position_to_string(&s),
        "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1"
    );
    assert_eq!(
        moves_from(&game, &s, "e8"),
        sorted(&["e8d7", "e8e7", "e8f7"])
    );
}

#[test]
fn castling_allowed_when_only_the_b_file_cell_is_attacked() {
    let game = chess();
    // The rook on b8 attacks b1: the rook crosses it, the king does not.
    let s = fen(&game, "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(
        moves_from(&game, &s, "e1"),
        sorted(&["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
    let mut s2 = s.clone();
    play(&game, &mut s2, "e1c1");
    assert_eq!(
        game.position_to_string(&s2),
        "1r2k3/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
    // The same for Black, with a white rook on b1.
    let s = fen(&game, "r3k3/8/8/8/8/8/8/1R2K3 b q - 0 1");
    assert!(moves_from(&game, &s, "e8").contains(&"e8c8".to_string()));
    // But c1 (where the king lands) and d1 (which it crosses) must be safe.
    let s = fen(&game, "2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(!moves_from(&game, &s, "e1").contains(&"e1c1".to_string()));
    let s = fen(&game, "3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(!moves_from(&game, &s, "e1").contains(&"e1c1".to_string()));
}

// ---------------------------------------------------------------------------------------
// En passant

#[test]
fn en_passant_only_right_after_the_double_step() {
    let game = chess();
    let start = fen(&game, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    let mut s = start.clone();
    play(&game, &mut s, "d7d5");
    assert_eq!(
        game.position_to_string(&s),
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
    );
    assert_eq!(moves_from(&game, &s, "e5"), sorted(&["e5d6", "e5e6"]));
    let mut taken = s.clone();
    play(&game, &mut taken, "e5d6");
    assert_eq!(
        game.position_to_string(&taken),
        "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2"
    );
    // One move later the chance is gone.
    play(&game, &mut s, "e1d1 e8f8");
    assert_eq!(moves_from(&game, &s, "e5"), sorted(&["e5e6"]));
    // Two single steps are no double step.
    let mut s = start.clone();
    play(&game, &mut s, "d7d6 e1d1 d6d5");
    assert_eq!(
        game.position_to_string(&s),
        "4k3/8/8/3pP3/8/8/8/3K4 w - - 0 3"
    );
    assert_eq!(moves_from(&game, &s, "e5"), sorted(&["e5e6"]));
}

#[test]
fn en_passant_from_fen_removes_the_pawn_that_passed() {
    let game = chess();
    // White takes on d6: the pawn on d5 goes, not the one on e7 (also next to d6).
    let mut s = fen(
        &game,
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    );
    play(&game, &mut s, "e5d6");
    assert_eq!(
        game.position_to_string(&s),
        "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    // Black takes on e3: the pawn on e4 goes, not the one on d2 or f2.
    let mut s = fen(
        &game,
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    );
    play(&game, &mut s, "d4e3");
    assert_eq!(
        game.position_to_string(&s),
        "rnbqkbnr/ppp1pppp/8/8/8/4p3/PPPP1PPP/RNBQKBNR w KQkq - 0 4"
    );
    // An en-passant cell with no pawn beyond it is refused.
    assert!(game
        .parse_position("4k3/8/8/8/8/8/8/4K3 w - d6 0 1")
        .is_err());
}

#[test]
fn en_passant_refused_when_it_exposes_the_king() {
    let game = chess();
    // Taking on d6 would empty the fifth rank between the king on a5 and the rook on h5.
    let s = fen(&game, "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1");
    assert_eq!(moves_from(&game, &s, "e5"), sorted(&["e5e6"]));
    // Without the rook it is fine.
    let s = fen(&game, "4k3/8/8/K2pP3/8/8/8/8 w - d6 0 1");
    assert_eq!(moves_from(&game, &s, "e5"), sorted(&["e5d6", "e5e6"]));
    // Pinned on the b8-g3 diagonal, the pawn may take along the pin line but not step off it.
    let s = fen(&game, "1b2k3/8/8/3pP3/8/6K1/8/8 w - d6 0 1");
    assert_eq!(moves_from(&game, &s, "e5"), sorted(&["e5d6"]));
    // Pinned on the a1-h8 diagonal, it may do neither.
    let s = fen(&game, "4k2b/8/8/3pP3/8/8/1K6/8 w - d6 0 1");
    assert_eq!(moves_from(&game, &s, "e5"), Vec::<String>::new());
    // Taking en passant the pawn that gives check answers the check.
    let s = fen(&game, "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(game.in_check(&s, BLACK));
    assert_eq!(
        moves(&game, &s),
        sorted(&["c5b4", "c5b5", "c5b6", "c5c4", "c5c6", "c5d4", "c5d5", "c5d6", "e4d3"])
    );
}

// ---------------------------------------------------------------------------------------
// Promotion

#[test]
fn promotion_to_each_of_the_four_pieces() {
    let game = chess();
    let s = fen(&game, "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&game, &s, "e7"),
        sorted(&["e7d8b", "e7d8n", "e7d8q", "e7d8r", "e7e8b", "e7e8n", "e7e8q", "e7e8r"])
    );
    for (piece, symbol) in [("q", 'Q'), ("r", 'R'), ("b", 'B'), ("n", 'N')] {
        let mut t = s.clone();
        play(&game, &mut t, &format!("e7e8{piece}"));
        assert_eq!(
            game.position_to_string(&t),
            format!("3r{symbol}3/8/8/8/8/8/k7/4K3 b - - 0 1")
        );
        let mut t = s.clone();
        play(&game, &mut t, &format!("e7d8{piece}"));
        assert_eq!(
            game.position_to_string(&t),
            format!("3{symbol}4/8/8/8/8/8/k7/4K3 b - - 0 1")
        );
    }
    // Black promotes on the first rank.
    let s = fen(&game, "4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
    assert_eq!(
        moves_from(&game, &s, "a2"),
        sorted(&["a2a1b", "a2a1n", "a2a1q", "a2a1r"])
    );
    let mut t = s.clone();
    play(&game, &mut t, "a2a1n");
    assert_eq!(
        game.position_to_string(&t),
        "4k3/8/8/8/8/8/8/n3K3 w - - 0 2"
    );
}

// ---------------------------------------------------------------------------------------
// Endings

#[test]
fn stalemate_is_a_draw() {
    let game = chess();
    let mut s = fen(&game, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    assert_eq!(game.outcome(&s), None);
    play(&game, &mut s, "f1f7");
    assert!(!game.in_check(&s, BLACK));
    assert!(moves(&game, &s).is_empty());
    assert_eq!(game.outcome(&s), Some(Outcome::Draw));
    // Set up directly.
    let s = fen(&game, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(game.outcome(&s), Some(Outcome::Draw));
}

fn assert_mated(game: &Game, s: &State, loser: Player) {
    assert!(game.in_check(s, loser));
    assert!(moves(game, s).is_empty());
    let outcome = game.outcome(s).expect("the game is over");
    assert_eq!(outcome.winner(2), Some(Player(1 - loser.0)), "{outcome:?}");
    assert_eq!(outcome.score(loser, 2), 0.0);
}

#[test]
fn checkmate_is_a_loss_for_the_mated_side() {
    let game = chess();
    // Back-rank mate.
    let mut s = fen(&game, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    play(&game, &mut s, "a1a8");
    assert_mated(&game, &s, BLACK);
    // Smothered mate.
    let mut s = fen(&game, "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1");
    play(&game, &mut s, "g5f7");
    assert_mated(&game, &s, BLACK);
    // Fool's mate: White is mated.
    let mut s = fen(&game, START);
    play(&game, &mut s, "f2f3 e7e5 g2g4 d8h4");
    assert_mated(&game, &s, WHITE);
    // A check that can be answered is no mate.
    let mut s = fen(&game, "6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1");
    play(&game, &mut s, "a1a8");
    assert!(game.in_check(&s, BLACK));
    assert_eq!(moves(&game, &s), sorted(&["g8h7"]));
    assert_eq!(game.outcome(&s), None);
}

#[test]
fn fifty_move_rule() {
    let game = chess();
    let start = fen(&game, "4k3/8/8/8/8/8/4P3/4K2R w - - 99 80");
    assert_eq!(start.quiet_plies(), 99);
    assert_eq!(game.outcome(&start), None);
    // The hundredth quiet half-move draws.
    let mut s = start.clone();
    play(&game, &mut s, "h1h2");
    assert_eq!(s.quiet_plies(), 100);
    assert_eq!(game.outcome(&s), Some(Outcome::Draw));
    assert!(moves(&game, &s).is_empty(), "a finished game has no moves");
    assert_eq!(
        game.position_to_string(&s),
        "4k3/8/8/8/8/8/4P2R/4K3 b - - 100 80"
    );
    // A pawn move resets the clock.
    let mut s = start.clone();
    play(&game, &mut s, "e2e3");
    assert_eq!(s.quiet_plies(), 0);
    assert_eq!(game.outcome(&s), None);
    assert_eq!(
        game.position_to_string(&s),
        "4k3/8/8/8/8/4P3/8/4K2R b - - 0 80"
    );
    // So does a capture.
    let mut s = fen(&game, "4k3/8/8/8/8/8/4P2r/4K2R w - - 99 80");
    play(&game, &mut s, "h1h2");
    assert_eq!(s.quiet_plies(), 0);
    assert_eq!(game.outcome(&s), None);
    // Ninety-eight plus one is not yet a hundred.
    let mut s = fen(&game, "4k3/8/8/8/8/8/4P3/4K2R w - - 98 80");
    play(&game, &mut s, "h1h2");
    assert_eq!(game.outcome(&s), None);
    play(&game, &mut s, "e8d8");
    assert_eq!(game.outcome(&s), Some(Outcome::Draw));
    // A position set up with the clock at 100 is already drawn.
    let s = fen(&game, "4k3/8/8/8/8/8/4P3/4K2R w - - 100 80");
    assert_eq!(game.outcome(&s), Some(Outcome::Draw));
}

// ---------------------------------------------------------------------------------------
// Notation

#[test]
fn fen_round_trip() {
    let game = chess();
    for text in [
        START,
        KIWIPETE,
        POSITION3,
        POSITION4,
        POSITION4_MIRRORED,
        POSITION5,
        POSITION6,
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 12 40",
        "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 99 120",
        "8/8/8/8/8/8/8/K6k b - - 0 1",
    ] {
        let s = fen(&game, text);
        assert_eq!(game.position_to_string(&s), text);
    }
    // An en-passant cell no pawn can take on is read, and is no part of the position
    // (FIDE 9.2.2; python-chess writes such FENs the same way).
    let s = fen(
        &game,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
    );
    assert_eq!(
        game.position_to_string(&s),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    // Printing after moves: rights follow the king and rook moves, the en-passant cell
    // follows a double step, the clocks count.
    let mut s = fen(&game, START);
    for (mv, want) in [
        // No pawn can take on e3 or c6: the cells are no part of the positions.
        (
            "e2e4",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ),
        (
            "c7c5",
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        ),
        (
            "g1f3",
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        ),
        (
            "a7a6",
            "rnbqkbnr/1p1ppppp/p7/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
        ),
        (
            "h1g1",
            "rnbqkbnr/1p1ppppp/p7/2p5/4P3/5N2/PPPP1PPP/RNBQKBR1 b Qkq - 1 3",
        ),
        (
            "a8a7",
            "1nbqkbnr/rp1ppppp/p7/2p5/4P3/5N2/PPPP1PPP/RNBQKBR1 w Qk - 2 4",
        ),
        (
            "e1e2",
            "1nbqkbnr/rp1ppppp/p7/2p5/4P3/5N2/PPPPKPPP/RNBQ1BR1 b k - 3 4",
        ),
    ] {
        play(&game, &mut s, mv);
        assert_eq!(game.position_to_string(&s), want, "after {mv}");
        assert_eq!(game.position_to_string(&fen(&game, want)), want);
        // The same position set up from its FEN hashes the same (once the king has moved,
        // its rooks' flags are cleared too, so equal positions hash equally).
        assert_eq!(fen(&game, want).hash(), s.hash(), "hash of {want}");
    }
    // Castling clears both of that side's rights.
    let mut s = fen(&game, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&game, &mut s, "e1g1");
    assert_eq!(
        game.position_to_string(&s),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    );
    play(&game, &mut s, "e8c8");
    assert_eq!(
        game.position_to_string(&s),
        "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"
    );
    // Bad FEN is refused with a reason.
    for bad in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
    ] {
        assert!(game.parse_position(bad).is_err(), "{bad}");
    }
}

#[test]
fn move_text_round_trip() {
    let game = chess();
    let s = fen(&game, START);
    let e4 = game.parse_move(&s, "e2e4").unwrap();
    assert_eq!(game.move_to_compact(&s, e4), "e2e4");
    assert_eq!(game.parse_move(&s, "e2-e4").unwrap(), e4);
    assert_eq!(game.parse_move(&s, "E2E4").unwrap(), e4);
    assert!(game.parse_move(&s, "e2e5").is_err());
    // Castling is the king's two-cell move; promotion adds the piece letter.
    let s = fen(&game, KIWIPETE);
    let oo = game.parse_move(&s, "e1g1").unwrap();
    assert_eq!(game.move_to_compact(&s, oo), "e1g1");
    let s = fen(&game, POSITION5);
    let promo = game.parse_move(&s, "d7c8q").unwrap();
    assert_eq!(game.move_to_compact(&s, promo), "d7c8q");
    assert_eq!(game.parse_move(&s, "d7xc8=Q").unwrap(), promo);

    // Random games: every legal move's coordinate text is well formed, names exactly that
    // move, and parses back to it (also in the long form).
    let mut rng = SmallRng::seed_from_u64(7);
    let mut checked = 0;
    for game_no in 0..20 {
        let mut s = fen(&game, if game_no % 2 == 0 { START } else { KIWIPETE });
        for _ in 0..200 {
            let legal = game.legal_moves_vec(&s);
            if legal.is_empty() || game.outcome(&s).is_some() {
                break;
            }
            let mut texts: Vec<String> = Vec::new();
            for &m in &legal {
                let text = game.move_to_compact(&s, m);
                assert!(
                    is_coordinate_move(&game, &text),
                    "{text} in {}",
                    game.position_to_string(&s)
                );
                assert_eq!(game.parse_move(&s, &text).unwrap(), m, "{text}");
                let long = game.move_to_string(&s, m);
                assert_eq!(game.parse_move(&s, &long).unwrap(), m, "{long}");
                texts.push(text);
                checked += 1;
            }
            let n = texts.len();
            texts.sort();
            texts.dedup();
            assert_eq!(texts.len(), n, "two moves share a text");
            let m = legal[rng.gen_range(0..legal.len())];
            game.make(&mut s, m);
        }
    }
    assert!(checked > 10_000, "{checked}");
}

fn is_coordinate_move(game: &Game, text: &str) -> bool {
    let cells = text.len() >= 4
        && game.board().cell_by_name(&text[0..2]).is_some()
        && game.board().cell_by_name(&text[2..4]).is_some();
    cells && (text.len() == 4 || (text.len() == 5 && "qrbn".contains(&text[4..])))
}

// ---------------------------------------------------------------------------------------
// Perft split by kind of leaf move

/// Leaf moves by kind, as the published tables count them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Split {
    nodes: u64,
    captures: u64,
    ep: u64,
    castles: u64,
    promotions: u64,
    checks: u64,
    checkmates: u64,
}

const fn split(n: [u64; 7]) -> Split {
    Split {
        nodes: n[0],
        captures: n[1],
        ep: n[2],
        castles: n[3],
        promotions: n[4],
        checks: n[5],
        checkmates: n[6],
    }
}

fn cell(game: &Game, name: &str) -> CellId {
    game.board().cell_by_name(name).unwrap()
}

/// Adds one leaf move to the split, classifying it through the public API only.
fn classify(game: &Game, s: &mut State, mv: Move, out: &mut Split) {
    let text = game.move_to_compact(s, mv);
    let (from, to) = (cell(game, &text[0..2]), cell(game, &text[2..4]));
    let piece = s.at(from);
    let kind = game.kinds()[game.pieces()[piece.index()].kind.index()]
        .name
        .as_str();
    let target = s.at(to);
    let file_change = game.board().cells[from.index()].col - game.board().cells[to.index()].col;
    let ep = kind == "pawn" && file_change != 0 && target == EMPTY;
    out.nodes += 1;
    if ep || (target != EMPTY && game.owner(target) != game.owner(piece)) {
        out.captures += 1;
    }
    out.ep += u64::from(ep);
    out.castles += u64::from(kind == "king" && file_change.abs() == 2);
    out.promotions += u64::from(text.len() == 5);
    game.make(s, mv);
    let them = s.to_move();
    if game.in_check(s, them) {
        out.checks += 1;
        if game.legal_moves_vec(s).is_empty() {
            out.checkmates += 1;
        }
    }
    game.unmake(s);
}

fn perft_split(game: &Game, s: &mut State, depth: u32, out: &mut Split) {
    let legal = game.legal_moves_vec(s);
    for mv in legal {
        if depth == 1 {
            classify(game, s, mv, out);
        } else {
            game.make(s, mv);
            perft_split(game, s, depth - 1, out);
            game.unmake(s);
        }
    }
}

/// The split tables of `tests/oracles/perft_and_counts.json` (CPW's Perft Results;
/// depths up to 4 re-checked with python-chess, deeper ones CPW only): position, depth,
/// [nodes, captures, e.p., castles, promotions, checks, checkmates].
const SPLITS: &[(&str, &str, u32, Split)] = &[
    ("start", START, 1, split([20, 0, 0, 0, 0, 0, 0])),
    ("start", START, 2, split([400, 0, 0, 0, 0, 0, 0])),
    ("start", START, 3, split([8902, 34, 0, 0, 0, 12, 0])),
    ("start", START, 4, split([197281, 1576, 0, 0, 0, 469, 8])),
    (
        "start",
        START,
        5,
        split([4865609, 82719, 258, 0, 0, 27351, 347]),
    ),
    ("kiwipete", KIWIPETE, 1, split([48, 8, 0, 2, 0, 0, 0])),
    ("kiwipete", KIWIPETE, 2, split([2039, 351, 1, 91, 0, 3, 0])),
    (
        "kiwipete",
        KIWIPETE,
        3,
        split([97862, 17102, 45, 3162, 0, 993, 1]),
    ),
    (
        "kiwipete",
        KIWIPETE,
        4,
        split([4085603, 757163, 1929, 128013, 15172, 25523, 43]),
    ),
    ("position 3", POSITION3, 1, split([14, 1, 0, 0, 0, 2, 0])),
    ("position 3", POSITION3, 2, split([191, 14, 0, 0, 0, 10, 0])),
    (
        "position 3",
        POSITION3,
        3,
        split([2812, 209, 2, 0, 0, 267, 0]),
    ),
    (
        "position 3",
        POSITION3,
        4,
        split([43238, 3348, 123, 0, 0, 1680, 17]),
    ),
    (
        "position 3",
        POSITION3,
        5,
        split([674624, 52051, 1165, 0, 0, 52950, 0]),
    ),
    (
        "position 3",
        POSITION3,
        6,
        split([11030083, 940350, 33325, 0, 7552, 452473, 2733]),
    ),
    ("position 4", POSITION4, 1, split([6, 0, 0, 0, 0, 0, 0])),
    (
        "position 4",
        POSITION4,
        2,
        split([264, 87, 0, 6, 48, 10, 0]),
    ),
    (
        "position 4",
        POSITION4,
        3,
        split([9467, 1021, 4, 0, 120, 38, 22]),
    ),
    (
        "position 4",
        POSITION4,
        4,
        split([422333, 131393, 0, 7795, 60032, 15492, 5]),
    ),
    (
        "position 4",
        POSITION4,
        5,
        split([15833292, 2046173, 6512, 0, 329464, 200568, 50562]),
    ),
    (
        "position 4 mirrored",
        POSITION4_MIRRORED,
        1,
        split([6, 0, 0, 0, 0, 0, 0]),
    ),
    (
        "position 4 mirrored",
        POSITION4_MIRRORED,
        2,
        split([264, 87, 0, 6, 48, 10, 0]),
    ),
    (
        "position 4 mirrored",
        POSITION4_MIRRORED,
        3,
        split([9467, 1021, 4, 0, 120, 38, 22]),
    ),
    (
        "position 4 mirrored",
        POSITION4_MIRRORED,
        4,
        split([422333, 131393, 0, 7795, 60032, 15492, 5]),
    ),
    ("position 5", POSITION5, 1, split([44, 6, 0, 1, 4, 0, 0])),
    (
        "position 5",
        POSITION5,
        2,
        split([1486, 222, 0, 0, 0, 117, 0]),
    ),
    (
        "position 5",
        POSITION5,
        3,
        split([62379, 8517, 0, 1081, 5068, 1201, 44]),
    ),
    (
        "position 5",
        POSITION5,
        4,
        split([2103487, 296153, 0, 0, 0, 158486, 240]),
    ),
    ("position 6", POSITION6, 1, split([46, 4, 0, 0, 0, 1, 0])),
    (
        "position 6",
        POSITION6,
        2,
        split([2079, 203, 0, 0, 0, 40, 0]),
    ),
    (
        "position 6",
        POSITION6,
        3,
        split([89890, 9470, 0, 0, 0, 1783, 0]),
    ),
    (
        "position 6",
        POSITION6,
        4,
        split([3894594, 440388, 0, 0, 0, 68985, 0]),
    ),
];

/// Checks every split table entry with `min <= nodes <= max`.
fn check_splits(min: u64, max: u64) -> usize {
    let game = chess();
    let mut failures = Vec::new();
    let mut checked = 0;
    for &(name, text, depth, want) in SPLITS {
        if want.nodes < min || want.nodes > max {
            continue;
        }
        let mut s = fen(&game, text);
        let mut got = Split::default();
        perft_split(&game, &mut s, depth, &mut got);
        assert_eq!(
            game.position_to_string(&s),
            text,
            "perft restores the position"
        );
        checked += 1;
        if got != want {
            failures.push(format!(
                "{name} depth {depth}:\n  got  {got:?}\n  want {want:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    checked
}

/// Splits up to about half a million leaves (a second or so in release; debug builds stop
/// at 10,000).
#[test]
fn perft_splits() {
    let max = if cfg!(debug_assertions) {
        10_000
    } else {
        700_000
    };
    let checked = check_splits(0, max);
    let least = if cfg!(debug_assertions) { 10 } else { 20 };
    assert!(checked >= least, "{checked}");
}

/// The larger splits (up to position 4 depth 5, 15.8 million leaves): minutes in release.
#[test]
#[ignore = "slow: minutes in release"]
fn perft_splits_deep() {
    check_splits(700_001, u64::MAX);
}

/// Deeper plain perft counts than `tests/perft/chess.perft` holds: about 1.4 billion nodes,
/// several minutes in release.
#[test]
#[ignore = "slow: several minutes in release"]
fn perft_deep() {
    let game = chess();
    let mut failures = Vec::new();
    for (name, text, depth, want) in [
        ("start", START, 6, 119_060_324u64),
        ("kiwipete", KIWIPETE, 5, 193_690_690),
        ("position 3", POSITION3, 7, 178_633_661),
        ("position 4", POSITION4, 6, 706_045_033),
        ("position 5", POSITION5, 5, 89_941_194),
        ("position 6", POSITION6, 5, 164_075_551),
    ] {
        let mut s = fen(&game, text);
        let got = tabletop::tools::perft::perft(&game, &mut s, depth);
        if got != want {
            failures.push(format!("{name} perft {depth} = {got}, expected {want}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// FIDE 9.6.2: when the move that completes the fifty (here: the hundredth quiet half-move)
/// checkmates, the checkmate stands.
#[test]
fn checkmate_on_the_hundredth_quiet_half_move_wins() {
    let game = chess();
    let mut s = fen(&game, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    play(&game, &mut s, "a1a8");
    assert_eq!(
        game.position_to_string(&s),
        "R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80"
    );
    assert_eq!(game.outcome(&s).and_then(|o| o.winner(2)), Some(WHITE));
}

/// A rook whose side has no king to castle with carries no castling flag, whether the
/// position comes from the rule file's own setup or from FEN: the two hash alike, and stay
/// alike once the lone rook moves.
#[test]
fn a_rook_without_its_king_has_no_castling_flag_at_setup() {
    let src = tabletop::games::shipped_source("chess").expect("chess is shipped");
    let src = src.replace(
        "setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"",
        "setup rook at a1 for White, h8 for Black\nsetup king at e8 for Black",
    );
    let game = tabletop::compile_source("lone-rook", "lone-rook.game", &src, &[])
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut from_setup = game.start();
    let mut from_fen = fen(&game, "4k2r/8/8/8/8/8/8/R7 w k - 0 1");
    assert_eq!(from_setup.hash(), from_fen.hash());
    play(&game, &mut from_setup, "a1a2 e8d8");
    play(&game, &mut from_fen, "a1a2 e8d8");
    assert_eq!(from_setup.hash(), from_fen.hash());
    // Black's king moved: its rook's flag went with it.
    assert!(!from_setup.is_unmoved(CellId::new(63)));
}

#[test]
fn positions_the_rules_could_never_reach_are_refused() {
    let game = tabletop::load_shipped("chess", &[]).unwrap();
    let refused = |fen: &str, why: &str| {
        let e = game.parse_position(fen).expect_err(fen).to_string();
        assert!(e.contains(why), "{fen}: {e}");
    };
    refused(
        "k7/1Q6/8/8/8/8/8/K7 w - - 0 1",
        "Black is in check with White to move",
    );
    refused("8/1Q6/8/8/8/8/8/K6K w - - 0 1", "White has 2 royal pieces");
    refused("8/1Q6/8/8/8/8/8/K7 w - - 0 1", "Black has no king");
    assert!(game.parse_position("k7/1Q6/8/8/8/8/8/K7 b - - 0 1").is_ok());
}

/// `describe` shows the `bonus` lines as the compiler read them: per piece, its cells by
/// what a piece there adds, the zones read for each owner.
#[test]
fn describe_lists_the_placement_bonuses_per_piece() {
    let d = tabletop::tools::describe::describe(&tabletop::load_shipped("chess", &[]).unwrap());
    assert!(
        d.contains("bonus (hundredths of a value the searching AI adds for a piece on a cell):\n"),
        "{d}"
    );
    // Lines add up only where zones overlap; these do not for the knight.
    assert!(
        d.contains(
            "  N knight  +20: d4 e4 d5 e5 | +10: c3 d3 e3 f3 … c6 d6 e6 f6 (12 in all) \
             | -30: a1 b1 c1 d1 … e8 f8 g8 h8 (28 in all)\n"
        ),
        "{d}"
    );
    // The king's zones are each player's own: Black castles on the eighth rank. They
    // count while material is on the board; in the endgame the king is wanted centrally.
    assert!(
        d.contains(
            "  when count(queen) > 0 or count(rook, bishop, knight) > 3 (for the piece's owner):\n\
             \x20   K king  +25: a1 b1 c1 g1 h1 | -30: a2 b2 c2 d2 … e8 f8 g8 h8 (56 in all)\n\
             \x20   k king  +25: a8 b8 c8 g8 h8 | -30: a1 b1 c1 d1 … e7 f7 g7 h7 (56 in all)\n"
        ),
        "{d}"
    );
    assert!(
        d.contains(
            "  when count(queen) = 0 and count(rook, bishop, knight) <= 3 (for the piece's owner):\n\
             \x20   K king  +30: d4 e4 d5 e5 | +15: c3 d3 e3 f3 … c6 d6 e6 f6 (12 in all) \
             | -20: a1 b1 c1 d1 … e8 f8 g8 h8 (28 in all)\n"
        ),
        "{d}"
    );
}

/// The king's bonuses follow the material of its own side: with a queen on the board it is
/// wanted at home, without one and with few pieces in the centre. Each side is judged by its
/// own material, in the same position.
#[test]
fn the_kings_bonus_changes_with_its_sides_material() {
    let game = chess();
    // Rooks only: both kings in the endgame table. White's on e4 (centre, +30), Black's on
    // e8 (rim, -20).
    let s = fen(&game, "r3k3/8/8/8/4K3/8/8/7R w - - 0 1");
    assert_eq!(game.placement_bonus(&s, Player(0)), 30 - (-20));
    // Kings back home: the rim costs each the same.
    let s = fen(&game, "r3k3/8/8/8/8/8/8/4K2R w - - 0 1");
    assert_eq!(game.placement_bonus(&s, Player(0)), 0);
    // White keeps a queen: its king off the home rank is -30 (the middle-game table) and
    // its queen on a1 is on the rim (-10), while Black, queenless, still gets the endgame's
    // -20 for the rim.
    let s = fen(&game, "r3k3/8/8/8/4K3/8/8/Q6R w - - 0 1");
    assert_eq!(game.placement_bonus(&s, Player(0)), (-30 - 10) - (-20));
}
