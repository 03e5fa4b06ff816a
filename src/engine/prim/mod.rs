//! The move primitives: one registry of what each is called and takes, and one module per
//! primitive, its home (its data, generation, execution, notation and description).
//!
//! The registry ([`PRIMITIVES`]) is what the compiler checks names and arguments against,
//! what the "unknown move" hint lists, and what a test holds `docs/language.md` to. A
//! primitive's engine module (`outflank.rs`, …) holds a struct that its [`Part`] variant wraps
//! and the functions the generator, `make` and the notation delegate to; its compile-side
//! builder is `src/compile/prim/<name>.rs`. Every `match` on [`Part`] is exhaustive, so a new
//! variant does not compile until each concern has said what it does with it.
//!
//! Adding a primitive: its engine module here (the struct and its concerns), its builder in
//! `src/compile/prim/`, and one registry entry plus one `Part` variant; then follow the
//! compiler's errors through the exhaustive matches (bound, symmetry, AI features, …).

pub mod advance;
pub mod become_captured;
pub mod castle;
pub mod convert;
pub mod drop;
pub mod en_passant;
pub mod fly;
pub mod jump;
pub mod outflank;
pub mod pass;
pub mod pattern;
pub mod place;
pub mod promote;
pub mod remove;
pub mod remove_surrounded;
pub mod shoot;
pub mod slide;
pub mod sow;
pub mod step;
pub mod swap;
pub mod swap_sides;

use super::census::{Classes as CensusClasses, ColumnCheck};
use super::cursor::Cursor;
use super::reach_work::Work as ReachWork;
pub(crate) use super::sink::{CellSink, Replay};
use super::symmetry::RuleCheck as SymmetryCheck;
use super::writer::Writer;
use super::{CellCond, CellId, Game, KindId, Move, Part, PieceId, Player, State};

/// What kind of value an argument takes (shown by `describe`-like tools and checked against
/// the docs by name only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A piece kind (`stone`).
    Kind,
    /// One or more piece kinds (`queen, rook`).
    Kinds,
    /// One or more directions (`n, ne + n`).
    Dirs,
    /// One direction (`falls: s`).
    Dir,
    /// A cell condition (`enemy and pawn`).
    Cond,
    /// A whole number.
    Int,
    /// `yes` or `no`.
    YesNo,
    /// A zone name.
    Zone,
    /// A track name.
    Track,
    /// A test on the move so far (`line(3)`).
    Test,
    /// One of a few words (`capture: yes | at-end`, `by: roll | n`, `from: hand | cond`).
    Word,
}

/// One argument of a primitive.
#[derive(Clone, Copy, Debug)]
pub struct Arg {
    /// Its name: the keyword of a named argument, a description of a positional one.
    pub name: &'static str,
    /// What it takes.
    pub kind: ArgKind,
}

/// What the registry knows of one primitive.
#[derive(Clone, Copy, Debug)]
pub struct PrimSpec {
    /// The name a rule file calls it by.
    pub name: &'static str,
    /// Its positional arguments, in order (a `Kinds` or `Dirs` one takes the rest).
    pub positional: &'static [Arg],
    /// Its named arguments, in the order the "did you mean" hint lists them.
    pub named: &'static [Arg],
    /// One line: what it does.
    pub summary: &'static str,
    /// A rule using it.
    pub example: &'static str,
}

impl PrimSpec {
    /// Most positional arguments it takes (unbounded when the last takes a list).
    pub fn max_positional(&self) -> usize {
        if self
            .positional
            .iter()
            .any(|a| matches!(a.kind, ArgKind::Dirs | ArgKind::Kinds))
        {
            usize::MAX
        } else {
            self.positional.len()
        }
    }

    /// The names of its named arguments, in order.
    pub fn named_names(&self) -> Vec<&'static str> {
        self.named.iter().map(|a| a.name).collect()
    }
}

/// The registry entry called `name`.
pub fn spec(name: &str) -> Option<&'static PrimSpec> {
    PRIMITIVES.iter().find(|s| s.name == name)
}

/// The names of all primitives, in registry order.
pub fn names() -> impl Iterator<Item = &'static str> {
    PRIMITIVES.iter().map(|s| s.name)
}

