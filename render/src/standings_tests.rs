use super::*;
use crate::RenderOptions;

const NAMES: [&str; 8] = ["Magnus", "Hikaru", "Alireza", "Fabiano", "Ding Liren", "Ian", "Wesley", "Anish"];

fn renderer() -> Renderer {
    Renderer::new(RenderOptions::default())
}

/// A Swiss after `rounds` rounds: colours alternate by rank and round, every
/// fifth player missed round 2.
fn swiss(players: usize, rounds: usize, theme: Theme) -> Standings {
    let rows = (0..players)
        .map(|i| StandingRow {
            rank: i as u32 + 1,
            name: format!("{} {}", NAMES[i % NAMES.len()], i + 1),
            score: format!("{}", (rounds * 2).saturating_sub(i * rounds * 2 / players) as f32 / 2.0),
            tie_breaks: vec![format!("{}", 12.5 - i as f32 / 4.0), format!("{}", 80usize.saturating_sub(i / 2))],
            record: Record::Colours(
                (0..rounds)
                    .map(|r| match (i % 5, r) {
                        (4, 1) => None,
                        _ if (i + r) % 2 == 0 => Some(Side::First),
                        _ => Some(Side::Second),
                    })
                    .collect(),
            ),
        })
        .collect();
    Standings {
        title: "Friday Swiss".into(),
        status: format!("Round {rounds} of 7"),
        tie_break_labels: vec!["BH-C1".into(), "SB".into()],
        rows,
        podium: false,
        theme,
    }
}

/// An Arena with a player on fire, berserks and doubled games.
fn arena(players: usize, games: usize, theme: Theme) -> Standings {
    let rows = (0..players)
        .map(|i| {
            let sheet: Vec<SheetGame> = (0..games.saturating_sub(i / 3))
                .map(|g| {
                    let points = [2u8, 2, 4, 5, 0, 1, 2, 0][(g + i) % 8];
                    SheetGame { points, doubled: points >= 4, berserked: (g * 7 + i) % 5 == 0 && points % 2 == 1 }
                })
                .collect();
            let score: u32 = sheet.iter().map(|g| u32::from(g.points)).sum();
            StandingRow {
                rank: i as u32 + 1,
                name: NAMES[i % NAMES.len()].to_string(),
                score: score.to_string(),
                tie_breaks: Vec::new(),
                record: Record::Sheet { games: sheet, on_fire: i % 4 == 0 },
            }
        })
        .collect();
    Standings {
        title: "Hourly Blitz Arena".into(),
        status: "12 min left".into(),
        tie_break_labels: Vec::new(),
        rows,
        podium: false,
        theme,
    }
}

fn save(name: &str, canvas: &Canvas) {
    if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
        let png = encode::truecolour((canvas.width, canvas.height), &canvas.rgb).unwrap();
        std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
    }
}

fn has_colour(canvas: &Canvas, colour: Rgb, rows: std::ops::Range<usize>) -> bool {
    rows.flat_map(|y| (0..canvas.width).map(move |x| (x, y))).any(|(x, y)| canvas.pixel(x, y) == colour)
}

#[test]
fn a_table_grows_a_row_per_player_and_stays_within_discords_width() {
    let r = renderer();
    let eight = r.draw_standings(&swiss(8, 3, Theme::Light));
    let nine = r.draw_standings(&swiss(9, 3, Theme::Light));
    save("standings-swiss-8.png", &eight);
    assert_eq!(nine.height - eight.height, r.row_height() as usize);
    assert!((MIN_WIDTH as usize..=MAX_WIDTH as usize).contains(&eight.width), "{} px", eight.width);
    let sixty_four = r.draw_standings(&swiss(64, 6, Theme::Dark));
    save("standings-swiss-64-dark.png", &sixty_four);
    let fifty = r.draw_standings(&swiss(50, 6, Theme::Dark));
    // 64 players: the first 50 and a line saying how many more.
    assert_eq!(sixty_four.height - fifty.height, r.row_height() as usize);
    assert_eq!(sixty_four.pixel(1, 1), Colours::of(Theme::Dark).page);
    assert_eq!(eight.pixel(1, 1), Colours::of(Theme::Light).page);
}

