//! Tests of the players: real outcomes on real positions, no timings.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use super::*;
use crate::engine::{Outcome, Player};
use crate::{compile_source, load_shipped, Game, State};

fn game(name: &str) -> Game {
    load_shipped(name, &[]).expect("shipped game compiles")
}

fn game_with(name: &str, set: &[(&str, &str)]) -> Game {
    load_shipped(name, &crate::option_pairs(set)).expect("shipped game compiles")
}

fn custom(src: &str) -> Game {
    compile_source("custom", "custom.game", src, &[]).expect("test game compiles")
}

fn pos(g: &Game, text: &str) -> State {
    g.parse_position(text).expect("test position parses")
}

fn ab(depth: u32, seed: u64) -> AlphaBeta {
    AlphaBeta::new(AlphaBetaConfig {
        max_depth: depth,
        time_limit: None,
        tt_size_mb: 1,
        seed,
        ..AlphaBetaConfig::default()
    })
}

fn mcts(simulations: u32, seed: u64) -> Mcts {
    Mcts::new(MctsConfig {
        simulations,
        seed,
        ..MctsConfig::default()
    })
}

/// The move `bot` picks in `position`, in the game's notation.
fn pick(bot: &mut dyn Bot, g: &Game, position: &str) -> String {
    let mut s = pos(g, position);
    let mv = bot.select_move(g, &mut s).expect("a move");
    g.move_to_string(&s, mv)
}

/// A mid-game breakthrough position reached by seeded random moves.
fn breakthrough_midgame(g: &Game, seed: u64) -> State {
    let mut s = g.start();
    let mut r = RandomBot::new(seed);
    for _ in 0..12 {
        let Some(mv) = r.select_move(g, &mut s) else {
            break;
        };
        g.make(&mut s, mv);
    }
    assert!(s.result_now().is_none());
    s
}

fn assert_unchanged(g: &Game, before: &State, after: &State) {
    assert!(before.same_position(after));
    assert_eq!(before.hash(), after.hash());
    assert_eq!(before.board(), after.board());
    assert_eq!(g.hash_from_scratch(after), after.hash());
    assert!(before.moves_played().eq(after.moves_played()));
}

#[test]
fn alphabeta_wins_at_once_tictactoe() {
    let g = game("tictactoe");
    for depth in [1, 2, 5, 9] {
        assert_eq!(pick(&mut ab(depth, 1), &g, "XX1/OO1/3 X"), "c3");
        // O could block X but wins first.
        assert_eq!(pick(&mut ab(depth, 1), &g, "XX1/OO1/X2 O"), "c2");
    }
    let mut bot = ab(5, 0);
    let mut s = pos(&g, "XX1/OO1/3 X");
    let info = bot.search(&g, &mut s);
    assert_eq!(info.score, MATE - 1);
}

#[test]
fn alphabeta_blocks_tictactoe() {
    let g = game("tictactoe");
    for depth in [2, 4, 9] {
        assert_eq!(pick(&mut ab(depth, 3), &g, "XX1/O2/3 O"), "c3");
        assert_eq!(pick(&mut ab(depth, 3), &g, "X2/1O1/X2 O"), "a2");
    }
}

#[test]
fn alphabeta_solves_tictactoe_as_draw() {
    let g = game("tictactoe");
    let mut s = g.start();
    let mut bot = ab(MAX_DEPTH, 7);
    let info = bot.search(&g, &mut s);
    assert!(info.solved);
    assert_eq!(info.score, 0);
    assert!(info.depth <= 9);
}

#[test]
fn alphabeta_wins_and_blocks_connect4() {
    let g = game("connect4");
    for depth in [1, 3, 6] {
        assert_eq!(pick(&mut ab(depth, 5), &g, "7/7/7/7/7/XXX1OOO Red"), "d1");
    }
    let mut s = pos(&g, "7/7/7/7/7/XXX1OOO Red");
    assert_eq!(ab(6, 5).search(&g, &mut s).score, MATE - 1);
    for depth in [2, 4, 6] {
        assert_eq!(
            pick(&mut ab(depth, 5), &g, "7/7/7/7/7/XXX1OO1 Yellow"),
            "d1"
        );
    }
}

#[test]
fn alphabeta_finds_forced_win_in_three() {
    // X holds two opposite corners, O the centre. O must take an edge: a corner loses.
    let g = game("tictactoe");
    let mut s = pos(&g, "X2/1O1/2X O");
    let info = ab(9, 2).search(&g, &mut s);
    assert_eq!(info.score, 0);
    let mv = g.move_to_string(&s, info.best.expect("a move"));
    assert!(["a2", "b1", "b3", "c2"].contains(&mv.as_str()), "{mv}");
    // After O's corner a1, X blocks on c3 with a double threat and wins two moves later.
    let mut s = pos(&g, "X2/1O1/O1X X");
    let info = ab(9, 2).search(&g, &mut s);
    assert_eq!(info.score, MATE - 3);
    let mv = info.best.expect("a move");
    assert_eq!(g.move_to_string(&s, mv), "c3");
    g.make(&mut s, mv);
    let reply = ab(9, 2).search(&g, &mut s);
    assert_eq!(reply.score, -(MATE - 2));
}

#[test]
fn alphabeta_breakthrough_reaches_far_row() {
    let g = game("breakthrough");
    let mut s = pos(&g, "8/P7/8/7p/8/8/8/8 White");
    let before = s.clone();
    let mut bot = ab(4, 9);
    let mv = bot.select_move(&g, &mut s).expect("a move");
    assert_unchanged(&g, &before, &s);
    assert_eq!(bot.last_info().score, MATE - 1);
    g.make(&mut s, mv);
    assert_eq!(s.result_now(), Some(Outcome::Win(Player(0))));
}

#[test]
fn alphabeta_breakthrough_stops_runaway_pawn() {
    // Black's pawn on b3 will reach row 1 unless captured: only a2xb3 or c2xb3 stop it.
    let g = game("breakthrough");
    let mut s = pos(&g, "pp6/8/8/8/8/1p6/P1P5/8 White");
    let mv = ab(4, 4).select_move(&g, &mut s).expect("a move");
    let text = g.move_to_string(&s, mv);
    assert!(text.ends_with("b3"), "{text}");
}

