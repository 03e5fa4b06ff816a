//! A player's bitboard plans regrouped for counting: bulk perft's last ply, work by work.
//!
//! [`super::BitMoves`] keeps a plan per piece, in the general generator's order, because a
//! generation must list the moves in that order. A count needs no order, so here, when the
//! game is assembled, every player's plans are taken apart and their rules regrouped by the
//! work they take, across pieces:
//! - a step whose directions never reach one cell from the same cell (a knight's leap, a
//!   king's step): one table lookup and popcount per piece;
//! - any other step, per direction: one shift of the accepted cells for all the pieces at
//!   once, and a popcount;
//! - a slide, per direction: one fill for all the pieces that slide that way with the same
//!   contents, range and start cells (a rook's and a queen's northward slides together).
//!   The fill shifts the set of slider cells one step at a time, keeping the cells it may
//!   pass through, and collects every cell it reaches. Two pieces' slides one way never
//!   reach one cell: a slide stops on the first cell it may not pass, and a slider's own
//!   cell is such a cell for every slider behind it, as long as no slider may pass through
//!   its own kind (a piece kind whose slide may is counted by its plan, cell by cell).
//!
//! The other rules (en passant, castling) are listed by the general generator from each
//! cell, and pieces that the royal rule binds (the royal piece, pinned pieces) are judged
//! move by move, as before (`count.rs`).

use super::bit_moves::{BitMoves, Entry, SetMasks, MAX_SETS, NONE};
use super::{DirShift, PieceId, Player, Shape, State};

/// A promotion while counting: the zone, and how many moves one landing there makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Promotes {
    zone: u64,
    kinds: usize,
}

/// Steps whose every target from a cell is in one table word.
#[derive(Clone, Debug, PartialEq, Eq)]
struct TableSteps {
    /// The index of its pieces in [`CountPlan::piece_sets`].
    pieces: u8,
    from: u64,
    to: u8,
    table: u32,
}

/// One direction of steps, for all its pieces at once.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ShiftSteps {
    /// The index of its pieces in [`CountPlan::piece_sets`].
    pieces: u8,
    from: u64,
    to: u8,
    dir: DirShift,
    promote: Option<Promotes>,
}

/// One direction of slides, for all its pieces at once (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Fill {
    /// The index of its pieces in [`CountPlan::piece_sets`].
    pieces: u8,
    from: u64,
    to: u8,
    through: u8,
    dir: DirShift,
    /// The shortest and longest distances.
    min: u16,
    max: u16,
    promote: Option<Promotes>,
}

/// A rule the general generator lists from each cell of its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OtherRule {
    pub(super) piece: PieceId,
    /// The index of the rule among the piece's resolved rules.
    pub(super) entry: u16,
    pub(super) shape: Shape,
}

/// One player's rules regrouped for counting (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct CountPlan {
    /// Per piece id: whether its rules are all counted here or listed through `others`.
    grouped: Vec<bool>,
    /// The player's other moving pieces, counted by their own plans.
    pub(super) apart: Vec<PieceId>,
    /// The sets of pieces the groups below move, each read once a count.
    piece_sets: Vec<Vec<PieceId>>,
    tables: Vec<TableSteps>,
    shifts: Vec<ShiftSteps>,
    fills: Vec<Fill>,
    pub(super) others: Vec<OtherRule>,
}

/// Adds `piece` to the group of `key`, made if new.
fn join<K: PartialEq>(groups: &mut Vec<(K, Vec<PieceId>)>, key: K, piece: PieceId) {
    match groups.iter_mut().find(|(k, _)| *k == key) {
        Some((_, pieces)) => pieces.push(piece),
        None => groups.push((key, vec![piece])),
    }
}

/// The most sets of pieces one player's groups move ([`CountPlan::piece_sets`]; a
/// count reads them into an array on the stack).
const MAX_PIECE_SETS: usize = 16;
// The count masks its indices with these (see `CountPlan::count_free`).
const _: () = assert!(MAX_PIECE_SETS.is_power_of_two() && MAX_SETS.is_power_of_two());

