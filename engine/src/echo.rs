//! Players' text quoted back in a message. A mistyped move is worth showing
//! whole; a pasted page is not, so a long quote keeps its start and says how
//! much was left out.

/// The most characters of a player's text a message quotes.
pub const ECHO_MAX: usize = 40;

/// `text` as a message quotes it: whole when short, otherwise its first
/// characters and a count of the rest.
pub fn echo(text: &str) -> String {
    let length = text.chars().count();
    if length <= ECHO_MAX {
        return text.to_string();
    }
    let kept: String = text.chars().take(ECHO_MAX - 8).collect();
    format!("{kept}… (+{} more)", length - (ECHO_MAX - 8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_whole_and_long_text_is_cut_at_a_character() {
        assert_eq!(echo("Nf3"), "Nf3");
        let exactly = "x".repeat(ECHO_MAX);
        assert_eq!(echo(&exactly), exactly);
        let long = "é".repeat(100_000);
        let shown = echo(&long);
        assert!(shown.starts_with(&"é".repeat(ECHO_MAX - 8)), "{shown}");
        assert!(shown.ends_with("… (+99968 more)"), "{shown}");
        assert!(shown.chars().count() < 60);
    }
}
