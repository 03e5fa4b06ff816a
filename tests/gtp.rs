//! `tabletop gtp go` against GNU Go, a GTP program nobody here wrote: complete 9×9 games
//! relayed move by move, then both programs' scores compared; and tabletop's ladder
//! reading against GNU Go's.
//!
//! How the scores can be compared for real. tabletop's Go scores by area (Tromp-Taylor):
//! every stone on the board counts as alive, plus the empty regions only one colour
//! touches, plus the komi. GNU Go's `final_score` first decides which stones are dead and
//! then counts, so the two differ exactly when dead stones are left on the board. So:
//!
//! * GNU Go runs with `--chinese-rules` (area counting, like Tromp-Taylor) and
//!   `--positional-superko` (tabletop's default ko rule, so every move one of them makes
//!   the other accepts), and with `--capture-all-dead`: before it passes it takes every
//!   dead tabletop stone off the board.
//! * The games are played until both pass (two passes in a row end tabletop's game), or
//!   until a resignation or a cap of plies, where the test fails.
//! * Then GNU Go is asked `final_status_list dead`: it must be empty (no dead stones left,
//!   so the two ways of counting agree in principle), and both `final_score`s must be the
//!   same text (`B+3.5`, `W+0.5` or `0`).
//!
//! Every move each one generates must be accepted by the other (`play` answers `=`). Two
//! games pit tabletop against GNU Go, one with each colour; in a third GNU Go chooses both
//! colours' moves and tabletop only follows, for a close score with territory on both
//! sides (tabletop's low level loses the whole board to GNU Go); in a fourth tabletop opens
//! for both colours and GNU Go finishes. The last two must end close (a margin under
//! [`CLOSE`]), so that the counts compared are not all one colour's.
//! GNU Go at level 1 and tabletop at a low level keep the games short; both are
//! deterministic (each given a `--seed`), so a run repeats exactly.
//!
//! One more test asks GNU Go to read ladders (`ladder_attack`) where tabletop's Go
//! playouts read them, and compares the answers.
//!
//! GNU Go must be installed (`apt-get install -y gnugo`; CI's `.ci/run` installs it): the
//! test fails, saying so, when it is not. `GNUGO` may name the program.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// Plies after which a game that has not ended fails the test.
const MAX_PLIES: usize = 300;

/// A GTP program on the other end of two pipes.
struct Gtp {
    name: &'static str,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gtp {
    fn start(name: &'static str, program: &PathBuf, args: &[&str]) -> Gtp {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        Gtp {
            name,
            child,
            input,
            output,
        }
    }

    /// Sends a command; the answer's text, or the error message.
    fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}")
            .unwrap_or_else(|e| panic!("{} is gone ({command}): {e}", self.name));
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).expect("read an answer");
            assert!(n > 0, "{} closed its output after '{command}'", self.name);
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push_str(&line);
        }
        let answer = answer.trim_end().to_string();
        match answer.chars().next() {
            Some('=') => Ok(answer[1..].trim().to_string()),
            Some('?') => Err(answer[1..].trim().to_string()),
            _ => panic!("{} answered '{command}' with {answer:?}", self.name),
        }
    }

    fn ok(&mut self, command: &str) -> String {
        self.send(command)
            .unwrap_or_else(|e| panic!("{} refused '{command}': {e}", self.name))
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// GNU Go: `$GNUGO`, else `gnugo` on the path, else Debian's `/usr/games/gnugo`.
fn gnugo() -> PathBuf {
    if let Some(p) = std::env::var_os("GNUGO") {
        return PathBuf::from(p);
    }
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join("gnugo"))
        .find(|p| p.is_file());
    let debian = PathBuf::from("/usr/games/gnugo");
    match on_path {
        Some(p) => p,
        None if debian.is_file() => debian,
        None => panic!(
            "GNU Go is not installed: these tests play tabletop against it. Install it \
             (Debian/Ubuntu: apt-get install -y gnugo; CI's .ci/run does) or set GNUGO to \
             the program"
        ),
    }
}

/// How a game went: the moves and both programs' final scores.
struct Played {
    moves: Vec<String>,
    tabletop_score: String,
    gnugo_score: String,
}

