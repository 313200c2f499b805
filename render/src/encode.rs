//! PNG encoding, truecolour or with a palette fitted to the sprites.

use color_quant::NeuQuant;

use crate::canvas::{div255, Rgb};
use crate::deflate::{self, Coded, Stream};
use crate::RenderError;

/// How [`crate::Renderer::render_png`] stores pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// 8-bit RGB. Exact colours; larger files.
    Truecolour,
    /// One byte per pixel into a 256-colour palette fitted at start-up to
    /// the theme's sprites, with the theme's flat colours kept exact.
    /// A third of the bytes to compress, so smaller and faster.
    #[default]
    Indexed,
}

/// Bits kept per channel when looking a colour up in the palette table.
const LUT_BITS: u32 = 5;

/// A palette plus a table from every 15-bit colour to its nearest entry,
/// so quantising a pixel costs one lookup.
pub(crate) struct Quantiser {
    palette: Vec<Rgb>,
    lut: Vec<u8>,
    /// Text over a flat background, worked out once: for a text colour and
    /// a background entry, the entry each coverage (0 to 255) gives. Labels
    /// are drawn on every picture, always in the same few colours on the
    /// same flat page, so requests look these up instead of mixing.
    text: Vec<TextTable>,
}

struct TextTable {
    colour: Rgb,
    under: u8,
    by_coverage: [u8; 256],
}

impl Quantiser {
    /// Fit a palette: `exact` colours first (flat areas must not shift), then
    /// the best colours NeuQuant finds in `sample` (RGBA pixels).
    pub fn new(exact: &[Rgb], sample: &[u8]) -> Quantiser {
        let mut palette: Vec<Rgb> = Vec::with_capacity(256);
        for &c in exact {
            if !palette.contains(&c) && palette.len() < 256 {
                palette.push(c);
            }
        }
        let room = 256 - palette.len();
        if room > 0 && sample.len() >= 4 {
            let nq = NeuQuant::new(10, room.max(2), sample);
            for c in nq.color_map_rgb().chunks_exact(3).take(room) {
                palette.push([c[0], c[1], c[2]]);
            }
        }
        let levels = 1usize << LUT_BITS;
        let step = 256 / levels;
        let lut = (0..levels * levels * levels)
            .map(|i| {
                let centre = |shift: u32| ((i >> shift) % levels * step + step / 2) as i32;
                let want = [centre(2 * LUT_BITS), centre(LUT_BITS), centre(0)];
                nearest(&palette, want)
            })
            .collect();
        Quantiser { palette, lut, text: Vec::new() }
    }

    /// Work out text in `colour` over the flat `background` once, for
    /// [`Quantiser::text_over`].
    pub fn add_text_table(&mut self, colour: Rgb, background: Rgb) {
        let under = self.index(&background);
        if self.text_over(colour, under).is_none() {
            let by_coverage = std::array::from_fn(|a| self.mix(colour, a as u8, under));
            self.text.push(TextTable { colour, under, by_coverage });
        }
    }

    /// The entries text in `colour` gives over entry `under`, by coverage,
    /// if worked out at start-up.
    pub fn text_over(&self, colour: Rgb, under: u8) -> Option<&[u8; 256]> {
        self.text.iter().find(|t| t.colour == colour && t.under == under).map(|t| &t.by_coverage)
    }

    /// The entry for `colour` at coverage `a` over the colour of entry `under`.
    pub fn mix(&self, colour: Rgb, a: u8, under: u8) -> u8 {
        let (a, keep) = (u16::from(a), u16::from(255 - a));
        let bg = self.colour(under);
        let mixed: [u8; 3] = std::array::from_fn(|i| div255(u16::from(colour[i]) * a + u16::from(bg[i]) * keep));
        self.index(&mixed)
    }

    /// Palette index for the RGB colour in `c[..3]`.
    pub fn index(&self, c: &[u8]) -> u8 {
        let b = 8 - LUT_BITS;
        let key =
            (usize::from(c[0] >> b) << (2 * LUT_BITS)) | (usize::from(c[1] >> b) << LUT_BITS) | usize::from(c[2] >> b);
        self.lut[key]
    }

