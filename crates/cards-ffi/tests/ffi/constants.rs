//! Every constant of `include/cards.h` reaches the two bindings with the same
//! value, and neither binding has a constant the header lacks.
//!
//! The constants are the header's `#define CARDS_*` lines and the members of
//! its enums (`CardsStatus`, `CardsDifficulty`, and any enum added later).
//!
//! - `bindings/csharp/Cards.cs` defines each one itself, since C# cannot read
//!   a C header. An enum `CardsX` is the C# enum `X`, and its member
//!   `CARDS_X_SOME_NAME` is `X.SomeName`. A `#define` has no such rule
//!   (`CARDS_HOST` cannot be `Table.Host`, which is a method), so
//!   [`CS_DEFINES`] says where each one is kept.
//! - `include/cards.hpp` includes `cards.h`, so C++ code sees every C
//!   constant under its C name, and the wrapper itself uses `CardsStatus`,
//!   `CARDS_NO_SEAT` and `CARDS_HOST` that way. Its one constant of its own
//!   is `enum class Difficulty`, a copy of `CardsDifficulty` for the
//!   wrapper's signatures. So the test checks that the wrapper includes the
//!   header, that any enum it copies has every member under the C# name
//!   with the C constant as its value (`Hard = CARDS_DIFFICULTY_HARD`, so the
//!   number can only come from the header), and that it defines nothing else.
//!
//! The files are read line by line, and strictly: a line that declares an
//! enum, a `#define`, a `const` or a `constexpr` in a form the reader does not
//! know stops the test with the line, rather than being skipped.

use std::collections::BTreeMap;
use std::path::Path;

/// Where `Cards.cs` keeps each `#define` of `cards.h`: its class and name.
/// A new `#define` in the header fails the test until it is given a C#
/// constant and a line here.
const CS_DEFINES: &[(&str, &str, &str)] = &[
    ("CARDS_SPECTATOR", "Table", "Spectator"),
    ("CARDS_HOST", "Table", "HostSeat"),
    ("CARDS_NO_SEAT", "Table", "NoSeat"),
    ("CARDS_ABI_VERSION", "Library", "AbiVersion"),
];

/// The constants of `Cards.cs` that belong to the binding and not to the
/// header: class, name, and why.
const CS_OWN: &[(&str, &str, &str)] = &[(
    "Native",
    "Lib",
    "the library's file name, which DllImport loads",
)];

/// A constant of `cards.h`: its name, its number, and its enum (`None` for a
/// `#define`).
#[derive(Debug, Clone, PartialEq)]
struct Constant {
    name: String,
    value: i64,
    enum_name: Option<String>,
}

/// The code of `text` line by line (numbered from 1), with `//` and `/* */`
/// comments removed and string and character literals kept as they are.
fn code_lines(text: &str, file: &str) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    let mut in_block = false;
    for (i, line) in text.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let mut code = String::new();
        let mut j = 0;
        while j < chars.len() {
            if in_block {
                if chars[j] == '*' && chars.get(j + 1) == Some(&'/') {
                    in_block = false;
                    j += 2;
                } else {
                    j += 1;
                }
                continue;
            }
            match chars[j] {
                '/' if chars.get(j + 1) == Some(&'/') => break,
                '/' if chars.get(j + 1) == Some(&'*') => {
                    in_block = true;
                    j += 2;
                }
                quote @ ('"' | '\'') => {
                    assert!(
                        !code.ends_with('@') && !code.ends_with('$'),
                        "{file} line {}: a verbatim or interpolated string, which this \
                         test does not read: {line}",
                        i + 1
                    );
                    code.push(quote);
                    j += 1;
                    loop {
                        let c = *chars.get(j).unwrap_or_else(|| {
                            panic!("{file} line {}: a literal that does not end: {line}", i + 1)
                        });
                        code.push(c);
                        j += 1;
                        if c == '\\' {
                            code.push(chars[j]);
                            j += 1;
                        } else if c == quote {
                            break;
                        }
                    }
                }
                c => {
                    code.push(c);
                    j += 1;
                }
            }
        }
        let code = code.trim();
        if !code.is_empty() {
            lines.push((i + 1, code.to_string()));
        }
    }
    assert!(!in_block, "{file}: a comment that does not end");
    lines
}

