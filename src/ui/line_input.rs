//! Where the line mode reads what the player types: a plain reader for pipes and scripts
//! ([`Piped`]), or a line editor on a terminal ([`Edited`]) with the arrow keys, history and
//! Tab completion of commands and legal moves.
//!
//! The editor is rustyline: line editing on a raw-mode terminal (cursor keys, kill and yank,
//! history search, wide characters, resize) is a job a well-kept crate does better than
//! hand-written escape codes, which is how `^[[D` came to be typed into moves before.

use std::borrow::Cow;
use std::cell::RefCell;
use std::io::{self, BufRead, Read, Write};

use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};

/// The longest line read; the rest of a longer line is skipped (a pasted megabyte must not
/// be kept, echoed or compared with every legal move).
pub const MAX_LINE: usize = 64 * 1024;

/// What the line mode reads from.
pub trait LineInput {
    /// Shows `prompt` (which may carry colour codes) and reads one line, without its line
    /// end; `None` at the end of input. `words` lists what Tab may complete to now (commands
    /// and legal moves); a reader that does not complete never calls it.
    fn read_line(
        &mut self,
        prompt: &str,
        words: &dyn Fn() -> Vec<String>,
        out: &mut dyn Write,
    ) -> io::Result<Option<String>>;
}

/// Lines from any reader (a pipe, a file, a test's bytes), the prompt written to the output.
pub struct Piped<R> {
    input: R,
    line: Vec<u8>,
}

impl<R: BufRead> Piped<R> {
    /// Reads lines from `input`.
    pub fn new(input: R) -> Self {
        Piped {
            input,
            line: Vec::new(),
        }
    }
}

impl<R: BufRead> LineInput for Piped<R> {
    fn read_line(
        &mut self,
        prompt: &str,
        _words: &dyn Fn() -> Vec<String>,
        out: &mut dyn Write,
    ) -> io::Result<Option<String>> {
        write!(out, "{prompt}")?;
        out.flush()?;
        self.line.clear();
        let n = (&mut self.input)
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut self.line)?;
        if n == 0 {
            return Ok(None);
        }
        if self.line.last() != Some(&b'\n') && n == MAX_LINE {
            // Skip the rest of an over-long line, a buffer at a time.
            loop {
                let buf = self.input.fill_buf()?;
                if buf.is_empty() {
                    break;
                }
                match buf.iter().position(|&b| b == b'\n') {
                    Some(i) => {
                        self.input.consume(i + 1);
                        break;
                    }
                    None => {
                        let len = buf.len();
                        self.input.consume(len);
                    }
                }
            }
        }
        let text = String::from_utf8_lossy(&self.line);
        Ok(Some(text.trim_end_matches(['\n', '\r']).to_string()))
    }
}

/// Lines typed at a terminal, edited with rustyline: arrow keys, history (up and down),
/// Ctrl-R search, and Tab completing the word under the cursor to a command or legal move.
pub struct Edited {
    editor: Editor<Words, DefaultHistory>,
}

impl Edited {
    /// A line editor on the terminal, or why there is none.
    pub fn new() -> Result<Self, ReadlineError> {
        let config = rustyline::Config::builder()
            .auto_add_history(true)
            .max_history_size(1000)?
            .completion_type(rustyline::CompletionType::List)
            .build();
        let mut editor = Editor::with_config(config)?;
        editor.set_helper(Some(Words::default()));
        Ok(Edited { editor })
    }
}

impl LineInput for Edited {
    fn read_line(
        &mut self,
        prompt: &str,
        words: &dyn Fn() -> Vec<String>,
        out: &mut dyn Write,
    ) -> io::Result<Option<String>> {
        out.flush()?;
        let plain = strip_escapes(prompt);
        if let Some(h) = self.editor.helper_mut() {
            *h.words.borrow_mut() = words();
            h.prompt = prompt.to_string();
        }
        match self.editor.readline(&plain) {
            Ok(line) => Ok(Some(line)),
            Err(ReadlineError::Eof) => Ok(None),
            Err(ReadlineError::Interrupted) => Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "interrupted (Ctrl-C)",
            )),
            Err(ReadlineError::Io(e)) => Err(e),
            Err(e) => Err(io::Error::other(e.to_string())),
        }
    }
}

