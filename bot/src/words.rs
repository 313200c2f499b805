//! Counts in words, so that a post never reads `1 moves`.

/// `1 move`, `2 moves`: `count` with the noun's singular or plural.
pub fn counted(count: impl Into<u64>, one: &str, many: &str) -> String {
    match count.into() {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1u32, "move", "moves"), "1 move");
        assert_eq!(counted(0u32, "win", "wins"), "0 wins");
        assert_eq!(counted(12u64, "die", "dice"), "12 dice");
    }
}
