//! A saved game in whichever of the three formats it was written: tabletop's record, PGN or
//! SGF. Reading recognises the format by the text itself (a file named `saved.txt` may hold
//! PGN), so `tabletop play saved.txt`, `play --load`, the line mode's and the full-screen
//! board's `load` and `convert` all read the same files the same way; writing goes by the
//! file's name (`.pgn`, `.sgf`, anything else a tabletop record), as `save` always has.
//!
//! Reading never opens a file a record names: the game is a shipped one or the rule file
//! the user gave (see [`crate::games::load_recorded`]).

use std::path::Path;

use crate::engine::Game;
use crate::io::pgn::{parse_pgn, write_pgn};
use crate::io::record::Record;
use crate::io::sgf::{parse_sgf_with, write_sgf};

/// The three formats of a saved game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// tabletop's own record (`game NAME`, `moves …`).
    Record,
    /// PGN, for games written in algebraic notation.
    Pgn,
    /// SGF, for Go, Hex, Othello and other games on a grid.
    Sgf,
}

impl Format {
    /// The format a file's name asks for when writing: `.pgn` PGN, `.sgf` SGF (any case),
    /// anything else a tabletop record.
    pub fn of_name(path: &Path) -> Format {
        let has = |ext: &str| {
            path.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case(ext))
        };
        if has("pgn") {
            Format::Pgn
        } else if has("sgf") {
            Format::Sgf
        } else {
            Format::Record
        }
    }

    /// The format of a text by its content, if it is a saved game at all: SGF starts with
    /// `(` (its game tree), PGN with a tag `[` or a move number `1.`, a tabletop record with
    /// its comment line or a `game NAME` line whose name is not quoted (a rule file's `game`
    /// line quotes its title, so a rule file is never taken for a record).
    pub fn of_text(text: &str) -> Option<Format> {
        let body = text.trim_start_matches('\u{feff}').trim_start();
        if body.starts_with('(') {
            return Some(Format::Sgf);
        }
        if body.starts_with('[') || body.starts_with("1.") {
            return Some(Format::Pgn);
        }
        for line in body.lines().map(str::trim) {
            if line.starts_with("# tabletop game record") {
                return Some(Format::Record);
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let record = line
                .strip_prefix("game")
                .filter(|rest| rest.starts_with(char::is_whitespace))
                .is_some_and(|rest| !rest.trim_start().starts_with('"'));
            return record.then_some(Format::Record);
        }
        None
    }
}

/// What reading a saved game needs besides its text.
#[derive(Clone, Copy, Debug)]
pub struct ReadOptions<'a> {
    /// The rule file the user named, which a record or SGF may name (never any other file).
    pub given: Option<&'a str>,
    /// The game a PGN file is of (PGN does not say): a shipped name or `given`.
    pub pgn_game: &'a str,
    /// That game's options.
    pub pgn_options: &'a [(String, String)],
    /// Which game of a PGN file holding several, from 1.
    pub index: usize,
}

impl Default for ReadOptions<'_> {
    fn default() -> Self {
        ReadOptions {
            given: None,
            pgn_game: "chess",
            pgn_options: &[],
            index: 1,
        }
    }
}

/// A saved game read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The game as a record (its game, options, start, moves and header).
    pub record: Record,
    /// The format it was written in.
    pub format: Format,
    /// How many games the file holds (a PGN file may hold many; the others one).
    pub games: usize,
    /// What was skipped and should be said (variations, unknown SGF properties).
    pub warnings: Vec<String>,
}

/// Reads a saved game from `text`, in the format its content shows (the name's extension
/// decides only when the content does not: an empty PGN file is still PGN). Errors name the
/// line; a PGN `index` past the last game says how many there are.
pub fn read(text: &str, name: &Path, opts: &ReadOptions) -> Result<Saved, String> {
    let format = Format::of_text(text).unwrap_or_else(|| Format::of_name(name));
    let (record, games, warnings) = match format {
        Format::Record => (Record::parse(text)?, 1, Vec::new()),
        Format::Sgf => {
            let g = parse_sgf_with(text, opts.given).map_err(|e| e.to_string())?;
            (g.record, 1, g.warnings)
        }
        Format::Pgn => {
            let mut all = parse_pgn(text).map_err(|e| e.to_string())?;
            let count = all.len();
            if count == 0 {
                return Err("the PGN text holds no game".into());
            }
            if opts.index == 0 || opts.index > count {
                return Err(format!(
                    "it holds {count} game{}: there is no game {} (--index counts from 1 to {count})",
                    if count == 1 { "" } else { "s" },
                    opts.index
                ));
            }
            let g = all.swap_remove(opts.index - 1);
            let rec = g.to_record(opts.pgn_game, opts.pgn_options);
            (rec, count, g.warnings)
        }
    };
    Ok(Saved {
        record,
        format,
        games,
        warnings,
    })
}

