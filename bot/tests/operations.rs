//! The operations endpoint scraped as Prometheus would, with a plain HTTP
//! request: commands run through the real core show up in `/metrics`, and
//! `/healthz` and `/readyz` say what they promise.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;

use common::{alice, bob, Table};
use rookery::core::Command;
use rookery::telemetry::endpoint::{Endpoint, Health};

/// `GET path` over a fresh connection: the status code and the body.
fn get(address: SocketAddr, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(address).expect("connecting to the endpoint");
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("a header and a body");
    let status = head.split_whitespace().nth(1).and_then(|code| code.parse().ok()).expect("a status line");
    (status, body.to_string())
}

/// The value of the series `name` exactly as written (labels included).
fn value(metrics: &str, series: &str) -> Option<f64> {
    metrics.lines().find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.trim().parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_run_through_the_core_show_up_in_the_scrape() {
    let health = Arc::new(Health::default());
    let endpoint = Endpoint::start("127.0.0.1:0".parse().unwrap(), health.clone()).await.expect("the endpoint");
    let address = endpoint.address();
    assert_ne!(address.port(), 0, "a real port was chosen");

    let table = Table::new();
    let play = Command::Play { variant: "chess".into(), opponent: None, move_days: None, options: None, clock: None };
    table.ok(alice(), play);
    table.ok(bob(), Command::Accept);
    table.ok(alice(), Command::Move { text: "e4".into() });
    table.refused(alice(), Command::Move { text: "e5".into() });
    table.ok(bob(), Command::Roll { expression: "1d20".into(), sealed: false, entropy: None });

    let scrape = tokio::task::spawn_blocking(move || get(address, "/metrics")).await.unwrap();
    assert_eq!(scrape.0, 200);
    let metrics = scrape.1;
    // Other tests in this binary may count too, so at least what this one did.
    let at_least = |series: &str, n: f64| {
        let found = value(&metrics, series).unwrap_or_else(|| panic!("no {series} in:\n{metrics}"));
        assert!(found >= n, "{series} is {found}, expected at least {n}");
    };
    at_least("rookery_command_seconds_count{command=\"move\"}", 2.0);
    at_least("rookery_command_seconds_count{command=\"play\"}", 1.0);
    at_least("rookery_command_seconds_count{command=\"roll\"}", 1.0);
    at_least("rookery_moves_total", 1.0);
    at_least("rookery_rolls_total", 1.0);
    at_least("rookery_errors_total{kind=\"refused\"}", 1.0);
    // Accepting, moving and the refused move each went through a stored update.
    at_least("rookery_db_commit_seconds_count", 3.0);
    assert!(metrics.contains("rookery_command_seconds_bucket{command=\"move\",le=\"0.005\"}"), "{metrics}");
    assert!(metrics.contains("# TYPE rookery_moves_total counter"), "{metrics}");

    let (health_status, _) = tokio::task::spawn_blocking(move || get(address, "/healthz")).await.unwrap();
    assert_eq!(health_status, 200);
    let ready = move || get(address, "/readyz");
    let (status, body) = tokio::task::spawn_blocking(ready).await.unwrap();
    assert_eq!((status, body.trim()), (503, "not ready: the database is not open"));
    health.set_storage_open(true);
    health.set_gateway_connected(true);
    assert_eq!(tokio::task::spawn_blocking(ready).await.unwrap().0, 200);
    health.set_stopping();
    let (status, body) = tokio::task::spawn_blocking(ready).await.unwrap();
    assert_eq!((status, body.trim()), (503, "not ready: stopping"));
}
