//! Hands: the `hand kinds…` line, the drop arguments of `place` (`from: hand`,
//! `column-without:`, `mate:`), the promotion options of `promote` (`optional:`, `leaving:`,
//! `forced-in:`), and the table of what a capture puts into the captor's hand.

use super::args::CallArgs;
use super::scope::Compiler;
use crate::engine::{HandDrop, KindId, Part, PieceId, Rule, EMPTY};
use crate::lang::ast::{ExprKind, File, Stmt};
use crate::lang::Diagnostic;

impl Compiler {
    /// Reads the `hand` line: the kinds a hand may hold, in the order they are shown.
    pub(super) fn build_hand(&mut self, ast: &File) {
        for st in &ast.stmts {
            let Stmt::Hand(kinds) = &st.node else {
                continue;
            };
            if self.hand.is_some() {
                self.err(
                    st.span,
                    "the hands are declared twice: give one 'hand' line",
                );
                continue;
            }
            if self.race.reserve.is_some() {
                self.diags.push(
                    Diagnostic::error(st.span, "a game cannot have both a reserve and hands")
                        .with_hint("hands hold captured pieces of many kinds; a reserve holds one kind of piece waiting to enter"),
                );
                continue;
            }
            let mut list = Vec::new();
            for k in kinds {
                if let Some(id) = self.kind(&k.node, k.span) {
                    if list.contains(&KindId::from_index(id)) {
                        self.err(k.span, format!("'{}' is listed twice", k.node));
                    }
                    list.push(KindId::from_index(id));
                }
            }
            self.hand = Some((list, st.span));
        }
    }

    /// The drop arguments of `place(kind, …)`: `from: hand`, `column-without: condition`,
    /// `mate: no`. `None` after an error; `Some(None)` for a placement of a new piece.
    pub(super) fn hand_drop_args(
        &mut self,
        a: &mut CallArgs,
        kind: KindId,
        count: u16,
    ) -> Option<Option<Box<HandDrop>>> {
        let from = a.named("from");
        let column = a.named("column-without");
        let mate = a.named("mate");
        let Some(f) = from else {
            if let Some(e) = column.or(mate) {
                self.diags.push(
                    Diagnostic::error(e.span, "'column-without' and 'mate' are conditions of a drop from the hand")
                        .with_hint("add 'from: hand': place(pawn, from: hand, column-without: friend and pawn)"),
                );
                return None;
            }
            return Some(None);
        };
        if !matches!(&f.kind, ExprKind::Name(n) if n == "hand") {
            self.diags.push(
                Diagnostic::error(f.span, "'place' takes pieces only 'from: hand'")
                    .with_hint("place(pawn, from: hand) drops a piece from the mover's hand; leave 'from' out to place a new piece"),
            );
            return None;
        }
        match &self.hand {
            None => {
                self.diags.push(
                    Diagnostic::error(f.span, "this game has no hands")
                        .with_hint("add a line like 'hand pawn, rook': captured pieces of these kinds go to the captor's hand"),
                );
                return None;
            }
            Some((kinds, _)) if !kinds.contains(&kind) => {
                let name = self.kind_name(kind);
                self.diags.push(
                    Diagnostic::error(f.span, format!("no '{name}' can wait in a hand"))
                        .with_hint(format!("add '{name}' to the 'hand' line")),
                );
                return None;
            }
            Some(_) => {}
        }
        if count > 1 {
            self.err(
                f.span,
                "a drop from the hand places one piece: leave 'count' out",
            );
            return None;
        }
        let column_without = match column {
            Some(e) => Some(self.cell_cond(e)?),
            None => None,
        };
        let no_mate = match mate {
            None => false,
            Some(e) => match &e.kind {
                ExprKind::Name(n)
                    if n != "yes" && n != "no" && !self.options.contains_key(n.as_str()) =>
                {
                    self.diags.push(
                        Diagnostic::error(e.span, format!("'mate' is yes or no, not '{n}'"))
                            .with_hint("mate: no refuses a drop that checkmates (shogi's pawn-drop mate); mate: yes, the default, allows it"),
                    );
                    return None;
                }
                _ => !self.eval_bool(e)?,
            },
        };
        Some(Some(Box::new(HandDrop {
            column_without,
            no_mate,
        })))
    }

    /// The options of `promote`: `optional: yes` (the piece may also stay as it is),
    /// `leaving: yes` (a move that starts in the zone promotes too) and `forced-in: zone`
    /// (where an optional promotion is compulsory).
    pub(super) fn promote_options(
        &mut self,
        a: &mut CallArgs,
    ) -> Option<(bool, bool, Option<crate::engine::ZoneId>)> {
        let optional = self.yes_no_arg(a, "optional")?;
        let leaving = self.yes_no_arg(a, "leaving")?;
        let forced = match a.named("forced-in") {
            None => None,
            Some(e) => {
                if !optional {
                    self.diags.push(
                        Diagnostic::error(e.span, "'forced-in' matters only for an optional promotion")
                            .with_hint("add 'optional: yes', or leave 'forced-in' out: without it the promotion is always compulsory"),
                    );
                    return None;
                }
                Some(self.zone_ref(e)?)
            }
        };
        Some((optional, leaving, forced))
    }

    /// The name of kind `k`.
    fn kind_name(&self, k: KindId) -> String {
        self.pieces
            .kinds
            .keys()
            .nth(k.index())
            .cloned()
            .unwrap_or_default()
    }

    /// `hand_gain[victim * players + mover]`: the piece `mover` gains in hand by capturing
    /// `victim`. A promoted kind goes back to the kind that promotes into it (read off the
    /// `promote` parts of the rules), then to the mover's piece of that kind, if the `hand`
    /// line lists it. Empty without hands.
    pub(super) fn hand_gain_table(
        &self,
        rules: &[Rule],
        nkinds: usize,
        pieces: &[crate::engine::PieceType],
        piece_table: &[PieceId],
        np: usize,
    ) -> Vec<PieceId> {
        let Some((hand, _)) = &self.hand else {
            return Vec::new();
        };
        let mut base: Vec<KindId> = KindId::upto(nkinds).collect();
        for rule in rules {
            for part in &rule.parts {
                if let (
                    Part::Promote(crate::engine::prim::promote::Promote { kinds, .. }),
                    [from],
                ) = (part, rule.kinds.as_slice())
                {
                    for &k in kinds {
                        base[k.index()] = *from;
                    }
                }
            }
        }
        let mut table = vec![EMPTY; pieces.len() * np];
        for (victim, piece) in pieces.iter().enumerate().skip(1) {
            let k = base[piece.kind.index()];
            if !hand.contains(&k) {
                continue;
            }
            for mover in 0..np {
                if piece.owner.is_some_and(|o| o.index() != mover) {
                    table[victim * np + mover] = piece_table[k.index() * (np + 1) + mover];
                }
            }
        }
        table
    }
}