/// Plays one 9×9 game, tabletop choosing the moves of the colors in `tabletop_plays` (`b`,
/// `w`) and GNU Go those of the others, except in the first `tabletop_opens` plies, which
/// tabletop chooses for both; each move goes to the program that did not choose it.
fn play_game(tabletop_plays: &[&str], tabletop_opens: usize) -> Played {
    let mut tabletop = Gtp::start(
        "tabletop",
        &PathBuf::from(env!("CARGO_BIN_EXE_tabletop")),
        // Played to the end, to compare the scores: a lost game is not resigned.
        &["gtp", "go", "--level", "2", "--seed", "7", "--no-resign"],
    );
    let mut gnugo = Gtp::start(
        "GNU Go",
        &gnugo(),
        &[
            "--mode",
            "gtp",
            "--level",
            "1",
            "--seed",
            "5",
            "--chinese-rules",
            "--positional-superko",
            "--capture-all-dead",
        ],
    );
    for engine in [&mut tabletop, &mut gnugo] {
        for command in ["boardsize 9", "clear_board", "komi 7.5"] {
            engine.ok(command);
        }
    }
    let mut moves = Vec::new();
    let mut passes = 0;
    for ply in 0..MAX_PLIES {
        let color = ["b", "w"][ply % 2];
        let (mover, other) = if ply < tabletop_opens || tabletop_plays.contains(&color) {
            (&mut tabletop, &mut gnugo)
        } else {
            (&mut gnugo, &mut tabletop)
        };
        let mv = mover.ok(&format!("genmove {color}"));
        assert_ne!(
            mv.to_ascii_lowercase(),
            "resign",
            "{} resigned after {moves:?}",
            mover.name
        );
        other.ok(&format!("play {color} {mv}"));
        moves.push(format!("{color} {mv}"));
        passes = if mv.eq_ignore_ascii_case("pass") {
            passes + 1
        } else {
            0
        };
        if passes == 2 {
            break;
        }
    }
    assert_eq!(
        passes, 2,
        "no two passes in a row within {MAX_PLIES} plies: {moves:?}"
    );
    let dead = gnugo.ok("final_status_list dead");
    assert!(
        dead.is_empty(),
        "GNU Go sees dead stones ({dead}) after {moves:?}: the scores would differ in principle"
    );
    Played {
        moves,
        tabletop_score: tabletop.ok("final_score"),
        gnugo_score: gnugo.ok("final_score"),
    }
}

/// Plays a game (see [`play_game`]), checks that both programs score it the same, and
/// returns the score's margin (`W+4.5`: 4.5).
fn check(tabletop_plays: &[&str], tabletop_opens: usize) -> f64 {
    let game = play_game(tabletop_plays, tabletop_opens);
    eprintln!(
        "tabletop plays {tabletop_plays:?}: {} plies; tabletop says {}, GNU Go says {}",
        game.moves.len(),
        game.tabletop_score,
        game.gnugo_score
    );
    assert_eq!(
        game.tabletop_score, game.gnugo_score,
        "the scores differ after {:?}",
        game.moves
    );
    let score = &game.tabletop_score;
    assert!(
        score == "0" || score.starts_with("B+") || score.starts_with("W+"),
        "{score}"
    );
    score.get(2..).map_or(0.0, |m| m.parse().expect("a margin"))
}

/// A margin well under the whole board (81 points, komi 7.5 either way): each colour owns
/// area, so the two programs' counts were put to a real test.
const CLOSE: f64 = 30.0;

#[test]
fn a_game_against_gnu_go_with_tabletop_as_black_scores_the_same() {
    check(&["b"], 0);
}

#[test]
fn a_game_against_gnu_go_with_tabletop_as_white_scores_the_same() {
    check(&["w"], 0);
}

/// Against GNU Go tabletop loses the whole board, so those scores are all one colour's area.
/// Here GNU Go chooses both colours' moves and tabletop follows every one with `play`: a
/// close game with captures, territory on both sides and komi deciding, which tabletop's
/// rules must accept move by move and score as GNU Go does.
#[test]
fn a_game_gnu_go_plays_against_itself_scores_the_same_in_tabletop() {
    let margin = check(&[], 0);
    assert!(margin < CLOSE, "a margin of {margin}: not a close game");
}

/// tabletop's own moves in a close game: it opens for both colours (its genmove, 16 plies),
/// then GNU Go plays both to the end; the margin shows area on both sides, and the two
/// programs score it the same (the games above, against GNU Go throughout, end with the
/// whole board one colour's).
#[test]
fn a_game_tabletop_opens_for_both_colours_scores_the_same_and_close() {
    let margin = check(&[], 16);
    assert!(margin < CLOSE, "a margin of {margin}: not a close game");
}

