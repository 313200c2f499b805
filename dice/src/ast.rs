//! The parsed form of a line of dice notation.
//!
//! A [`Line`] holds one or more rolls separated by `;`. Each [`RollSpec`] is an
//! arithmetic [`Expr`] over numbers and [`DiceTerm`]s, optionally repeated and
//! labelled. Values produced by [`parse`](super::parse) always respect the limits in
//! [`dice`](super), so evaluating them cannot loop or blow up.

use super::{OutputFlags, Span, System};

/// A whole line: the text it came from and its rolls, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The text as given, kept so evaluation errors can point into it.
    pub text: String,
    /// The `;`-separated rolls.
    pub rolls: Vec<RollSpec>,
}

/// One roll: `6x 4d6kh3 # stats` is the expression `4d6kh3`, repeated 6 times,
/// labelled `stats`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollSpec {
    /// How often the expression is rolled (1 unless a `6x` prefix was given).
    pub repeat: u32,
    /// What is rolled.
    pub expr: Expr,
    /// The text after `#`, trimmed; `None` when absent or blank.
    pub label: Option<String>,
    /// The game system whose reading gives the total (`alien4`, `wfrp45`...).
    pub system: Option<System>,
    /// Dice Maiden's output flags written before the roll (`p`, `s`, `nr`, `ul`).
    pub flags: OutputFlags,
}

/// Integer arithmetic over numbers and dice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// A number literal.
    Number { value: i64, span: Span },
    /// A group of dice such as `4d6kh3`.
    Dice(Box<DiceTerm>),
    /// `-x`.
    Negate { operand: Box<Expr>, span: Span },
    /// `(x)`, kept so results can be shown with the user's parentheses.
    Group { inner: Box<Expr>, span: Span },
    /// Avrae's set `(1d4, 2+2, 3d6kl1)kh1`: items summed after the operations
    /// chose which count. `(3d6)kh1` is not a set: its operations go to the dice.
    Set { items: Vec<Expr>, ops: Vec<SetOp>, span: Span },
    /// `x + y`, `x - y`, `x * y`, `x / y`, `x == y`, ...
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
        /// Where the operator is, for overflow errors.
        op_span: Span,
    },
}

impl Expr {
    /// The part of the line this expression covers.
    pub fn span(&self) -> Span {
        match self {
            Expr::Number { span, .. }
            | Expr::Negate { span, .. }
            | Expr::Group { span, .. }
            | Expr::Set { span, .. } => *span,
            Expr::Dice(term) => term.span,
            Expr::Binary { lhs, rhs, .. } => lhs.span().to(rhs.span()),
        }
    }
}

/// The binary operators. `/` rounds towards negative infinity (floor) in Rookery's
/// and Dice Maiden's readings (`-7/2` is `-4`); in Avrae's it is [`BinaryOp::DivideTruncating`]
/// (Avrae divides exactly and drops the fraction of the result: `-7/2` is `-3`).
/// `//` always floors and `%` takes the sign of the divisor, as in Python.
/// Comparisons give 1 when true and 0 when false.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Subtract,
    Multiply,
    Divide,
    DivideTruncating,
    FloorDivide,
    Modulo,
    Equal,
    NotEqual,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Subtract => "-",
            BinaryOp::Multiply => "*",
            BinaryOp::Divide | BinaryOp::DivideTruncating => "/",
            BinaryOp::FloorDivide => "//",
            BinaryOp::Modulo => "%",
            BinaryOp::Equal => "==",
            BinaryOp::NotEqual => "!=",
            BinaryOp::Less => "<",
            BinaryOp::LessOrEqual => "<=",
            BinaryOp::Greater => ">",
            BinaryOp::GreaterOrEqual => ">=",
        }
    }
}

/// One of Avrae's ordered operations on dice or a set, such as `kh3` or `ro<3`.
/// Consecutive operations of one kind merge (`k1k2` keeps ones and twos).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetOp {
    pub kind: SetOpKind,
    /// The values it applies to: those any selector matches.
    pub selectors: Vec<Selector>,
}

