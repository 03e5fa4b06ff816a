//! Monte Carlo tree search (UCT) with uniformly random playouts; game-independent and for
//! any number of players.
//!
//! The tree lives in one `Vec` arena. Each node keeps the total reward, from the point of view
//! of the player who made the move leading to it, of the playouts that went through it, so
//! selection at a node simply maximises its children's UCT value for the player to move
//! there. A node gains one child per visit, in a random order drawn when the node is first
//! expanded. The move played is the root's most visited child.
//!
//! Games with dice: a roll is no choice. At a chance node the roll is drawn with the dice's
//! odds ([`Game::sample_roll`]) and the walk goes on below the child for that roll (made
//! when first drawn); the playouts roll the same way. Asked to move at a chance node, the
//! player rolls.
//!
//! Root parallelism (`threads` > 1): each thread grows its own tree from the same position
//! with its own seed, and the root's children are judged by their visits and rewards summed
//! over the trees; so two threads run twice the playouts in the same time. No state is
//! shared while searching.
//!
//! Reproducible: the same seed, settings and position give the same move (with several
//! threads too, when no time limit cuts the playouts short).

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::{random_playout, Bot};
use crate::engine::{Game, Move, MoveList, Outcome, Player, State};

/// Playouts stop (scored as a draw) after this many plies.
const MAX_PLAYOUT_PLIES: u32 = 1000;
/// "No node".
const NONE: u32 = u32::MAX;
/// A node whose moves have not been generated yet.
const UNKNOWN: u32 = u32::MAX;

/// Settings of an [`Mcts`] player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Playouts per move (at least 1).
    pub simulations: u32,
    /// The UCT exploration constant `c` in `mean + c * sqrt(ln N / n)`; rewards are in 0..=1.
    pub exploration: f64,
    /// Seed of the playouts and of the order children are tried in.
    pub seed: u64,
    /// Stop after about this long even if fewer playouts were run (long games on large
    /// boards run only a few thousand playouts a second); `None` runs them all.
    pub time_limit: Option<Duration>,
    /// Trees searched side by side, each by its own thread running `simulations` playouts
    /// (at least 1).
    pub threads: usize,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            simulations: 10_000,
            exploration: 0.7,
            seed: 0,
            time_limit: None,
            threads: 1,
        }
    }
}

/// One node of the search tree.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The move leading here from the parent.
    mv: Move,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Sum of playout rewards for `mover`.
    reward: f64,
    /// The player who made `mv`.
    mover: Player,
    /// Legal moves here ([`UNKNOWN`] until generated).
    num_moves: u32,
    /// Children created so far.
    expanded: u32,
    /// Children are created in the order `start, start + step, …` (mod `num_moves`).
    start: u32,
    step: u32,
}

impl Node {
    fn new(mv: Move, parent: u32, mover: Player) -> Node {
        Node {
            mv,
            parent,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            reward: 0.0,
            mover,
            num_moves: UNKNOWN,
            expanded: 0,
            start: 0,
            step: 1,
        }
    }
}

/// Statistics of the last search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MctsInfo {
    /// Playouts run.
    pub simulations: u32,
    /// Nodes in the tree.
    pub nodes: usize,
    /// The chosen move.
    pub best: Option<Move>,
    /// Visits of the chosen move.
    pub best_visits: u32,
    /// Mean reward of the chosen move for the player to move (0 = loss, 1 = win).
    pub best_value: f64,
}

