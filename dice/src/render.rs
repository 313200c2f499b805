//! Results as Discord-flavoured text.
//!
//! `stealth: 1d20 (17) + 5 = **22**`. Dropped dice and faces replaced by rerolls are
//! struck through (`~~3~~`), exploded dice carry `!`, compounded ones `!!`, successes
//! are bold and failures italic.

use std::fmt::Write;

use super::{Evaluated, ExplosionKind, RollResult, RolledDie, Tally, MAX_EXTRA_DICE_PER_ROLL};

/// Renders every roll of a line, one per line of text.
pub fn render(results: &[RollResult]) -> String {
    results.iter().map(render_roll).collect::<Vec<_>>().join("\n")
}

/// Renders one roll: label, each term with its dice, and the total.
pub fn render_roll(result: &RollResult) -> String {
    let mut out = String::new();
    if let Some(label) = &result.label {
        out.push_str(label);
        out.push_str(": ");
    }
    if result.flags.simple {
        let _ = write!(out, "**{}**", result.total);
    } else {
        write_expr(&mut out, &result.expr);
        if !result.flags.no_result {
            let _ = write!(out, " = **{}**", result.total);
        }
    }
    if let Some(note) = &result.note {
        let _ = write!(out, " → {note}");
    }
    if result.capped {
        let _ = write!(out, " (explosions and rerolls stopped after {MAX_EXTRA_DICE_PER_ROLL} extra dice)");
    }
    out
}

fn write_expr(out: &mut String, expr: &Evaluated) {
    match expr {
        Evaluated::Number(value) => {
            let _ = write!(out, "{value}");
        }
        Evaluated::Decimal(shown) => out.push_str(shown),
        Evaluated::Dice(dice) => {
            out.push_str(&dice.notation);
            out.push_str(" (");
            for (i, die) in dice.dice.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_die(out, die);
            }
            if !dice.implosions.is_empty() {
                let imploded: Vec<String> = dice.implosions.iter().map(i64::to_string).collect();
                let _ = write!(out, "; imploded −{}", imploded.join(", −"));
            }
            if let Some(botches) = dice.botches {
                let _ = write!(out, "; {botches} botch{}", if botches == 1 { "" } else { "es" });
            }
            out.push(')');
        }
        Evaluated::Set(items) => {
            out.push('(');
            for (i, (item, kept)) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if *kept {
                    write_expr(out, item);
                } else {
                    let mut dropped = String::new();
                    write_expr(&mut dropped, item);
                    // Strike the item through without nesting strike marks.
                    let _ = write!(out, "~~{}~~", dropped.replace("~~", ""));
                }
            }
            out.push(')');
        }
        Evaluated::Negate(operand) => {
            out.push('-');
            write_expr(out, operand);
        }
        Evaluated::Group(inner) => {
            out.push('(');
            write_expr(out, inner);
            out.push(')');
        }
        Evaluated::Binary { op, lhs, rhs } => {
            write_expr(out, lhs);
            let _ = write!(out, " {} ", op.symbol());
            write_expr(out, rhs);
        }
    }
}

fn write_die(out: &mut String, die: &RolledDie) {
    for value in &die.rerolled {
        let _ = write!(out, "~~{value}~~, ");
    }
    let mark = match die.explosion {
        None => "",
        Some(ExplosionKind::Exploded) => "!",
        Some(ExplosionKind::Compounded) => "!!",
    };
    let shown = format!("{}{mark}", die.value);
    let _ = match (die.kept, die.tally) {
        (false, _) => write!(out, "~~{shown}~~"),
        (true, Some(Tally::Success)) => write!(out, "**{shown}**"),
        (true, Some(Tally::Failure)) => write!(out, "*{shown}*"),
        (true, None) => write!(out, "{shown}"),
    };
}
