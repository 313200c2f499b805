//! Why a view could not be rendered.

use crate::{CellRef, DieKind};

/// A [`crate::BoardView`] the renderer refuses, or a failed encode.
///
/// Views come from an adapter over engine state, so these point at adapter
/// bugs; they are errors rather than panics so a bad view costs one reply,
/// not the bot.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("the view has no boards")]
    NoLayers,
    #[error("board {layer} has {found} cells, but its labels make {expected}")]
    CellCount { layer: usize, expected: usize, found: usize },
    #[error("board {layer} is {files}x{ranks}; at most {max}x{max} can be drawn")]
    BoardSize { layer: usize, files: usize, ranks: usize, max: usize },
    #[error("{0:?} is not a cell of the view")]
    NoSuchCell(CellRef),
    #[error("board {layer} refers to region {region}, but the view has {count} regions")]
    NoSuchRegion { layer: usize, region: usize, count: usize },
    #[error("a {kind:?} has no face {face}")]
    DieFace { kind: DieKind, face: u8 },
    #[error("the image would be too large")]
    TooLarge,
    #[error("{found} pixels cannot make a {width}x{height} image")]
    PixelCount { width: usize, height: usize, found: usize },
    #[error("an animation needs at least one frame")]
    NoFrames,
    #[error("GIF encoding failed: {0}")]
    Gif(#[from] gif::EncodingError),
    #[error("PNG encoding failed: {0}")]
    Encode(#[from] png::EncodingError),
}
