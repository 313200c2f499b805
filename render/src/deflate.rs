//! The zlib stream of a palette picture's scanlines, made for board
//! pictures, and able to reuse the codes of rows the last picture shared.
//!
//! A board picture is flat squares, panels and sprites: nearly every byte
//! repeats the byte to its left or the byte above it. So instead of a
//! general compressor this one looks for exactly those two matches (distance
//! 1 and distance one scanline) and codes with deflate's fixed Huffman table
//! (RFC 1951, 3.2.6): no search and no table to send. Matches never cross a
//! scanline's end and look back at most one scanline, so a row's codes
//! depend only on the row and the one above it: when the previous picture of
//! the same game had both rows too (the ranks no move touched), its codes
//! are copied instead of worked out again. Against the `png` crate's
//! fastest setting (fdeflate) the file is a third smaller and a move's
//! picture a little cheaper: figures in docs/reliability.md ("The move
//! path").

use wide::u8x64;

/// Deflate allows matches of 3 to 258 bytes, at most 32,768 bytes back.
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
const MAX_DISTANCE: usize = 32_768;

/// A code as written into the stream: its bits (Huffman codes already
/// reversed, since deflate sends them most significant bit first) and their
/// count, at most 32.
#[derive(Clone, Copy)]
struct Code {
    bits: u32,
    len: u32,
}

impl Code {
    /// `self`, then `next`, as one code (together at most 32 bits).
    fn then(self, next: Code) -> Code {
        Code { bits: self.bits | (next.bits << self.len), len: self.len + next.len }
    }
}

const END_OF_BLOCK: Code = Code { bits: 0, len: 7 };

/// The fixed table's codes for the 256 bytes, and for each match length
/// its length symbol with its extra bits.
struct Table {
    literal: [Code; 256],
    length: [Code; MAX_MATCH + 1],
}

static TABLE: Table = Table::fixed();

impl Table {
    const fn fixed() -> Table {
        let mut literal = [Code { bits: 0, len: 0 }; 256];
        let mut byte = 0;
        while byte < 256 {
            literal[byte] = symbol(byte as u32);
            byte += 1;
        }
        // Symbols 257..=284 start at these lengths and carry these many
        // extra bits; 285 is exactly 258, with none.
        const BASE: [u32; 28] = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
            227,
        ];
        const EXTRA: [u32; 28] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5];
        let mut length = [Code { bits: 0, len: 0 }; MAX_MATCH + 1];
        let mut n = MIN_MATCH;
        while n <= MAX_MATCH {
            length[n] = if n == MAX_MATCH {
                symbol(285)
            } else {
                let mut i = 27;
                while BASE[i] > n as u32 {
                    i -= 1;
                }
                let code = symbol(257 + i as u32);
                Code { bits: code.bits | ((n as u32 - BASE[i]) << code.len), len: code.len + EXTRA[i] }
            };
            n += 1;
        }
        Table { literal, length }
    }
}

/// The fixed Huffman code of a literal/length symbol.
const fn symbol(s: u32) -> Code {
    let (code, len) = match s {
        0..=143 => (0x30 + s, 8),
        144..=255 => (0x190 + s - 144, 9),
        256..=279 => (s - 256, 7),
        _ => (0xc0 + s - 280, 8),
    };
    Code { bits: reverse(code, len), len }
}

const fn reverse(code: u32, len: u32) -> u32 {
    code.reverse_bits() >> (32 - len)
}

/// The code for distance `d` (1 to 32,768): a five-bit symbol, then extra
/// bits.
fn distance(d: usize) -> Code {
    debug_assert!((1..=MAX_DISTANCE).contains(&d));
    let d = d as u32 - 1;
    let (symbol, extra_len, extra) = if d < 4 {
        (d, 0, 0)
    } else {
        // Two symbols per power of two: the top bit picks the pair, the
        // next bit the member, the bits below are the extra bits.
        let top = 31 - d.leading_zeros();
        let extra_len = top - 1;
        (2 * top + ((d >> extra_len) & 1), extra_len, d & ((1 << extra_len) - 1))
    };
    Code { bits: reverse(symbol, 5) | (extra << 5), len: 5 + extra_len }
}

/// Bits out, least significant first, as deflate packs them.
struct Bits {
    out: Vec<u8>,
    pending: u64,
    count: u32,
}

impl Bits {
    #[inline]
    fn put(&mut self, code: Code) {
        self.pending |= u64::from(code.bits) << self.count;
        self.count += code.len;
        if self.count >= 32 {
            self.out.extend_from_slice(&(self.pending as u32).to_le_bytes());
            self.pending >>= 32;
            self.count -= 32;
        }
    }

    /// How many bits have been put so far.
    fn position(&self) -> usize {
        8 * self.out.len() + self.count as usize
    }

