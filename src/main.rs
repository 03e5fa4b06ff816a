//! The `tabletop` command line.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};

use tabletop::engine::{Game, State};
use tabletop::ui::render::{draw, Style};
use tabletop::{tools, LoadError};

/// `println!` that ends the program quietly when standard output is closed (`| head`).
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// `print!` that ends the program quietly when standard output is closed.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// tabletop: board games as plain-text rule files.
#[derive(Parser)]
#[command(name = "tabletop", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a rule file and print a one-line summary, or its errors.
    Check(GameArgs),
    /// Show what the compiler made of a rule file: cells, directions, pieces, moves, endings.
    Describe(GameArgs),
    /// Draw a position.
    Show(PositionArgs),
    /// List the legal moves of a position, one per line.
    Moves {
        #[command(flatten)]
        pos: PositionArgs,
        /// Write them in the compact coordinate form (`g1f3`, `e7e8q`) whatever the game's
        /// notation.
        #[arg(long)]
        compact: bool,
    },
    /// Count move sequences of each length (move-generator test).
    Perft {
        #[command(flatten)]
        pos: PositionArgs,
        /// Deepest ply to count (at most 1,000: nothing deeper finishes, and each ply keeps
        /// its own move list).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=tools::perft::MAX_DEPTH as i64))]
        depth: u32,
        /// List each first move with its count at the last depth.
        #[arg(long)]
        divide: bool,
        /// Make and unmake every move down to the leaves, instead of counting the last ply's
        /// moves without playing them (same counts; the like-for-like speed beside RBG).
        #[arg(long)]
        full: bool,
    },
    /// Random playouts per second on one thread.
    Bench {
        #[command(flatten)]
        pos: PositionArgs,
        /// How long to run.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also run the game with this rule line added, in turns with the game as written,
        /// and report what the rule costs: --with-rule "draw if repetition(3)".
        #[arg(long, value_name = "LINE")]
        with_rule: Option<String>,
    },
    /// Walk the whole game tree: node count (root and finished positions included) and results.
    Tree {
        #[command(flatten)]
        pos: PositionArgs,
        /// Stop after this many nodes.
        #[arg(long, default_value_t = 1_000_000_000)]
        limit: u64,
    },
    /// Solve a small game exactly: the value with best play, of every first move, and a line.
    Solve {
        #[command(flatten)]
        pos: PositionArgs,
        /// Print progress to standard error.
        #[arg(long)]
        progress: bool,
        /// The table's size: megabytes (512) or with a unit (512M, 8G). The exact solver
        /// stops with an error when its table reaches it; df-pn replaces old entries.
        #[arg(long, value_name = "SIZE", default_value_t = tools::solve::DEFAULT_MEMORY_MB as u64,
              value_parser = tools::solve::parse_memory)]
        memory: u64,
        /// The solver: `exact` (alpha-beta, also gives a line of best play) or `dfpn`
        /// (proof-number search with the board's symmetries, for larger games).
        #[arg(long, value_enum, default_value_t = SolveMethod::Exact)]
        method: SolveMethod,
        /// df-pn: do not merge positions that are symmetric images of each other.
        #[arg(long)]
        no_symmetry: bool,
        /// df-pn: find only the position's value, not each first move's.
        #[arg(long)]
        value_only: bool,
        /// df-pn: do not use virtual connections (Hex-like games only; see docs/cli.md).
        #[arg(long)]
        no_connections: bool,
        /// df-pn: stop, unsolved (exit code 1), after searching this many positions.
        #[arg(long, value_name = "N")]
        max_nodes: Option<u64>,
        /// df-pn: write the table to FILE every 10 minutes and when stopped (by
        /// --max-nodes or Ctrl-C), so that `--resume FILE` goes on from there.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<std::path::PathBuf>,
        /// df-pn: start from the table a `--checkpoint` run saved (same game, options and
        /// position).
        #[arg(long, value_name = "FILE")]
        resume: Option<std::path::PathBuf>,
    },
    /// Run the scenarios of a game (its .test file), of every game in a folder, or, with no
    /// argument, of every shipped game. Prints one line per scenario and `N passed, N failed`.
    Test {
        /// A shipped game's name, a .game or .test file, or a folder of .game files.
        target: Option<String>,
    },
    /// A deterministic text report of a rule file for snapshot tests: its rules as compiled,
    /// the start position and its moves, perft counts, and a seeded random game.
    Snapshot {
        #[command(flatten)]
        game: GameArgs,
        /// Count perft from depth 1 to this depth (at most 8).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(0..=8))]
        depth: u32,
        /// Seed of the random game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop the random game after this many plies.
        #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(0..=100_000))]
        plies: u32,
    },
    /// Convert a game record between tabletop's format, PGN and SGF, by the files' extensions
    /// (`.pgn` is PGN, `.sgf` SGF; anything else is a tabletop record).
    Convert {
        /// The record to read.
        input: std::path::PathBuf,
        /// The file to write (it is replaced atomically).
        output: std::path::PathBuf,
        /// The game a PGN file is of (PGN does not say): a shipped name or a .game path.
        #[arg(long, default_value = "chess")]
        game: String,
        /// Which game of a PGN file with several, from 1.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
        index: u32,
    },
    /// List the shipped games.
    List,
    /// Play a game at the console: people and/or AI players, with undo, hints and records.
    Play(tabletop::ui::play::PlayArgs),
    /// Play a match of N games between two players, seats swapped every game; print a table.
    Match(tools::tournament::MatchArgs),
    /// Merge the shards of a match (`match --shard I/N --records DIR`) into its results table.
    MatchReport(tools::shards::MatchReportArgs),
    /// Speak the Go Text Protocol on standard input and output, as an engine for GoGui,
    /// Sabaki, HexGui or a match against another program: tabletop gtp go --level 5.
    Gtp(tabletop::ui::gtp::GtpArgs),
    /// Speak the Universal Chess Interface on standard input and output, as an engine for
    /// chess GUIs (Cute Chess, Arena) or a match against another engine: tabletop uci chess.
    Uci(tabletop::ui::uci::UciArgs),
    /// Serve the web board: play, replay and analyse any game in a browser, on
    /// http://127.0.0.1:8080/ by default.
    Serve(tabletop::ui::web::ServeArgs),
    /// Play seeded random games and check the engine's invariants after every move.
    Selfcheck {
        #[command(flatten)]
        game: GameArgs,
        /// Plies to play in total (any number from 1; more only takes longer).
        #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
        plies: u64,
        /// Random seed: the same seed plays the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

#[derive(Args, Clone)]
struct GameArgs {
    /// A shipped game's name (see `tabletop list`) or a path to a .game file.
    game: String,
    /// Override a game option: --set size=9 (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = tabletop::games::parse_set)]
    set: Vec<(String, String)>,
}

#[derive(Args, Clone)]
struct PositionArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Start from this position (position notation; see `tabletop show`).
    #[arg(long)]
    position: Option<String>,
    /// Play these moves first, separated by spaces.
    #[arg(long)]
    after: Option<String>,
}

