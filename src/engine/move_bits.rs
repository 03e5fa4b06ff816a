//! A player's moves as one bitset, for games where each is a cell of one placement rule.
//!
//! When a player's only rule puts a piece on one cell (a lone `place`, a lone `drop` whose
//! fall is a uniform shift, or a placement that must outflank) on a board of at most 64
//! cells, and nothing can refuse or filter a generated move (no `forbid` rule, royal piece,
//! forced or most-captures rule, dice or reserve), the player's legal moves are exactly
//! "that rule, on each cell of a bitset", listed in cell order. Then a random playout
//! draws its move from the bitset (the n-th cell, for the n the pick returns, is the n-th
//! move of the list) without writing a list, and the `nobody-can-move` test asks whether
//! the bitset is empty. Decided per player when the game is assembled.

use super::accel::Accel;
use super::select_bit::{bit_count, nth_set_bit};
use super::Rules;
use super::{CellCond, CellId, DirShift, Game, Move, Part, PieceId, Player, State, EMPTY};
use crate::engine::RuleId;

/// How the cells of the player's moves are found.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Form {
    /// A lone `place`: the cells whose content the condition accepts, outside the zone
    /// (everywhere without one) and inside it.
    Place {
        outside: Vec<PieceId>,
        inside: Vec<PieceId>,
        zone: u64,
    },
    /// A lone `place` on the cells holding one content, everywhere (tic-tac-toe's empty
    /// cells): [`Form::Place`] with one id and no zone, in one load.
    PlaceOn(PieceId),
    /// A lone `drop`: the empty cells over an occupied cell or the edge.
    Drop(DirShift),
    /// A placement that must outflank ([`super::OutflankPlacement`]).
    Outflank,
}

/// One player's moves as a bitset: the rule and how its cells are found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveBits {
    rule: RuleId,
    form: Form,
}

impl MoveBits {
    /// Per player, the bitset form of their moves where they have one; empty when no
    /// player has.
    pub fn for_players(game: &Rules, accel: &Accel) -> Vec<Option<MoveBits>> {
        let forms: Vec<_> = (0..game.num_players())
            .map(|p| MoveBits::build(game, accel, Player(p as u8)))
            .collect();
        if forms.iter().all(Option::is_none) {
            return Vec::new();
        }
        forms
    }

    fn build(game: &Rules, accel: &Accel, p: Player) -> Option<MoveBits> {
        let filtered = !game.forbids.is_empty()
            || game.has_forced
            || game.most_captures
            || accel.drop_mate_rules
            || game.dice.is_some()
            || !game.royal[p].is_empty();
        let entering = game.reserve_kind.is_some() && !accel.entry_rules[p].is_empty();
        if filtered || entering || !accel.movers[p].is_empty() || game.board.len() > 64 {
            return None;
        }
        let [r] = accel.free_rules[p].as_slice() else {
            return None;
        };
        let rule = &game.rules[r.index()];
        if rule.guard.is_some() {
            return None;
        }
        let form = match rule.parts.as_slice() {
            _ if accel
                .outflank_placements
                .get(r.index())
                .is_some_and(Option::is_some) =>
            {
                Form::Outflank
            }
            [Part::Place(super::prim::place::Place {
                kind,
                on,
                hand: None,
                ..
            })] if game.reserve_kind != Some(*kind) => {
                let (outside, inside, zone) = cond_on_one_word(game, on, p);
                match outside.as_slice() {
                    &[id] if zone == 0 => Form::PlaceOn(id),
                    _ => Form::Place {
                        outside,
                        inside,
                        zone,
                    },
                }
            }
            [Part::Drop(crate::engine::prim::drop::DropPiece { kind, falls })]
                if game.reserve_kind != Some(*kind) =>
            {
                Form::Drop(accel.dir_shifts.get(falls[p].index()).copied().flatten()?)
            }
            _ => return None,
        };
        Some(MoveBits { rule: *r, form })
    }
}

