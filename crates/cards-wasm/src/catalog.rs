//! The list of games as JavaScript sees it: each game's names, seat limits
//! and default rules, straight from `cards_games` (the one list).

use cards_games::AnyTable;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// One game of the list, for a page to offer.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameInfo {
    /// The name [`Table`](crate::Table) takes (`crazy-eights`).
    pub name: &'static str,
    /// The name for people (`Crazy Eights`).
    pub title: &'static str,
    /// The fewest players.
    pub min_seats: usize,
    /// The usual number of players.
    pub default_seats: usize,
    /// The most players.
    pub max_seats: usize,
    /// The default rules, as JSON (the form a table takes, field by field).
    pub rules: serde_json::Value,
}

/// Every game of the list, in its order.
pub fn list() -> Vec<GameInfo> {
    cards_games::GAMES
        .iter()
        .filter_map(|g| {
            let [min_seats, default_seats, max_seats] = AnyTable::seat_limits(g.name)?;
            let rules = serde_json::from_str(&AnyTable::default_rules(g.name)?).ok()?;
            Some(GameInfo {
                name: g.name,
                title: g.title,
                min_seats,
                default_seats,
                max_seats,
                rules,
            })
        })
        .collect()
}

/// Every game of the list: `[{name, title, minSeats, defaultSeats,
/// maxSeats, rules}]`.
///
/// # Errors
/// None in practice (the list is JSON); typed for the boundary.
#[wasm_bindgen(unchecked_return_type = "GameInfo[]")]
pub fn games() -> Result<JsValue, JsValue> {
    let json = serde_json::to_string(&list()).unwrap_or_else(|_| "[]".to_string());
    crate::error::parsed(&json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_the_one_list_with_tables_that_start() {
        let list = list();
        let names: Vec<_> = list.iter().map(|g| g.name).collect();
        assert_eq!(names, cards_games::NAMES);
        for g in &list {
            assert!(g.min_seats <= g.default_seats && g.default_seats <= g.max_seats);
            let rules = g.rules.to_string();
            assert!(
                AnyTable::new(g.name, &rules, g.default_seats, 1).is_ok(),
                "{}",
                g.name
            );
            assert!(AnyTable::new(g.name, &rules, g.max_seats + 1, 1).is_err());
        }
    }
}