const fn arg(name: &'static str, kind: ArgKind) -> Arg {
    Arg { name, kind }
}

const KIND: Arg = arg("kind", ArgKind::Kind);
const DIRS: Arg = arg("directions…", ArgKind::Dirs);
const FROM: Arg = arg("from", ArgKind::Cond);
const TO: Arg = arg("to", ArgKind::Cond);
const THROUGH: Arg = arg("through", ArgKind::Cond);
const MIN: Arg = arg("min", ArgKind::Int);
const MAX: Arg = arg("max", ArgKind::Int);
const COUNT: Arg = arg("count", ArgKind::Int);
const WITH: Arg = arg("with", ArgKind::Cond);
const CAPTURE: Arg = arg("capture", ArgKind::Cond);
const AGAINST: Arg = arg("against", ArgKind::Cond);

/// Every move primitive. The order is the one "did you mean" has always searched.
pub const PRIMITIVES: &[PrimSpec] = &[
    PrimSpec {
        name: "fly",
        positional: &[],
        named: &[TO],
        summary: "move the piece to any cell",
        example: "move man: fly(to: empty) when count(man) = 3",
    },
    PrimSpec {
        name: "shoot",
        positional: &[KIND, DIRS],
        named: &[TO, THROUGH, MIN, MAX],
        summary: "put a new piece a slide away from where the previous part ended",
        example: "move amazon: slide(adjacent, to: empty) then shoot(arrow, adjacent)",
    },
    PrimSpec {
        name: "remove",
        positional: &[arg("condition", ArgKind::Cond)],
        named: &[arg("if", ArgKind::Test), arg("prefer", ArgKind::Test)],
        summary: "take a piece off, chosen by the mover",
        example: "move place(man) then remove(enemy, if: line(3))",
    },
    PrimSpec {
        name: "remove-surrounded",
        positional: &[arg("who", ArgKind::Cond)],
        named: &[arg("along", ArgKind::Dirs)],
        summary: "Go's capture of chains without liberties",
        example: "move place(stone) then remove-surrounded(enemy)",
    },
    PrimSpec {
        name: "place",
        positional: &[KIND],
        named: &[
            arg("on", ArgKind::Cond),
            COUNT,
            arg("from", ArgKind::Word),
            arg("column-without", ArgKind::Cond),
            arg("mate", ArgKind::YesNo),
        ],
        summary: "put a new piece on a cell (or drop one from the hand)",
        example: "move place(stone, on: empty)",
    },
    PrimSpec {
        name: "drop",
        positional: &[KIND],
        named: &[arg("falls", ArgKind::Dir)],
        summary: "put a piece into a column; it falls to rest",
        example: "move drop(disc, falls: s)",
    },
    PrimSpec {
        name: "step",
        positional: &[DIRS],
        named: &[TO, FROM, arg("via", ArgKind::Cond)],
        summary: "one step to a neighbouring cell",
        example: "move king: step(adjacent)",
    },
    PrimSpec {
        name: "leap",
        positional: &[DIRS],
        named: &[TO, FROM, arg("via", ArgKind::Cond)],
        summary: "one leap along a compound direction (the cells passed: via)",
        example: "move knight: leap(n + n + e, n + n + w)",
    },
    PrimSpec {
        name: "slide",
        positional: &[DIRS],
        named: &[
            TO,
            THROUGH,
            MIN,
            MAX,
            arg("passable", ArgKind::YesNo),
            FROM,
            arg("screens", ArgKind::Int),
            arg("distance", ArgKind::Word),
        ],
        summary: "ride along a line",
        example: "move rook: slide(orthogonal)",
    },
    PrimSpec {
        name: "jump",
        positional: &[DIRS],
        named: &[
            arg("over", ArgKind::Cond),
            TO,
            arg("capture", ArgKind::Word),
            arg("repeat", ArgKind::YesNo),
            arg("stop", ArgKind::Zone),
            FROM,
            arg("flying", ArgKind::YesNo),
            arg("crown", ArgKind::Kind),
            arg("in", ArgKind::Zone),
            arg("land", ArgKind::Word),
        ],
        summary: "hop over the adjacent cell (or, flying, over a piece further along)",
        example: "move man: jump(forward-diagonal, over: enemy, capture: yes, repeat: yes)",
    },
    PrimSpec {
        name: "swap",
        positional: &[DIRS],
        named: &[WITH],
        summary: "exchange places with a neighbour",
        example: "move king: swap(w, e, with: friend and rook)",
    },
    PrimSpec {
        name: "promote",
        positional: &[arg("kinds…", ArgKind::Kinds)],
        named: &[
            arg("in", ArgKind::Zone),
            arg("optional", ArgKind::YesNo),
            arg("leaving", ArgKind::YesNo),
            arg("forced-in", ArgKind::Zone),
        ],
        summary: "become another kind in a zone (mandatory there unless optional)",
        example: "move pawn: step(forward) then promote(queen, rook, in: last-rank)",
    },
    PrimSpec {
        name: "become-captured",
        positional: &[],
        named: &[arg("near", ArgKind::Cond), arg("captured", ArgKind::Cond)],
        summary: "optionally become the kind just captured, when next to a piece",
        example:
            "move agressor: slide(diagonal) then become-captured(near: friend and intellector)",
    },
    PrimSpec {
        name: "advance",
        positional: &[arg("track", ArgKind::Track)],
        named: &[
            arg("by", ArgKind::Word),
            TO,
            arg("capture", ArgKind::Word),
            arg("flip", ArgKind::Kind),
            arg("after", ArgKind::Zone),
            arg("enter", ArgKind::Word),
            arg("bear-off", ArgKind::Zone),
        ],
        summary: "move along a track by the roll (or a fixed count); by: die plays a whole turn, one die a step",
        example: "move man: advance(path, by: roll)",
    },
    PrimSpec {
        name: "castle",
        positional: &[DIRS],
        named: &[WITH, arg("steps", ArgKind::Int)],
        summary: "castle with an unmoved partner along a direction",
        example: "move king: castle(e, w, with: friend and rook, steps: 2)",
    },
    PrimSpec {
        name: "en-passant",
        positional: &[DIRS],
        named: &[FROM],
        summary: "capture the piece that just passed over the cell stepped to",
        example: "move pawn: en-passant(forward + e, forward + w)",
    },
    PrimSpec {
        name: "outflank",
        positional: &[DIRS],
        named: &[],
        summary: "after a placement, turn the enemy lines it outflanks (reversi)",
        example: "move place(disc, on: empty) then outflank(adjacent)",
    },
    // Captures and conversions decided by a pattern (`pattern/`).
    PrimSpec {
        name: "custodian",
        positional: &[DIRS],
        named: &[CAPTURE, AGAINST, COUNT, MAX],
        summary: "take the runs of enemies the landing piece closes against a friend or a hostile cell",
        example: "move man: slide(orthogonal) then custodian(orthogonal, against: friend or throne)",
    },
    PrimSpec {
        name: "surround",
        positional: &[DIRS],
        named: &[CAPTURE, AGAINST, arg("edges", ArgKind::YesNo)],
        summary: "take a neighbour of the landing cell enclosed on every listed side",
        example: "move man: slide(orthogonal) then surround(orthogonal, capture: enemy and king)",
    },
    PrimSpec {
        name: "approach",
        positional: &[DIRS],
        named: &[CAPTURE],
        summary: "take the line of enemies ahead of the landing cell, in the direction moved",
        example: "move stone: step(adjacent, to: empty) then approach(adjacent)",
    },
    PrimSpec {
        name: "withdraw",
        positional: &[DIRS],
        named: &[CAPTURE],
        summary: "take the line of enemies behind the starting cell, moving away from it",
        example: "move stone: step(adjacent, to: empty) then withdraw(adjacent)",
    },
    PrimSpec {
        name: "convert-around",
        positional: &[DIRS],
        named: &[arg("what", ArgKind::Cond), arg("next-to", ArgKind::Cond)],
        summary: "turn every enemy next to the landing cell to the mover's side",
        example: "move place(stone) then convert-around(adjacent, next-to: friend)",
    },
    PrimSpec {
        name: "convert",
        positional: &[arg("condition", ArgKind::Cond)],
        named: &[arg("into", ArgKind::Kind), COUNT],
        summary: "change pieces in place",
        example: "move convert(neutral, into: stone)",
    },
    PrimSpec {
        name: "pass",
        positional: &[],
        named: &[],
        summary: "do nothing; the turn passes",
        example: "move pass",
    },
    PrimSpec {
        name: "sow",
        positional: &[arg("track", ArgKind::Track)],
        named: &[
            arg("from", ArgKind::Zone),
            arg("skip", ArgKind::Word),
            arg("capture", ArgKind::Word),
            arg("store", ArgKind::Zone),
            arg("grand-slam", ArgKind::YesNo),
            arg("feed", ArgKind::YesNo),
        ],
        summary: "lift every counter from an own cell and drop one in each following cell of a track",
        example: "move sow(round, from: pits, capture: opposite(forward), store: store)",
    },
    PrimSpec {
        name: "swap-sides",
        positional: &[],
        named: &[],
        summary: "the pie rule: take over the first player's side",
        example: "move swap-sides",
    },
];

