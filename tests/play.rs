//! `tabletop play` driven through the real binary with piped standard input.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs `tabletop <args>` with `input` on standard input; returns (stdout, stderr, exit code).
fn run(args: &[&str], input: &[u8]) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tabletop");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Write from a thread so a large output can never block the writer.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("run tabletop");
    writer.join().expect("writer thread");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// `tabletop play <game> --first human --second human` with `input`.
fn humans(game: &str, input: &str) -> String {
    let (out, err, code) = run(
        &["play", game, "--first", "human", "--second", "human"],
        input.as_bytes(),
    );
    assert_eq!(code, 0, "stderr: {err}\nstdout: {out}");
    assert!(err.is_empty(), "stderr: {err}");
    out
}

/// A fresh directory for files a test writes.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

#[test]
fn tictactoe_full_game_to_a_win() {
    let out = humans("tictactoe", "a1\na2\nb1\nb2\nc1\n");
    assert!(out.contains("game over: X wins (three in a row)"), "{out}");
    // The prompts were printed and end of input ended the session cleanly.
    assert_eq!(out.matches("X> ").count(), 3, "{out}");
    assert_eq!(out.matches("O> ").count(), 2, "{out}");
    assert!(out.ends_with("(game over)> \n"), "{out}");
    assert!(!out.contains('\x1b'), "no colour when piped: {out}");
}

#[test]
fn tictactoe_draw_then_undo_and_new_still_work() {
    let out = humans(
        "tictactoe",
        "a1\nb2\nc3\na2\na3\nb3\nb1\nc1\nc2\nc2\nundo\nnew\nquit\n",
    );
    assert!(
        out.contains("game over: draw (O has no legal move)"),
        "{out}"
    );
    assert!(
        out.contains("(game over)> c2\nthe game is over; no move can be played\n"),
        "{out}"
    );
    assert!(
        out.contains("(game over)> undo\ntook back 1 move\n"),
        "{out}"
    );
    assert!(out.contains("X> new\nnew game\n"), "{out}");
    assert!(out.ends_with("X> quit\n"), "{out}");
}

#[test]
fn screen_after_a_few_moves() {
    let out = humans("tictactoe", "b2\na1\nc3\n");
    insta::assert_snapshot!("tictactoe_three_moves", out);
}

#[test]
fn hex_board_after_a_few_moves() {
    let (out, err, code) = run(
        &[
            "play", "hex", "--set", "size=5", "--first", "human", "--second", "human",
        ],
        b"c3\nb4\n",
    );
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("hex5_two_moves", out);
}

#[test]
fn illegal_and_garbled_input_reprompts() {
    let mut input = Vec::new();
    input.extend_from_slice(b"zz\n\n   \nb2 b2\n\xff\xfe\x01\nmoves q9\nsave\nload\n");
    input.extend_from_slice(b"load /nonexistent/dir/record.txt\nhint 99\nundo\nredo\n");
    input.extend_from_slice(&[b'x'; 5000]);
    input.extend_from_slice(b"\nb2\nb2\nhitn\n");
    let (out, err, code) = run(
        &["play", "tictactoe", "--first", "human", "--second", "human"],
        &input,
    );
    assert_eq!(code, 0, "stderr: {err}");
    assert!(err.is_empty(), "stderr: {err}");
    for expected in [
        "X> zz\n'zz' is not a legal move here",
        "X> b2 b2\n'b2 b2' is not a legal move here",
        "there is no cell 'q9' on this board",
        "save needs a file name: save <file>",
        "load needs a file name: load <file>",
        "cannot read '/nonexistent/dir/record.txt'",
        "hint takes a level from 1 to 9 or settings such as time=2s: the AI level must be from 1 to 9, not 99",
        "X> undo\nnothing to undo\n",
        "X> redo\nnothing to redo\n",
        "O> b2\n'b2' is not a legal move here",
        "unknown command 'hitn'; did you mean 'hint'?",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in\n{out}");
    }
    // Every line got a prompt: 16 lines of input, then the prompt that met the end of input.
    assert_eq!(out.matches("X> ").count() + out.matches("O> ").count(), 17);
}

