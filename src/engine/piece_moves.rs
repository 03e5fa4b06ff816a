//! The rules of each player's pieces, resolved once for the move generator.
//!
//! A rule's parts are written for every player and every piece its kinds name: directions
//! and contents per player, a `from:` condition over zones and contents, a promotion zone.
//! Generating a knight's leap from those means a dozen lookups and matches before the
//! first target is tried, for every rule of every piece on every call. Here each
//! (player, piece, rule) is resolved once into a [`PieceMove`]: its shape, its
//! directions, the contents it moves through and onto, and the cells it may start from and
//! promote in as bitsets. Rules of any other shape keep the general part-by-part path.

use super::{Board, CellCond, CellId, ContentSet, DirId, KindId, Part, PieceId, Player, Rule};
use crate::engine::RuleId;

/// The offset of "no cell set" in [`PieceMoves`]' bitset table.
const NO_SET: u32 = u32::MAX;

/// How the generator makes one rule's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One step or leap along each direction, onto a cell holding what `to` accepts.
    Steps,
    /// A slide along each direction through cells `through` accepts, onto cells `to`
    /// accepts, from `min` to `max` steps away.
    Slide {
        /// The fewest steps.
        min: u16,
        /// The most steps.
        max: u16,
        /// Whether the move records the last cell passed (en passant).
        passable: bool,
    },
    /// A slide along each direction exactly as many steps as there are pieces on the line
    /// through the piece (`distance: pieces-on-line`), through cells `through` accepts,
    /// onto a cell `to` accepts.
    CountedSlide,
    /// A jump along each direction over a cell holding what `through` accepts (the piece
    /// jumped) onto a cell holding what `to` accepts, taking the piece jumped when
    /// `capture`, and jumping on from the landing cell while it can when `repeat` (up to the
    /// stop zone): see [`gen_jumps`](super::jump_moves::gen_jumps).
    Jump {
        /// Whether the piece jumped leaves the board.
        capture: bool,
        /// Whether the piece jumps on while it can (a multi-jump is one move).
        repeat: bool,
    },
    /// En passant: nothing to generate unless an en-passant cell is set.
    EnPassant,
    /// Castling: nothing to generate unless the piece is unmoved.
    Castle,
    /// Anything else: the rule's parts one by one.
    General,
}

/// One rule of one player's piece, resolved.
#[derive(Clone, Debug)]
pub struct PieceMove {
    /// The rule.
    pub rule: RuleId,
    /// Whether the rule is forced (see [`Rule::forced`]).
    pub forced: bool,
    /// How its moves are made.
    pub shape: Shape,
    /// Its directions: a range of [`PieceMoves::dirs`] (steps and slides).
    dirs: (u32, u32),
    /// What the landing cell may hold (steps and slides).
    pub to: ContentSet,
    /// What the cells slid through may hold (slides), or the cell jumped (jumps).
    pub through: ContentSet,
    /// The zone that ends a repeating jump's cells, or [`NO_SET`].
    stop: u32,
    /// The cells the piece may start from, or [`NO_SET`] for any.
    from: u32,
    /// The kinds a piece landing in the promotion zone becomes: a range of
    /// [`PieceMoves::kinds`] (empty: no promotion).
    kinds: (u32, u32),
    /// The promotion zone's cells, or [`NO_SET`].
    promote_in: u32,
}

/// Every player's pieces' rules, resolved; see the module documentation.
#[derive(Clone, Debug, Default)]
pub struct PieceMoves {
    /// `start[player * pieces + piece]..start[… + 1]`: that piece's entries in `moves`.
    start: Vec<u32>,
    pub(super) moves: Vec<PieceMove>,
    dirs: Vec<DirId>,
    kinds: Vec<KindId>,
    /// Cell bitsets, `words` long each.
    sets: Vec<u64>,
    words: usize,
    pieces: usize,
}

impl PieceMoves {
    /// Resolves `piece_rules` (rule ids by `player * pieces + piece`) of `rules` on `board`.
    pub fn build(
        rules: &[Rule],
        piece_rules: &[Vec<RuleId>],
        board: &Board,
        pieces: usize,
    ) -> Self {
        let mut pm = PieceMoves {
            words: board.len().div_ceil(64).max(1),
            pieces,
            ..PieceMoves::default()
        };
        pm.start.push(0);
        for (i, list) in piece_rules.iter().enumerate() {
            let p = Player((i / pieces) as u8);
            let piece = PieceId::from_index(i % pieces);
            for &r in list {
                let mv = pm.resolve(&rules[r.index()], r, p, piece, board);
                pm.moves.push(mv);
            }
            pm.start.push(pm.moves.len() as u32);
        }
        pm
    }

