//! Piece kinds, their symbols per player, values, and the start position.

use crate::engine::KindId;
use indexmap::IndexMap;

use super::scope::Compiler;
use crate::engine::{CellId, PieceId, PieceType, Player, EMPTY};
use crate::lang::ast::{ExprKind, File, Setup, Stmt, Value};
use crate::lang::{Diagnostic, Span};

/// One declared kind.
pub(crate) struct KindDecl {
    pub value: i32,
    /// Symbol per player; `None` where that player has no such piece.
    pub symbols: Vec<Option<char>>,
    /// The symbol of the ownerless piece of this kind, if it is one.
    pub neutral: Option<char>,
    pub span: Span,
    /// Its declaration had an error (reported): gaps in it are not reported again.
    pub bad: bool,
}

/// Kinds by name, and the piece ids built from them.
#[derive(Default)]
pub(crate) struct PieceTable {
    pub kinds: IndexMap<String, KindDecl>,
    /// Index 0 is the empty cell.
    pub pieces: Vec<PieceType>,
    pub start: Vec<PieceId>,
    /// A start position given as text, parsed once the game exists.
    pub start_text: Option<(String, Span)>,
}

impl PieceTable {
    /// The piece id of `kind` for `owner`, or EMPTY.
    pub fn id(&self, kind: usize, owner: Option<Player>) -> PieceId {
        // Past index 0, the empty cell, which looks like kind 0 of nobody: a first kind
        // that nobody owns was taken for it.
        self.pieces
            .iter()
            .skip(1)
            .position(|p| p.kind.index() == kind && p.owner == owner)
            .map_or(EMPTY, |i| PieceId::from_index(i + 1))
    }
}

impl Compiler {
    pub fn build_pieces(&mut self, ast: &File) {
        let np = self.players.len();
        let mut used_symbols: Vec<(char, String)> = Vec::new();
        for st in &ast.stmts {
            let Stmt::Piece {
                name,
                symbols,
                value,
                counters,
            } = &st.node
            else {
                continue;
            };
            if self.pieces.kinds.contains_key(&name.node) {
                self.err(name.span, format!("piece '{}' is defined twice", name.node));
                continue;
            }
            let mut decl = KindDecl {
                value: 1,
                symbols: vec![None; np],
                neutral: None,
                span: name.span,
                bad: false,
            };
            if let Some(v) = value {
                if let Some(v) = self.eval_int(v) {
                    decl.value = v.clamp(-1_000_000, 1_000_000) as i32;
                }
            }
            // A symbol, or `None` after reporting why it cannot be one. A symbol used twice
            // is reported but kept, so the rest of the file is checked as if it were right.
            let mut symbol = |c: &mut Compiler,
                              e: &crate::lang::ast::Expr,
                              whose: String|
             -> Option<char> {
                let ExprKind::Str(s) = &e.kind else {
                    c.err(e.span, "expected a piece symbol in quotes, like \"P\"");
                    return None;
                };
                let mut chars = s.chars();
                let (Some(ch), None) = (chars.next(), chars.next()) else {
                    c.err(e.span, "a piece symbol is exactly one character");
                    return None;
                };
                if ch.is_ascii_digit() || "/.()".contains(ch) || ch.is_whitespace() {
                    c.err(e.span, format!("'{ch}' cannot be a piece symbol: digits, '/', '.', '(', ')' and spaces have a meaning in positions"));
                    return None;
                }
                if let Some((_, first)) = used_symbols.iter().find(|(u, _)| *u == ch) {
                    let d = Diagnostic::error(
                        e.span,
                        format!("symbol '{ch}' is already used by {first}"),
                    )
                    .with_hint("every piece needs its own symbol, so that positions can tell them apart; the other player's is often the lower-case letter");
                    c.diags.push(d);
                    return Some(ch);
                }
                used_symbols.push((ch, whose));
                Some(ch)
            };
            match symbols {
                Value::List(l) => {
                    if l.len() != 1 {
                        self.err(name.span, "give one symbol for a piece nobody owns, or one per player: \"P\" for White, \"p\" for Black");
                        decl.bad = true;
                    } else {
                        let whose = format!("the '{}' piece", name.node);
                        decl.neutral = symbol(self, &l[0], whose);
                        decl.bad |= decl.neutral.is_none();
                    }
                }
                Value::PerPlayer(items) => {
                    for (l, who) in items {
                        let Some(p) = self.player(who) else {
                            decl.bad = true;
                            continue;
                        };
                        if l.len() != 1 {
                            self.err(who.span, "give exactly one symbol per player");
                            decl.bad = true;
                            continue;
                        }
                        if decl.symbols[p.index()].is_some() {
                            self.err(
                                who.span,
                                format!("player '{}' is given two symbols", who.node),
                            );
                        }
                        let whose = format!("{}'s '{}'", who.node, name.node);
                        decl.symbols[p.index()] = symbol(self, &l[0], whose);
                        decl.bad |= decl.symbols[p.index()].is_none();
                    }
                }
            }
            if *counters {
                self.declare_counters(self.pieces.kinds.len(), name.span);
            }
            self.pieces.kinds.insert(name.node.clone(), decl);
        }
        if self.pieces.kinds.len() > 60 {
            self.err(Span::default(), "too many piece kinds (at most 60)");
            return;
        }
        // Piece ids: empty, then each kind's pieces in player order, then its ownerless one.
        let mut pieces = vec![PieceType {
            kind: KindId::new(0),
            owner: None,
            symbol: '.',
        }];
        for (k, decl) in self.pieces.kinds.values().enumerate() {
            for (p, s) in decl.symbols.iter().enumerate() {
                if let Some(s) = s {
                    pieces.push(PieceType {
                        kind: KindId::from_index(k),
                        owner: Some(Player(p as u8)),
                        symbol: *s,
                    });
                }
            }
            if let Some(s) = decl.neutral {
                pieces.push(PieceType {
                    kind: KindId::from_index(k),
                    owner: None,
                    symbol: s,
                });
            }
        }
        self.pieces.pieces = pieces;
        self.build_setup(ast);
    }

