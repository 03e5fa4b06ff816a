//! The engine's speed-ups, derived once from the [`Rules`] when a game is built.
//!
//! The rules say what is legal; everything here only makes the engine find it faster.
//! [`Accel::build`] is the one place that derives these tables, in an order where each
//! builder may read the tables built before it (never a half-made `Game`).
//!
//! See [`fast_paths`] for every fast path, the general path it must agree with and the
//! test that checks they agree.

pub mod fast_paths;

use crate::engine::{
    AttackMasks, AttackRays, Between, BitMoves, Board, ByPlayer, CellMoves, DirShift, EndCond,
    JumpScreen, LineCounts, LineWindows, MoveBits, OutflankPlacement, Part, PieceId, PieceMoves,
    PlaceCapture, Player, QuickEnds, RuleId, Rules, StepTables,
};
pub use fast_paths::{FreeGen, PlainMake, RuleMake};

/// Every table derived from the rules to make move generation, make and the endings fast.
#[derive(Clone, Debug)]
pub struct Accel {
    /// The rules usable by the owner of each piece, in rule order, resolved for the move
    /// generator ([`PieceMoves::of`]).
    pub(crate) piece_moves: PieceMoves,
    /// Per player, the piece ids that have at least one rule (whose cells are move origins).
    pub(crate) movers: ByPlayer<Vec<PieceId>>,
    /// Per player, the `advance` rules that can bring a reserve piece onto the board.
    pub(crate) entry_rules: ByPlayer<Vec<RuleId>>,
    /// Rules that do not start from a piece, per player.
    pub(crate) free_rules: ByPlayer<Vec<RuleId>>,
    /// Per piece id, the attacks on it grouped by line (derived from `attackers`; empty when
    /// the game has no royal pieces).
    pub(crate) attack_rays: Vec<crate::engine::AttackRays>,
    /// The cells between two cells on a line, for the bitboard attack tests (`None` on
    /// boards of more than 64 cells, or without royal pieces).
    pub(crate) between: Option<crate::engine::Between>,
    /// Whether some drop may not checkmate (`mate: no`; derived from `rules`).
    pub(crate) drop_mate_rules: bool,
    /// Whether every `forbid` rule is a whole-board repetition (so a plain move can be
    /// judged from its hash alone; derived from `forbids`).
    pub(crate) forbids_whole_board: bool,
    /// Whether some rule is a row of placements that playouts sample part by part (derived
    /// from `rules`).
    pub(crate) has_placement_rows: bool,
    /// Per board direction, its bitboard shift where it is uniform on a board of at most
    /// 64 cells (`drop` generation lands pieces from it).
    pub(crate) dir_shifts: Vec<Option<crate::engine::DirShift>>,
    /// The lines through each cell, for slides whose distance is the number of pieces on
    /// the line (`None` when no rule has one).
    pub(crate) line_counts: Option<Box<crate::engine::LineCounts>>,
    /// Per rule, its bitboard form when it is a placement that must outflank on a board of
    /// at most 64 cells (empty when no rule is).
    pub(crate) outflank_placements: Vec<Option<Box<crate::engine::OutflankPlacement>>>,
    /// Per player, their moves as one bitset where each is a cell of their one placement
    /// rule (empty when no player's are).
    pub(crate) move_bits: Vec<Option<crate::engine::MoveBits>>,
    /// Whether random playouts start in [`crate::engine::Game::play_random_placements`] (see
    /// [`crate::engine::MoveBits::placement_playouts`]).
    pub(crate) placement_playouts: bool,
    /// Per player, their moves as bitsets where each is a cell of a placement rule or a
    /// move of no cell, `forbid` rules allowed (empty when no player's are).
    pub(crate) cell_moves: Vec<Option<crate::engine::CellMoves>>,
    /// Per rule, its bitset form when it is `place(…) then remove-surrounded(…)` on a board
    /// of at most [`crate::engine::MAX_CHAIN_CELLS`] cells (empty when no rule is).
    pub(crate) place_captures: Vec<Option<Box<crate::engine::PlaceCapture>>>,
    /// Per player, the bitboard test of whether any of their forced jumps is open (empty
    /// when no player's forced rules have one).
    pub(crate) jump_screens: Vec<Option<crate::engine::JumpScreen>>,
    /// Whether an ending asks `nobody-can-move` (its answer is then remembered through one
    /// ending test; derived from `ends`).
    pub(crate) asks_stuck: bool,
    /// The rules with an `en-passant` part (derived from `rules`): after a double step,
    /// only they are asked whether the passed cell may be taken.
    pub(crate) en_passant_rules: Vec<RuleId>,
    /// The endings in quick form where their shapes allow (`None` when the first has none;
    /// derived from `ends`).
    pub(crate) quick_ends: Option<Box<crate::engine::QuickEnds>>,
    /// The step, leap and slide rules in bitboard form, on boards of at most 64 cells
    /// (derived from `piece_moves`).
    pub(crate) bit_moves: Option<Box<crate::engine::BitMoves>>,
    /// Per-cell step targets of the pieces whose rules are all steps and that have no
    /// bitboard plan (derived from `piece_moves` and `bit_moves`).
    pub(crate) step_tables: Option<Box<crate::engine::StepTables>>,
    /// How plain moves are made ([`PlainMake`]; the lean make where the game has nothing
    /// else to keep, see `lean_make.rs`).
    pub(crate) plain_make: PlainMake,
    /// Per rule, how the general make makes its moves ([`RuleMake`]; empty when every
    /// rule's are made part by part).
    pub(crate) rule_make: Vec<RuleMake>,
    /// Per (player, rule), at `player * rules + rule`, how the generator lists the moves
    /// of a rule that starts from no piece ([`FreeGen`]; empty when every rule's are listed
    /// part by part).
    pub(crate) free_gen: Vec<FreeGen>,
}

