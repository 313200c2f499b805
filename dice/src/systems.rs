//! Dice Maiden's game-system rolls: a whole roll such as `alien5s2`, `wfrp45 + 20` or
//! `gb 3d8` is written out as ordinary dice, and the game's own reading turns those
//! dice into the result Dice Maiden shows (successes, Success Levels, a damage chart,
//! a panic table...). `docs/dice-notation.md` lists every form with its reading.
//!
//! Recognition works on a whole roll (after a `(Label)`, output flags and a roll-set
//! count), as Dice Maiden's aliases do, so a system word inside other notation is left
//! alone. Rules follow Dice Maiden's roll_syntax.md and its source where the page is
//! silent (noted per system). Dice a reading needs beyond the written-out notation
//! (Alien's panic die, a Witcher chain, Brave New World's explosions, the Darkest
//! House die, Hero System's STUN multiplier) are drawn from the same source after the
//! roll's own dice, so a transcript re-derives them.

use std::sync::OnceLock;

use regex::{Captures, Regex};

use super::dialect::Dialect;

mod earthdawn;
mod read;

/// A game system's reading of a roll; see the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// Alien RPG: sixes are successes; a 1 on the stress dice (the second term) means
    /// a panic roll, 1d6 plus the stress level.
    Alien { stress: u32 },
    /// Vampire: the Masquerade 5e: 6+ succeed, each pair of 10s adds two more; the
    /// last `hunger` dice are the hunger dice.
    Vampire { hunger: u32 },
    /// Conan 2d20: the skill dice count one each (Dice Maiden leaves the target to
    /// the table), combat dice (d6) add 1, 2, 0, 0, 1, 1.
    ConanSkill,
    /// Conan combat dice alone.
    ConanCombat,
    /// Silhouette: the highest die, each extra 6 adds 1.
    Silhouette,
    /// Witcher: a 10 adds a d10, a 1 subtracts one; the chain continues while the new
    /// die repeats the face.
    Witcher,
    /// Godbound: each die through the damage chart (the total through it when the roll
    /// has a modifier); `straight` skips the chart.
    Godbound { straight: bool },
    /// Lasers & Feelings: successes at or under (lasers) or over (feelings) the target.
    LasersFeelings { target: u32, lasers: bool },
    /// Daggerheart: Hope and Fear d12s.
    Daggerheart,
    /// Wild Worlds: the highest die after cutting the `cut` highest; doubles twist.
    WildWorlds { cut: u32 },
    /// Mutants & Masterminds: degrees of success against DC 10.
    MutantsMasterminds,
    /// Brave New World: a 6 adds a d6 into itself once; the highest die counts; a
    /// majority of 1s on four or more dice is a disaster (0).
    BraveNewWorld,
    /// The Darkest House: the House Die after the action dice; `call` adds it.
    DarkestHouse { call: bool },
    /// Warhammer Fantasy 4e: Success Levels against `target`.
    Wfrp { target: i64 },
    /// Mothership: roll-under `stat`; with two dice, `better` picks the better.
    Mothership { stat: i64, better: bool },
    /// Cypher System: a level-`level` task, target three times the level.
    Cypher { level: u32 },
    /// Plotweaver/Cosmere plot dice: 1 and 2 are complications worth 2 and 4.
    Plot,
    /// Hero System damage and to-hit.
    Hero(Hero),
    /// Forged in the Dark: the highest die (the lowest with zero dice) read as an outcome.
    ForgedInTheDark { zero: bool },
    /// Dark Heresy 2e: a natural 10 is Righteous Fury.
    DarkHeresy,
    /// Cyberpunk RED damage: two or more 6s are a Critical Injury.
    CyberpunkDamage,
    /// Warhammer 40k Wrath & Glory: the first `wrath` dice are wrath dice; 4–5 count one
    /// icon, 6 two; `sum` (soak, exempt, damage) totals the dice instead; against
    /// difficulty `dn` when given.
    WrathGlory { wrath: u32, dn: Option<u32>, sum: bool },
    /// Essence20: the d20 term, then the skill ranks; the highest rank result counts
    /// (the higher rank on a tie); a rank all at its maximum is a critical success.
    Essence20,
    /// Call of Cthulhu 7e: a d100 against `skill` with `bonus` bonus dice (negative:
    /// penalty dice); reads regular, hard, extreme, critical, failure or fumble.
    Cthulhu { skill: u32, bonus: i32 },
    /// Marvel Multiverse: 3d6, the middle (Marvel) die's 1 is a Fantastic 6; each net
    /// edge rerolls the lowest die keeping the better, each net trouble the highest
    /// keeping the worse (negative: troubles).
    Marvel { edges: i32 },
}

