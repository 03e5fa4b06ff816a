//! A third Intellector move generator, written from the published rules alone
//! (`docs/rules/intellector.md`, a summary of the intellector.info site's own rules code) by an
//! engineer who had not read the other two: the engine's `games/intellector.game` and the
//! reference generator in `tests/intellector_reference.rs`. Two generators written from one
//! rules text can share a misreading; a third, written apart, makes an agreement between all
//! three worth more (issue #48).
//!
//! It follows the counting conventions of the rules text's section 5: castling once per
//! Intellector–Defensor pair; the aura (chameleon) capture only when it changes the capturing
//! piece's kind, and on every capture, the enemy Intellector's too (section 9: "captures an
//! enemy piece"; the taker may become an Intellector as the game ends); a promoting Progressor
//! chooses among the four promotion kinds and gets no aura.
//! A game that is over (an Intellector captured, or one on its own last rank) has no moves.
//!
//! Checks: perft 1–4 from the start, and perft 1–3 in positions reached by seeded random walks,
//! against the engine's `tabletop::tools::perft`.

use tabletop::engine::Game;

/// Piece kinds (section 3 of the rules).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Progressor,
    Dominator,
    Aggressor,
    Liberator,
    Defensor,
    Intellector,
}

use Kind::*;

/// White moves up the board (towards j = 0), Black down.
const WHITE: u8 = 0;
const BLACK: u8 = 1;

type Cell = (i32, i32);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    color: u8,
    kind: Kind,
}

/// Board by (column i, row j), j = 0 at Black's side; odd columns have 6 cells.
#[derive(Clone)]
struct Board {
    cells: [[Option<Piece>; 7]; 9],
    to_move: u8,
    /// Set once an Intellector was captured or reached its last rank.
    over: bool,
}

#[derive(Clone, Copy, Debug)]
enum Effect {
    Plain,
    Castle,
    Promote(Kind),
    Morph(Kind),
}

#[derive(Clone, Copy, Debug)]
struct Move {
    from: Cell,
    to: Cell,
    effect: Effect,
}

fn on_board((i, j): Cell) -> bool {
    (0..9).contains(&i) && j >= 0 && j < if i % 2 == 0 { 7 } else { 6 }
}

/// The six lateral (edge-sharing) neighbours' offsets, read from the rules' direction list.
fn lateral((i, j): Cell, d: usize) -> Cell {
    let e = i % 2 == 0;
    match d {
        0 => (i, j - 1),                         // Up
        1 => (i, j + 1),                         // Down
        2 => (i - 1, if e { j - 1 } else { j }), // UpLeft
        3 => (i + 1, if e { j - 1 } else { j }), // UpRight
        4 => (i - 1, if e { j } else { j + 1 }), // DownLeft
        _ => (i + 1, if e { j } else { j + 1 }), // DownRight
    }
}

/// The six radial (vertex) neighbours.
fn radial((i, j): Cell, d: usize) -> Cell {
    let e = i % 2 == 0;
    match d {
        0 => (i - 2, j),                             // Left
        1 => (i + 2, j),                             // Right
        2 => (i - 1, if e { j - 2 } else { j - 1 }), // UpLeft
        3 => (i + 1, if e { j - 2 } else { j - 1 }), // UpRight
        4 => (i - 1, if e { j + 1 } else { j + 2 }), // DownLeft
        _ => (i + 1, if e { j + 1 } else { j + 2 }), // DownRight
    }
}

/// Final cells: White's are the even columns' top cells, Black's their bottom cells.
fn last_rank(color: u8, (i, j): Cell) -> bool {
    i % 2 == 0 && if color == WHITE { j == 0 } else { j == 6 }
}

impl Board {
    fn start() -> Board {
        let mut b = Board {
            cells: [[None; 7]; 9],
            to_move: WHITE,
            over: false,
        };
        let white = [
            ((0, 6), Dominator),
            ((8, 6), Dominator),
            ((1, 5), Liberator),
            ((7, 5), Liberator),
            ((2, 6), Aggressor),
            ((6, 6), Aggressor),
            ((3, 5), Defensor),
            ((5, 5), Defensor),
            ((4, 6), Intellector),
            ((0, 5), Progressor),
            ((2, 5), Progressor),
            ((4, 5), Progressor),
            ((6, 5), Progressor),
            ((8, 5), Progressor),
        ];
        for ((i, j), kind) in white {
            b.cells[i as usize][j as usize] = Some(Piece { color: WHITE, kind });
            // Black is the point mirror (i, j) -> (8 - i, 6 - j - (i mod 2)).
            let (mi, mj) = (8 - i, 6 - j - i % 2);
            b.cells[mi as usize][mj as usize] = Some(Piece { color: BLACK, kind });
        }
        b
    }