/// What a [`SetOp`] does to the values its selectors match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetOpKind {
    /// `k`: keep them, drop the other kept values.
    Keep,
    /// `p`: drop them.
    Drop,
    /// `rr`: reroll them until none matches (dice only).
    Reroll,
    /// `ro`: reroll them once (dice only).
    RerollOnce,
    /// `ra`: roll one more die for the first of them, keeping it (dice only).
    RerollAdd,
    /// `e`: roll another die for each, and for each new die that matches (dice only).
    Explode,
    /// `miN`: each die counts at least N (dice only; a literal selector).
    Minimum,
    /// `maN`: each die counts at most N (dice only; a literal selector).
    Maximum,
}

/// Which values of a set a [`SetOp`] applies to; selectors only see kept values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selector {
    /// `N`: values equal to N.
    Literal(i64),
    /// `hN`: the N highest.
    Highest(u32),
    /// `lN`: the N lowest.
    Lowest(u32),
    /// `>N`: values above N.
    Greater(i64),
    /// `<N`: values below N.
    Less(i64),
}

/// A group of identical dice with their modifiers, such as `4d6kh3` or `10d10!t8`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceTerm {
    /// How many dice are rolled before explosions (at least 1).
    pub count: u32,
    /// What kind of die.
    pub die: Die,
    /// What happens to the dice after they are rolled.
    pub modifiers: Modifiers,
    /// How the term is shown in results: the text as typed, or `2d20kh1` for `adv`.
    pub notation: String,
    /// Where the term is in the line.
    pub span: Span,
}

/// A kind of die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Die {
    /// `dN`: faces 1 to N.
    Sided(u32),
    /// `d%`: faces 1 to 100.
    Percentile,
    /// `d%` in Avrae's reading: a tens die showing 0, 10, ..., 90, drawn as a d10
    /// (face `f` counts `(f - 1) * 10`), as d20 rolls it.
    Tens,
    /// `dF` (Fate/Fudge): faces -1, 0 and +1, drawn as a d3 minus 2.
    Fudge,
}

impl Die {
    /// The number of sides asked of the [`DieSource`](super::DieSource).
    pub fn sides(self) -> u32 {
        match self {
            Die::Sided(sides) => sides,
            Die::Percentile => 100,
            Die::Tens => 10,
            Die::Fudge => 3,
        }
    }

    /// The value of a drawn face (`1..=sides`).
    pub fn value_of(self, face: u32) -> i64 {
        match self {
            Die::Sided(_) | Die::Percentile => i64::from(face),
            Die::Tens => (i64::from(face) - 1) * 10,
            Die::Fudge => i64::from(face) - 2,
        }
    }

    /// The lowest value this die shows.
    pub fn lowest(self) -> i64 {
        self.value_of(1)
    }

    /// The highest value this die shows.
    pub fn highest(self) -> i64 {
        self.value_of(self.sides())
    }
}

/// Everything that may follow a die. Each kind may be given once (keep/drop twice); they always apply
/// in the order of the fields, whatever order they were written in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// `r`/`rr` (reroll while the face matches) or `ro` (reroll once).
    pub reroll: Option<Reroll>,
    /// `miN`: a die showing less than N counts as N.
    pub minimum: Option<i64>,
    /// `maN`: a die showing more than N counts as N.
    pub maximum: Option<i64>,
    /// `!`/`e` (explode: add another die) or `!!` (compound: add into the same die).
    pub explode: Option<Explode>,
    /// `khN`, `klN`, `dhN`, `dlN`, `kN`, `dN`.
    pub selection: Option<Selection>,
    /// A second keep/drop written after the first (Dice Maiden's `k2d1`): it chooses
    /// among the dice the first one kept.
    pub then_selection: Option<Selection>,
    /// `tN`, `>=N`, ...: the term counts successes instead of summing faces.
    pub success: Option<Condition>,
    /// `fN`: matching dice subtract one success.
    pub failure: Option<Condition>,
    /// Dice Maiden's `ds`: successes at or beyond this value count twice.
    pub double_success: Option<i64>,
    /// Dice Maiden's `b`: dice matching it are counted and reported as botches.
    pub botch: Option<Condition>,
    /// Dice Maiden's `c`: each die showing the highest face cancels one failure.
    pub cancel: bool,
    /// Dice Maiden's `i`: each die named in the expression that matches subtracts a
    /// fresh die from the total, once.
    pub implode: Option<Condition>,
    /// Dice Maiden's `advN` (positive) and `disN` (negative): roll that many extra
    /// dice and drop the lowest (highest) before explosions.
    pub advantage: i32,
    /// Avrae's ordered operations; when present, the other fields are unused.
    pub ops: Vec<SetOp>,
}

