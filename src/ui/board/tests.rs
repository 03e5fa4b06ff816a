//! The full-screen board driven by key presses, drawn into ratatui's test backend: every
//! shipped game plays a move by selection; multi-part moves (a chess promotion, a draughts
//! double jump, a Nex transform, an Ur stack) are entered cell by cell; bad keys, small
//! windows and Esc at every step never break the game. Screens are insta snapshots.

use std::collections::{HashSet, VecDeque};

use ratatui::backend::TestBackend;
use ratatui::Terminal;

use super::app::{BoardApp, Key, Mode};
use super::layout::Layout;
use super::view::{buffer_text, draw};
use crate::engine::CellId;
use crate::session::{Seat, Session};

fn app(game: &str, set: &[(&str, &str)], position: Option<&str>, seats: &[Seat]) -> BoardApp {
    let set = crate::option_pairs(set);
    let g = crate::load_shipped(game, &set).unwrap();
    let start = position.map(|p| g.parse_position(p).unwrap());
    BoardApp::new(Session::new(g, game, &set, start, seats, 11))
}

fn humans(game: &str) -> BoardApp {
    app(game, &[], None, &[Seat::Human, Seat::Human])
}

/// The screen at `w` × `h`, as text.
fn screen_at(app: &BoardApp, w: u16, h: u16) -> String {
    let layout = Layout::new(app.session.game(), app.flipped);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal
        .draw(|f| {
            let area = f.area();
            draw(app, &layout, area, f.buffer_mut(), false);
        })
        .unwrap();
    buffer_text(terminal.backend().buffer())
}

fn screen(app: &BoardApp) -> String {
    screen_at(app, 80, 24)
}

fn press(app: &mut BoardApp, keys: &[Key]) {
    let layout = Layout::new(app.session.game(), app.flipped);
    for &k in keys {
        app.key(k, &layout, (3, 2));
    }
}

fn cell(app: &BoardApp, name: &str) -> CellId {
    app.session.game().board().cell_by_name(name).unwrap()
}

/// The arrow keys that take the cursor to `target` (breadth-first over the four arrows).
fn arrows_to(app: &BoardApp, target: CellId) -> Vec<Key> {
    let g = app.session.game();
    let dirs = [
        (Key::Up, 0.0, -1.0),
        (Key::Down, 0.0, 1.0),
        (Key::Left, -1.0, 0.0),
        (Key::Right, 1.0, 0.0),
    ];
    let flip = if app.flipped { -1.0 } else { 1.0 };
    let mut seen = HashSet::from([app.cursor]);
    let mut queue = VecDeque::from([(app.cursor, Vec::new())]);
    while let Some((c, path)) = queue.pop_front() {
        if c == target {
            return path;
        }
        for &(k, dx, dy) in &dirs {
            if let Some(n) = g.nearest_in_direction(c, dx * flip, dy * flip) {
                if seen.insert(n) {
                    let mut p = path.clone();
                    p.push(k);
                    queue.push_back((n, p));
                }
            }
        }
    }
    panic!("{}: no arrow path to cell {target}", g.name())
}

/// Moves the cursor to `name` with arrow keys and picks it.
fn pick(app: &mut BoardApp, name: &str) {
    let keys = arrows_to(app, cell(app, name));
    press(app, &keys);
    assert_eq!(app.cursor, cell(app, name));
    press(app, &[Key::Enter]);
}

#[test]
fn every_shipped_game_plays_a_move_by_selection() {
    for name in crate::shipped_names() {
        let set: &[(&str, &str)] = if name == "nex" { &[("size", "5")] } else { &[] };
        let mut a = app(name, set, None, &[Seat::Human, Seat::Human]);
        let before = a.session.history().len();
        // The first legal move that is entered on the board, in the game's own order.
        let mv = a
            .session
            .legal_moves()
            .into_iter()
            .find(|m| !a.cells_of(m).is_empty())
            .unwrap_or_else(|| panic!("{name}: no move to pick"));
        let text = a.text(mv);
        let cells: Vec<String> = a
            .cells_of(&mv)
            .iter()
            .map(|&c| a.session.game().board().cells[c.index()].name.clone())
            .collect();
        pick(&mut a, &cells[0]);
        let first = screen(&a);
        for c in &cells[1..] {
            if a.session.history().len() > before {
                break;
            }
            pick(&mut a, c);
        }
        let played = &a.session.history()[before];
        assert_eq!(played.text, text, "{name}");
        assert!(matches!(a.mode, Mode::Board), "{name}");
        insta::assert_snapshot!(format!("board_{name}_first_pick"), first);
        insta::assert_snapshot!(format!("board_{name}_played"), screen(&a));
    }
}

