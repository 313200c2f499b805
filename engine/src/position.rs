//! A position of any variant: the board, the side to move and the state that
//! decides which moves are legal. Moves are made and unmade in place, with the
//! reversible state kept on an internal stack, so search and perft never copy
//! boards.

mod attacks;
mod off_board;

use std::sync::Arc;

use crate::color::{ByColor, Color};
use crate::geometry::Square;
use crate::grants::Grants;
use crate::hand::Hand;
use crate::moves::{Move, Special};
use crate::piece::{Kind, Piece};
use crate::rules::Rules;
use crate::squareset::SquareSet;
use crate::straddle::TwinUndo;

/// An en-passant opportunity: a pawn just double-stepped over `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    pub target: Square,
    /// Where the pawn that may be captured stands.
    pub victim: Square,
}

/// State a variant keeps beyond the board, castling rights and en passant. It
/// is part of the position: written in its text and folded into its hash.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Marks {
    /// Cells whose original piece has never moved nor been captured (Luck
    /// Dragon: relocation, Double Leap entrances, which rook may castle).
    pub unmoved: SquareSet,
    /// Pieces carrying a mark that travels with them (Luck Dragon: knights that
    /// spent their later Double Leap).
    pub tagged: SquareSet,
    /// Flags whose meaning is the variant's (Luck Dragon: each side's Double
    /// Leap entrance).
    pub flags: u8,
}

/// What `unmake` needs to restore.
/// What [`Position::make_null`] changed, to take it back.
#[derive(Clone, Copy, Debug)]
pub struct NullMove {
    en_passant: Option<EnPassant>,
    granted: Grants,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
}

#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    moved: Piece,
    captured: Option<(Square, Piece)>,
    castling: u8,
    en_passant: Option<EnPassant>,
    granted: Grants,
    halfmove: u32,
    hash: u64,
    /// A straddling piece was split by the move (see [`crate::straddle`]).
    twins: bool,
    /// The move changed state off the board (hands, immunity, promoted
    /// pieces), saved on the off-board stack.
    off_board: bool,
    /// The marks before the move were saved on the marks stack.
    marks_saved: bool,
}

/// What `unmake` needs to restore of the state only variants with hands keep.
#[derive(Clone, Copy, Debug)]
struct OffBoardUndo {
    immune: SquareSet,
    promoted: SquareSet,
}

/// Slots for the cells of a board: a power of two at least
/// [`crate::squareset::MAX_CELLS`], so
/// that a masked index needs no bounds check on the generator's hot path.
const CELL_SLOTS: usize = 512;
const _: () = assert!(CELL_SLOTS >= crate::squareset::MAX_CELLS && CELL_SLOTS.is_power_of_two());

/// Where the pieces are, with the sets and hash kept in step with the board.
#[derive(Clone, Debug)]
struct Board {
    cells: Box<[Option<Piece>; CELL_SLOTS]>,
    /// The geometry's box size (the Zobrist tables' stride).
    size: usize,
    occupied: ByColor<SquareSet>,
    royals: ByColor<SquareSet>,
    hash: u64,
}

impl Board {
    /// The piece on `square`; squares come from the geometry, whose box
    /// never exceeds the slots, so masking keeps the index in the slots.
    #[inline]
    fn at(&self, square: Square) -> Option<Piece> {
        self.cells[square.index() & (CELL_SLOTS - 1)]
    }

    #[inline]
    fn put(&mut self, rules: &Rules, square: Square, piece: Piece) {
        self.place::<true>(rules, square, piece);
    }

    #[inline]
    fn take(&mut self, rules: &Rules, square: Square) -> Option<Piece> {
        self.lift::<true>(rules, square)
    }

