//! Seat tokens: 128 random bits from the operating system, written as 32 hex
//! digits, and compared in constant time.

use subtle::ConstantTimeEq;

/// A new token: 128 bits from the operating system's random source, as 32
/// lowercase hex digits.
///
/// # Panics
/// When the operating system has no random source (the server cannot hand
/// out seats safely without one).
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    hex(&bytes)
}

/// A random 64-bit number from the operating system (table ids and seeds).
///
/// # Panics
/// As [`new_token`].
pub fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    u64::from_le_bytes(bytes)
}

/// `bytes` as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `given` is `expected`, in time that does not depend on where they
/// first differ (only on their lengths, which are public: 32 digits).
pub fn same(given: &str, expected: &str) -> bool {
    given.len() == expected.len() && bool::from(given.as_bytes().ct_eq(expected.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_of_hex_and_differ() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn same_compares_whole_tokens() {
        let a = new_token();
        assert!(same(&a, &a.clone()));
        assert!(!same(&a, &a[..31]));
        let mut flipped = a.clone().into_bytes();
        flipped[31] = if flipped[31] == b'0' { b'1' } else { b'0' };
        assert!(!same(&String::from_utf8(flipped).unwrap(), &a));
        assert!(!same("", &a));
    }
}