/// An error with the exit code it should produce.
struct Failure(String, u8);

impl From<LoadError> for Failure {
    fn from(e: LoadError) -> Failure {
        Failure(e.to_string(), e.exit_code() as u8)
    }
}

fn load(args: &GameArgs) -> Result<Game, Failure> {
    Ok(tabletop::load(&args.game, &args.set)?)
}

fn position(game: &Game, args: &PositionArgs) -> Result<State, Failure> {
    let mut state = match &args.position {
        Some(p) => game
            .parse_position(p)
            .map_err(|e| Failure(format!("--position: {e}"), 2))?,
        None => game.start(),
    };
    if let Some(after) = &args.after {
        for (i, text) in after.split_whitespace().enumerate() {
            let mv = game.parse_move(&state, text).map_err(|e| {
                // Past the end, say which rule ended the game, as `show` does.
                let what = match tabletop::engine::ending::describe_end(game, &state) {
                    Some(end) => format!("the game is already over: {end}"),
                    None => e.to_string(),
                };
                Failure(format!("--after, move {}: {what}", i + 1), 2)
            })?;
            game.make(&mut state, mv);
        }
    }
    Ok(state)
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Play(args) => {
            tabletop::ui::play::run(&args).map_err(|e| Failure(e.message, e.code))?
        }
        Command::Serve(args) => {
            tabletop::ui::web::run(&args).map_err(|e| Failure(e.message, e.code))?
        }
        Command::Gtp(args) => {
            tabletop::ui::gtp::run(&args).map_err(|e| Failure(e.message, e.code))?
        }
        Command::Uci(args) => {
            tabletop::ui::uci::run(&args).map_err(|e| Failure(e.message, e.code))?
        }
        Command::Match(args) => {
            tools::tournament::cli(&args).map_err(|e| Failure(e.message, e.code))?
        }
        Command::MatchReport(args) => {
            tools::shards::report_cli(&args).map_err(|e| Failure(e.message, e.code))?
        }
        Command::Test { target } => test(target.as_deref())?,
        Command::Convert {
            input,
            output,
            game,
            index,
        } => convert(&input, &output, &game, index as usize)?,
        Command::Snapshot {
            game,
            depth,
            seed,
            plies,
        } => {
            let g = load(&game)?;
            let opts = tabletop::SnapshotOptions {
                depth,
                seed,
                max_plies: plies,
                ..Default::default()
            };
            out!("{}", tabletop::snapshot(&g, &opts));
        }
        Command::Selfcheck { game, plies, seed } => selfcheck(&game, plies, seed)?,
        Command::List => list()?,
        Command::Check(args) => {
            let g = load(&args)?;
            outln!("{}", tools::describe::summary(&g));
        }
        Command::Describe(args) => {
            let g = load(&args)?;
            out!("{}", tools::describe::describe(&g));
        }
        Command::Show(args) => show(&args)?,
        Command::Moves { pos, compact } => moves(&pos, compact)?,
        Command::Perft {
            pos,
            depth,
            divide,
            full,
        } => perft(&pos, depth, divide, full)?,
        Command::Tree { pos, limit } => tree(&pos, limit)?,
        Command::Solve {
            pos,
            progress,
            memory,
            method: SolveMethod::Dfpn,
            no_symmetry,
            value_only,
            no_connections,
            max_nodes,
            checkpoint,
            resume,
        } => {
            let g = load(&pos.game)?;
            let mut s = position(&g, &pos)?;
            let opts = tools::solve::dfpn::Options {
                memory_mb: memory as usize,
                symmetry: !no_symmetry,
                first_moves: !value_only,
                connections: !no_connections,
                max_nodes,
                checkpoint,
                resume,
                ..Default::default()
            };
            solve_dfpn(&g, &mut s, opts, progress)?;
        }
        Command::Solve {
            pos,
            progress,
            memory,
            method: SolveMethod::Exact,
            no_symmetry: _,
            value_only: _,
            no_connections: _,
            max_nodes: _,
            checkpoint: _,
            resume: _,
        } => solve_exact(&pos, progress, memory)?,
        Command::Bench {
            pos,
            seconds,
            seed,
            with_rule,
        } => bench(&pos, seconds, seed, with_rule.as_deref())?,
    }
    Ok(())
}

