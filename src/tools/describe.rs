//! `describe` and `check`: what the compiler made of a rule file, in words.

use crate::engine::{BoardShape, EndCond, Game, NoMoves, Part};

/// One line: title, players, board size, counts.
pub fn summary(g: &Game) -> String {
    format!(
        "{}: ok — \"{}\", {} players, {} cells, {} piece kinds, {} move rules, {} endings",
        g.name,
        g.title,
        g.num_players(),
        g.board.len(),
        g.kinds.len(),
        g.rules.len(),
        g.ends.len() + usize::from(g.no_moves.is_some())
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
    let b = &g.board;
    o.push_str(&format!("game {} (\"{}\")\n", g.name, g.title));
    o.push_str(&format!(
        "players: {} (first: {})\n",
        g.players.join(", "),
        g.players[g.start_player.index()]
    ));
    if !g.options.is_empty() {
        let opts: Vec<String> = g.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        o.push_str(&format!("options: {}\n", opts.join(", ")));
    }
    o.push_str(&format!("board: {}, {} cells\n", shape(&b.shape), b.len()));
    let names: Vec<&str> = b.cells.iter().map(|c| c.name.as_str()).collect();
    o.push_str(&format!("cells: {}\n", abbreviate(&names, 24)));
    let dirs: Vec<String> = b
        .dirs
        .iter()
        .map(|d| {
            let opp = d
                .opposite
                .map(|x| b.dirs[x as usize].name.clone())
                .unwrap_or_else(|| "-".into());
            format!("{}{}(back {opp})", d.name, if d.basic { "" } else { "*" })
        })
        .collect();
    o.push_str(&format!(
        "directions ({} ; * = compound): {}\n",
        b.dirs.len(),
        dirs.join(" ")
    ));
    o.push_str("zones:\n");
    for z in &b.zones {
        let per: Vec<String> = (0..g.num_players())
            .map(|p| {
                let cells: Vec<&str> = (0..b.len())
                    .filter(|&c| z.contains(crate::engine::Player(p as u8), c as u16))
                    .map(|c| b.cells[c].name.as_str())
                    .collect();
                format!("{}: {}", g.players[p], abbreviate(&cells, 12))
            })
            .collect();
        o.push_str(&format!("  {:<14} {}\n", z.name, per.join(" | ")));
    }
    o.push_str("pieces:\n");
    for (i, p) in g.pieces.iter().enumerate().skip(1) {
        let owner = p
            .owner
            .map_or("nobody".to_string(), |o| g.players[o.index()].clone());
        let k = &g.kinds[p.kind as usize];
        o.push_str(&format!(
            "  {} {} of {} (value {}), {} at start\n",
            p.symbol,
            k.name,
            owner,
            k.value,
            g.start().count(i as u8)
        ));
    }
    o.push_str("moves:\n");
    for r in &g.rules {
        let kinds: Vec<&str> = r
            .kinds
            .iter()
            .map(|&k| g.kinds[k as usize].name.as_str())
            .collect();
        let parts: Vec<&str> = r.parts.iter().map(part_name).collect();
        let who = if kinds.is_empty() {
            String::new()
        } else {
            format!("{}: ", kinds.join(", "))
        };
        o.push_str(&format!("  {who}{}   [{}]\n", r.text, parts.join(" then ")));
    }
    o.push_str("endings:\n");
    for e in &g.ends {
        let who: Vec<&str> = (0..g.num_players())
            .filter(|p| e.players >> p & 1 == 1)
            .map(|p| g.players[p].as_str())
            .collect();
        o.push_str(&format!(
            "  {} if {} for {}   [{}]\n",
            result_word(e.result),
            e.text,
            who.join(", "),
            cond_name(&e.cond)
        ));
    }
    for e in &g.again {
        o.push_str(&format!(
            "  again if {}   (the mover plays again)\n",
            e.text
        ));
    }
    if let Some(r) = g.checkmate {
        o.push_str(&format!(
            "  {} if checkmate (no legal move while a royal piece is attacked)\n",
            result_word(r)
        ));
    }
    match g.no_moves {
        Some(NoMoves::Pass) => o.push_str("  no legal move: pass\n"),
        Some(NoMoves::Result(r)) => o.push_str(&format!(
            "  no legal move: {} for the player to move\n",
            result_word(r)
        )),
        None => o.push_str("  no legal move: draw (no rule given)\n"),
    }
    if !g.forbids.is_empty() {
        o.push_str("forbidden (a move after which this holds is not legal; a pass always is):\n");
        for f in &g.forbids {
            let what = match &f.cond {
                crate::engine::ForbidCond::Repetition(r) => r.name(),
                crate::engine::ForbidCond::Surrounded { .. } => "surrounded".to_string(),
            };
            o.push_str(&format!("  forbid {}   [{what}]\n", f.text));
        }
    }
    o
}

fn result_word(r: crate::engine::EndResult) -> &'static str {
    match r {
        crate::engine::EndResult::Win => "win",
        crate::engine::EndResult::Loss => "loss",
        crate::engine::EndResult::Draw => "draw",
    }
}

fn part_name(p: &Part) -> &'static str {
    match p {
        Part::Place { .. } => "place",
        Part::Drop { .. } => "drop",
        Part::Step { .. } => "step",
        Part::Slide { .. } => "slide",
        Part::Jump { .. } => "jump",
        Part::EnPassant { .. } => "en-passant",
        Part::Castle { .. } => "castle",
        Part::Swap { .. } => "swap",
        Part::Promote { .. } => "promote",
        Part::BecomeCaptured { .. } => "become-captured",
        Part::Convert { .. } => "convert",
        Part::Advance(_) => "advance",
        Part::Outflank { .. } => "outflank",
        Part::Fly { .. } => "fly",
        Part::Remove { .. } => "remove",
        Part::RemoveSurrounded { .. } => "remove-surrounded",
        Part::Pass => "pass",
        Part::SwapSides => "swap-sides",
    }
}

fn cond_name(c: &EndCond) -> &'static str {
    match c {
        EndCond::Line { .. } => "line",
        EndCond::Connect { .. } => "connect",
        EndCond::Reach { .. } => "reach",
        EndCond::NoPieces { .. } => "no-pieces",
        EndCond::Captured { .. } => "captured",
        EndCond::PlyLimit(_) => "ply-limit",
        EndCond::NoProgress(_) => "no-progress",
        EndCond::BorneOff(_) => "borne-off",
        EndCond::NobodyCanMove => "nobody-can-move",
        EndCond::PiecesAtMost { .. } => "pieces-at-most",
        EndCond::Most { .. } => "most",
        EndCond::All(_) => "all of",
        EndCond::Repetition(_) => "repetition",
        EndCond::Passes(_) => "passes",
        EndCond::Score { .. } => "score",
        EndCond::State(_) => "comparison",
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
