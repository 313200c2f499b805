//! Arrows over the board: the last move, a better move in a review, a
//! puzzle's solution. imageproc rasterises each arrow once per request into a
//! coverage mask, which is then painted in the arrow's colour like a glyph,
//! so overlapping edges are never blended twice.

use image::{GrayImage, Luma};
use imageproc::drawing::draw_antialiased_polygon_mut;
use imageproc::point::Point;

use crate::canvas::{Rgb, Surface};
use crate::layout::Layout;
use crate::text::{Font, Mask};
use crate::{BoardView, CellRef};

/// What an arrow means; each meaning has its own colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArrowKind {
    /// The move just played (blue, like the last-move tint).
    LastMove,
    /// A move that was played and lost ground, in a review (red).
    Played,
    /// The engine's better move in a review (green).
    Better,
    /// A puzzle's solution (orange).
    Solution,
}

impl ArrowKind {
    /// Every kind; the key's sprites are indexed by it.
    pub const ALL: [ArrowKind; 4] = [ArrowKind::LastMove, ArrowKind::Played, ArrowKind::Better, ArrowKind::Solution];

    /// Position in [`ArrowKind::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// What the colour means, as the key under a picture says it.
    pub const fn meaning(self) -> &'static str {
        match self {
            ArrowKind::LastMove => "last move",
            ArrowKind::Played => "move played",
            ArrowKind::Better => "better move",
            ArrowKind::Solution => "solution",
        }
    }

    /// Colour and opacity (0..=255). The brushes are lichess's: players read
    /// green as "good move" and red as "what went wrong" already.
    fn ink(self) -> (Rgb, u8) {
        match self {
            ArrowKind::LastMove => ([0x00, 0x30, 0x88], 170),
            ArrowKind::Played => ([0xc0, 0x1c, 0x1c], 200),
            ArrowKind::Better => ([0x15, 0x78, 0x1b], 200),
            ArrowKind::Solution => ([0xe6, 0x8f, 0x00], 200),
        }
    }
}

/// An arrow from the centre of one cell to the centre of another (on the
/// same board or, in Dragonchess, another one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrow {
    pub from: CellRef,
    pub to: CellRef,
    pub kind: ArrowKind,
}

/// Paint `view`'s arrows over the boards.
pub(crate) fn draw_arrows<S: Surface>(canvas: &mut S, view: &BoardView, layout: &Layout) {
    let half = layout.cell / 2;
    let centre = |at: CellRef| {
        let (x, y) = layout.cell_origin(view, at);
        ((x + half) as f32, (y + half) as f32)
    };
    for arrow in view.arrows.iter().filter(|a| a.from != a.to) {
        let (colour, opacity) = arrow.kind.ink();
        if let Some((x, y, mask)) = arrow_mask(centre(arrow.from), centre(arrow.to), layout.cell as f32, opacity) {
            canvas.blend_mask(x, y, &mask, colour);
        }
    }
}

/// A short arrow of `kind` pointing right, for the key: its coverage, which
/// the key places by its box.
pub(crate) fn key_mask(kind: ArrowKind, cell: u32) -> Mask {
    let cell = cell as f32;
    let (_, _, mask) =
        arrow_mask((0.0, 0.0), (cell * 1.3, 0.0), cell, kind.ink().1).expect("the key's arrow has a length");
    mask
}

/// Under the picture, each kind of arrow drawn with what it means, centred
/// in the row from `top`, `height` high: `→ move played   → better move`.
pub(crate) fn draw_key<S: Surface>(
    canvas: &mut S,
    view: &BoardView,
    (top, height): (i32, i32),
    masks: &[Mask],
    font: &Font,
    text: Rgb,
    width: usize,
) {
    let mut kinds: Vec<ArrowKind> = Vec::new();
    for arrow in &view.arrows {
        if !kinds.contains(&arrow.kind) {
            kinds.push(arrow.kind);
        }
    }
    let gap = font.width("   ");
    let entry = |kind: ArrowKind| masks[kind.index()].width as i32 + gap / 3 + font.width(kind.meaning());
    let total: i32 = kinds.iter().map(|&k| entry(k)).sum::<i32>() + gap * (kinds.len() as i32 - 1).max(0);
    let mut x = (width as i32 - total) / 2;
    let middle = top + height / 2;
    for kind in kinds {
        let mask = &masks[kind.index()];
        canvas.blend_mask(x, middle - mask.height as i32 / 2, mask, kind.ink().0);
        let tx = x + mask.width as i32 + gap / 3;
        canvas.text(font, tx, middle - font.cap_height() / 2, kind.meaning(), text);
        x += entry(kind) + gap;
    }
}

