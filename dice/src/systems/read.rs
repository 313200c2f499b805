//! What each system makes of its dice: the total Dice Maiden shows and the note
//! under it.

use super::{Hero, System};
use crate::{DiceResult, Evaluated};

/// Most dice a reading draws beyond the roll's own (a Witcher chain, Brave New
/// World's explosions), like Dice Maiden's cap of 100.
const MAX_READING_DICE: usize = 100;

/// The total and note of `system` for an evaluated roll whose notation gave `total`;
/// `draw` rolls a die the reading needs (after the roll's own dice).
pub(crate) fn finish(system: System, expr: &Evaluated, total: i64, draw: &mut dyn FnMut(u32) -> i64) -> (i64, String) {
    let mut terms = Vec::new();
    collect(expr, &mut terms);
    let kept = |term: usize| -> Vec<i64> {
        terms.get(term).map_or_else(Vec::new, |t| t.dice.iter().filter(|d| d.kept).map(|d| d.value).collect())
    };
    let all: Vec<i64> = terms.iter().flat_map(|t| t.dice.iter().filter(|d| d.kept).map(|d| d.value)).collect();
    let dice_sum: i64 = terms.iter().map(|t| t.total).sum();
    // The flat modifier the notation added to its dice (`wit + 5`).
    let modifier = total - dice_sum;
    match system {
        System::Alien { stress } => alien(&all, &kept(1), stress, draw),
        System::Vampire { hunger } => {
            let split = all.len().saturating_sub(hunger as usize);
            vampire(&all[..split], &all[split..])
        }
        System::ConanSkill => {
            let skill = kept(0).len() as i64;
            let combat = kept(1);
            let damage: i64 = combat.iter().map(|&v| conan_combat(v)).sum();
            let specials = combat.iter().filter(|&&v| v >= 5).count();
            let note = if combat.is_empty() {
                format!("Conan skill roll: {skill} d20s")
            } else {
                format!("Conan: {skill} d20s + {damage} combat damage, {specials} special effect(s) (1=1, 2=2, 3-4=0, 5-6=1+special)")
            };
            (skill + damage + modifier, note)
        }
        System::ConanCombat => {
            let dice = kept(0);
            let damage: i64 = dice.iter().map(|&v| conan_combat(v)).sum();
            let specials = dice.iter().filter(|&&v| v >= 5).count();
            (damage, format!("combat dice: {damage} damage, {specials} special effect(s)"))
        }
        System::Silhouette => {
            let dice = kept(0);
            let highest = dice.iter().copied().max().unwrap_or(0);
            let extra = dice.iter().filter(|&&v| v == 6).count().saturating_sub(1) as i64;
            let note = if extra > 0 {
                format!("highest {highest}, extra 6s add +{extra}")
            } else {
                format!("highest {highest}")
            };
            (highest + extra + modifier, note)
        }
        System::Witcher => witcher(kept(0).first().copied().unwrap_or(0), modifier, draw),
        System::Godbound { straight: true } => (total, "straight damage (no chart)".to_owned()),
        System::Godbound { straight: false } => {
            let damage = if modifier != 0 { godbound(total) } else { all.iter().map(|&v| godbound(v)).sum() };
            (damage, format!("damage chart (1-=0, 2-5=1, 6-9=2, 10+=4): {damage} damage"))
        }
        System::LasersFeelings { target, lasers } => {
            let target = i64::from(target);
            let dice = kept(0);
            let successes = dice.iter().filter(|&&v| if lasers { v <= target } else { v >= target }).count() as i64;
            let insight = dice.iter().filter(|&&v| v == target).count();
            let kind = if lasers { "Lasers" } else { "Feelings" };
            let mut note = format!("{kind}, target {target}: {successes} success{}", plural_es(successes));
            if insight > 0 {
                note.push_str(&format!("; {insight} LASER FEELINGS: ask the GM a question"));
            }
            (successes, note)
        }
        System::Daggerheart => {
            let dice = kept(0);
            let (hope, fear) = (dice.first().copied().unwrap_or(0), dice.get(1).copied().unwrap_or(0));
            let sum = hope + fear;
            let reading = match hope.cmp(&fear) {
                std::cmp::Ordering::Equal => "Critical Success!".to_owned(),
                std::cmp::Ordering::Greater => format!("{sum} with Hope"),
                std::cmp::Ordering::Less => format!("{sum} with Fear"),
            };
            (sum, format!("Hope {hope}, Fear {fear}: {reading}"))
        }
        System::WildWorlds { cut } => wild_worlds(kept(0), cut),
        System::MutantsMasterminds => {
            let over = total - 10;
            let note = if over >= 0 {
                let degrees = over / 5 + 1;
                format!("success, {degrees} degree{} (vs DC 10)", plural_s(degrees))
            } else {
                let degrees = (-over - 1) / 5 + 1;
                format!("failure, {degrees} degree{} (vs DC 10)", plural_s(degrees))
            };
            (total, note)
        }
        System::BraveNewWorld => brave_new_world(&kept(0), modifier, draw),
        System::DarkestHouse { call } => {
            let action = kept(0);
            let highest = action.iter().copied().max().unwrap_or(0);
            let house = draw(6);
            if call {
                (total + house, format!("House Die {house} added: the House acts, and you gain 1 Doom"))
            } else if house > highest {
                (total, format!("House Die {house}: the House acts"))
            } else {
                (total, format!("House Die {house}: the House waits"))
            }
        }
        System::Wfrp { target } => wfrp(target, kept(0).first().copied().unwrap_or(0)),
        System::Mothership { stat, better } => mothership(stat, better, &kept(0)),
        System::Cypher { level } => {
            let face = kept(0).first().copied().unwrap_or(0);
            let target = i64::from(level) * 3;
            let mut note = format!(
                "level {level} task: {} ({face} vs target {target})",
                if face >= target { "success" } else { "failure" }
            );
            match face {
                1 => note.push_str("; GM Intrusion"),
                17..=19 => note.push_str("; minor effect"),
                20 => note.push_str("; major effect"),
                _ => {}
            }
            (total, note)
        }
        System::Plot => {
            let faces = kept(0);
            let symbols: Vec<&str> = faces
                .iter()
                .map(|&v| match v {
                    1 => "Complication +2",
                    2 => "Complication +4",
                    3 | 4 => "—",
                    _ => "Opportunity",
                })
                .collect();
            let value: i64 = faces.iter().map(|&v| if v <= 2 { v * 2 } else { 0 }).sum();
            (value, format!("plot dice: {}", symbols.join(", ")))
        }
        System::Hero(kind) => hero(kind, &terms, total, draw),
        System::ForgedInTheDark { zero } => {
            let dice: Vec<i64> = terms.first().map_or_else(Vec::new, |t| t.dice.iter().map(|d| d.value).collect());
            let sixes = dice.iter().filter(|&&v| v == 6).count();
            let outcome = match total {
                ..=3 => "failure",
                4 | 5 => "partial success",
                _ if !zero && sixes > 1 => "critical success",
                _ => "success",
            };
            let note = if zero { format!("{outcome} (zero dice: desperate)") } else { outcome.to_owned() };
            (total, note)
        }
        System::DarkHeresy => {
            let fury = all.iter().filter(|&&v| v == 10).count();
            let note =
                if fury > 0 { "Righteous Fury! (a natural 10)".to_owned() } else { "no Righteous Fury".to_owned() };
            (total, note)
        }
        System::WrathGlory { wrath, dn, sum } => wrath_glory(&all, wrath as usize, dn, sum),
        System::Marvel { edges } => marvel(&all, edges, draw),
        System::Essence20 => essence20(&terms, modifier),
        System::Cthulhu { skill, bonus } => cthulhu(&all, i64::from(skill), bonus),
        System::CyberpunkDamage => {
            let sixes = kept(0).iter().filter(|&&v| v == 6).count();
            let note = if sixes >= 2 {
                "Critical Injury: roll 2d6 on the table; 5 bonus damage direct to Hit Points".to_owned()
            } else {
                "no Critical Injury".to_owned()
            };
            (total, note)
        }
    }
}

