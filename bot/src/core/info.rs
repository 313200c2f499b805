//! Help, rules, stats and the leaderboard.

use rookery_engine::game::Game;
use rookery_engine::Variant;
use rookery_render::Theme;

use crate::picture;
use crate::words::counted;

use super::{storage_failure, Attachment, Core, Outcome, Place, Refusal, Reply, User};

/// The variant's name as players know it (`Luck Dragon Chess`).
pub(super) fn title(variant: Variant) -> String {
    variant.rules().map_or_else(|_| variant.name().to_string(), |rules| rules.title().to_string())
}

pub(super) fn rules(variant: &str) -> Outcome {
    let variant: Variant = variant.parse()?;
    let text = variant.rules()?.guide_page().ok_or_else(|| Refusal(format!("{variant} has no rules page yet.")))?;
    let pages = pages(text, PAGE_CHARS);
    let count = pages.len();
    let mut replies: Vec<Reply> = pages
        .into_iter()
        .enumerate()
        .map(|(i, page)| {
            let footer = if count > 1 { format!("\n-# page {} of {count}", i + 1) } else { String::new() };
            Reply::text(format!("{page}{footer}"))
        })
        .collect();
    let reply = &mut replies[0];
    if let Some((png, words)) = Game::new(variant).ok().as_ref().and_then(crate::legend::legend) {
        reply.text.push_str(&format!("\n-# {words}"));
        reply.files.push(Attachment { name: format!("{variant}-legend.png"), bytes: png });
    }
    // The piece diagram: every piece of the game where it starts.
    let start = Game::new(variant)?;
    match picture::game_png(&start, false, Theme::Light) {
        Ok(bytes) => reply.image = Some(Attachment { name: format!("{variant}-pieces.png"), bytes }),
        Err(error) => tracing::error!(%error, %variant, "rules diagram failed"),
    }
    Ok(replies)
}

/// Discord shows at most 2000 characters in a message; a page leaves room
/// for its footer and, on the first, the pieces' letters.
const PAGE_CHARS: usize = 1700;

/// The text in pages of at most `limit` characters, each ending before a
/// heading or at a paragraph (or failing that a sentence, a line, a word) so
/// that nothing is cut mid-sentence.
pub(super) fn pages(text: &str, limit: usize) -> Vec<String> {
    let mut pages = Vec::new();
    let mut rest = text.trim();
    while rest.chars().count() > limit {
        let window: String = rest.chars().take(limit).collect();
        // A heading starts the next page rather than ending this one.
        let before_heading = window.rfind("\n\n#").filter(|&at| at > window.len() / 2).map(|at| at + 2);
        let cut = before_heading
            .or_else(|| {
                ["\n\n", ".\n", ". ", "\n", " "]
                    .iter()
                    .find_map(|mark| window.rfind(mark).filter(|&at| at > window.len() / 3).map(|at| at + mark.len()))
            })
            .unwrap_or(window.len());
        pages.push(rest[..cut].trim_end().to_string());
        rest = rest[cut..].trim_start();
    }
    if !rest.is_empty() {
        pages.push(rest.to_string());
    }
    pages
}

/// `/help`: games and dice first, then puzzles, tournaments and the
/// server's settings, as two private messages (each within Discord's 2000
/// characters).
pub(super) fn help() -> Vec<Reply> {
    vec![
        Reply::private(
            "**Rookery** plays chess variants and rolls fair dice.\n\
             `/play variant [opponent] [options] [clock]` challenge someone (or anyone) in this channel; options \
             such as `lucky8=off` or `dwarf_reversal` change a variant's optional rules (`/rules variant` lists \
             them); `clock:5+3` gives each side 5 minutes plus 3 seconds per move; in a dice game `seed:text` (also \
             on `/accept`) adds your entropy to the game's dice before its first roll\n\
             `/play variant @Rookery [level:1-8]` play Rookery itself, no acceptance needed\n\
             `/move text` play a move (`e4`, `Nf3`, `e2e4`); in a dice game also the roll's word (`roll`, `lucky8`)\n\
             `/board` show the game from your side · `/moves` every move so far · `/game` players, PGN and FEN\n\
             `/abort` before each side has moved (not rated) · `/resign` · `/draw offer|accept|decline|claim` · \
             `/takeback request|accept|decline` · the Rematch button after a game\n\
             `/games [user]` recent finished games here (or a player's) · `/pgn ID` a game's PGN · `/replay [ID]` \
             the game as an animated GIF · `/review [ID]` the engine marks its mistakes\n\
             `/stats [user]` · `/leaderboard variant` · `/rules variant`\n\
             `/roll 4d6kh3 # label` fair table dice (`sealed` for a private result; game systems too: `coc 45 b1`, \
             `alien5s2`, `wfrp45`) · `/roll history` recent rolls · `/seed text` add your entropy \
             before the day's first roll · `/verify` yesterday's revealed rolls, checkable with `rookery verify`\n\
             `/alias set name roll` save a roll for yourself, the channel or the server, then `/roll name` · \
             `/alias remove|list|export|import` · `/dice dialect rookery|avrae|maiden` read Avrae's or Dice \
             Maiden's notation here · `/dice history` today's rolls · `/dice stats [user] [die] [period]` how the \
             dice have fallen",
        ),
        Reply::private(
            "`/puzzle today` the daily mate puzzle · `/puzzle solve moves` answer privately · `/puzzle leaderboard` \
             streaks · `/puzzle schedule channel time variants time_zone` post it daily, in your time zone \
             (Manage Channels)\n\
             `/tournament create swiss name game rounds [clock] [days] [starts]` or `/tournament create arena name \
             game minutes clock [starts]` run a Swiss or an Arena in this channel; join with the Join button on its \
             post or `/tournament join|leave ID` · `/tournament me` your next game · `/tournament list` this \
             server's events · `/tournament show ID` its standings · `/tournament export ID` a Swiss as a FIDE TRF \
             file · `/tournament start|pause|resume|end ID`, `/tournament remove ID player`, `/tournament result ID \
             round board result` (its organiser or moderators)\n\
             `/settings threads:on|off` each new game in its own thread (Manage Channels) · \
             `/admin end [reason]` end this channel's game (unrated) or clear its challenge (moderators)",
        ),
    ]
}

