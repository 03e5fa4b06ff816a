//! Entering a move by pointing at cells, the same way in every graphical front-end (the
//! terminal board, the web board): the piece (or, for a placement, the cell), then each cell
//! the move lands on or acts on, in order. After each pick only the legal moves that begin
//! with the cells picked so far remain; when one remains (or every remaining move is
//! complete) it is played, and moves sharing all their cells (promotion choices) are offered
//! as a list. A whole turn of dice (backgammon) is picked step by step in any order of its
//! steps, each man then where it lands, with the bar ([`BAR`]) and the men borne off
//! ([`OFF`]) as places to pick beside the board's cells. A placement kept next to a piece
//! of one's own (Ataxx's clone) may also be picked from that piece, so that picking a stone
//! lights its clones as well as its jumps.

use crate::engine::prim::pattern::Pattern;
use crate::engine::{CellId, Move, Part, Steps, BORNE_OFF, FROM_RESERVE, NO_CELL};

use super::model::Session;

/// What a pick leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// No legal move begins with the cells picked plus this one (nothing changes).
    NoMove,
    /// The cell was added; more cells can follow. `complete` is a move the picked cells
    /// already make (played by picking the last cell again).
    Picked {
        /// The cells picked so far.
        picked: Vec<CellId>,
        /// A move already complete with these cells, if any.
        complete: Option<Move>,
    },
    /// This move is meant: play it.
    Play(Move),
    /// These moves share all the picked cells: the player chooses one.
    Choose(Vec<Move>),
}

/// The bar, picked for a man entering from it (a whole dice turn's step `bar/22`).
pub const BAR: CellId = FROM_RESERVE;

/// The men borne off, picked for a man leaving the board (`6/off`).
pub const OFF: CellId = BORNE_OFF;

impl Session {
    /// Whether `mv` is a whole turn of dice used separately (`advance(…, by: die)`): pairs
    /// of cells, one per step, that may be picked in any order.
    pub fn is_dice_turn(&self, mv: &Move) -> bool {
        let g = self.game();
        g.rules().get(mv.rule.index()).is_some_and(
            |r| matches!(r.parts.first(), Some(Part::Advance(a)) if a.steps == Steps::Die),
        )
    }

    /// What a player calls a place picked: a cell's name, `bar` or `off`; on a board drawn
    /// as a race (`look track`), a point's number from the mover's side (`13`).
    pub fn pick_name(&self, cell: CellId) -> String {
        let g = self.game();
        match cell {
            BAR => "bar".into(),
            OFF => "off".into(),
            c => match g.look().point_number(self.state().to_move(), c) {
                Some(n) => n.to_string(),
                None => g
                    .board
                    .cells
                    .get(c.index())
                    .map_or_else(|| format!("cell {c}"), |c| c.name.clone()),
            },
        }
    }

    /// The orders in which a move's places may be picked: one for most moves (see
    /// [`Session::move_cells`]); for a whole dice turn, its steps in every order, each as
    /// its man's point then its landing (`bar` and `off` included), a man moved on by the
    /// next step picked once at the point between (`8 5 4`) or not at all (`8 4`). Only
    /// orders a player could play count: men on the bar first, each man from where it stands.
    pub fn pick_orders(&self, mv: &Move) -> Vec<Vec<CellId>> {
        if !self.is_dice_turn(mv) {
            let cells = self.move_cells(mv);
            // A placement that must be next to a piece of one's own (Ataxx's clone) may also
            // be picked from that piece, as if the piece grew into the cell.
            let mut out: Vec<Vec<CellId>> = self
                .grown_from(mv, &cells)
                .into_iter()
                .map(|f| vec![f, cells[0]])
                .collect();
            out.insert(0, cells);
            return out;
        }
        let steps: Vec<(CellId, CellId)> =
            mv.cells().chunks_exact(2).map(|s| (s[0], s[1])).collect();
        let (g, s) = (self.game(), self.state());
        let holds = |c: CellId| c != BAR && g.owner(s.at(c)) == Some(s.to_move());
        // An order is one a player could play: men on the bar enter first, and a man moves
        // from a point that holds one of the mover's men or that an earlier step reached.
        let playable = |order: &[usize]| {
            order.iter().enumerate().all(|(k, &i)| {
                let from = steps[i].0;
                if from == BAR {
                    return order[..k].iter().all(|&j| steps[j].0 == BAR);
                }
                holds(from) || order[..k].iter().any(|&j| steps[j].1 == from)
            })
        };
        let mut out: Vec<Vec<CellId>> = Vec::new();
        for order in permutations(steps.len())
            .into_iter()
            .filter(|o| playable(o))
        {
            for merge in [false, true] {
                let mut seq: Vec<CellId> = Vec::with_capacity(steps.len() * 2);
                for &i in &order {
                    let (from, to) = steps[i];
                    match seq.last() {
                        Some(&last) if last == from => {
                            if merge {
                                seq.pop();
                            }
                        }
                        _ => seq.push(from),
                    }
                    seq.push(to);
                }
                if !out.contains(&seq) {
                    out.push(seq);
                }
            }
        }
        out
    }

