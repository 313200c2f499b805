//! Drawing piece artwork with tiny-skia in a 100×100 design space.
//!
//! Artwork is written as short SVG-like path strings (absolute `M L Q C Z`
//! only), so a piece reads like a drawing and scales to any cell size.

use tiny_skia::{Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Stroke, Transform};

/// The three inks of a piece: body fill, outline, and inner detail lines.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Inks {
    pub body: Color,
    pub outline: Color,
    pub detail: Color,
}

/// A pixmap plus the transform from design units to pixels.
pub(crate) struct Pen<'a> {
    pixmap: &'a mut Pixmap,
    transform: Transform,
    inks: Inks,
}

/// Outline width in design units; about 2 px on a 64 px cell.
const OUTLINE: f32 = 3.2;

impl<'a> Pen<'a> {
    /// A pen drawing the 100-unit design square onto `size`×`size` pixels
    /// with the top-left corner at (`x`, `y`).
    pub fn new(pixmap: &'a mut Pixmap, x: f32, y: f32, size: f32, inks: Inks) -> Pen<'a> {
        let s = size / 100.0;
        Pen { pixmap, transform: Transform::from_row(s, 0.0, 0.0, s, x, y), inks }
    }

    /// Fill `d` with the body ink and outline it.
    pub fn body(&mut self, d: &str) {
        let path = parse(d);
        self.fill_path(&path, self.inks.body);
        self.stroke_path(&path, self.inks.outline, OUTLINE);
    }

    /// Fill `d` with the outline ink: eyes, gems, solid dark parts.
    pub fn solid(&mut self, d: &str) {
        self.fill_path(&parse(d), self.inks.outline);
    }

    /// Stroke `d` with the detail ink: folds, bands, markings inside the body.
    pub fn detail(&mut self, d: &str) {
        self.stroke_path(&parse(d), self.inks.detail, OUTLINE * 0.8);
    }

    /// A body-coloured, outlined circle.
    pub fn ball(&mut self, cx: f32, cy: f32, r: f32) {
        if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
            self.fill_path(&path, self.inks.body);
            self.stroke_path(&path, self.inks.outline, OUTLINE);
        }
    }

    /// A solid dot in the outline ink.
    pub fn dot(&mut self, cx: f32, cy: f32, r: f32) {
        if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
            self.fill_path(&path, self.inks.outline);
        }
    }

    /// A dot in the detail ink, which contrasts with the body.
    pub fn spot(&mut self, cx: f32, cy: f32, r: f32) {
        if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
            self.fill_path(&path, self.inks.detail);
        }
    }

    /// Fill `d` with an explicit colour, for emblems that keep their colour
    /// whatever the side (a king's E/F badge, a knighted star).
    pub fn paint(&mut self, d: &str, colour: Color) {
        let path = parse(d);
        self.fill_path(&path, colour);
        self.stroke_path(&path, self.inks.outline, OUTLINE * 0.7);
    }

    /// Stroke `d` with the outline ink at `width` design units, then the body
    /// ink inside it: a thick outlined tube (a serpent, a staff).
    pub fn tube(&mut self, d: &str, width: f32) {
        let path = parse(d);
        self.stroke_path(&path, self.inks.outline, width + 2.0 * OUTLINE);
        self.stroke_path(&path, self.inks.body, width);
    }

    /// Stroke `d` in an explicit colour, for letters on badges.
    pub fn ink(&mut self, d: &str, colour: Color, width: f32) {
        self.stroke_path(&parse(d), colour, width);
    }

    /// Mirror all later drawing left to right, so one drawing can face
    /// either way.
    pub fn mirror(&mut self) {
        self.transform = self.transform.pre_concat(Transform::from_row(-1.0, 0.0, 0.0, 1.0, 100.0, 0.0));
    }

    fn fill_path(&mut self, path: &Path, colour: Color) {
        let paint = paint(colour);
        self.pixmap.fill_path(path, &paint, FillRule::Winding, self.transform, None);
    }

    fn stroke_path(&mut self, path: &Path, colour: Color, width: f32) {
        let stroke = Stroke { width, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() };
        self.pixmap.stroke_path(path, &paint(colour), &stroke, self.transform, None);
    }
}

fn paint(colour: Color) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(colour);
    paint.anti_alias = true;
    paint
}

/// Parse the path mini-language: `M x y`, `L x y`, `Q x1 y1 x y`,
/// `C x1 y1 x2 y2 x y`, `Z`, absolute coordinates, separated by spaces or
/// commas. A command letter may be omitted to repeat the previous one.
///
/// The artwork is constant data covered by the tests that draw every glyph,
/// so a malformed string is a programming error and panics.
pub(crate) fn parse(d: &str) -> Path {
    let mut pb = PathBuilder::new();
    let mut tokens = d.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).peekable();
    let mut command = 'M';
    let num = |tokens: &mut dyn Iterator<Item = &str>| -> f32 {
        let t = tokens.next().unwrap_or_else(|| panic!("path ends early: {d}"));
        t.parse().unwrap_or_else(|_| panic!("bad number {t:?} in path {d}"))
    };
    while let Some(&t) = tokens.peek() {
        if let Some(c) = t.chars().next().filter(char::is_ascii_alphabetic) {
            command = c;
            tokens.next();
        }
        match command {
            'M' => {
                let (x, y) = (num(&mut tokens), num(&mut tokens));
                pb.move_to(x, y);
                command = 'L';
            }
            'L' => {
                let (x, y) = (num(&mut tokens), num(&mut tokens));
                pb.line_to(x, y);
            }
            'Q' => {
                let (x1, y1) = (num(&mut tokens), num(&mut tokens));
                let (x, y) = (num(&mut tokens), num(&mut tokens));
                pb.quad_to(x1, y1, x, y);
            }
            'C' => {
                let (x1, y1) = (num(&mut tokens), num(&mut tokens));
                let (x2, y2) = (num(&mut tokens), num(&mut tokens));
                let (x, y) = (num(&mut tokens), num(&mut tokens));
                pb.cubic_to(x1, y1, x2, y2, x, y);
            }
            'Z' => {
                pb.close();
                command = 'M';
            }
            other => panic!("unknown path command {other:?} in {d}"),
        }
    }
    pb.finish().unwrap_or_else(|| panic!("empty or degenerate path: {d}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_command() {
        let p = parse("M 0 0 L 10 0 Q 10 10 0 10 C 0 5, 2 2, 0 0 Z M 20 20 30 20 30 30 Z");
        let b = p.bounds();
        assert_eq!((b.left(), b.top(), b.right(), b.bottom()), (0.0, 0.0, 30.0, 30.0));
    }
}
