//! Intellector: one scenario per rule (see docs/rules/intellector.md), with exact
//! move lists; perft from the start; a scripted console game; the AI beats random play.
//!
//! Positions are written with [`pos`] from a list of pieces such as `"Ie3 Fd3 ie7"`
//! (symbol, then cell) so a reader can see what stands where; it produces ordinary position
//! notation (columns a..i, each bottom to top, joined by '/').

use std::io::Write;
use std::process::{Command, Stdio};

use tabletop::ai::AiSettings;
use tabletop::engine::{Game, Outcome, Player, State};
use tabletop::tools::tournament::{self, PlayerSpec};

const WHITE: Player = Player(0);
const BLACK: Player = Player(1);

fn game() -> Game {
    tabletop::load_shipped("intellector", &[]).expect("intellector compiles")
}

/// Position notation for the pieces in `pieces` (`"Ie3 Fd3 ie7"`: symbol then cell), with
/// `rest` after the cells (`"White"`, `"Black 80 quiet=59"`).
fn pos(pieces: &str, rest: &str) -> String {
    let heights = [7, 6, 7, 6, 7, 6, 7, 6, 7];
    let mut cols: Vec<Vec<Option<char>>> = heights.iter().map(|&h| vec![None; h]).collect();
    for p in pieces.split_whitespace() {
        let mut chars = p.chars();
        let symbol = chars.next().unwrap();
        let col = (chars.next().unwrap() as u8 - b'a') as usize;
        let rank: usize = chars.as_str().parse().unwrap();
        assert!(cols[col][rank - 1].is_none(), "{p}: cell used twice");
        cols[col][rank - 1] = Some(symbol);
    }
    let lines: Vec<String> = cols
        .iter()
        .map(|col| {
            let mut s = String::new();
            let mut run = 0;
            for c in col {
                match c {
                    None => run += 1,
                    Some(ch) => {
                        if run > 0 {
                            s += &run.to_string();
                            run = 0;
                        }
                        s.push(*ch);
                    }
                }
            }
            if run > 0 {
                s += &run.to_string();
            }
            s
        })
        .collect();
    format!("{} {rest}", lines.join("/"))
}

