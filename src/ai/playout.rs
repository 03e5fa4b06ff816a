//! The playouts MCTS scores its leaves with: random moves, except for kinds a random player
//! makes and no player would, whose playouts say nothing about the position.
//!
//! - In a game that captures surrounded chains (Go), a stone put in one of the mover's own
//!   eyes ([`Game::fills_own_eye`]): uniform playouts fill every eye until living groups
//!   die, so every group looks dead and the search cannot tell a living group from a dead
//!   one.
//! - In the same games, a stone that leaves a chain of the mover's of two stones or more in
//!   atari and takes nothing ([`Game::self_atari_stones`]): a random player hands the
//!   opponent such chains all the time, so uniform playouts lose every fight at random and
//!   the search misreads them. A single stone may still go into atari (a throw-in).
//!   Measured in 9 × 9 Go, both sides at level 5 (1000 playouts) over GTP: the policy with
//!   this rule beat the one without it in 62.6 % of 198 games (55.7–69.1); counting
//!   single stones too, 57.1 % of 182.
//! - In the same games, a playout answers an atari before it draws: when the last move
//!   left its own chain in atari, it takes that chain ([`Game::atari_left_by`]); when the
//!   last move put a chain of the mover's in atari, it saves the chain by extending it, if
//!   that leaves it two liberties or more ([`Game::atari_next_to`]). Players answer ataris
//!   at once and a random player seldom does, so uniform playouts leave stones to be taken
//!   and chains to be saved to chance. Measured as above, on top of the two rules before:
//!   taking alone beat the playouts without it in 59.5 % of 262 games (53.5–65.3), taking
//!   and saving in 65.4 % of 266 (59.5–70.9), and taking and saving beat taking alone in
//!   63.7 % of 124 (55.0–71.6). The answer is looked for only next to the last stone, and
//!   only its one move is judged legal ([`Game::find_legal_move`]); Go's playouts are
//!   about an eighth slower with it (level 9's first 80 000 playouts in 9 × 9 Go: 10.5 k/s
//!   against 12.0 k/s, one run after the other on a loaded machine).
//! - The save is not played when it runs into a ladder ([`Game::saves_into_ladder`]): the
//!   extension leaves two liberties and the other side, atari after atari, takes the chain
//!   at the edge or against its own stones. A playout that saves such a chain tells the
//!   search it lives, so the search plays the escape, as a beginner does. The reading
//!   agrees with GNU Go's on every ladder of 100 random games (`tests/gtp.rs`). Measured
//!   as above, on top of the three rules before: reading ladders beat the same playouts
//!   without the reading in 54.5 % of 600 games (50.5–58.4). It costs about 7 % of Go's
//!   playout speed (20 000 playouts from the empty 9 × 9 board, five runs each,
//!   alternating: 6.07 k/s against 6.54 k/s on a loaded machine).
//! - In a game that ends on passes, a chosen pass while another move is left: uniform
//!   playouts end at the first two passes in a row, with the board's fights unresolved and
//!   the score a coin toss.
//!
//! A put-off move is played only when nothing else is left (Go's playouts then end with both
//! players passing, every eye left open and no chain of two handed over: the board is
//! scored as it stands). Elsewhere the policy is uniform and costs nothing:
//! [`PlayoutPolicy::playout`] is [`super::random_playout`]. The benchmarks keep uniform
//! playouts, as their peers do.

use rand::Rng;

use super::random_playout;
use crate::engine::{CellId, Game, Move, MoveList, Outcome, State};

/// The fewest stones of a chain that a playout's move does not put in atari.
const SELF_ATARI_STONES: u32 = 2;

/// Unwanted draws after which every legal move is looked at.
const REDRAWS: u32 = 6;

/// Which moves a game's playouts put off until nothing else is left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutPolicy {
    /// Moves into the mover's own eyes and moves that put the mover's chains in atari are
    /// put off, and ataris answered first.
    skip_eyes: bool,
    /// Chosen passes.
    pass_last: bool,
}

impl PlayoutPolicy {
    /// The policy for `game`: uniform unless it captures surrounded chains or ends on passes.
    pub fn for_game(game: &Game) -> PlayoutPolicy {
        PlayoutPolicy {
            skip_eyes: game.has_eyes(),
            pass_last: game.ends_on_passes()
                && game.rules().iter().any(|r| r.is_pass())
                && game.dice().is_none(),
        }
    }

