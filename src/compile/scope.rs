//! The compiler's state and its first stage: game title, players, options (with `--set`
//! overrides) and definitions (parameterised macros, expanded before anything else).

use crate::engine::DirId;
use indexmap::IndexMap;

use super::LoadError;
use crate::engine::{ByPlayer, Game, Player};
use crate::lang::ast::{Arg, Expr, ExprKind, File, Stmt, Value};
use crate::lang::span::Name;
use crate::lang::{Diagnostic, Span};

/// The value of a game option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A whole number: `option size = 11`.
    Int(i64),
    /// Yes or no: `option swap = no`.
    Bool(bool),
    /// A word: `option scoring = area`.
    Word(String),
    /// A number with a fractional part, as written: `option komi = 7.5`.
    Decimal(String),
}

/// Reads `7.5`, `-3`, `0.25` as a fraction `(numerator, power-of-ten denominator)`.
pub fn parse_decimal(text: &str) -> Option<(i64, i64)> {
    let (neg, t) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
    if whole.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > 6
        || whole.len() > 12
    {
        return None;
    }
    let den = 10i64.pow(frac.len() as u32);
    let num = whole.parse::<i64>().ok()? * den
        + if frac.is_empty() {
            0
        } else {
            frac.parse::<i64>().ok()?
        };
    Some((if neg { -num } else { num }, den))
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Bool(b) => write!(f, "{}", if *b { "yes" } else { "no" }),
            OptionValue::Word(w) | OptionValue::Decimal(w) => write!(f, "{w}"),
        }
    }
}

fn parse_bool(s: &str) -> Option<bool> {
    match s.to_ascii_lowercase().as_str() {
        "yes" | "true" | "on" => Some(true),
        "no" | "false" | "off" => Some(false),
        _ => None,
    }
}

struct Define {
    params: Vec<Name>,
    body: Value,
}

/// Everything the stages share: symbol tables and the diagnostics found so far.
pub(crate) struct Compiler {
    pub name: String,
    pub diags: Vec<Diagnostic>,
    pub title: Option<String>,
    pub players: Vec<String>,
    pub options: IndexMap<String, OptionValue>,
    /// Options whose default was wrong (already reported): uses of them are not errors again.
    bad_options: Vec<String>,
    /// For each word option, the words the rule file compares it with (`when ko = simple`):
    /// the values it can usefully take.
    option_words: IndexMap<String, Vec<String>>,
    /// Word options set on the command line: (name, value given, default).
    word_overrides: Vec<(String, String, String)>,
    defines: IndexMap<String, Define>,
    /// The definitions being expanded, innermost last (a name met again is a cycle).
    expanding: Vec<String>,
    /// Expression nodes made by expanding definitions so far (capped).
    expanded: usize,
    pub geo: Option<super::geometry::Geometry>,
    /// Every direction name, resolved per player to absolute direction ids.
    pub dirs: IndexMap<String, ByPlayer<Vec<DirId>>>,
    pub zones: super::zones::ZoneTable,
    pub pieces: super::pieces::PieceTable,
    /// Pieces whose moves reset the no-progress clock, if an ending uses it.
    pub progress: Option<crate::engine::ContentSet>,
    /// Dice, tracks, stacks, reserves and extra turns.
    pub race: super::race::RaceDecl,
    /// The `from:` condition of the move rule being compiled.
    pub rule_from: Option<crate::engine::CellCond>,
    /// The `hand` line: the kinds a hand may hold, and where it is written.
    pub hand: Option<(Vec<crate::engine::KindId>, crate::lang::Span)>,
    /// Royal kinds (`royal king`), the result of being checkmated, and the notation style.
    pub royal: Vec<crate::engine::KindId>,
    pub checkmate: Option<crate::engine::EndResult>,
    pub coordinate_notation: bool,
    /// `forced most-captures`.
    pub most_captures: bool,
    /// `notation short-jumps`.
    pub short_jumps: bool,
    /// `notation points`.
    pub point_notation: bool,
    /// `notation algebraic`.
    pub algebraic: bool,
    /// Whether cells are named 1, 2, 3… in reading order (`square(8, 8, names: numbered)`).
    pub numbered_cells: bool,
    /// Whether a rule named the pieces in `progress` (rather than captures only).
    pub progress_named: bool,
    /// What each tracked whole-board repetition hash covers.
    pub rep_kinds: Vec<crate::engine::StateParts>,
    /// Each `direction` statement's expressions per player, as written (for the cells a
    /// compound direction passes: `via:`).
    pub dir_sources: std::collections::HashMap<String, Vec<Vec<crate::lang::ast::Expr>>>,
    /// `notation fen`: positions are written in FEN, with its fields.
    pub fen: bool,
    /// The `bonus` lines' table, for the searching AI's evaluation.
    pub bonuses: crate::engine::Bonuses,
    /// How the board is drawn (`look …` lines and the coordinate labels).
    pub look: crate::engine::BoardLook,
    /// The counters kind, the counts at the start and the `score` line.
    pub counters: super::counters::CounterDecl,
}