fn collect<'a>(expr: &'a Evaluated, out: &mut Vec<&'a DiceResult>) {
    match expr {
        Evaluated::Number(_) | Evaluated::Decimal(_) => {}
        Evaluated::Dice(dice) => out.push(dice),
        Evaluated::Negate(inner) | Evaluated::Group(inner) => collect(inner, out),
        Evaluated::Binary { lhs, rhs, .. } => {
            collect(lhs, out);
            collect(rhs, out);
        }
        Evaluated::Set(items) => items.iter().for_each(|(item, _)| collect(item, out)),
    }
}

fn plural_s(n: i64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn plural_es(n: i64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "es"
    }
}

fn alien(all: &[i64], stress_dice: &[i64], stress: u32, draw: &mut dyn FnMut(u32) -> i64) -> (i64, String) {
    let successes = all.iter().filter(|&&v| v == 6).count() as i64;
    let mut note = format!("{successes} success{}", plural_es(successes));
    if stress > 0 {
        if stress_dice.contains(&1) {
            let panic = draw(6) + i64::from(stress);
            note.push_str(&format!("; PANIC ROLL 1d6 + {stress} = {panic}: {}; cannot push", panic_effect(panic)));
        } else {
            note.push_str("; push available (add `p`)");
        }
    }
    (successes, note)
}

