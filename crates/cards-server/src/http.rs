//! The HTTP API (docs/openapi.json is generated from these handlers) and the
//! WebSocket upgrades.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::Request;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use utoipa::OpenApi;

use crate::config::Config;
use crate::hub::Hub;
use crate::limit::Slot;
use crate::live::Command;
use crate::messages::{
    Ack, BotSeat, CreateTable, Created, ErrorKind, ErrorReply, GameInfo, Health, HostOp, Joined,
    TableSummary,
};
use crate::metrics::Metrics;

/// The HTTP status of a refusal of `kind`.
pub fn status(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::BadRequest => StatusCode::BAD_REQUEST,
        ErrorKind::Unauthorized => StatusCode::UNAUTHORIZED,
        ErrorKind::NotFound => StatusCode::NOT_FOUND,
        ErrorKind::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
        ErrorKind::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorKind::Conflict | ErrorKind::NotYourTurn => StatusCode::CONFLICT,
        ErrorKind::Illegal => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        ErrorKind::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
    }
}

impl IntoResponse for ErrorReply {
    fn into_response(self) -> Response {
        let kind = self.kind;
        let mut response = (status(kind), axum::Json(self)).into_response();
        response.extensions_mut().insert(Refused(kind));
        response
    }
}

/// The kind of a refusal, kept on its response for the layer that counts it.
#[derive(Clone, Copy, Debug)]
struct Refused(ErrorKind);

/// `app` with every refusal it answers counted under its kind in `metrics`
/// (`cards_refusals_total`): the handlers' own, axum's (no route, a method
/// a path does not take, a body over the limit) and the page's 404. The
/// refusals sent over a WebSocket are counted where they are sent.
pub fn counting_refusals(app: Router, metrics: Arc<Metrics>) -> Router {
    app.layer(axum::middleware::from_fn_with_state(metrics, count_refusal))
}

async fn count_refusal(
    State(metrics): State<Arc<Metrics>>,
    request: Request,
    next: Next,
) -> Response {
    let response = next.run(request).await;
    if let Some(Refused(kind)) = response.extensions().get::<Refused>() {
        metrics.refusal(*kind);
    }
    response
}

fn bad(message: impl std::fmt::Display) -> ErrorReply {
    ErrorReply::new(ErrorKind::BadRequest, message)
}

fn body<T: serde::de::DeserializeOwned>(
    bytes: Result<Bytes, BytesRejection>,
) -> Result<T, ErrorReply> {
    let bytes = bytes.map_err(|r| {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ErrorReply::new(
                ErrorKind::TooLarge,
                format!("the body is over the limit of {BODY_LIMIT} bytes"),
            )
        } else {
            bad(format!("the body does not read: {}", r.body_text()))
        }
    })?;
    serde_json::from_slice(&bytes).map_err(|e| bad(format!("the body is not what this takes: {e}")))
}

/// The largest request body taken (axum's default limit).
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// The path's parameters, or the refusal of a path that does not read (a
/// percent escape that is not UTF-8, say).
fn path<T>(path: Result<Path<T>, PathRejection>) -> Result<T, ErrorReply> {
    path.map(|Path(p)| p)
        .map_err(|r| bad(format!("the path does not read: {}", r.body_text())))
}

/// The query's parameters, or the refusal of a query that does not read.
fn query_params(
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<HashMap<String, String>, ErrorReply> {
    query
        .map(|Query(q)| q)
        .map_err(|r| bad(format!("the query does not read: {}", r.body_text())))
}

/// The upgrade, or the refusal of a request to a WebSocket path that is
/// not a WebSocket handshake.
fn websocket(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<WebSocketUpgrade, ErrorReply> {
    ws.map_err(|r| {
        bad(format!(
            "this path is a WebSocket: connect with a WebSocket handshake ({})",
            r.body_text()
        ))
    })
}

/// Any path the API does not route (without `--web`).
pub async fn unknown_path(uri: Uri) -> ErrorReply {
    ErrorReply::new(
        ErrorKind::NotFound,
        format!(
            "there is nothing at {}",
            cards_core::text::echo(uri.path().trim_start_matches('/'))
        ),
    )
}

/// A routed path asked with a method it does not take.
async fn method_not_allowed(method: Method, uri: Uri) -> ErrorReply {
    ErrorReply::new(
        ErrorKind::MethodNotAllowed,
        format!(
            "{} does not take {method} (docs/openapi.json lists the methods)",
            cards_core::text::echo(uri.path())
        ),
    )
}

// The OpenAPI document's `maximum = 9` for a seat below is MAX_SEATS - 1.
const _: () = assert!(cards_core::seat::MAX_SEATS == 10);

/// A seat's number: plain decimal digits (no sign, no space).
fn seat_number(text: &str) -> Result<usize, ErrorReply> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| text.parse().ok()).flatten().ok_or_else(|| {
        bad(format!(
            "{} is not a seat number",
            cards_core::text::echo(text)
        ))
    })
}

