//! Gomoku (exactly five wins) and Connect6 (one stone first, then two as a set; six or more
//! wins) checked against a small independent counter written here from the rules alone: its
//! own board, its own line test and its own move lists, sharing nothing with the engine but
//! the position text it hands over.
//!
//! The start counts are products (gomoku 225 · 224 · 223; Connect6 361 · C(360, 2)); the
//! small-board trees, walked to the end from random positions near the end, compare every
//! node and every finished game (who won, or a draw) with the counter's.

use tabletop::tools::perft::perft;
use tabletop::{Game, Outcome, Player, State};

/// The rules as the counter sees them.
#[derive(Clone, Copy)]
struct Rules {
    size: usize,
    /// The length that wins.
    line: usize,
    /// Whether only that exact length wins (gomoku) or that many or more (Connect6).
    exact: bool,
    /// Stones placed per move after the first (the first move places one).
    per_move: usize,
}

const GOMOKU: Rules = Rules {
    size: 0,
    line: 5,
    exact: true,
    per_move: 1,
};
const CONNECT6: Rules = Rules {
    size: 0,
    line: 6,
    exact: false,
    per_move: 2,
};

/// The counter's position: 0 empty, 1 Black, 2 White; `ply` moves played.
#[derive(Clone)]
struct Board {
    cells: Vec<u8>,
    ply: usize,
}

/// Totals of a tree: nodes (the root included), and finished games by result.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tree {
    nodes: u64,
    black: u64,
    white: u64,
    draws: u64,
    /// Moves that made a row longer than the winning length without winning (the counter
    /// alone counts them, to show the trees hold overlines).
    overlines: u64,
}

impl Rules {
    fn sized(self, size: usize) -> Rules {
        Rules { size, ..self }
    }

    fn mover(&self, b: &Board) -> u8 {
        1 + (b.ply % 2) as u8
    }

    fn stones_now(&self, b: &Board) -> usize {
        if b.ply == 0 {
            1
        } else {
            self.per_move
        }
    }

    /// The length of the row of `who`'s stones through (x, y) along (dx, dy).
    fn run(&self, b: &Board, x: usize, y: usize, (dx, dy): (i32, i32), who: u8) -> usize {
        let n = self.size as i32;
        let mut len = 1;
        for sign in [1, -1] {
            let (mut cx, mut cy) = (x as i32, y as i32);
            loop {
                cx += sign * dx;
                cy += sign * dy;
                if cx < 0 || cy < 0 || cx >= n || cy >= n {
                    break;
                }
                if b.cells[(cy * n + cx) as usize] != who {
                    break;
                }
                len += 1;
            }
        }
        len
    }

