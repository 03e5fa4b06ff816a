//! Source spans: byte offsets into the rule file; line and column are computed only when a
//! diagnostic is rendered.

/// A byte range of the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// The span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

impl From<pest::Span<'_>> for Span {
    fn from(s: pest::Span<'_>) -> Span {
        Span::new(s.start(), s.end())
    }
}

/// A value with the span of the text it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps `node` with `span`.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// A name as written, with its span.
pub type Name = Spanned<String>;

/// The span of a parse-tree node (of either grammar).
pub(crate) fn pair_span<R: pest::RuleType>(p: &pest::iterators::Pair<R>) -> Span {
    p.as_span().into()
}

/// A parse-tree node's text as a name with its span.
pub(crate) fn pair_name<R: pest::RuleType>(p: pest::iterators::Pair<R>) -> Name {
    Spanned::new(p.as_str().to_string(), pair_span(&p))
}

/// A quoted string's body (the node's only child), with the span of the whole string.
pub(crate) fn pair_string<R: pest::RuleType>(p: pest::iterators::Pair<R>) -> Spanned<String> {
    let s = pair_span(&p);
    let body = p
        .into_inner()
        .next()
        .map_or(String::new(), |b| b.as_str().to_string());
    Spanned::new(body, s)
}
