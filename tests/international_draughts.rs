//! International draughts (`games/international-draughts.game`): the published perft counts
//! from the start, and every legal move compared with an independent generator written here
//! from the FMJD rules alone, on plain arrays, along random games and from set-up positions
//! with flying kings.
//!
//! Cells are the 50 dark squares, numbered 1–50 from Black's side (the top), five a row:
//! row 10 holds 1–5 (b10 d10 f10 h10 j10), row 9 holds 6–10 (a9 c9 e9 g9 i9), and so on down
//! to 46–50 (a1 … i1). White (men `w`, kings `W`) moves first, up the board.

use std::collections::BTreeSet;
use tabletop::{Game, Move, Player, State};

const WHITE: Player = Player(0);
const BLACK: Player = Player(1);

fn draughts() -> Game {
    tabletop::load_shipped("international-draughts", &[]).expect("international draughts compiles")
}

// ---------------------------------------------------------------------------------------
// Perft: published counts from the start position.

fn perft(game: &Game, state: &mut State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves_vec(state);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for mv in moves {
        game.make(state, mv);
        n += perft(game, state, depth - 1);
        game.unmake(state);
    }
    n
}

#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let game = draughts();
    let mut state = game.start();
    let published = [9, 81, 658, 4265, 27117, 167140];
    for (depth, &want) in published.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(perft(&game, &mut state, depth), want, "perft {depth}");
    }
}

#[test]
fn perft_7_from_the_start_matches_the_published_count() {
    let game = draughts();
    let mut state = game.start();
    assert_eq!(perft(&game, &mut state, 7), 1_049_442);
}

// ---------------------------------------------------------------------------------------
// The independent generator: the rules on a plain array of 51 entries (square 0 unused).

const EMPTY: u8 = 0;
const WM: u8 = 1;
const WK: u8 = 2;
const BM: u8 = 3;
const BK: u8 = 4;

/// (row from the top 0–9, column 0–9) of square `n`.
fn coords(n: usize) -> (i32, i32) {
    let r = (n as i32 - 1) / 5;
    let i = (n as i32 - 1) % 5;
    (r, if r % 2 == 0 { 2 * i + 1 } else { 2 * i })
}

/// The square at (row, column), if it is a dark square on the board.
fn square(r: i32, c: i32) -> Option<usize> {
    if !(0..10).contains(&r) || !(0..10).contains(&c) || (r + c) % 2 == 0 {
        return None;
    }
    Some((r * 5 + c / 2 + 1) as usize)
}

/// The square one diagonal step from `n` along (dr, dc).
fn step(n: usize, (dr, dc): (i32, i32)) -> Option<usize> {
    let (r, c) = coords(n);
    square(r + dr, c + dc)
}

const DIAGONALS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

fn is_white(p: u8) -> bool {
    p == WM || p == WK
}

fn is_enemy(p: u8, white: bool) -> bool {
    p != EMPTY && is_white(p) != white
}

/// A move as the squares it visits: origin then each landing.
type Path = Vec<usize>;

/// What identifies a move: its origin, last landing and the pieces it takes (sorted). Two
/// capture paths with the same key are one move (FMJD); a key is always a legal move's.
type Key = (usize, usize, Vec<usize>);

/// The squares between consecutive landings of `path` that hold a piece, the origin aside:
/// the pieces the move takes, sorted.
fn key(board: &[u8; 51], path: &Path) -> Key {
    let mut taken = Vec::new();
    for w in path.windows(2) {
        let (r0, c0) = coords(w[0]);
        let (r1, c1) = coords(w[1]);
        let d = ((r1 - r0).signum(), (c1 - c0).signum());
        let mut x = step(w[0], d).expect("a landing lies along a diagonal");
        while x != w[1] {
            if x != path[0] && board[x] != EMPTY {
                taken.push(x);
            }
            x = step(x, d).expect("a landing lies along a diagonal");
        }
    }
    taken.sort_unstable();
    (path[0], *path.last().expect("a path has an origin"), taken)
}