/// The text of `record` in the format `path`'s name asks for (see [`Format::of_name`]). PGN
/// is refused for games not written in algebraic notation; PGN and SGF replay the moves, so
/// an illegal one is an error before anything is written.
pub fn write(game: &Game, record: &Record, path: &Path) -> Result<String, String> {
    match Format::of_name(path) {
        Format::Pgn if !game.algebraic() => Err(format!(
            "PGN is for games written in algebraic notation, which {} is not",
            game.title()
        )),
        Format::Pgn => write_pgn(game, record, &[]),
        Format::Sgf => write_sgf(game, record),
        Format::Record => Ok(record.to_text()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_recognised_by_content() {
        let of = Format::of_text;
        assert_eq!(of("(;GM[1]SZ[9];B[ee])"), Some(Format::Sgf));
        assert_eq!(of("\n  [Event \"x\"]\n1. e4 *"), Some(Format::Pgn));
        assert_eq!(of("1. e4 e5 *"), Some(Format::Pgn));
        assert_eq!(
            of("# tabletop game record\ngame go\n"),
            Some(Format::Record)
        );
        assert_eq!(
            of("# a comment\n\ngame hex\nmoves a1\n"),
            Some(Format::Record)
        );
        // A rule file quotes its title: it is no record.
        let rules = crate::games::shipped_source("tictactoe").unwrap();
        assert_eq!(of(rules), None);
        assert_eq!(of("gamex tictactoe"), None);
        assert_eq!(of(""), None);
    }

    #[test]
    fn names_choose_the_format_written() {
        assert_eq!(Format::of_name(Path::new("a/b.PGN")), Format::Pgn);
        assert_eq!(Format::of_name(Path::new("b.sgf")), Format::Sgf);
        assert_eq!(Format::of_name(Path::new("b.txt")), Format::Record);
        assert_eq!(Format::of_name(Path::new("pgn")), Format::Record);
    }

    #[test]
    fn a_pgn_of_several_games_gives_the_one_asked_for() {
        let text = "[White \"A\"]\n1. e4 *\n\n[White \"B\"]\n1. d4 d5 1-0\n";
        let name = Path::new("x.txt");
        let second = ReadOptions {
            index: 2,
            ..ReadOptions::default()
        };
        let s = read(text, name, &second).unwrap();
        assert_eq!((s.format, s.games), (Format::Pgn, 2));
        assert_eq!(s.record.moves, ["d4", "d5"]);
        assert_eq!(s.record.header.player(0), Some("B"));
        assert_eq!(s.record.header.result.as_deref(), Some("1-0"));
        let third = ReadOptions {
            index: 3,
            ..ReadOptions::default()
        };
        let e = read(text, name, &third).unwrap_err();
        assert_eq!(
            e,
            "it holds 2 games: there is no game 3 (--index counts from 1 to 2)"
        );
    }

    #[test]
    fn headers_travel_between_the_three_formats() {
        let pgn = "[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2024.05.01\"]\n[Round \"3\"]\n\
                   [White \"Ann\"]\n[Black \"Bo\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        let chess = crate::load_shipped("chess", &[]).unwrap();
        let read_pgn = read(pgn, Path::new("g.pgn"), &ReadOptions::default()).unwrap();
        let h = read_pgn.record.header.clone();
        assert_eq!(h.event.as_deref(), Some("Club"));
        assert_eq!(h.site.as_deref(), Some("Here"));
        assert_eq!(h.date.as_deref(), Some("2024.05.01"));
        assert_eq!(h.round.as_deref(), Some("3"));
        assert_eq!((h.player(0), h.player(1)), (Some("Ann"), Some("Bo")));
        // Through our record's lines…
        let text = write(&chess, &read_pgn.record, Path::new("g.txt")).unwrap();
        assert!(text.contains("player 1 Ann\nplayer 2 Bo\n"), "{text}");
        let rec = read(&text, Path::new("g.txt"), &ReadOptions::default()).unwrap();
        assert_eq!(rec.record, read_pgn.record);
        // …SGF's properties…
        let sgf = write(&chess, &rec.record, Path::new("g.sgf")).unwrap();
        for prop in [
            "EV[Club]",
            "PC[Here]",
            "DT[2024.05.01]",
            "RO[3]",
            "PB[Ann]",
            "PW[Bo]",
            "RE[W+]",
        ] {
            assert!(sgf.contains(prop), "{prop}: {sgf}");
        }
        let back = read(&sgf, Path::new("g.sgf"), &ReadOptions::default()).unwrap();
        assert_eq!(back.record.header.player(1), Some("Bo"));
        assert_eq!(back.record.moves, read_pgn.record.moves);
        // …and PGN again.
        let again = write(&chess, &back.record, Path::new("g.pgn")).unwrap();
        for tag in [
            "[Event \"Club\"]",
            "[Date \"2024.05.01\"]",
            "[White \"Ann\"]",
            "[Black \"Bo\"]",
            "[Result \"0-1\"]",
        ] {
            assert!(again.contains(tag), "{tag}: {again}");
        }
    }

    #[test]
    fn pgn_is_refused_for_games_without_algebraic_notation() {
        let ttt = crate::load_shipped("tictactoe", &[]).unwrap();
        let rec = Record {
            game: "tictactoe".into(),
            ..Record::default()
        };
        let e = write(&ttt, &rec, Path::new("t.pgn")).unwrap_err();
        assert!(e.contains("algebraic notation"), "{e}");
    }
}
