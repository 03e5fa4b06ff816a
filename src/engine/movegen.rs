//! Move generation: walks each rule's parts, recording the cells chosen.
//!
//! A move with several parts sees the board as changed by its earlier parts through a small
//! overlay, so generation never writes to the state and allocates nothing.

use super::accel::FreeGen;
use super::{
    CellId, Game, Move, MoveList, Part, PartCond, Player, RepCells, Rule, Shape, State, StateParts,
    NO_CELL,
};

use super::cursor::Cursor;
pub(super) use super::view::{Landing, View};

pub(super) use super::view::{ALL, FORCED, UNFORCED};

impl Game {
    /// Fills `out` with the legal moves of the player to move (nothing once the game is over).
    ///
    /// # Panics
    ///
    /// With a [`TooManyMoves`](super::TooManyMoves) payload when the position has more than
    /// [`MAX_MOVES`](super::MAX_MOVES) moves (only rule files whose moves chain many
    /// choices can ask for that; the checker refuses those it can count).
    pub fn legal_moves(&self, s: &State, out: &mut MoveList) {
        self.pseudo_moves(s, out);
        if !self.forbids.is_empty() && !self.is_chance(s) {
            // A pass changes nothing on the board, so no `forbid` rule refuses it.
            let mut sim = super::exec::Sim::new(self, s);
            out.retain(|&mv| {
                self.rules[mv.rule.index()].is_pass() || self.refusal_in(&mut sim, mv).is_none()
            });
        }
        if out.is_empty()
            && s.scalars.result.is_none()
            && self.no_moves == Some(super::NoMoves::Pass)
        {
            out.push(Move::forced_pass());
        }
    }

    /// The first move of [`Game::legal_moves`] (the forced pass aside) for which `wanted`
    /// holds, or `None`: the `forbid` rules judge only the moves `wanted` lets through, not
    /// every move. `moves` is scratch. Playouts use it to look for one move.
    pub fn find_legal_move(
        &self,
        s: &State,
        moves: &mut MoveList,
        mut wanted: impl FnMut(Move) -> bool,
    ) -> Option<Move> {
        self.pseudo_moves(s, moves);
        let judged = !self.forbids.is_empty() && !self.is_chance(s);
        let mut sim = None;
        moves.iter().copied().find(|&mv| {
            wanted(mv)
                && (!judged
                    || self.rules[mv.rule.index()].is_pass()
                    || self.refusal_lazy(s, mv, &mut sim).is_none())
        })
    }

    /// A legal move chosen by `pick` (given a count n, an index below n), or `None` when
    /// there is none: the same choice as picking from [`Game::legal_moves`] when `pick` is
    /// uniform, but the `forbid` rules judge only the moves drawn, not every move. A refused
    /// draw is dropped and another drawn from the rest, so each legal move is equally likely
    /// to come first. `moves` is scratch. Random playouts use it.
    pub fn sample_legal_move(
        &self,
        s: &State,
        moves: &mut MoveList,
        mut pick: impl FnMut(usize) -> usize,
    ) -> Option<Move> {
        if !self.accel.move_bits.is_empty() {
            if let Some(mv) = self.sample_move_bits(s, &mut pick) {
                return Some(mv);
            }
        }
        if !self.accel.cell_moves.is_empty() {
            if let Some(drawn) = super::cell_moves::sample_cell_moves(self, s, moves, &mut pick) {
                return drawn;
            }
        }
        if let Some(mv) = super::sample::sample_placements(self, s, moves, &mut pick) {
            return Some(mv);
        }
        self.pseudo_moves(s, moves);
        self.draw_judged(s, moves, pick)
    }

    /// A move drawn with `pick` from `moves` (the moves before the `forbid` rules), judged
    /// by those rules and drawn again from the rest when refused (a refused move is taken
    /// out with `swap_remove`); the forced pass when every move is refused or there is none
    /// and the game passes then.
    pub(super) fn draw_judged(
        &self,
        s: &State,
        moves: &mut MoveList,
        mut pick: impl FnMut(usize) -> usize,
    ) -> Option<Move> {
        if self.forbids.is_empty() || self.is_chance(s) {
            if !moves.is_empty() {
                return Some(moves[pick(moves.len())]);
            }
        } else {
            // Made only if a drawn move needs it: most are judged from their cells alone.
            let mut sim = None;
            while !moves.is_empty() {
                let i = pick(moves.len());
                let mv = moves[i];
                if self.rules[mv.rule.index()].is_pass() {
                    return Some(mv);
                }
                let refused = self.refusal_lazy(s, mv, &mut sim);
                if refused.is_none() {
                    return Some(mv);
                }
                moves.swap_remove(i);
            }
        }
        (s.scalars.result.is_none() && self.no_moves == Some(super::NoMoves::Pass))
            .then(Move::forced_pass)
    }