    /// Puts again the bits `range` of an earlier stream.
    fn copy(&mut self, stream: &[u8], range: std::ops::Range<usize>) {
        let mut at = range.start;
        while at < range.end {
            let take = (range.end - at).min(32);
            let byte = at / 8;
            let mut window = [0u8; 8];
            let available = stream.len().saturating_sub(byte).min(8);
            window[..available].copy_from_slice(&stream[byte..byte + available]);
            let bits = (u64::from_le_bytes(window) >> (at % 8)) & ((1u64 << take) - 1);
            self.put(Code { bits: bits as u32, len: take as u32 });
            at += take;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        let bytes = self.count.div_ceil(8) as usize;
        self.out.extend_from_slice(&self.pending.to_le_bytes()[..bytes]);
        self.out
    }
}

/// A zlib stream and where each scanline's codes start in it.
pub(crate) struct Stream {
    pub bytes: Vec<u8>,
    /// In bits, one per row, then where the last row ends.
    row_starts: Vec<usize>,
}

/// A coded picture, kept so the next picture of the same game can take
/// the codes of the rows they share.
pub(crate) struct Coded {
    pub width: usize,
    pub index: Vec<u8>,
    pub stream: Stream,
}

impl Coded {
    /// Bytes held, for a memory budget.
    pub fn size(&self) -> usize {
        self.index.len() + self.stream.bytes.len() + 8 * self.stream.row_starts.len()
    }

    /// Row `y`'s pixels and codes, if this picture is `width` wide and has
    /// that row.
    fn row(&self, y: usize, width: usize) -> Option<(&[u8], std::ops::Range<usize>)> {
        let pixels = self.index.get(y * width..(y + 1) * width).filter(|_| self.width == width)?;
        Some((pixels, self.stream.row_starts[y]..self.stream.row_starts[y + 1]))
    }
}

/// Codes `index` (rows of `width` palette indices, `width` at least 1) as
/// PNG scanlines with filter type 0, copying the codes of every row that
/// `previous` holds together with the row above it.
pub(crate) fn zlib_scanlines(width: usize, index: &[u8], previous: Option<&Coded>) -> Stream {
    let height = index.len() / width;
    let mut bits = Bits { out: Vec::with_capacity(index.len() / 8 + 64), pending: 0, count: 0 };
    bits.out.extend_from_slice(&[0x78, 0x01]);
    // One final block (BFINAL 1) coded with the fixed table (BTYPE 01).
    bits.put(Code { bits: 0b011, len: 3 });
    let mut coder = RowCoder::new(width + 1);
    let mut adler = simd_adler32::Adler32::new();
    let mut row_starts = Vec::with_capacity(height + 1);
    // Whether the previous picture had the row above exactly as this one.
    let mut above_kept = true;
    for y in 0..height {
        let row = &index[y * width..(y + 1) * width];
        adler = after_zero_byte(adler);
        adler.write(row);
        row_starts.push(bits.position());
        // The previous picture's stream and this row's codes in it, if it had the row.
        let kept = previous.and_then(|p| {
            let (pixels, codes) = p.row(y, width)?;
            (pixels == row).then_some((&p.stream.bytes, codes))
        });
        match &kept {
            Some((stream, codes)) if above_kept => bits.copy(stream, codes.clone()),
            _ => coder.code(&mut bits, row, y.checked_sub(1).map(|a| &index[a * width..y * width])),
        }
        above_kept = kept.is_some();
    }
    row_starts.push(bits.position());
    bits.put(END_OF_BLOCK);
    let mut bytes = bits.finish();
    bytes.extend_from_slice(&adler.finish().to_be_bytes());
    Stream { bytes, row_starts }
}

/// The checksum after one more byte, zero: the sum stays the same and the
/// sum of sums grows by it. Cheaper than a one-byte write.
fn after_zero_byte(adler: simd_adler32::Adler32) -> simd_adler32::Adler32 {
    let checksum = adler.finish();
    let (sum, sums) = (checksum & 0xffff, checksum >> 16);
    simd_adler32::Adler32::from_checksum((((sums + sum) % 65_521) << 16) | sum)
}

/// Codes one scanline at a time. Bit `p` of its bit rows speaks of byte `p`
/// of the scanline: the filter byte at 0, then the row's pixels.
struct RowCoder {
    up: Option<Code>,
    left: Code,
    /// Bytes equal to the byte one scanline up, and to the byte before.
    same_up: Vec<u64>,
    same_left: Vec<u64>,
    /// Where a match of at least three bytes can start.
    starts: Vec<u64>,
    scratch: Vec<u64>,
}

impl RowCoder {
    fn new(stride: usize) -> RowCoder {
        let words = stride.div_ceil(64);
        RowCoder {
            up: (stride <= MAX_DISTANCE).then(|| distance(stride)),
            left: distance(1),
            same_up: vec![0; words],
            same_left: vec![0; words],
            starts: vec![0; words],
            scratch: vec![0; words],
        }
    }

