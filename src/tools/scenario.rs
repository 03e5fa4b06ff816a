//! Running scenarios: each scenario of a `<game>.test` file (see [`crate::lang::scenario`])
//! played against the compiled game, every assertion checked, every failure a diagnostic
//! pointing at the assertion with the expected and the actual value.

use std::collections::BTreeSet;

use crate::compile::compile_source;
use crate::engine::ending::describe_end;
use crate::engine::{Game, Move, Outcome, State};
use crate::lang::scenario::{parse_scenarios, ExpectedResult, MovesCheck, Scenario, Step};
use crate::lang::{Diagnostic, Span, Spanned};
use crate::tools::files::read_text;
use crate::tools::perft::perft;

/// Most moves a failure lists before it says how many more there are.
const LISTED: usize = 40;

/// A rule file and its scenario file, as text, with the names their messages use.
#[derive(Clone, Debug)]
pub struct Suite {
    /// The game's name (a shipped name or the rule file's stem).
    pub game: String,
    /// The rule file's path as shown in messages.
    pub game_file: String,
    /// The rule file's text.
    pub game_source: String,
    /// The scenario file's path as shown in messages.
    pub test_file: String,
    /// The scenario file's text.
    pub test_source: String,
}

/// How one scenario went.
#[derive(Clone, Debug)]
pub struct ScenarioResult {
    /// The scenario's name.
    pub name: String,
    /// Each failed assertion or action (none when it passed).
    pub failures: Vec<Diagnostic>,
}

impl ScenarioResult {
    /// Whether every step held.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Why a whole suite could not run.
#[derive(Clone, Debug)]
pub enum SuiteError {
    /// The scenario file has syntax errors: rendered diagnostics.
    Scenarios(String),
    /// The rule file does not compile: its rendered diagnostics.
    Game(String),
}

impl std::fmt::Display for SuiteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SuiteError::Scenarios(s) | SuiteError::Game(s) => f.write_str(s.trim_end()),
        }
    }
}

/// Runs every scenario of a suite, calling `each` with each result as soon as it is known.
pub fn run_suite(
    suite: &Suite,
    mut each: impl FnMut(&ScenarioResult),
) -> Result<Vec<ScenarioResult>, SuiteError> {
    let file = parse_scenarios(&suite.test_source).map_err(|d| {
        SuiteError::Scenarios(crate::lang::diag::render_all(
            &d,
            &suite.test_file,
            &suite.test_source,
        ))
    })?;
    let base = compile_source(&suite.game, &suite.game_file, &suite.game_source, &[])
        .map_err(|e| SuiteError::Game(e.to_string()))?;
    let mut results = Vec::new();
    for scenario in &file.scenarios {
        let failures = run_scenario(suite, &base, scenario);
        let result = ScenarioResult {
            name: scenario.name.node.clone(),
            failures,
        };
        each(&result);
        results.push(result);
    }
    Ok(results)
}

/// Runs one scenario: its failures, in the order met.
fn run_scenario(suite: &Suite, base: &Game, scenario: &Scenario) -> Vec<Diagnostic> {
    let custom;
    let game = if scenario.set.is_empty() {
        base
    } else {
        let set: Vec<(String, String)> = scenario
            .set
            .iter()
            .map(|(k, v)| (k.node.clone(), v.node.clone()))
            .collect();
        match compile_source(&suite.game, &suite.game_file, &suite.game_source, &set) {
            Ok(g) => {
                custom = g;
                &custom
            }
            Err(e) => {
                let (k, v) = &scenario.set[0];
                let text = e.to_string();
                return vec![Diagnostic::error(
                    k.span.to(v.span),
                    "the game does not compile with these options",
                )
                .with_note(text.trim_end().to_string())];
            }
        }
    };
    let mut state = match &scenario.from {
        None => game.start(),
        Some(p) => match game.parse_position(&p.node) {
            Ok(s) => s,
            Err(e) => {
                return vec![Diagnostic::error(p.span, format!("not a position: {e}"))];
            }
        },
    };
    let mut run = Runner {
        game,
        failures: Vec::new(),
    };
    for step in &scenario.steps {
        // A failed action leaves the game somewhere the rest was not written for.
        if !run.step(&mut state, step) {
            break;
        }
    }
    run.failures
}