/// `tabletop perft`: the counts by depth, or by first move with `--divide`.
fn perft(pos: &PositionArgs, depth: u32, divide: bool, full: bool) -> Result<(), Failure> {
    let g = load(&pos.game)?;
    let mut s = position(&g, pos)?;
    if divide && depth > 0 {
        let t = Instant::now();
        let mut total = 0;
        for (mv, n) in tools::perft::divide_counting(&g, &mut s, depth, full) {
            outln!("{} {n}", g.move_to_string(&s, mv));
            total += n;
        }
        outln!("total {total} ({:.3}s)", t.elapsed().as_secs_f64());
    } else {
        for d in 1..=depth {
            let t = Instant::now();
            let n = if full {
                tools::perft::perft_full(&g, &mut s, d)
            } else {
                tools::perft::perft(&g, &mut s, d)
            };
            let secs = t.elapsed().as_secs_f64();
            outln!(
                "depth {d} nodes {n} time {secs:.3}s nps {:.0}",
                n as f64 / secs.max(1e-9)
            );
            if n == 0 && d < depth {
                // Every game from here ends sooner: all deeper counts are 0 too.
                outln!("no game lasts {d} plies from here: depths {d} to {depth} all count 0");
                break;
            }
        }
    }
    Ok(())
}

/// `tabletop tree`: the whole game tree's counts, up to `limit` nodes.
fn tree(pos: &PositionArgs, limit: u64) -> Result<(), Failure> {
    let g = load(&pos.game)?;
    let mut s = position(&g, pos)?;
    let t = Instant::now();
    let (st, complete) = match tools::tree::walk(&g, &mut s, limit) {
        Ok(st) => (st, true),
        Err(st) => (st, false),
    };
    if !complete && st.too_deep {
        return Err(Failure(
            format!(
                "stopped: a line of play is longer than {} plies (this game may never end; tree needs a finite game)",
                tools::tree::MAX_DEPTH
            ),
            1,
        ));
    }
    if !complete {
        return Err(Failure(
            format!("stopped after --limit {limit} nodes (the tree is larger)"),
            1,
        ));
    }
    outln!("nodes {}", st.nodes);
    outln!("finished {}", st.finished);
    for (p, w) in st.wins.iter().enumerate() {
        outln!("wins {} {w}", g.players()[p]);
    }
    outln!("draws {}", st.draws);
    outln!("depth {}", st.max_depth);
    outln!("time {:.3}s", t.elapsed().as_secs_f64());
    Ok(())
}