    fn code(&mut self, bits: &mut Bits, row: &[u8], above: Option<&[u8]>) {
        match (above, self.up) {
            (Some(above), Some(_)) => {
                equal_bits(row, above, &mut self.same_up);
                // Both filter bytes are 0.
                shift_in(&mut self.same_up, 1);
            }
            _ => self.same_up.fill(0),
        }
        equal_bits(&row[1..], &row[..row.len() - 1], &mut self.same_left);
        shift_in(&mut self.same_left, u64::from(row[0] == 0));
        // The filter byte has no byte before it in this scanline.
        shift_in(&mut self.same_left, 0);
        match_starts(&self.same_up, &mut self.starts);
        match_starts(&self.same_left, &mut self.scratch);
        for (start, left) in self.starts.iter_mut().zip(&self.scratch) {
            *start |= left;
        }
        let byte = |p: usize| if p == 0 { 0 } else { row[p - 1] };
        let end = row.len() + 1;
        let mut at = 0;
        while at < end {
            let next = next_set(&self.starts, at, end);
            for p in at..next {
                bits.put(TABLE.literal[usize::from(byte(p))]);
            }
            at = next;
            if at == end {
                break;
            }
            let limit = MAX_MATCH.min(end - at);
            let up_len = ones_from(&self.same_up, at, limit);
            let left_len = ones_from(&self.same_left, at, limit);
            let (len, code) = match self.up {
                Some(up) if up_len >= left_len => (up_len, up),
                _ => (left_len, self.left),
            };
            bits.put(TABLE.length[len].then(code));
            at += len;
        }
    }
}

/// Bit `i` of `out` (64 to a word) set where `a[i] == b[i]`.
fn equal_bits(a: &[u8], b: &[u8], out: &mut [u64]) {
    let len = a.len().min(b.len());
    let (a_blocks, a_tail) = a[..len].as_chunks::<64>();
    let (b_blocks, b_tail) = b[..len].as_chunks::<64>();
    for (word, (x, y)) in out.iter_mut().zip(a_blocks.iter().zip(b_blocks)) {
        *word = block_equal(x, y);
    }
    if let Some(word) = out.get_mut(a_blocks.len()) {
        // Padding that never agrees, so the bits past the end stay clear.
        let (mut x, mut y) = ([0u8; 64], [1u8; 64]);
        x[..a_tail.len()].copy_from_slice(a_tail);
        y[..b_tail.len()].copy_from_slice(b_tail);
        *word = block_equal(&x, &y);
    }
}

/// Which of 64 byte pairs agree, as bits: a vector compare and mask, a few
/// instructions where the processor has them.
fn block_equal(x: &[u8; 64], y: &[u8; 64]) -> u64 {
    u8x64::from(*x).simd_eq(u8x64::from(*y)).to_bitmask()
}

/// Shifts a row of bits one place up, `first` entering at bit 0.
fn shift_in(bits: &mut [u64], first: u64) {
    let mut carry = first;
    for word in bits.iter_mut() {
        let top = *word >> 63;
        *word = (*word << 1) | carry;
        carry = top;
    }
}

/// Bit `i` of `out` set where bits `i`, `i + 1` and `i + 2` of `same` are.
fn match_starts(same: &[u64], out: &mut [u64]) {
    for (w, start) in out.iter_mut().enumerate() {
        let next = same.get(w + 1).copied().unwrap_or(0);
        *start = same[w] & ((same[w] >> 1) | (next << 63)) & ((same[w] >> 2) | (next << 62));
    }
}

/// The first set bit at or after `from`, or `end` if none comes before it.
fn next_set(bits: &[u64], from: usize, end: usize) -> usize {
    let mut w = from / 64;
    let Some(&first) = bits.get(w) else { return end };
    let mut word = first & (u64::MAX << (from % 64));
    loop {
        if word != 0 {
            return (w * 64 + word.trailing_zeros() as usize).min(end);
        }
        w += 1;
        match bits.get(w) {
            Some(&next) => word = next,
            None => return end,
        }
    }
}

/// How many set bits run from bit `from` on, counting at most `max`.
fn ones_from(bits: &[u64], from: usize, max: usize) -> usize {
    let (mut n, mut w, mut shift) = (0, from / 64, from % 64);
    while n < max && w < bits.len() {
        let run = ((!(bits[w] >> shift)).trailing_zeros() as usize).min(64 - shift);
        n += run;
        if shift + run < 64 {
            break;
        }
        w += 1;
        shift = 0;
    }
    n.min(max)
}

#[cfg(test)]
mod tests;
