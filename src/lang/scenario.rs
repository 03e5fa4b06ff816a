//! Scenario files (`<game>.test` beside `<game>.game`): named checks of a rule file's
//! behaviour, parsed from `grammar/scenario.pest` into a syntax tree with spans.
//!
//! The tree holds text as written (moves, cells, player names, positions): what they mean
//! depends on the compiled game, so [`crate::tools::scenario`] resolves them when it runs a
//! scenario and reports what does not resolve as a diagnostic at the word's span.

use pest::iterators::Pair;
use pest::Parser;

use super::diag::Diagnostic;
use super::span::{pair_name as name, pair_span as span, pair_string as string};
use super::span::{Name, Span, Spanned};

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/scenario.pest"]
struct ScenarioParser;

/// A parsed scenario file.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioFile {
    /// The scenarios, in the order written.
    pub scenarios: Vec<Scenario>,
}

/// One named scenario: set-up steps, then actions and assertions run in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// Its name, as quoted after `scenario`.
    pub name: Spanned<String>,
    /// Option overrides (`set size = 5`), applied before anything runs.
    pub set: Vec<(Name, Name)>,
    /// The start position, if not the game's own (`from "…"`).
    pub from: Option<Spanned<String>>,
    /// The actions and assertions, in order.
    pub steps: Vec<Spanned<Step>>,
}

/// An action or assertion of a scenario.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// `play e2e4 e7e5`: moves played in order.
    Play(Vec<Name>),
    /// `roll 3`: the dice show this.
    Roll(Spanned<u32>),
    /// `moves [from CELL] = …` / `include …` / `exclude …` / `count N`.
    Moves {
        /// Only the moves of the piece on this cell.
        origin: Option<Name>,
        /// What is asserted of them.
        check: MovesCheck,
    },
    /// `refuse MOVE ["reason"]`: the move is not legal, and the explanation contains the text.
    Refuse {
        /// The move as written.
        mv: Name,
        /// Words the explanation must contain.
        reason: Option<Spanned<String>>,
    },
    /// `result X wins [by "…"]`, `result draw`, `result none`.
    Result {
        /// The outcome expected.
        expect: ExpectedResult,
        /// Words the ending's explanation must contain (the rule that ended it).
        by: Option<Spanned<String>>,
    },
    /// `perft DEPTH COUNT`.
    Perft {
        /// Plies counted.
        depth: Spanned<u32>,
        /// Move sequences of that length.
        count: Spanned<u64>,
    },
    /// `position "…"`: the position now, in position notation.
    Position(Spanned<String>),
    /// `chance ROLL = P`: at a roll of the dice, the probability of this roll.
    Chance {
        /// The roll.
        roll: Spanned<u32>,
        /// Its probability, as written (`6/16`, `0.375`), and its value.
        probability: Spanned<f64>,
    },
    /// `turn PLAYER`: whose turn it is.
    Turn(Name),
}

/// What a `moves` assertion checks.
#[derive(Clone, Debug, PartialEq)]
pub enum MovesCheck {
    /// Exactly these moves are legal.
    Exactly(Vec<Name>),
    /// These moves are legal (others may be too).
    Include(Vec<Name>),
    /// These moves are not legal.
    Exclude(Vec<Name>),
    /// This many moves are legal.
    Count(Spanned<u64>),
}

/// The outcome a `result` assertion expects.
#[derive(Clone, Debug, PartialEq)]
pub enum ExpectedResult {
    /// The game goes on.
    None,
    /// A draw.
    Draw,
    /// This player won.
    Wins(Name),
    /// This player lost.
    Loses(Name),
}