/// Capture sequences from `at`: the piece has left `from`, `taken` are the pieces jumped
/// (still on the board, not to be jumped again). Appends every maximal sequence.
fn captures(
    board: &[u8; 51],
    king: bool,
    white: bool,
    at: usize,
    path: &mut Path,
    taken: &mut Vec<usize>,
    out: &mut Vec<(Path, usize)>,
) {
    let mut found = false;
    for d in DIAGONALS {
        let mut o = step(at, d);
        if king {
            while let Some(x) = o {
                if board[x] != EMPTY {
                    break;
                }
                o = step(x, d);
            }
        }
        let Some(o) = o else { continue };
        if !is_enemy(board[o], white) || taken.contains(&o) {
            continue;
        }
        let mut t = step(o, d);
        while let Some(x) = t {
            if board[x] != EMPTY {
                break;
            }
            found = true;
            path.push(x);
            taken.push(o);
            captures(board, king, white, x, path, taken, out);
            taken.pop();
            path.pop();
            if !king {
                break;
            }
            t = step(x, d);
        }
    }
    if !found && !taken.is_empty() {
        out.push((path.clone(), taken.len()));
    }
}

/// Every legal move of the side to move, as keys.
fn reference_moves(board: &[u8; 51], white: bool) -> BTreeSet<Key> {
    reference_paths(board, white)
        .iter()
        .map(|p| key(board, p))
        .collect()
}

/// Every legal path of the side to move (two paths may take the same pieces).
fn reference_paths(board: &[u8; 51], white: bool) -> BTreeSet<Path> {
    let mut caps = Vec::new();
    for n in 1..=50 {
        let p = board[n];
        if p == EMPTY || is_white(p) != white {
            continue;
        }
        let mut lifted = *board;
        lifted[n] = EMPTY;
        let king = p == WK || p == BK;
        captures(
            &lifted,
            king,
            white,
            n,
            &mut vec![n],
            &mut Vec::new(),
            &mut caps,
        );
    }
    if let Some(best) = caps.iter().map(|c| c.1).max() {
        return caps
            .into_iter()
            .filter(|c| c.1 == best)
            .map(|c| c.0)
            .collect();
    }
    let mut out = BTreeSet::new();
    let forward = if white { -1 } else { 1 };
    for n in 1..=50 {
        let p = board[n];
        if p == EMPTY || is_white(p) != white {
            continue;
        }
        for d in DIAGONALS {
            let king = p == WK || p == BK;
            if !king && d.0 != forward {
                continue;
            }
            let mut t = step(n, d);
            while let Some(x) = t {
                if board[x] != EMPTY {
                    break;
                }
                out.insert(vec![n, x]);
                if !king {
                    break;
                }
                t = step(x, d);
            }
        }
    }
    out
}

/// Plays a path on the array: the pieces jumped leave, a man ending on the far row is crowned.
fn reference_make(board: &mut [u8; 51], path: &Path) {
    let piece = board[path[0]];
    board[path[0]] = EMPTY;
    for w in path.windows(2) {
        let (r0, c0) = coords(w[0]);
        let (r1, c1) = coords(w[1]);
        let d = ((r1 - r0).signum(), (c1 - c0).signum());
        let mut x = step(w[0], d).expect("a landing lies along a diagonal");
        while x != w[1] {
            board[x] = EMPTY;
            x = step(x, d).expect("a landing lies along a diagonal");
        }
    }
    let end = *path.last().expect("a path has an origin");
    let (r, _) = coords(end);
    board[end] = match piece {
        WM if r == 0 => WK,
        BM if r == 9 => BK,
        p => p,
    };
}

// ---------------------------------------------------------------------------------------
// The engine seen the same way.

fn square_of(game: &Game, cell: tabletop::CellId) -> usize {
    game.board().cells[cell.index()]
        .name
        .parse()
        .expect("cells are named by their numbers")
}

fn engine_path(game: &Game, mv: &Move) -> Path {
    mv.cells().iter().map(|&c| square_of(game, c)).collect()
}

