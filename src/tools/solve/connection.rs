//! Virtual connections: what the proof-number solver may conclude about a Hex-like game
//! before searching a position.
//!
//! A *virtual connection* between two nodes (an empty cell, or a group of a player's
//! stones, each of the player's two goal sides counting as one more group) is a set of
//! empty cells, its *carrier*, inside which the player can join the two whatever the other
//! player does: a *full* connection holds with the other player moving first, a *semi*
//! connection needs the player to move first (at its *key*, one of its cells). They are
//! found by Anshelevich's H-search: two neighbours are joined with no carrier; two full
//! connections through a common node with disjoint carriers make a full connection when
//! that node is the player's group, a semi connection keyed on it when it is an empty cell
//! (the AND rule); semi connections between the same two nodes whose carriers share no cell
//! make a full connection (the OR rule). The search keeps a few carriers a pair and may
//! miss connections, never invent one.
//!
//! What it tells the solver about the position, for the player to move:
//! * a semi or full connection between the mover's own goal sides: the mover wins (play
//!   the key, then answer every move inside the carrier inside it);
//! * a full connection between the opponent's sides: the mover loses;
//! * semi connections between the opponent's sides: every move outside the cells all of
//!   them share loses (the opponent plays that connection's key), so only those cells need
//!   to be searched (the *must-play* region); none shared, and the mover loses.
//!
//! These conclusions hold only where joining one's sides is the whole game and the two
//! players' connections exclude each other, so they are used only where the compiled rules
//! say so (see [`Connections::new`]): two players, each of whose only move puts a stone of
//! theirs on any empty cell and whose only ending is a win by `connect` between two
//! opposite sides of a rhombus of hexagons (with its six neighbours), the other player's
//! pair being the other two sides. On such a board exactly one player is connected when
//! it is full (the Hex theorem), so nobody can connect while the other holds a connection.

use crate::engine::{BoardShape, EndCond, EndResult, Game, PieceId, Player, State, EMPTY, NO_CELL};

/// Full carriers kept for a pair of nodes.
const FULL_KEPT: usize = 4;
/// Semi carriers kept for a pair of nodes.
const SEMI_KEPT: usize = 8;
/// Nodes at most: the empty cells of a board of 64, its groups and the two sides.
const MAX_NODES: usize = 128;
/// New full connections combined at most in one position: bounds the time a position
/// takes (the search then knows less, never something false).
const MAX_STEPS: usize = 20_000;

/// One player's stones and goal sides.
#[derive(Clone, Debug)]
struct Side {
    /// The stone the player places, which `connect` counts.
    stone: PieceId,
    /// The two goal sides as cell bitsets.
    goals: [u64; 2],
}

/// The connection knowledge of one game (see the module docs).
#[derive(Clone, Debug)]
pub struct Connections {
    sides: [Side; 2],
    /// Per cell, its neighbours.
    nbrs: Vec<u64>,
}

/// What the connections say about a position, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The player to move wins.
    Wins,
    /// The player to move loses.
    Loses,
    /// Only moves on these cells can avoid losing.
    MustPlay(u64),
    /// Nothing known.
    Open,
}

