//! Text to AST: the pest grammar in `grammar/game.pest`, then one function per grammar rule.

use pest::iterators::Pair;
use pest::Parser;

use super::ast::{Arg, CmpOp, Expr, ExprKind, File, ResultWord, Setup, Stmt, Value};
use super::diag::Diagnostic;
use super::span::{pair_name as name, pair_span as span, pair_string as string};
use super::span::{Span, Spanned};

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/game.pest"]
struct GameParser;

/// Largest rule file parsed, in bytes.
pub const MAX_SOURCE: usize = 1 << 20;
/// Deepest nesting of brackets in an expression.
pub const MAX_NESTING: usize = 64;
/// Largest rule file whose syntax error is worked out in detail (a second parse).
const DETAIL_LIMIT: usize = 64 << 10;
/// Longest run of `not` before one operand.
pub const MAX_NOTS: usize = 64;
/// Deepest expression tree: each `not`, comparison, call argument, `and`/`or`/`then` list
/// and each operand of a `+`/`-` chain (which nests to the left) is a level. The stages
/// after the parser recurse on the tree, so its depth, not only its brackets, is bounded.
pub const MAX_DEPTH: usize = 256;

/// Parses a rule file. A syntax error is returned as one diagnostic saying what was expected.
pub fn parse(source: &str) -> Result<File, Vec<Diagnostic>> {
    // The parser and the stages after it recurse on nested expressions: limits are checked
    // first, on the text, so no input can exhaust the stack.
    if let Some(d) = limits(source) {
        return Err(vec![d]);
    }
    let mut pairs = GameParser::parse(Rule::file, source).map_err(|e| {
        if source.len() > DETAIL_LIMIT {
            // A second parse costs as much as the first (seconds for an unclosed call of
            // a megabyte): a large file gets the first parse's message.
            return vec![syntax_error(e, source)];
        }
        // Parse again, tracking every token tried at the farthest position, to say exactly
        // what was expected there ('=', ')', a statement).
        pest::set_error_detail(true);
        let detailed = GameParser::parse(Rule::file, source).err();
        let at_line_end = detailed.as_ref().and_then(|d| error_at_line_end(d, source));
        pest::set_error_detail(false);
        match at_line_end {
            Some(cut) => vec![syntax_error_at_line_end(cut, source)],
            None => vec![syntax_error(detailed.unwrap_or(e), source)],
        }
    })?;
    let file = pairs
        .next()
        .ok_or_else(|| vec![Diagnostic::error(Span::default(), "empty input")])?;
    // Before the tree is built: a chain of 100,000 `+ 1` would be a tree that deep, which
    // even dropping it would recurse through.
    if let Some(d) = too_deep(file.clone()) {
        return Err(vec![d]);
    }
    let stmts = file
        .into_inner()
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(statement)
        .collect();
    Ok(File { stmts })
}

/// The first limit `source` goes past (size, bracket nesting, a run of `not`), if any.
fn limits(source: &str) -> Option<Diagnostic> {
    if source.len() > MAX_SOURCE {
        return Some(Diagnostic::error(
            Span::new(0, 0),
            format!(
                "the rule file is {} bytes; rule files may have at most {MAX_SOURCE}",
                source.len()
            ),
        ));
    }
    let bytes = source.as_bytes();
    let (mut depth, mut nots) = (0usize, 0usize);
    let (mut in_string, mut in_comment) = (false, false);
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'\n' => {
                in_string = false;
                in_comment = false;
            }
            _ if in_comment => {}
            b'"' => in_string = !in_string,
            _ if in_string => {}
            b'#' => in_comment = true,
            b'(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(
                        Diagnostic::error(
                            Span::new(i, i + 1),
                            format!("expressions nest deeper than {MAX_NESTING} brackets"),
                        )
                        .with_hint(
                            "this is a limit of the rule language; name a part with 'define'",
                        ),
                    );
                }
            }
            b')' => depth = depth.saturating_sub(1),
            b'n' if source[i..].starts_with("not")
                && !source[i + 3..]
                    .starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '-')
                && (i == 0
                    || !(bytes[i - 1].is_ascii_alphanumeric()
                        || bytes[i - 1] == b'_'
                        || bytes[i - 1] == b'-')) =>
            {
                nots += 1;
                if nots > MAX_NOTS {
                    return Some(Diagnostic::error(
                        Span::new(i, i + 3),
                        format!("more than {MAX_NOTS} 'not' in a row"),
                    ));
                }
                i += 3;
                continue;
            }
            _ if c.is_ascii_whitespace() => {}
            _ => nots = 0,
        }
        i += 1;
    }
    None
}