    /// The moves the pieces can make (forced moves first, royal pieces kept safe), before
    /// the `forbid` rules judge them.
    pub(crate) fn pseudo_moves(&self, s: &State, out: &mut MoveList) {
        self.pseudo_moves_but(s, out, false);
    }

    /// [`Game::pseudo_moves`], leaving out the rules of several placements when
    /// `skip_placements` is set (the sampler draws those without listing them).
    pub(super) fn pseudo_moves_but(&self, s: &State, out: &mut MoveList, skip_placements: bool) {
        self.pseudo_moves_upto(s, out, skip_placements, super::MAX_MOVES);
    }

    /// Whether the player to move has a legal move (a forced pass aside), stopping at the
    /// first one found where that is sound: without `forbid` rules or royal pieces every
    /// generated move is legal, and the forced-move filter never empties a list. Otherwise
    /// the full legal list is built. `scratch` is overwritten.
    pub(crate) fn has_legal_move(&self, s: &State, scratch: &mut MoveList) -> bool {
        if !self.accel.move_bits.is_empty() {
            if let Some((_, bits)) = self.move_bits(s) {
                return bits != 0;
            }
        }
        let p = s.scalars.to_move;
        if (!self.forbids.is_empty() && !self.is_chance(s)) || !self.royal[p].is_empty() {
            self.legal_moves(s, scratch);
            return scratch.iter().any(|m| !m.is_forced_pass());
        }
        self.pseudo_moves_upto(s, scratch, false, 1);
        !scratch.is_empty()
    }

    /// [`Game::pseudo_moves_but`] that stops generating once `out` holds `limit` moves.
    fn pseudo_moves_upto(
        &self,
        s: &State,
        out: &mut MoveList,
        skip_placements: bool,
        limit: usize,
    ) {
        out.clear();
        if s.scalars.result.is_some() {
            return;
        }
        if self.is_chance(s) {
            self.gen_rolls(out);
            return;
        }
        let p = s.scalars.to_move;
        if self.separate_dice() {
            self.gen_dice_turns(s, p, out);
            return;
        }
        if !self.accel.cell_moves.is_empty()
            && super::cell_moves::fill_cell_moves(self, s, out, limit)
        {
            return;
        }
        let mut view = View::new(&s.board);
        view.limit = limit;
        if self.has_forced {
            // Forced rules first: while they have a move, the others' do not count, and are
            // not generated. Without one, the other rules' moves come in the order a single
            // pass lists them, since the forced rules added nothing.
            if super::jump_screen::forced_may_move(self, s) {
                self.gen_pieces::<FORCED>(s, &mut view, p, limit, out);
            }
            if out.is_empty() {
                self.gen_pieces::<UNFORCED>(s, &mut view, p, limit, out);
            }
        } else {
            self.gen_pieces::<ALL>(s, &mut view, p, limit, out);
        }
        if let Some(k) = self.reserve_kind.filter(|_| out.len() < limit) {
            let piece = self.piece_id(k, Some(p));
            if s.reserve[piece.index()] > 0 {
                for &r in &self.accel.entry_rules[p] {
                    let rule = &self.rules[r.index()];
                    if let Some(Part::Advance(a)) = rule.parts.first() {
                        a.gen(self, s, p, (super::FROM_RESERVE, piece), r, out);
                    }
                }
            }
        }
        for &r in &self.accel.free_rules[p] {
            if out.len() >= limit {
                break;
            }
            let rule = &self.rules[r.index()];
            if (skip_placements && self.is_multi_placement(rule))
                || rule
                    .guard
                    .as_ref()
                    .is_some_and(|g| !self.state_cond(s, g, p))
            {
                continue;
            }
            // The rule's plan, chosen when the game was built (`accel/fast_paths.rs`).
            let n = self.rules.len();
            match self.accel.free_gen.get(p.index() * n + r.index()) {
                Some(FreeGen::Outflank) => {
                    if let Some(plan) = super::outflank_rays::outflank_placement(self, r) {
                        plan.generate(s, r, out);
                        continue;
                    }
                }
                Some(&FreeGen::DropByShift(shift)) => {
                    super::prim::drop::drop_by_shift(s, shift, Move::new(r), out);
                    continue;
                }
                Some(FreeGen::General) | None => {}
            }
            Cursor::new(self, s, &mut view, p, rule, out).run(CellId::new(0), Move::new(r));
        }
        if out.len() >= super::MAX_MOVES {
            std::panic::panic_any(super::TooManyMoves);
        }
        if self.has_forced && out.iter().any(|m| self.rules[m.rule.index()].forced) {
            out.retain(|m| self.rules[m.rule.index()].forced);
        }
        if self.most_captures {
            super::most_captures::keep_most_captures(self, s, out);
        }
        self.drop_repeated_captures(s, out);
        self.keep_royal_safe(s, out);
        if self.accel.drop_mate_rules {
            super::hand::refuse_drop_mates(self, s, out);
        }
    }