#[test]
fn alphabeta_wins_material() {
    // White's d4 pawn takes the undefended e5 pawn, which would otherwise take it.
    let g = game("breakthrough");
    for depth in [1, 2, 3, 5] {
        let mut s = pos(&g, "p7/8/8/4p3/3P4/8/8/7P White");
        let mv = ab(depth, 8).select_move(&g, &mut s).expect("a move");
        let text = g.move_to_string(&s, mv);
        assert!(
            text.starts_with("d4") && text.ends_with("e5"),
            "depth {depth}: {text}"
        );
    }
}

#[test]
fn alphabeta_handles_no_moves_endings() {
    // Whoever cannot move loses: on three cells the first player makes the last move.
    let src = "game \"Last\"\nplayers X, O\nboard square(3, 1)\npiece mark = \"X\" for X, \"O\" for O\nmove place(mark, on: empty)\nloss if no-moves\n";
    let g = custom(src);
    let mut s = g.start();
    let info = ab(8, 0).search(&g, &mut s);
    assert!(info.solved);
    assert_eq!(info.score, MATE - 3);
    let g4 = custom(&src.replace("square(3, 1)", "square(4, 1)"));
    let mut s = g4.start();
    assert_eq!(ab(8, 0).search(&g4, &mut s).score, -(MATE - 4));
}

#[test]
fn alphabeta_searches_draughts_jumps() {
    // Draughts records only the landing cells of a jump; move ordering finds the victim
    // between them (it read past the end of the move once).
    let g = game("draughts");
    let mut s = g.start();
    let mut r = RandomBot::new(3);
    let mut jumps_seen = 0;
    for _ in 0..60 {
        if g.is_over(&s) {
            break;
        }
        let before = s.clone();
        let mv = ab(3, 0).select_move(&g, &mut s).expect("a move");
        assert_unchanged(&g, &before, &s);
        if g.rules()[mv.rule.index()].parts.iter().any(|p| {
            matches!(
                p,
                crate::engine::Part::Jump(crate::engine::prim::jump::Jump { .. })
            )
        }) {
            jumps_seen += 1;
        }
        let mv = r.select_move(&g, &mut s).expect("a move");
        g.make(&mut s, mv);
    }
    assert!(jumps_seen > 0);
}

#[test]
fn alphabeta_leaves_state_unchanged() {
    let g = game("breakthrough");
    for seed in 0..3 {
        let mut s = breakthrough_midgame(&g, seed);
        let before = s.clone();
        let mut bot = ab(4, seed);
        assert!(bot.select_move(&g, &mut s).is_some());
        assert_unchanged(&g, &before, &s);
        assert!(bot.last_info().nodes > 0);
    }
    // A search cut short by its time limit unwinds too.
    let mut s = g.start();
    let before = s.clone();
    let mut bot = AlphaBeta::new(AlphaBetaConfig {
        max_depth: MAX_DEPTH,
        time_limit: Some(Duration::from_millis(20)),
        tt_size_mb: 1,
        seed: 0,
        ..AlphaBetaConfig::default()
    });
    assert!(bot.select_move(&g, &mut s).is_some());
    assert_unchanged(&g, &before, &s);
}

#[test]
fn alphabeta_returns_none_when_game_over() {
    let g = game("tictactoe");
    let mut s = pos(&g, "XXX/OO1/3 O");
    assert!(ab(3, 0).select_move(&g, &mut s).is_none());
    let mut s = pos(&g, "XOX/XOO/OXX X");
    assert!(ab(3, 0).select_move(&g, &mut s).is_none());
    assert!(mcts(50, 0).select_move(&g, &mut s).is_none());
}

#[test]
fn same_seed_same_move() {
    let g = game("breakthrough");
    let s0 = breakthrough_midgame(&g, 11);
    for seed in [1, 2] {
        let a = ab(3, seed).select_move(&g, &mut s0.clone());
        let b = ab(3, seed).select_move(&g, &mut s0.clone());
        assert_eq!(a, b);
    }
    let hex = game_with("hex", &[("size", "5")]);
    let s0 = hex.start();
    for seed in [1, 2] {
        let a = mcts(500, seed).select_move(&hex, &mut s0.clone());
        let b = mcts(500, seed).select_move(&hex, &mut s0.clone());
        assert_eq!(a, b);
        let mut l1 = bot_for_level(&hex, 4, seed);
        let mut l2 = bot_for_level(&hex, 4, seed);
        assert_eq!(
            l1.select_move(&hex, &mut s0.clone()),
            l2.select_move(&hex, &mut s0.clone())
        );
    }
}

#[test]
fn different_seeds_break_ties_differently() {
    // Every tic-tac-toe opening draws, so the seed alone chooses among them.
    let g = game("tictactoe");
    let s0 = g.start();
    let moves: std::collections::HashSet<_> = (0..12)
        .filter_map(|seed| ab(9, seed).select_move(&g, &mut s0.clone()))
        .collect();
    assert!(moves.len() > 1);
}

#[test]
fn mcts_finds_winning_move() {
    let g = game("tictactoe");
    assert_eq!(pick(&mut mcts(2_000, 1), &g, "XX1/OO1/3 X"), "c3");
    assert_eq!(pick(&mut mcts(2_000, 2), &g, "XX1/O2/3 O"), "c3");
    let c4 = game("connect4");
    assert_eq!(
        pick(&mut mcts(3_000, 3), &c4, "7/7/7/7/7/XXX1OOO Red"),
        "d1"
    );
    assert_eq!(
        pick(&mut mcts(3_000, 4), &c4, "7/7/7/7/7/XXX1OO1 Yellow"),
        "d1"
    );
    let mut s = pos(&g, "XX1/OO1/3 X");
    let info = mcts(2_000, 5).search(&g, &mut s);
    assert!(info.best_value > 0.9);
}

#[test]
fn mcts_finds_hex_connection() {
    // 3x3 Hex, Black (top to bottom) to move: a2 joins a1 and a3 and wins at once.
    let g = game_with("hex", &[("size", "3")]);
    let mut s = pos(&g, "x2/3/x2 Black");
    let mv = mcts(3_000, 6).select_move(&g, &mut s).expect("a move");
    g.make(&mut s, mv);
    assert_eq!(s.result_now(), Some(Outcome::Win(Player(0))));
}

