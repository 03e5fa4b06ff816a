//! Lines of Action (`games/loa.game`) against an independent move generator written here
//! from the rules alone, on plain arrays: a piece moves in a straight line (eight
//! directions) exactly as many cells as there are pieces on the whole line through it (both
//! ways, itself included); it may pass over its own pieces, not over enemy ones, and lands
//! on an empty cell or an enemy piece (capturing it). A player whose pieces form one group
//! (touching orthogonally or diagonally; a single piece counts) wins; when a move joins both
//! groups at once the mover wins. A player with no move passes.
//!
//! The two generators must list the same moves and agree on the winner at every ply of
//! twenty seeded random games played to their end, and on perft 1-4 from the start and
//! perft 1-3 from positions every 15 plies along those games (1-4 from every fourth one).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabletop::tools::perft::perft;
use tabletop::{Game, Outcome, Player, State};

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
/// The eight directions as (column, row) steps.
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

/// A position of the reference generator: cells indexed `row * 8 + column` (a1 = 0),
/// holding 0 (empty), 1 (Black) or 2 (White); `side` is the player to move (1 or 2) and
/// `winner` the player who has won (0 while the game goes on).
#[derive(Clone)]
struct Board {
    cells: [u8; 64],
    side: u8,
    winner: u8,
}

/// One move: the origin and the landing cell.
type Turn = (usize, usize);

fn on_board(c: i32, r: i32) -> bool {
    (0..8).contains(&c) && (0..8).contains(&r)
}

impl Board {
    fn start() -> Board {
        let mut cells = [EMPTY; 64];
        for c in 1..7 {
            cells[c] = BLACK;
            cells[56 + c] = BLACK;
            cells[c * 8] = WHITE;
            cells[c * 8 + 7] = WHITE;
        }
        Board {
            cells,
            side: BLACK,
            winner: 0,
        }
    }

    /// The pieces on the whole line through `from` along (dc, dr), both ways.
    fn line_count(&self, from: usize, (dc, dr): (i32, i32)) -> i32 {
        let (c0, r0) = ((from % 8) as i32, (from / 8) as i32);
        let mut n = 1;
        for sign in [1, -1] {
            let (mut c, mut r) = (c0 + sign * dc, r0 + sign * dr);
            while on_board(c, r) {
                if self.cells[(r * 8 + c) as usize] != EMPTY {
                    n += 1;
                }
                c += sign * dc;
                r += sign * dr;
            }
        }
        n
    }

    /// The moves of the side to move (none once the game is won).
    fn turns(&self) -> Vec<Turn> {
        let mut out = Vec::new();
        if self.winner != 0 {
            return out;
        }
        let enemy = 3 - self.side;
        for from in 0..64 {
            if self.cells[from] != self.side {
                continue;
            }
            let (c0, r0) = ((from % 8) as i32, (from / 8) as i32);
            for d in DIRS {
                let n = self.line_count(from, d);
                let (tc, tr) = (c0 + n * d.0, r0 + n * d.1);
                if !on_board(tc, tr) {
                    continue;
                }
                let blocked = (1..n)
                    .any(|k| self.cells[((r0 + k * d.1) * 8 + c0 + k * d.0) as usize] == enemy);
                let to = (tr * 8 + tc) as usize;
                if !blocked && self.cells[to] != self.side {
                    out.push((from, to));
                }
            }
        }
        out
    }