impl Accel {
    /// Derives every speed-up from `rules`. Each step may read what the steps before it
    /// built (the bitboard moves read the placement bitsets, the step tables read the
    /// bitboard moves, ...), so the order below matters.
    pub fn build(rules: &Rules) -> Accel {
        let (piece_rules, free_rules) = rule_index(rules);
        let np = rules.players.len();
        let npieces = rules.pieces.len();
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
        let piece_moves = PieceMoves::build(&rules.rules, &piece_rules, &rules.board, npieces);
        let (attack_rays, between) = attack_rays(rules);
        let stacked = rules.board.stack_cap.iter().any(|&c| c > 0);
        let counted = rules.rules.iter().any(|r| {
            r.parts.iter().any(|p| {
                matches!(
                    p,
                    Part::Slide(crate::engine::prim::slide::Slide { counted: true, .. })
                )
            })
        });
        let mut accel = Accel {
            piece_moves,
            movers,
            entry_rules: entry_rules(rules),
            free_rules: ByPlayer(free_rules),
            attack_rays,
            between,
            drop_mate_rules: rules.rules.iter().any(|r| {
                r.parts.iter().any(|x| matches!(x, Part::Place(crate::engine::prim::place::Place { hand: Some(h), .. }) if h.no_mate))
            }),
            forbids_whole_board: rules.forbids.iter().all(
                |f| matches!(&f.cond, crate::engine::ForbidCond::Repetition(r) if r.whole_board()),
            ),
            has_placement_rows: rules.rules.iter().any(|r| rules.is_multi_placement(r)),
            dir_shifts: DirShift::build(&rules.board),
            line_counts: counted.then(|| Box::new(LineCounts::build(&rules.board))),
            outflank_placements: Vec::new(),
            move_bits: Vec::new(),
            placement_playouts: false,
            cell_moves: Vec::new(),
            place_captures: Vec::new(),
            jump_screens: Vec::new(),
            asks_stuck: rules.ends.iter().any(|e| e.cond.asks_stuck()),
            en_passant_rules: (0..rules.rules.len())
                .filter(|&r| {
                    rules.rules[r]
                        .parts
                        .iter()
                        .any(|x| matches!(x, Part::EnPassant(_)))
                })
                .map(RuleId::from_index)
                .collect(),
            quick_ends: None,
            plain_make: PlainMake::General,
            rule_make: Vec::new(),
            free_gen: Vec::new(),
            bit_moves: None,
            step_tables: None,
        };
        accel.outflank_placements = OutflankPlacement::for_rules(rules, &accel);
        accel.free_gen = FreeGen::for_rules(rules, &accel.outflank_placements, &accel.dir_shifts);
        accel.move_bits = MoveBits::for_players(rules, &accel);
        accel.cell_moves = CellMoves::for_players(rules, &accel);
        accel.place_captures = PlaceCapture::for_rules(rules);
        accel.jump_screens = JumpScreen::for_players(rules, &accel);
        accel.quick_ends = QuickEnds::build(rules, &accel).map(Box::new);
        accel.plain_make =
            PlainMake::choose(rules.lean_possible(), rules.again.is_empty() && !stacked);
        accel.bit_moves = BitMoves::build(rules, &accel).map(Box::new);
        accel.step_tables = StepTables::build(rules, &accel).map(Box::new);
        accel.placement_playouts = MoveBits::placement_playouts(rules, &accel);
        accel.rule_make =
            RuleMake::for_rules(stacked, &accel.outflank_placements, &accel.place_captures);
        accel
    }

    /// Sets the speed-ups that live inside the rules' own values, once, before
    /// [`Accel::build`] reads them: which rules the lone-placement make may make
    /// ([`crate::engine::Rule::lone_placement`]) and the bitboard windows of `line` endings.
    pub(crate) fn mark_rules(rules: &mut Rules) {
        mark_lone_placements(rules);
        let dir_shifts = DirShift::build(&rules.board);
        let pieces = rules.pieces.len();
        let Rules { board, ends, .. } = rules;
        for end in ends {
            attach_line_windows(board, &dir_shifts, pieces, &mut end.cond);
        }
    }