/// The OpenAPI document of the HTTP API.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "cards-server",
        description = "Tables of the card-rules games. Play happens over the WebSockets \
                       `/tables/{id}/seats/{seat}/ws?token=...&from=N` and \
                       `/tables/{id}/spectate?from=N` (docs/protocol.md). A path of this \
                       document asked with a method it does not list for that path answers \
                       405 (the `MethodNotAllowed` response)."
    ),
    paths(games, create, open_tables, table, join, host, health, metrics),
    modifiers(&HostToken, &MethodNotAllowed),
    components(schemas(
        CreateTable,
        BotSeat,
        Created,
        TableSummary,
        Joined,
        GameInfo,
        HostOp,
        Health,
        ErrorReply,
        ErrorKind,
        AckDoc
    ))
)]
pub struct ApiDoc;

/// The document's `host_token` security scheme: the bearer token that
/// `POST /tables` answers with as `host_token`.
struct HostToken;

impl utoipa::Modify for HostToken {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
        let mut bearer = Http::new(HttpAuthScheme::Bearer);
        bearer.description = Some("The `host_token` of the table's `POST /tables` answer.".into());
        api.components
            .get_or_insert_with(Default::default)
            .add_security_scheme("host_token", SecurityScheme::Http(bearer));
    }
}

/// The document's `MethodNotAllowed` response. No operation answers 405 (so
/// none lists it); a path asked with a method it does not take does.
struct MethodNotAllowed;

impl utoipa::Modify for MethodNotAllowed {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder, Type, header::HeaderBuilder};
        let error = ContentBuilder::new()
            .schema(Some(Ref::from_schema_name("ErrorReply")))
            .build();
        let allow = HeaderBuilder::new()
            .schema(utoipa::openapi::ObjectBuilder::new().schema_type(Type::String))
            .description(Some("The methods the path takes (`GET,HEAD`)."))
            .build();
        let response = ResponseBuilder::new()
            .description(
                "`method_not_allowed`: a path of this document asked with a method it does \
                 not list for that path (`DELETE /tables`, `POST /health`).",
            )
            .header("Allow", allow)
            .content("application/json", error)
            .build();
        api.components
            .get_or_insert_with(Default::default)
            .responses
            .insert("MethodNotAllowed".into(), response.into());
    }
}

/// The answer to an accepted action or host operation.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
struct AckDoc {
    /// Always true.
    ok: bool,
    /// The action as the table wrote it.
    action: String,
    /// The table's log length after it.
    next: usize,
}

/// Every route. Serve it with the client's address
/// (`into_make_service_with_connect_info::<SocketAddr>()`, as
/// [`start`](crate::start) does): the per-address limits of `POST /tables`
/// and the WebSockets read it (without it axum answers them 500).
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/games", get(games))
        .route("/tables", post(create).get(open_tables))
        .route("/tables/{id}", get(table))
        .route("/tables/{id}/seats/{seat}", post(join))
        .route("/tables/{id}/host", post(host))
        .route("/tables/{id}/seats/{seat}/ws", get(seat_socket))
        .route("/tables/{id}/spectate", get(spectate))
        .route("/health", get(health))
        .route("/metrics", get(metrics))
        .fallback(unknown_path)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(hub)
}

/// The games the server hosts.
#[utoipa::path(get, path = "/games", responses(
    (status = 200, description = "Every game the server hosts.", body = Vec<GameInfo>),
))]
async fn games() -> axum::Json<Vec<GameInfo>> {
    axum::Json(Hub::games())
}

/// Creates a table; bots take the seats named, others wait for players.
#[utoipa::path(post, path = "/tables", request_body = CreateTable, responses(
    (status = 201, description = "The table, made and stored.", body = Created),
    (status = 400, description = "`bad_request`: the body does not read, or the game, rules, seats or bots are refused.", body = ErrorReply),
    (status = 413, description = "`too_large`: the body is over 2 MB.", body = ErrorReply),
    (status = 429, description = "`rate_limited`: this client address asked for more tables than its limit (`--table-rate` a minute, `--table-burst` at once; every request counts, made or refused); no table was made.", body = ErrorReply,
        headers(("Retry-After" = u64, description = "Whole seconds until the address may ask again."))),
    (status = 503, description = "`unavailable`: the server holds its most open tables (`--max-tables`), or the store failed; no table was made.", body = ErrorReply),
))]
async fn create(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Response, ErrorReply> {
    let client = client_ip(&hub, peer, &headers);
    if let Err(wait) = hub.new_tables.take(client, Instant::now()) {
        return Ok(too_many_tables(&hub.config, wait));
    }
    let req: CreateTable = body(bytes)?;
    let created = hub.create(req).await?;
    Ok((StatusCode::CREATED, axum::Json(created)).into_response())
}

/// The refusal of a table over the address's limit: 429 with `Retry-After`,
/// the wait rounded up to whole seconds.
fn too_many_tables(config: &Config, wait: Duration) -> Response {
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    let mut response = ErrorReply::new(
        ErrorKind::RateLimited,
        format!(
            "this address asked for more than {} tables a minute ({} at once; --table-rate, --table-burst): try again in {seconds} s",
            config.tables_per_minute, config.table_burst
        ),
    )
    .into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    response
}

/// The tables with a seat to join, whose game is not over.
#[utoipa::path(get, path = "/tables", responses(
    (status = 200, description = "The tables with an open seat whose game is not over.", body = Vec<TableSummary>),
))]
async fn open_tables(State(hub): State<Arc<Hub>>) -> axum::Json<Vec<TableSummary>> {
    axum::Json(hub.open_tables().await)
}