/// The first expression deeper than [`MAX_DEPTH`] (as [`expr`] will build it), if any:
/// walked with a list of pairs to visit, not by recursion.
fn too_deep(file: Pair<Rule>) -> Option<Diagnostic> {
    let mut todo = vec![(file, 0usize)];
    while let Some((p, depth)) = todo.pop() {
        if depth > MAX_DEPTH {
            return Some(
                Diagnostic::error(
                    span(&p),
                    format!(
                        "this expression nests more than {MAX_DEPTH} levels deep: each 'not', \
                         comparison, argument, 'and'/'or'/'then' list and each term of a '+' \
                         or '-' chain is a level (a limit of the rule language)"
                    ),
                )
                .with_hint("name a part with 'define', or write a long sum with fewer terms"),
            );
        }
        let rule = p.as_rule();
        let children: Vec<Pair<Rule>> = p.into_inner().collect();
        let operands = children
            .iter()
            .filter(|c| {
                !matches!(
                    c.as_rule(),
                    Rule::then_op | Rule::or_op | Rule::and_op | Rule::not_op | Rule::add_op
                )
            })
            .count();
        let nots = children
            .iter()
            .filter(|c| c.as_rule() == Rule::not_op)
            .count();
        let mut k = 0;
        for c in children {
            let extra = match rule {
                Rule::expr | Rule::or_expr | Rule::and_expr => usize::from(operands > 1),
                Rule::not_expr => nots,
                Rule::cmp => usize::from(operands > 1),
                // `a + b + c` is ((a + b) + c): the first term is deepest.
                Rule::sum if c.as_rule() != Rule::add_op => {
                    k += 1;
                    if k == 1 {
                        operands - 1
                    } else {
                        operands + 1 - k
                    }
                }
                Rule::call => 1,
                _ => 0,
            };
            todo.push((c, depth + extra));
        }
    }
    None
}

/// What a grammar rule is called in an error message.
fn describe(rule: &Rule) -> &'static str {
    match rule {
        Rule::name => "a name",
        Rule::int | Rule::decimal => "a number",
        Rule::string => "a quoted string",
        Rule::expr | Rule::or_expr | Rule::and_expr | Rule::not_expr | Rule::cmp | Rule::sum => {
            "an expression"
        }
        Rule::call | Rule::call_name => "a call",
        Rule::args | Rule::arg | Rule::arg_name => "an argument",
        Rule::list | Rule::value | Rule::per_player | Rule::player_item => "a value",
        Rule::result => "'win', 'loss', 'draw' or 'pass'",
        Rule::game_stmt
        | Rule::players_stmt
        | Rule::option_stmt
        | Rule::board_stmt
        | Rule::remove_stmt
        | Rule::cells_stmt
        | Rule::link_stmt
        | Rule::direction_stmt
        | Rule::zone_stmt
        | Rule::piece_stmt
        | Rule::setup_stmt
        | Rule::define_stmt
        | Rule::move_stmt
        | Rule::end_stmt
        | Rule::dice_stmt
        | Rule::roll_stmt
        | Rule::stack_stmt
        | Rule::track_stmt
        | Rule::reserve_stmt
        | Rule::royal_stmt
        | Rule::hand_stmt
        | Rule::hand_kw
        | Rule::notation_stmt
        | Rule::forced_stmt
        | Rule::forbid_stmt
        | Rule::forbid_kw
        | Rule::look_stmt
        | Rule::look_kw => "a statement (game, players, option, board, direction, zone, piece, setup, define, move, dice, roll, stack, track, reserve, forbid, or an ending such as 'win if …')",
        Rule::score_stmt | Rule::score_kw => "a statement (score)",
        Rule::prefer_stmt | Rule::bonus_stmt | Rule::bonus_kw => "a statement (game, players, option, board, direction, zone, piece, setup, define, move, dice, roll, stack, track, reserve, prefer, bonus, forbid, or an ending such as 'win if …')",
        Rule::weight => "a whole number (may be negative)",
        Rule::by_kw => "'by'",
        Rule::noise_kw => "'noise'",
        Rule::shared => "'shared'",
        Rule::separately => "'separately'",
        Rule::doubles_twice => "', doubles twice'",
        Rule::forced => "'forced'",
        Rule::then_op => "'then'",
        Rule::or_op => "'or'",
        Rule::and_op => "'and'",
        Rule::not_op => "'not'",
        Rule::add_op => "'+' or '-'",
        Rule::cmp_op => "a comparison ('<', '<=', '=', '!=', '>=' or '>')",
        Rule::params => "a parameter list",
        Rule::kinds => "piece kinds",
        Rule::guard => "'when'",
        Rule::for_players => "'for'",
        Rule::link_back => "'/' and a direction",
        Rule::EOI => "the end of the line",
        Rule::keyword => "a keyword",
        _ => "something else",
    }
}

