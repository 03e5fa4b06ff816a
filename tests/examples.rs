//! The two examples run (issue #48: they were compiled, never run). Each example's work is a
//! function its `main` calls (`play_random::play`, `custom_game::run`); the files are
//! included here as modules, so a test runs the very code `cargo run --example` does, and
//! checks what it prints.

#[allow(dead_code)] // `main` is the example's, not called here
#[path = "../examples/play_random.rs"]
mod play_random;

#[allow(dead_code)]
#[path = "../examples/custom_game.rs"]
mod custom_game;

/// Runs `play_random` on a shipped game; returns what it printed.
fn random_game(name: &str, seed: u64) -> String {
    let game = tabletop::load_shipped(name, &[]).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut out = Vec::new();
    play_random::play(&game, seed, &mut out).expect("writing to memory");
    String::from_utf8(out).expect("UTF-8")
}

#[test]
fn play_random_plays_tic_tac_toe_to_the_end() {
    let out = random_game("tictactoe", 1);
    assert!(out.starts_with("Tic-tac-toe (2 players: X, O)\n"), "{out}");
    assert!(out.contains("\nply 1: X has 9 moves ("), "{out}");
    assert!(out.contains("\nresult: "), "{out}");
    assert!(out.contains("\nposition: "), "{out}");
    // The same seed, the same game.
    assert_eq!(out, random_game("tictactoe", 1));
}

/// A dice game: the rolls are drawn with their odds, and the game still ends.
#[test]
fn play_random_plays_backgammon_with_dice_to_the_end() {
    let out = random_game("backgammon", 3);
    assert!(out.contains(" wins after "), "{out}");
}

#[test]
fn custom_game_compiles_one_file_and_reports_the_other() {
    let mut out = Vec::new();
    custom_game::run(&mut out).expect("writing to memory");
    let out = String::from_utf8(out).expect("UTF-8");
    assert!(
        out.starts_with("Corners cut: 12 cells, 12 legal first moves\n"),
        "{out}"
    );
    for line in [
        "broken.game:7:23: error: this board has no direction 'orthogonl'",
        "  = hint: did you mean 'orthogonal'?",
        "(exit code 1 in the command line)",
        "--set size=big: option 'size' takes a whole number, not 'big' (exit code 2)",
    ] {
        assert!(out.contains(line), "no {line:?} in:\n{out}");
    }
}