#[test]
fn a_picked_piece_lights_up_its_targets_and_esc_backs_out() {
    let mut a = humans("chess");
    pick(&mut a, "g1");
    let shown = screen(&a);
    assert!(shown.contains("(.)"), "{shown}");
    assert_eq!(a.next_cells(), vec![cell(&a, "f3"), cell(&a, "h3")]);
    press(&mut a, &[Key::Esc]);
    assert!(a.picked.is_empty());
    // A cell no move continues to is refused with a message; nothing changes.
    pick(&mut a, "e2");
    pick(&mut a, "e5");
    assert!(
        a.message.contains("no legal move continues to e5"),
        "{}",
        a.message
    );
    pick(&mut a, "e4");
    assert_eq!(a.session.history()[0].text, "e4");
    // An enemy piece, an empty cell: no move starts there.
    pick(&mut a, "e4");
    assert!(
        a.message.contains("no legal move from or onto e4"),
        "{}",
        a.message
    );
    pick(&mut a, "d4");
    assert!(a.message.contains("no legal move from or onto d4"));
    assert_eq!(a.session.history().len(), 1);
}

#[test]
fn a_promotion_is_chosen_from_a_list() {
    let mut a = app(
        "chess",
        &[],
        Some("8/P6k/8/8/8/8/8/K7 w - - 0 1"),
        &[Seat::Human, Seat::Human],
    );
    pick(&mut a, "a7");
    pick(&mut a, "a8");
    let Mode::Choose(moves, 0) = &a.mode else {
        panic!("{:?}", a.mode)
    };
    assert_eq!(moves.len(), 4);
    insta::assert_snapshot!("board_chess_promotion_choice", screen(&a));
    press(
        &mut a,
        &[
            Key::Down,
            Key::Down,
            Key::Up,
            Key::Down,
            Key::Down,
            Key::Down,
            Key::Down,
        ],
    );
    press(&mut a, &[Key::Enter]);
    assert_eq!(a.session.history()[0].text, "a8=N");
}

#[test]
fn a_draughts_double_jump_is_entered_landing_by_landing() {
    let mut a = app(
        "draughts",
        &[],
        Some("4/4/b3/1w2/4/1ww1/4/4 Black"),
        &[Seat::Human, Seat::Human],
    );
    pick(&mut a, "9");
    pick(&mut a, "18");
    assert!(a.session.history().is_empty(), "two ways on from 18");
    assert_eq!(a.next_cells(), vec![cell(&a, "25"), cell(&a, "27")]);
    insta::assert_snapshot!("board_draughts_mid_jump", screen(&a));
    pick(&mut a, "27");
    assert_eq!(a.session.history()[0].text, "9x18x27");
}

#[test]
fn a_nex_transform_is_entered_cell_by_cell() {
    let mut a = app("nex", &[("size", "4")], None, &[Seat::Human, Seat::Human]);
    for m in ["Ba1?a2", "Wb1?b2"] {
        a.session.play_text(m).unwrap();
    }
    pick(&mut a, "a2");
    assert!(
        a.session.history().len() == 2,
        "one pick never plays a longer move"
    );
    pick(&mut a, "b2");
    assert_eq!(a.session.history()[2].text, "Ba2Bb2?a1");
    insta::assert_snapshot!("board_nex_after_transform", screen(&a));
}

#[test]
fn an_ur_piece_joins_a_stack() {
    let mut a = app(
        "ur",
        &[],
        Some("6/8/3W2 White 0 roll=1 reserve=6,7"),
        &[Seat::Human, Seat::Human],
    );
    pick(&mut a, "d1");
    // d1 is both a piece that can move (d1-c1) and the cell a new piece enters (in-d1).
    assert!(a.message.contains("in-d1"), "{}", a.message);
    press(&mut a, &[Key::Enter]);
    assert_eq!(a.session.history()[0].text, "in-d1");
    let keys = arrows_to(&a, cell(&a, "d1"));
    press(&mut a, &keys);
    let shown = screen(&a);
    assert!(
        shown.contains("cursor d1: W White's novice (stack of 2)"),
        "{shown}"
    );
    insta::assert_snapshot!("board_ur_stack", shown);
}