/// Everything the engine asks of a move primitive, implemented once in the primitive's own
/// module. No method has a default, so a new primitive answers each question; [`Part`]'s
/// methods of the same names dispatch to it through `each_part!`, the one `match` over the
/// variants.
pub(crate) trait Primitive {
    /// The registry name of the primitive this part was compiled from (`leap` is a `step`).
    fn name(&self) -> &'static str;
    /// Whether this part moves an existing piece (so the rule starts from a piece's cell).
    fn moves_piece(&self) -> bool;
    /// How many cells a move records for this part (a repeating jump: for one hop).
    fn cells_recorded(&self) -> usize;
    /// Of `rest`, a move's cells from the first one this part recorded: how many this part
    /// recorded, and those of them a player points at (see [`super::Game::move_targets`]).
    fn targets<'c>(&self, rest: &'c [CellId]) -> (usize, &'c [CellId]);
    /// How this part may take an enemy piece (see [`Takes`]).
    fn takes(&self) -> Takes<'_>;
    /// Reach (`reach.rs`): what this part creates or changes beyond the moving piece, made
    /// possible anywhere.
    fn reach_created(&self, w: &mut ReachWork, p: Player);
    /// Reach: the cells the moving piece (`pq`: its owner and id) may stand on after this
    /// part, from any of `at` (`last`: this is the rule's last part); `None` when the
    /// analysis stops following it cell by cell (it made the piece possible anywhere).
    fn reach(
        &self,
        w: &mut ReachWork,
        pq: (Player, PieceId),
        last: bool,
        at: &[CellId],
    ) -> Option<Vec<CellId>>;
    /// Census (`census.rs`): whether this part brings new pieces into the game (or hides
    /// them where the census does not count).
    fn creates_pieces(&self) -> bool;
    /// Census: joins the kinds this part may turn a piece of a kind in `from` (the rule's)
    /// into, and says whether it may change a piece's owner.
    fn census_classes(&self, c: &mut CensusClasses, from: &[KindId]);
    /// Census: whether this part keeps kind `c.k` from having two pieces of one owner on one
    /// column (it moves such pieces only along their column, makes none by a change of kind,
    /// and drops one only on a column without one; it sets `c.dropped` when it drops one).
    fn keeps_column(&self, c: &mut ColumnCheck) -> bool;
    /// Captures (`most_captures.rs`): of `rest`, a move's cells from the first one this part
    /// recorded, how many this part recorded and how many pieces it took, played from `s`.
    fn captures(&self, game: &Game, s: &State, rest: &[CellId]) -> (usize, usize);
    /// The AI's capture feature: hands `found` each cell of the move's `cells` (this part's
    /// from `k` on) an enemy piece may have stood on and been taken from, before the move
    /// is played from `state`; returns the index after this part's cells.
    fn victims(
        &self,
        at: (&Game, &State),
        cells: &[CellId],
        k: usize,
        found: &mut dyn FnMut(CellId),
    ) -> usize;
    /// Whether this part lets the mover pass (change nothing on the board).
    fn may_pass(&self) -> bool;
    /// Whether null-move pruning stays sound in a game with this part (not when passing is
    /// a move of the game, or the sides may swap).
    fn null_move_sound(&self) -> bool;
    /// The move bound (`compile/bound.rs`): at most how many ways this part may go on from
    /// one way of the parts before it, or `None` when it cannot be bounded so.
    fn bound(&self, b: &mut MoveBound) -> Option<f64>;
    /// Symmetry (`symmetry.rs`): whether this part reads the same on the board mapped by the
    /// symmetry `c` checks (its directions, zones and conditions map onto themselves);
    /// `false` for what the check does not analyse.
    fn symmetric(&self, c: &SymmetryCheck) -> bool;
    /// Generation: the cells this part chooses from `focus` (where the previous part left
    /// the piece, or the cell it acted on), each handed on through `cur` with the move `mv`
    /// extended by them.
    fn generate(&self, cur: &mut Cursor, focus: CellId, mv: Move);
    /// Notation: writes this part of the move `w` is writing, reading the cells it recorded.
    fn write(&self, w: &mut Writer);
    /// Execution: replays this part of the move `r` is replaying onto `sink`.
    fn replay<S: CellSink>(&self, r: &mut Replay, sink: &mut S);
}

