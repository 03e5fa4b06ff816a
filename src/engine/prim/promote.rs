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

use crate::engine::make::CellSink;
use crate::engine::movegen::View;
use crate::engine::{CellId, Game, KindId, Move, MoveList, Player, Rule, State, ZoneId};

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
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(in crate::engine) fn gen(
        &self,
        game: &Game,
        s: &State,
        v: &mut View,
        p: Player,
        rule: &Rule,
        idx: usize,
        focus: CellId,
        mv: Move,
        out: &mut MoveList,
    ) {
        let Self {
            kinds,
            zone,
            optional,
            leaving,
            forced,
        } = self;
        let (board, saved) = (&game.board, v.len);
        let z = &board.zones[zone.index()];
        if z.contains(p, focus) || (*leaving && mv.len > 0 && z.contains(p, mv.cells[0])) {
            let owner = game.owner(v.get(focus));
            for &k in kinds {
                let mut m = mv;
                m.set_promote(Some(k));
                v.put(focus, game.piece_id(k, owner));
                game.gen_next(s, v, p, rule, idx, focus, m, out);
                v.len = saved;
            }
            let must = forced.is_some_and(|f| board.zones[f.index()].contains(p, focus));
            if *optional && !must {
                game.gen_next(s, v, p, rule, idx, focus, mv, out);
            }
        } else {
            game.gen_next(s, v, p, rule, idx, focus, mv, out);
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