    /// Whether all of `side`'s pieces (at least one) touch in one group, 8-adjacency.
    fn connected(&self, side: u8) -> bool {
        let total = self.cells.iter().filter(|&&x| x == side).count();
        let Some(start) = self.cells.iter().position(|&x| x == side) else {
            return false;
        };
        let mut seen = [false; 64];
        let mut stack = vec![start];
        seen[start] = true;
        let mut reached = 0;
        while let Some(i) = stack.pop() {
            reached += 1;
            let (c0, r0) = ((i % 8) as i32, (i / 8) as i32);
            for (dc, dr) in DIRS {
                let (c, r) = (c0 + dc, r0 + dr);
                let j = (r * 8 + c) as usize;
                if on_board(c, r) && !seen[j] && self.cells[j] == side {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        reached == total
    }

    /// Plays a move, or passes with `None`; the mover wins if connected, else the other
    /// player if connected (a capture may leave the other side in one group).
    fn play(&mut self, turn: Option<Turn>) {
        let mover = self.side;
        if let Some((from, to)) = turn {
            self.cells[from] = EMPTY;
            self.cells[to] = mover;
            if self.connected(mover) {
                self.winner = mover;
            } else if self.connected(3 - mover) {
                self.winner = 3 - mover;
            }
        }
        self.side = 3 - mover;
    }

    /// Leaf count at `depth`; a player with no move passes (one node).
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.turns();
        if turns.is_empty() {
            if self.winner != 0 {
                return 0;
            }
            let mut b = self.clone();
            b.play(None);
            return b.perft(depth - 1);
        }
        if depth == 1 {
            return turns.len() as u64;
        }
        turns
            .iter()
            .map(|&t| {
                let mut b = self.clone();
                b.play(Some(t));
                b.perft(depth - 1)
            })
            .sum()
    }
}

fn index(name: &str) -> usize {
    let col = (name.as_bytes()[0] - b'a') as usize;
    let row: usize = name[1..].parse().expect("a row number");
    (row - 1) * 8 + col
}

fn name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1)
}

/// The reference's moves written as tabletop writes them (`b1-b3`, `c1xa3`), sorted; a
/// player with no move (the game not won) has the one move `pass`.
fn reference_moves(b: &Board) -> Vec<String> {
    let turns = b.turns();
    if turns.is_empty() && b.winner == 0 {
        return vec!["pass".to_string()];
    }
    let mut v: Vec<String> = turns
        .into_iter()
        .map(|(f, t)| {
            let sep = if b.cells[t] == EMPTY { '-' } else { 'x' };
            format!("{}{sep}{}", name(f), name(t))
        })
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

/// The reference's winner as tabletop reports it.
fn reference_outcome(b: &Board) -> Option<Outcome> {
    (b.winner != 0).then(|| Outcome::Win(Player(b.winner - 1)))
}

fn loa() -> Game {
    tabletop::load_shipped("loa", &[]).expect("loa compiles")
}

/// The reference board of a tabletop position (ranks 8 to 1, `b`/`w`, digits for runs of
/// empty cells, then the player to move).
fn board_of(game: &Game, s: &State) -> Board {
    let text = game.position_to_string(s);
    let (rows, rest) = text.split_once(' ').expect("a side to move");
    let mut cells = [EMPTY; 64];
    for (i, row) in rows.split('/').enumerate() {
        let r = 7 - i;
        let mut c = 0;
        for ch in row.chars() {
            match ch {
                'b' | 'w' => {
                    cells[r * 8 + c] = if ch == 'b' { BLACK } else { WHITE };
                    c += 1;
                }
                _ => c += ch.to_digit(10).expect("a run of empty cells") as usize,
            }
        }
    }
    let side = if rest.starts_with("Black") {
        BLACK
    } else {
        WHITE
    };
    Board {
        cells,
        side,
        winner: 0,
    }
}

/// Plays seeded random games to their end with both generators side by side, comparing the
/// move lists and the outcome at every ply; every move prints back as it was typed.
/// Returns the positions every 15 plies of each game, for perft.
fn random_games(game: &Game, games: u64) -> Vec<(Board, State)> {
    let mut along = Vec::new();
    let mut winners = [0usize; 3];
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut b, mut s) = (Board::start(), game.start());
        for ply in 0.. {
            assert!(ply < 2000, "seed {seed}: no end after {ply} plies");
            assert_eq!(
                game.outcome(&s),
                reference_outcome(&b),
                "seed {seed}, ply {ply}"
            );
            let want = reference_moves(&b);
            assert_eq!(engine_moves(game, &s), want, "seed {seed}, ply {ply}");
            if b.winner != 0 {
                winners[b.winner as usize] += 1;
                break;
            }
            if ply % 15 == 0 {
                along.push((b.clone(), s.clone()));
            }
            let text = &want[rng.gen_range(0..want.len())];
            let mv = game.parse_move(&s, text).expect("a listed move parses");
            assert_eq!(&game.move_to_string(&s, mv), text, "prints back");
            game.make(&mut s, mv);
            b.play(if text == "pass" {
                None
            } else {
                Some((index(&text[..2]), index(&text[3..])))
            });
        }
    }
    assert_eq!(winners[1] + winners[2], games as usize);
    assert!(
        winners[1] > 0 && winners[2] > 0,
        "both sides win some: {winners:?}"
    );
    along
}

