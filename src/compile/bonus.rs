//! Placement bonuses: `bonus knight, bishop at centre by 15`.
//!
//! Each line adds its weight, in hundredths of a value unit, to every listed kind's pieces
//! on the zone's cells, the zone read for each piece's owner (so `at home` means each
//! player's own home when `home` is a per-player zone). Lines add up. A `when` that reads
//! only options decides here whether the line applies; one that reads the state
//! (`when count(queen) = 0`) makes the line conditional, tested for each piece's owner when
//! the AI evaluates a position.

use super::guards::Guard;
use super::moves::st_text;
use super::scope::Compiler;
use crate::engine::{Bonuses, Player, EMPTY};
use crate::lang::ast::{File, Stmt};

/// The largest weight a bonus may have (ten thousand value units).
const MAX_BONUS: i64 = 1_000_000;

impl Compiler {
    /// Reads every `bonus` statement into `self.bonuses`.
    pub fn build_bonus(&mut self, ast: &File) {
        let cells = self.geo.as_ref().map_or(0, |g| g.names.len());
        let mut bonuses = Bonuses::new(self.pieces.pieces.len(), cells);
        for st in &ast.stmts {
            let Stmt::Bonus {
                kinds,
                cells: zone,
                weight,
                guard,
            } = &st.node
            else {
                continue;
            };
            let when = match guard.as_ref().map(|g| (self.guard(g), g)) {
                None | Some((Some(Guard::Static(true)), _)) => None,
                Some((Some(Guard::Runtime(cond)), g)) => Some((cond, st_text(g))),
                Some((Some(Guard::Static(false)) | None, _)) => continue,
            };
            let w = weight.node;
            if !(-MAX_BONUS..=MAX_BONUS).contains(&w) {
                self.err(
                    weight.span,
                    format!(
                        "a bonus is a whole number of hundredths of a value, from -{MAX_BONUS} \
                         to {MAX_BONUS}"
                    ),
                );
                continue;
            }
            let what = kinds
                .first()
                .map_or("bonus", |k| k.node.as_str())
                .to_string();
            self.zones.reading_hints = true;
            let zone = self.zone_value(zone, &what, false);
            self.zones.reading_hints = false;
            let Some(zone) = zone else {
                continue;
            };
            let when = when.as_ref().map(|(c, t)| (c, t.as_str()));
            for k in kinds {
                let Some(kind) = self.kind(&k.node, k.span) else {
                    continue;
                };
                if self.pieces.kinds[kind].neutral.is_some() {
                    self.err(
                        k.span,
                        format!(
                            "'{}' belongs to nobody, so no player's evaluation can count it",
                            k.node
                        ),
                    );
                    continue;
                }
                for (p, cells) in zone.iter().enumerate() {
                    let owner = Player(p as u8);
                    let piece = self.pieces.id(kind, Some(owner));
                    if piece == EMPTY {
                        continue;
                    }
                    for c in cells {
                        bonuses.add(when, piece, owner, c.index(), w as i32);
                    }
                }
            }
        }
        self.bonuses = bonuses;
    }
}