/// Parses a scenario file; every error is a diagnostic with a span.
pub fn parse_scenarios(source: &str) -> Result<ScenarioFile, Vec<Diagnostic>> {
    let file = ScenarioParser::parse(Rule::file, source)
        .map_err(|e| vec![syntax_error(&e, source)])?
        .next()
        .ok_or_else(|| vec![Diagnostic::error(Span::default(), "empty input")])?;
    let mut scenarios: Vec<Scenario> = Vec::new();
    let mut errors = Vec::new();
    for line in file.into_inner().filter(|p| p.as_rule() != Rule::EOI) {
        let span = span(&line);
        if line.as_rule() == Rule::scenario {
            let name = string(inner(line).remove(1));
            if let Some(same) = scenarios.iter().find(|s| s.name.node == name.node) {
                let at = same.name.span;
                errors.push(
                    Diagnostic::error(name.span, format!("scenario \"{}\" twice", name.node))
                        .with_hint(format!(
                            "scenario names must differ (the first is on line {})",
                            source[..at.start as usize].matches('\n').count() + 1
                        )),
                );
            }
            scenarios.push(Scenario {
                name,
                set: Vec::new(),
                from: None,
                steps: Vec::new(),
            });
            continue;
        }
        let Some(current) = scenarios.last_mut() else {
            errors.push(
                Diagnostic::error(span, "a step before the first scenario")
                    .with_hint("start a scenario with a line such as: scenario \"opening moves\""),
            );
            continue;
        };
        if let Err(d) = add_step(current, line) {
            errors.push(d);
        }
    }
    if errors.is_empty() {
        Ok(ScenarioFile { scenarios })
    } else {
        Err(errors)
    }
}

/// Adds one step line to the scenario it belongs to.
fn add_step(scenario: &mut Scenario, line: Pair<Rule>) -> Result<(), Diagnostic> {
    let span = span(&line);
    let rule = line.as_rule();
    let mut parts = inner(line);
    // The keyword is always the first child.
    parts.remove(0);
    let setup_done = !scenario.steps.is_empty();
    let step = match rule {
        Rule::set_step | Rule::from_step if setup_done => {
            let word = if rule == Rule::set_step {
                "set"
            } else {
                "from"
            };
            return Err(Diagnostic::error(
                span,
                format!("'{word}' after the scenario's first move or assertion"),
            )
            .with_hint(format!(
                "'{word}' sets the scenario up: write it right under the 'scenario' line"
            )));
        }
        Rule::set_step => {
            let value = name(parts.remove(1));
            let key = name(parts.remove(0));
            scenario.set.push((key, value));
            return Ok(());
        }
        Rule::from_step => {
            if let Some(first) = &scenario.from {
                return Err(
                    Diagnostic::error(span, "a second 'from' in one scenario").with_hint(format!(
                        "the scenario already starts from \"{}\"",
                        first.node
                    )),
                );
            }
            scenario.from = Some(string(parts.remove(0)));
            return Ok(());
        }
        Rule::play_step => Step::Play(parts.into_iter().map(name).collect()),
        Rule::roll_step => Step::Roll(number(&parts[0])?),
        Rule::moves_step => {
            let mut origin = None;
            if parts[0].as_rule() == Rule::origin {
                let o = parts.remove(0);
                origin = Some(name(inner(o).remove(1)));
            }
            let check = parts.remove(0);
            let check = match check.as_rule() {
                Rule::exact => MovesCheck::Exactly(moves_list(check)),
                Rule::include => MovesCheck::Include(moves_list(check)),
                Rule::exclude => MovesCheck::Exclude(moves_list(check)),
                _ => MovesCheck::Count(number(&inner(check)[1])?),
            };
            Step::Moves { origin, check }
        }
        Rule::refuse_step => Step::Refuse {
            mv: name(parts.remove(0)),
            reason: parts.pop().map(string),
        },
        Rule::result_step => {
            let outcome = parts.remove(0);
            let by = parts.pop().map(string);
            let mut words = inner(outcome);
            let expect = match words[0].as_rule() {
                Rule::kw_none => ExpectedResult::None,
                Rule::kw_draw => ExpectedResult::Draw,
                _ => {
                    let verb = words.remove(1).as_rule();
                    let who = name(words.remove(0));
                    if verb == Rule::kw_wins {
                        ExpectedResult::Wins(who)
                    } else {
                        ExpectedResult::Loses(who)
                    }
                }
            };
            Step::Result { expect, by }
        }
        Rule::perft_step => Step::Perft {
            depth: number(&parts[0])?,
            count: number(&parts[1])?,
        },
        Rule::position_step => Step::Position(string(parts.remove(0))),
        Rule::chance_step => Step::Chance {
            roll: number(&parts[0])?,
            probability: probability(&parts[1])?,
        },
        Rule::turn_step => Step::Turn(name(parts.remove(0))),
        _ => return Err(Diagnostic::error(span, "not a scenario step")),
    };
    scenario.steps.push(Spanned::new(step, span));
    Ok(())
}

