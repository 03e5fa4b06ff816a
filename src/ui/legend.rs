//! What a newcomer needs to read a board, worked out from the compiled rules (no game's
//! name is looked at): the letters of the pieces, the edges each player must join, the
//! cells the rules single out (Ur's rosettes), the options in force (Go's komi) and how to
//! pass. The line mode prints these under its first line; the full-screen board shows them
//! in its panel.

use crate::engine::{EndCond, EndResult};
use crate::engine::{Game, Part, Player};

/// Zones every board has whatever its rule file says; only the ones a rule file names
/// itself are special cells.
const BUILT_IN_ZONES: [&str; 5] = ["top", "bottom", "left", "right", "all"];

/// A special zone listing more cells than this is a region (a promotion rank), and is
/// named without its cells.
const LISTED_CELLS: usize = 6;

/// The notes for `game`, one line each; `pieces` adds the line of piece letters and what
/// each kind promotes to (the full-screen board draws its own pieces, and its panel has no
/// room for the promotions).
pub fn notes(game: &Game, pieces: bool) -> Vec<String> {
    let mut out = Vec::new();
    if pieces {
        out.extend(piece_letters(game));
        let promotions = promotions(game);
        if !promotions.is_empty() {
            out.push(promotions.join(" · "));
        }
    }
    out.extend(rule_notes(game));
    if game
        .rules
        .iter()
        .any(|r| r.parts.iter().any(|p| matches!(p, Part::Pass(_))))
    {
        out.push("to pass, type 'pass'".into());
    }
    if game
        .board
        .cells
        .iter()
        .all(|c| c.name.bytes().all(|b| b.is_ascii_digit()))
    {
        out.push("cells are numbered row by row: see the numbers beside the rows".into());
    }
    out
}

/// What the rules single out, for every front-end (the web board shows these under its
/// legend): the edges each player joins, the special cells, the options in words.
pub fn rule_notes(game: &Game) -> Vec<String> {
    let mut out = goals(game);
    let special = special_cells(game);
    if !special.is_empty() {
        out.push(format!("special cells: {}", special.join("; ")));
    }
    let options = option_words(game);
    if !options.is_empty() {
        out.push(options.join(" · "));
    }
    out
}

/// What each kind may become, as its moves declare (`promote(king, in: crown-row)`):
/// `man promotes to king`, `pawn promotes to queen, rook, bishop or knight`.
pub fn promotions(game: &Game) -> Vec<String> {
    let mut out = Vec::new();
    for (k, kind) in game.kinds().iter().enumerate() {
        let mut to: Vec<&str> = Vec::new();
        for r in game
            .rules
            .iter()
            .filter(|r| r.kinds.iter().any(|x| x.index() == k))
        {
            for part in &r.parts {
                let Part::Promote(p) = part else { continue };
                for t in &p.kinds {
                    let name = game.kinds()[t.index()].name.as_str();
                    if !to.contains(&name) {
                        to.push(name);
                    }
                }
            }
        }
        let Some((last, rest)) = to.split_last() else {
            continue;
        };
        let list = if rest.is_empty() {
            last.to_string()
        } else {
            format!("{} or {last}", rest.join(", "))
        };
        out.push(format!("{} promotes to {list}", kind.name));
    }
    out
}

/// The options in force in words a player reads, from the compiled options: a number
/// after its name (`komi 7.5`), a word before it (`positional ko`), yes or no as allowed
/// or not where the option guards a move (`suicide not allowed`), else as a rule on or off
/// (`insufficient material rule`, `no … rule`). The options the board line reads (its
/// size) are left out: the board shows them.
pub fn option_words(game: &Game) -> Vec<String> {
    game.options()
        .iter()
        .filter(|(k, _)| !game.drawn_options().contains(k))
        .map(|(k, v)| {
            let name = k.replace(['-', '_'], " ");
            let guards_a_move = game.move_options().contains(k);
            match v.as_str() {
                "yes" if guards_a_move => format!("{name} allowed"),
                "no" if guards_a_move => format!("{name} not allowed"),
                "yes" => format!("{name} rule"),
                "no" => format!("no {name} rule"),
                _ if v.parse::<f64>().is_ok() => format!("{name} {v}"),
                _ => format!("{v} {name}"),
            }
        })
        .collect()
}

