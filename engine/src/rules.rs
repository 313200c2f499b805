//! A variant as data: its board, its pieces, its special-move shapes and the
//! tables compiled from them. Move generation asks the rules questions and never
//! matches on a variant's name.

use std::sync::Arc;

use crate::color::{ByColor, Color};
use crate::fen::{self, FenError};
use crate::freezing::Freezing;
use crate::gating::Gating;
use crate::geometry::{Geometry, Square};
use crate::grants::Grants;
use crate::guide::Guide;
use crate::hand::Drops;
use crate::moves::Move;
use crate::notation::{self, MoveError};
use crate::options::{GameOption, GameOptions};
use crate::piece::{Kind, Piece, PieceKind};
use crate::position::{Marks, Position};
use crate::royalty::Royalty;
use crate::squareset::{SquareSet, MAX_CELLS};
use crate::tables::Tables;
use crate::turns::{PassesInPosition, TurnRules};
use crate::variant::Variant;

mod zobrist;

pub use zobrist::Zobrist;

/// One way of castling: which pieces go where, what must be empty and what must
/// not be attacked. Chess has four; Luck Dragon has two per wing (rook on its
/// square or in the corner).
#[derive(Clone, Debug)]
pub struct CastlingRule {
    pub color: Color,
    /// Index of the castling-right bit this rule needs.
    pub right: u8,
    /// `true` for the a-side (`O-O-O`).
    pub long: bool,
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    pub must_be_empty: Vec<Square>,
    pub must_be_safe: Vec<Square>,
    /// The rule applies only while this square is (`true`) or is no longer
    /// (`false`) among the position's unmoved squares: Luck Dragon tells a rook
    /// on its own square from one relocated into the corner this way.
    pub unmoved: Option<(Square, bool)>,
}

/// How pawns promote.
#[derive(Clone, Debug)]
pub struct Promotion {
    /// Arriving here promotes, compulsorily.
    pub zone: ByColor<SquareSet>,
    /// The kinds a pawn may become, in the order moves are listed.
    pub choices: Vec<Kind>,
    /// A pawn may become only a kind its side holds in hand, and takes that
    /// piece from the hand (Guardener: a previously captured piece).
    pub from_hand: bool,
}

/// How one kind promotes, beyond the pawns' [`Promotion`]: optionally on
/// arriving in a zone, compulsorily in a smaller one, into a list of kinds
/// (New chess's knighting: a fool may become a knighted fool anywhere in the
/// enemy land and a sergeant must on the last rank).
#[derive(Clone, Debug)]
pub struct PromotionRule {
    pub kind: Kind,
    /// A move ending here may promote.
    pub zone: ByColor<SquareSet>,
    /// A move ending here must promote (a subset of `zone`).
    pub compulsory: ByColor<SquareSet>,
    /// What it may become, in the order moves are listed.
    pub into: Vec<Kind>,
}

/// A piece that turns into another kind, with no choice, on arriving in a
/// zone: a Dragonchess Dwarf turning round at the end of the board. Unlike a
/// promotion it is not a move of its own and is not written.
#[derive(Clone, Debug)]
pub struct Transformation {
    pub kind: Kind,
    pub zone: ByColor<SquareSet>,
    pub into: Kind,
}

/// When a game is drawn without agreement. Counts are of occurrences of a
/// position and of plies without a capture or pawn move; `None` disables a rule.
#[derive(Clone, Copy, Debug)]
pub struct DrawRules {
    /// Either player may claim a draw when the position has occurred this often.
    pub repetition_claim: Option<u32>,
    /// The game is drawn at once when the position has occurred this often.
    pub repetition_automatic: Option<u32>,
    /// Either player may claim a draw after this many quiet plies.
    pub quiet_plies_claim: Option<u32>,
    /// The game is drawn at once after this many quiet plies (unless the move
    /// that reached it mated).
    pub quiet_plies_automatic: Option<u32>,
    /// Neither side can ever mate: the game is drawn at once.
    pub dead_position: Option<fn(&Position) -> bool>,
    /// Kinds too weak to mate beside their king alone (chess's bishop and
    /// knight): a side with royals and at most one of these cannot mate, so
    /// its opponent's flag fall is a draw (FIDE 6.9). Empty: only a bare
    /// king counts as unable to mate.
    pub lone_minors: &'static [Kind],
}