/// The moves of an `=`, `include` or `exclude` list (an `=` may list none).
fn moves_list(check: Pair<Rule>) -> Vec<Name> {
    check
        .into_inner()
        .filter(|p| p.as_rule() == Rule::move_list)
        .flat_map(|list| list.into_inner().map(name))
        .collect()
}

fn inner(p: Pair<Rule>) -> Vec<Pair<Rule>> {
    p.into_inner().collect()
}

/// A whole number that fits its type.
fn number<T: std::str::FromStr>(p: &Pair<Rule>) -> Result<Spanned<T>, Diagnostic> {
    p.as_str()
        .parse::<T>()
        .map(|n| Spanned::new(n, span(p)))
        .map_err(|_| Diagnostic::error(span(p), format!("the number {} is too large", p.as_str())))
}

/// A probability written as a fraction (`6/16`) or a decimal (`0.375`), between 0 and 1.
fn probability(p: &Pair<Rule>) -> Result<Spanned<f64>, Diagnostic> {
    let text = p.as_str();
    let value = match text.split_once('/') {
        Some((a, b)) => match (a.parse::<f64>(), b.parse::<f64>()) {
            (Ok(a), Ok(b)) if b > 0.0 => Some(a / b),
            _ => None,
        },
        None => text.parse::<f64>().ok(),
    };
    match value {
        Some(v) if (0.0..=1.0).contains(&v) => Ok(Spanned::new(v, span(p))),
        _ => Err(
            Diagnostic::error(span(p), format!("'{text}' is not a probability"))
                .with_hint("write a fraction such as 6/16, or a decimal between 0 and 1"),
        ),
    }
}

/// What a grammar rule is called in an error message.
fn describe(rule: &Rule) -> &'static str {
    match rule {
        Rule::string => "a quoted string",
        Rule::int => "a whole number",
        Rule::probability => "a probability (6/16 or 0.375)",
        Rule::word => "a name",
        Rule::move_word | Rule::move_list => "a move",
        Rule::origin | Rule::kw_from => "'from'",
        Rule::exact => "'='",
        Rule::include | Rule::kw_include => "'include'",
        Rule::exclude | Rule::kw_exclude => "'exclude'",
        Rule::count | Rule::kw_count => "'count'",
        Rule::outcome => "'none', 'draw', or a player and 'wins' or 'loses'",
        Rule::kw_wins => "'wins'",
        Rule::kw_loses => "'loses'",
        Rule::kw_by => "'by'",
        Rule::EOI => "the end of the line",
        Rule::scenario
        | Rule::kw_scenario
        | Rule::set_step
        | Rule::from_step
        | Rule::play_step
        | Rule::roll_step
        | Rule::moves_step
        | Rule::refuse_step
        | Rule::result_step
        | Rule::perft_step
        | Rule::position_step
        | Rule::chance_step
        | Rule::turn_step
        | Rule::kw_set
        | Rule::kw_play
        | Rule::kw_roll
        | Rule::kw_moves
        | Rule::kw_refuse
        | Rule::kw_result
        | Rule::kw_perft
        | Rule::kw_position
        | Rule::kw_chance
        | Rule::kw_turn => "a step (scenario, set, from, play, roll, moves, refuse, result, perft, position, chance, turn)",
        _ => "something else",
    }
}

