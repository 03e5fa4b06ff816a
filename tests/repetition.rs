//! Repetition as a rule (`draw if repetition(3)`, `forbid repetition(2, positional)`, …):
//! the engine's answers, read from its hash history, agree with a naive scan of every
//! earlier position over random games, for each axis (what counts as the same, which
//! occurrence, which window, which cells, ending or move filter); and the words that
//! explain a repetition name the plies.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use tabletop::engine::PieceId;
use tabletop::{Game, Move, Outcome, Player, State};

/// Kings and pawns shuffling on a 3 x 3 board: positions come back all the time. Pawns
/// capture only pawns, diagonally, so captures happen too (irreversible moves).
const SHUFFLE: &str = r#"
game "Shuffle"
players White, Black
board square(3, 3)
piece king = "K" for White, "k" for Black
piece pawn = "P" for White, "p" for Black
setup king at a1 for White, c3 for Black
setup pawn at b1 for White, b3 for Black
move king: step(adjacent, to: empty)
move pawn: step(orthogonal, to: empty), step(diagonal, to: enemy and pawn)
RULE
draw if ply-limit(60)
loss if no-moves
"#;

/// The words of the rule that refuses `text`, as `play` says them (`b2 refused: ko (…)`).
fn rule_refusal(g: &Game, s: &State, text: &str) -> Option<String> {
    g.why_illegal(s, text).map(|r| r.about(text).to_string())
}

fn shuffle(rule: &str) -> Game {
    tabletop::compile_source(
        "shuffle",
        "shuffle.game",
        &SHUFFLE.replace("RULE", rule),
        &[],
    )
    .unwrap_or_else(|e| panic!("{rule}: {e}"))
}

/// Where a window starts, naively.
#[derive(Clone, Copy)]
enum Since {
    Start,
    Captures,
    CapturesAndPawnMoves,
}

/// A repetition rule, as the naive scan reads it.
struct Naive {
    times: usize,
    board: bool,
    side: bool,
    cells: Option<Vec<&'static str>>,
    last: Option<u32>,
    since: Since,
}

/// One position of the history, naively: everything, copied.
#[derive(Clone)]
struct Seen {
    board: Vec<PieceId>,
    to_move: Player,
    ply: u32,
    /// Plies since the last irreversible move.
    quiet: u32,
}

impl Naive {
    fn same(&self, g: &Game, a: &Seen, b: &Seen) -> bool {
        let cells: Vec<usize> = match &self.cells {
            Some(names) => names
                .iter()
                .map(|n| g.board().cell_by_name(n).unwrap().index())
                .collect(),
            None => (0..a.board.len()).collect(),
        };
        (!self.board || cells.iter().all(|&c| a.board[c] == b.board[c]))
            && (!self.side || a.to_move == b.to_move)
    }

    /// How many positions of `history` (in the window of `now`) equal `now`, `now` included.
    fn occurrences(&self, g: &Game, history: &[Seen], now: &Seen) -> usize {
        let from_last = self.last.map_or(0, |n| now.ply.saturating_sub(n));
        let from_quiet = match self.since {
            Since::Start => 0,
            _ => now.ply.saturating_sub(now.quiet),
        };
        let from = from_last.max(from_quiet);
        1 + history
            .iter()
            .filter(|h| h.ply >= from && h.ply < now.ply && self.same(g, h, now))
            .count()
    }

    fn repeats(&self, g: &Game, history: &[Seen], now: &Seen) -> bool {
        self.occurrences(g, history, now) >= self.times
    }

