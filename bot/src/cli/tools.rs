//! The command-line tools other programs and checks rely on: `perft`, `moves`
//! and `fen`. Each returns its output as text so tests can run them directly.

use anyhow::{bail, Context, Result};
use rookery_engine::game::Game;
use rookery_engine::{notation, perft, pgn_read, Variant};

use crate::cli::dice_turns::{self, Chain};
use crate::cli::move_tokens;

/// Where a tool starts: a variant, an optional position text and moves to play.
#[derive(clap::Args, Debug, Clone)]
pub struct Setup {
    /// chess, luckdragon, guardener, dragonchess, dicelanding or newchess.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Start from this position text instead of the variant's start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Turns to play first, separated by spaces: moves in any accepted
    /// notation (a `{…}` mark after a space stays with its move, `Bcz3 {T3}`),
    /// `pass`, a move after its own roll chain (`[1,1][3,3][2,4]Ngz4{T3}`),
    /// `choose:E` for a secret choice, `price:f5` to pay a price.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// A fixed roll chain for dice games, e.g. `[1,1][3,3][2,4]`: made before
    /// every move of `--moves` that has none of its own, in the final
    /// position, and at every ply of `perft`.
    #[arg(long, default_value = "")]
    pub roll: String,
    /// Optional rules of the variant, e.g. `dwarf_reversal quiet_plies=0` or `lucky8=off`.
    #[arg(long, default_value = "")]
    pub options: String,
}

impl Setup {
    /// The game after the setup's moves.
    pub fn game(&self) -> Result<Game> {
        let variant: Variant = self.variant.parse()?;
        let mut game = Game::create(variant, &self.options, self.fen.as_deref())?;
        let chain = self.chain()?;
        if !chain.is_empty() {
            chain.check(&game).context("--roll")?;
        }
        for (i, text) in move_tokens::tokens(&self.moves).iter().enumerate() {
            move_tokens::play_token(&mut game, text, &chain).with_context(|| format!("move {} (`{text}`)", i + 1))?;
        }
        if !chain.is_empty() && dice_turns::takes_rolls(&game) {
            chain.roll(&mut game).context("--roll")?;
        }
        Ok(game)
    }

    /// The `--roll` chain, empty if none was given.
    pub fn chain(&self) -> Result<Chain> {
        Chain::parse(&self.roll).context("--roll")
    }
}

/// `rookery perft`: the node count, or with `divide` one `MOVE COUNT` line per
/// root move (sorted by move) before the final `nodes N` line.
pub fn perft(setup: &Setup, depth: u32, divide: bool) -> Result<String> {
    let game = setup.game()?;
    if game.outcome().is_some() && depth > 0 {
        bail!("the game is already over");
    }
    let mut position = game.position().scratch();
    let mut out = String::new();
    let chain = setup.chain()?;
    let nodes = if divide {
        let legal = position.legal_moves();
        let divided = if chain.is_empty() {
            perft::divide(&mut position, depth)
        } else {
            dice_turns::divide_with_chain(&game, &chain, depth)?
        };
        let mut lines: Vec<(String, u64)> =
            divided.into_iter().map(|(mv, n)| (notation::san_among(game.position(), mv, &legal), n)).collect();
        lines.sort();
        for (name, n) in &lines {
            out.push_str(&format!("{name} {n}\n"));
        }
        lines.iter().map(|(_, n)| n).sum::<u64>().max(u64::from(depth == 0))
    } else if chain.is_empty() {
        perft::perft(&mut position, depth)
    } else {
        dice_turns::perft_with_chain(&game, &chain, depth)?
    };
    out.push_str(&format!("nodes {nodes}\n"));
    Ok(out)
}

/// `rookery moves`: every legal move in canonical notation, sorted, one a line.
pub fn moves(setup: &Setup) -> Result<String> {
    let game = setup.game()?;
    // A price changes the board before the next move: no move listed now
    // would play. (A pending secret choice does not: moves never depend on it.)
    if let Some(side) = game.price_due() {
        let name = game.position().rules().side_name(side);
        bail!("{name} must pay a price before any move: add `price:SQUARES` to --moves");
    }
    let position = game.position();
    let legal = position.legal_moves();
    let mut names: Vec<String> = legal.iter().map(|m| notation::san_among(position, *m, &legal)).collect();
    names.sort();
    Ok(names.iter().map(|n| format!("{n}\n")).collect())
}

