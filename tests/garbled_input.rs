//! Garbled moves and positions never panic: every shipped game is fed mutations of its own
//! legal move texts and position strings (characters dropped, doubled, swapped, replaced by
//! others, numbers made huge or negative), and random junk. Each must give a clean error or a
//! valid value; a position that parses must print and parse back to itself.

use std::panic::{catch_unwind, AssertUnwindSafe};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabletop::{Game, State};

const ALPHABET: &[u8] =
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -x?=/.,:;()[]*+\t";

/// One random edit of `text`.
fn mutate(text: &str, rng: &mut SmallRng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    match rng.gen_range(0..8) {
        0 if !chars.is_empty() => {
            chars.remove(rng.gen_range(0..chars.len()));
        }
        1 if !chars.is_empty() => {
            let i = rng.gen_range(0..chars.len());
            chars.insert(i, chars[i]);
        }
        2 if chars.len() > 1 => {
            let i = rng.gen_range(0..chars.len() - 1);
            chars.swap(i, i + 1);
        }
        3 if !chars.is_empty() => {
            let i = rng.gen_range(0..chars.len());
            chars[i] = ALPHABET[rng.gen_range(0..ALPHABET.len())] as char;
        }
        4 => chars.extend("99999999999999999999".chars()),
        5 => chars.insert(0, '-'),
        6 => chars.push(['é', '\u{0}', '🂡', '\u{301}'][rng.gen_range(0..4)]),
        _ => {
            let n = rng.gen_range(0..12);
            return (0..n)
                .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
                .collect();
        }
    }
    chars.into_iter().collect()
}

/// Plays a few random moves, so that positions and moves come from the middle of a game.
fn some_position(game: &Game, rng: &mut SmallRng) -> State {
    let mut s = game.start();
    for _ in 0..rng.gen_range(0..12) {
        let moves = game.legal_moves_vec(&s);
        if moves.is_empty() {
            break;
        }
        game.make(&mut s, moves[rng.gen_range(0..moves.len())]);
    }
    s
}

fn check_game(name: &str) {
    let game = tabletop::load_shipped(name, &[]).expect("shipped games compile");
    let mut rng = SmallRng::seed_from_u64(0x5eed ^ name.len() as u64);
    for _ in 0..25 {
        let s = some_position(&game, &mut rng);
        let moves = game.legal_moves_vec(&s);
        let position = game.position_to_string(&s);
        for _ in 0..20 {
            let base = if moves.is_empty() {
                String::new()
            } else {
                game.move_to_string(&s, moves[rng.gen_range(0..moves.len())])
            };
            let text = mutate(&base, &mut rng);
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                let parsed = game.parse_move(&s, &text);
                if let Err(e) = &parsed {
                    let _ = e.to_string();
                }
                let _ = game.why_illegal(&s, &text);
                parsed.is_ok()
            }));
            let ok = outcome.unwrap_or_else(|_| panic!("{name}: parse_move panicked on {text:?}"));
            if ok {
                let mv = game.parse_move(&s, &text).expect("parsed just now");
                assert!(
                    moves.contains(&mv),
                    "{name}: {text:?} parsed to an illegal move"
                );
            }

            let text = mutate(&position, &mut rng);
            let parsed = catch_unwind(AssertUnwindSafe(|| game.parse_position(&text)))
                .unwrap_or_else(|_| panic!("{name}: parse_position panicked on {text:?}"));
            match parsed {
                Ok(p) => {
                    let printed = game.position_to_string(&p);
                    let again = game
                        .parse_position(&printed)
                        .unwrap_or_else(|e| panic!("{name}: {printed:?} (from {text:?}): {e}"));
                    assert_eq!(game.position_to_string(&again), printed, "{name}: {text:?}");
                    // A parsed position can be played on.
                    let _ = game.legal_moves_vec(&p);
                }
                Err(e) => {
                    let _ = e.to_string();
                }
            }
        }
    }
}

#[test]
fn garbled_moves_and_positions_never_panic() {
    for name in tabletop::shipped_names() {
        check_game(name);
    }
}