    fn resolve(
        &mut self,
        rule: &Rule,
        r: RuleId,
        p: Player,
        piece: PieceId,
        board: &Board,
    ) -> PieceMove {
        let from = match &rule.from {
            Some(f) => self.add_set(board.len(), |c| f.accepts(board, p, c, piece)),
            None => NO_SET,
        };
        let mut mv = PieceMove {
            rule: r,
            forced: rule.forced,
            shape: Shape::General,
            dirs: (0, 0),
            to: ContentSet::NONE,
            through: ContentSet::NONE,
            stop: NO_SET,
            from,
            kinds: (0, 0),
            promote_in: NO_SET,
        };
        let plain = |c: &CellCond| c.zone.is_none();
        let (first, promote) = match &rule.parts[..] {
            [Part::EnPassant(_), ..] => {
                mv.shape = Shape::EnPassant;
                return mv;
            }
            [Part::Castle(_), ..] => {
                mv.shape = Shape::Castle;
                return mv;
            }
            // A guard is a condition on the whole state: the general path tests it.
            _ if rule.guard.is_some() => return mv,
            [first] => (first, None),
            [first, Part::Promote(super::prim::promote::Promote {
                kinds,
                zone,
                optional: false,
                leaving: false,
                forced: None,
            })] => (first, Some((kinds, *zone))),
            _ => return mv,
        };
        let dirs = match first {
            Part::Step(super::prim::step::Step {
                dirs,
                to,
                via: None,
            }) if plain(to) => {
                mv.shape = Shape::Steps;
                mv.to = to.content[p];
                dirs
            }
            Part::Slide(super::prim::slide::Slide {
                dirs,
                to,
                through,
                min,
                max,
                passable,
                screens: 0,
                counted,
            }) if plain(to) && plain(through) => {
                mv.shape = if *counted {
                    Shape::CountedSlide
                } else {
                    Shape::Slide {
                        min: *min,
                        max: *max,
                        passable: *passable,
                    }
                };
                mv.to = to.content[p];
                mv.through = through.content[p];
                dirs
            }
            Part::Jump(super::prim::jump::Jump {
                dirs,
                over,
                to,
                capture,
                repeat,
                stop,
                flying: false,
                deferred: false,
                crown: None,
                land_continuing: false,
            }) if plain(over) && plain(to) => {
                mv.shape = Shape::Jump {
                    capture: *capture,
                    repeat: *repeat,
                };
                mv.to = to.content[p];
                mv.through = over.content[p];
                if let Some(z) = stop {
                    let zone = &board.zones[z.index()];
                    mv.stop = self.add_set(board.len(), |c| zone.contains(p, c));
                }
                dirs
            }
            _ => return mv,
        };
        mv.dirs = (
            self.dirs.len() as u32,
            (self.dirs.len() + dirs[p].len()) as u32,
        );
        self.dirs.extend_from_slice(&dirs[p]);
        if let Some((kinds, zone)) = promote {
            mv.kinds = (
                self.kinds.len() as u32,
                (self.kinds.len() + kinds.len()) as u32,
            );
            self.kinds.extend_from_slice(kinds);
            let zone = &board.zones[zone.index()];
            mv.promote_in = self.add_set(board.len(), |c| zone.contains(p, c));
        }
        mv
    }

    /// Appends the set of cells `inside` accepts; returns its offset.
    fn add_set(&mut self, cells: usize, inside: impl Fn(CellId) -> bool) -> u32 {
        let at = self.sets.len();
        self.sets.resize(at + self.words, 0);
        for c in 0..cells {
            if inside(CellId::from_index(c)) {
                self.sets[at + c / 64] |= 1 << (c % 64);
            }
        }
        at as u32
    }

    /// The resolved rules of `player`'s `piece`, in rule order.
    #[inline(always)]
    pub fn of(&self, player: Player, piece: PieceId) -> &[PieceMove] {
        let i = player.index() * self.pieces + piece.index();
        &self.moves[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// Whether the piece may start `m` from `cell`.
    #[inline(always)]
    pub fn may_start(&self, m: &PieceMove, cell: CellId) -> bool {
        m.from == NO_SET || self.has(m.from, cell)
    }

    /// The cells `m` may start from, as a bitset (`None`: any cell).
    pub fn start_cells(&self, m: &PieceMove) -> Option<&[u64]> {
        (m.from != NO_SET).then(|| &self.sets[m.from as usize..m.from as usize + self.words])
    }

    /// The directions of `m`.
    #[inline(always)]
    pub fn dirs(&self, m: &PieceMove) -> &[DirId] {
        &self.dirs[m.dirs.0 as usize..m.dirs.1 as usize]
    }

    /// The promotion of `m`: its kinds and the zone's cells, as one [`Promotion`].
    #[inline(always)]
    pub fn promotion(&self, m: &PieceMove) -> Option<Promotion<'_>> {
        (m.promote_in != NO_SET).then(|| Promotion {
            kinds: &self.kinds[m.kinds.0 as usize..m.kinds.1 as usize],
            zone: &self.sets[m.promote_in as usize..m.promote_in as usize + self.words],
        })
    }

    /// The cells of the zone that ends `m`'s repeating jumps, if it has one.
    #[inline(always)]
    pub fn stop(&self, m: &PieceMove) -> Option<&[u64]> {
        (m.stop != NO_SET).then(|| &self.sets[m.stop as usize..m.stop as usize + self.words])
    }

    #[inline(always)]
    fn has(&self, set: u32, cell: CellId) -> bool {
        self.sets[set as usize + cell.index() / 64] >> (cell.index() % 64) & 1 == 1
    }
}

/// A promotion: the kinds a piece landing in the zone must become, one move each.
#[derive(Clone, Copy, Debug)]
pub struct Promotion<'a> {
    /// The kinds, in rule order.
    pub kinds: &'a [KindId],
    /// The zone's cells, as a bitset.
    pub zone: &'a [u64],
}

