//! Tests of the players: real outcomes on real positions, no timings.

use std::time::Duration;

use super::*;
use crate::engine::{Outcome, Player};
use crate::{compile_source, load_shipped, Game, State};

fn game(name: &str) -> Game {
    load_shipped(name, &[]).expect("shipped game compiles")
}

fn game_with(name: &str, set: &[(&str, &str)]) -> Game {
    let set: Vec<(String, String)> = set
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    load_shipped(name, &set).expect("shipped game compiles")
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
    })
}

fn mcts(simulations: u32, seed: u64) -> Mcts {
    Mcts::new(MctsConfig {
        simulations,
        exploration: MctsConfig::default().exploration,
        seed,
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