/// Hero System's three rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hero {
    /// Normal damage: the total is STUN, BODY counted per die.
    Normal,
    /// Killing damage: the dice are BODY, STUN is BODY times 1d3 (the total).
    Killing,
    /// To hit: 3d6 roll-under.
    Hit,
}

/// A recognised system roll: the notation it rolls and the reading, if any.
pub(crate) struct SystemRoll {
    pub notation: String,
    pub system: Option<System>,
}

fn roll(notation: impl Into<String>, system: Option<System>) -> Option<SystemRoll> {
    Some(SystemRoll { notation: notation.into(), system })
}

/// `+ 5`, `-2` or nothing, as a number.
fn modifier(captures: &Captures, index: usize) -> i64 {
    captures.get(index).map_or(0, |m| m.as_str().replace(' ', "").parse().unwrap_or(0))
}

/// ` + 5`, ` - 2` or the empty string.
fn written(modifier: i64) -> String {
    match modifier {
        0 => String::new(),
        m if m > 0 => format!(" + {m}"),
        m => format!(" - {}", -m),
    }
}

fn number(captures: &Captures, index: usize) -> Option<u32> {
    captures.get(index)?.as_str().parse().ok()
}

macro_rules! pattern {
    ($re:expr) => {{
        static CELL: OnceLock<Regex> = OnceLock::new();
        CELL.get_or_init(|| Regex::new(concat!("^(?i)", $re, "$")).expect("a valid pattern"))
    }};
}