/// Whether `word` is a reserved word of the grammar (its `keyword` rule).
fn is_keyword(word: &str) -> bool {
    GameParser::parse(Rule::keyword, word).is_ok_and(|p| p.as_str() == word)
}

/// The token starting at `pos` (a word, or one other character), or `None` at the end of a
/// line or of the file.
fn token_at(source: &str, pos: usize) -> Option<&str> {
    let rest = source.get(pos..)?.trim_start_matches([' ', '\t']);
    let first = rest.chars().next()?;
    if first == '\n' || first == '\r' || first == '#' {
        return None;
    }
    let len = if first.is_alphanumeric() || first == '_' {
        rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(rest.len())
    } else {
        first.len_utf8()
    };
    Some(&rest[..len])
}

/// The last word or symbol before `pos`, skipping spaces, newlines and comments.
fn token_before(source: &str, pos: usize) -> Option<(usize, &str)> {
    let code = strip_comments(&source[..pos.min(source.len())]);
    let trimmed = code.trim_end();
    let end = trimmed.len();
    let last = trimmed.chars().next_back()?;
    let start = if last.is_alphanumeric() || last == '_' || last == '-' {
        trimmed
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .map_or(0, |i| i + 1)
    } else {
        end - last.len_utf8()
    };
    Some((end, &source[start..end]))
}

