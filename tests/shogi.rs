//! Shogi and mini-shogi (`games/shogi.game`, `games/minishogi.game`) against fairy-stockfish:
//! perft counts recorded by `tests/oracles/shogi/record.py` (fairy-stockfish 11.1, `go
//! perft`) from each start and from positions with pieces in hand, promoted pieces, the
//! two-pawn rule and pawn-drop mates. Positions are recorded as SFEN; tabletop writes a
//! promoted piece with a letter of its own, so `+R` becomes `D` and so on.

use tabletop::tools::perft::perft;
use tabletop::Game;

mod common;

const RECORDED: &str = include_str!("oracles/shogi/perft.txt");

/// SFEN's promoted pieces as the rule files' letters.
const PROMOTED: [(&str, &str); 12] = [
    ("+R", "D"),
    ("+B", "H"),
    ("+S", "V"),
    ("+N", "M"),
    ("+L", "Y"),
    ("+P", "T"),
    ("+r", "d"),
    ("+b", "h"),
    ("+s", "v"),
    ("+n", "m"),
    ("+l", "y"),
    ("+p", "t"),
];

fn ours(sfen: &str) -> String {
    PROMOTED
        .iter()
        .fold(sfen.to_string(), |s, (from, to)| s.replace(from, to))
}

/// The recorded lines of `variant`: (SFEN, depth, nodes).
fn recorded(variant: &str) -> Vec<(String, u32, u64)> {
    RECORDED
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0] == variant).then(|| {
                (
                    f[1].to_string(),
                    f[2].parse().expect("a depth"),
                    f[3].parse().expect("a count"),
                )
            })
        })
        .collect()
}

fn load(name: &str) -> Game {
    tabletop::load_shipped(name, &[]).expect("the game compiles")
}

/// Every recorded count of `variant` up to `max_nodes` nodes, compared.
fn compare(variant: &str, max_nodes: u64) -> usize {
    let game = load(variant);
    let mut compared = 0;
    for (sfen, depth, nodes) in recorded(variant) {
        if nodes > max_nodes {
            continue;
        }
        let mut s = game
            .parse_position(&ours(&sfen))
            .unwrap_or_else(|e| panic!("{sfen}: {e}"));
        assert_eq!(perft(&game, &mut s, depth), nodes, "{sfen} perft {depth}");
        compared += 1;
    }
    compared
}

#[test]
fn shogi_perft_from_the_start_is_30_900_25470_719731() {
    let game = load("shogi");
    let mut s = game.start();
    assert_eq!(
        game.position_to_string(&s),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    );
    let counts: Vec<u64> = (1..=4).map(|d| perft(&game, &mut s, d)).collect();
    assert_eq!(counts, [30, 900, 25470, 719731]);
}

#[test]
fn minishogi_perft_from_the_start_matches_fairy_stockfish() {
    let game = load("minishogi");
    let mut s = game.start();
    assert_eq!(game.position_to_string(&s), "rbsgk/4p/5/P4/KGSBR b - 1");
    let counts: Vec<u64> = (1..=5).map(|d| perft(&game, &mut s, d)).collect();
    assert_eq!(counts, [14, 181, 2512, 35401, 533203]);
}

#[test]
fn shogi_positions_match_fairy_stockfish() {
    assert!(compare("shogi", 300_000) >= 20);
}

#[test]
fn minishogi_positions_match_fairy_stockfish() {
    assert!(compare("minishogi", 600_000) >= 16);
}

/// The deeper counts from the starts (shogi perft 5 = 19,861,490, mini-shogi perft 6 =
/// 8,276,188): about 1.5 s in release; in a build with debug assertions every move rehashes
/// the board from scratch, so they run in release only.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a release-build count (cargo test --release)"
)]
fn deep_perft_from_the_starts_matches_fairy_stockfish() {
    assert_eq!(compare("shogi", u64::MAX), 23);
    assert_eq!(compare("minishogi", u64::MAX), 19);
}

/// The recorded SFEN positions read back as written (hands in any order are one position).
#[test]
fn positions_with_hands_read_and_print_as_sfen() {
    let game = load("shogi");
    let sfen = "2sk5/lp5H1/4ng1p1/p1r3p2/PNp1G1PP1/t1sPgp3/3BPPN1P/LN1pR3y/2SGK2SL b 3P 141";
    let s = game.parse_position(sfen).expect("a position");
    assert_eq!(game.position_to_string(&s), sfen);
    let s = game
        .parse_position("4k4/9/9/9/9/9/9/9/4K4 b pPRrb 1")
        .expect("a position");
    assert_eq!(
        game.position_to_string(&s),
        "4k4/9/9/9/9/9/9/9/4K4 b RPrbp 1"
    );
    let err = game
        .parse_position("4k4/9/9/9/9/9/9/9/4K4 b K 1")
        .expect_err("no king in hand");
    assert!(
        err.to_string().contains("a king cannot wait in a hand"),
        "{err}"
    );
}

