//! SGF round trips over seeded random games, a published-style record, and malformed text.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::*;

/// A seeded random game of `game` (at most `plies` plies) as a record.
fn random_record(game: &str, options: &[(&str, &str)], seed: u64, plies: usize) -> Record {
    let options = crate::option_pairs(options);
    let g = crate::load(game, &options).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut state = g.start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = g.legal_moves_vec(&state);
        if legal.is_empty() || g.is_over(&state) {
            break;
        }
        let mv = legal[rng.gen_range(0..legal.len())];
        moves.push(g.move_to_string(&state, mv));
        g.make(&mut state, mv);
    }
    Record {
        game: game.into(),
        options,
        position: None,
        moves,
        header: Default::default(),
    }
}

fn final_state(rec: &Record) -> State {
    let g = crate::load(&rec.game, &rec.options).unwrap();
    let mut state = match &rec.position {
        Some(p) => g.parse_position(p).unwrap(),
        None => g.start(),
    };
    for m in &rec.moves {
        let mv = g.parse_move(&state, m).unwrap();
        g.make(&mut state, mv);
    }
    state
}

#[test]
fn random_games_round_trip() {
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], usize);
    let cases: &[Case] = &[
        ("go", &[("size", "9")], 150),
        ("go", &[("size", "13"), ("komi", "0.5")], 60),
        ("hex", &[("size", "7"), ("swap", "yes")], 60),
        ("reversi", &[], 70),
        ("nex", &[("size", "6")], 60),
        ("tictactoe", &[], 9),
        ("connect4", &[], 42),
    ];
    for &(game, options, plies) in cases {
        for seed in 0..4 {
            let rec = random_record(game, options, seed, plies);
            let g = crate::load(&rec.game, &rec.options).unwrap();
            let text = write_sgf(&g, &rec).unwrap_or_else(|e| panic!("{game}: {e}"));
            let back = parse_sgf(&text).unwrap_or_else(|e| panic!("{game} {seed}: {e}\n{text}"));
            assert!(back.warnings.is_empty(), "{game}: {:?}", back.warnings);
            assert_eq!(back.record.moves, rec.moves, "{game} {seed}\n{text}");
            assert_eq!(back.record.game, game);
            assert!(final_state(&back.record).same_position(&final_state(&rec)));
            // Written again, the same text.
            assert_eq!(write_sgf(&g, &back.record).unwrap(), text, "{game} {seed}");
        }
    }
}

#[test]
fn go_is_written_as_other_programs_expect() {
    let g = crate::load("go", &[("size".into(), "9".into())]).unwrap();
    let rec = Record {
        game: "go".into(),
        options: vec![("size".into(), "9".into())],
        position: None,
        moves: vec!["a1".into(), "j9".into(), "pass".into(), "e5".into()],
        header: Default::default(),
    };
    let text = write_sgf(&g, &rec).unwrap();
    assert!(text.contains("GM[1]SZ[9]KM[7.5]TG[go]TO[size=9]"), "{text}");
    // a1 is the bottom-left corner: column a, ninth row from the top.
    assert!(text.contains(";B[ai];W[ia];B[];W[ee])"), "{text}");
    // Hex rows count from the top, as its cells do.
    let h = crate::load("hex", &[("size".into(), "5".into())]).unwrap();
    let rec = Record {
        game: "hex".into(),
        options: vec![],
        position: None,
        moves: vec!["a1".into(), "e5".into()],
        header: Default::default(),
    };
    let text = write_sgf(&h, &rec).unwrap();
    assert!(text.contains("GM[11]SZ[5]"), "{text}");
    assert!(text.contains(";B[aa];W[ee])"), "{text}");
}

/// The opening of a published game in the style of the usual Go archives: game
/// information, comments, a variation, `tt` for a pass in FF[3] style.
#[test]
fn a_hand_written_go_record_loads() {
    let text = "(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[0]\n\
        PB[Honinbo Shusaku]PW[Gennan Inseki]DT[1846-09-11]RE[B+2]\n\
        C[The \"ear-reddening game\": its first moves.]\n\
        ;B[qd];W[dc];B[pq];W[oc];B[cp];W[cf]\n\
        (;B[ep]C[the game went on here];W[tt])\n\
        (;B[fq]C[a variation]))\n";
    let sgf = parse_sgf(text).unwrap();
    assert_eq!(sgf.record.game, "go");
    assert_eq!(
        sgf.record.options,
        vec![
            ("size".to_string(), "19".to_string()),
            ("komi".into(), "0".into())
        ]
    );
    assert_eq!(
        sgf.record.moves,
        ["r16", "d17", "q3", "p17", "c4", "c14", "e4", "pass"]
    );
    assert_eq!(
        sgf.warnings,
        vec!["1 variation skipped: only the main line is read"]
    );
}

