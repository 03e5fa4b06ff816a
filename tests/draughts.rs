//! English draughts (`games/draughts.game`): each rule as an exact move list from a set-up
//! position, then the endings.
//!
//! Cells are the 32 dark squares, numbered 1–32 from Black's side (the top), row by row,
//! left to right: row 8 holds 1–4 (b8 d8 f8 h8), row 7 holds 5–8 (a7 c7 e7 g7), and so on
//! down to 29–32 (a1 c1 e1 g1) on row 1. Black moves down (to higher numbers), White up.
//! Moves are written `11-15`, jumps `9x18x25` (every landing cell), and a man that reaches
//! the far row is crowned; the move text does not say so (there is only one way to crown).
//!
//! Plain perft counts from the start are data in `tests/perft/draughts.perft`.

use tabletop::{Game, Outcome, Player, State};

const BLACK: Player = Player(0);
const WHITE: Player = Player(1);

fn draughts() -> Game {
    tabletop::load_shipped("draughts", &[]).expect("draughts compiles")
}

/// A position in position notation from numbered cells: `pieces` pairs a symbol (`b`, `w`,
/// `B`, `W`) with its cells; `rest` is what follows the cells (side to move, ply, quiet=N).
fn position(pieces: &[(char, &[u8])], rest: &str) -> String {
    let mut cells = ['.'; 32];
    for &(symbol, list) in pieces {
        for &n in list {
            assert!((1..=32).contains(&n), "no cell {n}");
            assert_eq!(cells[n as usize - 1], '.', "cell {n} given twice");
            cells[n as usize - 1] = symbol;
        }
    }
    let rows: Vec<String> = cells
        .chunks(4)
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {rest}", rows.join("/"))
}