#[test]
fn the_generators_agree_along_random_games_and_at_depth_four_along_them() {
    let game = loa();
    let along = random_games(&game, 20);
    assert!(along.len() > 40, "{} positions", along.len());
    for (i, (b, mut s)) in along.into_iter().enumerate() {
        assert_eq!(board_of(&game, &s).cells, b.cells, "position {i}");
        // Every position is checked at depths 1 to 3; every fourth one at depth 4.
        let depth = if i % 4 == 0 { 4 } else { 3 };
        for d in 1..=depth {
            assert_eq!(
                perft(&game, &mut s, d),
                b.perft(d),
                "position {i}, depth {d}"
            );
        }
    }
}

#[test]
fn perft_from_the_start() {
    let game = loa();
    let want = [36, 1244, 44_952];
    for (d, &n) in (1..).zip(&want) {
        assert_eq!(Board::start().perft(d), n, "reference, depth {d}");
        assert_eq!(perft(&game, &mut game.start(), d), n, "tabletop, depth {d}");
    }
}

/// Perft 4 from the start and from a midgame position, both generators.
#[test]
fn perft_four_from_the_start_and_a_midgame() {
    let game = loa();
    let start = Board::start();
    let want = start.perft(4);
    assert_eq!(perft(&game, &mut game.start(), 4), want);
    let mid = "8/2b1b1b1/w3b1bw/w2w3w/w1bb4/1w2w2w/1w1bb3/3b4 Black";
    let mut s = game.parse_position(mid).expect("a position");
    let b = board_of(&game, &s);
    let want = b.perft(4);
    assert!(want > 100_000, "{want}");
    assert_eq!(perft(&game, &mut s, 4), want);
}

/// A move that joins both players' groups at once wins for the mover: Black c5xc3 takes
/// White's stray piece (leaving g8 and h8 together) and joins a1-b2-c3.
#[test]
fn a_move_connecting_both_sides_wins_for_the_mover() {
    let game = loa();
    let pos = "6ww/8/8/2b5/8/2w5/1b6/b7 Black";
    let mut s = game.parse_position(pos).expect("a position");
    let mut b = board_of(&game, &s);
    assert_eq!(game.outcome(&s), None);
    assert_eq!(engine_moves(&game, &s), reference_moves(&b));
    let mv = game.parse_move(&s, "c5xc3").expect("a legal move");
    game.make(&mut s, mv);
    b.play(Some((index("c5"), index("c3"))));
    assert!(b.connected(BLACK) && b.connected(WHITE));
    assert_eq!(game.outcome(&s), Some(Outcome::Win(Player(0))));
    assert_eq!(reference_outcome(&b), Some(Outcome::Win(Player(0))));
    // The same for White: c6xc4 takes Black's stray piece and joins a4-b3-c4.
    let pos = "8/8/2w5/8/w1b5/1w6/8/6bb White";
    let mut s = game.parse_position(pos).expect("a position");
    let mut b = board_of(&game, &s);
    assert_eq!(engine_moves(&game, &s), reference_moves(&b));
    let moves = engine_moves(&game, &s);
    assert!(moves.contains(&"c6xc4".to_string()), "{moves:?}");
    let mv = game.parse_move(&s, "c6xc4").expect("a legal move");
    game.make(&mut s, mv);
    b.play(Some((index("c6"), index("c4"))));
    assert!(b.connected(BLACK) && b.connected(WHITE));
    assert_eq!(game.outcome(&s), Some(Outcome::Win(Player(1))));
    assert_eq!(reference_outcome(&b), Some(Outcome::Win(Player(1))));
}

