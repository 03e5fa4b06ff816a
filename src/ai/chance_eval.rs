//! The static evaluation of games with dice, read off the compiled rules: material (from the
//! rule file's piece values, when material means something) and, for race games, how far
//! each player still has to go.
//!
//! * Race: every piece that moves along a track is `steps to bear off` away from home (the
//!   track's length minus its place on the track, over every `advance` rule of its kind);
//!   a piece in the reserve is the entering track's length plus one away, a borne-off piece
//!   0. Stacked pieces count as well as the tops. The race term is the opponent's total
//!   minus one's own (a "pip count").
//! * Tempo: the player about to roll is a mean roll ahead of the pip count, which is what
//!   makes a move that earns another roll (`again if …`) worth something at the horizon.
//! * Threats: before a roll, the player about to roll gains, on average over the rolls, the
//!   progress of the most advanced piece it could capture with that roll (found by
//!   generating the moves of each roll), at a fraction of its value: it may have better
//!   things to do, and the search sees the rest. In a two-player game the other player's
//!   threats count against it the same way, at a smaller share: they come one roll later,
//!   and the roller may move the piece away first.
//! * The sum is squashed into (-1, 1) by `tanh`, so that a won game (±1) bounds every
//!   value, which Star1/Star2 pruning needs.
//!
//! Never looks at a game's name. Allocation-free per evaluation.

use super::features::Features;
use crate::engine::{
    CellId, Game, Move, MoveList, Outcome, Part, PieceId, Player, State, BORNE_OFF, EMPTY,
    FROM_RESERVE, MAX_STACK,
};

/// The share of a threatened capture's value the evaluation counts.
const THREAT_WEIGHT: f64 = 0.5;

/// The share of the other player's threatened captures the evaluation counts against the
/// player about to roll (two players only). Measured on Ur (`tabletop match`, 800 games a
/// run, against the greedy player, which reads the rule file's `prefer` weights and not
/// this evaluation): expectimax 2 choices deep scored 79.0 % and 78.2 % without it, 81.5 %
/// and 82.4 % with it (two seeds); 1 deep 75.5 % → 77.2 %, 3 deep 84.1 % → 85.1 %, and 2
/// deep on Finkel's rules 70.2 % → 71.8 %. A share of 1.0 scored no better than 0.5.
const OPPONENT_THREAT_WEIGHT: f64 = 0.5;

/// "No track passes here" in the distance table.
const FAR: u16 = u16::MAX;

/// Precomputed tables of the evaluation; see the module documentation.
#[derive(Clone, Debug)]
pub(crate) struct ChanceEval {
    /// Whether the race terms apply (some rule advances along a track).
    race: bool,
    /// Steps to bear off, `dist[piece * cells + cell]` ([`FAR`] where the piece has no track).
    dist: Vec<u16>,
    cells: usize,
    /// Steps to bear off from the reserve, per player (0 without a reserve).
    reserve_dist: Vec<u16>,
    /// The reserve piece of each player.
    reserve_piece: Vec<PieceId>,
    /// Whether material counts, and its weight in pips per unit of piece value.
    material: bool,
    material_weight: f64,
    /// The expected roll, in steps.
    mean_roll: f64,
    /// Pips per unit of `tanh`'s argument.
    scale: f64,
    /// Whether some `advance` can capture (then threats count).
    threats: bool,
    /// [`OPPONENT_THREAT_WEIGHT`] (a field, so a test can turn it off).
    opponent_threats: f64,
    players: usize,
}

impl ChanceEval {
    /// The evaluation tables of `game`.
    pub fn of(game: &Game) -> ChanceEval {
        let feats = Features::of(game);
        let np = game.num_players();
        let cells = game.board().len();
        let mut dist = vec![FAR; game.pieces().len() * cells];
        let mut race = false;
        for rule in game.rules() {
            let Some(Part::Advance(a)) = rule.parts.first() else {
                continue;
            };
            let Some(track) = game.tracks().get(a.track as usize) else {
                continue;
            };
            race = true;
            for (id, pt) in game.pieces().iter().enumerate().skip(1) {
                let Some(owner) = pt.owner else { continue };
                if !rule.kinds.contains(&pt.kind) || rule.players >> owner.0 & 1 == 0 {
                    continue;
                }
                let path = &track.cells[owner];
                for (i, &c) in path.iter().enumerate() {
                    let d = (path.len() - i) as u16;
                    let slot = &mut dist[id * cells + c.index()];
                    if track.index[owner][c.index()] == i as i16 {
                        *slot = (*slot).min(d);
                    }
                }
            }
        }
        let mut reserve_dist = vec![0u16; np];
        let mut reserve_piece = vec![EMPTY; np];
        if let Some(k) = game.reserve_kind() {
            for (p, rd) in reserve_dist.iter_mut().enumerate() {
                let player = Player(p as u8);
                reserve_piece[p] = game.piece_id(k, Some(player));
                for &r in &game.entry_rules()[player] {
                    if let Some(Part::Advance(a)) = game.rules()[r.index()].parts.first() {
                        if let Some(t) = game.tracks().get(a.track as usize) {
                            let d = t.cells[player].len() as u16 + 1;
                            *rd = if *rd == 0 { d } else { (*rd).min(d) };
                        }
                    }
                }
            }
        }
        let mean_roll = game.dice().as_ref().map_or(0.0, |d| {
            d.outcomes.iter().map(|&(r, p)| f64::from(r) * p).sum()
        });
        let longest = reserve_dist.iter().copied().max().unwrap_or(0).max(1);
        let unit = f64::from(feats.unit.max(1)) / 100.0;
        ChanceEval {
            race,
            dist,
            cells,
            reserve_dist,
            reserve_piece,
            material: feats.material,
            // Without a race, a pawn-sized unit of material is worth what 10 pips would be.
            material_weight: if race { 0.0 } else { 10.0 / unit },
            mean_roll: if race { mean_roll } else { 0.0 },
            scale: if race { 2.0 * f64::from(longest) } else { 40.0 },
            threats: race && game.reserve_kind().is_some(),
            opponent_threats: if np == 2 { OPPONENT_THREAT_WEIGHT } else { 0.0 },
            players: np,
        }
    }