/// Expands `$body` once per [`Part`] variant with `$x` bound to the primitive it wraps: the
/// one exhaustive `match` over the variants (a new variant is added here and nowhere else).
macro_rules! each_part {
    ($part:expr, $x:ident => $body:expr) => {
        match $part {
            Part::Place($x) => $body,
            Part::Drop($x) => $body,
            Part::Step($x) => $body,
            Part::Slide($x) => $body,
            Part::Jump($x) => $body,
            Part::Outflank($x) => $body,
            Part::EnPassant($x) => $body,
            Part::Castle($x) => $body,
            Part::Swap($x) => $body,
            Part::Promote($x) => $body,
            Part::BecomeCaptured($x) => $body,
            Part::Convert($x) => $body,
            Part::Advance($x) => $body,
            Part::Fly($x) => $body,
            Part::Shoot($x) => $body,
            Part::Remove($x) => $body,
            Part::RemoveSurrounded($x) => $body,
            Part::Pass($x) => $body,
            Part::SwapSides($x) => $body,
            Part::Pattern($x) => $body,
            Part::Sow($x) => $body,
        }
    };
}

impl Part {
    /// The registry name of the primitive this part was compiled from (`leap` is a `step`).
    pub fn name(&self) -> &'static str {
        each_part!(self, x => Primitive::name(x))
    }

    /// Whether this part moves an existing piece (so the rule starts from a piece's cell).
    pub fn moves_piece(&self) -> bool {
        each_part!(self, x => Primitive::moves_piece(x))
    }

    /// How many cells a move records for this part.
    pub fn cells_recorded(&self) -> usize {
        each_part!(self, x => Primitive::cells_recorded(x))
    }

    /// See [`Primitive::targets`].
    pub(crate) fn targets<'c>(&self, rest: &'c [CellId]) -> (usize, &'c [CellId]) {
        each_part!(self, x => Primitive::targets(x, rest))
    }

    /// How this part may take an enemy piece (see [`Takes`]).
    pub fn takes(&self) -> Takes<'_> {
        each_part!(self, x => Primitive::takes(x))
    }

    /// See [`Primitive::reach_created`].
    pub(crate) fn reach_created(&self, w: &mut ReachWork, p: Player) {
        each_part!(self, x => Primitive::reach_created(x, w, p))
    }

    /// See [`Primitive::reach`].
    pub(crate) fn reach(
        &self,
        w: &mut ReachWork,
        pq: (Player, PieceId),
        last: bool,
        at: &[CellId],
    ) -> Option<Vec<CellId>> {
        each_part!(self, x => Primitive::reach(x, w, pq, last, at))
    }

    /// See [`Primitive::creates_pieces`].
    pub(crate) fn creates_pieces(&self) -> bool {
        each_part!(self, x => Primitive::creates_pieces(x))
    }

    /// See [`Primitive::census_classes`].
    pub(crate) fn census_classes(&self, c: &mut CensusClasses, from: &[KindId]) {
        each_part!(self, x => Primitive::census_classes(x, c, from))
    }

    /// See [`Primitive::keeps_column`].
    pub(crate) fn keeps_column(&self, c: &mut ColumnCheck) -> bool {
        each_part!(self, x => Primitive::keeps_column(x, c))
    }

    /// See [`Primitive::captures`].
    pub(crate) fn captures(&self, game: &Game, s: &State, rest: &[CellId]) -> (usize, usize) {
        each_part!(self, x => Primitive::captures(x, game, s, rest))
    }

    /// See [`Primitive::victims`].
    pub(crate) fn victims(
        &self,
        at: (&Game, &State),
        cells: &[CellId],
        k: usize,
        found: &mut dyn FnMut(CellId),
    ) -> usize {
        each_part!(self, x => Primitive::victims(x, at, cells, k, found))
    }

    /// See [`Primitive::may_pass`].
    pub fn may_pass(&self) -> bool {
        each_part!(self, x => Primitive::may_pass(x))
    }

    /// See [`Primitive::null_move_sound`].
    pub fn null_move_sound(&self) -> bool {
        each_part!(self, x => Primitive::null_move_sound(x))
    }

    /// See [`Primitive::bound`].
    pub fn bound(&self, b: &mut MoveBound) -> Option<f64> {
        each_part!(self, x => Primitive::bound(x, b))
    }

    /// See [`Primitive::symmetric`].
    pub(crate) fn symmetric(&self, c: &SymmetryCheck) -> bool {
        each_part!(self, x => Primitive::symmetric(x, c))
    }

    /// See [`Primitive::generate`]: the generator's dispatch, inlined into the cursor.
    #[inline(always)]
    pub(crate) fn generate(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        each_part!(self, x => Primitive::generate(x, cur, focus, mv))
    }

    /// See [`Primitive::write`].
    pub(crate) fn write(&self, w: &mut Writer) {
        each_part!(self, x => Primitive::write(x, w))
    }

    /// See [`Primitive::replay`].
    #[inline(always)]
    pub(crate) fn replay<S: CellSink>(&self, r: &mut Replay, sink: &mut S) {
        each_part!(self, x => Primitive::replay(x, r, sink))
    }
}

