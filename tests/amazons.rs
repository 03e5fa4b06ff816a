//! Amazons (`games/amazons.game`) against an independent move generator written here from
//! the rules alone, on plain arrays: a turn moves an amazon like a chess queen over empty
//! cells, then shoots an arrow like a queen from where it landed (the cell just left is
//! empty again); arrows block both. The two generators must list the same moves along
//! seeded random games to their end, and agree on perft 2 from the start (4,307,152) and
//! from midgame positions. Perft 1 = 2,176 is the published count.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabletop::tools::perft::perft;
use tabletop::{Game, Outcome, Player, State};

const N: i32 = 10;
const EMPTY: u8 = 0;
const ARROW: u8 = 3;
/// The eight queen directions as (column, row) steps.
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A position of the reference generator: cells indexed `row * 10 + column` (a1 = 0),
/// holding 0 (empty), 1 (White), 2 (Black) or 3 (arrow); `side` is 1 or 2.
#[derive(Clone)]
struct Board {
    cells: [u8; 100],
    side: u8,
}

/// One turn: the amazon's cell, its landing cell, and the arrow's cell.
type Turn = (usize, usize, usize);

impl Board {
    fn start() -> Board {
        let mut cells = [EMPTY; 100];
        for name in ["a4", "d1", "g1", "j4"] {
            cells[index(name)] = 1;
        }
        for name in ["a7", "d10", "g10", "j7"] {
            cells[index(name)] = 2;
        }
        Board { cells, side: 1 }
    }

    /// The empty cells a queen on `from` reaches.
    fn queen_reach(&self, from: usize, out: &mut Vec<usize>) {
        let (c0, r0) = ((from % 10) as i32, (from / 10) as i32);
        for (dc, dr) in DIRS {
            let (mut c, mut r) = (c0 + dc, r0 + dr);
            while (0..N).contains(&c) && (0..N).contains(&r) {
                let i = (r * N + c) as usize;
                if self.cells[i] != EMPTY {
                    break;
                }
                out.push(i);
                c += dc;
                r += dr;
            }
        }
    }

    fn turns(&self) -> Vec<Turn> {
        let mut out = Vec::new();
        let (mut lands, mut shots) = (Vec::new(), Vec::new());
        for from in 0..100 {
            if self.cells[from] != self.side {
                continue;
            }
            lands.clear();
            self.queen_reach(from, &mut lands);
            let mut b = self.clone();
            b.cells[from] = EMPTY;
            for &to in &lands {
                b.cells[to] = self.side;
                shots.clear();
                b.queen_reach(to, &mut shots);
                out.extend(shots.iter().map(|&a| (from, to, a)));
                b.cells[to] = EMPTY;
            }
        }
        out
    }

    fn play(&mut self, (from, to, arrow): Turn) {
        self.cells[from] = EMPTY;
        self.cells[to] = self.side;
        self.cells[arrow] = ARROW;
        self.side = 3 - self.side;
    }

    fn perft(&self, depth: u32) -> u64 {
        let turns = self.turns();
        match depth {
            0 => 1,
            1 => turns.len() as u64,
            _ => turns
                .iter()
                .map(|&t| {
                    let mut b = self.clone();
                    b.play(t);
                    b.perft(depth - 1)
                })
                .sum(),
        }
    }
}

fn index(name: &str) -> usize {
    let col = (name.as_bytes()[0] - b'a') as usize;
    let row: usize = name[1..].parse().expect("a row number");
    (row - 1) * 10 + col
}

fn name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 10) as u8) as char, i / 10 + 1)
}

/// The reference's turns written as tabletop writes them (`d1-d7/g7`), sorted.
fn reference_moves(b: &Board) -> Vec<String> {
    let mut v: Vec<String> = b
        .turns()
        .into_iter()
        .map(|(f, t, a)| format!("{}-{}/{}", name(f), name(t), name(a)))
        .collect();
    v.sort();
    v
}

fn engine_moves(game: &Game, s: &State) -> Vec<String> {
    let mut v: Vec<String> = game
        .legal_moves_vec(s)
        .into_iter()
        .map(|m| game.move_to_string(s, m))
        .collect();
    v.sort();
    v
}

fn amazons() -> Game {
    tabletop::load_shipped("amazons", &[]).expect("amazons compiles")
}

/// Plays seeded random games to their end with both generators side by side, comparing
/// the move lists at every ply; every move prints back as it was typed, the compact form
/// parses too, and the player left without a move has lost. Returns one midgame position
/// of each game.
fn random_games(game: &Game, games: u64) -> Vec<(Board, State)> {
    let mut midgames = Vec::new();
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut b, mut s) = (Board::start(), game.start());
        for ply in 0.. {
            let want = reference_moves(&b);
            assert_eq!(engine_moves(game, &s), want, "seed {seed}, ply {ply}");
            if want.is_empty() {
                let loser = Player(b.side - 1);
                let outcome = game.outcome(&s).expect("no move ends the game");
                assert!(
                    matches!(outcome, Outcome::Loss(p) if p == loser)
                        || matches!(outcome, Outcome::Win(p) if p != loser),
                    "seed {seed}: {outcome:?}"
                );
                assert!(ply > 40, "seed {seed}: a game of {ply} plies");
                break;
            }
            let text = &want[rng.gen_range(0..want.len())];
            let mv = game.parse_move(&s, text).expect("a listed move parses");
            assert_eq!(&game.move_to_string(&s, mv), text, "prints back");
            let compact = game.move_to_compact(&s, mv);
            assert_eq!(game.parse_move(&s, &compact), Ok(mv), "{compact}");
            game.make(&mut s, mv);
            let mut cells = text.split(['-', '/']).map(index);
            let turn = (
                cells.next().expect("from"),
                cells.next().expect("to"),
                cells.next().expect("arrow"),
            );
            b.play(turn);
            if ply == 20 + seed as usize * 5 {
                midgames.push((b.clone(), s.clone()));
            }
        }
    }
    midgames
}

