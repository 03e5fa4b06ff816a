//! The last stage: the finished `Rules` from everything the other stages resolved, and the
//! `Game` the engine builds from them.

use super::scope::Compiler;
use crate::engine::DirId;
use crate::engine::{
    Attack, Board, ByPlayer, Cell, ContentSet, Direction, EndRule, Forbid, Game, Kind, NoMoves,
    Part, PieceId, Player, Rule, Rules, Zobrist, Zone, EMPTY, NO_CELL,
};
use crate::lang::ast::File;
use crate::lang::Diagnostic;

impl Compiler {
    /// How each player's pieces attack, read off the rules that can capture by a step, leap
    /// or slide (looking backwards from the attacked cell). Adds the reverse directions.
    fn attack_tables(&mut self, rules: &[Rule]) -> ByPlayer<Vec<Attack>> {
        let np = self.players.len();
        let mut out = vec![Vec::new(); np];
        if self.royal.is_empty() {
            return ByPlayer(out);
        }
        for rule in rules {
            let Some(first) = rule.parts.first() else {
                continue;
            };
            if rule.parts[1..]
                .iter()
                .any(|p| !matches!(p, Part::Promote(_) | Part::BecomeCaptured(_)))
            {
                continue;
            }
            let (dirs, to, slide, via, screens) = match first {
                Part::Step(crate::engine::prim::step::Step { dirs, to, via }) => {
                    (dirs, to, None, via.as_deref(), 0)
                }
                Part::Slide(crate::engine::prim::slide::Slide {
                    dirs,
                    to,
                    through,
                    min,
                    max,
                    passable: false,
                    screens,
                    counted: false,
                }) => {
                    // Only slides over empty cells can be followed back.
                    let mut only_empty = ContentSet::NONE;
                    only_empty.insert(EMPTY);
                    if (0..np).any(|p| through.any_content(Player(p as u8)) != only_empty) {
                        continue;
                    }
                    (dirs, to, Some((*min, *max)), None, *screens)
                }
                _ => continue,
            };
            for (p, list) in out.iter_mut().enumerate() {
                if rule.players >> p & 1 == 0 {
                    continue;
                }
                let player = Player(p as u8);
                let victims = to.any_content(player);
                let mut back = Vec::new();
                let mut ways = Vec::new();
                for (i, &d) in dirs[player].iter().enumerate() {
                    if let Some(b) = self.opposite_of(d) {
                        back.push(b);
                        if let Some(v) = via {
                            ways.push(v.paths[player].get(i).cloned().unwrap_or_default());
                        }
                    }
                }
                // The ways, indexed like `back`, for the attacking player.
                let via = via.map(|v| crate::engine::Via {
                    cond: v.cond.clone(),
                    paths: ByPlayer(vec![ways; np]),
                });
                for &k in &rule.kinds {
                    let piece = self.pieces.id(k.index(), Some(player));
                    if piece != EMPTY {
                        list.push(Attack {
                            piece,
                            back: back.clone(),
                            slide,
                            victims,
                            from: rule.from.clone(),
                            via: via.clone(),
                            screens,
                        });
                    }
                }
            }
        }
        ByPlayer(out)
    }

    /// The board: its cells, directions with their opposites, zones as bitsets, stacks and
    /// the named directions.
    fn board(&self, ast: &File) -> Option<Board> {
        let geo = self.geo.as_ref()?;
        let ncells = geo.names.len();
        let ndirs = geo.dirs.len();
        let mut next = vec![NO_CELL; ncells * ndirs];
        for c in 0..ncells {
            for d in 0..ndirs {
                next[c * ndirs + d] =
                    geo.step(crate::engine::CellId::from_index(c), DirId::from_index(d));
            }
        }
        let dirs = geo
            .dirs
            .iter()
            .enumerate()
            .map(|(i, (name, v, basic))| Direction {
                name: name.clone(),
                basic: *basic,
                opposite: match v {
                    Some((x, y)) => geo
                        .dirs
                        .iter()
                        .position(|d| d.1 == Some((-x, -y)))
                        .map(DirId::from_index),
                    None => geo.opposite.get(&DirId::from_index(i)).copied(),
                },
            })
            .collect();
        let words = ncells.div_ceil(64);
        let zones = self
            .zones
            .zones
            .iter()
            .map(|(name, per)| Zone {
                name: name.clone(),
                hint_only: self.zones.hint_only(name),
                cells: ByPlayer(
                    per.iter()
                        .map(|cells| {
                            let mut bits = vec![0u64; words];
                            for &c in cells {
                                bits[c.index() / 64] |= 1 << (c.index() % 64);
                            }
                            bits
                        })
                        .collect(),
                ),
            })
            .collect();
        Some(Board {
            shape: geo.shape.clone(),
            cells: geo
                .names
                .iter()
                .zip(&geo.coords)
                .map(|(n, &(col, row))| Cell {
                    name: n.clone(),
                    col,
                    row,
                })
                .collect(),
            dirs,
            next,
            lines: geo.lines.clone(),
            zones,
            stack_cap: self.race.stack_cap.clone(),
            stack_shared: self.race.stack_shared.clone(),
            named_dirs: ast
                .stmts
                .iter()
                .filter_map(|st| match &st.node {
                    crate::lang::ast::Stmt::Direction { name, .. } => self
                        .dirs
                        .get(&name.node)
                        .map(|d| (name.node.clone(), d.clone())),
                    _ => None,
                })
                .collect(),
        })
    }

