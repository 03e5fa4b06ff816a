//! The JSON the page draws from: the board's geometry (once per game) and the state of a
//! session (after every change). Everything rule-related is computed here from the engine,
//! so the page only draws and forwards clicks.

use serde::Serialize;

use crate::engine::ending::describe_end;
use crate::engine::{BoardShape, CellId, Game, Outcome, Outline, PieceId, EMPTY};
use crate::session::Session;

use super::live::Live;

/// A board as the page draws it.
#[derive(Serialize)]
pub struct BoardView {
    /// The game's short name (`chess`).
    pub game: String,
    /// Its title.
    pub title: String,
    /// `square`, `hex-rhombus`, `hex-columns` or `graph`.
    pub shape: &'static str,
    /// The cells, indexed by cell id.
    pub cells: Vec<CellView>,
    /// A graph's lines, as pairs of cell ids.
    pub links: Vec<[u16; 2]>,
    /// The race tracks: per track, per player, the cells in order.
    pub tracks: Vec<TrackView>,
    /// The pieces, indexed by piece id (0 is the empty cell).
    pub pieces: Vec<PieceView>,
    /// The players' names, in seat order.
    pub players: Vec<String>,
    /// Each player's colour, in seat order (CSS colours).
    pub colors: Vec<String>,
    /// The drawing's extent: min x, min y, width, height (cell units).
    pub extent: [f64; 4],
    /// Whether squares alternate in colour: where pieces move from cell to cell (chess,
    /// draughts), not where stones are only placed (Go, Connect Four), whose boards are plain.
    pub checkered: bool,
    /// How the rule file says the board is drawn.
    pub look: LookView,
    /// What the rules single out, in words, for under the legend: what each kind promotes
    /// to, the edges to join, the special cells, the options (`komi 7.5 · suicide not allowed · positional ko`).
    pub notes: Vec<String>,
}

/// A board's look (the rule file's `look` lines), placed for drawing.
#[derive(Serialize)]
pub struct LookView {
    /// Pieces stand on the points where lines cross (Go).
    pub points: bool,
    /// The links between cells are drawn as lines (morris).
    pub lines: bool,
    /// Marked cells (star points, rosettes).
    pub marks: Vec<u16>,
    /// Sides drawn in a player's colour.
    pub edges: Vec<EdgeView>,
    /// The seats whose pieces are drawn turned round (shogi).
    pub turned: Vec<usize>,
    /// The coordinate labels, placed beside the board.
    pub labels: Vec<LabelView>,
    /// A board drawn as a race (`look track`): numbered points, the bar, the trays.
    pub race: Option<RaceView>,
}

/// A board drawn as a race (`look track = points`, backgammon): its halves apart with the
/// bar between them, a tray per player for the men borne off, each point numbered from each
/// player's side.
#[derive(Serialize)]
pub struct RaceView {
    /// Per player, per cell: the point's number from that player's side (0: off the track).
    pub numbers: Vec<Vec<usize>>,
    /// The id picked for the bar (a man entering).
    pub bar: u16,
    /// The id picked for the tray (a man borne off).
    pub off: u16,
    /// The bar's box: x, y, width, height.
    pub bar_box: [f64; 4],
    /// Per player: the row its men enter on (the bar's half for them) and leave from, as y.
    pub rows: Vec<[f64; 2]>,
    /// Per player: the tray's box: x, y, width, height.
    pub trays: Vec<[f64; 4]>,
}

/// A coloured side: a thick line just outside the side's cells.
#[derive(Serialize)]
pub struct EdgeView {
    /// Whose colour.
    pub player: usize,
    /// The zone as written (`top`).
    pub name: String,
    /// The line's ends.
    pub from: [f64; 2],
    /// The line's ends.
    pub to: [f64; 2],
}

/// One coordinate label.
#[derive(Serialize)]
pub struct LabelView {
    /// The text (`a`, `19`, `9`).
    pub text: String,
    /// Where its centre goes.
    pub x: f64,
    /// Where its centre goes.
    pub y: f64,
}

/// One cell.
#[derive(Serialize)]
pub struct CellView {
    /// Its name (`e4`).
    pub name: String,
    /// Its centre.
    pub x: f64,
    /// Its centre (downwards).
    pub y: f64,
    /// Its outline's corners, or `None` for a graph's point.
    pub outline: Option<Vec<[f64; 2]>>,
}

/// One track of a race game.
#[derive(Serialize)]
pub struct TrackView {
    /// Its name.
    pub name: String,
    /// Per player, the cells in order.
    pub cells: Vec<Vec<u16>>,
}

