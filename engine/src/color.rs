//! The two sides. Variants name them differently (Dragonchess: Gold and Scarlet),
//! but every game has exactly two, and the first to move is `White`.

use std::ops::{Index, IndexMut, Not};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `+1` for White, whose pieces move up the ranks; `-1` for Black.
    #[inline]
    pub const fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Picks between White's and Black's value.
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// One value per side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColor<T> {
    pub fn new(white: T, black: T) -> ByColor<T> {
        ByColor { white, black }
    }

    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor { white: f(Color::White), black: f(Color::Black) }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}