    fn at(&self, (i, j): Cell) -> Option<Piece> {
        self.cells[i as usize][j as usize]
    }

    fn set(&mut self, (i, j): Cell, p: Option<Piece>) {
        self.cells[i as usize][j as usize] = p;
    }

    fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.over {
            return out;
        }
        for i in 0..9 {
            for j in 0..7 {
                let from = (i, j);
                if !on_board(from) {
                    continue;
                }
                if let Some(p) = self.at(from) {
                    if p.color == self.to_move {
                        self.piece_moves(from, p, &mut out);
                    }
                }
            }
        }
        out
    }

    /// Adds the move to `to` for the piece `p` on `from`: an empty cell, or an enemy to take
    /// (with the promotion and aura choices that a capture or arrival brings).
    fn add(&self, from: Cell, to: Cell, p: Piece, may_capture: bool, out: &mut Vec<Move>) {
        let target = self.at(to);
        match target {
            Some(t) if t.color == p.color => return,
            Some(_) if !may_capture => return,
            _ => {}
        }
        if p.kind == Progressor && last_rank(p.color, to) {
            for k in [Liberator, Aggressor, Defensor, Dominator] {
                out.push(Move {
                    from,
                    to,
                    effect: Effect::Promote(k),
                });
            }
            return;
        }
        out.push(Move {
            from,
            to,
            effect: Effect::Plain,
        });
        if let Some(t) = target {
            let beside_own_intellector = (0..6).any(|d| {
                let n = lateral(from, d);
                on_board(n)
                    && self.at(n)
                        == Some(Piece {
                            color: p.color,
                            kind: Intellector,
                        })
            });
            // The enemy Intellector too: the rules let its taker become one.
            if beside_own_intellector && t.kind != p.kind {
                out.push(Move {
                    from,
                    to,
                    effect: Effect::Morph(t.kind),
                });
            }
        }
    }

    fn piece_moves(&self, from: Cell, p: Piece, out: &mut Vec<Move>) {
        match p.kind {
            Progressor => {
                let forward = if p.color == WHITE {
                    [0, 2, 3]
                } else {
                    [1, 4, 5]
                };
                for d in forward {
                    let to = lateral(from, d);
                    if on_board(to) {
                        self.add(from, to, p, true, out);
                    }
                }
            }
            Dominator | Aggressor => {
                for d in 0..6 {
                    let mut c = from;
                    loop {
                        c = if p.kind == Dominator {
                            lateral(c, d)
                        } else {
                            radial(c, d)
                        };
                        if !on_board(c) {
                            break;
                        }
                        self.add(from, c, p, true, out);
                        if self.at(c).is_some() {
                            break;
                        }
                    }
                }
            }
            Liberator => {
                for d in 0..6 {
                    let one = lateral(from, d);
                    if !on_board(one) {
                        continue;
                    }
                    if self.at(one).is_none() {
                        self.add(from, one, p, false, out);
                    }
                    let two = lateral(one, d);
                    if on_board(two) {
                        self.add(from, two, p, true, out);
                    }
                }
            }
            Defensor => {
                for d in 0..6 {
                    let to = lateral(from, d);
                    if on_board(to) {
                        self.add(from, to, p, true, out);
                    }
                }
            }
            Intellector => {
                for d in 0..6 {
                    let to = lateral(from, d);
                    if !on_board(to) {
                        continue;
                    }
                    match self.at(to) {
                        None => out.push(Move {
                            from,
                            to,
                            effect: Effect::Plain,
                        }),
                        // Castling, listed once: from the Intellector's side only.
                        Some(q) if q.color == p.color && q.kind == Defensor => out.push(Move {
                            from,
                            to,
                            effect: Effect::Castle,
                        }),
                        _ => {}
                    }
                }
            }
        }
    }

    fn play(&self, m: Move) -> Board {
        let mut b = self.clone();
        let p = b.at(m.from).expect("a piece on the from cell");
        let captured = b.at(m.to);
        match m.effect {
            Effect::Castle => {
                b.set(m.from, captured);
                b.set(m.to, Some(p));
            }
            Effect::Plain => {
                b.set(m.from, None);
                b.set(m.to, Some(p));
            }
            Effect::Promote(kind) | Effect::Morph(kind) => {
                b.set(m.from, None);
                b.set(
                    m.to,
                    Some(Piece {
                        color: p.color,
                        kind,
                    }),
                );
            }
        }
        let intellector_taken =
            matches!(captured, Some(q) if q.kind == Intellector && q.color != p.color);
        // Breakthrough: the mover's Intellector stands on its last rank (by a step or castling).
        let breakthrough = [m.from, m.to].iter().any(|&c| {
            b.at(c)
                == Some(Piece {
                    color: p.color,
                    kind: Intellector,
                })
                && last_rank(p.color, c)
        });
        b.over = intellector_taken || breakthrough;
        b.to_move = 1 - b.to_move;
        b
    }

    /// The engine's position notation: columns a..i split by `/`, each from rank 1 upwards,
    /// runs of empty cells as numbers; then the side to move.
    fn notation(&self) -> String {
        let mut cols = Vec::new();
        for i in 0..9i32 {
            let height = if i % 2 == 0 { 7 } else { 6 };
            let mut s = String::new();
            let mut run = 0;
            for rank in 1..=height {
                let j = 7 - rank - i % 2;
                match self.at((i, j)) {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            s += &run.to_string();
                            run = 0;
                        }
                        let c = match p.kind {
                            Progressor => 'P',
                            Dominator => 'D',
                            Aggressor => 'A',
                            Liberator => 'L',
                            Defensor => 'F',
                            Intellector => 'I',
                        };
                        s.push(if p.color == WHITE {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        });
                    }
                }
            }
            if run > 0 {
                s += &run.to_string();
            }
            cols.push(s);
        }
        let side = if self.to_move == WHITE {
            "White"
        } else {
            "Black"
        };
        format!("{} {side}", cols.join("/"))
    }
}

