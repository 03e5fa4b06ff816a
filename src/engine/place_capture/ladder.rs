//! Reading a ladder: whether a chain saved from atari with two liberties can be put in atari
//! again and again, each extension leaving it two liberties, until it is taken.
//!
//! Go's playouts save a chain in atari by extending it ([`Game::atari_next_to`]); in a
//! ladder the extension only runs along the attacker's stones and the chain dies at the
//! edge, taking the stones played after it with it. A playout that saves into a ladder
//! tells the search that the chain lives. The reading plays the ladder out on the state
//! itself, with `make` and `unmake` (so the rule file's captures and `forbid` rules judge
//! every stone): the attacker tries both ataris at each step (first the one that leaves the
//! escape the least room), the defender extends or takes a chain of the attacker's next to
//! its own that is in atari. It stops after [`LADDER_MOVES`] moves and then calls the chain
//! saved. `tests/gtp.rs` checks it against GNU Go's ladder reader.

use super::{count, Overlay, PlaceCapture, MAX_WORDS};
use crate::engine::legal::bits_iter;
use crate::engine::prim::place::Place;
use crate::engine::RuleId;
use crate::engine::Rules;
use crate::engine::{CellId, Game, Move, Part, PieceId, State, EMPTY, NO_CELL};

/// The most moves one reading makes (a ladder across 19 × 19 Go takes about 40).
const LADDER_MOVES: u32 = 200;

/// The most answers the defender reads at one step: the extension and three takes.
const MAX_ANSWERS: usize = 4;

/// One reading: the chain read about, who attacks it and how many moves are left.
struct Reading<'a> {
    game: &'a Game,
    plan: &'a PlaceCapture,
    /// A stone of the chain read about.
    cell: CellId,
    /// The rules the attacker and the defender place their stones by.
    attack: RuleId,
    defend: RuleId,
    /// The attacker's stone, for finding its chains.
    attacker: PieceId,
    /// Moves left before the reading calls the chain saved.
    budget: u32,
}

impl Game {
    /// Whether `save` (a stone of the player to move in `s`, extending a chain of theirs that
    /// is in atari) leaves that chain two liberties only and the other side, placing stones
    /// by rule `attack`, takes it by a ladder. `false` for moves of rules without a
    /// [`PlaceCapture`]. `s` is played on and left as it was.
    pub fn saves_into_ladder(&self, s: &mut State, save: Move, attack: RuleId) -> bool {
        let (Some(plan), Some(&cell)) = (self.place_capture(save.rule), save.cells().first())
        else {
            return false;
        };
        if self.place_capture(attack).is_none() {
            return false;
        }
        let other = self.next_player(s.scalars.to_move);
        let mut reading = Reading {
            game: self,
            plan,
            cell,
            attack,
            defend: save.rule,
            attacker: plan.placed[other.index()],
            budget: LADDER_MOVES,
        };
        self.make(s, save);
        let taken = self.liberties(s, plan, cell).0 == 2 && reading.attack(s);
        self.unmake(s);
        taken
    }
}

impl Rules {
    /// How many liberties the chain on `cell` has, up to three, and two of them: with two,
    /// the attacker's better atari first.
    fn liberties(&self, s: &State, plan: &PlaceCapture, cell: CellId) -> (u32, [CellId; 2]) {
        by_words!(plan, self.liberties_by_words(s, plan, cell))
    }

    #[inline(always)]
    fn liberties_by_words<const N: usize>(
        &self,
        s: &State,
        plan: &PlaceCapture,
        cell: CellId,
    ) -> (u32, [CellId; 2]) {
        let o = Overlay::<N>::still(s, cell);
        let same = o.holding(s, &plan.same[o.piece.index()]);
        let empty = o.empty(s);
        let (_, libs) = plan.captures[0].adj.chain_liberties(cell, &same, &empty, 3);
        let n = count(&libs);
        let mut two = [NO_CELL; 2];
        for (x, c) in two.iter_mut().zip(bits_iter(&libs)) {
            *x = c;
        }
        // The attacker tries first the atari that leaves the defender the escape with the
        // fewest empty neighbours: the ladder's line, most often, and the reading short.
        let room = |c: CellId| {
            let near = plan.captures[0].adj.of::<N>(c.index());
            (0..N)
                .map(|w| (near[w] & empty[w]).count_ones())
                .sum::<u32>()
        };
        if n == 2 && room(two[0]) < room(two[1]) {
            two.swap(0, 1);
        }
        (n, two)
    }