    /// The moves of the player's pieces, in piece, cell and rule order: of every rule
    /// (`ONLY` = [`ALL`]), of the forced rules ([`FORCED`]) or of the others ([`UNFORCED`]).
    #[inline(always)]
    fn gen_pieces<const ONLY: u8>(
        &self,
        s: &State,
        view: &mut View,
        p: Player,
        limit: usize,
        out: &mut MoveList,
    ) {
        let moves = &self.accel.piece_moves;
        let bits = self.accel.bit_moves.as_deref().filter(|b| b.for_player(p));
        let masks = bits.map(|b| b.masks(s, p)).unwrap_or_default();
        'pieces: for &piece in &self.accel.movers[p] {
            if let Some(b) = bits {
                if out.len() >= limit {
                    break;
                }
                let at = super::bit_moves::BitPos {
                    bm: b,
                    masks: &masks,
                    s,
                    p,
                    royal: None,
                };
                if super::bit_moves::gen_bit_piece::<ONLY>(self, at, view, piece, limit, out) {
                    continue;
                }
            }
            if let Some(t) = self.accel.step_tables.as_deref() {
                if super::step_table::gen_step_table::<ONLY>(self, t, s, p, piece, limit, out) {
                    if out.len() >= limit {
                        break;
                    }
                    continue;
                }
            }
            let entries = moves.of(p, piece);
            for (w, &word) in s.cells_of(piece).iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    if out.len() >= limit {
                        break 'pieces;
                    }
                    let cell = CellId::from_index(w * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                    for e in entries {
                        if ONLY != ALL && e.forced != (ONLY == FORCED) {
                            continue;
                        }
                        self.gen_entry(s, view, p, e, cell, out);
                    }
                }
            }
        }
    }

    /// The moves of one resolved rule `e` of the piece on `cell` (the body of the
    /// generator's loop over a piece's rules; inlined there, and called on its own by the
    /// bitboard generator for the rules it has no bitboard form of).
    #[inline(always)]
    pub(super) fn gen_entry(
        &self,
        s: &State,
        view: &mut View,
        p: Player,
        e: &super::PieceMove,
        cell: CellId,
        out: &mut MoveList,
    ) {
        let moves = &self.accel.piece_moves;
        if !moves.may_start(e, cell) {
            return;
        }
        let mut mv = Move::new(e.rule);
        mv.push(cell);
        match e.shape {
            Shape::Steps => {
                let land = Landing {
                    mv,
                    promote: moves.promotion(e),
                };
                self.gen_steps(&s.board, moves.dirs(e), cell, &e.to, &land, out);
            }
            Shape::Slide { min, max, passable } => {
                let land = Landing {
                    mv,
                    promote: moves.promotion(e),
                };
                for &d in moves.dirs(e) {
                    self.gen_slide(
                        &s.board,
                        (cell, d),
                        (min, max, passable),
                        (&e.to, &e.through),
                        &land,
                        out,
                    );
                }
            }
            Shape::CountedSlide => {
                let land = Landing {
                    mv,
                    promote: moves.promotion(e),
                };
                let Some(lines) = self.accel.line_counts.as_deref() else {
                    return;
                };
                // A direction and its opposite share a line: count it once.
                let mut memo = [(u32::MAX, 0u16); 8];
                let mut k = 0;
                for &d in moves.dirs(e) {
                    let line = lines.line(cell, d);
                    let n = match memo[..k].iter().find(|m| m.0 == line) {
                        Some(m) => m.1,
                        None => {
                            let n = lines.count_line(s, line);
                            if k < memo.len() {
                                memo[k] = (line, n);
                                k += 1;
                            }
                            n
                        }
                    };
                    self.gen_slide(
                        &s.board,
                        (cell, d),
                        (n, n, false),
                        (&e.to, &e.through),
                        &land,
                        out,
                    );
                }
            }
            Shape::Jump { capture, repeat } => {
                super::jump_moves::gen_jumps(self, &s.board, e, (capture, repeat), cell, out);
            }
            // Nothing to take en passant, or a castling piece that has moved.
            Shape::EnPassant if s.scalars.ep.target == NO_CELL => {}
            Shape::Castle if !s.is_unmoved(cell) => {}
            _ => {
                let rule = &self.rules[e.rule.index()];
                if rule.guard.as_ref().is_none_or(|g| self.state_cond(s, g, p)) {
                    Cursor::new(self, s, view, p, rule, out).run(cell, mv);
                }
            }
        }
    }

    /// How many pieces of `kind` the parts of `rule` before `idx` place (each takes one from
    /// the reserve).
    pub(super) fn placed_before(&self, rule: &Rule, idx: usize, kind: super::KindId) -> u32 {
        rule.parts[..idx]
            .iter()
            .filter(|x| {
                matches!(x, Part::Place(super::prim::place::Place { kind: k, .. }) | Part::Shoot(super::prim::shoot::Shoot { kind: k, .. }) if *k == kind)
            })
            .count() as u32
    }

    /// Whether a move condition holds at `cell` on the board as the move has changed it.
    pub(super) fn part_cond(&self, s: &State, v: &View, cond: &PartCond, cell: CellId) -> bool {
        match cond {
            PartCond::Line { n, axes } => {
                let mut cells = [NO_CELL; super::repetition::MAX_PARTIAL_CELLS];
                axes.iter()
                    .any(|&axis| self.line_through(v, cell, axis, *n, &mut cells) > 0)
            }
            PartCond::Repetition(r) => {
                let t = s.frames.len() + 1;
                let side = r
                    .parts
                    .contains(StateParts::SIDE)
                    .then(|| self.next_player(s.scalars.to_move));
                match &r.cells {
                    RepCells::Line { n, axes } => {
                        let mut cells = [NO_CELL; super::repetition::MAX_PARTIAL_CELLS];
                        axes.iter().any(|&axis| {
                            let len = self.line_through(v, cell, axis, *n, &mut cells);
                            len > 0 && {
                                let line = &cells[..len];
                                let target = self.partial_hash(line, |c| v.get(c), side);
                                self.repeats(s, r, line, target, t, s.scalars.quiet + 1)
                            }
                        })
                    }
                    RepCells::Cells(cells) => {
                        let target = self.partial_hash(cells, |c| v.get(c), side);
                        self.repeats(s, r, cells, target, t, s.scalars.quiet + 1)
                    }
                    RepCells::Board => false,
                }
            }
            PartCond::Not(x) => !self.part_cond(s, v, x, cell),
            PartCond::All(xs) => xs.iter().all(|x| self.part_cond(s, v, x, cell)),
            PartCond::Any(xs) => xs.iter().any(|x| self.part_cond(s, v, x, cell)),
        }
    }

    /// The line of pieces of one owner through `cell` along `axis`, if at least `n` long:
    /// its cells are written to `out` and their number returned (0 for no such line).
    fn line_through(
        &self,
        v: &View,
        cell: CellId,
        (d, od): (super::DirId, super::DirId),
        n: u16,
        out: &mut [CellId],
    ) -> usize {
        let piece = v.get(cell);
        let Some(owner) = self.owner(piece) else {
            return 0;
        };
        let mut len = 0;
        out[len] = cell;
        len += 1;
        for dir in [d, od] {
            let mut c = cell;
            loop {
                c = self.board.next(c, dir);
                if c == NO_CELL || len == out.len() || self.owner(v.get(c)) != Some(owner) {
                    break;
                }
                out[len] = c;
                len += 1;
            }
        }
        if len >= n as usize {
            len
        } else {
            0
        }
    }

    /// Index in a move's cells of the first cell recorded by part `idx` (parts before a
    /// repeating jump record a fixed number of cells).
    pub(super) fn part_base(&self, rule: &Rule, idx: usize) -> usize {
        usize::from(rule.from_piece())
            + rule.parts[..idx]
                .iter()
                .map(Part::cells_recorded)
                .sum::<usize>()
    }

    /// The number of legal moves of the player to move: the length of
    /// [`Game::legal_moves`]' list, without writing it where the rules allow (see the module
    /// documentation). `scratch` is overwritten.
    pub fn count_legal_moves(&self, s: &State, scratch: &mut MoveList) -> usize {
        if let Some(n) = super::count::count_by_bits(self, s, scratch) {
            return n;
        }
        self.legal_moves(s, scratch);
        scratch.len()
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{MoveList, Player};

    /// The early-exit "has a legal move" test answers what the full legal list says, for
    /// each player, along seeded random games of every shipped game (placements, drops,
    /// steps, slides, captures, dice, passes; `forbid` rules and royal pieces take the full
    /// list).
    #[test]
    fn has_legal_move_agrees_with_the_legal_list() {
        let mut rng = SmallRng::seed_from_u64(5);
        let (mut scratch, mut full) = (MoveList::new(), MoveList::new());
        let mut stuck = 0;
        for name in crate::games::shipped_names() {
            let game = crate::load_shipped(name, &[]).expect("a shipped game compiles");
            for _ in 0..4 {
                let mut s = game.start();
                for _ in 0..300 {
                    let keep = (s.scalars.to_move, s.scalars.result);
                    s.scalars.result = None;
                    for q in 0..game.num_players() {
                        s.scalars.to_move = Player(q as u8);
                        game.legal_moves(&s, &mut full);
                        let want = full.iter().any(|m| !m.is_forced_pass());
                        stuck += usize::from(!want);
                        assert_eq!(game.has_legal_move(&s, &mut scratch), want, "{name}");
                    }
                    (s.scalars.to_move, s.scalars.result) = keep;
                    game.legal_moves(&s, &mut full);
                    if full.is_empty() {
                        break;
                    }
                    game.make(&mut s, full[rng.gen_range(0..full.len())]);
                }
            }
        }
        assert!(stuck > 0, "some positions leave a player without a move");
    }

    /// A `drop` generated by one bitboard shift lists the moves the per-cell test lists, in
    /// the same order, along seeded random games of every shipped game with a drop rule on
    /// a board where its direction is a uniform shift (connect four, at its own size and at
    /// the largest and a small one), against the same game with the shifts taken away.
    #[test]
    fn drop_by_shift_agrees_with_the_cell_test() {
        let mut rng = SmallRng::seed_from_u64(21);
        let (mut fast, mut slow) = (MoveList::new(), MoveList::new());
        let mut games = Vec::new();
        for name in crate::games::shipped_names() {
            games.push((name, crate::load_shipped(name, &[]).expect("compiles")));
        }
        for (w, h) in [("8", "8"), ("3", "2")] {
            let set = [
                ("width".to_string(), w.to_string()),
                ("height".to_string(), h.to_string()),
            ];
            games.push((
                "connect4",
                crate::load_shipped("connect4", &set).expect("compiles"),
            ));
        }
        let mut covered = 0;
        for (name, game) in &games {
            let drops = game.rules.iter().any(|r| {
                r.parts.iter().any(|p| match p {
                    crate::engine::Part::Drop(x) => x
                        .falls
                        .0
                        .iter()
                        .any(|&d| game.accel.dir_shifts[d.index()].is_some()),
                    _ => false,
                })
            });
            if !drops {
                continue;
            }
            covered += 1;
            let mut general = game.clone();
            general.accel.dir_shifts.iter_mut().for_each(|x| *x = None);
            general.accel.free_gen.clear();
            for _ in 0..20 {
                let mut s = game.start();
                loop {
                    game.legal_moves(&s, &mut fast);
                    general.legal_moves(&s, &mut slow);
                    assert_eq!(fast, slow, "{name}");
                    if fast.is_empty() {
                        break;
                    }
                    game.make(&mut s, fast[rng.gen_range(0..fast.len())]);
                }
            }
        }
        assert_eq!(covered, 3, "connect four at three sizes");
    }
}
