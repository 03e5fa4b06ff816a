//! Go (`games/go.game`): captures, ko and superko, suicide, passes and area scoring, and a
//! replay of OpenSpiel's 7 x 7 record.

use std::collections::BTreeSet;

mod common;
use common::{oracle, JsonExt};

use tabletop::{Game, Outcome, PieceId, Player, State};

fn go(set: &[(&str, &str)]) -> Game {
    tabletop::load_shipped("go", &tabletop::option_pairs(set)).unwrap()
}

/// Plays `moves` from `state`, each of which must be legal.
fn play(game: &Game, state: &mut State, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = game
            .parse_move(state, m)
            .unwrap_or_else(|e| panic!("{m}: {e}\n{}", game.position_to_string(state)));
        game.make(state, mv);
    }
}

/// The words of the rule that refuses `text`, as `play` says them (`b2 refused: ko (…)`).
fn rule_refusal(g: &Game, s: &State, text: &str) -> Option<String> {
    g.why_illegal(s, text).map(|r| r.about(text).to_string())
}

fn legal(game: &Game, state: &State, m: &str) -> bool {
    game.parse_move(state, m).is_ok()
}

/// The classic ko shape with Black to capture at c2 (5 x 5):
/// ```text
/// 3 . X O . .
/// 2 X O . O .
/// 1 . X O . .
/// ```
const KO: &str = "5/5/1XO2/XO1O1/1XO2 Black";

#[test]
fn captures_remove_chains_without_liberties() {
    let g = go(&[("size", "5")]);
    let mut s = g.start();
    // White's two stones on the edge are taken together when Black closes their last liberty.
    play(&g, &mut s, "a2 a1 b2 b1 pass");
    assert_eq!(s.count(PieceId::new(2)), 2, "{}", g.position_to_string(&s));
    play(&g, &mut s, "c2 c1");
    assert_eq!(g.position_to_string(&s), "5/5/5/XXO2/2X2 White 7");
}

#[test]
fn simple_ko_is_refused_at_once_and_allowed_after_a_move_elsewhere() {
    for ko in ["positional", "situational", "simple"] {
        let g = go(&[("size", "5"), ("ko", ko)]);
        let mut s = g.parse_position(KO).unwrap();
        play(&g, &mut s, "c2");
        assert_eq!(s.count(PieceId::new(2)), 3, "{ko}: the ko stone is taken");
        assert!(
            !legal(&g, &s, "b2"),
            "{ko}: the immediate recapture is refused"
        );
        let why = rule_refusal(&g, &s, "b2").unwrap();
        let expect = match ko {
            "positional" => "b2 refused: positional superko (the board at the start)",
            "situational" => "b2 refused: situational superko (the situation at the start)",
            _ => "b2 refused: ko (the board at the start)",
        };
        assert_eq!(why, expect);
        // A move elsewhere (a ko threat and its answer) makes the recapture legal.
        play(&g, &mut s, "e5 a5");
        assert!(
            legal(&g, &s, "b2"),
            "{ko}: recapture after a move elsewhere"
        );
        play(&g, &mut s, "b2");
        assert_eq!(
            s.count(PieceId::new(1)),
            4,
            "{ko}: Black's c2 stone is taken back"
        );
        assert_eq!(
            rule_refusal(&g, &s, "c2"),
            Some(
                expect
                    .replace("b2", "c2")
                    .replace("at the start", "after ply 3")
            )
        );
    }
}

/// Three kos on a 9 x 9 board: A (a–d, rows 1–3) and C (a–d, rows 6–8) where Black can take,
/// B (f–i, rows 1–3) where White can take.
const TRIPLE_KO: &str = "9/1XO6/XO1O5/1XO6/9/9/1XO3XO1/XO1O1X1XO/1XO3XO1 Black";

#[test]
fn triple_ko_cycle_is_refused_by_superko_only() {
    // Black takes A, White takes B, Black takes C, White retakes A, Black retakes B: the
    // sixth capture (White retaking C) would bring back the board of the start.
    let cycle = "c2 g2 c7 b2 h2";
    for (ko, refused) in [
        ("positional", true),
        ("situational", true),
        ("simple", false),
    ] {
        let g = go(&[("ko", ko)]);
        let mut s = g.parse_position(TRIPLE_KO).unwrap();
        let start = s.hash();
        play(&g, &mut s, cycle);
        assert_eq!(legal(&g, &s, "b7"), !refused, "{ko}");
        if refused {
            let why = rule_refusal(&g, &s, "b7").unwrap();
            assert!(
                why.starts_with(&format!("b7 refused: {ko} superko (the ")),
                "{why}"
            );
            assert!(why.ends_with("at the start)"), "{why}");
        } else {
            play(&g, &mut s, "b7");
            assert_eq!(s.hash(), start, "the cycle is complete");
        }
    }
}

