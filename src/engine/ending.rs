//! Why a game ended, in words: the outcome plus what decided it, made from the ending
//! rule's parts (never its source text), e.g. `X wins (three in a row)`, `White wins
//! (Black has fewer than 3 men)`.

use super::{EndCond, EndResult, Game, KindId, NoMoves, Outcome, State};

/// The index in [`Game::ends`] of the ending rule that decided `state`, if one did (rather
/// than a lack of legal moves).
///
/// The engine records only the outcome, so this replays the last move with each rule alone
/// (or, for a set-up position without moves, re-reads the position with each rule alone).
pub fn deciding_rule(game: &Game, state: &State) -> Option<usize> {
    state.result_now()?;
    let mut single = game.clone();
    match game.last_move(state) {
        Some(mv) => {
            let mut before = state.clone();
            game.unmake(&mut before);
            for (i, end) in game.ends.iter().enumerate() {
                single.rules_mut().ends = vec![end.clone()];
                let quick = super::QuickEnds::build(&single, &single.accel).map(Box::new);
                single.accel.quick_ends = quick;
                let mut s = before.clone();
                single.make(&mut s, mv);
                if s.result_now().is_some() {
                    return Some(i);
                }
            }
            None
        }
        None => {
            let text = game.position_to_string(state);
            for (i, end) in game.ends.iter().enumerate() {
                single.rules_mut().ends = vec![end.clone()];
                let quick = super::QuickEnds::build(&single, &single.accel).map(Box::new);
                single.accel.quick_ends = quick;
                if single
                    .parse_position(&text)
                    .is_ok_and(|s| s.result_now().is_some())
                {
                    return Some(i);
                }
            }
            None
        }
    }
}

fn number_word(n: u32) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// A few words for an end condition: `three in a row`, `connected top and bottom`.
pub fn condition_phrase(game: &Game, cond: &EndCond) -> String {
    let zone = |z: super::ZoneId| {
        game.board
            .zones
            .get(z.index())
            .map_or("?", |z| z.name.as_str())
            .to_string()
    };
    let kinds = |ks: &[KindId]| {
        let names: Vec<&str> = ks
            .iter()
            .filter_map(|&k| game.kinds.get(k.index()).map(|k| k.name.as_str()))
            .collect();
        if names.is_empty() {
            "piece".to_string()
        } else {
            names.join(" or ")
        }
    };
    match cond {
        EndCond::Line { n, exact, .. } => format!(
            "{}{} in a row",
            if *exact { "exactly " } else { "" },
            number_word(u32::from(*n))
        ),
        EndCond::Not(c) => format!("not {}", condition_phrase(game, c)),
        EndCond::Connect { a, b, .. } => format!("connected {} and {}", zone(*a), zone(*b)),
        EndCond::Connected { .. } => "all pieces connected".to_string(),
        EndCond::Reach { zone: z, .. } => format!("reached {}", zone(*z)),
        EndCond::NoPieces { kinds: ks } => format!("no {} left", kinds(ks)),
        EndCond::Captured { kinds: ks } => format!("captured the {}", kinds(ks)),
        EndCond::PlyLimit(n) => format!("{n} plies played"),
        EndCond::BorneOff(n) => format!("{} borne off", number_word(u32::from(*n))),
        EndCond::Repetition(_) => "a repetition".to_string(),
        EndCond::PerpetualCheck => "perpetual check".to_string(),
        EndCond::Passes(n) => format!("{} passes in a row", number_word(u32::from(*n))),
        EndCond::Score { .. } => "the higher score".to_string(),
        EndCond::State(sc) => state_phrase(game, sc),
        EndCond::LastSownIn(z) => format!("the last counter sown in {}", zone(*z)),
        EndCond::NobodyCanMove => "nobody can move".to_string(),
        EndCond::PiecesAtMost { n, kinds: ks } => {
            format!(
                "at most {} pieces left, each a {}",
                number_word(u32::from(*n)),
                kinds(ks)
            )
        }
        EndCond::OneColour { kinds: ks } => format!("every {} on one colour", kinds(ks)),
        EndCond::Most { kinds: ks } => format!("the most {}s", kinds(ks)),
        EndCond::NoProgress(n) => format!("{n} plies without progress"),
        EndCond::All(cs) => cs
            .iter()
            .map(|c| condition_phrase(game, c))
            .collect::<Vec<_>>()
            .join(" and "),
    }
}

