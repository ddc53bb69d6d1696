//! The cards-server crate's integration tests, in one binary (one link of
//! the server's dependencies, not one a file): play, hostile clients, hidden
//! cards, the crash loop, the golden wire forms, the served page, reloads
//! that ask no bot again, and several processes on PostgreSQL (skipped
//! without `CARDS_PG_URL`).

#[path = "server/common.rs"]
#[allow(dead_code)]
mod common;
#[path = "server/counted.rs"]
mod counted;
#[path = "server/crash.rs"]
mod crash;
#[path = "server/documented.rs"]
mod documented;
#[path = "server/golden.rs"]
mod golden;
#[path = "server/hostile.rs"]
mod hostile;
#[path = "server/leaks.rs"]
mod leaks;
#[path = "server/outage.rs"]
mod outage;
#[path = "server/play.rs"]
mod play;
#[path = "server/postgres.rs"]
mod postgres;
#[path = "server/refusals.rs"]
mod refusals;
#[path = "server/reload.rs"]
mod reload;
#[path = "server/web.rs"]
mod web;
