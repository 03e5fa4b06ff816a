//! Engine invariants, checked on seeded random games of every shipped game (and a few
//! option variants), in the spirit of shakmaty's incremental-Zobrist fuzz target and
//! board-game-rs's `board_test_main`:
//!
//! * after every `make`, the incremental hash equals `hash_from_scratch`;
//! * `make` then `unmake` of any legal move restores the exact position;
//! * unmaking a whole game restores the start (`same_position`, board and hash);
//! * every legal move's text, and its compact form, parses back to the same move;
//! * the position notation round-trips (board, side to move, ply, hash, result);
//! * a finished game has no legal moves, and a game without legal moves is finished;
//! * random games terminate.
//!
//! Any game added to `shipped_names()` gets this coverage with no change here.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use tabletop::engine::EndCond;
use tabletop::{Game, Move, State};

/// Random games per game and variant.
const GAMES: u64 = 50;
/// Of those, how many check the notation of every legal move at every ply (the others
/// check the move played and a few sampled ones, to keep the test fast).
const FULL_NOTATION_GAMES: u64 = 5;
/// With more legal moves than this (Nex: about 28,000), notation is checked only on the
/// move played, every 32nd ply.
const MANY_MOVES: usize = 1000;
/// At most this many moves per ply are made and unmade (an even sample of the list).
const MAX_MAKE_CHECKS: usize = 128;
/// A game that runs longer than this is taken not to terminate.
const MAX_PLIES: u32 = 20_000;

fn variants() -> Vec<(String, Vec<(String, String)>)> {
    let mut v: Vec<(String, Vec<(String, String)>)> = tabletop::shipped_names()
        .into_iter()
        .map(|n| (n.to_string(), Vec::new()))
        .collect();
    let set = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, val)| (k.to_string(), val.to_string()))
            .collect()
    };
    // Options that change the rules: the pie rule, other board sizes.
    v.push(("hex".into(), set(&[("size", "5"), ("swap", "yes")])));
    v.push(("hex".into(), set(&[("size", "1")])));
    v.push(("breakthrough".into(), set(&[("size", "5")])));
    v.push(("nex".into(), set(&[("size", "4"), ("swap", "yes")])));
    v.push((
        "connect4".into(),
        set(&[("width", "4"), ("height", "4"), ("connect", "3")]),
    ));
    v
}

fn label(name: &str, set: &[(String, String)]) -> String {
    let opts: Vec<String> = set.iter().map(|(k, v)| format!("{k}={v}")).collect();
    if opts.is_empty() {
        name.to_string()
    } else {
        format!("{name}({})", opts.join(","))
    }
}

/// A move's full and compact texts both parse back to it.
fn check_notation(game: &Game, state: &State, mv: Move, few: bool, at: &str) {
    let text = game.move_to_string(state, mv);
    assert_eq!(
        game.parse_move(state, &text),
        Ok(mv),
        "{at}: '{text}' does not parse back to its move"
    );
    let compact = game.move_to_compact(state, mv);
    assert_eq!(
        game.parse_move(state, &compact),
        Ok(mv),
        "{at}: compact '{compact}' does not parse back to its move"
    );
    if !few {
        return;
    }
    // Case does not matter, and neither do spaces around the move. (In algebraic notation
    // it does: `Bxc5` is a bishop's move, `bxc5` a pawn's; there the compact form is tried.)
    let loud = if game.algebraic() { &compact } else { &text };
    let loud = format!("  {}  ", loud.to_uppercase());
    assert_eq!(
        game.parse_move(state, &loud),
        Ok(mv),
        "{at}: '{loud}' does not parse"
    );
}

/// Whether a parsed position can know its result. `captured(k)` means "the last move
/// captured a k", which a position without history cannot tell: a parsed Intellector position
/// whose White Intellector was just taken is not seen as over. The same holds for endings
/// that read the history: `passes(n)` and `repetition(…)`. Known limitation, reported; for
/// such games the test only checks that a parsed result, when found, is the right one.
fn result_survives_notation(game: &Game) -> bool {
    fn reads_history(c: &EndCond) -> bool {
        match c {
            EndCond::Captured { .. } | EndCond::Passes(_) | EndCond::Repetition(_) => true,
            EndCond::All(cs) => cs.iter().any(reads_history),
            _ => false,
        }
    }
    !game.ends().iter().any(|e| reads_history(&e.cond))
}

