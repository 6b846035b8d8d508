//! `layout serve`: the calculator as an explorer in the browser.
//!
//! A local HTTP server (hyper on a one-thread tokio runtime) serving one
//! page, embedded in the binary, and a JSON API over the calculator:
//!
//! - `GET /api/eval?expr=EXPR[&tv=TILE]` (or `POST` with the expression as
//!   the body): the value as `--json` gives it, its CuTe text, the table
//!   cells of a layout and, with `tv`, its thread-value view;
//! - `GET /api/banks?smem=..&elem-bytes=..&access=..&vec-bytes=..[&op=ld|st]`
//!   and `GET /api/pick-swizzle?smem=..&elem-bytes=..&writer=..&reader=..&vec-bytes=..`:
//!   the `--banks` and `--pick-swizzle` answers, the first with its heat map;
//! - `GET /api/functions[?near=NAME]`: the functions an expression may
//!   call, and the one closest to `NAME` (the page's did-you-mean).
//!
//! Against DNS rebinding a request whose `Host` is not the bound address
//! (or `localhost` with its port, on loopback) is refused; no CORS header is
//! sent, so another site's page cannot read an answer. Connections, header
//! and body reading time, the URI and the body are bounded; an expression's
//! cost is the calculator's budget.

mod api;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::io::Write;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The address served when `--addr` is not given.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8700";
/// The most connections served at once; more are closed when accepted.
const MAX_CONNECTIONS: usize = 32;
/// The longest request target (path and query), in bytes: `414` past it.
const MAX_URI_BYTES: usize = 8 << 10;
/// The largest request body, in bytes: `413` past it.
const MAX_BODY_BYTES: usize = 64 << 10;
/// hyper's read buffer: the request line and headers must fit in it.
const MAX_BUFFER_BYTES: usize = 64 << 10;
/// The most bytes of header names and values read: `431` past it.
const MAX_HEADER_BYTES: usize = 16 << 10;
/// The most headers one request may have (hyper answers `431` past it).
const MAX_HEADERS: usize = 64;
/// The time a client has to send a request's headers.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// The time a client has to send a request's body.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest a connection stays open (keep-alive included).
const CONNECTION_TIMEOUT: Duration = Duration::from_secs(120);

const INDEX_HTML: &str = include_str!("page/index.html");
const APP_CSS: &str = include_str!("page/app.css");
const APP_JS: &str = include_str!("page/app.js");

pub const HELP: &str = "\
layout serve: the calculator as an explorer in the browser

USAGE:
    layout serve [--addr ADDR]

Serves the explorer's page and its JSON API on ADDR (default 127.0.0.1:8700;
port 0 picks a free port) and prints the URL on stdout. Requests whose Host
is not ADDR (or localhost:PORT on a loopback address) are refused.";

/// `layout serve ARGS`: parse the arguments and serve until killed.
pub fn main(args: &[String]) -> ExitCode {
    let mut addr = DEFAULT_ADDR.to_string();
    let mut args = args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "-h" | "--help" => {
                println!("{HELP}");
                return ExitCode::SUCCESS;
            }
            "--addr" => match args.next() {
                Some(v) => addr.clone_from(v),
                None => return usage("--addr needs a value, e.g. 127.0.0.1:8700"),
            },
            other => {
                return usage(&format!(
                    "unknown argument {other} (see layout serve --help)"
                ))
            }
        }
    }
    let addr: SocketAddr = match addr.parse() {
        Ok(a) => a,
        Err(_) => {
            return usage(&format!(
                "--addr needs IP:PORT, e.g. 127.0.0.1:8700, found '{addr}'"
            ))
        }
    };
    if addr.ip().is_unspecified() {
        return usage(&format!(
            "--addr {addr}: give one address (requests are checked against it), e.g. 127.0.0.1:{}",
            addr.port()
        ));
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build();
    let result = match runtime {
        Ok(rt) => rt.block_on(serve(addr)),
        Err(e) => Err(format!("cannot start the server: {e}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
    }
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(2)
}

/// The `Host` values a request may carry for a server bound to `addr`.
fn allowed_hosts(addr: SocketAddr) -> Vec<String> {
    let mut hosts = vec![addr.to_string()];
    if addr.ip().is_loopback() {
        hosts.push(format!("localhost:{}", addr.port()));
    }
    hosts
}

/// One of the [`MAX_CONNECTIONS`] connection slots, given back when dropped.
struct Slot(Arc<AtomicUsize>);

impl Slot {
    fn take(open: &Arc<AtomicUsize>) -> Option<Slot> {
        open.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
            (n < MAX_CONNECTIONS).then_some(n + 1)
        })
        .ok()
        .map(|_| Slot(Arc::clone(open)))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

async fn serve(addr: SocketAddr) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot read the bound address: {e}"))?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "layout serve: http://{bound}/")
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write stdout: {e}"))?;
    }
    if !bound.ip().is_loopback() {
        eprintln!(
            "note: {bound} is not a loopback address: whoever reaches it can use the explorer"
        );
    }
    let hosts: Arc<[String]> = allowed_hosts(bound).into();
    let open = Arc::new(AtomicUsize::new(0));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors and the like: wait, then go on.
                eprintln!("warning: accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(slot) = Slot::take(&open) else {
            drop(stream);
            continue;
        };
        let hosts = Arc::clone(&hosts);
        tokio::spawn(async move {
            let _slot = slot;
            let service = service_fn(move |req| {
                let hosts = Arc::clone(&hosts);
                async move { Ok::<_, Infallible>(respond(req, &hosts).await) }
            });
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .max_buf_size(MAX_BUFFER_BYTES)
                .max_headers(MAX_HEADERS)
                .serve_connection(TokioIo::new(stream), service);
            // A failed or timed-out connection is the client's business.
            let _ = tokio::time::timeout(CONNECTION_TIMEOUT, connection).await;
        });
    }
}

