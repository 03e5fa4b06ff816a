//! Perpetual check (shogi's sennichite): the position just reached stood before, and every
//! move of the player who just moved, since its first occurrence, left an opponent's royal
//! piece attacked. `loss if repetition(4, situational) and perpetual-check`.

use super::{Game, Player, State};

/// Whether `mover` has checked with every move since the current position first stood
/// (false when it never stood before, or nothing checks now). Walks back a copy of the
/// state: it is asked only once a repetition holds.
pub(crate) fn checked_throughout(game: &Game, s: &State, mover: Player) -> bool {
    let now = s.scalars.hash;
    let Some(first) = s.frames.iter().position(|f| f.scalars.hash == now) else {
        return false;
    };
    let in_check = |t: &State| {
        (0..game.num_players() as u8)
            .map(Player)
            .filter(|&q| q != mover)
            .any(|q| game.in_check(t, q))
    };
    let mut t = s.clone();
    // Every position from the first occurrence to now in which an opponent of the mover
    // is to move (the position after each of the mover's moves) must be check.
    loop {
        if t.scalars.to_move != mover && !in_check(&t) {
            return false;
        }
        if t.frames.len() <= first {
            return true;
        }
        game.unmake(&mut t);
    }
}