#[test]
fn mcts_leaves_state_unchanged() {
    let g = game("breakthrough");
    let mut s = breakthrough_midgame(&g, 21);
    let before = s.clone();
    let mut bot = mcts(300, 0);
    assert!(bot.select_move(&g, &mut s).is_some());
    assert_unchanged(&g, &before, &s);
    assert_eq!(bot.last_info().simulations, 300);
    let hex = game("hex");
    let mut s = hex.start();
    let before = s.clone();
    assert!(mcts(200, 0).select_move(&hex, &mut s).is_some());
    assert_unchanged(&hex, &before, &s);
}

#[test]
fn level9_tictactoe_never_loses_to_random() {
    let g = game("tictactoe");
    for seed in 0..20u64 {
        let ai_side = Player((seed % 2) as u8);
        let mut ai = bot_for_level(&g, 9, seed);
        let mut rnd = RandomBot::new(1000 + seed);
        let mut s = g.start();
        let outcome = loop {
            if let Some(o) = g.outcome(&s) {
                break o;
            }
            let bot: &mut dyn Bot = if s.to_move() == ai_side {
                ai.as_mut()
            } else {
                &mut rnd
            };
            let mv = bot.select_move(&g, &mut s).expect("a move while not over");
            g.make(&mut s, mv);
        };
        assert!(
            outcome.score(ai_side, 2) >= 0.5,
            "seed {seed}: level 9 as {ai_side:?} lost"
        );
    }
}

#[test]
fn levels_choose_the_search_from_the_rules() {
    for name in ["tictactoe", "connect4", "hex"] {
        let g = game(name);
        assert!(!has_material(&g), "{name}");
        assert!(bot_for_level(&g, 5, 0).name().starts_with("mcts"), "{name}");
    }
    let g = game("breakthrough");
    assert!(has_material(&g));
    assert!(bot_for_level(&g, 5, 0).name().starts_with("alpha-beta"));
    assert_eq!(bot_for_level(&g, 1, 0).name(), "random");
    assert_eq!(bot_for_level(&g, 0, 0).name(), "random");
    assert!(bot_for_level(&g, 200, 0).name().starts_with("alpha-beta"));
    // Every level produces a legal move.
    for level in 1..=9 {
        let t = game("tictactoe");
        let mut s = t.start();
        let mv = bot_for_level(&t, level, 3).select_move(&t, &mut s);
        assert!(mv.is_some_and(|m| t.legal_moves_vec(&s).contains(&m)));
    }
    if crate::games::shipped_names().contains(&"intellector") {
        let g = game("intellector");
        assert!(has_material(&g));
    }
}

/// The levels of a game with dice, by the names of their players: never alpha-beta, but
/// expectimax one choice deep with less and less noise, then deeper. (That each level
/// beats the one below is measured by `cargo bench --bench ur -- ladder`, not here: it
/// takes hundreds of games.)
#[test]
fn dice_levels_are_expectimax_with_a_falling_share_of_random_moves() {
    for name in ["ur", "backgammon"] {
        let g = game(name);
        let names: Vec<String> = (1..=9).map(|l| bot_for_level(&g, l, 0).name()).collect();
        assert_eq!(
            names,
            [
                "random",
                "expectimax depth 1 (75% random moves)",
                "expectimax depth 1 (60% random moves)",
                "expectimax depth 1 (45% random moves)",
                "expectimax depth 1 (30% random moves)",
                "expectimax depth 1 (15% random moves)",
                "expectimax depth 1",
                "expectimax depth 2, at most 400000 nodes",
                "expectimax depth 5, at most 1200000 nodes",
            ],
            "{name}"
        );
    }
}

/// The MCTS settings the levels and `ai:playouts=…` are built from ([`level_mcts`]): RAVE
/// and no UCT exploration term in placement games with many moves, the plain term (and no
/// RAVE) elsewhere.
#[test]
fn level_mcts_turns_the_exploration_term_off_where_rave_is_on() {
    for name in ["hex", "go", "gomoku"] {
        let config = level_mcts(&game(name), 1000, None, 1, 0);
        assert_eq!((config.rave, config.exploration), (RAVE_K, 0.0), "{name}");
    }
    for name in ["connect4", "tictactoe"] {
        let config = level_mcts(&game(name), 1000, None, 1, 0);
        assert_eq!(
            (config.rave, config.exploration),
            (0, MctsConfig::default().exploration),
            "{name}"
        );
        assert!(config.exploration > 0.0);
    }
}

/// A noisy player's share of random moves: none at 0 (it is the player it wraps, move for
/// move), about the share asked for at 0.5 (moves the wrapped player would not make), and
/// every move legal; it rolls the dice like the wrapped player, and a seed repeats it.
#[test]
fn a_noisy_player_plays_the_share_of_random_moves_asked_for() {
    let g = game("ur");
    let greedy = |seed| Box::new(Greedy::new(GreedyConfig { seed })) as Box<dyn Bot + Send>;
    // Positions along a seeded game between greedy players, each after a roll.
    let mut positions = Vec::new();
    let mut s = g.start();
    let mut walker = Greedy::new(GreedyConfig { seed: 9 });
    while positions.len() < 200 && g.outcome(&s).is_none() {
        if !g.is_chance(&s) && g.legal_moves_vec(&s).len() > 1 {
            positions.push(s.clone());
        }
        let mv = walker.select_move(&g, &mut s).expect("a move");
        g.make(&mut s, mv);
    }
    assert!(positions.len() > 50, "{} positions", positions.len());
    let differs = |chance: f64, seed: u64| -> usize {
        let mut noisy = Noisy::new(greedy(seed), chance, seed);
        let mut plain = greedy(seed);
        let mut n = 0;
        for p in &positions {
            let (mut a, mut b) = (p.clone(), p.clone());
            let x = noisy.select_move(&g, &mut a).expect("a move");
            let y = plain.select_move(&g, &mut b).expect("a move");
            assert!(g.legal_moves_vec(p).contains(&x));
            n += usize::from(x != y);
        }
        n
    };
    assert_eq!(differs(0.0, 4), 0);
    let half = differs(0.5, 4);
    assert!(
        (positions.len() / 5..positions.len() / 2 + 10).contains(&half),
        "{half} of {} moves differ",
        positions.len()
    );
    assert_eq!(differs(0.5, 4), half, "the same seed repeats the moves");
    // At a chance node it rolls, as the wrapped player does.
    let s = g.start();
    assert!(g.is_chance(&s));
    let mut noisy = Noisy::new(greedy(1), 1.0, 1);
    let roll = noisy.select_move(&g, &mut s.clone()).expect("a roll");
    assert!(g.legal_moves_vec(&s).contains(&roll));
    assert_eq!(noisy.name(), "greedy (100% random moves)");
}