    /// The kind named `n`, with a diagnostic if there is none.
    pub fn kind(&mut self, n: &str, span: Span) -> Option<usize> {
        match self.pieces.kinds.get_index_of(n) {
            Some(i) => Some(i),
            None => {
                let known: Vec<String> = self.pieces.kinds.keys().cloned().collect();
                let d = Diagnostic::error(span, format!("unknown piece '{n}'"))
                    .suggest(n, known.iter().map(String::as_str));
                self.diags.push(d);
                None
            }
        }
    }

    fn build_setup(&mut self, ast: &File) {
        let ncells = self.geo.as_ref().map_or(0, |g| g.names.len());
        let mut board = vec![EMPTY; ncells];
        let mut placed_by: Vec<Option<Span>> = vec![None; ncells];
        // A whole position says what stands on every cell: `setup … at` lines beside it
        // would be ignored, so they are refused instead.
        let mut first_at: Option<Span> = None;
        let mut position: Option<Span> = None;
        for st in &ast.stmts {
            let Stmt::Setup(setup) = &st.node else {
                continue;
            };
            match setup {
                Setup::Position(text) => {
                    position.get_or_insert(st.span);
                    if self.pieces.start_text.is_some() {
                        self.err(text.span, "the start position is given twice");
                    }
                    self.pieces.start_text = Some((text.node.clone(), text.span));
                }
                Setup::Pieces { kind, cells, count } => {
                    first_at.get_or_insert(st.span);
                    let Some(k) = self.kind(&kind.node, kind.span) else {
                        continue;
                    };
                    let n = match count {
                        Some(c) => match self.setup_count(k, c.node, c.span) {
                            Some(n) => n,
                            None => continue,
                        },
                        None => 1,
                    };
                    let neutral = self.pieces.kinds[k].neutral.is_some();
                    let Some(zone) = self.zone_value(cells, &kind.node, false) else {
                        continue;
                    };
                    let owners: Vec<Option<Player>> = match (cells, neutral) {
                        (Value::List(_), true) => vec![None],
                        (Value::List(_), false) => {
                            self.err(
                                kind.span,
                                format!(
                                    "say whose '{}' pieces these are: setup {} at … for {}",
                                    kind.node, kind.node, self.players[0]
                                ),
                            );
                            continue;
                        }
                        (Value::PerPlayer(_), _) => self.all_players().map(Some).collect(),
                    };
                    for owner in owners {
                        let id = self.pieces.id(k, owner);
                        let cells: &Vec<CellId> = &zone[owner.map_or(0, Player::index)];
                        if id == EMPTY {
                            if !cells.is_empty() && !self.pieces.kinds[k].bad {
                                let who = owner.map_or("nobody".to_string(), |p| {
                                    self.players[p.index()].clone()
                                });
                                self.err(
                                    kind.span,
                                    format!(
                                        "'{}' has no symbol for {who}, so {who} has no such piece",
                                        kind.node
                                    ),
                                );
                            }
                            continue;
                        }
                        for &c in cells {
                            if let Some(prev) = placed_by[c.index()] {
                                let _ = prev;
                                let name = self
                                    .geo
                                    .as_ref()
                                    .map_or(String::new(), |g| g.names[c.index()].clone());
                                self.err(
                                    kind.span,
                                    format!(
                                        "cell {name} already has a piece in the start position"
                                    ),
                                );
                                continue;
                            }
                            placed_by[c.index()] = Some(kind.span);
                            board[c.index()] = id;
                            if n > 1 {
                                let t = &mut self.counters.tally;
                                t.resize(ncells, 0);
                                t[c.index()] = n;
                            }
                        }
                    }
                }
            }
        }
        if let (Some(at), Some(pos)) = (first_at, position) {
            let later = if at.start > pos.start { at } else { pos };
            self.diags.push(
                Diagnostic::error(
                    later,
                    "the start is given both as a whole position and by 'setup … at' lines",
                )
                .with_hint(
                    "a position in quotes already says what stands on every cell: keep one form",
                ),
            );
        }
        self.pieces.start = board;
    }
}