impl DrawRules {
    /// Why no draw can be claimed, in players' words: when a claim would be
    /// allowed, or that `variant` has none and how its games are drawn.
    pub fn claim_rules_text(&self, game: &str) -> String {
        let claims: Vec<String> = [
            self.repetition_claim.map(|times| format!("the same position has occurred {times} times")),
            self.quiet_plies_claim
                .map(|plies| format!("{} have been played without a capture or pawn move", moves_each(plies))),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !claims.is_empty() {
            return format!("a draw cannot be claimed now: you may claim one once {}", claims.join(", or "));
        }
        let automatic: Vec<String> = [
            self.repetition_automatic.map(|times| format!("when the same position occurs {times} times")),
            self.quiet_plies_automatic
                .map(|plies| format!("after {} without a capture or pawn move", moves_each(plies))),
        ]
        .into_iter()
        .flatten()
        .collect();
        let mut text = format!("{game} has no draw claims: a draw comes by agreement (`/draw offer`)");
        if !automatic.is_empty() {
            text.push_str(&format!(", or by itself {}", automatic.join(" or ")));
        }
        text
    }

    /// Whether `color` could never mate whatever the other side does: it has
    /// nothing but royals and at most one of the [`DrawRules::lone_minors`].
    pub fn cannot_mate(&self, position: &Position, color: Color) -> bool {
        let rules = position.rules();
        let mut minors = 0;
        for (_, kind) in position.pieces(color) {
            if rules.kind(kind).royal {
                continue;
            }
            if !self.lone_minors.contains(&kind) {
                return false;
            }
            minors += 1;
        }
        minors <= 1
    }
}

/// `50 moves each`, `1 move each`: `plies` counted as moves by each side.
fn moves_each(plies: u32) -> String {
    let moves = plies / 2;
    format!("{moves} {} each", if moves == 1 { "move" } else { "moves" })
}

/// How a variant writes positions and moves. Chess's forms (FEN, SAN and
/// coordinates) serve any variant with nothing of its own to add; a variant
/// with extra state or move kinds supplies its own functions.
#[derive(Clone, Copy, Debug)]
pub struct Dialect {
    pub parse_position: fn(&Arc<Rules>, &str) -> Result<Position, FenError>,
    pub write_position: fn(&Position) -> String,
    /// SAN of a legal move without the check mark, given all legal moves.
    pub san: fn(&Position, Move, &[Move]) -> String,
    pub parse_move: fn(&Position, &str) -> Result<Move, MoveError>,
    /// Coordinates of a move, as game records store it; `parse_move` must read it back.
    pub coordinates: fn(&Position, Move) -> String,
}

impl Dialect {
    pub const STANDARD: Dialect = Dialect {
        parse_position: fen::chess::parse,
        write_position: fen::chess::write,
        san: notation::standard::san,
        parse_move: notation::standard::parse_move,
        coordinates: notation::standard::coordinates,
    };
}

/// One kind of roll a variant's players make (Luck Dragon: the Luck Dice and
/// Lucky 8; Guardener: the 2d4 of every turn). A roll names its kind by index,
/// so kinds may share their dice.
#[derive(Clone, Copy, Debug)]
pub struct RollKind {
    /// Sides of each die.
    pub dice: &'static [u32],
    /// The word a player types for it (`roll`, `lucky8`).
    pub word: &'static str,
    /// Its name in messages and on buttons.
    pub label: &'static str,
    /// Rolled by whoever runs the game, not asked for by a player, whenever the
    /// turn requires it (Guardener's 2d4 at the start of every turn and after
    /// every double). Never offered as a button.
    pub automatic: bool,
}

impl RollKind {
    /// Its dice in dice notation: `2d4`, or `d6+d8` when they differ.
    pub fn notation(&self) -> String {
        let mut dice: Vec<u32> = self.dice.to_vec();
        dice.dedup();
        match dice.as_slice() {
            [sides] => format!("{}d{sides}", self.dice.len()),
            _ => self.dice.iter().map(|sides| format!("d{sides}")).collect::<Vec<_>>().join("+"),
        }
    }
}

/// What a die face stands for where it is not read as a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaceMeaning {
    /// A piece kind (Dice Landing's `N`: deploy a knight).
    Kind(Kind),
    /// Any kind (Dice Landing's ☺ face).
    AnyKind,
}

