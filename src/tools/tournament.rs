//! Matches between two players: N games with the seats swapped every game, played in
//! parallel, summarised as a results table (`tabletop match`).
//!
//! * Game `i` (from 0) has player A in the first seat when `i` is even and in the second seat
//!   when it is odd, so A and B move first equally often (one more for A when N is odd).
//! * Every game gets its own seeds, derived from the match seed and the game index only, so a
//!   match is reproducible whatever the number of threads, provided the players are (players
//!   with a time limit, such as AI levels 6 to 9 of material games, depend on the machine).
//! * In games with dice the match rolls them (from a third per-game seed), not the players, so
//!   both players of a game see the same luck for the same seed and any player can take part.
//! * Games run on `threads` worker threads (`std::thread::scope`, each taking the next game
//!   from a shared counter), every game on its own copy of the start position.
//!
//! ```
//! use tabletop::tools::tournament::{self, PlayerSpec};
//! let game = tabletop::load_shipped("tictactoe", &[]).unwrap();
//! let a: PlayerSpec = "ab:9".parse().unwrap();
//! let b: PlayerSpec = "random".parse().unwrap();
//! let report = tournament::run(&game, &a, &b, 4, 1, 2);
//! assert_eq!(report.games.len(), 4);
//! assert_eq!(report.total().b_wins, 0); // perfect play never loses tic-tac-toe
//! ```

use std::io::IsTerminal;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::ai::{
    AiSettings, AlphaBeta, AlphaBetaConfig, Bot, Greedy, GreedyConfig, Mcts, MctsConfig, RandomBot,
};
use crate::engine::ending::deciding_rule;
use crate::engine::{Game, Outcome, Player};

/// A game still unfinished after this many plies (dice rolls not counted) is stopped and
/// counted as a draw.
pub const MAX_PLIES: u32 = 10_000;

/// One side of a match, as written on the command line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerSpec {
    /// `ai:L`: the AI level L (1 to 9) of [`crate::ai::bot_for_level`], or `ai:time=2s`
    /// (and the other expert settings of [`AiSettings`]).
    Ai(AiSettings),
    /// `random`: a uniformly random legal move.
    Random,
    /// `greedy`: the rule file's greedy player, one move ahead by its `prefer` weights
    /// ([`crate::ai::Greedy`]).
    Greedy,
    /// `mcts:N`: UCT with N playouts per move (default exploration).
    Mcts(u32),
    /// `ab:D`: alpha-beta to depth D, without a time limit.
    AlphaBeta(u32),
}

impl PlayerSpec {
    /// The text a user would write for this player (`ai:5`, `mcts:1000`).
    pub fn spec(&self) -> String {
        match *self {
            PlayerSpec::Ai(ai) => format!("ai:{ai}"),
            PlayerSpec::Random => "random".into(),
            PlayerSpec::Greedy => "greedy".into(),
            PlayerSpec::Mcts(n) => format!("mcts:{n}"),
            PlayerSpec::AlphaBeta(d) => format!("ab:{d}"),
        }
    }

    /// A new player of this kind for `game`, seeded with `seed`.
    pub fn bot(&self, game: &Game, seed: u64) -> Box<dyn Bot> {
        match *self {
            PlayerSpec::Ai(ai) => ai.bot(game, seed),
            PlayerSpec::Random => Box::new(RandomBot::new(seed)),
            PlayerSpec::Greedy => Box::new(Greedy::new(GreedyConfig { seed })),
            PlayerSpec::Mcts(n) => Box::new(Mcts::new(MctsConfig {
                simulations: n,
                seed,
                ..MctsConfig::default()
            })),
            PlayerSpec::AlphaBeta(d) => Box::new(AlphaBeta::new(AlphaBetaConfig {
                max_depth: d,
                time_limit: None,
                seed,
                ..AlphaBetaConfig::default()
            })),
        }
    }
}