/// The position notation gives back the same position.
fn check_position_round_trip(game: &Game, state: &State, at: &str) {
    let text = game.position_to_string(state);
    let back = game
        .parse_position(&text)
        .unwrap_or_else(|e| panic!("{at}: '{text}' does not parse: {e}"));
    assert_eq!(back.board(), state.board(), "{at}: board of '{text}'");
    assert_eq!(back.to_move(), state.to_move(), "{at}: side of '{text}'");
    assert_eq!(back.ply(), state.ply(), "{at}: ply of '{text}'");
    assert_eq!(
        back.swapped(),
        state.swapped(),
        "{at}: swap flag of '{text}'"
    );
    assert_eq!(game.position_to_string(&back), text, "{at}: printed again");
    // The result decided by the last move (`Game::outcome` adds only the no-moves rule,
    // which depends on the position alone).
    if result_survives_notation(game) || back.result_now().is_some() {
        assert_eq!(
            back.result_now(),
            state.result_now(),
            "{at}: result of '{text}'"
        );
    }
    if game.tracks_unmoved() {
        // Known limitation (reported): the hash covers every unmoved-piece flag, but the
        // notation (FEN) keeps only the castling rights, so a rook whose king has moved
        // loses its flag. The parsed position must still play the same.
        let moves = |s: &State| -> Vec<String> {
            let mut v: Vec<String> = game
                .legal_moves_vec(s)
                .iter()
                .map(|&m| game.move_to_string(s, m))
                .collect();
            v.sort();
            v
        };
        // (A game ended by its history, a threefold repetition, has no moves; the same
        // position without that history goes on.)
        if back.result_now() == state.result_now() {
            assert_eq!(moves(&back), moves(state), "{at}: moves of '{text}'");
        }
        assert_eq!(back.hash(), game.hash_from_scratch(&back), "{at}: {text}");
    } else {
        assert_eq!(back.hash(), state.hash(), "{at}: hash of '{text}'");
        if result_survives_notation(game) {
            assert!(back.same_position(state), "{at}: '{text}'");
        }
    }
}

