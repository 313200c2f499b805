//! The picture of a piece kind, independent of which game it belongs to.

/// Every piece kind of every Rookery game, as the renderer draws it.
///
/// The renderer knows nothing about rules, so a glyph names a *picture*, not a
/// piece's movement: Dragonchess reuses [`Glyph::King`] (its king is a king) and
/// New chess reuses [`Glyph::Pawn`], while New chess's two kings get their own
/// glyphs because the players must tell them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Glyph {
    // FIDE chess, also used by Dice Landing, Luck Dragon and Guardener.
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    /// Luck Dragon chess's `L`.
    LuckDragon,
    /// Guardener chess's `G`.
    Guardener,
    // Dragonchess (its king is `King`).
    Sylph,
    Griffin,
    Dragon,
    Oliphant,
    Unicorn,
    Hero,
    Thief,
    Cleric,
    Mage,
    Paladin,
    Warrior,
    Basilisk,
    Elemental,
    Dwarf,
    // New chess (its pawn is `Pawn`).
    /// The king that starts on the e-file (`K`).
    EKing,
    /// The king that starts on the f-file (`J`).
    FKing,
    GoldGeneral,
    Tower,
    Fool,
    Horse,
    Cannon,
    Sergeant,
    /// A knighted fool, `+F`.
    KnightedFool,
    /// A knighted sergeant, `+S`.
    KnightedSergeant,
    /// A knighted pawn, `+P`.
    KnightedPawn,
}

impl Glyph {
    /// Every glyph, in declaration order; sprite tables are indexed by it.
    pub const ALL: [Glyph; 33] = [
        Glyph::King,
        Glyph::Queen,
        Glyph::Rook,
        Glyph::Bishop,
        Glyph::Knight,
        Glyph::Pawn,
        Glyph::LuckDragon,
        Glyph::Guardener,
        Glyph::Sylph,
        Glyph::Griffin,
        Glyph::Dragon,
        Glyph::Oliphant,
        Glyph::Unicorn,
        Glyph::Hero,
        Glyph::Thief,
        Glyph::Cleric,
        Glyph::Mage,
        Glyph::Paladin,
        Glyph::Warrior,
        Glyph::Basilisk,
        Glyph::Elemental,
        Glyph::Dwarf,
        Glyph::EKing,
        Glyph::FKing,
        Glyph::GoldGeneral,
        Glyph::Tower,
        Glyph::Fool,
        Glyph::Horse,
        Glyph::Cannon,
        Glyph::Sergeant,
        Glyph::KnightedFool,
        Glyph::KnightedSergeant,
        Glyph::KnightedPawn,
    ];

    /// Position of the glyph in [`Glyph::ALL`].
    ///
    /// ```
    /// use rookery_render::Glyph;
    /// assert_eq!(Glyph::ALL[Glyph::Dwarf.index()], Glyph::Dwarf);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_is_in_declaration_order() {
        for (i, g) in Glyph::ALL.iter().enumerate() {
            assert_eq!(g.index(), i);
        }
    }
}