impl Connections {
    /// The knowledge of `game`, when its compiled rules are of the kind the module docs
    /// describe; `None` otherwise.
    pub fn new(game: &Game) -> Option<Connections> {
        let board = game.board();
        let BoardShape::HexRhombus { width, height, .. } = board.shape else {
            return None;
        };
        let (w, h) = (i32::from(width), i32::from(height));
        if game.num_players() != 2 || board.len() > 64 || board.len() != (w * h) as usize {
            return None;
        }
        let stones = [
            game.places_on_any_empty_cell(Player(0))?,
            game.places_on_any_empty_cell(Player(1))?,
        ];
        let ends = game.ends();
        if ends.len() != 2 {
            return None;
        }
        let mut goals: [Option<([u64; 2], Vec<crate::engine::DirId>)>; 2] = [None, None];
        for end in ends {
            let EndCond::Connect { a, b, pieces, dirs } = &end.cond else {
                return None;
            };
            let p = end.players.trailing_zeros() as usize;
            if p > 1 || end.players != 1 << p || end.result != EndResult::Win {
                return None;
            }
            let only_stone = PieceId::upto(game.pieces().len())
                .all(|id| pieces[Player(p as u8)].contains(id) == (id == stones[p]));
            if goals[p].is_some() || !only_stone {
                return None;
            }
            let zone = |z: &crate::engine::ZoneId| {
                crate::engine::CellId::upto(board.len())
                    .filter(|&c| board.zones[z.index()].contains(Player(p as u8), c))
                    .fold(0u64, |m, c| m | 1 << c.index())
            };
            goals[p] = Some(([zone(a), zone(b)], dirs.clone()));
        }
        let [Some((g0, d0)), Some((g1, d1))] = goals else {
            return None;
        };
        let neighbours = |dirs: &[crate::engine::DirId]| -> Vec<u64> {
            crate::engine::CellId::upto(board.len())
                .map(|c| {
                    dirs.iter()
                        .map(|&d| board.next(c, d))
                        .filter(|&n| n != NO_CELL)
                        .fold(0u64, |m, n| m | 1 << n.index())
                })
                .collect()
        };
        let nbrs = neighbours(&d0);
        if neighbours(&d1) != nbrs {
            return None;
        }
        // The board must be the rhombus of hexagons with its six neighbours, and the two
        // players' goals two pairs of opposite sides.
        let at = |c: i32, r: i32| -> Option<usize> {
            (0..w)
                .contains(&c)
                .then_some(())
                .filter(|_| (0..h).contains(&r))
                .and_then(|_| {
                    board
                        .cells
                        .iter()
                        .position(|cell| cell.col == c && cell.row == r)
                })
        };
        let ring = |lean: i32, cell: &crate::engine::Cell| -> u64 {
            let (c, r) = (cell.col, cell.row);
            [
                (c - 1, r),
                (c + 1, r),
                (c, r - 1),
                (c, r + 1),
                (c + lean, r - 1),
                (c - lean, r + 1),
            ]
            .iter()
            .filter_map(|&(c, r)| at(c, r))
            .fold(0u64, |m, i| m | 1 << i)
        };
        let hexagons = [1, -1].iter().any(|&lean| {
            board
                .cells
                .iter()
                .enumerate()
                .all(|(i, cell)| ring(lean, cell) == nbrs[i])
        });
        let line = |keep: &dyn Fn(&crate::engine::Cell) -> bool| -> u64 {
            board
                .cells
                .iter()
                .enumerate()
                .filter(|(_, cell)| keep(cell))
                .fold(0u64, |m, (i, _)| m | 1 << i)
        };
        let rows = [line(&|c| c.row == 0), line(&|c| c.row == h - 1)];
        let cols = [line(&|c| c.col == 0), line(&|c| c.col == w - 1)];
        let pair = |g: [u64; 2], sides: [u64; 2]| g == sides || g == [sides[1], sides[0]];
        let opposite = (pair(g0, rows) && pair(g1, cols)) || (pair(g0, cols) && pair(g1, rows));
        if !hexagons || !opposite {
            return None;
        }
        Some(Connections {
            sides: [
                Side {
                    stone: stones[0],
                    goals: g0,
                },
                Side {
                    stone: stones[1],
                    goals: g1,
                },
            ],
            nbrs,
        })
    }

    /// What the connections say about `s` for the player to move (see [`Verdict`]).
    pub fn judge(&self, s: &State, scratch: &mut VcScratch) -> Verdict {
        let mover = s.to_move().index();
        let other = 1 - mover;
        let empty = s.cells_of(EMPTY)[0];
        if self.search(s, mover, empty, scratch, true).is_some() {
            return Verdict::Wins;
        }
        match self.search(s, other, empty, scratch, false) {
            Some(Found::Full) => Verdict::Loses,
            Some(Found::Semis(0)) => Verdict::Loses,
            Some(Found::Semis(must)) => Verdict::MustPlay(must),
            None => Verdict::Open,
        }
    }

    /// H-search for player `p`: whether `p`'s two sides are joined by a full connection,
    /// or else by semi connections (the cells all of those found share). It stops at the
    /// first full connection of the sides, or (`any`) at the first connection of either
    /// kind.
    fn search(
        &self,
        s: &State,
        p: usize,
        empty: u64,
        vc: &mut VcScratch,
        any: bool,
    ) -> Option<Found> {
        let side = &self.sides[p];
        let stones = s.cells_of(side.stone)[0];
        vc.start();
        // The two sides first (nodes 0 and 1), each with the stones joined to it.
        let mut left = stones;
        for goal in side.goals {
            let members = self.flood(goal & stones, stones);
            left &= !members;
            vc.node(0, (goal & empty) | (self.around(members) & empty));
        }
        if vc.adj[0] == 0 || vc.adj[1] == 0 {
            return None;
        }
        while left != 0 {
            let group = self.flood(left & left.wrapping_neg(), stones);
            left &= !group;
            vc.node(0, self.around(group) & empty);
        }
        let mut cells = empty;
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            vc.cell_node[c] = vc.n as u8;
            vc.node(1 << c, self.nbrs[c] & empty);
            if vc.n >= MAX_NODES {
                return None;
            }
        }
        for x in 0..vc.n {
            let mut adj = vc.adj[x];
            while adj != 0 {
                let c = adj.trailing_zeros() as usize;
                adj &= adj - 1;
                vc.add_full(x, usize::from(vc.cell_node[c]), 0);
            }
        }
        vc.run(any);
        vc.verdict()
    }

    /// The cells next to any of `cells`.
    fn around(&self, cells: u64) -> u64 {
        super::estimate::around(&self.nbrs, cells)
    }

    /// `start` grown through `stones` along neighbours.
    fn flood(&self, start: u64, stones: u64) -> u64 {
        super::estimate::flood(&self.nbrs, start, start, stones)
    }
}