#[test]
fn positional_and_situational_superko_disagree() {
    // Two kos, A (Black can take) and B (White can take). Black takes A, White takes B, Black
    // passes, White retakes A: Black retaking B brings back the board of the start, but with
    // White to move where the start had Black to move.
    for (ko, refused) in [
        ("positional", true),
        ("situational", false),
        ("simple", false),
    ] {
        let g = go(&[("ko", ko)]);
        let mut s = g.parse_position(DOUBLE_KO).unwrap();
        play(&g, &mut s, "c2 g2 pass b2");
        assert_eq!(legal(&g, &s, "h2"), !refused, "{ko}");
        if refused {
            assert_eq!(
                rule_refusal(&g, &s, "h2").unwrap(),
                "h2 refused: positional superko (the board at the start)"
            );
        } else {
            assert_eq!(rule_refusal(&g, &s, "h2"), None);
        }
    }
}

/// Kos A (a–d, rows 1–3, Black can take at c2) and B (f–i, rows 1–3, White can take at g2).
const DOUBLE_KO: &str = "9/9/9/9/9/9/1XO3XO1/XO1O1X1XO/1XO3XO1 Black";

#[test]
fn suicide_is_refused_unless_allowed() {
    let g = go(&[("size", "5")]);
    let mut s = g.start();
    play(&g, &mut s, "a2 b2 b1");
    assert!(!legal(&g, &s, "a1"));
    assert_eq!(
        rule_refusal(&g, &s, "a1").unwrap(),
        "a1 refused: suicide (its chain would have no liberty)"
    );
    // Not suicide when it captures: the capture gives the stone its liberty.
    let mut t = g.parse_position("5/5/5/XO3/1XO2 White").unwrap();
    assert!(legal(&g, &t, "a1"));
    play(&g, &mut t, "a1");
    assert_eq!(g.position_to_string(&t), "5/5/5/XO3/O1O2 Black 1");

    // With suicide allowed, the chain takes itself off; a single stone doing so would bring
    // back the board before the move, which positional superko refuses.
    let g = go(&[("size", "5"), ("suicide", "yes")]);
    let mut s = g.start();
    play(&g, &mut s, "a2 b2 b1");
    assert_eq!(
        rule_refusal(&g, &s, "a1").unwrap(),
        "a1 refused: positional superko (the board after ply 3)"
    );
    let mut s = g.start();
    play(&g, &mut s, "a2 b1 b2 pass c1 a1");
    assert_eq!(
        g.position_to_string(&s),
        "5/5/5/XX3/2X2 Black 6",
        "a1 and b1 took themselves off"
    );
}

#[test]
fn two_passes_end_the_game_with_the_area_score() {
    let moves = "c1 d1 c2 d2 c3 d3 c4 d4 c5 d5 pass pass";
    // Black: 5 stones and 10 points of territory; White: 5 stones and 5 points.
    for (komi, outcome) in [
        ("4.5", Outcome::Win(Player(0))),
        ("5", Outcome::Draw),
        ("7.5", Outcome::Win(Player(1))),
    ] {
        let g = go(&[("size", "5"), ("komi", komi)]);
        let mut s = g.start();
        play(&g, &mut s, moves);
        assert_eq!(g.outcome(&s), Some(outcome), "komi {komi}");
        assert!(g.legal_moves_vec(&s).is_empty());
        insta::assert_snapshot!(
            format!("area_score_komi_{}", komi.replace('.', "_")),
            g.explain_end(&s).unwrap()
        );
    }
    // One pass does not end it.
    let g = go(&[("size", "5")]);
    let mut s = g.start();
    play(&g, &mut s, "c3 pass d3");
    assert_eq!(g.outcome(&s), None);
}

#[test]
fn a_large_capture_is_judged_on_the_position_make_reaches() {
    // White's 53 stones have one liberty, a1: Black takes them all.
    let g = go(&[]);
    let s = g
        .parse_position(
            "9/9/XXXXXXXXX/OOOOOOOOO/OOOOOOOOO/OOOOOOOOO/OOOOOOOOO/OOOOOOOOO/1OOOOOOOO Black",
        )
        .unwrap();
    let mv = g.parse_move(&s, "a1").unwrap();
    let mut t = s.clone();
    g.make(&mut t, mv);
    assert_eq!(t.count(PieceId::new(2)), 0);
    assert_eq!(g.hash_after(&s, mv), t.hash());
    // White may play on any of the 71 empty points (none brings back an earlier board), or pass.
    assert_eq!(g.legal_moves_vec(&t).len(), 81 - 10 + 1);
}

