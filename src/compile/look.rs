//! `look` lines: how the board is drawn. Nothing here changes the rules; the compiler only
//! checks the words, cells, zones, pieces and players a line names and fills the game's
//! [`BoardLook`], which the terminal and the web board draw from.

use super::guards::Guard;
use super::scope::Compiler;
use crate::engine::{BoardLook, Edge};
use crate::lang::ast::{Expr, ExprKind, File, Stmt, Value};
use crate::lang::span::Name;
use crate::lang::Diagnostic;

/// The words a `look` line may start with, for the diagnostics.
const WORDS: [&str; 7] = [
    "points", "lines", "marks", "edges", "picture", "turned", "track",
];

impl Compiler {
    /// Reads every `look` line into `self.look`, after the pieces and zones are known.
    pub fn build_look(&mut self, ast: &File) {
        let mut look = BoardLook {
            pictures: vec![String::new(); self.pieces.pieces.len()],
            ..BoardLook::default()
        };
        if let Some(geo) = &self.geo {
            look.files = geo.files.clone();
            look.ranks = geo.ranks.clone();
        }
        // Zones named only here are drawing, not rules.
        self.zones.reading_hints = true;
        for st in &ast.stmts {
            let Stmt::Look {
                word,
                subject,
                value,
                guard,
            } = &st.node
            else {
                continue;
            };
            match guard.as_ref().map(|g| (self.guard(g), g)) {
                None | Some((Some(Guard::Static(true)), _)) => {}
                Some((Some(Guard::Runtime(_)), g)) => {
                    let d = Diagnostic::error(g.span, "a 'look' line may depend only on options")
                        .with_hint("the board is drawn the same way all game: 'look marks = d4, q16 when size = 19'");
                    self.diags.push(d);
                    continue;
                }
                Some((Some(Guard::Static(false)) | None, _)) => continue,
            }
            self.look_line(&mut look, word, subject.as_ref(), value.as_ref());
        }
        self.zones.reading_hints = false;
        look.marks.sort_unstable();
        look.marks.dedup();
        self.look = look;
    }

    /// One `look` line.
    fn look_line(
        &mut self,
        look: &mut BoardLook,
        word: &Name,
        subject: Option<&Name>,
        value: Option<&Value>,
    ) {
        let w = word.node.as_str();
        if let Some(s) = subject.filter(|_| w != "picture") {
            self.err(
                s.span,
                format!("'look {w}' names nothing after '{w}'; only 'look picture kind = …' does"),
            );
            return;
        }
        match (w, value) {
            ("points", None) => look.points = true,
            ("lines", None) => look.lines = true,
            ("points" | "lines", Some(_)) => {
                self.err(word.span, format!("'look {w}' takes no value"));
            }
            ("marks", Some(v)) => self.look_marks(look, word, v),
            ("edges", Some(v)) => self.look_edges(look, word, v),
            ("picture", Some(v)) => self.look_picture(look, word, subject, v),
            ("turned", Some(v)) => self.look_turned(look, v),
            ("track", Some(v)) => self.look_track(look, v),
            ("marks" | "edges" | "picture" | "turned" | "track", None) => {
                let example = match w {
                    "marks" => "look marks = rosettes",
                    "edges" => "look edges = top, bottom for Black, left, right for White",
                    "picture" => "look picture king = \"♔\" for White, \"♚\" for Black",
                    "track" => "look track = points",
                    _ => "look turned = White",
                };
                let d = Diagnostic::error(word.span, format!("'look {w}' needs a value"))
                    .with_hint(format!("for example '{example}'"));
                self.diags.push(d);
            }
            _ => {
                let d = Diagnostic::error(word.span, format!("unknown look '{w}'"))
                    .with_hint("a board's look is one of: points, lines, marks = cells, edges = sides for Player, picture kind = \"…\", turned = Player, track = name")
                    .suggest(w, WORDS);
                self.diags.push(d);
            }
        }
    }

    /// `look marks = rosettes, d4`: the same cells for every player.
    fn look_marks(&mut self, look: &mut BoardLook, word: &Name, v: &Value) {
        if let Value::PerPlayer(_) = v {
            self.err(
                word.span,
                "marked cells are the same for every player: 'look marks = rosettes'",
            );
            return;
        }
        if let Some(z) = self.zone_value(v, "marks", false) {
            look.marks.extend(z.into_iter().next().unwrap_or_default());
        }
    }

