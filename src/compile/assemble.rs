//! The last stage: dense engine tables from everything the other stages resolved.

use super::scope::Compiler;
use crate::engine::DirId;
use crate::engine::{
    Attack, AttackMasks, AttackRays, Between, Board, ByPlayer, Cell, ContentSet, DirShift,
    Direction, EndCond, EndRule, Forbid, Game, Kind, LineWindows, NoMoves, Part, PieceId,
    PieceMoves, Player, Rule, RuleId, Zobrist, Zone, EMPTY, NO_CELL,
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
        let geo = self.geo.as_ref()?;
        let np = self.players.len();
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
        let board = Board {
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
        };
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
        let mut castlers = ContentSet::NONE;
        for (id, piece) in pieces.iter().enumerate().skip(1) {
            if rules.iter().any(|r| {
                r.kinds.contains(&piece.kind)
                    && r.parts.iter().any(|p| matches!(p, Part::Castle(_)))
            }) {
                castlers.insert(PieceId::from_index(id));
            }
        }
        let (attack_rays, between) = if attackers.0.iter().all(Vec::is_empty) {
            (Vec::new(), None)
        } else {
            let between = Between::build(&board, &attackers);
            let rays = pieces
                .iter()
                .enumerate()
                .map(|(id, piece)| match piece.owner {
                    Some(p) if id > 0 => {
                        let mut rays = AttackRays::build(&attackers, p, PieceId::from_index(id));
                        rays.masks = between.as_ref().and_then(|b| {
                            AttackMasks::build(&attackers, p, PieceId::from_index(id), &board, b)
                        });
                        rays
                    }
                    _ => AttackRays::default(),
                })
                .collect();
            (rays, between)
        };
        let mut piece_table = vec![EMPTY; kinds.len() * (np + 1)];
        for (i, p) in pieces.iter().enumerate().skip(1) {
            let o = p.owner.map_or(np, Player::index);
            piece_table[p.kind.index() * (np + 1) + o] = PieceId::from_index(i);
        }
        // Rules that start from a piece, by (player, piece id); the others per player.
        let npieces = pieces.len();
        let mut piece_rules = vec![Vec::new(); np * npieces];
        let mut free_rules = vec![Vec::new(); np];
        for (r, rule) in rules.iter().enumerate() {
            for p in 0..np {
                if rule.players >> p & 1 == 0 {
                    continue;
                }
                if rule.from_piece() {
                    for &k in &rule.kinds {
                        let id = piece_table[k.index() * (np + 1) + p];
                        if id != EMPTY {
                            piece_rules[p * npieces + id.index()].push(RuleId::from_index(r));
                        }
                    }
                } else {
                    free_rules[p].push(RuleId::from_index(r));
                }
            }
        }
        // Placement must name its piece when more than one kind can be placed, or when one
        // move places several.
        let mut placed = Vec::new();
        let mut multi = false;
        for rule in &rules {
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
        for rule in &rules {
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
        let options = self
            .options
            .iter()
            .map(|(k, v)| (k.clone(), v.to_string()))
            .collect();
        let movers = ByPlayer(
            (0..np)
                .map(|p| {
                    (0..npieces)
                        .filter(|&id| !piece_rules[p * npieces + id].is_empty())
                        .map(PieceId::from_index)
                        .collect()
                })
                .collect(),
        );
        let mut start_reserve = vec![0u16; npieces];
        let mut entry_rules = vec![Vec::new(); np];
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
            for (r, rule) in rules.iter().enumerate() {
                if matches!(rule.parts.first(), Some(Part::Advance(_))) && rule.kinds.contains(k) {
                    for (p, e) in entry_rules.iter_mut().enumerate() {
                        if rule.players >> p & 1 == 1 {
                            e.push(RuleId::from_index(r));
                        }
                    }
                }
            }
        }
        let entry_rules = ByPlayer(entry_rules);
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
        let zobrist = Zobrist::new(ncells, npieces, np);
        let piece_moves = PieceMoves::build(&rules, &piece_rules, &board, npieces);
        let hand_gain = self.hand_gain_table(&rules, kinds.len(), &pieces, &piece_table, np);
        let drop_mate_rules = rules.iter().any(|r| {
            r.parts
                .iter()
                .any(|x| matches!(x, Part::Place(crate::engine::prim::place::Place { hand: Some(h), .. }) if h.no_mate))
        });
        let dir_shifts = DirShift::build(&board);
        let mut game = Game {
            name: self.name.clone(),
            title: self.title.clone().unwrap_or_else(|| self.name.clone()),
            players: self.players.clone(),
            zobrist,
            board,
            kinds,
            pieces,
            piece_table,
            piece_moves,
            rules,
            movers,
            free_rules: ByPlayer(free_rules),
            ends,
            no_moves,
            start_board: self.pieces.start.clone(),
            start_player: Player(0),
            start_state: None,
            options,
            symbol_in_placements: placed.len() > 1 || multi,
            dir_shifts,
            progress: self.progress,
            has_forced,
            most_captures: self.most_captures,
            short_jumps: self.short_jumps,
            point_notation: self.point_notation,
            royal,
            attack_rays,
            between,
            attackers,
            tracks_unmoved,
            castlers,
            checkmate: self.checkmate,
            coordinate_notation: self.coordinate_notation,
            algebraic: self.algebraic,
            fen: self.fen,
            dice: self.race.dice.clone(),
            tracks: self.race.tracks.values().cloned().collect(),
            reserve_kind: self.race.reserve.as_ref().map(|r| r.0),
            start_reserve,
            hand_kinds: self.hand.as_ref().map(|h| h.0.clone()).unwrap_or_default(),
            hand_gain,
            drop_mate_rules,
            again: std::mem::take(&mut self.race.again),
            counter_piece: self
                .counters
                .kind
                .map_or(crate::engine::EMPTY, |(k, _)| self.pieces.id(k, None)),
            score: self.counters.score.take(),
            stacked: false,
            plain_make: false,
            prefer: std::mem::take(&mut self.race.prefer),
            bonuses: std::mem::take(&mut self.bonuses),
            entry_rules,
            forbids_whole_board: forbids.iter().all(
                |f| matches!(&f.cond, crate::engine::ForbidCond::Repetition(r) if r.whole_board()),
            ),
            forbids,
            has_placement_rows: false,
            rep_kinds: self.rep_kinds.clone(),
            line_counts: None,
            outflank_placements: Vec::new(),
            move_bits: Vec::new(),
            cell_moves: Vec::new(),
            place_captures: Vec::new(),
            jump_screens: Vec::new(),
            reach: crate::engine::Reach::default(),
            asks_stuck: false,
            quick_ends: None,
            lean: false,
            bit_moves: None,
            step_tables: None,
            look: std::mem::take(&mut self.look),
            en_passant_rules: Vec::new(),
            placement_playouts: false,
        };
        if game.rules.iter().any(|r| {
            r.parts.iter().any(|p| {
                matches!(
                    p,
                    Part::Slide(crate::engine::prim::slide::Slide { counted: true, .. })
                )
            })
        }) {
            game.line_counts = Some(Box::new(crate::engine::LineCounts::build(&game.board)));
        }
        game.has_placement_rows = game.rules.iter().any(|r| game.is_multi_placement(r));
        game.stacked = game.board.stack_cap.iter().any(|&c| c > 0);
        game.plain_make = game.again.is_empty() && !game.stacked;
        let lean =
            game.dice.is_none() && game.again.is_empty() && !game.tracks_unmoved && !game.stacked;
        let reserve = game.reserve_kind;
        for rule in &mut game.rules {
            rule.lone_placement = lean
                && matches!(
                    rule.parts.as_slice(),
                    [Part::Place(crate::engine::prim::place::Place { kind, hand: None, .. }) | Part::Drop(crate::engine::prim::drop::DropPiece { kind, .. })] if reserve != Some(*kind)
                );
        }
        game.outflank_placements = crate::engine::OutflankPlacement::for_rules(&game);
        game.move_bits = crate::engine::MoveBits::for_players(&game);
        game.cell_moves = crate::engine::CellMoves::for_players(&game);
        game.place_captures = crate::engine::PlaceCapture::for_rules(&game);
        game.jump_screens = crate::engine::JumpScreen::for_players(&game);
        game.asks_stuck = game.ends.iter().any(|e| e.cond.asks_stuck());
        game.en_passant_rules = (0..game.rules.len())
            .filter(|&r| {
                game.rules[r]
                    .parts
                    .iter()
                    .any(|x| matches!(x, Part::EnPassant(_)))
            })
            .map(RuleId::from_index)
            .collect();
        let mut ends = std::mem::take(&mut game.ends);
        for end in &mut ends {
            attach_line_windows(&game, &mut end.cond);
        }
        game.ends = ends;
        game.quick_ends = crate::engine::QuickEnds::build(&game).map(Box::new);
        game.lean = game.lean_possible();
        game.bit_moves = crate::engine::BitMoves::build(&game).map(Box::new);
        game.step_tables = crate::engine::StepTables::build(&game).map(Box::new);
        game.placement_playouts = crate::engine::MoveBits::placement_playouts(&game);
        // Counts given by `setup N kind at …` lines: the start is a state with them.
        if !self.counters.tally.is_empty() && self.pieces.start_text.is_none() {
            let mut s = game.start();
            for (t, &n) in s.tally.iter_mut().zip(&self.counters.tally) {
                if n > 0 {
                    *t = n;
                }
            }
            s.rehash(&game);
            game.start_state = Some(s);
        }
        if let Some((text, span)) = self.pieces.start_text.clone() {
            match game.parse_position(&text) {
                Ok(s) => {
                    game.start_board = s.board().to_vec();
                    game.start_player = s.to_move();
                    game.start_state = Some(s);
                }
                Err(e) => {
                    self.diags.push(Diagnostic::error(
                        span,
                        format!("this start position is not valid: {}", e.0),
                    ));
                    return None;
                }
            }
        }
        // From the start position (any `setup` read above, with every cell allowed).
        game.reach = crate::engine::Reach::of(&game);
        Some(game)
    }
}

/// Gives each `line` ending (nested ones too) its bitboard windows, where the board allows
/// them: the fast form of the test is chosen here, once, from the ending's shape.
fn attach_line_windows(game: &Game, cond: &mut EndCond) {
    match cond {
        EndCond::Line {
            n,
            exact,
            pieces,
            axes,
            windows,
        } => {
            *windows = LineWindows::build(
                &game.board,
                &game.dir_shifts,
                *n,
                *exact,
                pieces,
                axes,
                game.pieces.len(),
            )
            .map(Box::new);
        }
        EndCond::All(conds) => conds.iter_mut().for_each(|c| attach_line_windows(game, c)),
        EndCond::Not(c) => attach_line_windows(game, c),
        _ => {}
    }
}