impl std::fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.spec())
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    /// Reads `ai:L` (L 1 to 9) or `ai:SETTINGS` (as `play`'s seats), `random`, `greedy`,
    /// `mcts:N` (N ≥ 1) or `ab:D` (D 1 to [`crate::ai::MAX_DEPTH`]).
    fn from_str(text: &str) -> Result<PlayerSpec, String> {
        let t = text.trim().to_ascii_lowercase();
        let expected = "expected ai:LEVEL (1-9) or ai:time=2s (or depth=N, playouts=N), random, \
             greedy, mcts:PLAYOUTS or ab:DEPTH";
        let number = |what: &str, arg: &str, lo: u64, hi: u64| -> Result<u64, String> {
            match arg.parse::<u64>() {
                Ok(n) if (lo..=hi).contains(&n) => Ok(n),
                _ => Err(format!(
                    "'{text}': {what} must be a whole number from {lo} to {hi}"
                )),
            }
        };
        match t.as_str() {
            "random" => return Ok(PlayerSpec::Random),
            "greedy" => return Ok(PlayerSpec::Greedy),
            _ => {}
        }
        let Some((kind, arg)) = t.split_once(':') else {
            return Err(format!("'{text}' is not a player; {expected}"));
        };
        match kind {
            "ai" => AiSettings::parse(arg)
                .map(PlayerSpec::Ai)
                .map_err(|e| format!("'{}': {e}", text.trim())),
            "mcts" => {
                Ok(PlayerSpec::Mcts(
                    number("the number of playouts", arg, 1, u64::from(u32::MAX))? as u32,
                ))
            }
            "ab" => Ok(PlayerSpec::AlphaBeta(number(
                "the depth",
                arg,
                1,
                u64::from(crate::ai::MAX_DEPTH),
            )? as u32)),
            _ => Err(format!("'{text}' is not a player; {expected}")),
        }
    }
}

/// Who won one game of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    A,
    B,
    Draw,
}

/// One finished game of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Index of the game in the match (0-based).
    pub index: usize,
    /// The seat of player A: 0 = moved first, 1 = moved second.
    pub a_seat: usize,
    /// The game's outcome (`None` if stopped at [`MAX_PLIES`]).
    pub outcome: Option<Outcome>,
    /// The winning player (game seat), if any.
    pub winner_seat: Option<Player>,
    /// Who won, by match player.
    pub winner: Winner,
    /// Plies played (moves by the players; dice rolls are not counted).
    pub plies: u32,
    /// Why the game ended: the rule text (`win if captured(intellector)`), `no legal move`
    /// or `stopped after N plies`.
    pub reason: String,
}

/// Wins, losses and draws of player A over some games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u32,
    pub a_wins: u32,
    pub b_wins: u32,
    pub draws: u32,
}

impl Tally {
    fn add(&mut self, w: Winner) {
        self.games += 1;
        match w {
            Winner::A => self.a_wins += 1,
            Winner::B => self.b_wins += 1,
            Winner::Draw => self.draws += 1,
        }
    }

    /// A's score: wins plus half the draws, over the games (0 when there are none).
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        (f64::from(self.a_wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games)
    }

    /// A 95% Wilson score interval for A's score (a draw counts as half a win).
    pub fn wilson95(&self) -> (f64, f64) {
        wilson(self.score(), self.games, 1.959_964)
    }
}

/// The Wilson score interval of a proportion `p` observed over `n` trials, `z` standard
/// deviations wide; (0, 1) when there are no trials.
pub fn wilson(p: f64, n: u32, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = f64::from(n);
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Everything a match produced.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The game's title.
    pub game: String,
    /// The names of the seats (`White`, `Black`).
    pub seats: Vec<String>,
    pub a: PlayerSpec,
    pub b: PlayerSpec,
    /// Descriptions of the players as the bots give them (`alpha-beta depth 4`).
    pub a_name: String,
    pub b_name: String,
    pub seed: u64,
    pub threads: usize,
    /// How many shards played the match, when it was merged from shards by
    /// `tabletop match-report` (the table then gives that instead of the threads); 0 when one
    /// process played it.
    pub shards: usize,
    /// The games, by index.
    pub games: Vec<GameRecord>,
    /// Wall-clock time of the whole match.
    pub elapsed: Duration,
}

