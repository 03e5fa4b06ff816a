//! The lean make: a plain move in a game with nothing else to keep.
//!
//! A plain move (one piece from one cell to another, keeping its kind) already has its own
//! make (`make_plain`), but that one still asks, on every move, about dice, extra turns,
//! hands, castling flags, en passant, the no-progress clock and repetition histories. A game
//! that has none of these (decided once, when it is assembled: [`Game::lean`]) makes such a
//! move with only what is left: the undo frame, the two log entries, the hash, the board
//! tables and the endings, which it asks with the two changed cells as a bitset (the quick
//! endings' screen, see `quick_ends.rs`). It writes exactly what `make_plain` writes (frame,
//! log, hash, tables), so the one unmake takes either back; a unit test compares the two
//! along random games.

use super::state::{Change, EnPassant, Frame};
use super::{Game, Move, NO_CELL};

impl super::Rules {
    /// Whether plain moves of this game may take the lean make: no dice, extra turns,
    /// castling flags, hands, reserve, stacks, passable slides, no-progress clock or
    /// repetition history. Worked out when the game is assembled.
    pub(crate) fn lean_possible(&self) -> bool {
        self.dice.is_none()
            && self.again.is_empty()
            && !self.tracks_unmoved
            && self.hand_gain.is_empty()
            && self.reserve_kind.is_none()
            && self.board.stack_cap.iter().all(|&c| c == 0)
            && !self.rules.iter().any(|r| r.passable || r.swaps_sides)
            && self.progress.is_none()
            && self.rep_kinds.is_empty()
    }
}

/// [`Game::make`] for a plain move (`rule.plain`, no promotion) in a lean game.
#[inline(always)]
pub(super) fn make_lean(game: &Game, s: &mut State, mv: Move) {
    let mover = s.scalars.to_move;
    let next = game.next_player(mover);
    let (from, to) = (mv.cells[0], mv.cells[1]);
    let (piece, victim) = (s.board[from.index()], s.board[to.index()]);
    // Room first, then the frame and the two log entries written in place: pushed
    // whole, they were built on the stack and copied (the push may grow the list, so
    // the values had to survive a call).
    if s.frames.len() == s.frames.capacity() {
        s.frames.reserve(64);
    }
    if s.log.capacity() - s.log.len() < 2 {
        s.log.reserve(64);
    }
    let log_from = s.log.len();
    let frame = Frame {
        scalars: s.scalars,
        log_len: log_from as u32,
        side_len: s.side.len() as u32,
        plain: true,
        mv,
    };
    let entries = [
        Change {
            cell: from,
            old: piece,
        },
        Change {
            cell: to,
            old: victim,
        },
    ];
    // Safety: there is room for one more frame and two more log entries (reserved
    // above), and the lengths grow only over what is written.
    unsafe {
        let at = s.frames.len();
        s.frames.as_mut_ptr().add(at).write(frame);
        s.frames.set_len(at + 1);
        s.log
            .as_mut_ptr()
            .add(log_from)
            .cast::<[Change; 2]>()
            .write_unaligned(entries);
        s.log.set_len(log_from + 2);
    }
    // No passable slide makes an en-passant cell; a position read from text may hold one.
    if s.scalars.ep.target != NO_CELL {
        game.set_en_passant(s, EnPassant::NONE);
    }
    s.scalars.hash ^= game.zobrist.piece(from, piece)
        ^ game.zobrist.piece(to, victim)
        ^ game.zobrist.piece(to, piece)
        ^ game.zobrist.side(mover)
        ^ game.zobrist.side(next);
    s.shift(from, to, piece, victim, false);
    s.ply += 1;
    s.scalars.to_move = next;
    let decided = match &game.accel.quick_ends {
        Some(q) if game.board.len() <= 64 => {
            let changed = 1u64 << (from.index() & 63) | 1u64 << (to.index() & 63);
            match q.run_changed(game, s, mover, changed) {
                Ok(decided) => decided,
                Err(i) => game.check_ends_from(s, mover, log_from, i),
            }
        }
        _ => game.check_ends(s, mover, log_from),
    };
    match decided {
        Some((o, i)) => {
            s.scalars.result = Some(o);
            s.scalars.end_rule = i;
        }
        None => {
            s.scalars.result = None;
            s.scalars.end_rule = super::state::NO_END;
        }
    }
    debug_assert_eq!(
        s.scalars.hash,
        game.hash_from_scratch(s),
        "incremental hash after {mv:?}"
    );
}

use super::State;

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{MoveList, State};

    /// The lean make leaves the state `make_plain` leaves (board, hash, counts, bitsets,
    /// clock, undo log, frames, result), and unmake then restores the position before,
    /// along seeded random games of every shipped game it applies to and of rule files with
    /// endings random games rarely reach.
    #[test]
    fn lean_make_agrees_with_the_plain_make() {
        let mut games = crate::engine::test_games::shipped();
        let few = "game \"Few\"\nplayers White, Black\nboard square(4, 4)\n\
                   zone goal = row(4) for White, row(1) for Black\n\
                   piece man = \"M\" for White, \"m\" for Black\n\
                   piece king = \"K\" for White, \"k\" for Black\n\
                   setup \"m2k/4/4/K2M w\"\n\
                   move man, king: step(adjacent, to: empty or enemy)\n\
                   win if reach(goal, king)\n\
                   loss if no-pieces(man)\n";
        games.push((
            "few".into(),
            crate::compile_source("few", "few.game", few, &[]).expect("compiles"),
        ));
        let mut rng = SmallRng::seed_from_u64(31);
        let mut moves = MoveList::new();
        let mut covered = Vec::new();
        for (name, game) in &games {
            if !game.accel.lean() {
                continue;
            }
            let mut made = 0;
            for _ in 0..8 {
                let mut s = game.start();
                for _ in 0..300 {
                    game.legal_moves(&s, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.gen_range(0..moves.len())];
                    // A forced pass has no rule (and is not plain).
                    let Some(rule) = game.rules.get(mv.rule.index()) else {
                        game.make(&mut s, mv);
                        continue;
                    };
                    if !rule.plain || mv.promotes() {
                        game.make(&mut s, mv);
                        continue;
                    }
                    made += 1;
                    let before = s.clone();
                    let mut plain = s.clone();
                    game.make_plain(&mut plain, mv, rule);
                    super::make_lean(game, &mut s, mv);
                    assert_eq!(s.scalars.end_rule, plain.scalars.end_rule, "{name}");
                    State::assert_same_make(game, &s, &plain, &before, &format!("{name}: {mv:?}"));
                }
            }
            if made > 0 {
                covered.push(name.as_str());
            }
        }
        for want in ["breakthrough", "few"] {
            assert!(covered.contains(&want), "{want} is lean: {covered:?}");
        }
    }
}
