//! Tests of the levels as budgets of work: the same moves however busy the machine is, the
//! clock kept for `ai:time=`, and searches whose reported chance says something.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::*;
use crate::{load_shipped, Game};

fn game(name: &str) -> Game {
    load_shipped(name, &[]).expect("shipped game compiles")
}

/// The first `plies` moves `level` plays against itself in `g` from the start, with `seed`.
fn self_play(g: &Game, level: u8, seed: u64, plies: usize) -> Vec<String> {
    let mut bot = bot_for_level(g, level, seed);
    let mut s = g.start();
    let mut line = Vec::new();
    for _ in 0..plies {
        let Some(mv) = bot.select_move(g, &mut s) else {
            break;
        };
        line.push(g.move_to_string(&s, mv));
        g.make(&mut s, mv);
    }
    line
}

/// Threads that keep every core busy until dropped.
struct Hogs(Arc<AtomicBool>, Vec<std::thread::JoinHandle<()>>);

impl Hogs {
    fn start() -> Hogs {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..search_threads() + 1)
            .map(|_| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    let mut x = 1u64;
                    while !stop.load(Ordering::Relaxed) {
                        x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005));
                    }
                })
            })
            .collect();
        Hogs(stop, threads)
    }
}

impl Drop for Hogs {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
        for t in self.1.drain(..) {
            let _ = t.join();
        }
    }
}

#[test]
fn a_level_plays_the_same_moves_on_a_busy_machine() {
    // Levels that stopped on a clock before: alpha-beta level 6 (now a node cap), MCTS
    // level 6 (a tree per core) and expectimax level 8 (a node cap). MCTS's work cap is
    // tested on its own below: the levels where it binds take seconds a move.
    let cases = [("chess", 6, 4), ("connect4", 6, 4), ("backgammon", 8, 6)];
    for (name, level, plies) in cases {
        let g = game(name);
        let idle = self_play(&g, level, 5, plies);
        let busy = {
            let _hogs = Hogs::start();
            self_play(&g, level, 5, plies)
        };
        assert_eq!(idle.len(), plies, "{name}");
        assert_eq!(idle, busy, "{name} level {level}");
    }
}

#[test]
fn levels_name_their_work_not_a_time() {
    let chess = bot_for_level(&game("chess"), 9, 1).name();
    assert_eq!(chess, "alpha-beta depth 64, at most 1500000 nodes");
    let nex = bot_for_level(&game("nex"), 9, 1).name();
    assert!(nex.contains("work at most 20000000"), "{nex}");
    assert!(!nex.contains(" s,") && !nex.ends_with(" s"), "{nex}");
    let ur = bot_for_level(&game("ur"), 9, 1).name();
    assert_eq!(ur, "expectimax depth 5, at most 1200000 nodes");
}

#[test]
fn an_mcts_work_cap_stops_the_same_search_early() {
    let g = game("nex");
    let search = || {
        let mut bot = Mcts::new(MctsConfig {
            simulations: 100_000,
            seed: 9,
            max_work: Some(2_000_000),
            ..MctsConfig::default()
        });
        let mut s = g.start();
        bot.search(&g, &mut s)
    };
    let a = search();
    let b = {
        let _hogs = Hogs::start();
        search()
    };
    assert!(a.simulations < 100_000, "{}", a.simulations);
    assert!(a.work >= 2_000_000, "{}", a.work);
    assert_eq!(
        (a.simulations, a.work, a.best),
        (b.simulations, b.work, b.best)
    );
}

#[test]
fn an_alpha_beta_node_cap_stops_the_search_and_a_front_end_budget_lifts_it() {
    let g = game("chess");
    let config = AlphaBetaConfig {
        max_depth: MAX_DEPTH,
        max_nodes: Some(20_000),
        tt_size_mb: 1,
        seed: 4,
        ..AlphaBetaConfig::default()
    };
    let mut bot = AlphaBeta::new(config);
    let mut s = g.start();
    let info = bot.search(&g, &mut s);
    // The budget is read every 1024 nodes.
    assert!(info.nodes <= 20_000 + 1024, "{}", info.nodes);
    assert!(info.depth < MAX_DEPTH && info.best.is_some());
    // `go depth 2` replaces the level's whole budget: depth 2, whatever the node cap.
    let mut bot = AlphaBeta::new(config);
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let mut reports = Vec::new();
    bot.select_move_limited(&g, &mut s, &limits, &mut |p| reports.push(p.depth));
    assert_eq!(reports.last(), Some(&2));
}

#[test]
fn an_expert_time_still_stops_the_search_on_the_clock() {
    // The one clock left: `ai:time=`. A generous bound (three times the time asked), as
    // the machine may be busy.
    let settings = AiSettings::parse("time=300ms").expect("valid settings");
    for name in ["chess", "nex"] {
        let g = game(name);
        let mut bot = settings.bot(&g, 2);
        let mut s = g.start();
        let start = Instant::now();
        assert!(bot.select_move(&g, &mut s).is_some(), "{name}");
        let took = start.elapsed();
        assert!(took < Duration::from_millis(900), "{name}: {took:?}");
    }
}

#[test]
fn the_start_of_nex_and_amazons_is_no_sure_win() {
    // With thousands of moves and one child a visit, every playout went to a new move and
    // the move shown was a lucky one-playout win: "wins 100 %".
    for (name, set) in [("nex", ("size", "13")), ("amazons", ("", ""))] {
        let options = if set.0.is_empty() {
            Vec::new()
        } else {
            crate::option_pairs(&[set])
        };
        let g = load_shipped(name, &options).expect("shipped game compiles");
        let mut bot = bot_for_level(&g, 5, 7);
        let mut s = g.start();
        assert!(bot.select_move(&g, &mut s).is_some(), "{name}");
        let Some(Evaluation::WinChance(p)) = bot.evaluation() else {
            panic!("{name}: no win chance");
        };
        assert!(p > 0.05 && p < 0.95, "{name}: {p}");
    }
}
