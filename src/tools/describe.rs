//! `describe` and `check`: what the compiler made of a rule file, in words.

use crate::engine::PieceId;
use crate::engine::{BoardShape, Dice, EndCond, Game, NoMoves, Part, Player};

/// One line: title, players, board size, counts.
pub fn summary(g: &Game) -> String {
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{}: ok — \"{}\", {}, {}, {}, {}, {}",
        g.name(),
        g.title(),
        count(g.num_players(), "player", "players"),
        count(g.board().len(), "cell", "cells"),
        count(g.kinds().len(), "piece kind", "piece kinds"),
        count(g.rules().len(), "move rule", "move rules"),
        count(
            g.ends().len() + usize::from(g.no_moves().is_some()),
            "ending",
            "endings"
        ),
    )
}

fn shape(s: &BoardShape) -> String {
    match s {
        BoardShape::Square { width, height } => format!("square grid {width} x {height}"),
        BoardShape::HexRhombus { width, height, .. } => format!("hex rhombus {width} x {height}"),
        BoardShape::HexColumns { heights } => format!(
            "hex columns ({})",
            heights
                .iter()
                .map(|h| h.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        BoardShape::Graph => "graph".into(),
    }
}

/// A multi-line description of the compiled game.
pub fn describe(g: &Game) -> String {
    let mut o = String::new();
    let b = &g.board();
    o.push_str(&format!("game {} (\"{}\")\n", g.name(), g.title()));
    o.push_str(&format!(
        "players: {} (first: {})\n",
        g.players().join(", "),
        g.players()[g.start_player().index()]
    ));
    if !g.options().is_empty() {
        let opts: Vec<String> = g
            .options()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        o.push_str(&format!("options: {}\n", opts.join(", ")));
    }
    o.push_str(&format!("board: {}, {} cells\n", shape(&b.shape), b.len()));
    let names: Vec<&str> = b.cells.iter().map(|c| c.name.as_str()).collect();
    o.push_str(&format!("cells: {}\n", abbreviate(&names, 24)));
    directions(g, &mut o);
    zones(g, &mut o);
    pieces(g, &mut o);
    race(g, &mut o);
    hands(g, &mut o);
    moves(g, &mut o);
    endings(g, &mut o);
    forbids(g, &mut o);
    bonuses(g, &mut o);
    prefer(g, &mut o);
    o
}

/// The board's directions (with their opposites) and the named directions, per player
/// where they differ.
fn directions(g: &Game, o: &mut String) {
    let b = &g.board();
    let dirs: Vec<String> = b
        .dirs
        .iter()
        .map(|d| {
            let opp = d
                .opposite
                .map(|x| b.dirs[x.index()].name.clone())
                .unwrap_or_else(|| "-".into());
            format!("{}{}(back {opp})", d.name, if d.basic { "" } else { "*" })
        })
        .collect();
    o.push_str(&format!(
        "directions ({} ; * = compound): {}\n",
        b.dirs.len(),
        dirs.join(" ")
    ));
    if !b.named_dirs.is_empty() {
        o.push_str("named directions:\n");
        let width = b
            .named_dirs
            .iter()
            .map(|(n, _)| n.len() + 1)
            .max()
            .unwrap_or(0)
            .max(14);
        for (name, per) in &b.named_dirs {
            let words = |ids: &[crate::engine::DirId]| -> String {
                let names: Vec<&str> = ids
                    .iter()
                    .map(|&d| b.dirs[d.index()].name.as_str())
                    .collect();
                if names.is_empty() {
                    "(none)".to_string()
                } else {
                    names.join(" ")
                }
            };
            let first = per.0.first().map(Vec::as_slice).unwrap_or_default();
            let text = if per.0.iter().all(|d| d.as_slice() == first) {
                words(first)
            } else {
                per.0
                    .iter()
                    .enumerate()
                    .map(|(p, d)| format!("{}: {}", g.players()[p], words(d)))
                    .collect::<Vec<_>>()
                    .join(" | ")
            };
            o.push_str(&format!("  {name:<width$} {text}\n"));
        }
    }
}

/// Each zone's cells, per player.
fn zones(g: &Game, o: &mut String) {
    let b = &g.board();
    o.push_str("zones:\n");
    for z in &b.zones {
        let per: Vec<String> = (0..g.num_players())
            .map(|p| {
                let cells: Vec<&str> = (0..b.len())
                    .filter(|&c| {
                        z.contains(
                            crate::engine::Player(p as u8),
                            crate::engine::CellId::from_index(c),
                        )
                    })
                    .map(|c| b.cells[c].name.as_str())
                    .collect();
                format!("{}: {}", g.players()[p], abbreviate(&cells, 12))
            })
            .collect();
        o.push_str(&format!("  {:<14} {}\n", z.name, per.join(" | ")));
    }
}

/// Each piece: its kind, owner, value and how many stand at the start.
fn pieces(g: &Game, o: &mut String) {
    o.push_str("pieces:\n");
    for (i, p) in g.pieces().iter().enumerate().skip(1) {
        let owner = p
            .owner
            .map_or("nobody".to_string(), |o| g.players()[o.index()].clone());
        let k = &g.kinds()[p.kind.index()];
        o.push_str(&format!(
            "  {} {} of {} (value {}), {} at start\n",
            p.symbol,
            k.name,
            owner,
            k.value,
            g.start().count_stacked(PieceId::from_index(i))
        ));
    }
}

/// The hands of a game with drops: what they hold and what they start with.
fn hands(g: &Game, o: &mut String) {
    if g.has_hands() {
        let kinds: Vec<&str> = g
            .hand_kinds()
            .iter()
            .map(|&k| g.kinds()[k.index()].name.as_str())
            .collect();
        let start = g.start();
        let held: Vec<String> = (0..g.num_players())
            .map(|p| {
                let p = crate::engine::Player(p as u8);
                format!("{} {}", g.players()[p.index()], g.hand_text(&start, p))
            })
            .collect();
        o.push_str(&format!(
            "hands: a captured piece changes side and goes, unpromoted, to the captor's hand; \
             held there: {}; at start: {}\n",
            kinds.join(", "),
            held.join(", ")
        ));
    }
}

/// Each move rule with its kinds, condition and primitives, and forced most-captures.
fn moves(g: &Game, o: &mut String) {
    o.push_str("moves:\n");
    for r in g.rules() {
        let kinds: Vec<&str> = r
            .kinds
            .iter()
            .map(|&k| g.kinds()[k.index()].name.as_str())
            .collect();
        let parts: Vec<&str> = r.parts.iter().map(Part::name).collect();
        let who = if kinds.is_empty() {
            String::new()
        } else {
            format!("{}: ", kinds.join(", "))
        };
        let when = r
            .when
            .as_ref()
            .map_or(String::new(), |g| format!(" when {g}"));
        o.push_str(&format!(
            "  {who}{}{when}   [{}]\n",
            r.text,
            parts.join(" then ")
        ));
    }
    if g.most_captures() {
        o.push_str("  forced most-captures: only the moves that capture the most pieces\n");
    }
}

/// The endings, the extra-turn rules, checkmate and what having no legal move does.
fn endings(g: &Game, o: &mut String) {
    o.push_str("endings:\n");
    for e in g.ends() {
        let who: Vec<&str> = (0..g.num_players())
            .filter(|p| e.players >> p & 1 == 1)
            .map(|p| g.players()[p].as_str())
            .collect();
        o.push_str(&format!(
            "  {} if {} for {}   [{}]\n",
            result_word(e.result),
            e.text,
            who.join(", "),
            cond_name(&e.cond)
        ));
    }
    for e in g.again() {
        o.push_str(&format!(
            "  again if {}   (the mover plays again)\n",
            e.text
        ));
    }
    if let Some(r) = g.checkmate() {
        o.push_str(&format!(
            "  {} if checkmate (no legal move while a royal piece is attacked)\n",
            result_word(r)
        ));
    }
    match g.no_moves() {
        Some(NoMoves::Pass) => o.push_str("  no legal move: pass\n"),
        Some(NoMoves::Result(r)) => o.push_str(&format!(
            "  no legal move: {} for the player to move\n",
            result_word(r)
        )),
        None => o.push_str("  no legal move: draw (no rule given)\n"),
    }
}

/// The `forbid` rules.
fn forbids(g: &Game, o: &mut String) {
    if !g.forbids().is_empty() {
        o.push_str("forbidden (a move after which this holds is not legal; a pass always is):\n");
        for f in g.forbids() {
            let what = match &f.cond {
                crate::engine::ForbidCond::Repetition(r) => r.name(),
                crate::engine::ForbidCond::Surrounded { .. } => "surrounded".to_string(),
            };
            o.push_str(&format!("  forbid {}   [{what}]\n", f.text));
        }
    }
}

/// The greedy player's `prefer` lines and noise.
fn prefer(g: &Game, o: &mut String) {
    let pr = &g.prefer();
    if !pr.rules.is_empty() || pr.noise > 0 {
        o.push_str("prefer (what the greedy player adds up for a move, in file order):\n");
        for p in &pr.rules {
            o.push_str(&format!("  prefer {} by {}\n", p.text, p.weight));
        }
        if pr.noise > 0 {
            o.push_str(&format!(
                "  prefer noise {}   (a random 0 to {} is added to every move's score)\n",
                pr.noise,
                pr.noise - 1
            ));
        }
    }
}

/// The `bonus` tables: per piece, its cells grouped by what a piece there adds, largest
/// first; the lines with a run-time condition after it, a table per condition (printed
/// only when the rule file has `bonus` lines).
fn bonuses(g: &Game, o: &mut String) {
    let b = g.bonuses();
    if b.is_empty() {
        return;
    }
    o.push_str("bonus (hundredths of a value the searching AI adds for a piece on a cell):\n");
    bonus_rows(g, o, "  ", |id, c| b.at(id, c));
    for (k, when) in b.conditions().enumerate() {
        o.push_str(&format!("  when {when} (for the piece's owner):\n"));
        bonus_rows(g, o, "    ", |id, c| b.at_when(k, id, c));
    }
}

/// One bonus table's lines, a piece each, indented by `indent`; `at` is the table.
fn bonus_rows(g: &Game, o: &mut String, indent: &str, at: impl Fn(PieceId, usize) -> i32) {
    for (id, p) in g.pieces().iter().enumerate().skip(1) {
        let mut by_weight: Vec<(i32, Vec<&str>)> = Vec::new();
        for (c, cell) in g.board().cells.iter().enumerate() {
            let w = at(PieceId::from_index(id), c);
            if w == 0 {
                continue;
            }
            match by_weight.iter_mut().find(|(x, _)| *x == w) {
                Some((_, cells)) => cells.push(&cell.name),
                None => by_weight.push((w, vec![&cell.name])),
            }
        }
        if by_weight.is_empty() {
            continue;
        }
        by_weight.sort_by_key(|&(w, _)| std::cmp::Reverse(w));
        let groups: Vec<String> = by_weight
            .iter()
            .map(|(w, cells)| format!("{w:+}: {}", abbreviate(cells, 8)))
            .collect();
        o.push_str(&format!(
            "{indent}{} {}  {}\n",
            p.symbol,
            g.kinds()[p.kind.index()].name,
            groups.join(" | ")
        ));
    }
}

/// The sections of a race game: the dice and the chance of each roll, the tracks per
/// player, the reserve the tracks are entered from, and the cells that stack. Each is
/// printed only when the game has it.
fn race(g: &Game, o: &mut String) {
    if let Some(d) = &g.dice() {
        o.push_str(&format!("dice: {}\n", d.text));
        o.push_str(&format!("  chance of each roll: {}\n", roll_chances(d)));
        if let Some(turn) = g.dice_turn_text() {
            o.push_str(&format!("  {turn}\n"));
        }
    }
    if !g.tracks().is_empty() {
        o.push_str(
            "tracks (in order: the first step from the reserve lands on the first cell; \
             exactly one step past the last cell bears a piece off):\n",
        );
        for t in g.tracks() {
            for p in 0..g.num_players() {
                let cells: Vec<&str> = t.cells[Player(p as u8)]
                    .iter()
                    .map(|&c| g.board().cells[c.index()].name.as_str())
                    .collect();
                let name = if p == 0 { t.name.as_str() } else { "" };
                o.push_str(&format!(
                    "  {:<14} {}: {} ({} cells)\n",
                    name,
                    g.players()[p],
                    cells.join(" "),
                    cells.len()
                ));
            }
        }
        if let Some(k) = g.reserve_kind() {
            let per: Vec<String> = (0..g.num_players())
                .map(|p| {
                    let id = g.piece_id(k, Some(Player(p as u8)));
                    let n = g.start_reserve().get(id.index()).copied().unwrap_or(0);
                    format!("{n} for {}", g.players()[p])
                })
                .collect();
            o.push_str(&format!(
                "  reserve        {} at start: {}\n",
                g.kinds()[k.index()].name,
                per.join(", ")
            ));
        }
    }
    let b = &g.board();
    // Stack cells grouped by (capacity, shared), in the order each group first appears.
    let mut groups: Vec<((u8, bool), Vec<&str>)> = Vec::new();
    for (c, &cap) in b.stack_cap.iter().enumerate() {
        if cap == 0 {
            continue;
        }
        let key = (cap, b.stack_shared[c]);
        let name = b.cells[c].name.as_str();
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, cells)) => cells.push(name),
            None => groups.push((key, vec![name])),
        }
    }
    if !groups.is_empty() {
        o.push_str(if g.hits_blots() {
            "stacks (an advance lands on top of the stack; a lone enemy piece there is hit, capture: blot):\n"
        } else {
            "stacks (an advance lands on top of the stack; nothing is captured there):\n"
        });
        let lists: Vec<String> = groups.iter().map(|(_, cells)| cells.join(" ")).collect();
        let width = lists.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        for (((cap, shared), _), list) in groups.iter().zip(&lists) {
            let who = if *shared {
                "shared: both sides at once"
            } else {
                "one side at a time"
            };
            o.push_str(&format!("  {list:<width$}   up to {cap}, {who}\n"));
        }
    }
}

