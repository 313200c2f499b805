//! Running docs/verify.html in headless Chromium (Debian's `chromium` package) and
//! reading its verdict, for the tests of the browser verifier.

// Each test file that includes this module uses only some of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The page as committed.
pub const PAGE: &str = include_str!("../../../docs/verify.html");

/// The Chromium to run, if one is installed.
pub fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| Command::new(name).arg("--version").output().is_ok_and(|out| out.status.success()))
}

/// A fresh folder holding a copy of the page, named after the test.
pub fn page_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rookery-verify-html-{}", std::process::id())).join(test);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("verify.html"), PAGE).unwrap();
    dir
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
pub fn page_verdict(browser: &str, dir: &Path, transcript: &str) -> (String, String) {
    page_verdict_against(browser, dir, transcript, None)
}

/// [`page_verdict`], with the chain of the reveal post typed in when given.
pub fn page_verdict_against(
    browser: &str,
    dir: &Path,
    transcript: &str,
    reveal_chain: Option<&str>,
) -> (String, String) {
    let mut url = format!("file://{}#t={}", dir.join("verify.html").display(), base64url(transcript.as_bytes()));
    if let Some(chain) = reveal_chain {
        url.push_str(&format!("&c={chain}"));
    }
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

/// The table rows of the page: each row's state and its cells' text.
pub fn table_rows(dom: &str) -> Vec<(String, Vec<String>)> {
    let body = &dom[dom.find("<tbody>").expect("the table")..];
    let unescape = |s: &str| s.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    body.split("<tr data-state=\"")
        .skip(1)
        .map(|row| {
            let state = row[..row.find('"').unwrap()].to_owned();
            let cells = row.split("<td").skip(1).map(|cell| {
                let text = &cell[cell.find('>').unwrap() + 1..];
                unescape(&text[..text.find("</td>").unwrap()])
            });
            (state, cells.collect())
        })
        .collect()
}
