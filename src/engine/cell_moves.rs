//! A player's moves as bitsets of cells, for games whose moves are placements (and passes) on
//! boards of any size, `forbid` rules allowed (Go, Hex).
//!
//! When every rule of a player starts from no piece and is either a placement on the board
//! as it is (`place`, perhaps followed by parts that choose no cell and let generation pass
//! straight on, such as Go's `remove-surrounded`) or a move of no cell (`pass`, the pie
//! rule's `swap-sides`), and nothing can filter the generated list (no royal piece, forced
//! or most-captures rule, dice, reserve, piece moves or `when` guard), the player's moves
//! before the `forbid` rules are "each placement rule on each cell of a bitset, then the
//! cell-less moves", in rule order, exactly as the general generator lists them. Decided per
//! player when the game is assembled ([`CellMoves::for_players`]).
//!
//! A random playout then draws the n-th move from the bitsets without a list, and the
//! `forbid` rules judge only that move. Only when they refuse it is the list written (from
//! the bitsets, in the general order) and the refused move taken out as the general sampler
//! takes it out, so the playout goes on exactly as the general path would: a seeded playout
//! plays the same moves. Listing the moves ([`Game::pseudo_moves`]) also writes them from the
//! bitsets, without the part-by-part generator.

use super::accel::Accel;
use super::move_bits::pieces_where;
use super::Rules;
use super::{CellId, Game, Move, MoveList, Part, PieceId, Player, State};
use crate::engine::RuleId;

/// One of a player's rules, in the form its moves are read.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    /// A placement on one cell: the cells whose content `outside` holds outside the zone
    /// (everywhere without one) and `inside` holds inside it.
    Place {
        rule: RuleId,
        outside: Vec<PieceId>,
        inside: Vec<PieceId>,
        /// The zone's cells, one bit per cell (`None`: no zone).
        zone: Option<Box<[u64]>>,
    },
    /// A rule of one move of no cell (`pass`).
    Single { rule: RuleId },
    /// The pie rule's `swap-sides`: one move of no cell, at the second ply only.
    SwapSides { rule: RuleId },
}

/// One player's moves as bitsets; see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellMoves {
    entries: Vec<Entry>,
}

impl CellMoves {
    /// Per player, the bitset form of their moves where they have one (and not already the
    /// one-word [`super::MoveBits`]); empty when no player has.
    pub fn for_players(game: &Rules, accel: &Accel) -> Vec<Option<CellMoves>> {
        let forms: Vec<_> = (0..game.num_players())
            .map(|p| {
                let p = Player(p as u8);
                let has_bits = accel.move_bits.get(p.index()).is_some_and(Option::is_some);
                if has_bits {
                    None
                } else {
                    CellMoves::build(game, accel, p)
                }
            })
            .collect();
        if forms.iter().all(Option::is_none) {
            return Vec::new();
        }
        forms
    }

    fn build(game: &Rules, accel: &Accel, p: Player) -> Option<CellMoves> {
        let filtered = game.has_forced
            || game.most_captures
            || accel.drop_mate_rules
            || game.dice.is_some()
            || !game.royal[p].is_empty();
        let entering = game.reserve_kind.is_some() && !accel.entry_rules[p].is_empty();
        if filtered || entering || !accel.movers[p].is_empty() {
            return None;
        }
        let words = game.board.len().div_ceil(64).max(1);
        let mut entries = Vec::new();
        for &r in &accel.free_rules[p] {
            let rule = &game.rules[r.index()];
            if rule.guard.is_some()
                || accel
                    .outflank_placements
                    .get(r.index())
                    .is_some_and(Option::is_some)
            {
                return None;
            }
            let entry = match rule.parts.as_slice() {
                [Part::Place(super::prim::place::Place {
                    kind,
                    on,
                    hand: None,
                    ..
                }), rest @ ..]
                    if game.reserve_kind != Some(*kind)
                        && rest.iter().all(|x| matches!(x, Part::RemoveSurrounded(_))) =>
                {
                    let (inside, zone) = match &on.zone {
                        Some((z, inside)) => {
                            let mut mask = vec![0u64; words];
                            for c in CellId::upto(game.board.len()) {
                                if game.board.zones[z.index()].contains(p, c) {
                                    mask[c.index() / 64] |= 1 << (c.index() % 64);
                                }
                            }
                            (
                                pieces_where(game, |id| inside[p].contains(id)),
                                Some(mask.into_boxed_slice()),
                            )
                        }
                        None => (Vec::new(), None),
                    };
                    Entry::Place {
                        rule: r,
                        outside: pieces_where(game, |id| on.content[p].contains(id)),
                        inside,
                        zone,
                    }
                }
                [Part::Pass(_), ..] if rule.is_pass() => Entry::Single { rule: r },
                [Part::SwapSides(_)] => Entry::SwapSides { rule: r },
                _ => return None,
            };
            entries.push(entry);
        }
        entries
            .iter()
            .any(|e| matches!(e, Entry::Place { .. }))
            .then_some(CellMoves { entries })
    }
}