#[test]
fn undo_redo_and_history() {
    let out = humans(
        "tictactoe",
        "b2\na1\nc3\nhistory\nundo\nundo\nhistory\nredo\nhistory\nb1\nredo\nhistory\n",
    );
    let expected = [
        "O> history\n1. b2 a1\n2. c3\n",
        "O> undo\ntook back 1 move\n",
        "X> undo\ntook back 1 move\n",
        "O> history\n1. b2\nO> redo\nreplayed 1 move\n",
        "X> history\n1. b2 a1\nX> b1\n",
        "O> redo\nnothing to redo\nO> history\n1. b2 a1\n2. b1\n",
    ];
    for e in expected {
        assert!(out.contains(e), "missing {e:?} in\n{out}");
    }
}

#[test]
fn undo_against_the_ai_takes_back_both_moves() {
    let (out, err, code) = run(
        &[
            "play",
            "tictactoe",
            "--first",
            "human",
            "--second",
            "ai:1",
            "--seed",
            "3",
        ],
        b"b2\nundo\nhistory\nredo\nhistory\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1... O plays "), "{out}");
    assert!(
        out.contains("X> undo\ntook back 2 moves\n")
            && out.contains("X> history\nno moves yet\n")
            && out.contains("X> redo\nreplayed 2 moves\n"),
        "{out}"
    );
}