impl MatchReport {
    /// The report of `games` (in index order) of a match between `a` and `b` on `game`,
    /// played in `elapsed` on `threads` threads.
    pub fn new(
        game: &Game,
        a: &PlayerSpec,
        b: &PlayerSpec,
        seed: u64,
        threads: usize,
        games: Vec<GameRecord>,
        elapsed: Duration,
    ) -> MatchReport {
        MatchReport {
            game: game.title().to_string(),
            seats: game.players().to_vec(),
            a: *a,
            b: *b,
            a_name: a.bot(game, 0).name(),
            b_name: b.bot(game, 0).name(),
            seed,
            threads,
            shards: 0,
            games,
            elapsed,
        }
    }

    /// All games.
    pub fn total(&self) -> Tally {
        let mut t = Tally::default();
        for g in &self.games {
            t.add(g.winner);
        }
        t
    }

    /// The games where A sat in `seat` (0 = first to move).
    pub fn by_seat(&self, seat: usize) -> Tally {
        let mut t = Tally::default();
        for g in self.games.iter().filter(|g| g.a_seat == seat) {
            t.add(g.winner);
        }
        t
    }

    /// Wins per game seat (by colour, whoever played it) and draws.
    pub fn by_colour(&self) -> (Vec<u32>, u32) {
        let mut wins = vec![0; self.seats.len()];
        let mut draws = 0;
        for g in &self.games {
            match g.winner_seat {
                Some(p) => wins[p.index()] += 1,
                None => draws += 1,
            }
        }
        (wins, draws)
    }

    /// Average number of plies per game.
    pub fn average_plies(&self) -> f64 {
        if self.games.is_empty() {
            return 0.0;
        }
        self.games.iter().map(|g| f64::from(g.plies)).sum::<f64>() / self.games.len() as f64
    }

    /// How many games ended for each reason, most frequent first.
    pub fn endings(&self) -> Vec<(String, u32)> {
        let mut v: Vec<(String, u32)> = Vec::new();
        for g in &self.games {
            match v.iter_mut().find(|(r, _)| *r == g.reason) {
                Some((_, n)) => *n += 1,
                None => v.push((g.reason.clone(), 1)),
            }
        }
        v.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
        v
    }

    /// The results table, as printed by `tabletop match`.
    pub fn table(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let first = self.seats.first().map_or("first", String::as_str);
        let second = self.seats.get(1).map_or("second", String::as_str);
        let (workers, what) = match self.shards {
            0 => (self.threads, "thread"),
            n => (n, "shard"),
        };
        let _ = writeln!(
            out,
            "{}: {} games, seed {}, {workers} {what}{}, {:.1}s",
            self.game,
            self.games.len(),
            self.seed,
            if workers == 1 { "" } else { "s" },
            self.elapsed.as_secs_f64()
        );
        let _ = writeln!(out, "A = {} ({})", self.a, self.a_name);
        let _ = writeln!(out, "B = {} ({})", self.b, self.b_name);
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "{:<22} {:>6} {:>7} {:>7} {:>6} {:>8}",
            "", "games", "A wins", "B wins", "draws", "A score"
        );
        let rows = [
            (format!("A first ({first})"), self.by_seat(0)),
            (format!("A second ({second})"), self.by_seat(1)),
            ("all".to_string(), self.total()),
        ];
        for (label, t) in &rows {
            let _ = writeln!(
                out,
                "{label:<22} {:>6} {:>7} {:>7} {:>6} {:>7.1}%",
                t.games,
                t.a_wins,
                t.b_wins,
                t.draws,
                100.0 * t.score()
            );
        }
        let t = self.total();
        let (lo, hi) = t.wilson95();
        let _ = writeln!(
            out,
            "A score {:.1}%, 95% interval {:.1}%–{:.1}% (Wilson; a draw counts half)",
            100.0 * t.score(),
            100.0 * lo,
            100.0 * hi
        );
        let (wins, draws) = self.by_colour();
        let n = self.games.len().max(1) as f64;
        let mut colour: Vec<String> = wins
            .iter()
            .zip(&self.seats)
            .map(|(w, name)| format!("{name} {w} ({:.0}%)", 100.0 * f64::from(*w) / n))
            .collect();
        colour.push(format!(
            "draws {draws} ({:.0}%)",
            100.0 * f64::from(draws) / n
        ));
        let _ = writeln!(out, "by colour: {}", colour.join(", "));
        let (min, max) = (
            self.games.iter().map(|g| g.plies).min().unwrap_or(0),
            self.games.iter().map(|g| g.plies).max().unwrap_or(0),
        );
        let _ = writeln!(
            out,
            "average length: {:.1} plies (shortest {min}, longest {max})",
            self.average_plies()
        );
        let _ = writeln!(out, "endings:");
        for (reason, n) in self.endings() {
            let _ = writeln!(out, "  {n:>6}  {reason}");
        }
        out
    }
}

