//! PGN (Portable Game Notation), the record format of chess programs, for games whose rule
//! file writes moves in algebraic notation: reading a PGN file into game records, and
//! writing a record as PGN.
//!
//! Reading follows the PGN standard's import format: tag pairs (`[White "Morphy"]`), then
//! movetext with move numbers (`1.`, `1...`), SAN moves, NAGs (`$1`), comments (`{…}` and
//! `;` to the end of the line) and recursive variations (`(…)`), ending with a result
//! (`1-0`, `0-1`, `1/2-1/2`, `*`). Comments, NAGs and variations are skipped (a variation
//! with a warning, since its moves are not kept); a `FEN` tag gives the start position.
//! Every move is checked by replaying it, so an illegal move is an error naming it.

use crate::engine::Game;
use crate::io::record::{known, Header, Record};

/// Largest PGN text read (a database of many games fits; a stray multi-gigabyte file does
/// not).
pub const MAX_PGN_BYTES: usize = 16 << 20;

/// One game of a PGN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs, in order.
    pub tags: Vec<(String, String)>,
    /// The moves of the main line, as written.
    pub moves: Vec<String>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2` or `*`).
    pub result: String,
    /// What was skipped and should be said (variations).
    pub warnings: Vec<String>,
}

impl PgnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The game as a record of `game_ref` (its start position from the `FEN` tag; its
    /// players, event, site, date, round and result from the tag roster).
    pub fn to_record(&self, game_ref: &str, options: &[(String, String)]) -> Record {
        let tag = |name: &str| self.tag(name).and_then(known);
        let mut header = Header {
            event: tag("Event"),
            site: tag("Site"),
            date: tag("Date"),
            round: tag("Round"),
            // The movetext's result token is the standard's; the tag repeats it.
            result: known(&self.result)
                .filter(|r| r != "*")
                .or_else(|| tag("Result").filter(|r| r != "*")),
            ..Header::default()
        };
        for (seat, name) in ["White", "Black"].iter().enumerate() {
            if let Some(n) = self.tag(name) {
                header.set_player(seat, n);
            }
        }
        Record {
            game: game_ref.to_string(),
            options: options.to_vec(),
            position: self.tag("FEN").map(str::to_string),
            moves: self.moves.clone(),
            header,
        }
    }
}

/// Why a PGN text could not be read: what, and on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for PgnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A token of the movetext, with its line.
#[derive(Debug, PartialEq)]
enum Token<'a> {
    Tag(&'a str, String),
    Word(&'a str),
    Open,
    Close,
}

/// Reads every game of a PGN text.
pub fn parse_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    if text.len() > MAX_PGN_BYTES {
        return Err(PgnError {
            line: 1,
            message: format!(
                "the text is {} bytes; PGN files larger than {MAX_PGN_BYTES} bytes are not read",
                text.len()
            ),
        });
    }
    let tokens = tokenize(text)?;
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut depth = 0usize;
    let mut started = false;
    for (line, token) in tokens {
        let err = |message: String| PgnError { line, message };
        match token {
            Token::Tag(name, value) => {
                if started {
                    return Err(err(format!(
                        "tag [{name} …] inside the moves (a game ends with its result: 1-0, 0-1, 1/2-1/2 or *)"
                    )));
                }
                game.tags.push((name.to_string(), value));
            }
            Token::Open => {
                started = true;
                depth += 1;
                if depth > 64 {
                    return Err(err("variations nested more than 64 deep".into()));
                }
                if depth == 1 {
                    game.warnings
                        .push(format!("line {line}: a variation was skipped"));
                }
            }
            Token::Close => {
                if depth == 0 {
                    return Err(err("')' closes no variation".into()));
                }
                depth -= 1;
            }
            Token::Word(w) if depth > 0 => {
                let _ = w;
            }
            Token::Word(w) if matches!(w, "1-0" | "0-1" | "1/2-1/2" | "*") => {
                game.result = w.to_string();
                games.push(std::mem::take(&mut game));
                started = false;
            }
            Token::Word(w) => {
                started = true;
                // Move numbers (`12.`, `12...`, `12.e4`) and NAGs (`$3`) are not moves.
                let w = w.trim_start_matches(|c: char| c.is_ascii_digit());
                let w = w.trim_start_matches('.');
                if w.is_empty() || w.starts_with('$') {
                    continue;
                }
                if game.moves.len() >= 100_000 {
                    return Err(err("more than 100000 moves in one game".into()));
                }
                game.moves.push(w.to_string());
            }
        }
    }
    if depth > 0 {
        return Err(PgnError {
            line: text.lines().count().max(1),
            message: "a variation '(' is never closed".into(),
        });
    }
    if started || !game.tags.is_empty() {
        // The standard ends every game with a result; a last game without one is read.
        game.result = "*".into();
        game.warnings
            .push("the last game has no result; read as '*'".into());
        games.push(game);
    }
    if games.is_empty() {
        return Err(PgnError {
            line: 1,
            message: "no game in this text".into(),
        });
    }
    Ok(games)
}

fn tokenize(text: &str) -> Result<Vec<(usize, Token<'_>)>, PgnError> {
    let mut out = Vec::new();
    let mut line = 1;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'\n' => {
                line += 1;
                i += 1;
            }
            b'{' => {
                let start = line;
                let Some(end) = text[i..].find('}') else {
                    return Err(PgnError {
                        line: start,
                        message: "a comment '{' is never closed".into(),
                    });
                };
                line += text[i..i + end].matches('\n').count();
                i += end + 1;
            }
            b';' => {
                i += text[i..].find('\n').unwrap_or(text.len() - i);
            }
            // An escape line (`%` in the first column) is skipped.
            b'%' if i == 0 || bytes[i - 1] == b'\n' => {
                i += text[i..].find('\n').unwrap_or(text.len() - i);
            }
            b'[' => {
                let end = text[i..]
                    .find(']')
                    .map(|e| i + e)
                    .filter(|&e| !text[i..e].contains('\n'));
                let Some(end) = end else {
                    return Err(PgnError {
                        line,
                        message: "a tag '[' is not closed on its line".into(),
                    });
                };
                let inner = text[i + 1..end].trim();
                let (name, rest) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
                let rest = rest.trim();
                if name.is_empty()
                    || !rest.starts_with('"')
                    || !rest.ends_with('"')
                    || rest.len() < 2
                {
                    return Err(PgnError {
                        line,
                        message: format!(
                            "a tag is written [Name \"value\"], not [{}]",
                            shorten(inner)
                        ),
                    });
                }
                let value = rest[1..rest.len() - 1]
                    .replace("\\\"", "\"")
                    .replace("\\\\", "\\");
                out.push((line, Token::Tag(name, value)));
                i = end + 1;
            }
            b'(' => {
                out.push((line, Token::Open));
                i += 1;
            }
            b')' => {
                out.push((line, Token::Close));
                i += 1;
            }
            b'}' | b']' => {
                return Err(PgnError {
                    line,
                    message: format!("'{}' closes nothing", c as char),
                })
            }
            _ if c.is_ascii_whitespace() => i += 1,
            // Other white space (a no-break space) separates words too; a word never starts
            // with it, or the word would be empty and the reading would stand still.
            _ if text[i..].starts_with(char::is_whitespace) => {
                i += text[i..].chars().next().map_or(1, char::len_utf8);
            }
            _ => {
                let end = text[i..]
                    .find(|ch: char| ch.is_whitespace() || "{}()[];".contains(ch))
                    .map_or(text.len(), |e| i + e);
                out.push((line, Token::Word(&text[i..end])));
                i = end;
            }
        }
    }
    Ok(out)
}

/// At most 40 characters of a text, for messages.
fn shorten(text: &str) -> String {
    let short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        format!("{}…", short.escape_debug())
    } else {
        short.escape_debug().to_string()
    }
}

/// A result as PGN writes it (`1-0`, `0-1`, `1/2-1/2`), from PGN's own token or SGF's
/// (`B+R` is the first player's win, `W+3.5` the second's, `0` or `Draw` a draw).
pub fn pgn_result(result: &str) -> Option<&'static str> {
    let r = result.trim();
    match r {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "0" | "Draw" | "draw" => Some("1/2-1/2"),
        _ if r.starts_with("B+") => Some("1-0"),
        _ if r.starts_with("W+") => Some("0-1"),
        _ => None,
    }
}

/// Replays a record's moves in `game` and writes them as PGN: the seven tags of the
/// standard's roster (`?` where unknown, the given tags win), `SetUp` and `FEN` for a
/// start position, numbered SAN moves in lines of at most 80 characters, and the result.
pub fn write_pgn(
    game: &Game,
    record: &Record,
    tags: &[(String, String)],
) -> Result<String, String> {
    let mut state = match &record.position {
        Some(p) => game.parse_position(p).map_err(|e| e.to_string())?,
        None => game.start(),
    };
    let first_ply = state.ply();
    let mut words = Vec::new();
    for (i, text) in record.moves.iter().enumerate() {
        let mv = game
            .parse_move(&state, text)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        let number = (state.ply() / 2) + 1;
        let white = state.to_move().index() == 0;
        if white {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(game.move_to_string(&state, mv));
        game.make(&mut state, mv);
    }
    let _ = first_ply;
    let result = match game.outcome(&state) {
        // An unfinished game keeps the result its record gives (a resignation, a time loss).
        None => record
            .header
            .result
            .as_deref()
            .and_then(pgn_result)
            .unwrap_or("*")
            .to_string(),
        Some(o) => match o.winner(game.num_players()) {
            Some(p) if p.index() == 0 => "1-0".into(),
            Some(_) => "0-1".into(),
            None => "1/2-1/2".into(),
        },
    };
    let mut out = String::new();
    let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    let h = &record.header;
    let from_header = |name: &str| match name {
        "Event" => h.event.clone(),
        "Site" => h.site.clone(),
        "Date" => h.date.clone(),
        "Round" => h.round.clone(),
        "White" => h.player(0).map(str::to_string),
        "Black" => h.player(1).map(str::to_string),
        _ => None,
    };
    for name in roster {
        let value = tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .or_else(|| from_header(name))
            .unwrap_or_else(|| {
                if name == "Result" {
                    result.clone()
                } else {
                    "?".into()
                }
            });
        out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
    }
    for (k, v) in tags.iter().filter(|(k, _)| !roster.contains(&k.as_str())) {
        out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    if let Some(p) = &record.position {
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", escape(p)));
    }
    out.push('\n');
    words.push(result);
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    Ok(out)
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The "Opera game" (Morphy v Duke Karl / Count Isouard, Paris 1858), typed by hand from
    /// its published score, with a comment, a NAG and a variation a reader would find.
    const OPERA: &str = r#"[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 {This is a weak move already.} 4. dxe5 Bxf3 5. Qxf3
dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5! cxb5 11. Bxb5+ Nbd7
12. O-O-O Rd8 13. Rxd7 Rxd7 (13... Nxd7 14. Qb3) 14. Rd1 Qe6 15. Bxd7+ Nxd7
16. Qb8+ $1 Nxb8 17. Rd8# 1-0
"#;

    #[test]
    fn reads_a_published_game_and_replays_it_to_mate() {
        let games = parse_pgn(OPERA).unwrap();
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.tag("White"), Some("Paul Morphy"));
        assert_eq!(g.result, "1-0");
        assert_eq!(g.moves.len(), 33);
        assert_eq!(g.moves[32], "Rd8#");
        assert_eq!(g.warnings, vec!["line 11: a variation was skipped"]);
        let game = crate::load_shipped("chess", &[]).unwrap();
        let rec = g.to_record("chess", &[]);
        let text = write_pgn(&game, &rec, &g.tags).unwrap();
        assert!(
            text.starts_with("[Event \"Paris\"]\n[Site \"Paris FRA\"]"),
            "{text}"
        );
        assert!(
            text.contains("\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3"),
            "{text}"
        );
        assert!(text.trim_end().ends_with("17. Rd8# 1-0"), "{text}");
        // Written and read again: the same moves.
        let again = parse_pgn(&text).unwrap();
        assert_eq!(
            again[0].moves,
            g.moves
                .iter()
                .map(|m| m.trim_end_matches('!').to_string())
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_start_position_and_black_to_move_are_kept() {
        let game = crate::load_shipped("chess", &[]).unwrap();
        let rec = Record {
            game: "chess".into(),
            options: vec![],
            position: Some("4k3/8/8/8/8/8/7q/4K3 b - - 0 40".into()),
            moves: vec!["Qh2-h4".into(), "Kd1".into()],
            ..Record::default()
        };
        let text = write_pgn(&game, &rec, &[]).unwrap();
        assert!(
            text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/7q/4K3 b - - 0 40\"]"),
            "{text}"
        );
        assert!(text.contains("\n40... Qh4+ 41. Kd1 *"), "{text}");
        let back = parse_pgn(&text).unwrap();
        assert_eq!(back[0].to_record("chess", &[]).position, rec.position);
    }

    #[test]
    fn malformed_pgn_is_an_error_naming_the_line() {
        let cases = [
            (
                "[Event \"x\"\n1. e4 *",
                "line 1: a tag '[' is not closed on its line",
            ),
            (
                "1. e4 {never closed",
                "line 1: a comment '{' is never closed",
            ),
            ("1. e4 (1. d4 *", "a variation '(' is never closed"),
            ("1. e4 ) *", "line 1: ')' closes no variation"),
            (
                "[Event x]\n*",
                "a tag is written [Name \"value\"], not [Event x]",
            ),
            ("", "no game in this text"),
            (
                "1. e4 e5\n[Event \"late\"]\n*",
                "line 2: tag [Event …] inside the moves",
            ),
        ];
        for (text, want) in cases {
            let e = parse_pgn(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text:?}: {e}");
        }
        let huge = "1. e4 ".repeat(MAX_PGN_BYTES / 6 + 1);
        assert!(parse_pgn(&huge)
            .unwrap_err()
            .to_string()
            .contains("are not read"));
        // An illegal move is found when the record is replayed.
        let game = crate::load_shipped("chess", &[]).unwrap();
        let g = &parse_pgn("1. e4 e5 2. Ke3 *").unwrap()[0];
        let e = write_pgn(&game, &g.to_record("chess", &[]), &[]).unwrap_err();
        assert!(
            e.starts_with("move 3: 'Ke3' is not a legal move here"),
            "{e}"
        );
    }
}
