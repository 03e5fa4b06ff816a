//! Independent, hand-written Intellector move generator, used to cross-check the general
//! engine's perft counts.
//!
//! It is written only from `docs/rules/intellector.md` (the rules of Gulvan0's
//! intellector.info implementation) and deliberately uses nothing from the `tabletop` crate:
//! a cross-check is only worth something if it shares no code with what it checks.
//!
//! Coordinates are the rules doc's `(i, j)`: 9 columns `i = 0..8` (letters a..i); even columns
//! have `j = 0..6`, odd columns `j = 0..5`; `j = 0` is the top (Black's side); odd columns are
//! shifted half a cell down. Algebraic name: column letter + rank, `rank = 7 - j - (i mod 2)`.
//!
//! Conventions (the doc's "convention A", plus the decisions listed here):
//! * castling is generated once per Intellector–Defensor pair, as a move of the Intellector
//!   (`from` = Intellector cell, `to` = Defensor cell, written `e1<>d1`);
//! * the aura morph is offered only when it changes the capturing piece's kind, also when the
//!   captured piece is the enemy Intellector (the rules' §9 says "captures an enemy piece": the
//!   taker may become an Intellector as the game ends, a move of its own), never for the
//!   Intellector itself (it cannot capture) and never on a promoting Progressor capture (the 4
//!   promotions only); adjacency to the own Intellector is tested on the cell the piece moves
//!   FROM;
//! * a morph into a Progressor is allowed wherever it happens (even on that side's final
//!   cells, where such a Progressor is simply not promoted and has no forward move);
//! * game end: a move that captures the enemy Intellector, or puts the mover's own
//!   Intellector on its own final cells (also by castling), ends the game: that position has no
//!   moves. Perft counts such a position as one leaf at depth 0 and contributes nothing deeper
//!   (like a mate in chess perft). Draw rules (repetition, 60 plies) are ignored by perft.

use std::fmt;

// ---------------------------------------------------------------------------------------------
// Pieces and board
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord, Hash)]
enum Kind {
    Progressor,
    Dominator,
    Aggressor,
    Liberator,
    Defensor,
    Intellector,
}

impl Kind {
    fn code(self) -> &'static str {
        match self {
            Kind::Progressor => "Pro",
            Kind::Dominator => "Dom",
            Kind::Aggressor => "Agg",
            Kind::Liberator => "Lib",
            Kind::Defensor => "Def",
            Kind::Intellector => "Int",
        }
    }

    fn from_code(s: &str) -> Kind {
        match s {
            "Pro" => Kind::Progressor,
            "Dom" => Kind::Dominator,
            "Agg" => Kind::Aggressor,
            "Lib" => Kind::Liberator,
            "Def" => Kind::Defensor,
            "Int" => Kind::Intellector,
            _ => panic!("unknown piece code {s:?}"),
        }
    }
}

/// What a Progressor may promote to (rules §3.8): not Intellector, not Progressor.
const PROMOTIONS: [Kind; 4] = [
    Kind::Dominator,
    Kind::Aggressor,
    Kind::Liberator,
    Kind::Defensor,
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    color: Color,
    kind: Kind,
}

/// `(i, j)` as in the rules doc.
type Cell = (i8, i8);

fn on_board((i, j): Cell) -> bool {
    (0..9).contains(&i) && j >= 0 && j < 7 - (i % 2)
}

fn all_cells() -> impl Iterator<Item = Cell> {
    (0..9i8).flat_map(|i| (0..7 - (i % 2)).map(move |j| (i, j)))
}

/// Final ("last rank") cells: White's are even columns with j = 0, Black's even columns j = 6.
fn is_final((i, j): Cell, color: Color) -> bool {
    i % 2 == 0
        && j == match color {
            Color::White => 0,
            Color::Black => 6,
        }
}

// ---------------------------------------------------------------------------------------------
// Directions (rules §1), with e = (i even)
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug)]
enum Lat {
    Up,
    Down,
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
}

const LATERAL: [Lat; 6] = [
    Lat::Up,
    Lat::Down,
    Lat::UpLeft,
    Lat::UpRight,
    Lat::DownLeft,
    Lat::DownRight,
];