    /// The remaining pips of every player (at most 8 players; the rest are ignored).
    fn pips(&self, game: &Game, s: &State) -> [f64; 8] {
        let mut pips = [0.0f64; 8];
        for (c, &top) in s.board.iter().enumerate() {
            if top == EMPTY {
                continue;
            }
            let h = s.height[c] as usize;
            if h == 0 {
                self.add_piece(game, &mut pips, top, c);
            } else {
                for level in 0..h.min(MAX_STACK) {
                    let p = s.stacks[c * MAX_STACK + level];
                    if p != EMPTY {
                        self.add_piece(game, &mut pips, p, c);
                    }
                }
            }
        }
        for (p, &piece) in self.reserve_piece.iter().enumerate().take(8) {
            if piece != EMPTY {
                pips[p] += f64::from(s.reserve[piece.index()]) * f64::from(self.reserve_dist[p]);
            }
        }
        pips
    }

    #[inline]
    fn add_piece(&self, game: &Game, pips: &mut [f64; 8], piece: PieceId, cell: usize) {
        if let Some(o) = game.pieces()[piece.index()].owner {
            let d = self.dist[piece.index() * self.cells + cell];
            if d != FAR && o.index() < 8 {
                pips[o.index()] += f64::from(d);
            }
        }
    }

    /// The pips a capture by `mv` (a move of the player to move) would cost its victim: an
    /// `advance` landing on an enemy piece that is not on a stack.
    fn capture_gain(&self, game: &Game, s: &State, mv: &Move) -> f64 {
        let Some(Part::Advance(_)) = game
            .rules
            .get(mv.rule.index())
            .and_then(|r| r.parts.first())
        else {
            return 0.0;
        };
        let dest = mv.cells[1];
        if mv.len < 2 || dest >= BORNE_OFF || s.height[dest.index()] > 0 {
            return 0.0;
        }
        let victim = s.board[dest.index()];
        match game.pieces()[victim.index()].owner {
            Some(o) if victim != EMPTY && o != s.to_move() => {
                let d = self.dist[victim.index() * self.cells + dest.index()];
                let home = self.reserve_dist.get(o.index()).copied().unwrap_or(0);
                if d == FAR {
                    0.0
                } else {
                    f64::from(home.saturating_sub(d))
                }
            }
            _ => 0.0,
        }
    }

    /// The mean, over the rolls of the player about to roll in `s`, of the best capture gain
    /// that roll allows (see [`ChanceEval::capture_gain`]). `s` is left as given.
    fn threat(&self, game: &Game, s: &mut State, buf: &mut MoveList) -> f64 {
        let Some(dice) = &game.dice() else { return 0.0 };
        let saved = s.scalars.roll;
        let mut total = 0.0;
        for &(r, p) in &dice.outcomes {
            // Only the `advance` moves can capture; generate just those, for this roll.
            s.scalars.roll = r;
            advance_moves(game, s, buf);
            let best = buf
                .iter()
                .map(|mv| self.capture_gain(game, s, mv))
                .fold(0.0, f64::max);
            total += p * best;
        }
        s.scalars.roll = saved;
        total
    }

