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

use super::{CellCond, Part};

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

impl Part {
    /// The registry name of the primitive this part was compiled from (`leap` is a `step`).
    pub fn name(&self) -> &'static str {
        match self {
            Part::Place(_) => place::NAME,
            Part::Drop(_) => drop::NAME,
            Part::Step(_) => step::NAME,
            Part::Slide(_) => slide::NAME,
            Part::Jump(_) => jump::NAME,
            Part::EnPassant(_) => en_passant::NAME,
            Part::Castle(_) => castle::NAME,
            Part::Swap(_) => swap::NAME,
            Part::Promote(_) => promote::NAME,
            Part::BecomeCaptured(_) => become_captured::NAME,
            Part::Convert(_) => convert::NAME,
            Part::Advance(_) => advance::NAME,
            Part::Outflank(_) => outflank::NAME,
            Part::Fly(_) => fly::NAME,
            Part::Shoot(_) => shoot::NAME,
            Part::Remove(_) => remove::NAME,
            Part::RemoveSurrounded(_) => remove_surrounded::NAME,
            Part::Pass(_) => pass::NAME,
            Part::SwapSides(_) => swap_sides::NAME,
            Part::Pattern(x) => x.name(),
            Part::Sow(_) => sow::NAME,
        }
    }
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

impl Part {
    /// How this part may take an enemy piece (see [`Takes`]). Exhaustive, so a new
    /// primitive says how it captures instead of being taken for a quiet one.
    pub fn takes(&self) -> Takes<'_> {
        match self {
            Part::Place(place::Place { on, .. })
            | Part::Shoot(shoot::Shoot { to: on, .. })
            | Part::Convert(convert::Convert { on, .. }) => Takes::On(on),
            Part::Step(step::Step { to, .. }) | Part::Slide(slide::Slide { to, .. }) => {
                Takes::On(to)
            }
            Part::Jump(jump::Jump { to, capture, .. }) => Takes::Jumped {
                to,
                capture: *capture,
            },
            Part::Outflank(_)
            | Part::Pattern(_)
            | Part::EnPassant(_)
            | Part::Remove(_)
            | Part::RemoveSurrounded(_)
            | Part::Drop(_)
            | Part::Castle(_)
            | Part::Swap(_)
            | Part::Promote(_)
            | Part::BecomeCaptured(_)
            | Part::Advance(_)
            | Part::Fly(_)
            | Part::Pass(_)
            | Part::SwapSides(_)
            | Part::Sow(_) => Takes::Nothing,
        }
    }
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