/// Adds `carrier` after the first `len` carriers of `list` unless one of them is a subset
/// of it (it would add nothing), first dropping those it is a subset of; the new length, or
/// `None` when nothing was added (a subset known, or the list full).
fn keep_minimal<const N: usize>(list: &mut [u64; N], len: usize, carrier: u64) -> Option<usize> {
    if list[..len].iter().any(|&c| c & !carrier == 0) {
        return None;
    }
    let mut kept = 0;
    for j in 0..len {
        if carrier & !list[j] != 0 {
            list[kept] = list[j];
            kept += 1;
        }
    }
    if kept == N {
        return None;
    }
    list[kept] = carrier;
    Some(kept + 1)
}

/// What H-search found between a player's two sides.
enum Found {
    Full,
    /// The cells every semi connection found holds (0: none shared).
    Semis(u64),
}

/// The connections of one H-search, reused from position to position so that a position
/// allocates nothing.
#[derive(Clone, Debug)]
pub struct VcScratch {
    /// Nodes in use.
    n: usize,
    /// Per node: its cell as a bit (0 for a group or a side).
    bit: Vec<u64>,
    /// Per node: the empty cells next to it.
    adj: Vec<u64>,
    /// Per empty cell: its node.
    cell_node: [u8; 64],
    /// Per pair of nodes ([`VcScratch::pair`]): carriers kept and how many.
    full: Vec<[u64; FULL_KEPT]>,
    full_len: Vec<u8>,
    semi: Vec<[u64; SEMI_KEPT]>,
    semi_len: Vec<u8>,
    /// Per node: the nodes it has a full connection with.
    partners: Vec<u128>,
    /// The nodes that are groups (or sides), not cells.
    groups: u128,
    /// Full connections not yet combined: (x, y, carrier).
    queue: Vec<(u8, u8, u64)>,
    /// Pairs whose lists were written, to clear before the next search.
    touched: Vec<u16>,
}

impl Default for VcScratch {
    fn default() -> VcScratch {
        VcScratch {
            n: 0,
            bit: Vec::with_capacity(MAX_NODES),
            adj: Vec::with_capacity(MAX_NODES),
            cell_node: [0; 64],
            full: vec![[0; FULL_KEPT]; MAX_NODES * MAX_NODES],
            full_len: vec![0; MAX_NODES * MAX_NODES],
            semi: vec![[0; SEMI_KEPT]; MAX_NODES * MAX_NODES],
            semi_len: vec![0; MAX_NODES * MAX_NODES],
            partners: vec![0; MAX_NODES],
            groups: 0,
            queue: Vec::new(),
            touched: Vec::new(),
        }
    }
}

impl VcScratch {
    fn start(&mut self) {
        for &i in &self.touched {
            self.full_len[usize::from(i)] = 0;
            self.semi_len[usize::from(i)] = 0;
        }
        self.touched.clear();
        self.partners[..self.n].fill(0);
        self.n = 0;
        self.groups = 0;
        self.bit.clear();
        self.adj.clear();
        self.queue.clear();
    }

    /// Adds a node: its cell bit (0 for a group) and its empty neighbours.
    fn node(&mut self, bit: u64, adj: u64) {
        if bit == 0 {
            self.groups |= 1 << self.n;
        }
        self.bit.push(bit);
        self.adj.push(adj);
        self.n += 1;
    }

    /// The index of the pair `x`, `y` (either order) in the carrier lists: rows as long
    /// as this search's nodes, so that a small board's lists lie close together.
    fn pair(&self, x: usize, y: usize) -> usize {
        let (x, y) = if x < y { (x, y) } else { (y, x) };
        x * self.n + y
    }