    /// The position after `mv`, naively.
    fn after(&self, g: &Game, s: &State, prev: &Seen, mv: Move) -> Seen {
        let mut t = s.clone();
        let pawns: Vec<PieceId> = PieceId::upto(g.pieces().len())
            .skip(1)
            .filter(|&p| g.kinds()[(g.pieces()[p.index()].kind).index()].name == "pawn")
            .collect();
        let me = s.to_move();
        let theirs = |st: &State| -> u32 {
            PieceId::upto(g.pieces().len())
                .skip(1)
                .filter(|&p| g.owner(p).is_some_and(|o| o != me))
                .map(|p| u32::from(st.count(p)))
                .sum()
        };
        let before = theirs(s);
        let pawn_moved = pawns
            .iter()
            .any(|&p| g.owner(p) == Some(me) && s.at(mv.cells()[0]) == p);
        g.make(&mut t, mv);
        let captured = theirs(&t) < before;
        let reset = match self.since {
            Since::Start => false,
            Since::Captures => captured,
            Since::CapturesAndPawnMoves => captured || pawn_moved,
        };
        Seen {
            board: t.board().to_vec(),
            to_move: t.to_move(),
            ply: t.ply(),
            quiet: if reset { 0 } else { prev.quiet + 1 },
        }
    }
}

fn seen(s: &State) -> Seen {
    Seen {
        board: s.board().to_vec(),
        to_move: s.to_move(),
        ply: s.ply(),
        quiet: 0,
    }
}

const GAMES: u64 = 40;

/// An ending: the game ends by the repetition exactly when the naive scan says so.
fn check_ending(rule: &str, naive: Naive) {
    let g = shuffle(rule);
    let mut ended = 0;
    for seed in 0..GAMES {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut s = g.start();
        let mut history = vec![seen(&s)];
        while !g.is_over(&s) {
            let moves = g.legal_moves_vec(&s);
            let mv = moves[rng.gen_range(0..moves.len())];
            let now = naive.after(&g, &s, history.last().unwrap(), mv);
            g.make(&mut s, mv);
            let by_rule = g.explain_end(&s).is_some();
            assert_eq!(
                by_rule,
                naive.repeats(&g, &history, &now),
                "{rule}, seed {seed}, ply {}: {}",
                s.ply(),
                g.position_to_string(&s)
            );
            if by_rule {
                ended += 1;
                let plies = naive.occurrences(&g, &history, &now);
                let why = g.explain_end(&s).unwrap();
                assert!(
                    why.contains(&format!("for the {}", ordinal(plies))),
                    "{why}"
                );
            }
            history.push(now);
        }
    }
    assert!(ended > 0, "{rule}: no game ended by repetition");
}

/// A move filter: the legal moves are the moves the pieces can make less those after which
/// the naive scan finds the repetition.
fn check_filter(rule: &str, naive: Naive) {
    let g = shuffle(rule);
    let free = shuffle("");
    let mut refused = 0;
    for seed in 0..GAMES {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut s = g.start();
        let mut history = vec![seen(&s)];
        while !g.is_over(&s) {
            let now = history.last().unwrap().clone();
            let pieces = free.legal_moves_vec(&s);
            let want: Vec<Move> = pieces
                .iter()
                .copied()
                .filter(|&m| {
                    let next = naive.after(&g, &s, &now, m);
                    !naive.repeats(&g, &history, &next)
                })
                .collect();
            refused += pieces.len() - want.len();
            let legal = g.legal_moves_vec(&s);
            assert_eq!(
                legal,
                want,
                "{rule}, seed {seed}, ply {}: {}",
                s.ply(),
                g.position_to_string(&s)
            );
            for &m in &pieces {
                let text = g.move_to_string(&s, m);
                assert_eq!(
                    rule_refusal(&g, &s, &text).is_some(),
                    !want.contains(&m),
                    "{rule}: why_illegal({text})"
                );
            }
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.gen_range(0..legal.len())];
            let next = naive.after(&g, &s, &now, mv);
            g.make(&mut s, mv);
            history.push(next);
        }
    }
    assert!(refused > 0, "{rule}: no move was ever refused");
}

fn ordinal(n: usize) -> String {
    match n {
        2 => "2nd".into(),
        3 => "3rd".into(),
        _ => format!("{n}th"),
    }
}

fn rule(times: usize, board: bool, side: bool) -> Naive {
    Naive {
        times,
        board,
        side,
        cells: None,
        last: None,
        since: Since::Start,
    }
}

#[test]
fn threefold_situation_over_the_whole_game() {
    check_ending("draw if repetition(3)", rule(3, true, true));
}