fn parse(game: &Game, text: &str) -> State {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn setup(game: &Game, pieces: &[(char, &[u8])], rest: &str) -> State {
    parse(game, &position(pieces, rest))
}

/// Every legal move as written, sorted.
fn moves(game: &Game, state: &State) -> Vec<String> {
    let mut v: Vec<String> = game
        .legal_moves_vec(state)
        .into_iter()
        .map(|m| game.move_to_string(state, m))
        .collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays moves as written, separated by spaces; each must be legal and print back the same.
fn play(game: &Game, state: &mut State, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = game
            .parse_move(state, text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", game.position_to_string(state)));
        assert_eq!(game.move_to_string(state, mv), text, "prints back");
        game.make(state, mv);
    }
}

/// The cells part and side to move of the position (the ply and quiet count dropped).
fn board_of(game: &Game, state: &State) -> String {
    let text = game.position_to_string(state);
    let mut fields = text.split_whitespace();
    format!("{} {}", fields.next().unwrap(), fields.next().unwrap())
}

// ---------------------------------------------------------------------------------------
// The board and the start

#[test]
fn cells_are_numbered_from_blacks_side() {
    let game = draughts();
    assert_eq!(game.board().len(), 32, "only the dark cells");
    let start = game.start();
    assert_eq!(
        game.position_to_string(&start),
        position(
            &[
                ('b', &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
                ('w', &[21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32])
            ],
            "Black 0"
        )
    );
    assert_eq!(
        game.position_to_string(&start),
        "bbbb/bbbb/bbbb/4/4/wwww/wwww/wwww Black 0"
    );
    // Every cell is named by its number.
    for n in 1..=32 {
        let id = game
            .board()
            .cell_by_name(&n.to_string())
            .unwrap_or_else(|| panic!("no cell {n}"));
        assert_eq!(game.board().cells[id.index()].name, n.to_string());
    }
    assert_eq!(start.to_move(), BLACK, "Black moves first");
    assert_eq!(
        moves(&game, &start),
        sorted(&["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"])
    );
    let mut s = start.clone();
    play(&game, &mut s, "11-15");
    assert_eq!(s.to_move(), WHITE);
    assert_eq!(
        moves(&game, &s),
        sorted(&["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"])
    );
}

#[test]
fn men_step_only_forward() {
    let game = draughts();
    // A Black man on 18 (d4) with White men behind it on 14 and 15: it may not capture
    // backwards, so only its forward steps remain.
    let s = setup(&game, &[('b', &[18]), ('w', &[14, 15])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["18-22", "18-23"]));
    // A White man on 18 with Black men behind it on 22 and 23 likewise.
    let s = setup(&game, &[('w', &[18]), ('b', &[22, 23])], "White");
    assert_eq!(moves(&game, &s), sorted(&["18-14", "18-15"]));
    // On the edge a man has one step.
    let s = setup(&game, &[('b', &[12]), ('w', &[32])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["12-16"]));
    let s = setup(&game, &[('b', &[1]), ('w', &[21])], "White");
    assert_eq!(moves(&game, &s), sorted(&["21-17"]));
}

// ---------------------------------------------------------------------------------------
// Captures

#[test]
fn a_capture_is_forced() {
    let game = draughts();
    // Black's man on 14 can take 18 (landing on 23); the man on 1 could step to 5 or 6, but
    // a capture exists, so no plain move is legal.
    let s = setup(&game, &[('b', &[1, 14]), ('w', &[18, 32])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["14x23"]));
    assert!(game.parse_move(&s, "1-5").is_err(), "plain move refused");
    let mut s2 = s.clone();
    play(&game, &mut s2, "14x23");
    assert_eq!(
        board_of(&game, &s2),
        position(&[('b', &[1, 23]), ('w', &[32])], "White"),
        "the jumped man is removed"
    );
    // Without the White man on 18 the plain moves are back.
    let s = setup(&game, &[('b', &[1, 14]), ('w', &[32])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["1-5", "1-6", "14-17", "14-18"]));
    // The same for White: its man on 23 must take 19, not step.
    let s = setup(&game, &[('w', &[23, 30]), ('b', &[19, 1])], "White");
    assert_eq!(moves(&game, &s), sorted(&["23x16"]));
}

#[test]
fn a_multi_jump_is_one_move_naming_every_landing() {
    let game = draughts();
    // 9 jumps 14 to 18, then 22 to 25: one move, and it cannot stop on 18.
    let mut s = setup(&game, &[('b', &[9]), ('w', &[14, 22, 32])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["9x18x25"]));
    assert!(game.parse_move(&s, "9x18").is_err(), "no stopping half way");
    play(&game, &mut s, "9x18x25");
    assert_eq!(
        board_of(&game, &s),
        position(&[('b', &[25]), ('w', &[32])], "White"),
        "both jumped men are gone"
    );
    // Three jumps: 1 over 6, 14 and 22.
    let mut s = setup(&game, &[('b', &[1]), ('w', &[6, 14, 22, 32])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["1x10x17x26"]));
    play(&game, &mut s, "1x10x17x26");
    assert_eq!(
        board_of(&game, &s),
        position(&[('b', &[26]), ('w', &[32])], "White")
    );
}

#[test]
fn two_capture_paths_are_two_moves() {
    let game = draughts();
    // After 9x18 the man may go on over 22 (to 25) or over 23 (to 27).
    let s = setup(&game, &[('b', &[9]), ('w', &[14, 22, 23])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["9x18x25", "9x18x27"]));
    let mut left = s.clone();
    play(&game, &mut left, "9x18x25");
    assert_eq!(
        board_of(&game, &left),
        position(&[('b', &[25]), ('w', &[23])], "White")
    );
    let mut right = s.clone();
    play(&game, &mut right, "9x18x27");
    assert_eq!(
        board_of(&game, &right),
        position(&[('b', &[27]), ('w', &[22])], "White")
    );
    // Paths of different lengths are both legal: English draughts has no majority rule.
    // 10 takes 14 and then 22 (to 26), or takes 15 alone (to 19).
    let s = setup(&game, &[('b', &[10]), ('w', &[14, 15, 22])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["10x17x26", "10x19"]));
}

#[test]
fn a_man_never_jumps_backwards_even_mid_sequence() {
    let game = draughts();
    // 9 takes 14 and lands on 18; from there 15 lies behind it (towards 11), which only a
    // king could take.
    let s = setup(&game, &[('b', &[9]), ('w', &[14, 15])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["9x18"]));
}

// ---------------------------------------------------------------------------------------
// Crowning

#[test]
fn a_man_reaching_the_last_row_is_crowned() {
    let game = draughts();
    // An uncrowned man on its crown row is a position the rules never reach: refused.
    let err = game
        .parse_position(&position(&[('b', &[26]), ('w', &[1])], "Black"))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad position: White's man on 1: no rule can bring it there from where the game starts"
    );
    let s = setup(&game, &[('b', &[26]), ('W', &[1])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["26-30", "26-31"]));
    let mut s2 = s.clone();
    play(&game, &mut s2, "26-31");
    assert_eq!(
        board_of(&game, &s2),
        position(&[('B', &[31]), ('W', &[1])], "White")
    );
    // White is crowned on row 8.
    let mut s = setup(&game, &[('w', &[5]), ('B', &[32])], "White");
    assert_eq!(moves(&game, &s), sorted(&["5-1"]));
    play(&game, &mut s, "5-1");
    assert_eq!(
        board_of(&game, &s),
        position(&[('W', &[1]), ('B', &[32])], "Black")
    );
}

#[test]
fn crowning_ends_the_move() {
    let game = draughts();
    // 15 takes 18 (to 22) and 26 (to 31, row 1): it is crowned there, and the move ends,
    // although a king on 31 could go on over 27 to 24.
    let s = setup(&game, &[('b', &[15]), ('w', &[18, 26, 27])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["15x22x31"]));
    let mut after = s.clone();
    play(&game, &mut after, "15x22x31");
    assert_eq!(
        board_of(&game, &after),
        position(&[('B', &[31]), ('w', &[27])], "White")
    );
    // The same cells with a king already on 31: that jump would be legal.
    let king = setup(&game, &[('B', &[31]), ('w', &[27])], "Black");
    assert_eq!(moves(&game, &king), sorted(&["31x24"]));
    // A single jump onto the crown row, with a further jump for a king from there.
    let s = setup(&game, &[('b', &[22]), ('w', &[26, 27])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["22x31"]));
    // White: 19 takes 15 (to 10) and 7 (to 3, row 8); a king on 3 could take 8 (to 12).
    let s = setup(&game, &[('w', &[19]), ('b', &[15, 7, 8])], "White");
    assert_eq!(moves(&game, &s), sorted(&["19x10x3"]));
    let king = setup(&game, &[('W', &[3]), ('b', &[8])], "White");
    assert_eq!(moves(&game, &king), sorted(&["3x12"]));
}

// ---------------------------------------------------------------------------------------
// Kings

#[test]
fn kings_move_both_ways() {
    let game = draughts();
    let s = setup(&game, &[('B', &[18]), ('W', &[1])], "Black");
    assert_eq!(
        moves(&game, &s),
        sorted(&["18-14", "18-15", "18-22", "18-23"])
    );
    let s = setup(&game, &[('W', &[18]), ('B', &[32])], "White");
    assert_eq!(
        moves(&game, &s),
        sorted(&["18-14", "18-15", "18-22", "18-23"])
    );
    // Kings step one cell only (no flying kings), and stay kings.
    let s = setup(&game, &[('B', &[29]), ('W', &[4])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["29-25"]));
    let mut s2 = s.clone();
    play(&game, &mut s2, "29-25");
    assert_eq!(
        board_of(&game, &s2),
        position(&[('B', &[25]), ('W', &[4])], "White")
    );
}

#[test]
fn kings_capture_backwards() {
    let game = draughts();
    // A Black king on 22 takes 18 going up the board (to 15).
    let s = setup(&game, &[('B', &[22]), ('w', &[18])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["22x15"]));
    // A White king on 14 takes 18 going down the board (to 23).
    let s = setup(&game, &[('W', &[14]), ('b', &[18])], "White");
    assert_eq!(moves(&game, &s), sorted(&["14x23"]));
    // A king's multi-jump goes on backwards: 25 over 22 to 18, over 15 to 11.
    let mut s = setup(
        &game,
        &[('B', &[25]), ('w', &[22, 15]), ('W', &[4])],
        "Black",
    );
    assert_eq!(moves(&game, &s), sorted(&["25x18x11"]));
    play(&game, &mut s, "25x18x11");
    assert_eq!(
        board_of(&game, &s),
        position(&[('B', &[11]), ('W', &[4])], "White")
    );
    // ... and may turn: 25 over 22 to 18, then back down over 23 to 27.
    let s = setup(&game, &[('B', &[25]), ('w', &[22, 23])], "Black");
    assert_eq!(moves(&game, &s), sorted(&["25x18x27"]));
}

// ---------------------------------------------------------------------------------------
// Endings

#[test]
fn a_player_with_no_move_loses() {
    let game = draughts();
    // White's 20-16 leaves Black's man on 12 blocked: it cannot step to 16, nor jump it
    // (19 is taken).
    let mut s = setup(&game, &[('b', &[12]), ('w', &[19, 20])], "White");
    assert_eq!(game.outcome(&s), None);
    play(&game, &mut s, "20-16");
    assert!(game.legal_moves_vec(&s).is_empty());
    let outcome = game.outcome(&s).expect("Black cannot move");
    assert_eq!(outcome.winner(2), Some(WHITE), "{outcome:?}");
    // Losing the last piece is the same thing: 23x16 takes Black's only man.
    let mut s = setup(&game, &[('b', &[19]), ('w', &[23])], "White");
    play(&game, &mut s, "23x16");
    assert_eq!(game.outcome(&s).and_then(|o| o.winner(2)), Some(WHITE));
    // And the other way round.
    let s = setup(&game, &[('b', &[4])], "White");
    assert_eq!(game.outcome(&s).and_then(|o| o.winner(2)), Some(BLACK));
}

#[test]
fn forty_moves_without_progress_draw() {
    let game = draughts();
    // Two kings: their moves are quiet. 80 quiet plies (40 moves each) draw.
    let mut s = parse(
        &game,
        &position(&[('B', &[1]), ('W', &[32])], "Black 100 quiet=78"),
    );
    assert_eq!(s.quiet_plies(), 78);
    play(&game, &mut s, "1-5");
    assert_eq!(s.quiet_plies(), 79);
    assert_eq!(game.outcome(&s), None, "79 quiet plies: not yet");
    assert_eq!(
        game.position_to_string(&s),
        position(&[('B', &[5]), ('W', &[32])], "White 101 quiet=79")
    );
    play(&game, &mut s, "32-27");
    assert_eq!(s.quiet_plies(), 80);
    assert_eq!(game.outcome(&s), Some(Outcome::Draw));
    assert!(
        game.legal_moves_vec(&s).is_empty(),
        "no moves after the end"
    );

    // A man's move is progress: the count starts again.
    let mut s = parse(
        &game,
        &position(
            &[('B', &[1]), ('W', &[32]), ('w', &[21])],
            "Black 100 quiet=78",
        ),
    );
    play(&game, &mut s, "1-5 21-17");
    assert_eq!(s.quiet_plies(), 0);
    assert_eq!(game.outcome(&s), None);
    assert_eq!(
        game.position_to_string(&s),
        position(&[('B', &[5]), ('W', &[32]), ('w', &[17])], "Black 102")
    );
    // So is a capture, by a man or by a king.
    let mut s = parse(
        &game,
        &position(
            &[('B', &[1]), ('W', &[32]), ('b', &[11]), ('w', &[15])],
            "White 100 quiet=79",
        ),
    );
    assert_eq!(moves(&game, &s), sorted(&["15x8"]));
    play(&game, &mut s, "15x8");
    assert_eq!(s.quiet_plies(), 0);
    assert_eq!(game.outcome(&s), None);
    let mut s = parse(
        &game,
        &position(
            &[('B', &[22]), ('W', &[32]), ('w', &[18])],
            "Black 100 quiet=79",
        ),
    );
    play(&game, &mut s, "22x15");
    assert_eq!(s.quiet_plies(), 0);
    assert_eq!(game.outcome(&s), None);
}

#[test]
fn compact_notation_names_one_move_when_cell_names_are_numbers() {
    // 21x14 and 2x11x4 would both be `2114` with the separators dropped.
    let game = draughts();
    let state = parse(&game, "1W2/2bb/4/4/bb1w/w3/3w/w3 White 43");
    let list = game.legal_moves_vec(&state);
    let compact: Vec<String> = list
        .iter()
        .map(|&m| game.move_to_compact(&state, m))
        .collect();
    assert!(compact.contains(&"21x14".to_string()), "{compact:?}");
    assert!(compact.contains(&"2x11x4".to_string()), "{compact:?}");
    for &m in &list {
        for text in [
            game.move_to_compact(&state, m),
            game.move_to_string(&state, m),
        ] {
            assert_eq!(game.parse_move(&state, &text), Ok(m), "{text}");
            let same = list
                .iter()
                .filter(|&&o| {
                    game.move_to_compact(&state, o) == text
                        || game.move_to_string(&state, o) == text
                })
                .count();
            assert_eq!(same, 1, "{text} names {same} moves");
        }
    }
}