#[test]
fn typed_moves_and_commands_work_with_completion() {
    let mut a = humans("chess");
    press(
        &mut a,
        &[Key::Char(':'), Key::Char('g'), Key::Char('1'), Key::Tab],
    );
    assert!(a.message.contains("2 moves: Nf3 Nh3"), "{}", a.message);
    press(&mut a, &[Key::Char('f'), Key::Char('3'), Key::Enter]);
    assert_eq!(a.session.history()[0].text, "Nf3");
    press(&mut a, &[Key::Char(':')]);
    for c in "e7e9".chars() {
        press(&mut a, &[Key::Char(c)]);
    }
    press(&mut a, &[Key::Enter]);
    assert!(a.message.contains("there is no cell 'e9'"), "{}", a.message);
    // Text that names no move points to the board, the board's own way to list moves.
    press(
        &mut a,
        &[Key::Char(':'), Key::Char('z'), Key::Char('z'), Key::Enter],
    );
    assert_eq!(
        a.message,
        "'zz' is not a legal move here (20 legal moves; pick a highlighted cell)"
    );
    press(&mut a, &[Key::Char('u')]);
    assert!(a.session.history().is_empty());
    press(&mut a, &[Key::Char('r')]);
    assert_eq!(a.session.history().len(), 1);
    press(&mut a, &[Key::Char('?')]);
    assert!(screen(&a).contains("take back the last pick"));
    press(&mut a, &[Key::Char('x')]);
    assert!(matches!(a.mode, Mode::Board));
}

#[test]
fn bad_keys_small_windows_and_esc_never_break_the_game() {
    let mut a = humans("intellector");
    let keys = [
        Key::Char('z'),
        Key::Esc,
        Key::Esc,
        Key::Tab,
        Key::Backspace,
        Key::Click(0, 0),
        Key::Click(500, 500),
        Key::Char('é'),
        Key::Enter,
        Key::Esc,
        Key::Char(':'),
        Key::Esc,
        Key::Char(':'),
        Key::Backspace,
        Key::Backspace,
        Key::Tab,
        Key::Enter,
    ];
    press(&mut a, &keys);
    assert!(a.session.history().is_empty());
    assert!(!a.quit);
    let tiny = screen_at(&a, 20, 10);
    assert!(tiny.starts_with("window too small"), "{tiny}");
    insta::assert_snapshot!("board_window_too_small", tiny);
    // Still playable after all that.
    let mv = a.session.legal_moves()[0];
    let cells = a.cells_of(&mv);
    for &c in &cells {
        let name = a.session.game().board().cells[c.index()].name.clone();
        if a.session.history().is_empty() {
            pick(&mut a, &name);
        }
    }
    assert_eq!(a.session.history().len(), 1);
    press(&mut a, &[Key::Char('q')]);
    assert!(a.quit);
}

#[test]
fn the_computer_thinks_without_blocking_and_its_move_appears() {
    let mut a = app("tictactoe", &[], None, &[Seat::Human, Seat::ai(2)]);
    pick(&mut a, "b2");
    a.tick();
    assert!(a.thinking());
    a.settle_ai();
    assert_eq!(a.session.history().len(), 2);
    assert!(a.message.contains("1... O "), "{}", a.message);
    // The flipped board still maps arrows and picks.
    press(&mut a, &[Key::Char('f')]);
    // With nothing picked, the cells a move can start from are highlighted: the free ones.
    assert_eq!(a.next_cells().len(), 7);
    let mv = a.session.legal_moves()[0];
    let name = a.session.game().board().cells[(a.cells_of(&mv)[0]).index()]
        .name
        .clone();
    pick(&mut a, &name);
    assert_eq!(a.session.history().len(), 3);
}

/// The line of `item` in the menu.
fn menu_line(a: &BoardApp, item: super::MenuItem) -> usize {
    a.menu_items().iter().position(|&i| i == item).unwrap()
}

/// Opens the menu and goes down to `item`.
fn to_menu_item(a: &mut BoardApp, item: super::MenuItem) {
    press(a, &[Key::Char('m')]);
    let down = vec![Key::Down; menu_line(a, item)];
    press(a, &down);
    assert_eq!(a.mode, Mode::Menu(menu_line(a, item)));
}