/// SplitMix64: a well-mixed 64-bit value from `x`.
fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The seed of match player `who` (0 = A, 1 = B) in game `index` of a match seeded `seed`.
pub fn game_seed(seed: u64, index: usize, who: u64) -> u64 {
    splitmix(splitmix(seed ^ splitmix(index as u64)) ^ who)
}

/// Plays game `index` of a match and records it.
pub fn play_game(
    game: &Game,
    a: &PlayerSpec,
    b: &PlayerSpec,
    seed: u64,
    index: usize,
) -> GameRecord {
    play_game_recorded(game, a, b, seed, index, None)
}

/// [`play_game`], also pushing every move onto `moves` when given, dice rolls included, in
/// the game's notation (as a game record lists them; a match without records skips the
/// text).
pub fn play_game_recorded(
    game: &Game,
    a: &PlayerSpec,
    b: &PlayerSpec,
    seed: u64,
    index: usize,
    mut moves: Option<&mut Vec<String>>,
) -> GameRecord {
    let a_seat = index % 2;
    let mut a_bot = a.bot(game, game_seed(seed, index, 0));
    let mut b_bot = b.bot(game, game_seed(seed, index, 1));
    let mut dice = SmallRng::seed_from_u64(game_seed(seed, index, 2));
    let mut state = game.start();
    let mut plies = 0;
    let mut make = |state: &mut crate::engine::State, mv| {
        if let Some(moves) = moves.as_deref_mut() {
            moves.push(game.move_to_string(state, mv));
        }
        game.make(state, mv);
    };
    let outcome = loop {
        if game.is_chance(&state) {
            if let Some(roll) = game.sample_roll(dice.gen::<f64>()) {
                make(&mut state, roll);
                continue;
            }
        }
        if let Some(o) = game.outcome(&state) {
            break Some(o);
        }
        if plies >= MAX_PLIES {
            break None;
        }
        let bot = if state.to_move().index() == a_seat {
            &mut a_bot
        } else {
            &mut b_bot
        };
        match bot.select_move(game, &mut state) {
            Some(mv) => {
                make(&mut state, mv);
                plies += 1;
            }
            // No move although the rules did not end the game (a game without a no-moves
            // rule, or one whose players pass): nobody can go on.
            None => break Some(stuck_outcome(game, &state)),
        }
    };
    finish(game, &state, outcome, index, plies)
}

/// The outcome of a game whose player to move has no move although the rules did not end
/// it: what the no-moves rule says, else a draw.
pub(crate) fn stuck_outcome(game: &Game, state: &crate::engine::State) -> Outcome {
    game.no_moves_outcome(state).unwrap_or(Outcome::Draw)
}