    /// Where the defender can take a chain of `attacker`'s stones next to the chain on
    /// `cell`: the liberty of each such chain in atari, written into `out` (as many as fit).
    fn attackers_in_atari(
        &self,
        s: &State,
        plan: &PlaceCapture,
        cell: CellId,
        attacker: PieceId,
        out: &mut [CellId],
    ) {
        by_words!(
            plan,
            self.attackers_in_atari_by_words(s, plan, cell, attacker, out)
        )
    }

    #[inline(always)]
    fn attackers_in_atari_by_words<const N: usize>(
        &self,
        s: &State,
        plan: &PlaceCapture,
        cell: CellId,
        attacker: PieceId,
        out: &mut [CellId],
    ) {
        let adj = &plan.captures[0].adj;
        let o = Overlay::<N>::still(s, cell);
        let empty = o.empty(s);
        let same = o.holding(s, &plan.same[o.piece.index()]);
        let (chain, _) = adj.chain_liberties(cell, &same, &[0; N], u32::MAX);
        let enemies = o.holding(s, &plan.same[attacker.index()]);
        let mut near = [0u64; N];
        for c in bits_iter(&chain) {
            let around = adj.of::<N>(c.index());
            for w in 0..N {
                near[w] |= around[w] & enemies[w];
            }
        }
        let mut slots = out.iter_mut();
        loop {
            let Some(c) = bits_iter(&near).next() else {
                return;
            };
            let (theirs, libs) = adj.chain_liberties(c, &enemies, &empty, 2);
            if count(&libs) == 1 {
                let Some(slot) = slots.next() else { return };
                *slot = bits_iter(&libs).next().unwrap_or(NO_CELL);
            }
            for w in 0..N {
                near[w] &= !theirs[w];
            }
        }
    }
}

/// The stone of rule `r` that the player to move puts on `cell`, if it is legal there:
/// the rule's player, guard and cell condition allow it and no `forbid` rule refuses it.
fn placement_at(game: &Game, s: &State, r: RuleId, cell: CellId) -> Option<Move> {
    let rule = &game.rules[r.index()];
    let plan = game.place_capture(r)?;
    let p = s.scalars.to_move;
    let [Part::Place(Place { on, .. }), ..] = rule.parts.as_slice() else {
        return None;
    };
    let open = rule.players >> p.index() & 1 == 1
        && rule.guard.as_ref().is_none_or(|g| game.state_cond(s, g, p))
        && on.accepts(&game.board, p, cell, s.board[cell.index()]);
    if !open {
        return None;
    }
    let mut mv = Move::new(r);
    mv.push(cell);
    game.place_capture_refusal(s, mv, plan)?
        .is_none()
        .then_some(mv)
}

impl Reading<'_> {
    /// The attacker to move, the chain with two liberties: whether an atari on one of them
    /// wins the ladder.
    fn attack(&mut self, s: &mut State) -> bool {
        if s.board[self.cell.index()] == EMPTY {
            return true;
        }
        let (n, libs) = self.game.liberties(s, self.plan, self.cell);
        if n != 2 {
            return n < 2;
        }
        for at in libs {
            if self.budget == 0 {
                return false;
            }
            if self.step(s, self.attack, at, Reading::defend) == Some(true) {
                return true;
            }
        }
        false
    }

    /// The defender to move, after the attacker's stone: whether the chain is taken
    /// whatever it does. It escapes when the stone left it two liberties, and when
    /// extending it, or taking a chain of the attacker's next to it (one in atari), leaves
    /// it three liberties or a ladder the attacker loses.
    fn defend(&mut self, s: &mut State) -> bool {
        if s.board[self.cell.index()] == EMPTY {
            return true;
        }
        let (n, [liberty, _]) = self.game.liberties(s, self.plan, self.cell);
        if n != 1 {
            return n == 0;
        }
        let mut answers = [NO_CELL; MAX_ANSWERS];
        answers[0] = liberty;
        let takes = &mut answers[1..];
        self.game
            .attackers_in_atari(s, self.plan, self.cell, self.attacker, takes);
        for at in answers.into_iter().take_while(|&c| c != NO_CELL) {
            if self.budget == 0 {
                return false;
            }
            if self.step(s, self.defend, at, Reading::attack) == Some(false) {
                return false;
            }
        }
        true
    }

    /// Plays the stone of rule `r` on `at`, reads on with `read` (whether the chain is
    /// taken), and takes the stone back; `None` when the stone is not legal.
    fn step(
        &mut self,
        s: &mut State,
        r: RuleId,
        at: CellId,
        read: fn(&mut Self, &mut State) -> bool,
    ) -> Option<bool> {
        let mv = placement_at(self.game, s, r, at)?;
        self.budget -= 1;
        self.game.make(s, mv);
        let taken = read(self, s);
        self.game.unmake(s);
        Some(taken)
    }
}