#[test]
fn the_menu_sets_seats_that_survive_a_new_game() {
    use super::MenuItem;
    use crate::engine::Player;
    let mut a = humans("chess");
    to_menu_item(&mut a, MenuItem::Seat(Player(1)));
    insta::assert_snapshot!("board_menu", screen(&a));
    // human → ai:1 → ai:2 → ai:3, then back one: ai:2.
    press(&mut a, &[Key::Right, Key::Right, Key::Right, Key::Left]);
    assert_eq!(a.session.seat(Player(1)), Seat::ai(2));
    assert!(
        screen(&a).contains("> Black: ‹computer, level 2›"),
        "{}",
        screen(&a)
    );
    // Left from a person wraps to level 9.
    press(&mut a, &[Key::Up, Key::Left]);
    assert_eq!(a.session.seat(Player(0)), Seat::ai(9));
    press(&mut a, &[Key::Right]);
    assert_eq!(a.session.seat(Player(0)), Seat::Human);
    press(&mut a, &[Key::Esc]);
    assert_eq!(a.mode, Mode::Board);
    pick(&mut a, "e2");
    pick(&mut a, "e4");
    a.tick();
    a.settle_ai();
    assert_eq!(
        a.session.history().len(),
        2,
        "the computer answered as Black"
    );
    // A new game from the menu keeps the seats.
    to_menu_item(&mut a, MenuItem::NewGame);
    press(&mut a, &[Key::Enter]);
    assert!(a.session.history().is_empty());
    assert_eq!(a.session.seat(Player(1)), Seat::ai(2));
    assert_eq!(a.mode, Mode::Board);
}

#[test]
fn the_menu_switches_to_another_game_keeping_the_seats() {
    use super::MenuItem;
    use crate::engine::Player;
    let mut a = app("chess", &[], None, &[Seat::Human, Seat::ai(3)]);
    a.flipped = true;
    to_menu_item(&mut a, MenuItem::Game);
    let names = crate::shipped_names();
    let from = names.iter().position(|&n| n == "chess").unwrap();
    let to = names.iter().position(|&n| n == "hex").unwrap();
    let steps = (to + names.len() - from) % names.len();
    press(&mut a, &vec![Key::Right; steps]);
    assert!(screen(&a).contains("game: ‹hex›"), "{}", screen(&a));
    assert_eq!(
        a.session.game().name(),
        "chess",
        "nothing changes before Enter"
    );
    press(&mut a, &[Key::Enter]);
    assert_eq!(a.session.game().name(), "hex");
    assert_eq!(a.session.seat(Player(1)), Seat::ai(3));
    assert!(a.flipped, "the view's settings stay");
    assert!(a.message.starts_with("new game of hex"), "{}", a.message);
    // Save and load ask for a file name on the command line.
    to_menu_item(&mut a, MenuItem::Save);
    press(&mut a, &[Key::Enter]);
    assert_eq!(a.mode, Mode::Command("save ".into()));
    press(&mut a, &[Key::Esc]);
    to_menu_item(&mut a, MenuItem::Quit);
    press(&mut a, &[Key::Enter]);
    assert!(a.quit);
}

#[test]
fn the_history_browser_shows_earlier_positions_without_changing_the_game() {
    let mut a = humans("tictactoe");
    for c in ["b2", "a1", "c3"] {
        pick(&mut a, c);
    }
    let live = a.session.state().clone();
    press(&mut a, &[Key::Char('[')]);
    assert_eq!(a.mode, Mode::History(2));
    let shown = a.shown_state().into_owned();
    let g = a.session.game();
    assert_eq!(g.position_to_string(&shown), "3/1X1/O2 X 2");
    insta::assert_snapshot!("board_history", screen(&a));
    press(&mut a, &[Key::Char('['), Key::Char('['), Key::Char('[')]);
    assert_eq!(
        a.mode,
        Mode::History(0),
        "the start is as far back as it goes"
    );
    // Picking is refused while browsing; the game is untouched.
    press(&mut a, &[Key::Enter, Key::Char('x')]);
    assert!(a.session.state().same_position(&live));
    press(&mut a, &[Key::Char(']'), Key::Char(']'), Key::Char(']')]);
    assert_eq!(
        a.mode,
        Mode::Board,
        "stepping past the last move is back in the game"
    );
    press(&mut a, &[Key::Char('['), Key::Esc]);
    assert_eq!(a.mode, Mode::Board);
    assert_eq!(a.session.history().len(), 3);
}