/// `source` with comments blanked out (same length, so offsets still hold).
fn strip_comments(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut in_string = false;
    let mut in_comment = false;
    for c in source.chars() {
        match c {
            '\n' => {
                in_string = false;
                in_comment = false;
                out.push(c);
            }
            _ if in_comment => out.extend(std::iter::repeat_n(' ', c.len_utf8())),
            '#' if !in_string => {
                in_comment = true;
                out.push(' ');
            }
            '"' => {
                in_string = !in_string;
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// The '(' before `pos` that is still open there, with the name of the call it opens.
fn unclosed_paren(source: &str, pos: usize) -> Option<(usize, String)> {
    let code = strip_comments(&source[..pos.min(source.len())]);
    let mut open = Vec::new();
    let mut in_string = false;
    for (i, c) in code.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '\n' => in_string = false,
            '(' if !in_string => open.push(i),
            ')' if !in_string => {
                open.pop();
            }
            _ => {}
        }
    }
    let at = *open.last()?;
    let name = token_before(source, at).map_or("", |t| t.1);
    Some((at, format!("{name}(")))
}

/// Operators that may continue what came before them: tried at a position, they are not
/// what the position needs.
const OPERATORS: [&str; 5] = ["+", "-", "and", "or", "then"];
/// Comparison operators, which may likewise continue a value.
const COMPARISONS: [&str; 6] = ["!=", "<", "<=", "=", ">", ">="];

/// A precise message from the tokens the parser tried at the farthest position it reached,
/// or `None` when they say nothing useful (then the rule names are used).
fn expected_tokens_error(pos: usize, tokens: Vec<String>, source: &str) -> Option<Diagnostic> {
    let mut end_of_line = false;
    let mut wanted: Vec<String> = Vec::new();
    for token in tokens {
        // Character ranges (`a..z`: more letters of a name) and built-in rules say nothing.
        let is_range = token.chars().count() == 4 && token.get(1..3) == Some("..");
        if is_range || token == "BUILTIN_RULE" {
            continue;
        }
        match token.as_str() {
            "\n" | "\r\n" => end_of_line = true,
            "\r" | " " | "\t" | "#" | "-" | "_" => {}
            _ => wanted.push(token),
        }
    }
    if wanted.is_empty() {
        return None;
    }
    let found = token_at(source, pos);
    let found_text = found.map_or("the end of the line".to_string(), quote_found);
    let span_at = |p: usize, len: usize| Span::new(p, (p + len.max(1)).min(source.len().max(p)));
    let line_of = |p: usize| source[..p].matches('\n').count() + 1;
    let is_word = |t: &str| t.starts_with(|c: char| c.is_alphanumeric());
    let prev = token_before(source, pos);
    // Two items side by side: a comma is missing.
    if let (true, Some(f), Some((end, p))) = (wanted.iter().any(|w| w == ","), found, prev) {
        if is_word(f) && is_word(p) && line_of(end) == line_of(pos) {
            return Some(
                Diagnostic::error(
                    span_at(pos, f.len()),
                    format!("expected ',' between '{p}' and '{f}'"),
                )
                .with_hint("separate the items of a list with commas"),
            );
        }
    }
    // `dice … , doubles twice` without `separately`.
    if found == Some(",") && wanted.iter().any(|w| w == "separately") {
        return Some(
            Diagnostic::error(span_at(pos, 1), "expected 'separately' or the end of the line after the dice, found ','")
                .with_hint("only dice used separately count doubles twice: dice 2 from 1 to 6 separately, doubles twice"),
        );
    }
    // A ')' with no '(' to close.
    if found == Some(")") && unclosed_paren(source, pos).is_none() {
        return Some(Diagnostic::error(
            span_at(pos, 1),
            "this ')' has no '(' to close",
        ));
    }
    // A call left open: point just after its last argument.
    if wanted.iter().any(|w| w == ")") {
        if let Some((open, call)) = unclosed_paren(source, pos) {
            let after = prev.map_or(pos, |t| t.0);
            let mut d =
                Diagnostic::error(span_at(after, 1), format!("expected ')' to close '{call}'"));
            if line_of(after) != line_of(pos) || found.is_none() {
                d = d.with_hint(format!(
                    "the '(' on line {} is never closed; a call may go on over several lines, so what follows was read as part of it",
                    line_of(open)
                ));
            } else {
                d = d.with_hint(format!("found {found_text} before the closing ')'"));
            }
            return Some(d);
        }
    }
    // A statement was expected: name the closest word that may start one.
    if wanted.iter().any(|w| w == "players") {
        let found_word = found.filter(|f| f.chars().all(|c| c.is_alphanumeric() || c == '-'))?;
        let d = Diagnostic::error(
            span_at(pos, found_word.len()),
            format!("expected a statement, found '{found_word}'"),
        );
        let words = wanted
            .iter()
            .filter(|w| w.chars().all(|c| c.is_ascii_alphabetic()) && *w != "then");
        let d = d.suggest(found_word, words.map(String::as_str));
        return Some(if d.hint.is_some() {
            d
        } else {
            d.with_hint("a statement starts with game, players, option, board, remove, cells, link, direction, zone, piece, setup, define or move, or is an ending such as 'win if …'")
        });
    }
    // What may start a value ('"', '(' and 'not'; names and numbers are character ranges)
    // is "a value"; operators that could continue what came before are left out.
    let value_start = wanted.iter().any(|w| w == "\"" || w == "not");
    if value_start {
        wanted.retain(|w| !matches!(w.as_str(), "\"" | "not" | "("));
    }
    if wanted.iter().any(|w| !OPERATORS.contains(&w.as_str())) || end_of_line || value_start {
        wanted.retain(|w| !OPERATORS.contains(&w.as_str()));
    }
    wanted.sort();
    wanted.dedup();
    let mut items: Vec<String> = wanted.iter().map(|w| format!("'{w}'")).collect();
    if value_start {
        items.insert(0, "a value".into());
    }
    if end_of_line {
        items.push("the end of the line".into());
    }
    let list = match items.len() {
        0 => return None,
        1 => items[0].clone(),
        _ => {
            let last = items.pop().unwrap_or_default();
            format!("{} or {last}", items.join(", "))
        }
    };
    let after = match prev {
        Some((_, t)) if items.len() == 1 && !end_of_line => format!(" after '{t}'"),
        _ => String::new(),
    };
    let len = found.map_or(1, str::len);
    Some(Diagnostic::error(
        span_at(pos, len),
        format!("expected {list}{after}, found {found_text}"),
    ))
}

/// A statement cut short at the end of its line (`prefer reach(row(3))` without its
/// `by …`) fails farther on, at the next line, which the parser tried only as a
/// continuation (`then …`): reported there, the message would say nothing useful. The
/// text up to the end of the statement's line is parsed again, and its error is used when
/// it stands at that line's end: it names what the statement still needs.
fn error_at_line_end(
    e: &pest::error::Error<Rule>,
    source: &str,
) -> Option<pest::error::Error<Rule>> {
    let pos = e.parse_attempts()?.max_position;
    let (prev_end, _) = token_before(source, pos)?;
    if !source.get(prev_end..pos)?.contains('\n') {
        return None;
    }
    let cut = source[prev_end..]
        .find('\n')
        .map_or(source.len(), |i| prev_end + i);
    let err = GameParser::parse(Rule::file, &source[..cut]).err()?;
    let at = err.parse_attempts()?.max_position;
    let rest = strip_comments(&source[..cut]);
    rest.get(at..)?.trim().is_empty().then_some(err)
}

/// The message of [`error_at_line_end`]'s error: what the statement needs to go on, not
/// the operators that could also continue it, nor the line end the full text shows it
/// cannot stop at.
fn syntax_error_at_line_end(e: pest::error::Error<Rule>, source: &str) -> Diagnostic {
    let tokens: Option<(usize, Vec<String>)> = e.parse_attempts().map(|a| {
        let tokens = a
            .expected_tokens()
            .iter()
            .map(|t| t.to_string())
            .filter(|t| {
                let t = t.as_str();
                !(OPERATORS.contains(&t) || COMPARISONS.contains(&t) || t == "\n" || t == "\r\n")
            })
            .collect();
        (a.max_position, tokens)
    });
    match tokens.and_then(|(pos, t)| expected_tokens_error(pos, t, source)) {
        Some(d) => d,
        None => syntax_error(e, source),
    }
}

fn syntax_error(e: pest::error::Error<Rule>, source: &str) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    if let Some(d) = e.parse_attempts().and_then(|a| {
        let tokens = a.expected_tokens().iter().map(|t| t.to_string()).collect();
        expected_tokens_error(a.max_position, tokens, source)
    }) {
        return d;
    }
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    // Point at the whole offending token, not just its first byte.
    let rest = &source[pos.min(source.len())..];
    // At least the first character, whole (it may be a space of several bytes).
    let first = rest.chars().next().map_or(0, char::len_utf8);
    let len = rest
        .char_indices()
        .find(|(_, c)| c.is_whitespace() || matches!(c, ',' | '(' | ')' | ':'))
        .map_or(rest.len(), |(i, _)| i)
        .max(first);
    let span = Span::new(pos, (pos + len).min(source.len().max(pos)));
    let found = if rest
        .trim_start_matches([' ', '\t'])
        .starts_with(['\n', '\r'])
        || rest.is_empty()
    {
        "the end of the line".to_string()
    } else {
        quote_found(&rest[..len.min(rest.len())])
    };
    let message = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut want: Vec<&str> = positives.iter().map(describe).collect();
            want.sort();
            want.dedup();
            match want.len() {
                0 => format!("unexpected {found}"),
                1 => match token_before(source, pos) {
                    // `… then` at the end of a line: the next line was read as its operand.
                    Some((_, op))
                        if matches!(op, "then" | "and" | "or" | "not" | "when" | "if" | "for")
                            || matches!(op, "=" | "+" | "-" | ":") =>
                    {
                        format!("expected {} after '{op}', found {found}", want[0])
                    }
                    _ => format!("expected {}, found {found}", want[0]),
                },
                _ => {
                    let last = want.pop().unwrap_or_default();
                    format!("expected {} or {last}, found {found}", want.join(", "))
                }
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    let mut d = Diagnostic::error(span, message);
    if found.starts_with("'\"") {
        d = d.with_hint("strings end on the same line with a closing '\"'");
    }
    let word = &rest[..len.min(rest.len())];
    let name_expected = matches!(&e.variant, ErrorVariant::ParsingError { positives, .. } if positives == &[Rule::name]);
    if name_expected && is_keyword(word) {
        d = d.with_hint(format!(
            "'{word}' is a word of the rule language; choose another name"
        ));
    }
    d
}

fn statement(p: Pair<Rule>) -> Spanned<Stmt> {
    let s = span(&p);
    let rule = p.as_rule();
    let mut it = p
        .into_inner()
        .filter(|c| c.as_rule() != Rule::forbid_kw)
        .peekable();
    let mut next = || it.next().expect("grammar guarantees this child");
    let stmt = match rule {
        Rule::game_stmt => Stmt::Game(string(next())),
        Rule::players_stmt => Stmt::Players(it.map(name).collect()),
        Rule::option_stmt => {
            let n = name(next());
            Stmt::Option {
                name: n,
                value: expr(next()),
            }
        }
        Rule::board_stmt => Stmt::Board(expr(next())),
        Rule::remove_stmt => Stmt::Remove(list(next())),
        Rule::cells_stmt => Stmt::Cells(list(next())),
        Rule::link_stmt => link_stmt(it),
        Rule::direction_stmt => {
            let n = name(next());
            Stmt::Direction {
                name: n,
                value: value(next()),
            }
        }
        Rule::zone_stmt => {
            let n = name(next());
            Stmt::Zone {
                name: n,
                value: value(next()),
            }
        }
        Rule::piece_stmt => piece_stmt(it),
        Rule::setup_stmt => setup_stmt(it),
        Rule::define_stmt => define_stmt(it),
        Rule::move_stmt => move_stmt(it),
        Rule::dice_stmt => dice_stmt(it),
        Rule::roll_stmt => {
            let roll = expr(next());
            Stmt::RollMap {
                roll,
                steps: expr(next()),
            }
        }
        Rule::stack_stmt => {
            let cells = list(next());
            let capacity = expr(next());
            Stmt::Stack {
                cells,
                capacity,
                shared: it.next().is_some(),
            }
        }
        Rule::track_stmt => {
            let n = name(next());
            Stmt::Track {
                name: n,
                cells: value(next()),
            }
        }
        Rule::reserve_stmt => {
            let n = name(next());
            Stmt::Reserve {
                kind: n,
                count: value(next()),
            }
        }
        Rule::royal_stmt => Stmt::Royal(next().into_inner().map(name).collect()),
        Rule::score_stmt => {
            next();
            Stmt::Score(expr(next()))
        }
        Rule::hand_stmt => {
            next();
            Stmt::Hand(next().into_inner().map(name).collect())
        }
        Rule::notation_stmt => Stmt::Notation(name(next())),
        Rule::forced_stmt => {
            next(); // the `forced` keyword
            Stmt::Forced(name(next()))
        }
        Rule::prefer_stmt => prefer_stmt(it, s),
        Rule::end_stmt => end_stmt(it),
        Rule::bonus_stmt => bonus_stmt(it),
        Rule::forbid_stmt => {
            let cond = expr(next());
            let guard = it.next().and_then(|g| g.into_inner().next()).map(expr);
            Stmt::Forbid { cond, guard }
        }
        Rule::look_stmt => look_stmt(it),
        other => unreachable!("statement rule {other:?}"),
    };
    Spanned::new(stmt, s)
}

/// The next child of a statement, which the grammar guarantees.
fn child<'i>(it: &mut impl Iterator<Item = Pair<'i, Rule>>) -> Pair<'i, Rule> {
    it.next().expect("grammar guarantees this child")
}