/// Whether writing `next` straight after `out` would run two numbers together (`21` then
/// `14` reads as `2114`, which is also `2`, `11`, `4`): the compact form keeps the separator
/// there, so that it still names one move. (Here, not in `notation.rs`, so that the
/// primitives that write themselves need not import the notation.)
pub(crate) fn runs_together(out: &str, next: &str) -> bool {
    out.ends_with(|c: char| c.is_ascii_digit()) && next.starts_with(|c: char| c.is_ascii_digit())
}

/// 1 when the piece on `t` (before the move) belongs to another player than the one to move
/// in `s`: a piece taken by landing there.
fn taken_on(game: &Game, s: &State, t: Option<&CellId>) -> usize {
    let Some(&t) = t else { return 0 };
    let victim = s.board.get(t.index()).copied().unwrap_or(super::EMPTY);
    usize::from(victim != super::EMPTY && game.owner(victim).is_some_and(|o| o != s.to_move()))
}

/// What a part's move bound reads: see [`Primitive::bound`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveBound {
    /// The cells of the board.
    pub cells: f64,
    /// The cells not chosen by earlier parts (at least 1): what a later choice picks from.
    pub free: f64,
    /// The length of the run of `convert`s picked in any order that the previous part ended
    /// (0 when it was no such convert).
    pub prev_run: f64,
    /// The same, as this part leaves it (a convert sets it; the caller clears it first).
    pub run: f64,
}

