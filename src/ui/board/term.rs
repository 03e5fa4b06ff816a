//! The full-screen board on a real terminal: raw mode and the alternate screen through
//! ratatui and crossterm (restored on quit, on errors and on panic), keys and mouse clicks
//! read without blocking so the AI thinks while the screen stays live, and a redraw on
//! every change and resize.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEventKind, KeyModifiers,
    MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;

use super::app::{BoardApp, Key};
use super::layout::Layout;
use super::view::{draw, Placed};

/// Whether the board holds the terminal (raw mode, alternate screen, mouse capture) now.
static HOLDS_TERMINAL: AtomicBool = AtomicBool::new(false);

/// Plays on the terminal until the player quits.
pub fn run(mut app: BoardApp, color: bool) -> io::Result<()> {
    // `ratatui::init` also installs a panic hook that restores the terminal first.
    let mut terminal = ratatui::init();
    HOLDS_TERMINAL.store(true, Ordering::SeqCst);
    let _ = execute!(io::stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut app, color);
    restore_terminal();
    result
}

/// Gives the terminal back as it was (mouse capture off, main screen, cooked mode) if the
/// board holds it, and does nothing otherwise. Called on quit, and by the signal handler
/// when a SIGINT or SIGTERM from outside (`kill`) ends the program while the board is up:
/// in raw mode the terminal's own Ctrl-C is a key, but a signal sent by another process is
/// not, and exiting without this would leave the shell in raw mode on the alternate screen.
pub fn restore_terminal() {
    if HOLDS_TERMINAL.swap(false, Ordering::SeqCst) {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        ratatui::restore();
    }
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut BoardApp,
    color: bool,
) -> io::Result<()> {
    let mut layout = Layout::new(app.session.game(), app.flipped);
    let mut shape = (app.session.game().name().to_string(), app.flipped);
    loop {
        app.tick();
        let now = (app.session.game().name().to_string(), app.flipped);
        if now != shape {
            layout = Layout::new(app.session.game(), app.flipped);
            shape = now;
        }
        let mut placed = Placed::default();
        terminal.draw(|f| {
            let area = f.area();
            placed = draw(app, &layout, area, f.buffer_mut(), color);
        })?;
        if app.quit {
            return Ok(());
        }
        // A short wait keeps the AI's status live while it thinks.
        if !event::poll(Duration::from_millis(80))? {
            continue;
        }
        let key = match event::read()? {
            Event::Key(k) if k.kind != KeyEventKind::Release => {
                if k.modifiers.contains(KeyModifiers::CONTROL)
                    && matches!(k.code, KeyCode::Char('c') | KeyCode::Char('d'))
                {
                    return Ok(());
                }
                match k.code {
                    KeyCode::Up => Key::Up,
                    KeyCode::Down => Key::Down,
                    KeyCode::Left => Key::Left,
                    KeyCode::Right => Key::Right,
                    KeyCode::Enter => Key::Enter,
                    KeyCode::Esc => Key::Esc,
                    KeyCode::Tab => Key::Tab,
                    KeyCode::Backspace => Key::Backspace,
                    KeyCode::Char(c) => Key::Char(c),
                    _ => continue,
                }
            }
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                Key::Click(m.column, m.row)
            }
            // A resize is drawn on the next turn of the loop.
            _ => continue,
        };
        app.key(key, &layout, placed.origin);
    }
}