/// UCT player; see the module documentation.
pub struct Mcts {
    config: MctsConfig,
    rng: SmallRng,
    nodes: Vec<Node>,
    moves: MoveList,
    info: MctsInfo,
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Mcts {
    /// A player with these settings.
    pub fn new(config: MctsConfig) -> Mcts {
        Mcts {
            config,
            rng: SmallRng::seed_from_u64(config.seed),
            nodes: Vec::new(),
            moves: MoveList::new(),
            info: MctsInfo::default(),
        }
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// What the last search found.
    pub fn last_info(&self) -> &MctsInfo {
        &self.info
    }

    /// Runs the configured number of playouts from `state` (in each of `threads` trees) and
    /// returns what was found; `best` is `None` if the game is over. The state is left
    /// exactly as given.
    pub fn search(&mut self, game: &Game, state: &mut State) -> MctsInfo {
        let threads = self.config.threads.max(1);
        if threads == 1 || state.result_now().is_some() || game.is_chance(state) {
            return self.search_tree(game, state);
        }
        let helpers: Vec<Mcts> = (1..threads as u64)
            .map(|k| {
                Mcts::new(MctsConfig {
                    threads: 1,
                    seed: self.config.seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                    ..self.config
                })
            })
            .collect();
        let helpers: Vec<Mcts> = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .into_iter()
                .map(|mut helper| {
                    let mut copy = state.clone();
                    scope.spawn(move || {
                        helper.search_tree(game, &mut copy);
                        helper
                    })
                })
                .collect();
            self.search_tree(game, state);
            running
                .into_iter()
                .map(|h| h.join().expect("an MCTS thread panicked"))
                .collect()
        });
        if self.info.simulations == 0 {
            // One legal move or none: nothing was searched.
            return self.info.clone();
        }
        // Visits and rewards of the root's children, summed over the trees, in the order
        // this tree lists them (then the others'), so that ties break the same way each time.
        let mut order: Vec<Move> = Vec::new();
        let mut sums: std::collections::HashMap<Move, (u32, f64)> = Default::default();
        for tree in std::iter::once(&*self).chain(helpers.iter()) {
            for (mv, visits, reward) in tree.root_children() {
                let e = sums.entry(mv).or_insert_with(|| {
                    order.push(mv);
                    (0, 0.0)
                });
                e.0 += visits;
                e.1 += reward;
            }
        }
        let mut best: Option<(Move, u32, f64)> = None;
        for mv in order {
            let (visits, reward) = sums[&mv];
            if best.is_none_or(|(_, v, r)| visits > v || (visits == v && reward > r)) {
                best = Some((mv, visits, reward));
            }
        }
        let mut info = self.info.clone();
        for h in &helpers {
            info.simulations += h.info.simulations;
            info.nodes += h.info.nodes;
        }
        if let Some((mv, visits, reward)) = best {
            info.best = Some(mv);
            info.best_visits = visits;
            info.best_value = reward / f64::from(visits.max(1));
        }
        self.info = info.clone();
        info
    }