/// The system roll `text` (one whole roll, trimmed) stands for, if it is one.
/// Dice Maiden's English words (`attack`, `skill`, `save`, `age`) are read only in its
/// dialect: elsewhere they stay free as names of saved rolls (`/roll attack`).
pub(crate) fn recognise(text: &str, dialect: Dialect) -> Option<SystemRoll> {
    let text = text.trim();
    if text.is_empty() || text.len() > 40 {
        return None;
    }
    let m = |c: &Captures, i| modifier(c, i);
    if let Some(c) = pattern!(r"alien(\d{1,2})(?:s(\d{1,2})(p)?)?").captures(text) {
        let base = number(&c, 1)?;
        let Some(stress) = number(&c, 2) else {
            return roll(format!("{base}d6"), Some(System::Alien { stress: 0 }));
        };
        let stress = stress + u32::from(c.get(3).is_some());
        if base == 0 || !(1..=10).contains(&stress) {
            return None;
        }
        return roll(format!("{base}d6 + {stress}d6"), Some(System::Alien { stress }));
    }
    if let Some(c) = pattern!(r"vtm(\d{1,2})h(\d{1,2})").captures(text) {
        let (pool, hunger) = (number(&c, 1)?, number(&c, 2)?);
        if pool == 0 || hunger > pool {
            return None;
        }
        let regular = pool - hunger;
        let notation = match (regular, hunger) {
            (_, 0) => format!("{regular}d10"),
            (0, _) => format!("{hunger}d10"),
            _ => format!("{regular}d10 + {hunger}d10"),
        };
        return roll(notation, Some(System::Vampire { hunger }));
    }
    if let Some(c) = pattern!(r"conan([2-5])?(?:cd(\d{1,2}))?").captures(text) {
        let skill = number(&c, 1).unwrap_or(2);
        return match number(&c, 2) {
            Some(combat) if combat > 0 => roll(format!("{skill}d20 + {combat}d6"), Some(System::ConanSkill)),
            Some(_) => None,
            None => roll(format!("{skill}d20"), Some(System::ConanSkill)),
        };
    }
    if let Some(c) = pattern!(r"conan([2-5])?(?:\s*([+-]\s*\d{1,4}))").captures(text) {
        let skill = number(&c, 1).unwrap_or(2);
        return roll(format!("{skill}d20{}", written(m(&c, 2))), Some(System::ConanSkill));
    }
    if let Some(c) = pattern!(r"cd(\d{1,2})?").captures(text).filter(|c| c.get(0).is_some()) {
        let dice = number(&c, 1).unwrap_or(1);
        return (dice > 0).then(|| SystemRoll { notation: format!("{dice}d6"), system: Some(System::ConanCombat) });
    }
    if let Some(c) = pattern!(concat!(r"sil(\d{1,2})?", r"(?:\s*([+-]\s*\d{1,4}))?")).captures(text) {
        let dice = number(&c, 1).unwrap_or(1);
        return (1..=10).contains(&dice).then(|| SystemRoll {
            notation: format!("{dice}d6{}", written(m(&c, 2))),
            system: Some(System::Silhouette),
        });
    }
    if let Some(c) = pattern!(r"wit(?:\s*([+-]\s*\d{1,4}))?").captures(text) {
        return roll(format!("1d10{}", written(m(&c, 1))), Some(System::Witcher));
    }
    if let Some(c) = pattern!(r"(gbs?)(?:\s+(\d{1,3})d(\d{1,4}))?(?:\s*([+-]\s*\d{1,4}))?").captures(text) {
        let straight = c[1].eq_ignore_ascii_case("gbs");
        let (count, sides) = match (number(&c, 2), number(&c, 3)) {
            (Some(count), Some(sides)) => (count, sides),
            _ => (1, 20),
        };
        return roll(format!("{count}d{sides}{}", written(m(&c, 4))), Some(System::Godbound { straight }));
    }
    if let Some(c) = pattern!(r"(\d{1,3})d(\d{1,4})\s+(gbs?)(?:\s*([+-]\s*\d{1,4}))?").captures(text) {
        let straight = c[3].eq_ignore_ascii_case("gbs");
        let (count, sides) = (number(&c, 1)?, number(&c, 2)?);
        return roll(format!("{count}d{sides}{}", written(m(&c, 4))), Some(System::Godbound { straight }));
    }
    if let Some(c) = pattern!(r"(\d{1,2})lf([2-5])([lf])?").captures(text) {
        let (dice, target) = (number(&c, 1)?, number(&c, 2)?);
        let lasers = !c.get(3).is_some_and(|k| k.as_str().eq_ignore_ascii_case("f"));
        return (dice > 0).then(|| SystemRoll {
            notation: format!("{dice}d6"),
            system: Some(System::LasersFeelings { target, lasers }),
        });
    }
    if pattern!("dheart").is_match(text) {
        return roll("2d12", Some(System::Daggerheart));
    }
    if pattern!("dheartgm").is_match(text) {
        return roll("1d20", None);
    }
    if let Some(c) = pattern!(r"ww(\d{1,2})(?:c(\d{1,2}))?").captures(text) {
        let (dice, cut) = (number(&c, 1)?, number(&c, 2).unwrap_or(0));
        return (dice > 0 && cut < dice)
            .then(|| SystemRoll { notation: format!("{dice}d6"), system: Some(System::WildWorlds { cut }) });
    }
    if let Some(c) = pattern!(r"mnm(?:\s*([+-]\s*\d{1,4}))?").captures(text) {
        return roll(format!("1d20{}", written(m(&c, 1))), Some(System::MutantsMasterminds));
    }
    if let Some(c) = pattern!(r"ol(\d{1,2})(?:\s*([ad])(\d{1,2}))?").captures(text) {
        return open_legend(number(&c, 1)?, c.get(2).map(|k| k.as_str()), number(&c, 3).unwrap_or(0));
    }
    if let Some(c) = pattern!(concat!(r"bnw(\d{1,2})", r"(?:\s*([+-]\s*\d{1,4}))?")).captures(text) {
        let dice = number(&c, 1)?;
        return (dice > 0).then(|| SystemRoll {
            notation: format!("{dice}d6{}", written(m(&c, 2))),
            system: Some(System::BraveNewWorld),
        });
    }
    if let Some(c) = pattern!(r"tdh(\d{1,2})([bn])?(c)?(?:\s*([+-]\s*\d{1,4}))?").captures(text) {
        let rating = i64::from(number(&c, 1)?) + m(&c, 4);
        let dice = match c.get(2).map(|k| k.as_str().to_ascii_lowercase()) {
            Some(k) if k == "b" => "2d6 adv1",
            Some(_) => "2d6 dis1",
            None => "2d6",
        };
        return roll(format!("{dice}{}", written(rating)), Some(System::DarkestHouse { call: c.get(3).is_some() }));
    }
    if let Some(c) = pattern!(r"wfrp(\d{1,3})(?:\s*([+-]\s*\d{1,3}))?").captures(text) {
        let target = i64::from(number(&c, 1)?) + m(&c, 2);
        return roll("1d100", Some(System::Wfrp { target }));
    }
    if let Some(c) = pattern!(r"([+-])?ms(\d{1,2})?").captures(text) {
        let stat = i64::from(number(&c, 2).unwrap_or(50));
        if stat == 0 {
            return None;
        }
        return match c.get(1).map(|s| s.as_str()) {
            Some(sign) => roll("2d100", Some(System::Mothership { stat, better: sign == "+" })),
            None => roll("1d100", Some(System::Mothership { stat, better: true })),
        };
    }
    if let Some(c) = pattern!(r"cs\s+(\d{1,2})(?:\s*([+-]\s*\d{1,4}))?").captures(text) {
        let level = number(&c, 1)?;
        return (1..=10).contains(&level).then(|| SystemRoll {
            notation: format!("1d20{}", written(m(&c, 2))),
            system: Some(System::Cypher { level }),
        });
    }
    if let Some(c) = pattern!(r"(\d{1,2})?dp").captures(text) {
        let dice = number(&c, 1).unwrap_or(1);
        return (dice > 0).then(|| SystemRoll { notation: format!("{dice}d6"), system: Some(System::Plot) });
    }
    if let Some(c) =
        pattern!(r"wng(?:\s+w(\d{1,2}))?(?:\s+dn(\d{1,2}))?(?:\s+(\d{1,2})d(\d{1,2}))?(?:\s*!\s*(soak|exempt|dmg))?")
            .captures(text)
    {
        let (count, sides) = (number(&c, 3).unwrap_or(1), number(&c, 4).unwrap_or(6));
        let wrath = number(&c, 1).unwrap_or(1).min(count);
        let system = System::WrathGlory { wrath, dn: number(&c, 2), sum: c.get(5).is_some() };
        return (count > 0).then(|| SystemRoll { notation: format!("{count}d{sides}"), system: Some(system) });
    }
    if let Some(c) = pattern!(r"mm(?:\s+(\d{0,2})([et])(?:\s+(\d{0,2})([et]))?)?").captures(text) {
        let mut edges = 0i32;
        for (amount, kind) in [(1, 2), (3, 4)] {
            let Some(kind) = c.get(kind) else { continue };
            let amount: i32 = c.get(amount).map_or("", |m| m.as_str()).parse().unwrap_or(1);
            edges += if kind.as_str().eq_ignore_ascii_case("e") { amount } else { -amount };
        }
        return roll("3d6", Some(System::Marvel { edges }));
    }
    if let Some(roll) = essence20(text) {
        return Some(roll);
    }
    if let Some(roll) = cthulhu(text) {
        return Some(roll);
    }
    if let Some(roll) = hero(text) {
        return Some(roll);
    }
    if let Some(c) = pattern!(r"fitd(\d{1,2})").captures(text) {
        let dice = number(&c, 1)?;
        return match dice {
            0 => roll("2d6kl1", Some(System::ForgedInTheDark { zero: true })),
            _ => roll(format!("{dice}d6kh1"), Some(System::ForgedInTheDark { zero: false })),
        };
    }
    if pattern!("dh").is_match(text) {
        return roll("1d10", Some(System::DarkHeresy));
    }
    if let Some(c) = pattern!(r"dh\s+(\d{1,3})d(\d{1,4})").captures(text) {
        let (count, sides) = (number(&c, 1)?, number(&c, 2)?);
        return (sides > 1)
            .then(|| SystemRoll { notation: format!("{count}d{sides}ie{sides}"), system: Some(System::DarkHeresy) });
    }
    if let Some(c) = pattern!(r"cpd(\d{1,3})(?:\s*([+*/-])\s*(\d{1,4}))?").captures(text) {
        let dice = number(&c, 1)?;
        let operation = c.get(2).map_or(String::new(), |op| format!(" {} {}", op.as_str(), &c[3]));
        return (1..=MAX_CYBERPUNK_DICE.into())
            .contains(&dice)
            .then(|| SystemRoll { notation: format!("{dice}d6{operation}"), system: Some(System::CyberpunkDamage) });
    }
    if dialect == Dialect::Maiden {
        if let Some(c) = pattern!(r"(attack|skill|save)(?:\s*([+-]\s*\d{1,4}))?").captures(text) {
            return roll(format!("1d20{}", written(modifier(&c, 2))), None);
        }
        if pattern!("age").is_match(text) {
            return roll("2d6 + 1d6", None);
        }
    }
    notation_only(text)
}

