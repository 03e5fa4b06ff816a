//! `promote(kinds…, in: zone, optional: no, leaving: no, forced-in: zone)`: the moving piece
//! becomes one of `kinds` when it stands in the zone (or, with `leaving`, started the move
//! there); mandatory there unless `optional`, and always in `forced-in` (where an unpromoted
//! piece could never move again).
//!
//! It records no cell: the new kind is the move's `promote` field. Written `=Q` (`q` in the
//! compact form), `+` for an optional promotion to a single kind (as USI writes it), and
//! nothing for a compulsory one to a single kind (draughts' crowning). `become-captured`
//! changes the kind the same way and shares [`exec_new_kind`] and [`write_new_kind`]. The
//! compile-side builder is `src/compile/prim/promote.rs`.

use crate::engine::cursor::Cursor;
use crate::engine::sink::CellSink;
use crate::engine::{CellId, Game, KindId, Move, PieceId, Player, State, ZoneId};

/// The registry name.
pub const NAME: &str = "promote";

/// A compiled `promote` part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promote {
    /// The kinds the piece may become.
    pub kinds: Vec<KindId>,
    /// Where it promotes.
    pub zone: ZoneId,
    /// Whether it may decline.
    pub optional: bool,
    /// Whether starting the move in the zone is enough.
    pub leaving: bool,
    /// Where an optional promotion is compulsory all the same.
    pub forced: Option<ZoneId>,
}

impl Promote {
    /// Generation: one move per kind when the piece is in the zone (and the plain move too
    /// when optional and not forced), else the plain move.
    #[inline(always)]
    pub(in crate::engine) fn gen(&self, cur: &mut Cursor, focus: CellId, mv: Move) {
        let (game, p) = (cur.game, cur.p);
        let Self {
            kinds,
            zone,
            optional,
            leaving,
            forced,
        } = self;
        let (board, saved) = (&game.board, cur.v.len);
        let z = &board.zones[zone.index()];
        if z.contains(p, focus) || (*leaving && mv.len > 0 && z.contains(p, mv.cells[0])) {
            let owner = game.owner(cur.v.get(focus));
            for &k in kinds {
                let mut m = mv;
                m.set_promote(Some(k));
                cur.v.put(focus, game.piece_id(k, owner));
                cur.then(focus, m);
                cur.v.len = saved;
            }
            let must = forced.is_some_and(|f| board.zones[f.index()].contains(p, focus));
            if *optional && !must {
                cur.then(focus, mv);
            }
        } else {
            cur.then(focus, mv);
        }
    }

    /// Notation of the move's new kind `promote` (if any), once per move
    /// (`promoted` says whether an earlier part wrote it).
    pub(crate) fn write(
        &self,
        game: &Game,
        out: &mut String,
        promote: Option<KindId>,
        promoted: &mut bool,
        compact: bool,
        me: Player,
    ) {
        let Some(promote) = promote.filter(|_| !*promoted) else {
            return;
        };
        *promoted = true;
        if self.kinds.len() == 1 {
            // An optional promotion to a single kind is a `+`, as USI writes it (`8h2b+`);
            // the move that declines it has none. A compulsory one goes unsaid.
            if self.optional {
                out.push('+');
            }
            return;
        }
        write_new_kind(game, out, promote, compact, me);
    }
}

/// Execution of a change of kind (`promote`, `become-captured`): the piece on `focus`
/// becomes `promote` (`None`: stays), keeping its owner.
#[inline(always)]
pub(crate) fn exec_new_kind<S: CellSink>(
    game: &Game,
    sink: &mut S,
    focus: CellId,
    promote: Option<KindId>,
    p: Player,
) {
    let Some(promote) = promote else { return };
    if sink.get(focus) != game.piece_id(promote, Some(p)) {
        let owner = game.owner(sink.get(focus));
        sink.set(focus, game.piece_id(promote, owner));
    }
}

/// Notation of a new kind: `=Q`, or `q` in the compact form.
pub(crate) fn write_new_kind(
    game: &Game,
    out: &mut String,
    kind: KindId,
    compact: bool,
    me: Player,
) {
    let sym = game.pieces[game.piece_id(kind, Some(me)).index()].symbol;
    if compact {
        out.extend(sym.to_lowercase());
    } else {
        out.push('=');
        out.push(sym);
    }
}

impl super::Primitive for Promote {
    fn name(&self) -> &'static str {
        NAME
    }

    fn moves_piece(&self) -> bool {
        true
    }

    fn cells_recorded(&self) -> usize {
        0
    }

    fn targets<'c>(&self, rest: &'c [CellId]) -> (usize, &'c [CellId]) {
        let n = self.cells_recorded();
        (n, super::recorded(rest, n))
    }

    fn takes(&self) -> super::Takes<'_> {
        super::Takes::Nothing
    }

    fn write(&self, w: &mut super::Writer) {
        self.write(
            w.game,
            &mut w.out,
            w.mv.promote(),
            &mut w.promoted,
            w.compact,
            w.me,
        );
    }

    fn reach_created(&self, _: &mut super::ReachWork, _: Player) {}

    fn reach(
        &self,
        w: &mut super::ReachWork,
        pq: (Player, PieceId),
        last: bool,
        at: &[CellId],
    ) -> Option<Vec<CellId>> {
        let ((p, _), game) = (pq, w.game);
        let board = &game.board;
        let zone = &board.zones[self.zone.index()];
        for &k in &self.kinds {
            let into = game.piece_id(k, Some(p));
            if !last || self.leaving {
                w.anywhere(into);
            }
            for &c in at {
                if zone.contains(p, c) {
                    w.add(into, c);
                }
            }
        }
        let forced = self.forced.map(|f| &board.zones[f.index()]);
        Some(
            at.iter()
                .copied()
                .filter(|&c| {
                    !(!self.optional && zone.contains(p, c)
                        || forced.is_some_and(|f| f.contains(p, c)))
                })
                .collect(),
        )
    }

    fn symmetric(&self, c: &super::SymmetryCheck) -> bool {
        c.zone(self.zone) && self.forced.is_none_or(|z| c.zone(z))
    }

    fn creates_pieces(&self) -> bool {
        false
    }

    fn census_classes(&self, c: &mut super::CensusClasses, from: &[KindId]) {
        for &from in from {
            for &into in &self.kinds {
                c.join(from, into);
            }
        }
    }

    fn keeps_column(&self, c: &mut super::ColumnCheck) -> bool {
        !self.kinds.contains(&c.k)
    }

    fn captures(&self, _: &Game, _: &State, _: &[CellId]) -> (usize, usize) {
        // Taken elsewhere than on a recorded landing, or nothing taken: not counted.
        (self.cells_recorded(), 0)
    }

    fn victims(
        &self,
        _: (&Game, &State),
        _: &[CellId],
        k: usize,
        _: &mut dyn FnMut(CellId),
    ) -> usize {
        // It records no cell an enemy piece stood on before the move.
        k + self.cells_recorded()
    }

    fn may_pass(&self) -> bool {
        false
    }

    fn null_move_sound(&self) -> bool {
        true
    }

    fn bound(&self, _: &mut super::MoveBound) -> Option<f64> {
        Some(self.kinds.len().max(1) as f64)
    }

    #[inline(always)]
    fn generate(&self, cur: &mut super::Cursor, focus: CellId, mv: Move) {
        self.gen(cur, focus, mv)
    }

    #[inline(always)]
    fn replay<S: super::CellSink>(&self, r: &mut super::Replay, sink: &mut S) {
        exec_new_kind(r.game, sink, r.focus, r.mv.promote(), r.p);
    }
}
