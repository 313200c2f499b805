//! docs/verify.html, the browser verifier, run in headless Chromium (Debian's
//! `chromium` package) on the published vectors: the documented transcripts verify,
//! and tampered ones (a face, a total, the seed, the entropy, an unopened sealed
//! roll) are marked as mismatches. Skipped, saying so, when Chromium is missing.

use std::path::Path;
use std::process::Command;

const PAGE: &str = include_str!("../../docs/verify.html");
const DOC: &str = include_str!("../../docs/fairness.md");

fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| Command::new(name).arg("--version").output().is_ok_and(|out| out.status.success()))
}

fn block_after(marker: &str) -> String {
    let start = format!("{marker}\n```text\n");
    let from = DOC.find(&start).expect("the marker") + start.len();
    DOC[from..from + DOC[from..].find("```").expect("the block's end")].to_owned()
}

fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The page's verdict on `transcript` (`verified`, `mismatch`, ...) and its table rows.
fn page_verdict(browser: &str, dir: &Path, transcript: &str) -> (String, String) {
    let url = format!("file://{}#t={}", dir.join("verify.html").display(), base64url(transcript.as_bytes()));
    let output = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000", "--dump-dom", &url])
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&output.stdout).into_owned();
    let marker = "id=\"summary\" data-state=\"";
    let at = dom
        .find(marker)
        .unwrap_or_else(|| panic!("no summary in the page:\n{dom}\n{}", String::from_utf8_lossy(&output.stderr)));
    let state = &dom[at + marker.len()..];
    (state[..state.find('"').unwrap()].to_owned(), dom)
}

#[test]
fn the_browser_verifier_checks_the_published_vectors() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: Chromium is not installed (apt-get install -y chromium); docs/verify.html was not run");
        return;
    };
    let dir = tempfile_dir();
    std::fs::write(dir.join("verify.html"), PAGE).unwrap();
    let example = block_after("<!-- example-transcript -->");
    let entropy = block_after("<!-- entropy-transcript -->");

    let (state, dom) = page_verdict(browser, &dir, &example);
    assert_eq!(state, "verified", "{dom}");
    assert!(dom.contains("All 3 rolls check out"), "{dom}");
    assert!(dom.contains("<td>9,24</td>"), "the totals are re-derived: {dom}");
    let (state, dom) = page_verdict(browser, &dir, &entropy);
    assert_eq!(state, "verified", "{dom}");

    let tampered = [
        ("a face", example.replace("6:3,6:2,6:1,6:4", "6:3,6:2,6:1,6:5")),
        ("a total", example.replace("totals=9,24", "totals=9,25")),
        ("the seed", example.replace("seed 000102", "seed 100102")),
        ("the entropy", entropy.replace("entropy=1181551392518402089", "entropy=1181551392518402088")),
        ("a sealed roll's line", example.replace("# ambush", "# ambush!")),
        (
            "an unopened sealed roll",
            example.lines().filter(|l| !l.starts_with("roll 2")).collect::<Vec<_>>().join("\n")
                + "\nsealed 2 72dac080232cba0592544dfb51d8bdca19e11d94dd3a9d9c0ccdf66571ed43cd\n",
        ),
    ];
    for (what, transcript) in tampered {
        let (state, dom) = page_verdict(browser, &dir, &transcript);
        assert_eq!(state, "mismatch", "tampering with {what} went unnoticed:\n{dom}");
        assert!(dom.contains("MISMATCH"), "{what}: {dom}");
    }
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rookery-verify-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