/// Most damage dice `cpdN` takes, as in Dice Maiden.
const MAX_CYBERPUNK_DICE: u16 = 500;

/// Why `text` (one whole roll, trimmed) is a game-system roll with a number its game
/// does not allow, or `None` when it is not one. Dice Maiden refuses these rather
/// than rolling something else; so does Rookery, saying what the game allows.
pub(crate) fn refused(text: &str) -> Option<&'static str> {
    let number = |c: &Captures, i| c.get(i).and_then(|m| m.as_str().parse::<u64>().ok());
    if pattern!(r"wfrp").is_match(text) {
        return Some("a Warhammer Fantasy roll needs a target of 1 to 100, like wfrp45 (or wfrp45 + 20)");
    }
    if let Some(c) = pattern!(r"wfrp(\d+)(?:\s*[+-]\s*\d+)?").captures(text) {
        return (!(1..=100).contains(&number(&c, 1)?))
            .then_some("a Warhammer Fantasy target is 1 to 100, like wfrp45 (or wfrp45 + 20)");
    }
    if let Some(c) = pattern!(r"(\d+)lf(\d+)[lf]?").captures(text) {
        let (dice, target) = (number(&c, 1)?, number(&c, 2)?);
        return (!(1..=20).contains(&dice) || !(2..=5).contains(&target))
            .then_some("Lasers & Feelings rolls 1 to 20 dice against a number from 2 to 5, like 2lf4");
    }
    if let Some(c) = pattern!(r"wng\s+w(\d+)(?:\s.*)?").captures(text) {
        return (!(1..=5).contains(&number(&c, 1)?))
            .then_some("Wrath & Glory rolls 1 to 5 wrath dice, like wng w2 4d6");
    }
    if let Some(c) = pattern!(r"ww(\d+)(?:c(\d+))?").captures(text) {
        let (dice, cut) = (number(&c, 1)?, number(&c, 2).unwrap_or(0));
        return (!(1..=20).contains(&dice) || cut >= dice)
            .then_some("Wild Worlds rolls 1 to 20 dice and cuts fewer than it rolls, like ww4c1");
    }
    if let Some(c) = pattern!(r"sil(\d+)(?:\s*[+-]\s*\d+)?").captures(text) {
        return (!(1..=10).contains(&number(&c, 1)?)).then_some("Silhouette rolls 1 to 10 dice, like sil3");
    }
    if let Some(c) = pattern!(r"cs\s*(\d+)(?:\s*[+-]\s*\d+)?").captures(text) {
        return (!(1..=10).contains(&number(&c, 1)?)).then_some("a Cypher System task is level 1 to 10, like cs 3");
    }
    if let Some(c) = pattern!(r"cpd(\d+)(?:\s*[+*/-]\s*\d+)?").captures(text) {
        return (!(1..=u64::from(MAX_CYBERPUNK_DICE)).contains(&number(&c, 1)?))
            .then_some("Cyberpunk RED damage rolls 1 to 500 dice, like cpd3");
    }
    None
}

