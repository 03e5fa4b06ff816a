//! Compiled move rules: a rule is a sequence of parts, each choosing one or more cells.

use super::{CellCond, KindId, StateCond};

/// One part of a move. A move is made of one or more parts done in order; a part that moves
/// a piece continues from where the previous part left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Put a new piece on a cell (or drop one from the hand): see [`super::prim::place`].
    Place(super::prim::place::Place),
    /// Put a piece into a column; it falls to rest: see [`super::prim::drop`].
    Drop(super::prim::drop::DropPiece),
    /// Move one step (or one leap along a compound direction): see [`super::prim::step`].
    Step(super::prim::step::Step),
    /// Ride along a line: see [`super::prim::slide`].
    Slide(super::prim::slide::Slide),
    /// Hop over a piece: see [`super::prim::jump`].
    Jump(super::prim::jump::Jump),
    /// Turn the enemy lines the piece just placed outflanks (reversi): see
    /// [`super::prim::outflank`].
    Outflank(super::prim::outflank::Outflank),
    /// Capture en passant: see [`super::prim::en_passant`].
    EnPassant(super::prim::en_passant::EnPassant),
    /// Castle: see [`super::prim::castle`].
    Castle(super::prim::castle::Castle),
    /// Exchange places with a neighbour: see [`super::prim::swap`].
    Swap(super::prim::swap::Swap),
    /// Become another kind in a zone: see [`super::prim::promote`].
    Promote(super::prim::promote::Promote),
    /// Optionally become the kind just captured: see [`super::prim::become_captured`].
    BecomeCaptured(super::prim::become_captured::BecomeCaptured),
    /// Change pieces in place: see [`super::prim::convert`].
    Convert(super::prim::convert::Convert),
    /// Move along a track by the roll (or a fixed count): see [`super::prim::advance`].
    Advance(super::prim::advance::Advance),
    /// Move the piece to any cell: see [`super::prim::fly`].
    Fly(super::prim::fly::Fly),
    /// Put a new piece a slide away from where the previous part ended: see
    /// [`super::prim::shoot`].
    Shoot(super::prim::shoot::Shoot),
    /// Take off one piece chosen by the mover: see [`super::prim::remove`].
    Remove(super::prim::remove::Remove),
    /// Go's capture of chains without liberties: see [`super::prim::remove_surrounded`].
    RemoveSurrounded(super::prim::remove_surrounded::RemoveSurrounded),
    /// Do nothing; the turn passes: see [`super::prim::pass`].
    Pass(super::prim::pass::Pass),
    /// The pie rule: take over the first player's side: see [`super::prim::swap_sides`].
    SwapSides(super::prim::swap_sides::SwapSides),
    /// A capture or conversion decided by a pattern around the landing cell (custodian,
    /// surround, approach, withdraw, convert-around): see [`super::prim::pattern`].
    Pattern(super::prim::pattern::Pattern),
    /// Lift the counters of a cell and sow them along a track: see [`super::prim::sow`].
    Sow(super::prim::sow::Sow),
}

/// A compiled move rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The kinds of piece this rule moves (empty for rules that do not start from a piece).
    pub kinds: Vec<KindId>,
    /// The parts, in order.
    pub parts: Vec<Part>,
    /// Which players may use it (bit per player).
    pub players: u64,
    /// A condition on the state for the rule to apply (`when in-reserve(man) = 0`), tested for
    /// the player to move.
    pub guard: Option<StateCond>,
    /// The source text of the rule, for `describe`.
    pub text: String,
    /// The source text of `guard` (`ply() = 0`), for `describe`.
    pub when: Option<String>,
    /// A condition the piece's starting cell must meet (`from: second-rank`).
    pub from: Option<CellCond>,
    /// A forced move: while any forced move is legal, no other move is (draughts captures).
    pub forced: bool,
    /// Whether a part is the pie rule's swap (derived from `parts`; saves a scan per move).
    pub swaps_sides: bool,
    /// Whether a part is a passable slide (derived from `parts`).
    pub passable: bool,
    /// Whether the move only takes a piece from its cell to another (one step, leap or
    /// slide, then perhaps a change of kind): it empties one cell and fills one, and nothing else
    /// (derived from `parts`; the royal-safety filter trusts such moves off the pin lines).
    pub plain: bool,
    /// Whether a move of the rule only puts one new piece of the mover on one cell: the
    /// rule is a lone `place` or `drop` of a kind not taken from a reserve, in a game
    /// without dice, extra turns or castling flags (set when the game is assembled; `make`
    /// then logs the one cell directly instead of replaying the parts).
    pub lone_placement: bool,
}

impl Rule {
    /// Whether `parts` make a plain move (see [`Rule::plain`]).
    pub fn parts_are_plain(parts: &[Part]) -> bool {
        matches!(parts.first(), Some(Part::Step(_) | Part::Slide(_)))
            && parts[1..]
                .iter()
                .all(|x| matches!(x, Part::Promote(_) | Part::BecomeCaptured(_)))
    }

    /// Whether the rule starts from one of the mover's pieces.
    pub fn from_piece(&self) -> bool {
        self.parts.first().is_some_and(Part::moves_piece)
    }

    /// Whether the rule is a pass: every part is `pass`.
    pub fn is_pass(&self) -> bool {
        self.parts.iter().all(Part::may_pass)
    }
}

impl super::Game {
    /// The cell a move starts from: the moving piece's cell, or `None` for placements,
    /// passes and rolls (and for pieces entering from a reserve, whose origin is no cell).
    pub fn move_origin(&self, mv: &super::Move) -> Option<super::CellId> {
        let rule = self.rules.get(mv.rule.index())?;
        let first = *mv.cells().first()?;
        (rule.from_piece() && first.index() < self.board.len()).then_some(first)
    }

    /// The cells a move lands on or acts on, in order, as a player would point at them:
    /// each landing cell (every landing of a multi-jump), each cell placed on, converted or
    /// removed; not its origin, not the cells passed or jumped over, not what a move takes
    /// along with it (the rook of a castling, the pawn taken en passant). What a front-end
    /// highlights as a move's targets, and the cells a move is entered by after its origin.
    pub fn move_targets(&self, mv: &super::Move) -> Vec<super::CellId> {
        let Some(rule) = self.rules.get(mv.rule.index()) else {
            return Vec::new();
        };
        let cells = mv.cells();
        // A whole turn (`by: die`): each step's origin and landing, in order.
        if matches!(rule.parts.first(), Some(Part::Advance(a)) if a.steps == super::Steps::Die) {
            return cells.get(1..).unwrap_or_default().to_vec();
        }
        let mut k = usize::from(rule.from_piece());
        let mut out = Vec::new();
        for part in &rule.parts {
            let (n, targets) = part.targets(cells.get(k..).unwrap_or_default());
            out.extend(targets);
            k += n;
        }
        out
    }
}