/// One diagnostic for a pest error: what was expected where, and what was found.
fn syntax_error(e: &pest::error::Error<Rule>, source: &str) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    }
    .min(source.len());
    let rest = &source[pos..];
    let line_rest = rest.split(['\n', '\r']).next().unwrap_or("");
    let token_len = line_rest
        .char_indices()
        .find(|&(i, c)| i > 0 && (c.is_whitespace() || c == ','))
        .map_or(line_rest.len(), |(i, _)| i);
    let token: String = line_rest[..token_len].chars().take(40).collect();
    let found = if token.trim().is_empty() {
        "the end of the line".to_string()
    } else {
        format!("'{}'", token.escape_debug())
    };
    let mut want: Vec<&str> = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.iter().map(describe).collect(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    want.sort_unstable();
    want.dedup();
    let message = match want.split_last() {
        None => format!("unexpected {found}"),
        Some((only, [])) => format!("expected {only}, found {found}"),
        Some((last, others)) => format!("expected {} or {last}, found {found}", others.join(", ")),
    };
    let end = pos + token_len.max(line_rest.chars().next().map_or(0, char::len_utf8));
    let mut d = Diagnostic::error(Span::new(pos, end), message);
    if token.starts_with('"') {
        d = d.with_hint("strings end on the same line with a closing '\"'");
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> ScenarioFile {
        parse_scenarios(text).unwrap_or_else(|d| panic!("{d:?}"))
    }

    fn error(text: &str) -> String {
        let diags = parse_scenarios(text).expect_err("an error");
        crate::lang::diag::render_all(&diags, "t.test", text)
    }

    #[test]
    fn reads_every_step() {
        let f = parse(
            "# comment\nscenario \"all\"\n  set size = 5\n  from \"3/3/3 X\"\n  play a1 b2\n  roll 3\n  moves = a1, b2 c3\n  moves from e2 include e2e4\n  moves exclude a1\n  moves count 0\n  moves =\n  refuse e1g1 \"check\"\n  result X wins by \"line\"\n  result draw\n  result none\n  result O loses\n  perft 2 72\n  position \"3/3/3 O\"\n  chance 2 = 6/16\n  chance 0 = 0.0625\n  turn O\n",
        );
        let s = &f.scenarios[0];
        assert_eq!(s.name.node, "all");
        assert_eq!(s.set[0].0.node, "size");
        assert_eq!(s.set[0].1.node, "5");
        assert_eq!(s.from.as_ref().unwrap().node, "3/3/3 X");
        assert_eq!(s.steps.len(), 17);
        match &s.steps[2].node {
            Step::Moves {
                origin: None,
                check: MovesCheck::Exactly(m),
            } => assert_eq!(
                m.iter().map(|n| n.node.as_str()).collect::<Vec<_>>(),
                ["a1", "b2", "c3"]
            ),
            other => panic!("{other:?}"),
        }
        assert!(
            matches!(&s.steps[6].node, Step::Moves { check: MovesCheck::Exactly(m), .. } if m.is_empty())
        );
        match &s.steps[15].node {
            Step::Chance { roll, probability } => {
                assert_eq!(roll.node, 0);
                assert!((probability.node - 0.0625).abs() < 1e-12);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_mate_mark_is_part_of_a_move_and_a_spaced_hash_is_a_comment() {
        let f = parse("scenario \"m\"\n  play Qh4# e5 # the rest\n");
        match &f.scenarios[0].steps[0].node {
            Step::Play(m) => assert_eq!(
                m.iter().map(|n| n.node.as_str()).collect::<Vec<_>>(),
                ["Qh4#", "e5"]
            ),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn syntax_errors_point_at_the_word() {
        let e = error("scenario \"a\"\n  moves frm e2 = e2e4\n");
        assert!(e.starts_with("t.test:2:9: error: expected"), "{e}");
        let e = error("scenario \"a\"\n  perft two 3\n");
        assert!(
            e.contains("t.test:2:9: error: expected a whole number, found 'two'"),
            "{e}"
        );
        let e = error("scenario \"a\n");
        assert!(e.contains("closing '\"'"), "{e}");
    }

    #[test]
    fn set_up_comes_first_and_steps_belong_to_a_scenario() {
        let e = error("play a1\n");
        assert!(
            e.contains("t.test:1:1: error: a step before the first scenario"),
            "{e}"
        );
        let e = error("scenario \"a\"\n  play a1\n  set size = 3\n");
        assert!(
            e.contains("t.test:3:3: error: 'set' after the scenario's first move"),
            "{e}"
        );
        let e = error("scenario \"a\"\nscenario \"a\"\n");
        assert!(
            e.contains("t.test:2:10: error: scenario \"a\" twice"),
            "{e}"
        );
        let e = error("scenario \"a\"\n  chance 1 = 3/2\n");
        assert!(e.contains("'3/2' is not a probability"), "{e}");
        let e = error("scenario \"a\"\n  perft 1 99999999999999999999999\n");
        assert!(e.contains("too large"), "{e}");
    }
}
