//! Perft: move-generator counts checked against known values.
//!
//! The cases are data, in `tests/perft/*.perft` (shakmaty's format, extended with the game
//! and its options):
//!
//! ```text
//! id hex-5x5            # starts a case
//! game hex              # a shipped game's name
//! set size=5            # an option override, as `--set size=5` (repeatable)
//! position <text>       # optional start position, in position notation
//! after b2 c3           # optional moves played first
//! perft 4 303600        # the number of move sequences of that length
//! ```
//!
//! One generic runner reads every file. Counts above `NODE_LIMIT` are skipped unless
//! `TABLETOP_PERFT_ALL=1` is set, to keep the test fast in debug builds.

use std::path::{Path, PathBuf};

use tabletop::tools::perft::{divide, perft};
use tabletop::{Game, State};

/// The largest count checked by default (debug builds are about 30 times slower).
const NODE_LIMIT_DEBUG: u64 = 1_000_000;
const NODE_LIMIT_RELEASE: u64 = 100_000_000;

#[derive(Debug, Default)]
struct Case {
    file: String,
    line: usize,
    id: String,
    game: String,
    set: Vec<(String, String)>,
    position: Option<String>,
    after: Vec<String>,
    perft: Vec<(u32, u64)>,
}

fn parse_file(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let at = format!("{file}:{}", i + 1);
        if key == "id" {
            cases.push(Case {
                file: file.clone(),
                line: i + 1,
                id: rest.to_string(),
                ..Case::default()
            });
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("{at}: '{key}' before the first 'id'"));
        match key {
            "game" => case.game = rest.to_string(),
            "set" => {
                let (k, v) = rest
                    .split_once('=')
                    .unwrap_or_else(|| panic!("{at}: expected set NAME=VALUE"));
                case.set.push((k.trim().to_string(), v.trim().to_string()));
            }
            "position" => case.position = Some(rest.to_string()),
            "after" => case
                .after
                .extend(rest.split_whitespace().map(str::to_string)),
            "perft" => {
                let mut it = rest.split_whitespace().map(|x| {
                    x.parse::<u64>()
                        .unwrap_or_else(|_| panic!("{at}: bad number '{x}'"))
                });
                let (Some(d), Some(n), None) = (it.next(), it.next(), it.next()) else {
                    panic!("{at}: expected perft DEPTH NODES");
                };
                case.perft.push((d as u32, n));
            }
            other => panic!("{at}: unknown key '{other}'"),
        }
    }
    cases
}

fn perft_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    files
}

fn setup(case: &Case) -> (Game, State) {
    let game = tabletop::load_shipped(&case.game, &case.set)
        .unwrap_or_else(|e| panic!("{} ({}:{}): {e}", case.id, case.file, case.line));
    let mut state = match &case.position {
        Some(p) => game
            .parse_position(p)
            .unwrap_or_else(|e| panic!("{}: {e}", case.id)),
        None => game.start(),
    };
    for text in &case.after {
        let mv = game
            .parse_move(&state, text)
            .unwrap_or_else(|e| panic!("{}: after {text}: {e}", case.id));
        game.make(&mut state, mv);
    }
    (game, state)
}

fn node_limit() -> u64 {
    if std::env::var_os("TABLETOP_PERFT_ALL").is_some() {
        u64::MAX
    } else if cfg!(debug_assertions) {
        NODE_LIMIT_DEBUG
    } else {
        NODE_LIMIT_RELEASE
    }
}

/// Every case of every `.perft` file, at every depth within the node limit.
#[test]
fn perft_tables() {
    let files = perft_files();
    assert!(!files.is_empty(), "no tests/perft/*.perft files");
    let limit = node_limit();
    let mut checked = 0;
    let mut failures = Vec::new();
    for path in files {
        let cases = parse_file(&path);
        assert!(!cases.is_empty(), "{path:?} has no cases");
        for case in cases {
            assert!(!case.game.is_empty(), "{}: no 'game' line", case.id);
            assert!(!case.perft.is_empty(), "{}: no 'perft' line", case.id);
            let (game, mut state) = setup(&case);
            let before = state.clone();
            for &(depth, want) in &case.perft {
                if want > limit {
                    continue;
                }
                let got = perft(&game, &mut state, depth);
                checked += 1;
                if got != want {
                    failures.push(format!(
                        "{} ({}): perft {depth} = {got}, expected {want}",
                        case.id, case.file
                    ));
                }
                assert!(
                    state.same_position(&before),
                    "{}: perft {depth} did not restore the position",
                    case.id
                );
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 20, "only {checked} perft counts were checked");
}

/// `divide` splits the same count by first move, and names each legal move once.
#[test]
fn divide_sums_to_perft() {
    for (name, set, depth) in [
        ("tictactoe", vec![], 4),
        ("connect4", vec![], 4),
        ("breakthrough", vec![], 3),
        ("hex", vec![("size".to_string(), "5".to_string())], 3),
    ] {
        let game = tabletop::load_shipped(name, &set).unwrap();
        let mut state = game.start();
        let parts = divide(&game, &mut state, depth);
        let total: u64 = parts.iter().map(|p| p.1).sum();
        assert_eq!(total, perft(&game, &mut state, depth), "{name}");
        assert_eq!(
            parts.len(),
            game.legal_moves_vec(&state).len(),
            "{name}: one entry per legal move"
        );
        let mut texts: Vec<String> = parts
            .iter()
            .map(|(m, _)| game.move_to_string(&state, *m))
            .collect();
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), parts.len(), "{name}: two moves share a name");
    }
}

/// Depth 0 is the position itself; a finished game has no children at any depth.
#[test]
fn perft_edges() {
    let game = tabletop::load_shipped("tictactoe", &[]).unwrap();
    let mut state = game.start();
    assert_eq!(perft(&game, &mut state, 0), 1);
    for m in ["a1", "a2", "b1", "b2", "c1"] {
        let mv = game.parse_move(&state, m).unwrap();
        game.make(&mut state, mv);
    }
    assert!(game.outcome(&state).is_some(), "X has a1-b1-c1");
    assert_eq!(perft(&game, &mut state, 1), 0);
    assert_eq!(perft(&game, &mut state, 3), 0);
}