/// `tabletop solve` by the exact search: the value, each move's value and a line.
fn solve_exact(pos: &PositionArgs, progress: bool, memory: u64) -> Result<(), Failure> {
    let g = load(&pos.game)?;
    let mut s = position(&g, pos)?;
    let (r, secs) = tools::solve::solve_timed(&g, &mut s, memory as usize, |n, t| {
        if progress {
            eprintln!("… {n} positions searched, {t} in the table");
        }
    });
    let sol = r.map_err(|e| Failure(e.to_string(), 1))?;
    let me = &g.players()[s.to_move().index()];
    outln!("value: {me} (to move) {}", value_word(sol.value));
    for (mv, v) in &sol.moves {
        outln!("  {:<12} {}", g.move_to_string(&s, *mv), value_word(*v));
    }
    let mut line = Vec::new();
    for &mv in &sol.line {
        line.push(g.move_to_string(&s, mv));
        g.make(&mut s, mv);
    }
    outln!("line: {}", line.join(" "));
    if let Some(o) = g.outcome(&s) {
        outln!("result: {}", o.describe(&g));
    }
    outln!(
        "positions {} table {} time {secs:.3}s",
        sol.nodes,
        sol.table
    );
    Ok(())
}

/// `tabletop bench`: random playouts a second, or what one more rule costs them with
/// `--with-rule`.
fn bench(
    pos: &PositionArgs,
    seconds: f64,
    seed: u64,
    with_rule: Option<&str>,
) -> Result<(), Failure> {
    if !(seconds.is_finite() && (0.0..=tools::bench::MAX_SECONDS).contains(&seconds)) {
        return Err(Failure(
            format!(
                "--seconds must be a number from 0 to {} (a day), not {seconds}",
                tools::bench::MAX_SECONDS
            ),
            2,
        ));
    }
    let g = load(&pos.game)?;
    let s = position(&g, pos)?;
    let line = |g: &Game, r: &tools::bench::BenchReport, what: &str| {
        outln!(
            "{}{what}: {} playouts, {} plies in {:.2}s: {:.0} playouts/s, {:.0} plies/s (1 thread)",
            g.name(),
            r.playouts,
            r.plies,
            r.elapsed.as_secs_f64(),
            r.playouts_per_sec(),
            r.plies_per_sec()
        )
    };
    match with_rule {
        None => line(&g, &tools::bench::playouts(&g, &s, seconds, seed), ""),
        Some(rule) => {
            let source = match tabletop::games::shipped_source(&pos.game.game) {
                Some(src) => src.to_string(),
                // A regular file, bounded and UTF-8, as every other text read.
                None => tools::files::read_text(std::path::Path::new(&pos.game.game))
                    .map_err(|e| Failure(e, 2))?,
            };
            let h = tabletop::compile_source(
                g.name(),
                &format!("{} + --with-rule", pos.game.game),
                &format!("{source}\n{rule}\n"),
                &pos.game.set,
            )?;
            let t = position(&h, pos)?;
            let (a, b) = tools::bench::compare((&g, &s), (&h, &t), seconds, seed);
            line(&g, &a, "");
            line(&h, &b, &format!(" with '{rule}'"));
            outln!(
                "the rule costs {:.1}% of the plies per second",
                100.0 * (1.0 - b.plies_per_sec() / a.plies_per_sec().max(1e-9))
            );
        }
    }
    Ok(())
}

