//! Diagnostics: one type for every error of every stage, rendered as
//! `file:line:col: error: message`, the source line, a caret under the span, and a hint.

use super::span::Span;

/// An error found in a rule file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What is wrong, in a sentence.
    pub message: String,
    /// Where.
    pub span: Span,
    /// What to do about it (`did you mean 'forward'?`).
    pub hint: Option<String>,
    /// Facts that explain the error, each printed on its own `= ` line under the caret
    /// (`expected: e5d6 e5e6`, `actual: e5e6`): how a failed scenario shows both values.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            span,
            hint: None,
            notes: Vec::new(),
        }
    }

    /// Adds a note line (see [`Diagnostic::notes`]).
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Adds a hint line.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    /// Adds `did you mean '…'?` when one of `known` is close to `name`.
    pub fn suggest<'a>(self, name: &str, known: impl IntoIterator<Item = &'a str>) -> Diagnostic {
        match closest(name, known) {
            Some(best) => self.with_hint(format!("did you mean '{best}'?")),
            None => self,
        }
    }

    /// Renders the diagnostic against the source text it points into: `file:line:col`, the
    /// source line (elided around the span when long, control characters escaped), a caret
    /// under the span, then the notes and the hint. Never longer than a few hundred
    /// characters a line, whatever the source.
    pub fn render(&self, file: &str, source: &str) -> String {
        self.render_with(file, source, &LineIndex::new(source))
    }

    /// [`Diagnostic::render`] with the line starts already found (many diagnostics of one
    /// file share them, so rendering them all stays linear).
    pub fn render_with(&self, file: &str, source: &str, lines: &LineIndex) -> String {
        let start = floor_char(source, (self.span.start as usize).min(source.len()));
        let (line_no, line_start) = lines.line_of(start);
        let line_end = source[start..]
            .find('\n')
            .map_or(source.len(), |i| start + i);
        let end = floor_char(source, (self.span.end as usize).clamp(start, line_end));
        let col = source[line_start..start].chars().count() + 1;
        let num = line_no.to_string();
        let pad = " ".repeat(num.len());
        let (shown, lead, width) = excerpt(
            source[line_start..line_end].trim_end_matches('\r'),
            start - line_start,
            end - line_start,
        );
        let mut out = format!(
            "{file}:{line_no}:{col}: error: {}\n{pad} |\n{num} | {shown}\n{pad} | {lead}{}\n",
            bounded(&self.message),
            "^".repeat(width)
        );
        for note in &self.notes {
            // A note of several lines (a drawn position) keeps its lines under the '='.
            let mut lines = note.lines();
            if let Some(first) = lines.next() {
                out.push_str(&format!("{pad} = {}\n", bounded(first)));
            }
            for more in lines.take(40) {
                out.push_str(&format!("{pad}   {}\n", bounded(more)));
            }
        }
        if let Some(h) = &self.hint {
            out.push_str(&format!("{pad} = hint: {}\n", bounded(h)));
        }
        out
    }
}

/// The known name closest to `name`, if it is close enough to be a likely typo.
pub fn closest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // A long text is no typo of a name; and names whose lengths differ by more than the
    // distance allowed need no comparison (which keeps this fast on any input).
    if name.len() > 64 {
        return None;
    }
    known
        .into_iter()
        .filter(|k| *k != name && k.len().abs_diff(name.len()) <= 2.max(k.len() / 3))
        .map(|k| (strsim::damerau_levenshtein(name, k), k))
        // Close enough, and not most of the name: 'n' is not a likely typo of 'ne', nor 'z9'
        // of 'a1'.
        .filter(|(d, k)| {
            *d <= 2.max(k.len() / 3)
                && *d < k.len().max(name.len())
                && *d * 2 < name.chars().count()
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// Most diagnostics rendered for one file; the rest are counted (`… and 812 more errors`).
pub const MAX_SHOWN: usize = 50;

/// Longest source excerpt or message line shown, in characters.
pub const MAX_LINE: usize = 200;

/// Renders a list of diagnostics, each followed by a blank line: at most [`MAX_SHOWN`] of
/// them, then how many more there are.
pub fn render_all(diags: &[Diagnostic], file: &str, source: &str) -> String {
    let lines = LineIndex::new(source);
    let mut out: Vec<String> = diags
        .iter()
        .take(MAX_SHOWN)
        .map(|d| d.render_with(file, source, &lines))
        .collect();
    if diags.len() > MAX_SHOWN {
        out.push(format!(
            "… and {} more error{}\n",
            diags.len() - MAX_SHOWN,
            if diags.len() - MAX_SHOWN == 1 {
                ""
            } else {
                "s"
            }
        ));
    }
    out.join("\n")
}

/// Where each line of a source text starts, found once, so the line of a byte offset is a
/// binary search rather than a count from the start.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// The line starts of `source`.
    pub fn new(source: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The line number (from 1) holding byte `offset`, and the byte its line starts at.
    pub fn line_of(&self, offset: usize) -> (usize, usize) {
        let i = self.starts.partition_point(|&s| s <= offset).max(1) - 1;
        (i + 1, self.starts[i])
    }
}

/// The largest character boundary at or before `i`.
fn floor_char(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A line shown with control characters escaped (a tab stays a tab).
fn escaped(c: char) -> String {
    if c == '\t' || !c.is_control() {
        c.to_string()
    } else {
        c.escape_default().to_string()
    }
}

/// Text shown in a message: control characters escaped, at most [`MAX_LINE`] characters.
pub fn bounded(text: &str) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n >= MAX_LINE {
            out.push('…');
            break;
        }
        out.push_str(&escaped(c));
    }
    out
}

/// The part of a source line to show around the span from byte `from` to byte `to`, the
/// spaces that bring the caret under it, and the caret's width: the whole line when short,
/// else a window of about [`MAX_LINE`] characters around the span with `…` at the cut ends.
fn excerpt(line: &str, from: usize, to: usize) -> (String, String, usize) {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let first = chars.partition_point(|&(b, _)| b < from);
    let last = chars.partition_point(|&(b, _)| b < to).max(first + 1);
    let (mut lo, mut hi) = (0, chars.len());
    if chars.len() > MAX_LINE {
        lo = first.saturating_sub(MAX_LINE / 3);
        hi = (lo + MAX_LINE).min(chars.len()).max(first + 1);
    }
    let mut shown = String::new();
    let mut lead = String::new();
    if lo > 0 {
        shown.push('…');
        lead.push(' ');
    }
    for (k, &(_, c)) in chars.iter().enumerate().take(hi).skip(lo) {
        let e = escaped(c);
        if k < first {
            let blank: String = e
                .chars()
                .map(|x| if x == '\t' { '\t' } else { ' ' })
                .collect();
            lead.push_str(&blank);
        }
        shown.push_str(&e);
    }
    if hi < chars.len() {
        shown.push('…');
    }
    let width: usize = chars
        .iter()
        .take(last.min(hi))
        .skip(first)
        .map(|&(_, c)| escaped(c).chars().count())
        .sum();
    (shown, lead, width.clamp(1, MAX_LINE))
}