#[test]
fn the_same_standings_give_the_same_bytes() {
    let r = renderer();
    let standings = arena(20, 12, Theme::Dark);
    assert_eq!(r.render_standings(&standings).unwrap(), r.render_standings(&standings).unwrap());
    let png = r.render_standings(&standings).unwrap();
    // The file holds exactly the pixels drawn.
    let decoded = image::load_from_memory(&png).unwrap().to_rgb8();
    let drawn = r.draw_standings(&standings);
    assert_eq!((decoded.width() as usize, decoded.height() as usize), (drawn.width, drawn.height));
    assert_eq!(decoded.into_raw(), drawn.rgb);
}

#[test]
fn a_long_name_is_cut_with_an_ellipsis_and_leaves_the_score_alone() {
    let r = renderer();
    let font = &r.fonts.counts;
    let long = "Grandmaster Bartholomew Featherstonehaugh-Cholmondeley of Llanfairpwllgwyngyll";
    let cut = fit_width(font, long, 200);
    assert!(cut.ends_with(ELLIPSIS) && cut.chars().count() > 5, "{cut}");
    assert!(font.width(&cut) <= 200);
    assert_eq!(fit_width(font, "Ian", 200), "Ian");

    let mut standings = swiss(8, 3, Theme::Light);
    standings.rows[0].name = long.repeat(3);
    let canvas = r.draw_standings(&standings);
    save("standings-long-name.png", &canvas);
    assert!(canvas.width <= MAX_WIDTH as usize);
    let columns = r.columns(&standings, &standings.rows);
    assert!(columns.name_room <= NAME_MAX);
    // Between the name's room and the score, the first row is blank: the
    // name stopped at its ellipsis.
    let row_top = (r.fonts.title.cap_height() + 2 * columns.pad + r.row_height()) as usize;
    let page = Colours::of(Theme::Light).page;
    let gap =
        (columns.name_x + columns.name_room) as usize..(columns.name_x + columns.name_room + columns.pad / 2) as usize;
    // (The first pixel row is the line under the headings.)
    for y in row_top + 1..row_top + r.row_height() as usize {
        for x in gap.clone() {
            assert_eq!(canvas.pixel(x, y), page, "ink at ({x}, {y})");
        }
    }
}

#[test]
fn two_hundred_players_and_two_hundred_games_do_not_break_the_table() {
    let r = renderer();
    let crowd = r.draw_standings(&arena(200, 200, Theme::Light));
    save("standings-arena-200.png", &crowd);
    let fifty = r.draw_standings(&arena(50, 200, Theme::Light));
    assert_eq!(crowd.height - fifty.height, r.row_height() as usize, "capped at 50 rows and a footer");
    assert!(crowd.width <= MAX_WIDTH as usize);
    let empty = r.draw_standings(&Standings { title: "Nobody".into(), ..Standings::default() });
    assert!(empty.width >= MIN_WIDTH as usize);
    // Rows without tie-break values, and values without labels, still draw.
    let mut odd = swiss(3, 2, Theme::Dark);
    odd.rows[0].tie_breaks.clear();
    odd.rows[1].tie_breaks.push("7".into());
    r.draw_standings(&odd);
}

#[test]
fn an_arena_marks_fire_and_berserk_and_the_final_table_its_podium() {
    let r = renderer();
    let mut standings = arena(12, 10, Theme::Light);
    let live = r.draw_standings(&standings);
    save("standings-arena-12.png", &live);
    assert!(has_colour(&live, FIRE, 0..live.height), "doubled games in the flame's colour");
    let bolt_red = [0xe0, 0x2a, 0x2a];
    assert!(has_colour(&live, bolt_red, 0..live.height), "a bolt on berserked games");

    let medal_rows = || {
        let top = (r.fonts.title.cap_height() + 2 * r.fonts.counts.cap_height() + r.row_height()) as usize;
        top..top + 3 * r.row_height() as usize
    };
    let gold = [0xf2, 0xc2, 0x2e];
    assert!(!has_colour(&live, gold, medal_rows()));
    standings.podium = true;
    standings.status = "Final standings".into();
    let last = r.draw_standings(&standings);
    save("standings-arena-final.png", &last);
    assert!(has_colour(&last, gold, medal_rows()), "a gold medal on the winner's row");
    let mut final_swiss = swiss(8, 7, Theme::Dark);
    final_swiss.podium = true;
    final_swiss.status = "Final standings".into();
    save("standings-swiss-final-dark.png", &r.draw_standings(&final_swiss));
}