/// `link a b ... dir [back name]`: the cells linked and their direction.
fn link_stmt<'i>(it: impl Iterator<Item = Pair<'i, Rule>>) -> Stmt {
    let mut names = Vec::new();
    let mut back = None;
    for c in it {
        match c.as_rule() {
            Rule::link_back => back = c.into_inner().next().map(name),
            _ => names.push(name(c)),
        }
    }
    let dir = names.pop().expect("grammar guarantees a direction");
    Stmt::Link {
        cells: names,
        dir,
        back,
    }
}

/// `piece name "symbols"[, counters] [value]`.
fn piece_stmt<'i>(mut it: impl Iterator<Item = Pair<'i, Rule>>) -> Stmt {
    let n = name(child(&mut it));
    let mut symbols = value(child(&mut it));
    let v = it.next().map(expr);
    // `"o", counters`: the list's last word marks a counters kind.
    let mut counters = false;
    if let Value::List(l) = &mut symbols {
        if l.len() > 1 && matches!(&l[l.len() - 1].kind, ExprKind::Name(n) if n == "counters") {
            l.pop();
            counters = true;
        }
    }
    Stmt::Piece {
        name: n,
        symbols,
        value: v,
        counters,
    }
}

/// `setup "position"` or `setup [count] kind at cells`.
fn setup_stmt<'i>(mut it: impl Iterator<Item = Pair<'i, Rule>>) -> Stmt {
    let first = child(&mut it);
    if first.as_rule() == Rule::string {
        Stmt::Setup(Setup::Position(string(first)))
    } else {
        let (count, kind) = if first.as_rule() == Rule::int {
            let span = span(&first);
            // Saturating: a count too large is refused by the compiler.
            let n = first.as_str().parse::<u32>().unwrap_or(u32::MAX);
            (Some(Spanned { node: n, span }), name(child(&mut it)))
        } else {
            (None, name(first))
        };
        Stmt::Setup(Setup::Pieces {
            kind,
            cells: value(child(&mut it)),
            count,
        })
    }
}