    /// The root's children of the last tree: (move, visits, total reward).
    fn root_children(&self) -> impl Iterator<Item = (Move, u32, f64)> + '_ {
        let mut c = self.nodes.first().map_or(NONE, |root| root.first_child);
        std::iter::from_fn(move || {
            if c == NONE {
                return None;
            }
            let n = &self.nodes[c as usize];
            c = n.next_sibling;
            Some((n.mv, n.visits, n.reward))
        })
    }

    /// [`Mcts::search`] in one tree, on this thread.
    fn search_tree(&mut self, game: &Game, state: &mut State) -> MctsInfo {
        let mut info = MctsInfo::default();
        if state.result_now().is_none() && game.is_chance(state) {
            info.best = game.sample_roll(self.rng.gen());
            self.info = info.clone();
            return info;
        }
        let mut moves = std::mem::take(&mut self.moves);
        game.legal_moves(state, &mut moves);
        if state.result_now().is_some() || moves.is_empty() {
            self.moves = moves;
            self.info = info.clone();
            return info;
        }
        if moves.len() == 1 {
            info.best = Some(moves[0]);
            self.moves = moves;
            self.info = info.clone();
            return info;
        }
        self.moves = moves;
        let sims = self.config.simulations.max(1);
        self.nodes.clear();
        // A time-limited search may ask for millions of playouts it will never run: the
        // arena grows as needed beyond a first block.
        self.nodes.reserve((sims as usize + 1).min(1 << 16));
        let before = game.num_players() as u8;
        let prev = Player((state.to_move().0 + before - 1) % before.max(1));
        self.nodes.push(Node::new(Move::new(0), NONE, prev));
        let deadline = self.config.time_limit.map(|t| Instant::now() + t);
        let mut ran = 0;
        while ran < sims {
            // The clock is read every few playouts: at least one always runs.
            if ran % 8 == 0 && ran > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.simulate(game, state);
            ran += 1;
        }
        info.simulations = ran;
        info.nodes = self.nodes.len();

        let mut best = NONE;
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if best == NONE || {
                let b = &self.nodes[best as usize];
                n.visits > b.visits || (n.visits == b.visits && n.reward > b.reward)
            } {
                best = c;
            }
            c = n.next_sibling;
        }
        if best != NONE {
            let b = &self.nodes[best as usize];
            info.best = Some(b.mv);
            info.best_visits = b.visits;
            info.best_value = b.reward / f64::from(b.visits.max(1));
        }
        self.info = info.clone();
        info
    }

    /// One playout: select down the tree, add a node, play randomly, back up the result.
    fn simulate(&mut self, game: &Game, state: &mut State) {
        let np = game.num_players();
        let mut node = 0u32;
        let mut made = 0u32;
        let mut finished: Option<Option<Outcome>> = None;
        loop {
            if let Some(o) = state.result_now() {
                finished = Some(Some(o));
                break;
            }
            if game.is_chance(state) {
                // Roll with the dice's odds; the child for that roll is where the walk goes.
                let Some(roll) = game.sample_roll(self.rng.gen()) else {
                    finished = Some(None);
                    break;
                };
                let mut c = self.nodes[node as usize].first_child;
                while c != NONE && self.nodes[c as usize].mv != roll {
                    c = self.nodes[c as usize].next_sibling;
                }
                if c == NONE {
                    c = self.nodes.len() as u32;
                    let mut child = Node::new(roll, node, state.to_move());
                    child.next_sibling = self.nodes[node as usize].first_child;
                    self.nodes.push(child);
                    self.nodes[node as usize].first_child = c;
                }
                game.make(state, roll);
                made += 1;
                node = c;
                continue;
            }
            let n = self.nodes[node as usize];
            if n.num_moves == UNKNOWN || n.expanded < n.num_moves {
                game.legal_moves(state, &mut self.moves);
                let count = self.moves.len() as u32;
                if count == 0 {
                    self.nodes[node as usize].num_moves = 0;
                    finished = Some(game.no_moves_outcome(state));
                    break;
                }
                if n.num_moves == UNKNOWN {
                    let start = self.rng.gen_range(0..count);
                    let mut step = 1;
                    if count > 2 {
                        loop {
                            step = self.rng.gen_range(1..count);
                            if gcd(step, count) == 1 {
                                break;
                            }
                        }
                    }
                    let nd = &mut self.nodes[node as usize];
                    nd.num_moves = count;
                    nd.start = start;
                    nd.step = step;
                }
                let nd = self.nodes[node as usize];
                let k = (u64::from(nd.start) + u64::from(nd.expanded) * u64::from(nd.step))
                    % u64::from(count);
                let mv = self.moves[k as usize];
                let child = self.nodes.len() as u32;
                let mut c = Node::new(mv, node, state.to_move());
                c.next_sibling = nd.first_child;
                self.nodes.push(c);
                let nd = &mut self.nodes[node as usize];
                nd.first_child = child;
                nd.expanded += 1;
                game.make(state, mv);
                made += 1;
                node = child;
                break;
            }
            if n.num_moves == 0 {
                finished = Some(game.no_moves_outcome(state));
                break;
            }
            let log_n = f64::from(n.visits.max(1)).ln();
            let mut best = NONE;
            let mut best_score = f64::NEG_INFINITY;
            let mut c = n.first_child;
            while c != NONE {
                let ch = &self.nodes[c as usize];
                let v = f64::from(ch.visits.max(1));
                let score = ch.reward / v + self.config.exploration * (log_n / v).sqrt();
                if score > best_score {
                    best_score = score;
                    best = c;
                }
                c = ch.next_sibling;
            }
            if best == NONE {
                finished = Some(None);
                break;
            }
            game.make(state, self.nodes[best as usize].mv);
            made += 1;
            node = best;
        }
        let outcome = match finished {
            Some(o) => o,
            None => {
                let (o, plies) = random_playout(
                    game,
                    state,
                    &mut self.rng,
                    &mut self.moves,
                    MAX_PLAYOUT_PLIES,
                );
                made += plies;
                o
            }
        };
        for _ in 0..made {
            game.unmake(state);
        }
        let mut n = node;
        while n != NONE {
            let nd = &mut self.nodes[n as usize];
            nd.visits += 1;
            nd.reward += match outcome {
                Some(o) => o.score(nd.mover, np),
                None => 0.5,
            };
            n = nd.parent;
        }
    }
}

impl Bot for Mcts {
    fn select_move(&mut self, game: &Game, state: &mut State) -> Option<Move> {
        self.search(game, state).best
    }

    fn evaluation(&self) -> Option<super::Evaluation> {
        let info = self.last_info();
        info.best?;
        Some(super::Evaluation::WinChance(info.best_value))
    }

    fn name(&self) -> String {
        let mut name = format!("mcts {} simulations", self.config.simulations);
        if let Some(t) = self.config.time_limit {
            name.push_str(&format!(", at most {:.1} s", t.as_secs_f64()));
        }
        if self.config.threads > 1 {
            name.push_str(&format!(", {} threads", self.config.threads));
        }
        name
    }
}
