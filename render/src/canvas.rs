//! The frames a request composes into, and the pixel operations on them.
//!
//! A frame is either RGB ([`Canvas`]) or palette indices ([`Indexed`]).
//! Composing straight into indices means an indexed PNG needs no quantising
//! pass: tiles are quantised once at start-up and copied as bytes, and only
//! the few blended pixels are looked up per request.
//!
//! Every operation clips to the frame, so layout code may place things
//! partly outside without checks.

use crate::encode::Quantiser;
use crate::sprites::Sprite;
use crate::text::{Font, Mask};

/// An RGB colour.
pub(crate) type Rgb = [u8; 3];

/// Drawing operations shared by both kinds of frame.
pub(crate) trait Surface {
    /// Fill a rectangle with a solid colour.
    fn fill(&mut self, x: i32, y: i32, w: usize, h: usize, colour: Rgb);
    /// Copy an opaque tile: one `memcpy` per row.
    fn copy(&mut self, x: i32, y: i32, tile: &Canvas);
    /// Blend a premultiplied sprite over the frame.
    fn blend(&mut self, x: i32, y: i32, sprite: &Sprite);
    /// Paint `colour` through a coverage mask.
    fn blend_mask(&mut self, x: i32, y: i32, mask: &Mask, colour: Rgb);

    /// Draw `s` with its top-left corner (top of the digits) at (`x`, `y`).
    fn text(&mut self, font: &Font, x: i32, y: i32, s: &str, colour: Rgb) {
        for p in font.layout(s) {
            self.blend_mask(x + p.x, y + p.y, p.mask, colour);
        }
    }

    /// Draw `s` centred on (`cx`, `cy`).
    fn text_centred(&mut self, font: &Font, cx: i32, cy: i32, s: &str, colour: Rgb) {
        let x = cx - font.width(s) / 2;
        let y = cy - font.cap_height() / 2;
        self.text(font, x, y, s, colour);
    }
}

/// An opaque RGB image: a frame, or a pre-blended cell tile.
#[derive(Debug, Clone)]
pub(crate) struct Canvas {
    pub width: usize,
    pub height: usize,
    /// Row-major RGB.
    pub rgb: Vec<u8>,
    /// The same pixels as palette indices, for tiles of the indexed
    /// encoding; empty until [`Canvas::quantise`].
    pub index: Vec<u8>,
}

impl Canvas {
    /// A `width`×`height` canvas filled with `colour`.
    pub fn new(width: usize, height: usize, colour: Rgb) -> Canvas {
        Canvas { width, height, rgb: colour.repeat(width * height), index: Vec::new() }
    }

    /// Fill the index plane from the RGB pixels.
    pub fn quantise(&mut self, quantiser: &Quantiser) {
        self.index = self.rgb.chunks_exact(3).map(|c| quantiser.index(c)).collect();
    }

    /// `sprite` flattened onto a solid `background`: the pre-blended tiles a
    /// request copies instead of blending.
    pub fn flatten(sprite: &Sprite, background: Rgb) -> Canvas {
        let mut tile = Canvas::new(sprite.width, sprite.height, background);
        tile.blend(0, 0, sprite);
        tile
    }