impl Promotion<'_> {
    /// Whether a piece landing on `cell` promotes.
    #[inline(always)]
    pub fn at(&self, cell: CellId) -> bool {
        self.zone[cell.index() / 64] >> (cell.index() % 64) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::{PieceMove, Shape};
    use crate::engine::{Game, KindId, Player, RuleId};

    /// The resolved rules of `player`'s pieces of kind `kind`.
    fn of<'a>(game: &'a Game, kind: &str, player: u8) -> &'a [PieceMove] {
        let k = game.kinds.iter().position(|k| k.name == kind).unwrap();
        let piece = game.piece_id(KindId::from_index(k), Some(Player(player)));
        game.accel.piece_moves.of(Player(player), piece)
    }

    fn shapes(moves: &[PieceMove]) -> Vec<Shape> {
        moves.iter().map(|m| m.shape).collect()
    }

    #[test]
    fn chess_rules_resolve_by_shape() {
        let chess = crate::load_shipped("chess", &[]).unwrap();
        let [e2, e7, e8] = ["e2", "e7", "e8"].map(|n| chess.board.cell_by_name(n).unwrap());
        for player in [0, 1] {
            let pawn = of(&chess, "pawn", player);
            let double = Shape::Slide {
                min: 2,
                max: 2,
                passable: true,
            };
            assert_eq!(
                shapes(pawn),
                [Shape::Steps, Shape::Steps, double, Shape::EnPassant]
            );
            // Only pawns on their own second rank step twice.
            let pm = &chess.accel.piece_moves;
            assert_eq!(pm.may_start(&pawn[2], e2), player == 0);
            assert_eq!(pm.may_start(&pawn[2], e7), player == 1);
            assert!(pm.may_start(&pawn[0], e2) && pm.may_start(&pawn[0], e7));
            // The steps promote on the player's last rank, to four kinds; the double step never.
            let promotion = pm.promotion(&pawn[0]).unwrap();
            assert_eq!(promotion.kinds.len(), 4);
            assert_eq!(promotion.at(e8), player == 0);
            assert!(pm.promotion(&pawn[2]).is_none());
            assert_eq!(pm.dirs(&pawn[1]).len(), 2);
        }
        assert_eq!(shapes(of(&chess, "knight", 0)), [Shape::Steps]);
        assert_eq!(
            chess
                .accel
                .piece_moves
                .dirs(&of(&chess, "knight", 0)[0])
                .len(),
            8
        );
        for kind in ["bishop", "rook", "queen"] {
            let m = of(&chess, kind, 1);
            assert!(
                matches!(
                    shapes(m)[..],
                    [Shape::Slide {
                        min: 1,
                        passable: false,
                        ..
                    }]
                ),
                "{kind}"
            );
            let dirs = if kind == "queen" { 8 } else { 4 };
            assert_eq!(chess.accel.piece_moves.dirs(&m[0]).len(), dirs, "{kind}");
        }
        assert_eq!(shapes(of(&chess, "king", 0)), [Shape::Steps, Shape::Castle]);
    }

    #[test]
    fn rules_with_a_guard_a_zone_or_more_parts_stay_general() {
        let game = crate::compile_source(
            "custom",
            "custom.game",
            "game \"Guarded\"\nplayers White, Black\nboard square(4, 4)\n\
             zone goal = row(4)\n\
             piece man = \"M\" for White, \"m\" for Black\n\
             setup \"m3/4/4/3M w\"\n\
             move man: step(n, to: empty) when count(man) > 3\n\
             move man: step(e, to: empty and goal)\n\
             move man: step(w, to: empty) then step(w, to: empty)\n\
             loss if no-moves\n",
            &[],
        )
        .unwrap();
        let general = [Shape::General; 3];
        assert_eq!(shapes(of(&game, "man", 0)), general);
        assert_eq!(shapes(of(&game, "man", 1)), general);
        // White's man on d1: the guard refuses the step north (one man, not more than
        // three), east is off the board, two steps west are fine.
        let mut moves = crate::MoveList::new();
        game.legal_moves(&game.start(), &mut moves);
        let rules: Vec<RuleId> = moves.iter().map(|m| m.rule).collect();
        assert_eq!(rules, [RuleId::new(2)]);
    }
}