impl Game {
    /// The piece player `p` puts down when their only move is one piece of theirs on any
    /// empty cell with nothing else changing (no capture, conversion, extra turn, swap or
    /// refusal): Hex's move. `None` for every other kind of move.
    pub fn places_on_any_empty_cell(&self, p: Player) -> Option<PieceId> {
        let bits = self.accel.move_bits.get(p.index())?.as_ref()?;
        let r = bits.rule.index();
        let rule = &self.rules[r];
        let captures = self
            .accel
            .place_captures
            .get(r)
            .is_some_and(Option::is_some);
        if bits.form != Form::PlaceOn(EMPTY) || !rule.lone_placement || captures {
            return None;
        }
        match rule.parts.as_slice() {
            [Part::Place(place)] => Some(self.placed_piece(place.kind, p)),
            _ => None,
        }
    }
}

/// The union of the bitsets of `pieces` on a one-word board.
#[inline(always)]
fn union(s: &State, pieces: &[PieceId]) -> u64 {
    pieces.iter().fold(0, |m, &id| m | s.cells_of(id)[0])
}

impl Game {
    /// The legal moves of the player to move as their rule and a bitset of cells, when the
    /// player's moves have that form (see [`MoveBits`]) and the game is not over. Out of
    /// line, like [`Game::sample_move_bits`]: the callers ask only in games that have the
    /// form, and the others keep their code as it was.
    #[inline(never)]
    pub(super) fn move_bits(&self, s: &State) -> Option<(RuleId, u64)> {
        let p = s.scalars.to_move;
        let form = self.accel.move_bits.get(p.index())?.as_ref()?;
        if s.scalars.result.is_some() {
            return None;
        }
        let bits = self.form_bits(form, s, p)?;
        Some((form.rule, bits))
    }

    /// Whether player `p` (to move or not) has a move, when their moves have the bitset
    /// form (`None` when they have not).
    #[inline]
    pub(super) fn has_move_bits(&self, s: &State, p: Player) -> Option<bool> {
        let form = self.accel.move_bits.get(p.index())?.as_ref()?;
        Some(self.form_bits(form, s, p)? != 0)
    }

    /// The cells of player `p`'s moves in `s`.
    #[inline(always)]
    fn form_bits(&self, form: &MoveBits, s: &State, p: Player) -> Option<u64> {
        Some(match &form.form {
            Form::Place {
                outside,
                inside,
                zone,
            } => (union(s, outside) & !zone) | (union(s, inside) & zone),
            Form::PlaceOn(id) => s.cells_of(*id)[0],
            Form::Drop(shift) => {
                let empty = s.cells_of(EMPTY)[0];
                empty & (shift.edge() | shift.from_next(!empty))
            }
            Form::Outflank => {
                super::outflank_rays::outflank_placement(self, form.rule)?.targets(s, p)
            }
        })
    }

    /// A move drawn from the bitset form of the player's moves: the same move as the
    /// `pick(n)`-th of the listed moves. `None` when the moves have no bitset form, or
    /// there are none (the general path then decides, a forced pass included).
    #[inline(never)]
    pub(super) fn sample_move_bits(
        &self,
        s: &State,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Move> {
        let (rule, bits) = self.move_bits(s).filter(|m| m.1 != 0)?;
        Some(drawn_move::<false>(rule, bits, pick))
    }
}

impl Game {
    /// Plays uniformly random moves from `s` for as long as each is a lone placement whose
    /// cells are a bitset (tic-tac-toe, connect four, gomoku: every move of theirs), in one
    /// loop: the draw and the make inlined together, with none of the dispatch that
    /// [`Game::sample_legal_move`] and [`Game::make`] go through for each move. Stops when
    /// the game is over, after `max_plies`, or at a position the loop does not handle (no
    /// such move for the player to move, whose general moves may then be a forced pass);
    /// returns the plies played. The moves are those the general path draws with the same
    /// `pick`s, so a seeded playout is the same either way.
    pub fn play_random_placements(
        &self,
        s: &mut State,
        pick: impl FnMut(usize) -> usize,
        max_plies: u32,
    ) -> u32 {
        if !self.accel.placement_playouts {
            return 0;
        }
        #[cfg(target_arch = "x86_64")]
        if super::select_bit::fast_pdep() {
            // SAFETY: the processor has BMI2 and POPCNT (`fast_pdep` checked both).
            return unsafe { self.random_placements_bmi2(s, pick, max_plies) };
        }
        self.random_placements::<false>(s, pick, max_plies)
    }