#[test]
fn the_generators_agree_along_random_games_and_at_depth_two_from_midgames() {
    let game = amazons();
    let midgames = random_games(&game, 4);
    assert_eq!(midgames.len(), 4);
    for (b, mut s) in midgames {
        let want = b.perft(2);
        assert!(want > 1000, "a midgame with moves: {want}");
        assert_eq!(perft(&game, &mut s, 2), want);
    }
}

#[test]
fn perft_one_is_the_published_count() {
    let game = amazons();
    assert_eq!(Board::start().perft(1), 2176);
    assert_eq!(perft(&game, &mut game.start(), 1), 2176);
}

/// Both generators' perft 2 from the start: 4,307,152.
#[test]
fn perft_two_from_the_start() {
    let game = amazons();
    let want = Board::start().perft(2);
    assert_eq!(want, 4_307_152);
    assert_eq!(perft(&game, &mut game.start(), 2), want);
}

/// Every legal move, as written, sorted; each parses back to itself, and making then
/// unmaking it restores the position, and the hash matches a position parsed from text.
fn checked_moves(game: &Game, s: &State) -> Vec<String> {
    let mut out = Vec::new();
    for mv in game.legal_moves_vec(s) {
        let text = game.move_to_string(s, mv);
        assert_eq!(game.parse_move(s, &text), Ok(mv), "{text}");
        let mut after = s.clone();
        game.make(&mut after, mv);
        let fresh = game
            .parse_position(&game.position_to_string(&after))
            .expect("a printed position parses");
        assert_eq!(after.hash(), fresh.hash(), "{text}");
        game.unmake(&mut after);
        assert!(after.same_position(s), "{text}");
        out.push(text);
    }
    out.sort();
    out
}

fn compile(src: &str) -> Game {
    tabletop::compile_source("t", "t.game", src, &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// `shoot` after a placement goes from the cell just placed on; `max: 1` keeps it next door.
#[test]
fn shoot_after_a_placement() {
    let game = compile(
        "game \"Walls\"\nplayers X, O\nboard square(3, 3)\npiece stone = \"X\" for X, \"O\" for O\n\
         piece wall = \"#\"\nmove place(stone) then shoot(wall, orthogonal, max: 1)\nloss if no-moves\n",
    );
    let s = game.start();
    let moves = checked_moves(&game, &s);
    // Corners have two orthogonal neighbours, edges three, the centre four.
    assert_eq!(moves.len(), 4 * 2 + 4 * 3 + 4);
    assert!(moves.contains(&"Xa1/#a2".to_string()), "{moves:?}");
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("Xa1/") && m.ends_with("a3")));
}

/// `through: any` shoots over pieces, `min` skips the near cells, `to: empty` refuses an
/// occupied landing, and a shot may land on the cell the piece left.
#[test]
fn shoot_over_pieces_from_a_distance() {
    let src = |shot: &str| {
        format!(
            "game \"Line\"\nplayers White, Black\nboard square(1, 5)\n\
             piece king = \"K\" for White, \"k\" for Black\npiece rock = \"#\"\npiece wall = \"w\"\n\
             setup king at a1 for White, a5 for Black\nsetup rock at a3\n\
             move king: step(n, s, to: empty) then {shot}\nloss if no-moves\n"
        )
    };
    let over = compile(&src("shoot(wall, n, s, through: any, min: 2)"));
    assert_eq!(checked_moves(&over, &over.start()), ["a1-a2/a4"]);
    let plain = compile(&src("shoot(wall, n, s)"));
    assert_eq!(checked_moves(&plain, &plain.start()), ["a1-a2/a1"]);
}

/// The Amazons start position passes the same checks for every move (print, parse, make,
/// unmake, hash).
#[test]
fn every_start_move_prints_parses_and_unmakes() {
    let game = amazons();
    assert_eq!(checked_moves(&game, &game.start()).len(), 2176);
}

/// Both generators' perft 3 from the start: 8,350,439,170. Minutes even in release, so
/// ignored; run with `cargo test --release --test amazons -- --ignored`.
#[test]
#[ignore]
fn perft_three_from_the_start() {
    let game = amazons();
    let want = Board::start().perft(3);
    assert_eq!(want, 8_350_439_170);
    assert_eq!(perft(&game, &mut game.start(), 3), want);
}
