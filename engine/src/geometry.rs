//! Boards as data: layers of rectangular grids in which some cells may be missing.
//!
//! Every variant's board is described by a [`Geometry`]: chess is one 8x8 layer,
//! Guardener is a 10x10 box with the 20 corner cells missing, Dragonchess is three
//! 12x8 layers. Cells are numbered densely in the box (layer-major, then rank, then
//! file), so a [`Square`] is a small index that tables can be keyed by.

use std::fmt;

use crate::color::Color;

/// A cell of some variant's board: an index into its [`Geometry`]'s box.
///
/// A `Square` means nothing without the geometry it came from; geometries hand
/// them out and name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(pub u16);

impl Square {
    /// The index of this cell in its geometry's box.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// Light or dark: each spec states which cells are which.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shade {
    Light,
    Dark,
}

/// How the cells of one variant are laid out and named.
#[derive(Clone, Debug)]
pub struct Geometry {
    files: Vec<String>,
    ranks: Vec<String>,
    layers: Vec<Layer>,
    exists: Vec<bool>,
    /// Which (file + rank) parity is light; `None` for an uncoloured board.
    light_parity: Option<u8>,
}

/// One of the stacked boards; a single-board variant has one, unnamed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    /// The digit that prefixes cell names on multi-layer boards (`3g1`).
    pub prefix: String,
    /// What players call it ("Sky"), for pictures and help text.
    pub name: String,
}

impl Geometry {
    /// A full rectangle of `files.len() x ranks.len()` cells on one layer, named by
    /// concatenating file and rank labels (`e4`, `j10`). `light_parity` is the
    /// value of `(file + rank) % 2` that makes a cell light.
    pub fn rectangle(files: &[&str], ranks: &[&str], light_parity: Option<u8>) -> Geometry {
        Geometry::boxed(files, ranks, Vec::new(), light_parity, |_, _, _| true)
    }

    /// A stack of layers, each `files x ranks`, where `exists(layer, file, rank)`
    /// says which cells are on the board.
    pub fn boxed(
        files: &[&str],
        ranks: &[&str],
        layers: Vec<Layer>,
        light_parity: Option<u8>,
        exists: impl Fn(usize, usize, usize) -> bool,
    ) -> Geometry {
        let layers =
            if layers.is_empty() { vec![Layer { prefix: String::new(), name: String::new() }] } else { layers };
        let mut cells = Vec::with_capacity(layers.len() * files.len() * ranks.len());
        for layer in 0..layers.len() {
            for rank in 0..ranks.len() {
                for file in 0..files.len() {
                    cells.push(exists(layer, file, rank));
                }
            }
        }
        Geometry {
            files: files.iter().map(|s| s.to_string()).collect(),
            ranks: ranks.iter().map(|s| s.to_string()).collect(),
            layers,
            exists: cells,
            light_parity,
        }
    }

    /// Number of cells in the box, existing or not; the size of square-keyed tables.
    pub fn box_size(&self) -> usize {
        self.exists.len()
    }

    pub fn width(&self) -> usize {
        self.files.len()
    }

    pub fn height(&self) -> usize {
        self.ranks.len()
    }

    pub fn layers(&self) -> &[Layer] {
        &self.layers
    }

    pub fn file_label(&self, file: usize) -> &str {
        &self.files[file]
    }

    pub fn rank_label(&self, rank: usize) -> &str {
        &self.ranks[rank]
    }

    /// The cell at (layer, file, rank), if those coordinates are inside the box and
    /// the cell exists.
    pub fn square(&self, layer: i32, file: i32, rank: i32) -> Option<Square> {
        let (w, h) = (self.width() as i32, self.height() as i32);
        if layer < 0 || layer >= self.layers.len() as i32 || file < 0 || file >= w || rank < 0 || rank >= h {
            return None;
        }
        let index = ((layer * h + rank) * w + file) as usize;
        self.exists[index].then_some(Square(index as u16))
    }