/// Alien RPG's panic table, as Dice Maiden words it.
fn panic_effect(roll: i64) -> &'static str {
    match roll {
        ..=6 => "keeping it together",
        7 => "Tremble (-2 to next roll)",
        8 => "Drop Item",
        9 => "Freeze (lose your next turn)",
        10 => "Seek Cover",
        11 => "Scream (everyone who hears must panic roll)",
        12 => "Flee",
        13 => "Berserk",
        14 => "Catatonic",
        _ => "Heart Attack (Broken)",
    }
}

fn vampire(regular: &[i64], hunger: &[i64]) -> (i64, String) {
    let every: Vec<i64> = regular.iter().chain(hunger).copied().collect();
    let tens = every.iter().filter(|&&v| v == 10).count() as i64;
    let pairs = tens / 2;
    let successes = every.iter().filter(|&&v| v >= 6).count() as i64 + pairs * 2;
    let hunger_tens = hunger.contains(&10);
    let hunger_ones = hunger.contains(&1);
    let mut note = format!("{successes} success{}", plural_es(successes));
    if pairs > 0 {
        note.push_str(if hunger_tens { "; MESSY CRITICAL" } else { "; critical success" });
    } else if successes == 0 && hunger_ones {
        note.push_str("; BESTIAL FAILURE");
    } else if hunger_ones {
        note.push_str("; a 1 on a hunger die: bestial failure if the roll fails");
    }
    (successes, note)
}

fn conan_combat(face: i64) -> i64 {
    match face {
        1 => 1,
        2 => 2,
        3 | 4 => 0,
        _ => 1,
    }
}

fn witcher(first: i64, modifier: i64, draw: &mut dyn FnMut(u32) -> i64) -> (i64, String) {
    let mut total = first;
    let mut chain = Vec::new();
    let mut current = first;
    while (current == 10 || current == 1) && chain.len() < MAX_READING_DICE {
        let next = draw(10);
        total += if first == 10 { next } else { -next };
        chain.push(next.to_string());
        if next != current {
            break;
        }
        current = next;
    }
    let note = match first {
        10 => format!("critical success: added {}", chain.join(", ")),
        1 => format!("critical failure: subtracted {}", chain.join(", ")),
        _ => "no critical".to_owned(),
    };
    (total + modifier, note)
}

fn godbound(value: i64) -> i64 {
    match value {
        ..=1 => 0,
        2..=5 => 1,
        6..=9 => 2,
        _ => 4,
    }
}

fn wild_worlds(mut dice: Vec<i64>, cut: u32) -> (i64, String) {
    dice.sort_unstable_by(|a, b| b.cmp(a));
    let left = &dice[(cut as usize).min(dice.len())..];
    let highest = left.first().copied().unwrap_or(0);
    let twist = (1..=6).any(|face| left.iter().filter(|&&v| v == face).count() >= 2);
    let reading = match highest {
        6 => "Triumph",
        4 | 5 => "Conflict",
        _ => "Disaster",
    };
    let mut note = format!("{reading} ({highest})");
    if cut > 0 {
        note = format!("cut {cut} highest; {note}");
    }
    if twist {
        note.push_str(" + Twist (doubles)");
    }
    (highest, note)
}

fn brave_new_world(pool: &[i64], modifier: i64, draw: &mut dyn FnMut(u32) -> i64) -> (i64, String) {
    let mut results = pool.to_vec();
    let mut exploded = 0;
    for &face in pool {
        if face == 6 && exploded < MAX_READING_DICE {
            results.push(6 + draw(6));
            exploded += 1;
        }
    }
    let ones = pool.iter().filter(|&&v| v == 1).count();
    let disaster = pool.len() >= 4 && ones > pool.len() / 2;
    let highest = results.iter().copied().max().unwrap_or(0);
    let shown: Vec<String> = results[pool.len()..].iter().map(i64::to_string).collect();
    let mut note = if shown.is_empty() {
        format!("highest {highest}")
    } else {
        format!("6s became {}; highest {highest}", shown.join(", "))
    };
    let best = if disaster {
        note.push_str("; Disaster! a majority of 1s");
        0
    } else {
        highest
    };
    (best + modifier, note)
}