/// One piece id.
#[derive(Serialize)]
pub struct PieceView {
    /// The rule file's symbol.
    pub symbol: String,
    /// What to draw on it: the rule file's picture (`look picture`), else its letter where
    /// kinds differ, nothing for plain stones.
    pub label: String,
    /// Whether `label` is the rule file's picture (`look picture`), drawn as it is.
    pub glyph: bool,
    /// Its owner's seat, or `None` for ownerless pieces.
    pub owner: Option<usize>,
    /// Its kind's name.
    pub kind: String,
}

fn shape_name(shape: &BoardShape) -> &'static str {
    match shape {
        BoardShape::Square { .. } => "square",
        BoardShape::HexRhombus { .. } => "hex-rhombus",
        BoardShape::HexColumns { .. } => "hex-columns",
        BoardShape::Graph => "graph",
    }
}

/// A player's colour from their name where it is one, else from a palette.
fn player_color(name: &str, seat: usize) -> String {
    const NAMED: [&str; 8] = [
        "white", "black", "red", "blue", "green", "yellow", "orange", "purple",
    ];
    const PALETTE: [&str; 6] = [
        "#f4f1e8", "#222222", "#c0392b", "#2e86c1", "#27ae60", "#d4ac0d",
    ];
    let lower = name.to_ascii_lowercase();
    match NAMED.iter().find(|n| lower == **n) {
        Some(&"white") => "#f4f1e8".into(),
        Some(&"black") => "#222222".into(),
        Some(n) => (*n).to_string(),
        None => PALETTE[seat % PALETTE.len()].to_string(),
    }
}