    /// The value of `s` for the player to move, in (-1, 1); a finished game is 1 (won),
    /// -1 (lost) or 0 (drawn). With more than two players the player to move plays against
    /// the strongest other one. `buf` is scratch space for move generation; `s` is left as
    /// given.
    pub fn evaluate(&self, game: &Game, s: &mut State, buf: &mut MoveList) -> f64 {
        let me = s.to_move();
        if let Some(o) = s.result_now() {
            return outcome_value(o, me, self.players);
        }
        let mut x = 0.0;
        if self.race {
            let pips = self.pips(game, s);
            let mine = pips[me.index().min(7)];
            let theirs = (0..self.players.min(8))
                .filter(|&p| p != me.index())
                .map(|p| pips[p])
                .fold(f64::INFINITY, f64::min);
            if theirs.is_finite() {
                x += theirs - mine;
            }
            if s.roll().is_none() {
                x += self.mean_roll;
                if self.threats {
                    x += THREAT_WEIGHT * self.threat(game, s, buf);
                    if self.opponent_threats > 0.0 {
                        s.scalars.to_move = game.next_player(me);
                        x -= self.opponent_threats * self.threat(game, s, buf);
                        s.scalars.to_move = me;
                    }
                }
            }
        }
        if self.material {
            x += self.material_weight * f64::from(game.material(s, me));
        }
        (x / self.scale).tanh() * 0.999
    }
}

/// The `advance` moves of the player to move in `s` with the pending roll (as
/// [`Game::legal_moves`] makes them, without the other rules).
fn advance_moves(game: &Game, s: &State, out: &mut MoveList) {
    out.clear();
    let p = s.to_move();
    for &piece in &game.movers()[p] {
        for e in game.piece_moves().of(p, piece) {
            let rule = &game.rules()[e.rule.index()];
            let Some(Part::Advance(a)) = rule.parts.first() else {
                continue;
            };
            for (w, &word) in s.cells_of(piece).iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let cell = CellId::from_index(w * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                    if game.piece_moves().may_start(e, cell) {
                        a.gen(game, s, p, (cell, piece), e.rule, out);
                    }
                }
            }
        }
    }
    if let Some(k) = game.reserve_kind() {
        let piece = game.piece_id(k, Some(p));
        if s.reserve(piece) > 0 {
            for &r in &game.entry_rules()[p] {
                let rule = &game.rules()[r.index()];
                if let Some(Part::Advance(a)) = rule.parts.first() {
                    a.gen(game, s, p, (FROM_RESERVE, piece), r, out);
                }
            }
        }
    }
}

/// A finished game's value for `me`: 1 won, -1 lost, 0 drawn (shares in between).
pub(crate) fn outcome_value(o: Outcome, me: Player, players: usize) -> f64 {
    2.0 * o.score(me, players.max(2)) - 1.0
}

#[cfg(test)]
mod tests {
    use super::{advance_moves, ChanceEval};
    use crate::MoveList;

    /// The other player's threats count against the player about to roll: White's stone on
    /// f2 is three steps ahead of Black's on c2, so the evaluation is lower with the term
    /// than without; with Black's stone on its own row (c3), out of reach, both agree.
    #[test]
    fn the_other_players_threats_count_against_the_roller() {
        let game = crate::load_shipped("ur-finkel", &[]).unwrap();
        let with = ChanceEval::of(&game);
        assert!(with.opponent_threats > 0.0);
        let without = ChanceEval {
            opponent_threats: 0.0,
            ..with.clone()
        };
        let mut buf = MoveList::new();
        let mut value = |eval: &ChanceEval, text: &str| {
            let mut s = game.parse_position(text).unwrap();
            let v = eval.evaluate(&game, &mut s, &mut buf);
            assert_eq!(
                game.position_to_string(&s),
                text,
                "the state is left as given"
            );
            v
        };
        let threatened = "6/2B2W2/6 White 0 reserve=6,6";
        assert!(value(&with, threatened) < value(&without, threatened));
        let safe = "2B3/5W2/6 White 0 reserve=6,6";
        assert_eq!(value(&with, safe), value(&without, safe));
    }
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Every move of both Ur rule sets is an `advance`, so the threat's move list must be
    /// the legal moves (the forced pass aside), at every choice of seeded random games.
    #[test]
    fn advance_moves_are_the_legal_moves_of_ur() {
        let mut rng = SmallRng::seed_from_u64(11);
        let (mut legal, mut advance) = (MoveList::new(), MoveList::new());
        for name in ["ur", "ur-finkel"] {
            let game = crate::load_shipped(name, &[]).unwrap();
            let mut compared = 0;
            for _ in 0..20 {
                let mut s = game.start();
                for _ in 0..300 {
                    game.legal_moves(&s, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    if !game.is_chance(&s) {
                        advance_moves(&game, &s, &mut advance);
                        let key = |m: &crate::Move| format!("{m:?}");
                        let mut want: Vec<String> = legal
                            .iter()
                            .filter(|m| !m.is_forced_pass())
                            .map(key)
                            .collect();
                        let mut got: Vec<String> = advance.iter().map(key).collect();
                        want.sort();
                        got.sort();
                        assert_eq!(got, want, "{name}: {}", game.position_to_string(&s));
                        compared += usize::from(!want.is_empty());
                    }
                    game.make(&mut s, legal[rng.gen_range(0..legal.len())]);
                }
            }
            assert!(compared > 500, "{name}: {compared}");
        }
    }
}