/// One table's public facts.
#[utoipa::path(get, path = "/tables/{id}", params(("id" = String, Path)), responses(
    (status = 200, description = "The table's public facts.", body = TableSummary),
    (status = 400, description = "`bad_request`: the path does not read (a percent escape that is not UTF-8).", body = ErrorReply),
    (status = 404, description = "`not_found`: there is no such table.", body = ErrorReply),
    (status = 503, description = "`unavailable`: the store failed, the stored table does not replay, or another server process holds the table.", body = ErrorReply),
))]
async fn table(
    State(hub): State<Arc<Hub>>,
    id: Result<Path<String>, PathRejection>,
) -> Result<axum::Json<TableSummary>, ErrorReply> {
    let id: String = path(id)?;
    let cell = hub.table(&id).await?;
    Ok(axum::Json(hub.summary(&cell).await))
}

/// Joins a seat: answers with the seat's token. A taken seat, a bot's, or
/// any seat once the game is over is refused (409).
#[utoipa::path(post, path = "/tables/{id}/seats/{seat}", params(("id" = String, Path), ("seat" = usize, Path, description = "The seat, from 0 (a table has at most 10).", maximum = 9)), responses(
    (status = 200, description = "The seat is this client's: its token.", body = Joined),
    (status = 400, description = "`bad_request`: the path does not read, the seat is not plain digits, or the table has no such seat.", body = ErrorReply),
    (status = 404, description = "`not_found`: there is no such table.", body = ErrorReply),
    (status = 409, description = "`conflict`: the seat is taken or a bot's, or the game is over.", body = ErrorReply),
    (status = 503, description = "`unavailable`: the store failed (the seat was not given), the stored table does not replay, or another server process holds the table.", body = ErrorReply),
))]
async fn join(
    State(hub): State<Arc<Hub>>,
    ids: Result<Path<(String, String)>, PathRejection>,
) -> Result<axum::Json<Joined>, ErrorReply> {
    let (id, seat) = path(ids)?;
    let seat = seat_number(&seat)?;
    Ok(axum::Json(hub.join(&id, seat).await?))
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
}

/// A host operation (such as `leave 2`), with the host's token as
/// `Authorization: Bearer <host_token>`.
#[utoipa::path(post, path = "/tables/{id}/host", params(("id" = String, Path)), request_body = HostOp, security(("host_token" = [])), responses(
    (status = 200, description = "The operation, applied and stored.", body = AckDoc),
    (status = 400, description = "`bad_request`: the path or body does not read, or the text is no operation of this game.", body = ErrorReply),
    (status = 401, description = "`unauthorized`: the host's token is missing or wrong.", body = ErrorReply),
    (status = 404, description = "`not_found`: there is no such table.", body = ErrorReply),
    (status = 413, description = "`too_large`: the body is over 2 MB.", body = ErrorReply),
    (status = 422, description = "`illegal`: the rules refuse the operation (the message names the rule).", body = ErrorReply),
    (status = 503, description = "`unavailable`: the store failed (nothing was applied), the stored table does not replay, or another server process holds the table.", body = ErrorReply),
))]
async fn host(
    State(hub): State<Arc<Hub>>,
    id: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<axum::Json<Ack>, ErrorReply> {
    let id: String = path(id)?;
    let cell = hub.table(&id).await?;
    let token = bearer(&headers).unwrap_or("");
    if !hub.authorize_host(&cell, token).await {
        return Err(ErrorReply::new(
            ErrorKind::Unauthorized,
            "the host's token is missing or wrong",
        ));
    }
    let op: HostOp = body(bytes)?;
    Ok(axum::Json(
        hub.act(&cell, Command::Host(None, op.op)).await?,
    ))
}

/// Whether the server is up.
#[utoipa::path(get, path = "/health", responses(
    (status = 200, description = "The server is up.", body = Health),
))]
async fn health(State(hub): State<Arc<Hub>>) -> axum::Json<Health> {
    axum::Json(Health {
        status: "ok".into(),
        tables: hub.len(),
    })
}