/// Word `w` of the union of the bitsets of `pieces`.
#[inline(always)]
fn union(s: &State, pieces: &[PieceId], w: usize) -> u64 {
    pieces
        .iter()
        .fold(0, |m, &id| m | s.bits[id.index() * s.words + w])
}

impl Entry {
    /// Word `w` of the cells this placement may take (0 for the other entries).
    #[inline(always)]
    fn word(&self, s: &State, w: usize) -> u64 {
        match self {
            Entry::Place {
                outside,
                inside,
                zone,
                ..
            } => match zone {
                None => union(s, outside, w),
                Some(z) => (union(s, outside, w) & !z[w]) | (union(s, inside, w) & z[w]),
            },
            _ => 0,
        }
    }

    /// How many moves this entry makes in `s`.
    #[inline]
    fn count(&self, s: &State) -> usize {
        match self {
            Entry::Place { .. } => (0..s.words)
                .map(|w| self.word(s, w).count_ones() as usize)
                .sum(),
            Entry::Single { .. } => 1,
            Entry::SwapSides { .. } => usize::from(swap_open(s)),
        }
    }

    /// Its `n`-th move (`n` below [`Entry::count`]).
    #[inline]
    fn nth(&self, s: &State, mut n: usize) -> Move {
        match *self {
            Entry::Place { rule, .. } => {
                let mut mv = Move::new(rule);
                for w in 0..s.words {
                    let bits = self.word(s, w);
                    let k = bits.count_ones() as usize;
                    if n >= k {
                        n -= k;
                        continue;
                    }
                    let at = super::select_bit::nth_set_bit(bits, n as u32) as usize;
                    mv.push(CellId::from_index(w * 64 + at));
                    break;
                }
                mv
            }
            Entry::Single { rule } | Entry::SwapSides { rule } => Move::new(rule),
        }
    }
}

/// Whether `swap-sides` may be played: at the second ply of a game played from its start
/// (as the general generator tests it).
#[inline]
fn swap_open(s: &State) -> bool {
    s.ply == 1 && s.frames.len() == 1
}

/// Writes the moves of the player to move into `out` from their bitset form (at most
/// `limit`), in the general generator's order; `false` (and nothing written) when the
/// player's moves have no such form.
#[inline(never)]
pub(super) fn fill_cell_moves(game: &Game, s: &State, out: &mut MoveList, limit: usize) -> bool {
    let Some(cm) = cell_moves_of(game, s.scalars.to_move) else {
        return false;
    };
    for e in &cm.entries {
        match *e {
            Entry::Place { rule, .. } => {
                let base = Move::new(rule);
                for w in 0..s.words {
                    let mut bits = e.word(s, w);
                    while bits != 0 {
                        if out.len() >= limit {
                            return true;
                        }
                        let mut mv = base;
                        mv.push(CellId::from_index(w * 64 + bits.trailing_zeros() as usize));
                        bits &= bits - 1;
                        out.push(mv);
                    }
                }
            }
            Entry::Single { .. } | Entry::SwapSides { .. } => {
                if out.len() >= limit {
                    return true;
                }
                if e.count(s) == 1 {
                    out.push(e.nth(s, 0));
                }
            }
        }
    }
    true
}

/// A legal move drawn with `pick` from the bitset form of the player's moves: the move
/// the general sampler draws with the same picks. `None` when the moves have no such
/// form, the game is over, or there are no moves before the `forbid` rules (the general
/// path then decides, a forced pass included); `Some(None)` when every move is refused
/// and there is no forced pass.
#[inline(never)]
pub(super) fn sample_cell_moves(
    game: &Game,
    s: &State,
    moves: &mut MoveList,
    pick: &mut impl FnMut(usize) -> usize,
) -> Option<Option<Move>> {
    let cm = cell_moves_of(game, s.scalars.to_move)?;
    if s.scalars.result.is_some() {
        return None;
    }
    let mut counts = [0usize; 8];
    let mut total = 0;
    for (i, e) in cm.entries.iter().enumerate() {
        let n = e.count(s);
        if let Some(slot) = counts.get_mut(i) {
            *slot = n;
        } else {
            return None;
        }
        total += n;
    }
    if total == 0 {
        return None;
    }
    let x = pick(total);
    let mut n = x;
    let mut mv = None;
    for (e, &k) in cm.entries.iter().zip(&counts) {
        if n < k {
            mv = Some(e.nth(s, n));
            break;
        }
        n -= k;
    }
    let mv = mv?;
    if game.forbids.is_empty() || game.rules[mv.rule.index()].is_pass() {
        return Some(Some(mv));
    }
    let refused = game
        .plain_refusal(s, mv)
        .unwrap_or_else(|| game.refusal(s, mv));
    if refused.is_none() {
        return Some(Some(mv));
    }
    // Refused: go on as the general sampler does, from the list without this move.
    moves.clear();
    fill_cell_moves(game, s, moves, usize::MAX);
    debug_assert_eq!(moves.get(x), Some(&mv), "the bitsets list the drawn move");
    moves.swap_remove(x);
    Some(game.draw_judged(s, moves, pick))
}