#[test]
fn handicap_stones_set_up_the_start() {
    let text = "(;GM[1]FF[4]SZ[9]KM[0.5]HA[2]AB[cc][gg]PL[W];W[ee];B[ce])";
    let sgf = parse_sgf(text).unwrap();
    let rec = &sgf.record;
    assert!(rec.position.is_some());
    assert_eq!(rec.moves, ["e5", "c5"]);
    let g = crate::load("go", &rec.options).unwrap();
    let state = final_state(rec);
    let black = g
        .pieces
        .iter()
        .position(|p| p.owner == Some(Player(0)))
        .unwrap();
    let at = |name: &str| state.at(g.board().cell_by_name(name).unwrap()).index();
    assert_eq!(at("c7"), black);
    assert_eq!(at("g3"), black);
    // Written back: setup stones and the player to move.
    let out = write_sgf(&g, rec).unwrap();
    assert!(out.contains("TO[komi=0.5]AB[gg][cc]PL[W]"), "{out}");
    assert_eq!(parse_sgf(&out).unwrap().record, *rec);
}

#[test]
fn unknown_properties_warn_and_other_games_use_their_notation() {
    let text = "(;FF[4]TG[tictactoe]XX[1]YY[2];B[b2]ZZ[3];W[a1])";
    let sgf = parse_sgf(text).unwrap();
    assert_eq!(sgf.record.moves, ["b2", "a1"]);
    assert_eq!(
        sgf.warnings,
        vec![
            "line 1: unknown property XX ignored",
            "line 1: unknown property YY ignored",
            "line 1: unknown property ZZ ignored",
        ]
    );
}

#[test]
fn malformed_text_is_an_error_with_its_line() {
    let cases: &[(&str, &str)] = &[
        ("", "line 1: no game tree: SGF begins with '(;'"),
        (
            "(;GM[1]SZ[9]\n;B[ee]",
            "line 2: the text ends inside the '(' opened on line 1",
        ),
        ("(;GM[1]))", "line 1: ')' closes no '('"),
        ("(;GM[1]\nC[open", "line 2: the value of C has no ']'"),
        ("(;GM[1];B)", "line 1: property B has no value"),
        ("(GM[1])", "line 1: a property outside a node (missing ';')"),
        (
            "(;GM[99])",
            "line 1: GM[99] is not a game tabletop knows (1 Go, 2 Othello, 11 Hex)",
        ),
        ("(;GM[1]SZ[nine])", "line 1: SZ[nine] is not a size"),
        ("(;GM[1]SZ[9]KM[x])", "line 1: KM[x] is not a number"),
        (
            "(;TG[/etc/passwd])",
            "line 1: the record names the game '/etc/passwd', which is not a shipped game; \
             a record never names a file to read",
        ),
        (
            "(;GM[1]\nTG[games/go.game];B[ee])",
            "line 2: the record names the game 'games/go.game', which is not a shipped game",
        ),
        (
            "(;GM[1]SZ[9];B[ee];W[ee])",
            "line 1: move 2: 'e5' is not a legal move here",
        ),
        (
            "(;GM[1]SZ[9];B[ee];B[ff])",
            "line 1: move 2: B[ff] but White is to move",
        ),
        (
            "(;GM[1]SZ[9];B[zz])",
            "line 1: move 1: 'zz' is not a legal move",
        ),
        (
            "(;TG[intellector])",
            "line 1: Intellector is not on a square or hex-rhombus board",
        ),
        (
            "(;TG[connect4]SZ[9])",
            "line 1: SZ[9] but Connect Four's board is 7 × 6",
        ),
    ];
    for (text, want) in cases {
        match parse_sgf(text) {
            Ok(g) => panic!("{text:?} was read: {g:?}"),
            Err(e) => {
                let e = e.to_string();
                assert!(e.starts_with(want), "{text:?}: {e}");
            }
        }
    }
    let huge = "(;GM[1]".to_string() + &" ".repeat(MAX_SGF_BYTES) + ")";
    assert!(parse_sgf(&huge)
        .unwrap_err()
        .message
        .contains("is not read"));
    // Deep nesting is counted, not recursed.
    let deep = "(;GM[1]SZ[9]".to_string() + &"(;B[ee]".repeat(100_000) + &")".repeat(100_001);
    let e = parse_sgf(&deep).unwrap_err().to_string();
    assert!(e.contains("move 2: B[ee] but White is to move"), "{e}");
}
