//! Drawing the full-screen board into a ratatui buffer: the board from the engine's cell
//! geometry, a side panel (turn, dice, reserves, cursor, history, legend, keys) and the
//! bottom line (message, command line or a list to choose from). Selection is shown by
//! brackets as well as colour, so a monochrome terminal (or `NO_COLOR`) reads the same.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

use crate::engine::{CellId, EMPTY};
use crate::session::pick::BAR;
use crate::ui::render::reserve_line;

use super::app::{BoardApp, Mode};
use super::layout::Layout;

/// Smallest terminal the board draws in (a clear message is shown below it).
pub const MIN_SIZE: (u16, u16) = (40, 12);

/// Width of the side panel when it fits beside the board.
const PANEL: u16 = 34;

/// Width of the row labels left of the board.
const LABELS: u16 = 3;

/// Colours of the players' pieces, in seat order.
const PLAYER_COLORS: [Color; 6] = [
    Color::White,
    Color::LightRed,
    Color::Yellow,
    Color::LightGreen,
    Color::LightBlue,
    Color::LightMagenta,
];

/// Where the board was drawn (its top-left corner), for mapping clicks to cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Placed {
    /// Screen column and line of the board's top-left corner.
    pub origin: (u16, u16),
}

/// Draws the whole screen into `buf` over `area`.
pub fn draw(app: &BoardApp, layout: &Layout, area: Rect, buf: &mut Buffer, color: bool) -> Placed {
    let (w, h) = layout.size;
    if area.width < MIN_SIZE.0
        || area.height < MIN_SIZE.1
        || w + LABELS + 1 > area.width
        || h + 5 > area.height
    {
        draw_too_small(layout, area, buf);
        return Placed::default();
    }
    let game = app.session.game();
    let bold = Style::default().add_modifier(Modifier::BOLD);
    // Title line.
    let title = format!("{} · {}", game.title(), turn_line(app));
    buf.set_stringn(area.x, area.y, &title, area.width as usize, bold);

    let origin = (area.x + LABELS, area.y + 2);
    if game.look().lines {
        draw_lines(app, layout, origin, buf);
    }
    draw_board(app, layout, origin, buf, color);
    if layout.beside.is_empty() {
        draw_labels(app, layout, origin, buf);
    } else {
        draw_race(app, layout, origin, buf, color);
    }
    draw_panel(app, layout, origin, area, buf);
    draw_bottom(app, area, buf);
    Placed { origin }
}

/// What is drawn instead of the board when the window cannot hold it.
fn draw_too_small(layout: &Layout, area: Rect, buf: &mut Buffer) {
    let (w, h) = layout.size;
    let need = ((w + LABELS + 1).max(MIN_SIZE.0), (h + 5).max(MIN_SIZE.1));
    let lines = [
        "window too small for this board".to_string(),
        format!(
            "need {}x{}, have {}x{}",
            need.0, need.1, area.width, area.height
        ),
        "enlarge it, or press q to quit".to_string(),
    ];
    for (i, l) in lines.iter().enumerate() {
        if (i as u16) < area.height {
            buf.set_stringn(
                area.x,
                area.y + i as u16,
                l,
                area.width as usize,
                Style::default(),
            );
        }
    }
}

/// The side panel: beside the board if it fits, else under it.
fn draw_panel(app: &BoardApp, layout: &Layout, origin: (u16, u16), area: Rect, buf: &mut Buffer) {
    let (w, h) = layout.size;
    let beside = origin.0 + w + 2 + PANEL <= area.x + area.width;
    let h = h + 1; // the label line under the board
    let (px, py, pw, ph) = if beside {
        let x = origin.0 + w + 3;
        (
            x,
            origin.1,
            area.x + area.width - x,
            area.height.saturating_sub(4),
        )
    } else {
        let y = origin.1 + h + 1;
        (
            area.x + 1,
            y,
            area.width - 1,
            (area.y + area.height).saturating_sub(y + 2),
        )
    };
    let panel = panel_lines(app, ph as usize, beside, pw as usize);
    for (i, (line, style)) in panel.iter().enumerate().take(ph as usize) {
        buf.set_stringn(px, py + i as u16, line, pw as usize, *style);
    }
}