    /// Whether every legal move is as likely as any other.
    pub fn is_uniform(&self) -> bool {
        !self.skip_eyes && !self.pass_last
    }

    /// Whether `mv` is put off until nothing else is left.
    fn unwanted(&self, game: &Game, s: &State, mv: Move) -> bool {
        (self.pass_last && game.is_chosen_pass(&mv))
            || (self.skip_eyes
                && (game.fills_own_eye(s, mv)
                    || game.self_atari_stones(s, mv) >= SELF_ATARI_STONES))
    }

    /// A random legal move, drawn as [`Game::sample_legal_move`] does, but not an unwanted
    /// one while another is left, and the answer to an atari where there is one; `None`
    /// when there is no legal move. `moves` is scratch; `s` is left as it was (a ladder is
    /// read on it).
    pub fn sample(
        &self,
        game: &Game,
        s: &mut State,
        moves: &mut MoveList,
        rng: &mut impl Rng,
    ) -> Option<Move> {
        if self.skip_eyes {
            if let Some(mv) = Self::answer_atari(game, s, moves) {
                return Some(mv);
            }
        }
        let mut drawn = None;
        for _ in 0..REDRAWS {
            let mv = game.sample_legal_move(s, moves, |n| rng.gen_range(0..n))?;
            if self.is_uniform() || !self.unwanted(game, s, mv) {
                return Some(mv);
            }
            drawn = Some(mv);
        }
        // Drawn unwanted again and again: most moves are, perhaps all (the end of a Go
        // playout). Look at each.
        game.legal_moves(s, moves);
        let wanted = moves
            .iter()
            .filter(|&&mv| !self.unwanted(game, s, mv))
            .count();
        if wanted == 0 {
            // A pass rather than filling an eye; the forced pass or an unwanted move when
            // there is no chosen pass.
            return moves
                .iter()
                .copied()
                .find(|mv| game.is_chosen_pass(mv))
                .or(drawn);
        }
        let k = rng.gen_range(0..wanted);
        moves
            .iter()
            .copied()
            .filter(|&mv| !self.unwanted(game, s, mv))
            .nth(k)
    }

    /// The answer to a last move that left a chain in atari: take the chain if it is the
    /// last mover's ([`Game::atari_left_by`]), else save the mover's chain
    /// ([`Game::atari_next_to`]) by extending it, if that leaves it two liberties or more
    /// or takes something, and does not run into a ladder. `None` when neither applies or
    /// the move is not legal (a ko may forbid a take). `moves` is scratch; `s` is read
    /// ahead on and left as it was.
    fn answer_atari(game: &Game, s: &mut State, moves: &mut MoveList) -> Option<Move> {
        let last = game.last_move(s)?;
        let legal_at = |s: &State, moves: &mut MoveList, liberty: CellId| {
            game.find_legal_move(s, moves, |mv| {
                mv.cells().first() == Some(&liberty) && game.places_and_captures(mv)
            })
        };
        if let Some(liberty) = game.atari_left_by(s, last) {
            return legal_at(s, moves, liberty);
        }
        let save = legal_at(s, moves, game.atari_next_to(s, last)?)?;
        let saved =
            game.self_atari_stones(s, save) == 0 && !game.saves_into_ladder(s, save, last.rule);
        saved.then_some(save)
    }

    /// Takes out of `moves` (the legal moves in `s`) those that fill one of the mover's own
    /// eyes, unless no other move would be left; whether any was taken out. The search tree
    /// uses it too: a Go player never fills an eye of a living group, and a tree that
    /// grows such children spends playouts on them and, in a lost position where every
    /// move loses, plays them and kills its own groups instead of passing.
    pub fn drop_eye_fills(&self, game: &Game, s: &State, moves: &mut MoveList) -> bool {
        if !self.skip_eyes {
            return false;
        }
        let fills = moves
            .iter()
            .filter(|&&mv| game.fills_own_eye(s, mv))
            .count();
        if fills == 0 || fills == moves.len() {
            return false;
        }
        moves.retain(|mv| !game.fills_own_eye(s, *mv));
        true
    }