    /// For a placement of one cell that a rule keeps next to certain pieces
    /// (`convert-around(…, next-to: friend)`), those pieces' cells around it; else none.
    fn grown_from(&self, mv: &Move, cells: &[CellId]) -> Vec<CellId> {
        let (g, s) = (self.game(), self.state());
        let (&[target], None) = (cells, g.move_origin(mv)) else {
            return Vec::new();
        };
        let Some(rule) = g.rules().get(mv.rule.index()) else {
            return Vec::new();
        };
        let p = s.to_move();
        let mut out = Vec::new();
        for part in &rule.parts {
            let Part::Pattern(Pattern::ConvertAround(around)) = part else {
                continue;
            };
            let Some(need) = &around.next_to else {
                continue;
            };
            for &d in &around.dirs[p] {
                let c = g.board().next(target, d);
                if c != NO_CELL && need.accepts(g.board(), p, c, s.at(c)) && !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    /// The board cells a move is entered by: its origin, then what it lands on or acts on.
    pub fn move_cells(&self, mv: &Move) -> Vec<CellId> {
        let g = self.game();
        let n = g.board().len();
        let mut cells: Vec<CellId> = g.move_origin(mv).into_iter().collect();
        for c in g.move_targets(mv) {
            if c.index() < n && cells.last() != Some(&c) {
                cells.push(c);
            }
        }
        cells
    }

    /// The legal moves that begin with the cells `picked` (all of them for none picked).
    pub fn moves_starting_with(&self, picked: &[CellId]) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        self.legal_moves()
            .into_iter()
            .filter(|m| self.pick_orders(m).iter().any(|o| o.starts_with(picked)))
            .collect()
    }

    /// The cells that can be picked after `picked` (sorted, once each).
    pub fn next_cells(&self, picked: &[CellId]) -> Vec<CellId> {
        let k = picked.len();
        let mut out: Vec<CellId> = self
            .moves_starting_with(picked)
            .iter()
            .flat_map(|m| self.pick_orders(m))
            .filter(|o| o.starts_with(picked))
            .filter_map(|o| o.get(k).copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Picks `cell` after the cells `picked`; see [`Pick`]. Picking the last picked cell
    /// again plays the move that ends there. Plays nothing itself.
    pub fn pick(&self, picked: &[CellId], cell: CellId) -> Pick {
        let again = picked.last() == Some(&cell);
        let mut picked = picked.to_vec();
        if !again {
            picked.push(cell);
        }
        let fits = self.moves_starting_with(&picked);
        if fits.is_empty() {
            return Pick::NoMove;
        }
        let complete: Vec<Move> = fits
            .iter()
            .copied()
            .filter(|m| self.pick_orders(m).contains(&picked))
            .collect();
        // One move left is played once it is clear what was meant: after two picks, or when
        // its cells are all picked (a first pick alone never plays a longer move).
        let settled = fits.len() == 1 && (picked.len() >= 2 || !complete.is_empty());
        if settled || (again && !complete.is_empty()) || complete.len() == fits.len() {
            return match complete.as_slice() {
                [_, _, ..] => Pick::Choose(complete),
                _ if fits.len() == 1 => Pick::Play(fits[0]),
                [only] => Pick::Play(*only),
                [] => Pick::NoMove,
            };
        }
        Pick::Picked {
            picked,
            complete: complete.first().copied(),
        }
    }
}

/// Every order of `n` things (n is at most four here: a double's four steps).
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for rest in permutations(n - 1) {
        for at in 0..=rest.len() {
            let mut p = rest.clone();
            p.insert(at, n - 1);
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Seat;

    fn session(game: &str) -> Session {
        let g = crate::load_shipped(game, &[]).unwrap();
        Session::new(g, game, &[], None, &[Seat::Human, Seat::Human], 1)
    }

    fn cell(s: &Session, name: &str) -> CellId {
        s.game().board().cell_by_name(name).unwrap()
    }

    #[test]
    fn a_step_is_its_origin_then_its_landing() {
        let s = session("chess");
        let e2 = cell(&s, "e2");
        assert_eq!(s.next_cells(&[e2]), vec![cell(&s, "e3"), cell(&s, "e4")]);
        assert!(matches!(
            s.pick(&[], e2),
            Pick::Picked { complete: None, .. }
        ));
        let Pick::Play(m) = s.pick(&[e2], cell(&s, "e4")) else {
            panic!("e2-e4 is meant")
        };
        assert_eq!(s.game().move_to_string(s.state(), m), "e4");
        assert_eq!(s.pick(&[], cell(&s, "e5")), Pick::NoMove);
    }

    #[test]
    fn a_placement_is_played_at_once_and_nex_takes_two_cells() {
        let s = session("tictactoe");
        assert!(matches!(s.pick(&[], cell(&s, "b2")), Pick::Play(_)));
        let n = session("nex");
        // Nex places a stone and a neutral stone: the first pick waits for the second.
        let a1 = cell(&n, "a1");
        assert!(matches!(n.pick(&[], a1), Pick::Picked { .. }));
        assert!(matches!(n.pick(&[a1], cell(&n, "a2")), Pick::Play(_)));
    }

    #[test]
    fn an_ataxx_stone_lights_its_clones_and_its_jumps() {
        let s = session("ataxx");
        let a7 = cell(&s, "a7");
        let names = |cells: Vec<CellId>| -> Vec<String> {
            let mut v: Vec<String> = cells.into_iter().map(|c| s.pick_name(c)).collect();
            v.sort();
            v
        };
        // The empty cells next to it (clones) and two steps away (jumps).
        assert_eq!(
            names(s.next_cells(&[a7])),
            ["a5", "a6", "b5", "b6", "b7", "c5", "c6", "c7"]
        );
        assert!(matches!(
            s.pick(&[], a7),
            Pick::Picked { complete: None, .. }
        ));
        // Picking a clone's cell after the stone plays the clone, as the cell alone does.
        let clone = s.game().parse_move(s.state(), "b6").unwrap();
        assert_eq!(s.pick(&[a7], cell(&s, "b6")), Pick::Play(clone));
        assert_eq!(s.pick(&[], cell(&s, "b6")), Pick::Play(clone));
        let Pick::Play(jump) = s.pick(&[a7], cell(&s, "c5")) else {
            panic!("the jump is meant")
        };
        assert_eq!(s.game().move_origin(&jump), Some(a7), "a jump, not a clone");
        // Go's placements need no neighbour: an own stone is no place to start from.
        let mut go = session("go");
        let c3 = cell(&go, "c3");
        let mv = go.game().parse_move(go.state(), "c3").unwrap();
        go.play(mv).unwrap();
        let mv = go.game().parse_move(go.state(), "g7").unwrap();
        go.play(mv).unwrap();
        assert_eq!(go.pick(&[], c3), Pick::NoMove);
    }

    fn at(game: &str, position: &str) -> Session {
        let g = crate::load_shipped(game, &[]).unwrap();
        let start = g.parse_position(position).unwrap();
        Session::new(g, game, &[], Some(start), &[Seat::Human, Seat::Human], 1)
    }

    fn played(s: &Session, picks: &[CellId]) -> Option<String> {
        let (last, first) = picks.split_last()?;
        match s.pick(first, *last) {
            Pick::Play(m) => Some(s.game().move_to_string(s.state(), m)),
            _ => None,
        }
    }

    #[test]
    fn a_turn_is_picked_in_any_order_of_its_steps() {
        // The opening 3-1 makes the 5 point: 8/5 and 6/5, in either order.
        let g = crate::load_shipped("backgammon", &[]).unwrap();
        let mut st = g.start();
        g.make(&mut st, Move::roll(31));
        let s = Session::new(
            g,
            "backgammon",
            &[],
            Some(st),
            &[Seat::Human, Seat::Human],
            1,
        );
        let (p8, p6, p5) = (cell(&s, "e1"), cell(&s, "g1"), cell(&s, "h1"));
        for picks in [[p8, p5, p6], [p6, p5, p8]] {
            assert_eq!(played(&s, &picks).as_deref(), Some("8/5+6/5"), "{picks:?}");
        }
    }

    #[test]
    fn men_borne_off_are_picked_in_any_order() {
        // White's last two men, on its 4 and 3 points, with a 6-5: both bear off, the one
        // listed second picked first as well.
        let s = at(
            "backgammon",
            "11(BBBBBBBBBBBBBBB)/8WW2 White 0 roll=65 off=13,0",
        );
        let (p4, p3) = (cell(&s, "i1"), cell(&s, "j1"));
        assert_eq!(s.next_cells(&[p3]), vec![OFF]);
        assert!(matches!(s.pick(&[], p3), Pick::Picked { .. }));
        for picks in [[p3, OFF], [p4, OFF]] {
            assert_eq!(played(&s, &picks).as_deref(), Some("4/off+3/off"));
        }
        assert_eq!(s.pick_name(OFF), "off");
        assert_eq!(s.pick_name(p3), "3");
    }

    #[test]
    fn a_man_enters_from_the_bar_and_runs_on_with_the_point_between_or_without() {
        let s = at(
            "backgammon",
            "6(BB)5/(BBBBBBBBBBBBB)5(WWWWWWWWWWWWWW)5 White 0 roll=61 reserve=1,0",
        );
        // Only the bar can start a turn while a man waits there.
        assert_eq!(s.next_cells(&[]), vec![BAR]);
        assert_eq!(s.pick(&[], cell(&s, "a1")), Pick::NoMove);
        let (p24, p18) = (cell(&s, "l2"), cell(&s, "f2"));
        assert_eq!(s.next_cells(&[BAR]), vec![p18, p24]);
        // bar/24 24/18 is bar/18.
        for picks in [[BAR, p24], [BAR, p18]] {
            assert_eq!(played(&s, &picks).as_deref(), Some("bar/24+24/18"));
        }
        assert_eq!(s.pick_name(BAR), "bar");
    }

    #[test]
    fn every_order_of_four_steps_is_tried_once() {
        let p = permutations(4);
        assert_eq!(p.len(), 24);
        let mut sorted = p.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 24);
    }
}