/// Stops the test at a line of `file` it cannot read.
fn cannot_read(file: &str, n: usize, code: &str) -> ! {
    panic!("{file} line {n}: a line this test cannot read: {code}")
}

/// `NOT_YOUR_TURN` as `NotYourTurn`.
fn pascal(screaming: &str) -> String {
    screaming
        .split('_')
        .map(|word| {
            let mut chars = word.chars();
            let first = chars.next().expect("no empty word");
            first.to_string() + &chars.as_str().to_lowercase()
        })
        .collect()
}

/// `Difficulty` as `DIFFICULTY`, `SeatKind` as `SEAT_KIND`.
fn screaming(pascal: &str) -> String {
    let mut out = String::new();
    for (i, c) in pascal.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// A whole-word identifier: letters, digits and `_`, not starting with a digit.
fn is_ident(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A decimal integer, possibly negative, and nothing else.
fn integer(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The words of a line of code that start with `CARDS_` and are uppercase.
fn c_constant_names(code: &str) -> Vec<&str> {
    code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|word| {
            word.starts_with("CARDS_")
                && word
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        })
        .collect()
}

/// The enum member `CARDS_X_NAME` of the header's enum `CardsX`, under the
/// name the bindings give it (`Name`).
fn member_name(c_name: &str, enum_name: &str) -> String {
    let short = enum_name
        .strip_prefix("Cards")
        .unwrap_or_else(|| panic!("cards.h's enum {enum_name} does not start with Cards"));
    let prefix = format!("CARDS_{}_", screaming(short));
    let rest = c_name.strip_prefix(&prefix).unwrap_or_else(|| {
        panic!("{c_name}, a member of {enum_name}, does not start with {prefix}")
    });
    pascal(rest)
}

/// Every constant `cards.h` defines, in its order.
fn header_constants(text: &str) -> Vec<Constant> {
    let file = "include/cards.h";
    let mut constants = Vec::new();
    let mut open: Option<String> = None;
    for (n, code) in code_lines(text, file) {
        if let Some(enum_name) = &open {
            if code == format!("}} {enum_name};") {
                open = None;
            } else if let Some(member) = code.strip_suffix(',')
                && let Some((name, value)) = member.split_once(" = ")
                && name.starts_with("CARDS_")
                && is_ident(name)
                && let Some(value) = integer(value)
            {
                constants.push(Constant {
                    name: name.to_string(),
                    value,
                    enum_name: Some(enum_name.clone()),
                });
            } else {
                cannot_read(file, n, &code);
            }
        } else if let Some(rest) = code.strip_prefix("#define ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            match words[..] {
                ["CARDS_H"] => {}
                [name, value] if name.starts_with("CARDS_") && is_ident(name) => {
                    let Some(value) = integer(value) else {
                        cannot_read(file, n, &code)
                    };
                    constants.push(Constant {
                        name: name.to_string(),
                        value,
                        enum_name: None,
                    });
                }
                _ => cannot_read(file, n, &code),
            }
        } else if code.starts_with("typedef enum") || code.contains('{') && code.contains("enum") {
            let Some(name) = code
                .strip_prefix("typedef enum ")
                .and_then(|rest| rest.strip_suffix(" {"))
                .filter(|name| is_ident(name))
            else {
                cannot_read(file, n, &code)
            };
            open = Some(name.to_string());
        } else if code != "#ifndef CARDS_H" && !c_constant_names(&code).is_empty() {
            // A constant in some other form (a `static const`, say).
            cannot_read(file, n, &code);
        }
    }
    assert!(open.is_none(), "{file}: an enum that does not end");
    constants
}

/// An enum of `Cards.cs` or `cards.hpp`: its members with their values, as
/// written (a number in C#, a C constant's name in C++), and its line.
#[derive(Debug, Default)]
struct Enum {
    line: usize,
    members: Vec<(String, String)>,
}

/// A constant of `Cards.cs`: its value as written and its line.
#[derive(Debug)]
struct CsConst {
    line: usize,
    type_name: String,
    value: String,
}

/// The enums and the constants (by class and name) of `Cards.cs`.
type CsConstants = (BTreeMap<String, Enum>, BTreeMap<(String, String), CsConst>);

/// Reads the members of an enum whose `{` line is `lines[*i]` and whose
/// members are `Name = value,` up to the line `end`.
fn enum_members(
    lines: &[(usize, String)],
    i: &mut usize,
    end: &str,
    file: &str,
    value_ok: impl Fn(&str) -> bool,
) -> Vec<(String, String)> {
    let mut members = Vec::new();
    loop {
        *i += 1;
        let (n, code) = lines
            .get(*i)
            .unwrap_or_else(|| panic!("{file}: an enum that does not end"));
        if code == end {
            return members;
        }
        let Some((name, value)) = code
            .strip_suffix(',')
            .and_then(|member| member.split_once(" = "))
            .filter(|(name, value)| is_ident(name) && value_ok(value))
        else {
            panic!(
                "{file} line {n}: an enum member this test cannot read \
                 (it reads `Name = value,` with the value written out): {code}"
            )
        };
        members.push((name.to_string(), value.to_string()));
    }
}

/// Every enum and constant `Cards.cs` defines.
fn cs_constants(text: &str) -> CsConstants {
    let file = "bindings/csharp/Cards.cs";
    let lines = code_lines(text, file);
    let (mut enums, mut consts) = (BTreeMap::new(), BTreeMap::new());
    let mut class = String::new();
    let mut i = 0;
    while i < lines.len() {
        let (n, code) = &lines[i];
        let words: Vec<&str> = code.split_whitespace().collect();
        let n = *n;
        if let Some(k) = words.iter().position(|w| *w == "class") {
            // Classes are not nested in Cards.cs: the constants below this
            // line, up to the next class, are this one's.
            let raw = text.lines().nth(n - 1).unwrap();
            let indent = raw.len() - raw.trim_start().len();
            if indent != 4 {
                panic!("{file} line {n}: a class this test does not place (nested?): {code}");
            }
            class = words
                .get(k + 1)
                .filter(|name| is_ident(name))
                .unwrap_or_else(|| cannot_read(file, n, code))
                .to_string();
        }
        if words.contains(&"enum") {
            let name = match words[..] {
                [_, "enum", name] | [_, "enum", name, ":", _] if is_ident(name) => name,
                _ => cannot_read(file, n, code),
            };
            if lines.get(i + 1).map(|(_, c)| c.as_str()) != Some("{") {
                cannot_read(file, n, code);
            }
            i += 1;
            let members = enum_members(&lines, &mut i, "}", file, |v| integer(v).is_some());
            enums.insert(name.to_string(), Enum { line: n, members });
        } else if words.contains(&"const") {
            let (type_name, name, value) = match words[..] {
                [_, "const", type_name, name, "=", value] if is_ident(name) => {
                    let Some(value) = value.strip_suffix(';') else {
                        cannot_read(file, n, code)
                    };
                    (type_name, name, value)
                }
                _ => cannot_read(file, n, code),
            };
            let constant = CsConst {
                line: n,
                type_name: type_name.to_string(),
                value: value.to_string(),
            };
            consts.insert((class.clone(), name.to_string()), constant);
        } else if words.contains(&"static") && words.contains(&"readonly") {
            // A value fixed at startup could stand for a constant: read it
            // as one, or declare it `const`.
            cannot_read(file, n, code);
        }
        i += 1;
    }
    (enums, consts)
}

/// The enums `cards.hpp` defines (by name) and whether it includes `cards.h`.
fn hpp_constants(text: &str) -> (BTreeMap<String, Enum>, bool) {
    let file = "include/cards.hpp";
    let lines = code_lines(text, file);
    let mut enums = BTreeMap::new();
    let mut includes_header = false;
    let mut i = 0;
    while i < lines.len() {
        let (n, code) = &lines[i];
        let words: Vec<&str> = code.split_whitespace().collect();
        let n = *n;
        if code == "#include \"cards.h\"" {
            includes_header = true;
        } else if let Some(rest) = code.strip_prefix("#define ") {
            // The include guard, and no constant of its own.
            if rest != "CARDS_HPP" {
                cannot_read(file, n, code);
            }
        } else if words.contains(&"enum") {
            let name = match words[..] {
                ["enum", "class", name, "{"] | ["enum", "class", name, ":", _, "{"]
                    if is_ident(name) =>
                {
                    name
                }
                _ => cannot_read(file, n, code),
            };
            let members = enum_members(&lines, &mut i, "};", file, |v| {
                v.starts_with("CARDS_") && is_ident(v)
            });
            enums.insert(name.to_string(), Enum { line: n, members });
        } else if words.contains(&"constexpr")
            || ["const ", "static const ", "inline const "]
                .iter()
                .any(|start| code.starts_with(start))
                && code.ends_with(';')
        {
            // A constant of the wrapper's own (not a parameter going on from
            // the line before), which this test does not map.
            cannot_read(file, n, code);
        }
        i += 1;
    }
    (enums, includes_header)
}

/// The C constants (`CARDS_*`) that `cards.hpp`'s code uses.
fn hpp_uses(text: &str) -> Vec<(usize, String)> {
    code_lines(text, "include/cards.hpp")
        .iter()
        .flat_map(|(n, code)| {
            c_constant_names(code)
                .into_iter()
                .map(|name| (*n, name.to_string()))
        })
        .filter(|(_, name)| name != "CARDS_HPP")
        .collect()
}

/// What is wrong between the header's constants and the C# binding's: one
/// line a problem.
fn cs_problems(header: &[Constant], cs: &str) -> Vec<String> {
    let (enums, consts) = cs_constants(cs);
    let mut problems = Vec::new();
    // The header's enums, one by one.
    let mut header_enums: BTreeMap<&str, Vec<&Constant>> = BTreeMap::new();
    for c in header {
        if let Some(e) = &c.enum_name {
            header_enums.entry(e).or_default().push(c);
        }
    }
    for (c_enum, members) in &header_enums {
        let cs_name = &c_enum["Cards".len()..];
        let Some(cs_enum) = enums.get(cs_name) else {
            problems.push(format!(
                "Cards.cs has no enum {cs_name} (cards.h's {c_enum})"
            ));
            continue;
        };
        for c in members {
            let name = member_name(&c.name, c_enum);
            match cs_enum.members.iter().find(|(m, _)| *m == name) {
                None => problems.push(format!(
                    "Cards.cs's enum {cs_name} has no {name} (cards.h's {} = {})",
                    c.name, c.value
                )),
                Some((_, value)) if integer(value) != Some(c.value) => problems.push(format!(
                    "Cards.cs line {}: {cs_name}.{name} = {value}, where cards.h has {} = {}",
                    cs_enum.line, c.name, c.value
                )),
                Some(_) => {}
            }
        }
        for (name, value) in &cs_enum.members {
            if !members
                .iter()
                .any(|c| member_name(&c.name, c_enum) == *name)
            {
                problems.push(format!(
                    "Cards.cs line {}: {cs_name}.{name} = {value}, which cards.h's {c_enum} lacks",
                    cs_enum.line
                ));
            }
        }
    }
    for (name, e) in &enums {
        if !header_enums.contains_key(format!("Cards{name}").as_str()) {
            problems.push(format!(
                "Cards.cs line {}: enum {name}, which cards.h lacks (no enum Cards{name})",
                e.line
            ));
        }
    }
    // The header's #defines, where CS_DEFINES puts them.
    for c in header.iter().filter(|c| c.enum_name.is_none()) {
        let Some((_, class, name)) = CS_DEFINES.iter().find(|(c_name, ..)| *c_name == c.name)
        else {
            problems.push(format!(
                "cards.h defines {} = {}, which Cards.cs does not: add a constant to \
                 Cards.cs and a line to CS_DEFINES in tests/ffi/constants.rs",
                c.name, c.value
            ));
            continue;
        };
        match consts.get(&(class.to_string(), name.to_string())) {
            None => problems.push(format!(
                "Cards.cs has no constant {class}.{name} (cards.h's {} = {})",
                c.name, c.value
            )),
            Some(k) if !["int", "uint", "long", "ulong"].contains(&k.type_name.as_str()) => {
                problems.push(format!(
                    "Cards.cs line {}: {class}.{name} is a {}, not an integer",
                    k.line, k.type_name
                ))
            }
            Some(k) if integer(&k.value) != Some(c.value) => problems.push(format!(
                "Cards.cs line {}: {class}.{name} = {}, where cards.h has {} = {}",
                k.line, k.value, c.name, c.value
            )),
            Some(_) => {}
        }
    }
    for (c_name, class, name) in CS_DEFINES {
        if !header
            .iter()
            .any(|c| c.name == *c_name && c.enum_name.is_none())
        {
            problems.push(format!(
                "CS_DEFINES places {c_name} at {class}.{name}, but cards.h does not define it"
            ));
        }
    }
    // Back: every constant of Cards.cs is one of the header's, or the binding's own.
    for ((class, name), k) in &consts {
        let is_define = CS_DEFINES
            .iter()
            .any(|(_, c, n)| (c, n) == (&class.as_str(), &name.as_str()));
        let is_own = CS_OWN
            .iter()
            .any(|(c, n, _)| (c, n) == (&class.as_str(), &name.as_str()));
        if !is_define && !is_own {
            problems.push(format!(
                "Cards.cs line {}: constant {class}.{name} = {}, which cards.h does not define \
                 (a constant of the binding's own goes in CS_OWN, with the reason)",
                k.line, k.value
            ));
        }
    }
    for (class, name, _) in CS_OWN {
        if !consts.contains_key(&(class.to_string(), name.to_string())) {
            problems.push(format!(
                "CS_OWN lists {class}.{name}, which Cards.cs does not define"
            ));
        }
    }
    problems
}

/// What is wrong between the header's constants and the C++ wrapper's.
fn hpp_problems(header: &[Constant], hpp: &str) -> Vec<String> {
    let (enums, includes_header) = hpp_constants(hpp);
    let mut problems = Vec::new();
    if !includes_header {
        problems.push(
            "cards.hpp does not #include \"cards.h\", so the C constants it leaves to the \
             header are not there"
                .to_string(),
        );
    }
    for (name, e) in &enums {
        let c_enum = format!("Cards{name}");
        let members: Vec<&Constant> = header
            .iter()
            .filter(|c| c.enum_name.as_deref() == Some(c_enum.as_str()))
            .collect();
        if members.is_empty() {
            problems.push(format!(
                "cards.hpp line {}: enum class {name}, which cards.h lacks (no enum {c_enum})",
                e.line
            ));
            continue;
        }
        // A copy of the header's enum, whole: each member named as the header's
        // is, with that constant as its value.
        for c in &members {
            let want = member_name(&c.name, &c_enum);
            match e.members.iter().find(|(m, _)| *m == want) {
                None => problems.push(format!(
                    "cards.hpp's enum class {name} has no {want} = {}",
                    c.name
                )),
                Some((_, value)) if *value != c.name => problems.push(format!(
                    "cards.hpp line {}: {name}::{want} = {value}, not {}",
                    e.line, c.name
                )),
                Some(_) => {}
            }
        }
        for (member, value) in &e.members {
            if !members
                .iter()
                .any(|c| member_name(&c.name, &c_enum) == *member)
            {
                problems.push(format!(
                    "cards.hpp line {}: {name}::{member} = {value}, which cards.h's {c_enum} lacks",
                    e.line
                ));
            }
        }
    }
    for (n, used) in hpp_uses(hpp) {
        if !header.iter().any(|c| c.name == used) {
            problems.push(format!(
                "cards.hpp line {n}: {used}, which cards.h does not define"
            ));
        }
    }
    problems
}

fn read(path: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(dir.join("../..").join(path)).expect(path)
}

#[test]
fn the_header_s_constants_are_read_whole() {
    let header = header_constants(&read("include/cards.h"));
    let value = |name: &str| {
        header
            .iter()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("cards.h defines {name}"))
            .value
    };
    // The reader sees what the crate defines (the header is cbindgen's
    // output of it: header.rs).
    use cards_ffi::{CARDS_ABI_VERSION, CARDS_HOST, CARDS_NO_SEAT, CARDS_SPECTATOR};
    use cards_ffi::{CardsDifficulty, CardsStatus};
    assert_eq!(value("CARDS_SPECTATOR"), i64::from(CARDS_SPECTATOR));
    assert_eq!(value("CARDS_HOST"), i64::from(CARDS_HOST));
    assert_eq!(value("CARDS_NO_SEAT"), i64::from(CARDS_NO_SEAT));
    assert_eq!(value("CARDS_ABI_VERSION"), i64::from(CARDS_ABI_VERSION));
    assert_eq!(value("CARDS_STATUS_OK"), CardsStatus::Ok as i64);
    assert_eq!(value("CARDS_STATUS_PANIC"), CardsStatus::Panic as i64);
    assert_eq!(
        value("CARDS_DIFFICULTY_LEARNED"),
        CardsDifficulty::Learned as i64
    );
    let count = |e: &str| {
        header
            .iter()
            .filter(|c| c.enum_name.as_deref() == Some(e))
            .count()
    };
    assert_eq!(
        count("CardsStatus"),
        9,
        "CARDS_STATUS_OK to CARDS_STATUS_PANIC"
    );
    assert_eq!(count("CardsDifficulty"), 4, "easy, medium, hard, learned");
    assert_eq!(header.len(), 4 + 9 + 4, "four #defines and two enums");
}