/// Every ordered outcome of dice with these sides, smallest faces first
/// (`[1,1], [1,2], ...` for 2d4): what a search over a roll enumerates.
pub(crate) fn every_outcome(dice: &[u32]) -> Vec<Vec<u32>> {
    let mut all = vec![Vec::with_capacity(dice.len())];
    for &sides in dice {
        all = all
            .into_iter()
            .flat_map(|faces: Vec<u32>| {
                (1..=sides).map(move |face| {
                    let mut longer = faces.clone();
                    longer.push(face);
                    longer
                })
            })
            .collect();
    }
    all
}

/// A roll made this turn: the index of its [`RollKind`] and the faces.
pub type TurnRoll = (usize, Vec<u32>);

/// A variant's dice, asked for through the turn protocol. The engine never
/// rolls: callers roll and hand in the faces.
#[derive(Clone, Copy, Debug)]
pub struct Chance {
    pub kinds: &'static [RollKind],
    /// Whether the side to move may roll kind `kind` now, given the game's
    /// options and this turn's rolls so far; a refusal says why not.
    pub allowed: fn(&Position, &GameOptions, &[TurnRoll], usize) -> Result<(), String>,
    /// The kind the turn cannot go on without, given this turn's rolls so far:
    /// while it says so, rolling it is the only thing the side may do, and the
    /// game is not judged lost or drawn for want of moves (Guardener: 2d4 until
    /// a non-double; Dice Landing: the deploy roll when no board move exists).
    pub required: fn(&Position, &GameOptions, &[TurnRoll]) -> Option<usize>,
    /// What the side to move holds (see [`Position::granted`]) after this turn's
    /// rolls, given the position before any of them took effect.
    pub grant: fn(&Position, &GameOptions, &[TurnRoll]) -> Grants,
    /// A roll as the game log writes it.
    pub describe: fn(&TurnRoll) -> String,
    /// How a player's search weighs the rolls below the plies where it
    /// rolls explicitly.
    pub in_tree: InTree,
}

/// How a player's search weighs a variant's rolls inside its tree, where it
/// has no game to roll on, only positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InTree {
    /// Not at all: the tree holds the moves the position's grants allow.
    Never,
    /// Every turn starts with the required roll, and what the turn's chain
    /// grants depends on the faces alone, not the position or options
    /// (Guardener's 2d4): no move below the root is known to be allowed
    /// before its roll, so each ply is the average over the rolls.
    EveryTurn,
    /// The side may roll this kind instead of moving: each outcome either
    /// opens drop zones, whose drops are then the whole turn, or opens none
    /// and leaves the board moves (Dice Landing's deploy roll).
    Deployment(usize),
}

impl Chance {
    /// [`Chance::required`] for variants whose rolls are all optional.
    pub fn never_required(_: &Position, _: &GameOptions, _: &[TurnRoll]) -> Option<usize> {
        None
    }

    /// The kind of a roll of these faces when only the number of dice tells
    /// (old records): the one kind with that many dice.
    pub fn kind_of(&self, faces: &[u32]) -> Option<usize> {
        let mut kinds = self.kinds.iter().enumerate().filter(|(_, k)| k.dice.len() == faces.len());
        match (kinds.next(), kinds.next()) {
            (Some((index, _)), None) => Some(index),
            _ => None,
        }
    }