impl Core {
    pub(super) fn stats(&self, place: Place, user: &User) -> Outcome {
        let mut lines = vec![format!("**{}**", user.name)];
        for variant in Variant::ALL {
            let stats = self.storage.player_stats(place.guild, variant.name(), user.id).map_err(storage_failure)?;
            if let Some(s) = stats {
                lines.push(format!(
                    "{}: {:.0} (±{:.0}) · {}, {}, {}",
                    title(variant),
                    s.rating,
                    s.deviation,
                    counted(s.wins, "win", "wins"),
                    counted(s.losses, "loss", "losses"),
                    counted(s.draws, "draw", "draws")
                ));
            }
        }
        if lines.len() == 1 {
            lines.push("No rated games yet.".into());
        }
        Ok(vec![Reply::text(lines.join("\n"))])
    }

    pub(super) fn leaderboard(&self, place: Place, variant: &str) -> Outcome {
        let variant: Variant = variant.parse()?;
        let mut stats = self.storage.variant_stats(place.guild, variant.name()).map_err(storage_failure)?;
        if stats.is_empty() {
            return Ok(vec![Reply::text(format!("No rated {variant} games here yet."))]);
        }
        stats.sort_by(|a, b| b.rating.total_cmp(&a.rating));
        let lines: Vec<String> = stats
            .iter()
            .take(10)
            .enumerate()
            .map(|(i, s)| format!("{}. **{}** {:.0} (±{:.0})", i + 1, s.name, s.rating, s.deviation))
            .collect();
        Ok(vec![Reply::text(format!("**{variant} leaderboard**\n{}", lines.join("\n")))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `word` holds an internal rule number (`D12`, `R5`, `DL7`,
    /// `L2`, `G-2`); Guardener's terraces (`T3`) are players' words.
    fn rule_number(word: &str) -> bool {
        word.split(|c: char| !c.is_ascii_alphanumeric()).any(|part| {
            let digits = part.trim_start_matches(|c: char| c.is_ascii_uppercase());
            let letters = &part[..part.len() - digits.len()];
            ["D", "R", "DL", "L"].contains(&letters) && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
        }) || word.contains("G-")
    }

    #[test]
    fn rules_pages_speak_to_players_and_fit_discord() {
        for variant in Variant::ALL {
            let replies = rules(variant.name()).unwrap_or_else(|refusal| panic!("{variant}: {refusal:?}"));
            for reply in &replies {
                let text = &reply.text;
                assert!(text.chars().count() <= 2000, "{variant}: a page over Discord's limit");
                assert!(!text.lines().any(|line| line.trim_start().starts_with('|')), "{variant}: a table row");
                assert!(!text.contains('§'), "{variant}: a section number");
                assert!(!text.to_lowercase().contains("issue"), "{variant}: an issue number");
                for word in text.split_whitespace() {
                    assert!(!rule_number(word), "{variant}: the rule number {word}");
                    let word = word.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
                    assert!(!word.ends_with(".rs") && !word.ends_with(".md"), "{variant}: the path {word}");
                }
            }
        }
    }

    #[test]
    fn rule_numbers_are_told_from_squares_and_dice() {
        for number in ["D12", "(R5", "DL7:", "G-2", "D1-D31", "L2)"] {
            assert!(rule_number(number), "{number}");
        }
        for word in ["e4", "T3", "2d4", "R1e5x2f5", "Nf3", "K+B", "3d8", "Lc4(∞)", "[N]>Ng8"] {
            assert!(!rule_number(word), "{word}");
        }
    }
}
