//! Text from DejaVu Sans Bold, rasterised once per size into glyph masks.
//!
//! Labels change per request (file letters, counts, layer names), but their
//! characters come from a tiny set, so each printable ASCII character (and
//! the few others labels use) is rasterised once at start-up and a request
//! only blits coverage masks.

use ab_glyph::{Font as _, FontRef, PxScale, ScaleFont as _};

/// An 8-bit coverage mask.
#[derive(Debug, Clone, Default)]
pub(crate) struct Mask {
    pub width: usize,
    pub height: usize,
    pub alpha: Vec<u8>,
}

/// One pre-rasterised character.
#[derive(Debug, Clone, Default)]
struct CharMask {
    mask: Mask,
    /// Offset of the mask's top-left from the pen position on the baseline.
    left: i32,
    top: i32,
    advance: f32,
}

/// Printable ASCII, Latin-1 and [`ELLIPSIS`], the only characters labels
/// use; others draw as '?'.
const FIRST: u8 = b' ';
const LAST: u8 = b'~';
/// Latin-1's printable characters: counts (`×2`), separators (`1-0 · White
/// wins`), half points (`2½`) and the accented letters of players' names.
const LATIN1: std::ops::RangeInclusive<char> = '\u{a1}'..='\u{ff}';
/// Marks a name cut to fit a table.
pub(crate) const ELLIPSIS: char = '…';

/// A font at one pixel size.
#[derive(Debug, Clone)]
pub(crate) struct Font {
    chars: Vec<CharMask>,
    /// Height of a digit, used to centre labels optically.
    cap_height: f32,
}

/// Where each character of a laid-out string goes, relative to the string's
/// top-left corner.
pub(crate) struct Placed<'a> {
    pub x: i32,
    pub y: i32,
    pub mask: &'a Mask,
}

impl Font {
    /// Rasterise printable ASCII at `px` pixels per em.
    pub fn new(px: f32) -> Font {
        let font = FontRef::try_from_slice(dejavu::sans::bold()).expect("the bundled DejaVu Sans Bold parses");
        let scaled = font.as_scaled(PxScale::from(px));
        let chars = (FIRST..=LAST)
            .map(char::from)
            .chain(LATIN1)
            .chain([ELLIPSIS])
            .map(|c| {
                let id = font.glyph_id(c);
                let glyph = id.with_scale_and_position(px, ab_glyph::point(0.0, 0.0));
                let advance = scaled.h_advance(id);
                let Some(outline) = font.outline_glyph(glyph) else {
                    return CharMask { advance, ..CharMask::default() };
                };
                let bounds = outline.px_bounds();
                let (width, height) = (bounds.width() as usize, bounds.height() as usize);
                let mut alpha = vec![0; width * height];
                outline.draw(|x, y, c| {
                    let (x, y) = (x as usize, y as usize);
                    if x < width && y < height {
                        alpha[y * width + x] = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
                    }
                });
                CharMask {
                    mask: Mask { width, height, alpha },
                    left: bounds.min.x as i32,
                    top: bounds.min.y as i32,
                    advance,
                }
            })
            .collect();
        let cap_height = font
            .outline_glyph(font.glyph_id('0').with_scale_and_position(px, ab_glyph::point(0.0, 0.0)))
            .map_or(px * 0.7, |g| g.px_bounds().height());
        Font { chars, cap_height }
    }

    fn char(&self, c: char) -> &CharMask {
        let ascii = usize::from(LAST - FIRST) + 1;
        let latin1 = LATIN1.count();
        let index = match u8::try_from(c) {
            Ok(b) if (FIRST..=LAST).contains(&b) => usize::from(b - FIRST),
            _ if LATIN1.contains(&c) => ascii + (c as usize - *LATIN1.start() as usize),
            _ if c == ELLIPSIS => ascii + latin1,
            _ => usize::from(b'?' - FIRST),
        };
        &self.chars[index]
    }

    /// Width of `s` in pixels.
    pub fn width(&self, s: &str) -> i32 {
        s.chars().map(|c| self.char(c).advance).sum::<f32>().round() as i32
    }

    /// Height of a digit in pixels: what "centred vertically" should centre.
    pub fn cap_height(&self) -> i32 {
        self.cap_height.round() as i32
    }

    /// Lay out `s` so that the top of its digits is at y = 0.
    pub fn layout<'a>(&'a self, s: &'a str) -> impl Iterator<Item = Placed<'a>> + 'a {
        let baseline = self.cap_height;
        let mut pen = 0.0f32;
        s.chars().map(move |c| {
            let ch = self.char(c);
            let placed =
                Placed { x: pen.round() as i32 + ch.left, y: baseline.round() as i32 + ch.top, mask: &ch.mask };
            pen += ch.advance;
            placed
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_have_ink_and_width() {
        let font = Font::new(20.0);
        assert!(font.width("10") > font.width("1"));
        assert!(font.cap_height() > 8 && font.cap_height() < 20);
        let ink = |s| -> u32 { font.layout(s).map(|p| p.mask.alpha.iter().map(|&a| u32::from(a)).sum::<u32>()).sum() };
        assert!(ink("8") > 0);
        // The characters beyond ASCII are their own, not the '?' of unknown ones.
        assert!(ink("×") > 0 && ink("·") > 0);
        assert!(ink("×") != ink("?") && ink("·") != ink("?") && font.width("♘") == font.width("?"));
        for s in ["½", "é", "Ø", "ÿ", "…"] {
            assert!(ink(s) > 0 && ink(s) != ink("?"), "{s}");
        }
    }
}