/// How deep definitions may use each other (a limit of the language, not a cycle).
pub const MAX_EXPANSION_DEPTH: usize = 32;
/// Deepest expression once definitions are put in (each is at most
/// [`crate::lang::MAX_DEPTH`] deep as written, but definitions stack them).
pub const MAX_EXPANDED_DEPTH: usize = 1024;
/// Most expression nodes all definitions of a file may expand to (`define d1 = d0, d0`,
/// `define d2 = d1, d1`, … doubles at each level).
pub const MAX_EXPANDED: usize = 500_000;

impl Compiler {
    pub fn new(name: &str) -> Compiler {
        Compiler {
            name: name.to_string(),
            diags: Vec::new(),
            title: None,
            players: Vec::new(),
            options: IndexMap::new(),
            bad_options: Vec::new(),
            option_words: IndexMap::new(),
            word_overrides: Vec::new(),
            defines: IndexMap::new(),
            expanding: Vec::new(),
            expanded: 0,
            geo: None,
            dirs: IndexMap::new(),
            zones: Default::default(),
            pieces: Default::default(),
            progress: None,
            race: Default::default(),
            rule_from: None,
            hand: None,
            royal: Vec::new(),
            checkmate: None,
            coordinate_notation: false,
            most_captures: false,
            short_jumps: false,
            point_notation: false,
            algebraic: false,
            numbered_cells: false,
            progress_named: false,
            rep_kinds: Vec::new(),
            dir_sources: Default::default(),
            fen: false,
            bonuses: Default::default(),
            look: Default::default(),
            counters: Default::default(),
        }
    }