/// `define name(params) = body`.
fn define_stmt<'i>(mut it: impl Iterator<Item = Pair<'i, Rule>>) -> Stmt {
    let n = name(child(&mut it));
    let mut params = Vec::new();
    let mut body = None;
    for c in it {
        match c.as_rule() {
            Rule::params => params = c.into_inner().map(name).collect(),
            _ => body = Some(value(c)),
        }
    }
    Stmt::Define {
        name: n,
        params,
        body: body.expect("grammar guarantees a body"),
    }
}

/// `move [kinds:] alternatives [when guard] [forced]`.
fn move_stmt<'i>(it: impl Iterator<Item = Pair<'i, Rule>>) -> Stmt {
    let mut kinds = Vec::new();
    let mut alternatives = Vec::new();
    let mut guard = None;
    let mut forced = false;
    for c in it {
        match c.as_rule() {
            Rule::kinds => kinds = c.into_inner().map(name).collect(),
            Rule::list => alternatives = list(c),
            Rule::guard => guard = c.into_inner().next().map(expr),
            Rule::forced => forced = true,
            _ => {}
        }
    }
    Stmt::Move {
        kinds,
        alternatives,
        guard,
        forced,
    }
}

/// `dice count d low..high [separately]`.
fn dice_stmt<'i>(mut it: impl Iterator<Item = Pair<'i, Rule>>) -> Stmt {
    let count = expr(child(&mut it));
    let low = expr(child(&mut it));
    let high = expr(child(&mut it));
    let separately = it
        .next()
        .map(|sep| (span(&sep), sep.into_inner().next().is_some()));
    Stmt::Dice {
        count,
        low,
        high,
        separately,
    }
}