/// One random game; returns its length.
fn random_game(game: &Game, rng: &mut SmallRng, full_notation: bool, at: &str) -> u32 {
    let start = game.start();
    let mut state = start.clone();
    let mut history: Vec<State> = Vec::new();
    loop {
        let here = format!("{at} ply {}", state.ply());
        assert_eq!(
            state.hash(),
            game.hash_from_scratch(&state),
            "{here}: incremental hash"
        );
        check_position_round_trip(game, &state, &here);
        let moves = game.legal_moves_vec(&state);
        let few = moves.len() <= MANY_MOVES;
        // `Game::outcome` generates the moves again; with very many, derive it from ours.
        let outcome = if few {
            game.outcome(&state)
        } else {
            state.result_now()
        };
        if outcome.is_some() {
            assert!(
                moves.is_empty(),
                "{here}: the game is over ({outcome:?}) but has {} legal moves",
                moves.len()
            );
        }
        if moves.is_empty() {
            assert!(
                outcome.is_some(),
                "{here}: no legal moves, yet the game is not over"
            );
            assert!(game.is_over(&state));
            break;
        }
        assert!(
            state.ply() < MAX_PLIES,
            "{at}: no end after {MAX_PLIES} plies"
        );
        // Every move (or, with very many, an even sample) makes and unmakes cleanly; the
        // notation checks cost a move generation each, so they are sampled too.
        let stride = moves.len().div_ceil(MAX_MAKE_CHECKS).max(1);
        for (i, &mv) in moves.iter().enumerate().step_by(stride) {
            if few && (full_notation || i.is_multiple_of(16)) {
                check_notation(game, &state, mv, few, &here);
            }
            let before = state.clone();
            game.make(&mut state, mv);
            assert_eq!(
                state.hash(),
                game.hash_from_scratch(&state),
                "{here}: hash after {mv:?}"
            );
            assert_eq!(state.ply(), before.ply() + 1);
            assert_eq!(game.last_move(&state), Some(mv));
            assert_eq!(game.unmake(&mut state), Some(mv));
            assert!(
                state.same_position(&before),
                "{here}: make+unmake of {} changed the position",
                game.move_to_string(&before, mv)
            );
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        if few || state.ply().is_multiple_of(32) {
            check_notation(game, &state, mv, few, &here);
        }
        history.push(state.clone());
        game.make(&mut state, mv);
    }
    let len = state.ply();
    assert_eq!(state.moves_played().count(), len as usize);
    // Unmake the whole game, checking each position on the way back.
    while let Some(prev) = history.pop() {
        assert!(game.unmake(&mut state).is_some());
        assert!(
            state.same_position(&prev),
            "{at}: unmake back to ply {}",
            prev.ply()
        );
    }
    assert_eq!(game.unmake(&mut state), None, "{at}: unmake past the start");
    assert!(state.same_position(&start), "{at}: back at the start");
    assert_eq!(state.board(), start.board());
    assert_eq!(state.hash(), start.hash());
    assert_eq!(state.moves_played().count(), 0);
    len
}

fn check_variant(name: &str, set: &[(String, String)]) {
    let at = label(name, set);
    let game = tabletop::load_shipped(name, set).unwrap_or_else(|e| panic!("{at}: {e}"));
    let mut total = 0u64;
    for seed in 0..GAMES {
        let mut rng = SmallRng::seed_from_u64(seed);
        let g = format!("{at} seed {seed}");
        total += u64::from(random_game(&game, &mut rng, seed < FULL_NOTATION_GAMES, &g));
    }
    assert!(total > 0, "{at}: every game ended at once");
}

#[test]
fn random_games_keep_invariants() {
    // One thread per game variant; a failure in any of them fails the test.
    std::thread::scope(|scope| {
        for (name, set) in variants() {
            scope.spawn(move || check_variant(&name, &set));
        }
    });
}

/// Each legal move has its own text: no two moves print the same.
#[test]
fn move_texts_are_distinct() {
    for (name, set) in variants() {
        let game = tabletop::load_shipped(&name, &set).unwrap();
        let mut rng = SmallRng::seed_from_u64(7);
        let mut state = game.start();
        while !game.is_over(&state) {
            let moves = game.legal_moves_vec(&state);
            for form in [Game::move_to_string, Game::move_to_compact] {
                let mut texts: Vec<String> = moves
                    .iter()
                    .map(|&m| form(&game, &state, m).to_lowercase())
                    .collect();
                texts.sort();
                let n = texts.len();
                texts.dedup();
                assert_eq!(texts.len(), n, "{name}: duplicate move texts {texts:?}");
            }
            game.make(&mut state, moves[rng.gen_range(0..moves.len())]);
        }
    }
}

/// Asking a finished game for a move is an error that says so.
#[test]
fn finished_game_refuses_moves() {
    let game = tabletop::load_shipped("tictactoe", &[]).unwrap();
    let mut state = game.start();
    for m in ["a1", "a2", "b1", "b2", "c1"] {
        let mv = game.parse_move(&state, m).unwrap();
        game.make(&mut state, mv);
    }
    assert!(game.is_over(&state));
    assert!(game.legal_moves_vec(&state).is_empty());
    let err = game.parse_move(&state, "c3").unwrap_err();
    assert_eq!(*err.refusal, tabletop::engine::Refusal::GameOver);
    assert_eq!(err.to_string(), "the game is over; no move can be played");
}

/// Positions that are already decided are recognised as such when parsed.
#[test]
fn parsed_positions_know_their_result() {
    let game = tabletop::load_shipped("tictactoe", &[]).unwrap();
    let s = game.parse_position("XXX/OO1/3 O").unwrap();
    assert_eq!(
        game.outcome(&s),
        Some(tabletop::Outcome::Win(tabletop::Player(0)))
    );
    assert!(game.legal_moves_vec(&s).is_empty());

    let game = tabletop::load_shipped("breakthrough", &[]).unwrap();
    let s = game.parse_position("3P4/8/8/8/8/8/8/p7 Black").unwrap();
    assert!(game.is_over(&s), "White is on the far row");
}