    pub fn err(&mut self, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, msg));
    }

    pub fn num_players(&self) -> usize {
        self.players.len().max(1)
    }

    /// The players as ids.
    pub fn all_players(&self) -> impl Iterator<Item = Player> {
        (0..self.num_players()).map(|i| Player(i as u8))
    }

    /// Stage 1: title, players, options, definitions. A bad `--set` is a usage error.
    pub fn declare(&mut self, ast: &File, overrides: &[(String, String)]) -> Result<(), LoadError> {
        let mut option_spans: IndexMap<String, Span> = IndexMap::new();
        let mut players_span = None;
        let mut players_listed = 0;
        for st in &ast.stmts {
            match &st.node {
                Stmt::Game(t) => {
                    if self.title.is_some() {
                        self.err(t.span, "the game's title is given twice");
                    }
                    self.title = Some(t.node.clone());
                }
                Stmt::Players(ps) => {
                    if players_span.is_some() {
                        self.err(st.span, "'players' is given twice");
                        continue;
                    }
                    players_span = Some(st.span);
                    players_listed = ps.len();
                    for p in ps {
                        if self.players.contains(&p.node) {
                            self.err(p.span, format!("player '{}' is listed twice", p.node));
                        } else {
                            self.players.push(p.node.clone());
                        }
                    }
                    if ps.len() > 8 {
                        self.err(
                            st.span,
                            format!("{} players; tabletop supports at most 8", ps.len()),
                        );
                    }
                }
                Stmt::Option { name, value } => {
                    if option_spans.contains_key(&name.node) {
                        self.err(
                            name.span,
                            format!("option '{}' is defined twice", name.node),
                        );
                        continue;
                    }
                    option_spans.insert(name.node.clone(), name.span);
                    let v = match &value.kind {
                        ExprKind::Int(i) => OptionValue::Int(*i),
                        ExprKind::Name(n) => match parse_bool(n) {
                            Some(b) => OptionValue::Bool(b),
                            None => OptionValue::Word(n.clone()),
                        },
                        ExprKind::Str(s) => OptionValue::Word(s.clone()),
                        ExprKind::Decimal(d) => OptionValue::Decimal(d.clone()),
                        _ => {
                            let d = Diagnostic::error(
                                value.span,
                                "an option's default must be a number, yes/no, or a word",
                            )
                            .with_hint("for example 'option size = 11' or 'option swap = no'");
                            self.diags.push(d);
                            self.bad_options.push(name.node.clone());
                            continue;
                        }
                    };
                    self.options.insert(name.node.clone(), v);
                }
                Stmt::Define { name, params, body } => {
                    if self.defines.contains_key(&name.node) {
                        self.err(name.span, format!("'{}' is defined twice", name.node));
                        continue;
                    }
                    if let Value::PerPlayer(_) = body {
                        self.err(name.span, "a definition cannot differ per player; use a direction or a zone for that");
                        continue;
                    }
                    self.defines.insert(
                        name.node.clone(),
                        Define {
                            params: params.clone(),
                            body: body.clone(),
                        },
                    );
                }
                _ => {}
            }
        }
        if players_span.is_none() {
            self.err(
                Span::default(),
                "the game names no players: add a line like 'players White, Black'",
            );
        } else if players_listed < 2 {
            // (A player listed twice is reported as such, not as too few players.)
            self.diags.push(
                Diagnostic::error(
                    players_span.unwrap_or_default(),
                    "a game needs at least two players",
                )
                .with_hint("list every player, separated by commas: players White, Black"),
            );
        }
        for (k, v) in overrides {
            let Some(cur) = self.options.get(k) else {
                let known: Vec<&str> = self.options.keys().map(String::as_str).collect();
                let mut msg = format!(
                    "--set {k}={v}: the game '{}' has no option '{k}'",
                    self.name
                );
                match crate::lang::diag::closest(k, known.iter().copied()) {
                    Some(c) => msg.push_str(&format!("; did you mean '{c}'?")),
                    None if known.is_empty() => msg.push_str(" (it has no options)"),
                    None => msg.push_str(&format!(" (options: {})", known.join(", "))),
                }
                return Err(LoadError::Usage(msg));
            };
            let new = match cur {
                OptionValue::Int(_) => v
                    .parse()
                    .map(OptionValue::Int)
                    .map_err(|_| "a whole number"),
                OptionValue::Bool(_) => parse_bool(v).map(OptionValue::Bool).ok_or("yes or no"),
                // A default naming another option (`option width = size`) takes that one's type.
                OptionValue::Word(w)
                    if matches!(self.options.get(w), Some(OptionValue::Int(_))) =>
                {
                    v.parse()
                        .map(OptionValue::Int)
                        .map_err(|_| "a whole number")
                }
                OptionValue::Word(w) => {
                    self.word_overrides.push((k.clone(), v.clone(), w.clone()));
                    Ok(OptionValue::Word(v.clone()))
                }
                OptionValue::Decimal(_) => parse_decimal(v)
                    .map(|_| OptionValue::Decimal(v.clone()))
                    .ok_or("a number such as 7.5"),
            };
            match new {
                Ok(n) => {
                    self.options.insert(k.clone(), n);
                }
                Err(what) => {
                    return Err(LoadError::Usage(format!(
                        "--set {k}={v}: option '{k}' takes {what}, not '{v}'"
                    )))
                }
            }
        }
        Ok(())
    }

    /// Expands definitions in a list: a definition whose body is a list splices in.
    pub fn expand_list(&mut self, items: &[Expr]) -> Vec<Expr> {
        let mut out = Vec::new();
        for e in items {
            self.expand_into(e, 0, &mut out);
        }
        out
    }

    /// Expands definitions in one expression; a list-valued definition here is an error.
    pub fn expand(&mut self, e: &Expr) -> Expr {
        let mut out = Vec::new();
        self.expand_into(e, 0, &mut out);
        if out.len() == 1 {
            out.pop().unwrap_or_else(|| e.clone())
        } else {
            self.err(e.span, "this definition stands for a list of several things; it cannot be used where one is expected");
            e.clone()
        }
    }

    fn expand_into(&mut self, e: &Expr, depth: usize, out: &mut Vec<Expr>) {
        if self.expanded > MAX_EXPANDED {
            return;
        }
        self.expanded += 1;
        if self.expanded > MAX_EXPANDED {
            self.err(
                e.span,
                format!("the definitions expand to more than {MAX_EXPANDED} parts (a limit of the rule language)"),
            );
            return;
        }
        // Two limits, each with its own message: definitions inside definitions (the
        // names being expanded), and the depth of the expression they make together.
        if self.expanding.len() > MAX_EXPANSION_DEPTH {
            self.err(
                e.span,
                format!("definitions used inside definitions more than {MAX_EXPANSION_DEPTH} deep (a limit of the rule language)"),
            );
            return;
        }
        if depth > MAX_EXPANDED_DEPTH {
            self.err(
                e.span,
                format!("with its definitions put in, this expression nests more than {MAX_EXPANDED_DEPTH} levels deep (a limit of the rule language)"),
            );
            return;
        }
        let called = match &e.kind {
            ExprKind::Name(n) => Some(n.as_str()),
            ExprKind::Call { name, .. } => Some(name.node.as_str()),
            _ => None,
        };
        if let Some(n) = called.filter(|n| self.defines.contains_key(*n)) {
            if self.expanding.iter().any(|x| x == n) {
                self.err(e.span, "definitions call each other without end");
                return;
            }
            self.expanding.push(n.to_string());
            self.expand_define(e, depth, out);
            self.expanding.pop();
            return;
        }
        self.expand_define(e, depth, out);
    }

    /// [`Compiler::expand_into`] past its limit and cycle checks.
    fn expand_define(&mut self, e: &Expr, depth: usize, out: &mut Vec<Expr>) {
        let one = |c: &mut Compiler, x: &Expr| -> Expr {
            let mut v = Vec::new();
            c.expand_into(x, depth + 1, &mut v);
            if v.len() == 1 {
                v.pop().unwrap_or_else(|| x.clone())
            } else {
                Expr {
                    kind: ExprKind::Or(v),
                    span: x.span,
                }
            }
        };
        let kind = match &e.kind {
            ExprKind::Name(n) => {
                if let Some(d) = self.defines.get(n) {
                    if !d.params.is_empty() {
                        let params: Vec<&str> = d.params.iter().map(|p| p.node.as_str()).collect();
                        let msg = format!(
                            "'{n}' takes {} argument{}: {n}({})",
                            params.len(),
                            if params.len() == 1 { "" } else { "s" },
                            params.join(", ")
                        );
                        self.err(e.span, msg);
                        return;
                    }
                    let body = match &d.body {
                        Value::List(l) => l.clone(),
                        Value::PerPlayer(_) => return,
                    };
                    for b in &body {
                        self.expand_into(b, depth + 1, out);
                    }
                    return;
                }
                e.kind.clone()
            }
            ExprKind::Call { name, args } => {
                if let Some(d) = self.defines.get(&name.node) {
                    if d.params.len() != args.len() || args.iter().any(|a| a.name.is_some()) {
                        let msg = format!(
                            "'{}' takes {} argument{} ({}), found {}",
                            name.node,
                            d.params.len(),
                            if d.params.len() == 1 { "" } else { "s" },
                            d.params
                                .iter()
                                .map(|p| p.node.as_str())
                                .collect::<Vec<_>>()
                                .join(", "),
                            args.len()
                        );
                        self.err(e.span, msg);
                        return;
                    }
                    let params: Vec<String> = d.params.iter().map(|p| p.node.clone()).collect();
                    let body = match &d.body {
                        Value::List(l) => l.clone(),
                        Value::PerPlayer(_) => return,
                    };
                    for b in &body {
                        let sub = substitute(b, &params, args);
                        self.expand_into(&sub, depth + 1, out);
                    }
                    return;
                }
                ExprKind::Call {
                    name: name.clone(),
                    args: args
                        .iter()
                        .flat_map(|a| {
                            let mut v = Vec::new();
                            self.expand_into(&a.value, depth + 1, &mut v);
                            // A list-valued definition as a positional argument spreads out.
                            let named = a.name.clone();
                            if named.is_some() && v.len() > 1 {
                                vec![Arg {
                                    name: named,
                                    value: Expr {
                                        kind: ExprKind::Or(v),
                                        span: a.value.span,
                                    },
                                }]
                            } else {
                                v.into_iter()
                                    .map(|value| Arg {
                                        name: named.clone(),
                                        value,
                                    })
                                    .collect()
                            }
                        })
                        .collect(),
                }
            }
            ExprKind::Not(x) => ExprKind::Not(Box::new(one(self, x))),
            ExprKind::And(xs) => ExprKind::And(xs.iter().map(|x| one(self, x)).collect()),
            ExprKind::Or(xs) => ExprKind::Or(xs.iter().map(|x| one(self, x)).collect()),
            ExprKind::Then(xs) => ExprKind::Then(xs.iter().map(|x| one(self, x)).collect()),
            ExprKind::Add(a, b) => ExprKind::Add(Box::new(one(self, a)), Box::new(one(self, b))),
            ExprKind::Sub(a, b) => ExprKind::Sub(Box::new(one(self, a)), Box::new(one(self, b))),
            ExprKind::Cmp(op, a, b) => {
                ExprKind::Cmp(*op, Box::new(one(self, a)), Box::new(one(self, b)))
            }
            ExprKind::Int(_) | ExprKind::Decimal(_) | ExprKind::Str(_) => e.kind.clone(),
        };
        out.push(Expr { kind, span: e.span });
    }

    /// Evaluates a whole number (options and `+`/`-` allowed).
    pub fn eval_int(&mut self, e: &Expr) -> Option<i64> {
        match &e.kind {
            ExprKind::Int(i) => Some(*i),
            ExprKind::Name(n) if self.bad_options.contains(n) => None,
            ExprKind::Name(n) => match self.option_int(n, 0) {
                Ok(v) => Some(v),
                Err(msg) => {
                    let known: Vec<String> = self.options.keys().cloned().collect();
                    let d =
                        Diagnostic::error(e.span, msg).suggest(n, known.iter().map(String::as_str));
                    self.diags.push(d);
                    None
                }
            },
            ExprKind::Add(a, b) => Some(self.eval_int(a)?.saturating_add(self.eval_int(b)?)),
            ExprKind::Sub(a, b) => Some(self.eval_int(a)?.saturating_sub(self.eval_int(b)?)),
            _ => {
                self.err(e.span, "expected a whole number");
                None
            }
        }
    }

    /// The whole-number value of option `n`; an option whose default names another option
    /// (`option width = size`) takes that option's value.
    fn option_int(&self, n: &str, depth: usize) -> Result<i64, String> {
        match self.options.get(n) {
            Some(OptionValue::Int(i)) => Ok(*i),
            Some(OptionValue::Word(w)) if depth < 8 => match w.parse() {
                Ok(i) => Ok(i),
                Err(_) if self.options.contains_key(w) => self.option_int(w, depth + 1),
                Err(_) => Err(format!("option '{n}' is '{w}', not a whole number")),
            },
            Some(_) => Err(format!("option '{n}' is not a whole number")),
            None => Err(format!(
                "'{n}' is neither a number nor an option of this game"
            )),
        }
    }

    /// Whether a statement's `when option` guard lets it apply: no guard, or one that
    /// holds (a guard that cannot be evaluated has been reported and does not apply).
    pub fn guard_applies(&mut self, guard: &Option<Expr>) -> bool {
        guard
            .as_ref()
            .is_none_or(|g| self.eval_bool(g) == Some(true))
    }

    /// Evaluates a yes/no condition on options (`when swap`, `when not swap`).
    pub fn eval_bool(&mut self, e: &Expr) -> Option<bool> {
        match &e.kind {
            ExprKind::Name(n) if self.bad_options.contains(n) => None,
            ExprKind::Name(n) => match (parse_bool(n), self.options.get(n)) {
                (Some(b), _) => Some(b),
                (_, Some(OptionValue::Bool(b))) => Some(*b),
                (_, Some(_)) => {
                    self.err(e.span, format!("option '{n}' is not a yes/no option"));
                    None
                }
                _ => {
                    let known: Vec<String> = self.options.keys().cloned().collect();
                    let d = Diagnostic::error(e.span, format!("unknown option '{n}'"))
                        .suggest(n, known.iter().map(String::as_str));
                    self.diags.push(d);
                    None
                }
            },
            ExprKind::Not(x) => self.eval_bool(x).map(|b| !b),
            ExprKind::Cmp(op, a, b) => self.static_compare(*op, a, b, e.span),
            ExprKind::And(xs) => xs
                .iter()
                .try_fold(true, |acc, x| Some(acc & self.eval_bool(x)?)),
            ExprKind::Or(xs) => xs
                .iter()
                .try_fold(false, |acc, x| Some(acc | self.eval_bool(x)?)),
            _ => {
                self.err(e.span, "expected an option that is yes or no");
                None
            }
        }
    }

    /// The value of a number written directly or through an option, as a fraction
    /// `(numerator, denominator)` (`7.5` is `(75, 10)`).
    pub fn eval_decimal(&mut self, e: &Expr) -> Option<(i64, i64)> {
        match &e.kind {
            ExprKind::Decimal(d) => parse_decimal(d).or_else(|| {
                self.err(
                    e.span,
                    format!("'{d}' is not a number this program can use"),
                );
                None
            }),
            ExprKind::Name(n) => match self.options.get(n) {
                Some(OptionValue::Decimal(d)) => {
                    let d = d.clone();
                    parse_decimal(&d).or_else(|| {
                        self.err(e.span, format!("option '{n}' is '{d}', not a number"));
                        None
                    })
                }
                _ => self.eval_int(e).map(|i| (i, 1)),
            },
            _ => self.eval_int(e).map(|i| (i, 1)),
        }
    }

    /// The text of a word written directly or through an option (`ko = positional`).
    fn static_word(&self, e: &Expr) -> Option<String> {
        match &e.kind {
            ExprKind::Name(n) => Some(match self.options.get(n) {
                Some(v) => v.to_string(),
                None => n.clone(),
            }),
            ExprKind::Int(i) => Some(i.to_string()),
            ExprKind::Decimal(d) => Some(d.clone()),
            ExprKind::Str(s) => Some(s.clone()),
            _ => None,
        }
    }

    /// Remembers that the word option `opt` is compared with the word `word`.
    fn note_option_word(&mut self, opt: &Expr, word: &Expr) {
        let (ExprKind::Name(o), ExprKind::Name(w)) = (&opt.kind, &word.kind) else {
            return;
        };
        if matches!(self.options.get(o), Some(OptionValue::Word(_)))
            && !self.options.contains_key(w)
        {
            let words = self.option_words.entry(o.clone()).or_default();
            if !words.contains(w) {
                words.push(w.clone());
            }
        }
    }

    /// A `--set` of a word option to a word the rule file never compares it with (nor its
    /// default): it would silently match no `when`, so it is refused, naming the words.
    pub fn check_word_overrides(&self) -> Result<(), LoadError> {
        for (k, v, default) in &self.word_overrides {
            let Some(words) = self.option_words.get(k) else {
                continue;
            };
            if v == default || words.contains(v) {
                continue;
            }
            let mut known = vec![default.as_str()];
            known.extend(words.iter().map(String::as_str).filter(|w| *w != default));
            let mut msg = format!("--set {k}={v}: option '{k}' is one of {}", known.join(", "));
            if let Some(c) = crate::lang::diag::closest(v, known.iter().copied()) {
                msg.push_str(&format!("; did you mean '{c}'?"));
            }
            return Err(LoadError::Usage(msg));
        }
        Ok(())
    }

    /// A comparison of options and constants (`when ko = positional`, `when size > 9`).
    pub fn static_compare(
        &mut self,
        op: crate::lang::ast::CmpOp,
        a: &Expr,
        b: &Expr,
        span: Span,
    ) -> Option<bool> {
        let is_num = |c: &Compiler, e: &Expr| match &e.kind {
            ExprKind::Int(_) | ExprKind::Decimal(_) | ExprKind::Add(..) | ExprKind::Sub(..) => true,
            ExprKind::Name(n) => matches!(
                c.options.get(n),
                Some(OptionValue::Int(_) | OptionValue::Decimal(_))
            ),
            _ => false,
        };
        if is_num(self, a) || is_num(self, b) {
            let (x, dx) = self.eval_decimal(a)?;
            let (y, dy) = self.eval_decimal(b)?;
            return Some(op.holds(x * dy, y * dx));
        }
        use crate::lang::ast::CmpOp;
        self.note_option_word(a, b);
        self.note_option_word(b, a);
        match (self.static_word(a), self.static_word(b), op) {
            (Some(x), Some(y), CmpOp::Eq) => Some(x == y),
            (Some(x), Some(y), CmpOp::Ne) => Some(x != y),
            (Some(_), Some(_), _) => {
                self.err(span, "words can only be compared with '=' or '!='");
                None
            }
            _ => {
                self.err(
                    span,
                    "expected a comparison of options, numbers or words, like 'ko = positional'",
                );
                None
            }
        }
    }

    /// Resolves a player name.
    pub fn player(&mut self, n: &Name) -> Option<Player> {
        match self.players.iter().position(|p| *p == n.node) {
            Some(i) => Some(Player(i as u8)),
            None => {
                let d = Diagnostic::error(n.span, format!("unknown player '{}'", n.node))
                    .suggest(&n.node, self.players.iter().map(String::as_str));
                self.diags.push(d);
                None
            }
        }
    }

    /// Runs the remaining stages and assembles the game.
    pub fn build(&mut self, ast: &File) -> Option<Game> {
        if self.players.len() < 2 {
            return None;
        }
        self.build_geometry(ast);
        self.geo.as_ref()?;
        self.build_directions(ast);
        self.build_zones(ast);
        self.build_pieces(ast);
        self.build_race(ast);
        self.build_hand(ast);
        self.build_score(ast);
        self.build_bonus(ast);
        self.build_look(ast);
        for st in &ast.stmts {
            match &st.node {
                crate::lang::ast::Stmt::Royal(kinds) => {
                    for k in kinds {
                        if let Some(id) = self.kind(&k.node, k.span) {
                            self.royal.push(crate::engine::KindId::from_index(id));
                        }
                    }
                }
                crate::lang::ast::Stmt::Forced(n) => self.forced_stmt(n),
                crate::lang::ast::Stmt::Notation(n) => match n.node.as_str() {
                    "coordinate" => self.coordinate_notation = true,
                    "standard" => self.coordinate_notation = false,
                    "algebraic" => self.algebraic = true,
                    "fen" if self.players.len() != 2 => {
                        let d = Diagnostic::error(n.span, format!("'notation fen' needs two players, and this game has {}", self.players.len()))
                            .with_hint("FEN names the player to move by w (the first) or b (the second): leave 'notation fen' out to write positions with the players' names");
                        self.diags.push(d);
                    }
                    "fen" => self.fen = true,
                    "short-jumps" => self.short_jumps = true,
                    "points" => self.point_notation = true,
                    other => {
                        let d = Diagnostic::error(n.span, format!("unknown notation '{other}'"))
                            .with_hint(
                                "notations: standard (e2-e4, d4xe5), coordinate (e2e4, e7e8q) or algebraic (e4, Nf3, exd5, O-O); 'notation fen' writes positions in FEN; short-jumps writes a multi-jump by its ends (28x30); points writes a turn of dice in points (13/8+8/3)",
                            )
                            // A close name is the better hint.
                            .suggest(other, ["coordinate", "standard", "algebraic", "fen", "short-jumps", "points"]);
                        self.diags.push(d);
                    }
                },
                _ => {}
            }
        }
        let mut rules = self.build_moves(ast);
        self.link_crowns(&mut rules);
        let (ends, no_moves) = self.build_ends(ast);
        let forbids = self.build_forbids(ast);
        self.assemble(ast, rules, ends, no_moves, forbids)
    }
}