/// The index of `pieces` in `sets`, added if new.
fn set_of(sets: &mut Vec<Vec<PieceId>>, pieces: Vec<PieceId>) -> u8 {
    match sets.iter().position(|x| *x == pieces) {
        Some(i) => i as u8,
        None => {
            sets.push(pieces);
            sets.len() as u8 - 1
        }
    }
}

/// The most steps a ray takes along `dir` on a board of at most 64 cells.
fn longest_ray(dir: DirShift) -> u16 {
    (0..64)
        .map(|c| {
            let (mut ray, mut steps) = (1u64 << c & dir.from_next(u64::MAX), 0);
            while ray != 0 {
                ray = dir.onto_next(ray) & dir.from_next(u64::MAX);
                steps += 1;
            }
            steps
        })
        .max()
        .unwrap_or(0)
}

/// The cells of any of `pieces`.
#[inline(always)]
fn cells_of(s: &State, pieces: &[PieceId]) -> u64 {
    pieces.iter().fold(0, |a, &id| a | s.bits[id.index()])
}

/// The moves landing on `targets`, a landing on the promotion zone counting once per kind.
#[inline(always)]
fn landings(targets: u64, promote: Option<Promotes>) -> usize {
    let n = targets.count_ones() as usize;
    match promote {
        Some(pr) => {
            // One move per kind on the zone (none without kinds).
            let z = (targets & pr.zone).count_ones() as usize;
            n - z + z * pr.kinds
        }
        None => n,
    }
}

impl CountPlan {
    /// Whether the rules of `piece` are counted here (else by its own plan).
    #[inline(always)]
    pub(super) fn is_grouped(&self, piece: PieceId) -> bool {
        self.grouped.get(piece.index()).copied().unwrap_or(false)
    }

    /// `player`'s count plan from `bm`'s plans for `game`.
    pub(super) fn build(
        game: &super::Rules,
        accel: &super::accel::Accel,
        bm: &BitMoves,
        player: Player,
    ) -> CountPlan {
        let sets = &bm.sets[player.index()];
        let mut tables = Vec::new();
        let mut shifts = Vec::new();
        let mut fills = Vec::new();
        let mut out = CountPlan {
            grouped: vec![false; game.pieces.len()],
            apart: Vec::new(),
            piece_sets: Vec::new(),
            tables: Vec::new(),
            shifts: Vec::new(),
            fills: Vec::new(),
            others: Vec::new(),
        };
        for &piece in &accel.movers[player] {
            let Some(plan) = bm.plan(player, piece) else {
                out.apart.push(piece);
                continue;
            };
            let passes_own_kind = plan.entries.iter().any(|e| {
                matches!(e, Entry::Slide { through, .. }
                    if sets[usize::from(*through)].contains(&piece))
            });
            if passes_own_kind {
                out.apart.push(piece);
                continue;
            }
            out.grouped[piece.index()] = true;
            let rules = accel.piece_moves.of(player, piece);
            for (i, e) in plan.entries.iter().enumerate() {
                let promote = |pr: &Option<super::bit_moves::Promote>| {
                    pr.as_ref().map(|pr| Promotes {
                        zone: pr.zone,
                        kinds: pr.kinds.len(),
                    })
                };
                match e {
                    Entry::Steps {
                        dirs,
                        to,
                        from,
                        promote: None,
                        targets,
                        ..
                    } if *targets != NONE && dirs.len() > 2 => {
                        join(&mut tables, (*from, *to, *targets), piece);
                    }
                    Entry::Steps {
                        dirs,
                        to,
                        from,
                        promote: pr,
                        ..
                    } => {
                        for &d in dirs {
                            join(&mut shifts, (*from, *to, d, promote(pr)), piece);
                        }
                    }
                    Entry::Slide {
                        dirs,
                        to,
                        through,
                        from,
                        promote: pr,
                        ..
                    } => {
                        let Shape::Slide { min, max, .. } = rules[i].shape else {
                            unreachable!("a slide plan comes from a slide rule")
                        };
                        for sd in dirs {
                            let key = (*from, *to, *through, sd.shift, min, max, promote(pr));
                            join(&mut fills, key, piece);
                        }
                    }
                    Entry::Other(entry, shape) => out.others.push(OtherRule {
                        piece,
                        entry: *entry,
                        shape: *shape,
                    }),
                }
            }
        }
        out.tables = tables
            .into_iter()
            .map(|((from, to, table), pieces)| TableSteps {
                pieces: set_of(&mut out.piece_sets, pieces),
                from,
                to,
                table,
            })
            .collect();
        out.shifts = shifts
            .into_iter()
            .map(|((from, to, dir, promote), pieces)| ShiftSteps {
                pieces: set_of(&mut out.piece_sets, pieces),
                from,
                to,
                dir,
                promote,
            })
            .collect();
        out.fills = fills
            .into_iter()
            .map(
                |((from, to, through, dir, min, max, promote), pieces)| Fill {
                    pieces: set_of(&mut out.piece_sets, pieces),
                    from,
                    to,
                    through,
                    dir,
                    min,
                    // No ray this way on the board is longer.
                    max: max.min(longest_ray(dir)),
                    promote,
                },
            )
            .collect();
        if out.piece_sets.len() > MAX_PIECE_SETS {
            // Too many to read on the stack: every piece is counted by its own plan.
            return CountPlan {
                grouped: vec![false; game.pieces.len()],
                apart: accel.movers[player].clone(),
                piece_sets: Vec::new(),
                tables: Vec::new(),
                shifts: Vec::new(),
                fills: Vec::new(),
                others: Vec::new(),
            };
        }
        out
    }

