//! Reversi (`games/reversi.game`): outflanking, flips, forced passes and the ending, each
//! as an exact move list or resulting position from a set-up position.
//!
//! Positions are written top row (row 8) first; `x` is Black, `o` White; cells are named
//! like chess squares (a1 bottom left). A forced pass is written `pass`.
//!
//! Perft counts from the start are data in `tests/perft/reversi.perft`; a whole game against
//! OpenSpiel is replayed in `tests/openspiel_othello.rs`.

use tabletop::{Game, Outcome, Player, State};

const BLACK: Player = Player(0);
const WHITE: Player = Player(1);

fn reversi() -> Game {
    tabletop::load_shipped("reversi", &[]).expect("reversi compiles")
}

fn parse(game: &Game, text: &str) -> State {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
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

/// Discs of each colour: (Black, White).
fn discs(game: &Game, state: &State) -> (usize, usize) {
    let board = game.position_to_string(state);
    let cells = board.split_whitespace().next().unwrap();
    (
        cells.chars().filter(|&c| c == 'x').count(),
        cells.chars().filter(|&c| c == 'o').count(),
    )
}

#[test]
fn the_start() {
    let game = reversi();
    let s = game.start();
    assert_eq!(game.position_to_string(&s), "8/8/8/3ox3/3xo3/8/8/8 Black 0");
    assert_eq!(s.to_move(), BLACK);
    assert_eq!(moves(&game, &s), sorted(&["c5", "d6", "e3", "f4"]));
    let mut s2 = s.clone();
    play(&game, &mut s2, "d6");
    assert_eq!(
        game.position_to_string(&s2),
        "8/8/3x4/3xx3/3xo3/8/8/8 White 1"
    );
    assert_eq!(moves(&game, &s2), sorted(&["c4", "c6", "e6"]));
}

#[test]
fn a_placement_must_outflank() {
    let game = reversi();
    let s = game.start();
    // f5 and c6 touch a White disc, but no Black disc closes the line beyond it; a1 touches
    // nothing.
    for cell in ["f5", "c6", "a1", "d4"] {
        assert!(
            game.parse_move(&s, cell).is_err(),
            "{cell} is not a legal placement"
        );
    }
    // A line of White discs that runs into the edge, or into an empty cell, is not closed.
    // (Row 8 gives Black one legal placement, a8, so that the game is not over.)
    let s = parse(&game, "1ox5/8/8/8/8/8/8/1oox4 Black");
    assert_eq!(moves(&game, &s), sorted(&["a1", "a8"]));
    let s = parse(&game, "1ox5/8/8/8/8/8/8/oox5 Black");
    assert_eq!(moves(&game, &s), sorted(&["a8"]));
    let s = parse(&game, "1ox5/8/8/8/8/8/8/1oo1x3 Black");
    assert_eq!(moves(&game, &s), sorted(&["a8"]));
}

#[test]
fn flips_in_several_directions_at_once() {
    let game = reversi();
    //   6 . . . . x . x .        Black plays e4:
    //   5 . . . . o o . .          west: d4 c4 closed by b4  -> flipped
    //   4 . x o o * o . .          north: e5 closed by e6     -> flipped
    //   3 . . . o . . . .          north-east: f5 by g6       -> flipped
    //                               east: f4 then g4 empty     -> stays
    //                               south-west: d3 then c2 empty -> stays
    let mut s = parse(&game, "8/8/4x1x1/4oo2/1xoo1o2/3o4/8/8 Black");
    // g4 closes f5 by e6 (north-west).
    assert_eq!(moves(&game, &s), sorted(&["e4", "g4"]));
    assert_eq!(discs(&game, &s), (3, 6));
    play(&game, &mut s, "e4");
    assert_eq!(
        game.position_to_string(&s),
        "8/8/4x1x1/4xx2/1xxxxo2/3o4/8/8 White 1"
    );
    assert_eq!(discs(&game, &s), (8, 2));
    assert_eq!(s.to_move(), WHITE);
}

#[test]
fn flips_stop_at_the_nearest_own_disc() {
    let game = reversi();
    // a1 closes b1 against c1; d1 and e1 lie beyond Black's c1 and stay White, even though
    // f1 is Black too.
    let mut s = parse(&game, "8/8/8/8/8/8/8/1oxoox2 Black");
    assert_eq!(moves(&game, &s), sorted(&["a1"]));
    play(&game, &mut s, "a1");
    assert_eq!(game.position_to_string(&s), "8/8/8/8/8/8/8/xxxoox2 White 1");
    // Every line, including diagonals, to the board's edge: h8 closes g7..b2 against a1.
    let mut s = parse(&game, "8/6o1/5o2/4o3/3o4/2o5/1o6/x7 Black");
    assert_eq!(moves(&game, &s), sorted(&["h8"]));
    play(&game, &mut s, "h8");
    assert_eq!(
        game.position_to_string(&s),
        "7x/6x1/5x2/4x3/3x4/2x5/1x6/x7 White 1"
    );
}

#[test]
fn a_player_without_a_placement_passes() {
    let game = reversi();
    // White's a1 is in the corner: Black cannot outflank it, so Black must pass; then White
    // takes b1 by playing c1.
    let mut s = parse(&game, "8/8/8/8/8/8/8/ox6 Black");
    assert_eq!(game.outcome(&s), None, "a pass is not the end");
    assert_eq!(moves(&game, &s), sorted(&["pass"]));
    play(&game, &mut s, "pass");
    assert_eq!(game.position_to_string(&s), "8/8/8/8/8/8/8/ox6 White 1");
    assert_eq!(s.to_move(), WHITE);
    assert_eq!(game.outcome(&s), None);
    assert_eq!(moves(&game, &s), sorted(&["c1"]));
    play(&game, &mut s, "c1");
    assert_eq!(game.position_to_string(&s), "8/8/8/8/8/8/8/ooo5 Black 2");
    // Black has no disc left, and nobody can move: White wins.
    assert_eq!(game.outcome(&s).and_then(|o| o.winner(2)), Some(WHITE));
    assert!(game.legal_moves_vec(&s).is_empty());

    // A pass is legal only when forced: with a placement, `pass` is refused.
    let s = game.start();
    assert!(game.parse_move(&s, "pass").is_err());
}

#[test]
fn after_a_pass_play_goes_on() {
    let game = reversi();
    //   5 . . x . .       Black cannot close a4 (on the edge, nothing of Black's beyond it):
    //   4 o x . . .       it passes. White's c4 closes b4 against a4; then Black may
    //   3 . . . . .       close the new discs against c5, and the game goes on.
    let mut s = parse(&game, "8/8/8/2x5/ox6/8/8/8 Black");
    assert_eq!(moves(&game, &s), sorted(&["pass"]));
    play(&game, &mut s, "pass");
    assert_eq!(game.outcome(&s), None);
    assert_eq!(moves(&game, &s), sorted(&["c4"]));
    play(&game, &mut s, "c4");
    assert_eq!(game.position_to_string(&s), "8/8/8/2x5/ooo5/8/8/8 Black 2");
    assert_eq!(game.outcome(&s), None);
    // a3 closes b4 against c5, c3 closes c4 against c5.
    assert_eq!(moves(&game, &s), sorted(&["a3", "c3"]));
    play(&game, &mut s, "c3");
    assert_eq!(
        game.position_to_string(&s),
        "8/8/8/2x5/oox5/2x5/8/8 White 3"
    );
    assert_eq!(game.outcome(&s), None);
    assert!(!moves(&game, &s).contains(&"pass".to_string()));
}

#[test]
fn the_game_ends_when_nobody_can_move_and_more_discs_win() {
    let game = reversi();
    // Black's c1 takes b1, leaving three Black discs on row 1 and White's column of discs
    // on h that nobody can reach: nobody can move, and the counts decide.
    for (white_column, want, counts) in [
        ("7o/7o/8/8/8/8/8", Outcome::Win(BLACK), (3, 2)),
        ("7o/7o/7o/8/8/8/8", Outcome::Draw, (3, 3)),
        ("7o/7o/7o/7o/8/8/8", Outcome::Win(WHITE), (3, 4)),
    ] {
        let mut s = parse(&game, &format!("{white_column}/xo6 Black"));
        assert_eq!(game.outcome(&s), None);
        assert_eq!(moves(&game, &s), sorted(&["c1"]), "{white_column}");
        play(&game, &mut s, "c1");
        assert_eq!(discs(&game, &s), counts, "{white_column}");
        assert!(game.legal_moves_vec(&s).is_empty(), "{white_column}");
        let got = game
            .outcome(&s)
            .unwrap_or_else(|| panic!("{white_column}: not over"));
        assert_eq!(got.winner(2), want.winner(2), "{white_column}: {got:?}");
        assert_eq!(
            got == Outcome::Draw,
            want == Outcome::Draw,
            "{white_column}"
        );
    }
    // A position read in which nobody can move is already over (no pass is offered).
    let s = parse(&game, "8/8/8/8/8/8/8/1oo1x3 Black");
    assert!(game.legal_moves_vec(&s).is_empty());
    assert_eq!(game.outcome(&s).and_then(|o| o.winner(2)), Some(WHITE));
}

#[test]
fn a_full_board_ends_the_game() {
    let game = reversi();
    // One empty cell, h1: Black fills it, closing g1 against f1, and the board is full.
    let rows = "xxxxxxxx/oooooooo/xxxxxxxx/oooooooo/xxxxxxxx/oooooooo/xxxxxxxx/oooooxo1";
    let mut s = parse(&game, &format!("{rows} Black"));
    assert_eq!(discs(&game, &s), (33, 30));
    assert_eq!(moves(&game, &s), sorted(&["h1"]));
    play(&game, &mut s, "h1");
    assert_eq!(
        game.position_to_string(&s),
        "xxxxxxxx/oooooooo/xxxxxxxx/oooooooo/xxxxxxxx/oooooooo/xxxxxxxx/oooooxxx White 1"
    );
    assert_eq!(discs(&game, &s), (35, 29));
    assert_eq!(game.outcome(&s).and_then(|o| o.winner(2)), Some(BLACK));
    assert!(game.legal_moves_vec(&s).is_empty());
}
