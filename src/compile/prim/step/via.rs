//! `via:` of `step` and `leap`: the cells a compound direction passes on its way must meet
//! a condition (`leap(n + ne, via: empty)`, the xiangqi horse's leg). The cells passed are
//! the points after each term of the sum but the last, as the direction was written: in its
//! `direction` statement, or in the move itself.

use crate::compile::geometry::DirEntry;
use crate::compile::scope::Compiler;
use crate::engine::DirId;
use crate::engine::{BoardShape, ByPlayer, Via};
use crate::lang::ast::{Expr, ExprKind};
use crate::lang::Diagnostic;

/// A direction as a sum of steps: its vector and the points it passes, in order.
type Way = ((i32, i32), Vec<(i32, i32)>);

/// How deep `direction` statements may refer to each other here (they cannot refer to
/// themselves, so this only guards against surprises).
const MAX_DEPTH: usize = 64;

impl Compiler {
    /// Compiles `via: cond` for a part moving along `items`, whose directions (resolved,
    /// per player) are `dirs`.
    pub(crate) fn via_arg(
        &mut self,
        cond: &Expr,
        items: &[&Expr],
        dirs: &ByPlayer<Vec<DirId>>,
    ) -> Option<Box<Via>> {
        if self.geo.as_ref()?.shape == BoardShape::Graph {
            self.err(
                cond.span,
                "'via' needs a grid or hex board: on a graph board a direction passes no cells",
            );
            return None;
        }
        let cell_cond = self.cell_cond(cond)?;
        let np = self.players.len();
        let mut paths = Vec::with_capacity(np);
        let mut passes_some = false;
        for p in 0..np {
            let mut per_dir: Vec<Vec<Vec<DirId>>> = vec![Vec::new(); dirs.0[p].len()];
            for e in items {
                for (v, way) in self.ways(e, p, 0)? {
                    let geo = self.geo.as_mut()?;
                    let Some(i) =
                        find(&geo.dirs, v).and_then(|d| dirs.0[p].iter().position(|&x| x == d))
                    else {
                        continue;
                    };
                    let way: Vec<DirId> = way
                        .iter()
                        .map(|&w| geo.dir_with_vector(w, &format!("{},{}", w.0, w.1)))
                        .collect();
                    passes_some |= !way.is_empty();
                    if !per_dir[i].contains(&way) {
                        per_dir[i].push(way);
                    }
                }
            }
            paths.push(per_dir);
        }
        if !passes_some {
            self.diags.push(
                Diagnostic::error(cond.span, "'via' tests the cells a compound direction passes, but these directions pass none")
                    .with_hint("write the direction as the sum of its steps: 'n + ne' passes the cell n of its start, 'ne + ne' the cell ne"),
            );
            return None;
        }
        Some(Box::new(Via {
            cond: cell_cond,
            paths: ByPlayer(paths),
        }))
    }

    /// The ways a direction expression goes for player `p`: each resulting vector with the
    /// points it passes. Errors in the expression are reported where the directions are
    /// resolved; here they only end the walk.
    fn ways(&mut self, e: &Expr, p: usize, depth: usize) -> Option<Vec<Way>> {
        if depth > MAX_DEPTH {
            return None;
        }
        match &e.kind {
            ExprKind::Name(n) => {
                if let Some(src) = self.dir_sources.get(n).map(|s| s[p].clone()) {
                    let mut out = Vec::new();
                    for x in &src {
                        out.extend(self.ways(x, p, depth + 1)?);
                    }
                    return Some(out);
                }
                let ids = self.dirs.get(n)?.0[p].clone();
                let geo = self.geo.as_ref()?;
                ids.iter()
                    .map(|&d| geo.dirs[d.index()].1.map(|v| (v, Vec::new())))
                    .collect()
            }
            ExprKind::Add(a, b) => {
                let left = self.ways(a, p, depth + 1)?;
                let right = self.ways(b, p, depth + 1)?;
                let mut out = Vec::new();
                for (u, pu) in &left {
                    for (v, pv) in &right {
                        let mut passed = pu.clone();
                        passed.push(*u);
                        passed.extend(pv.iter().map(|q| (u.0 + q.0, u.1 + q.1)));
                        out.push(((u.0 + v.0, u.1 + v.1), passed));
                    }
                }
                Some(out)
            }
            _ => None,
        }
    }
}

/// The direction with vector `v`, if the board has one.
fn find(dirs: &[DirEntry], v: (i32, i32)) -> Option<DirId> {
    dirs.iter()
        .position(|d| d.1 == Some(v))
        .map(DirId::from_index)
}

#[cfg(test)]
mod tests {
    /// The targets of the piece on a1 in `position`, for a game whose leaper moves by `leap`.
    fn targets(leap: &str, position: &str) -> Vec<String> {
        let src = format!(
            "game \"Via\"\nplayers White, Black\nboard square(4, 4)\n\
             piece leaper = \"L\" for White, \"l\" for Black\npiece rock = \"#\"\n\
             setup \"{position}\"\nmove leaper: {leap}\nloss if no-moves\n"
        );
        let game = crate::compile_source("via", "via.game", &src, &[]).expect("compiles");
        let s = game.start();
        let mut names: Vec<String> = game
            .legal_moves_vec(&s)
            .into_iter()
            .map(|m| game.board.cells[m.cells[1].index()].name.clone())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_leap_passes_the_points_after_each_term_but_the_last() {
        // n + ne passes a2; ne + n passes b2; n + n + e passes a2 and a3.
        assert_eq!(targets("leap(n + ne, via: empty)", "4/4/4/L3 w"), ["b3"]);
        assert!(targets("leap(n + ne, via: empty)", "4/4/#3/L3 w").is_empty());
        assert_eq!(targets("leap(n + ne, via: empty)", "4/4/1#2/L3 w"), ["b3"]);
        assert!(targets("leap(ne + n, via: empty)", "4/4/1#2/L3 w").is_empty());
        assert!(targets("leap(n + n + e, via: empty)", "4/#3/4/L3 w").is_empty());
        assert!(targets("leap(n + n + e, via: empty)", "4/4/#3/L3 w").is_empty());
        assert_eq!(
            targets("leap(n + n + e, via: empty)", "4/4/1#2/L3 w"),
            ["b3"]
        );
    }

    #[test]
    fn two_ways_round_are_blocked_only_when_both_are() {
        let both = "leap(n + ne, ne + n, via: empty)";
        assert_eq!(targets(both, "4/4/#3/L3 w"), ["b3"]);
        assert_eq!(targets(both, "4/4/1#2/L3 w"), ["b3"]);
        assert!(targets(both, "4/4/##2/L3 w").is_empty());
    }

    #[test]
    fn via_may_ask_for_other_contents() {
        // A leap that must pass over a rock, like a hop.
        assert_eq!(targets("leap(n + n, via: neutral)", "4/4/#3/L3 w"), ["a3"]);
        assert!(targets("leap(n + n, via: neutral)", "4/4/4/L3 w").is_empty());
    }
}