/// The editor's helper: completes to the words of the moment and colours the prompt.
#[derive(Default)]
struct Words {
    words: RefCell<Vec<String>>,
    /// The prompt with its colour codes (the editor is given it plain, to measure it).
    prompt: String,
}

impl Completer for Words {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let start = line[..pos].rfind(char::is_whitespace).map_or(0, |i| {
            i + line[i..].chars().next().map_or(1, char::len_utf8)
        });
        Ok((start, completions(&self.words.borrow(), &line[start..pos])))
    }
}

impl Highlighter for Words {
    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        if strip_escapes(&self.prompt) == prompt {
            Cow::Borrowed(self.prompt.as_str())
        } else {
            Cow::Borrowed(prompt)
        }
    }
}

impl Hinter for Words {
    type Hint = String;
}

impl Validator for Words {}

impl Helper for Words {}

/// The words starting with `typed` (in any letter case), sorted, each once.
pub fn completions(words: &[String], typed: &str) -> Vec<String> {
    let want = typed.to_lowercase();
    let mut found: Vec<String> = words
        .iter()
        .filter(|w| w.to_lowercase().starts_with(&want))
        .cloned()
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// `text` without its terminal escape sequences (`ESC [ … letter`): what the prompt shows.
fn strip_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            if chars.clone().next() == Some('[') {
                chars.next();
                for d in chars.by_ref() {
                    if d.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none() -> Vec<String> {
        Vec::new()
    }

    #[test]
    fn piped_lines_show_the_prompt_and_end_at_the_end_of_input() {
        let mut input = Piped::new(&b"b2\r\na1\nlast"[..]);
        let mut out = Vec::new();
        let mut lines = Vec::new();
        while let Some(l) = input.read_line("X> ", &none, &mut out).unwrap() {
            lines.push(l);
        }
        assert_eq!(lines, ["b2", "a1", "last"]);
        assert_eq!(String::from_utf8(out).unwrap(), "X> X> X> X> ");
    }

    #[test]
    fn an_over_long_line_is_cut_and_the_next_line_read_whole() {
        let mut bytes = vec![b'a'; 3 * MAX_LINE];
        bytes.extend_from_slice(b"\nb2\n");
        let mut input = Piped::new(&bytes[..]);
        let mut out = Vec::new();
        let first = input.read_line("", &none, &mut out).unwrap().unwrap();
        assert_eq!(first.len(), MAX_LINE);
        assert_eq!(
            input.read_line("", &none, &mut out).unwrap().as_deref(),
            Some("b2")
        );
        assert_eq!(input.read_line("", &none, &mut out).unwrap(), None);
    }

    #[test]
    fn completion_finds_words_in_any_case() {
        let words: Vec<String> = ["Nf3", "Nh3", "nc3", "moves", "e4"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(completions(&words, "n"), ["Nf3", "Nh3", "nc3"]);
        assert_eq!(completions(&words, "MO"), ["moves"]);
        assert!(completions(&words, "z").is_empty());
    }

    #[test]
    fn the_helper_completes_the_word_under_the_cursor() {
        let h = Words::default();
        *h.words.borrow_mut() = vec!["g1f3".into(), "g1h3".into(), "moves".into()];
        let history = DefaultHistory::new();
        let ctx = Context::new(&history);
        assert_eq!(
            h.complete("g1", 2, &ctx).unwrap(),
            (0, vec!["g1f3".to_string(), "g1h3".to_string()])
        );
        assert_eq!(
            h.complete("moves g1", 8, &ctx).unwrap(),
            (6, vec!["g1f3".to_string(), "g1h3".to_string()])
        );
    }

    #[test]
    fn escapes_are_stripped_from_the_prompt() {
        assert_eq!(strip_escapes("\x1b[1;31mWhite\x1b[0m> "), "White> ");
        assert_eq!(strip_escapes("plain> "), "plain> ");
    }
}
