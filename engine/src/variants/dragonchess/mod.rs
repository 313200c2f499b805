//! Dragonchess (Gary Gygax, 1985) as the Chess Variant Pages edition describes
//! it: three stacked 12x8 boards, fifteen pieces, Basilisks that freeze, a
//! Dragon that captures from afar. The spec is `docs/rules/dragonchess.md`'s
//! source; decisions beyond it are written there.
//!
//! Everything here is data for the generic engine: the pieces as move
//! components, the Basilisk as a [`Freezing`], the Warrior's promotion, the
//! optional Dwarf reversal as a [`Transformation`] into a second Dwarf kind,
//! and a dialect for the position text and notation of the spec.

pub mod notation;
pub mod options;
pub mod pieces;
pub mod text;

use std::sync::Arc;

use crate::color::{ByColor, Color};
use crate::freezing::Freezing;
use crate::geometry::{Geometry, Layer};
use crate::guide::Guide;
use crate::options::GameOptions;
use crate::piece::{Kind, Vector};
use crate::position::Position;
use crate::royalty::Royalty;
use crate::rules::{Dialect, DrawRules, Promotion, Rules, Transformation};
use crate::squareset::SquareSet;
use crate::variant::Variant;
use crate::variants::CompiledRules;

pub use options::{Settings, OPTIONS};

pub const START: &str = "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1|\
                         ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|\
                         2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g - 0 1";

pub const SYLPH: Kind = Kind(0);
pub const GRIFFIN: Kind = Kind(1);
pub const DRAGON: Kind = Kind(2);
pub const OLIPHANT: Kind = Kind(3);
pub const UNICORN: Kind = Kind(4);
pub const HERO: Kind = Kind(5);
pub const THIEF: Kind = Kind(6);
pub const CLERIC: Kind = Kind(7);
pub const MAGE: Kind = Kind(8);
pub const KING: Kind = Kind(9);
pub const PALADIN: Kind = Kind(10);
pub const WARRIOR: Kind = Kind(11);
pub const BASILISK: Kind = Kind(12);
pub const ELEMENTAL: Kind = Kind(13);
pub const DWARF: Kind = Kind(14);
/// A Dwarf heading back toward its own side (optional rule only).
pub const REVERSED_DWARF: Kind = Kind(15);

/// The middle board's layer index: Warriors live here, Basilisks freeze it.
pub const GROUND: usize = 1;

/// Three 12x8 boards, 1 (sky) on top; files a-l, ranks 1-8, a1 dark.
pub fn board() -> Geometry {
    let files = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"];
    let ranks = ["1", "2", "3", "4", "5", "6", "7", "8"];
    let layers = [("1", "1 Sky"), ("2", "2 Ground"), ("3", "3 Underworld")]
        .map(|(prefix, name)| Layer { prefix: prefix.into(), name: name.into() })
        .to_vec();
    Geometry::boxed(&files, &ranks, layers, Some(1), |_, _, _| true)
}

/// The cells of `layers` on the rank `color` reaches last.
fn far_rank(geometry: &Geometry, color: Color, layers: &[usize]) -> SquareSet {
    let rank = color.fold(geometry.height() - 1, 0);
    geometry.squares().filter(|s| geometry.rank(*s) == rank && layers.contains(&geometry.layer(*s))).collect()
}

/// The rules with `settings`.
pub fn rules(settings: Settings) -> Rules {
    let geometry = board();
    let kinds = vec![
        pieces::sylph(),
        pieces::griffin(),
        pieces::dragon(settings.dragon_afar_below_only),
        pieces::oliphant(),
        pieces::unicorn(),
        pieces::hero(),
        pieces::thief(),
        pieces::cleric(),
        pieces::mage(),
        pieces::king(),
        pieces::paladin(),
        pieces::warrior(),
        pieces::basilisk(),
        pieces::elemental(),
        pieces::dwarf(),
        pieces::reversed_dwarf(),
    ];
    let promotion = Promotion {
        zone: ByColor::from_fn(|color| far_rank(&geometry, color, &[GROUND])),
        choices: vec![HERO],
        from_hand: false,
    };
    // Spec §8 and D29: both draw rules end the game by themselves.
    let draws = DrawRules {
        repetition_claim: None,
        repetition_automatic: settings.repetition.then_some(3),
        quiet_plies_claim: None,
        quiet_plies_automatic: (settings.quiet_plies > 0).then_some(settings.quiet_plies),
        dead_position: Some(only_kings),
        // The rules name no piece too weak to mate; only a bare king is.
        lone_minors: &[],
    };
    // The Basilisk freezes the enemy piece directly above it (one board up).
    let freezing = Freezing::new(&geometry, &[BASILISK], &[Vector::with_layer(0, 0, -1)]);
    let transformations = if settings.dwarf_reversal {
        let dwarf_boards = [1, 2];
        vec![
            Transformation {
                kind: DWARF,
                zone: ByColor::from_fn(|c| far_rank(&geometry, c, &dwarf_boards)),
                into: REVERSED_DWARF,
            },
            Transformation {
                kind: REVERSED_DWARF,
                zone: ByColor::from_fn(|c| far_rank(&geometry, !c, &dwarf_boards)),
                into: DWARF,
            },
        ]
    } else {
        Vec::new()
    };
    let mut rules =
        Rules::new(Variant::Dragonchess, geometry, kinds, Vec::new(), promotion, Royalty::Checkmate, draws, START);
    rules.dialect = Dialect {
        parse_position: text::parse,
        write_position: text::write,
        san: notation::san,
        parse_move: notation::parse_move,
        coordinates: notation::coordinates,
    };
    rules.freezing = Some(freezing);
    rules.transformations = transformations;
    rules.options = options::OPTIONS;
    rules.side_names = ["Gold", "Scarlet"];
    rules.guide = Some(Guide {
        variant: Variant::Dragonchess,
        title: "Dragonchess",
        page: include_str!("../guides/dragonchess.md"),
    });
    rules
}

/// The rules for `options`, compiled once per combination and shared.
pub fn rules_for(options: &GameOptions) -> Arc<Rules> {
    static BUILT: CompiledRules<Settings> = CompiledRules::new();
    let settings = Settings::from_options(options);
    BUILT.get(settings, || rules(settings))
}

/// Spec §8: only the two Kings remain.
pub fn only_kings(position: &Position) -> bool {
    Color::ALL.iter().all(|c| position.pieces(*c).all(|(_, kind)| kind == KING))
}
