//! The syntax tree of a rule file. Every node keeps the span it was written at, so later
//! stages can point at it.

use super::span::{Name, Span, Spanned};

/// An expression: names, numbers, strings, calls and the few operators of the language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it was written.
    pub span: Span,
}

/// The forms an expression takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// A whole number: `8`.
    Int(i64),
    /// A number with a fractional part, as written: `7.5`.
    Decimal(String),
    /// A quoted string: `"P"`.
    Str(String),
    /// A name: `forward`, `a1`, `empty`.
    Name(String),
    /// A call of a primitive or definition: `step(forward, to: empty)`.
    Call { name: Name, args: Vec<Arg> },
    /// `not x`.
    Not(Box<Expr>),
    /// `x and y and …`.
    And(Vec<Expr>),
    /// `x or y or …`.
    Or(Vec<Expr>),
    /// `x then y then …`: the parts of one move, in order.
    Then(Vec<Expr>),
    /// `x + y` (compound direction, zone union, addition).
    Add(Box<Expr>, Box<Expr>),
    /// `x - y` (zone difference, subtraction).
    Sub(Box<Expr>, Box<Expr>),
    /// `x < y`, `x = y`, …: a comparison of two numbers.
    Cmp(CmpOp, Box<Expr>, Box<Expr>),
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `>=`
    Ge,
    /// `>`
    Gt,
}

impl CmpOp {
    /// Whether `a op b` holds.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Ge => a >= b,
            CmpOp::Gt => a > b,
        }
    }

    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Eq => "=",
            CmpOp::Ne => "!=",
            CmpOp::Ge => ">=",
            CmpOp::Gt => ">",
        }
    }
}

/// A call argument, positional or named (`to: empty`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    /// The name, for named arguments.
    pub name: Option<Name>,
    /// The value.
    pub value: Expr,
}

/// A value: a list of expressions, or one list per player (`n for White, s for Black`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// The same for every player.
    List(Vec<Expr>),
    /// One list per named player.
    PerPlayer(Vec<(Vec<Expr>, Name)>),
}

/// The result keyword of an end statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultWord {
    /// `win if …`
    Win,
    /// `loss if …`
    Loss,
    /// `draw if …`
    Draw,
    /// `pass if no-moves`
    Pass,
    /// `again if reach(rosettes)`: the mover plays again.
    Again,
}

/// A statement: one line of the rule file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    /// `game "Tic-tac-toe"`
    Game(Spanned<String>),
    /// `players White, Black`
    Players(Vec<Name>),
    /// `option size = 8`
    Option { name: Name, value: Expr },
    /// `board square(8, 8)`
    Board(Expr),
    /// `remove a1, h8`
    Remove(Vec<Expr>),
    /// `cells a1, b1, c1` (graph boards)
    Cells(Vec<Expr>),
    /// `link a1 b1 c1 as east / west` (graph boards)
    Link {
        cells: Vec<Name>,
        dir: Name,
        back: Option<Name>,
    },
    /// `direction forward = n for White, s for Black`
    Direction { name: Name, value: Value },
    /// `zone promotion = row(8) for White, row(1) for Black`
    Zone { name: Name, value: Value },
    /// `piece pawn = "P" for White, "p" for Black, value 1`
    Piece {
        name: Name,
        symbols: Value,
        value: Option<Expr>,
        /// `, counters`: a cell holds any number of these.
        counters: bool,
    },
    /// `score counters(store)`: what each player's score is.
    Score(Expr),
    /// `setup pawn at row(2) for White` or `setup "<position>"`
    Setup(Setup),
    /// `define rider(dirs) = slide(dirs, to: not friend)`
    Define {
        name: Name,
        params: Vec<Name>,
        body: Value,
    },
    /// `move pawn: step(forward, to: empty)`
    Move {
        kinds: Vec<Name>,
        alternatives: Vec<Expr>,
        guard: Option<Expr>,
        /// `forced move …`: while such a move is legal, no other move is.
        forced: bool,
    },
    /// `dice 3 from 0 to 1`: three dice, each showing 0 or 1, summed.
    Dice {
        count: Expr,
        low: Expr,
        high: Expr,
        /// `separately`: the dice are used one by one (its span), and
        /// whether `, doubles twice` follows.
        separately: Option<(Span, bool)>,
    },
    /// `roll 0 counts as 4`
    RollMap { roll: Expr, steps: Expr },
    /// `stack holy up to 4 shared`
    Stack {
        cells: Vec<Expr>,
        capacity: Expr,
        shared: bool,
    },
    /// `track path = d1, c1, … for White, …`
    Track { name: Name, cells: Value },
    /// `reserve novice = 7`
    Reserve { kind: Name, count: Value },
    /// `royal king`: these pieces may never be left attacked.
    Royal(Vec<Name>),
    /// `hand pawn, rook`: a captured piece goes, unpromoted and turned to the captor's side,
    /// into the captor's hand; these kinds may wait there, shown in this order.
    Hand(Vec<Name>),
    /// `notation coordinate`
    Notation(Name),
    /// `forced most-captures`: a rule on the forced moves as a whole.
    Forced(Name),
    /// `prefer reach(rosettes) by 500`: a weight the greedy player adds for each move that
    /// satisfies the condition; `prefer noise 10` (no condition): a random 0..10 added to
    /// every move's weight.
    Prefer {
        cond: Option<Expr>,
        weight: Spanned<i64>,
        guard: Option<Expr>,
    },
    /// `bonus knight, bishop at centre by 15`: hundredths of a value unit the searching
    /// AI's evaluation adds for each such piece on a cell of the zone (as the zone is for
    /// the piece's owner).
    Bonus {
        kinds: Vec<Name>,
        cells: Value,
        weight: Spanned<i64>,
        guard: Option<Expr>,
    },
    /// `win if line(3)`
    End {
        result: Spanned<ResultWord>,
        cond: Expr,
        players: Vec<Name>,
        guard: Option<Expr>,
    },
    /// `forbid repetition(2, positional)`: a move after which the condition holds is not legal.
    Forbid { cond: Expr, guard: Option<Expr> },
    /// `look marks = rosettes`, `look picture king = "♔" for White, …`: how the board is
    /// drawn; `subject` is the piece a `picture` is of; the guard may only read options.
    Look {
        word: Name,
        subject: Option<Name>,
        value: Option<Value>,
        guard: Option<Expr>,
    },
}

/// The two forms of `setup`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// A whole position in position notation.
    Position(Spanned<String>),
    /// Pieces of a kind placed on cells.
    Pieces {
        kind: Name,
        cells: Value,
        /// `setup 4 seed at pits`: counters per cell.
        count: Option<Spanned<u32>>,
    },
}

/// A parsed rule file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// The statements with their spans.
    pub stmts: Vec<Spanned<Stmt>>,
}
