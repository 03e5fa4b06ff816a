//! The full-screen board in a real terminal: `tabletop play hex` runs under tmux, keys are
//! sent to it, and the captured screen shows the board, the move played, a clear message
//! in a window too small for the board, and, after `q`, the shell's screen again (the
//! terminal restored); a mouse click on a cell plays there. `.ci/run` installs tmux when it
//! is missing.

use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux server of this test's own, killed when the test ends however it ends.
struct Tmux {
    socket: String,
}

impl Tmux {
    /// A tmux server of its own (tests run in parallel), named after the test.
    fn start(name: &str, width: u16, height: u16) -> Tmux {
        let socket = format!("tabletop-test-{}-{name}", std::process::id());
        let t = Tmux { socket };
        let ok = t
            .cmd(&[
                "new-session",
                "-d",
                "-s",
                "t",
                "-x",
                &width.to_string(),
                "-y",
                &height.to_string(),
                "bash --norc --noprofile",
            ])
            .status()
            .map(|s| s.success());
        assert!(
            matches!(ok, Ok(true)),
            "tmux is needed for this test: apt-get install tmux (.ci/run installs it)"
        );
        t
    }

    fn cmd(&self, args: &[&str]) -> Command {
        let mut c = Command::new("tmux");
        c.args(["-L", &self.socket]).args(args);
        c
    }

    fn send(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        self.cmd(&args).status().expect("tmux send-keys");
    }

    fn screen(&self) -> String {
        let out = self
            .cmd(&["capture-pane", "-t", "t", "-p"])
            .output()
            .expect("tmux capture-pane");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen contains `text` (at most 15 seconds), and returns it.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "the screen never showed {text:?}:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.cmd(&["kill-server"]).status();
    }
}

#[test]
fn hex_is_played_on_a_real_terminal_and_the_terminal_is_restored() {
    let t = Tmux::start("hex", 100, 30);
    let bin = env!("CARGO_BIN_EXE_tabletop");
    t.send(&[
        &format!("{bin} play hex --set size=5 --black human --white human; echo EXITED $?"),
        "Enter",
    ]);
    let s = t.wait_for("Hex · Black to move");
    assert!(s.contains("[.]"), "the cursor is shown:\n{s}");
    assert!(s.contains("cursor c3: empty"), "{s}");
    // One step right and Enter: Black's stone on d3.
    t.send(&["Right", "Enter"]);
    let s = t.wait_for("1. Black d3");
    assert!(s.contains("Hex · White to move"), "{s}");
    // Keys that mean nothing change nothing.
    // Typed one at a time, as a person would: sent together, Escape runs into F5's own
    // escape sequence and the terminal reads a stray `[` (the history key).
    for key in ["z", "Escape", "F5"] {
        t.send(&[key]);
        std::thread::sleep(Duration::from_millis(150));
    }
    let s = t.wait_for("Hex · White to move");
    assert!(s.contains("1. Black d3"), "{s}");
    // Too small a window: a message, not a garbled board; then back to the board.
    t.cmd(&["resize-window", "-t", "t", "-x", "20", "-y", "10"])
        .status()
        .unwrap();
    t.wait_for("window too small");
    t.cmd(&["resize-window", "-t", "t", "-x", "100", "-y", "30"])
        .status()
        .unwrap();
    t.wait_for("Hex · White to move");
    // Quit: the shell's own screen comes back, and the program exited cleanly.
    t.send(&["q"]);
    let s = t.wait_for("EXITED 0");
    assert!(!s.contains("Hex · "), "the board is gone:\n{s}");
    assert!(
        s.contains("play hex --set size=5"),
        "the shell's screen is back:\n{s}"
    );
}

/// A signal from outside (`kill`, not the terminal's Ctrl-C, which the board reads as a key)
/// ends the program with 128 + the signal's number and gives the terminal back: the
/// shell's screen, and the line discipline in cooked mode again (`icanon`, not `-icanon`).
#[test]
fn a_signal_from_outside_restores_the_terminal() {
    let t = Tmux::start("signal", 100, 30);
    let bin = env!("CARGO_BIN_EXE_tabletop");
    t.send(&[
        &format!("{bin} play hex --set size=5 --black human --white human; echo EXITED $?"),
        "Enter",
    ]);
    t.wait_for("Hex · Black to move");
    let shell = t
        .cmd(&["display-message", "-p", "-t", "t", "#{pane_pid}"])
        .output()
        .expect("tmux display-message");
    let shell = String::from_utf8_lossy(&shell.stdout).trim().to_string();
    let child = Command::new("pgrep")
        .args(["-P", &shell])
        .output()
        .expect("pgrep");
    let child = String::from_utf8_lossy(&child.stdout).trim().to_string();
    assert!(!child.is_empty(), "the board's process is found");
    let killed = Command::new("kill")
        .args(["-TERM", &child])
        .status()
        .expect("kill");
    assert!(killed.success());
    let s = t.wait_for("EXITED 143");
    assert!(!s.contains("Hex · "), "the board is gone:\n{s}");
    t.send(&["stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'", "Enter"]);
    let s = t.wait_for("\nicanon");
    assert!(!s.contains("-icanon"), "the terminal is cooked again:\n{s}");
}