struct Runner<'g> {
    game: &'g Game,
    failures: Vec<Diagnostic>,
}

impl Runner<'_> {
    /// Runs one step; `false` when it was an action that failed.
    fn step(&mut self, s: &mut State, step: &Spanned<Step>) -> bool {
        let g = self.game;
        match &step.node {
            Step::Play(moves) => {
                for (i, word) in moves.iter().enumerate() {
                    match g.parse_move(s, &word.node) {
                        Ok(mv) => g.make(s, mv),
                        Err(e) => {
                            let why = match describe_end(g, s) {
                                Some(end) => format!("the game is over: {end}"),
                                None => e.to_string(),
                            };
                            let d = Diagnostic::error(
                                word.span,
                                format!("move {} of this line cannot be played", i + 1),
                            )
                            .with_note(why)
                            .with_note(format!("position: {}", g.position_to_string(s)));
                            return self.fail(d);
                        }
                    }
                }
            }
            Step::Roll(r) => {
                let outcomes = g.chance_outcomes(s);
                if outcomes.is_empty() {
                    let d = Diagnostic::error(r.span, "the dice are not to be rolled here")
                        .with_note(self.not_chance(s));
                    return self.fail(d);
                }
                let Some(&(mv, _)) = outcomes
                    .iter()
                    .find(|(m, _)| m.as_roll().map(u32::from) == Some(r.node))
                else {
                    let rolls: Vec<String> = outcomes
                        .iter()
                        .filter_map(|(m, _)| m.as_roll().map(|r| r.to_string()))
                        .collect();
                    let d = Diagnostic::error(r.span, format!("the dice cannot show {}", r.node))
                        .with_note(format!("possible rolls: {}", rolls.join(" ")));
                    return self.fail(d);
                };
                g.make(s, mv);
            }
            Step::Moves { origin, check } => self.moves(s, step.span, origin.as_ref(), check),
            Step::Refuse { mv, reason } => self.refuse(s, mv, reason.as_ref()),
            Step::Result { expect, by } => self.result(s, step.span, expect, by.as_ref()),
            Step::Perft { depth, count } => {
                let n = perft(g, s, depth.node);
                if n != count.node {
                    self.failures.push(
                        Diagnostic::error(count.span, format!("perft {} differs", depth.node))
                            .with_note(format!("expected: {}", count.node))
                            .with_note(format!("actual:   {n}")),
                    );
                }
            }
            Step::Position(p) => match g.parse_position(&p.node) {
                Err(e) => {
                    return self.fail(Diagnostic::error(p.span, format!("not a position: {e}")));
                }
                Ok(want) => {
                    let (want, have) = (g.position_to_string(&want), g.position_to_string(s));
                    // Only the fields written are compared: a position without its move
                    // counters matches at any ply.
                    let n = p.node.split_whitespace().count();
                    let fields =
                        |t: &str| t.split_whitespace().take(n).collect::<Vec<_>>().join(" ");
                    if fields(&want) != fields(&have) {
                        self.failures.push(
                            Diagnostic::error(p.span, "the position differs")
                                .with_note(format!("expected: {want}"))
                                .with_note(format!("actual:   {have}")),
                        );
                    }
                }
            },
            Step::Chance { roll, probability } => {
                let outcomes = g.chance_outcomes(s);
                if outcomes.is_empty() {
                    return self.fail(
                        Diagnostic::error(step.span, "the dice are not to be rolled here")
                            .with_note(self.not_chance(s)),
                    );
                }
                let p = outcomes
                    .iter()
                    .find(|(m, _)| m.as_roll().map(u32::from) == Some(roll.node))
                    .map_or(0.0, |&(_, p)| p);
                if (p - probability.node).abs() > 1e-9 {
                    let all: Vec<String> = outcomes
                        .iter()
                        .filter_map(|(m, p)| m.as_roll().map(|r| format!("{r}: {p}")))
                        .collect();
                    self.failures.push(
                        Diagnostic::error(
                            probability.span,
                            format!("the chance of rolling {} differs", roll.node),
                        )
                        .with_note(format!("expected: {}", probability.node))
                        .with_note(format!("actual:   {p}"))
                        .with_note(format!("every roll: {}", all.join(", "))),
                    );
                }
            }
            Step::Turn(who) => match self.player(who) {
                None => return false,
                Some(p) if p != s.to_move() => {
                    self.failures.push(
                        Diagnostic::error(who.span, "it is another player's turn")
                            .with_note(format!("expected: {}", who.node))
                            .with_note(format!("actual:   {}", g.players()[s.to_move().index()])),
                    );
                }
                Some(_) => {}
            },
        }
        true
    }

    /// Records a failed action; the scenario stops.
    fn fail(&mut self, d: Diagnostic) -> bool {
        self.failures.push(d);
        false
    }

    /// Why a position is no chance node, for a note.
    fn not_chance(&self, s: &State) -> String {
        if self.game.dice().is_none() {
            "this game has no dice".to_string()
        } else if self.game.is_over(s) {
            "the game is over".to_string()
        } else {
            format!(
                "the dice show {}; {} moves next",
                s.roll().map_or("nothing".to_string(), |r| r.to_string()),
                self.game.players()[s.to_move().index()]
            )
        }
    }

    /// The player named `who`, or a failure with a suggestion.
    fn player(&mut self, who: &Spanned<String>) -> Option<crate::engine::Player> {
        let g = self.game;
        if let Some(p) = g.player_by_name(&who.node) {
            return Some(p);
        }
        self.failures.push(
            Diagnostic::error(who.span, format!("no player '{}' in this game", who.node))
                .suggest(&who.node, g.players().iter().map(String::as_str))
                .with_note(format!("players: {}", g.players().join(", "))),
        );
        None
    }

    /// A move written in an assertion that names a cell the board does not have: a
    /// mistake in the scenario, not a behaviour of the game.
    fn bad_cell(&mut self, word: &Spanned<String>) -> bool {
        match self.game.unknown_cell_in(&word.node) {
            Some(cell) => {
                let d = Diagnostic::error(
                    word.span,
                    format!("there is no cell '{cell}' on this board"),
                )
                .suggest(
                    &cell,
                    self.game.board().cells.iter().map(|c| c.name.as_str()),
                );
                self.failures.push(d);
                true
            }
            None => false,
        }
    }

    fn moves(
        &mut self,
        s: &State,
        span: Span,
        origin: Option<&Spanned<String>>,
        check: &MovesCheck,
    ) {
        let g = self.game;
        let mut legal = g.legal_moves_vec(s).into_iter().collect::<Vec<Move>>();
        let mut what = "the legal moves".to_string();
        if let Some(o) = origin {
            let Some(cell) = g.board().cell_by_name(&o.node) else {
                self.bad_cell(o);
                if self.failures.is_empty() {
                    self.failures.push(Diagnostic::error(
                        o.span,
                        format!("there is no cell '{}' on this board", o.node),
                    ));
                }
                return;
            };
            legal.retain(|m| g.move_origin(m) == Some(cell));
            what = format!(
                "the legal moves from {}",
                g.board().cells[cell.index()].name
            );
        }
        let actual: BTreeSet<String> = legal.iter().map(|&m| g.move_to_string(s, m)).collect();
        // Each expected move in the game's own spelling when it is legal (so `E2E4` and
        // `e2-e4` match `e2e4`), as written otherwise.
        let spell = |w: &Spanned<String>| match g.parse_move(s, &w.node) {
            Ok(m) => g.move_to_string(s, m),
            Err(_) => w.node.clone(),
        };
        match check {
            MovesCheck::Count(n) => {
                if actual.len() as u64 != n.node {
                    self.failures.push(
                        Diagnostic::error(n.span, format!("the number of {what} differs"))
                            .with_note(format!("expected: {}", n.node))
                            .with_note(format!("actual:   {}", actual.len()))
                            .with_note(format!("moves: {}", listed(actual.iter()))),
                    );
                }
            }
            MovesCheck::Exactly(words) | MovesCheck::Include(words) => {
                let exact = matches!(check, MovesCheck::Exactly(_));
                if words.iter().any(|w| self.bad_cell(w)) {
                    return;
                }
                let expected: BTreeSet<String> = words.iter().map(spell).collect();
                let missing: Vec<&String> = expected.difference(&actual).collect();
                let extra: Vec<&String> = actual.difference(&expected).collect();
                if missing.is_empty() && (!exact || extra.is_empty()) {
                    return;
                }
                let mut d = Diagnostic::error(
                    span,
                    if exact {
                        format!("{what} differ")
                    } else {
                        format!("not all of these are among {what}")
                    },
                );
                if !missing.is_empty() {
                    d = d.with_note(format!("not legal: {}", listed(missing.into_iter())));
                }
                if exact && !extra.is_empty() {
                    d = d.with_note(format!("also legal: {}", listed(extra.into_iter())));
                }
                d = d.with_note(format!(
                    "actual ({}): {}",
                    actual.len(),
                    listed(actual.iter())
                ));
                self.failures.push(d);
            }
            MovesCheck::Exclude(words) => {
                for w in words {
                    if self.bad_cell(w) {
                        continue;
                    }
                    if let Ok(m) = g.parse_move(s, &w.node) {
                        if origin.is_none() || legal.contains(&m) {
                            self.failures.push(
                                Diagnostic::error(
                                    w.span,
                                    format!("{} is among {what}", g.move_to_string(s, m)),
                                )
                                .with_note("expected: not legal"),
                            );
                        }
                    }
                }
            }
        }
    }

    fn refuse(&mut self, s: &State, mv: &Spanned<String>, reason: Option<&Spanned<String>>) {
        let g = self.game;
        if self.bad_cell(mv) {
            return;
        }
        let why = match g.parse_move(s, &mv.node) {
            Ok(m) => {
                self.failures.push(
                    Diagnostic::error(mv.span, format!("{} is legal here", g.move_to_string(s, m)))
                        .with_note("expected: refused"),
                );
                return;
            }
            Err(e) => e.to_string(),
        };
        if let Some(r) = reason {
            if !why.to_lowercase().contains(&r.node.to_lowercase()) {
                self.failures.push(
                    Diagnostic::error(r.span, "the move is refused for another reason")
                        .with_note(format!("expected the reason to say: {}", r.node))
                        .with_note(format!("actual reason: {why}")),
                );
            }
        }
    }

    fn result(
        &mut self,
        s: &State,
        span: Span,
        expect: &ExpectedResult,
        by: Option<&Spanned<String>>,
    ) {
        let g = self.game;
        let outcome = g.outcome(s);
        let players = g.num_players();
        let held = match expect {
            ExpectedResult::None => outcome.is_none(),
            ExpectedResult::Draw => outcome == Some(Outcome::Draw),
            ExpectedResult::Wins(who) | ExpectedResult::Loses(who) => {
                let Some(p) = self.player(who) else { return };
                let wins = matches!(expect, ExpectedResult::Wins(_));
                match outcome {
                    Some(o) if wins => o.winner(players) == Some(p),
                    Some(Outcome::Loss(l)) => l == p,
                    Some(o) => players == 2 && o.winner(players).is_some_and(|w| w != p),
                    None => false,
                }
            }
        };
        let actual = describe_end(g, s).unwrap_or_else(|| {
            format!(
                "the game goes on; {} to move",
                g.players()[s.to_move().index()]
            )
        });
        let expected = match expect {
            ExpectedResult::None => "the game goes on".to_string(),
            ExpectedResult::Draw => "draw".to_string(),
            ExpectedResult::Wins(w) => format!("{} wins", w.node),
            ExpectedResult::Loses(w) => format!("{} loses", w.node),
        };
        if !held {
            self.failures.push(
                Diagnostic::error(span, "the result differs")
                    .with_note(format!("expected: {expected}"))
                    .with_note(format!("actual:   {actual}")),
            );
            return;
        }
        if let Some(b) = by {
            // `by` names the rule as the rule file writes it (`line(3)`), or words of the
            // ending as it is said (`three in a row`).
            let want = b.node.to_lowercase();
            let source = crate::engine::ending::deciding_rule_source(g, s).unwrap_or_default();
            if !actual.to_lowercase().contains(&want) && !source.to_lowercase().contains(&want) {
                self.failures.push(
                    Diagnostic::error(b.span, "the game ended by another rule")
                        .with_note(format!("expected the ending to say: {}", b.node))
                        .with_note(format!("actual ending: {actual}")),
                );
            }
        }
    }
}