/// `rookery render`: the position after the moves as a PNG file.
pub fn render(setup: &Setup, flip: bool, dark: bool, output: &std::path::Path) -> Result<String> {
    let game = setup.game()?;
    let theme = if dark { rookery_render::Theme::Dark } else { rookery_render::Theme::Light };
    let png = crate::picture::game_png(&game, flip, theme)?;
    std::fs::write(output, &png).with_context(|| format!("writing {}", output.display()))?;
    Ok(format!("wrote {} ({} bytes)\n", output.display(), png.len()))
}

/// Where `rookery render --gif` finds its game.
pub enum GifSource<'a> {
    /// The setup's moves, from its variant, options and start position.
    Moves(&'a Setup),
    /// A PGN file, read as `rookery verify` and the engine read it: its tags
    /// give the variant, options and start, its movetext every turn.
    Pgn(&'a std::path::Path),
    /// Finished game `id` in the database at `data_dir` (the bot must not be
    /// running on it: the database allows one process at a time).
    Stored { data_dir: &'a std::path::Path, id: u64 },
}

/// `rookery render --gif`: the whole game as an animated GIF. A stored game
/// is drawn from the side that was at the bottom of its posts.
pub fn render_gif(source: GifSource, flip: bool, dark: bool, output: &std::path::Path) -> Result<String> {
    let (game, flip) = match source {
        GifSource::Moves(setup) => (setup.game()?, flip),
        GifSource::Pgn(file) => (pgn_game(file)?, flip),
        GifSource::Stored { data_dir, id } => {
            let storage = crate::cli::admin::open_existing(data_dir)?;
            let (_, record) = storage.finished_game(id)?.with_context(|| format!("there is no finished game #{id}"))?;
            let game = Game::replay(&crate::core::engine_record(&record).map_err(|r| anyhow::anyhow!(r.0))?)?;
            (game, flip || record.black_at_bottom)
        }
    };
    let theme = if dark { rookery_render::Theme::Dark } else { rookery_render::Theme::Light };
    let gif = crate::replay::game_gif(&game, flip, theme, crate::replay::outcome_caption(&game).as_deref())?;
    std::fs::write(output, &gif).with_context(|| format!("writing {}", output.display()))?;
    let plies = game.moves_san().len();
    Ok(format!("wrote {} ({} frames, {} bytes)\n", output.display(), plies + 1, gif.len()))
}

/// The game a PGN file records, read by the engine's one PGN reader.
pub fn pgn_game(file: &std::path::Path) -> Result<Game> {
    let text = std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let record = pgn_read::read(&text).with_context(|| format!("reading the game in {}", file.display()))?;
    Ok(Game::replay(&record)?)
}

/// `rookery fen`: the position text after the moves.
pub fn fen(setup: &Setup) -> Result<String> {
    Ok(format!("{}\n", setup.game()?.fen()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(variant: &str, fen: Option<&str>, moves: &str) -> Setup {
        Setup {
            variant: variant.into(),
            fen: fen.map(Into::into),
            moves: moves.into(),
            options: String::new(),
            roll: String::new(),
        }
    }

    #[test]
    fn perft_counts_and_divides() {
        assert_eq!(perft(&setup("chess", None, ""), 3, false).unwrap(), "nodes 8902\n");
        let divided = perft(&setup("chess", None, "e4 e5"), 2, true).unwrap();
        let lines: Vec<&str> = divided.lines().collect();
        assert_eq!(lines.len(), 30);
        assert!(lines.contains(&"Nf3 29"));
        let total: u64 = lines[..29].iter().map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap()).sum();
        assert_eq!(lines[29], format!("nodes {total}"));
        assert_eq!(perft(&setup("chess", None, ""), 0, true).unwrap(), "nodes 1\n");
        assert_eq!(perft(&setup("luckdragon", None, ""), 2, false).unwrap(), "nodes 3364\n");
        let divided = perft(&setup("luckdragon", None, "NNd4 a6"), 1, true).unwrap();
        assert!(divided.contains("NNb4 1\n") && divided.contains("Ni3/R 1\n"), "{divided}");
    }

    #[test]
    fn dragonchess_perft_moves_and_options() {
        assert_eq!(perft(&setup("dragonchess", None, ""), 2, false).unwrap(), "nodes 8094\n");
        let divided = perft(&setup("dragonchess", None, "Dr1d4 P1h6"), 1, true).unwrap();
        assert!(divided.contains("R1d4x1a7 1\n"), "{divided}");
        let text = "12/12/12/12/12/12/12/12|3t8/12/12/12/12/12/12/K10k|3D8/12/12/12/12/12/12/12 g 3d8 0 1";
        let mut reversed = setup("dragonchess", Some(text), "");
        assert!(moves(&reversed).unwrap_err().to_string().contains("dwarf_reversal"));
        reversed.options = "dwarf_reversal".into();
        assert!(moves(&reversed).unwrap().lines().any(|m| m == "D3d8-3d7"));
        reversed.options = "castling".into();
        assert!(moves(&reversed).unwrap_err().to_string().contains("no option `castling`"));
    }

    #[test]
    fn moves_are_sorted_canonical_names() {
        let out = moves(&setup("chess", Some("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "")).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.contains(&"O-O") && lines.contains(&"O-O-O") && lines.contains(&"Ra8+"));
        let mut sorted = lines.clone();
        sorted.sort();
        assert_eq!(lines, sorted);
    }

    #[test]
    fn render_writes_a_png() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.png");
        let out = render(&setup("chess", None, "e4 e5"), true, false, &path).unwrap();
        assert!(out.starts_with("wrote "));
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        assert!(render(&setup("chess", None, "e5"), false, false, &path).is_err());
    }

    #[test]
    fn render_gif_from_moves_and_from_a_finished_games_pgn() {
        let dir = tempfile::tempdir().unwrap();
        let (gif, pgn) = (dir.path().join("game.gif"), dir.path().join("game.pgn"));
        let opening = setup("chess", None, "e4 e5");
        let out = render_gif(GifSource::Moves(&opening), false, false, &gif).unwrap();
        assert!(out.contains("(3 frames"), "{out}");
        assert_eq!(&std::fs::read(&gif).unwrap()[..6], b"GIF89a");
        // A decided game: its result token once ended the reading.
        let mate = setup("chess", None, "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#").game().unwrap();
        let text = rookery_engine::pgn::write(&mate, &rookery_engine::pgn::Tags::default());
        assert!(text.trim_end().ends_with("1-0"), "{text}");
        std::fs::write(&pgn, text).unwrap();
        let out = render_gif(GifSource::Pgn(&pgn), true, true, &gif).unwrap();
        assert!(out.contains("(8 frames"), "{out}");
        std::fs::write(&pgn, "[Variant \"Crazyhouse\"]\n\n1. e4 *\n").unwrap();
        let refused = render_gif(GifSource::Pgn(&pgn), false, false, &gif).unwrap_err();
        assert!(format!("{refused:#}").contains("Crazyhouse"), "{refused:#}");
        let missing = GifSource::Stored { data_dir: &dir.path().join("nothing"), id: 1 };
        assert!(render_gif(missing, false, false, &gif).is_err());
    }

    #[test]
    fn fen_after_moves_and_friendly_errors() {
        assert_eq!(
            fen(&setup("chess", None, "e4 c5 Nf3")).unwrap(),
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
        );
        let err = fen(&setup("chess", None, "e4 e4")).unwrap_err();
        assert!(format!("{err:#}").starts_with("move 2 (`e4`): `e4` is not legal here"), "{err:#}");
        assert!(moves(&setup("checkers", None, "")).is_err());
        assert!(fen(&setup("chess", Some("bad fen"), "")).is_err());
    }
}