    /// Whether the stone at `cell` wins for its owner.
    fn wins_at(&self, b: &Board, cell: usize) -> bool {
        let who = b.cells[cell];
        let (x, y) = (cell % self.size, cell / self.size);
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&d| {
            let len = self.run(b, x, y, d, who);
            if self.exact {
                len == self.line
            } else {
                len >= self.line
            }
        })
    }

    /// Whether the stone at `cell` is in a row longer than the winning length.
    fn longer_at(&self, b: &Board, cell: usize) -> bool {
        let who = b.cells[cell];
        let (x, y) = (cell % self.size, cell / self.size);
        [(1, 0), (0, 1), (1, 1), (1, -1)]
            .iter()
            .any(|&d| self.run(b, x, y, d, who) > self.line)
    }

    /// The moves: sets of distinct empty cells of the size this ply places, in cell order.
    fn moves(&self, b: &Board) -> Vec<Vec<usize>> {
        let empty: Vec<usize> = (0..b.cells.len()).filter(|&c| b.cells[c] == 0).collect();
        let mut out = Vec::new();
        match self.stones_now(b) {
            1 => out.extend(empty.iter().map(|&c| vec![c])),
            _ => {
                for (i, &a) in empty.iter().enumerate() {
                    for &c in &empty[i + 1..] {
                        out.push(vec![a, c]);
                    }
                }
            }
        }
        out
    }

    /// Plays a move; whether it won.
    fn play(&self, b: &mut Board, mv: &[usize]) -> bool {
        let who = self.mover(b);
        for &c in mv {
            b.cells[c] = who;
        }
        b.ply += 1;
        mv.iter().any(|&c| self.wins_at(b, c))
    }

    fn tree(&self, b: &Board, t: &mut Tree) {
        t.nodes += 1;
        let moves = self.moves(b);
        if moves.is_empty() {
            t.draws += 1;
            return;
        }
        for mv in moves {
            let mut next = b.clone();
            let won = self.play(&mut next, &mv);
            if !won && mv.iter().any(|&c| self.longer_at(&next, c)) {
                t.overlines += 1;
            }
            if won {
                t.nodes += 1;
                if self.mover(b) == 1 {
                    t.black += 1;
                } else {
                    t.white += 1;
                }
            } else {
                self.tree(&next, t);
            }
        }
    }

    /// Move sequences of length `depth` (finished games stop early and count at their depth).
    fn perft(&self, b: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        for mv in self.moves(b) {
            let mut next = b.clone();
            let won = self.play(&mut next, &mv);
            total += if won || depth == 1 {
                u64::from(depth == 1)
            } else {
                self.perft(&next, depth - 1)
            };
        }
        total
    }

    /// The position in tabletop's notation: rows from the top, runs of empty cells as
    /// numbers, then the side to move and the ply.
    fn position_text(&self, b: &Board) -> String {
        let mut rows = Vec::new();
        for y in (0..self.size).rev() {
            let mut row = String::new();
            let mut gap = 0;
            for x in 0..self.size {
                match b.cells[y * self.size + x] {
                    0 => gap += 1,
                    who => {
                        if gap > 0 {
                            row.push_str(&gap.to_string());
                            gap = 0;
                        }
                        row.push(if who == 1 { 'X' } else { 'O' });
                    }
                }
            }
            if gap > 0 {
                row.push_str(&gap.to_string());
            }
            rows.push(row);
        }
        let side = if self.mover(b) == 1 { "Black" } else { "White" };
        format!("{} {side} {}", rows.join("/"), b.ply)
    }

    /// A random unfinished position with `empty` empty cells, reached by random moves.
    fn random_position(&self, seed: &mut u64, empty: usize) -> Board {
        'again: loop {
            let mut b = Board {
                cells: vec![0; self.size * self.size],
                ply: 0,
            };
            loop {
                let left = b.cells.iter().filter(|&&c| c == 0).count();
                if left <= empty {
                    if left == empty {
                        return b;
                    }
                    continue 'again;
                }
                let moves = self.moves(&b);
                let mv = moves[next(seed) % moves.len()].clone();
                if self.play(&mut b, &mv) {
                    continue 'again;
                }
            }
        }
    }
}

/// A small linear congruential generator: the test's own randomness, seeded.
fn next(seed: &mut u64) -> usize {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    (*seed >> 33) as usize
}

/// The engine's tree from `s`, totalled like [`Rules::tree`].
fn engine_tree(game: &Game, s: &State, t: &mut Tree) {
    t.nodes += 1;
    match game.outcome(s) {
        Some(Outcome::Win(Player(0))) => return t.black += 1,
        Some(Outcome::Win(_)) => return t.white += 1,
        Some(Outcome::Draw) => return t.draws += 1,
        Some(Outcome::Loss(_)) => panic!("these games have no losses"),
        None => {}
    }
    for &mv in game.legal_moves_vec(s).iter() {
        let mut next = s.clone();
        game.make(&mut next, mv);
        engine_tree(game, &next, t);
    }
}

fn load(name: &str, size: usize) -> Game {
    tabletop::load_shipped(name, &[("size".into(), size.to_string())]).expect("loads")
}

