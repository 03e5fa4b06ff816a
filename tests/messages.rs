//! The refusals written by the code split into small functions for issue 42 (each ending's
//! checks, the race declarations, a move's checks, position notation, SGF's main line): each
//! still says what it said, where it said it.

use tabletop::io::sgf::parse_sgf;

const TICTACTOE: &str = "game \"T\"\nplayers X, O\nboard square(3, 3)\n\
piece mark = \"X\" for X, \"O\" for O\nmove place(mark, on: empty)\nwin if line(3)\n";

/// The error text of tic-tac-toe with `extra` lines added.
fn refusal(extra: &str) -> String {
    let src = format!("{TICTACTOE}{extra}\n");
    match tabletop::compile_source("t", "t.game", &src, &[]) {
        Ok(_) => panic!("'{extra}' compiled"),
        Err(e) => e.to_string(),
    }
}

#[track_caller]
fn refused(extra: &str, expected: &str) {
    let text = refusal(extra);
    assert!(
        text.contains(expected),
        "'{extra}': expected '{expected}' in:\n{text}"
    );
}

#[test]
fn endings_say_what_they_need() {
    refused(
        "draw if ply-limit",
        "'ply-limit' needs a number of plies: ply-limit(200)",
    );
    refused(
        "draw if ply-limit(0)",
        "a ply limit is between 1 and 1000000",
    );
    refused(
        "win if pieces-at-most",
        "'pieces-at-most' needs a number and kinds",
    );
    refused(
        "win if pieces-at-most(20000, mark)",
        "a number of pieces between 0 and 10000",
    );
    refused(
        "win if borne-off(0)",
        "a number of pieces is between 1 and 10000",
    );
    refused(
        "draw if no-progress(0)",
        "a number of plies is between 1 and 1000000",
    );
    refused(
        "win if reach",
        "'reach' needs a zone: reach(last-rank, pawn)",
    );
    refused(
        "win if one-colour",
        "'one-colour' needs piece kinds: one-colour(bishop)",
    );
    refused(
        "win if score(stones)",
        "'stones' is not a way to count a score",
    );
    refused("win if score", "'score' needs how to count: score(area)");
    refused("draw if passes(20)", "passes in a row: between 1 and 16");
    refused(
        "win if connect(top)",
        "'connect' needs two zones: connect(top, bottom)",
    );
    refused(
        "win if connect(top, top)",
        "'connect' names the same zone twice",
    );
    refused("win if lines(3)", "unknown ending 'lines'");
    refused(
        "win if line(3) or no-moves",
        "an ending cannot join tests with 'or'",
    );
    refused("win if 3", "expected an ending such as line(3)");
}

#[test]
fn race_declarations_say_what_is_wrong() {
    refused(
        "dice 2 from 1 to 6\ndice 2 from 1 to 6",
        "the dice are given twice",
    );
    refused("dice 11 from 0 to 1", "between 1 and 10 dice");
    refused(
        "dice 2 from 3 to 1",
        "a die shows numbers from a low one to a higher one",
    );
    refused("dice 10 from 0 to 30", "these dice can total 300");
    refused(
        "reserve mark = 2000",
        "a reserve holds between 0 and 1000 pieces",
    );
    refused("reserve mark = 1, 2", "give one number: reserve novice = 7");
    refused("stack a1 up to 1", "a stack holds between 2 and");
    refused("roll 0 counts as 4", "'roll … counts as …' needs dice");
    refused(
        "roll 300 counts as 4",
        "rolls and steps are between 0 and 250",
    );
}

#[test]
fn moves_are_checked_in_order() {
    refused(
        "move place(mark, on: empty)",
        "this move repeats an earlier rule ('place(mark, on: empty)')",
    );
    refused(
        "move mark: place(mark, on: empty) then step(orthogonal)",
        "this move does not start by moving a piece",
    );
    refused(
        "move step(orthogonal)",
        "which pieces move this way? write the kinds first",
    );
}

#[track_caller]
fn bad_position(text: &str, expected: &str) {
    let game = tabletop::load_shipped("tictactoe", &[]).unwrap();
    match game.parse_position(text) {
        Ok(_) => panic!("'{text}' parsed"),
        Err(e) => assert_eq!(e.0, expected, "'{text}'"),
    }
}

#[test]
fn positions_say_where_they_go_wrong() {
    let game = tabletop::load_shipped("tictactoe", &[]).unwrap();
    let s = game.parse_position("3/1X1/2O O 4").unwrap();
    assert_eq!(game.position_to_string(&s), "3/1X1/2O O 4");
    bad_position("", "the position is empty");
    bad_position("3/3", "expected 3 lines separated by '/', found 2");
    bad_position("4/3/3", "line 1 has more than 3 cells");
    bad_position("2/3/3", "line 1 has 2 cells, expected 3");
    bad_position("3/1Z1/3", "unknown piece symbol 'Z' in line 2 (known: XO)");
    bad_position("3/(X/3", "a stack in line 2 has no closing ')'");
    bad_position("3/(XZ)2/3", "unknown piece symbol 'Z' in a stack in line 2");
    bad_position("(3/3/3", "a count in line 1 has no closing ')'");
    bad_position("(3)2/3/3", "this game has no counters, so no '(N)'");
    bad_position("3/3/3 Y", "unknown player 'Y' (players: X, O)");
    bad_position("3/3/3 X 1 roll=3", "this game has no dice, so no 'roll='");
    bad_position(
        "3/3/3 X 1 reserve=1,1",
        "this game has no reserve, so no 'reserve='",
    );
    bad_position(
        "3/3/3 X 1 wait",
        "unexpected 'wait' after the ply count (expected swapped, quiet=N, roll=N, reserve=N,N or off=N,N)",
    );
}

#[test]
fn sgf_reads_the_first_games_main_line_and_says_what_it_skipped() {
    let g = parse_sgf("(;GM[1]SZ[9];B[ee](;W[cc];B[dd])(;W[gg]))\n(;GM[1]SZ[9])").unwrap();
    assert_eq!(g.record.moves.len(), 3, "{:?}", g.record.moves);
    assert!(
        g.warnings
            .contains(&"only the first of 2 games is read".to_string()),
        "{:?}",
        g.warnings
    );
    assert!(
        g.warnings
            .contains(&"1 variation skipped: only the main line is read".to_string()),
        "{:?}",
        g.warnings
    );
}

#[test]
fn sgf_errors_name_their_line() {
    let err = |text: &str| parse_sgf(text).unwrap_err().to_string();
    assert_eq!(
        err("(;GM[1]\nSZ[9];B[ee"),
        "line 2: the value of B has no ']'"
    );
    assert_eq!(err("(;GM[1]SZ[9];B)"), "line 1: property B has no value");
    assert_eq!(
        err("(GM[1])"),
        "line 1: a property outside a node (missing ';')"
    );
    assert_eq!(err("(;GM[1]))"), "line 1: ')' closes no '('");
    assert_eq!(
        err("(;GM[1]\n;B[ee]\n"),
        "line 3: the text ends inside the '(' opened on line 1"
    );
    assert_eq!(
        err("no tree here"),
        "line 1: no game tree: SGF begins with '(;'"
    );
    assert_eq!(
        err("(;GM[1](;B[aa]);W[bb])"),
        "line 1: a node after a variation"
    );
}