#[test]
fn first_repeat_of_the_board() {
    check_ending("draw if repetition(2, positional)", rule(2, true, false));
}

#[test]
fn since_the_last_capture() {
    check_ending(
        "draw if repetition(3, situational, since: irreversible)",
        Naive {
            since: Since::Captures,
            ..rule(3, true, true)
        },
    );
}

#[test]
fn since_the_last_capture_or_pawn_move_as_a_loss() {
    check_ending(
        "loss if repetition(3, since: irreversible(pawn))",
        Naive {
            since: Since::CapturesAndPawnMoves,
            ..rule(3, true, true)
        },
    );
}

#[test]
fn parts_listed_over_the_last_plies() {
    check_ending(
        "draw if repetition(2, position + side, over: last(6))",
        Naive {
            last: Some(6),
            ..rule(2, true, true)
        },
    );
}

#[test]
fn some_cells_only() {
    check_ending(
        "draw if repetition(2, positional, cells: a1 + b1 + c1)",
        Naive {
            cells: Some(vec!["a1", "b1", "c1"]),
            ..rule(2, true, false)
        },
    );
    check_ending(
        "draw if repetition(2, situational, cells: b2 + c2, over: turns(3))",
        Naive {
            cells: Some(vec!["b2", "c2"]),
            last: Some(6),
            ..rule(2, true, true)
        },
    );
}

#[test]
fn forbid_the_first_repeat_of_the_board() {
    check_filter("forbid repetition(2, positional)", rule(2, true, false));
}

#[test]
fn forbid_a_recent_repeat_of_the_situation() {
    check_filter(
        "forbid repetition(2, situational, over: last(4))",
        Naive {
            last: Some(4),
            ..rule(2, true, true)
        },
    );
}

#[test]
fn forbid_a_third_occurrence_on_some_cells_since_the_last_capture() {
    check_filter(
        "forbid repetition(3, position, cells: a2 + b2 + c2, since: irreversible)",
        Naive {
            cells: Some(vec!["a2", "b2", "c2"]),
            since: Since::Captures,
            ..rule(3, true, false)
        },
    );
}

fn play(g: &Game, s: &mut State, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = g
            .parse_move(s, m)
            .unwrap_or_else(|e| panic!("{m}: {e}\n{}", g.position_to_string(s)));
        g.make(s, mv);
    }
}

#[test]
fn intellector_threefold_repetition_is_a_draw_that_names_the_plies() {
    let g = tabletop::load_shipped("intellector", &[]).unwrap();
    let mut s = g.start();
    // Two progressor moves, then both liberators step out and back twice: the position after
    // ply 2 comes back after plies 6 and 10.
    play(
        &g,
        &mut s,
        "a2-a3 a6-a5 b1-b2 b6-b5 b2-b1 b5-b6 b1-b2 b6-b5 b2-b1",
    );
    assert_eq!(g.outcome(&s), None, "twice is not enough");
    play(&g, &mut s, "b5-b6");
    assert_eq!(g.outcome(&s), Some(Outcome::Draw));
    insta::assert_snapshot!(
        "intellector_threefold",
        tabletop::engine::ending::describe_end(&g, &s).unwrap()
    );
    // Taken back, the game goes on.
    g.unmake(&mut s);
    assert_eq!(g.outcome(&s), None);
    assert!(!g.legal_moves_vec(&s).is_empty());
}

#[test]
fn refusals_name_the_plies() {
    let g = shuffle("forbid repetition(3, positional)");
    let mut s = g.start();
    play(&g, &mut s, "a1-a2 c3-c2 a2-a1 c2-c3 a1-a2 c3-c2 a2-a1");
    insta::assert_snapshot!(
        "third_occurrence_refused",
        rule_refusal(&g, &s, "c2-c3").unwrap()
    );
    assert_eq!(
        rule_refusal(&g, &s, "c2-b2"),
        None,
        "legal moves need no explanation"
    );
    assert_eq!(
        rule_refusal(&g, &s, "z9"),
        None,
        "nor do texts that are no move"
    );
}
