//! Where each piece could ever stand: a sound over-approximation of the cells the rules can
//! bring each piece (kind and owner) to, worked out once when the game is assembled, so that a
//! position naming a piece on a cell it could never reach is refused (a chess pawn on its own
//! first rank, a xiangqi general outside its palace).
//!
//! The analysis follows the movement of pieces, not their surroundings: from the cells a
//! piece starts on, each rule that moves it carries it along its directions (steps, leaps,
//! slides, jumps, castling, en passant, swaps), ignoring what stands on the cells except
//! where a condition rules a cell out whatever stands on it (a zone in `to:`, `through:` or
//! `from:`). A compulsory promotion takes the piece out of its promotion zone, into the new
//! kind there. Whatever the analysis does not follow cell by cell (placements, drops, flying,
//! tracks and races, conversions, taking on a captured kind, the pie rule's swap, a promotion
//! in the middle of a move) makes the pieces it creates or moves possible anywhere. Being an
//! over-approximation, it never refuses a position the rules can reach; it only misses some
//! that they cannot.

use super::prim::jump::Jump;
use super::prim::slide::Slide;
use super::prim::step::Step;
use super::rules::Part;
use super::{CellCond, CellId, DirId, Game, PieceId, Player, Rule, EMPTY, NO_CELL};

/// For each piece id, a bitset of the cells it could ever stand on (`None`: anywhere).
#[derive(Clone, Debug, Default)]
pub struct Reach {
    cells: Vec<Option<Vec<u64>>>,
    census: super::census::Census,
}

impl Reach {
    /// Whether `piece` could ever stand on `cell` (empty cells and unknown ids: yes).
    pub fn may_stand(&self, piece: PieceId, cell: CellId) -> bool {
        match self.cells.get(piece.index()) {
            Some(Some(bits)) => bits[cell.index() / 64] >> (cell.index() % 64) & 1 == 1,
            _ => true,
        }
    }

    /// How many pieces the rules allow (see [`Census`](super::census::Census)).
    pub fn census(&self) -> &super::census::Census {
        &self.census
    }

    /// Works out the reach of every piece of `game` from its start position and rules.
    pub fn of(game: &Game) -> Reach {
        let cells = game.board.len();
        let words = cells.div_ceil(64);
        let mut r = Work {
            game,
            sets: vec![Some(vec![0u64; words]); game.pieces.len()],
            passed: vec![vec![false; cells]; game.num_players()],
            changed: true,
        };
        r.sets[EMPTY.index()] = None;
        for (c, &q) in game.start_board.iter().enumerate() {
            r.add(q, CellId::new(c as u16));
        }
        // Pieces kept off the board (reserves, borne off) enter by rules this analysis does
        // not follow cell by cell. A piece in a hand enters only by a drop, which `created`
        // follows to the cells the drop's `on:` allows.
        if game.reserve_kind.is_some() || game.dice.is_some() {
            for q in game.pieces.iter().map(|pt| pt.kind) {
                for p in 0..game.num_players() {
                    r.anywhere(game.piece_id(q, Some(Player(p as u8))));
                }
            }
        }
        while r.changed {
            r.changed = false;
            for rule in &game.rules {
                for p in 0..game.num_players() {
                    if rule.players >> p & 1 == 1 {
                        r.rule(rule, Player(p as u8));
                    }
                }
            }
        }
        Reach {
            cells: r.sets,
            census: super::census::Census::of(game),
        }
    }
}

/// The fixpoint under construction.
struct Work<'g> {
    game: &'g Game,
    sets: Vec<Option<Vec<u64>>>,
    /// Per player, the cells a `passable` slide of theirs may pass over (where an enemy may
    /// land en passant).
    passed: Vec<Vec<bool>>,
    changed: bool,
}