#[test]
fn a_pass_is_never_refused() {
    let g = go(&[("size", "5")]);
    let mut s = g.start();
    play(&g, &mut s, "pass pass");
    assert_eq!(
        g.outcome(&s),
        Some(Outcome::Win(Player(1))),
        "komi decides an empty board"
    );
}

/// OpenSpiel's random 7 x 7 game (komi 4.5): the same legal moves at every ply, except
/// moves our positional superko refuses (OpenSpiel plays them and calls the game a draw),
/// and the same result and final score.
#[test]
fn openspiel_7x7_replays() {
    let record = oracle("go_7x7.json");
    assert_eq!(record.field("game").str(), "go(board_size=7,komi=4.5)");
    let g = go(&[("size", "7"), ("komi", "4.5")]);
    let mut s = g.start();
    let plies = record.field("plies").arr();
    let mut superko_only = 0;
    for ply in plies {
        let at = format!("ply {}", ply.field("ply").num());
        let who = ply.field("player").num() as u8;
        assert_eq!(s.to_move(), Player(who), "{at}");
        let theirs: BTreeSet<String> = ply
            .field("legal")
            .strings()
            .iter()
            .map(|m| m[2..].to_lowercase())
            .collect();
        let ours: BTreeSet<String> = g
            .legal_moves_vec(&s)
            .iter()
            .map(|&m| g.move_to_string(&s, m))
            .collect();
        assert!(
            ours.is_subset(&theirs),
            "{at}: only ours {:?}",
            ours.difference(&theirs).collect::<Vec<_>>()
        );
        for m in theirs.difference(&ours) {
            let why = rule_refusal(&g, &s, m).unwrap_or_default();
            assert!(why.contains("superko"), "{at}: {m} is theirs only: {why}");
            superko_only += 1;
        }
        let played = ply.field("move").str()[2..].to_lowercase();
        assert!(ours.contains(&played), "{at}: {played}");
        play(&g, &mut s, &played);
    }
    assert_eq!(superko_only, 0, "this record never meets a superko");
    assert_eq!(g.outcome(&s), Some(Outcome::Win(Player(1))));
    // The final board, and its score counted here from OpenSpiel's drawing.
    let drawing: Vec<String> = record.field("final_state").strings()[2..9].to_vec();
    let mut rows = Vec::new();
    for line in &drawing {
        let cells: String = line[3..]
            .chars()
            .map(|c| if c == '+' { '.' } else { c })
            .collect();
        rows.push(cells);
    }
    let ours: Vec<String> = g
        .position_to_string(&s)
        .split(' ')
        .next()
        .unwrap()
        .split('/')
        .map(|r| {
            let mut out = String::new();
            for c in r.chars() {
                match c.to_digit(10) {
                    Some(n) => out.push_str(&".".repeat(n as usize)),
                    None => out.push(c),
                }
            }
            out
        })
        .collect();
    assert_eq!(ours, rows);
    let (mut black, mut white) = (0, 0);
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match ch {
                'X' => black += 1,
                'O' => white += 1,
                _ => {
                    // A single empty point here; its owner is the colour of all its neighbours.
                    let mut near = BTreeSet::new();
                    for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
                        let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                        if let Some(n) = rows
                            .get(rr as usize)
                            .and_then(|row| row.chars().nth(cc as usize))
                        {
                            near.insert(n);
                        }
                    }
                    assert!(
                        !near.contains(&'.'),
                        "the final board has single empty points only"
                    );
                    if near == BTreeSet::from(['X']) {
                        black += 1;
                    } else if near == BTreeSet::from(['O']) {
                        white += 1;
                    }
                }
            }
        }
    }
    assert_eq!(
        g.explain_end(&s).unwrap(),
        format!(
            "White wins: both players passed; area Black {black}, White {white} + 4.5 komi = {}.5",
            white + 4
        )
    );
}

#[test]
fn sampling_a_legal_move_draws_from_the_legal_moves_only_and_all_of_them() {
    // After Black's ko capture, White's recapture b2 is among the moves the stones could
    // make but refused; random playouts draw moves one at a time and must never play it.
    let g = go(&[("size", "5")]);
    let mut s = g.parse_position(KO).unwrap();
    play(&g, &mut s, "c2");
    let mut all = tabletop::MoveList::new();
    g.legal_moves(&s, &mut all);
    let legal: BTreeSet<String> = all.iter().map(|&m| g.move_to_string(&s, m)).collect();
    assert!(!legal.contains("b2"));
    let mut drawn = BTreeSet::new();
    let mut scratch = tabletop::MoveList::new();
    // Every fixed draw (always the first, always the last, always the k-th) and a cycling one.
    for k in 0..all.len() + 2 {
        let mv = g
            .sample_legal_move(&s, &mut scratch, |n| k.min(n - 1))
            .expect("a legal move");
        drawn.insert(g.move_to_string(&s, mv));
    }
    let mut turn = 0usize;
    for _ in 0..400 {
        let mv = g
            .sample_legal_move(&s, &mut scratch, |n| {
                turn = turn.wrapping_mul(31).wrapping_add(7);
                turn % n
            })
            .expect("a legal move");
        drawn.insert(g.move_to_string(&s, mv));
    }
    assert_eq!(drawn, legal);
}