fn perft(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = b.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|&m| perft(&b.play(m), depth - 1)).sum()
}

fn engine() -> Game {
    tabletop::load_shipped("intellector", &[]).expect("intellector compiles")
}

#[test]
fn the_start_position_has_59_cells_and_28_pieces() {
    let b = Board::start();
    let cells = (0..9)
        .flat_map(|i| (0..7).map(move |j| (i, j)))
        .filter(|&c| on_board(c));
    assert_eq!(cells.clone().count(), 59);
    assert_eq!(cells.filter(|&c| b.at(c).is_some()).count(), 28);
    let g = engine();
    assert_eq!(
        b.notation(),
        g.position_to_string(&g.start())
            .split(' ')
            .take(2)
            .collect::<Vec<_>>()
            .join(" ")
    );
}

#[test]
fn perft_from_the_start_agrees_with_the_engine() {
    let b = Board::start();
    let third: Vec<u64> = (1..=4).map(|d| perft(&b, d)).collect();
    // The numbers tests/intellector.rs pins for the engine (and the reference generator
    // in tests/intellector_reference.rs reproduces).
    assert_eq!(third, [35, 1197, 42198, 1462872]);
}

/// A small deterministic generator for the random walks (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// How many moves of each special kind a perft tree holds.
#[derive(Default, Debug)]
struct Seen {
    promotions: u64,
    morphs: u64,
    castlings: u64,
}

fn tally_effects(b: &Board, depth: u32, seen: &mut Seen) {
    if depth == 0 {
        return;
    }
    for m in b.moves() {
        match m.effect {
            Effect::Promote(_) => seen.promotions += 1,
            Effect::Morph(_) => seen.morphs += 1,
            Effect::Castle => seen.castlings += 1,
            Effect::Plain => {}
        }
        tally_effects(&b.play(m), depth - 1, seen);
    }
}

#[test]
fn perft_in_random_middlegames_agrees_with_the_engine() {
    let g = engine();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut checked = 0;
    let mut seen = Seen::default();
    for walk in 0..40 {
        let mut b = Board::start();
        let plies = 10 + 2 * walk;
        for _ in 0..plies {
            let moves = b.moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures and promotions now and then, so the walks reach the rules'
            // corners (aura, promotion) instead of shuffling pieces at the back.
            let special: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| {
                    b.at(m.to).is_some_and(|q| q.color != b.to_move)
                        || matches!(m.effect, Effect::Promote(_))
                })
                .collect();
            let m = if !special.is_empty() && rng.below(2) == 0 {
                special[rng.below(special.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            let next = b.play(m);
            if next.over {
                break;
            }
            b = next;
        }
        tally_effects(&b, 3, &mut seen);
        let text = b.notation();
        let mut s = g
            .parse_position(&text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        for depth in 1..=3 {
            let theirs = tabletop::tools::perft::perft(&g, &mut s, depth);
            assert_eq!(perft(&b, depth), theirs, "perft {depth} of {text}");
        }
        checked += 1;
    }
    assert_eq!(checked, 40);
    // The trees compared hold every kind of move the rules have.
    assert!(
        seen.promotions > 0 && seen.morphs > 0 && seen.castlings > 0,
        "{seen:?}"
    );
}