impl Modifiers {
    /// True when no modifier is given.
    pub fn is_empty(&self) -> bool {
        *self == Modifiers::default()
    }
}

/// A reroll rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reroll {
    /// `ro`: reroll at most once. Otherwise reroll until the face no longer matches.
    pub once: bool,
    /// Which faces are rerolled (compared before `mi`/`ma` apply).
    pub when: Condition,
}

/// An explosion rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Explode {
    /// `!!`: the extra dice are added into the die that exploded.
    pub compound: bool,
    /// Dice Maiden's `e`: a die explodes at most once and its extra die never does
    /// (`ie` explodes indefinitely).
    pub once: bool,
    /// Which values explode (compared after `mi`/`ma` apply).
    pub when: Condition,
}

/// Keep or drop some of the highest or lowest dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selection {
    /// Keep the chosen dice, or drop them.
    pub action: SelectAction,
    /// Choose from the highest or the lowest dice.
    pub end: SelectEnd,
    /// How many dice are chosen (at least 1).
    pub count: u32,
}

/// Whether a [`Selection`] keeps or drops the dice it chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelectAction {
    Keep,
    Drop,
}

/// Whether a [`Selection`] chooses the highest or the lowest dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelectEnd {
    Highest,
    Lowest,
    /// Dice Maiden's `kmN`: the middle N (when the rest does not split evenly, one
    /// more of the dropped dice is taken from the top).
    Middle,
}

/// A test on a die's value, such as `>=7`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Condition {
    /// How the value is compared.
    pub comparison: Comparison,
    /// What it is compared with.
    pub value: i64,
}

impl Condition {
    /// Whether `value` passes the test.
    pub fn matches(self, value: i64) -> bool {
        match self.comparison {
            Comparison::Equal => value == self.value,
            Comparison::Less => value < self.value,
            Comparison::LessOrEqual => value <= self.value,
            Comparison::Greater => value > self.value,
            Comparison::GreaterOrEqual => value >= self.value,
        }
    }

    /// Whether no value in `lowest..=highest` passes the test; used to refuse
    /// explosions, rerolls and implosions that could never happen (`4d6 i0`).
    pub fn matches_none(self, lowest: i64, highest: i64) -> bool {
        match self.comparison {
            Comparison::Equal => self.value < lowest || self.value > highest,
            Comparison::Less | Comparison::LessOrEqual => !self.matches(lowest),
            Comparison::Greater | Comparison::GreaterOrEqual => !self.matches(highest),
        }
    }

    /// Whether every value in `lowest..=highest` passes the test; used to refuse
    /// explosions and rerolls that could never stop.
    pub fn matches_all(self, lowest: i64, highest: i64) -> bool {
        match self.comparison {
            Comparison::Equal => lowest == highest && highest == self.value,
            Comparison::Less | Comparison::LessOrEqual => self.matches(highest),
            Comparison::Greater | Comparison::GreaterOrEqual => self.matches(lowest),
        }
    }
}

/// The comparison of a [`Condition`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparison {
    Equal,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
}
