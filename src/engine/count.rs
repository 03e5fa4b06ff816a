//! Counting the legal moves of a position without listing them: bulk perft's last ply.
//!
//! Perft counts the moves of the last ply without playing them, so only their number
//! matters there. Where the bitboard plans of `bit_moves.rs` cover a player's pieces and
//! nothing but the royal rule can refuse a generated move ([`super::BitMoves`]' `countable`),
//! the steps and slides from cells whose moves cannot expose a royal piece are counted by
//! popcount: every cell when the game has no royal piece; otherwise, when the mover has one
//! royal piece and it is not in check, every cell but the royal piece's and the pinned
//! pieces' (the same cells whose plain moves the royal filter passes untested, see
//! `legal.rs`). A promotion counts once per kind. The moves from the other cells, and the
//! pieces' other rules (en passant, castling, part by part), are listed and judged one by
//! one as the generator judges them; in check, with several royal pieces, or where the plans
//! do not cover the game, the whole list is built. A unit test compares the count with the
//! list's length along random games of every shipped game and from chess positions full of
//! pins, checks, promotions, castling and en passant.

use super::legal::{bits_iter, Pins};
use super::screen::ScreenLines;
use super::{Game, MoveList, NoMoves, State};

impl Game {
    /// The number of legal moves of the player to move: the length of
    /// [`Game::legal_moves`]' list, without writing it where the rules allow (see the module
    /// documentation). `scratch` is overwritten.
    pub fn count_legal_moves(&self, s: &State, scratch: &mut MoveList) -> usize {
        if let Some(n) = self.count_by_bits(s, scratch) {
            return n;
        }
        self.legal_moves(s, scratch);
        scratch.len()
    }

    /// The count from the bitboard plans, or `None` where they cannot give it. Counting is
    /// mostly popcounts: where the processor has the instruction (almost every x86-64 made
    /// since 2008, but not the baseline the crate is compiled for), the same code is
    /// compiled a second time with it enabled and chosen at run time.
    fn count_by_bits(&self, s: &State, scratch: &mut MoveList) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if has_popcnt() {
            // Safety: the processor has the `popcnt` instruction (checked just above).
            return unsafe { self.count_by_bits_popcnt(s, scratch) };
        }
        self.count_by_bits_here(s, scratch)
    }

    /// [`Game::count_by_bits_here`] compiled with the `popcnt` instruction.
    ///
    /// # Safety
    ///
    /// The processor must have the `popcnt` instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn count_by_bits_popcnt(&self, s: &State, scratch: &mut MoveList) -> Option<usize> {
        self.count_by_bits_here(s, scratch)
    }

    /// The body of [`Game::count_by_bits`], inlined into both its compilations.
    #[inline(always)]
    fn count_by_bits_here(&self, s: &State, scratch: &mut MoveList) -> Option<usize> {
        let bm = self.bit_moves.as_deref()?;
        let p = s.scalars.to_move;
        if !bm.countable(p) || self.is_chance(s) {
            return None;
        }
        if s.scalars.result.is_some() {
            return Some(0);
        }
        // The cells whose steps and slides are legal without a test.
        let (free, royal) = if self.royal[p].is_empty() {
            (u64::MAX, None)
        } else {
            let mut cells = self.royal[p]
                .iter()
                .flat_map(|&rp| bits_iter(s.cells_of(rp)).map(move |c| (c, rp)));
            let (Some((king, rp)), None) = (cells.next(), cells.next()) else {
                return None;
            };
            let (pins, lines) = self.check_and_pins(s, king, rp)?;
            let Pins::Mask(pinned) = pins else {
                return None;
            };
            if lines != ScreenLines::None {
                return None;
            }
            (!(pinned | 1 << king.index()), Some((king, rp, pins, lines)))
        };
        let masks = bm.masks(s, p);
        let mut view = super::movegen::View::new(&s.board);
        scratch.clear();
        let mut n = 0;
        let king = royal.map(|(king, rp, ..)| (king, rp));
        for &piece in &self.movers[p] {
            match self.count_bit_piece(bm, &masks, s, &mut view, p, piece, free, king, scratch) {
                Some(k) => n += k,
                None => {
                    for cell in bits_iter(s.cells_of(piece)) {
                        for e in self.piece_moves.of(p, piece) {
                            self.gen_entry(s, &mut view, p, e, cell, scratch);
                        }
                    }
                }
            }
        }
        n += match royal {
            None => scratch.len(),
            Some((king, _, pins, lines)) => scratch
                .iter()
                .filter(|&&m| self.royal_keeps(s, m, king, &pins, &lines))
                .count(),
        };
        if n == 0 && self.no_moves == Some(NoMoves::Pass) {
            n = 1;
        }
        Some(n)
    }
}

/// Whether the processor has the `popcnt` instruction (asked once).
#[cfg(target_arch = "x86_64")]
fn has_popcnt() -> bool {
    static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAS.get_or_init(|| std::arch::is_x86_feature_detected!("popcnt"))
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{MoveList, Player};

    /// The count is the legal list's length, for every player to move, along seeded random
    /// games of every shipped game and from chess positions with pins, checks, promotions,
    /// castling and en passant (the perft test positions).
    #[test]
    fn count_agrees_with_the_legal_list() {
        let mut rng = SmallRng::seed_from_u64(41);
        let (mut scratch, mut list) = (MoveList::new(), MoveList::new());
        let games = crate::engine::test_games::shipped_and_chess_positions();
        let mut counted = Vec::new();
        for t in &games {
            let (name, game) = (&t.name, &t.game);
            for _ in 0..5 {
                let mut s = t.start();
                for _ in 0..150 {
                    let keep = s.scalars.to_move;
                    for q in 0..game.num_players() {
                        s.scalars.to_move = Player(q as u8);
                        game.legal_moves(&s, &mut list);
                        let n = game.count_legal_moves(&s, &mut scratch);
                        assert_eq!(n, list.len(), "{name}: {}", game.position_to_string(&s));
                        if let Some(here) = game.count_by_bits_here(&s, &mut scratch) {
                            // The baseline compilation counts the same.
                            assert_eq!(here, list.len(), "{name}");
                            counted.push(name.clone());
                        }
                    }
                    s.scalars.to_move = keep;
                    game.legal_moves(&s, &mut list);
                    if list.is_empty() {
                        break;
                    }
                    game.make(&mut s, list[rng.gen_range(0..list.len())]);
                }
            }
        }
        for want in ["breakthrough", "chess"] {
            assert!(counted.iter().any(|c| c == want), "{want} counted");
        }
    }
}