/// Lateral neighbour (shares an edge): Up (i, j−1); Down (i, j+1); UpLeft (i−1, e ? j−1 : j);
/// UpRight (i+1, e ? j−1 : j); DownLeft (i−1, e ? j : j+1); DownRight (i+1, e ? j : j+1).
fn lateral((i, j): Cell, d: Lat) -> Option<Cell> {
    let e = i % 2 == 0;
    let c = match d {
        Lat::Up => (i, j - 1),
        Lat::Down => (i, j + 1),
        Lat::UpLeft => (i - 1, if e { j - 1 } else { j }),
        Lat::UpRight => (i + 1, if e { j - 1 } else { j }),
        Lat::DownLeft => (i - 1, if e { j } else { j + 1 }),
        Lat::DownRight => (i + 1, if e { j } else { j + 1 }),
    };
    on_board(c).then_some(c)
}

#[derive(Clone, Copy, Debug)]
enum Rad {
    Left,
    Right,
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
}

const RADIAL: [Rad; 6] = [
    Rad::Left,
    Rad::Right,
    Rad::UpLeft,
    Rad::UpRight,
    Rad::DownLeft,
    Rad::DownRight,
];

/// Radial neighbour (through a vertex): Left (i−2, j); Right (i+2, j);
/// UpLeft (i−1, e ? j−2 : j−1); UpRight (i+1, e ? j−2 : j−1);
/// DownLeft (i−1, e ? j+1 : j+2); DownRight (i+1, e ? j+1 : j+2).
fn radial((i, j): Cell, d: Rad) -> Option<Cell> {
    let e = i % 2 == 0;
    let c = match d {
        Rad::Left => (i - 2, j),
        Rad::Right => (i + 2, j),
        Rad::UpLeft => (i - 1, if e { j - 2 } else { j - 1 }),
        Rad::UpRight => (i + 1, if e { j - 2 } else { j - 1 }),
        Rad::DownLeft => (i - 1, if e { j + 1 } else { j + 2 }),
        Rad::DownRight => (i + 1, if e { j + 1 } else { j + 2 }),
    };
    on_board(c).then_some(c)
}

/// The three forward lateral directions of a Progressor.
fn forward(color: Color) -> [Lat; 3] {
    match color {
        Color::White => [Lat::Up, Lat::UpLeft, Lat::UpRight],
        Color::Black => [Lat::Down, Lat::DownLeft, Lat::DownRight],
    }
}

// ---------------------------------------------------------------------------------------------
// Algebraic names
// ---------------------------------------------------------------------------------------------

/// "e1" -> (4, 6). rank = 7 − j − (i mod 2), so j = 7 − rank − (i mod 2).
fn cell(name: &str) -> Cell {
    let b = name.as_bytes();
    assert!(
        b.len() >= 2 && (b'a'..=b'i').contains(&b[0]),
        "bad cell name {name:?}"
    );
    let i = (b[0] - b'a') as i8;
    let rank: i8 = name[1..]
        .parse()
        .unwrap_or_else(|_| panic!("bad cell name {name:?}"));
    let c = (i, 7 - rank - (i % 2));
    assert!(on_board(c), "cell {name:?} is not on the board");
    c
}

fn cell_name((i, j): Cell) -> String {
    format!("{}{}", (b'a' + i as u8) as char, 7 - j - (i % 2))
}

