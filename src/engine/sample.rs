//! Drawing one random legal move without listing them all, for games whose moves are several
//! placements in a row (Nex: a stone and a neutral stone, 28 000 moves a ply on 13 × 13).
//!
//! A rule of placements (`place` and `convert` parts only) is sampled part by part: each part
//! picks uniformly among the cells it accepts on the board as the earlier parts left it. A
//! move found so has probability 1 / (n1 · n2 · …), the product of the counts of choices, so
//! it is kept with probability (n1 · n2 · …) / M, where M bounds that product for the rule;
//! every move of the rule is then equally likely. The other rules' moves are listed as usual,
//! each drawn with the weight of one. Refused moves (`forbid` rules) are drawn again, so the
//! move returned is uniform over the legal moves, as if drawn from [`Game::legal_moves`].

use super::prim::convert::Convert;
use super::view::View;
use super::{CellId, Game, Move, MoveList, Part, Rule, State, MAX_MOVE_CELLS};
use crate::engine::RuleId;
use crate::engine::Rules;

/// Draws made before giving up and listing every move (a position with no move, or one whose
/// bounds are very loose).
const ATTEMPTS: usize = 64;

/// Bounds above this are not sampled (too loose to be worth it, or overflowing).
const MAX_BOUND: u64 = 1 << 40;

impl super::Rules {
    /// Whether `rule` is a row of placements the sampler draws part by part: two or more
    /// `place` and `convert` parts, none taking pieces from a reserve.
    pub(crate) fn is_multi_placement(&self, rule: &Rule) -> bool {
        rule.parts.len() >= 2
            && rule.parts.len() <= MAX_MOVE_CELLS
            && rule.parts.iter().all(|p| match p {
                Part::Place(super::prim::place::Place { kind, hand, .. }) => {
                    self.reserve_kind != Some(*kind) && hand.is_none()
                }
                Part::Convert(_) => true,
                _ => false,
            })
    }
}

impl Rules {
    /// An upper bound on the number of ways the parts of `rule` can be chosen in `s`: each
    /// part accepts at most the cells it accepts on the board as it is, plus the cells the
    /// earlier parts changed (one each). `None` if the bound is too large to be of use.
    fn placement_bound(&self, s: &State, rule: &Rule) -> Option<u64> {
        let p = s.scalars.to_move;
        let mut bound: u64 = 1;
        for (i, part) in rule.parts.iter().enumerate() {
            let on = match part {
                Part::Place(super::prim::place::Place { on, .. })
                | Part::Convert(Convert { on, .. }) => on,
                _ => return None,
            };
            let here = CellId::upto(self.board.len())
                .filter(|&c| on.accepts(&self.board, p, c, s.board[c.index()]))
                .count() as u64;
            bound = bound.checked_mul(here + i as u64)?;
            if bound > MAX_BOUND {
                return None;
            }
        }
        Some(bound)
    }

