//! `BoardView`: everything the renderer knows about a position.
//!
//! The engine is a separate crate that render must not depend on, so a game is
//! described here as plain data: boards made of cells, pieces as pictures, and
//! the decorations a player wants to see. An adapter on the bot's side fills it.

use crate::Glyph;

/// Which player a piece or a hand belongs to.
///
/// `First` moves first: White, or Gold in Dragonchess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    First,
    Second,
}

impl Side {
    /// Both sides, first player first.
    pub const ALL: [Side; 2] = [Side::First, Side::Second];

    /// Position in [`Side::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A pair of values, one per side.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BySide<T> {
    pub first: T,
    pub second: T,
}

impl<T> BySide<T> {
    /// The value belonging to `side`.
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }
    /// The value belonging to `side`, to change.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::First => &mut self.first,
            Side::Second => &mut self.second,
        }
    }
}

/// The colours the players' pieces are painted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SideColours {
    /// White and Black: chess and every variant except Dragonchess.
    #[default]
    WhiteBlack,
    /// Gold and Scarlet: Dragonchess.
    GoldScarlet,
}

impl SideColours {
    /// Both schemes; sprite tables are indexed by it.
    pub const ALL: [SideColours; 2] = [SideColours::WhiteBlack, SideColours::GoldScarlet];

    /// Position in [`SideColours::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name players use for `side` ("White", "Scarlet", ...).
    ///
    /// ```
    /// use rookery_render::{Side, SideColours};
    /// assert_eq!(SideColours::GoldScarlet.name(Side::Second), "Scarlet");
    /// ```
    pub const fn name(self, side: Side) -> &'static str {
        match (self, side) {
            (SideColours::WhiteBlack, Side::First) => "White",
            (SideColours::WhiteBlack, Side::Second) => "Black",
            (SideColours::GoldScarlet, Side::First) => "Gold",
            (SideColours::GoldScarlet, Side::Second) => "Scarlet",
        }
    }
}

/// Light or dark page, chosen by the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

impl Theme {
    /// Both themes; the renderer keeps one sprite set per theme.
    pub const ALL: [Theme; 2] = [Theme::Light, Theme::Dark];

    /// Position in [`Theme::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Square colour. Each game's spec decides it, so the view states it per cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shade {
    Light,
    Dark,
}

impl Shade {
    /// Both shades; tile tables are indexed by it.
    pub const ALL: [Shade; 2] = [Shade::Light, Shade::Dark];

    /// Position in [`Shade::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The usual checkerboard: light iff `file + rank` is odd, as in chess,
    /// Luck Dragon and Dragonchess (where a1 is dark).
    ///
    /// ```
    /// use rookery_render::Shade;
    /// assert_eq!(Shade::checker(0, 0), Shade::Dark);
    /// assert_eq!(Shade::checker(7, 0), Shade::Light);
    /// ```
    pub const fn checker(file: usize, rank: usize) -> Shade {
        if (file + rank) % 2 == 1 {
            Shade::Light
        } else {
            Shade::Dark
        }
    }
}

/// A piece as drawn: a picture in a side's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub glyph: Glyph,
    pub side: Side,
}

/// A cell address: board index in [`BoardView::layers`], file and rank indices.
///
/// Files count left to right and ranks bottom to top, both as seen by the first
/// player, whatever the flip flag says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellRef {
    pub layer: usize,
    pub file: usize,
    pub rank: usize,
}

impl CellRef {
    /// Shorthand for a cell on a one-board game.
    pub const fn new(file: usize, rank: usize) -> CellRef {
        CellRef { layer: 0, file, rank }
    }

    /// A cell on board `layer`.
    pub const fn on(layer: usize, file: usize, rank: usize) -> CellRef {
        CellRef { layer, file, rank }
    }
}

