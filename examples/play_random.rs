//! Plays one random game of a shipped game and prints every position.
//!
//! ```text
//! cargo run --release --example play_random             # tic-tac-toe, seed 1
//! cargo run --release --example play_random -- hex 7    # any shipped game, any seed
//! ```
//!
//! This walks the library end to end: load a game, list the legal moves, write them in the
//! game's notation, make one, draw the board, and report the outcome. (`tests/examples.rs`
//! runs [`play`], so the example is kept working.)

use std::io::{self, Write};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use tabletop::engine::Game;
use tabletop::ui::render::{draw, Style};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "tictactoe".to_string());
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);

    // Shipped games are compiled from the rule files embedded in the library. The second
    // argument holds `--set name=value` option overrides, e.g. [("size".into(), "5".into())].
    let game = match tabletop::load_shipped(&name, &[]) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(e.exit_code());
        }
    };
    if let Err(e) = play(&game, seed, &mut io::stdout().lock()) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}

/// Plays one random game of `game` from `seed`, writing every position to `out`.
pub fn play(game: &Game, seed: u64, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{} ({} players: {})",
        game.title(),
        game.num_players(),
        game.players().join(", ")
    )?;

    let mut rng = SmallRng::seed_from_u64(seed);
    let mut state = game.start();
    write!(out, "{}", draw(game, &state, &Style::default()))?;

    // `outcome` is Some once the game is over: ended by the last move, or because the
    // player to move has no legal move and the rules say what that means.
    while game.outcome(&state).is_none() {
        let moves = game.legal_moves_vec(&state);
        if moves.is_empty() {
            break; // no legal move and no `no-moves` rule: the game cannot go on
        }
        let player = &game.players()[state.to_move().index()];
        // In a dice game the position may be a chance node: the legal moves are the rolls,
        // which must be drawn with their odds, not picked uniformly.
        let mv = if game.is_chance(&state) {
            game.sample_roll(rng.gen()).expect("a dice game has rolls")
        } else {
            moves[rng.gen_range(0..moves.len())]
        };
        let texts: Vec<String> = moves
            .iter()
            .map(|&m| game.move_to_string(&state, m))
            .collect();
        let text = game.move_to_string(&state, mv);
        writeln!(
            out,
            "\nply {}: {player} has {} moves ({}{}) and plays {text}",
            state.ply() + 1,
            moves.len(),
            texts.iter().take(8).cloned().collect::<Vec<_>>().join(" "),
            if moves.len() > 8 { " …" } else { "" },
        )?;
        // The text form parses back to the same move.
        assert_eq!(game.parse_move(&state, &text), Ok(mv));
        game.make(&mut state, mv);
        write!(out, "{}", draw(game, &state, &Style::default()))?;
    }

    writeln!(out, "\nposition: {}", game.position_to_string(&state))?;
    // A player without moves and without a `no-moves` rule ends the game in a draw.
    let outcome = game
        .outcome(&state)
        .or_else(|| game.no_moves_outcome(&state));
    if let Some(outcome) = outcome {
        writeln!(
            out,
            "result: {} after {} plies",
            outcome.describe(game),
            state.ply()
        )?;
    }

    // Every move can be taken back: unmaking the whole game restores the start.
    while game.unmake(&mut state).is_some() {}
    assert_eq!(state.hash(), game.start().hash());
    Ok(())
}
