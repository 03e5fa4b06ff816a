//! What a search can learn about a game from its compiled tables alone: whether pieces can be
//! captured, whether material counts, whether positions can repeat, and which moves enter a
//! zone their owner wins by reaching. Never looks at a game's name.

use crate::engine::prim::Takes;
use crate::engine::{
    CellCond, CellId, ContentSet, EndCond, EndResult, Game, Move, PieceId, Player, State, EMPTY,
    NO_CELL,
};

/// Facts about a game that the evaluation and move ordering use.
#[derive(Clone, Debug)]
pub(crate) struct Features {
    /// Some rule can remove or take over an enemy piece.
    pub captures: bool,
    /// Material means something: pieces can be captured, or kinds have different values.
    pub material: bool,
    /// Quiescence has something to look at: captures, or moves into a zone that wins.
    pub tactical: bool,
    /// Some ending or move filter depends on what the position hash leaves out (a ply
    /// limit, a no-progress clock, the history of positions or moves), so a finished game
    /// found in search is not a fact about the position.
    pub clocked: bool,
    /// A position can come back (some rule moves a piece or passes).
    pub can_repeat: bool,
    /// Centipawn-like unit: 100 times the smallest positive piece value.
    pub unit: i32,
    /// `win if reach(zone)` conditions, per player.
    pub reach: Vec<Vec<Reach>>,
    /// Per piece id, what one of its moves counts in the mobility term, in tenths of a move
    /// (empty when every move counts ten; see [`Features::mobility`]).
    pub move_weight: Vec<i32>,
}

/// A `win if reach(zone)` condition as seen by one player.
#[derive(Clone, Debug)]
pub(crate) struct Reach {
    /// The pieces that win by standing in the zone.
    pub pieces: ContentSet,
    /// Per cell: whether it lies in the zone.
    pub goal: Vec<bool>,
}

/// Whether `set`, as seen by `p`, holds a piece owned by another player.
fn holds_enemy(game: &Game, set: &ContentSet, p: Player) -> bool {
    (1..game.pieces().len()).any(|id| {
        let pt = &game.pieces()[id];
        set.contains(PieceId::from_index(id)) && pt.owner.is_some_and(|o| o != p)
    })
}

fn cond_holds_enemy(game: &Game, cond: &CellCond, p: Player) -> bool {
    holds_enemy(game, &cond.content[p], p)
}