    /// Whether placements write their piece's symbol: when more than one kind can be
    /// placed, or one move places several. `None` (with the error) when a kind placed by
    /// every player lacks a symbol for one of them.
    fn placement_symbols(
        &mut self,
        rules: &[Rule],
        piece_table: &[PieceId],
        kinds: &[Kind],
    ) -> Option<bool> {
        let np = self.players.len();
        // Placement must name its piece when more than one kind can be placed, or when one
        // move places several.
        let mut placed = Vec::new();
        let mut multi = false;
        for rule in rules {
            let n = rule
                .parts
                .iter()
                .filter(|p| matches!(p, Part::Place(_) | Part::Drop(_) | Part::Shoot(_)))
                .count();
            multi |= n > 1;
            for p in &rule.parts {
                if let Part::Place(crate::engine::prim::place::Place { kind, .. })
                | Part::Drop(crate::engine::prim::drop::DropPiece { kind, .. })
                | Part::Shoot(crate::engine::prim::shoot::Shoot { kind, .. }) = p
                {
                    if !placed.contains(kind) {
                        placed.push(*kind);
                    }
                }
            }
        }
        for rule in rules {
            for part in &rule.parts {
                if let Part::Place(crate::engine::prim::place::Place { kind, .. })
                | Part::Drop(crate::engine::prim::drop::DropPiece { kind, .. })
                | Part::Shoot(crate::engine::prim::shoot::Shoot { kind, .. }) = part
                {
                    if piece_table[kind.index() * (np + 1) + np] == EMPTY
                        && (0..np).any(|p| piece_table[kind.index() * (np + 1) + p] == EMPTY)
                    {
                        let k = &kinds[kind.index()].name;
                        self.diags.push(Diagnostic::error(
                            self.pieces.kinds[kind.index()].span,
                            format!("'{k}' is placed by every player, so it needs a symbol for each: \"X\" for {}, …", self.players[0]),
                        ));
                        return None;
                    }
                }
            }
        }
        Some(placed.len() > 1 || multi)
    }

    /// Reserve counts at the start, per piece id. `None` (with the error) when a player has
    /// no symbol for the kind that waits in the reserve.
    fn start_reserve(
        &mut self,
        piece_table: &[PieceId],
        kinds: &[Kind],
        npieces: usize,
    ) -> Option<Vec<u16>> {
        let np = self.players.len();
        let mut start_reserve = vec![0u16; npieces];
        if let Some((k, counts)) = &self.race.reserve {
            for (p, &n) in counts.iter().enumerate() {
                let id = piece_table[k.index() * (np + 1) + p];
                if id == EMPTY {
                    let name = kinds[k.index()].name.clone();
                    self.diags.push(Diagnostic::error(
                        self.pieces.kinds[k.index()].span,
                        format!(
                            "'{name}' waits in the reserve, so every player needs a symbol for it"
                        ),
                    ));
                    return None;
                }
                start_reserve[id.index()] = n;
            }
        }
        Some(start_reserve)
    }