/// Metrics in Prometheus' text format.
#[utoipa::path(get, path = "/metrics", responses(
    (status = 200, description = "Every metric, in Prometheus' text format.", body = String, content_type = "text/plain"),
))]
async fn metrics(State(hub): State<Arc<Hub>>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        hub.metrics.render(),
    )
        .into_response()
}

fn from_index(query: &HashMap<String, String>) -> Result<usize, ErrorReply> {
    match query.get("from") {
        None => Ok(0),
        Some(f) => f
            .parse()
            .map_err(|_| bad("from is the index of the next event to send, a number")),
    }
}

fn upgrade(ws: WebSocketUpgrade, hub: &Arc<Hub>) -> WebSocketUpgrade {
    let cap = hub.config.max_message;
    // Small buffers: a connection's messages are a few KB at most, and a
    // thousand connections should not hold 128 KB each. The read buffer is
    // smaller still: a client's messages are tens of bytes (a longer one
    // takes more reads), and tungstenite zeroes its free part before every
    // read, which under load was 3 % of the server's time at 8 KB.
    ws.max_message_size(cap)
        .max_frame_size(cap)
        .read_buffer_size(1024)
        .write_buffer_size(8 * 1024)
}

/// A seat's WebSocket. The table, the seat, `from` and the token are checked
/// before the handshake, so a request without one is told first of what
/// is wrong with them (404, 400, 401), as a handshake would be.
async fn seat_socket(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ids: Result<Path<(String, String)>, PathRejection>,
    query_: Result<Query<HashMap<String, String>>, QueryRejection>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ErrorReply> {
    let (id, seat) = path(ids)?;
    let query = query_params(query_)?;
    let cell = hub.table(&id).await?;
    let seat = seat_number(&seat)?;
    hub.seat_exists(&cell, seat).await?;
    let from = from_index(&query)?;
    let token = query.get("token").map_or("", String::as_str);
    if !hub.authorize(&cell, seat, token).await {
        return Err(ErrorReply::new(
            ErrorKind::Unauthorized,
            format!("the token is missing or is not seat {seat}'s at this table"),
        ));
    }
    // The handshake last: a plain GET learns what a handshake would of the
    // table, the seat and the token (docs/protocol.md).
    let ws = websocket(ws)?;
    let slot = connection_slot(&hub, client_ip(&hub, peer, &headers))?;
    Ok(upgrade(ws, &hub).on_upgrade(move |socket| async move {
        crate::ws::session(socket, hub, cell, Some(seat), from).await;
        drop(slot);
    }))
}

/// A spectator's WebSocket; the table and `from` are checked before the
/// handshake, as for a seat.
async fn spectate(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    id: Result<Path<String>, PathRejection>,
    query_: Result<Query<HashMap<String, String>>, QueryRejection>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ErrorReply> {
    let id: String = path(id)?;
    let query = query_params(query_)?;
    let cell = hub.table(&id).await?;
    let from = from_index(&query)?;
    let ws = websocket(ws)?;
    let slot = connection_slot(&hub, client_ip(&hub, peer, &headers))?;
    Ok(upgrade(ws, &hub).on_upgrade(move |socket| async move {
        crate::ws::session(socket, hub, cell, None, from).await;
        drop(slot);
    }))
}

/// The client's address for the per-address limits: the one the header of
/// `--client-ip-header` names where it is set and names one
/// ([`proxied_address`](crate::limit::proxied_address), its lines in
/// order, `--client-ip-hops` from the end), else the TCP peer's.
fn client_ip(hub: &Hub, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    let named = |name| {
        let lines: Vec<&str> = headers
            .get_all(name)
            .iter()
            .map(|v| v.to_str().ok())
            .collect::<Option<_>>()?;
        crate::limit::proxied_address(&lines.join(","), hub.config.client_ip_hops)
    };
    hub.config
        .client_ip_header
        .as_ref()
        .and_then(named)
        .unwrap_or(peer.ip())
}

/// One more open WebSocket for `client`, held until the session ends, or
/// the refusal (429) of an address at its most.
fn connection_slot(hub: &Hub, client: IpAddr) -> Result<Slot, ErrorReply> {
    hub.connections.open(client).ok_or_else(|| {
        ErrorReply::new(
            ErrorKind::RateLimited,
            format!(
                "this address holds its most open connections ({}, --connections-per-address): close one first",
                hub.config.connections_per_address
            ),
        )
    })
}

/// The OpenAPI document as pretty JSON (docs/openapi.json).
pub fn openapi_json() -> String {
    ApiDoc::openapi()
        .to_pretty_json()
        .expect("the document is JSON")
}