    /// Whether plain moves take the lean make (no dice, extra turns, castling flags, hands,
    /// reserve, stacks, passable slides, clock or repetition history).
    #[inline(always)]
    pub(crate) fn lean(&self) -> bool {
        self.plain_make == PlainMake::Lean
    }
}

/// The rules that start from a piece, by (player, piece id) at `p * pieces + id`; and the
/// others per player.
fn rule_index(rules: &Rules) -> (Vec<Vec<RuleId>>, Vec<Vec<RuleId>>) {
    let np = rules.players.len();
    let npieces = rules.pieces.len();
    let mut piece_rules = vec![Vec::new(); np * npieces];
    let mut free_rules = vec![Vec::new(); np];
    for (r, rule) in rules.rules.iter().enumerate() {
        for p in 0..np {
            if rule.players >> p & 1 == 0 {
                continue;
            }
            if rule.from_piece() {
                for &k in &rule.kinds {
                    let id = rules.piece_id(k, Some(Player(p as u8)));
                    if id != crate::engine::EMPTY {
                        piece_rules[p * npieces + id.index()].push(RuleId::from_index(r));
                    }
                }
            } else {
                free_rules[p].push(RuleId::from_index(r));
            }
        }
    }
    (piece_rules, free_rules)
}

/// Per player, the `advance` rules that can bring a reserve piece onto the board.
fn entry_rules(rules: &Rules) -> ByPlayer<Vec<RuleId>> {
    let mut entry = vec![Vec::new(); rules.players.len()];
    if let Some(k) = rules.reserve_kind {
        for (r, rule) in rules.rules.iter().enumerate() {
            if matches!(rule.parts.first(), Some(Part::Advance(_))) && rule.kinds.contains(&k) {
                for (p, e) in entry.iter_mut().enumerate() {
                    if rule.players >> p & 1 == 1 {
                        e.push(RuleId::from_index(r));
                    }
                }
            }
        }
    }
    ByPlayer(entry)
}

/// Per piece id, the attacks on it grouped by line, and the cells between two cells for the
/// bitboard attack tests (both empty when no piece attacks a royal one).
fn attack_rays(rules: &Rules) -> (Vec<AttackRays>, Option<Between>) {
    let attackers = &rules.attackers;
    if attackers.0.iter().all(Vec::is_empty) {
        return (Vec::new(), None);
    }
    let between = Between::build(&rules.board, attackers);
    let rays = rules
        .pieces
        .iter()
        .enumerate()
        .map(|(id, piece)| match piece.owner {
            Some(p) if id > 0 => {
                let id = PieceId::from_index(id);
                let mut rays = AttackRays::build(attackers, p, id);
                rays.masks = between
                    .as_ref()
                    .and_then(|b| AttackMasks::build(attackers, p, id, &rules.board, b));
                rays
            }
            _ => AttackRays::default(),
        })
        .collect();
    (rays, between)
}

/// Marks the rules whose moves the lone-placement make may make: one `place` (not from a
/// hand) or `drop` of a kind that does not wait in a reserve, in a game without dice, extra
/// turns, castling or stacks.
fn mark_lone_placements(rules: &mut Rules) {
    let stacked = rules.board.stack_cap.iter().any(|&c| c > 0);
    let lean = rules.dice.is_none() && rules.again.is_empty() && !rules.tracks_unmoved && !stacked;
    let reserve = rules.reserve_kind;
    for rule in &mut rules.rules {
        rule.lone_placement = lean
            && matches!(
                rule.parts.as_slice(),
                [Part::Place(crate::engine::prim::place::Place { kind, hand: None, .. }) | Part::Drop(crate::engine::prim::drop::DropPiece { kind, .. })] if reserve != Some(*kind)
            );
    }
}

/// Gives each `line` ending (nested ones too) its bitboard windows, where the board allows
/// them: the fast form of the test is chosen here, once, from the ending's shape.
fn attach_line_windows(
    board: &Board,
    dir_shifts: &[Option<DirShift>],
    pieces: usize,
    cond: &mut EndCond,
) {
    match cond {
        EndCond::Line {
            n,
            exact,
            pieces: which,
            axes,
            windows,
        } => {
            *windows = LineWindows::build(board, dir_shifts, *n, *exact, which, axes, pieces)
                .map(Box::new);
        }
        EndCond::All(conds) => conds
            .iter_mut()
            .for_each(|c| attach_line_windows(board, dir_shifts, pieces, c)),
        EndCond::Not(c) => attach_line_windows(board, dir_shifts, pieces, c),
        _ => {}
    }
}