    /// [`Board::put`], with the hash left alone unless `HASH` (unmake
    /// restores the hash it saved, so it need not follow the pieces back).
    #[inline]
    fn place<const HASH: bool>(&mut self, rules: &Rules, square: Square, piece: Piece) {
        debug_assert!(self.at(square).is_none());
        self.cells[square.index() & (CELL_SLOTS - 1)] = Some(piece);
        self.occupied[piece.color].insert(square);
        if rules.kind(piece.kind).royal {
            self.royals[piece.color].insert(square);
        }
        if HASH {
            self.hash ^= rules.zobrist.piece(piece.color, piece.kind, square, self.size);
        }
    }

    /// [`Board::take`], with the hash left alone unless `HASH`.
    #[inline]
    fn lift<const HASH: bool>(&mut self, rules: &Rules, square: Square) -> Option<Piece> {
        let piece = self.cells[square.index() & (CELL_SLOTS - 1)].take()?;
        self.occupied[piece.color].remove(square);
        self.royals[piece.color].remove(square);
        if HASH {
            self.hash ^= rules.zobrist.piece(piece.color, piece.kind, square, self.size);
        }
        Some(piece)
    }
}

#[derive(Clone, Debug)]
pub struct Position {
    rules: Arc<Rules>,
    board: Board,
    turn: Color,
    castling: u8,
    en_passant: Option<EnPassant>,
    halfmove: u32,
    fullmove: u32,
    marks: Marks,
    /// What the side to move was granted for this turn only (by dice); cleared
    /// by every move, and not part of the text or hash.
    granted: Grants,
    undo: Vec<Undo>,
    /// The marks before each move made, for variants that keep marks.
    marks_undo: Vec<Marks>,
    /// Pieces off the board, per side (variants with [`crate::hand::Drops`]).
    hands: ByColor<Hand>,
    /// Pieces that may not be captured on this ply (a piece just dropped).
    immune: SquareSet,
    /// Pieces that were promoted, where a captured one enters a hand demoted.
    promoted: SquareSet,
    off_board_undo: Vec<OffBoardUndo>,
    /// Each side's piece standing on two squares, if any.
    pub(crate) straddles: ByColor<Option<(Square, Square)>>,
    pub(crate) twin_undo: Vec<TwinUndo>,
}

impl Position {
    /// An empty board of `rules`, White to move; used by parsers to build up a
    /// position piece by piece.
    pub fn empty(rules: Arc<Rules>) -> Position {
        let cells = rules.geometry.box_size();
        Position {
            rules,
            board: Board {
                cells: Box::new([None; CELL_SLOTS]),
                size: cells,
                occupied: ByColor::default(),
                royals: ByColor::default(),
                hash: 0,
            },
            turn: Color::White,
            castling: 0,
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
            marks: Marks::default(),
            granted: Grants::NONE,
            undo: Vec::new(),
            marks_undo: Vec::new(),
            hands: ByColor::default(),
            immune: SquareSet::EMPTY,
            promoted: SquareSet::EMPTY,
            off_board_undo: Vec::new(),
            straddles: ByColor::default(),
            twin_undo: Vec::new(),
        }
    }

    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board.at(square)
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    pub fn en_passant(&self) -> Option<EnPassant> {
        self.en_passant
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// A hash of placement, side to move and castling rights. The en-passant
    /// target is folded in only by [`Position::repetition_key`], which knows
    /// whether it can be used.
    pub fn hash(&self) -> u64 {
        self.board.hash
    }

    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// Sets the marks (setting up a position).
    pub fn set_marks(&mut self, marks: Marks) {
        self.board.hash ^= self.rules.zobrist.marks_change(&self.marks, &marks);
        self.marks = marks;
    }

    /// What the side to move was granted for this turn.
    pub fn granted(&self) -> Grants {
        self.granted
    }

    /// Grants the side to move extra moves for this turn (after a roll).
    pub fn set_granted(&mut self, granted: Grants) {
        self.granted = granted;
    }

    pub fn occupied(&self, color: Color) -> &SquareSet {
        &self.board.occupied[color]
    }

    /// Every occupied square.
    #[inline]
    pub fn all_occupied(&self) -> SquareSet {
        self.board.occupied.white | self.board.occupied.black
    }

    /// The pieces `color` holds off the board.
    #[inline]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color]
    }

