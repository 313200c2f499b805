//! The small marks of a standings table: the flame of a player on fire, the
//! bolt of a berserked game and the medals of the podium.

use super::pen::{Inks, Pen};
use super::{blank, rgb, Sprite};

/// The flame's outer and inner colours, and its outline.
const FLAME: [u32; 3] = [0xf0_6a_12, 0xff_d2_3c, 0x7a_2a_00];
/// The bolt's body and outline.
const BOLT: [u32; 2] = [0xe0_2a_2a, 0x5a_08_08];
/// Gold, silver and bronze, each with a darker rim.
const MEDALS: [[u32; 2]; 3] = [[0xf2_c2_2e, 0x8a_63_00], [0xc9_ce_d6, 0x5b_61_6b], [0xd0_85_3f, 0x6b_3b_12]];

fn inks(body: u32, outline: u32) -> Inks {
    Inks { body: rgb(body), outline: rgb(outline), detail: rgb(outline) }
}

/// A flame in a `size` square: a player on fire, or a game scored double.
pub(crate) fn flame(size: u32) -> Sprite {
    let mut pixmap = blank(size);
    let mut pen = Pen::new(&mut pixmap, 0.0, 0.0, size as f32, inks(FLAME[0], FLAME[2]));
    pen.body("M 50 4 C 62 22 84 38 82 64 C 80 86 66 96 50 96 C 34 96 18 86 18 64 C 18 48 28 40 33 27 C 38 40 41 46 46 48 C 45 34 43 20 50 4 Z");
    pen.paint(
        "M 50 50 C 58 62 66 70 64 80 C 62 90 57 93 50 93 C 43 93 37 90 36 80 C 35 70 45 62 50 50 Z",
        rgb(FLAME[1]),
    );
    Sprite::from_pixmap(pixmap)
}

/// A lightning bolt in a `size` square: a berserked game.
pub(crate) fn bolt(size: u32) -> Sprite {
    let mut pixmap = blank(size);
    let mut pen = Pen::new(&mut pixmap, 0.0, 0.0, size as f32, inks(BOLT[0], BOLT[1]));
    pen.body("M 60 4 L 20 58 L 45 58 L 36 96 L 80 38 L 55 38 L 68 4 Z");
    Sprite::from_pixmap(pixmap)
}

/// The medals of places 1, 2 and 3 in a `size` square, to carry the rank.
pub(crate) fn medals(size: u32) -> [Sprite; 3] {
    MEDALS.map(|[body, rim]| {
        let mut pixmap = blank(size);
        let mut pen = Pen::new(&mut pixmap, 0.0, 0.0, size as f32, inks(body, rim));
        pen.ball(50.0, 50.0, 45.0);
        Sprite::from_pixmap(pixmap)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ink(sprite: &Sprite) -> usize {
        sprite.rgba.chunks_exact(4).filter(|p| p[3] > 128).count()
    }

    #[test]
    fn marks_fill_part_of_their_square() {
        let size = 40;
        for sprite in [flame(size), bolt(size)].iter().chain(&medals(size)) {
            assert_eq!((sprite.width, sprite.height), (40, 40));
            let covered = ink(sprite);
            assert!(covered > 200 && covered < 1600, "{covered} px of 1600");
        }
    }
}