/// Open Legend: a d20 and the attribute's dice, all exploding; advantage and
/// disadvantage on the attribute dice (on the d20, at most 1, for score 0).
fn open_legend(score: u32, kind: Option<&str>, level: u32) -> Option<SystemRoll> {
    let word = match kind.map(str::to_ascii_lowercase).as_deref() {
        Some("a") => "adv",
        Some(_) => "dis",
        None => "",
    };
    let dice = match score {
        0 => None,
        1 => Some((1, 4)),
        2 => Some((1, 6)),
        3 => Some((1, 8)),
        4 => Some((1, 10)),
        5 => Some((2, 6)),
        6 => Some((2, 8)),
        7 => Some((2, 10)),
        8 => Some((3, 8)),
        9 => Some((3, 10)),
        10 => Some((4, 8)),
        _ => return None,
    };
    let notation = match (dice, level) {
        (None, 0) => "1d20ie20".to_owned(),
        (None, _) if word.is_empty() => return None,
        (None, _) => format!("1d20ie20{word}1"),
        (Some((count, sides)), 0) => format!("1d20ie20 + {count}d{sides}ie{sides}"),
        (Some((count, sides)), level) => format!("1d20ie20 + {count}d{sides}ie{sides}{word}{level}"),
    };
    roll(notation, None)
}