fn at(g: &Game, pieces: &str, rest: &str) -> State {
    let text = pos(pieces, rest);
    g.parse_position(&text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves, sorted.
fn moves(g: &Game, s: &State) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves_vec(s)
        .iter()
        .map(|&m| g.move_to_string(s, m))
        .collect();
    v.sort();
    v
}

/// The legal moves starting on `cell`, sorted.
fn moves_from(g: &Game, s: &State, cell: &str) -> Vec<String> {
    moves(g, s)
        .into_iter()
        .filter(|m| {
            m.starts_with(cell) && !m[cell.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

fn play(g: &Game, s: &mut State, text: &str) {
    for m in text.split_whitespace() {
        let mv = g
            .parse_move(s, m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", g.position_to_string(s)));
        g.make(s, mv);
    }
}

#[test]
fn position_helper_matches_the_start_position() {
    let g = game();
    let start = "Da1 Lb1 Ac1 Fd1 Ie1 Ff1 Ag1 Lh1 Di1 Pa2 Pc2 Pe2 Pg2 Pi2 \
                 da7 lb6 ac7 fd6 ie7 ff6 ag7 lh6 di7 pa6 pc6 pe6 pg6 pi6";
    assert_eq!(pos(start, "White 0"), g.position_to_string(&g.start()));
}

// ---------------------------------------------------------------- castling

#[test]
fn castling_white_with_either_defensor_listed_once_from_the_intellector() {
    let g = game();
    let s = at(&g, "Ie3 Fd3 Ff2 ie7", "White");
    // e3-d3 and e3-f2 are the swaps; the Defensors do not list d3-e3 or f2-e3.
    assert_eq!(
        moves(&g, &s),
        words(
            "d3-c3 d3-c4 d3-d2 d3-d4 d3-e4 \
             e3-d2 e3-d3 e3-e2 e3-e4 e3-f2 e3-f3 \
             f2-e2 f2-f1 f2-f3 f2-g2 f2-g3"
        )
    );
    let mut t = s.clone();
    play(&g, &mut t, "e3-d3");
    assert_eq!(
        g.position_to_string(&t),
        pos("Id3 Fe3 Ff2 ie7", "Black 1 quiet=1")
    );
    let mut t = s.clone();
    play(&g, &mut t, "e3-f2");
    assert_eq!(
        g.position_to_string(&t),
        pos("Fe3 Fd3 If2 ie7", "Black 1 quiet=1")
    );
}

#[test]
fn castling_black_both_ways() {
    let g = game();
    let s = at(&g, "Ie1 ie7 fd6 ff6", "Black");
    assert_eq!(
        moves(&g, &s),
        words(
            "d6-c6 d6-c7 d6-d5 d6-e6 \
             e7-d6 e7-e6 e7-f6 \
             f6-e6 f6-f5 f6-g6 f6-g7"
        )
    );
    let mut t = s.clone();
    play(&g, &mut t, "e7-f6");
    assert_eq!(
        g.position_to_string(&t),
        pos("Ie1 fe7 fd6 if6", "White 1 quiet=1")
    );
}

#[test]
fn castling_from_the_start_position() {
    let g = game();
    let s = g.start();
    assert_eq!(moves_from(&g, &s, "e1"), words("e1-d1 e1-f1"));
    assert_eq!(moves_from(&g, &s, "d1"), words("d1-d2"));
    assert_eq!(moves_from(&g, &s, "f1"), words("f1-f2"));
}

#[test]
fn no_castling_with_an_enemy_defensor_and_the_intellector_never_captures() {
    let g = game();
    // Enemy progressor e4, aggressor d3 and defensor d2 stand beside the Intellector.
    let s = at(&g, "Ie3 pe4 ad3 fd2 ie7", "White");
    assert_eq!(moves(&g, &s), words("e3-e2 e3-f2 e3-f3"));
}

// ---------------------------------------------------------------- promotion

#[test]
fn white_promotion_four_kinds_and_odd_top_cells_are_not_last_rank() {
    let g = game();
    // c6-c7 promotes. b6 (top of an odd column) is not the last rank: the Progressor there
    // is still a Progressor, and steps onto a7 or c7 promoting. The capture b6xa7 promotes
    // and, although b6 is beside the Intellector a6, offers no extra aura move.
    // d5-d6 reaches an odd top cell: no promotion.
    let s = at(&g, "Pc6 Pb6 Pd5 da7 Ia6 ie3", "White");
    assert_eq!(
        moves(&g, &s),
        words(
            "a6-a5 a6-b5 \
             b6-c7=A b6-c7=D b6-c7=F b6-c7=L \
             b6xa7=A b6xa7=D b6xa7=F b6xa7=L \
             c6-c7=A c6-c7=D c6-c7=F c6-c7=L c6-d6 \
             d5-d6 d5-e6"
        )
    );
    let mut t = s.clone();
    play(&g, &mut t, "d5-d6");
    assert_eq!(
        g.position_to_string(&t),
        pos("Pc6 Pb6 Pd6 da7 Ia6 ie3", "Black 1")
    );
    let mut t = s.clone();
    play(&g, &mut t, "b6xa7=F");
    assert_eq!(
        g.position_to_string(&t),
        pos("Pc6 Fa7 Pd5 Ia6 ie3", "Black 1")
    );
    let mut t = s;
    play(&g, &mut t, "c6-c7=L");
    assert_eq!(
        g.position_to_string(&t),
        pos("Lc7 Pb6 Pd5 da7 Ia6 ie3", "Black 1")
    );
}

#[test]
fn black_promotion_and_odd_bottom_cells() {
    let g = game();
    let s = at(&g, "pc2 pd2 Ie4 ie7", "Black");
    assert_eq!(
        moves(&g, &s),
        words(
            "c2-b1 c2-c1=a c2-c1=d c2-c1=f c2-c1=l c2-d1 \
             d2-d1 d2-e2 \
             e7-d6 e7-e6 e7-f6"
        )
    );
    let mut t = s;
    play(&g, &mut t, "c2-b1");
    assert_eq!(g.position_to_string(&t), pos("pb1 pd2 Ie4 ie7", "White 1"));
}

// ---------------------------------------------------------------- aura

#[test]
fn aura_morph_beside_own_intellector_only_when_the_kind_changes() {
    let g = game();
    // The Dominator c4 stands beside its Intellector c5: taking the aggressor d3 may turn it
    // into an Aggressor; taking the dominator c1 keeps it a Dominator (no second move).
    let s = at(&g, "Ic5 Dc4 ad3 dc1 ii4", "White");
    assert_eq!(
        moves_from(&g, &s, "c4"),
        words(
            "c4-a3 c4-a5 c4-b3 c4-b4 c4-c2 c4-c3 c4-d4 c4-e5 c4-f5 c4-g6 c4-h6 c4-i7 \
             c4xc1 c4xd3 c4xd3=A"
        )
    );
    let mut t = s;
    play(&g, &mut t, "c4xd3=A");
    assert_eq!(g.position_to_string(&t), pos("Ic5 Ad3 dc1 ii4", "Black 1"));
}

#[test]
fn aura_not_offered_away_from_the_intellector() {
    let g = game();
    let s = at(&g, "Ia1 Dg2 ag5 ii7", "White");
    assert_eq!(
        moves_from(&g, &s, "g2"),
        words(
            "g2-a5 g2-b4 g2-c4 g2-d3 g2-e1 g2-e3 g2-f1 g2-f2 g2-g1 g2-g3 g2-g4 \
             g2-h1 g2-h2 g2-i1 g2-i3 g2xg5"
        )
    );
}

#[test]
fn aura_for_progressors_and_for_black() {
    let g = game();
    let s = at(&g, "Ie3 Pd3 ld4 ii7", "White");
    assert_eq!(moves_from(&g, &s, "d3"), words("d3-c4 d3-e4 d3xd4 d3xd4=L"));
    let s = at(&g, "ie7 fd6 Pd5 Ia1", "Black");
    assert_eq!(
        moves_from(&g, &s, "d6"),
        words("d6-c6 d6-c7 d6-e6 d6xd5 d6xd5=p")
    );
}

/// The rules' letter (section 9: "captures an enemy piece") and the site's
/// `Rules.possiblePlys`: beside its Intellector, a piece that takes the enemy Intellector may
/// become one, a move of its own, written apart from the plain capture; either ends the game.
#[test]
fn aura_on_the_enemy_intellector_is_a_move_of_its_own() {
    let g = game();
    let s = at(&g, "Ic5 Dc4 ic2", "White");
    let captures: Vec<String> = moves_from(&g, &s, "c4")
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(captures, words("c4xc2 c4xc2=I"));
    for (text, after) in [("c4xc2", "Ic5 Dc2"), ("c4xc2=I", "Ic5 Ic2")] {
        let mut t = s.clone();
        play(&g, &mut t, text);
        assert_eq!(g.position_to_string(&t), pos(after, "Black 1"), "{text}");
        assert_eq!(g.outcome(&t), Some(Outcome::Win(WHITE)), "{text}");
    }
    // Away from its Intellector the taker keeps its kind.
    let s = at(&g, "Ia1 Dc4 ic2", "White");
    assert!(g.parse_move(&s, "c4xc2=I").is_err());
}

/// The aura capture of the Intellector, as Black plays it at ply 4 (one of the two moves that
/// make perft 4 1,462,872), round-trips through the move notation (long and compact), a game
/// record, and `tabletop convert`.
#[test]
fn aura_capture_of_the_intellector_round_trips() {
    use tabletop::io::record::Record;
    let g = game();
    let line = ["e1-d1", "e7-f6", "d1-d2", "g7xd2=i"];
    let mut s = g.start();
    play(&g, &mut s, &line[..3].join(" "));
    let takes: Vec<String> = moves_from(&g, &s, "g7")
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(takes, words("g7xd2 g7xd2=i"));
    for mv in g.legal_moves_vec(&s) {
        let long = g.move_to_string(&s, mv);
        let compact = g.move_to_compact(&s, mv);
        assert_eq!(g.parse_move(&s, &long), Ok(mv), "{long}");
        assert_eq!(g.parse_move(&s, &compact), Ok(mv), "{compact} ({long})");
    }
    let mut end = s.clone();
    play(&g, &mut end, line[3]);
    assert_eq!(g.outcome(&end), Some(Outcome::Win(BLACK)));
    // Column d (d1 up to d6): a Black Intellector on d2, where the plain capture leaves an
    // Aggressor.
    let column_d = |s: &State| g.position_to_string(s).split('/').nth(3).map(String::from);
    assert_eq!(column_d(&end).as_deref(), Some("1i3f"));
    let mut plain = s.clone();
    play(&g, &mut plain, "g7xd2");
    assert_eq!(column_d(&plain).as_deref(), Some("1a3f"));

    let rec = Record {
        game: "intellector".into(),
        moves: line.iter().map(|m| m.to_string()).collect(),
        ..Record::default()
    };
    let read = Record::parse(&rec.to_text()).expect("the record reads back");
    assert_eq!(read, rec);
    let mut replayed = g.start();
    play(&g, &mut replayed, &read.moves.join(" "));
    assert_eq!(g.position_to_string(&replayed), g.position_to_string(&end));

    let dir = std::env::temp_dir().join(format!("tabletop-intellector-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (from, to) = (dir.join("aura.txt"), dir.join("back.txt"));
    std::fs::write(&from, rec.to_text()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["convert", from.to_str().unwrap(), to.to_str().unwrap()])
        .output()
        .expect("tabletop runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let back = Record::parse(&std::fs::read_to_string(&to).unwrap()).unwrap();
    assert_eq!(back.moves, rec.moves);
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------- liberator

#[test]
fn liberator_steps_to_empty_and_jumps_over_anything() {
    let g = game();
    // Around the Liberator d3: own P d4 (jump to d5), enemy p c4 (no step capture; jump to
    // b4), empty d2 (step) with enemy f d1 behind (jump capture), empty c3 (step) with own P
    // b2 behind (no jump), empty e4 (step) with enemy a f4 behind (jump capture), enemy d e3
    // (no step capture; jump to f2).
    let s = at(&g, "Ld3 Pd4 pc4 fd1 Pb2 af4 de3 Ia1 ii7", "White");
    assert_eq!(
        moves_from(&g, &s, "d3"),
        words("d3-b4 d3-c3 d3-d2 d3-d5 d3-e4 d3-f2 d3xd1 d3xf4")
    );
    let mut t = s;
    play(&g, &mut t, "d3xf4");
    assert_eq!(
        g.position_to_string(&t),
        pos("Pd4 pc4 fd1 Pb2 Lf4 de3 Ia1 ii7", "Black 1")
    );
}

// ---------------------------------------------------------------- game end

#[test]
fn breakthrough_by_a_step_wins() {
    let g = game();
    let mut s = at(&g, "Ie6 id2", "White");
    assert_eq!(moves(&g, &s), words("e6-d5 e6-d6 e6-e5 e6-e7 e6-f5 e6-f6"));
    play(&g, &mut s, "e6-e7");
    assert_eq!(g.outcome(&s), Some(Outcome::Win(WHITE)));
    assert!(g.legal_moves_vec(&s).is_empty());
}

#[test]
fn breakthrough_by_castling_wins_for_either_side() {
    let g = game();
    // White: the Intellector d6 (not last rank) castles with the Defensor c7.
    let s = at(&g, "Id6 Fc7 Fe6 ie4", "White");
    assert_eq!(
        moves(&g, &s),
        words(
            "c7-b6 c7-c6 d6-c6 d6-c7 d6-d5 d6-e6 d6-e7 \
             e6-d5 e6-e5 e6-e7 e6-f5 e6-f6"
        )
    );
    let mut t = s;
    play(&g, &mut t, "d6-c7");
    assert_eq!(g.outcome(&t), Some(Outcome::Win(WHITE)));
    // Black: the Intellector b1 castles with the Defensor a1.
    let s = at(&g, "ib1 fa1 Ie4", "Black");
    assert_eq!(moves(&g, &s), words("a1-a2 b1-a1 b1-a2 b1-b2 b1-c1 b1-c2"));
    let mut t = s;
    play(&g, &mut t, "b1-a1");
    assert_eq!(g.outcome(&t), Some(Outcome::Win(BLACK)));
    assert!(g.legal_moves_vec(&t).is_empty());
}

#[test]
fn the_intellector_on_its_own_last_rank_in_a_set_up_position_has_won() {
    let g = game();
    let s = at(&g, "Ie7 ie4", "Black");
    assert_eq!(g.outcome(&s), Some(Outcome::Win(WHITE)));
    // The enemy's last rank means nothing: a White Intellector on a1 has not won.
    let s = at(&g, "Ia1 ie4", "White");
    assert_eq!(g.outcome(&s), None);
}

/// A set-up position without one side's Intellector is a finished game: taking it won,
/// whichever side the text puts on move (issue 21: it parsed as a live game).
#[test]
fn a_set_up_position_without_an_intellector_is_won_by_its_taker() {
    let g = game();
    for side in ["White", "Black"] {
        let s = at(&g, "Ie3 Fd3 Pa2 fd5 pa6", side);
        assert_eq!(g.outcome(&s), Some(Outcome::Win(WHITE)), "{side} to move");
        assert!(g.legal_moves_vec(&s).is_empty());
        assert_eq!(
            tabletop::engine::ending::describe_end(&g, &s).as_deref(),
            Some("White wins (captured the intellector)")
        );
    }
    // Both Intellectors on the board: a live game.
    let s = at(&g, "Ie3 Fd3 ie7 fd5", "White");
    assert_eq!(g.outcome(&s), None);
}

#[test]
fn capturing_the_intellector_wins_and_a_finished_game_has_no_moves() {
    let g = game();
    let mut s = at(&g, "Dc1 ic5 Ii2", "White");
    assert_eq!(
        moves(&g, &s),
        words(
            "c1-a2 c1-b1 c1-c2 c1-c3 c1-c4 c1-d1 c1-e2 c1-f2 c1-g3 c1-h3 c1-i4 c1xc5 \
             i2-h1 i2-h2 i2-i1 i2-i3"
        )
    );
    play(&g, &mut s, "c1xc5");
    assert_eq!(g.outcome(&s), Some(Outcome::Win(WHITE)));
    assert!(g.legal_moves_vec(&s).is_empty());
    assert!(g.is_over(&s));
}

#[test]
fn sixty_quiet_plies_draw_and_progress_resets_the_count() {
    let g = game();
    let s = at(&g, "Ie1 Da1 Pc2 ie7 aa5 Fd1", "White 80 quiet=59");
    for (quiet_move, why) in [
        ("a1-a2", "a Dominator move"),
        ("e1-e2", "an Intellector step"),
        ("e1-d1", "castling"),
    ] {
        let mut t = s.clone();
        play(&g, &mut t, quiet_move);
        assert_eq!(g.outcome(&t), Some(Outcome::Draw), "{why} is quiet");
        assert!(g.legal_moves_vec(&t).is_empty());
    }
    for (progress, why) in [("c2-c3", "a Progressor move"), ("a1xa5", "a capture")] {
        let mut t = s.clone();
        play(&g, &mut t, progress);
        assert_eq!(g.outcome(&t), None, "{why} makes progress");
        assert_eq!(t.quiet_plies(), 0, "{why} resets the count");
        assert!(!g.position_to_string(&t).contains("quiet="));
    }
    let s = at(&g, "Ie1 Da1 Pc2 ie7 aa5", "White 80 quiet=58");
    let mut t = s;
    play(&g, &mut t, "a1-a2");
    assert_eq!(g.outcome(&t), None);
    assert_eq!(
        g.position_to_string(&t),
        pos("Ie1 Da2 Pc2 ie7 aa5", "Black 81 quiet=59")
    );
    play(&g, &mut t, "e7-e6");
    assert_eq!(g.outcome(&t), Some(Outcome::Draw));
}

// ---------------------------------------------------------------- perft

#[test]
fn perft_from_the_start() {
    // The same numbers as the independent generator in tests/intellector_reference.rs and the
    // third one, written apart from the rules text alone, in tests/intellector_third.rs.
    let g = game();
    let mut s = g.start();
    let lines: Vec<String> = (1..=4)
        .map(|d| format!("{d} {}", tabletop::tools::perft::perft(&g, &mut s, d)))
        .collect();
    insta::assert_snapshot!(lines.join("\n"), @r"
    1 35
    2 1197
    3 42198
    4 1462872
    ");
}

// ---------------------------------------------------------------- console game

#[test]
fn scripted_console_game_screen() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args([
            "play",
            "intellector",
            "--white",
            "human",
            "--black",
            "human",
        ])
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tabletop");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"e2-e3\ne6-e5\nc1xg7\nf6xg7\n")
        .expect("write moves");
    drop(stdin);
    let out = child.wait_with_output().expect("run tabletop");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!stdout.contains('\x1b'), "no colour when piped");
    insta::assert_snapshot!("intellector_four_moves", stdout);
}

// ---------------------------------------------------------------- AI

#[test]
fn level_5_beats_random_in_at_least_19_of_20_games() {
    // Level 5 is alpha-beta to depth 6 without a time limit, so the result depends on the
    // seed only. The seats alternate: 10 games as White, 10 as Black.
    let g = game();
    let r = tournament::run(
        &g,
        &PlayerSpec::Ai(AiSettings::Level(5)),
        &PlayerSpec::Ai(AiSettings::Level(1)),
        20,
        2024,
        2,
    );
    let t = r.total();
    assert_eq!(t.games, 20);
    assert_eq!(r.by_seat(0).games, 10);
    assert!(t.a_wins >= 19, "{}", r.table());
}