#[test]
fn three_players() {
    let src = "game \"Three\"\nplayers A, B, C\nboard square(4, 4)\npiece mark = \"A\" for A, \"B\" for B, \"C\" for C\nmove place(mark, on: empty)\nwin if line(3)\ndraw if no-moves\n";
    let g = custom(src);
    // A wins at once on c4; B and C would win next.
    let p = "AA2/BB2/CC2/4 A";
    assert_eq!(pick(&mut ab(3, 0), &g, p), "c4");
    assert_eq!(pick(&mut mcts(3_000, 0), &g, p), "c4");
    // B must win now too (c3), whatever A threatens.
    assert_eq!(pick(&mut ab(3, 0), &g, "A1A1/BB2/CC2/4 B"), "c3");
    let mut s = g.start();
    let before = s.clone();
    assert!(ab(4, 1).select_move(&g, &mut s).is_some());
    assert!(mcts(500, 1).select_move(&g, &mut s).is_some());
    assert_unchanged(&g, &before, &s);
}

// ---------------------------------------------------------------------------------------
// Games with dice

/// A position of `g` given as text, with a ply count of 0 put in when missing.
fn dice_pos(g: &Game, text: &str) -> State {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() > 2 && fields[2].parse::<u32>().is_err() {
        fields.insert(2, "0");
    }
    pos(g, &fields.join(" "))
}

fn expectimax(depth: u32, seed: u64) -> Expectimax {
    Expectimax::new(ExpectimaxConfig {
        max_depth: depth,
        time_limit: None,
        tt_size_mb: 1,
        seed,
        max_nodes: None,
    })
}

#[test]
fn every_player_rolls_at_a_chance_node() {
    for name in ["ur", "ur-finkel"] {
        let g = game(name);
        let mut s = g.start();
        let before = s.clone();
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(RandomBot::new(1)),
            Box::new(Greedy::new(GreedyConfig::default())),
            Box::new(expectimax(3, 1)),
            Box::new(mcts(50, 1)),
            Box::new(ab(3, 1)),
        ];
        for level in 1..=9 {
            bots.push(bot_for_level(&g, level, 1));
        }
        for bot in &mut bots {
            let mv = bot.select_move(&g, &mut s).expect("a roll");
            assert!(mv.as_roll().is_some(), "{name}: {} gave {mv:?}", bot.name());
            assert!(g.legal_moves_vec(&s).contains(&mv));
            assert_unchanged(&g, &before, &s);
        }
    }
}

#[test]
fn greedy_scores_moves_by_the_rule_file() {
    let g = game("ur");
    let mut greedy = Greedy::new(GreedyConfig::default());
    let score = |greedy: &mut Greedy, text: &str| -> Vec<(String, f64)> {
        let mut s = dice_pos(&g, text);
        let mut v: Vec<(String, f64)> = greedy
            .scores(&g, &mut s)
            .into_iter()
            .map(|(m, x)| (g.move_to_string(&s, m), x))
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    };
    // Roll 4: enter on the rosette a1 (500) or take the novice on e2 (200).
    assert_eq!(
        score(&mut greedy, "6/W3B3/6 White roll=4 reserve=6,6"),
        vec![("a2xe2".into(), 200.0), ("in-a1".into(), 500.0)]
    );
    assert_eq!(
        pick(&mut greedy, &g, "6/W3B3/6 White 0 roll=4 reserve=6,6"),
        "in-a1"
    );
    // Bearing off from a2, where a veteran is safe, scores 300, from elsewhere 1000;
    // reaching a2 400; taking a veteran 400, here less 10 for the flip on the way.
    assert_eq!(
        score(&mut greedy, "6/V1V5/6 White roll=1 reserve=0,7 off=5,0"),
        vec![("a2-off".into(), 300.0), ("c2-b2".into(), 0.0)]
    );
    assert_eq!(
        score(&mut greedy, "6/1V1V4/6 White roll=1 reserve=0,7 off=5,0"),
        vec![("b2-a2".into(), 400.0), ("d2-c2".into(), 0.0)]
    );
    assert_eq!(
        score(&mut greedy, "6/1V5v/4W1 White roll=2 reserve=0,6 off=5,0"),
        vec![("b2-off".into(), 1000.0), ("g1xh2".into(), 390.0)]
    );
}

#[test]
fn greedy_without_preferences_uses_the_evaluation() {
    // Ur without its `prefer` lines still plays: by the race evaluation.
    let src = crate::games::shipped_source("ur")
        .expect("ur")
        .lines()
        .filter(|l| !l.starts_with("prefer"))
        .collect::<Vec<_>>()
        .join("\n");
    let g = custom(&src);
    assert!(g.prefer().is_empty());
    let mut greedy = Greedy::new(GreedyConfig::default());
    // Bearing off the last piece wins.
    assert_eq!(
        pick(
            &mut greedy,
            &g,
            "6/V6V/6 White 0 roll=1 reserve=0,7 off=6,0"
        ),
        "a2-off"
    );
}

#[test]
fn expectimax_takes_the_win() {
    let g = game("ur");
    for depth in 1..=4 {
        assert_eq!(
            pick(
                &mut expectimax(depth, 3),
                &g,
                "6/V6V/6 White 0 roll=1 reserve=0,7 off=6,0"
            ),
            "a2-off",
            "depth {depth}"
        );
    }
}

