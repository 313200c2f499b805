//! A PostgreSQL server for tests and benches: the one named by
//! `ROOKERY_TEST_DATABASE_URL` (`.ci/run` starts a throwaway one), and a
//! schema of its own for each run, so runs never see each other's rows and
//! need no database of their own.

use std::io::Write;

/// The environment variable that names the test server.
pub const TEST_SERVER_VARIABLE: &str = "ROOKERY_TEST_DATABASE_URL";

/// The test server's URL; without one, says on the terminal that `what` is
/// skipped and how to run it, and gives `None`.
pub fn test_server(what: &str) -> Option<String> {
    let url = std::env::var(TEST_SERVER_VARIABLE).ok();
    if url.is_none() {
        // Straight to the terminal: the test harness captures `eprintln!`.
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: {what} (set {TEST_SERVER_VARIABLE} to a PostgreSQL database to run it; .ci/run starts one)"
        );
    }
    url
}

/// An empty schema named `schema` on the server at `server` (dropped first
/// if it exists), and the URL that makes it every connection's own.
/// The client blocks: on a tokio runtime, call it inside `block_in_place`.
pub fn empty_schema(server: &str, schema: &str) -> Result<String, postgres::Error> {
    let mut admin = postgres::Client::connect(server, postgres::NoTls)?;
    admin.batch_execute(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"))?;
    let separator = if server.contains('?') { '&' } else { '?' };
    Ok(format!("{server}{separator}options=-c%20search_path%3D{schema}"))
}