/// `prefer cond by weight [when guard]` or `prefer noise weight`; `s` is the statement's
/// span (a weight's when it has none).
fn prefer_stmt<'i>(it: impl Iterator<Item = Pair<'i, Rule>>, s: Span) -> Stmt {
    let mut cond = None;
    let mut weight = Spanned::new(0, s);
    let mut guard = None;
    for c in it {
        match c.as_rule() {
            Rule::weight => {
                let w = c.as_str().parse().unwrap_or(i64::MAX);
                weight = Spanned::new(w, span(&c));
            }
            Rule::guard => guard = c.into_inner().next().map(expr),
            Rule::noise_kw | Rule::by_kw => {}
            _ => cond = Some(expr(c)),
        }
    }
    Stmt::Prefer {
        cond,
        weight,
        guard,
    }
}

/// `win|loss|draw|again|pass if cond [for players] [when guard]`.
fn end_stmt<'i>(mut it: impl Iterator<Item = Pair<'i, Rule>>) -> Stmt {
    let r = child(&mut it);
    let word = match r.as_str() {
        "win" => ResultWord::Win,
        "loss" => ResultWord::Loss,
        "draw" => ResultWord::Draw,
        "again" => ResultWord::Again,
        _ => ResultWord::Pass,
    };
    let result = Spanned::new(word, span(&r));
    let cond = expr(child(&mut it));
    let mut players = Vec::new();
    let mut guard = None;
    for c in it {
        match c.as_rule() {
            Rule::for_players => players = c.into_inner().map(name).collect(),
            Rule::guard => guard = c.into_inner().next().map(expr),
            _ => {}
        }
    }
    Stmt::End {
        result,
        cond,
        players,
        guard,
    }
}

/// `bonus kinds at cells by weight [when guard]`.
fn bonus_stmt<'i>(mut it: impl Iterator<Item = Pair<'i, Rule>>) -> Stmt {
    child(&mut it); // the `bonus` keyword
    let kinds = child(&mut it).into_inner().map(name).collect();
    let cells = value(child(&mut it));
    child(&mut it); // `by`
    let w = child(&mut it);
    let weight = Spanned::new(w.as_str().parse().unwrap_or(i64::MAX), span(&w));
    let guard = it.next().and_then(|g| g.into_inner().next()).map(expr);
    Stmt::Bonus {
        kinds,
        cells,
        weight,
        guard,
    }
}

/// `look word [subject] [value] [when guard]`.
fn look_stmt<'i>(mut it: impl Iterator<Item = Pair<'i, Rule>>) -> Stmt {
    child(&mut it); // the `look` keyword
    let word = name(child(&mut it));
    let (mut subject, mut val, mut guard) = (None, None, None);
    for c in it {
        match c.as_rule() {
            Rule::name => subject = Some(name(c)),
            Rule::guard => guard = c.into_inner().next().map(expr),
            _ => val = Some(value(c)),
        }
    }
    Stmt::Look {
        word,
        subject,
        value: val,
        guard,
    }
}

fn value(p: Pair<Rule>) -> Value {
    let inner = p.into_inner().next().expect("value has one child");
    match inner.as_rule() {
        Rule::per_player => Value::PerPlayer(
            inner
                .into_inner()
                .map(|item| {
                    let mut it = item.into_inner();
                    let l = list(it.next().expect("item list"));
                    let who = name(it.next().expect("item player"));
                    (l, who)
                })
                .collect(),
        ),
        _ => Value::List(list(inner)),
    }
}