impl MoveBound {
    /// The most directions any player has in `d` (at least 1).
    pub fn dirs(&self, d: &super::ByPlayer<Vec<super::DirId>>) -> f64 {
        d.0.iter().map(Vec::len).max().unwrap_or(0).max(1) as f64
    }
}

/// The first `n` cells of `rest` (fewer when the move recorded fewer): what one part recorded.
fn recorded(rest: &[CellId], n: usize) -> &[CellId] {
    &rest[..n.min(rest.len())]
}

/// How a part may take an enemy piece, as the AI's capture features see it.
#[derive(Clone, Copy, Debug)]
pub enum Takes<'a> {
    /// Never (or only on cells it does not land on, place on or convert: en passant,
    /// `remove`, `remove-surrounded`, `outflank` — the AI values no victim for these).
    Nothing,
    /// The piece on the cell it lands on, places on or converts, when this condition lets
    /// an enemy piece stand there.
    On(&'a CellCond),
    /// As `On`, and also the piece it jumps over when `capture` is set.
    Jumped { to: &'a CellCond, capture: bool },
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of the docs' "move part | named arguments" tables.
    fn doc_rows() -> Vec<&'static str> {
        let doc = include_str!("../../../docs/language.md");
        doc.lines()
            .filter(|l| l.starts_with("| `"))
            .filter(|l| l.contains(':') || l.contains('—'))
            .collect()
    }

    /// docs/language.md has a section for every registered primitive and lists every named
    /// argument in its quick-reference row, so the docs cannot fall behind the registry.
    #[test]
    fn the_docs_describe_every_primitive_and_argument() {
        let doc = include_str!("../../../docs/language.md");
        let rows = doc_rows();
        for s in PRIMITIVES {
            assert!(
                doc.contains(&format!("`{}(", s.name)) || doc.contains(&format!("`{}`", s.name)),
                "docs/language.md never shows `{}`",
                s.name
            );
            let row = rows
                .iter()
                .find(|r| {
                    let first = r.split('|').nth(1).unwrap_or("");
                    first.contains(&format!("`{}(", s.name))
                        || first.contains(&format!("`{}`", s.name))
                        || first.contains(&format!(" `{},", s.name))
                })
                .unwrap_or_else(|| panic!("no quick-reference row for `{}`", s.name));
            for a in s.named {
                assert!(
                    row.contains(&format!("`{}:", a.name)),
                    "the quick-reference row of `{}` lacks `{}:`: {row}",
                    s.name,
                    a.name
                );
            }
        }
    }

    /// Every part of every shipped game's rules is named by a registered primitive, so
    /// `describe` (which names parts by `Part::name`) and the registry agree.
    #[test]
    fn every_compiled_part_names_a_registered_primitive() {
        let mut seen = std::collections::BTreeSet::new();
        for name in crate::games::shipped_names() {
            let game = crate::load_shipped(name, &[]).expect("a shipped game compiles");
            for rule in &game.rules {
                for part in &rule.parts {
                    assert!(spec(part.name()).is_some(), "{name}: {}", part.name());
                    seen.insert(part.name());
                }
            }
        }
        // The shipped games use most primitives: the check is not vacuous.
        assert!(seen.len() >= 15, "{seen:?}");
    }

    /// The primitives reach the engine only through its leaf modules (the cursor, the view,
    /// the sink, the writer, the reach sets) and the crate root: none imports the generator,
    /// `make`, `exec`, the notation or the royal-safety filter, which would close an import
    /// circle through them.
    #[test]
    fn primitives_import_only_leaf_modules() {
        fn walk(dir: &std::path::Path, files: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).expect("the prim folder is readable") {
                let path = entry.expect("a folder entry").path();
                if path.is_dir() {
                    walk(&path, files);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
        }
        let mut files = Vec::new();
        walk(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/prim"),
            &mut files,
        );
        assert!(files.len() > 20, "{files:?}");
        let generator = ["movegen", "make", "exec", "notation", "legal", "reach"];
        for file in &files {
            let text = std::fs::read_to_string(file).expect("a source file");
            for module in generator {
                for path in [format!("engine::{module}::"), format!("super::{module}::")] {
                    assert!(!text.contains(&path), "{} imports `{path}`", file.display());
                }
            }
        }
    }

    /// Each name is registered once, and every example calls its own primitive.
    #[test]
    fn the_registry_is_consistent() {
        for (i, s) in PRIMITIVES.iter().enumerate() {
            assert!(
                PRIMITIVES[..i].iter().all(|t| t.name != s.name),
                "{} twice",
                s.name
            );
            assert!(s.example.contains(s.name), "{}: {}", s.name, s.example);
            assert!(!s.summary.is_empty());
        }
    }
}