/// One existing cell of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub shade: Shade,
    /// Index into [`BoardView::regions`]: the cell is shaded as that region.
    pub region: Option<usize>,
    pub piece: Option<Piece>,
    /// The piece cannot move this turn (Dragonchess's basilisk).
    pub frozen: bool,
    /// The piece cannot be captured this turn (Dice Landing: just deployed).
    pub shielded: bool,
}

impl Cell {
    /// An empty, unmarked cell.
    pub const fn empty(shade: Shade) -> Cell {
        Cell { shade, region: None, piece: None, frozen: false, shielded: false }
    }
}

/// A named area of the board drawn in its own tint, like Guardener's terraces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    /// Short text printed in the region's first cell, e.g. "T1".
    pub label: String,
}

/// One board. Dragonchess has three; every other game has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layer {
    /// Printed above the board when not empty ("Sky", "Ground", ...).
    pub name: String,
    /// File labels, left to right from the first player's side.
    pub files: Vec<String>,
    /// Rank labels, bottom to top from the first player's side.
    pub ranks: Vec<String>,
    /// Row-major from rank 0: `cells[rank * files.len() + file]`.
    /// `None` is a hole in the board (Guardener's corners).
    pub cells: Vec<Option<Cell>>,
}

impl Layer {
    /// A board whose cells exist and are coloured as `shade(file, rank)` says.
    ///
    /// ```
    /// use rookery_render::{Layer, Shade};
    /// let chess = Layer::new("", "abcdefgh", "12345678", |f, r| Some(Shade::checker(f, r)));
    /// assert_eq!(chess.cells.len(), 64);
    /// ```
    pub fn new(name: &str, files: &str, ranks: &str, shade: impl Fn(usize, usize) -> Option<Shade>) -> Layer {
        Layer::with_labels(name, labels(files), labels(ranks), shade)
    }

    /// Like [`Layer::new`] with multi-character labels, e.g. ranks "1".."10".
    pub fn with_labels(
        name: &str,
        files: Vec<String>,
        ranks: Vec<String>,
        shade: impl Fn(usize, usize) -> Option<Shade>,
    ) -> Layer {
        let cells = (0..ranks.len())
            .flat_map(|r| (0..files.len()).map(move |f| (f, r)))
            .map(|(f, r)| shade(f, r).map(Cell::empty))
            .collect();
        Layer { name: name.to_owned(), files, ranks, cells }
    }

    /// The cell at (`file`, `rank`), or `None` if it is off the board or a hole.
    pub fn cell(&self, file: usize, rank: usize) -> Option<&Cell> {
        self.index(file, rank).and_then(|i| self.cells[i].as_ref())
    }

    /// Mutable access to the cell at (`file`, `rank`).
    pub fn cell_mut(&mut self, file: usize, rank: usize) -> Option<&mut Cell> {
        self.index(file, rank).and_then(|i| self.cells[i].as_mut())
    }

    fn index(&self, file: usize, rank: usize) -> Option<usize> {
        (file < self.files.len() && rank < self.ranks.len())
            .then(|| rank * self.files.len() + file)
            .filter(|&i| i < self.cells.len())
    }
}

/// One character per label: "abcdefgh" gives a..h.
fn labels(chars: &str) -> Vec<String> {
    chars.chars().map(String::from).collect()
}

/// The move just played. Drops have no origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastMove {
    pub from: Option<CellRef>,
    pub to: CellRef,
}

/// A piece the player picked, with the cells it may move to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    pub from: CellRef,
    pub targets: Vec<CellRef>,
}

/// The shapes of dice Rookery rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DieKind {
    D4,
    D6,
    D8,
}

impl DieKind {
    /// Every die kind; sprite tables are indexed by it.
    pub const ALL: [DieKind; 3] = [DieKind::D4, DieKind::D6, DieKind::D8];

    /// Number of faces.
    pub const fn sides(self) -> u8 {
        match self {
            DieKind::D4 => 4,
            DieKind::D6 => 6,
            DieKind::D8 => 8,
        }
    }
}