#[test]
fn save_then_load_round_trip() {
    let dir = temp_dir("save-load");
    let path = dir.join("game.txt");
    let p = path.to_str().expect("utf-8 temp path");
    let out = humans("tictactoe", &format!("b2\na1\nc3\nsave {p}\n"));
    assert!(out.contains(&format!("saved 3 moves to {p}")), "{out}");
    let text = std::fs::read_to_string(&path).expect("record written");
    assert_eq!(
        text,
        "# tabletop game record\ngame tictactoe\nmoves b2 a1 c3\n"
    );
    // Only the record is left in the directory: the temporary file was renamed.
    assert_eq!(std::fs::read_dir(&dir).expect("read dir").count(), 1);

    let out = humans("tictactoe", &format!("load {p}\nhistory\nc1\n"));
    assert!(
        out.contains(&format!("loaded tictactoe (3 moves) from {p}")),
        "{out}"
    );
    assert!(
        out.contains("last move: 2. X c3\nO to move\nO> history\n1. b2 a1\n2. c3\nO> c1\n"),
        "{out}"
    );

    // A record with options and a start position, loaded into a session of another game.
    let path2 = dir.join("connect4.txt");
    let p2 = path2.to_str().expect("utf-8 temp path");
    let (out, err, code) = run(
        &[
            "play",
            "connect4",
            "--set",
            "width=5",
            "--position",
            "5/5/5/5/5/2X2 Yellow 1",
            "--first",
            "human",
            "--second",
            "human",
        ],
        format!("c2\nsave {p2}\n").as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("saved 1 move"), "{out}");
    let text = std::fs::read_to_string(&path2).expect("record written");
    assert_eq!(
        text,
        "# tabletop game record\ngame connect4\nset width=5\nposition 5/5/5/5/5/2X2 Yellow 1\nmoves c2\n"
    );
    let out = humans("tictactoe", &format!("load {p2}\nhistory\n"));
    assert!(
        out.contains(&format!("loaded connect4 (1 move) from {p2}")),
        "{out}"
    );
    assert!(
        out.contains("from position 5/5/5/5/5/2X2 Yellow 1\n1... c2\n"),
        "{out}"
    );
    assert!(out.contains("   a b c d e\n"), "{out}");

    // A broken record is refused and the game goes on.
    std::fs::write(dir.join("bad.txt"), "game tictactoe\nmoves b2 b2\n").expect("write");
    let bad = dir.join("bad.txt");
    let out = humans(
        "tictactoe",
        &format!("a1\nload {}\nhistory\n", bad.display()),
    );
    assert!(
        out.contains("move 2: 'b2' is not a legal move here"),
        "{out}"
    );
    assert!(out.contains("O> history\n1. a1\n"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn moves_of_a_cell_on_breakthrough() {
    let out = humans("breakthrough", "moves b2\nmoves b1\nmoves b3\nmoves\n");
    assert!(
        out.contains("3 legal moves from b2: b2-a3 b2-b3 b2-c3"),
        "{out}"
    );
    assert!(
        out.contains(" 3 * * * . . . . .\n 2 P<P>P P P P P P\n"),
        "{out}"
    );
    assert!(
        out.contains("no legal move from b1: the piece on b1 cannot move"),
        "{out}"
    );
    assert!(out.contains("22 legal moves:\n  a2-a3"), "{out}");
    insta::assert_snapshot!("breakthrough_moves_b2", out);
}

#[test]
fn ai_against_ai_finishes_and_is_reproducible() {
    let args = [
        "play",
        "breakthrough",
        "--set",
        "size=6",
        "--white",
        "ai:2",
        "--black",
        "ai:1",
        "--seed",
        "11",
    ];
    let (first, err, code) = run(&args, b"");
    assert_eq!(code, 0, "{err}");
    assert!(first.contains("game over: "), "{first}");
    assert!(first.contains("1. White plays "), "{first}");
    assert!(first.contains("1... Black plays "), "{first}");
    assert!(!first.contains("AI seed"), "the seed was given: {first}");
    let (second, _, _) = run(&args, b"");
    assert_eq!(first, second);

    let (out, err, code) = run(
        &[
            "play",
            "tictactoe",
            "--player",
            "1=ai:3",
            "--player",
            "O=ai:2",
            "--seed",
            "5",
        ],
        b"history\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("game over: "), "{out}");
    assert!(out.contains("(game over)> history\n1. b2 "), "{out}");
}

#[test]
fn bad_sides_exit_2() {
    for args in [
        &["play", "tictactoe", "--white", "ai:10"][..],
        &["play", "tictactoe", "--black", "ai:0"],
        &["play", "tictactoe", "--white", "wizard"],
        &["play", "tictactoe", "--player", "3=human"],
        &["play", "tictactoe", "--player", "Q=ai"],
        &["play", "tictactoe", "--white", "ai:depth=-1"],
        &["play", "tictactoe", "--white", "ai:time=xyz"],
        &["play", "tictactoe", "--black", "ai:depth=3,playouts=9"],
        &["play", "tictactoe", "--position", "nonsense"],
        &["play", "no-such-game"],
    ] {
        let (out, err, code) = run(args, b"");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(!err.trim().is_empty(), "{args:?}: no message");
    }
    let (_, err, _) = run(&["play", "tictactoe", "--white", "ai:10"], b"");
    assert!(
        err.contains("the AI level must be from 1 to 9, not 10"),
        "{err}"
    );
    let (_, err, _) = run(&["play", "tictactoe", "--white", "wizard"], b"");
    assert!(
        err.contains("expected 'human', 'ai', 'ai:LEVEL' (LEVEL 1 to 9) or 'ai:time=2s'"),
        "{err}"
    );
}

#[test]
fn expert_ai_settings_play_and_explain_themselves() {
    // A fixed-depth alpha-beta against a fixed number of playouts: a whole game, and the
    // prompt says who is thinking with which settings.
    let (out, err, code) = run(
        &[
            "play",
            "breakthrough",
            "--white",
            "ai:depth=1",
            "--black",
            "ai:playouts=20,time=2s",
            "--seed",
            "3",
        ],
        b"history\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("game over: "), "{out}");
    assert!(out.contains("(game over)> history\n"), "{out}");
    assert!(out.contains(" 1. White "), "{out}");
    // One move by a time-limited search, then the position as the next player sees it.
    let (out, err, code) = run(
        &[
            "play",
            "tictactoe",
            "--first",
            "ai:time=50ms",
            "--second",
            "human",
        ],
        b"hint time=20ms\nhint depth=9\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("O to move"), "{out}");
    assert!(out.contains(" (ai time=20ms)"), "{out}");
    // A hint searched to the end names its settings.
    assert!(out.contains(" (ai depth=9)"), "{out}");
    let out = humans("tictactoe", "hint playouts=0\nhint speed=2\n");
    assert!(
        out.contains("hint takes a level from 1 to 9 or settings such as time=2s: playouts=0: expected a whole number from 1 to 100000000"),
        "{out}"
    );
    assert!(out.contains("unknown AI setting 'speed'"), "{out}");
}

#[test]
fn analyse_scores_every_move_and_shows_the_line() {
    let out = humans(
        "tictactoe",
        "a1\nb1\na2\nb2\nanalyse all depth=9\nanalyse 9\nanalyse all seven\n",
    );
    assert!(
        out.contains(
            "every move (ai depth=9), best first:\n  a3  X wins in 1\n  b3  +0 for X (exact)\n"
        ),
        "{out}"
    );
    for m in ["c1", "c2", "c3"] {
        assert!(out.contains(&format!("  {m}  X loses in 1\n")), "{out}");
    }
    assert!(out.contains("analysis (ai level 9): X wins "), "{out}");
    assert!(out.contains("; line: a3"), "{out}");
    assert!(
        out.contains("analyse takes 'all' and a level from 1 to 9 or settings such as time=2s"),
        "{out}"
    );
    // A game with hundreds of moves lists 40, then says how many more.
    let out = humans("go", "analyse all playouts=2\n");
    assert!(out.contains("  … and 42 more\n"), "{out}"); // 81 cells and the pass
}

#[test]
fn hint_and_help() {
    let out = humans("breakthrough", "hint 2\nhelp\n");
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("(ai level 2)"), "{out}");
    assert!(out.contains("  moves <cell>   "), "{out}");
    assert!(
        out.contains("win if reach(far-row) for White, Black"),
        "{out}"
    );
}

/// Random command lines, garbled moves and commands with odd arguments never crash a session:
/// every line gets an answer and the session ends cleanly at the end of input.
#[test]
fn garbled_session_input_never_crashes() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let words = [
        "moves",
        "moves a1",
        "moves zz99",
        "moves ?",
        "undo",
        "undo",
        "redo",
        "redo",
        "history",
        "hint",
        "hint 0",
        "hint 99",
        "hint x",
        "help",
        "help moves",
        "load",
        "load /no/such/file",
        "save",
        "new",
        "moves 1",
        "a1",
        "e2e4",
        "a1-a2",
        "Bb2?c3",
        "d1x",
        "-",
        "?",
        "x",
        "é",
        "🂡",
        "a1 a2 a3",
        "undo 5",
        "9999999999999999999999",
        "quit now",
        "",
    ];
    for (game, set) in [
        ("intellector", ""),
        ("ur", ""),
        ("nex", "size=4"),
        ("go", "size=5"),
        ("morris", ""),
        ("chess", ""),
    ] {
        let mut rng = SmallRng::seed_from_u64(game.len() as u64);
        let mut input = String::new();
        for _ in 0..120 {
            let mut line = words[rng.gen_range(0..words.len())].to_string();
            if rng.gen_bool(0.3) && !line.is_empty() {
                // Drop or double a character.
                let chars: Vec<char> = line.chars().collect();
                let i = rng.gen_range(0..chars.len());
                line = chars[..i]
                    .iter()
                    .chain(&chars[i..=i])
                    .chain(&chars[i..])
                    .collect();
            }
            input.push_str(&line);
            input.push('\n');
        }
        let mut args = vec!["play", game, "--first", "human", "--second", "human"];
        if !set.is_empty() {
            args.extend(["--set", set]);
        }
        let (out, err, code) = run(&args, input.as_bytes());
        assert_eq!(code, 0, "{game}: stderr: {err}\nstdout: {out}");
        assert!(!err.contains("panicked"), "{game}: {err}");
    }
}

/// Plays level 5 (first seat) against level 1 (second seat) with seed 3, from the start of
/// `game` with these `--set` options, and asserts that the game finishes with this
/// announcement's reason (`"Black wins (six in a row)"`: the part in
/// brackets), whoever wins it; returns the whole output for further checks. One game says
/// nothing about strength: `tests/strength.rs` plays the matches that do.
fn level_5_against_level_1(game: &str, set: &[&str], game_over: &str) -> String {
    level_against_level_1(game, 5, set, game_over)
}

/// [`level_5_against_level_1`] at another level.
fn level_against_level_1(game: &str, level: u8, set: &[&str], game_over: &str) -> String {
    let mut args = vec!["play", game];
    for s in set {
        args.extend(["--set", s]);
    }
    let first = format!("ai:{level}");
    args.extend(["--first", &first, "--second", "ai:1", "--seed", "3"]);
    let (out, err, code) = run(&args, b"");
    assert_eq!(code, 0, "{game}: {err}");
    let reason = &game_over[game_over.find(" wins (").expect("'<side> wins (<reason>)'") + 6..];
    let ended = out
        .lines()
        .find_map(|l| l.strip_prefix("game over: "))
        .unwrap_or_else(|| panic!("{game}: no 'game over' line\n{out}"));
    assert!(
        ended.ends_with(&format!(" wins {reason}")),
        "{game}: '{ended}', expected a win by {reason}\n{out}"
    );
    out
}

/// Level 5 against level 1 at gomoku (exactly five) and Connect6 (one stone, then pairs)
/// on 9 × 9 boards, and the game ends on the rule that decided it.
#[test]
fn ai_level_5_against_level_1_finishes_gomoku_and_connect6() {
    for (game, rule) in [
        ("gomoku", "exactly five in a row"),
        ("connect6", "six in a row"),
    ] {
        level_5_against_level_1(game, &["size=9"], &format!("Black wins ({rule})"));
    }
}

/// Level 5 against level 1 at Amazons from the start: the game ends when level 1's
/// amazons are walled in, on the no-move rule.
#[test]
fn ai_level_5_against_level_1_finishes_amazons() {
    level_5_against_level_1("amazons", &[], "White wins (Black has no legal move)");
}

/// `--verbose` prints each report of the AI's search before its move: alpha-beta's depths
/// with score, nodes and line; MCTS's playouts and win chance.
#[test]
fn verbose_shows_the_search_while_the_ai_thinks() {
    let (out, err, code) = run(
        &[
            "play",
            "chess",
            "--first",
            "ai:depth=3",
            "--second",
            "human",
            "--seed",
            "1",
            "--verbose",
        ],
        b"quit\n",
    );
    assert_eq!(code, 0, "{err}");
    let depths: Vec<&str> = out.lines().filter(|l| l.starts_with("  depth ")).collect();
    assert_eq!(depths.len(), 3, "{out}");
    for (d, l) in depths.iter().enumerate() {
        assert!(l.starts_with(&format!("  depth {}, ", d + 1)), "{l}");
        assert!(l.contains(" nodes at ") && l.contains(", line "), "{l}");
    }
    let played = out.find("1. White plays ").expect("the AI's move");
    assert!(out.find(depths[2]).unwrap() < played, "{out}");
    let (out, err, code) = run(
        &[
            "play",
            "connect4",
            "--first",
            "ai:playouts=500",
            "--second",
            "human",
            "--seed",
            "1",
            "--verbose",
        ],
        b"quit\n",
    );
    assert_eq!(code, 0, "{err}");
    let report = out
        .lines()
        .find(|l| l.starts_with("  500 playouts at "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        report.contains(", wins ") && report.contains(", line "),
        "{report}"
    );
    // Without the flag, nothing of the kind.
    let (out, _, _) = run(
        &[
            "play",
            "connect4",
            "--first",
            "ai:playouts=500",
            "--second",
            "human",
        ],
        b"quit\n",
    );
    assert!(!out.contains(" playouts at "), "{out}");
}

/// Level 5 against level 1 at xiangqi from the start: it checkmates, the values of the
/// pieces (`piece … value`) guiding its search.
#[test]
fn ai_level_5_against_level_1_finishes_xiangqi() {
    level_5_against_level_1("xiangqi", &[], "Red wins (Black is checkmated)");
}

/// Level 5 against level 1 at Lines of Action from the start: the game ends when level
/// 5's pieces are all joined in one group.
#[test]
fn ai_level_5_against_level_1_finishes_lines_of_action() {
    level_5_against_level_1("loa", &[], "Black wins (all pieces connected)");
}

/// Level 5 against level 1 at international draughts from the start: flying kings,
/// majority captures and all, the game ends when Black has no piece left to move.
#[test]
fn ai_level_5_against_level_1_finishes_international_draughts() {
    level_5_against_level_1(
        "international-draughts",
        &[],
        "White wins (Black has no legal move)",
    );
}

/// Level 5 against level 1 at mini-shogi from the start, by checkmate (drops and
/// promotions on the way).
#[test]
fn ai_level_5_against_level_1_finishes_minishogi() {
    level_5_against_level_1("minishogi", &[], "Black wins (White is checkmated)");
}

/// Level 5 against level 1 at shogi from the start, by checkmate, with a drop from the
/// hand on the way.
#[test]
fn ai_level_5_against_level_1_finishes_shogi() {
    let out = level_5_against_level_1("shogi", &[], "Black wins (White is checkmated)");
    // A drop is written with a star: `B*4a`.
    let drops = out
        .lines()
        .filter_map(|l| l.split(" plays ").nth(1))
        .filter(|mv| mv.as_bytes().get(1) == Some(&b'*'))
        .count();
    assert!(drops > 0, "{out}");
}

/// Level 5 against level 1 at backgammon from the start: whole turns with both dice, hits
/// and the bar on the way, until one side has borne off all fifteen men. (This seed's game
/// is level 1's; tests/strength.rs measures level 5's share over a match.)
#[test]
fn ai_level_5_against_level_1_finishes_backgammon() {
    let out = level_against_level_1("backgammon", 5, &[], "White wins (15 borne off)");
    assert!(out.contains("White rolls 51"), "{out}");
}

/// After 1.e4 e5 2.Nf3 the AI defends the pawn rather than bringing its queen out (it
/// played 2…Qf6 while every legal move counted the same in its mobility term, the queen's
/// many new moves included).
/// What each `hint` line of a transcript suggests.
fn hints(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.split("hint: ").nth(1))
        .collect()
}

#[test]
fn chess_ai_does_not_bring_the_queen_out_to_defend_e5() {
    let out = humans(
        "chess",
        "e4\ne5\nNf3\nhint depth=3\nhint depth=4\nhint depth=5\n",
    );
    let hints = hints(&out);
    assert_eq!(hints.len(), 3, "{out}");
    for hint in hints {
        assert!(!hint.starts_with('Q'), "{hint}\n{out}");
    }
}

/// The placement bonuses of `games/chess.game` (`bonus knight at centre by 20`, …): the
/// search opens in the centre, where material and mobility alone chose 1.e3.
#[test]
fn chess_ai_opens_in_the_centre() {
    let out = humans("chess", "hint depth=3\nhint depth=4\nhint depth=5\n");
    let hints = hints(&out);
    assert_eq!(hints.len(), 3, "{out}");
    for hint in hints {
        let first = hint.split_whitespace().next().unwrap_or("");
        assert!(["e4", "d4", "Nf3", "Nc3"].contains(&first), "{hint}\n{out}");
    }
}