    /// `look edges = top, bottom for Black, left, right for White`: each side on its own.
    fn look_edges(&mut self, look: &mut BoardLook, word: &Name, v: &Value) {
        let Value::PerPlayer(items) = v else {
            let d = Diagnostic::error(
                word.span,
                "an edge is drawn in a player's colour: say whose",
            )
            .with_hint("for example 'look edges = top, bottom for Black, left, right for White'");
            self.diags.push(d);
            return;
        };
        for (list, who) in items {
            let Some(player) = self.player(who) else {
                continue;
            };
            for e in self.expand_list(list) {
                let Some(cells) = self.zone_expr(&e, player.index()) else {
                    continue;
                };
                look.edges.push(Edge {
                    player,
                    name: super::moves::st_text(&e),
                    cells,
                });
            }
        }
    }

    /// `look picture king = "♔" for White, "♚" for Black` (or one picture for every side).
    fn look_picture(
        &mut self,
        look: &mut BoardLook,
        word: &Name,
        subject: Option<&Name>,
        v: &Value,
    ) {
        let Some(kind) = subject else {
            let d = Diagnostic::error(word.span, "'look picture' needs the piece it draws")
                .with_hint("for example 'look picture king = \"♔\" for White, \"♚\" for Black'");
            self.diags.push(d);
            return;
        };
        let Some(k) = self.kind(&kind.node, kind.span) else {
            return;
        };
        let items: Vec<(&[Expr], Option<&Name>)> = match v {
            Value::List(l) => vec![(l.as_slice(), None)],
            Value::PerPlayer(items) => items.iter().map(|(l, n)| (l.as_slice(), Some(n))).collect(),
        };
        for (list, who) in items {
            let owner = match who {
                Some(n) => match self.player(n) {
                    Some(p) => Some(p),
                    None => continue,
                },
                None => None,
            };
            let picture = match list {
                [Expr {
                    kind: ExprKind::Str(s),
                    ..
                }] if (1..=4).contains(&s.chars().count()) => s.clone(),
                _ => {
                    let span = list.first().map_or(word.span, |e| e.span);
                    self.err(
                        span,
                        "a picture is one quoted text of one to four characters: \"♔\"",
                    );
                    continue;
                }
            };
            for (id, piece) in self.pieces.pieces.iter().enumerate().skip(1) {
                if piece.kind.index() == k && (owner.is_none() || piece.owner == owner) {
                    look.pictures[id] = picture.clone();
                }
            }
        }
    }

    /// `look turned = White`: that player's pieces are drawn turned round.
    fn look_turned(&mut self, look: &mut BoardLook, v: &Value) {
        let Value::List(list) = v else {
            return self.err_at_value(v, "'look turned' names players: 'look turned = White'");
        };
        for e in list {
            match &e.kind {
                ExprKind::Name(n) => {
                    let name = Name::new(n.clone(), e.span);
                    if let Some(p) = self.player(&name) {
                        look.turned.push(p);
                    }
                }
                _ => self.err(e.span, "'look turned' names players: 'look turned = White'"),
            }
        }
    }

    /// `look track = points`: the board drawn as the race along a track (backgammon).
    fn look_track(&mut self, look: &mut BoardLook, v: &Value) {
        let name = match v {
            Value::List(l) => match l.as_slice() {
                [e @ Expr {
                    kind: ExprKind::Name(n),
                    ..
                }] => Name::new(n.clone(), e.span),
                _ => {
                    return self
                        .err_at_value(v, "'look track' names one track: 'look track = points'")
                }
            },
            Value::PerPlayer(_) => {
                return self.err_at_value(
                    v,
                    "'look track' names one track for every player: 'look track = points'",
                )
            }
        };
        match self.race.tracks.get(&name.node) {
            Some(t) => {
                look.track = (0..self.players.len())
                    .map(|p| t.cells.0.get(p).cloned().unwrap_or_default())
                    .collect();
            }
            None => {
                let d = Diagnostic::error(name.span, format!("unknown track '{}'", name.node))
                    .with_hint("'look track' draws a track declared with 'track name = cells'")
                    .suggest(&name.node, self.race.tracks.keys().map(String::as_str));
                self.diags.push(d);
            }
        }
    }

