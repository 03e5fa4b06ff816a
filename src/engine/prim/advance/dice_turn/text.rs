//! A whole turn written and read back.
//!
//! Written, a turn is its steps joined by `+`: by cells (`l2-f2+a2xe1`, `in` for the
//! reserve, `off` for bearing off, `x` for a hit), or with `notation points` as backgammon
//! players write it, by points counted along the mover's track from its far end (24) down
//! to 1, `bar` and `off`, `*` after a hit: `13/8+13/8+8/3+8/3`, `bar/22*+6/off`. The steps
//! are written from the highest point down, which is always an order they can be played in.
//!
//! Read, the steps may come in any order, joined by `+`, `,` or spaces; in points a chain
//! (`13/10/9`), a man moved by several dice at once (`13/9` for a 3-1) and a repeat (`13/8(2)`)
//! are accepted too, and hits need not be marked. A text names the legal turn that leaves the
//! same position (the turn's outcome: see [`Path::outcome`]); when two do (one hits on the
//! way, one not), the hits marked decide.

use super::{Outcome, Path, Scratch};
use crate::engine::Rules;
use crate::engine::{CellId, Move, Player, State, BORNE_OFF, EMPTY, FROM_RESERVE};

/// A step as written or typed: from, to, and whether it hits.
type Typed = (CellId, CellId, bool);

/// The unused slot of an outcome's arrays.
const NONE: u16 = u16::MAX;

impl Rules {
    /// The turn in this game's notation (see the module doc).
    pub(crate) fn write_dice_turn(&self, s: &State, mv: Move) -> String {
        let p = s.to_move();
        let steps = self.steps_with_hits(s, mv);
        let mut out = String::new();
        if self.point_notation {
            let mut pts: Vec<(u32, u32, bool)> = steps
                .iter()
                .map(|&(f, t, h)| (self.point_of(p, f), self.point_of(p, t), h))
                .collect();
            pts.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
            let bar = self.track_len(p) + 1;
            let name = |n: u32| match n {
                0 => "off".to_string(),
                n if n == bar => "bar".to_string(),
                n => n.to_string(),
            };
            for (f, t, h) in pts {
                if !out.is_empty() {
                    out.push('+');
                }
                out.push_str(&format!(
                    "{}/{}{}",
                    name(f),
                    name(t),
                    if h { "*" } else { "" }
                ));
            }
            return out;
        }
        let name = |c: CellId| match c {
            FROM_RESERVE => "in",
            BORNE_OFF => "off",
            _ => self.board.cells[c.index()].name.as_str(),
        };
        for (f, t, h) in steps {
            if !out.is_empty() {
                out.push('+');
            }
            out.push_str(name(f));
            out.push(if h { 'x' } else { '-' });
            out.push_str(name(t));
        }
        out
    }

    /// The legal turn `text` names (see the module doc), if one.
    pub(crate) fn parse_dice_turn(&self, s: &State, text: &str, moves: &[Move]) -> Option<Move> {
        let p = s.to_move();
        let typed = self.read_turn(p, text)?;
        let mut w = Scratch::default();
        let mut found = Vec::new();
        self.longest_turns(s, p, &mut w, &mut found);
        let outcome = pick_outcome(&typed, &found)?;
        let rep = found.iter().find(|t| t.outcome() == outcome)?.as_move();
        moves.iter().copied().find(|&m| m == rep)
    }

    /// The steps of a recorded turn in playing order, each with whether it hits.
    fn steps_with_hits(&self, s: &State, mv: Move) -> Vec<Typed> {
        let p = s.to_move();
        let mut w = self.scratch(s, p);
        let mut out = Vec::new();
        for pair in mv.cells().chunks_exact(2) {
            let (from, to) = (pair[0], pair[1]);
            let hit = to != BORNE_OFF && {
                let q = w.top[to.index()];
                q != EMPTY
                    && self.owner(q).is_some_and(|o| o != p)
                    && !self.board.stack_shared[to.index()]
            };
            out.push((from, to, hit));
            // Keep the scratch board in step so later hits are seen (no home test needed).
            let piece = if from == FROM_RESERVE {
                w.reserve = w.reserve.saturating_sub(1);
                self.reserve_kind
                    .map_or(EMPTY, |k| self.piece_id(k, Some(p)))
            } else {
                let f = from.index();
                let q = w.top[f];
                w.count[f] = w.count[f].saturating_sub(1);
                if w.count[f] == 0 {
                    w.top[f] = EMPTY;
                }
                q
            };
            if to != BORNE_OFF {
                let t = to.index();
                if hit {
                    w.count[t] = 0;
                }
                w.top[t] = piece;
                w.count[t] += 1;
            }
        }
        out
    }

    /// The cells of the track the player's turns run along (the first `by: die` rule's).
    fn turn_track(&self, p: Player) -> &[CellId] {
        self.die_rules(p)
            .next()
            .map_or(&[][..], |(_, a)| &self.tracks[a.track as usize].cells[p])
    }

    /// How many points the player's track has (24 in backgammon).
    fn track_len(&self, p: Player) -> u32 {
        self.turn_track(p).len() as u32
    }

