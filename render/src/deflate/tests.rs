use std::io::Read;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::*;

/// Inflated by an independent decoder.
fn inflate(z: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::ZlibDecoder::new(z).read_to_end(&mut out).expect("a valid zlib stream");
    out
}

fn scanlines(width: usize, index: &[u8]) -> Vec<u8> {
    index.chunks(width).flat_map(|row| std::iter::once(0).chain(row.iter().copied())).collect()
}

fn coded(width: usize, index: Vec<u8>, previous: Option<&Coded>) -> Coded {
    let stream = zlib_scanlines(width, &index, previous);
    Coded { width, index, stream }
}

/// A picture-like image: flat bands, a few sprites, a little noise.
fn board(width: usize, height: usize, seed: u64) -> Vec<u8> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut index: Vec<u8> = (0..width * height).map(|i| (((i % width) / 8 + (i / width) / 8) % 2) as u8).collect();
    for _ in 0..6 {
        let (x, y) = (rng.random_range(0..width), rng.random_range(0..height));
        let colour = rng.random_range(2..202u8);
        for dy in 0..5.min(height - y) {
            for dx in 0..6.min(width - x) {
                index[(y + dy) * width + x + dx] = if rng.random_ratio(1, 5) { colour + 1 } else { colour };
            }
        }
    }
    index
}

#[test]
fn distance_codes_follow_the_rfc_table() {
    // (distance, symbol, extra bits, their value), from RFC 1951 3.2.5.
    for (d, symbol, extra_len, extra) in
        [(1, 0, 0, 0), (4, 3, 0, 0), (5, 4, 1, 0), (6, 4, 1, 1), (7, 5, 1, 0), (480, 17, 7, 95), (32_768, 29, 13, 8191)]
    {
        let code = distance(d);
        assert_eq!(code.len, 5 + extra_len, "distance {d}");
        assert_eq!(code.bits & 31, reverse(symbol, 5), "distance {d}");
        assert_eq!(code.bits >> 5, extra, "distance {d}");
    }
}

#[test]
fn flat_striped_noisy_and_very_wide_images_inflate_to_their_scanlines() {
    let cases: Vec<(usize, Vec<u8>)> = vec![
        (1, vec![7]),
        (1, vec![0, 0, 0, 5, 5, 5, 5]),
        (2, vec![0, 0, 0, 0, 9, 9]),
        (5, vec![3; 5 * 9]),
        (64, board(64, 64, 7)),
        (65, board(65, 40, 8)),
        (479, board(479, 486, 9)),
        (97, (0..97 * 31).map(|i| (i * 7919 % 251) as u8).collect()),
        // Rows longer than deflate's window: no matches with the row above.
        (33_000, board(33_000, 3, 10)),
    ];
    for (width, index) in cases {
        let stream = zlib_scanlines(width, &index, None);
        assert_eq!(inflate(&stream.bytes), scanlines(width, &index), "width {width}");
    }
}

#[test]
fn every_match_length_is_coded_right() {
    for len in MIN_MATCH..=MAX_MATCH + 3 {
        let index: Vec<u8> = std::iter::once(9).chain(std::iter::repeat_n(4, len)).chain([9]).collect();
        let stream = zlib_scanlines(index.len(), &index, None);
        assert_eq!(inflate(&stream.bytes), scanlines(index.len(), &index), "a run of {len}");
    }
}

#[test]
fn a_picture_after_another_is_coded_exactly_as_if_alone() {
    let (width, height) = (479, 486);
    let first = coded(width, board(width, height, 1), None);
    let mut index = first.index.clone();
    // A move: two squares' worth of rows change, the rest stay.
    for y in 100..160 {
        index[y * width + 30..y * width + 90].fill(200);
    }
    for y in 300..310 {
        index[y * width + 400] = 201;
    }
    let alone = zlib_scanlines(width, &index, None);
    let after = zlib_scanlines(width, &index, Some(&first));
    assert_eq!(after.bytes, alone.bytes);
    assert_eq!(inflate(&after.bytes), scanlines(width, &index));
}

#[test]
fn a_previous_picture_of_another_shape_lends_nothing() {
    let first = coded(64, board(64, 64, 3), None);
    let index = board(32, 128, 3);
    let after = zlib_scanlines(32, &index, Some(&first));
    assert_eq!(after.bytes, zlib_scanlines(32, &index, None).bytes);
    let taller = board(64, 80, 3);
    assert_eq!(inflate(&zlib_scanlines(64, &taller, Some(&first)).bytes), scanlines(64, &taller));
}

proptest! {
    #[test]
    fn any_image_after_any_other_round_trips(
        width in 1usize..80,
        rows in 1usize..40,
        colours in 1u8..6,
        seed in any::<u64>(),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..30),
    ) {
        let before: Vec<u8> = board(width, rows, seed).into_iter().map(|b| b % colours).collect();
        let mut after = before.clone();
        for (at, value) in edits {
            let len = after.len();
            after[at % len] = value % colours;
        }
        let first = coded(width, before, None);
        let stream = zlib_scanlines(width, &after, Some(&first));
        prop_assert_eq!(inflate(&stream.bytes), scanlines(width, &after));
        prop_assert_eq!(stream.bytes, zlib_scanlines(width, &after, None).bytes);
    }
}