/// The board of `game`, for drawing.
pub fn board_view(game: &Game) -> BoardView {
    let points = game.cell_points();
    let outlines = game.cell_outlines();
    let cells: Vec<CellView> = game
        .board
        .cells
        .iter()
        .zip(points.iter().zip(&outlines))
        .map(|(cell, (p, o))| CellView {
            name: cell.name.clone(),
            x: p.x,
            y: p.y,
            outline: match o {
                Outline::Polygon(corners) => Some(corners.iter().map(|c| [c.x, c.y]).collect()),
                Outline::Point => None,
            },
        })
        .collect();
    let mut cells = cells;
    let race = race_view(game, &mut cells);
    // The extent covers every corner (or point), with room for a point's disc.
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for c in &cells {
        let corners = c
            .outline
            .clone()
            .unwrap_or_else(|| vec![[c.x - 0.5, c.y - 0.5], [c.x + 0.5, c.y + 0.5]]);
        for [x, y] in corners {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
    }
    if cells.is_empty() {
        (x0, y0, x1, y1) = (0.0, 0.0, 1.0, 1.0);
    }
    // … and the coordinate labels and coloured sides beside it (a race's numbers above and
    // below, its trays at the side).
    let mut look = look_view(game, &cells);
    if race.is_some() {
        // A race board's points are numbered instead of lettered.
        look.labels.clear();
    }
    if let Some(r) = &race {
        y0 -= 0.7;
        y1 += 0.7;
        for t in &r.trays {
            x1 = x1.max(t[0] + t[2]);
        }
    }
    look.race = race;
    let beside = look
        .labels
        .iter()
        .map(|l| [l.x, l.y])
        .chain(look.edges.iter().flat_map(|e| [e.from, e.to]));
    for [x, y] in beside {
        x0 = x0.min(x - 0.3);
        y0 = y0.min(y - 0.3);
        x1 = x1.max(x + 0.3);
        y1 = y1.max(y + 0.3);
    }
    // Letters only tell pieces apart where the players own more than one kind.
    let owned_kinds = {
        let mut k: Vec<_> = game
            .pieces
            .iter()
            .skip(1)
            .filter(|p| p.owner.is_some())
            .map(|p| p.kind)
            .collect();
        k.sort_unstable();
        k.dedup();
        k.len()
    };
    let pieces = game
        .pieces
        .iter()
        .enumerate()
        .map(|(id, p)| {
            let kind = game
                .kinds
                .get(p.kind.index())
                .map(|k| k.name.clone())
                .unwrap_or_default();
            let glyph = game.look().picture(id);
            let label = match glyph {
                Some(g) => g.to_string(),
                None if id == EMPTY.index() || owned_kinds <= 1 => String::new(),
                None => p.symbol.to_string(),
            };
            PieceView {
                symbol: p.symbol.to_string(),
                glyph: glyph.is_some(),
                label,
                owner: p.owner.map(|o| o.index()),
                kind,
            }
        })
        .collect();
    BoardView {
        game: game.name().to_string(),
        title: game.title().to_string(),
        shape: shape_name(&game.board().shape),
        cells,
        links: game
            .links()
            .into_iter()
            .map(|(a, b)| [a.raw(), b.raw()])
            .collect(),
        tracks: game
            .tracks
            .iter()
            .map(|t| TrackView {
                name: t.name.clone(),
                cells: t
                    .cells
                    .0
                    .iter()
                    .map(|v| v.iter().map(|c| c.raw()).collect())
                    .collect(),
            })
            .collect(),
        pieces,
        colors: game
            .players
            .iter()
            .enumerate()
            .map(|(i, n)| player_color(n, i))
            .collect(),
        players: game.players().to_vec(),
        extent: [x0, y0, x1 - x0, y1 - y0],
        look,
        checkered: game.rules().iter().any(|r| r.from_piece()),
        notes: crate::ui::legend::promotions(game)
            .into_iter()
            .chain(crate::ui::legend::rule_notes(game))
            .collect(),
    }
}

/// The rule file's look, placed on the drawing of `cells`.
fn look_view(game: &Game, cells: &[CellView]) -> LookView {
    let look = game.look();
    let ids = |v: &[CellId]| v.iter().map(|c| c.raw()).collect::<Vec<_>>();
    let n = cells.len().max(1) as f64;
    let centre = (
        cells.iter().map(|c| c.x).sum::<f64>() / n,
        cells.iter().map(|c| c.y).sum::<f64>() / n,
    );
    let edges = look
        .edges
        .iter()
        .filter_map(|e| {
            let (a, b) = (
                cells.get(e.cells.first()?.index())?,
                cells.get(e.cells.last()?.index())?,
            );
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let len = (dx * dx + dy * dy).sqrt();
            if len == 0.0 {
                return None;
            }
            let (ux, uy) = (dx / len, dy / len);
            // Outwards: the normal that points away from the board's centre.
            let (mut nx, mut ny) = (-uy, ux);
            if nx * ((a.x + b.x) / 2.0 - centre.0) + ny * ((a.y + b.y) / 2.0 - centre.1) < 0.0 {
                (nx, ny) = (-nx, -ny);
            }
            const OUT: f64 = 0.62;
            Some(EdgeView {
                player: e.player.index(),
                name: e.name.clone(),
                from: [a.x - ux * 0.5 + nx * OUT, a.y - uy * 0.5 + ny * OUT],
                to: [b.x + ux * 0.5 + nx * OUT, b.y + uy * 0.5 + ny * OUT],
            })
        })
        .collect();
    LookView {
        points: look.points,
        lines: look.lines,
        marks: ids(&look.marks),
        edges,
        turned: look.turned.iter().map(|p| p.index()).collect(),
        labels: labels(game, cells),
        race: None,
    }
}

/// The race drawing of a board with `look track`: the cells right of the middle moved one
/// cell over to make room for the bar, the trays one cell beyond the last column.
fn race_view(game: &Game, cells: &mut [CellView]) -> Option<RaceView> {
    use crate::session::pick::{BAR, OFF};
    let look = game.look();
    if look.track.is_empty() || cells.is_empty() {
        return None;
    }
    let (lo, hi) = cells.iter().fold((f64::MAX, f64::MIN), |(lo, hi), c| {
        (lo.min(c.x), hi.max(c.x))
    });
    let mid = (lo + hi) / 2.0;
    for c in cells.iter_mut().filter(|c| c.x > mid) {
        c.x += 1.0;
        for corner in c.outline.iter_mut().flatten() {
            corner[0] += 1.0;
        }
    }
    let (top, bottom) = cells
        .iter()
        .fold((f64::MAX, f64::MIN), |(t, b), c| (t.min(c.y), b.max(c.y)));
    let y_of = |c: Option<&CellId>| c.and_then(|c| cells.get(c.index())).map_or(top, |v| v.y);
    let rows: Vec<[f64; 2]> = look
        .track
        .iter()
        .map(|t| [y_of(t.first()), y_of(t.last())])
        .collect();
    let tray_x = hi + 1.0 + 0.7;
    Some(RaceView {
        numbers: (0..game.num_players())
            .map(|p| {
                (0..cells.len())
                    .map(|c| {
                        look.point_number(crate::engine::Player(p as u8), CellId::from_index(c))
                            .unwrap_or(0)
                    })
                    .collect()
            })
            .collect(),
        bar: BAR.raw(),
        off: OFF.raw(),
        bar_box: [mid, top - 0.5, 1.0, bottom - top + 1.0],
        trays: rows
            .iter()
            .map(|r| [tray_x, r[1] - 0.5, 1.0, 1.0])
            .collect(),
        rows,
    })
}

/// The coordinate labels: each column's below its lowest cell, each row's left of its
/// leftmost cell.
fn labels(game: &Game, cells: &[CellView]) -> Vec<LabelView> {
    let look = game.look();
    // Beyond the coloured sides (drawn 0.62 out) where there are any, as Hex's labels.
    let gap = if look.edges.is_empty() { 0.8 } else { 1.25 };
    let mut out = Vec::new();
    let lattice = game.board().cells.iter().zip(cells);
    for (col, text) in look.files.iter().enumerate() {
        let lowest = lattice
            .clone()
            .filter(|(c, _)| c.col == col as i32)
            .map(|(_, v)| v)
            .max_by(|a, b| a.y.total_cmp(&b.y));
        if let Some(v) = lowest {
            out.push(LabelView {
                text: text.clone(),
                x: v.x,
                y: v.y + gap,
            });
        }
    }
    for (row, text) in look.ranks.iter().enumerate() {
        let leftmost = lattice
            .clone()
            .filter(|(c, _)| c.row == row as i32)
            .map(|(_, v)| v)
            .min_by(|a, b| a.x.total_cmp(&b.x));
        if let Some(v) = leftmost {
            out.push(LabelView {
                text: text.clone(),
                x: v.x - gap,
                y: v.y,
            });
        }
    }
    out
}

/// The state of a session, for drawing and for the controls.
#[derive(Serialize)]
pub struct StateView {
    /// The session's id.
    pub id: String,
    /// Changes with every change (for long polling).
    pub version: u64,
    /// The game's short name.
    pub game: String,
    /// The options it was compiled with.
    pub options: Vec<(String, String)>,
    /// Who plays each seat (`human`, `ai:5`).
    pub seats: Vec<String>,
    /// The seat to move.
    pub to_move: usize,
    /// Whether a person is to move (and the game is not over).
    pub human_to_move: bool,
    /// Whether the AI is searching.
    pub thinking: bool,
    /// The pieces on each cell, bottom first (piece ids into the board's `pieces`).
    pub cells: Vec<Vec<PieceId>>,
    /// Per player: pieces waiting in the reserve and borne off (race games).
    pub reserves: Option<Vec<[u16; 2]>>,
    /// Per player: the pieces in hand (shogi), as `R 2P` or `-`.
    pub hands: Option<Vec<String>>,
    /// The dice's pending roll.
    pub roll: Option<u8>,
    /// At the end of a game scored by area: the stones counted dead (cell ids).
    pub dead: Option<Vec<u16>>,
    /// The score counting them off, in words.
    pub score: Option<String>,
    /// The cells of the last move a player chose (origin first).
    pub last: Vec<u16>,
    /// The history, oldest first.
    pub history: Vec<HistoryEntry>,
    /// Whether the move list pairs a move with its answer on one row (`1. e4 e5`): two
    /// players taking turns without dice. Otherwise each entry has a row, with its player.
    pub paired: bool,
    /// Entries taken back that stepping forward replays (a loaded record's rest).
    pub future: Vec<String>,
    /// How many legal moves there are now.
    pub legal: usize,
    /// The legal moves that use no cell (a pass, the pie rule's swap), when a person is to
    /// move: the page offers them as buttons, since no click on the board makes them.
    pub without_cells: Vec<String>,
    /// The ending, if the game is over.
    pub over: Option<Ending>,
    /// A line of feedback: the last change.
    pub message: String,
}

/// One entry of the history.
#[derive(Serialize)]
pub struct HistoryEntry {
    /// The move in the game's notation.
    pub text: String,
    /// Who made it.
    pub player: usize,
    /// The move's number as players count them: where two players take turns without
    /// dice, a move and its answer share one (`1. e4 e5`).
    pub number: usize,
    /// Whether the entry opens its number (`1.`) rather than answering (`1...`).
    pub opens: bool,
    /// A roll of the dice or a forced pass, made by the session.
    pub automatic: bool,
}

/// How the game ended.
#[derive(Serialize)]
pub struct Ending {
    /// The winner's seat, if any.
    pub winner: Option<usize>,
    /// `win`, `loss` or `draw`, of `player`.
    pub result: &'static str,
    /// Why, naming the ending rule.
    pub why: String,
}

/// The state of `live`, whose id is `id`.
pub fn state_view(id: &str, live: &Live) -> StateView {
    let s: &Session = &live.session;
    let game = s.game();
    let state = s.state();
    let cells = CellId::upto(game.board().len())
        .map(|c| state.stack_at(c))
        .collect();
    let reserves = game.reserve_kind().map(|k| {
        (0..game.num_players())
            .map(|i| {
                let p = crate::engine::Player(i as u8);
                [state.reserve(game.piece_id(k, Some(p))), state.borne_off(p)]
            })
            .collect()
    });
    let hands = game.has_hands().then(|| {
        (0..game.num_players())
            .map(|i| game.hand_text(state, crate::engine::Player(i as u8)))
            .collect()
    });
    let last = s
        .last_choice()
        .map(|(_, p)| s.move_cells(&p.mv).iter().map(|c| c.raw()).collect())
        .unwrap_or_default();
    let history = s
        .history()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let label = s.move_label(i);
            HistoryEntry {
                text: p.text.clone(),
                player: p.player.index(),
                number: label.number,
                opens: label.opens,
                automatic: s.automatic(&p.mv),
            }
        })
        .collect();
    let legal = if s.is_over() {
        Vec::new()
    } else {
        s.legal_moves()
    };
    let human_to_move = !s.is_over() && s.seat(state.to_move()).is_human();
    let over = game.outcome(state).map(|o| Ending {
        winner: o.winner(game.num_players()).map(|p| p.index()),
        result: match o {
            Outcome::Win(_) => "win",
            Outcome::Loss(_) => "loss",
            Outcome::Draw => "draw",
        },
        why: describe_end(game, state).unwrap_or_else(|| o.describe(game)),
    });
    StateView {
        id: id.to_string(),
        version: live.version,
        game: game.name().to_string(),
        options: game.options().to_vec(),
        seats: s.seats().iter().map(|x| x.to_string()).collect(),
        to_move: state.to_move().index(),
        human_to_move,
        thinking: live.thinking(),
        cells,
        reserves,
        hands,
        roll: state.roll(),
        dead: live
            .dead
            .as_ref()
            .filter(|_| s.is_over())
            .map(|d| d.iter().map(|c| c.raw()).collect()),
        score: live
            .dead
            .as_ref()
            .filter(|_| s.is_over())
            .and_then(|d| s.score_line(d)),
        last,
        history,
        paired: crate::ui::move_list::paired(s),
        future: s.redo_texts(),
        legal: legal.len(),
        without_cells: if human_to_move {
            legal
                .iter()
                .filter(|m| s.move_cells(m).is_empty())
                .map(|m| game.move_to_string(state, *m))
                .collect()
        } else {
            Vec::new()
        },
        over,
        message: live.message.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hex's coordinate labels stand outside its coloured sides: farther from every cell
    /// than the sides' lines (0.62 out, 0.1 wide).
    #[test]
    fn hex_labels_stand_outside_the_coloured_sides() {
        let game = crate::load_shipped("hex", &[]).unwrap();
        let view = board_view(&game);
        assert!(!view.look.edges.is_empty() && !view.look.labels.is_empty());
        for l in &view.look.labels {
            let nearest = view
                .cells
                .iter()
                .map(|c| ((c.x - l.x).powi(2) + (c.y - l.y).powi(2)).sqrt())
                .fold(f64::MAX, f64::min);
            assert!(
                nearest > 0.9,
                "label {} at {nearest:.2} from a cell",
                l.text
            );
        }
    }

    /// A race board's halves stand apart with the bar between, and its trays at the side.
    #[test]
    fn backgammon_is_drawn_as_a_race() {
        let game = crate::load_shipped("backgammon", &[]).unwrap();
        let view = board_view(&game);
        let race = view.look.race.as_ref().expect("look track");
        let x = |n: &str| view.cells[game.board().cell_by_name(n).unwrap().index()].x;
        assert_eq!(x("g1") - x("f1"), 2.0, "the bar's width between the halves");
        assert_eq!(race.bar_box[0], (x("f1") + x("g1")) / 2.0 - 0.5);
        assert_eq!(
            race.numbers[0][game.board().cell_by_name("l2").unwrap().index()],
            24
        );
        assert_eq!(
            race.numbers[1][game.board().cell_by_name("l2").unwrap().index()],
            1
        );
        assert!(race.trays.iter().all(|t| t[0] > x("l1")));
        assert!(view.look.labels.is_empty(), "numbers, not letters");
    }
}