    /// A cell as a point counted by the player: the track's first cell is its length, the
    /// last 1; the reserve one more than the length (the bar), bearing off 0.
    fn point_of(&self, p: Player, c: CellId) -> u32 {
        let len = self.track_len(p);
        match c {
            FROM_RESERVE => len + 1,
            BORNE_OFF => 0,
            _ => self
                .turn_track(p)
                .iter()
                .position(|&t| t == c)
                .map_or(0, |i| len - i as u32),
        }
    }

    /// The cell the player's point `text` names (`13`, `bar`, `off`).
    fn cell_of_point(&self, p: Player, text: &str) -> Option<CellId> {
        if text.eq_ignore_ascii_case("bar") {
            return Some(FROM_RESERVE);
        }
        if text.eq_ignore_ascii_case("off") {
            return Some(BORNE_OFF);
        }
        let n: usize = text.parse().ok()?;
        let track = self.turn_track(p);
        (1..=track.len())
            .contains(&n)
            .then(|| track[track.len() - n])
    }

    /// The steps a typed turn lists, in points (with `notation points`) or cells.
    fn read_turn(&self, p: Player, text: &str) -> Option<Vec<Typed>> {
        if self.point_notation && text.contains('/') {
            let mut out = Vec::new();
            for token in text
                .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
                .filter(|t| !t.is_empty())
            {
                self.read_point_token(p, token, &mut out)?;
            }
            return (!out.is_empty()).then_some(out);
        }
        let text: String = text.split_whitespace().collect();
        let cell = |t: &str| match t.to_ascii_lowercase().as_str() {
            "in" => Some(FROM_RESERVE),
            "off" => Some(BORNE_OFF),
            name => self.board.cell_by_name(name),
        };
        text.split('+')
            .map(|st| {
                let (f, t, hit) = match st.split_once('-') {
                    Some((f, t)) => (f, t, false),
                    None => {
                        let (f, t) = st.split_once(['x', 'X'])?;
                        (f, t, true)
                    }
                };
                Some((cell(f)?, cell(t)?, hit))
            })
            .collect()
    }

    /// One token of a turn in points: `13/8`, `24/18*/13`, `13/8(2)`, `bar/22`, `6/off`.
    fn read_point_token(&self, p: Player, token: &str, out: &mut Vec<Typed>) -> Option<()> {
        let (path, times) = match token.strip_suffix(')') {
            Some(t) => {
                let (path, n) = t.split_once('(')?;
                let n: usize = n.parse().ok()?;
                (path, n)
            }
            None => (token, 1),
        };
        if !(1..=super::MAX_STEPS).contains(&times) {
            return None;
        }
        let mut points = Vec::new();
        for part in path.split('/') {
            let hit = part.ends_with('*');
            points.push((self.cell_of_point(p, part.trim_end_matches('*'))?, hit));
        }
        if points.len() < 2 {
            return None;
        }
        for _ in 0..times {
            for pair in points.windows(2) {
                out.push((pair[0].0, pair[1].0, pair[1].1));
            }
        }
        Some(())
    }
}

/// Which outcome the typed steps name among the turns found: the turn with exactly these
/// steps; else the one outcome with the same men moved from and to (the stops on the way
/// left out); else, of those, the one whose hits are the ones marked.
fn pick_outcome(typed: &[Typed], found: &[Path]) -> Option<Outcome> {
    let mut key: Vec<(u16, u16)> = typed
        .iter()
        .map(|&(f, t, _)| (f.index() as u16, t.index() as u16))
        .collect();
    key.sort_unstable();
    if let Some(t) = found.iter().find(|t| t.key()[..t.n] == key[..]) {
        return Some(t.outcome());
    }
    let want = net(typed
        .iter()
        .map(|&(f, t, _)| (f.index() as u16, t.index() as u16)));
    let mut same: Vec<Outcome> = Vec::new();
    for t in found {
        let o = t.outcome();
        if net_of(&o) == want && !same.contains(&o) {
            same.push(o);
        }
    }
    if same.len() > 1 {
        let mut hits: Vec<u16> = typed
            .iter()
            .filter(|st| st.2)
            .map(|st| st.1.index() as u16)
            .collect();
        hits.sort_unstable();
        hits.dedup();
        same.retain(|o| {
            o[2].iter()
                .copied()
                .filter(|&h| h != NONE)
                .eq(hits.iter().copied())
        });
    }
    match same[..] {
        [o] => Some(o),
        _ => None,
    }
}

/// The cells men leave and reach for good along some steps, each sorted: a cell reached
/// and left again cancels out.
fn net(steps: impl Iterator<Item = (u16, u16)>) -> (Vec<u16>, Vec<u16>) {
    let (mut from, mut to): (Vec<u16>, Vec<u16>) = steps.unzip();
    let mut i = 0;
    while i < from.len() {
        if let Some(j) = to.iter().position(|&t| t == from[i]) {
            to.swap_remove(j);
            from.swap_remove(i);
        } else {
            i += 1;
        }
    }
    from.sort_unstable();
    to.sort_unstable();
    (from, to)
}

/// The from and to cells of an outcome, as [`net`] gives them.
fn net_of(o: &Outcome) -> (Vec<u16>, Vec<u16>) {
    let keep = |a: &[u16]| a.iter().copied().filter(|&c| c != NONE).collect();
    (keep(&o[0]), keep(&o[1]))
}