/// The record of game `index` of a match, ended in `state` with `outcome` (`None`: stopped
/// at [`MAX_PLIES`]) after `plies` moves by the players.
pub(crate) fn finish(
    game: &Game,
    state: &crate::engine::State,
    outcome: Option<Outcome>,
    index: usize,
    plies: u32,
) -> GameRecord {
    let a_seat = index % 2;
    let winner_seat = outcome.and_then(|o| o.winner(game.num_players()));
    let winner = match winner_seat {
        Some(p) if p.index() == a_seat => Winner::A,
        Some(_) => Winner::B,
        None => Winner::Draw,
    };
    let reason = ending_reason(game, state, outcome);
    GameRecord {
        index,
        a_seat,
        outcome,
        winner_seat,
        winner,
        plies,
        reason,
    }
}

fn result_word(r: crate::engine::EndResult) -> &'static str {
    match r {
        crate::engine::EndResult::Win => "win",
        crate::engine::EndResult::Loss => "loss",
        crate::engine::EndResult::Draw => "draw",
    }
}

/// Plays `games` games between `a` and `b` on `threads` threads (at least 1); see the module
/// documentation. Two-player games only (with more players the other seats would be empty).
pub fn run(
    game: &Game,
    a: &PlayerSpec,
    b: &PlayerSpec,
    games: usize,
    seed: u64,
    threads: usize,
) -> MatchReport {
    run_with_progress(game, a, b, games, seed, threads, |_| {})
}

/// [`run`], calling `progress` with the number of finished games after each game (from the
/// worker threads, so it must be `Sync`).
pub fn run_with_progress(
    game: &Game,
    a: &PlayerSpec,
    b: &PlayerSpec,
    games: usize,
    seed: u64,
    threads: usize,
    progress: impl Fn(usize) + Sync,
) -> MatchReport {
    let start = Instant::now();
    let indices: Vec<usize> = (0..games).collect();
    let threads = threads.clamp(1, games.max(1));
    let pairing = Pairing { game, a, b, seed };
    let played = play_games(&pairing, &indices, threads, false, |_, _, n| {
        progress(n);
        Ok::<(), std::convert::Infallible>(())
    });
    let games = match played {
        Ok(g) => g,
        Err(never) => match never {},
    };
    MatchReport::new(game, a, b, seed, threads, games, start.elapsed())
}

/// One match: the game, its two players and its seed (each game's players are seeded from
/// it and the game's number).
#[derive(Clone, Copy)]
pub struct Pairing<'a> {
    /// The game played.
    pub game: &'a Game,
    /// Player A (first in the even games).
    pub a: &'a PlayerSpec,
    /// Player B.
    pub b: &'a PlayerSpec,
    /// The match seed.
    pub seed: u64,
}

