//! Deterministic pseudo-random inputs for every fuzz target, from a seed: what
//! the stable replay test runs besides the committed corpus, and what seeds a
//! fresh fuzzing corpus (`cargo run -p fuzz-checks --example seeds`).
//!
//! The inputs are shaped like the interesting ones, so they reach past the
//! first checks: walks with host operations and reloads mixed in, texts of
//! real actions with small edits, and real saves with small edits.

use cards_core::{ChaCha8Rng, Playout, SeedableRng};

use crate::{Checked, HOST_BYTE, RELOAD_BYTE, RngPick};

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    cards_core::chance::below(rng, n.max(1) as u64) as usize
}

/// `count` inputs for `target` (one of [`TARGETS`](crate::TARGETS)) for
/// every game of the list, from `seed`, each with its game byte in front
/// (the game's place in the list, see [`game_of`](crate::game_of)); empty for
/// an unknown target.
pub fn generate(target: &str, seed: u64, count: usize) -> Vec<Vec<u8>> {
    if !crate::TARGETS.contains(&target) {
        return Vec::new();
    }
    let mut out = Vec::new();
    macro_rules! every {
        ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
            $(out.extend(for_game::<cards_games::$krate::$game>(target, seed, count));)*
        };
    }
    cards_games::for_each_game!(every);
    out
}

/// `count` inputs for `target` for the game `G`, from `seed`, each with the
/// game's byte in front.
pub fn for_game<G: Checked>(target: &str, seed: u64, count: usize) -> Vec<Vec<u8>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let byte = u8::try_from(G::INDEX).expect("fewer than 256 games");
    (0..count)
        .map(|_| {
            let mut input = vec![byte];
            input.extend(one::<G>(target, &mut rng));
            input
        })
        .collect()
}

fn one<G: Checked>(check: &str, rng: &mut ChaCha8Rng) -> Vec<u8> {
    match check {
        "parse" => parse_input::<G>(rng),
        #[cfg(feature = "serde")]
        "json" => json_input::<G>(rng),
        #[cfg(not(feature = "serde"))]
        "json" => Vec::new(),
        _ => walk_bytes(rng),
    }
}

/// Bytes for a walk: variant bytes, then mostly action indices with host
/// operations and reloads mixed in.
pub fn walk_bytes(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let len = below(rng, 700);
    let host_every = 20 + below(rng, 200);
    (0..len)
        .map(|i| match below(rng, host_every) {
            0 if i > 12 => HOST_BYTE,
            1 if i > 12 => RELOAD_BYTE,
            _ => below(rng, 254) as u8,
        })
        .collect()
}

/// A state reached by a short random walk (with a host operation now and then)
/// from a random rules variant.
pub fn random_state<G: Checked>(rng: &mut ChaCha8Rng) -> G {
    let (rules, seats) = G::variant(&mut RngPick(rng));
    let mut g = G::new(rules, seats).expect("variants are valid");
    let mut playout = Playout::new();
    let mut ops = Vec::new();
    let steps = below(rng, 400);
    for _ in 0..steps {
        if below(rng, 60) == 0 {
            g.host_ops(&mut ops);
            if let Some(op) = ops.get(below(rng, ops.len()))
                && let Ok(next) = g.host(op)
            {
                g = next;
            }
        } else if !playout.step(&mut g, rng) {
            break;
        }
    }
    g
}

/// The text of a real action or host operation, sometimes edited.
fn parse_input<G: Checked>(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let g: G = random_state(rng);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let mut ops = Vec::new();
    g.host_ops(&mut ops);
    let mut text = if !legal.is_empty() && (ops.is_empty() || below(rng, 4) != 0) {
        legal[below(rng, legal.len())].to_string()
    } else if !ops.is_empty() {
        ops[below(rng, ops.len())].to_string()
    } else {
        "leave 0".to_string()
    };
    const ALPHABET: &[u8] = b" 0123456789:,-+/xAKQJTCDHS23456789aeiklnoprstuwd\t\n";
    for _ in 0..below(rng, 4) {
        let mut bytes = text.into_bytes();
        let at = below(rng, bytes.len() + 1);
        match below(rng, 3) {
            0 => bytes.insert(at, ALPHABET[below(rng, ALPHABET.len())]),
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ if at < bytes.len() => bytes[at] = ALPHABET[below(rng, ALPHABET.len())],
            _ => {}
        }
        text = String::from_utf8_lossy(&bytes).into_owned();
    }
    if below(rng, 8) == 0 {
        text = text.to_uppercase();
    }
    text.into_bytes()
}

/// A real save as JSON, sometimes edited (a number changed, a byte changed,
/// or cut short).
#[cfg(feature = "serde")]
fn json_input<G: Checked>(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let g: G = random_state(rng);
    let Ok(mut json) = serde_json::to_vec(&g) else {
        return Vec::new();
    };
    for _ in 0..below(rng, 3) {
        let at = below(rng, json.len());
        match below(rng, 4) {
            0 | 1 => {
                // Replace the number at or after `at` with another one.
                let Some(start) = json[at..].iter().position(u8::is_ascii_digit) else {
                    continue;
                };
                let start = at + start;
                let end = start
                    + json[start..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                let new = [
                    "0", "1", "2", "3", "9", "11", "31", "255", "256", "65536", "-1",
                ][below(rng, 11)];
                json.splice(start..end, new.bytes());
            }
            2 => json[at] = cards_core::Rng::next_u32(rng) as u8,
            _ => json.truncate(at),
        }
    }
    json
}