#[test]
fn finding_one_legal_move_judges_it_as_the_legal_list_does() {
    // After Black's ko capture, White's b2 is a move the stones could make but refused:
    // looking for it finds nothing; looking for any other point finds the legal move there.
    let g = go(&[("size", "5")]);
    let mut s = g.parse_position(KO).unwrap();
    play(&g, &mut s, "c2");
    let mut all = tabletop::MoveList::new();
    g.legal_moves(&s, &mut all);
    let mut scratch = tabletop::MoveList::new();
    for &mv in &all {
        assert_eq!(g.find_legal_move(&s, &mut scratch, |m| m == mv), Some(mv));
    }
    let find = |name: &str, scratch: &mut tabletop::MoveList| {
        g.find_legal_move(&s, scratch, |m| g.move_to_string(&s, m) == name)
            .map(|m| g.move_to_string(&s, m))
    };
    assert_eq!(find("b2", &mut scratch), None);
    assert_eq!(find("e5", &mut scratch).as_deref(), Some("e5"));
}

#[test]
fn sampling_passes_or_finds_nothing_when_every_move_is_refused() {
    // Each side's rook shuttles along its own row. After a1-b1, a2-b2, b1-a1, B's only move
    // b2-a2 would bring back the start: refused, so B has no legal move.
    for (ending, expect) in [
        ("pass if no-moves", "a1-b1 a2-b2 b1-a1 pass"),
        ("loss if no-moves", "a1-b1 a2-b2 b1-a1"),
    ] {
        let src = format!(
            "game \"Shuttle\"\nplayers A, B\nboard square(2, 2)\n\
             piece rook = \"R\" for A, \"r\" for B\nsetup rook at a1 for A, a2 for B\n\
             move rook: step(e, to: empty), step(w, to: empty)\n\
             forbid repetition(2, positional)\n{ending}\n"
        );
        let g = tabletop::compile_source("shuttle", "shuttle.game", &src, &[]).unwrap();
        let mut s = g.start();
        let mut scratch = tabletop::MoveList::new();
        let mut played = Vec::new();
        while let Some(mv) = g.sample_legal_move(&s, &mut scratch, |n| n - 1) {
            played.push(g.move_to_string(&s, mv));
            if mv.is_forced_pass() {
                break;
            }
            g.make(&mut s, mv);
        }
        assert_eq!(played.join(" "), expect, "{ending}");
        let mut all = tabletop::MoveList::new();
        g.legal_moves(&s, &mut all);
        assert_eq!(
            all.len(),
            usize::from(ending.starts_with("pass")),
            "{ending}"
        );
    }
}

/// Go boards skip the letter i, as Go players and GTP write them: no cell and no move of a
/// 9 x 9, 13 x 13 or 19 x 19 game is in column `i`, and the ninth column is `j`.
#[test]
fn go_columns_skip_i_in_cells_and_moves() {
    for size in ["9", "13", "19"] {
        let g = go(&[("size", size)]);
        let names: Vec<&str> = g.board().cells.iter().map(|c| c.name.as_str()).collect();
        assert!(names.iter().all(|n| !n.starts_with('i')), "{size}");
        assert!(names.contains(&"j9") && names.contains(&"h1"), "{size}");
        let mut s = g.start();
        for ply in 0..40 {
            let moves = g.legal_moves_vec(&s);
            let texts: Vec<String> = moves.iter().map(|&m| g.move_to_string(&s, m)).collect();
            assert!(
                texts.iter().all(|t| !t.starts_with('i')),
                "{size}: {texts:?}"
            );
            // A spread of moves, the same every run: not always the first or the last.
            let Some(&mv) = moves.get((ply * 37 + 11) % moves.len().max(1)) else {
                break;
            };
            g.make(&mut s, mv);
        }
    }
    let g = go(&[("size", "9")]);
    assert!(
        g.parse_move(&g.start(), "i5").is_err(),
        "there is no column i"
    );
    assert!(g.parse_move(&g.start(), "j5").is_ok());
}