/// Moves in a line, at most [`LISTED`] of them, then how many more.
fn listed<'a>(moves: impl ExactSizeIterator<Item = &'a String>) -> String {
    let n = moves.len();
    if n == 0 {
        return "none".to_string();
    }
    let mut out: Vec<&str> = moves.take(LISTED).map(String::as_str).collect();
    let more;
    if n > LISTED {
        more = format!("… and {} more", n - LISTED);
        out.push(&more);
    }
    out.join(" ")
}

/// What `tabletop test` found to run for one game.
#[derive(Clone, Debug)]
pub enum Found {
    /// A rule file with its scenario file.
    Suite(Suite),
    /// A rule file in a folder with no scenario file beside it.
    NoScenarios {
        /// The rule file's path.
        game_file: String,
    },
}

/// Why `tabletop test` has nothing to run: a message and the exit code it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindError {
    /// What is wrong.
    pub message: String,
    /// 2 for a usage error (nothing to run), 1 for a file that is not readable text.
    pub code: u8,
}

impl FindError {
    fn usage(message: String) -> FindError {
        FindError { message, code: 2 }
    }
}

impl std::fmt::Display for FindError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// The suites `tabletop test [target]` runs: with no target every shipped game (the
/// scenario files built into the binary); a shipped game's name; a `.game` file (its
/// `.test` beside it); a `.test` file (its `.game` beside it); or a folder (every `.game`
/// in it, in name order). An error is a usage error (nothing to run, exit code 2) or a
/// rule or scenario file that cannot be read as text (bad input, exit code 1).
pub fn find_suites(target: Option<&str>) -> Result<Vec<Found>, FindError> {
    let Some(target) = target else {
        return Ok(crate::games::shipped_names()
            .into_iter()
            .filter_map(shipped_suite)
            .map(Found::Suite)
            .collect());
    };
    if let Some(suite) = shipped_suite(target) {
        return Ok(vec![Found::Suite(suite)]);
    }
    let path = std::path::Path::new(target);
    if path.is_dir() {
        let mut games: Vec<std::path::PathBuf> = std::fs::read_dir(path)
            .map_err(|e| FindError::usage(format!("cannot read the folder '{target}': {e}")))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "game") && p.is_file())
            .collect();
        games.sort();
        if games.is_empty() {
            return Err(FindError::usage(format!(
                "no .game files in the folder '{target}'"
            )));
        }
        return games
            .iter()
            .map(|g| {
                let t = g.with_extension("test");
                if t.exists() {
                    file_suite(g, &t).map(Found::Suite)
                } else {
                    Ok(Found::NoScenarios {
                        game_file: g.display().to_string(),
                    })
                }
            })
            .collect();
    }
    let ext = path.extension().and_then(|x| x.to_str());
    if path.is_file() && matches!(ext, Some("game" | "test")) {
        let (g, t) = (path.with_extension("game"), path.with_extension("test"));
        let missing = if ext == Some("game") { &t } else { &g };
        if !missing.exists() {
            return Err(FindError::usage(format!(
                "no {} beside '{target}': a game's scenarios are written in <game>.test beside <game>.game (see docs/testing.md)",
                missing.display()
            )));
        }
        return file_suite(&g, &t).map(|s| vec![Found::Suite(s)]);
    }
    if path.exists() {
        return Err(FindError::usage(format!(
            "'{target}' is neither a .game nor a .test file nor a folder"
        )));
    }
    Err(FindError::usage(crate::games::unknown(target).to_string()))
}

/// The suite of a shipped game, from the files built into the binary.
fn shipped_suite(name: &str) -> Option<Suite> {
    Some(Suite {
        game: name.to_string(),
        game_file: format!("games/{name}.game"),
        game_source: crate::games::shipped_source(name)?.to_string(),
        test_file: format!("games/{name}.test"),
        test_source: crate::games::shipped_tests(name)?.to_string(),
    })
}

/// The suite of a rule file and scenario file on disk.
/// A file that exists but is not readable text (not UTF-8, too large) is bad input.
fn file_suite(game: &std::path::Path, test: &std::path::Path) -> Result<Suite, FindError> {
    let read = |p: &std::path::Path| read_text(p).map_err(|message| FindError { message, code: 1 });
    Ok(Suite {
        game: game
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("game")
            .to_string(),
        game_file: game.display().to_string(),
        game_source: read(game)?,
        test_file: test.display().to_string(),
        test_source: read(test)?,
    })
}