/// The line mode on a terminal edits lines: the left arrow moves the cursor (it once typed
/// `^[[D` into the move), the up arrow recalls the last line, Tab completes a legal move,
/// and Ctrl-C leaves with exit code 130.
#[test]
fn the_line_mode_edits_lines_recalls_history_and_completes_moves() {
    let t = Tmux::start("line", 100, 40);
    let bin = env!("CARGO_BIN_EXE_tabletop");
    t.send(&[
        &format!("{bin} play tictactoe --plain --first human --second human; echo EXITED $?"),
        "Enter",
    ]);
    t.wait_for("X>");
    // "2", Left, "b": the cursor goes back over the 2, so the line is b2.
    t.send(&["2", "Left", "b", "Enter"]);
    let s = t.wait_for("O>");
    assert!(s.contains("last move: 1. X b2"), "{s}");
    assert!(!s.contains("^[["), "no escape codes were typed:\n{s}");
    // Up recalls "b2", which is refused now (the cell is taken): history works.
    t.send(&["Up", "Enter"]);
    t.wait_for("'b2' is not a legal move");
    // "a" then Tab lists a1, a2, a3 (no single completion); "1" Enter plays a1.
    t.send(&["a", "Tab", "Tab"]);
    let s = t.wait_for("a3");
    assert!(s.contains("a1") && s.contains("a2"), "{s}");
    t.send(&["1", "Enter"]);
    t.wait_for("last move: 1... O a1");
    t.send(&["C-c"]);
    let s = t.wait_for("EXITED 130");
    assert!(s.contains("interrupted"), "{s}");
}

/// Where `marker` is on `screen`: (column, row), from 0, counted in characters.
fn position(screen: &str, marker: &str) -> (usize, usize) {
    screen
        .lines()
        .enumerate()
        .find_map(|(row, line)| {
            let at = line.find(marker)?;
            Some((line[..at].chars().count(), row))
        })
        .unwrap_or_else(|| panic!("no {marker:?} on the screen:\n{screen}"))
}

/// A left click on a cell of the board plays there: the cursor is put back on c3 first, so
/// the stone on b3 can only have come from the click. The click is the terminal's own
/// report (SGR mouse mode, `ESC [ < 0 ; column ; row M`, from 1), typed into the pane.
#[test]
fn a_mouse_click_on_a_cell_plays_there() {
    let t = Tmux::start("mouse", 100, 30);
    let bin = env!("CARGO_BIN_EXE_tabletop");
    t.send(&[
        &format!("{bin} play hex --set size=5 --black human --white human; echo EXITED $?"),
        "Enter",
    ]);
    t.wait_for("cursor c3: empty");
    // Find b3 on the screen: the cursor's brackets show where it is.
    t.send(&["Left"]);
    let s = t.wait_for("cursor b3: empty");
    let (column, row) = position(&s, "[.]");
    t.send(&["Right"]);
    t.wait_for("cursor c3: empty");
    // The dot inside the brackets, one column right of `[`.
    let (x, y) = (column + 2, row + 1);
    t.send(&["-l", &format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m")]);
    let s = t.wait_for("1. Black b3");
    assert!(s.contains("Hex · White to move"), "{s}");
    t.send(&["q"]);
    t.wait_for("EXITED 0");
}

/// The board's `:save` writes PGN or SGF by the file's name and `:load` reads them back, as
/// the line mode does; `play FILE` opens the board on the saved game.
#[test]
fn the_board_saves_and_loads_pgn_and_sgf() {
    let dir = std::env::temp_dir().join(format!("tabletop-board-saves-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let t = Tmux::start("saves", 160, 40);
    let bin = env!("CARGO_BIN_EXE_tabletop");
    let humans = "--white human --black human";
    t.send(&[
        &format!(
            "cd {} && {bin} play chess {humans}; echo EXITED $?",
            dir.display()
        ),
        "Enter",
    ]);
    t.wait_for("White to move");
    for (typed, then) in [
        (":e4", "Black to move"),
        (":e5", "White to move"),
        (":save g.pgn", "saved 2 moves to g.pgn"),
        (":save g.sgf", "saved 2 moves to g.sgf"),
        (":new", "new game"),
        (":load g.pgn", "loaded chess (2 moves) from g.pgn"),
        (":new", "new game"),
        (":load g.sgf", "loaded chess (2 moves) from g.sgf"),
    ] {
        t.send(&["-l", typed]);
        t.send(&["Enter"]);
        t.wait_for(then);
    }
    let pgn = std::fs::read_to_string(dir.join("g.pgn")).unwrap();
    assert!(
        pgn.starts_with("[Event ") && pgn.contains("1. e4 e5 *"),
        "{pgn}"
    );
    let sgf = std::fs::read_to_string(dir.join("g.sgf")).unwrap();
    assert!(
        sgf.starts_with("(;FF[4]") && sgf.contains("TG[chess]"),
        "{sgf}"
    );
    t.send(&["q"]);
    t.wait_for("EXITED 0");
    // The saved game opens on the board, White to move after 1. e4 e5.
    t.send(&["clear", "Enter"]);
    t.send(&[
        &format!("{bin} play g.pgn {humans}; echo EXITED $?"),
        "Enter",
    ]);
    let s = t.wait_for("White to move");
    assert!(s.contains("e5"), "the history shows the loaded moves:\n{s}");
    t.send(&["q"]);
    t.wait_for("EXITED 0");
    let _ = std::fs::remove_dir_all(&dir);
}