/// Plain expectimax, no pruning and no table: the value for the player to move.
fn naive(g: &Game, eval: &super::chance_eval::ChanceEval, s: &mut State, depth: u32) -> f64 {
    let mut buf = crate::engine::MoveList::new();
    if let Some(o) = s.result_now() {
        return super::chance_eval::outcome_value(o, s.to_move(), 2);
    }
    if g.is_chance(s) {
        if depth == 0 {
            return eval.evaluate(g, s, &mut buf);
        }
        let mut sum = 0.0;
        for (roll, p) in g.chance_outcomes(s) {
            g.make(s, roll);
            sum += p * naive(g, eval, s, depth);
            g.unmake(s);
        }
        return sum;
    }
    let me = s.to_move();
    let mut best = f64::NEG_INFINITY;
    for mv in g.legal_moves_vec(s) {
        g.make(s, mv);
        let v = naive(g, eval, s, depth - 1);
        let v = if s.to_move() == me { v } else { -v };
        g.unmake(s);
        best = best.max(v);
    }
    best
}

#[test]
fn star_pruning_finds_the_plain_expectimax_value() {
    for name in ["ur", "ur-finkel"] {
        let g = game(name);
        let eval = super::chance_eval::ChanceEval::of(&g);
        for seed in 0..6 {
            // A position some random moves in, with a roll pending.
            let mut s = g.start();
            let mut r = RandomBot::new(seed);
            for _ in 0..(20 + 9 * seed) {
                if g.outcome(&s).is_some() {
                    break;
                }
                let mv = r.select_move(&g, &mut s).expect("a move");
                g.make(&mut s, mv);
            }
            if g.is_chance(&s) {
                let mv = r.select_move(&g, &mut s).expect("a roll");
                g.make(&mut s, mv);
            }
            if g.outcome(&s).is_some() || g.legal_moves_vec(&s).len() < 2 {
                continue;
            }
            for depth in 1..=3 {
                let want = naive(&g, &eval, &mut s, depth);
                let mut e = expectimax(depth, seed);
                let info = e.search(&g, &mut s);
                assert_eq!(info.depth, depth);
                assert!(
                    (info.value - want).abs() < 1e-4,
                    "{name} seed {seed} depth {depth}: {} vs {want}",
                    info.value
                );
            }
        }
    }
}

#[test]
fn dice_players_are_reproducible_and_finish_games() {
    for name in ["ur", "ur-finkel"] {
        let g = game(name);
        let play = |seed: u64| -> (Vec<Move>, Option<Outcome>) {
            let mut bots: [Box<dyn Bot>; 2] = [
                Box::new(expectimax(2, seed)),
                Box::new(Noisy::new(
                    Box::new(Greedy::new(GreedyConfig { seed })),
                    0.3,
                    seed,
                )),
            ];
            let mut s = g.start();
            let mut moves = Vec::new();
            for _ in 0..3000 {
                if g.outcome(&s).is_some() {
                    break;
                }
                let mv = bots[s.to_move().index()]
                    .select_move(&g, &mut s)
                    .expect("a move");
                assert!(g.legal_moves_vec(&s).contains(&mv));
                g.make(&mut s, mv);
                moves.push(mv);
            }
            (moves, g.outcome(&s))
        };
        let (a, oa) = play(5);
        let (b, ob) = play(5);
        assert_eq!(a, b, "{name}: same seed, same game");
        assert!(oa.is_some() && oa == ob, "{name}: the game ends");
    }
}

#[test]
fn mcts_rolls_the_dice_and_plays_ur() {
    let g = game("ur");
    let mut m = mcts(200, 4);
    let mut s = g.start();
    for _ in 0..40 {
        if g.outcome(&s).is_some() {
            break;
        }
        let before = s.clone();
        let mv = m.select_move(&g, &mut s).expect("a move");
        assert_unchanged(&g, &before, &s);
        assert_eq!(mv.as_roll().is_some(), g.is_chance(&s));
        g.make(&mut s, mv);
    }
    // At a choice node the tree's children are moves, never rolls.
    let mut s = dice_pos(&g, "6/W3B3/6 White roll=4 reserve=6,6");
    let info = m.search(&g, &mut s);
    assert!(info.best.is_some_and(|b| b.as_roll().is_none()));
}

/// Two kings shuttling along a row: positions come back all the time, and the rules end the
/// game only at the third occurrence.
const SHUTTLE: &str = r#"
game "Shuttle"
players White, Black
board square(5, 1)
piece king = "K" for White, "k" for Black
setup king at a1 for White, e1 for Black
move king: step(e, w, to: empty)
loss if repetition(3)
draw if ply-limit(40)
"#;

#[test]
fn the_search_can_score_a_first_repeat_as_a_draw_or_follow_the_rules() {
    let g = crate::compile_source("shuttle", "shuttle.game", SHUTTLE, &[]).unwrap();
    let search = |repetition: SearchRepetition, moves: &str| {
        let mut s = g.start();
        for m in moves.split_whitespace() {
            let mv = g.parse_move(&s, m).unwrap();
            g.make(&mut s, mv);
        }
        let mut bot = AlphaBeta::new(AlphaBetaConfig {
            max_depth: 8,
            repetition,
            ..AlphaBetaConfig::default()
        });
        bot.search(&g, &mut s)
    };
    let draw = search(SearchRepetition::FirstRepeatIsDraw, "a1-b1 e1-d1");
    let rules = search(SearchRepetition::AsTheRules, "a1-b1 e1-d1");
    // Cut at every first repeat, the search visits fewer positions than one that plays on
    // to the rules' third occurrence.
    assert!(draw.nodes < rules.nodes, "{} {}", draw.nodes, rules.nodes);
    // Positions of the game before the search count too: after White's king went back and
    // forth once, the first setting cuts even more.
    let again = search(
        SearchRepetition::FirstRepeatIsDraw,
        "a1-b1 e1-d1 b1-c1 d1-e1 c1-b1 e1-d1",
    );
    let again_rules = search(
        SearchRepetition::AsTheRules,
        "a1-b1 e1-d1 b1-c1 d1-e1 c1-b1 e1-d1",
    );
    assert!(again.nodes < again_rules.nodes);
}