/// `tabletop show`: the position drawn, its text, and who moves or how it ended.
fn show(args: &PositionArgs) -> Result<(), Failure> {
    let g = load(&args.game)?;
    let s = position(&g, args)?;
    out!("{}", draw(&g, &s, &Style::default()));
    outln!("{}", g.position_to_string(&s));
    // The ending names the rule that decided it, as `play` says it.
    match tabletop::engine::ending::describe_end(&g, &s) {
        Some(end) => outln!("game over: {end}"),
        None => outln!("{} to move", g.players()[s.to_move().index()]),
    }
    Ok(())
}

/// `tabletop moves`: the legal moves, one a line.
fn moves(pos: &PositionArgs, compact: bool) -> Result<(), Failure> {
    let g = load(&pos.game)?;
    let s = position(&g, pos)?;
    // A finished game has no moves; say why on stderr, keeping stdout a plain list.
    if let Some(end) = tabletop::engine::ending::describe_end(&g, &s) {
        eprintln!("game over: {end}");
    }
    for mv in g.legal_moves_vec(&s) {
        if compact {
            outln!("{}", g.move_to_compact(&s, mv));
        } else {
            outln!("{}", g.move_to_string(&s, mv));
        }
    }
    Ok(())
}

/// `tabletop selfcheck`: random games checked against the engine's invariants; fails
/// (exit 1) when one does not hold.
fn selfcheck(game: &GameArgs, plies: u64, seed: u64) -> Result<(), Failure> {
    let g = load(game)?;
    let opts = tools::selfcheck::Options {
        plies,
        seed,
        ..Default::default()
    };
    // No time printed: the same seed prints the same report.
    let report = tools::selfcheck::run(&g, &opts);
    out!("{}", report.render(&game.game, &game.set));
    if !report.passed() {
        return Err(Failure(String::new(), 1));
    }
    Ok(())
}

/// `tabletop list`: the shipped games, by name and title.
fn list() -> Result<(), Failure> {
    // The names' column is as wide as the longest name.
    let names = tabletop::shipped_names();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    for name in names {
        let g = tabletop::load_shipped(name, &[])?;
        outln!("{name:<width$}  {}", g.title());
    }
    Ok(())
}

/// `tabletop convert`: a record read in one format (recognised by its content) and written
/// in the one the output's name asks for, keeping who played, where, when and the result.
fn convert(
    input: &std::path::Path,
    output: &std::path::Path,
    game_ref: &str,
    index: usize,
) -> Result<(), Failure> {
    use tabletop::io::record::write_atomic;
    use tabletop::io::saved::{self, Format, ReadOptions};
    let text = tools::files::read_text(input).map_err(|e| Failure(e, 1))?;
    let opts = ReadOptions {
        given: Some(game_ref),
        pgn_game: game_ref,
        pgn_options: &[],
        index,
    };
    let read = saved::read(&text, input, &opts)
        .map_err(|e| Failure(format!("{}: {e}", input.display()), 1))?;
    if read.format == Format::Pgn {
        // A PGN file may hold a whole database: say which game of how many is converted.
        outln!(
            "{} holds {} game{}: converting game {index}{}",
            input.display(),
            read.games,
            if read.games == 1 { "" } else { "s" },
            if read.games > 1 {
                " (--index N for another)"
            } else {
                ""
            }
        );
    } else if index != 1 {
        return Err(Failure(
            format!(
                "{}: --index picks a game of a PGN file; this file holds one game",
                input.display()
            ),
            1,
        ));
    }
    for w in &read.warnings {
        eprintln!("{}: warning: {w}", input.display());
    }
    let mut record = read.record;
    // The record's game is a shipped one or the rule file given as --game: never a file the
    // record names.
    let game = tabletop::games::load_recorded(&record.game, &record.options, Some(game_ref))
        .map_err(|e| Failure(format!("{}: {e}", input.display()), 1))?;
    if Format::of_name(output) == Format::Record {
        // Replayed first, so an illegal move is refused before anything is written; each
        // move's text is replaced in place (a second list of millions of moves would double
        // the memory a big record takes).
        let mut state = match &record.position {
            Some(p) => game
                .parse_position(p)
                .map_err(|e| Failure(e.to_string(), 1))?,
            None => game.start(),
        };
        for (i, m) in record.moves.iter_mut().enumerate() {
            let mv = game
                .parse_move(&state, m)
                .map_err(|e| Failure(format!("{}: move {}: {e}", input.display(), i + 1), 1))?;
            *m = game.move_to_string(&state, mv);
            game.make(&mut state, mv);
        }
    }
    if Format::of_name(output) == Format::Pgn && !game.algebraic() {
        return Err(Failure(
            format!(
                "{} is not written in algebraic notation: PGN is for such games",
                game.title()
            ),
            1,
        ));
    }
    let out = saved::write(&game, &record, output)
        .map_err(|e| Failure(format!("{}: {e}", input.display()), 1))?;
    write_atomic(output, &out)
        .map_err(|e| Failure(format!("cannot write {}: {e}", output.display()), 1))?;
    outln!("wrote {}", output.display());
    Ok(())
}

