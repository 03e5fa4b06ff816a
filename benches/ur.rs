//! `cargo bench --bench ur`: the strongest AI level against the rule file's greedy player at
//! the Royal Game of Ur. Reported, never asserted.
//!
//! 1000 seeded games (seats alternating: level 9 moves first in the even games) of AI level 9
//! (expectimax, see `tabletop::ai::DICE_LEVELS`) against the greedy one-ply player
//! (`greedy`, not an AI level) that scores moves by the `prefer` weights of
//! `games/ur.game` (Dagaz's Ur heuristic). Prints the match table with level 9's score and its 95% Wilson interval,
//! the wall-clock and CPU time, and whether the target of a 65% score is met.
//!
//! * `TABLETOP_BENCH_THREADS`: match threads (default: all cores).
//! * `TABLETOP_UR_GAMES`: games per match (default 1000).
//! * Arguments select matches by name: `ur` (Skiryuk's rules, the default), `finkel`
//!   (Finkel's rules), `ladder` (each level from 2 to 9 against the one below, 400 games
//!   each unless `TABLETOP_UR_GAMES` says otherwise; its step 9 v 8 takes some 12 minutes on
//!   two cores).

use std::time::Instant;

use tabletop::ai::AiSettings;
use tabletop::tools::tournament::{self, PlayerSpec};

/// The score level 9 should reach against the greedy player.
const TARGET: f64 = 0.65;

fn threads() -> usize {
    std::env::var("TABLETOP_BENCH_THREADS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

fn games() -> usize {
    std::env::var("TABLETOP_UR_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1000)
}

/// CPU time of this process so far, in seconds (Linux; `None` elsewhere).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn versus(game_name: &str, a: PlayerSpec, b: PlayerSpec, games: usize, target: Option<f64>) {
    let game = tabletop::load_shipped(game_name, &[]).expect("a shipped game");
    let threads = threads();
    println!(
        "== {}: {a} against {b}, {games} games, {threads} thread{}",
        game.title(),
        if threads == 1 { "" } else { "s" }
    );
    let cpu0 = cpu_seconds();
    let start = Instant::now();
    let step = (games / 20).max(1);
    let report = tournament::run_with_progress(&game, &a, &b, games, 1, threads, |n| {
        if n % step == 0 {
            eprint!(
                "\r{n}/{games} games, {:.0}s ",
                start.elapsed().as_secs_f64()
            );
        }
    });
    eprintln!();
    let wall = start.elapsed().as_secs_f64();
    print!("{}", report.table());
    let t = report.total();
    let (lo, hi) = t.wilson95();
    let cpu = match (cpu0, cpu_seconds()) {
        (Some(a), Some(b)) => format!(", {:.0} s of CPU", b - a),
        _ => String::new(),
    };
    println!(
        "{a} scores {:.1}% (95% interval {:.1}%–{:.1}%) in {wall:.0} s{cpu}; {:.2} s a game",
        100.0 * t.score(),
        100.0 * lo,
        100.0 * hi,
        wall / games as f64
    );
    if let Some(target) = target {
        let verdict = if lo >= target {
            "met (the whole interval is above it)"
        } else if t.score() >= target {
            "met by the score, but the interval reaches below it"
        } else {
            "NOT met"
        };
        println!("target {:.0}%: {verdict}", 100.0 * target);
    }
    println!();
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument selects matches by name.
    let wanted: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let run = |name: &str| {
        if wanted.is_empty() {
            name == "ur"
        } else {
            wanted.iter().any(|w| w == name)
        }
    };
    let n = games();
    if run("ur") {
        versus(
            "ur",
            PlayerSpec::Ai(AiSettings::Level(9)),
            PlayerSpec::Greedy,
            n,
            Some(TARGET),
        );
    }
    if run("finkel") {
        versus(
            "ur-finkel",
            PlayerSpec::Ai(AiSettings::Level(9)),
            PlayerSpec::Greedy,
            n,
            Some(TARGET),
        );
    }
    if run("ladder") {
        let games = std::env::var("TABLETOP_UR_GAMES").map_or(400, |_| n);
        for level in 2..=9 {
            versus(
                "ur",
                PlayerSpec::Ai(AiSettings::Level(level)),
                PlayerSpec::Ai(AiSettings::Level(level - 1)),
                games,
                None,
            );
        }
    }
}
