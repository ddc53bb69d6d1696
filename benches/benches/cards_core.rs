//! Benchmarks for cards-core: `CardSet` operations and chance sampling.

use std::hint::black_box;

use cards_core::chance::{below, pick_weighted};
use cards_core::{CardSet, ChaCha8Rng, SeedableRng, Suit, deck};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// 64 fixed sets, built from one seed.
fn sets() -> Vec<CardSet> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    (0..64)
        .map(|_| CardSet::from_bits(cards_core::Rng::next_u64(&mut rng)))
        .collect()
}

fn card_set(c: &mut Criterion) {
    let sets = sets();
    let total_len: usize = sets.iter().map(|s| s.len()).sum();
    let mut g = c.benchmark_group("cards_core");
    g.throughput(Throughput::Elements(sets.len() as u64));
    g.bench_function("card_set/len_suit_union", |b| {
        b.iter(|| {
            let mut acc = 0usize;
            for s in black_box(&sets) {
                acc += s.len() + s.of_suit(Suit::Hearts).len() + (*s | deck::CARDS_32).len();
            }
            assert!(acc >= total_len);
            acc
        })
    });
    g.bench_function("card_set/iterate", |b| {
        b.iter(|| {
            let n: usize = black_box(&sets).iter().map(|s| s.iter().count()).sum();
            assert_eq!(n, total_len);
            n
        })
    });
    g.bench_function("card_set/insert_remove", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for s in black_box(&sets) {
                let mut t = *s;
                for c in deck::CARDS_32 {
                    n += usize::from(t.insert(c));
                    n += usize::from(t.remove(c));
                }
            }
            assert!(n.is_multiple_of(2));
            n
        })
    });
    g.bench_function("card_set/nth", |b| {
        b.iter(|| {
            let mut found = 0usize;
            for s in black_box(&sets) {
                found += usize::from(s.nth(s.len() / 2).is_some());
            }
            assert_eq!(found, sets.iter().filter(|s| !s.is_empty()).count());
            found
        })
    });
    g.finish();
}

fn sampling(c: &mut Criterion) {
    let mut g = c.benchmark_group("cards_core");
    g.throughput(Throughput::Elements(1000));
    g.bench_function("chance/below_52", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        b.iter(|| {
            let mut acc = 0u64;
            for _ in 0..1000 {
                acc += below(&mut rng, black_box(52));
            }
            assert!(acc < 52_000);
            acc
        })
    });
    let weights: Vec<u32> = (1..=32).collect();
    g.bench_function("chance/pick_weighted_32", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        b.iter(|| {
            let mut acc = 0usize;
            for _ in 0..1000 {
                acc += pick_weighted(&mut rng, black_box(&weights).iter().copied()).unwrap();
            }
            assert!(acc < 32_000);
            acc
        })
    });
    g.finish();
}

criterion_group!(benches, card_set, sampling);
criterion_main!(benches);