/// `tabletop test`: runs the suites, printing each scenario as it finishes.
fn test(target: Option<&str>) -> Result<(), Failure> {
    use tools::scenario::{find_suites, run_suite, Found};
    let found = find_suites(target).map_err(|e| Failure(e.message, e.code))?;
    let (mut passed, mut failed, mut broken) = (0, 0, 0);
    for f in &found {
        let suite = match f {
            Found::Suite(s) => s,
            Found::NoScenarios { game_file } => {
                outln!("{game_file}: no scenarios (no .test file beside it)");
                continue;
            }
        };
        let run = run_suite(suite, |r| {
            if r.passed() {
                outln!("{}: {} ... ok", suite.game, r.name);
            } else {
                outln!("{}: {} ... FAILED", suite.game, r.name);
                for d in &r.failures {
                    out!("{}", d.render(&suite.test_file, &suite.test_source));
                }
            }
        });
        match run {
            Ok(results) => {
                let ok = results.iter().filter(|r| r.passed()).count();
                passed += ok;
                failed += results.len() - ok;
            }
            Err(e) => {
                broken += 1;
                outln!("{}: cannot run its scenarios ... FAILED", suite.game);
                outln!("{e}");
            }
        }
    }
    outln!("{passed} passed, {failed} failed");
    if failed > 0 || broken > 0 {
        return Err(Failure(
            match broken {
                0 => String::new(),
                n => format!(
                    "{n} scenario file{} could not run",
                    if n == 1 { "" } else { "s" }
                ),
            },
            1,
        ));
    }
    Ok(())
}

/// Which solver `solve` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SolveMethod {
    /// Alpha-beta over win/draw/loss.
    Exact,
    /// Depth-first proof-number search.
    Dfpn,
}