    /// Records a full connection `x`–`y` on `carrier`, unless one on a subset is known.
    fn add_full(&mut self, x: usize, y: usize, carrier: u64) {
        if x == y {
            return;
        }
        let i = self.pair(x, y);
        let len = usize::from(self.full_len[i]);
        let Some(kept) = keep_minimal(&mut self.full[i], len, carrier) else {
            return;
        };
        if len == 0 && self.semi_len[i] == 0 {
            self.touched.push(i as u16);
        }
        self.full_len[i] = kept as u8;
        self.partners[x] |= 1u128 << y;
        self.partners[y] |= 1u128 << x;
        self.queue.push((x as u8, y as u8, carrier));
    }

    /// Records a semi connection `x`–`y` on `carrier` (its key included) and tries the OR
    /// rule with the others of the pair.
    fn add_semi(&mut self, x: usize, y: usize, carrier: u64) {
        let i = self.pair(x, y);
        let flen = usize::from(self.full_len[i]);
        if self.full[i][..flen].iter().any(|&c| c & !carrier == 0) {
            return;
        }
        let len = usize::from(self.semi_len[i]);
        let Some(kept) = keep_minimal(&mut self.semi[i], len, carrier) else {
            return;
        };
        if flen == 0 && len == 0 {
            self.touched.push(i as u16);
        }
        self.semi_len[i] = kept as u8;
        // The pair's other carriers (a copy: the OR rule may add a full connection).
        let others = self.semi[i];
        // OR: the new carrier first, then each other one that narrows what all share.
        let mut shared = carrier;
        let mut union = carrier;
        for &c in &others[..kept - 1] {
            if shared & c != shared {
                shared &= c;
                union |= c;
                if shared == 0 {
                    self.add_full(x, y, union);
                    return;
                }
            }
        }
    }

    /// The AND rule on every full connection until none is new (or the step budget ends).
    /// (Stopping once the sides, nodes 0 and 1, are joined by a full connection, or by
    /// any connection when `any` is set: what is found after that changes no verdict.)
    fn run(&mut self, any: bool) {
        // First in, first out: the connections on small carriers, found first, are
        // combined first.
        let sides = self.pair(0, 1);
        let mut next = 0;
        while next < self.queue.len().min(MAX_STEPS) {
            let (x, y, carrier) = self.queue[next];
            next += 1;
            let (x, y) = (usize::from(x), usize::from(y));
            self.join_through(y, x, carrier);
            self.join_through(x, y, carrier);
            if self.full_len[sides] > 0 || (any && self.semi_len[sides] > 0) {
                return;
            }
        }
    }

    /// Combines the full connection `end`–`mid` on `carrier` with every full connection
    /// from `mid` to another node.
    fn join_through(&mut self, mid: usize, end: usize, carrier: u64) {
        let mut others = self.partners[mid] & !(1u128 << end);
        while others != 0 {
            let far = others.trailing_zeros() as usize;
            others &= others - 1;
            let i = self.pair(mid, far);
            for j in 0..usize::from(self.full_len[i]) {
                let c = self.full[i][j];
                if c & carrier != 0 || c & self.bit[end] != 0 || carrier & self.bit[far] != 0 {
                    continue;
                }
                if self.bit[mid] == 0 {
                    self.add_full(end, far, c | carrier);
                } else {
                    self.add_semi(end, far, c | carrier | self.bit[mid]);
                }
            }
        }
    }