    /// The colour of palette entry `i`.
    pub fn colour(&self, i: u8) -> Rgb {
        self.palette.get(usize::from(i)).copied().unwrap_or_default()
    }

    /// The palette, at most 256 colours.
    pub fn palette(&self) -> &[Rgb] {
        &self.palette
    }
}

/// Index of the palette entry nearest to `want` (squared RGB distance,
/// green weighted as the eye does).
fn nearest(palette: &[Rgb], want: [i32; 3]) -> u8 {
    let distance = |c: &Rgb| {
        let d = |i: usize| i32::from(c[i]) - want[i];
        2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2)
    };
    (0..palette.len()).min_by_key(|&i| distance(&palette[i])).map_or(0, |i| i as u8)
}

/// Encode RGB pixels of a `size` image.
pub(crate) fn truecolour(size: (usize, usize), rgb: &[u8]) -> Result<Vec<u8>, RenderError> {
    write(size, png::ColorType::Rgb, None, rgb)
}

/// Encode RGB pixels of a `size` image that is mostly flat colour and text,
/// compressing harder: measured on a 50-row standings table, a third of the
/// bytes of [`truecolour`] (190 KB, not 570 KB) for some ten times the time,
/// which a picture asked for once a round can spend.
pub(crate) fn truecolour_compact(size: (usize, usize), rgb: &[u8]) -> Result<Vec<u8>, RenderError> {
    let (width, height) = (dimension(size.0)?, dimension(size.1)?);
    let mut out = Vec::with_capacity(rgb.len() / 16);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Balanced);
    // Text rows compress as well under Sub as under Paeth, and faster.
    encoder.set_filter(png::Filter::Sub);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(rgb)?;
    writer.finish()?;
    Ok(out)
}

/// Encode palette indices of a `size` image, compressed by
/// [`crate::deflate`]. `previous`, the last picture of the same game, lends
/// the codes of the rows the two share. Returns the file and its stream.
pub(crate) fn indexed(
    size: (usize, usize),
    index: &[u8],
    palette: &[Rgb],
    previous: Option<&Coded>,
) -> Result<(Vec<u8>, Stream), RenderError> {
    if size.0 == 0 || size.0.checked_mul(size.1) != Some(index.len()) {
        return Err(RenderError::PixelCount { width: size.0, height: size.1, found: index.len() });
    }
    let stream = deflate::zlib_scanlines(size.0, index, previous);
    let mut out = Vec::with_capacity(stream.bytes.len() + 3 * palette.len() + 64);
    let mut writer = header(&mut out, size, png::ColorType::Indexed, Some(palette.concat()))?;
    writer.write_chunk(png::chunk::IDAT, &stream.bytes)?;
    writer.finish()?;
    Ok((out, stream))
}

fn write(
    size: (usize, usize),
    colour: png::ColorType,
    palette: Option<Vec<u8>>,
    data: &[u8],
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(data.len() / 8);
    let mut writer = header(&mut out, size, colour, palette)?;
    writer.write_image_data(data)?;
    writer.finish()?;
    Ok(out)
}

fn header(
    out: &mut Vec<u8>,
    (width, height): (usize, usize),
    colour: png::ColorType,
    palette: Option<Vec<u8>>,
) -> Result<png::Writer<&mut Vec<u8>>, RenderError> {
    let (width, height) = (dimension(width)?, dimension(height)?);
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(colour);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    // Measured on an 8x8 board: Paeth is a third smaller than Sub or Up at
    // the same speed.
    encoder.set_filter(png::Filter::Paeth);
    if let Some(palette) = palette {
        encoder.set_palette(palette);
    }
    Ok(encoder.write_header()?)
}

fn dimension(n: usize) -> Result<u32, RenderError> {
    u32::try_from(n).map_err(|_| RenderError::TooLarge)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_colours_survive_quantising() {
        let exact = [[0xee, 0xd8, 0xb2], [0xb5, 0x87, 0x5f], [0x12, 0x34, 0x56]];
        let q = Quantiser::new(&exact, &[10, 200, 30, 255, 250, 250, 250, 255]);
        for c in exact {
            assert_eq!(q.palette[usize::from(q.index(&c))], c);
        }
    }
}
