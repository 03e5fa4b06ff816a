//! `save FILE` and `load FILE` of the line mode and the full-screen board, one way for both:
//! a file is written as PGN, SGF or a tabletop record by its name's extension, and read in
//! whichever of the three its content shows (see [`crate::io::saved`]).

use std::path::Path;

use crate::io::record::write_atomic;
use crate::io::saved::{self, ReadOptions};
use crate::session::{Event, Session};
use crate::ui::move_list::moves_word;

/// Saves the session's record to `path`; what to tell the player.
pub fn save(session: &Session, path: &Path) -> String {
    let rec = session.record();
    let written = saved::write(session.game(), &rec, path)
        .and_then(|text| write_atomic(path, &text).map_err(|e| e.to_string()));
    match written {
        Ok(()) => format!(
            "saved {} to {}",
            moves_word(rec.moves.len()),
            path.display()
        ),
        Err(e) => format!("cannot save to {}: {e}", path.display()),
    }
}

/// A saved game loaded into a session: its events and what to tell the player.
pub struct Loaded {
    /// What the session did.
    pub events: Vec<Event>,
    /// `loaded chess (3 moves) from g.pgn`, with any warnings on lines of their own.
    pub message: String,
}

/// Loads the saved game at `path` into the session (a PGN file as a game of the session's
/// own game when it is written in algebraic notation, else as chess). On error the session
/// is as it was and the message says why.
pub fn load(session: &mut Session, path: &Path) -> Result<Loaded, String> {
    let fail = |e: String| format!("cannot load {}: {e}", path.display());
    // Through the one reader of user files: a regular file, bounded, UTF-8 (a device such
    // as /dev/zero would be read without end).
    let text = crate::tools::files::read_text(path).map_err(fail)?;
    let (game_ref, options) = session.game_ref();
    let (game_ref, options) = (game_ref.to_string(), options.to_vec());
    let algebraic = session.game().algebraic();
    let opts = ReadOptions {
        given: Some(&game_ref),
        pgn_game: if algebraic { &game_ref } else { "chess" },
        pgn_options: if algebraic { &options } else { &[] },
        index: 1,
    };
    let read = saved::read(&text, path, &opts).map_err(fail)?;
    let events = session
        .load_record(&read.record)
        .map_err(|e| fail(e.to_string()))?;
    let n = session.history().len();
    let mut message = format!(
        "loaded {} ({}) from {}",
        session.game().name(),
        moves_word(n),
        path.display()
    );
    if read.games > 1 {
        message.push_str(&format!(" (the first of its {} games)", read.games));
    }
    for w in read.warnings {
        message.push_str(&format!("\nwarning: {w}"));
    }
    Ok(Loaded { events, message })
}