/// The bottom line(s): the command being typed, the choice of moves, the menu, or the message
/// (with the computer's progress above it while it thinks).
fn draw_bottom(app: &BoardApp, area: Rect, buf: &mut Buffer) {
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let bottom = area.y + area.height - 1;
    match &app.mode {
        Mode::Command(text) => {
            buf.set_stringn(
                area.x,
                bottom,
                format!(":{text}_"),
                area.width as usize,
                bold,
            );
            buf.set_stringn(
                area.x,
                bottom - 1,
                &app.message,
                area.width as usize,
                Style::default(),
            );
        }
        Mode::Choose(moves, i) => {
            let items: Vec<String> = moves
                .iter()
                .enumerate()
                .map(|(k, &m)| {
                    let t = app.text(m);
                    if k == *i {
                        format!("[{t}]")
                    } else {
                        format!(" {t} ")
                    }
                })
                .collect();
            buf.set_stringn(
                area.x,
                bottom,
                format!("choose: {}", items.join(" ")),
                area.width as usize,
                bold,
            );
            buf.set_stringn(
                area.x,
                bottom - 1,
                &app.message,
                area.width as usize,
                Style::default(),
            );
        }
        Mode::Help => draw_help(area, buf),
        Mode::Menu(i) => {
            draw_menu(app, *i, area, buf);
            buf.set_stringn(
                area.x,
                bottom,
                &app.message,
                area.width as usize,
                Style::default(),
            );
        }
        Mode::Board | Mode::History(_) => {
            // While the computer thinks, the line above the message says how far it got.
            if let Some(thought) = app.thought_line() {
                buf.set_stringn(
                    area.x,
                    bottom - 1,
                    format!("thinking: {thought}"),
                    area.width as usize,
                    Style::default().add_modifier(Modifier::DIM),
                );
            }
            buf.set_stringn(
                area.x,
                bottom,
                &app.message,
                area.width as usize,
                Style::default(),
            );
        }
    }
}

/// Whose turn, the roll, or the ending.
fn turn_line(app: &BoardApp) -> String {
    let game = app.session.game();
    let state = app.session.state();
    if let Mode::History(k) = app.mode {
        return if k == 0 {
            "the start position (browsing the history)".into()
        } else {
            format!(
                "after {} (browsing the history)",
                crate::ui::move_list::labelled(&app.session, k - 1)
            )
        };
    }
    if let Some(counted) = app.dead.as_ref().filter(|_| app.session.is_over()) {
        if let Some(line) = app.session.score_line(counted) {
            return format!("game over: {line}");
        }
    }
    if let Some(end) = crate::engine::ending::describe_end(game, state) {
        return format!("game over: {end}");
    }
    let p = state.to_move();
    let mut t = format!("{} to move", game.players()[p.index()]);
    if let Some(r) = state.roll() {
        t.push_str(&format!(" with a roll of {r}"));
    }
    if let crate::session::Seat::Ai(ai) = app.session.seat(p) {
        t.push_str(&format!(
            " (computer, {}{})",
            ai.describe(),
            match app.thinking_for() {
                Some(t) => format!(", thinking… {}s", t.as_secs()),
                None => String::new(),
            }
        ));
    }
    t
}