/// The bitset form of the moves of the player to move, if they have one.
#[inline]
fn cell_moves_of(game: &Game, p: Player) -> Option<&CellMoves> {
    game.accel.cell_moves.get(p.index())?.as_ref()
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{Game, MoveList, Player};

    /// Games whose moves have the bitset form: every shipped one, Go and Hex at other sizes
    /// and options, and a zoned Go.
    fn games() -> Vec<(String, Game)> {
        let mut games = crate::engine::test_games::shipped();
        let variants: [(&str, &[(&str, &str)]); 6] = [
            ("go", &[("size", "5")]),
            ("go", &[("suicide", "yes")]),
            ("go", &[("ko", "situational"), ("size", "7")]),
            ("go", &[("ko", "simple"), ("size", "6")]),
            ("hex", &[("swap", "yes"), ("size", "5")]),
            ("hex", &[("size", "4")]),
        ];
        for (name, set) in variants {
            let set = crate::option_pairs(set);
            let g = crate::load_shipped(name, &set).expect("compiles");
            games.push((format!("{name} {set:?}"), g));
        }
        let text = std::fs::read_to_string("games/go.game")
            .expect("the shipped rule file is in the repository")
            .replace(
                "define play = place(stone)",
                "define play = place(stone, on: empty and not left)",
            );
        let g = crate::compile_source("zoned", "zoned.game", &text, &[("size".into(), "7".into())])
            .expect("compiles");
        games.push(("zoned go".into(), g));
        games
    }

    /// Along seeded random games, for every player in every position: the moves written from
    /// the bitsets are the general generator's list, in order; a draw of the n-th move gives
    /// the move the general sampler draws with the same picks (refusals included); and "has a
    /// legal move" agrees.
    #[test]
    fn cell_moves_agree_with_the_general_path() {
        let mut rng = SmallRng::seed_from_u64(20);
        let (mut list, mut general_list) = (MoveList::new(), MoveList::new());
        let mut covered = Vec::new();
        for (name, game) in &games() {
            if game.accel.cell_moves.is_empty() {
                continue;
            }
            covered.push(name.clone());
            let mut general = game.clone();
            general.accel.cell_moves = Vec::new();
            let (mut compared, mut refusals) = (0, 0);
            for _ in 0..6 {
                let mut s = game.start();
                for _ in 0..400 {
                    let keep = s.scalars.to_move;
                    for q in 0..game.num_players() {
                        s.scalars.to_move = Player(q as u8);
                        general.pseudo_moves(&s, &mut general_list);
                        game.pseudo_moves(&s, &mut list);
                        assert_eq!(list, general_list, "{name}: player {q} at ply {}", s.ply);
                        if super::cell_moves_of(game, s.scalars.to_move).is_some() {
                            compared += 1;
                        }
                        // The same stream of picks through both samplers.
                        for seed in 0..3u64 {
                            let mut a = SmallRng::seed_from_u64(seed ^ s.scalars.hash);
                            let mut b = a.clone();
                            let (mut na, mut nb) = (Vec::new(), Vec::new());
                            let fast = game.sample_legal_move(&s, &mut list, |n| {
                                na.push(n);
                                a.gen_range(0..n)
                            });
                            let slow = general.sample_legal_move(&s, &mut general_list, |n| {
                                nb.push(n);
                                b.gen_range(0..n)
                            });
                            assert_eq!(fast, slow, "{name}: draw at ply {}", s.ply);
                            assert_eq!(na, nb, "{name}: picks at ply {}", s.ply);
                            // No pick at all once the game is over.
                            refusals += na.len().saturating_sub(1);
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
                    general.legal_moves(&s, &mut general_list);
                    assert_eq!(list, general_list, "{name}: legal moves at ply {}", s.ply);
                    if list.is_empty() {
                        break;
                    }
                    game.make(&mut s, list[rng.gen_range(0..list.len())]);
                }
            }
            assert!(compared > 100, "{name}: {compared} positions compared");
            // Shipped Go refuses suicides: some draw along its games lands on one.
            if name == "go" {
                assert!(refusals > 0, "{name}: no refused draw was compared");
            }
        }
        for want in ["go", "hex", "zoned go"] {
            assert!(
                covered.iter().any(|c| c == want),
                "{want} has cell moves: {covered:?}"
            );
        }
        assert!(covered.len() >= 9, "{covered:?}");
    }
}