/// Plays the games `indices` of the match `pairing` on `threads` worker threads (at
/// least 1), each worker taking the next index from a shared counter, and returns their
/// records in the order of `indices`. After each game the worker that played it calls
/// `each` with its record, its moves (empty unless `keep_moves`) and the number of games
/// finished so far; once `each` returns an error no new game starts and that error is
/// returned (the first one, if several workers fail).
pub fn play_games<E: Send>(
    pairing: &Pairing,
    indices: &[usize],
    threads: usize,
    keep_moves: bool,
    each: impl Fn(&GameRecord, &[String], usize) -> Result<(), E> + Sync,
) -> Result<Vec<GameRecord>, E> {
    let Pairing { game, a, b, seed } = *pairing;
    let threads = threads.clamp(1, indices.len().max(1));
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let failed: Mutex<Option<E>> = Mutex::new(None);
    let results: Mutex<Vec<Option<GameRecord>>> = Mutex::new(vec![None; indices.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut moves = Vec::new();
                loop {
                    let slot = next.fetch_add(1, Ordering::Relaxed);
                    if slot >= indices.len() {
                        break;
                    }
                    if failed.lock().unwrap_or_else(|e| e.into_inner()).is_some() {
                        break;
                    }
                    moves.clear();
                    let r = play_game_recorded(
                        game,
                        a,
                        b,
                        seed,
                        indices[slot],
                        keep_moves.then_some(&mut moves),
                    );
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if let Err(e) = each(&r, &moves, n) {
                        failed
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .get_or_insert(e);
                        break;
                    }
                    results.lock().unwrap_or_else(|e| e.into_inner())[slot] = Some(r);
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    Ok(results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect())
}

/// Most games one match plays (each keeps a record in memory).
pub const MAX_GAMES: u32 = 1_000_000;
/// Most worker threads a match starts.
pub const MAX_THREADS: u32 = 256;

/// The options of `tabletop match`.
#[derive(Args, Clone, Debug)]
pub struct MatchArgs {
    /// A shipped game's name (see `tabletop list`) or a path to a .game file.
    pub game: String,
    /// Player A: ai:LEVEL (1-9), random, greedy, mcts:PLAYOUTS or ab:DEPTH.
    #[arg(long, value_name = "PLAYER")]
    pub a: PlayerSpec,
    /// Player B: ai:LEVEL (1-9), random, greedy, mcts:PLAYOUTS or ab:DEPTH.
    #[arg(long, value_name = "PLAYER")]
    pub b: PlayerSpec,
    /// Number of games; A moves first in games 1, 3, 5, …, B in games 2, 4, 6, ….
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=MAX_GAMES as i64))]
    pub games: u32,
    /// Match seed; each game's players are seeded from it and the game number.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS as i64))]
    pub threads: Option<u32>,
    /// Override a game option: --set size=9 (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = crate::games::parse_set)]
    pub set: Vec<(String, String)>,
    /// Play only shard I of N (I from 0 to N-1): the games k (from 0) with k mod N = I.
    /// Needs --records; `tabletop match-report DIR` merges the shards.
    #[arg(long, value_name = "I/N", requires = "records")]
    pub shard: Option<super::shards::ShardSpec>,
    /// Write every game's record, and a summary of the shard, into this folder (made if
    /// missing).
    #[arg(long, value_name = "DIR")]
    pub records: Option<std::path::PathBuf>,
}

/// Why `tabletop match` failed, with the exit code to use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchError {
    pub message: String,
    pub code: u8,
}

