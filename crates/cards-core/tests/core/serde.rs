//! The serde forms of cards, sets, multisets, outcomes and log steps.

use cards_core::{Card, CardSet, Rank, Step, Suit};

#[cfg(feature = "serde")]
#[test]
fn serde_forms_round_trip_and_refuse_tampering() {
    use cards_core::{CardMultiset, Outcome, Seat};
    let c: Card = "TS".parse().unwrap();
    assert_eq!(serde_json::to_string(&c).unwrap(), "\"TS\"");
    assert_eq!(serde_json::from_str::<Card>("\"10♠\"").unwrap(), c);
    assert!(serde_json::from_str::<Card>("\"1S\"").is_err());

    assert_eq!(serde_json::to_string(&Rank::Ten).unwrap(), "\"T\"");
    assert_eq!(serde_json::from_str::<Suit>("\"♥\"").unwrap(), Suit::Hearts);
    assert!(serde_json::from_str::<Rank>("\"TT\"").is_err());
    assert!(serde_json::from_str::<Suit>("\"X\"").is_err());

    let set: CardSet = "AH 7S 2C".parse().unwrap();
    let json = serde_json::to_string(&set).unwrap();
    assert_eq!(json, r#"["2C","AH","7S"]"#, "suits in order C D H S");
    assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), set);
    assert!(
        serde_json::from_str::<CardSet>(r#"["2C","2C"]"#).is_err(),
        "a set cannot hold a card twice"
    );

    let multi: CardMultiset = serde_json::from_str(r#"["2C","2C","AS"]"#).unwrap();
    assert_eq!(multi.count("2C".parse().unwrap()), 2);
    assert!(serde_json::from_str::<CardMultiset>(r#"["2C","2C","2C","2C"]"#).is_err());

    let o = Outcome::from_places(&[1, 2, 2, 4]).unwrap();
    let json = serde_json::to_string(&o).unwrap();
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), o);
    assert!(serde_json::from_str::<Outcome>(r#"{"places":[1,1,3,3,9]}"#).is_err());

    let step: Step<ToyActionText, String> = Step::Player(Seat(1), ToyActionText("stand".into()));
    let json = serde_json::to_string(&step).unwrap();
    assert_eq!(json, r#"{"player":[1,"stand"]}"#);
    assert_eq!(
        serde_json::from_str::<Step<ToyActionText, String>>(&json).unwrap(),
        step
    );
}

/// A stand-in action with serde, for the log's JSON form.
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
struct ToyActionText(String);
