//! Animated GIFs of whole games: one frame per position.
//!
//! Frames are composed straight into palette indices (the theme's palette,
//! fitted once to the sprites when the [`Renderer`] was built), so the GIF
//! has one global palette and no frame is quantised. After the first, each
//! frame stores only the rectangle that changed, with unchanged pixels
//! transparent over the frame before (disposal "keep"): a chess move costs a
//! few kilobytes.
//!
//! The `gif` crate writes the file. It is the image crate's own GIF backend;
//! `image::codecs::gif::GifEncoder` itself cannot be used here, because it
//! quantises every frame into a palette of its own, ignores frame offsets and
//! disposes every frame to the background, which rules out delta frames.

use crate::canvas::Indexed;
use crate::compose::validate;
use crate::layout::Layout;
use crate::{BoardView, RenderError, Renderer};

/// How long frames stay up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GifTiming {
    /// Every frame but the last, in milliseconds.
    pub frame_ms: u32,
    /// The final position, so a viewer can take it in before the loop restarts.
    pub last_frame_ms: u32,
}

impl Default for GifTiming {
    /// A second a move (long enough to follow a capture), four on the end.
    fn default() -> GifTiming {
        GifTiming { frame_ms: 1000, last_frame_ms: 4000 }
    }
}

/// GIF delays are in hundredths of a second.
fn centiseconds(ms: u32) -> u16 {
    u16::try_from(ms.div_ceil(10)).unwrap_or(u16::MAX)
}

impl Renderer {
    /// An animated GIF showing `views` in order, looping. Every view is drawn
    /// in the first view's theme; frames of different sizes (a dice panel
    /// that comes and goes) share the largest size.
    ///
    /// ```
    /// use rookery_render::{BoardView, GifTiming, Layer, RenderOptions, Renderer, Shade};
    ///
    /// let renderer = Renderer::new(RenderOptions { cell_px: 24, ..RenderOptions::default() });
    /// let board = BoardView::new(vec![Layer::new("", "abcd", "1234", |f, r| Some(Shade::checker(f, r)))]);
    /// let gif = renderer.render_gif(&[board.clone(), board], GifTiming::default()).unwrap();
    /// assert_eq!(&gif[..6], b"GIF89a");
    /// ```
    pub fn render_gif(&self, views: &[BoardView], timing: GifTiming) -> Result<Vec<u8>, RenderError> {
        let first = views.first().ok_or(RenderError::NoFrames)?;
        let laid_out: Vec<(Layout, Vec<String>)> = views
            .iter()
            .map(|view| {
                validate(view)?;
                let lines = self.dice_label_lines(view);
                Ok((Layout::new(view, self.cell_px(), lines.len()), lines))
            })
            .collect::<Result<_, RenderError>>()?;
        let layouts: Vec<&Layout> = laid_out.iter().map(|(layout, _)| layout).collect();
        let width = layouts.iter().map(|l| l.width).max().unwrap_or(1);
        let height = layouts.iter().map(|l| l.height).max().unwrap_or(1);
        let size = |n: usize| u16::try_from(n).map_err(|_| RenderError::TooLarge);
        let theme = first.theme.index();
        let (sprites, quantiser) = (&self.themes[theme], &self.quantisers[theme]);
        let palette: Vec<u8> = quantiser.palette().concat();

        let mut out = Vec::new();
        let mut encoder = gif::Encoder::new(&mut out, size(width)?, size(height)?, &palette)?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        let mut shown: Option<Vec<u8>> = None;
        for (i, (view, (layout, lines))) in views.iter().zip(&laid_out).enumerate() {
            let mut frame = Indexed::new(width, height, sprites.colours.page, quantiser);
            self.draw(&mut frame, view, layout, lines, sprites);
            let delay = centiseconds(if i + 1 == views.len() { timing.last_frame_ms } else { timing.frame_ms });
            let mut gif_frame = match &shown {
                None => full_frame(width, height, &frame.index),
                Some(before) => delta_frame(width, height, before, &frame.index),
            };
            gif_frame.delay = delay;
            gif_frame.dispose = gif::DisposalMethod::Keep;
            encoder.write_frame(&gif_frame)?;
            shown = Some(frame.index);
        }
        encoder.into_inner()?;
        Ok(out)
    }
}

fn full_frame(width: usize, height: usize, index: &[u8]) -> gif::Frame<'static> {
    gif::Frame { width: width as u16, height: height as u16, buffer: index.to_vec().into(), ..gif::Frame::default() }
}

