//! Board images for Rookery's games.
//!
//! A [`Renderer`] rasterises every piece, die and label glyph once at
//! start-up; each request then only copies and blends those pixels into a
//! frame and encodes it, as lila-gif does.
//!
//! The renderer knows nothing of game rules. It draws a [`BoardView`]: plain
//! data that an adapter builds from engine state.
//!
//! ```
//! use rookery_render::{BoardView, CellRef, Glyph, Layer, Piece, Renderer, RenderOptions, Shade, Side};
//!
//! let renderer = Renderer::new(RenderOptions::default());
//! let mut view = BoardView::new(vec![Layer::new("", "abcdefgh", "12345678", |f, r| {
//!     Some(Shade::checker(f, r))
//! })]);
//! view.cell_mut(CellRef::new(4, 0)).unwrap().piece = Some(Piece { glyph: Glyph::King, side: Side::First });
//! let png = renderer.render_png(&view).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod animation;
mod arrow;
mod canvas;
mod chart;
mod compose;
mod deflate;
mod encode;
mod error;
mod glyph;
mod layout;
mod panel;
pub mod position;
mod recent;
mod renderer;
mod sprites;
mod standings;
mod text;
mod theme;
mod view;

pub use animation::GifTiming;
pub use arrow::{Arrow, ArrowKind};
pub use chart::Histogram;
pub use encode::Encoding;
pub use error::RenderError;
pub use glyph::Glyph;
pub use renderer::{Frame, RenderOptions, Renderer};
pub use standings::{Record, SheetGame, StandingRow, Standings, MAX_ROWS};
pub use view::{
    BoardView, BySide, Cell, CellRef, Die, DieKind, DieSymbol, LastMove, Layer, Piece, Region, Roll, Selection, Shade,
    Side, SideColours, Stock, Theme,
};