/// A response with `body` of type `content_type` and the headers every
/// answer carries (no CORS header: other origins cannot read it).
fn reply(status: StatusCode, content_type: &'static str, body: String) -> Response<Full<Bytes>> {
    let mut r = Response::new(Full::new(Bytes::from(body)));
    *r.status_mut() = status;
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        ),
    );
    r
}

fn json_reply((status, body): api::Reply) -> Response<Full<Bytes>> {
    reply(status, "application/json; charset=utf-8", body)
}

/// A JSON error of kind `kind` outside the calculator (`host`, `size`, ...).
fn refuse(status: StatusCode, kind: &str, message: &str) -> Response<Full<Bytes>> {
    json_reply((status, api::plain_error(kind, message)))
}

/// The answer of `f`; should the calculator panic (a bug, whatever the
/// input), a `500` instead, and the server goes on.
fn guarded(f: impl FnOnce() -> api::Reply) -> Response<Full<Bytes>> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => json_reply(r),
        Err(_) => refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the calculator failed on this request: a bug, please report the request",
        ),
    }
}

/// Whether the request's `Host` names this server.
fn host_ok(req: &Request<Incoming>, hosts: &[String]) -> bool {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| req.uri().authority().map(|a| a.as_str()));
    host.is_some_and(|h| hosts.iter().any(|a| a.eq_ignore_ascii_case(h)))
}

async fn respond(req: Request<Incoming>, hosts: &[String]) -> Response<Full<Bytes>> {
    if !host_ok(&req, hosts) {
        return refuse(
            StatusCode::FORBIDDEN,
            "host",
            &format!(
                "refused: the Host header must be {} (requests naming another host are refused against DNS rebinding)",
                hosts.join(" or ")
            ),
        );
    }
    let header_bytes: usize = req
        .headers()
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len())
        .sum();
    if header_bytes > MAX_HEADER_BYTES {
        return refuse(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            "size",
            &format!("the headers have {header_bytes} bytes, at most {MAX_HEADER_BYTES} are read"),
        );
    }
    let target = req.uri().path_and_query().map_or("", |p| p.as_str());
    if target.len() > MAX_URI_BYTES {
        return refuse(
            StatusCode::URI_TOO_LONG,
            "size",
            &format!(
                "the request target has {} bytes, at most {MAX_URI_BYTES} are read; POST a long expression to /api/eval",
                target.len()
            ),
        );
    }
    let query = req.uri().query().unwrap_or("").to_string();
    let path = req.uri().path().to_string();
    let method = req.method().clone();
    let get = method == Method::GET || method == Method::HEAD;
    let page = |content_type, body: &str| reply(StatusCode::OK, content_type, body.to_string());
    match (path.as_str(), get) {
        ("/" | "/index.html", true) => page("text/html; charset=utf-8", INDEX_HTML),
        ("/app.css", true) => page("text/css; charset=utf-8", APP_CSS),
        ("/app.js", true) => page("text/javascript; charset=utf-8", APP_JS),
        ("/api/functions", true) => guarded(|| api::functions(&query)),
        ("/api/eval", true) => guarded(|| api::eval_query(&query)),
        ("/api/eval", false) if method == Method::POST => match body_text(req).await {
            Ok(expr) => guarded(|| api::eval_body(&expr, &query)),
            Err(r) => r,
        },
        ("/api/banks", true) => guarded(|| api::banks(&query)),
        ("/api/pick-swizzle", true) => guarded(|| api::pick_swizzle(&query)),
        (
            "/" | "/index.html" | "/app.css" | "/app.js" | "/api/functions" | "/api/eval"
            | "/api/banks" | "/api/pick-swizzle",
            _,
        ) => {
            let allow = if path == "/api/eval" {
                "GET, HEAD, POST"
            } else {
                "GET, HEAD"
            };
            let mut r = refuse(
                StatusCode::METHOD_NOT_ALLOWED,
                "method",
                &format!("{path} answers {allow}, not {method}"),
            );
            r.headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static(allow));
            r
        }
        _ => refuse(
            StatusCode::NOT_FOUND,
            "not_found",
            &format!("no page {path}: the explorer is at /, its API under /api/"),
        ),
    }
}

/// The body of a request as text, at most [`MAX_BODY_BYTES`], read within
/// [`BODY_TIMEOUT`]; or the refusal to send.
async fn body_text(req: Request<Incoming>) -> Result<String, Response<Full<Bytes>>> {
    let too_large = || {
        refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            "size",
            &format!("the body may have at most {MAX_BODY_BYTES} bytes"),
        )
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Err(too_large());
    }
    let read = Limited::new(req.into_body(), MAX_BODY_BYTES).collect();
    let bytes = match tokio::time::timeout(BODY_TIMEOUT, read).await {
        Err(_) => {
            return Err(refuse(
                StatusCode::REQUEST_TIMEOUT,
                "timeout",
                &format!(
                    "the body did not arrive within {} s",
                    BODY_TIMEOUT.as_secs()
                ),
            ))
        }
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => return Err(too_large()),
        Ok(Err(e)) => {
            return Err(refuse(
                StatusCode::BAD_REQUEST,
                "body",
                &format!("cannot read the body: {e}"),
            ))
        }
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    String::from_utf8(bytes.to_vec()).map_err(|e| {
        refuse(
            StatusCode::BAD_REQUEST,
            "parse",
            &format!(
                "parse: malformed CuTe notation: at byte {}: expected UTF-8 text, found invalid bytes",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}
