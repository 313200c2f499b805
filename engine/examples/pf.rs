use rookery_engine::{fen, perft::perft, Variant};
fn main() {
    let rules = Variant::Chess.rules().unwrap();
    let mut p = fen::chess::parse(&rules, &std::env::args().nth(1).unwrap()).unwrap();
    let d: u32 = std::env::args().nth(2).unwrap().parse().unwrap();
    let t = std::time::Instant::now();
    let n = perft(&mut p, d);
    let s = t.elapsed().as_secs_f64();
    println!("{n} nodes {s:.3}s {:.1} Mnps", n as f64 / s / 1e6);
}
