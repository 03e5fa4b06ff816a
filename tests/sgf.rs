//! SGF files nobody here wrote: GNU Go (`gnugo --mode gtp`) plays a few moves, writes the
//! game with `printsgf`, and tabletop must read it into the same position (every stone GNU
//! Go lists, and the player to move); and `tabletop convert` reads and writes `.sgf`,
//! refusing malformed and oversized files with clear errors.
//!
//! GNU Go must be installed (`apt-get install -y gnugo`; CI's `.ci/run` installs it);
//! `GNUGO` may name the program.

mod common;
use common::tabletop;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use tabletop::io::sgf::parse_sgf;
use tabletop::ui::gtp::vertex;

/// GNU Go: `$GNUGO`, else `gnugo` on the path, else Debian's `/usr/games/gnugo`.
fn gnugo() -> PathBuf {
    if let Some(p) = std::env::var_os("GNUGO") {
        return PathBuf::from(p);
    }
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join("gnugo"))
        .find(|p| p.is_file())
        .expect("GNU Go is not installed (apt-get install -y gnugo), or set GNUGO")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Sends GTP commands to GNU Go and returns each answer's text.
fn gnugo_session(commands: &[String]) -> Vec<String> {
    let mut child = Command::new(gnugo())
        .args(["--mode", "gtp", "--level", "1", "--seed", "7"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start gnugo");
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut answers = Vec::new();
    for c in commands {
        writeln!(input, "{c}").unwrap();
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            assert!(
                output.read_line(&mut line).unwrap() > 0,
                "gnugo closed after {c}"
            );
            if line.trim().is_empty() && !answer.is_empty() {
                break;
            }
            answer.push_str(&line);
        }
        assert!(answer.starts_with('='), "{c}: {answer}");
        answers.push(answer[1..].trim().to_string());
    }
    writeln!(input, "quit").unwrap();
    let _ = child.wait();
    answers
}

/// GNU Go plays `plies` moves on 9×9 (after `handicap` stones), prints the game as SGF,
/// and tabletop reads that file into a position with exactly GNU Go's stones.
fn gnugo_game_loads(handicap: u32, plies: usize) {
    let file = temp(&format!("gnugo-h{handicap}.sgf"));
    let mut commands: Vec<String> = vec![
        "boardsize 9".into(),
        "clear_board".into(),
        "komi 5.5".into(),
    ];
    let mut white_first = false;
    if handicap > 0 {
        commands.push(format!("fixed_handicap {handicap}"));
        white_first = true;
    }
    for i in 0..plies {
        let white = (i % 2 == 0) == white_first;
        commands.push(format!("genmove {}", if white { "w" } else { "b" }));
    }
    commands.push(format!("printsgf {}", file.display()));
    commands.push("list_stones black".into());
    commands.push("list_stones white".into());
    let answers = gnugo_session(&commands);
    let n = answers.len();
    let (black, white) = (&answers[n - 2], &answers[n - 1]);
    let text = std::fs::read_to_string(&file).expect("GNU Go's SGF file");
    let sgf = parse_sgf(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    eprintln!("{text}\nwarnings: {:?}", sgf.warnings);
    let rec = &sgf.record;
    assert_eq!(rec.game, "go");
    let game = tabletop::load(&rec.game, &rec.options).unwrap();
    assert_eq!(game.board().len(), 81);
    let mut state = match &rec.position {
        Some(p) => game.parse_position(p).unwrap(),
        None => game.start(),
    };
    for m in &rec.moves {
        let mv = game.parse_move(&state, m).unwrap();
        game.make(&mut state, mv);
    }
    let owner = |p: tabletop::engine::PieceId| {
        (p != tabletop::engine::EMPTY).then(|| game.pieces()[p.index()].owner)
    };
    let mut stones = 0;
    for (list, who) in [(black, 0u8), (white, 1u8)] {
        for v in list.split_whitespace() {
            let c = vertex::cell(game.board(), v).unwrap_or_else(|| panic!("{v}"));
            assert_eq!(
                owner(state.at(c)),
                Some(Some(tabletop::engine::Player(who))),
                "{v} in\n{text}"
            );
            stones += 1;
        }
    }
    let on_board = (0..game.board().len() as u16)
        .filter(|&c| state.at(tabletop::CellId::new(c)) != tabletop::engine::EMPTY)
        .count();
    assert_eq!(
        on_board, stones,
        "tabletop has stones GNU Go does not list:\n{text}"
    );
    assert!(stones > 0);
    // The player to move: after an even number of plies, whoever began.
    let to_move = if plies.is_multiple_of(2) == white_first {
        1
    } else {
        0
    };
    assert_eq!(state.to_move().0, to_move, "{text}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_game_gnu_go_wrote_loads_with_its_stones() {
    gnugo_game_loads(0, 12);
}

#[test]
fn a_handicap_game_gnu_go_wrote_loads_with_its_stones() {
    gnugo_game_loads(3, 9);
}

#[test]
fn convert_reads_and_writes_sgf_and_refuses_bad_files() {
    let sgf = temp("hex.sgf");
    std::fs::write(&sgf, "(;FF[4]GM[11]SZ[5]XY[1];B[cc];W[ba](;B[aa])(;B[ee]))").unwrap();
    let txt = temp("hex.txt");
    let (code, _, err) = tabletop(&["convert", sgf.to_str().unwrap(), txt.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning: line 1: unknown property XY ignored"),
        "{err}"
    );
    assert!(err.contains("warning: 1 variation skipped"), "{err}");
    let rec = std::fs::read_to_string(&txt).unwrap();
    assert!(
        rec.contains("game hex\nset size=5\nmoves c3 b1 a1\n"),
        "{rec}"
    );
    let back = temp("back.sgf");
    let (code, _, err) = tabletop(&["convert", txt.to_str().unwrap(), back.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&back).unwrap();
    assert!(
        text.contains("GM[11]SZ[5]TG[hex]TO[size=5]\n;B[cc];W[ba];B[aa])"),
        "{text}"
    );

    let bad = temp("bad.sgf");
    std::fs::write(&bad, "(;GM[1]SZ[9]\n;B[ee]\n;W[ee])").unwrap();
    let (code, _, err) = tabletop(&["convert", bad.to_str().unwrap(), txt.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("line 3: move 2: 'e5' is not a legal move"),
        "{err}"
    );
    std::fs::write(&bad, "(;GM[1]SZ[9];B[ee]").unwrap();
    let (code, _, err) = tabletop(&["convert", bad.to_str().unwrap(), txt.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("the text ends inside the '('"), "{err}");
    // 50 MB: refused by its size before it is read (a sparse file, nothing written).
    let huge = temp("huge.sgf");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(50 << 20)
        .unwrap();
    let (code, _, err) = tabletop(&["convert", huge.to_str().unwrap(), txt.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("are not read"), "{err}");
    // A board SGF cannot name.
    std::fs::write(&txt, "game intellector\nmoves\n").unwrap();
    let (code, _, err) = tabletop(&["convert", txt.to_str().unwrap(), back.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("not on a square or hex-rhombus board"),
        "{err}"
    );
    for f in [sgf, txt, back, bad, huge] {
        let _ = std::fs::remove_file(f);
    }
}