/// One die of the turn's roll and the face it shows (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Die {
    pub kind: DieKind,
    pub face: u8,
    /// What the face stands for when it is not read as a number (Dice
    /// Landing's faces name the piece they deploy); `None`: pips or a number.
    pub symbol: Option<DieSymbol>,
}

impl Die {
    /// A die read by its number.
    pub const fn new(kind: DieKind, face: u8) -> Die {
        Die { kind, face, symbol: None }
    }
}

/// A picture printed on a die face instead of its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DieSymbol {
    /// The face stands for a piece kind.
    Piece(Glyph),
    /// The face stands for any piece (the rules' ☺ face).
    AnyPiece,
}

/// The dice of one roll: drawn side by side on a tray of their own, never
/// split across rows, so that each roll of a chain reads as one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Roll {
    pub dice: Vec<Die>,
    /// The roll granted nothing (Dice Landing's failed deploy roll): its
    /// dice are struck through.
    pub failed: bool,
}

impl Roll {
    /// A roll of `dice` that did not fail.
    pub fn new(dice: Vec<Die>) -> Roll {
        Roll { dice, failed: false }
    }
}

/// Pieces of one kind off the board: in a hand, a reserve, or captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stock {
    pub piece: Piece,
    pub count: u16,
}

/// A position as the renderer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardView {
    /// Boards from top of the image to bottom (Dragonchess: sky, ground, underworld).
    pub layers: Vec<Layer>,
    /// Regions that cells may refer to.
    pub regions: Vec<Region>,
    pub last_move: Option<LastMove>,
    /// Arrows drawn over the pieces, in order (the last on top).
    pub arrows: Vec<crate::Arrow>,
    /// Kings in check.
    pub checks: Vec<CellRef>,
    pub selection: Option<Selection>,
    /// Draw the board as the second player sees it.
    pub flipped: bool,
    /// The turn's rolls, oldest first; empty when nothing was rolled.
    pub rolls: Vec<Roll>,
    /// The game has dice: the dice panel keeps its room in every picture,
    /// dice shown or not, so that all pictures of the game have one size.
    pub dice_room: bool,
    /// What the dice mean, one line per roll (`Luck Dice: 2-2-7, double: K
    /// moves as N`), written under them; printable ASCII.
    pub dice_labels: Vec<String>,
    /// Pieces waiting to enter the board (reserves, hands).
    pub hands: BySide<Vec<Stock>>,
    /// What the rules call [`BoardView::hands`] ("reserve", "hand"), written
    /// over each side's: "White's reserve". Empty: the side's name alone.
    pub hand_name: String,
    /// Pieces each side has captured.
    pub captured: BySide<Vec<Stock>>,
    pub theme: Theme,
    pub colours: SideColours,
    /// A line written over the file labels' row, across the whole picture,
    /// on a band: a replay's result on its last frame. The size is kept.
    pub caption: Option<String>,
    /// Add a row under the picture saying what each arrow colour drawn
    /// means (a review's red and green arrows).
    pub arrow_key: bool,
}

impl BoardView {
    /// A view of `layers` with nothing else shown.
    pub fn new(layers: Vec<Layer>) -> BoardView {
        BoardView { layers, ..BoardView::default() }
    }

    /// The cell at `at`, if it exists.
    pub fn cell(&self, at: CellRef) -> Option<&Cell> {
        self.layers.get(at.layer)?.cell(at.file, at.rank)
    }

    /// Mutable access to the cell at `at`, if it exists.
    pub fn cell_mut(&mut self, at: CellRef) -> Option<&mut Cell> {
        self.layers.get_mut(at.layer)?.cell_mut(at.file, at.rank)
    }

    /// Add an arrow along the last move, if it has an origin (a drop has
    /// none: its highlight says enough).
    pub fn arrow_last_move(&mut self) {
        if let Some(LastMove { from: Some(from), to }) = self.last_move {
            self.arrows.push(crate::Arrow { from, to, kind: crate::ArrowKind::LastMove });
        }
    }
}