    pub fn assemble(
        &mut self,
        ast: &File,
        rules: Vec<Rule>,
        ends: Vec<EndRule>,
        no_moves: Option<NoMoves>,
        forbids: Vec<Forbid>,
    ) -> Option<Game> {
        // FEN has no field for hands: such a game's positions are written as SFEN, and a
        // FEN it printed would not read back.
        if let (true, Some((_, span))) = (self.fen, &self.hand) {
            self.diags.push(
                Diagnostic::error(
                    *span,
                    "'notation fen' cannot write hands: FEN has no field for pieces in hand",
                )
                .with_hint(
                    "leave 'notation fen' out: a game with hands writes its positions as SFEN",
                ),
            );
        }
        if !self.diags.is_empty() {
            return None;
        }
        let attackers = self.attack_tables(&rules);
        let board = self.board(ast)?;
        let np = self.players.len();
        let kinds: Vec<Kind> = self
            .pieces
            .kinds
            .iter()
            .map(|(n, d)| Kind {
                name: n.clone(),
                value: d.value,
            })
            .collect();
        let pieces = self.pieces.pieces.clone();
        let castlers = castlers(&rules, &pieces);
        let mut piece_table = vec![EMPTY; kinds.len() * (np + 1)];
        for (i, p) in pieces.iter().enumerate().skip(1) {
            let o = p.owner.map_or(np, Player::index);
            piece_table[p.kind.index() * (np + 1) + o] = PieceId::from_index(i);
        }
        let npieces = pieces.len();
        let symbol_in_placements = self.placement_symbols(&rules, &piece_table, &kinds)?;
        let options = self
            .options
            .iter()
            .map(|(k, v)| (k.clone(), v.to_string()))
            .collect();
        let drawn_options = super::option_roles::drawn_options(ast, &self.options);
        let move_options = super::option_roles::move_options(ast, &self.options);
        let start_reserve = self.start_reserve(&piece_table, &kinds, npieces)?;
        let royal = ByPlayer(
            (0..np)
                .map(|p| {
                    self.royal
                        .iter()
                        .map(|&k| piece_table[k.index() * (np + 1) + p])
                        .filter(|&id| id != EMPTY)
                        .collect()
                })
                .collect(),
        );
        let tracks_unmoved = rules
            .iter()
            .any(|r| r.parts.iter().any(|p| matches!(p, Part::Castle(_))));
        let has_forced = rules.iter().any(|r| r.forced);
        let zobrist = Zobrist::new(board.cells.len(), npieces, np);
        let hand_gain = self.hand_gain_table(&rules, kinds.len(), &pieces, &piece_table, np);
        let reserve = self.race.reserve.as_ref().map(|r| r.0);
        let start_text = self.pieces.start_text.clone();
        let compiled = Rules {
            name: self.name.clone(),
            title: self.title.clone().unwrap_or_else(|| self.name.clone()),
            players: self.players.clone(),
            zobrist,
            board,
            kinds,
            pieces,
            piece_table,
            rules,
            ends,
            no_moves,
            start_board: self.pieces.start.clone(),
            start_player: Player(0),
            options,
            drawn_options,
            move_options,
            symbol_in_placements,
            progress: self.progress,
            has_forced,
            most_captures: self.most_captures,
            short_jumps: self.short_jumps,
            point_notation: self.point_notation,
            royal,
            attackers,
            tracks_unmoved,
            castlers,
            checkmate: self.checkmate,
            coordinate_notation: self.coordinate_notation,
            algebraic: self.algebraic,
            fen: self.fen,
            dice: self.race.dice.clone(),
            tracks: self.race.tracks.values().cloned().collect(),
            reserve_kind: reserve,
            start_reserve,
            hand_kinds: self.hand.as_ref().map(|h| h.0.clone()).unwrap_or_default(),
            hand_gain,
            again: std::mem::take(&mut self.race.again),
            counter_piece: self
                .counters
                .kind
                .map_or(crate::engine::EMPTY, |(k, _)| self.pieces.id(k, None)),
            score: self.counters.score.take(),
            prefer: std::mem::take(&mut self.race.prefer),
            bonuses: std::mem::take(&mut self.bonuses),
            forbids,
            rep_kinds: self.rep_kinds.clone(),
            look: std::mem::take(&mut self.look),
            start_text: start_text.as_ref().map(|t| t.0.clone()),
            start_tally: if start_text.is_none() {
                self.counters.tally.clone()
            } else {
                Vec::new()
            },
        };
        match Game::new(compiled) {
            Ok(game) => Some(game),
            Err(e) => {
                let span = start_text.map(|t| t.1).unwrap_or_default();
                self.diags.push(Diagnostic::error(
                    span,
                    format!("this start position is not valid: {e}"),
                ));
                None
            }
        }
    }
}

/// The piece ids that castle (the king, not the rook): those of the kinds of a rule with a
/// `castle` part.
fn castlers(rules: &[Rule], pieces: &[crate::engine::PieceType]) -> ContentSet {
    let mut castlers = ContentSet::NONE;
    for (id, piece) in pieces.iter().enumerate().skip(1) {
        if rules.iter().any(|r| {
            r.kinds.contains(&piece.kind) && r.parts.iter().any(|p| matches!(p, Part::Castle(_)))
        }) {
            castlers.insert(PieceId::from_index(id));
        }
    }
    castlers
}