/// The session shown in docs/cli.md is what `tabletop gtp` answers (level 3 searches a fixed
/// number of simulations, so its moves do not depend on the machine's speed).
#[test]
fn the_documented_session_is_what_the_engine_answers() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md"))
        .expect("docs/cli.md");
    let start = "$ tabletop gtp go --level 3\n";
    let from = doc.find(start).expect("the gtp session in docs/cli.md") + start.len();
    let block = &doc[from..from + doc[from..].find("```").expect("the block's end")];
    let (mut input, mut expected) = (String::new(), String::new());
    for exchange in block.split_terminator("\n\n") {
        let (command, answer) = exchange.split_once('\n').expect("a command and its answer");
        input.push_str(&format!("{command}\n"));
        expected.push_str(&format!("{}\n\n", answer.trim_end_matches('\n')));
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["gtp", "go", "--level", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start tabletop");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("send the commands");
    let out = child.wait_with_output().expect("tabletop's answers");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

/// Random 9 × 9 games in which to compare ladder readings.
const LADDER_GAMES: u64 = 100;

/// The GTP vertex of a tabletop Go point: the same letters, upper case (neither has a
/// column `i`: `j5` is `J5`).
fn gtp_vertex(point: &str) -> String {
    point.to_ascii_uppercase()
}

/// tabletop reads ladders as GNU Go does. Go's playouts do not save a chain in atari by
/// extending it when the extension leaves two liberties and the other side then takes it by
/// a ladder (`Game::saves_into_ladder`). In seeded random 9 × 9 games, at every move that
/// puts a chain in atari where extending it is legal and leaves it two liberties or more,
/// tabletop's reading must agree with GNU Go's `ladder_attack` on the chain after the
/// extension, GNU Go reading with its own code: in the 100 games, 174 ladders and 730
/// escapes, all agreed. The 12 ladders GNU Go wins only through a ko are left out.
#[test]
fn ladders_are_read_as_gnu_go_reads_them() {
    use rand::{rngs::SmallRng, Rng, SeedableRng};
    let game = tabletop::load_shipped("go", &[("size".into(), "9".into())]).expect("Go");
    let mut gnugo = Gtp::start(
        "GNU Go",
        &gnugo(),
        &["--mode", "gtp", "--chinese-rules", "--positional-superko"],
    );
    gnugo.ok("boardsize 9");
    let mut moves = tabletop::MoveList::new();
    let (mut ladders, mut escapes, mut kos, mut differ) = (0, 0, 0, Vec::new());
    for seed in 0..LADDER_GAMES {
        gnugo.ok("clear_board");
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut s = game.start();
        let mut played = Vec::new();
        for ply in 0..150 {
            let color = ["b", "w"][ply % 2];
            game.legal_moves(&s, &mut moves);
            let stones: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| !m.cells().is_empty())
                .collect();
            if stones.is_empty() {
                break;
            }
            let mv = stones[rng.gen_range(0..stones.len())];
            let point = game.move_to_string(&s, mv);
            gnugo.ok(&format!("play {color} {}", gtp_vertex(&point)));
            game.make(&mut s, mv);
            played.push(point);
            let Some(liberty) = game.atari_next_to(&s, mv) else {
                continue;
            };
            game.legal_moves(&s, &mut moves);
            let Some(save) = moves
                .iter()
                .copied()
                .find(|m| m.cells().first() == Some(&liberty))
            else {
                continue;
            };
            if game.self_atari_stones(&s, save) != 0 {
                continue;
            }
            let ours = game.saves_into_ladder(&mut s, save, mv.rule);
            let save_point = game.move_to_string(&s, save);
            let other = ["w", "b"][ply % 2];
            let vertex = gtp_vertex(&save_point);
            gnugo.ok(&format!("play {other} {vertex}"));
            // GNU Go reads ladders of chains with two liberties only; with more, no ladder.
            let two = gnugo.ok(&format!("countlib {vertex}")) == "2";
            let answer = if two {
                gnugo.ok(&format!("ladder_attack {vertex}"))
            } else {
                "0".to_string()
            };
            gnugo.ok("undo");
            // GNU Go's GTP codes: 1 taken; 0 not; 2 and 3 taken only by winning a ko,
            // which tabletop's reading does not weigh (it reads no ko threats).
            let theirs = match answer.split(' ').next() {
                Some("1") => true,
                Some("0") => false,
                _ => {
                    kos += 1;
                    continue;
                }
            };
            if ours == theirs {
                if ours {
                    ladders += 1;
                } else {
                    escapes += 1;
                }
            } else {
                differ.push(format!(
                    "{} then {save_point}: tabletop {ours}",
                    played.join(" ")
                ));
            }
        }
    }
    eprintln!(
        "{ladders} ladders, {escapes} escapes, {kos} ko ladders, {} differ",
        differ.len()
    );
    assert!(differ.is_empty(), "{differ:#?}");
    // The games hold enough of each for the agreement to mean something.
    assert!(
        ladders >= 100 && escapes >= 100,
        "{ladders} ladders, {escapes} escapes"
    );
}

/// Sorted vertices of a `final_status_list` answer (any lines, any case).
fn vertex_set(answer: &str) -> Vec<String> {
    let mut v: Vec<String> = answer
        .split_whitespace()
        .map(|s| s.to_ascii_uppercase())
        .collect();
    v.sort();
    v
}

/// GNU Go plays both colours without taking off dead stones before it passes, and tabletop
/// follows: at the end, with dead stones on the board, both read the same stones as dead
/// (`final_status_list dead`) and give the same `final_score`.
#[test]
fn dead_stones_and_the_final_score_agree_with_gnu_go() {
    let mut games_with_dead = 0;
    for seed in ["1", "2", "3"] {
        let mut tabletop = Gtp::start(
            "tabletop",
            &PathBuf::from(env!("CARGO_BIN_EXE_tabletop")),
            &["gtp", "go", "--level", "2", "--seed", "7", "--no-resign"],
        );
        let mut gnugo = Gtp::start(
            "GNU Go",
            &gnugo(),
            &[
                "--mode",
                "gtp",
                "--level",
                "1",
                "--seed",
                seed,
                "--chinese-rules",
                "--positional-superko",
            ],
        );
        for engine in [&mut tabletop, &mut gnugo] {
            for command in ["boardsize 9", "clear_board", "komi 7.5"] {
                engine.ok(command);
            }
        }
        let (mut moves, mut passes) = (Vec::new(), 0);
        for ply in 0..MAX_PLIES {
            let color = ["b", "w"][ply % 2];
            let mv = gnugo.ok(&format!("genmove {color}"));
            tabletop.ok(&format!("play {color} {mv}"));
            moves.push(format!("{color} {mv}"));
            passes = if mv.eq_ignore_ascii_case("pass") {
                passes + 1
            } else {
                0
            };
            if passes == 2 {
                break;
            }
        }
        let gnugo_dead = vertex_set(&gnugo.ok("final_status_list dead"));
        let tabletop_dead = vertex_set(&tabletop.ok("final_status_list dead"));
        games_with_dead += usize::from(!gnugo_dead.is_empty());
        assert_eq!(tabletop_dead, gnugo_dead, "seed {seed}: {moves:?}");
        assert_eq!(
            tabletop.ok("final_score"),
            gnugo.ok("final_score"),
            "seed {seed}: {moves:?}"
        );
    }
    assert!(games_with_dead > 0, "no game left dead stones to read");
}

/// A GUI's session (GoGui, Sabaki): a loaded game, a new board of another size, a fixed
/// handicap, the clock, moves both ways, the cleanup after a disputed end and the score;
/// GNU Go checks every move tabletop generates.
#[test]
fn a_gui_like_session_is_answered_command_by_command() {
    let dir = std::env::temp_dir().join(format!("tabletop-gtp-gui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("loaded.sgf");
    std::fs::write(&file, "(;GM[1]SZ[19]HA[2]AB[dd][pp];W[dp];B[pd])").unwrap();
    let mut tabletop = Gtp::start(
        "tabletop",
        &PathBuf::from(env!("CARGO_BIN_EXE_tabletop")),
        &["gtp", "go", "--level", "2", "--seed", "7", "--no-resign"],
    );
    let mut gnugo = Gtp::start(
        "GNU Go",
        &gnugo(),
        &[
            "--mode",
            "gtp",
            "--level",
            "1",
            "--seed",
            "5",
            "--chinese-rules",
        ],
    );
    tabletop.ok(&format!("loadsgf {}", file.display()));
    for command in ["clear_board", "boardsize 9", "komi 0.5"] {
        tabletop.ok(command);
        gnugo.ok(command);
    }
    assert_eq!(
        tabletop.ok("fixed_handicap 2"),
        gnugo.ok("fixed_handicap 2")
    );
    tabletop.ok("time_settings 600 30 5");
    let (mut passes, mut played) = (0, 0);
    for ply in 0..60 {
        played = ply + 1;
        let color = ["w", "b"][ply % 2];
        tabletop.ok(&format!("time_left {color} 500 0"));
        let (mover, other) = if ply % 4 < 2 {
            (&mut tabletop, &mut gnugo)
        } else {
            (&mut gnugo, &mut tabletop)
        };
        let mv = mover.ok(&format!("genmove {color}"));
        other.ok(&format!("play {color} {mv}"));
        passes = if mv.eq_ignore_ascii_case("pass") {
            passes + 1
        } else {
            0
        };
        if passes == 1 {
            break;
        }
    }
    // After a pass (or 60 plies), whoever is next cleans up.
    let next = ["w", "b"][played % 2];
    let cleanup = tabletop.ok(&format!("kgs-genmove_cleanup {next}"));
    gnugo.ok(&format!("play {next} {cleanup}"));
    let score = tabletop.ok("final_score");
    assert!(
        score.starts_with("B+") || score.starts_with("W+"),
        "{score}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