/// `solve --method dfpn`: the value, every first move (symmetric ones grouped) and counts.
fn solve_dfpn(
    g: &Game,
    s: &mut State,
    mut opts: tools::solve::dfpn::Options,
    progress: bool,
) -> Result<(), Failure> {
    use tools::solve::dfpn;
    let t = Instant::now();
    if opts.checkpoint.is_some() {
        // Ctrl-C stops the search, which saves its table, instead of ending the process.
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let _ = SOLVE_STOP.set(stop.clone());
        opts.stop = Some(stop);
    }
    let start = s.clone();
    let sol = dfpn::solve_dfpn(g, s, opts, |p| {
        if !progress {
            return;
        }
        let secs = t.elapsed().as_secs_f64();
        let name = |m| g.move_to_string(&start, m);
        if let Some((mv, v)) = p.solved {
            eprintln!("… {secs:.0}s: {} {}", name(mv), value_word(v));
            return;
        }
        let position = p.first.map_or("here".to_string(), |m| format!("after {}", name(m)));
        eprintln!(
            "… {secs:.0}s: {} positions searched, {} proven, table {:.1}% full; does {} win {position}? proof number {}, disproof number {}",
            p.nodes,
            p.proven,
            100.0 * p.filled as f64 / p.capacity as f64,
            g.players()[p.attacker.index()],
            p.root.0,
            p.root.1,
        );
    })
    .map_err(|e| {
        // Stopped by Ctrl-C (after saving the checkpoint): the code of an interruption.
        let interrupted = SOLVE_STOP
            .get()
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed));
        Failure(e.to_string(), if interrupted { 130 } else { 1 })
    })?;
    let me = &g.players()[s.to_move().index()];
    outln!("value: {me} (to move) {}", value_word(sol.value));
    for grp in &sol.groups {
        let names: Vec<String> = grp.moves.iter().map(|&m| g.move_to_string(s, m)).collect();
        outln!("  {:<12} {}", names.join(" "), value_word(grp.value));
    }
    if !sol.line.is_empty() {
        let mut at = s.clone();
        let words: Vec<String> = sol
            .line
            .iter()
            .map(|&m| {
                let w = g.move_to_string(&at, m);
                g.make(&mut at, m);
                w
            })
            .collect();
        outln!("line: {}", words.join(" "));
    }
    let fixing = sol.symmetries.iter().filter(|y| y.fixes(s)).count();
    outln!(
        "symmetries: {} ({} of them fix this position)",
        sol.symmetries.len(),
        fixing
    );
    let st = sol.stats;
    let connections = if sol.connections {
        format!(
            ", {} by virtual connections; {} narrowed to a must-play region",
            st.connection_cuts, st.narrowed
        )
    } else {
        String::new()
    };
    outln!(
        "positions {} proven {} (at once: {} by a killer, {} by a listed move{connections}) table {} of {} slots time {:.3}s",
        st.nodes,
        st.proven,
        st.killer_cuts,
        st.win_cuts,
        st.filled,
        st.capacity,
        t.elapsed().as_secs_f64()
    );
    Ok(())
}

fn value_word(v: tools::solve::Value) -> &'static str {
    match v {
        tools::solve::Value::Win => "wins",
        tools::solve::Value::Draw => "draws",
        tools::solve::Value::Loss => "loses",
    }
}

/// Turns the engine's [`TooManyMoves`](tabletop::engine::TooManyMoves) panic (a position
/// with more moves than fit in memory) into an error message and exit code 1, on whatever
/// thread it happens; other panics keep the default report.
fn install_move_cap_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if let Some(e) = info
            .payload()
            .downcast_ref::<tabletop::engine::TooManyMoves>()
        {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
        default(info);
    }));
}

/// On Ctrl-C (SIGINT) or SIGTERM: gives the terminal back if the full-screen board holds
/// it, removes a record's half-written temporary file, says so and exits with 128 + the
/// signal's number (130, 143: what shells report for them), from a thread of its own, so a
/// long perft, solve, match, bench, tree or selfcheck stops cleanly. The board itself reads
/// the terminal's Ctrl-C as a key (raw mode); only a signal sent from outside reaches here.
/// Set by `solve --method dfpn --checkpoint`: the flag Ctrl-C sets to stop it.
static SOLVE_STOP: std::sync::OnceLock<std::sync::Arc<std::sync::atomic::AtomicBool>> =
    std::sync::OnceLock::new();

fn exit_on_signal() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    std::thread::spawn(move || {
        for signal in signals.forever() {
            // A df-pn solve with a checkpoint: the first signal stops it (it saves its
            // table and exits); a second one ends the process at once.
            if let Some(stop) = SOLVE_STOP.get() {
                if !stop.swap(true, std::sync::atomic::Ordering::Relaxed) {
                    eprintln!("interrupted: saving the checkpoint (again to quit at once)");
                    continue;
                }
            }
            tabletop::ui::board::term::restore_terminal();
            tabletop::io::record::remove_pending_temp();
            eprintln!("interrupted");
            std::process::exit(128 + signal);
        }
    });
}

fn main() -> ExitCode {
    install_move_cap_hook();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    // `serve` stops on Ctrl-C by design: it closes its connections and exits 0 itself.
    if !matches!(cli.command, Command::Serve(_)) {
        exit_on_signal();
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(msg, code)) => {
            if !msg.is_empty() {
                eprintln!("{msg}");
            }
            ExitCode::from(code)
        }
    }
}