/// An undo while the computer is thinking abandons that search, and the computer still
/// answers the next move (its seat gets a fresh bot; the searching one stays with the
/// abandoned thread).
#[test]
fn the_computer_answers_again_after_an_undo_during_its_search() {
    let mut a = app("chess", &[], None, &[Seat::Human, Seat::ai(2)]);
    pick(&mut a, "e2");
    pick(&mut a, "e4");
    a.tick();
    assert!(a.thinking());
    press(&mut a, &[Key::Char('u')]);
    assert!(!a.thinking());
    assert!(a.session.history().is_empty());
    pick(&mut a, "d2");
    pick(&mut a, "d4");
    a.tick();
    assert!(a.thinking(), "the computer's seat still has a bot");
    a.settle_ai();
    assert_eq!(a.session.history().len(), 2, "{}", a.message);
}

/// While the computer thinks, the screen shows how far its search got: the depth, the
/// score and the line it expects, in the game's notation.
#[test]
fn the_computers_search_shows_its_depth_score_and_line_while_it_thinks() {
    let mut a = app("chess", &[], None, &[Seat::Human, Seat::ai(9)]);
    pick(&mut a, "e2");
    pick(&mut a, "e4");
    a.tick();
    let mut line = None;
    // Level 9 searches for seconds: its first iterations report long before it ends.
    for _ in 0..500 {
        std::thread::sleep(std::time::Duration::from_millis(10));
        a.tick();
        line = a.thought_line();
        if line.is_some() || !a.thinking() {
            break;
        }
    }
    let line = line.expect("a report while thinking");
    assert!(line.starts_with("depth "), "{line}");
    assert!(
        screen(&a).contains(&format!("thinking: {line}")),
        "{}",
        screen(&a)
    );
    press(&mut a, &[Key::Char('u')]);
    assert!(a.thought_line().is_none());
}

#[test]
fn a_shogi_drop_and_an_optional_promotion_are_chosen_from_lists() {
    let mut a = app(
        "shogi",
        &[],
        Some("4k4/9/9/5S3/9/9/9/9/4K4 b PS 1"),
        &[Seat::Human, Seat::Human],
    );
    // An empty cell offers a drop of each kind in hand.
    pick(&mut a, "5e");
    let Mode::Choose(moves, 0) = &a.mode else {
        panic!("{:?}", a.mode)
    };
    let texts: Vec<String> = moves.iter().map(|&m| a.text(m)).collect();
    assert_eq!(texts, ["P*5e", "S*5e"]);
    insta::assert_snapshot!("board_shogi_drop_choice", screen(&a));
    press(&mut a, &[Key::Down, Key::Enter]);
    assert_eq!(a.session.history()[0].text, "S*5e");
    pick(&mut a, "5a");
    pick(&mut a, "6a");
    // The silver entering the zone may promote or not: both are offered.
    pick(&mut a, "4d");
    pick(&mut a, "4c");
    let Mode::Choose(moves, _) = &a.mode else {
        panic!("{:?}", a.mode)
    };
    let texts: Vec<String> = moves.iter().map(|&m| a.text(m)).collect();
    assert_eq!(texts, ["4d4c+", "4d4c"]);
}

#[test]
fn the_history_keeps_its_lines_beside_a_long_legend() {
    // Xiangqi's and shogi's legends and zone notes once filled the side panel of an
    // 80 × 24 window, leaving the history heading with no move under it.
    for (game, mv, shown) in [
        ("xiangqi", "h3e3", "1. Red h3e3"),
        ("shogi", "7g7f", "1. Black 7g7f"),
    ] {
        let mut a = humans(game);
        press(&mut a, &[Key::Char(':')]);
        for c in mv.chars() {
            press(&mut a, &[Key::Char(c)]);
        }
        press(&mut a, &[Key::Enter]);
        assert_eq!(a.session.history().len(), 1, "{game}");
        let s = screen(&a);
        let panel_line = s
            .lines()
            .find(|l| l.trim_end().ends_with(shown))
            .unwrap_or_else(|| panic!("{game}: no history line in\n{s}"));
        assert!(panel_line.len() > 40, "beside the board: {panel_line}");
    }
}