/// A few words for a condition on counts, as the player it holds for sees it:
/// `no counters in its pits`, `the higher score`, `its men fewer than 3`.
fn state_phrase(game: &Game, cond: &super::StateCond) -> String {
    use super::{Compare, Quantity, StateCond};
    let joined = |cs: &[StateCond], word: &str| {
        cs.iter()
            .map(|c| state_phrase(game, c))
            .collect::<Vec<_>>()
            .join(word)
    };
    match cond {
        StateCond::Not(c) => format!("not {}", state_phrase(game, c)),
        StateCond::All(cs) => joined(cs, " and "),
        StateCond::Any(cs) => joined(cs, " or "),
        StateCond::Compare(Compare::Gt, Quantity::ScoreLead, Quantity::Const(0)) => {
            "the higher score".to_string()
        }
        StateCond::Compare(
            Compare::Eq,
            Quantity::Counters { zones, enemy },
            Quantity::Const(0),
        ) => {
            format!(
                "no counters left in {}",
                counters_place(game, zones, *enemy)
            )
        }
        StateCond::Compare(op, a, b) => {
            let op = match op {
                Compare::Lt => "fewer than",
                Compare::Le => "at most",
                Compare::Eq => "equal to",
                Compare::Ne => "other than",
                Compare::Ge => "at least",
                Compare::Gt => "more than",
            };
            format!(
                "{} {op} {}",
                quantity_words(game, a),
                quantity_words(game, b)
            )
        }
    }
}

/// Where counters are counted: `its pits`, `the enemy's pits`.
fn counters_place(game: &Game, zones: &[super::ZoneId], enemy: bool) -> String {
    let names: Vec<&str> = zones
        .iter()
        .filter_map(|z| game.board.zones.get(z.index()).map(|z| z.name.as_str()))
        .collect();
    let whose = if enemy { "the enemy's" } else { "its" };
    format!("{whose} {}", names.join(" and "))
}

/// A quantity in words: `its men`, `the enemy's pawns`, `its score`.
fn quantity_words(game: &Game, q: &super::Quantity) -> String {
    use super::Quantity;
    let kinds = |ks: &[KindId]| {
        let names: Vec<String> = ks
            .iter()
            .filter_map(|&k| game.kinds.get(k.index()).map(|k| format!("{}s", k.name)))
            .collect();
        names.join(" and ")
    };
    match q {
        Quantity::Const(n) => n.to_string(),
        Quantity::Count(ks) => format!("its {}", kinds(ks)),
        Quantity::EnemyCount(ks) => format!("the enemy's {}", kinds(ks)),
        Quantity::InReserve(ks) => format!("its {} in reserve", kinds(ks)),
        Quantity::Ply => "the plies played".to_string(),
        Quantity::Counters { zones, enemy } => {
            format!("the counters in {}", counters_place(game, zones, *enemy))
        }
        Quantity::Score => "its score".to_string(),
        Quantity::ScoreLead => "its lead in score".to_string(),
        Quantity::Sum(a, b) => format!(
            "{} and {}",
            quantity_words(game, a),
            quantity_words(game, b)
        ),
        Quantity::Diff(a, b) => {
            format!(
                "{} less {}",
                quantity_words(game, a),
                quantity_words(game, b)
            )
        }
    }
}

/// Why the game is over, or `None` if it is not: the outcome with what decided it, in
/// words, e.g. `X wins (three in a row)` or `draw (O has no legal move)`.
pub fn describe_end(game: &Game, state: &State) -> Option<String> {
    let outcome: Outcome = game.outcome(state)?;
    if let Some(why) = game.explain_end(state) {
        return Some(why);
    }
    let what = outcome.describe(game);
    if state.result_now().is_some() {
        return Some(
            match deciding_rule(game, state).and_then(|i| game.ends.get(i)) {
                Some(end) => {
                    // In words, never the rule file's source: a comparison is said of the
                    // player it held for, in the compiler's words where it has some.
                    let phrase = match (&end.cond, outcome, &end.words) {
                        (EndCond::State(_), Outcome::Win(p) | Outcome::Loss(p), Some(w)) => {
                            format!("{} has {w}", game.players[p.index()])
                        }
                        (EndCond::State(_), Outcome::Win(p) | Outcome::Loss(p), None) => {
                            format!("by {}'s count", game.players[p.index()])
                        }
                        _ => condition_phrase(game, &end.cond),
                    };
                    format!("{what} ({phrase})")
                }
                None => what,
            },
        );
    }
    let stuck = game
        .players
        .get(state.to_move().index())
        .map_or("?", String::as_str);
    if game.checkmate.is_some() && game.in_check(state, state.to_move()) {
        return Some(format!("{what} ({stuck} is checkmated)"));
    }
    Some(format!("{what} ({stuck} has no legal move)"))
}