    /// The number of moves of the grouped pieces from the cells of `free` onto the cells of
    /// `landing`, by their steps and slides (their other rules are the caller's).
    #[inline(always)]
    pub(super) fn count_free(
        &self,
        bm: &BitMoves,
        masks: &SetMasks,
        s: &State,
        free: u64,
        landing: u64,
    ) -> usize {
        // Each set of pieces, from the free cells only, read once.
        let mut origins = [0u64; MAX_PIECE_SETS];
        for (o, pieces) in origins.iter_mut().zip(&self.piece_sets) {
            *o = cells_of(s, pieces) & free;
        }
        // Set indices are below `MAX_SETS` and piece-set indices below `MAX_PIECE_SETS`
        // (checked when the plan is built), both powers of two: the masks spare the
        // bounds tests.
        let mask = |set: u8| masks[usize::from(set) & (MAX_SETS - 1)];
        let pieces = |set: u8| origins[usize::from(set) & (MAX_PIECE_SETS - 1)];
        let mut n = 0;
        for t in &self.tables {
            let accept = mask(t.to) & landing;
            let mut cells = pieces(t.pieces) & t.from;
            while cells != 0 {
                let c = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                n += (bm.rays[t.table as usize + c] & accept).count_ones() as usize;
            }
        }
        for st in &self.shifts {
            let origins = st.dir.from_next(mask(st.to) & landing) & pieces(st.pieces) & st.from;
            n += landings(st.dir.onto_next(origins), st.promote);
        }
        for f in &self.fills {
            let mut front = pieces(f.pieces) & f.from;
            if front == 0 {
                continue;
            }
            let through = mask(f.through);
            let mut reached = 0;
            if f.min <= 1 {
                for _ in 0..f.max {
                    front = f.dir.onto_next(front);
                    reached |= front;
                    front &= through;
                    if front == 0 {
                        break;
                    }
                }
            } else {
                for k in 1..=f.max {
                    front = f.dir.onto_next(front);
                    if k >= f.min {
                        reached |= front;
                    }
                    front &= through;
                    if front == 0 {
                        break;
                    }
                }
            }
            n += landings(reached & mask(f.to) & landing, f.promote);
        }
        n
    }
}