#[test]
fn a_whole_backgammon_turn_is_entered_man_by_man_with_heights_in_sight() {
    let mut a = humans("backgammon");
    // The roll is made before the first turn; the title shows it.
    let roll = format!("roll of {}", a.session.state().roll().expect("a roll"));
    let s = screen(&a);
    assert!(s.lines().next().unwrap().contains(&roll), "{roll}");
    // The bar (the reserve) and the men borne off, whole in an 80-column window.
    assert!(s.contains("reserve: White 0, Black 0\n"), "{s}");
    assert!(s.contains("borne off: White 0, Black 0\n"), "{s}");
    let moves = a.session.legal_moves();
    let turn = *moves
        .iter()
        .max_by_key(|m| a.session.move_cells(m).len())
        .unwrap();
    let text = a.text(turn);
    let cells = a.session.move_cells(&turn);
    assert!(cells.len() >= 3, "{text}: a turn of two men");
    let names: Vec<String> = cells
        .iter()
        .map(|c| a.session.game().board().cells[c.index()].name.clone())
        .collect();
    for (i, name) in names.iter().enumerate() {
        pick(&mut a, name);
        if i == 0 {
            // A picked or lit stack keeps its height: `<W5`, `(B3`.
            let s = screen(&a);
            let lines: Vec<Vec<char>> = s.lines().map(|l| l.chars().collect()).collect();
            let layout = Layout::new(a.session.game(), a.flipped);
            let state = a.session.state();
            let mut checked = 0;
            for &c in std::iter::once(&cells[0]).chain(a.next_cells().iter()) {
                let h = state.stack_at(c).len();
                if h > 1 {
                    // The board is drawn from column 3, line 2; a cell is three characters.
                    let (x, y) = layout.at[c.index()];
                    let at = &lines[2 + y as usize][3 + x as usize..6 + x as usize];
                    let sym = a.session.game().pieces()[state.at(c).index()].symbol;
                    assert_eq!(at[1..], [sym, char::from(b'0' + h as u8)], "{s}");
                    checked += 1;
                }
            }
            assert!(checked > 0, "a marked stack:\n{s}");
        }
        if a.session.history().iter().any(|p| p.text == text) {
            break;
        }
    }
    let played: Vec<&str> = a
        .session
        .history()
        .iter()
        .filter(|p| !a.session.automatic(&p.mv))
        .map(|p| p.text.as_str())
        .collect();
    assert_eq!(played, [text.as_str()]);
}

/// `load` reads through the one bounded reader of records: a device is refused at once (it was
/// read without end) and the game is untouched.
#[test]
fn loading_a_device_is_refused_and_changes_nothing() {
    let mut a = humans("tictactoe");
    pick(&mut a, "b2");
    let keys: Vec<Key> = ":load /dev/zero".chars().map(Key::Char).collect();
    press(&mut a, &keys);
    press(&mut a, &[Key::Enter]);
    assert_eq!(
        a.message, "cannot load /dev/zero: '/dev/zero' is not a regular file",
        "{}",
        a.message
    );
    assert_eq!(a.session.history().len(), 1);
}

#[test]
fn each_board_draws_its_declared_look_at_80_by_24() {
    // The board's lines, without the panel beside them.
    let board =
        |game: &str| -> Vec<String> { screen(&humans(game)).lines().map(str::to_string).collect() };
    let has = |lines: &[String], want: &str| lines.iter().any(|l| l.starts_with(want));
    // Go: columns without i, star points where the stones are not.
    let go = board("go");
    assert!(has(&go, "    a  b  c  d  e  f  g  h  j"), "{go:#?}");
    assert!(has(&go, " 7  .  .  +  .  .  .  +  .  ."), "{go:#?}");
    // Morris: the lines between its points.
    let morris = board("morris");
    assert!(has(&morris, " 6  |  . --- . --- .  |"), "{morris:#?}");
    assert!(has(&morris, " 1  . ------ . ------ ."), "{morris:#?}");
    // Shogi: 9 … 1 across, a … i down, as its moves are written.
    let shogi = board("shogi");
    assert!(has(&shogi, " a  l  n  s  g  k  g  s  n  l"), "{shogi:#?}");
    assert!(has(&shogi, "    9  8  7  6  5  4  3  2  1"), "{shogi:#?}");
    // Ur: the rosettes, and every column labelled under the board.
    let ur = board("ur");
    assert!(has(&ur, " 3  +  .  .  .        +  ."), "{ur:#?}");
    assert!(has(&ur, "    a  b  c  d  e  f  g  h"), "{ur:#?}");
    // Hex and Nex: who joins which sides stays on screen.
    for game in ["hex", "nex"] {
        let s = screen(&humans(game));
        assert!(
            s.contains("Black wins by joining top and bottom"),
            "{game}:\n{s}"
        );
        assert!(
            s.contains("White wins by joining left and right"),
            "{game}:\n{s}"
        );
    }
}