// ---------------------------------------------------------------------------------------------
// Position and moves
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Move {
    from: Cell,
    to: Cell,
    /// Intellector (at `from`) swaps with its own Defensor (at `to`).
    castle: bool,
    capture: bool,
    /// New kind of the moving piece: promotion or aura morph.
    becomes: Option<Kind>,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.castle {
            "<>"
        } else if self.capture {
            "x"
        } else {
            "-"
        };
        write!(f, "{}{}{}", cell_name(self.from), sep, cell_name(self.to))?;
        if let Some(k) = self.becomes {
            write!(f, "={}", k.code())?;
        }
        Ok(())
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
struct Pos {
    board: [[Option<Piece>; 7]; 9],
    to_move: Color,
    /// The previous move ended the game (Intellector captured or breakthrough).
    over: bool,
}

impl Pos {
    fn empty(to_move: Color) -> Pos {
        Pos {
            board: [[None; 7]; 9],
            to_move,
            over: false,
        }
    }

    fn at(&self, (i, j): Cell) -> Option<Piece> {
        self.board[i as usize][j as usize]
    }

    fn set(&mut self, (i, j): Cell, p: Option<Piece>) {
        self.board[i as usize][j as usize] = p;
    }

    /// Build a position from ("wInt", "e1")-style pairs.
    fn from_list(to_move: Color, pieces: &[(&str, &str)]) -> Pos {
        let mut pos = Pos::empty(to_move);
        for &(code, sq) in pieces {
            let color = match &code[..1] {
                "w" => Color::White,
                "b" => Color::Black,
                _ => panic!("bad piece code {code:?}"),
            };
            let c = cell(sq);
            assert!(pos.at(c).is_none(), "two pieces on {sq}");
            pos.set(
                c,
                Some(Piece {
                    color,
                    kind: Kind::from_code(&code[1..]),
                }),
            );
        }
        pos
    }

    /// Rules §2.
    fn start() -> Pos {
        Pos::from_list(
            Color::White,
            &[
                ("wDom", "a1"),
                ("wDom", "i1"),
                ("wLib", "b1"),
                ("wLib", "h1"),
                ("wAgg", "c1"),
                ("wAgg", "g1"),
                ("wDef", "d1"),
                ("wDef", "f1"),
                ("wInt", "e1"),
                ("wPro", "a2"),
                ("wPro", "c2"),
                ("wPro", "e2"),
                ("wPro", "g2"),
                ("wPro", "i2"),
                ("bDom", "a7"),
                ("bDom", "i7"),
                ("bLib", "b6"),
                ("bLib", "h6"),
                ("bAgg", "c7"),
                ("bAgg", "g7"),
                ("bDef", "d6"),
                ("bDef", "f6"),
                ("bInt", "e7"),
                ("bPro", "a6"),
                ("bPro", "c6"),
                ("bPro", "e6"),
                ("bPro", "g6"),
                ("bPro", "i6"),
            ],
        )
    }

    /// Point mirror with colours swapped: (i, j) -> (8 − i, 6 − j − (i mod 2)). Perft must be
    /// invariant under it.
    fn colour_mirror(&self) -> Pos {
        let mut m = Pos::empty(self.to_move.other());
        m.over = self.over;
        for (i, j) in all_cells() {
            if let Some(p) = self.at((i, j)) {
                m.set(
                    (8 - i, 6 - j - (i % 2)),
                    Some(Piece {
                        color: p.color.other(),
                        kind: p.kind,
                    }),
                );
            }
        }
        m
    }

    /// Left-right mirror (i, j) -> (8 − i, j); column parity is kept, so it is a symmetry.
    fn flip_lr(&self) -> Pos {
        let mut m = Pos::empty(self.to_move);
        m.over = self.over;
        for (i, j) in all_cells() {
            m.set((8 - i, j), self.at((i, j)));
        }
        m
    }

    fn is_own(&self, c: Cell, color: Color) -> bool {
        matches!(self.at(c), Some(p) if p.color == color)
    }

    fn next_to_own_intellector(&self, c: Cell, color: Color) -> bool {
        LATERAL.iter().any(|&d| {
            matches!(lateral(c, d).and_then(|n| self.at(n)),
                     Some(p) if p.color == color && p.kind == Kind::Intellector)
        })
    }

    /// Add the move(s) of the piece on `from` to `to`. The caller has checked that `to` does not
    /// hold an own piece and that the piece may go there (empty-only moves checked too).
    /// Handles promotion and the aura.
    fn push_dest(&self, from: Cell, to: Cell, out: &mut Vec<Move>) {
        let p = self.at(from).expect("moving piece");
        let target = self.at(to);
        debug_assert!(target.is_none_or(|t| t.color != p.color));
        let capture = target.is_some();
        let base = Move {
            from,
            to,
            castle: false,
            capture,
            becomes: None,
        };
        if p.kind == Kind::Progressor && is_final(to, p.color) {
            // Promotion is compulsory; a promoting capture gets the promotion choice only.
            for k in PROMOTIONS {
                out.push(Move {
                    becomes: Some(k),
                    ..base
                });
            }
            return;
        }
        out.push(base);
        if let Some(t) = target {
            if p.kind != Kind::Intellector
                && t.kind != p.kind
                && self.next_to_own_intellector(from, p.color)
            {
                out.push(Move {
                    becomes: Some(t.kind),
                    ..base
                });
            }
        }
    }

    fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.over {
            return out;
        }
        let me = self.to_move;
        for c in all_cells() {
            let p = match self.at(c) {
                Some(p) if p.color == me => p,
                _ => continue,
            };
            match p.kind {
                Kind::Progressor => {
                    for d in forward(me) {
                        if let Some(t) = lateral(c, d) {
                            if !self.is_own(t, me) {
                                self.push_dest(c, t, &mut out);
                            }
                        }
                    }
                }
                Kind::Dominator => {
                    for d in LATERAL {
                        let mut t = c;
                        while let Some(n) = lateral(t, d) {
                            t = n;
                            match self.at(t) {
                                None => self.push_dest(c, t, &mut out),
                                Some(q) => {
                                    if q.color != me {
                                        self.push_dest(c, t, &mut out);
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                Kind::Aggressor => {
                    // Only cells ON the radial line block; the two cells beside each vertex
                    // step are never looked at.
                    for d in RADIAL {
                        let mut t = c;
                        while let Some(n) = radial(t, d) {
                            t = n;
                            match self.at(t) {
                                None => self.push_dest(c, t, &mut out),
                                Some(q) => {
                                    if q.color != me {
                                        self.push_dest(c, t, &mut out);
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                Kind::Liberator => {
                    for d in LATERAL {
                        if let Some(t1) = lateral(c, d) {
                            // One step: empty cells only.
                            if self.at(t1).is_none() {
                                self.push_dest(c, t1, &mut out);
                            }
                            // Jump of exactly two cells, over anything: empty or capture.
                            if let Some(t2) = lateral(t1, d) {
                                if !self.is_own(t2, me) {
                                    self.push_dest(c, t2, &mut out);
                                }
                            }
                        }
                    }
                }
                Kind::Defensor => {
                    for d in LATERAL {
                        if let Some(t) = lateral(c, d) {
                            if !self.is_own(t, me) {
                                self.push_dest(c, t, &mut out);
                            }
                        }
                    }
                }
                Kind::Intellector => {
                    for d in LATERAL {
                        if let Some(t) = lateral(c, d) {
                            match self.at(t) {
                                // Step to an empty cell only; never captures.
                                None => self.push_dest(c, t, &mut out),
                                // Castling, counted once, as the Intellector's move.
                                Some(q) if q.color == me && q.kind == Kind::Defensor => {
                                    out.push(Move {
                                        from: c,
                                        to: t,
                                        castle: true,
                                        capture: false,
                                        becomes: None,
                                    })
                                }
                                _ => {}
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Does this (legal) move end the game?
    fn ends_game(&self, m: &Move) -> bool {
        let p = self.at(m.from).expect("moving piece");
        if m.castle {
            // The Intellector (on `from`) lands on `to`.
            return is_final(m.to, p.color);
        }
        let captured_int = matches!(self.at(m.to), Some(t) if t.kind == Kind::Intellector);
        captured_int || (p.kind == Kind::Intellector && is_final(m.to, p.color))
    }

    /// Copy-make.
    fn make(&self, m: &Move) -> Pos {
        let mut n = self.clone();
        let p = n.at(m.from).expect("moving piece");
        assert_eq!(p.color, self.to_move);
        n.over = self.ends_game(m);
        if m.castle {
            let d = n.at(m.to);
            assert!(
                p.kind == Kind::Intellector
                    && matches!(d, Some(q) if q.kind == Kind::Defensor && q.color == p.color)
            );
            n.set(m.from, d);
            n.set(m.to, Some(p));
        } else {
            n.set(m.from, None);
            n.set(
                m.to,
                Some(Piece {
                    color: p.color,
                    kind: m.becomes.unwrap_or(p.kind),
                }),
            );
        }
        n.to_move = self.to_move.other();
        n
    }
}

// ---------------------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------------------

fn perft(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&pos.make(m), depth - 1)).sum()
}

/// Breakdown of the leaf moves (the moves played at the last ply), for debugging a mismatch.
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
struct Stats {
    nodes: u64,
    captures: u64,
    castles: u64,
    promotions: u64,
    aura_morphs: u64,
    game_ends: u64,
}

fn perft_stats(pos: &Pos, depth: u32, s: &mut Stats) {
    let moves = pos.moves();
    if depth == 1 {
        for m in &moves {
            let p = pos.at(m.from).unwrap();
            s.nodes += 1;
            s.captures += m.capture as u64;
            s.castles += m.castle as u64;
            if m.becomes.is_some() {
                if p.kind == Kind::Progressor && is_final(m.to, p.color) {
                    s.promotions += 1;
                } else {
                    s.aura_morphs += 1;
                }
            }
            s.game_ends += pos.ends_game(m) as u64;
        }
        return;
    }
    for m in &moves {
        perft_stats(&pos.make(m), depth - 1, s);
    }
}

fn divide(pos: &Pos, depth: u32) -> Vec<(String, u64)> {
    let mut v: Vec<_> = pos
        .moves()
        .iter()
        .map(|m| (m.to_string(), perft(&pos.make(m), depth - 1)))
        .collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------------
// Test helpers
// ---------------------------------------------------------------------------------------------

fn names(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn find(pos: &Pos, name: &str) -> Move {
    *pos.moves()
        .iter()
        .find(|m| m.to_string() == name)
        .unwrap_or_else(|| panic!("no move {name}"))
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

/// Perft of the start position. Run with
/// `cargo test --release --test intellector_reference -- --nocapture` to see the numbers.
#[test]
fn reference_perft_start() {
    const EXPECTED: [u64; 4] = [35, 1_197, 42_198, 1_462_872];
    let pos = Pos::start();
    let mut got = Vec::new();
    for depth in 1..=4 {
        let mut s = Stats::default();
        perft_stats(&pos, depth, &mut s);
        assert_eq!(s.nodes, perft(&pos, depth));
        eprintln!(
            "intellector reference perft({depth}) = {} (leaf moves: captures {}, castles {}, promotions {}, aura morphs {}, game-ending {})",
            s.nodes, s.captures, s.castles, s.promotions, s.aura_morphs, s.game_ends
        );
        got.push(s.nodes);
    }
    assert_eq!(got, EXPECTED);
}

/// Depth 5, for reference only (slower): `cargo test --release --test intellector_reference -- --ignored --nocapture`.
#[test]
#[ignore]
fn reference_perft_start_depth5() {
    let pos = Pos::start();
    let mut s = Stats::default();
    perft_stats(&pos, 5, &mut s);
    eprintln!("intellector reference perft(5) = {} ({s:?})", s.nodes);
    assert_eq!(s.nodes, 52_739_447);
}

#[test]
fn board_geometry() {
    assert_eq!(all_cells().count(), 59);
    // The doc's examples.
    assert_eq!(cell("a1"), (0, 6));
    assert_eq!(cell("b1"), (1, 5));
    assert_eq!(cell("e7"), (4, 0));
    assert_eq!(cell("b6"), (1, 0));
    for c in all_cells() {
        assert_eq!(cell(&cell_name(c)), c);
        // Lateral and radial neighbourhoods are symmetric relations.
        let opp_l = [
            (Lat::Up, Lat::Down),
            (Lat::UpLeft, Lat::DownRight),
            (Lat::UpRight, Lat::DownLeft),
        ];
        for (a, b) in opp_l {
            if let Some(n) = lateral(c, a) {
                assert_eq!(lateral(n, b), Some(c));
            }
            if let Some(n) = lateral(c, b) {
                assert_eq!(lateral(n, a), Some(c));
            }
        }
        let opp_r = [
            (Rad::Left, Rad::Right),
            (Rad::UpLeft, Rad::DownRight),
            (Rad::UpRight, Rad::DownLeft),
        ];
        for (a, b) in opp_r {
            if let Some(n) = radial(c, a) {
                assert_eq!(radial(n, b), Some(c));
            }
        }
    }
    // Lateral neighbours of e1 and of b1, by hand.
    let nb = |s: &str| {
        let mut v: Vec<String> = LATERAL
            .iter()
            .filter_map(|&d| lateral(cell(s), d))
            .map(cell_name)
            .collect();
        v.sort();
        v
    };
    assert_eq!(nb("e1"), sorted(&["d1", "e2", "f1"]));
    assert_eq!(nb("b1"), sorted(&["a1", "a2", "b2", "c1", "c2"]));
    assert_eq!(nb("e4"), sorted(&["d3", "d4", "e3", "e5", "f3", "f4"]));
    // White final cells / Black final cells.
    let fin = |c: Color| {
        let mut v: Vec<String> = all_cells()
            .filter(|&x| is_final(x, c))
            .map(cell_name)
            .collect();
        v.sort();
        v
    };
    assert_eq!(fin(Color::White), sorted(&["a7", "c7", "e7", "g7", "i7"]));
    assert_eq!(fin(Color::Black), sorted(&["a1", "c1", "e1", "g1", "i1"]));
    // The start position matches the doc's (i, j) list and the point-mirror rule.
    let s = Pos::start();
    assert_eq!(s.colour_mirror().board, s.board);
    assert_eq!(s.flip_lr(), s);
    assert_eq!(
        s.at((4, 6)),
        Some(Piece {
            color: Color::White,
            kind: Kind::Intellector
        })
    );
    assert_eq!(
        s.at((1, 5)),
        Some(Piece {
            color: Color::White,
            kind: Kind::Liberator
        })
    );
}

/// White's 35 first moves, counted by hand from the rules:
///
/// * Progressors (13): a2: a3, b2 (2; no UpLeft); c2: c3, b2, d2 (3); e2: e3, d2, f2 (3);
///   g2: g3, f2, h2 (3); i2: i3, h2 (2).
/// * Liberators (6): b1 steps only to b2 (a1, a2, c1, c2 own); jumps b1→b2→b3 and
///   b1→c2→d2 (UpLeft over a2 leaves the board; DownLeft/DownRight/Down leave it): b2, b3, d2.
///   h1 likewise: h2, h3, f2.
/// * Defensors (2): d1-d2, f1-f2 (all other neighbours own or off the board).
/// * Intellector (2): no empty neighbour (e2, d1, f1 occupied); castles e1<>d1, e1<>f1.
/// * Dominators (0): a1 and i1 are boxed in.
/// * Aggressors (12): c1: UpLeft b2, a4; UpRight d2, e4, f5, xg7 (the long diagonal to the
///   black Aggressor is open at the start!); Left a1 / Right e1 own; down directions off.
///   g1 by symmetry: UpRight h2, i4; UpLeft f2, e4, d5, xc7.
#[test]
fn start_position_moves_by_hand() {
    let pos = Pos::start();
    let moves = pos.moves();
    let count = |k: Kind| {
        moves
            .iter()
            .filter(|m| pos.at(m.from).unwrap().kind == k)
            .count()
    };
    assert_eq!(count(Kind::Progressor), 13);
    assert_eq!(count(Kind::Liberator), 6);
    assert_eq!(count(Kind::Defensor), 2);
    assert_eq!(count(Kind::Intellector), 2);
    assert_eq!(count(Kind::Dominator), 0);
    assert_eq!(count(Kind::Aggressor), 12);
    assert_eq!(moves.len(), 35);
    assert_eq!(
        names(&moves),
        sorted(&[
            "a2-a3", "a2-b2", "c2-c3", "c2-b2", "c2-d2", "e2-e3", "e2-d2", "e2-f2", "g2-g3",
            "g2-f2", "g2-h2", "i2-i3", "i2-h2", //
            "b1-b2", "b1-b3", "b1-d2", "h1-h2", "h1-h3", "h1-f2", //
            "d1-d2", "f1-f2", //
            "e1<>d1", "e1<>f1", //
            "c1-b2", "c1-a4", "c1-d2", "c1-e4", "c1-f5", "c1xg7", //
            "g1-h2", "g1-i4", "g1-f2", "g1-e4", "g1-d5", "g1xc7",
        ])
    );
    // Black, if it were to move, has the mirrored 35.
    let mut b = Pos::start();
    b.to_move = Color::Black;
    let bm = b.moves();
    assert_eq!(bm.len(), 35);
    assert!(names(&bm).contains(&"g7xc1".to_string()));
    assert!(names(&bm).contains(&"e7<>d6".to_string()));
}

/// Castling, aura (including a morph into a Progressor, and none on a same-kind capture) and
/// "the Intellector never captures". White to move.
///
/// ```text
/// White: Int e3, Def f3, Dom d2        Black: Pro e4, Agg f4, Dom d4, Int i7
/// ```
#[test]
fn hand_position_castling_aura_intellector() {
    let pos = Pos::from_list(
        Color::White,
        &[
            ("wInt", "e3"),
            ("wDef", "f3"),
            ("wDom", "d2"),
            ("bPro", "e4"),
            ("bAgg", "f4"),
            ("bDom", "d4"),
            ("bInt", "i7"),
        ],
    );
    assert_eq!(
        names(&pos.moves()),
        sorted(&[
            // Intellector e3: Up e4 holds an enemy Progressor -> no capture; d2 own Dominator;
            // f3 own Defensor -> one castle; e2, d3, f2 empty.
            "e3-e2",
            "e3-d3",
            "e3-f2",
            "e3<>f3",
            // Defensor f3 (next to its Intellector): captures with aura into Agg / Pro;
            // its DownLeft neighbour is the Intellector (the castle is listed once, above).
            "f3xf4",
            "f3xf4=Agg",
            "f3xe4",
            "f3xe4=Pro",
            "f3-f2",
            "f3-g4",
            "f3-g3",
            // Dominator d2 (next to its Intellector): takes the Dominator on d4 -> no morph
            // (same kind); UpRight is its own Intellector.
            "d2-d3",
            "d2xd4",
            "d2-d1",
            "d2-c3",
            "d2-b3",
            "d2-a4",
            "d2-c2",
            "d2-b1",
            "d2-a1",
            "d2-e2",
            "d2-f1",
            "d2-g1",
        ])
    );
    // Castling swaps the two pieces; the game goes on (f3 is not a final cell).
    let after = pos.make(&find(&pos, "e3<>f3"));
    assert_eq!(after.at(cell("f3")).unwrap().kind, Kind::Intellector);
    assert_eq!(after.at(cell("e3")).unwrap().kind, Kind::Defensor);
    assert!(!after.over);
    // The aura morph changes the piece; the plain capture keeps it.
    let after = pos.make(&find(&pos, "f3xe4=Pro"));
    assert_eq!(
        after.at(cell("e4")),
        Some(Piece {
            color: Color::White,
            kind: Kind::Progressor
        })
    );
    let after = pos.make(&find(&pos, "f3xe4"));
    assert_eq!(
        after.at(cell("e4")),
        Some(Piece {
            color: Color::White,
            kind: Kind::Defensor
        })
    );
    // Without the Intellector next to it, the Defensor gets no aura.
    let mut far = pos.clone();
    far.set(cell("e3"), None);
    far.set(
        cell("a1"),
        Some(Piece {
            color: Color::White,
            kind: Kind::Intellector,
        }),
    );
    let f3: Vec<String> = names(&far.moves())
        .into_iter()
        .filter(|m| m.starts_with("f3"))
        .collect();
    assert_eq!(
        f3,
        sorted(&["f3xf4", "f3xe4", "f3-f2", "f3-g4", "f3-g3", "f3-e3"])
    );
}

/// Promotion (also by capture, and no aura on a promoting capture even next to the
/// Intellector), Liberator steps (empty only) and jumps (over anything, own landing cell
/// excluded). White to move.
///
/// ```text
/// White: Pro b6, Int b5, Lib e4, Pro f4, Pro g3      Black: Dom c7, Pro e5, Def e6, Int i7
/// ```
#[test]
fn hand_position_promotion_liberator() {
    let pos = Pos::from_list(
        Color::White,
        &[
            ("wPro", "b6"),
            ("wInt", "b5"),
            ("wLib", "e4"),
            ("wPro", "f4"),
            ("wPro", "g3"),
            ("bDom", "c7"),
            ("bPro", "e5"),
            ("bDef", "e6"),
            ("bInt", "i7"),
        ],
    );
    assert_eq!(
        names(&pos.moves()),
        sorted(&[
            // Progressor b6 (not final itself, next to its Intellector b5): a7 and xc7, each
            // with the 4 promotions and nothing else.
            "b6-a7=Dom",
            "b6-a7=Agg",
            "b6-a7=Lib",
            "b6-a7=Def", //
            "b6xc7=Dom",
            "b6xc7=Agg",
            "b6xc7=Lib",
            "b6xc7=Def", //
            // Intellector b5: Up is its own Progressor.
            "b5-b4",
            "b5-a6",
            "b5-c6",
            "b5-a5",
            "b5-c5",
            // Liberator e4: steps to empty e3, d4, d3, f3 (not onto e5: no step capture,
            // not f4: own); jumps over e5 to capture e6, over e3 to e2, over d4 to c5, over
            // own f4 to g5, over d3 to c3; not over f3 onto its own g3.
            "e4-e3",
            "e4-d4",
            "e4-d3",
            "e4-f3", //
            "e4xe6",
            "e4-e2",
            "e4-c5",
            "e4-g5",
            "e4-c3",
            // Progressors f4 and g3.
            "f4-f5",
            "f4xe5",
            "f4-g5", //
            "g3-g4",
            "g3-f3",
            "g3-h3",
        ])
    );
    // A promoted piece really is the new kind.
    let after = pos.make(&find(&pos, "b6xc7=Lib"));
    assert_eq!(
        after.at(cell("c7")),
        Some(Piece {
            color: Color::White,
            kind: Kind::Liberator
        })
    );
    assert!(!after.over);
}

/// Black to move: Black directions and promotion, radial lines blocked only ON the line,
/// castling into the final cells ends the game, capturing the Intellector ends the game and,
/// beside the own Intellector, offers the aura morph into an Intellector too.
///
/// ```text
/// Black: Int e2, Def e1, Def f1, Pro d1, Agg a4      White: Int f2, Pro b4, Def b3, Lib e4
/// ```
#[test]
fn hand_position_black_game_end() {
    let pos = Pos::from_list(
        Color::Black,
        &[
            ("bInt", "e2"),
            ("bDef", "e1"),
            ("bDef", "f1"),
            ("bPro", "d1"),
            ("bAgg", "a4"),
            ("wInt", "f2"),
            ("wPro", "b4"),
            ("wDef", "b3"),
            ("wLib", "e4"),
        ],
    );
    let moves = pos.moves();
    assert_eq!(
        names(&moves),
        sorted(&[
            // Intellector e2: f2 holds the white Intellector (never captured by it), d1 own
            // Progressor; two castles (e1 and f1), counted once each.
            "e2-e3",
            "e2-d2",
            "e2<>e1",
            "e2<>f1",
            // Defensor f1 is next to its Intellector: it takes the Intellector, and may
            // become one as it does (the aura, on the enemy Intellector too).
            "f1xf2",
            "f1xf2=Int",
            "f1-g2",
            "f1-g1",
            // Defensor e1: boxed in (e2, d1, f1 own; the rest off the board).
            // Progressor d1 -> c1 (Black's final cell): 4 promotions; e1 is own.
            "d1-c1=Dom",
            "d1-c1=Agg",
            "d1-c1=Lib",
            "d1-c1=Def",
            // Aggressor a4: Right passes between b4 and b3 (beside the vertex, not on the line)
            // to c4 and takes e4; UpRight b5, c7; DownRight b2, c1.
            "a4-c4",
            "a4xe4",
            "a4-b5",
            "a4-c7",
            "a4-b2",
            "a4-c1",
        ])
    );
    for m in &moves {
        let ends = pos.ends_game(m);
        let name = m.to_string();
        assert_eq!(
            ends,
            ["e2<>e1", "f1xf2", "f1xf2=Int"].contains(&name.as_str()),
            "{name}"
        );
        let after = pos.make(m);
        assert_eq!(after.over, ends);
        if ends {
            assert!(after.moves().is_empty());
            assert_eq!(perft(&after, 1), 0);
        } else {
            assert!(!after.moves().is_empty());
        }
    }
    // Plain Intellector steps onto the final cells also end the game.
    let p = Pos::from_list(Color::Black, &[("bInt", "e2"), ("wInt", "e7")]);
    let step = find(&p, "e2-e1");
    assert!(p.ends_game(&step));
    assert!(!p.ends_game(&find(&p, "e2-d1")));
    // perft(2): 6 Black moves, e2-e1 ends the game (0 replies), the other 5 allow White's
    // Intellector e7 its 3 steps (d6, e6, f6).
    assert_eq!(perft(&p, 2), 5 * 3);
}

/// Both mirror symmetries preserve perft; checks Black's directions against White's.
#[test]
fn mirror_symmetry() {
    let mut positions = vec![Pos::start()];
    let start = Pos::start();
    for name in ["c1xg7", "b1-d2", "e1<>f1", "g2-f2"] {
        positions.push(start.make(&find(&start, name)));
    }
    positions.push(Pos::from_list(
        Color::White,
        &[
            ("wInt", "e3"),
            ("wDef", "f3"),
            ("wDom", "d2"),
            ("bPro", "e4"),
            ("bAgg", "f4"),
            ("bDom", "d4"),
            ("bInt", "i7"),
        ],
    ));
    positions.push(Pos::from_list(
        Color::Black,
        &[
            ("bInt", "e2"),
            ("bDef", "e1"),
            ("bDef", "f1"),
            ("bPro", "d1"),
            ("bAgg", "a4"),
            ("wInt", "f2"),
            ("wPro", "b4"),
            ("wDef", "b3"),
            ("wLib", "e4"),
        ],
    ));
    for p in &positions {
        for depth in 1..=3 {
            let n = perft(p, depth);
            assert_eq!(perft(&p.colour_mirror(), depth), n);
            assert_eq!(perft(&p.flip_lr(), depth), n);
        }
    }
    // Divide is printed for the start position at depth 2 so a mismatch can be localised.
    for (m, n) in divide(&Pos::start(), 2) {
        eprintln!("divide(2) {m}: {n}");
    }
}