/// A capture that leaves the other side with one piece makes the other side win, when the
/// mover is not connected.
#[test]
fn a_single_piece_left_is_connected() {
    let game = loa();
    let pos = "7b/8/8/8/3w4/w7/8/b7 Black";
    let mut s = game.parse_position(pos).expect("a position");
    let mut b = board_of(&game, &s);
    assert_eq!(engine_moves(&game, &s), reference_moves(&b));
    let mv = game.parse_move(&s, "a1xa3").expect("a legal move");
    game.make(&mut s, mv);
    b.play(Some((index("a1"), index("a3"))));
    assert_eq!(game.outcome(&s), Some(Outcome::Win(Player(1))));
    assert_eq!(reference_outcome(&b), Some(Outcome::Win(Player(1))));
}

fn compile(src: &str) -> Game {
    tabletop::compile_source("t", "t.game", src, &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// The general move path (taken by a rule with a guard, or a counted slide chained with
/// other parts) counts the line by walking it; it agrees with the table of lines.
#[test]
fn the_walked_count_agrees_with_the_table() {
    let game = loa();
    let src = tabletop::games::shipped_source("loa").expect("loa ships");
    let guarded = src.replace("to: not friend)", "to: not friend) when ply() < 100000");
    assert_ne!(guarded, src);
    let general = compile(&guarded);
    for pos in [
        None,
        Some("8/2b1b1b1/w3b1bw/w2w3w/w1bb4/1w2w2w/1w1bb3/3b4 Black"),
    ] {
        let (mut a, mut b) = match pos {
            None => (game.start(), general.start()),
            Some(p) => (
                game.parse_position(p).expect("a position"),
                general.parse_position(p).expect("a position"),
            ),
        };
        assert_eq!(engine_moves(&game, &a), engine_moves(&general, &b));
        assert_eq!(perft(&game, &mut a, 3), perft(&general, &mut b, 3));
    }
}

/// On a hex board the lines are its three axes: c3 has two pieces on its row (a3 and
/// itself) and is alone on the two other axes.
#[test]
fn counted_slides_on_a_hex_board() {
    let game = compile(
        "game \"Hex lines\"\nplayers Black, White\nboard hex(5, 5)\n\
         piece checker = \"b\" for Black, \"w\" for White\n\
         setup checker at c3, e5 for Black, a1, a3 for White\n\
         move checker: slide(adjacent, distance: pieces-on-line, through: not enemy, to: not friend)\n\
         win if connected(checker)\npass if no-moves\n",
    );
    let s = game.start();
    let mut from_c3: Vec<String> = engine_moves(&game, &s)
        .into_iter()
        .filter(|m| m.starts_with("c3"))
        .collect();
    from_c3.sort();
    assert_eq!(
        from_c3,
        ["c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-e3", "c3xa3"]
    );
}

/// `connected(kinds…)` counts only those kinds, a player without any of them is not
/// connected, and without `through:` a square board joins orthogonal neighbours only.
#[test]
fn connected_counts_the_named_kinds_only() {
    let game = compile(
        "game \"Kings\"\nplayers White, Black\nboard square(4, 4)\n\
         piece king = \"K\" for White, \"k\" for Black\npiece pawn = \"P\" for White, \"p\" for Black\n\
         setup king at a1, c1 for White, a4 for Black\nsetup pawn at d4 for White, b4, d1 for Black\n\
         move king, pawn: step(adjacent, to: empty)\nwin if connected(king)\n",
    );
    let mut s = game.start();
    // White's kings stand on a1 and c1. Moved to b2, the c1 king touches a1 only
    // diagonally, which does not count here, and Black's single king is a group: Black wins.
    assert_eq!(game.outcome(&s), None);
    let mv = game.parse_move(&s, "c1-b2").expect("a legal move");
    game.make(&mut s, mv);
    assert_eq!(
        game.outcome(&s),
        Some(Outcome::Win(Player(1))),
        "Black's lone king"
    );
    // Moved to b1 it joins a1: both sides are connected, and the mover wins.
    let mut s = game.start();
    let mv = game.parse_move(&s, "c1-b1").expect("a legal move");
    game.make(&mut s, mv);
    assert_eq!(game.outcome(&s), Some(Outcome::Win(Player(0))));
    // Without kings on the board nobody is connected: the pawns do not count.
    let pawns = game
        .parse_position("1p1P/4/4/p3 White")
        .expect("a position");
    assert_eq!(game.outcome(&pawns), None);
}