/// Replaces parameter names by argument expressions in a definition's body.
fn substitute(e: &Expr, params: &[String], args: &[Arg]) -> Expr {
    let sub = |x: &Expr| substitute(x, params, args);
    let kind = match &e.kind {
        ExprKind::Name(n) => match params.iter().position(|p| p == n) {
            Some(i) => return args[i].value.clone(),
            None => e.kind.clone(),
        },
        ExprKind::Call { name, args: a } => ExprKind::Call {
            name: name.clone(),
            args: a
                .iter()
                .map(|x| Arg {
                    name: x.name.clone(),
                    value: sub(&x.value),
                })
                .collect(),
        },
        ExprKind::Not(x) => ExprKind::Not(Box::new(sub(x))),
        ExprKind::And(xs) => ExprKind::And(xs.iter().map(sub).collect()),
        ExprKind::Or(xs) => ExprKind::Or(xs.iter().map(sub).collect()),
        ExprKind::Then(xs) => ExprKind::Then(xs.iter().map(sub).collect()),
        ExprKind::Add(a, b) => ExprKind::Add(Box::new(sub(a)), Box::new(sub(b))),
        ExprKind::Sub(a, b) => ExprKind::Sub(Box::new(sub(a)), Box::new(sub(b))),
        ExprKind::Cmp(op, a, b) => ExprKind::Cmp(*op, Box::new(sub(a)), Box::new(sub(b))),
        ExprKind::Int(_) | ExprKind::Decimal(_) | ExprKind::Str(_) => e.kind.clone(),
    };
    Expr { kind, span: e.span }
}