/// Backgammon drawn as its players know it (`look track = points`): 24 points numbered from
/// the mover's side, the bar between the halves, the trays of men borne off, the dice; a man
/// borne off by picking its point, then `o` (the tray), whichever man is picked first.
#[test]
fn a_race_board_is_drawn_from_the_movers_side_and_men_bear_off_in_any_order() {
    let position = "11(BBBBBBBBBBBBBBB)/8WW2 White 0 roll=65 off=13,0";
    let mut a = app(
        "backgammon",
        &[],
        Some(position),
        &[Seat::Human, Seat::Human],
    );
    let s = screen(&a);
    let lines: Vec<&str> = s.lines().collect();
    // White's 13 to 24 along the top, 12 to 1 along the bottom; the bar, the tray.
    assert!(
        lines[1].contains("13 14 15 16 17 18  bar 19 20 21 22 23 24  off"),
        "{s}"
    );
    assert!(
        lines[4].contains("12 11 10  9  8  7       6  5  4  3  2  1  off"),
        "{s}"
    );
    // The roll in the gap on White's side; thirteen men off in White's tray.
    assert!(lines[3].contains(" 6 5  "), "{s}");
    assert!(lines[3].trim_end().ends_with("  W+"), "{s}");
    // The man on the 3 point first (the turn is written 4/off+3/off): the tray lights up.
    pick(&mut a, "j1");
    assert_eq!(a.next_cells(), vec![crate::session::pick::OFF]);
    let picked = screen(&a);
    assert!(picked.contains("(W+"), "{picked}");
    assert!(picked.contains("picked 3: pick"), "{picked}");
    insta::assert_snapshot!("board_backgammon_race_picked", picked);
    press(&mut a, &[Key::Char('o')]);
    let played: Vec<&str> = a
        .session
        .history()
        .iter()
        .map(|p| p.text.as_str())
        .collect();
    assert_eq!(played.last(), Some(&"4/off+3/off"), "{}", a.message);
    // The same turn the other way round, the tray clicked rather than keyed.
    let mut b = app(
        "backgammon",
        &[],
        Some(position),
        &[Seat::Human, Seat::Human],
    );
    pick(&mut b, "i1");
    let layout = Layout::new(b.session.game(), b.flipped);
    let tray = layout
        .beside
        .iter()
        .find(|p| p.place == crate::session::pick::OFF && p.player.index() == 0)
        .unwrap()
        .at;
    press(&mut b, &[Key::Click(3 + tray.0 + 1, 2 + tray.1)]);
    let played: Vec<&str> = b
        .session
        .history()
        .iter()
        .map(|p| p.text.as_str())
        .collect();
    assert_eq!(played.last(), Some(&"4/off+3/off"), "{}", b.message);
}

/// Go at its end: after two passes the computer marks the dead stones (the lone black stone
/// in White's area), the title counts them off, and a pick on a group disputes it.
#[test]
fn dead_stones_are_proposed_shown_and_disputed_at_the_end_of_go() {
    let position = "2XO1/2XO1/2XOX/2XO1/2XO1 Black";
    let mut a = app(
        "go",
        &[("size", "5")],
        Some(position),
        &[Seat::Human, Seat::Human],
    );
    for _ in 0..2 {
        press(&mut a, &[Key::Char(':')]);
        press(&mut a, &"pass".chars().map(Key::Char).collect::<Vec<_>>());
        press(&mut a, &[Key::Enter]);
    }
    assert!(a.session.is_over());
    assert_eq!(a.dead, Some(vec![cell(&a, "e3")]));
    assert!(
        a.message.contains("the computer marks 1 stone dead"),
        "{}",
        a.message
    );
    let s = screen(&a);
    assert!(
        s.starts_with("Go · game over: Black 15.0, White 17.5: White wins by 2.5 (1 dead stone)"),
        "{s}"
    );
    insta::assert_snapshot!("board_go_dead_stones", s);
    // The players say the stone lives: it counts for Black again.
    pick(&mut a, "e3");
    assert_eq!(a.dead, Some(vec![]));
    assert_eq!(
        a.message,
        "Black 16.0, White 12.5: Black wins by 3.5 (no dead stones)"
    );
    assert!(screen(&a).contains("Black wins by 3.5"));
}