/// `text` in lines of at most `width` characters, broken at spaces (a longer word is cut),
/// the lines after the first indented by two spaces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let room = if lines.is_empty() {
            width
        } else {
            width.saturating_sub(2)
        };
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > room {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            let l = if i == 0 { l } else { format!("  {l}") };
            l.chars().take(width).collect()
        })
        .collect()
}

/// The letters of the pieces, a kind at a time in the players' order: `pieces
/// (White/Black): P/p progressor, L/l liberator, …`, then pieces that belong to nobody.
fn piece_letters(game: &Game) -> Option<String> {
    let players = game.num_players();
    let mut kinds: Vec<String> = Vec::new();
    let mut uniform = true;
    for (k, kind) in game.kinds().iter().enumerate() {
        let of = |p: usize| {
            game.pieces()
                .iter()
                .skip(1)
                .find(|pc| pc.kind.index() == k && pc.owner.map(|o| o.index()) == Some(p))
        };
        let owned: Vec<Option<char>> = (0..players).map(|p| of(p).map(|pc| pc.symbol)).collect();
        if owned.iter().all(Option::is_some) {
            let symbols: Vec<String> = owned.iter().flatten().map(char::to_string).collect();
            kinds.push(format!("{} {}", symbols.join("/"), kind.name));
        } else if owned.iter().any(Option::is_some) {
            uniform = false;
            for (p, s) in owned.iter().enumerate() {
                if let Some(s) = s {
                    kinds.push(format!("{s} {} ({})", kind.name, game.players()[p]));
                }
            }
        }
        for pc in game.pieces().iter().skip(1) {
            if pc.kind.index() == k && pc.owner.is_none() {
                kinds.push(format!("{} {} (nobody's)", pc.symbol, kind.name));
            }
        }
    }
    if kinds.is_empty() {
        return None;
    }
    let whose = if uniform && players > 1 {
        format!(" ({})", game.players().join("/"))
    } else {
        String::new()
    };
    Some(format!("pieces{whose}: {}", kinds.join(", ")))
}

/// The edges each player joins to win (`connect` endings): `Black wins by joining top
/// and bottom`.
fn goals(game: &Game) -> Vec<String> {
    let zone = |z: crate::engine::ZoneId| {
        game.board()
            .zones
            .get(z.index())
            .map_or("?", |z| z.name.as_str())
    };
    let mut out = Vec::new();
    for end in game.ends() {
        let EndCond::Connect { a, b, .. } = &end.cond else {
            continue;
        };
        let verb = match end.result {
            EndResult::Win => "wins",
            EndResult::Loss => "loses",
            EndResult::Draw => "draws",
        };
        let who: Vec<&str> = (0..game.num_players())
            .filter(|&p| end.players >> p & 1 == 1)
            .map(|p| game.players()[p].as_str())
            .collect();
        out.push(format!(
            "{} {verb} by joining {} and {}",
            who.join(" or "),
            zone(*a),
            zone(*b)
        ));
    }
    out
}