impl Features {
    /// Analyses `game`.
    pub fn of(game: &Game) -> Features {
        let np = game.num_players();
        let players = (0..np as u8).map(Player);
        let mut captures = false;
        let mut can_repeat = false;
        for rule in game.rules() {
            if rule.from_piece() {
                can_repeat = true;
            }
            for part in &rule.parts {
                for p in players.clone() {
                    captures |= match part.takes() {
                        Takes::On(on) => cond_holds_enemy(game, on, p),
                        Takes::Jumped { to, capture } => capture || cond_holds_enemy(game, to, p),
                        Takes::Nothing => false,
                    };
                }
                if part.may_pass() {
                    can_repeat = true;
                }
            }
        }
        captures |= game
            .ends
            .iter()
            .any(|e| matches!(e.cond, EndCond::Captured { .. }));
        let values_differ = game.kinds().windows(2).any(|w| w[0].value != w[1].value);
        let min_value = game
            .kinds
            .iter()
            .map(|k| k.value)
            .filter(|&v| v > 0)
            .min()
            .unwrap_or(1)
            .min(10_000);
        let unit = 100 * min_value;
        let mut reach = vec![Vec::new(); np];
        for end in game.ends() {
            let EndCond::Reach { zone, pieces } = &end.cond else {
                continue;
            };
            if end.result != EndResult::Win {
                continue;
            }
            for p in players.clone() {
                let Some(z) = game.board().zones.get(zone.index()) else {
                    continue;
                };
                if end.players >> p.0 & 1 == 1 {
                    reach[p.index()].push(Reach {
                        pieces: pieces[p],
                        goal: (0..game.board().len())
                            .map(|c| z.contains(p, CellId::from_index(c)))
                            .collect(),
                    });
                }
            }
        }
        // Endings and move filters that read the history make a result found in search
        // depend on more than the position.
        fn reads_history(c: &EndCond) -> bool {
            match c {
                EndCond::PlyLimit(_)
                | EndCond::NoProgress(_)
                | EndCond::Repetition(_)
                | EndCond::Passes(_) => true,
                EndCond::All(cs) => cs.iter().any(reads_history),
                EndCond::Not(c) => reads_history(c),
                _ => false,
            }
        }
        let clocked =
            game.ends().iter().any(|e| reads_history(&e.cond)) || !game.forbids().is_empty();
        // A move of a piece worth more than three of the least valuable counts for less, in
        // proportion: a queen's twenty squares are worth less than they look, since a
        // valuable piece must keep away from attacks (without this, chess openings brought
        // the queen out at once for its moves).
        let heavy = 3 * min_value;
        let move_weight = if values_differ {
            (0..game.pieces().len())
                .map(|id| {
                    let v = game.kinds()[game.pieces()[id].kind.index()].value;
                    if v > heavy {
                        (10 * heavy / v).max(1)
                    } else {
                        10
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        Features {
            clocked,
            tactical: captures || reach.iter().any(|r| !r.is_empty()),
            captures,
            material: captures || values_differ,
            can_repeat,
            unit,
            reach,
            move_weight,
        }
    }

    /// The mobility of the player to move with legal moves `moves`, in tenths of a move:
    /// each move weighs what its piece's moves weigh (placements and other moves from no
    /// piece weigh ten).
    pub fn mobility(&self, game: &Game, state: &State, moves: &[Move]) -> i32 {
        if self.move_weight.is_empty() {
            return 10 * moves.len() as i32;
        }
        moves
            .iter()
            .map(|mv| match game.move_origin(mv) {
                Some(c) => self.move_weight[state.at(c).index()],
                None => 10,
            })
            .sum()
    }

    /// The value of the enemy piece `mv` would capture (the most valuable if several), or
    /// `None` if it captures nothing. Read from the rule's parts and the board before the move.
    pub fn victim(&self, game: &Game, state: &State, mv: Move) -> Option<i32> {
        if !self.captures || mv.is_forced_pass() {
            return None;
        }
        let rule = game.rules().get(mv.rule.index())?;
        let me = state.to_move();
        let value_if_enemy = |cell: CellId| -> Option<i32> {
            if cell == NO_CELL || cell.index() >= state.board().len() {
                return None;
            }
            let piece = state.at(cell);
            let pt = game.pieces().get(piece.index())?;
            match pt.owner {
                Some(o) if piece != EMPTY && o != me => {
                    Some(game.kinds().get(pt.kind.index()).map_or(0, |k| k.value))
                }
                _ => None,
            }
        };
        let cells = mv.cells();
        let mut k = usize::from(rule.from_piece());
        let mut best: Option<i32> = None;
        let mut note = |v: Option<i32>| {
            if let Some(v) = v {
                best = Some(best.map_or(v, |b| b.max(v)));
            }
        };
        for part in &rule.parts {
            let n = part.cells_recorded();
            if k + n > cells.len() {
                break;
            }
            k = part.victims((game, state), cells, k, &mut |c| note(value_if_enemy(c)));
        }
        best
    }

    /// The value of the piece `mv` moves (0 for placements).
    pub fn mover_value(&self, game: &Game, state: &State, mv: Move) -> i32 {
        let Some(rule) = game.rules().get(mv.rule.index()) else {
            return 0;
        };
        if !rule.from_piece() || mv.len == 0 {
            return 0;
        }
        let piece = state.at(mv.cells[0]);
        game.pieces()
            .get(piece.index())
            .and_then(|pt| game.kinds().get(pt.kind.index()))
            .map_or(0, |k| k.value)
    }

    /// Whether `mv` moves a piece into a zone its owner wins by reaching.
    pub fn reaches_goal(&self, game: &Game, state: &State, mv: Move) -> bool {
        let Some(conds) = self.reach.get(state.to_move().index()) else {
            return false;
        };
        if conds.is_empty() || mv.len < 2 {
            return false;
        }
        if !game
            .rules
            .get(mv.rule.index())
            .is_some_and(|r| r.from_piece())
        {
            return false;
        }
        let piece = state.at(mv.cells[0]);
        let last = (mv.cells[mv.len as usize - 1]).index();
        conds
            .iter()
            .any(|r| r.pieces.contains(piece) && r.goal.get(last).copied().unwrap_or(false))
    }
}