fn wfrp(target: i64, roll: i64) -> (i64, String) {
    let automatic_success = roll <= 5;
    let automatic_failure = roll >= 96;
    let success = automatic_success || (!automatic_failure && roll <= target);
    let rolled = target / 10 - roll / 10;
    let levels = if automatic_success {
        rolled.max(1)
    } else if automatic_failure {
        rolled.min(-1)
    } else {
        rolled
    };
    let signed = match levels {
        0 if success => "+0".to_owned(),
        0 => "-0".to_owned(),
        l if l > 0 => format!("+{l}"),
        l => l.to_string(),
    };
    let verdict = match (success, automatic_success || automatic_failure) {
        (true, true) => "automatic success (01-05)",
        (true, false) => "success",
        (false, true) => "automatic failure (96-00)",
        (false, false) => "failure",
    };
    let mut note = format!("{verdict}, {signed} SL (target {target})");
    if roll == 100 || roll / 10 == roll % 10 {
        note.push_str(if success {
            "; ASTOUNDING SUCCESS (doubles): a Critical Hit in combat"
        } else {
            "; ASTOUNDING FAILURE (doubles): a Fumble in combat"
        });
    }
    (levels, note)
}

fn mothership(stat: i64, better: bool, rolls: &[i64]) -> (i64, String) {
    let double = |roll: i64| roll == 100 || roll / 10 == roll % 10;
    // Best first: critical success, success, critical failure, failure.
    let rank = |roll: i64| match (roll <= stat, double(roll)) {
        (true, true) => 0,
        (true, false) => 1,
        (false, true) => 2,
        (false, false) => 3,
    };
    let chosen = match rolls {
        [one] => *one,
        [a, b] => {
            let (ra, rb) = (rank(*a), rank(*b));
            match (better, ra.cmp(&rb)) {
                (true, std::cmp::Ordering::Less) | (false, std::cmp::Ordering::Greater) => *a,
                (true, std::cmp::Ordering::Greater) | (false, std::cmp::Ordering::Less) => *b,
                (true, _) => *a.min(b),
                (false, _) => *a.max(b),
            }
        }
        _ => 0,
    };
    let reading = ["CRITICAL SUCCESS", "success", "CRITICAL FAILURE", "failure"][rank(chosen)];
    let note = match rolls {
        [a, b] => format!(
            "{} (target ≤{stat}): rolled {a} and {b}, kept {chosen}: {reading}",
            if better { "advantage" } else { "disadvantage" }
        ),
        _ => format!("target ≤{stat}: {reading}"),
    };
    (chosen, note)
}

fn hero(kind: Hero, terms: &[&DiceResult], total: i64, draw: &mut dyn FnMut(u32) -> i64) -> (i64, String) {
    match kind {
        Hero::Normal => {
            let mut body = 0;
            for term in terms {
                let third = term.notation.to_ascii_lowercase().ends_with("d3");
                for die in &term.dice {
                    body += match (third, die.value) {
                        (true, 3) => 1,
                        (true, 2) => draw(2) - 1,
                        (true, _) => 0,
                        (false, 6) => 2,
                        (false, 1) => 0,
                        (false, _) => 1,
                    };
                }
            }
            (total, format!("normal damage: {body} BODY, {total} STUN"))
        }
        Hero::Killing => {
            let multiplier = draw(3);
            let stun = total * multiplier;
            (stun, format!("killing damage: {total} BODY, {stun} STUN (×{multiplier})"))
        }
        Hero::Hit => (total, "to hit: 3d6 roll-under, succeeds at 11 + OCV − DCV or less".to_owned()),
    }
}

fn wrath_glory(dice: &[i64], wrath: usize, dn: Option<u32>, sum: bool) -> (i64, String) {
    let wrath_dice = &dice[..wrath.min(dice.len())];
    let (total, mut note) = if sum {
        let total: i64 = dice.iter().sum();
        (total, format!("total {total}"))
    } else {
        let icons = dice.iter().filter(|&&v| v == 4 || v == 5).count() as i64;
        let exalted = dice.iter().filter(|&&v| v == 6).count() as i64;
        let total = icons + 2 * exalted;
        (total, format!("{total} successes ({icons} icons, {exalted} exalted icons)"))
    };
    if let Some(dn) = dn {
        note.push_str(&format!("; DN {dn}: {}", if total >= i64::from(dn) { "PASS" } else { "FAIL" }));
    }
    if wrath_dice.contains(&1) {
        note.push_str("; wrath die 1: Complication!");
    }
    if !sum && wrath_dice.contains(&6) {
        note.push_str("; wrath die 6: Critical!");
    }
    (total, note)
}