/// Whether `me`, to move or not, forces a win within `plies` plies: a plain search with no
/// pruning, to check the selective one against.
fn forced_win(g: &Game, s: &mut State, me: Player, plies: u32) -> bool {
    if let Some(o) = g.outcome(s) {
        return o == Outcome::Win(me) || matches!(o, Outcome::Loss(p) if p != me);
    }
    if plies == 0 {
        return false;
    }
    let mine = s.to_move() == me;
    for mv in g.legal_moves_vec(s) {
        g.make(s, mv);
        let win = forced_win(g, s, me, plies - 1);
        g.unmake(s);
        if win == mine {
            return win;
        }
    }
    !mine
}

#[test]
fn selective_search_finds_the_shortest_chess_mates() {
    // Each position has a mate; a plain search says how far away it is, and the search
    // with reductions, null moves and futility pruning (all on by default) must agree.
    let g = game("chess");
    for (fen, plies) in [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1),
        (
            "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
            3,
        ),
        ("6rk/6pp/7N/8/8/8/1Q4PP/6K1 w - - 0 1", 1),
        (
            "r1bq2r1/b4pk1/p1pp1p2/1p2pP2/1P2P1PB/3P4/1PPQ2P1/R3K2R w KQ - 0 1",
            3,
        ),
        ("k7/8/2K5/8/8/8/8/7R w - - 0 1", 3),
    ] {
        let mut s = pos(&g, fen);
        let me = s.to_move();
        let shortest = (1..=plies).find(|&n| forced_win(&g, &mut s, me, n));
        assert_eq!(shortest, Some(plies), "{fen}");
        // Reductions make a depth nominal: a quiet first move of a mate in 3 plies may be
        // searched a ply shallower at depth 3, so ask for more.
        for depth in [6, 8] {
            let info = ab(depth, 1).search(&g, &mut s);
            assert_eq!(info.score, MATE - plies as i32, "{fen} at depth {depth}");
            let mv = info.best.expect("a move");
            g.make(&mut s, mv);
            assert!(forced_win(&g, &mut s, me, plies - 1), "{fen}: {mv:?}");
            g.unmake(&mut s);
        }
    }
}

#[test]
fn null_moves_only_where_passing_cannot_be_best() {
    use super::alphabeta::NullMoveRule;
    let chess = game("chess");
    let rule = NullMoveRule::of(&chess);
    let white = Player(0);
    // Enough pieces to move: passing is never the only good move.
    assert!(rule.safe(&chess.start(), white));
    // King and pawns: zugzwang is common, so no null moves.
    let ending = pos(&chess, "8/4k3/4p3/8/3P4/4K3/8/8 w - - 0 1");
    assert!(!rule.safe(&ending, white));
    // One knight is not enough either.
    let knight = pos(&chess, "8/4k3/4p3/8/3P4/4K1N1/8/8 w - - 0 1");
    assert!(!rule.safe(&knight, white));
    let two = pos(&chess, "8/4k3/4p3/8/3P4/4KNN1/8/8 w - - 0 1");
    assert!(rule.safe(&two, white));
    // Games where having no move loses, where passing is a move, or with dice: never.
    for name in [
        "draughts",
        "go",
        "reversi",
        "ur",
        "breakthrough",
        "tictactoe",
    ] {
        let g = game(name);
        let rule = NullMoveRule::of(&g);
        assert!(!rule.safe(&g.start(), white), "{name}");
    }
}

#[test]
fn mcts_stops_at_its_time_limit() {
    // A million playouts of Connect Four take seconds; a tenth of a second stops it long
    // before, after at least one playout, with a move.
    let g = game("connect4");
    let mut s = g.start();
    let mut bot = Mcts::new(MctsConfig {
        simulations: 1_000_000,
        seed: 3,
        time_limit: Some(Duration::from_millis(100)),
        ..MctsConfig::default()
    });
    let info = bot.search(&g, &mut s);
    assert!(info.best.is_some());
    assert!(
        info.simulations >= 1 && info.simulations < 1_000_000,
        "{}",
        info.simulations
    );
    assert!(bot.name().contains("at most 0.1 s"), "{}", bot.name());
}

fn mcts_threads(simulations: u32, seed: u64, threads: usize) -> Mcts {
    Mcts::new(MctsConfig {
        simulations,
        seed,
        threads,
        ..MctsConfig::default()
    })
}

#[test]
fn root_parallel_mcts_wins_blocks_and_repeats_itself() {
    let g = game("tictactoe");
    // Win at once, and block the opponent's line, with two and three trees.
    for threads in [2, 3] {
        assert_eq!(
            pick(&mut mcts_threads(300, 1, threads), &g, "XX1/OO1/3 X"),
            "c3"
        );
        assert_eq!(
            pick(&mut mcts_threads(600, 2, threads), &g, "X2/OO1/X2 X"),
            "c2"
        );
    }
    // Each tree runs its playouts: the counts add up; the state is left as given.
    let c4 = game("connect4");
    let before = c4.start();
    let mut s = before.clone();
    let mut bot = mcts_threads(400, 9, 2);
    let info = bot.search(&c4, &mut s);
    assert_eq!(info.simulations, 800);
    assert_unchanged(&c4, &before, &s);
    assert!(c4.legal_moves_vec(&s).contains(&info.best.unwrap()));
    assert!(info.best_visits > 0 && info.best_visits <= 800);
    // The same seed gives the same move and statistics.
    let again = mcts_threads(400, 9, 2).search(&c4, &mut s.clone());
    assert_eq!(again, info);
    // One legal move, a finished game, a roll of the dice: answered at once.
    let ur = game("ur");
    let mut u = ur.start();
    let roll = mcts_threads(50, 1, 2).select_move(&ur, &mut u);
    assert!(roll.is_some(), "a roll at a chance node");
    let over = pos(&g, "XXX/OO1/3 O");
    assert_eq!(
        mcts_threads(50, 1, 2).select_move(&g, &mut over.clone()),
        None
    );
    assert!(mcts_threads(50, 1, 2).name().ends_with(", 2 threads"));
}