    fn err_at_value(&mut self, v: &Value, msg: &str) {
        let span = match v {
            Value::List(l) => l.first().map(|e| e.span),
            Value::PerPlayer(items) => items.first().map(|i| i.1.span),
        };
        self.err(span.unwrap_or_default(), msg);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{CellId, Player};

    fn marked(look: &BoardLook, c: usize) -> bool {
        look.marked(CellId::from_index(c))
    }

    fn compile(src: &str) -> Result<crate::engine::Game, String> {
        crate::compile::compile_source("t", "t.game", src, &[]).map_err(|e| e.to_string())
    }

    const BASE: &str = "game \"T\"\nplayers Black, White\nboard square(5, 5)\npiece stone = \"x\" for Black, \"o\" for White\nmove place(stone)\n";

    #[test]
    fn marks_edges_and_pictures_reach_the_look() {
        let g = compile(&format!(
            "{BASE}look points\nlook marks = c3, a1\nlook edges = top for Black, left for White\nlook picture stone = \"●\" for Black, \"○\" for White\nlook turned = White\n"
        ))
        .unwrap();
        let look = g.look();
        assert!(look.points && !look.lines);
        let c3 = g.board.cell_by_name("c3").unwrap();
        assert!(look.marked(c3) && marked(look, 0) && !marked(look, 1));
        assert_eq!(look.edges.len(), 2);
        assert_eq!(
            (look.edges[0].player, look.edges[0].name.as_str()),
            (Player(0), "top")
        );
        assert_eq!(look.edges[0].cells.len(), 5);
        assert_eq!(look.picture(1), Some("●"));
        assert_eq!(look.picture(2), Some("○"));
        assert_eq!(look.turned, vec![Player(1)]);
        assert_eq!(look.files, ["a", "b", "c", "d", "e"]);
        assert_eq!(look.ranks, ["1", "2", "3", "4", "5"]);
    }

    #[test]
    fn a_drawn_track_numbers_its_cells_from_each_side() {
        let g = crate::load_shipped("backgammon", &[]).unwrap();
        let look = g.look();
        let cell = |n: &str| g.board.cell_by_name(n).unwrap();
        assert_eq!(look.track.len(), 2);
        // White's 24 point is Black's 1, and White's 6 point (g1) is Black's 19.
        assert_eq!(look.point_number(Player(0), cell("l2")), Some(24));
        assert_eq!(look.point_number(Player(1), cell("l2")), Some(1));
        assert_eq!(look.point_number(Player(0), cell("g1")), Some(6));
        assert_eq!(look.point_number(Player(1), cell("g1")), Some(19));
    }

    #[test]
    fn a_look_may_depend_on_options() {
        let src = format!(
            "option size = 5\n{BASE}look marks = c3 when size = 5\nlook marks = b2 when size = 9\n"
        );
        let g = compile(&src).unwrap();
        let marks: Vec<&str> = g
            .look()
            .marks
            .iter()
            .map(|c| g.board.cells[c.index()].name.as_str())
            .collect();
        assert_eq!(marks, ["c3"]);
    }

    #[test]
    fn misuse_is_reported() {
        for (line, msg) in [
            ("look mark = c3", "unknown look 'mark'"),
            ("look points = c3", "'look points' takes no value"),
            ("look marks", "'look marks' needs a value"),
            (
                "look marks = z9",
                "'z9' is neither a cell of this board nor a zone",
            ),
            ("look edges = top", "say whose"),
            ("look picture = \"x\"", "needs the piece it draws"),
            ("look picture king = \"K\"", "unknown piece 'king'"),
            (
                "look picture stone = \"much too long\"",
                "one to four characters",
            ),
            ("look turned = Red", "unknown player 'Red'"),
            ("look track = points", "unknown track 'points'"),
            ("look track", "'look track' needs a value"),
            (
                "look marks = c3 when ply() > 3",
                "may depend only on options",
            ),
        ] {
            let err = compile(&format!("{BASE}{line}\n")).unwrap_err();
            assert!(err.contains(msg), "{line}: {err}");
        }
    }
}