    /// One move of the placement rule `r`, each part choosing uniformly among the cells it
    /// accepts (as generation does: the same conditions, the same order of unordered
    /// conversions), and the product of the numbers of choices; `None` at a part with no
    /// choice.
    fn draw_placements(
        &self,
        s: &State,
        r: RuleId,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> Option<(Move, u64)> {
        let p = s.scalars.to_move;
        let rule = &self.rules[r.index()];
        let mut view = View::new(&s.board);
        let mut mv = Move::new(r);
        let mut ways: u64 = 1;
        for (idx, part) in rule.parts.iter().enumerate() {
            let (on, first, fresh, piece) = match part {
                Part::Place(super::prim::place::Place {
                    kind, on, ordered, ..
                }) => {
                    let first = if *ordered {
                        CellId::new(0)
                    } else {
                        mv.cells().last().map_or(CellId::new(0), |&c| c.succ())
                    };
                    (on, first, !ordered, self.placed_piece(*kind, p))
                }
                Part::Convert(Convert {
                    on,
                    kind,
                    own,
                    ordered,
                }) => {
                    let prev_convert = idx > 0 && matches!(rule.parts[idx - 1], Part::Convert(_));
                    let first = if !ordered && prev_convert && mv.len > 0 {
                        mv.cells[mv.len as usize - 1].succ()
                    } else {
                        CellId::new(0)
                    };
                    (on, first, true, self.piece_id(*kind, own.then_some(p)))
                }
                _ => return None,
            };
            // Conversions skip the cells earlier parts changed; placements may not.
            let choices = CellId::span(first, self.board.len()).filter(|&c| {
                !(fresh && view.touched(c)) && on.accepts(&self.board, p, c, view.get(c))
            });
            let n = choices.clone().count();
            if n == 0 {
                return None;
            }
            let c = choices.clone().nth(pick(n))?;
            ways *= n as u64;
            mv.push(c);
            view.put(c, piece);
        }
        Some((mv, ways))
    }
}

/// A legal move drawn uniformly with `pick` (given n, an index below n) without listing
/// the moves of placement rules; `None` when it cannot answer (no such rule applies,
/// royal pieces or forced moves to respect, or no move found in [`ATTEMPTS`] draws),
/// and then the caller lists the moves. `moves` is scratch.
pub(super) fn sample_placements(
    game: &Game,
    s: &State,
    moves: &mut MoveList,
    pick: &mut impl FnMut(usize) -> usize,
) -> Option<Move> {
    if !game.accel.has_placement_rows
        || s.scalars.result.is_some()
        || game.has_forced
        || !game.royal[s.scalars.to_move].is_empty()
        || game.is_chance(s)
    {
        return None;
    }
    let p = s.scalars.to_move;
    // (rule, bound) of each placement rule that applies now.
    let mut bands: [(RuleId, u64); 8] = [(RuleId::new(0), 0); 8];
    let mut nbands = 0;
    for &r in &game.accel.free_rules[p] {
        let rule = &game.rules[r.index()];
        if !game.is_multi_placement(rule)
            || rule
                .guard
                .as_ref()
                .is_some_and(|g| !game.state_cond(s, g, p))
        {
            continue;
        }
        if nbands == bands.len() {
            return None;
        }
        let bound = game.placement_bound(s, rule)?;
        bands[nbands] = (r, bound);
        nbands += 1;
    }
    if nbands == 0 {
        return None;
    }
    game.pseudo_moves_but(s, moves, true);
    let listed = moves.len() as u64;
    let total = listed + bands[..nbands].iter().map(|b| b.1).sum::<u64>();
    if total == 0 || total > MAX_BOUND || total > usize::MAX as u64 {
        return None;
    }
    let mut sim = None;
    for _ in 0..ATTEMPTS {
        let mut x = pick(total as usize) as u64;
        let mv = if x < listed {
            moves[x as usize]
        } else {
            x -= listed;
            let Some(&(r, bound)) = bands[..nbands].iter().find(|b| {
                let inside = x < b.1;
                if !inside {
                    x -= b.1;
                }
                inside
            }) else {
                continue;
            };
            let Some((mv, ways)) = game.draw_placements(s, r, pick) else {
                continue;
            };
            // Keep it with probability ways / bound.
            if pick(bound as usize) as u64 >= ways {
                continue;
            }
            mv
        };
        if game.forbids.is_empty() || game.rules[mv.rule.index()].is_pass() {
            return Some(mv);
        }
        let refused = game.refusal_lazy(s, mv, &mut sim);
        if refused.is_none() {
            return Some(mv);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::MoveList;

    /// Every drawn move is legal, every legal move is drawn, and about equally often (a
    /// chi-square test with a fixed seed), in Nex positions with and without neutral stones,
    /// and in Go, whose superko and suicide rules refuse some placements.
    #[test]
    fn draws_are_legal_and_uniform() {
        let nex = crate::load_shipped("nex", &[("size".into(), "4".into())]).expect("nex");
        let go = crate::load_shipped("go", &[("size".into(), "3".into())]).expect("go");
        let mut rng = SmallRng::seed_from_u64(11);
        let mut checked = 0;
        for (game, plies) in [(&nex, 0), (&nex, 3), (&nex, 5), (&nex, 8), (&go, 4)] {
            let mut s = game.start();
            for _ in 0..plies {
                let moves = game.legal_moves_vec(&s);
                game.make(&mut s, moves[rng.gen_range(0..moves.len())]);
            }
            let legal = game.legal_moves_vec(&s);
            let mut seen: HashMap<_, u32> = HashMap::new();
            let mut scratch = MoveList::new();
            let draws = 150 * legal.len() as u32;
            let mut sampled = 0;
            for _ in 0..draws {
                let mut pick = |n: usize| rng.gen_range(0..n);
                if let Some(mv) = super::sample_placements(game, &s, &mut scratch, &mut pick) {
                    assert!(legal.contains(&mv), "{mv:?} is not legal");
                    *seen.entry(mv).or_default() += 1;
                    sampled += 1;
                }
            }
            if game.name == "go" {
                // Go's placement is one part: nothing for the sampler.
                assert_eq!(sampled, 0);
                continue;
            }
            assert_eq!(sampled, draws, "the sampler always answers here");
            assert_eq!(seen.len(), legal.len(), "every legal move is drawn");
            let expected = f64::from(draws) / legal.len() as f64;
            let chi2: f64 = seen
                .values()
                .map(|&n| (f64::from(n) - expected).powi(2) / expected)
                .sum();
            let df = legal.len() as f64 - 1.0;
            assert!(
                chi2 < df + 6.0 * (2.0 * df).sqrt(),
                "chi2 {chi2} with {df} degrees"
            );
            checked += 1;
        }
        assert_eq!(checked, 4);
    }

    /// `place(stone, count: 2)` lists each pair of cells once (C(9, 2) = 36 on 3 × 3, where
    /// `place then place` lists 72), the sampler draws exactly those, and a pair written in
    /// the other order reads as the same move.
    #[test]
    fn placement_sets_are_listed_and_drawn_once() {
        let src = "game \"Pairs\"\nplayers Black, White\nboard square(3, 3)\n\
                   piece stone = \"X\" for Black, \"O\" for White\n\
                   move place(stone, count: 2)\n";
        let game = crate::compile_source("pairs", "pairs.game", src, &[]).expect("compiles");
        let s = game.start();
        let legal = game.legal_moves_vec(&s);
        assert_eq!(legal.len(), 36);
        let ordered = src.replace("place(stone, count: 2)", "place(stone) then place(stone)");
        let twice = crate::compile_source("pairs", "pairs.game", &ordered, &[]).expect("compiles");
        assert_eq!(twice.legal_moves_vec(&twice.start()).len(), 72);
        let ab = game.parse_move(&s, "Xa1Xb1").expect("a1 b1");
        assert_eq!(game.parse_move(&s, "Xb1Xa1").expect("b1 a1"), ab);
        assert_eq!(game.move_to_string(&s, ab), "Xa1Xb1");
        let mut rng = SmallRng::seed_from_u64(3);
        let mut seen: HashMap<_, u32> = HashMap::new();
        let mut scratch = MoveList::new();
        for _ in 0..100 * legal.len() {
            let mut pick = |n: usize| rng.gen_range(0..n);
            let mv =
                super::sample_placements(&game, &s, &mut scratch, &mut pick).expect("an answer");
            assert!(legal.contains(&mv), "{mv:?} is not legal");
            *seen.entry(mv).or_default() += 1;
        }
        assert_eq!(seen.len(), legal.len());
        for (mv, n) in seen {
            assert!(
                (50..=150).contains(&n),
                "{mv:?} drawn {n} times of about 100"
            );
        }
    }

    /// Drawn moves that a `forbid` rule refuses are drawn again: the moves returned are
    /// exactly the legal ones, equally often.
    #[test]
    fn refused_draws_are_drawn_again() {
        // a1 is walled in by White: a Black stone there would have no liberty.
        let src = "game \"Pairs\"\nplayers Black, White\nboard square(3, 3)\n\
                   piece stone = \"X\" for Black, \"O\" for White\n\
                   setup stone at b1 + a2 for White\n\
                   move place(stone, on: empty) then place(stone, on: empty)\n\
                   forbid surrounded(friend)\n";
        let game = crate::compile_source("pairs", "pairs.game", src, &[]).expect("compiles");
        let s = game.start();
        let legal = game.legal_moves_vec(&s);
        let mut all = MoveList::new();
        game.pseudo_moves(&s, &mut all);
        assert_eq!(
            (all.len(), legal.len()),
            (42, 30),
            "pairs with a1 are refused"
        );
        let mut rng = SmallRng::seed_from_u64(5);
        let mut seen: HashMap<_, u32> = HashMap::new();
        let mut scratch = MoveList::new();
        let draws = 300 * legal.len() as u32;
        for _ in 0..draws {
            let mut pick = |n: usize| rng.gen_range(0..n);
            let mv =
                super::sample_placements(&game, &s, &mut scratch, &mut pick).expect("an answer");
            assert!(legal.contains(&mv), "{mv:?} is refused");
            *seen.entry(mv).or_default() += 1;
        }
        assert_eq!(seen.len(), legal.len());
        let expected = f64::from(draws) / legal.len() as f64;
        for (mv, n) in seen {
            let off = (f64::from(n) - expected).abs() / expected;
            assert!(off < 0.25, "{mv:?} drawn {n} times, {expected} expected");
        }
    }
}