impl Work<'_> {
    fn has(&self, q: PieceId, c: CellId) -> bool {
        match &self.sets[q.index()] {
            Some(bits) => bits[c.index() / 64] >> (c.index() % 64) & 1 == 1,
            None => true,
        }
    }

    fn add(&mut self, q: PieceId, c: CellId) {
        if let Some(Some(bits)) = self.sets.get_mut(q.index()) {
            let (w, b) = (c.index() / 64, 1u64 << (c.index() % 64));
            if bits[w] & b == 0 {
                bits[w] |= b;
                self.changed = true;
            }
        }
    }

    fn anywhere(&mut self, q: PieceId) {
        if let Some(slot) = self.sets.get_mut(q.index()) {
            if slot.is_some() && q != EMPTY {
                *slot = None;
                self.changed = true;
            }
        }
    }

    /// Every piece of every owner, anywhere.
    fn everything_anywhere(&mut self) {
        for q in 1..self.game.pieces.len() {
            self.anywhere(PieceId::from_index(q));
        }
    }

    /// Every piece `p` owns, anywhere.
    fn all_of_anywhere(&mut self, p: Player) {
        for q in 1..self.game.pieces.len() {
            if self.game.pieces[q].owner == Some(p) {
                self.anywhere(PieceId::from_index(q));
            }
        }
    }

    fn cells_of(&self, q: PieceId) -> Vec<CellId> {
        CellId::upto(self.game.board.len())
            .filter(|&c| self.has(q, c))
            .collect()
    }

    /// Follows one rule for the pieces of `p` it moves (or the pieces it creates).
    fn rule(&mut self, rule: &Rule, p: Player) {
        let game = self.game;
        if rule.kinds.is_empty() {
            // A rule that starts from no piece: what it puts down may go anywhere.
            for part in &rule.parts {
                self.created(part, p);
            }
            return;
        }
        for &k in &rule.kinds {
            let Some(q) = game.find_piece(k, Some(p)) else {
                continue;
            };
            if self.sets[q.index()].is_none() {
                continue;
            }
            let from: Vec<CellId> = self
                .cells_of(q)
                .into_iter()
                .filter(|&c| {
                    rule.from
                        .as_ref()
                        .is_none_or(|f| f.accepts(&game.board, p, c, q))
                })
                .collect();
            self.parts(&rule.parts, p, q, from);
        }
    }

    /// Every piece of kind `k`, whoever owns it, anywhere.
    fn kind_anywhere(&mut self, k: super::KindId) {
        for q in 1..self.game.pieces.len() {
            if self.game.pieces[q].kind == k {
                self.anywhere(PieceId::from_index(q));
            }
        }
    }

    /// What a part creates or changes beyond the moving piece, made possible anywhere.
    fn created(&mut self, part: &Part, p: Player) {
        match part {
            Part::Place(pl) if pl.hand.is_some() => {
                // A drop from the hand: the dropped piece is the mover's, on any cell whose
                // zone lets `on:` accept some content (`not last-rank`).
                let q = self.game.placed_piece(pl.kind, p);
                for c in CellId::upto(self.game.board.len()) {
                    if may_hold(&pl.on, self.game, p, c) {
                        self.add(q, c);
                    }
                }
            }
            Part::Place(pl) => self.kind_anywhere(pl.kind),
            Part::Drop(d) => self.kind_anywhere(d.kind),
            Part::Shoot(s) => self.kind_anywhere(s.kind),
            Part::Convert(c) => self.kind_anywhere(c.kind),
            Part::Outflank(_) | Part::BecomeCaptured(_) => self.all_of_anywhere(p),
            // Crowned in mid-series, the new kind may go on anywhere.
            Part::Jump(Jump { crown: Some(c), .. }) => self.kind_anywhere(c.kind),
            Part::Pattern(x) if x.converts() => self.all_of_anywhere(p),
            Part::Pattern(_) => {}
            Part::SwapSides(_) => self.everything_anywhere(),
            // Counters may be sown onto any cell.
            Part::Sow(_) => self.everything_anywhere(),
            Part::Step(_)
            | Part::Slide(_)
            | Part::Jump(_)
            | Part::EnPassant(_)
            | Part::Castle(_)
            | Part::Swap(_)
            | Part::Promote(_)
            | Part::Advance(_)
            | Part::Fly(_)
            | Part::Remove(_)
            | Part::RemoveSurrounded(_)
            | Part::Pass(_) => {}
        }
    }

    /// Carries piece `q` of `p`, standing on any of `at`, through `parts`.
    fn parts(&mut self, parts: &[Part], p: Player, q: PieceId, mut at: Vec<CellId>) {
        let game = self.game;
        let board = &game.board;
        for (i, part) in parts.iter().enumerate() {
            self.created(part, p);
            let mut next: Vec<CellId> = Vec::new();
            match part {
                Part::Step(Step { dirs, to, .. }) => {
                    for &c in &at {
                        for &d in &dirs[p] {
                            push_if(&mut next, board.next(c, d), to, game, p);
                        }
                    }
                }
                Part::Slide(Slide {
                    dirs,
                    to,
                    through,
                    min,
                    max,
                    screens,
                    counted,
                    passable,
                }) => {
                    let (min, max) = if *counted {
                        (1, u16::MAX)
                    } else {
                        (*min, *max)
                    };
                    let through = (*screens == 0).then_some(through);
                    for &c in &at {
                        for &d in &dirs[p] {
                            self.slide(c, d, p, min, max, Some(to), through, &mut next);
                            if *passable {
                                // Every cell short of the farthest landing may be passed.
                                let mut passed = Vec::new();
                                self.slide(
                                    c,
                                    d,
                                    p,
                                    1,
                                    max.saturating_sub(1),
                                    None,
                                    through,
                                    &mut passed,
                                );
                                for t in passed {
                                    if !self.passed[p.index()][t.index()] {
                                        self.passed[p.index()][t.index()] = true;
                                        self.changed = true;
                                    }
                                }
                            }
                        }
                    }
                }
                Part::Jump(
                    j @ Jump {
                        dirs,
                        over,
                        to,
                        repeat,
                        ..
                    },
                ) => {
                    let flying = &j.long_hops();
                    let mut frontier = at.clone();
                    let mut seen = vec![false; board.len()];
                    while !frontier.is_empty() {
                        let mut landed = Vec::new();
                        for &c in &frontier {
                            for &d in &dirs[p] {
                                let mut o = board.next(c, d);
                                while o != NO_CELL {
                                    let t = board.next(o, d);
                                    if may_hold(over, game, p, o) {
                                        if *flying {
                                            let mut t = t;
                                            while t != NO_CELL {
                                                push_if(&mut landed, t, to, game, p);
                                                t = board.next(t, d);
                                            }
                                        } else {
                                            push_if(&mut landed, t, to, game, p);
                                        }
                                    }
                                    if !*flying {
                                        break;
                                    }
                                    o = t;
                                }
                            }
                        }
                        frontier.clear();
                        for t in landed {
                            if !seen[t.index()] {
                                seen[t.index()] = true;
                                next.push(t);
                                if *repeat {
                                    frontier.push(t);
                                }
                            }
                        }
                    }
                }
                Part::EnPassant(e) => {
                    // It lands where an enemy's passable slide passed.
                    for &c in &at {
                        for &d in &e.dirs[p] {
                            let t = board.next(c, d);
                            if t != NO_CELL
                                && (0..game.num_players())
                                    .any(|o| o != p.index() && self.passed[o][t.index()])
                            {
                                next.push(t);
                            }
                        }
                    }
                }
                Part::Castle(cs) => {
                    for &c in &at {
                        for &d in &cs.dirs[p] {
                            let mut t = c;
                            for _ in 0..cs.steps {
                                t = board.next(t, d);
                                if t == NO_CELL {
                                    break;
                                }
                                next.push(t);
                            }
                        }
                    }
                    // The partner ends beside the king along the same line: any piece of
                    // the player may slide along it.
                    for other in 1..game.pieces.len() {
                        if game.pieces[other].owner != Some(p) {
                            continue;
                        }
                        for c in self.cells_of(PieceId::from_index(other)) {
                            for &d in &cs.dirs[p] {
                                let mut found = Vec::new();
                                self.slide(c, d, p, 1, u16::MAX, None, None, &mut found);
                                for t in found {
                                    self.add(PieceId::from_index(other), t);
                                }
                            }
                        }
                    }
                }
                Part::Swap(sw) => {
                    // The mover goes to its partner's cell; the partner (any piece) comes back
                    // the other way.
                    for &c in &at {
                        for &d in &sw.dirs[p] {
                            let t = board.next(c, d);
                            if t != NO_CELL {
                                next.push(t);
                            }
                        }
                    }
                    for other in 1..game.pieces.len() {
                        for c in CellId::upto(board.len()) {
                            if sw.dirs[p].iter().any(|&d| {
                                board.next(c, d) != NO_CELL
                                    && self.has(PieceId::from_index(other), board.next(c, d))
                            }) {
                                self.add(PieceId::from_index(other), c);
                            }
                        }
                    }
                }
                Part::Promote(pr) => {
                    let zone = &board.zones[pr.zone.index()];
                    let last = i + 1 == parts.len();
                    for &k in &pr.kinds {
                        let into = game.piece_id(k, Some(p));
                        if !last || pr.leaving {
                            self.anywhere(into);
                        }
                        for &c in &at {
                            if zone.contains(p, c) {
                                self.add(into, c);
                            }
                        }
                    }
                    let forced = pr.forced.map(|f| &board.zones[f.index()]);
                    next = at
                        .iter()
                        .copied()
                        .filter(|&c| {
                            !(!pr.optional && zone.contains(p, c)
                                || forced.is_some_and(|f| f.contains(p, c)))
                        })
                        .collect();
                }
                Part::Fly(_) | Part::Advance(_) | Part::BecomeCaptured(_) => {
                    self.anywhere(q);
                    if let Part::Advance(a) = part {
                        if let Some((k, _)) = a.flip {
                            self.anywhere(game.piece_id(k, Some(p)));
                        }
                    }
                    return;
                }
                Part::Place(_)
                | Part::Drop(_)
                | Part::Shoot(_)
                | Part::Convert(_)
                | Part::Outflank(_)
                | Part::Pattern(_)
                | Part::Remove(_)
                | Part::RemoveSurrounded(_)
                | Part::Pass(_)
                | Part::SwapSides(_)
                | Part::Sow(_) => next = at.clone(),
            }
            // After a promotion the piece keeps being followed as its old kind (the new
            // kinds were added above, and are anywhere if the move goes on).
            at = next;
            if at.is_empty() {
                return;
            }
        }
        for c in at {
            self.add(q, c);
        }
    }

    /// The cells a slide from `c` along `d` may stop on, `min..=max` steps away.
    #[allow(clippy::too_many_arguments)]
    fn slide(
        &self,
        c: CellId,
        d: DirId,
        p: Player,
        min: u16,
        max: u16,
        to: Option<&CellCond>,
        through: Option<&CellCond>,
        out: &mut Vec<CellId>,
    ) {
        let game = self.game;
        // A board whose lines close into rings brings a slide back round: no more steps
        // than cells.
        let max = max.min(u16::try_from(game.board.len()).unwrap_or(u16::MAX));
        let mut t = c;
        let mut n = 0u16;
        while n < max {
            t = game.board.next(t, d);
            if t == NO_CELL || t == c {
                break;
            }
            n += 1;
            if n >= min && to.is_none_or(|to| may_land(to, game, p, t)) {
                out.push(t);
            }
            if through.is_some_and(|th| !may_hold(th, game, p, t)) {
                break;
            }
        }
    }
}