    /// How this game's rolls are written as faces, for messages:
    /// `[a,b] (2d4)`, or each shape in turn (`[a,b,c] (3d8) or [a] (1d8)`).
    pub fn shapes(&self) -> String {
        let mut shapes: Vec<String> = Vec::new();
        for kind in self.kinds {
            let letters: Vec<String> = ('a'..='z').take(kind.dice.len()).map(String::from).collect();
            let shape = format!("`[{}]` ({})", letters.join(","), kind.notation());
            if !shapes.contains(&shape) {
                shapes.push(shape);
            }
        }
        shapes.join(" or ")
    }

    /// The kind a player's word names (`roll`, `lucky8`), in any case.
    pub fn kind_named(&self, word: &str) -> Option<usize> {
        self.kinds.iter().position(|k| k.word.eq_ignore_ascii_case(word.trim()))
    }
}

/// The warning before a voluntary roll of a kind, if the rules see a risk
/// in rolling now ([`Rules::roll_warning`]).
pub type RollWarning = fn(&Position, &GameOptions, usize) -> Option<String>;

/// Updates a position's [`Marks`] and castling rights once the pieces of a
/// move (by the given piece) have moved, given the marks as they were before.
pub type UpdateMarks = fn(&Rules, Move, Piece, &Marks, &mut Marks, &mut u8);

/// [`Rules::why_refused`]: the rule behind a refused move, given the piece
/// kind and the square the move text named.
pub type WhyRefused = fn(&Position, Option<Kind>, Option<Square>) -> Option<String>;