#[test]
fn lazy_smp_finds_the_same_mates_and_proven_values() {
    let threaded = |depth: u32, threads: usize| {
        AlphaBeta::new(AlphaBetaConfig {
            max_depth: depth,
            time_limit: None,
            tt_size_mb: 1,
            seed: 5,
            threads,
            ..AlphaBetaConfig::default()
        })
    };
    let g = game("chess");
    for (fen, plies) in [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1),
        (
            "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
            3,
        ),
        ("k7/8/2K5/8/8/8/8/7R w - - 0 1", 3),
    ] {
        let before = pos(&g, fen);
        let mut s = before.clone();
        let me = s.to_move();
        let single = ab(6, 1).search(&g, &mut s);
        let parallel = threaded(6, 2).search(&g, &mut s);
        assert_unchanged(&g, &before, &s);
        assert_eq!(parallel.score, single.score, "{fen}");
        assert_eq!(parallel.score, MATE - plies as i32, "{fen}");
        let mv = parallel.best.expect("a move");
        g.make(&mut s, mv);
        assert!(forced_win(&g, &mut s, me, plies - 1), "{fen}: {mv:?}");
        g.unmake(&mut s);
        // The helper's nodes are counted too.
        assert!(parallel.nodes > 0);
    }
    // Tic-tac-toe searched to the end: a draw from the start, a win in one where there is one.
    let t = game("tictactoe");
    for threads in [2, 3] {
        let mut s = t.start();
        let info = threaded(9, threads).search(&t, &mut s);
        assert_eq!(info.score, 0);
        assert!(info.solved);
        assert_eq!(pick(&mut threaded(9, threads), &t, "XX1/OO1/3 X"), "c3");
    }
    // A parallel search stops when told to, with a legal move.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let limits = super::Limits {
        time: Some(std::time::Duration::from_millis(100)),
        depth: Some(super::MAX_DEPTH),
        stop: Some(stop),
        ..super::Limits::default()
    };
    let mut s = g.start();
    let mut bot = threaded(super::MAX_DEPTH, 2);
    let mv = bot
        .select_move_limited(&g, &mut s, &limits, &mut |_| {})
        .expect("a move");
    assert!(g.legal_moves_vec(&s).contains(&mv));
}

#[test]
fn mcts_solver_proves_wins_and_losses_and_stops_early() {
    let g = game("tictactoe");
    // X wins at once with c3: once that move is tried the root is proven, and the search
    // stops long before its playouts are done.
    let mut s = pos(&g, "XX1/OO1/3 X");
    let info = mcts(100_000, 1).search(&g, &mut s);
    assert_eq!(g.move_to_string(&s, info.best.unwrap()), "c3");
    assert_eq!(info.best_value, 1.0);
    assert!(info.simulations < 1_000, "{}", info.simulations);
    // O to move against a fork (X threatens b3 and a2): every move is proven lost.
    let mut s = pos(&g, "X1X/1O1/X1O O");
    let info = mcts(100_000, 2).search(&g, &mut s);
    assert_eq!(info.best_value, 0.0);
    assert!(info.simulations < 100_000, "{}", info.simulations);
    // In two threads too, and without the solver the playouts all run.
    let info = mcts_threads(100_000, 3, 2).search(&g, &mut pos(&g, "XX1/OO1/3 X"));
    assert_eq!(info.best_value, 1.0);
    assert!(info.simulations < 2_000, "{}", info.simulations);
    let mut plain = Mcts::new(MctsConfig {
        simulations: 2_000,
        seed: 4,
        solver: false,
        ..MctsConfig::default()
    });
    let info = plain.search(&g, &mut pos(&g, "XX1/OO1/3 X"));
    assert_eq!(info.simulations, 2_000);
}

#[test]
fn mcts_solver_sees_a_connect_four_defence_with_few_playouts() {
    // Yellow must block d1 (Red threatens a four on the bottom row); the losing moves are
    // proven lost and never chosen, even with a few hundred playouts.
    let c4 = game("connect4");
    for seed in 0..4 {
        assert_eq!(
            pick(&mut mcts(400, seed), &c4, "7/7/7/7/7/XXX1OO1 Yellow"),
            "d1"
        );
    }
}