/// The coverage of an arrow from `start` to `tip` (pixel centres) for cells
/// of `cell` pixels, with its top-left corner; `None` for a zero-length arrow.
fn arrow_mask(start: (f32, f32), tip: (f32, f32), cell: f32, opacity: u8) -> Option<(i32, i32, Mask)> {
    let (dx, dy) = (tip.0 - start.0, tip.1 - start.1);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1.0 {
        return None;
    }
    let (ux, uy) = (dx / length, dy / length);
    let (nx, ny) = (-uy, ux);
    let shaft = cell * 0.12;
    let head = (cell * 0.30).max(shaft + 2.0);
    // The shaft starts a little off the centre, so the moving piece shows,
    // and the tip stops at the edge of the piece it points at: a head over
    // that piece would let it show through, as if the arrow ran under it.
    let (start_gap, tip_gap) = (cell * 0.18, cell * 0.28);
    let head_length = (cell * 0.45).min((length - start_gap - tip_gap).max(1.0) * 0.6);
    let from = (start.0 + ux * start_gap, start.1 + uy * start_gap);
    let tip = (tip.0 - ux * tip_gap, tip.1 - uy * tip_gap);
    let neck = (tip.0 - ux * head_length, tip.1 - uy * head_length);
    let at = |p: (f32, f32), side: f32| (p.0 + nx * side, p.1 + ny * side);
    let outline =
        [at(from, shaft), at(neck, shaft), at(neck, head), tip, at(neck, -head), at(neck, -shaft), at(from, -shaft)];
    let margin = 2.0;
    let left = outline.iter().map(|p| p.0).fold(f32::INFINITY, f32::min).floor() - margin;
    let top = outline.iter().map(|p| p.1).fold(f32::INFINITY, f32::min).floor() - margin;
    let right = outline.iter().map(|p| p.0).fold(f32::NEG_INFINITY, f32::max).ceil() + margin;
    let bottom = outline.iter().map(|p| p.1).fold(f32::NEG_INFINITY, f32::max).ceil() + margin;
    let (width, height) = ((right - left) as u32 + 1, (bottom - top) as u32 + 1);
    let points: Vec<Point<i32>> =
        outline.iter().map(|p| Point::new((p.0 - left).round() as i32, (p.1 - top).round() as i32)).collect();
    let mut image = GrayImage::new(width, height);
    // Coverage only grows: an edge pixel drawn twice is not painted twice.
    let keep_most =
        |line: Luma<u8>, old: Luma<u8>, weight: f32| Luma([old[0].max((f32::from(line[0]) * weight).round() as u8)]);
    draw_antialiased_polygon_mut(&mut image, &points, Luma([opacity]), keep_most);
    let mask = Mask { width: width as usize, height: height as usize, alpha: image.into_raw() };
    Some((left as i32, top as i32, mask))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arrow_covers_its_shaft_and_head_but_not_its_sides() {
        // Three cells up, from the centre of a 56 px cell to another's.
        let (x, y, mask) = arrow_mask((28.0, 28.0 + 3.0 * 56.0), (28.0, 28.0), 56.0, 200).unwrap();
        let at = |px: i32, py: i32| {
            let inside = (x..x + mask.width as i32).contains(&px) && (y..y + mask.height as i32).contains(&py);
            if inside {
                mask.alpha[((py - y) as usize) * mask.width + (px - x) as usize]
            } else {
                0
            }
        };
        assert_eq!(at(28, 100), 200, "the shaft");
        assert_eq!(at(28, 56), 200, "the head, at the edge of the target cell's piece");
        assert_eq!(at(28, 28), 0, "the piece it points at stays clear");
        assert_eq!(at(28, 28 + 3 * 56), 0, "so does the piece that moved");
        assert_eq!(at(14, 100), 0, "beside the shaft");
        assert!(mask.alpha.iter().all(|&a| a <= 200), "coverage never exceeds the opacity");
        assert!(arrow_mask((5.0, 5.0), (5.0, 5.0), 56.0, 200).is_none());
    }
}
