//! Small helpers the terminal examples share: command-line flags and a prompt
//! that re-asks until it gets a valid choice.
//!
//! The workspace README follows; its code example is tested here.
#![doc = include_str!("../README.md")]

use std::io::{BufRead, Write};

/// The flags every example takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flags {
    /// `--seed N`: the deal (default 7).
    pub seed: u64,
    /// `--players N`: how many seats (the example's default when absent).
    pub players: Option<usize>,
    /// `--auto`: bots play every seat and the whole game is printed.
    pub auto: bool,
}

/// Reads `--seed N`, `--players N` and `--auto` from the process arguments.
///
/// # Errors
/// A message naming the flag that is wrong, for the example to print.
pub fn parse_flags(args: impl IntoIterator<Item = String>) -> Result<Flags, String> {
    let mut flags = Flags {
        seed: 7,
        players: None,
        auto: false,
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--auto" => flags.auto = true,
            "--seed" | "--players" => {
                let value = args.next().ok_or_else(|| format!("{arg} needs a number"))?;
                let n: u64 = value
                    .parse()
                    .map_err(|_| format!("{arg} needs a number, not {value:?}"))?;
                if arg == "--seed" {
                    flags.seed = n;
                } else {
                    flags.players =
                        Some(usize::try_from(n).map_err(|_| "--players is too large".to_string())?);
                }
            }
            "-h" | "--help" => return Err("usage: [--seed N] [--players N] [--auto]".to_string()),
            other => {
                return Err(format!(
                    "unknown argument {other:?}; usage: [--seed N] [--players N] [--auto]"
                ));
            }
        }
    }
    Ok(flags)
}

/// Prints numbered `choices` and reads a number from `input` until it is one of
/// them. Returns the 0-based index, or `None` at end of input.
pub fn choose<R: BufRead, W: Write>(
    input: &mut R,
    output: &mut W,
    choices: &[String],
) -> Option<usize> {
    for (i, c) in choices.iter().enumerate() {
        let _ = writeln!(output, "  {:>2}) {c}", i + 1);
    }
    loop {
        let _ = write!(output, "your choice (1-{}): ", choices.len());
        let _ = output.flush();
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
        match line.trim().parse::<usize>() {
            Ok(n) if (1..=choices.len()).contains(&n) => return Some(n - 1),
            _ => {
                let _ = writeln!(output, "please type a number from 1 to {}", choices.len());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_parse_and_refuse_bad_input() {
        let f = parse_flags(["--seed", "9", "--auto", "--players", "3"].map(String::from)).unwrap();
        assert_eq!(
            f,
            Flags {
                seed: 9,
                players: Some(3),
                auto: true
            }
        );
        assert_eq!(parse_flags([]).unwrap().seed, 7);
        assert!(parse_flags(["--seed".to_string()]).is_err());
        assert!(parse_flags(["--seed", "x"].map(String::from)).is_err());
        assert!(parse_flags(["--bogus".to_string()]).is_err());
    }

    #[test]
    fn choose_reasks_until_valid() {
        let mut input = "zero\n0\n5\n2\n".as_bytes();
        let mut out = Vec::new();
        let choices = ["a".to_string(), "b".to_string()];
        assert_eq!(choose(&mut input, &mut out, &choices), Some(1));
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("please type a number").count(), 3);
        assert_eq!(choose(&mut "".as_bytes(), &mut Vec::new(), &choices), None);
    }
}