    /// [`random_playout`] with this policy's moves: plays from `state` until the game ends
    /// or `max_plies` are played; returns the outcome (if reached) and the plies played.
    pub fn playout(
        &self,
        game: &Game,
        state: &mut State,
        rng: &mut impl Rng,
        moves: &mut MoveList,
        max_plies: u32,
    ) -> (Option<Outcome>, u32) {
        if self.is_uniform() {
            return random_playout(game, state, rng, moves, max_plies);
        }
        let mut plies = 0;
        while plies < max_plies {
            if let Some(o) = state.result_now() {
                return (Some(o), plies);
            }
            let Some(mv) = self.sample(game, state, moves, rng) else {
                return (game.no_moves_outcome(state), plies);
            };
            game.make(state, mv);
            plies += 1;
        }
        (state.result_now(), plies)
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    use super::PlayoutPolicy;
    use crate::engine::test_games::shipped;
    use crate::engine::{Game, MoveList, Outcome, Player, State};

    fn go5() -> Game {
        crate::load_shipped("go", &[("size".into(), "5".into())]).expect("Go compiles")
    }

    /// A position from rows drawn with `.` for an empty point, top row first.
    fn position(game: &Game, rows: &str, to_move: &str) -> State {
        let mut text = String::new();
        for (i, row) in rows.split('/').enumerate() {
            if i > 0 {
                text.push('/');
            }
            let mut run = 0;
            for ch in row.chars() {
                if ch == '.' {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    text.push_str(&run.to_string());
                    run = 0;
                }
                text.push(ch);
            }
            if run > 0 {
                text.push_str(&run.to_string());
            }
        }
        let text = format!("{text} {to_move}");
        game.parse_position(&text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    #[test]
    fn only_go_gets_a_policy() {
        for (name, game) in shipped() {
            let policy = PlayoutPolicy::for_game(&game);
            assert_eq!(policy.is_uniform(), name != "go", "{name}: {policy:?}");
        }
    }

    #[test]
    fn a_true_eye_is_left_open_and_a_false_one_is_not_an_eye() {
        let game = go5();
        let cases = [
            // (rows, to move, point, an eye of the mover's?)
            ("XXX../X.X../XXX../...../.....", "Black", "b4", true),
            // In the middle, one enemy corner leaves the eye true; two make it false.
            ("XXX../X.X../XXO../...../.....", "Black", "b4", true),
            ("XXO../X.X../XXO../...../.....", "Black", "b4", false),
            (".X.../X.X../.X.../...../.....", "Black", "b4", true),
            // On the edge, one enemy corner makes it false.
            ("X.X../.X.../...../...../.....", "Black", "b5", true),
            ("X.X../OX.../...../...../.....", "Black", "b5", false),
            // Not the mover's: a White neighbour, or White to move (taking two stones).
            (".XO../XO.../O..../...../.....", "White", "a5", false),
            ("X.O../.X.../...../...../.....", "Black", "b5", false),
            // In the corner, two neighbours and the one corner point.
            (".X.../XX.../...../...../.....", "Black", "a5", true),
            (".X.../XO.../...../...../.....", "Black", "a5", false),
        ];
        for (rows, to_move, point, eye) in cases {
            let s = position(&game, rows, to_move);
            let mv = game
                .parse_move(&s, point)
                .unwrap_or_else(|e| panic!("{point} in {rows}: {e:?}"));
            assert_eq!(
                game.fills_own_eye(&s, mv),
                eye,
                "{point} in {rows}, {to_move}"
            );
        }
    }

    #[test]
    fn a_self_atari_counts_the_stones_it_hands_over() {
        let game = go5();
        let cases = [
            // (rows, point, stones left in atari)
            // Two stones with one liberty (a3) left.
            ("XO.../.O.../...../...../.....", "a4", 2),
            // A single stone into atari: a throw-in.
            ("...../.O.../O..../...../.....", "a4", 1),
            // Into atari, but taking White's a5 first: no atari.
            ("OX.../.O.../O..../...../.....", "a4", 0),
            // Two liberties left (a3, b4).
            ("XO.../...../...../...../.....", "a4", 0),
            // Two stones joined by the move into a chain of three with one liberty (a4).
            ("XXO../..OO./OO.../...../.....", "b4", 3),
        ];
        for (rows, point, stones) in cases {
            let s = position(&game, rows, "Black");
            let mv = game
                .parse_move(&s, point)
                .unwrap_or_else(|e| panic!("{point} in {rows}: {e:?}"));
            assert_eq!(game.self_atari_stones(&s, mv), stones, "{point} in {rows}");
        }
    }

    /// A chain the last move left in atari is taken at once, whatever the dice say; a ko
    /// that forbids the take leaves the playout to its other moves. A chain of the mover's
    /// put in atari is saved by extending it, unless that leaves it in atari still.
    #[test]
    fn a_chain_left_in_atari_is_taken_or_saved_at_once() {
        let game = go5();
        let policy = PlayoutPolicy::for_game(&game);
        let mut moves = MoveList::new();
        let play = |s: &mut State, point: &str| {
            let mv = game
                .parse_move(s, point)
                .unwrap_or_else(|e| panic!("{point}: {e:?}"));
            game.make(s, mv);
            mv
        };
        let empty = game.start();
        let cell = |point: &str| game.parse_move(&empty, point).expect(point).cells()[0];
        // The moves the policy plays in `s` with 20 seeds.
        let drawn = |s: &State, moves: &mut MoveList| -> Vec<String> {
            let mut all: Vec<String> = (0..20)
                .map(|seed| {
                    let mut rng = SmallRng::seed_from_u64(seed);
                    let mv = policy
                        .sample(&game, &mut s.clone(), moves, &mut rng)
                        .expect("a move");
                    game.move_to_string(s, mv)
                })
                .collect();
            all.dedup();
            all
        };
        // White throws a stone in at a4, between Black's b4 and a3: a5 is its one liberty.
        let mut s = position(&game, "...../.X.../X..../...../.....", "White");
        let a4 = play(&mut s, "a4");
        assert_eq!(game.atari_left_by(&s, a4), Some(cell("a5")));
        assert_eq!(drawn(&s, &mut moves), ["a5"]);
        // A stone with two liberties is not in atari.
        let mut t = position(&game, "...../.X.../X..../...../.....", "White");
        let b5 = play(&mut t, "b5");
        assert_eq!(game.atari_left_by(&t, b5), None);
        // A ko: Black c4 takes White's b4 and is left in atari itself, but White may not
        // take back at once (the board would repeat), so the playout plays elsewhere.
        let mut k = position(&game, ".XO../XO.O./.XO../...../.....", "Black");
        let c4 = play(&mut k, "c4");
        assert_eq!(game.atari_left_by(&k, c4), Some(cell("b4")));
        assert!(game.parse_move(&k, "b4").is_err(), "the ko forbids b4");
        let elsewhere = drawn(&k, &mut moves);
        assert!(elsewhere.len() > 1 && !elsewhere.contains(&"b4".to_string()));
        // White b5 puts Black's b4 in atari; b3 saves it with three liberties.
        let mut v = position(&game, "...../OXO../...../...../.....", "White");
        let b5 = play(&mut v, "b5");
        assert_eq!(game.atari_left_by(&v, b5), None);
        assert_eq!(game.atari_next_to(&v, b5), Some(cell("b3")));
        assert_eq!(drawn(&v, &mut moves), ["b3"]);
        // With White on a3 and c3 too, b3 leaves the two stones one liberty (b2): no save.
        let mut w = position(&game, "...../OXO../O.O../...../.....", "White");
        let b5 = play(&mut w, "b5");
        assert_eq!(game.atari_next_to(&w, b5), Some(cell("b3")));
        assert_eq!(PlayoutPolicy::answer_atari(&game, &mut w, &mut moves), None);
    }

    /// A ladder on 7 × 7: Black's d4 (between White's c4, d3 and e3) is put in atari by
    /// White d5. Extending at e4 leaves two liberties, but White ataris again and again
    /// (f4, e6, g5, g6, e7) until Black's chain dies on the top edge: the playout does not
    /// save it. A Black stone at f6 on the ladder's path (a ladder breaker) makes the
    /// extension a save again, as does a White chain next to Black's that runs out of
    /// liberties (Black takes it instead of running). The reading leaves the state as it
    /// was.
    #[test]
    fn a_chain_is_not_saved_into_a_ladder() {
        let game = crate::load_shipped("go", &[("size".into(), "7".into())]).expect("Go");
        let policy = PlayoutPolicy::for_game(&game);
        let mut moves = MoveList::new();
        let cases = [
            // (rows, top row first, White to move; whether e4 runs into a ladder)
            (
                "......./......./......./..OX.../...OO../......./.......",
                true,
            ),
            (
                "......./.....X./......./..OX.../...OO../......./.......",
                false,
            ),
            (
                "......./......./......./..OX.../..XOOX./....X../.......",
                false,
            ),
        ];
        for (rows, ladder) in cases {
            let mut s = position(&game, rows, "White");
            let d5 = game.parse_move(&s, "d5").expect("d5");
            game.make(&mut s, d5);
            let e4 = game.parse_move(&s, "e4").expect("e4");
            let (board, hash) = (s.board.clone(), s.hash());
            assert_eq!(
                game.saves_into_ladder(&mut s, e4, d5.rule),
                ladder,
                "{rows}"
            );
            assert_eq!((&s.board, s.hash()), (&board, hash), "{rows}");
            let mut answers: Vec<_> = (0..20)
                .map(|seed| {
                    let mut rng = SmallRng::seed_from_u64(seed);
                    let mv = policy.sample(&game, &mut s.clone(), &mut moves, &mut rng);
                    game.move_to_string(&s, mv.expect("a move"))
                })
                .collect();
            answers.dedup();
            if ladder {
                // `dedup` drops repeats in a row only: e4 must not be among the moves.
                assert!(!answers.contains(&"e4".to_string()), "{rows}: {answers:?}");
                assert!(answers.len() > 1, "{rows}: {answers:?}");
            } else {
                assert_eq!(answers, ["e4"], "{rows}");
            }
        }
    }

    /// Black's group with three eyes and White's with two, nothing else to play: the
    /// policy's playouts pass at once and score the board as it stands (White's larger
    /// area wins); uniform playouts fill eyes until a group dies, and Black wins some.
    #[test]
    fn playouts_leave_groups_with_eyes_alive() {
        let game = go5();
        let s = position(&game, ".X.X./XXXXX/OOOOO/O.O.O/OOOOO", "Black");
        let policy = PlayoutPolicy::for_game(&game);
        let mut rng = SmallRng::seed_from_u64(7);
        let mut moves = MoveList::new();
        let mut uniform_black_wins = 0;
        for _ in 0..100 {
            let mut t = s.clone();
            let (o, plies) = policy.playout(&game, &mut t, &mut rng, &mut moves, 1000);
            assert_eq!((o, plies), (Some(Outcome::Win(Player(1))), 2));
            let mut t = s.clone();
            let (o, _) = super::random_playout(&game, &mut t, &mut rng, &mut moves, 1000);
            uniform_black_wins += u32::from(o == Some(Outcome::Win(Player(0))));
        }
        assert!(uniform_black_wins > 0);
    }

    /// A playout on an open board plays on until only eyes are left, then both pass.
    #[test]
    fn playouts_end_with_two_passes_and_every_eye_open() {
        let game = go5();
        let policy = PlayoutPolicy::for_game(&game);
        let mut rng = SmallRng::seed_from_u64(3);
        let mut moves = MoveList::new();
        for _ in 0..50 {
            let mut s = game.start();
            let (o, plies) = policy.playout(&game, &mut s, &mut rng, &mut moves, 1000);
            assert!(o.is_some() && plies < 1000, "{plies} plies");
            for _ in 0..2 {
                let last = game.last_move(&s).expect("a move");
                game.unmake(&mut s);
                assert!(game.is_chosen_pass(&last));
            }
            // Before the passes, every move left was unwanted: an eye, a chain of two or
            // more into atari, or a pass.
            game.legal_moves(&s, &mut moves);
            assert!(moves.iter().all(|&mv| game.is_chosen_pass(&mv)
                || game.fills_own_eye(&s, mv)
                || game.self_atari_stones(&s, mv) >= super::SELF_ATARI_STONES));
        }
    }
}