/// Essence20's skill die ladder, rank 1 to 8: (dice, sides).
const ESSENCE20_RANKS: [(u32, u32); 8] = [(1, 2), (1, 4), (1, 6), (1, 8), (1, 10), (1, 12), (2, 8), (3, 6)];

/// Essence20: `ess1d8`, `essd8`, `+ess1d8` (edge), `-ess1d8` (snag), `ess1d8s`
/// (specialisation: every rank from the skill's down to the d2, drawn in that order),
/// `… + M`.
fn essence20(text: &str) -> Option<SystemRoll> {
    let c = pattern!(r"([+-])?ess(\d?)d(\d{1,2})(s)?(?:\s*([+-]\s*\d{1,4}))?").captures(text)?;
    let d20 = match c.get(1).map(|s| s.as_str()) {
        Some("+") => "2d20kh1",
        Some(_) => "2d20kl1",
        None => "1d20",
    };
    let count: u32 = if c[2].is_empty() { 1 } else { c[2].parse().ok()? };
    let sides = number(&c, 3)?;
    let rank = ESSENCE20_RANKS.iter().position(|&rank| rank == (count, sides))? + 1;
    let lowest = if c.get(4).is_some() { 1 } else { rank };
    let ladder: Vec<String> =
        (lowest..=rank).rev().map(|r| format!("{}d{}", ESSENCE20_RANKS[r - 1].0, ESSENCE20_RANKS[r - 1].1)).collect();
    let notation = format!("{d20} + {}{}", ladder.join(" + "), written(modifier(&c, 5)));
    roll(notation, Some(System::Essence20))
}

/// Call of Cthulhu: `coc 45`, `coc45`, with bonus and penalty dice written `b1`,
/// `bonus 1`, `bonus:1`, `p2`, `penalty:2` (a bonus and a penalty die cancel; at most
/// two remain, as the 7th edition allows). The units die is drawn first, then the tens
/// dice (each a d10 whose 10 reads 0).
fn cthulhu(text: &str) -> Option<SystemRoll> {
    let c = pattern!(r"coc\s*(\d{1,2})((?:\s+(?:b|p|bonus|penalty)\s*:?\s*\d)*)").captures(text)?;
    let skill = number(&c, 1)?;
    static EXTRA: OnceLock<Regex> = OnceLock::new();
    let extras = EXTRA.get_or_init(|| Regex::new(r"(?i)(b|p|bonus|penalty)\s*:?\s*(\d)").expect("a valid pattern"));
    let mut bonus = 0i32;
    for extra in extras.captures_iter(&c[2]) {
        let count: i32 = extra[2].parse().ok()?;
        bonus += if extra[1].to_ascii_lowercase().starts_with('b') { count } else { -count };
    }
    if bonus.abs() > 2 {
        return None;
    }
    let tens = 1 + bonus.unsigned_abs();
    roll(format!("1d10 + {tens}d10"), Some(System::Cthulhu { skill, bonus }))
}

