//! Every command, bad input and `stop` through [`serve`], as a GUI would send them; no
//! program outside this crate is involved.

use std::sync::mpsc::channel;

use super::*;

fn engine_for(game: &str, level: u8) -> Engine {
    engine(&UciArgs {
        game: game.into(),
        set: vec![],
        level,
        seed: 3,
    })
    .unwrap()
}

/// The lines `input` is answered with (the input ends after it, which acts as `quit`).
fn talk(engine: &mut Engine, input: &str) -> Vec<String> {
    let (tx, rx) = channel();
    for line in input.lines() {
        tx.send(line.to_string()).unwrap();
    }
    drop(tx);
    let mut out = Vec::new();
    serve(engine, &rx, &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn bestmove(lines: &[String]) -> String {
    let best: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 1, "{lines:?}");
    best[0]["bestmove ".len()..].to_string()
}

#[test]
fn uci_isready_and_options() {
    let mut e = engine_for("chess", 4);
    let lines = talk(&mut e, "uci\nisready\ndebug on\n");
    assert_eq!(
        lines,
        vec![
            format!("id name tabletop {}", env!("CARGO_PKG_VERSION")),
            "id author the tabletop authors".to_string(),
            "option name Level type spin default 4 min 1 max 9".to_string(),
            "uciok".to_string(),
            "readyok".to_string(),
        ]
    );
    assert_eq!(
        talk(&mut e, "setoption name Level value 2\n"),
        Vec::<String>::new()
    );
    assert_eq!(
        talk(&mut e, "uci\n")[2],
        "option name Level type spin default 2 min 1 max 9"
    );
    assert_eq!(e.session().seats(), &[Seat::ai(2), Seat::ai(2)]);
}

#[test]
fn positions_and_moves_in_long_algebraic() {
    let mut e = engine_for("chess", 2);
    assert!(talk(
        &mut e,
        "ucinewgame\nposition startpos moves e2e4 e7e5 g1f3\n"
    )
    .is_empty());
    let texts: Vec<&str> = e
        .session()
        .history()
        .iter()
        .map(|p| p.text.as_str())
        .collect();
    assert_eq!(texts, ["e4", "e5", "Nf3"]);
    // Castling is the king's move; promotion names the piece.
    talk(
        &mut e,
        "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8\n",
    );
    let texts: Vec<&str> = e
        .session()
        .history()
        .iter()
        .map(|p| p.text.as_str())
        .collect();
    assert_eq!(texts, ["O-O", "O-O-O"]);
    talk(
        &mut e,
        "position fen 8/P7/8/8/8/8/8/k1K5 w - - 0 1 moves a7a8n\n",
    );
    assert_eq!(e.session().history()[0].text, "a8=N");
    // ucinewgame goes back to the start.
    talk(&mut e, "ucinewgame\n");
    assert!(e.session().history().is_empty());
}

#[test]
fn go_answers_bestmove_with_info() {
    let mut e = engine_for("chess", 3);
    let lines = talk(&mut e, "position startpos moves e2e4\ngo depth 3\n");
    let best = bestmove(&lines);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!infos.is_empty(), "{lines:?}");
    assert!(infos.last().unwrap().contains(" score cp "), "{lines:?}");
    assert!(
        infos.last().unwrap().contains(&format!(" pv {best}")),
        "{lines:?}"
    );
    // The move is a legal black reply, in long algebraic form.
    let mut check = engine_for("chess", 2);
    talk(
        &mut check,
        &format!("position startpos moves e2e4 {best}\n"),
    );
    assert_eq!(check.session().history().len(), 2, "{best}");

    // A mate in one is found and announced as a mate.
    let lines = talk(
        &mut e,
        "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo movetime 200\n",
    );
    assert_eq!(bestmove(&lines), "a1a8");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    // Clocks, nodes and no limit at all all end in a move.
    for go in [
        "go wtime 2000 btime 2000 winc 10 binc 10",
        "go btime 0 wtime 0",
        "go nodes 500",
        "go",
    ] {
        let lines = talk(&mut e, &format!("position startpos\n{go}\n"));
        assert_eq!(bestmove(&lines).len(), 4, "{go}: {lines:?}");
    }
    // No move to search: still a bestmove, as UCI requires.
    let lines = talk(
        &mut e,
        "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo movetime 10\n",
    );
    assert_eq!(bestmove(&lines), "(none)");
}