fn engine_board(game: &Game, state: &State) -> [u8; 51] {
    let mut board = [EMPTY; 51];
    for (c, cell) in game.board().cells.iter().enumerate() {
        let n: usize = cell.name.parse().expect("numbered cells");
        let piece = state.at(tabletop::CellId::from_index(c)).index();
        board[n] = match game.pieces()[piece].symbol {
            'w' if piece != 0 => WM,
            'W' if piece != 0 => WK,
            'b' if piece != 0 => BM,
            'B' if piece != 0 => BK,
            _ => EMPTY,
        };
    }
    board
}

/// A position in position notation from a plain array and the side to move.
fn position_text(board: &[u8; 51], white: bool) -> String {
    let rows: Vec<String> = (0..10)
        .map(|r| {
            let mut out = String::new();
            let mut empty = 0;
            for i in 0..5 {
                let c = match board[r * 5 + i + 1] {
                    WM => 'w',
                    WK => 'W',
                    BM => 'b',
                    BK => 'B',
                    _ => {
                        empty += 1;
                        continue;
                    }
                };
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(c);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!(
        "{} {} 0",
        rows.join("/"),
        if white { "White" } else { "Black" }
    )
}

/// The engine's moves and the reference's agree in `state`; every move's text parses back
/// to it alone. Returns the engine's moves.
fn compare(game: &Game, state: &State, at: &str) -> Vec<Move> {
    let moves = game.legal_moves_vec(state);
    let white = state.to_move() == WHITE;
    let board = engine_board(game, state);
    let mine: BTreeSet<Key> = moves
        .iter()
        .map(|m| key(&board, &engine_path(game, m)))
        .collect();
    assert_eq!(mine.len(), moves.len(), "{at}: one move listed twice");
    let paths = reference_paths(&board, white);
    for m in &moves {
        assert!(paths.contains(&engine_path(game, m)), "{at}: {m:?}");
    }
    let theirs = reference_moves(&board, white);
    assert_eq!(mine, theirs, "{at}: {}", game.position_to_string(state));
    let mut texts = BTreeSet::new();
    for &mv in &moves {
        let text = game.move_to_string(state, mv);
        assert!(texts.insert(text.clone()), "{at}: '{text}' printed twice");
        assert_eq!(
            game.parse_move(state, &text).ok(),
            Some(mv),
            "{at}: '{text}' does not parse back"
        );
    }
    moves
}

/// A small deterministic random number generator (no crates, the same sequence everywhere).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays random games from `start`, comparing the move lists at every ply and the boards
/// after every move; returns how many plies were compared and how many had a king on board.
fn random_games(game: &Game, start: &State, games: u64, plies: usize) -> (usize, usize) {
    let (mut compared, mut with_kings) = (0, 0);
    for seed in 0..games {
        let mut rng = Lcg(seed * 7919 + 17);
        let mut state = start.clone();
        let mut board = engine_board(game, &state);
        for ply in 0..plies {
            if game.outcome(&state).is_some() {
                break;
            }
            let at = format!("game {seed} ply {ply}");
            let moves = compare(game, &state, &at);
            compared += 1;
            if board.iter().any(|&p| p == WK || p == BK) {
                with_kings += 1;
            }
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            reference_make(&mut board, &engine_path(game, &mv));
            game.make(&mut state, mv);
            assert_eq!(engine_board(game, &state), board, "{at}: the boards differ");
        }
    }
    (compared, with_kings)
}

#[test]
fn random_games_from_the_start_agree_with_the_reference() {
    let game = draughts();
    let (compared, with_kings) = random_games(&game, &game.start(), 20, 300);
    assert!(compared > 1000, "only {compared} positions compared");
    assert!(with_kings > 100, "only {with_kings} positions with a king");
}

#[test]
fn random_games_with_kings_agree_with_the_reference() {
    let game = draughts();
    // Flying kings among men of both sides, so that long king captures come early.
    let mut board = [EMPTY; 51];
    for n in [7, 8, 12, 13, 14, 18, 19, 23, 24, 29] {
        board[n] = BM;
    }
    for n in [32, 33, 34, 37, 38, 39, 42, 43] {
        board[n] = WM;
    }
    board[1] = BK;
    board[46] = WK;
    board[27] = WK;
    board[10] = BK;
    let start = game
        .parse_position(&position_text(&board, true))
        .expect("the set-up position parses");
    let (compared, _) = random_games(&game, &start, 20, 200);
    assert!(compared > 500, "only {compared} positions compared");
}

// ---------------------------------------------------------------------------------------
// Each rule from a set-up position, as written.

fn setup(game: &Game, pieces: &[(u8, &[usize])], white: bool) -> State {
    let mut board = [EMPTY; 51];
    for &(p, cells) in pieces {
        for &n in cells {
            board[n] = p;
        }
    }
    game.parse_position(&position_text(&board, white))
        .expect("the set-up position parses")
}

fn moves(game: &Game, state: &State) -> Vec<String> {
    let mut v: Vec<String> = compare(game, state, "set-up")
        .into_iter()
        .map(|m| game.move_to_string(state, m))
        .collect();
    v.sort();
    v
}

#[test]
fn the_longest_capture_is_compulsory() {
    let game = draughts();
    // The man on 32 can take 27 (one piece) or 28 then 19 (two): only the two.
    let state = setup(&game, &[(WM, &[32]), (BM, &[27, 28, 19])], true);
    assert_eq!(moves(&game, &state), ["32x14"]);
}

#[test]
fn a_flying_king_captures_from_afar_and_lands_anywhere_beyond() {
    let game = draughts();
    // King on 46, a black man on 28 on the long diagonal 46-5: land on 23, 19, 14, 10 or 5.
    let state = setup(&game, &[(WK, &[46]), (BM, &[28])], true);
    assert_eq!(
        moves(&game, &state),
        ["46x10", "46x14", "46x19", "46x23", "46x5"]
    );
}

#[test]
fn a_man_passing_the_far_row_in_a_capture_is_not_crowned() {
    let game = draughts();
    // 12x3 reaches the far row, then goes on over 9 to 14: it ends a man.
    let mut state = setup(&game, &[(WM, &[12]), (BM, &[8, 9])], true);
    let mv = game.parse_move(&state, "12x14").expect("12x14 is legal");
    assert_eq!(engine_path(&game, &mv), [12, 3, 14]);
    game.make(&mut state, mv);
    assert_eq!(engine_board(&game, &state)[14], WM);
}

#[test]
fn two_paths_taking_the_same_pieces_are_one_move() {
    let game = draughts();
    // The man on 29 takes the four men round 28 either way round: one move, back on 29.
    let state = setup(&game, &[(WM, &[29]), (BM, &[22, 23, 32, 33])], true);
    assert_eq!(
        reference_paths(&engine_board(&game, &state), true).len(),
        2,
        "two paths"
    );
    assert_eq!(moves(&game, &state), ["29x29"]);
}

#[test]
fn two_captures_with_the_same_ends_are_written_with_every_landing() {
    let game = draughts();
    // The king on 21 ends on 46 by 8 and 19, over 12, 13 and 41, or by 3 and 14, over 12,
    // 9 and 41: other pieces, so two moves.
    let state = setup(&game, &[(WK, &[21]), (BM, &[9, 12, 13, 41])], true);
    assert_eq!(moves(&game, &state), ["21x3x14x46", "21x8x19x46"]);
}

#[test]
fn a_player_without_a_move_loses() {
    let game = draughts();
    // White's man on 6 is blocked by 1 and cannot jump it (the edge is behind).
    let state = setup(&game, &[(WM, &[6]), (BM, &[1])], true);
    assert!(game.legal_moves_vec(&state).is_empty());
    let outcome = game.outcome(&state).expect("White cannot move");
    assert_eq!(outcome.winner(2), Some(BLACK), "{outcome:?}");
}