/// Whether some content of `cell` satisfies `cond` for `p`: a zone in the condition may rule
/// the cell out whatever stands on it.
fn may_hold(cond: &CellCond, game: &Game, p: Player, cell: CellId) -> bool {
    match &cond.zone {
        None => cond.content[p] != super::ContentSet::NONE,
        Some((z, inside)) => {
            if game.board.zones[z.index()].contains(p, cell) {
                inside[p] != super::ContentSet::NONE
            } else {
                cond.content[p] != super::ContentSet::NONE
            }
        }
    }
}

/// Whether a move of `p` may land on `cell` under `to`: some content there satisfies it,
/// other than an enemy royal piece (taking one is never a legal move: its owner could not
/// have left it attacked).
fn may_land(to: &CellCond, game: &Game, p: Player, cell: CellId) -> bool {
    let mut royal = super::ContentSet::NONE;
    for o in 0..game.num_players() {
        if o != p.index() {
            for &q in &game.royal[Player(o as u8)] {
                royal.insert(q);
            }
        }
    }
    let accepted = match &to.zone {
        Some((z, inside)) if game.board.zones[z.index()].contains(p, cell) => inside[p],
        _ => to.content[p],
    };
    accepted.intersect(royal.complement()) != super::ContentSet::NONE
}

fn push_if(out: &mut Vec<CellId>, t: CellId, to: &CellCond, game: &Game, p: Player) {
    if t != NO_CELL && may_land(to, game, p, t) {
        out.push(t);
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::engine::{CellId, Game, MoveList, PieceId, EMPTY};

    fn cells(game: &Game, symbol: char) -> Vec<String> {
        let q = PieceId::from_index(
            game.pieces
                .iter()
                .position(|pt| pt.symbol == symbol)
                .expect("a piece of that symbol"),
        );
        CellId::upto(game.board.len())
            .filter(|&c| game.reach.may_stand(q, c))
            .map(|c| game.board.cells[c.index()].name.clone())
            .collect()
    }

    /// Soundness: no piece of any position along seeded random games of every shipped game
    /// stands where the analysis says it never could, and no position holds more pieces than
    /// the census allows.
    #[test]
    fn every_piece_of_random_games_stands_where_it_may() {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut list = MoveList::new();
        for name in crate::games::shipped_names() {
            let game = crate::load_shipped(name, &[]).expect("a shipped game compiles");
            for _ in 0..30 {
                let mut s = game.start();
                for _ in 0..400 {
                    for (c, &q) in s.board().iter().enumerate() {
                        let cell = CellId::new(c as u16);
                        assert!(
                            q == EMPTY || game.reach.may_stand(q, cell),
                            "{name}: '{}' on {} at ply {}: {}",
                            game.pieces[q.index()].symbol,
                            game.board.cells[c].name,
                            s.ply,
                            game.position_to_string(&s)
                        );
                    }
                    if let Err(e) = game.reach.census().check(&game, &s) {
                        panic!(
                            "{name} at ply {}: {e}: {}",
                            s.ply,
                            game.position_to_string(&s)
                        );
                    }
                    if game.is_chance(&s) {
                        let rolls = game.chance_outcomes(&s);
                        game.make(&mut s, rolls[rng.gen_range(0..rolls.len())].0);
                        continue;
                    }
                    game.legal_moves(&s, &mut list);
                    if list.is_empty() {
                        break;
                    }
                    game.make(&mut s, list[rng.gen_range(0..list.len())]);
                }
            }
        }
    }

    /// Chess pawns never stand on their own first rank nor, unpromoted, on the last; the
    /// other pieces may stand anywhere.
    #[test]
    fn chess_pawns_keep_off_the_first_and_last_ranks() {
        let game = crate::load_shipped("chess", &[]).unwrap();
        let white = cells(&game, 'P');
        assert_eq!(white.len(), 48);
        assert!(white.iter().all(|c| !c.ends_with('1') && !c.ends_with('8')));
        let black = cells(&game, 'p');
        assert_eq!(black.len(), 48);
        for symbol in ['N', 'b', 'R', 'q', 'K', 'k'] {
            assert_eq!(cells(&game, symbol).len(), 64, "{symbol}");
        }
    }

    /// Xiangqi: the general and the advisors stay in the palace, the elephants on their seven
    /// points on their own side of the river, the soldiers off the rows behind their start.
    #[test]
    fn xiangqi_pieces_keep_to_their_palaces_and_sides() {
        let game = crate::load_shipped("xiangqi", &[]).unwrap();
        assert_eq!(cells(&game, 'K').len(), 9);
        assert_eq!(cells(&game, 'A').len(), 5);
        assert_eq!(cells(&game, 'B').len(), 7);
        let soldiers = cells(&game, 'P');
        assert_eq!(soldiers.len(), 55, "{soldiers:?}");
        assert_eq!(cells(&game, 'R').len(), 90);
    }

    /// Games whose pieces are placed, dropped or raced may put any piece anywhere.
    #[test]
    fn placements_and_races_reach_everywhere() {
        for (name, symbol) in [("go", 'X'), ("reversi", 'o'), ("ur", 'W')] {
            let game = crate::load_shipped(name, &[]).unwrap();
            assert_eq!(cells(&game, symbol).len(), game.board.len(), "{name}");
        }
    }

    /// A piece in a hand comes back only by a drop, so it reaches the cells its drops allow:
    /// shogi's pawn and lance never stand on the last rank, nor a knight on the last two.
    #[test]
    fn dropped_pieces_reach_where_their_drops_allow() {
        let shogi = crate::load_shipped("shogi", &[]).unwrap();
        for (symbol, cells_reached, banned) in [('P', 72, "1a"), ('L', 72, "5a"), ('N', 63, "3b")] {
            let reached = cells(&shogi, symbol);
            assert_eq!(reached.len(), cells_reached, "{symbol}: {reached:?}");
            assert!(!reached.iter().any(|c| c == banned), "{symbol} on {banned}");
        }
        let msg = shogi
            .parse_position("lnsgkgsPl/1r5b1/ppppppp1p/9/9/9/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1")
            .expect_err("a pawn on the last rank");
        assert_eq!(
            msg.0,
            "Black's pawn on 2a: no rule can bring it there from where the game starts"
        );
    }

    /// A position naming a piece where it could never stand is refused, with the piece and
    /// the cell named.
    #[test]
    fn unreachable_pieces_are_refused_by_name() {
        let chess = crate::load_shipped("chess", &[]).unwrap();
        let err = chess
            .parse_position("k7/8/8/8/8/8/8/KP6 w - - 0 1")
            .unwrap_err();
        assert_eq!(
            err.0,
            "White's pawn on b1: no rule can bring it there from where the game starts"
        );
        assert!(chess
            .parse_position("kP6/8/8/8/8/8/8/K7 w - - 0 1")
            .is_err());
        assert!(chess
            .parse_position("7k/1P6/8/8/8/8/8/K7 w - - 0 1")
            .is_ok());
        let xq = crate::load_shipped("xiangqi", &[]).unwrap();
        let err = xq
            .parse_position("4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1")
            .unwrap_err();
        assert!(err.0.starts_with("Red's general on a1"), "{}", err.0);
    }
}
