//! Time limits checked against the clock (issue #48): a search told to stop after some time
//! stops, whichever search the settings pick (alpha-beta, MCTS, expectimax), the levels'
//! time caps hold, the command line's `ai:time=` and UCI's `stop` and `movetime` answer.
//!
//! The bounds are generous (the limit plus [`SLACK`], seconds beyond any limit here) so that
//! a loaded machine does not fail them, while a search that ignored its clock (running on
//! to its depth or playout budget: minutes in these positions) does. Nothing here asserts
//! that anything is fast.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tabletop::ai::{bot_for_level, AiSettings, Bot};
use tabletop::engine::Game;

/// Time allowed beyond a limit: building tables, threads joining, a loaded machine.
const SLACK: Duration = Duration::from_secs(5);

fn load(name: &str, options: &[(&str, &str)]) -> Game {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    tabletop::load_shipped(name, &options).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Asks `bot` for a move from the start of `game`; checks that it is legal and came within
/// `limit` plus [`SLACK`].
fn within(what: &str, game: &Game, mut bot: Box<dyn Bot + Send>, limit: Duration) {
    let mut s = game.start();
    let clock = Instant::now();
    let mv = bot.select_move(game, &mut s);
    let took = clock.elapsed();
    let mv = mv.unwrap_or_else(|| panic!("{what}: no move"));
    assert!(
        game.legal_moves_vec(&game.start()).contains(&mv),
        "{what}: an illegal move"
    );
    assert!(
        took <= limit + SLACK,
        "{what}: took {took:?}, limit {limit:?} (+{SLACK:?} allowed)"
    );
}

/// The three searches `time=` can pick, each in a game where it would search on for
/// minutes without the clock: alpha-beta (chess: no depth limit), MCTS (Go 19 x 19: five
/// million playouts), expectimax (backgammon: the deepest chance search).
#[test]
fn ai_time_half_a_second_returns_within_seconds_in_every_search() {
    let limit = Duration::from_millis(500);
    let settings = AiSettings::parse("time=500ms").expect("settings");
    for (name, options) in [
        ("chess", vec![]),
        ("go", vec![("size", "19")]),
        ("backgammon", vec![]),
    ] {
        let g = load(name, &options);
        within(
            &format!("{name} time=500ms"),
            &g,
            settings.bot(&g, 1),
            limit,
        );
    }
}

/// The strongest levels are capped by time (src/ai/mod.rs: alpha-beta's level 9 3 s, MCTS's
/// level 5 2 s, the dice games' level 9 3 s); the caps hold where the search would not end
/// by itself sooner.
#[test]
fn level_time_caps_hold_against_the_clock() {
    for (name, options, level, cap_ms) in [
        ("chess", vec![], 9, 3_000),
        ("go", vec![("size", "19")], 5, 2_000),
        ("backgammon", vec![], 9, 3_000),
    ] {
        let g = load(name, &options);
        within(
            &format!("{name} level {level}"),
            &g,
            bot_for_level(&g, level, 1),
            Duration::from_millis(cap_ms),
        );
    }
}

/// `tabletop play --white ai:time=500ms`: the first move comes, and the whole session
/// (start, one timed move, `quit`) ends within seconds.
#[test]
fn the_command_line_ai_time_setting_is_kept() {
    let clock = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args([
            "play",
            "chess",
            "--white",
            "ai:time=500ms",
            "--black",
            "human",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabletop runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"quit\n")
        .expect("write");
    let out = child.wait_with_output().expect("tabletop ends");
    let took = clock.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("1. White plays "), "{text}");
    assert!(text.contains("ai time=500ms"), "{text}");
    let limit = Duration::from_millis(500);
    assert!(
        took <= limit + SLACK,
        "took {took:?} for one move at time=500ms"
    );
}

/// Reads the engine's lines until one starts with `prefix`; returns it and when it came.
fn read_until(out: &mut impl BufRead, prefix: &str) -> (String, Instant) {
    let mut line = String::new();
    loop {
        line.clear();
        assert!(
            out.read_line(&mut line).expect("read") > 0,
            "the engine stopped before '{prefix}'"
        );
        if line.starts_with(prefix) {
            return (line.trim().to_string(), Instant::now());
        }
    }
}

/// UCI: `go infinite` runs until `stop`, and `stop` is answered within seconds; `go
/// movetime 500` answers by itself within its time plus the slack.
#[test]
fn uci_stop_and_movetime_answer_against_the_clock() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["uci", "chess", "--level", "9"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("tabletop runs");
    let mut input = child.stdin.take().expect("stdin");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    writeln!(input, "uci\nisready").expect("write");
    read_until(&mut out, "readyok");

    writeln!(input, "position startpos\ngo infinite").expect("write");
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    writeln!(input, "stop").expect("write");
    let (best, came) = read_until(&mut out, "bestmove");
    assert_eq!(best.split(' ').nth(1).map(str::len), Some(4), "{best}");
    assert!(
        came - sent <= SLACK,
        "bestmove came {:?} after stop",
        came - sent
    );

    writeln!(input, "isready").expect("write");
    read_until(&mut out, "readyok");
    let sent = Instant::now();
    writeln!(input, "position startpos moves e2e4\ngo movetime 500").expect("write");
    let (best, came) = read_until(&mut out, "bestmove");
    assert_eq!(best.split(' ').nth(1).map(str::len), Some(4), "{best}");
    assert!(
        came - sent <= Duration::from_millis(500) + SLACK,
        "movetime 500 answered after {:?}",
        came - sent
    );
    writeln!(input, "quit").expect("write");
    assert!(child.wait().expect("the engine ends").success());
}

/// `--delay 300` pauses before every computer move, so a game between two computers can be
/// watched: each move's line comes at least 300 ms after the one before it (a lower bound
/// only; how fast anything runs is not asserted).
#[test]
fn delay_pauses_before_every_computer_move() {
    let delay = Duration::from_millis(300);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args([
            "play",
            "tictactoe",
            "--first",
            "ai:2",
            "--second",
            "ai:2",
            "--seed",
            "1",
            "--delay",
            "300",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("tabletop runs");
    let started = Instant::now();
    let mut moves = vec![];
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let line = line.expect("read");
        if line.contains(" plays ") {
            moves.push((line, Instant::now()));
        }
    }
    assert!(child.wait().expect("tabletop ends").success());
    assert!(moves.len() >= 5, "{moves:?}");
    // The first move waited too.
    assert!(moves[0].1 - started >= delay, "{:?}", moves[0]);
    // Each gap is seen by this reader, which may read one line a few milliseconds late and
    // the next on time (a gap of 296 ms was seen under load): each gap must be most of the
    // delay (without `--delay` they are about 0), and the moves together all of it.
    for pair in moves.windows(2) {
        let gap = pair[1].1 - pair[0].1;
        assert!(
            gap >= delay * 4 / 5,
            "{} came {gap:?} after {}",
            pair[1].0,
            pair[0].0
        );
    }
    let n = moves.len() as u32;
    let all = moves[moves.len() - 1].1 - started;
    assert!(all >= delay * n, "{n} moves in {all:?}");
}