    /// The colour at (`x`, `y`).
    #[cfg(test)]
    pub fn pixel(&self, x: usize, y: usize) -> Rgb {
        let i = (y * self.width + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

impl Surface for Canvas {
    fn fill(&mut self, x: i32, y: i32, w: usize, h: usize, colour: Rgb) {
        let Some(c) = clip((self.width, self.height), x, y, w, h) else {
            return;
        };
        for row in c.dy..c.dy + c.h {
            let start = (row * self.width + c.dx) * 3;
            for px in self.rgb[start..start + c.w * 3].chunks_exact_mut(3) {
                px.copy_from_slice(&colour);
            }
        }
    }

    fn copy(&mut self, x: i32, y: i32, tile: &Canvas) {
        let Some(c) = clip((self.width, self.height), x, y, tile.width, tile.height) else {
            return;
        };
        for row in 0..c.h {
            let src = ((c.sy + row) * tile.width + c.sx) * 3;
            let dst = ((c.dy + row) * self.width + c.dx) * 3;
            self.rgb[dst..dst + c.w * 3].copy_from_slice(&tile.rgb[src..src + c.w * 3]);
        }
    }

    fn blend(&mut self, x: i32, y: i32, sprite: &Sprite) {
        let Some(c) = clip((self.width, self.height), x, y, sprite.width, sprite.height) else {
            return;
        };
        for row in 0..c.h {
            let src = ((c.sy + row) * sprite.width + c.sx) * 4;
            let dst = ((c.dy + row) * self.width + c.dx) * 3;
            let src = sprite.rgba[src..src + c.w * 4].chunks_exact(4);
            let dst = self.rgb[dst..dst + c.w * 3].chunks_exact_mut(3);
            for (s, d) in src.zip(dst) {
                match s[3] {
                    0 => {}
                    255 => d.copy_from_slice(&s[..3]),
                    a => {
                        let keep = u16::from(255 - a);
                        for i in 0..3 {
                            d[i] = s[i] + div255(u16::from(d[i]) * keep);
                        }
                    }
                }
            }
        }
    }

    fn blend_mask(&mut self, x: i32, y: i32, mask: &Mask, colour: Rgb) {
        let Some(c) = clip((self.width, self.height), x, y, mask.width, mask.height) else {
            return;
        };
        for row in 0..c.h {
            let src = (c.sy + row) * mask.width + c.sx;
            let dst = ((c.dy + row) * self.width + c.dx) * 3;
            let src = mask.alpha[src..src + c.w].iter();
            let dst = self.rgb[dst..dst + c.w * 3].chunks_exact_mut(3);
            for (&a, d) in src.zip(dst) {
                if a != 0 {
                    let (a, keep) = (u16::from(a), u16::from(255 - a));
                    for i in 0..3 {
                        d[i] = div255(u16::from(colour[i]) * a + u16::from(d[i]) * keep);
                    }
                }
            }
        }
    }
}

/// A frame of palette indices for the indexed encoding.
///
/// Blending reads the background back through the palette, so a blended
/// pixel is quantised once, where it is drawn.
pub(crate) struct Indexed<'q> {
    pub width: usize,
    pub height: usize,
    pub index: Vec<u8>,
    quantiser: &'q Quantiser,
}

impl<'q> Indexed<'q> {
    /// A `width`×`height` frame filled with `colour`.
    pub fn new(width: usize, height: usize, colour: Rgb, quantiser: &'q Quantiser) -> Indexed<'q> {
        Indexed { width, height, index: vec![quantiser.index(&colour); width * height], quantiser }
    }
}

impl Surface for Indexed<'_> {
    fn fill(&mut self, x: i32, y: i32, w: usize, h: usize, colour: Rgb) {
        let Some(c) = clip((self.width, self.height), x, y, w, h) else {
            return;
        };
        let i = self.quantiser.index(&colour);
        for row in c.dy..c.dy + c.h {
            let start = row * self.width + c.dx;
            self.index[start..start + c.w].fill(i);
        }
    }

    fn copy(&mut self, x: i32, y: i32, tile: &Canvas) {
        let Some(c) = clip((self.width, self.height), x, y, tile.width, tile.height) else {
            return;
        };
        for row in 0..c.h {
            let src = (c.sy + row) * tile.width + c.sx;
            let dst = (c.dy + row) * self.width + c.dx;
            self.index[dst..dst + c.w].copy_from_slice(&tile.index[src..src + c.w]);
        }
    }

    fn blend(&mut self, x: i32, y: i32, sprite: &Sprite) {
        let Some(c) = clip((self.width, self.height), x, y, sprite.width, sprite.height) else {
            return;
        };
        let q = self.quantiser;
        for row in 0..c.h {
            let src = ((c.sy + row) * sprite.width + c.sx) * 4;
            let dst = (c.dy + row) * self.width + c.dx;
            let src = sprite.rgba[src..src + c.w * 4].chunks_exact(4);
            for (s, d) in src.zip(&mut self.index[dst..dst + c.w]) {
                match s[3] {
                    0 => {}
                    255 => *d = q.index(s),
                    a => {
                        let keep = u16::from(255 - a);
                        let bg = q.colour(*d);
                        let mixed: [u8; 3] = std::array::from_fn(|i| s[i] + div255(u16::from(bg[i]) * keep));
                        *d = q.index(&mixed);
                    }
                }
            }
        }
    }

    fn blend_mask(&mut self, x: i32, y: i32, mask: &Mask, colour: Rgb) {
        let Some(c) = clip((self.width, self.height), x, y, mask.width, mask.height) else {
            return;
        };
        let q = self.quantiser;
        // Labels sit on a flat colour; the mixes over it were worked out once.
        let flat = self.index.get(c.dy * self.width + c.dx).copied().unwrap_or_default();
        let over_flat = q.text_over(colour, flat);
        // Elsewhere (an arrow over squares and pieces) few pairs of coverage
        // and entry recur: the mixes made in this call, by a hash of the pair,
        // each slot holding `coverage << 16 | under << 8 | result` (0: empty,
        // as coverage 0 is never mixed).
        let mut made = [0u32; 256];
        for row in 0..c.h {
            let src = (c.sy + row) * mask.width + c.sx;
            let dst = (c.dy + row) * self.width + c.dx;
            let src = mask.alpha[src..src + c.w].iter();
            for (&a, d) in src.zip(&mut self.index[dst..dst + c.w]) {
                if a == 0 {
                    continue;
                }
                *d = match over_flat {
                    Some(table) if *d == flat => table[usize::from(a)],
                    _ => {
                        let pair = (u32::from(a) << 16) | (u32::from(*d) << 8);
                        let slot = &mut made[usize::from(a.wrapping_mul(31) ^ *d)];
                        if *slot & !0xff == pair {
                            *slot as u8
                        } else {
                            let mixed = q.mix(colour, a, *d);
                            *slot = pair | u32::from(mixed);
                            mixed
                        }
                    }
                };
            }
        }
    }
}

/// The visible part of a clipped rectangle.
struct Clip {
    sx: usize,
    sy: usize,
    dx: usize,
    dy: usize,
    w: usize,
    h: usize,
}

/// Clip a `w`×`h` rectangle at (`x`, `y`) to a frame of `size`: returns the
/// visible source offset, destination origin and size.
fn clip(size: (usize, usize), x: i32, y: i32, w: usize, h: usize) -> Option<Clip> {
    let (x0, y0) = (x.max(0) as usize, y.max(0) as usize);
    let x1 = (x + w as i32).clamp(0, size.0 as i32) as usize;
    let y1 = (y + h as i32).clamp(0, size.1 as i32) as usize;
    (x1 > x0 && y1 > y0).then(|| Clip {
        sx: (x0 as i32 - x) as usize,
        sy: (y0 as i32 - y) as usize,
        dx: x0,
        dy: y0,
        w: x1 - x0,
        h: y1 - y0,
    })
}

/// `v / 255`, rounded, for `v <= 255 * 255`.
pub(crate) fn div255(v: u16) -> u8 {
    let v = u32::from(v) + 128;
    ((v + (v >> 8)) >> 8) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn div255_is_exact_rounding() {
        for v in 0..=255u16 * 255 {
            assert_eq!(u32::from(div255(v)), (u32::from(v) + 127) / 255, "{v}");
        }
    }

    #[test]
    fn masks_blend_alike_over_flat_colour_and_elsewhere() {
        let exact = [[250, 250, 250], [20, 20, 20], [200, 40, 40]];
        let sample: Vec<u8> = (0..=255u8).flat_map(|v| [v, v / 2, 255 - v, 255]).collect();
        let mut q = Quantiser::new(&exact, &sample);
        q.add_text_table(exact[1], exact[0]);
        let mut frame = Indexed::new(8, 4, exact[0], &q);
        frame.fill(4, 0, 4, 4, exact[2]);
        let before = frame.index.clone();
        let alpha: Vec<u8> = (0..32).map(|i| [0, 255, 128, 37][i % 4]).collect();
        let mask = Mask { width: 8, height: 4, alpha };
        frame.blend_mask(0, 0, &mask, exact[1]);
        for (i, (&a, &under)) in mask.alpha.iter().zip(&before).enumerate() {
            let bg = q.colour(under);
            let want: [u8; 3] = std::array::from_fn(|c| {
                div255(u16::from(exact[1][c]) * u16::from(a) + u16::from(bg[c]) * u16::from(255 - a))
            });
            let want = if a == 0 { under } else { q.index(&want) };
            assert_eq!(frame.index[i], want, "pixel {i}, coverage {a}");
        }
        // Again, with no table for this colour: every pixel mixes (and the
        // mixes made are reused within the call).
        let before = frame.index.clone();
        frame.blend_mask(0, 0, &mask, exact[2]);
        for (i, (&a, &under)) in mask.alpha.iter().zip(&before).enumerate() {
            let want = if a == 0 { under } else { q.mix(exact[2], a, under) };
            assert_eq!(frame.index[i], want, "pixel {i}, coverage {a}, second colour");
        }
    }

    #[test]
    fn operations_clip() {
        let mut c = Canvas::new(4, 4, [0; 3]);
        let tile = Canvas::new(3, 3, [7; 3]);
        c.fill(-2, -2, 3, 3, [9; 3]);
        assert_eq!(c.pixel(0, 0), [9; 3]);
        assert_eq!(c.pixel(1, 1), [0; 3]);
        c.copy(3, 3, &tile);
        assert_eq!(c.pixel(3, 3), [7; 3]);
    }
}
