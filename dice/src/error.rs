//! Errors in dice notation, each pointing at the part of the line that is wrong.

use std::fmt;

/// A byte range `start..end` in the line that was parsed.
///
/// An empty span (`start == end`) points between two characters, for example at the
/// end of the line when something is missing there.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// What is wrong with a roll.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DiceErrorKind {
    /// Nothing to roll (an empty line, or an empty roll between two `;`).
    #[error("there is nothing to roll here")]
    Empty,
    /// The line exceeds [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES).
    #[error("the line is {len} bytes long; at most {max} are allowed")]
    LineTooLong { len: usize, max: usize },
    /// A character that has no meaning at this point.
    #[error("unexpected {0:?}")]
    UnexpectedChar(char),
    /// Something specific was needed but is missing.
    #[error("expected {0}")]
    Expected(&'static str),
    /// A word that is neither a die, `adv` nor `dis`.
    #[error("unknown word {0:?} (did you mean a die like d20, or adv/dis?)")]
    UnknownWord(String),
    /// Two operators in a row with a plus sign second, such as `1d6 + + 5`.
    #[error("two operators in a row; write one, like 1d6 + 5")]
    DoubledOperator,
    /// A `(` without its `)`.
    #[error("this '(' is never closed")]
    UnclosedParenthesis,
    /// Parentheses or signs nested deeper than [`MAX_NESTING`](super::MAX_NESTING).
    #[error("nested more than {max} levels deep")]
    TooDeep { max: usize },
    /// A number above [`MAX_NUMBER`](super::MAX_NUMBER).
    #[error("number is too large (at most {max})")]
    NumberTooLarge { max: i64 },
    /// `0d6`.
    #[error("roll at least one die")]
    NoDice,
    /// More dice than [`MAX_DICE_PER_LINE`](super::MAX_DICE_PER_LINE) in the line.
    #[error("this line would roll {count} dice; at most {max} are allowed")]
    TooManyDice { count: u64, max: u32 },
    /// `1d0`.
    #[error("a die needs at least one side")]
    ZeroSides,
    /// More than [`MAX_SIDES`](super::MAX_SIDES) sides.
    #[error("a die may have at most {max} sides")]
    TooManySides { max: u32 },
    /// A letter after a die that is not a modifier.
    #[error("unknown modifier {0:?}")]
    UnknownModifier(String),
    /// The same kind of modifier twice on one die, such as `4d6kh3kl1`.
    #[error("{0} is given twice for this die")]
    DuplicateModifier(&'static str),
    /// `kh0` and friends.
    #[error("keep or drop at least one die")]
    ZeroSelection,
    /// An explosion that every possible face triggers, such as `1d1!`.
    #[error("every face of this die explodes, so it would explode forever")]
    EndlessExplosion,
    /// A repeated reroll that every face triggers, such as `1d6r<7`.
    #[error("every face of this die is rerolled, so it would reroll forever")]
    EndlessReroll,
    /// An explosion, reroll or implosion that every face of the die would trigger
    /// where that cannot mean anything, such as Dice Maiden's once-only `1d6 e0`.
    #[error("every face of this die would {0}, so the modifier means nothing; give a face only some rolls reach")]
    AlwaysMatches(&'static str),
    /// An explosion, reroll or implosion no face of the die can trigger, such as `4d6 i0`.
    #[error("no face of this die would {0}, so the modifier does nothing; give a face the die can show")]
    NeverMatches(&'static str),
    /// A `ds` mark on the near side of the success target (`t6ds4`), where every
    /// success would already reach it.
    #[error("the double-success mark (ds) must be at the success target or beyond it")]
    DoubleBeforeTarget,
    /// A third keep/drop on one die (`4d6k3d1kh1`); two chain, as in Dice Maiden's `k2d1`.
    #[error("at most two keep/drop modifiers per die, applied in order (like k2d1)")]
    TooManySelections,
    /// A game-system roll with a number its game does not allow (`sw5`, `wfrp0`).
    #[error("{0}")]
    SystemOutOfRange(&'static str),
    /// `mi` above `ma`.
    #[error("the minimum {min} is above the maximum {max}")]
    MinimumAboveMaximum { min: i64, max: i64 },
    /// `mi` or `ma` outside the faces of the die: it would make every die equal
    /// (`1d6mi7`) or change nothing (`1d6mi0`).
    #[error("{value} is outside the die's faces {lowest}..={highest}")]
    LimitOutsideFaces { value: i64, lowest: i64, highest: i64 },
    /// A repeat count of 0 or above [`MAX_REPEAT`](super::MAX_REPEAT).
    #[error("repeat a roll between 1 and {max} times")]
    BadRepeat { max: u32 },
    /// `adv` or `dis` after a roll without a plain `1d20` to apply it to.
    #[error("{0} needs a plain 1d20 in the roll to apply to")]
    AdvantageWithoutD20(&'static str),
    /// Avrae's `rr`, `ro`, `ra`, `e`, `mi` or `ma` after a set of values rather than dice.
    #[error("this operation works on dice only, not on a set of values")]
    DiceOnlyOperation,
    /// Avrae's limit: a roll drew more than `max` dice in all (rerolls and
    /// explosions included).
    #[error("too many dice rolled: Avrae's reading stops a roll at {max} dice")]
    TooManyRolls { max: u32 },
    /// Division by zero while evaluating.
    #[error("division by zero")]
    DivisionByZero,
    /// A result outside the 64-bit integer range.
    #[error("the result is too large")]
    Overflow,
}

/// An error in a line of dice notation: what is wrong, and where.
///
/// `Display` prints the message with a 1-based column, then the line with a caret
/// under the offending part:
///
/// ```text
/// unknown modifier "z" (column 4)
///   4d6z
///      ^
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceError {
    kind: DiceErrorKind,
    span: Span,
    line: String,
}

impl DiceError {
    pub(crate) fn new(kind: DiceErrorKind, span: Span, line: &str) -> Self {
        DiceError { kind, span, line: line.to_owned() }
    }

    /// What is wrong.
    pub fn kind(&self) -> &DiceErrorKind {
        &self.kind
    }

    /// Where in the line it is wrong, as byte offsets.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The 1-based column (in characters) where the offending part starts.
    pub fn column(&self) -> usize {
        self.line.get(..self.span.start).map_or(self.span.start, |before| before.chars().count()) + 1
    }
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} (column {})", self.kind, self.column())?;
        // Control characters would shift the caret, so they are shown as spaces.
        let chars: Vec<char> = self.line.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        let start = self.column() - 1;
        let width = self.line.get(self.span.start..self.span.end).map_or(1, |part| part.chars().count().max(1));
        // A long line (a paste gone wrong) is shown only around the problem.
        let (from, to) = if chars.len() <= MAX_EXCERPT_CHARS {
            (0, chars.len())
        } else {
            let from = start.saturating_sub(MAX_EXCERPT_CHARS / 3).min(chars.len());
            (from, (from + MAX_EXCERPT_CHARS).min(chars.len()))
        };
        let before = if from > 0 { "…" } else { "" };
        let after = if to < chars.len() { "…" } else { "" };
        let excerpt: String = chars[from..to].iter().collect();
        let caret_at = start - from + before.chars().count();
        let caret_width = width.min((to + 1).saturating_sub(start)).max(1);
        write!(f, "  {before}{excerpt}{after}\n  {}{}", " ".repeat(caret_at), "^".repeat(caret_width))
    }
}

impl std::error::Error for DiceError {}

/// Most characters of the line an error shows; longer lines are cut around the problem.
const MAX_EXCERPT_CHARS: usize = 80;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_line_is_not_echoed() {
        let line = format!("1d6+{}", "x".repeat(100_000));
        let error =
            DiceError::new(DiceErrorKind::LineTooLong { len: line.len(), max: 256 }, Span::new(256, line.len()), &line);
        let shown = error.to_string();
        assert!(shown.len() < 400, "{} bytes", shown.len());
        assert!(shown.contains("(column 257)"));
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[1].find('x').map(|_| ()), Some(()));
        assert!(lines[2].trim_start().starts_with('^'));
    }

    #[test]
    fn the_caret_stays_under_the_problem_in_a_cut_line() {
        let line = format!("{}1d0{}", "1+".repeat(60), "+1".repeat(60));
        let error = DiceError::new(DiceErrorKind::ZeroSides, Span::new(122, 123), &line);
        let shown = error.to_string();
        let lines: Vec<&str> = shown.lines().collect();
        let caret = lines[2].find('^').unwrap();
        assert_eq!(lines[1].chars().nth(caret), Some('0'));
    }
}