/// Trees near the end of small boards: every node and every result agree.
fn compare_trees(name: &str, rules: Rules, size: usize, empty: usize, positions: usize) {
    let rules = rules.sized(size);
    let game = load(name, size);
    let mut seed = 0x5eed_u64 + size as u64;
    let (mut decided, mut overlines) = (0, 0);
    for _ in 0..positions {
        let b = rules.random_position(&mut seed, empty);
        let text = rules.position_text(&b);
        let s = game
            .parse_position(&text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(game.outcome(&s), None, "{text} is not finished");
        let mut mine = Tree::default();
        rules.tree(&b, &mut mine);
        overlines += std::mem::take(&mut mine.overlines);
        let mut theirs = Tree::default();
        engine_tree(&game, &s, &mut theirs);
        assert_eq!(theirs, mine, "{name} from {text}");
        for depth in 1..=3 {
            let mut s = s.clone();
            assert_eq!(
                perft(&game, &mut s, depth),
                rules.perft(&b, depth),
                "{name} perft {depth} from {text}"
            );
        }
        decided += u64::from(mine.black + mine.white > 0);
    }
    assert!(
        decided * 2 >= positions as u64,
        "{name}: most trees should hold wins, {decided} of {positions} do"
    );
    if rules.exact {
        assert!(overlines > 0, "{name}: no overline in the trees");
    }
}

#[test]
fn gomoku_start_counts() {
    let game = tabletop::load_shipped("gomoku", &[]).expect("loads");
    let rules = GOMOKU.sized(15);
    let b = Board {
        cells: vec![0; 225],
        ply: 0,
    };
    for (depth, expected) in [(1, 225), (2, 225 * 224), (3, 225 * 224 * 223)] {
        let mut s = game.start();
        assert_eq!(perft(&game, &mut s, depth), expected);
        if depth <= 2 {
            assert_eq!(rules.perft(&b, depth), expected);
        }
    }
}

#[test]
fn connect6_start_counts() {
    let game = tabletop::load_shipped("connect6", &[]).expect("loads");
    let mut s = game.start();
    assert_eq!(perft(&game, &mut s, 1), 361);
    // 361 first stones, then every pair of the 360 cells left: C(360, 2) = 64 620.
    assert_eq!(perft(&game, &mut s, 2), 361 * 360 * 359 / 2);
    assert_eq!(361 * 360 * 359 / 2, 23_327_820);
    let rules = CONNECT6.sized(19);
    let b = Board {
        cells: vec![0; 361],
        ply: 0,
    };
    assert_eq!(rules.perft(&b, 1), 361);
    let mut first = b.clone();
    rules.play(&mut first, &[180]);
    assert_eq!(rules.perft(&first, 1), 64_620);
}

/// Gomoku on 7 × 7 with 8 cells left: exact fives win, overlines do not.
#[test]
fn gomoku_small_board_trees() {
    compare_trees("gomoku", GOMOKU, 7, 8, 12);
}

/// Gomoku on 6 × 6, where a row of six is the whole row: an overline at the edge.
#[test]
fn gomoku_six_by_six_trees() {
    compare_trees("gomoku", GOMOKU, 6, 8, 12);
}

/// Connect6 on 8 × 8 with 9 cells left: pairs as sets, sixes and longer rows win.
#[test]
fn connect6_small_board_trees() {
    compare_trees("connect6", CONNECT6, 8, 9, 12);
}

/// The counter's own checks of the two rules it is built on.
#[test]
fn the_counter_judges_lines_as_the_rules_say() {
    let rules = GOMOKU.sized(7);
    let mut b = Board {
        cells: vec![0; 49],
        ply: 0,
    };
    for c in [0, 1, 2, 3, 5] {
        b.cells[c] = 1;
    }
    b.cells[4] = 1;
    assert!(!rules.wins_at(&b, 4), "six across is an overline");
    b.cells[5] = 0;
    assert!(rules.wins_at(&b, 4), "five across wins");
    let six = CONNECT6.sized(7);
    b.cells[5] = 1;
    b.cells[6] = 1;
    assert!(six.wins_at(&b, 4), "seven across wins Connect6");
}
