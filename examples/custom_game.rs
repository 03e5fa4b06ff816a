//! Compiles rule files from strings: a working game, then a broken one whose diagnostic is
//! printed the way `tabletop check` prints it.
//!
//! ```text
//! cargo run --release --example custom_game
//! ```
//!
//! (`tests/examples.rs` runs [`run`], so the example is kept working.)

use std::io::{self, Write};

use tabletop::LoadError;

/// Three in a row on a 4 x 4 board, where the four corners are cut off.
const GOOD: &str = r#"
game "Corners cut"
players X, O
board square(4, 4)
remove a1, d1, a4, d4
piece mark = "X" for X, "O" for O
move place(mark, on: empty)
win if line(3)
draw if no-moves
"#;

/// The same game with a misspelt direction group.
const BROKEN: &str = r#"
game "Corners cut"
players X, O
board square(4, 4)
piece mark = "X" for X, "O" for O
move place(mark, on: empty)
win if line(3, along: orthogonl)
"#;

fn main() {
    if let Err(e) = run(&mut io::stdout().lock()) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}

/// Compiles the good and the broken rule file and a bad option, writing what happens to
/// `out`.
pub fn run(out: &mut impl Write) -> io::Result<()> {
    // compile_source(short name, file name for messages, rule text, --set overrides)
    let game = tabletop::compile_source("corners", "corners.game", GOOD, &[])
        .expect("the good rule file compiles");
    let state = game.start();
    writeln!(
        out,
        "{}: {} cells, {} legal first moves",
        game.title(),
        game.board().len(),
        game.legal_moves_vec(&state).len()
    )?;
    write!(
        out,
        "{}",
        tabletop::ui::render::draw(&game, &state, &Default::default())
    )?;

    match tabletop::compile_source("corners", "broken.game", BROKEN, &[]) {
        Ok(_) => writeln!(out, "unexpected: the broken file compiled")?,
        Err(e @ LoadError::Rules { .. }) => {
            // Display renders each diagnostic: file:line:col, the source line, a caret, a hint.
            writeln!(out, "\n{e}")?;
            writeln!(out, "(exit code {} in the command line)", e.exit_code())?;
            if let LoadError::Rules { diagnostics, .. } = &e {
                for d in diagnostics {
                    writeln!(out, "message: {:?}, hint: {:?}", d.message, d.hint)?;
                }
            }
        }
        Err(e) => writeln!(out, "usage error: {e}")?,
    }

    // Options can be overridden like `--set`; a bad override is a usage error (exit code 2).
    let src = "game \"G\"\nplayers A, B\noption size = 3\nboard square(size, size)\npiece p = \"a\" for A, \"b\" for B\nmove place(p)\n";
    let bad = tabletop::compile_source("g", "g.game", src, &[("size".into(), "big".into())]);
    if let Err(e) = bad {
        writeln!(out, "\n{e} (exit code {})", e.exit_code())?;
    }
    Ok(())
}