#[test]
fn mcts_honours_limits_and_reports_its_progress() {
    let g = game("connect4");
    let start = g.start();
    // A node budget caps the playouts; the last report names the move played.
    let mut bot = mcts(1_000_000, 3);
    let limits = Limits {
        nodes: Some(500),
        ..Limits::default()
    };
    let mut reports: Vec<Progress> = Vec::new();
    let mv = bot
        .select_move_limited(&g, &mut start.clone(), &limits, &mut |p| {
            reports.push(p.clone())
        })
        .expect("a move");
    assert_eq!(bot.last_info().simulations, 500);
    let last = reports.last().expect("a final report");
    assert_eq!(last.nodes, 500);
    assert_eq!(last.pv.first(), Some(&mv));
    assert!(matches!(last.score, Score::Chance(c) if c <= 1000));
    // A stop flag already set: a few playouts, and still a legal move.
    let stop = Arc::new(AtomicBool::new(true));
    let limits = Limits {
        stop: Some(stop),
        ..Limits::default()
    };
    let mv = bot.select_move_limited(&g, &mut start.clone(), &limits, &mut |_| {});
    assert!(g.legal_moves_vec(&start).contains(&mv.unwrap()));
    assert!(bot.last_info().simulations <= 8);
    // A time replaces the configured playouts' budget.
    let limits = Limits {
        time: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    bot.select_move_limited(&g, &mut start.clone(), &limits, &mut |_| {});
    assert!(bot.last_info().simulations < 1_000_000);
}

#[test]
fn mcts_keeps_its_tree_for_the_next_move() {
    let g = game("connect4");
    let mut s = g.start();
    let mut bot = mcts(2_000, 5);
    let first = bot.select_move(&g, &mut s).unwrap();
    assert_eq!(bot.last_info().reused, 0);
    g.make(&mut s, first);
    // The opponent's reply, then our next search starts from the kept subtree.
    let reply = g.legal_moves_vec(&s)[3];
    g.make(&mut s, reply);
    let before = s.clone();
    let mv = bot.select_move(&g, &mut s).unwrap();
    let info = bot.last_info().clone();
    assert!(info.reused > 0, "{info:?}");
    assert_eq!(info.simulations, 2_000);
    assert!(info.best_visits <= info.reused + 2_000);
    assert!(g.legal_moves_vec(&s).contains(&mv));
    assert_unchanged(&g, &before, &s);
    // The same position again: the whole tree is kept.
    bot.select_move(&g, &mut s).unwrap();
    assert!(bot.last_info().reused >= info.reused + 2_000);
    // Another game's position, or a bot that does not keep its tree: a fresh tree.
    let mut other = pos(&g, "7/7/7/7/7/XXX1OO1 Yellow");
    bot.select_move(&g, &mut other).unwrap();
    assert_eq!(bot.last_info().reused, 0);
    let mut fresh = Mcts::new(MctsConfig {
        simulations: 500,
        seed: 5,
        reuse_tree: false,
        ..MctsConfig::default()
    });
    let mut s = g.start();
    let mv = fresh.select_move(&g, &mut s).unwrap();
    g.make(&mut s, mv);
    fresh.select_move(&g, &mut s).unwrap();
    assert_eq!(fresh.last_info().reused, 0);
}

#[test]
fn expectimax_honours_limits_and_reports_its_progress() {
    let g = game("ur");
    let text = "6/W3B3/6 White roll=2 reserve=6,6";
    let start = dice_pos(&g, text);
    let legal = g.legal_moves_vec(&start);
    assert!(legal.len() >= 2, "a real choice");
    let mut bot = expectimax(8, 3);
    // A node budget ends the search within it; every completed iteration is reported, the
    // last one naming the move played.
    let limits = Limits {
        nodes: Some(3_000),
        ..Limits::default()
    };
    let mut reports: Vec<Progress> = Vec::new();
    let mv = bot
        .select_move_limited(&g, &mut start.clone(), &limits, &mut |p| {
            reports.push(p.clone())
        })
        .expect("a move");
    assert!(legal.contains(&mv));
    let info = bot.last_info().clone();
    assert!(info.nodes <= 3_000, "{info:?}");
    assert!((1..8).contains(&info.depth), "{info:?}");
    let depths: Vec<u32> = reports.iter().map(|p| p.depth).collect();
    assert_eq!(depths, (1..=info.depth).collect::<Vec<_>>());
    let last = reports.last().expect("a report");
    assert!(last.nodes <= 3_000);
    assert!(matches!(last.score, Score::Value(v) if (-100..=100).contains(&v)));
    // A later iteration, stopped part-way, may still have proved a better move.
    assert!(legal.contains(&last.pv[0]));
    // The settings are back after the limited search.
    assert_eq!(bot.config().max_depth, 8);
    // A depth limit replaces the configured depth: a fresh player searches exactly what
    // one configured with that depth searches.
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let mut depths = Vec::new();
    let mut fresh = expectimax(8, 3);
    fresh.select_move_limited(&g, &mut start.clone(), &limits, &mut |p| {
        depths.push(p.depth)
    });
    assert_eq!(depths, vec![1, 2]);
    let mut plain = expectimax(2, 3);
    plain.search(&g, &mut start.clone());
    assert_eq!(
        (fresh.last_info().depth, fresh.last_info().nodes),
        (2, plain.last_info().nodes)
    );
    // A stop flag already set: no node searched, no iteration reported, and a legal move.
    let limits = Limits {
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    let mut reported = 0;
    let mv = bot.select_move_limited(&g, &mut start.clone(), &limits, &mut |_| reported += 1);
    assert!(legal.contains(&mv.expect("a move")));
    assert_eq!((bot.last_info().nodes, bot.last_info().depth), (0, 0));
    assert_eq!(reported, 0);
}

/// Whether a 9 × 9 board's point (`e5`) is on the first line.
fn on_first_line(point: &str) -> bool {
    let (file, rank) = point.split_at(1);
    matches!(file, "a" | "i") || matches!(rank, "1" | "9")
}

#[test]
fn go_level_3_opens_away_from_the_first_line() {
    // Level 3 (300 playouts) used to play first-line moves from the start: 300 playouts
    // tried each of the 82 moves about three times. RAVE ranks them all from every playout.
    // A uniform pick would put 32 of the 81 points' moves, some 40 %, on the first line;
    // RAVE puts 3 to 5 % there (a few seeds' fourth moves).
    let g = game("go");
    let mut first_line = Vec::new();
    for seed in 0..25u64 {
        let mut s = g.start();
        for ply in 0..4u64 {
            let mut bot = bot_for_level(&g, 3, seed * 100 + ply);
            let mv = bot.select_move(&g, &mut s).expect("a move");
            let point = g.move_to_string(&s, mv);
            if on_first_line(&point) || point == "pass" {
                first_line.push(format!("seed {seed}, ply {ply}: {point}"));
            }
            g.make(&mut s, mv);
        }
    }
    assert!(first_line.len() <= 8, "{first_line:?}");
    assert!(
        first_line.iter().all(|m| !m.contains("ply 0")),
        "{first_line:?}"
    );
}

#[test]
fn a_front_ends_budget_replaces_the_players_whole_budget() {
    let clock = Some(Duration::from_millis(3_000));
    // `go depth 13` at level 9: no clock of the level's cuts it.
    let depth = Limits {
        depth: Some(13),
        ..Limits::default()
    };
    assert_eq!(
        depth.for_depth_search(clock, MAX_DEPTH, MAX_DEPTH),
        (None, 13)
    );
    // `go movetime 50` at level 3: not capped at the level's depth.
    let time = Limits {
        time: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    assert_eq!(
        time.for_depth_search(None, 3, MAX_DEPTH),
        (Some(Duration::from_millis(50)), MAX_DEPTH)
    );
    // `go nodes`: the node count alone bounds the search.
    let nodes = Limits {
        nodes: Some(500),
        ..Limits::default()
    };
    assert_eq!(
        nodes.for_depth_search(clock, 8, MAX_DEPTH),
        (None, MAX_DEPTH)
    );
    // No budget of the front-end's: the player's own.
    assert_eq!(
        Limits::default().for_depth_search(clock, 8, MAX_DEPTH),
        (clock, 8)
    );
}