/// Hero System: `2hsn`, `3hsk`, `2.5hsk`, `2hsk1`, `3hsh`, `hsn`, `hsk`, `hsh`.
fn hero(text: &str) -> Option<SystemRoll> {
    let c = pattern!(r"(\d{1,2})?(\.5)?hs([nkh])(1)?").captures(text)?;
    let kind = match c[3].to_ascii_lowercase().as_str() {
        "n" => Hero::Normal,
        "k" => Hero::Killing,
        _ => return roll("3d6", Some(System::Hero(Hero::Hit))),
    };
    let whole = number(&c, 1).unwrap_or(u32::from(c.get(2).is_none()));
    let half = c.get(2).is_some() || (c.get(4).is_some() && kind == Hero::Killing);
    let notation = match (whole, half) {
        (0, true) => "1d3".to_owned(),
        (0, false) => return None,
        (whole, true) => format!("{whole}d6 + 1d3"),
        (whole, false) => format!("{whole}d6"),
    };
    roll(notation, Some(System::Hero(kind)))
}

/// Dice Maiden's aliases that are plain dice with no reading of their own.
fn notation_only(text: &str) -> Option<SystemRoll> {
    if let Some(c) = pattern!(r"([+-])?a5e\s*([+-]\s*\d{1,4})?\s*ex(1|2|3|4|6|8|10|12|20|100)").captures(text) {
        let d20 = match c.get(1).map(|s| s.as_str()) {
            Some("+") => "2d20kh1",
            Some(_) => "2d20kl1",
            None => "1d20",
        };
        let expertise = match &c[3] {
            "1" => 4,
            "2" => 6,
            "3" => 8,
            sides => sides.parse().ok()?,
        };
        return roll(format!("{d20}{} + 1d{expertise}", written(modifier(&c, 2))), None);
    }
    if let Some(c) = pattern!(r"ex(\d{1,2})(?:t(\d{1,2}))?").captures(text) {
        let (dice, target) = (number(&c, 1)?, number(&c, 2).unwrap_or(7));
        return (dice > 0 && (1..=10).contains(&target))
            .then(|| SystemRoll { notation: format!("{dice}d10 t{target}ds10"), system: None });
    }
    if let Some(c) = pattern!(r"sp(\d{1,2})(?:t(\d{1,2}))?").captures(text) {
        let (dice, target) = (number(&c, 1)?, number(&c, 2).unwrap_or(8));
        return (dice > 0).then(|| SystemRoll { notation: format!("{dice}d10 t{target} ie10"), system: None });
    }
    if let Some(c) = pattern!(r"snm(\d{1,2})").captures(text) {
        return roll(format!("{}d6 ie6 t4", number(&c, 1)?), None);
    }
    if let Some(c) = pattern!(r"(\d{1,2})yz").captures(text) {
        return roll(format!("{}d6 t6", number(&c, 1)?), None);
    }
    if let Some(c) = pattern!(r"(\d{1,2})wh(\d)\+").captures(text) {
        return roll(format!("{}d6 t{}", number(&c, 1)?, number(&c, 2)?), None);
    }
    if let Some(c) = pattern!(r"ed(4e)?(\d{1,3})").captures(text) {
        return roll(earthdawn::step(number(&c, 2)?, c.get(1).is_some())?, None);
    }
    if let Some(c) = pattern!(r"d6s(\d{1,2})(?:\s*\+\s*(\d{1,2}))?").captures(text) {
        let pips = number(&c, 2).map_or(String::new(), |pips| format!(" + {pips}"));
        return roll(format!("{}d6 + 1d6ie{pips}", number(&c, 1)?), None);
    }
    if let Some(c) = pattern!(r"(\d{1,2})d6l").captures(text) {
        return match number(&c, 1)? {
            0 => None,
            1 => roll("1d6 t4 f1 ie6", None),
            dice => roll(format!("{}d6 t4 + 1d6 t4 f1 ie6", dice - 1), None),
        };
    }
    None
}

pub(crate) use read::finish;