/// Everything the engine knows about one variant.
#[derive(Clone, Debug)]
pub struct Rules {
    pub variant: Variant,
    pub geometry: Geometry,
    pub kinds: Vec<PieceKind>,
    pub tables: Tables,
    pub castling: Vec<CastlingRule>,
    pub promotion: Promotion,
    /// What royal pieces mean: checkmate, capture, or several royals.
    pub royalty: Royalty,
    /// Castling rights cleared when a move starts or ends on the square.
    pub castling_kept: Vec<u8>,
    pub zobrist: Zobrist,
    pub draws: DrawRules,
    pub start: &'static str,
    /// Position text and notation; [`Dialect::STANDARD`] unless the variant
    /// module sets its own after [`Rules::new`].
    pub dialect: Dialect,
    /// Pieces that freeze enemy pieces, if the variant has any.
    pub freezing: Option<Freezing>,
    /// Kind changes on arrival; empty in most variants.
    pub transformations: Vec<Transformation>,
    /// Per-kind promotions; empty in most variants.
    pub promotions: Vec<PromotionRule>,
    /// What promoting is called, for questions and buttons ("promote"; New
    /// chess: "knight").
    pub promotion_verb: &'static str,
    /// The variant's name and page for players; see [`Rules::title`] and
    /// [`Rules::guide_page`].
    pub guide: Option<Guide>,
    /// What the players' sides are called, first player first.
    pub side_names: [&'static str; 2],
    /// The PGN `Variant` tag's value: the variant's own name (what
    /// `--variant` and `/play` take), except where other tools know the game
    /// by another (lichess and python-chess call chess `Standard`).
    pub pgn_variant: &'static str,
    /// Adds the variant's own moves to the legal moves generated so far; what
    /// it adds must be legal. Set by variant modules after [`Rules::new`].
    pub extra_moves: Option<fn(&Position, &mut Vec<Move>)>,
    /// Removes legal moves the variant forbids beyond the pieces' patterns
    /// (Dice Landing: no own piece onto the king's landing square while the
    /// king is in reserve). Runs after `extra_moves`; it may only remove.
    pub restrict_moves: Option<fn(&Position, &mut Vec<Move>)>,
    /// Whether `restrict_moves` may remove a move in this position (`None`:
    /// it may anywhere). Where it cannot, moves are counted in bulk and the
    /// hook is skipped.
    pub restrict_applies: Option<fn(&Position) -> bool>,
    pub update_marks: Option<UpdateMarks>,
    /// `update_marks` changes nothing for a plain move (a step, a double step
    /// or a promotion: no drop, castling or other special move) that neither
    /// starts nor ends on a square of `unmoved` or `tagged` (Dice Landing:
    /// castling rights that follow the unmoved squares), so `make` skips it
    /// for such moves.
    pub marks_follow_squares: bool,
    /// Dice rolled during a turn, optional or required.
    pub chance: Option<Chance>,
    /// Whether a side in check with no legal move lost by what this turn's
    /// roll granted rather than by checkmate (Dice Landing R5: the die gave a
    /// landing, which replaces the board moves, and no landing blocks). The
    /// game then ends with [`EndReason::RollInCheck`](crate::game::EndReason).
    pub lost_by_roll: Option<fn(&Position) -> bool>,
    /// The player's evaluation weights tuned for this game on its own
    /// self-play (`engine/examples/texel`); `None`: derived from the rules.
    pub tuned_weights: Option<fn() -> crate::search::Weights>,
    /// The player's network for this game, trained on positions another
    /// engine scored (`engine/training`), which scores quiet positions in
    /// place of the weights' terms; `None`: the weights alone.
    pub network: Option<fn() -> std::sync::Arc<crate::search::Network>>,
    /// A warning the player must confirm before a voluntary roll of kind
    /// `kind` now, if the rules see a risk (Dice Landing: rolling in check
    /// may lose the game at once). Front ends ask before rolling.
    pub roll_warning: Option<RollWarning>,
    /// A roll as the game log writes it when the game's options say what a
    /// face means (Dice Landing's die is an option); `None`: `chance.describe`.
    pub roll_text: Option<fn(&GameOptions, &TurnRoll) -> String>,
    /// How the record writes a turn that ended the game with a roll and no
    /// move (Dice Landing §12.1: `[Q]<` for a failed roll with nothing to
    /// move, `[N]>×` for a landing that could not block a check), read from
    /// the grants the roll left; `None`: the roll's comment says it all.
    pub roll_ending_text: Option<fn(&Position) -> Option<String>>,
    /// What face `number` (1-based) of the game's die stands for where it is
    /// not read as a number (Dice Landing: the kind it deploys, or any), for
    /// pictures; `None`: every face is its number.
    pub face_meaning: Option<fn(&GameOptions, u32) -> Option<FaceMeaning>>,
    /// Whether the roll in force this turn failed (Dice Landing: no piece of
    /// the face could land), read from the grants it left; `None`: rolls
    /// never fail.
    pub roll_failed: Option<fn(&Position) -> bool>,
    /// The rule that forbids what a player asked for, in players' words, when
    /// the pieces' patterns do not explain it: given the piece kind and the
    /// square the move text named, either unknown (Dice Landing: the piece
    /// there has just landed; Guardener: bishops move only on a 3). Move
    /// refusals say it before listing the moves there are.
    pub why_refused: Option<WhyRefused>,
    /// What this turn's dice leave the player to do, when the roll alone does
    /// not say it (Dice Landing: a failed roll, so a board move is due). The
    /// game post shows it under the dice.
    pub turn_note: Option<fn(&Position) -> Option<String>>,
    /// Passes and secret choices, if the variant has them.
    pub turns: TurnRules,
    /// Named areas pictures shade and label (Guardener's terraces `T1`-`T4`).
    pub areas: Vec<(&'static str, SquareSet)>,
    /// Passes recorded in the position, where its text shows them.
    pub passes_in_position: Option<PassesInPosition>,
    /// Options a game of this variant may be created with.
    pub options: &'static [GameOption],
    /// Pieces off the board and drops; `None` in variants without hands.
    pub drops: Option<Drops>,
    /// Moves gated by the turn's grants; `None` in variants without.
    pub gating: Option<Gating>,
    /// Per kind: a mark written before its letter (New chess: `+` for a
    /// knighted piece, `+P`), which the letter alone then does not name.
    /// Empty when no kind has one.
    pub prefixes: Vec<Option<char>>,
}

impl Rules {
    /// Compiles the tables and derived fields; the variant modules call this.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        variant: Variant,
        geometry: Geometry,
        kinds: Vec<PieceKind>,
        castling: Vec<CastlingRule>,
        promotion: Promotion,
        royalty: Royalty,
        draws: DrawRules,
        start: &'static str,
    ) -> Rules {
        assert!(geometry.box_size() <= MAX_CELLS, "board too large for SquareSet");
        let tables = Tables::build(&geometry, &kinds);
        let mut castling_kept = vec![u8::MAX; geometry.box_size()];
        for rule in &castling {
            castling_kept[rule.king_from.index()] &= !(1 << rule.right);
            castling_kept[rule.rook_from.index()] &= !(1 << rule.right);
        }
        let zobrist = Zobrist::new(kinds.len(), geometry.box_size());
        Rules {
            variant,
            geometry,
            kinds,
            tables,
            castling,
            promotion,
            royalty,
            castling_kept,
            zobrist,
            draws,
            start,
            dialect: Dialect::STANDARD,
            freezing: None,
            transformations: Vec::new(),
            promotions: Vec::new(),
            promotion_verb: "promote",
            guide: None,
            side_names: ["White", "Black"],
            pgn_variant: variant.name(),
            extra_moves: None,
            restrict_moves: None,
            restrict_applies: None,
            update_marks: None,
            marks_follow_squares: false,
            chance: None,
            lost_by_roll: None,
            tuned_weights: None,
            network: None,
            roll_warning: None,
            roll_text: None,
            roll_ending_text: None,
            face_meaning: None,
            roll_failed: None,
            why_refused: None,
            turn_note: None,
            turns: TurnRules::default(),
            passes_in_position: None,
            areas: Vec::new(),
            options: &[],
            drops: None,
            gating: None,
            prefixes: Vec::new(),
        }
    }

    pub fn kind(&self, kind: Kind) -> &PieceKind {
        &self.kinds[kind.0 as usize]
    }

    /// Whether every turn starts with a roll whose grants the searcher weighs
    /// at every ply ([`InTree::EveryTurn`], Guardener's 2d4).
    pub fn rolls_every_turn(&self) -> bool {
        self.chance.is_some_and(|chance| chance.in_tree == InTree::EveryTurn)
    }

    /// The kind written with `letter` (either case) and no prefix.
    pub fn kind_by_letter(&self, letter: char) -> Option<Kind> {
        self.kind_by_token(None, letter)
    }

    /// The kind written with `prefix` (if any) before `letter` (either case).
    pub fn kind_by_token(&self, prefix: Option<char>, letter: char) -> Option<Kind> {
        let upper = letter.to_ascii_uppercase();
        (0..self.kinds.len())
            .map(|i| Kind(i as u8))
            .find(|k| self.kind(*k).letter == upper && self.prefix(*k) == prefix)
    }

    /// The mark written before `kind`'s letter, if it has one.
    #[inline]
    pub fn prefix(&self, kind: Kind) -> Option<char> {
        self.prefixes.get(kind.0 as usize).copied().flatten()
    }

    /// Whether `c` starts a two-character piece token.
    pub fn is_prefix(&self, c: char) -> bool {
        self.prefixes.contains(&Some(c))
    }

    /// Writes a piece as position text and SAN write it: its prefix, if any,
    /// and its letter (lower case for Black where `color` says so).
    pub fn push_token(&self, out: &mut String, color: Color, kind: Kind) {
        out.extend(self.prefix(kind));
        out.push(self.piece_char(color, kind));
    }

    /// The kind a piece of `color` and `kind` becomes on arriving on `square`.
    #[inline]
    pub fn transformed(&self, color: Color, kind: Kind, square: Square) -> Kind {
        self.transformations.iter().find(|t| t.kind == kind && t.zone[color].contains(square)).map_or(kind, |t| t.into)
    }

    /// What `color`'s side is called ("White", "Gold").
    pub fn side_name(&self, color: Color) -> &'static str {
        self.side_names[color.index()]
    }

    /// The letter of a piece as a position string writes it: upper case for White.
    pub fn piece_char(&self, color: Color, kind: Kind) -> char {
        let letter = self.kind(kind).letter;
        color.fold(letter, letter.to_ascii_lowercase())
    }
}