/// A live comparison: the recorded file is what fairy-stockfish says today (about 10 s; a
/// missing engine fails the test: `apt-get install -y fairy-stockfish`, which `.ci/run` does).
#[test]
fn recorded_counts_are_fairy_stockfish_s() {
    let fairy = common::program(
        "fairy-stockfish",
        "FAIRY_STOCKFISH",
        "apt-get install -y fairy-stockfish",
    );
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("shogi-perft.txt");
    let status = std::process::Command::new("python3")
        .arg("tests/oracles/shogi/record.py")
        .arg(&fairy)
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("python3 runs");
    assert!(status.success());
    let now = std::fs::read_to_string(&out).expect("the file");
    assert_eq!(now, RECORDED);
}

/// Along seeded random games (captures into the hands, drops, promotions), the hash a move
/// is foreseen to lead to is the hash making it leads to, unmaking restores the position,
/// and every position prints and reads back as itself.
#[test]
fn random_games_keep_hands_hashes_and_positions_consistent() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let mut rng = SmallRng::seed_from_u64(21);
    let mut moves = tabletop::MoveList::new();
    let (mut drops, mut captures) = (0, 0);
    for name in ["shogi", "minishogi"] {
        let game = load(name);
        for _ in 0..6 {
            let mut s = game.start();
            for _ in 0..200 {
                game.legal_moves(&s, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.gen_range(0..moves.len())];
                let text = game.move_to_string(&s, mv);
                drops += usize::from(text.contains('*'));
                // USI names no capture: the landing cell is taken.
                let landing = *mv.cells().last().expect("a move has cells");
                captures += usize::from(s.at(landing) != tabletop::engine::EMPTY);
                // USI: a drop's letter is a capital for either side (`P*5e`), a move is
                // written `7g7f` or `7g7f+`; reading is case-blind.
                assert!(is_usi(&text, name == "shogi"), "{name}: {text} is not USI");
                assert_eq!(game.parse_move(&s, &text.to_lowercase()), Ok(mv), "{text}");
                let foreseen = game.hash_after(&s, mv);
                let before = game.position_to_string(&s);
                game.make(&mut s, mv);
                assert_eq!(s.hash(), foreseen, "{name}: {before} {text}");
                game.unmake(&mut s);
                assert_eq!(game.position_to_string(&s), before, "{name}: unmake {text}");
                game.make(&mut s, mv);
                let now = game.position_to_string(&s);
                let back = game
                    .parse_position(&now)
                    .expect("a printed position reads back");
                assert_eq!(game.position_to_string(&back), now, "{name}");
            }
        }
    }
    assert!(
        drops > 50 && captures > 50,
        "{drops} drops, {captures} captures"
    );
}

/// Shogi with `notation fen` printed its positions as FEN and read them as SFEN, so its own
/// positions did not parse: FEN has no field for hands, so the compiler refuses the pair,
/// for any game with hands (shipped games' positions round-trip: `tests/selfcheck.rs` prints
/// and reads back every position along random games of each).
#[test]
fn notation_fen_with_hands_is_refused_at_compile_time() {
    for name in ["shogi", "minishogi"] {
        let source = tabletop::games::shipped_source(name).unwrap().replacen(
            "\nboard ",
            "\nnotation fen\nboard ",
            1,
        );
        let e = tabletop::compile_source(name, "x.game", &source, &[])
            .err()
            .unwrap_or_else(|| panic!("{name} with notation fen compiled"))
            .to_string();
        let rendered = match tabletop::compile_source(name, "x.game", &source, &[]) {
            Err(tabletop::LoadError::Rules { diagnostics, .. }) => diagnostics
                .iter()
                .map(|d| d.message.clone())
                .collect::<Vec<_>>()
                .join("\n"),
            _ => e,
        };
        assert!(
            rendered.contains("'notation fen' cannot write hands"),
            "{name}: {rendered}"
        );
    }
}

/// Whether `text` is a USI move on a board of 9 (or 5) files: `7g7f`, `7g7f+`, `P*5e`.
fn is_usi(text: &str, nine: bool) -> bool {
    let (files, ranks) = if nine { ('9', 'i') } else { ('5', 'e') };
    let square = |s: &[u8]| {
        s.len() == 2 && (b'1'..=files as u8).contains(&s[0]) && (b'a'..=ranks as u8).contains(&s[1])
    };
    let b = text.as_bytes();
    match b {
        [p, b'*', rest @ ..] => b"RBGSNLP".contains(p) && square(rest),
        [from @ .., b'+'] if from.len() == 4 => square(&from[..2]) && square(&from[2..]),
        _ => b.len() == 4 && square(&b[..2]) && square(&b[2..]),
    }
}

/// USI writes a drop's piece letter in capitals for both sides (`P*9h`, never `p*9h`), and
/// moves as `7g7f`, `8h2b+`; the lower case is still read.
#[test]
fn shogi_moves_are_written_as_usi_for_both_sides() {
    let game = load("shogi");
    let mut s = game.start();
    let mut written = Vec::new();
    for text in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "b*5e"] {
        let mv = game
            .parse_move(&s, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        written.push(game.move_to_string(&s, mv));
        game.make(&mut s, mv);
    }
    assert_eq!(written, ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "B*5e"]);
}