/// The rectangle of `now` that differs from `before`, pixels that did not
/// change made transparent when some palette entry is free to mean that. An
/// unchanged frame (a pass) is one unchanged pixel, so every position still
/// gets its frame.
fn delta_frame(width: usize, height: usize, before: &[u8], now: &[u8]) -> gif::Frame<'static> {
    let Some((left, top, right, bottom)) = changed_box(width, height, before, now) else {
        return gif::Frame { width: 1, height: 1, buffer: vec![now[0]].into(), ..gif::Frame::default() };
    };
    let (w, h) = (right - left + 1, bottom - top + 1);
    let rows = || {
        (top..=bottom).map(move |y| {
            let span = y * width + left..=y * width + right;
            (&before[span.clone()], &now[span])
        })
    };
    // Entries drawn anew in the box cannot mean "unchanged".
    let mut used = [false; 256];
    for (was, is) in rows().filter(|(was, is)| was != is) {
        for (&was, &is) in was.iter().zip(is) {
            used[usize::from(is)] |= was != is;
        }
    }
    let transparent = used.iter().position(|&u| !u).map(|i| i as u8);
    let mut buffer = Vec::with_capacity(w * h);
    for (was, is) in rows() {
        match transparent {
            Some(clear) if was == is => buffer.resize(buffer.len() + w, clear),
            Some(clear) => buffer.extend(was.iter().zip(is).map(|(&was, &is)| if was == is { clear } else { is })),
            None => buffer.extend_from_slice(is),
        }
    }
    gif::Frame {
        left: left as u16,
        top: top as u16,
        width: w as u16,
        height: h as u16,
        buffer: buffer.into(),
        transparent,
        ..gif::Frame::default()
    }
}

/// Inclusive bounds (left, top, right, bottom) of the pixels that differ.
fn changed_box(width: usize, height: usize, before: &[u8], now: &[u8]) -> Option<(usize, usize, usize, usize)> {
    let rows = |y: &usize| before[y * width..(y + 1) * width] != now[y * width..(y + 1) * width];
    let top = (0..height).find(rows)?;
    let bottom = (0..height).rev().find(rows)?;
    let (mut left, mut right) = (width - 1, 0);
    for y in top..=bottom {
        let (a, b) = (&before[y * width..(y + 1) * width], &now[y * width..(y + 1) * width]);
        if let (Some(first), Some(last)) = (first_difference(a, b), last_difference(a, b)) {
            left = left.min(first);
            right = right.max(last);
        }
    }
    Some((left, top, right, bottom))
}

/// Eight bytes at a time, as words: most of a row is unchanged.
fn words<'a, I: Iterator<Item = &'a [u8]>>(s: I) -> impl Iterator<Item = u64> + use<'a, I> {
    s.map(|c| u64::from_ne_bytes(c.try_into().expect("chunks of eight bytes")))
}

/// Where two rows of the same length first differ.
fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let equal_head = words(a.chunks_exact(8)).zip(words(b.chunks_exact(8))).position(|(p, q)| p != q);
    let from = equal_head.map_or(a.len() / 8 * 8, |word| word * 8);
    (from..a.len()).find(|&i| a[i] != b[i])
}

/// Where two rows of the same length last differ.
fn last_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let equal_tail = words(a.rchunks_exact(8)).zip(words(b.rchunks_exact(8))).position(|(p, q)| p != q);
    let upto = a.len() - equal_tail.map_or(a.len() / 8 * 8, |word| word * 8);
    (0..upto).rev().find(|&i| a[i] != b[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_are_found_at_every_place_of_a_row() {
        for len in [1, 7, 8, 9, 16, 23, 479] {
            let a = vec![3u8; len];
            assert_eq!((first_difference(&a, &a), last_difference(&a, &a)), (None, None));
            for at in 0..len {
                for also in [at, (at + 5) % len, len - 1] {
                    let mut b = a.clone();
                    b[at] = 9;
                    b[also] = 9;
                    let span = (Some(at.min(also)), Some(at.max(also)));
                    assert_eq!((first_difference(&a, &b), last_difference(&a, &b)), span, "{len} {at} {also}");
                }
            }
        }
    }

    #[test]
    fn the_changed_box_is_tight() {
        let before = vec![0u8; 5 * 4];
        let mut now = before.clone();
        assert_eq!(changed_box(5, 4, &before, &now), None);
        now[5 + 3] = 1;
        now[2 * 5 + 1] = 2;
        assert_eq!(changed_box(5, 4, &before, &now), Some((1, 1, 3, 2)));
        let frame = delta_frame(5, 4, &before, &now);
        assert_eq!((frame.left, frame.top, frame.width, frame.height), (1, 1, 3, 2));
        // Index 0 is the unchanged background, but it is drawn nowhere new,
        // so it may stand for "unchanged".
        assert_eq!(frame.transparent, Some(0));
        assert_eq!(&*frame.buffer, &[0, 0, 1, 2, 0, 0]);
    }
}
