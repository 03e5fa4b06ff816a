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

    /// Renders the diagnostic against the source text it points into.
    pub fn render(&self, file: &str, source: &str) -> String {
        let start = (self.span.start as usize).min(source.len());
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[start..]
            .find('\n')
            .map_or(source.len(), |i| start + i);
        let line_no = source[..start].matches('\n').count() + 1;
        let line = source[line_start..line_end].trim_end_matches('\r');
        let col = source[line_start..start].chars().count() + 1;
        let end = (self.span.end as usize).clamp(start, line_end);
        let width = source[start..end].chars().count().max(1);
        let num = line_no.to_string();
        let pad = " ".repeat(num.len());
        let lead: String = source[line_start..start]
            .chars()
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let mut out = format!(
            "{file}:{line_no}:{col}: error: {}\n{pad} |\n{num} | {line}\n{pad} | {lead}{}\n",
            self.message,
            "^".repeat(width)
        );
        for note in &self.notes {
            // A note of several lines (a drawn position) keeps its lines under the '='.
            let mut lines = note.lines();
            if let Some(first) = lines.next() {
                out.push_str(&format!("{pad} = {first}\n"));
            }
            for more in lines {
                out.push_str(&format!("{pad}   {more}\n"));
            }
        }
        if let Some(h) = &self.hint {
            out.push_str(&format!("{pad} = hint: {h}\n"));
        }
        out
    }
}

/// The known name closest to `name`, if it is close enough to be a likely typo.
pub fn closest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    known
        .into_iter()
        .filter(|k| *k != name)
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

/// Renders a list of diagnostics, each followed by a blank line.
pub fn render_all(diags: &[Diagnostic], file: &str, source: &str) -> String {
    diags
        .iter()
        .map(|d| d.render(file, source))
        .collect::<Vec<_>>()
        .join("\n")
}