#[test]
fn stop_ends_go_infinite_while_commands_are_answered() {
    let mut e = engine_for("chess", 9);
    // Without `stop` an infinite search would never answer; `isready` is answered while it
    // thinks, before the move.
    let lines = talk(
        &mut e,
        "position startpos\ngo infinite\nisready\nstop\nisready\n",
    );
    let ready: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i] == "readyok")
        .collect();
    let best = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    assert_eq!(ready.len(), 2, "{lines:?}");
    assert!(ready[0] < best && best < ready[1], "{lines:?}");
    assert_eq!(bestmove(&lines).len(), 4);
    // The end of input stops it too; a new `position` during a search stops it first.
    let lines = talk(&mut e, "position startpos\ngo infinite\n");
    assert_eq!(bestmove(&lines).len(), 4);
    let lines = talk(
        &mut e,
        "position startpos\ngo infinite\nposition startpos moves d2d4\nstop\n",
    );
    assert_eq!(bestmove(&lines).len(), 4);
    assert_eq!(e.session().history()[0].text, "d4");
    // Even a search that ends by itself (a mate found) waits for `stop`.
    let mut out = Vec::new();
    e.handle_line("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &mut out);
    e.handle_line("go infinite", &mut out);
    for _ in 0..200 {
        e.poll(&mut out);
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert!(!out.iter().any(|l| l.starts_with("bestmove")), "{out:?}");
    assert!(e.thinking());
    e.handle_line("stop", &mut out);
    assert_eq!(out.last().unwrap(), "bestmove a1a8");
    assert!(!e.thinking());
}

#[test]
fn bad_input_answers_info_string_and_changes_nothing() {
    let mut e = engine_for("chess", 2);
    talk(&mut e, "position startpos moves e2e4\n");
    let before = e.session().state().clone();
    let lines = talk(
        &mut e,
        "fly\nposition fen garbage\nposition startpos moves e2e4 e2e4\n\
         position startpos moves e2e5\nposition\ngo depth x\nsetoption name Level value 12\n\
         setoption name Hash value 16\n\n   \n\u{ff}\u{fe}\n",
    );
    assert_eq!(lines.len(), 9, "{lines:?}");
    assert!(
        lines.iter().all(|l| l.starts_with("info string error: ")),
        "{lines:?}"
    );
    assert_eq!(lines[0], "info string error: unknown command 'fly'");
    // An illegal move is named in UCI's terms: its place in the list, the move as sent.
    assert_eq!(
        lines[2],
        "info string error: move 2: illegal move e2e4 (there is no piece on e2)"
    );
    assert_eq!(
        lines[3],
        "info string error: move 1: illegal move e2e5 (the pawn on e2 cannot move to e5)"
    );
    assert_eq!(
        lines[6],
        "info string error: Level must be from 1 to 9, not '12'"
    );
    assert_eq!(lines[7], "info string error: unknown option 'Hash'");
    assert!(e.session().state().same_position(&before));
    assert_eq!(e.session().history().len(), 1);
    assert_eq!(e.session().seats(), &[Seat::ai(2), Seat::ai(2)]);
    // A line past the cap is cut, not kept whole.
    let long = format!("position startpos moves {}\n", "e2e4 ".repeat(100_000));
    let mut input = long.as_bytes();
    let line = read_line(&mut input).unwrap();
    assert_eq!(line.len(), MAX_LINE);
    assert_eq!(read_line(&mut input), None);
    // quit stops reading.
    assert_eq!(talk(&mut e, "quit\nisready\n"), Vec::<String>::new());
}

#[test]
fn games_outside_the_chess_family_are_refused() {
    for game in ["go", "hex", "tictactoe"] {
        let err = engine(&UciArgs {
            game: game.into(),
            set: vec![],
            level: 2,
            seed: 1,
        })
        .err()
        .expect(game);
        assert_eq!(err.code, 1);
        assert!(
            err.message.contains("not a chess-family game"),
            "{}",
            err.message
        );
    }
    let err = engine(&UciArgs {
        game: "no-such-game".into(),
        set: vec![],
        level: 2,
        seed: 1,
    })
    .err()
    .unwrap();
    assert_ne!(err.code, 0);
}

#[test]
fn the_engines_position_is_always_the_guis_last_accepted_one() {
    let mut e = engine_for("chess", 2);
    let lines = talk(&mut e, "position startpos moves e2e4\ngo depth 2\n");
    bestmove(&lines);
    // The move found is the GUI's to play: the engine's game is still after e2e4.
    assert_eq!(e.session().history().len(), 1);
    // A refused position leaves the last accepted one, and `go` searches that.
    let lines = talk(
        &mut e,
        "position startpos moves e2e4 e7e5 e1e3\ngo depth 1\ngo depth 1\n",
    );
    assert_eq!(e.session().history().len(), 1, "{lines:?}");
    let best: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 2, "{lines:?}");
    assert_eq!(
        best[0], best[1],
        "the same position searched twice: {lines:?}"
    );
    let reply = &best[0]["bestmove ".len()..];
    let mut check = engine_for("chess", 2);
    talk(
        &mut check,
        &format!("position startpos moves e2e4 {reply}\n"),
    );
    assert_eq!(
        check.session().history().len(),
        2,
        "{reply} is Black's reply"
    );
}

#[test]
fn the_guis_budget_rules_over_the_level_at_level_1() {
    // Level 1 plays at random and reports nothing; with a depth it searches that deep.
    let mut e = engine_for("chess", 1);
    let lines = talk(&mut e, "position startpos\ngo\n");
    assert!(
        !lines.iter().any(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
    let lines = talk(&mut e, "position startpos\ngo depth 3\n");
    let depths: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(depths.last(), Some(&"3"), "{lines:?}");
    // A mate in one is found at level 1 under a node budget.
    let lines = talk(
        &mut e,
        "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo nodes 20000\n",
    );
    assert_eq!(bestmove(&lines), "a1a8");
    // Without a budget the level is back to its own player.
    assert_eq!(e.session().seats(), &[Seat::ai(2), Seat::ai(2)]);
    talk(&mut e, "position startpos\ngo\n");
    assert_eq!(e.session().seats(), &[Seat::ai(1), Seat::ai(1)]);
}
