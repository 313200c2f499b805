//! A bar chart of how often each face of a die came up (`/dice stats`):
//! a title, a bar per face with its count, the faces along the bottom, a
//! scale up the side and a line at the count a fair die would give.
//!
//! Like a board, it is composed from the fonts rasterised at start-up; only
//! flat rectangles are filled per request.

use crate::canvas::{Canvas, Rgb, Surface};
use crate::encode;
use crate::theme::Colours;
use crate::{RenderError, Renderer, Theme};

/// What a histogram shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Histogram {
    /// Written over the chart: the die and the period (`d6 rolls in this
    /// channel today: 120`).
    pub title: String,
    /// Rolls per face, face 1 first.
    pub counts: Vec<u64>,
}

/// Discord shows an attachment up to about this wide; a chart this wide is
/// read without opening it.
const LEAST_WIDTH: i32 = 640;
const HEIGHT: i32 = 400;
const BAR: Rgb = [0x46, 0x6e, 0xb4];
const FAIR: Rgb = [0xc8, 0x28, 0x28];

impl Renderer {
    /// `histogram` as a PNG, in the light theme.
    pub fn render_histogram(&self, histogram: &Histogram) -> Result<Vec<u8>, RenderError> {
        let canvas = self.draw_histogram(histogram);
        encode::truecolour((canvas.width, canvas.height), &canvas.rgb)
    }

    fn draw_histogram(&self, histogram: &Histogram) -> Canvas {
        let colours = Colours::of(Theme::Light);
        let (title_font, font) = (&self.fonts.title, &self.fonts.counts);
        let faces = histogram.counts.len().max(1) as i32;
        let pad = font.cap_height();
        let fair = histogram.counts.iter().sum::<u64>() as f64 / f64::from(faces);
        let most = histogram.counts.iter().copied().max().unwrap_or(0) as f64;
        let step = tick_step(most.max(fair));
        let ticks = ((most.max(fair) / step as f64).ceil() as u64).max(1);
        let scale_top = ticks * step;

        let scale_width = font.width(&scale_top.to_string()) + pad;
        let left = pad + scale_width + pad / 2;
        // The fair count is written right of the bars, never over them.
        let fair_label = format!("fair {fair:.1}");
        let right = font.width(&fair_label) + 2 * pad;
        let width = LEAST_WIDTH.max(left + faces * 6 + right);
        let (top, bottom) = (3 * pad + title_font.cap_height(), HEIGHT - 4 * pad);
        let plot = (width - left - right, bottom - top);
        let mut canvas = Canvas::new(width as usize, HEIGHT as usize, colours.page);
        let x_text = (width - title_font.width(&histogram.title)) / 2;
        canvas.text(title_font, x_text.max(pad), pad, &histogram.title, colours.title);

        let y_of = |n: f64| bottom - (n / scale_top as f64 * f64::from(plot.1)).round() as i32;
        for tick in 0..=ticks {
            let y = y_of((tick * step) as f64);
            canvas.fill(left, y, plot.0 as usize, 1, colours.tray);
            let label = (tick * step).to_string();
            canvas.text(font, left - pad / 2 - font.width(&label), y - font.cap_height() / 2, &label, colours.text);
        }
        let pitch = f64::from(plot.0) / f64::from(faces);
        let every = label_every(pitch, font.width(&faces.to_string()) + pad / 2);
        for (i, &count) in histogram.counts.iter().enumerate() {
            let x0 = left + (i as f64 * pitch + pitch * 0.15).round() as i32;
            let bar = ((pitch * 0.7).round() as i32).max(1);
            let y = y_of(count as f64);
            canvas.fill(x0, y, bar as usize, (bottom - y) as usize, BAR);
            let centre = x0 + bar / 2;
            let label = count.to_string();
            if font.width(&label) <= pitch as i32 {
                canvas.text_centred(font, centre, y - pad, &label, colours.title);
            }
            let face = i + 1;
            if face == 1 || face % every == 0 {
                canvas.text_centred(font, centre, bottom + pad, &face.to_string(), colours.text);
            }
        }
        canvas.fill(left, bottom, plot.0 as usize, 2, colours.text);
        let y = y_of(fair);
        canvas.fill(left, y - 1, plot.0 as usize, 2, FAIR);
        canvas.text(font, left + plot.0 + pad, y - font.cap_height() / 2, &fair_label, FAIR);
        canvas.text_centred(font, left + plot.0 / 2, HEIGHT - pad * 3 / 2, "face", colours.text);
        canvas
    }
}

/// A step of 1, 2 or 5 times a power of ten that splits `0..=most` into at
/// most five parts.
fn tick_step(most: f64) -> u64 {
    let mut power = 1u64;
    loop {
        for step in [power, 2 * power, 5 * power] {
            if most / step as f64 <= 5.0 {
                return step;
            }
        }
        power *= 10;
    }
}

/// Label every face, or every 2nd, 5th, 10th... when the faces are closer
/// together than a label is wide.
fn label_every(pitch: f64, label: i32) -> usize {
    [1, 2, 5, 10, 20, 50].into_iter().find(|&n| pitch * n as f64 >= f64::from(label)).unwrap_or(100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RenderOptions;

    #[test]
    fn scales_step_by_one_two_or_five() {
        assert_eq!(
            [0.0, 4.0, 5.0, 6.0, 10.0, 11.0, 30.0, 240.0, 999.0].map(tick_step),
            [1, 1, 1, 2, 2, 5, 10, 50, 200]
        );
        assert_eq!(label_every(30.0, 20), 1);
        assert_eq!(label_every(6.0, 20), 5);
    }

    #[test]
    fn a_histogram_is_wide_enough_to_read_and_draws_every_bar_to_its_count() {
        let renderer = Renderer::new(RenderOptions::default());
        let counts = vec![20, 10, 0, 30, 20, 20];
        let chart = renderer.draw_histogram(&Histogram { title: "d6 rolls".into(), counts: counts.clone() });
        if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
            let png = encode::truecolour((chart.width, chart.height), &chart.rgb).unwrap();
            std::fs::write(std::path::Path::new(&dir).join("histogram-d6.png"), png).unwrap();
        }
        assert!(chart.width >= LEAST_WIDTH as usize, "{} px", chart.width);
        // The lowest row with bar colour crosses every bar with a count:
        // each bar's height, measured down its middle, follows its count.
        let is_bar = |x: usize, y: usize| chart.pixel(x, y) == BAR;
        let base = (0..chart.height).rev().find(|&y| (0..chart.width).any(|x| is_bar(x, y))).unwrap();
        let mut middles = Vec::new();
        let mut run: Option<usize> = None;
        for x in 0..=chart.width {
            match (run, x < chart.width && is_bar(x, base)) {
                (None, true) => run = Some(x),
                (Some(start), false) => {
                    middles.push((start + x) / 2);
                    run = None;
                }
                _ => {}
            }
        }
        let heights: Vec<usize> =
            middles.iter().map(|&x| (0..chart.height).filter(|&y| is_bar(x, y)).count()).collect();
        assert_eq!(heights.len(), 5, "a bar for every face with a count: {heights:?}");
        let unit = heights[1] as f64 / 10.0;
        for (height, count) in heights.iter().zip([20, 10, 30, 20, 20]) {
            assert!((*height as f64 - unit * f64::from(count)).abs() <= 1.5, "{heights:?}");
        }
        let png = renderer.render_histogram(&Histogram { title: "d6".into(), counts }).unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }
}