/// The zones a rule file names itself, with their cells when few (`rosettes a1 g1 d2 a3
/// g3`), per player where they differ (`flip-cell White h1, Black h3`).
fn special_cells(game: &Game) -> Vec<String> {
    let mut out = Vec::new();
    for z in &game.board().zones {
        if BUILT_IN_ZONES.contains(&z.name.as_str()) || z.hint_only {
            continue;
        }
        let cells_of = |p: usize| -> Vec<&str> {
            (0..game.board().len())
                .filter(|&c| z.contains(Player(p as u8), crate::engine::CellId::from_index(c)))
                .map(|c| game.board().cells[c].name.as_str())
                .collect()
        };
        let per_player: Vec<Vec<&str>> = (0..game.num_players()).map(cells_of).collect();
        // A zone that is one cell of the same name (Ur's `a2`) says nothing new.
        if per_player.iter().all(|c| c.len() == 1 && c[0] == z.name) {
            continue;
        }
        let list = |cells: &[&str]| {
            if cells.len() <= LISTED_CELLS {
                cells.join(" ")
            } else {
                format!("{} cells", cells.len())
            }
        };
        if per_player.windows(2).all(|w| w[0] == w[1]) {
            out.push(format!("{} {}", z.name, list(&per_player[0])));
        } else {
            let each: Vec<String> = per_player
                .iter()
                .enumerate()
                .map(|(p, cells)| format!("{} {}", game.players()[p], list(cells)))
                .collect();
            out.push(format!("{} {}", z.name, each.join(", ")));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notes_of(name: &str) -> Vec<String> {
        notes(&crate::load_shipped(name, &[]).unwrap(), true)
    }

    #[test]
    fn notes_wrap_at_spaces_within_the_width() {
        assert_eq!(
            wrap("special cells: crown-row Black 29 30 31 32", 20),
            ["special cells:", "  crown-row Black 29", "  30 31 32"]
        );
        assert!(wrap(&"x".repeat(50), 10)
            .iter()
            .all(|l| l.chars().count() <= 10));
    }

    #[test]
    fn hex_says_which_edges_each_player_joins() {
        let n = notes_of("hex");
        assert!(
            n.contains(&"Black wins by joining top and bottom".to_string()),
            "{n:?}"
        );
        assert!(
            n.contains(&"White wins by joining left and right".to_string()),
            "{n:?}"
        );
        assert!(n.contains(&"swap not allowed".to_string()), "{n:?}");
    }

    #[test]
    fn ur_names_its_rosettes_and_go_its_komi_and_pass() {
        let ur = notes_of("ur");
        let special = ur
            .iter()
            .find(|l| l.starts_with("special cells: "))
            .unwrap();
        assert!(special.contains("rosettes a1 g1 d2 a3 g3"), "{special}");
        assert!(
            special.contains("flip-cell White h1, Black h3"),
            "{special}"
        );
        assert!(
            !special.contains("; a2"),
            "one-cell zones named after their cell are left out"
        );
        let go = notes_of("go");
        assert!(
            go.contains(&"komi 7.5 · suicide not allowed · positional ko".to_string()),
            "{go:?}"
        );
        assert!(go.contains(&"to pass, type 'pass'".to_string()), "{go:?}");
    }

    #[test]
    fn options_are_said_in_words_without_the_boards_size() {
        let words = |game: &str, set: &[(&str, &str)]| {
            let set: Vec<(String, String)> = set
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            option_words(&crate::load_shipped(game, &set).unwrap())
        };
        // The board line reads `size`: the board shows it.
        assert_eq!(
            words("go", &[("suicide", "yes"), ("size", "13")]),
            ["komi 7.5", "suicide allowed", "positional ko"]
        );
        assert_eq!(words("hex", &[("swap", "yes")]), ["swap allowed"]);
        // Nex's board reads `width = size`: neither is said.
        assert_eq!(words("nex", &[]), ["swap not allowed"]);
        assert_eq!(words("connect4", &[]), ["connect 4"]);
        // An option that guards no move is a rule, on or off.
        assert_eq!(words("chess", &[]), ["insufficient material rule"]);
        assert_eq!(
            words("chess", &[("insufficient-material", "no")]),
            ["no insufficient material rule"]
        );
        assert!(words("breakthrough", &[]).is_empty());
    }

    #[test]
    fn promotions_are_named_from_the_moves() {
        let of = |game: &str| promotions(&crate::load_shipped(game, &[]).unwrap());
        assert_eq!(of("draughts"), ["man promotes to king"]);
        assert_eq!(
            of("chess"),
            ["pawn promotes to queen, rook, bishop or knight"]
        );
        assert!(of("go").is_empty());
    }

    #[test]
    fn zones_only_the_bonuses_read_are_not_special_cells() {
        let chess = notes_of("chess");
        let special = chess
            .iter()
            .find(|l| l.starts_with("special cells: "))
            .unwrap();
        // `centre`, `castled`, … serve only `bonus` lines: the rules single out these two.
        assert_eq!(
            special,
            "special cells: last-rank White 8 cells, Black 8 cells; pawn-start White 8 cells, \
             Black 8 cells"
        );
    }

    #[test]
    fn intellector_lists_its_piece_letters_and_draughts_its_numbers() {
        let i = notes_of("intellector");
        assert!(
            i[0].starts_with("pieces (White/Black): P/p progressor, L/l liberator, "),
            "{i:?}"
        );
        let d = notes_of("draughts");
        assert!(
            d.iter().any(|l| l.starts_with("cells are numbered")),
            "{d:?}"
        );
        assert!(
            d.contains(&"special cells: crown-row Black 29 30 31 32, White 1 2 3 4".to_string()),
            "{d:?}"
        );
    }
}