    /// Sets how many `kind` pieces `color` holds (setting up a position; a
    /// move changes hands itself).
    pub fn set_hand_count(&mut self, color: Color, kind: Kind, count: u8) {
        let before = self.hands[color].count(kind);
        self.board.hash ^= self.rules.zobrist.hand(color, kind, before) ^ self.rules.zobrist.hand(color, kind, count);
        self.hands[color].set(kind, count);
    }

    fn change_hand(&mut self, color: Color, kind: Kind, up: bool) {
        let count = self.hands[color].count(kind);
        let count = if up { count + 1 } else { count.checked_sub(1).expect("a piece in hand") };
        self.set_hand_count(color, kind, count);
    }

    /// The pieces that may not be captured on this ply (landing immunity).
    pub fn immune(&self) -> &SquareSet {
        &self.immune
    }

    /// Sets the immune pieces (setting up a position).
    pub fn set_immune(&mut self, immune: SquareSet) {
        self.board.hash ^= self.rules.zobrist.immunity_change(&self.immune, &immune);
        self.immune = immune;
    }

    /// The pieces that were promoted (kept where a captured piece demotes).
    pub fn promoted(&self) -> &SquareSet {
        &self.promoted
    }

    /// Marks which pieces were promoted (setting up a position).
    pub fn set_promoted(&mut self, promoted: SquareSet) {
        self.promoted = promoted;
    }

    /// The squares of `color`'s royal pieces.
    pub fn royals(&self, color: Color) -> &SquareSet {
        &self.board.royals[color]
    }

    /// Puts a piece on an empty square (setting up a position).
    pub fn put(&mut self, square: Square, piece: Piece) {
        self.board.put(&self.rules, square, piece);
    }

