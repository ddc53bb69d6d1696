//! Bot tests.
#[test]
fn scratch() {
    use cards_core::{Bot, RandomBot, Table};
    use trump21::*;
    let mut t = Table::<Trump21>::new(Rules::default(), 3, 1).unwrap();
    let mut bots: Vec<Box<dyn Bot<Trump21>>> = vec![
        Box::new(RandomBot),
        Box::new(RandomBot),
        Box::new(RandomBot),
    ];
    let o = t.play_bots(&mut bots, 100000).unwrap();
    for s in t.log().iter().take(150) {
        println!("{s}");
    }
    println!(
        "len {} outcome {:?} round {}",
        t.log().len(),
        o,
        t.state().round()
    );
}
