//! Limits: a token bucket ([`Bucket`]) on each connection's messages, one
//! on each client address's new tables ([`PerAddress`]), and a cap on each
//! client address's open WebSockets ([`Connections`]).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A token bucket: `rate` tokens a second on average, `burst` at once.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket at `now`.
    pub fn new(rate: f64, burst: u32, now: Instant) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            rate,
            burst: f64::from(burst),
            last: now,
        }
    }

    /// The tokens at `now`, refilled since the last look.
    fn refill(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
    }

    /// Takes one token at `now`; false when none is left.
    pub fn take(&mut self, now: Instant) -> bool {
        self.take_or_wait(now).is_ok()
    }

    /// Takes one token at `now`, or says how long until one is there.
    ///
    /// # Errors
    /// The wait, when no token is left.
    pub fn take_or_wait(&mut self, now: Instant) -> Result<(), Duration> {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - self.tokens) / self.rate))
        }
    }

    /// Whether the bucket is full at `now`: then it remembers nothing a new
    /// bucket would not.
    fn is_full(&self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens + elapsed * self.rate >= self.burst
    }
}

/// A [`Bucket`] for each client address, made on its first request. An IPv6
/// address counts by its /64 prefix (one host's usual share; a host can pick
/// any address in it), and an IPv4 address written as IPv6 as the IPv4
/// address.
///
/// ```
/// use std::time::{Duration, Instant};
/// use cards_server::limit::PerAddress;
/// let (limit, t0) = (PerAddress::new(1.0, 2), Instant::now());
/// let home = "192.0.2.7".parse().unwrap();
/// assert!(limit.take(home, t0).is_ok() && limit.take(home, t0).is_ok());
/// assert_eq!(limit.take(home, t0), Err(Duration::from_secs(1)));
/// assert!(limit.take("192.0.2.8".parse().unwrap(), t0).is_ok());
/// ```
#[derive(Debug)]
pub struct PerAddress {
    rate: f64,
    burst: u32,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// How many addresses [`PerAddress`] holds before it forgets the full
/// buckets (a full bucket is what a new address gets anyway).
const FORGET_FULL_AT: usize = 4096;

impl PerAddress {
    /// `rate` tokens a second and `burst` at once for each address.
    pub fn new(rate: f64, burst: u32) -> PerAddress {
        PerAddress {
            rate,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one of `ip`'s tokens at `now`.
    ///
    /// # Errors
    /// How long until `ip` has a token again, when it has none.
    pub fn take(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        let key = key(ip);
        if buckets.len() >= FORGET_FULL_AT && !buckets.contains_key(&key) {
            buckets.retain(|_, b| !b.is_full(now));
        }
        buckets
            .entry(key)
            .or_insert_with(|| Bucket::new(self.rate, self.burst, now))
            .take_or_wait(now)
    }

    /// How many addresses have a bucket now.
    pub fn len(&self) -> usize {
        self.buckets.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether no address has a bucket.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The open connections of each client address, at most `most` each.
///
/// ```
/// use std::sync::Arc;
/// use cards_server::limit::Connections;
/// let open = Arc::new(Connections::new(1));
/// let home = "192.0.2.7".parse().unwrap();
/// let first = open.open(home).expect("the first");
/// assert!(open.open(home).is_none());
/// drop(first);
/// assert!(open.open(home).is_some());
/// ```
#[derive(Debug)]
pub struct Connections {
    most: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open connection of an address, counted until it is dropped.
#[derive(Debug)]
pub struct Slot {
    of: Arc<Connections>,
    key: IpAddr,
}

impl Connections {
    /// At most `most` open connections an address.
    pub fn new(most: usize) -> Connections {
        Connections {
            most,
            open: Mutex::new(HashMap::new()),
        }
    }

    /// A slot for one more connection of `ip` (counted as [`PerAddress`]
    /// counts addresses), or `None` when it has `most` open.
    pub fn open(self: &Arc<Self>, ip: IpAddr) -> Option<Slot> {
        let key = key(ip);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let n = open.entry(key).or_insert(0);
        (*n < self.most).then(|| {
            *n += 1;
            Slot {
                of: self.clone(),
                key,
            }
        })
    }

    /// The connections `ip` has open.
    pub fn of(&self, ip: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.get(&key(ip)).copied().unwrap_or(0)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.of.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// The client's address in a reverse proxy's header (`--client-ip-header`),
/// its lines joined by commas: the entry `hops` from the end
/// (`--client-ip-hops`, 1 or more). Each proxy appending to a chain
/// (`X-Forwarded-For`, `Forwarded`) adds the address it saw, so behind
/// `hops` such proxies that entry is the address the outermost one saw;
/// entries before it are whatever the client sent, so they are not read.
/// An entry is an address, with or without a port (`203.0.113.5:4711`,
/// `[2001:db8::1]:4711`), or a `Forwarded` element (RFC 7239) whose `for=`
/// parameter is one, quoted or not. `None` where that entry is none of these
/// (`unknown`, an obfuscated name, nonsense) or the chain is shorter.
///
/// ```
/// use cards_server::limit::proxied_address;
/// let ip = |s: &str| Some(s.parse().unwrap());
/// assert_eq!(proxied_address("203.0.113.5", 1), ip("203.0.113.5"));
/// assert_eq!(proxied_address("10.9.9.9, 203.0.113.5", 1), ip("203.0.113.5"));
/// assert_eq!(proxied_address("10.9.9.9, 203.0.113.5, 10.0.0.2", 2), ip("203.0.113.5"));
/// assert_eq!(
///     proxied_address(r#"for=10.9.9.9, for="[2001:db8::1]:4711";proto=https"#, 1),
///     ip("2001:db8::1")
/// );
/// assert_eq!(proxied_address("203.0.113.5, unknown", 1), None);
/// ```
pub fn proxied_address(value: &str, hops: usize) -> Option<IpAddr> {
    let entry = value.rsplit(',').nth(hops.checked_sub(1)?)?.trim();
    let entry = match entry.split(';').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        key.trim().eq_ignore_ascii_case("for").then_some(value)
    }) {
        Some(value) => value.trim().trim_matches('"'),
        None if entry.contains('=') => return None,
        None => entry,
    };
    entry
        .parse::<IpAddr>()
        .or_else(|_| entry.parse::<std::net::SocketAddr>().map(|a| a.ip()))
        .or_else(|_| entry.trim_start_matches('[').trim_end_matches(']').parse())
        .ok()
}

/// The address `ip` counts as: an IPv6 address's /64 prefix, an IPv4
/// address (also written as IPv6) as it is.
fn key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bucket_allows_a_burst_then_the_rate() {
        let t0 = Instant::now();
        let mut b = Bucket::new(10.0, 3, t0);
        assert!((0..3).all(|_| b.take(t0)));
        assert!(!b.take(t0));
        assert!(b.take(t0 + Duration::from_millis(110)));
        assert!(!b.take(t0 + Duration::from_millis(110)));
    }

    #[test]
    fn the_wait_is_the_time_until_the_next_token() {
        let t0 = Instant::now();
        let mut b = Bucket::new(0.5, 1, t0);
        assert_eq!(b.take_or_wait(t0), Ok(()));
        assert_eq!(b.take_or_wait(t0), Err(Duration::from_secs(2)));
        let later = t0 + Duration::from_millis(1500);
        assert_eq!(b.take_or_wait(later), Err(Duration::from_millis(500)));
        assert_eq!(b.take_or_wait(t0 + Duration::from_secs(2)), Ok(()));
    }

    #[test]
    fn a_proxys_header_is_read_by_its_last_entry() {
        let ip = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        for (value, want) in [
            ("203.0.113.5", ip("203.0.113.5")),
            (" 2001:db8::7 ", ip("2001:db8::7")),
            ("203.0.113.5:4711", ip("203.0.113.5")),
            ("[2001:db8::7]:4711", ip("2001:db8::7")),
            ("[2001:db8::7]", ip("2001:db8::7")),
            // A client's own claim first, the proxy's entry last.
            ("198.51.100.1, 203.0.113.5", ip("203.0.113.5")),
            ("1.1.1.1,2.2.2.2,  203.0.113.5", ip("203.0.113.5")),
            ("203.0.113.5, unknown", None),
            ("203.0.113.5, ", None),
            ("", None),
            ("nonsense", None),
            // Forwarded (RFC 7239): the last element's for=.
            ("for=203.0.113.5", ip("203.0.113.5")),
            ("For=203.0.113.5;proto=http", ip("203.0.113.5")),
            (
                r#"for=198.51.100.1, proto=https;for="[2001:db8::7]:4711""#,
                ip("2001:db8::7"),
            ),
            (r#"for="_hidden""#, None),
            ("for=unknown", None),
            ("for=198.51.100.1, by=203.0.113.9", None),
            ("proto=https", None),
        ] {
            assert_eq!(proxied_address(value, 1), want, "{value:?}");
        }
        // Behind two proxies that append: the second entry from the end.
        let chain = "198.51.100.1, 203.0.113.5, 10.0.0.2";
        assert_eq!(proxied_address(chain, 2), ip("203.0.113.5"));
        assert_eq!(proxied_address(chain, 3), ip("198.51.100.1"));
        assert_eq!(proxied_address(chain, 4), None, "a shorter chain");
        assert_eq!(proxied_address(chain, 0), None);
        let forwarded = r#"for=203.0.113.5;proto=https, for="[fd00::2]:80""#;
        assert_eq!(proxied_address(forwarded, 2), ip("203.0.113.5"));
    }

    #[test]
    fn addresses_count_apart_and_ipv6_by_its_64_prefix() {
        let (limit, t0) = (PerAddress::new(1.0, 1), Instant::now());
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert!(limit.take(ip("2001:db8:1:2::1"), t0).is_ok());
        // The same /64, another host part: the same bucket.
        assert!(limit.take(ip("2001:db8:1:2:ffff::9"), t0).is_err());
        // The next /64: its own.
        assert!(limit.take(ip("2001:db8:1:3::1"), t0).is_ok());
        // An IPv4 address, and the same written as IPv6: one bucket.
        assert!(limit.take(ip("198.51.100.4"), t0).is_ok());
        assert!(limit.take(ip("::ffff:198.51.100.4"), t0).is_err());
        assert_eq!(limit.len(), 3);
    }

    #[test]
    fn connections_are_counted_until_dropped_by_address() {
        let open = Arc::new(Connections::new(2));
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let a = open.open(ip("2001:db8::1")).unwrap();
        let b = open.open(ip("2001:db8::2")).unwrap();
        assert!(open.open(ip("2001:db8::3")).is_none(), "the same /64");
        assert!(open.open(ip("2001:db8:0:1::1")).is_some(), "another /64");
        assert_eq!(open.of(ip("2001:db8::9")), 2);
        drop(a);
        assert_eq!(open.of(ip("2001:db8::9")), 1);
        drop(b);
        assert_eq!(open.of(ip("2001:db8::9")), 0);
        assert!(
            open.open.lock().unwrap().is_empty(),
            "no address is kept at 0"
        );
    }

    #[test]
    fn full_buckets_are_forgotten_once_many_addresses_are_held() {
        let (limit, t0) = (PerAddress::new(1.0, 1), Instant::now());
        for i in 0..FORGET_FULL_AT as u32 {
            let ip = IpAddr::V4((0x0a00_0000 + i).into());
            assert!(limit.take(ip, t0).is_ok());
        }
        assert_eq!(limit.len(), FORGET_FULL_AT);
        // A second later every bucket is full again: a new address's
        // request forgets them, and the limit still holds for the new one.
        let t1 = t0 + Duration::from_secs(1);
        let new = IpAddr::V4([192, 0, 2, 1].into());
        assert!(limit.take(new, t1).is_ok());
        assert_eq!(limit.len(), 1);
        assert!(limit.take(new, t1).is_err());
        // Buckets still refilling are kept.
        let (limit, t0) = (PerAddress::new(1.0, 1), Instant::now());
        for i in 0..FORGET_FULL_AT as u32 {
            let _ = limit.take(IpAddr::V4((0x0a00_0000 + i).into()), t0);
        }
        assert!(limit.take(new, t0).is_ok());
        assert_eq!(limit.len(), FORGET_FULL_AT + 1);
        assert!(limit.take(IpAddr::V4(0x0a00_0000.into()), t0).is_err());
    }
}