/// `tabletop match`: plays the match, with a progress bar on standard error when it is a
/// terminal, and prints the results table.
pub fn cli(args: &MatchArgs) -> Result<(), MatchError> {
    let game = crate::load(&args.game, &args.set).map_err(|e| MatchError {
        message: e.to_string(),
        code: e.exit_code() as u8,
    })?;
    if game.num_players() != 2 {
        return Err(MatchError {
            message: format!(
                "match needs a two-player game; {} has {} players",
                game.title(),
                game.num_players()
            ),
            code: 2,
        });
    }
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    );
    if let Some(dir) = &args.records {
        return super::shards::play_shard(args, &game, dir, threads);
    }
    let games = args.games as usize;
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(games as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games  {elapsed_precise} (eta {eta})",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Some(bar)
    } else {
        None
    };
    let report = run_with_progress(&game, &args.a, &args.b, games, args.seed, threads, |n| {
        if let Some(bar) = &bar {
            bar.set_position(n as u64);
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    print!("{}", report.table());
    Ok(())
}

/// The rule that ended a game, as the endings table counts it: `win if line(3)`, `loss if
/// checkmate`, `draw if no-moves`, or that it was stopped.
fn ending_reason(game: &Game, state: &crate::engine::State, outcome: Option<Outcome>) -> String {
    match outcome {
        None => format!("stopped after {MAX_PLIES} plies"),
        Some(_) if state.result_now().is_some() => {
            match deciding_rule(game, state).and_then(|i| game.ends().get(i)) {
                Some(end) => format!("{} if {}", result_word(end.result), end.text),
                None => "an ending rule".into(),
            }
        }
        // The player to move has no legal move: the rule that says what that means.
        Some(_) => match (game.checkmate(), game.no_moves()) {
            (Some(r), _) if game.in_check(state, state.to_move()) => {
                format!("{} if checkmate", result_word(r))
            }
            (_, Some(crate::engine::NoMoves::Result(r))) => {
                format!("{} if no-moves", result_word(r))
            }
            _ => "nobody could move".into(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The endings table names the rule: a checkmate is `loss if checkmate`, a full
    /// tic-tac-toe board `draw if no-moves`, not "… has no legal move".
    #[test]
    fn endings_name_the_rule_that_ended_the_game() {
        let reason = |game: &str, moves: &str| {
            let g = crate::load_shipped(game, &[]).unwrap();
            let mut s = g.start();
            for m in moves.split_whitespace() {
                let mv = g.parse_move(&s, m).unwrap();
                g.make(&mut s, mv);
            }
            ending_reason(&g, &s, g.outcome(&s))
        };
        assert_eq!(reason("chess", "f3 e5 g4 Qh4"), "loss if checkmate");
        assert_eq!(
            reason("tictactoe", "b2 a1 c1 a3 a2 c2 b1 b3 c3"),
            "draw if no-moves"
        );
        assert_eq!(
            reason("tictactoe", "b2 a1 c1 a3 a2"),
            format!("stopped after {MAX_PLIES} plies")
        );
    }

    #[test]
    fn specs_parse_and_print() {
        for t in [
            "ai:1",
            "ai:9",
            "ai:time=2s",
            "ai:time=500ms,playouts=200",
            "random",
            "greedy",
            "mcts:1000",
            "ab:3",
        ] {
            assert_eq!(t.parse::<PlayerSpec>().unwrap().spec(), t);
        }
        assert_eq!(
            "AI:5".parse::<PlayerSpec>(),
            Ok(PlayerSpec::Ai(AiSettings::Level(5)))
        );
        for bad in [
            "",
            "ai",
            "ai:0",
            "ai:10",
            "ai:depth=-1",
            "ai:time=xyz",
            "mcts:0",
            "ab:x",
            "alphabeta:3",
            "human",
        ] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }

    /// `greedy` is the rule file's `prefer` player: at Ur it beats the random player in
    /// most of a seeded match.
    #[test]
    fn the_greedy_player_beats_random_at_ur() {
        let game = crate::load_shipped("ur", &[]).unwrap();
        let greedy: PlayerSpec = "greedy".parse().unwrap();
        let r = run(&game, &greedy, &PlayerSpec::Random, 20, 3, 1);
        assert!(r.total().score() >= 0.8, "{}", r.table());
        assert!(r.table().contains("A = greedy"), "{}", r.table());
    }

    #[test]
    fn wilson_interval() {
        let (lo, hi) = wilson(0.5, 100, 1.959_964);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0.3, 0, 1.96), (0.0, 1.0));
        let (lo, hi) = wilson(1.0, 20, 1.959_964);
        assert!((lo - 0.8389).abs() < 1e-3 && hi == 1.0, "{lo} {hi}");
    }

    #[test]
    fn seats_alternate_and_threads_do_not_change_results() {
        let game = crate::load_shipped("tictactoe", &[]).unwrap();
        let a = PlayerSpec::Random;
        let one = run(&game, &a, &a, 9, 7, 1);
        let three = run(&game, &a, &a, 9, 7, 3);
        assert_eq!(one.games, three.games);
        assert_eq!(one.by_seat(0).games, 5);
        assert_eq!(one.by_seat(1).games, 4);
        let t = one.total();
        assert_eq!(t.a_wins + t.b_wins + t.draws, 9);
        assert!(one.table().contains("A first (X)"), "{}", one.table());
    }
}