fn draw_board(app: &BoardApp, layout: &Layout, origin: (u16, u16), buf: &mut Buffer, color: bool) {
    let game = app.session.game();
    let shown = app.shown_state();
    let state: &crate::engine::State = &shown;
    // Until a piece or cell is picked nothing is highlighted (in a placement game every
    // empty cell would be).
    let targets = if app.picked.is_empty() {
        Vec::new()
    } else {
        app.next_cells()
    };
    let last: Vec<CellId> = app
        .session
        .last_choice()
        .map(|(_, p)| p.mv.cells().to_vec())
        .unwrap_or_default();
    for (c, &(x, y)) in layout.at.iter().enumerate() {
        let cell = CellId::from_index(c);
        let piece = state.at(cell);
        let symbol = if piece == EMPTY && game.look().marked(cell) {
            '+' // a star point, a rosette (`look marks`)
        } else if piece == EMPTY {
            '.'
        } else if app.counted_dead(cell) {
            // A dead stone at the end, counted off: its letter in lower case (or `×`).
            let sym = game.pieces()[piece.index()].symbol;
            Some(sym.to_ascii_lowercase())
                .filter(|&l| l != sym)
                .unwrap_or('×')
        } else {
            game.pieces()[piece.index()].symbol
        };
        // A stack's height beside its top piece (`W5`), as `show` draws it; a marked stack
        // keeps its height in place of the closing bracket (`[W5`, `(B3`).
        let height = stack_mark(state, cell);
        let mark = |open: char, close: char| (open, if height == ' ' { close } else { height });
        let (l, r) = if cell == app.cursor {
            mark('[', ']')
        } else if app.picked.contains(&cell) {
            mark('<', '>')
        } else if targets.contains(&cell) {
            mark('(', ')')
        } else {
            (' ', height)
        };
        let mut style = Style::default();
        if color {
            style = match game.owner(piece) {
                _ if piece == EMPTY => style.fg(Color::DarkGray),
                Some(p) => style
                    .fg(PLAYER_COLORS[p.index() % PLAYER_COLORS.len()])
                    .add_modifier(Modifier::BOLD),
                None => style.fg(Color::Cyan).add_modifier(Modifier::BOLD),
            };
            if targets.contains(&cell) {
                style = style.bg(Color::Blue);
            }
            if cell == app.cursor || app.picked.contains(&cell) {
                style = style.bg(Color::Magenta);
            }
        }
        if last.contains(&cell) {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        let bracket = if color {
            style.remove_modifier(Modifier::UNDERLINED)
        } else {
            Style::default()
        };
        buf.set_string(origin.0 + x, origin.1 + y, l.to_string(), bracket);
        buf.set_string(origin.0 + x + 1, origin.1 + y, symbol.to_string(), style);
        buf.set_string(origin.0 + x + 2, origin.1 + y, r.to_string(), bracket);
    }
}

/// A board drawn as a race (`look track`): its points numbered from the mover's side
/// above the top line and below the bottom one, the mover's bar between the halves, both
/// trays of men borne off, and the dice of the roll in play.
fn draw_race(app: &BoardApp, layout: &Layout, origin: (u16, u16), buf: &mut Buffer, color: bool) {
    let game = app.session.game();
    let shown = app.shown_state();
    let state: &crate::engine::State = &shown;
    let mover = state.to_move();
    let dim = Style::default().add_modifier(Modifier::DIM);
    let bottom = layout.size.1.saturating_sub(1);
    for (c, &(x, y)) in layout.at.iter().enumerate() {
        let Some(n) = game.look().point_number(mover, CellId::from_index(c)) else {
            continue;
        };
        let line = match y {
            0 => origin.1 - 1,
            _ if y == bottom => origin.1 + bottom + 1,
            _ => continue,
        };
        buf.set_stringn(origin.0 + x, line, format!("{n:>2}"), 2, dim);
    }
    let targets = if app.picked.is_empty() {
        Vec::new()
    } else {
        app.next_cells()
    };
    let man = |p: crate::engine::Player| {
        game.reserve_kind()
            .map(|k| game.piece_id(k, Some(p)))
            .filter(|id| id.index() < game.pieces().len())
    };
    for b in &layout.beside {
        // The other player's bar would sit where the mover's dice are: the panel counts it.
        if b.place == BAR && b.player != mover {
            continue;
        }
        let count = if b.place == BAR {
            man(b.player).map_or(0, |id| state.reserve(id) as usize)
        } else {
            state.borne_off(b.player) as usize
        };
        let symbol = match man(b.player) {
            Some(id) if count > 0 => game.pieces()[id.index()].symbol,
            _ => '.',
        };
        let height = match count {
            0 | 1 => ' ',
            h @ 2..=9 => char::from(b'0' + h as u8),
            _ => '+',
        };
        let mine = b.player == mover;
        let (l, r) = if mine && app.picked.last() == Some(&b.place) {
            ('<', if height == ' ' { '>' } else { height })
        } else if mine && targets.contains(&b.place) {
            ('(', if height == ' ' { ')' } else { height })
        } else {
            (' ', height)
        };
        let mut style = Style::default();
        if color && mine && targets.contains(&b.place) {
            style = style.bg(Color::Blue);
        }
        let (x, y) = (origin.0 + b.at.0, origin.1 + b.at.1);
        buf.set_string(x, y, format!("{l}{symbol}{r}"), style);
        // Its name beside the board's edge: above the top line, below the bottom one.
        let label_line = if b.at.1 == 0 { y - 1 } else { y + 1 };
        let name = if b.place == BAR { "bar" } else { "off" };
        if b.at.1 == 0 || b.at.1 == bottom {
            buf.set_stringn(x, label_line, name, 3, dim);
        }
    }
    if let (Some(roll), Some(&(x, y))) = (state.roll(), layout.dice.get(mover.index())) {
        let (high, low) = crate::engine::dice_turn::split_roll(roll);
        let bold = Style::default().add_modifier(Modifier::BOLD);
        buf.set_string(origin.0 + x, origin.1 + y, format!("{high} {low}"), bold);
    }
}

/// The links between cells as lines (`look lines`: the morris board), under the cells:
/// `-` between cells of one line, `|` between cells of one column; slanting links are left
/// out (no character draws them cleanly).
fn draw_lines(app: &BoardApp, layout: &Layout, origin: (u16, u16), buf: &mut Buffer) {
    let dim = Style::default().add_modifier(Modifier::DIM);
    for (a, b) in app.session.game().links() {
        let (Some(&(ax, ay)), Some(&(bx, by))) =
            (layout.at.get(a.index()), layout.at.get(b.index()))
        else {
            continue;
        };
        if ay == by {
            for x in ax.min(bx) + 3..ax.max(bx) {
                buf.set_string(origin.0 + x, origin.1 + ay, "-", dim);
            }
        } else if ax == bx {
            for y in ay.min(by) + 1..ay.max(by) {
                buf.set_string(origin.0 + ax + 1, origin.1 + y, "|", dim);
            }
        }
    }
}

/// The height of a stack of two or more (`+` from ten up), else a space.
fn stack_mark(state: &crate::engine::State, cell: CellId) -> char {
    match state.height[cell.index()] {
        0 | 1 => ' ',
        h @ 2..=9 => char::from(b'0' + h),
        _ => '+',
    }
}

/// The letters and the number of a cell name like `e4` or `aa10`, if it has both.
fn split_name(name: &str) -> Option<(&str, &str)> {
    let digits = name.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let letters = &name[..name.len() - digits.len()];
    (!letters.is_empty() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        .then_some((letters, digits))
}

/// Labels from the cells' names (`e4`: letters `e`, number `4`): left of each line, the
/// part of the name its cells share (the row); under the board, for each column, the part
/// its cells share, or, where columns slant (hex rhombi), the other part of the names of the
/// bottom line. Boards whose cells are not named that way get none.
fn draw_labels(app: &BoardApp, layout: &Layout, origin: (u16, u16), buf: &mut Buffer) {
    use std::collections::BTreeMap;
    let game = app.session.game();
    let dim = Style::default().add_modifier(Modifier::DIM);
    if game
        .board
        .cells
        .iter()
        .all(|c| c.name.bytes().all(|b| b.is_ascii_digit()))
    {
        // Cells named by number (draughts): each line starts with its first number.
        let mut first: std::collections::BTreeMap<u16, (u16, &str)> = Default::default();
        for (c, &(x, y)) in layout.at.iter().enumerate() {
            let name = game.board().cells[c].name.as_str();
            let e = first.entry(y).or_insert((x, name));
            if x < e.0 {
                *e = (x, name);
            }
        }
        for (y, (_, name)) in first {
            buf.set_stringn(
                origin.0 - LABELS,
                origin.1 + y,
                format!("{name:>2}"),
                2,
                dim,
            );
        }
        return;
    }
    // Grids with ranks (square boards, hex rhombi) are labelled as their names read; a
    // hex-columns board's rows are half cells, left to the names below.
    if !game.look().ranks.is_empty() {
        return draw_look_labels(app, layout, origin, buf);
    }
    let parts = |c: usize| split_name(&game.board().cells[c].name);
    let mut lines: BTreeMap<u16, Vec<usize>> = BTreeMap::new();
    let mut columns: BTreeMap<u16, Vec<usize>> = BTreeMap::new();
    for (c, &(x, y)) in layout.at.iter().enumerate() {
        lines.entry(y).or_default().push(c);
        columns.entry(x).or_default().push(c);
    }
    // Which part the cells of a group share: 0 the letters, 1 the number.
    let shared = |cells: &[usize]| -> Option<(usize, String)> {
        let all: Option<Vec<(&str, &str)>> = cells.iter().map(|&c| parts(c)).collect();
        let all = all?;
        let (l, d) = *all.first()?;
        if all.iter().all(|p| p.0 == l) {
            Some((0, l.to_string()))
        } else if all.iter().all(|p| p.1 == d) {
            Some((1, d.to_string()))
        } else {
            None
        }
    };
    let mut line_part = None;
    for (y, cells) in &lines {
        if let Some((part, text)) = shared(cells) {
            line_part = Some(part);
            buf.set_stringn(
                origin.0 - LABELS,
                origin.1 + y,
                format!("{text:>2}"),
                2,
                dim,
            );
        }
    }
    let bottom = origin.1 + layout.size.1;
    let labelled: Vec<(u16, String)> = columns
        .iter()
        .filter_map(|(x, cells)| {
            shared(cells)
                .filter(|s| Some(s.0) != line_part)
                .map(|s| (*x, s.1))
        })
        .collect();
    let labels = if labelled.len() * 2 >= columns.len() {
        labelled
    } else {
        // Slanting columns: name the bottom line's cells instead.
        let Some(part) = line_part else { return };
        lines
            .values()
            .next_back()
            .map(|cells| {
                cells
                    .iter()
                    .filter_map(|&c| {
                        let (l, d) = parts(c)?;
                        Some((layout.at[c].0, if part == 0 { d } else { l }.to_string()))
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    for (x, text) in labels {
        buf.set_stringn(origin.0 + x + 1, bottom, text, 2, dim);
    }
}

/// The coordinate labels of a grid board ([`crate::engine::BoardLook`]'s files and ranks):
/// each rank left of its row's leftmost cell, each file under the board below its column's
/// lowest cell.
fn draw_look_labels(app: &BoardApp, layout: &Layout, origin: (u16, u16), buf: &mut Buffer) {
    let game = app.session.game();
    let look = game.look();
    let dim = Style::default().add_modifier(Modifier::DIM);
    let cells = || game.board().cells.iter().zip(&layout.at);
    for (row, text) in look.ranks.iter().enumerate() {
        if let Some((_, &(_, y))) = cells()
            .filter(|(c, _)| c.row == row as i32)
            .min_by_key(|(_, at)| at.0)
        {
            buf.set_stringn(
                origin.0 - LABELS,
                origin.1 + y,
                format!("{text:>2}"),
                2,
                dim,
            );
        }
    }
    let bottom = origin.1 + layout.size.1;
    for (col, text) in look.files.iter().enumerate() {
        let lowest = cells()
            .filter(|(c, _)| c.col == col as i32)
            .max_by_key(|(_, at)| at.1);
        if let Some((_, &(x, _))) = lowest {
            buf.set_stringn(origin.0 + x + 1, bottom, text, 2, dim);
        }
    }
}

/// The side panel's lines, at most `room` of them.
fn panel_lines(app: &BoardApp, room: usize, beside: bool, width: usize) -> Vec<(String, Style)> {
    let game = app.session.game();
    let shown = app.shown_state();
    let state: &crate::engine::State = &shown;
    let plain = Style::default();
    let head = Style::default().add_modifier(Modifier::BOLD);
    let mut out: Vec<(String, Style)> = Vec::new();
    let seats: Vec<String> = (0..game.num_players())
        .map(|i| format!("{} {}", game.players()[i], app.session.seats()[i]))
        .collect();
    out.push((seats.join(" · "), plain));
    let reserve = reserve_line(game, state, false);
    // The reserve and the borne-off count each on a line of their own, so that a narrow
    // panel does not cut the second off.
    for part in reserve.trim_end().split("   ").filter(|p| !p.is_empty()) {
        for line in crate::ui::legend::wrap(part, width.max(20)) {
            out.push((line, plain));
        }
    }
    let hands = game.hands_line(state);
    if !hands.is_empty() {
        out.push((hands.trim_end().to_string(), plain));
    }
    let captured = app.session.captured();
    if !captured.is_empty() {
        // Each lost piece by its letter: `captured: ppp n · P` (a long run as `p×12`).
        let taken: Vec<String> = captured
            .iter()
            .map(|&(id, n)| {
                let sym = game.pieces()[id.index()].symbol;
                if n <= 6 {
                    sym.to_string().repeat(n as usize)
                } else {
                    format!("{sym}×{n}")
                }
            })
            .collect();
        out.push((format!("captured: {}", taken.join(" ")), plain));
    }
    let cell = &game.board().cells[app.cursor.index()];
    let piece = state.at(app.cursor);
    let what = if piece == EMPTY {
        "empty".to_string()
    } else {
        let p = &game.pieces()[piece.index()];
        let owner = p.owner.map_or("nobody's".to_string(), |o| {
            format!("{}'s", game.players()[o.index()])
        });
        format!("{} {owner} {}", p.symbol, game.kinds()[p.kind.index()].name)
    };
    let height = state.stack_at(app.cursor).len();
    let stack = if height > 1 {
        format!(" (stack of {height})")
    } else {
        String::new()
    };
    let name = app.session.pick_name(app.cursor);
    let point = if name == cell.name {
        name
    } else {
        format!("{name} ({})", cell.name)
    };
    out.push((format!("cursor {point}: {what}{stack}"), plain));
    out.push((String::new(), plain));
    // The legend, the notes and the keys, as much of them as leaves the history its few
    // lines (a game with many kinds, such as shogi, would otherwise fill the panel).
    let history_moves = app
        .session
        .history()
        .iter()
        .filter(|p| !app.session.automatic(&p.mv))
        .count();
    // A blank line, the heading, the moves, and the line the history keeps free below.
    let history_min = 3 + history_moves.clamp(1, HISTORY_KEPT);
    // Under the board (a wide board in a narrow window) the panel is a short strip that the
    // history would not fit in anyway: the legend and notes keep it, in full, cut at its end.
    let budget = if beside {
        room.saturating_sub(out.len() + history_min)
    } else {
        usize::MAX
    };
    out.extend(middle_lines(game, beside, width, budget));
    // History fills the rest, newest last.
    let rest = room.saturating_sub(out.len() + 2);
    if rest > 0 {
        out.push((String::new(), plain));
        out.push(("history".to_string(), head));
        let history = app.session.history();
        let chosen: Vec<String> = history
            .iter()
            .enumerate()
            .filter(|(_, p)| !app.session.automatic(&p.mv))
            .map(|(i, p)| {
                // The move whose position the history browser shows is marked.
                let here = matches!(app.mode, Mode::History(k) if k == i + 1);
                // Numbered as players number moves (`1. White e4`, `1... Black e5`).
                let label = app.session.move_label(i).to_string();
                let line = format!("{label:>4} {} {}", game.players()[p.player.index()], p.text);
                match (here, line.strip_prefix(' ')) {
                    (true, Some(rest)) => format!("▶{rest}"),
                    (true, None) => format!("▶{line}"),
                    (false, _) => line,
                }
            })
            .collect();
        // Browsing, the list scrolls to keep the marked move in sight.
        let fit = rest.saturating_sub(1);
        let last_page = chosen.len().saturating_sub(fit);
        let skip = match app.mode {
            Mode::History(_) => chosen
                .iter()
                .position(|l| l.starts_with('▶'))
                .map_or(0, |m| m.saturating_sub(fit / 2))
                .min(last_page),
            _ => last_page,
        };
        if chosen.is_empty() {
            out.push(("(no moves yet)".into(), plain));
        }
        for line in &chosen[skip..] {
            out.push((line.clone(), plain));
        }
    }
    out
}

/// The history lines the side panel keeps below the legend, however long the legend.
const HISTORY_KEPT: usize = 3;

/// The side panel's legend (pieces, notes) and keys in at most `budget` lines: in full if
/// they fit, else with the pieces grouped by kind (`K/k king`), else without the notes,
/// else cut short with a pointer to the help.
fn middle_lines(
    game: &crate::engine::Game,
    beside: bool,
    width: usize,
    budget: usize,
) -> Vec<(String, Style)> {
    let plain = Style::default();
    let head = Style::default().add_modifier(Modifier::BOLD);
    let legend: Vec<String> = game
        .pieces
        .iter()
        .skip(1)
        .map(|p| {
            let owner = p
                .owner
                .map_or("-".to_string(), |o| game.players()[o.index()].clone());
            format!("{} {} {owner}", p.symbol, game.kinds()[p.kind.index()].name)
        })
        .collect();
    let mut full: Vec<(String, Style)> = Vec::new();
    if beside {
        full.push(("pieces".to_string(), head));
        for l in legend.chunks(2) {
            full.push((l.join("  "), plain));
        }
    } else {
        full.push((format!("pieces: {}", legend.join(", ")), plain));
    }
    // Grouped by kind: each kind's symbols, then its name, wrapped to the panel.
    let mut kinds: Vec<(crate::engine::KindId, String)> = Vec::new();
    for p in game.pieces().iter().skip(1) {
        match kinds.iter_mut().find(|(k, _)| *k == p.kind) {
            Some((_, syms)) => {
                syms.push('/');
                syms.push(p.symbol);
            }
            None => kinds.push((p.kind, p.symbol.to_string())),
        }
    }
    let grouped: Vec<String> = kinds
        .iter()
        .map(|(k, syms)| format!("{syms} {}", game.kinds()[k.index()].name))
        .collect();
    let compact: Vec<(String, Style)> =
        crate::ui::legend::wrap(&format!("pieces: {}", grouped.join(", ")), width.max(20))
            .into_iter()
            .map(|l| (l, plain))
            .collect();
    let mut notes: Vec<(String, Style)> = Vec::new();
    for note in crate::ui::legend::notes(game, false) {
        for line in crate::ui::legend::wrap(&note, width.max(20)) {
            notes.push((line, plain));
        }
    }
    let keys: Vec<(String, Style)> = [
        "keys: arrows move, Enter pick, Esc back, : type",
        "u undo r redo n new i hint f flip",
        "[ ] history m menu ? help q quit",
    ]
    .iter()
    .map(|k| (k.to_string(), plain))
    .collect();
    if !beside {
        // Under a wide board (Hex, Nex at 80 x 24) only a few lines show: the notes (who
        // joins which sides) come first, so they stay on screen.
        return [notes.as_slice(), &full, &keys].concat();
    }
    let tries = [
        [full.as_slice(), &notes, &keys].concat(),
        [compact.as_slice(), &notes, &keys].concat(),
        [compact.as_slice(), &keys].concat(),
    ];
    if let Some(fits) = tries.iter().find(|t| t.len() <= budget) {
        return fits.clone();
    }
    let mut cut: Vec<(String, Style)> = [compact.as_slice(), &keys[2..]].concat();
    if cut.len() > budget {
        cut.truncate(budget.saturating_sub(1));
        cut.push(("… ? help m menu q quit".into(), plain));
    }
    cut
}

fn draw_help(area: Rect, buf: &mut Buffer) {
    let lines = [
        "keys",
        "  arrows or h j k l   move the cursor to the nearest cell that way",
        "  Enter or space      pick the cell: a piece, then where it goes",
        "  mouse click         pick a cell",
        "  Esc                 take back the last pick",
        "  :                   type a move or command (Tab completes moves)",
        "  u / r               undo / redo",
        "  n                   new game",
        "  i                   hint",
        "  f                   flip the board",
        "  b / o               pick the bar / the men borne off (a race board)",
        "  [ / ]               browse the history: the position after each move",
        "  m                   menu: new game, game, who plays each seat, save, load",
        "  q                   quit",
        "",
        "on the board: [X] cursor, <X> picked, (X) can be picked next,",
        "underlined: the last move",
        "press any key to go back",
    ];
    let top = area.y + 1;
    for y in top..area.y + area.height {
        buf.set_stringn(
            area.x,
            y,
            " ".repeat(area.width as usize),
            area.width as usize,
            Style::default(),
        );
    }
    for (i, l) in lines.iter().enumerate() {
        let y = top + i as u16;
        if y < area.y + area.height {
            buf.set_stringn(
                area.x + 1,
                y,
                l,
                area.width.saturating_sub(1) as usize,
                Style::default(),
            );
        }
    }
}

/// The menu, over the board: one line per item, the chosen one marked by `>` and reversed.
fn draw_menu(app: &BoardApp, chosen: usize, area: Rect, buf: &mut Buffer) {
    let items = app.menu_items();
    let labels: Vec<String> = items.iter().map(|&it| app.menu_label(it)).collect();
    let width = labels
        .iter()
        .map(|l| l.chars().count() + 4)
        .max()
        .unwrap_or(0)
        .max(30)
        .min(area.width.saturating_sub(2) as usize) as u16;
    let (x, top) = (area.x + 1, area.y + 1);
    let bottom = (area.y + area.height).saturating_sub(2);
    let rows = std::iter::once(("menu".to_string(), false)).chain(
        labels
            .into_iter()
            .enumerate()
            .map(|(i, l)| (l, i == chosen)),
    );
    // A long menu on a short screen scrolls to keep the chosen line in sight.
    let room = bottom.saturating_sub(top) as usize;
    let skip = (chosen + 2).saturating_sub(room);
    let mut y = top;
    for (k, (text, here)) in rows.enumerate() {
        if k > 0 && k <= skip {
            continue;
        }
        if y >= bottom {
            break;
        }
        let (line, style) = if k == 0 {
            (
                format!(" {text}"),
                Style::default().add_modifier(Modifier::BOLD),
            )
        } else if here {
            (
                format!("> {text}"),
                Style::default().add_modifier(Modifier::REVERSED),
            )
        } else {
            (format!("  {text}"), Style::default())
        };
        // The menu's rows cover the whole width, so nothing of the panel shows between.
        buf.set_stringn(
            area.x,
            y,
            " ".repeat(area.width as usize),
            area.width as usize,
            Style::default(),
        );
        let padded = format!("{line:<w$}", w = width as usize);
        buf.set_stringn(x, y, padded, width as usize, style);
        y += 1;
    }
}

/// The text of a buffer, one line per row with trailing spaces removed (for tests).
pub fn buffer_text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in area.y..area.y + area.height {
        let mut line = String::new();
        for x in area.x..area.x + area.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