    /// Every existing cell, in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.exists.iter().enumerate().filter(|(_, e)| **e).map(|(i, _)| Square(i as u16))
    }

    pub fn exists(&self, square: Square) -> bool {
        self.exists.get(square.index()).copied().unwrap_or(false)
    }

    pub fn file(&self, square: Square) -> usize {
        square.index() % self.width()
    }

    pub fn rank(&self, square: Square) -> usize {
        square.index() / self.width() % self.height()
    }

    pub fn layer(&self, square: Square) -> usize {
        square.index() / (self.width() * self.height())
    }

    /// `rank` counted from `color`'s side: itself for White, from the far
    /// edge for Black (every built variant sets the sides up mirrored by rank).
    pub fn rank_seen_by(&self, color: Color, rank: usize) -> usize {
        color.fold(rank, self.height() - 1 - rank)
    }

    /// Light or dark by the variant's colour rule; `None` on an uncoloured board.
    pub fn shade(&self, square: Square) -> Option<Shade> {
        let parity = ((self.file(square) + self.rank(square)) % 2) as u8;
        self.light_parity.map(|light| if parity == light { Shade::Light } else { Shade::Dark })
    }

    /// The cell's name: layer prefix, file label, rank label (`e4`, `z4`, `3g1`).
    pub fn name(&self, square: Square) -> SquareName<'_> {
        SquareName { geometry: self, square }
    }

    /// Parses a cell name at the start of `text`, returning the square and how many
    /// bytes it used. The longest matching rank label wins, so `a10` is not `a1`.
    pub fn parse_prefix(&self, text: &str) -> Option<(Square, usize)> {
        let mut best = None;
        for (layer, l) in self.layers.iter().enumerate() {
            let Some(rest) = text.strip_prefix(l.prefix.as_str()) else { continue };
            for (file, f) in self.files.iter().enumerate() {
                let Some(rest) = rest.strip_prefix(f.as_str()) else { continue };
                for (rank, r) in self.ranks.iter().enumerate() {
                    if rest.starts_with(r.as_str()) {
                        let used = l.prefix.len() + f.len() + r.len();
                        if best.is_none_or(|(_, u)| used > u) {
                            if let Some(sq) = self.square(layer as i32, file as i32, rank as i32) {
                                best = Some((sq, used));
                            }
                        }
                    }
                }
            }
        }
        best
    }

    /// Parses exactly one cell name.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        match self.parse_prefix(text) {
            Some((sq, used)) if used == text.len() => Some(sq),
            _ => None,
        }
    }
}

/// A square's printed name, borrowed from its geometry.
pub struct SquareName<'a> {
    geometry: &'a Geometry,
    square: Square,
}

impl fmt::Display for SquareName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.geometry;
        let s = self.square;
        write!(f, "{}{}{}", g.layers[g.layer(s)].prefix, g.files[g.file(s)], g.ranks[g.rank(s)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Geometry {
        Geometry::rectangle(
            &["a", "b", "c", "d", "e", "f", "g", "h"],
            &["1", "2", "3", "4", "5", "6", "7", "8"],
            Some(1),
        )
    }

    #[test]
    fn names_round_trip() {
        let g = chess();
        for sq in g.squares() {
            assert_eq!(g.parse_square(&g.name(sq).to_string()), Some(sq));
        }
        assert_eq!(g.squares().count(), 64);
    }

    #[test]
    fn chess_colours() {
        let g = chess();
        assert_eq!(g.shade(g.parse_square("a1").unwrap()), Some(Shade::Dark));
        assert_eq!(g.shade(g.parse_square("h1").unwrap()), Some(Shade::Light));
    }

    #[test]
    fn longest_rank_label_wins() {
        let ranks: Vec<String> = (1..=10).map(|r| r.to_string()).collect();
        let ranks: Vec<&str> = ranks.iter().map(|s| s.as_str()).collect();
        let g = Geometry::rectangle(&["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"], &ranks, None);
        let a10 = g.parse_square("a10").unwrap();
        assert_eq!(g.rank(a10), 9);
        assert_eq!(g.parse_prefix("a10x"), Some((a10, 3)));
        assert_eq!(g.parse_square("k1"), None);
        assert_eq!(g.parse_square("a11"), None);
    }

    #[test]
    fn guardener_cross() {
        let ranks: Vec<String> = (0..=9).map(|r| r.to_string()).collect();
        let ranks: Vec<&str> = ranks.iter().map(|s| s.as_str()).collect();
        let files = ["w", "a", "b", "c", "d", "e", "f", "g", "h", "z"];
        let g = Geometry::boxed(&files, &ranks, Vec::new(), Some(1), |_, x, y| {
            (1..=8).contains(&x) && (1..=8).contains(&y)
                || ((y == 0 || y == 9) && (3..=6).contains(&x))
                || ((x == 0 || x == 9) && (3..=6).contains(&y))
        });
        assert_eq!(g.squares().count(), 80);
        for name in ["z4", "d0", "e9", "w3", "a1", "h8"] {
            assert_eq!(g.name(g.parse_square(name).unwrap()).to_string(), name);
        }
        for missing in ["a0", "w0", "z9", "w2", "b9"] {
            assert_eq!(g.parse_square(missing), None, "{missing}");
        }
        assert_eq!(g.shade(g.parse_square("c0").unwrap()), Some(Shade::Light));
        assert_eq!(g.shade(g.parse_square("w4").unwrap()), Some(Shade::Dark));
    }

    #[test]
    fn layered_names_and_missing_cells() {
        let layers = (1..=3).map(|i| Layer { prefix: i.to_string(), name: format!("L{i}") }).collect();
        let g = Geometry::boxed(&["a", "b"], &["1", "2"], layers, None, |layer, file, _| !(layer == 1 && file == 1));
        let sq = g.parse_square("3b2").unwrap();
        assert_eq!((g.layer(sq), g.file(sq), g.rank(sq)), (2, 1, 1));
        assert_eq!(g.parse_square("2b1"), None);
        assert_eq!(g.squares().count(), 10);
    }
}
