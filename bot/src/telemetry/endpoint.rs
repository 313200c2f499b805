//! The operations endpoint: `/metrics` in Prometheus's text format,
//! `/healthz` (the process answers) and `/readyz` (connected to the gateway,
//! the database open, not stopping), on an address of the operator's choosing.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Latency buckets, in seconds: a command answers in milliseconds, a slow
/// one (a big picture, a busy disk) in seconds, and Discord wants an answer
/// within three.
const SECOND_BUCKETS: [f64; 14] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

/// How often histograms are folded and idle series swept.
const UPKEEP: Duration = Duration::from_secs(5);

/// Why the endpoint could not start.
#[derive(Debug, thiserror::Error)]
pub enum EndpointError {
    #[error("could not set up the metrics recorder: {0}")]
    Recorder(String),
    #[error("could not listen on {address} for metrics and health checks")]
    Listen {
        address: SocketAddr,
        #[source]
        source: std::io::Error,
    },
}

/// What `/readyz` reports. Ready means connected to the gateway, the
/// database open and not stopping.
#[derive(Debug, Default)]
pub struct Health {
    gateway: AtomicBool,
    storage: AtomicBool,
    stopping: AtomicBool,
}

impl Health {
    pub fn set_gateway_connected(&self, connected: bool) {
        self.gateway.store(connected, Ordering::SeqCst);
    }

    pub fn set_storage_open(&self, open: bool) {
        self.storage.store(open, Ordering::SeqCst);
    }

    /// From here on the process is stopping and not ready, for good.
    pub fn set_stopping(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Why the process is not ready, or `None` when it is.
    pub fn not_ready(&self) -> Option<&'static str> {
        if self.stopping.load(Ordering::SeqCst) {
            Some("stopping")
        } else if !self.storage.load(Ordering::SeqCst) {
            Some("the database is not open")
        } else if !self.gateway.load(Ordering::SeqCst) {
            Some("not connected to the Discord gateway")
        } else {
            None
        }
    }
}

/// Installs the Prometheus recorder as the process's `metrics` recorder,
/// once; later calls return the same handle.
pub fn install() -> Result<PrometheusHandle, EndpointError> {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    if let Some(handle) = HANDLE.get() {
        return Ok(handle.clone());
    }
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &SECOND_BUCKETS)
        .and_then(PrometheusBuilder::install_recorder)
        .map_err(|error| EndpointError::Recorder(error.to_string()))?;
    Ok(HANDLE.get_or_init(|| handle).clone())
}

/// The endpoint, listening; dropping it stops it.
pub struct Endpoint {
    address: SocketAddr,
    server: tokio::task::JoinHandle<()>,
    upkeep: tokio::task::JoinHandle<()>,
}

impl Endpoint {
    /// Installs the recorder and listens on `address` (port 0: any free
    /// port, see [`Endpoint::address`]). Must run inside a Tokio runtime.
    pub async fn start(address: SocketAddr, health: Arc<Health>) -> Result<Endpoint, EndpointError> {
        let handle = install()?;
        let listener =
            tokio::net::TcpListener::bind(address).await.map_err(|source| EndpointError::Listen { address, source })?;
        let address = listener.local_addr().map_err(|source| EndpointError::Listen { address, source })?;
        let keeper = handle.clone();
        let upkeep = tokio::spawn(async move {
            let mut every = tokio::time::interval(UPKEEP);
            loop {
                every.tick().await;
                keeper.run_upkeep();
            }
        });
        let app = Router::new()
            .route("/metrics", get(metrics_text))
            .route("/healthz", get(|| async { "ok\n" }))
            .route("/readyz", get(ready))
            .with_state((handle, health));
        let server = tokio::spawn(async move {
            if let Err(error) = axum::serve(listener, app).await {
                tracing::error!(%error, "the metrics endpoint stopped");
            }
        });
        tracing::info!(%address, "serving /metrics, /healthz and /readyz");
        Ok(Endpoint { address, server, upkeep })
    }

    /// Where it listens.
    pub fn address(&self) -> SocketAddr {
        self.address
    }
}

impl Drop for Endpoint {
    fn drop(&mut self) {
        self.server.abort();
        self.upkeep.abort();
    }
}

type Shared = (PrometheusHandle, Arc<Health>);

async fn metrics_text(State((handle, _)): State<Shared>) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], handle.render())
}

async fn ready(State((_, health)): State<Shared>) -> impl IntoResponse {
    match health.not_ready() {
        None => (StatusCode::OK, "ready\n".to_string()),
        Some(why) => (StatusCode::SERVICE_UNAVAILABLE, format!("not ready: {why}\n")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_only_when_connected_open_and_not_stopping() {
        let health = Health::default();
        assert_eq!(health.not_ready(), Some("the database is not open"));
        health.set_storage_open(true);
        assert_eq!(health.not_ready(), Some("not connected to the Discord gateway"));
        health.set_gateway_connected(true);
        assert_eq!(health.not_ready(), None);
        health.set_stopping();
        assert_eq!(health.not_ready(), Some("stopping"));
    }
}