    /// What joins nodes 0 and 1 (the two sides).
    fn verdict(&self) -> Option<Found> {
        let i = self.pair(0, 1);
        if self.full_len[i] > 0 {
            return Some(Found::Full);
        }
        let semis = &self.semi[i][..usize::from(self.semi_len[i])];
        (!semis.is_empty()).then(|| Found::Semis(semis.iter().fold(u64::MAX, |m, &c| m & c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;

    use crate::games::load_with as load;

    /// Hex's rules written anew on `board`, Black joining zones `z[0]` and `z[1]`, White
    /// `z[2]` and `z[3]`.
    fn hex_like(board: &str, z: [&str; 4]) -> Game {
        let src = format!(
            "game \"H\"\nplayers Black, White\nboard {board}\n\
             piece stone = \"x\" for Black, \"o\" for White\n\
             move place(stone, on: empty)\n\
             win if connect({}, {}) for Black\nwin if connect({}, {}) for White\n",
            z[0], z[1], z[2], z[3]
        );
        crate::compile::compile_source("h", "h.game", &src, &[]).expect("the rule file compiles")
    }

    fn after(g: &Game, moves: &[&str]) -> State {
        let mut s = g.start();
        for m in moves {
            let mv = g.parse_move(&s, m).expect("a legal move");
            g.make(&mut s, mv);
        }
        s
    }

    fn judge(g: &Game, moves: &[&str]) -> Verdict {
        let conn = Connections::new(g).expect("Hex takes connections");
        conn.judge(&after(g, moves), &mut VcScratch::default())
    }

    #[test]
    fn taken_only_where_the_rules_are_hexs() {
        for size in ["2", "4", "6", "8"] {
            assert!(
                Connections::new(&load("hex", &[("size", size)])).is_some(),
                "{size}"
            );
        }
        // More than 64 cells, the pie rule, a neutral stone, other games.
        assert!(Connections::new(&load("hex", &[("size", "9")])).is_none());
        assert!(Connections::new(&load("hex", &[("size", "5"), ("swap", "yes")])).is_none());
        for name in ["nex", "tictactoe", "connect4", "go", "reversi"] {
            assert!(Connections::new(&load(name, &[])).is_none(), "{name}");
        }
        // The same rules written anew are taken, on a rectangle of hexagons too; not on
        // squares (where both players may fail to connect), nor with sides that are not
        // opposite.
        let sides = ["top", "bottom", "left", "right"];
        assert!(Connections::new(&hex_like("hex(5, 5)", sides)).is_some());
        assert!(Connections::new(&hex_like("hex(5, 4)", sides)).is_some());
        assert!(Connections::new(&hex_like("square(5, 5)", sides)).is_none());
        let adjacent = ["top", "left", "bottom", "right"];
        assert!(Connections::new(&hex_like("hex(5, 5)", adjacent)).is_none());
    }

    #[test]
    fn bridges_settle_the_small_board() {
        let g = load("hex", &[("size", "3")]);
        // The centre reaches both sides by two-cell bridges: Black to move wins (the
        // sides are joined by a semi connection keyed on it).
        assert_eq!(judge(&g, &[]), Verdict::Wins);
        // Once it is played, White (to move) has lost.
        assert_eq!(judge(&g, &["b2"]), Verdict::Loses);
        // After the acute corner, a losing first move, White has the centre's bridges.
        assert_eq!(judge(&g, &["a1"]), Verdict::Wins);
    }

    #[test]
    fn verdicts_after_each_first_move_agree_with_the_values() {
        // 4 × 4 Hex: d1, c2, b3 and a4 win for Black, the other twelve lose (the exact
        // solver's values, tests/solve_dfpn.rs). After a winning move White (to move) is
        // never judged the winner, after a losing one never the loser; and a must-play
        // region never holds a stone.
        let g = load("hex", &[("size", "4")]);
        let mut narrowed = 0;
        for c in crate::engine::CellId::upto(16) {
            let name = g.board().cells[c.index()].name.clone();
            let wins = ["d1", "c2", "b3", "a4"].contains(&name.as_str());
            match judge(&g, &[&name]) {
                Verdict::Wins => assert!(!wins, "{name}"),
                Verdict::Loses => assert!(wins, "{name}"),
                Verdict::MustPlay(m) => {
                    assert!(m != 0 && m >> c.index() & 1 == 0, "{name}: {m:b}");
                    narrowed += 1;
                }
                Verdict::Open => {}
            }
        }
        assert!(narrowed > 0);
    }

    #[test]
    fn a_stone_on_the_third_row_holds_its_side() {
        // The ziggurat (edge template IIIa): a stone on the third row from its side is
        // joined to it against any move. 5 × 5 Hex's centre is on the third row from both
        // of Black's sides, and the two templates share no cell: White, to move, has lost.
        let g = load("hex", &[("size", "5")]);
        let s = after(&g, &["c3"]);
        let conn = Connections::new(&g).expect("Hex");
        let mut vc = VcScratch::default();
        let empty = s.cells_of(EMPTY)[0];
        let c3 = g.board().cell_by_name("c3").expect("c3").index();
        assert!(conn.search(&s, 0, empty, &mut vc, false).is_some());
        // Nodes 0 and 1 are Black's sides, node 2 the stone on c3.
        assert_eq!((vc.bit[2], vc.adj[2]), (0, conn.nbrs[c3] & empty));
        assert!(vc.full_len[vc.pair(0, 2)] > 0, "c3 holds the top side");
        assert!(vc.full_len[vc.pair(1, 2)] > 0, "and the bottom side");
        assert_eq!(conn.judge(&s, &mut vc), Verdict::Loses);
    }
}