    /// Takes the piece off `square`, if any (setting up a position).
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        self.board.take(&self.rules, square)
    }

    /// Sets the side to move, castling rights, en passant and clocks (setting up
    /// a position).
    pub fn set_state(
        &mut self,
        turn: Color,
        castling: u8,
        en_passant: Option<EnPassant>,
        halfmove: u32,
        fullmove: u32,
    ) {
        if self.turn != turn {
            self.board.hash ^= self.rules.zobrist.side;
        }
        self.board.hash ^= self.rules.zobrist.castling(self.castling) ^ self.rules.zobrist.castling(castling);
        self.turn = turn;
        self.castling = castling;
        self.en_passant = en_passant;
        self.halfmove = halfmove;
        self.fullmove = fullmove;
    }

    /// Plays `mv`, which must be legal here (or at least pseudo-legal, for
    /// legality testing). [`Position::unmake`] takes it back.
    pub fn make(&mut self, mv: Move) {
        let moved = match mv.special {
            Special::Drop(kind) => Piece { color: self.turn, kind },
            _ => self.board.at(mv.from).expect("a move starts on a piece"),
        };
        let rules = &*self.rules;
        let board = &mut self.board;
        let mut undo = Undo {
            mv,
            moved,
            captured: None,
            castling: self.castling,
            en_passant: self.en_passant,
            granted: self.granted,
            halfmove: self.halfmove,
            hash: board.hash,
            twins: false,
            off_board: false,
            marks_saved: false,
        };
        self.en_passant = None;
        self.granted = Grants::NONE;
        self.halfmove += 1;
        match mv.special {
            Special::Castle(rule) => {
                let rule = &rules.castling[rule as usize];
                let king = board.take(rules, rule.king_from).expect("castling king");
                let rook = board.take(rules, rule.rook_from).expect("castling rook");
                board.put(rules, rule.king_to, king);
                board.put(rules, rule.rook_to, rook);
            }
            Special::FromAfar => {
                undo.captured = board.take(rules, mv.to).map(|p| (mv.to, p));
            }
            Special::EnPassant => {
                let victim = undo.en_passant.expect("en passant needs a target").victim;
                undo.captured = board.take(rules, victim).map(|p| (victim, p));
                board.take(rules, mv.from);
                board.put(rules, mv.to, moved);
            }
            Special::Drop(_) | Special::Teleport => {
                board.take(rules, mv.from);
                board.put(rules, mv.to, moved);
            }
            Special::None
            | Special::DoubleStep
            | Special::Promotion(_)
            | Special::Relocate(_)
            | Special::DoubleLeap(_)
            | Special::Wrap(_)
            | Special::DiceKing => {
                undo.captured = board.take(rules, mv.to).map(|p| (mv.to, p));
                board.take(rules, mv.from);
                let kind = rules.transformed(moved.color, mv.promotion().unwrap_or(moved.kind), mv.to);
                board.put(rules, mv.to, Piece { color: moved.color, kind });
                if mv.special == Special::DoubleStep {
                    let target = Square(((mv.from.0 as u32 + mv.to.0 as u32) / 2) as u16);
                    self.en_passant = Some(EnPassant { target, victim: mv.to });
                }
                if let Some(neighbour) = mv.relocated_from() {
                    let relocated = board.take(rules, neighbour).expect("a relocating neighbour");
                    board.put(rules, mv.from, relocated);
                }
            }
        }
        // A teleport, like a drop, puts a piece where no pattern took it.
        let lifted = mv.dropped().is_some() || mv.special == Special::Teleport;
        if undo.captured.is_some() || rules.kind(moved.kind).pawn || lifted || mv.promotion().is_some() {
            self.halfmove = 0;
        }

        let kept = rules.castling_kept[mv.from.index()] & rules.castling_kept[mv.to.index()];
        if self.castling & !kept != 0 {
            board.hash ^= rules.zobrist.castling(self.castling) ^ rules.zobrist.castling(self.castling & kept);
            self.castling &= kept;
        }
        if let Some(update) = rules.update_marks.filter(|_| !marks_stay(rules, &self.marks, mv)) {
            undo.marks_saved = true;
            let before = self.marks;
            let rights = self.castling;
            update(rules, mv, moved, &before, &mut self.marks, &mut self.castling);
            // Most moves change neither: each key costs a loop over its bits.
            if before != self.marks {
                board.hash ^= rules.zobrist.marks_change(&before, &self.marks);
            }
            if rights != self.castling {
                board.hash ^= rules.zobrist.castling(rights) ^ rules.zobrist.castling(self.castling);
            }
            self.marks_undo.push(before);
        }
        if self.turn == Color::Black {
            self.fullmove += 1;
        }
        self.turn = !self.turn;
        board.hash ^= rules.zobrist.side;
        let captured = undo.captured;
        undo.off_board = self.rules.drops.is_some() && self.make_off_board(mv, moved, captured);
        self.undo.push(undo);
        if (self.straddles.white.is_some() || self.straddles.black.is_some())
            && self.unlink_twins(mv, moved.color, captured)
        {
            self.undo.last_mut().expect("just pushed").twins = true;
        }
    }

    /// Takes back the last move made with [`Position::make`].
    pub fn unmake(&mut self) {
        let undo = self.undo.pop().expect("unmake without make");
        let mv = undo.mv;
        if undo.twins {
            self.relink_twins();
        }
        if undo.off_board {
            self.unmake_off_board(mv, undo.moved, undo.captured);
        }
        let rules = &*self.rules;
        let board = &mut self.board;
        match mv.special {
            Special::Castle(rule) => {
                let rule = &rules.castling[rule as usize];
                let king = board.lift::<false>(rules, rule.king_to).expect("castled king");
                let rook = board.lift::<false>(rules, rule.rook_to).expect("castled rook");
                board.place::<false>(rules, rule.king_from, king);
                board.place::<false>(rules, rule.rook_from, rook);
            }
            Special::FromAfar => {}
            Special::Drop(_) => {
                board.lift::<false>(rules, mv.to);
            }
            _ => {
                if let Some(neighbour) = mv.relocated_from() {
                    let relocated = board.lift::<false>(rules, mv.from).expect("the relocated neighbour");
                    board.place::<false>(rules, neighbour, relocated);
                }
                board.lift::<false>(rules, mv.to);
                board.place::<false>(rules, mv.from, undo.moved);
            }
        }
        if undo.marks_saved {
            self.marks = self.marks_undo.pop().expect("marks saved by make");
        }
        if let Some((square, piece)) = undo.captured {
            board.place::<false>(rules, square, piece);
        }

        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmove -= 1;
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.granted = undo.granted;
        self.halfmove = undo.halfmove;
        board.hash = undo.hash;
    }

    /// Passes the turn without a move, for a search's null-move test: the
    /// side to move changes and the en-passant chance and turn grants lapse;
    /// nothing else. [`Position::unmake_null`] with the returned value takes
    /// it back. Never part of a game.
    pub fn make_null(&mut self) -> NullMove {
        let saved = NullMove {
            en_passant: self.en_passant,
            granted: self.granted,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.board.hash,
        };
        self.en_passant = None;
        self.granted = Grants::NONE;
        self.halfmove += 1;
        if self.turn == Color::Black {
            self.fullmove += 1;
        }
        self.turn = !self.turn;
        self.board.hash ^= self.rules.zobrist.side;
        saved
    }

    /// Takes back [`Position::make_null`].
    pub fn unmake_null(&mut self, saved: NullMove) {
        self.turn = !self.turn;
        self.en_passant = saved.en_passant;
        self.granted = saved.granted;
        self.halfmove = saved.halfmove;
        self.fullmove = saved.fullmove;
        self.board.hash = saved.hash;
    }

    /// A copy for trying moves on, without the history of how it was reached.
    pub fn scratch(&self) -> Position {
        Position {
            rules: Arc::clone(&self.rules),
            board: self.board.clone(),
            turn: self.turn,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            marks: self.marks,
            granted: self.granted,
            undo: Vec::new(),
            marks_undo: Vec::new(),
            hands: self.hands,
            immune: self.immune,
            promoted: self.promoted,
            off_board_undo: Vec::new(),
            straddles: self.straddles,
            twin_undo: Vec::new(),
        }
    }

    /// The key under which positions count as repeated: placement, side to move,
    /// castling rights, and the en-passant target only when a capture there is
    /// actually legal (as FIDE and lichess count it).
    pub fn repetition_key(&self) -> u64 {
        match self.legal_en_passant() {
            Some(ep) => self.board.hash ^ self.rules.zobrist.en_passant(ep.target),
            None => self.board.hash,
        }
    }

    /// The en-passant opportunity, but only if a capture there is legal: the
    /// form in which it counts for repetition and is written in FEN.
    pub fn legal_en_passant(&self) -> Option<EnPassant> {
        self.en_passant.filter(|_| self.legal_moves().iter().any(|m| m.special == Special::EnPassant))
    }

    /// Every piece of `color` on the board, with its square.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Kind)> + '_ {
        self.board.occupied[color].iter().map(move |sq| (sq, self.board.at(sq).expect("occupied").kind))
    }
}

/// Whether the rules promise that `mv` leaves `marks` as they are
/// (`Rules::marks_follow_squares`): a plain move off the marked squares.
#[inline]
fn marks_stay(rules: &Rules, marks: &Marks, mv: Move) -> bool {
    let marked = |square: Square| marks.unmoved.contains(square) || marks.tagged.contains(square);
    rules.marks_follow_squares
        && matches!(mv.special, Special::None | Special::DoubleStep | Special::Promotion(_))
        && !marked(mv.from)
        && !marked(mv.to)
}