fn marvel(dice: &[i64], edges: i32, draw: &mut dyn FnMut(u32) -> i64) -> (i64, String) {
    let mut rolls = [0i64; 3];
    for (slot, &value) in rolls.iter_mut().zip(dice) {
        *slot = value;
    }
    let fantastic = rolls[1] == 1;
    if fantastic {
        rolls[1] = 6;
    }
    let mut changes = Vec::new();
    for _ in 0..edges.unsigned_abs() {
        // Dice Maiden rerolls the first lowest die (edge) or the last highest (trouble).
        let index = if edges > 0 {
            (0..3).min_by_key(|&i| rolls[i]).unwrap_or(0)
        } else {
            (0..3).max_by_key(|&i| rolls[i]).unwrap_or(0)
        };
        let new = draw(6);
        let better = if edges > 0 { new > rolls[index] } else { new < rolls[index] };
        changes.push(format!("{}→{new}{}", rolls[index], if better { "" } else { " (kept)" }));
        if better {
            rolls[index] = new;
        }
    }
    let total: i64 = rolls.iter().sum();
    let mut note =
        format!("Marvel die {}", if fantastic { "Fantastic (counts 6)".to_owned() } else { rolls[1].to_string() });
    if !changes.is_empty() {
        let kind = if edges > 0 { "edge" } else { "trouble" };
        note.push_str(&format!("; {kind} rerolls {}", changes.join(", ")));
    }
    (total, note)
}

/// Call of Cthulhu 7e: `dice` is the units die then the tens dice, each d10 face
/// 10 reading 0; tens 0 with units 0 is 100. A bonus die keeps the tens giving the
/// lowest result, a penalty die the highest.
fn cthulhu(dice: &[i64], skill: i64, bonus: i32) -> (i64, String) {
    let Some((&units, tens)) = dice.split_first() else {
        return (0, String::new());
    };
    let value = |tens: i64| match (tens % 10) * 10 + units % 10 {
        0 => 100,
        v => v,
    };
    let candidates = tens.iter().map(|&t| value(t));
    let roll = if bonus >= 0 { candidates.min() } else { candidates.max() }.unwrap_or(100);
    let fumble = if skill < 50 { roll >= 96 } else { roll == 100 };
    let level = if roll == 1 {
        "critical success"
    } else if fumble {
        "fumble"
    } else if roll <= skill / 5 {
        "extreme success"
    } else if roll <= skill / 2 {
        "hard success"
    } else if roll <= skill {
        "regular success"
    } else {
        "failure"
    };
    let mut note = format!("{roll} vs {skill}: {level}");
    if bonus != 0 {
        let shown: Vec<String> = tens.iter().map(|&t| format!("{}", (t % 10) * 10)).collect();
        let kind = if bonus > 0 { "bonus" } else { "penalty" };
        note.push_str(&format!(
            " ({} {kind} di{}; tens {})",
            bonus.abs(),
            if bonus.abs() == 1 { "e" } else { "ce" },
            shown.join(", ")
        ));
    }
    (roll, note)
}

fn essence20(terms: &[&DiceResult], modifier: i64) -> (i64, String) {
    let Some((d20, ranks)) = terms.split_first() else {
        return (0, String::new());
    };
    let mut kept = 0;
    for (index, rank) in ranks.iter().enumerate() {
        if rank.total > ranks[kept].total {
            kept = index;
        }
    }
    let best = ranks.get(kept).map_or(0, |rank| rank.total);
    let mut notes = Vec::new();
    if ranks.len() > 1 {
        let ladder: Vec<&str> = ranks.iter().map(|rank| rank.notation.as_str()).collect();
        notes.push(format!("specialisation: kept {} ({best}), highest of {}", ranks[kept].notation, ladder.join(", ")));
    }
    let critical: Vec<&str> = ranks
        .iter()
        .filter(|rank| {
            let sides: i64 = rank.notation.rsplit(['d', 'D']).next().and_then(|s| s.parse().ok()).unwrap_or(0);
            rank.dice.iter().all(|die| die.value == sides)
        })
        .map(|rank| rank.notation.as_str())
        .collect();
    if !critical.is_empty() {
        notes.push(format!("CRITICAL SUCCESS: maximum on {}", critical.join(", ")));
    }
    if d20.dice.iter().any(|die| die.kept && die.value == 20) {
        notes.push("natural 20 on the d20".to_owned());
    }
    if notes.is_empty() {
        notes.push(format!("skill die {best}"));
    }
    (d20.total + best + modifier, notes.join("; "))
}