    /// [`Game::play_random_placements`] compiled with `popcnt` and `pdep`: the count and
    /// the draw of the n-th cell are then an instruction each, inside the loop.
    ///
    /// # Safety
    ///
    /// The processor must have the BMI2 and POPCNT instructions.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2,popcnt")]
    unsafe fn random_placements_bmi2(
        &self,
        s: &mut State,
        pick: impl FnMut(usize) -> usize,
        max_plies: u32,
    ) -> u32 {
        self.random_placements::<true>(s, pick, max_plies)
    }

    /// The loop of [`Game::play_random_placements`]; `HARDWARE`: count and select bits
    /// with `popcnt` and `pdep` (only inside [`Game::random_placements_bmi2`]).
    #[inline(always)]
    fn random_placements<const HARDWARE: bool>(
        &self,
        s: &mut State,
        mut pick: impl FnMut(usize) -> usize,
        max_plies: u32,
    ) -> u32 {
        let mut plies = 0;
        while plies < max_plies && s.scalars.result.is_none() {
            let p = s.scalars.to_move;
            let Some(Some(form)) = self.accel.move_bits.get(p.index()) else {
                break;
            };
            // Outflanking forms are not taken here (`placement_playouts`).
            let Some(bits) = self.form_bits(form, s, p) else {
                break;
            };
            if bits == 0 {
                break;
            }
            let mv = drawn_move::<HARDWARE>(form.rule, bits, &mut pick);
            self.place_one(s, mv, &self.rules[form.rule.index()]);
            plies += 1;
        }
        plies
    }
}

/// The move of `rule` on the cell of `bits` (not empty) that `pick(count)` draws: the n-th
/// set bit for the n it returns, so the n-th move of the list the general generator writes.
/// `HARDWARE`: count and select with `popcnt` and `pdep`, in callers compiled with BMI2 and
/// POPCNT ([`Game::random_placements_bmi2`]).
#[inline(always)]
fn drawn_move<const HARDWARE: bool>(
    rule: RuleId,
    bits: u64,
    pick: impl FnOnce(usize) -> usize,
) -> Move {
    let cell = if HARDWARE {
        let n = pick(bits.count_ones() as usize);
        // SAFETY: `HARDWARE` is set only where the caller is compiled with BMI2 (see above).
        unsafe { super::select_bit::nth_set_bit_pdep(bits, n as u32) }
    } else {
        let n = pick(bit_count(bits) as usize);
        nth_set_bit(bits, n as u32)
    };
    let mut mv = Move::new(rule);
    mv.push(CellId::from_index(cell as usize));
    mv
}

impl MoveBits {
    /// Whether every player's moves are lone placements ([`super::Rule::lone_placement`])
    /// whose cells are a bitset, which [`Game::make`] makes by [`Game::make_placement`], in
    /// a game without dice: the condition of [`Game::play_random_placements`].
    pub fn placement_playouts(game: &Rules, accel: &Accel) -> bool {
        game.dice.is_none()
            && accel.move_bits.len() == game.num_players()
            && accel.move_bits.iter().all(|m| {
                m.as_ref().is_some_and(|m| {
                    let rule = &game.rules[m.rule.index()];
                    !matches!(m.form, Form::Outflank) && rule.lone_placement && !rule.plain
                })
            })
    }
}

/// The pieces of `game` that `keep` accepts, as a list of ids.
pub(super) fn pieces_where(game: &Rules, keep: impl Fn(PieceId) -> bool) -> Vec<PieceId> {
    PieceId::upto(game.pieces.len())
        .filter(|&id| keep(id))
        .collect()
}

/// A cell condition for player `p` on a board of at most 64 cells, in the form the bitboard
/// paths test: the pieces it accepts outside its zone, those it accepts inside, and the zone's
/// cells as one word (0 and an empty list when it names no zone).
pub(super) fn cond_on_one_word(
    game: &Rules,
    on: &CellCond,
    p: Player,
) -> (Vec<PieceId>, Vec<PieceId>, u64) {
    let (inside, zone) = match &on.zone {
        Some((z, inside)) => {
            let mut mask = 0u64;
            for c in CellId::upto(game.board.len()) {
                if game.board.zones[z.index()].contains(p, c) {
                    mask |= 1 << c.index();
                }
            }
            (pieces_where(game, |id| inside[p].contains(id)), mask)
        }
        None => (Vec::new(), 0),
    };
    (
        pieces_where(game, |id| on.content[p].contains(id)),
        inside,
        zone,
    )
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{MoveList, Player};

    /// Every shipped game, gomoku on 8 × 8 and a tic-tac-toe whose placements have a zone
    /// (not the left column).
    fn shipped_small_gomoku_and_zoned() -> Vec<(String, crate::engine::Game)> {
        let mut games = crate::engine::test_games::shipped();
        let small = crate::load_shipped("gomoku", &[("size".into(), "8".into())])
            .expect("gomoku compiles at size 8");
        games.push(("gomoku 8".into(), small));
        let text = std::fs::read_to_string("games/tictactoe.game")
            .expect("the shipped rule file is in the repository")
            .replace(
                "place(mark, on: empty)",
                "place(mark, on: empty and not left)",
            );
        let g = crate::compile_source("zoned", "zoned.game", &text, &[]).expect("compiles");
        games.push(("zoned tic-tac-toe".into(), g));
        games
    }

    /// The fused loop of random placements plays the games the general path plays: from
    /// the start and from positions part-way through, with the same seeded draws, every
    /// game whose playouts take it ends in the same position, with the same result, hash,
    /// undo log and number of plies as draws by `sample_legal_move` made by `make`; and
    /// unmaking the loop's moves restores the start. Tic-tac-toe, connect four, gomoku on
    /// 8 × 8 and zoned tic-tac-toe take the loop; reversi (outflanking), Go (captures) and
    /// gomoku on 15 × 15 (more than 64 cells) do not.
    #[test]
    fn random_placements_play_what_the_general_path_plays() {
        let games = shipped_small_gomoku_and_zoned();
        let taking: Vec<&str> = games
            .iter()
            .filter(|(_, g)| g.accel.placement_playouts)
            .map(|(n, _)| n.as_str())
            .collect();
        for want in ["tictactoe", "connect4", "gomoku 8", "zoned tic-tac-toe"] {
            assert!(taking.contains(&want), "{want} takes the loop: {taking:?}");
        }
        for not in ["reversi", "go", "chess", "hex", "gomoku"] {
            assert!(!taking.contains(&not), "{not} does not take the loop");
        }
        let mut moves = MoveList::new();
        let mut played = 0;
        for (name, game) in games.iter().filter(|(_, g)| g.accel.placement_playouts) {
            for seed in 0..40u64 {
                let mut start = game.start();
                // Half the playouts start part-way through a game.
                let mut rng = SmallRng::seed_from_u64(seed);
                for _ in 0..(seed % 2) * rng.gen_range(0..8) {
                    match game.sample_legal_move(&start, &mut moves, |n| rng.gen_range(0..n)) {
                        Some(mv) if start.result_now().is_none() => game.make(&mut start, mv),
                        _ => break,
                    }
                }
                let (mut fused, mut general) = (start.clone(), start.clone());
                let mut rng = SmallRng::seed_from_u64(seed);
                let plies = game.play_random_placements(&mut fused, |n| rng.gen_range(0..n), 500);
                // The portable loop (the one above takes `popcnt` and `pdep` where fast).
                let mut portable = start.clone();
                let mut rng = SmallRng::seed_from_u64(seed);
                let portable_plies =
                    game.random_placements::<false>(&mut portable, |n| rng.gen_range(0..n), 500);
                assert_eq!(portable_plies, plies, "{name}, seed {seed}");
                assert!(portable.same_position(&fused), "{name}, seed {seed}");
                let mut rng = SmallRng::seed_from_u64(seed);
                let mut general_plies = 0;
                while general_plies < 500 && general.result_now().is_none() {
                    match game.sample_legal_move(&general, &mut moves, |n| rng.gen_range(0..n)) {
                        Some(mv) if mv.len == 1 => game.make(&mut general, mv),
                        _ => break,
                    }
                    general_plies += 1;
                }
                assert_eq!(plies, general_plies, "{name}, seed {seed}");
                assert!(fused.same_position(&general), "{name}, seed {seed}");
                assert_eq!(fused.result_now(), general.result_now(), "{name}");
                assert_eq!(fused.hash(), general.hash(), "{name}");
                assert_eq!(fused.log.len(), general.log.len(), "{name}");
                for _ in 0..plies {
                    game.unmake(&mut fused);
                }
                assert!(fused.same_position(&start), "{name}: unmade to the start");
                assert_eq!(fused.hash(), start.hash(), "{name}");
                played += plies;
            }
        }
        assert!(played > 1000, "{played} plies played");
    }

    /// Along seeded random games of every shipped game whose moves have a bitset form (and
    /// of small gomoku, zoned tic-tac-toe and three-player reversi), for every player in
    /// every position: the bitset's cells, in order, are the general generator's list; a
    /// draw of the n-th move gives the list's n-th move; and "has a legal move" agrees.
    #[test]
    fn move_bits_agree_with_the_move_list() {
        let mut games = shipped_small_gomoku_and_zoned();
        let three = crate::compile_source(
            "three",
            "three.game",
            super::super::outflank_rays::THREE_PLAYERS,
            &[],
        )
        .expect("compiles");
        games.push(("three-player reversi".into(), three));
        let mut rng = SmallRng::seed_from_u64(21);
        let (mut list, mut general_list) = (MoveList::new(), MoveList::new());
        let mut covered = Vec::new();
        for (name, game) in &games {
            if game.accel.move_bits.is_empty() {
                continue;
            }
            covered.push(name.as_str());
            let mut general = game.clone();
            general.accel.move_bits = Vec::new();
            let mut compared = 0;
            for _ in 0..20 {
                let mut s = game.start();
                for _ in 0..300 {
                    let keep = s.scalars.to_move;
                    for q in 0..game.num_players() {
                        s.scalars.to_move = Player(q as u8);
                        general.pseudo_moves(&s, &mut general_list);
                        if let Some((rule, mut bits)) = game.move_bits(&s) {
                            compared += 1;
                            let mut listed = Vec::new();
                            while bits != 0 {
                                listed.push((rule, bits.trailing_zeros() as usize));
                                bits &= bits - 1;
                            }
                            let want: Vec<_> = general_list
                                .iter()
                                .map(|m| (m.rule, m.cells[0].index()))
                                .collect();
                            assert_eq!(listed, want, "{name}: player {q} at ply {}", s.ply);
                            assert!(general_list.iter().all(|m| m.len == 1), "{name}");
                            for i in 0..general_list.len() {
                                let mv = game.sample_legal_move(&s, &mut list, |n| {
                                    assert_eq!(n, general_list.len(), "{name}");
                                    i
                                });
                                assert_eq!(mv, Some(general_list[i]), "{name}: draw {i}");
                            }
                        }
                        assert_eq!(
                            game.has_legal_move(&s, &mut list),
                            general.has_legal_move(&s, &mut general_list),
                            "{name}: player {q} has a move at ply {}",
                            s.ply
                        );
                    }
                    s.scalars.to_move = keep;
                    game.legal_moves(&s, &mut list);
                    if list.is_empty() {
                        break;
                    }
                    game.make(&mut s, list[rng.gen_range(0..list.len())]);
                }
            }
            assert!(compared > 100, "{name}: {compared} positions compared");
        }
        for want in [
            "tictactoe",
            "connect4",
            "reversi",
            "gomoku 8",
            "zoned tic-tac-toe",
            "three-player reversi",
        ] {
            assert!(covered.contains(&want), "{want} has move bits: {covered:?}");
        }
    }
}
