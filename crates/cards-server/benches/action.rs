//! What one action costs the server in its own code, the network aside: the
//! action applied with its stored record (state hash included), then the
//! update JSON of each of the four seats of a Hearts table
//! (`cargo bench -p cards-server --bench action`; docs/server.md).

use criterion::{Criterion, criterion_group, criterion_main};

use cards_server::hub::update_json;
use cards_server::live::{Command, Live};
use cards_server::store::TableRecord;

fn table(seed: u64) -> Live {
    Live::create(TableRecord {
        id: "00000000000000aa".into(),
        game: "hearts".into(),
        rules: "{}".into(),
        seats: 4,
        seed,
        bots: vec![None; 4],
        tokens: vec![None; 4],
        host_token: "h".into(),
        finished: false,
        created_ms: None,
    })
    .expect("hearts takes four seats")
}

fn action_and_updates(c: &mut Criterion) {
    let mut seed = 0;
    let mut live = table(seed);
    let mut sent = [0usize; 4];
    c.bench_function("hearts/action_and_updates", |b| {
        b.iter(|| {
            let Some(seat) = live.table.to_act() else {
                seed += 1;
                live = table(seed);
                sent = [0; 4];
                return;
            };
            let record = live
                .apply(&Command::Move(seat, 0))
                .expect("move 0 is legal");
            for (s, from) in sent.iter_mut().enumerate() {
                let (update, next) = update_json(&mut live, Some(s), *from);
                *from = next;
                std::hint::black_box(update);
            }
            std::hint::black_box(record);
        });
    });
}

criterion_group!(benches, action_and_updates);
criterion_main!(benches);