/// The rule that ended the game as the rule file writes it (`win if line(3)`, `loss if
/// checkmate`, `draw if no-moves`), for the scenarios' `result … by "…"`; `None` while the
/// game goes on or when no single rule decided (a game's own explanation).
pub fn deciding_rule_source(game: &Game, state: &State) -> Option<String> {
    game.outcome(state)?;
    if game.explain_end(state).is_some() {
        return None;
    }
    if state.result_now().is_some() {
        return deciding_rule(game, state)
            .and_then(|i| game.ends.get(i))
            .map(|end| format!("{} if {}", result_word(end.result), end.text));
    }
    if let Some(r) = game.checkmate {
        if game.in_check(state, state.to_move()) {
            return Some(format!("{} if checkmate", result_word(r)));
        }
    }
    Some(match game.no_moves {
        Some(NoMoves::Result(r)) => format!("{} if no-moves", result_word(r)),
        _ => "no-moves".into(),
    })
}

fn result_word(r: EndResult) -> &'static str {
    match r {
        EndResult::Win => "win",
        EndResult::Loss => "loss",
        EndResult::Draw => "draw",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(game: &Game, moves: &str) -> State {
        let mut s = game.start();
        for m in moves.split_whitespace() {
            let mv = game.parse_move(&s, m).unwrap();
            game.make(&mut s, mv);
        }
        s
    }

    #[test]
    fn names_the_line_rule() {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let s = play(&g, "a1 a2 b1 b2 c1");
        assert_eq!(describe_end(&g, &s).unwrap(), "X wins (three in a row)");
    }

    #[test]
    fn names_a_full_board_draw() {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let s = play(&g, "a1 b2 c3 a2 a3 b3 b1 c1 c2");
        assert_eq!(describe_end(&g, &s).unwrap(), "draw (O has no legal move)");
    }

    #[test]
    fn names_the_rule_of_a_set_up_position() {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        let s = g.parse_position("XXX/OO1/3 O").unwrap();
        assert_eq!(describe_end(&g, &s).unwrap(), "X wins (three in a row)");
    }

    /// `line(exactly: 3)` wins by three, not four; `line(3) and not line(4)` likewise, and
    /// the phrase names the exact length.
    #[test]
    fn exact_lines_and_not() {
        for (end, phrase) in [
            ("line(exactly: 3)", "exactly three in a row"),
            (
                "line(3) and not line(4)",
                "three in a row and not four in a row",
            ),
        ] {
            let src = format!(
                "game \"Row\"\nplayers X, O\nboard square(6, 2)\n\
                 piece mark = \"X\" for X, \"O\" for O\nmove place(mark)\nwin if {end}\n"
            );
            let g = crate::compile_source("row", "row.game", &src, &[]).expect("compiles");
            // X a1 b1 d1, then c1 joins four: no win.
            let s = play(&g, "a1 a2 b1 b2 d1 d2 c1");
            assert_eq!(describe_end(&g, &s), None, "{end}: four is not three");
            let s = play(&g, "a1 a2 b1 b2 c1");
            assert_eq!(describe_end(&g, &s).unwrap(), format!("X wins ({phrase})"));
            // A set-up position with an exact three is judged on load; four is not.
            assert!(g
                .parse_position("3O2/XXX3 O")
                .unwrap()
                .result_now()
                .is_some());
            assert!(g
                .parse_position("2O3/XXXX2 O")
                .unwrap()
                .result_now()
                .is_none());
        }
    }

    #[test]
    fn unfinished_games_have_no_ending() {
        let g = crate::load_shipped("tictactoe", &[]).unwrap();
        assert_eq!(describe_end(&g, &g.start()), None);
    }
}