fn list(p: Pair<Rule>) -> Vec<Expr> {
    p.into_inner().map(expr).collect()
}

/// Builds a left-nested chain for `expr`, `or_expr`, `and_expr` (operator pairs are skipped).
fn expr(p: Pair<Rule>) -> Expr {
    let s = span(&p);
    match p.as_rule() {
        Rule::expr | Rule::or_expr | Rule::and_expr => {
            let rule = p.as_rule();
            let items: Vec<Expr> = p
                .into_inner()
                .filter(|c| !matches!(c.as_rule(), Rule::then_op | Rule::or_op | Rule::and_op))
                .map(expr)
                .collect();
            if items.len() == 1 {
                return items.into_iter().next().expect("one item");
            }
            let kind = match rule {
                Rule::expr => ExprKind::Then(items),
                Rule::or_expr => ExprKind::Or(items),
                _ => ExprKind::And(items),
            };
            Expr { kind, span: s }
        }
        Rule::not_expr => {
            let mut nots = 0;
            let mut inner = None;
            for c in p.into_inner() {
                if c.as_rule() == Rule::not_op {
                    nots += 1;
                } else {
                    inner = Some(expr(c));
                }
            }
            let mut e = inner.expect("not_expr has an operand");
            for _ in 0..nots {
                e = Expr {
                    kind: ExprKind::Not(Box::new(e)),
                    span: s,
                };
            }
            e
        }
        Rule::cmp => {
            let mut it = p.into_inner();
            let lhs = expr(it.next().expect("cmp has a term"));
            let (Some(op), Some(rhs)) = (it.next(), it.next()) else {
                return lhs;
            };
            let op = match op.as_str() {
                "<" => CmpOp::Lt,
                "<=" => CmpOp::Le,
                "=" => CmpOp::Eq,
                "!=" => CmpOp::Ne,
                ">=" => CmpOp::Ge,
                _ => CmpOp::Gt,
            };
            Expr {
                kind: ExprKind::Cmp(op, Box::new(lhs), Box::new(expr(rhs))),
                span: s,
            }
        }
        Rule::sum => {
            let mut it = p.into_inner();
            let mut acc = expr(it.next().expect("sum has a term"));
            while let (Some(op), Some(rhs)) = (it.next(), it.next()) {
                let rhs = expr(rhs);
                let sp = acc.span.to(rhs.span);
                let kind = if op.as_str() == "+" {
                    ExprKind::Add(Box::new(acc), Box::new(rhs))
                } else {
                    ExprKind::Sub(Box::new(acc), Box::new(rhs))
                };
                acc = Expr { kind, span: sp };
            }
            acc
        }
        Rule::call => {
            let mut it = p.into_inner();
            let n = name(it.next().expect("call name"));
            let args = it
                .next()
                .map(|a| a.into_inner().map(arg).collect())
                .unwrap_or_default();
            Expr {
                kind: ExprKind::Call { name: n, args },
                span: s,
            }
        }
        Rule::int => Expr {
            kind: ExprKind::Int(p.as_str().parse().unwrap_or(i64::MAX)),
            span: s,
        },
        Rule::decimal => Expr {
            kind: ExprKind::Decimal(p.as_str().to_string()),
            span: s,
        },
        Rule::string => {
            let st = string(p);
            Expr {
                kind: ExprKind::Str(st.node),
                span: s,
            }
        }
        Rule::name => Expr {
            kind: ExprKind::Name(p.as_str().to_string()),
            span: s,
        },
        other => unreachable!("expression rule {other:?}"),
    }
}

fn arg(p: Pair<Rule>) -> Arg {
    let mut it = p.into_inner();
    let first = it.next().expect("arg has a child");
    match it.next() {
        Some(v) => Arg {
            name: Some(name(first)),
            value: expr(v),
        },
        None => Arg {
            name: None,
            value: expr(first),
        },
    }
}

/// What a syntax error found, for its message: the text in quotes, or an unusual space (one
/// pasted from a web page, say, which looks like a plain one) by its code.
fn quote_found(found: &str) -> String {
    match found.chars().next() {
        Some(c) if c.is_whitespace() && !matches!(c, ' ' | '\t' | '\n' | '\r') => {
            format!("the unusual space character U+{:04X}", u32::from(c))
        }
        _ => format!("'{found}'"),
    }
}
