//! Replaying a trace of OpenSpiel games move by move, for the differential
//! tests of games built to OpenSpiel's rules (`.ci/openspiel-diff <crate>`).
//!
//! The trace is written by `.ci/openspiel/trace.py` (its docstring gives the
//! format). A game crate's `spiel_replay` example describes how its game
//! meets OpenSpiel's ([`SpielMap`]) and calls [`replay_trace`], which at every
//! step compares the player to act, the legal actions (as OpenSpiel ids), the
//! chance outcomes with their probabilities, and at the end the returns.

use std::io::BufRead;

use crate::game::{Actor, Game};

/// A trace's parameters, `name=value` pairs in the order written.
pub type Params<'a> = [(&'a str, &'a str)];

/// How a game meets OpenSpiel's: building it from a trace's parameters, and
/// OpenSpiel's ids for its actions.
pub struct SpielMap<G: Game> {
    /// The game for a trace's `name=value` parameters, or why not.
    pub new: fn(&Params<'_>) -> Result<G, String>,
    /// OpenSpiel's id of an action.
    pub id: fn(&G::Action) -> u32,
    /// The action OpenSpiel means by an id in a state (`chance`: at a chance node).
    pub action: fn(&G, u32, bool) -> Option<G::Action>,
    /// The returns by seat once the game is over.
    pub returns: fn(&G) -> Option<Vec<f64>>,
    /// Whether legal actions and chance outcomes must come in OpenSpiel's
    /// order; `false` compares them as sets of ids.
    pub same_order: bool,
}

/// What a replay found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games in the trace.
    pub games: u64,
    /// Steps compared.
    pub steps: u64,
    /// Disagreements (a game stops being compared at its first).
    pub disagreements: u64,
    /// The first ten disagreements, with their line and game.
    pub first: Vec<String>,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "games {} steps {} disagreements {}",
            self.games, self.steps, self.disagreements
        )
    }
}

fn ids_of(list: &str) -> Vec<(u32, f64)> {
    list.split(',')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (a, pr) = p.split_once(':').unwrap_or((p, "1"));
            (
                a.parse().unwrap_or(u32::MAX),
                pr.parse().unwrap_or(f64::NAN),
            )
        })
        .collect()
}

/// Compares one step of the trace with `g`, then applies the chosen action.
fn step<G: Game>(map: &SpielMap<G>, g: &mut G, line: &str) -> Result<(), String> {
    let mut words = line.split(' ');
    let kind = words.next().unwrap_or_default();
    let num = |w: Option<&str>| -> Result<i64, String> {
        w.ok_or("short line")?
            .parse::<i64>()
            .map_err(|e| e.to_string())
    };
    let chance = kind == "chance";
    let (player, chosen) = if chance {
        (-1, num(words.next())?)
    } else {
        (num(words.next())?, num(words.next())?)
    };
    let mut theirs = ids_of(words.next().unwrap_or_default());
    let actor = match g.actor() {
        Actor::Chance => -1,
        Actor::Player(s) => i64::from(s.0),
        Actor::Terminal => -4,
    };
    if actor != player {
        return Err(format!("actor: OpenSpiel {player}, here {actor}"));
    }
    let mut mine: Vec<(u32, f64)> = if chance {
        let mut outs = Vec::new();
        g.chance_outcomes(&mut outs);
        let total: f64 = outs.iter().map(|(_, w)| f64::from(*w)).sum();
        outs.iter()
            .map(|(a, w)| ((map.id)(a), f64::from(*w) / total))
            .collect()
    } else {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        legal.iter().map(|a| ((map.id)(a), 1.0)).collect()
    };
    if !map.same_order {
        mine.sort_by_key(|p| p.0);
        theirs.sort_by_key(|p| p.0);
    }
    let same = mine.len() == theirs.len()
        && mine
            .iter()
            .zip(&theirs)
            .all(|(m, t)| m.0 == t.0 && (m.1 - t.1).abs() < 1e-9);
    if !same {
        let what = if chance {
            "chance outcomes"
        } else {
            "legal actions"
        };
        return Err(format!("{what}: OpenSpiel {theirs:?}, here {mine:?}"));
    }
    let a = (map.action)(g, chosen as u32, chance).ok_or("unknown id")?;
    g.apply_mut(&a).map_err(|e| format!("{a} refused: {e}"))
}

/// Replays every game of a trace, comparing each step with OpenSpiel's.
///
/// # Errors
/// The reading error, if the trace cannot be read.
pub fn replay_trace<G: Game>(map: &SpielMap<G>, trace: impl BufRead) -> std::io::Result<Report> {
    let mut report = Report::default();
    let mut game: Option<(String, G)> = None;
    let mut failed = false;
    for (no, line) in trace.lines().enumerate() {
        let line = line?;
        let note = |report: &mut Report, what: String, head: &str| {
            report.disagreements += 1;
            if report.first.len() < 10 {
                report
                    .first
                    .push(format!("line {}: {head}: {what}", no + 1));
            }
        };
        if let Some(rest) = line.strip_prefix("game ") {
            report.games += 1;
            failed = false;
            let params: Vec<(&str, &str)> = rest
                .split(' ')
                .skip(1)
                .filter_map(|kv| kv.split_once('='))
                .collect();
            match (map.new)(&params) {
                Ok(g) => game = Some((line.clone(), g)),
                Err(e) => {
                    note(&mut report, e, &line);
                    game = None;
                }
            }
            continue;
        }
        let Some((head, g)) = game.as_mut() else {
            continue;
        };
        if failed {
            continue;
        }
        if let Some(rest) = line.strip_prefix("end ") {
            let theirs: Vec<f64> = rest
                .split(' ')
                .map(|r| r.parse().unwrap_or(f64::NAN))
                .collect();
            let mine = (map.returns)(g);
            if mine.as_ref() != Some(&theirs) {
                note(
                    &mut report,
                    format!("returns: OpenSpiel {theirs:?}, here {mine:?}"),
                    head,
                );
            }
            continue;
        }
        report.steps += 1;
        if let Err(e) = step(map, g, &line) {
            note(&mut report, e, head);
            failed = true;
        }
    }
    Ok(report)
}

/// The `main` of a `spiel_replay` example: replays the trace named by the
/// first argument, prints the [`Report`] (and its first disagreements on
/// stderr), and exits with 1 on any disagreement, 2 on a usage or reading error.
pub fn replay_main<G: Game>(map: &SpielMap<G>) -> std::process::ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: spiel_replay <trace file>");
        return std::process::ExitCode::from(2);
    };
    let report =
        std::fs::File::open(&path).and_then(|f| replay_trace(map, std::io::BufReader::new(f)));
    match report {
        Ok(r) => {
            for d in &r.first {
                eprintln!("{d}");
            }
            println!("{r}");
            std::process::ExitCode::from(u8::from(r.disagreements > 0))
        }
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

/// A parameter's value as a number, or why not.
///
/// # Errors
/// The parameter and its text, when it is not a number.
pub fn number(key: &str, value: &str) -> Result<u64, String> {
    value
        .parse()
        .map_err(|_| format!("parameter {key}={value} is not a number"))
}