#[test]
fn cards_cs_defines_every_constant_of_the_header_and_no_other() {
    let header = header_constants(&read("include/cards.h"));
    let problems = cs_problems(&header, &read("bindings/csharp/Cards.cs"));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn cards_hpp_copies_the_header_s_constants_it_copies_whole_and_adds_none() {
    let header = header_constants(&read("include/cards.h"));
    let hpp = read("include/cards.hpp");
    let problems = hpp_problems(&header, &hpp);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // What the wrapper does today: it copies CardsDifficulty and leaves
    // CardsStatus and the #defines to cards.h.
    let (enums, _) = hpp_constants(&hpp);
    assert_eq!(enums.keys().collect::<Vec<_>>(), ["Difficulty"]);
    let uses: Vec<String> = hpp_uses(&hpp).into_iter().map(|(_, name)| name).collect();
    for name in ["CARDS_STATUS_OK", "CARDS_NO_SEAT", "CARDS_HOST"] {
        assert!(uses.iter().any(|u| u == name), "cards.hpp uses {name}");
    }
}

/// The three files with `from` replaced by `to` in one of them (`which`:
/// "h", "cs" or "hpp"): a scratch copy with one thing changed.
fn changed(which: &str, from: &str, to: &str) -> (String, String, String) {
    let mut files = [
        read("include/cards.h"),
        read("bindings/csharp/Cards.cs"),
        read("include/cards.hpp"),
    ];
    let k = ["h", "cs", "hpp"].iter().position(|w| *w == which).unwrap();
    assert_eq!(
        files[k].matches(from).count(),
        1,
        "{from} once in the {which} file"
    );
    files[k] = files[k].replace(from, to);
    let [h, cs, hpp] = files;
    (h, cs, hpp)
}

/// The problems the checks find in the scratch copy.
fn problems_of(which: &str, from: &str, to: &str) -> Vec<String> {
    let (h, cs, hpp) = changed(which, from, to);
    let header = header_constants(&h);
    let mut problems = cs_problems(&header, &cs);
    problems.extend(hpp_problems(&header, &hpp));
    problems
}

#[test]
fn a_changed_value_or_name_on_either_side_is_caught() {
    for (which, from, to, expected) in [
        // A value that differs.
        (
            "cs",
            "Hard = 2,",
            "Hard = 5,",
            "Difficulty.Hard = 5, where cards.h has CARDS_DIFFICULTY_HARD = 2",
        ),
        (
            "h",
            "CARDS_STATUS_PANIC = 8,",
            "CARDS_STATUS_PANIC = 9,",
            "Status.Panic = 8, where cards.h has CARDS_STATUS_PANIC = 9",
        ),
        (
            "cs",
            "Spectator = -1;",
            "Spectator = -2;",
            "Table.Spectator = -2, where cards.h has CARDS_SPECTATOR = -1",
        ),
        (
            "h",
            "#define CARDS_ABI_VERSION 1",
            "#define CARDS_ABI_VERSION 2",
            "Library.AbiVersion = 1, where cards.h has CARDS_ABI_VERSION = 2",
        ),
        // A constant one side lacks.
        (
            "cs",
            "        Learned = 3,\n",
            "",
            "Cards.cs's enum Difficulty has no Learned",
        ),
        (
            "cs",
            "        Panic = 8,\n",
            "        Panic = 8,\n        Busy = 9,\n",
            "Status.Busy = 9, which cards.h's CardsStatus lacks",
        ),
        (
            "h",
            "#define CARDS_ABI_VERSION 1",
            "#define CARDS_ABI_VERSION 1\n#define CARDS_MAX_SEATS 10",
            "cards.h defines CARDS_MAX_SEATS = 10, which Cards.cs does not",
        ),
        (
            "cs",
            "        private readonly TableHandle handle;",
            "        public const int MaxSeats = 10;\n        private readonly TableHandle handle;",
            "constant Table.MaxSeats = 10, which cards.h does not define",
        ),
        (
            "hpp",
            "    Learned = CARDS_DIFFICULTY_LEARNED,\n",
            "",
            "enum class Difficulty has no Learned = CARDS_DIFFICULTY_LEARNED",
        ),
        (
            "hpp",
            "Hard = CARDS_DIFFICULTY_HARD,",
            "Hard = CARDS_DIFFICULTY_MEDIUM,",
            "Difficulty::Hard = CARDS_DIFFICULTY_MEDIUM, not CARDS_DIFFICULTY_HARD",
        ),
        (
            "h",
            "  CARDS_DIFFICULTY_LEARNED = 3,\n",
            "  CARDS_DIFFICULTY_LEARNED = 3,\n  CARDS_DIFFICULTY_EXPERT = 4,\n",
            "cards.hpp's enum class Difficulty has no Expert = CARDS_DIFFICULTY_EXPERT",
        ),
        (
            "hpp",
            "#include \"cards.h\"",
            "#include \"other.h\"",
            "cards.hpp does not #include \"cards.h\"",
        ),
    ] {
        let problems = problems_of(which, from, to);
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{from:?} -> {to:?} in the {which} file: expected a problem with {expected:?}, got {problems:#?}"
        );
    }
}

#[test]
fn a_line_the_reader_does_not_know_stops_it() {
    for (which, from, to) in [
        // A value written as an expression, or an enum member left to count.
        (
            "h",
            "#define CARDS_ABI_VERSION 1",
            "#define CARDS_ABI_VERSION (1)",
        ),
        (
            "h",
            "CARDS_DIFFICULTY_MEDIUM = 1,",
            "CARDS_DIFFICULTY_MEDIUM,",
        ),
        (
            "h",
            "#define CARDS_ABI_VERSION 1",
            "static const int32_t CARDS_ABI_VERSION = 1;",
        ),
        ("cs", "Medium = 1,", "Medium,"),
        ("cs", "public enum Status\n    {", "public enum Status {"),
        (
            "cs",
            "        private readonly TableHandle handle;",
            "        public static readonly int MaxSeats = 10;",
        ),
        (
            "hpp",
            "enum class Difficulty : uint32_t {",
            "enum Difficulty : uint32_t {",
        ),
        (
            "hpp",
            "namespace detail {",
            "constexpr int32_t spectator = CARDS_SPECTATOR;\nnamespace detail {",
        ),
        (
            "hpp",
            "#define CARDS_HPP",
            "#define CARDS_HPP\n#define CARDS_CPP_SPECTATOR -1",
        ),
    ] {
        let (h, cs, hpp) = changed(which, from, to);
        let read_all = std::panic::catch_unwind(|| {
            let header = header_constants(&h);
            cs_problems(&header, &cs);
            hpp_problems(&header, &hpp);
        });
        assert!(
            read_all.is_err(),
            "{from:?} -> {to:?} in the {which} file was read without a word"
        );
    }
}