/// `1 = 3/8, 2 = 3/8, …`: each roll with its chance, as fractions over one common
/// denominator when the chances are such fractions (they are for fair dice of a few faces),
/// otherwise as decimals.
fn roll_chances(d: &Dice) -> String {
    let fractions: Option<Vec<(u64, u64)>> = d.outcomes.iter().map(|&(_, p)| fraction(p)).collect();
    let common = fractions.as_ref().and_then(|fs| {
        fs.iter().try_fold(1u64, |l, &(_, den)| {
            let l = l / gcd(l, den) * den;
            (l <= MAX_DENOMINATOR).then_some(l)
        })
    });
    d.outcomes
        .iter()
        .enumerate()
        .map(|(i, &(r, p))| match (&fractions, common) {
            (Some(fs), Some(l)) if l > 1 => format!("{r} = {}/{l}", fs[i].0 * (l / fs[i].1)),
            (Some(_), Some(_)) => format!("{r} = 1"),
            _ if p >= 1e-4 => format!("{r} = {p:.6}"),
            _ => format!("{r} = {p:.2e}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The largest denominator [`fraction`] looks for.
const MAX_DENOMINATOR: u64 = 1 << 40;

/// `p` as a reduced fraction `n/d` with `d <= MAX_DENOMINATOR`, if one is equal to it up to
/// rounding (the convergents of its continued fraction).
fn fraction(p: f64) -> Option<(u64, u64)> {
    if !(0.0..=1.0).contains(&p) {
        return None;
    }
    let (mut h0, mut h1) = (0u64, 1u64);
    let (mut k0, mut k1) = (1u64, 0u64);
    let mut x = p;
    for _ in 0..64 {
        let a = x.floor();
        if a > MAX_DENOMINATOR as f64 {
            return None;
        }
        let a = a as u64;
        let h = a.checked_mul(h1)?.checked_add(h0)?;
        let k = a.checked_mul(k1)?.checked_add(k0)?;
        if k > MAX_DENOMINATOR {
            return None;
        }
        (h0, h1, k0, k1) = (h1, h, k1, k);
        if (p - h as f64 / k as f64).abs() <= 1e-12 * p.max(f64::MIN_POSITIVE) {
            return Some((h, k));
        }
        let frac = x - a as f64;
        if frac <= 0.0 {
            return None;
        }
        x = 1.0 / frac;
    }
    None
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn result_word(r: crate::engine::EndResult) -> &'static str {
    match r {
        crate::engine::EndResult::Win => "win",
        crate::engine::EndResult::Loss => "loss",
        crate::engine::EndResult::Draw => "draw",
    }
}

fn cond_name(c: &EndCond) -> &'static str {
    match c {
        EndCond::Line { .. } => "line",
        EndCond::Connect { .. } => "connect",
        EndCond::Connected { .. } => "connected",
        EndCond::Reach { .. } => "reach",
        EndCond::NoPieces { .. } => "no-pieces",
        EndCond::Captured { .. } => "captured",
        EndCond::PlyLimit(_) => "ply-limit",
        EndCond::NoProgress(_) => "no-progress",
        EndCond::BorneOff(_) => "borne-off",
        EndCond::NobodyCanMove => "nobody-can-move",
        EndCond::PiecesAtMost { .. } => "pieces-at-most",
        EndCond::OneColour { .. } => "one-colour",
        EndCond::Most { .. } => "most",
        EndCond::All(_) => "all of",
        EndCond::Not(_) => "not",
        EndCond::Repetition(_) => "repetition",
        EndCond::PerpetualCheck => "perpetual-check",
        EndCond::Passes(_) => "passes",
        EndCond::Score { .. } => "score",
        EndCond::State(_) => "comparison",
        EndCond::LastSownIn(_) => "last-sown-in",
    }
}

fn abbreviate(items: &[&str], max: usize) -> String {
    if items.len() <= max {
        items.join(" ")
    } else {
        format!(
            "{} … {} ({} in all)",
            items[..max / 2].join(" "),
            items[items.len() - max / 2..].join(" "),
            items.len()
        )
    }
}
