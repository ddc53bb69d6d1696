//! [`Mlp`]: a small dense network (f32, ReLU between layers) and
//! [`Networks`], the compact weights file that holds one network per seat
//! count. The learned level ([`Learned`](crate::Learned)) runs it.
//!
//! # The weights file, version 1
//!
//! Every number is little-endian. The clauses (W1–W6) are what
//! [`WeightsError`] names when a file breaks one.
//!
//! | bytes | content |
//! |---|---|
//! | 4 | (W1) the magic `CRLW` |
//! | 4 | (W2) the version, a `u32`: 1 |
//! | 4 | (W3) the number of networks, a `u32`, at least 1 |
//!
//! then each network in turn:
//!
//! | bytes | content |
//! |---|---|
//! | 4 | (W4) the seat count it plays, a `u32`; no two networks share one |
//! | 4 | (W4) its layer count `L`, a `u32`, 1 to [`MAX_LAYERS`] |
//! | 4·(L+1) | (W4) the widths, `u32`s: the input, each hidden layer's, the output; each 1 to [`MAX_WIDTH`] |
//! | per layer | (W5) the weights, `out × in` `f32`s row by row (PyTorch's `Linear.weight`), then the `out` biases; every value finite |
//!
//! (W6) The file ends right after the last network.
//!
//! A value below [`NEGLIGIBLE`] (10⁻³⁰) in magnitude is read as 0. Its part
//! in a logit is far below the sum's rounding, but its products can be
//! subnormal, and on many x86 processors each subnormal operand or result
//! costs a microcode assist of a hundred cycles or more. Weight decay leaves
//! tens of thousands of such weights where training never needed them.
//!
//! A layer computes `W·x + b`; every layer but the last is followed by a
//! ReLU. The last layer's outputs are the logits, one per action id.

/// The most layers a network may have (W4).
pub const MAX_LAYERS: usize = 8;
/// The widest a layer may be (W4).
pub const MAX_WIDTH: usize = 1 << 16;
/// Weights and biases smaller than this in magnitude are read as 0 (W5;
/// why, in the [module](self) docs).
pub const NEGLIGIBLE: f32 = 1e-30;
/// The magic that opens a weights file (W1).
pub const MAGIC: [u8; 4] = *b"CRLW";
/// The version of the format this crate reads and writes (W2).
pub const VERSION: u32 = 1;

/// Why a weights file was refused. Each message names the clause of the
/// format (see the [module](self) docs) the file breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightsError {
    /// No file at all: the game ships no networks.
    #[error("no weights file: the game ships no networks (W1)")]
    Empty,
    /// The file does not open with `CRLW`.
    #[error("a weights file opens with the magic CRLW (W1)")]
    BadMagic,
    /// A version this crate does not read.
    #[error("weights file version {0} is not supported, only {VERSION} (W2)")]
    Version(u32),
    /// The file ends before `needed` more bytes at offset `at`.
    #[error("the weights file ends at byte {at}, {needed} more bytes were expected (W{clause})")]
    Truncated {
        /// Where the read started.
        at: usize,
        /// How many bytes it needed.
        needed: usize,
        /// The clause being read.
        clause: u8,
    },
    /// A file with no network.
    #[error("a weights file holds at least one network (W3)")]
    NoNetworks,
    /// A layer count or width out of range.
    #[error("network {network}: {what} is {value}, outside 1..={max} (W4)")]
    OutOfRange {
        /// The network's place in the file.
        network: usize,
        /// What was out of range.
        what: &'static str,
        /// Its value.
        value: u64,
        /// The largest allowed.
        max: usize,
    },
    /// Two networks for one seat count.
    #[error("two networks play {0} seats (W4)")]
    DuplicateSeats(usize),
    /// A weight or bias that is NaN or infinite.
    #[error("network {network}, layer {layer}: a value is not finite (W5)")]
    NotFinite {
        /// The network's place in the file.
        network: usize,
        /// The layer within it.
        layer: usize,
    },
    /// Bytes after the last network.
    #[error("{0} bytes follow the last network (W6)")]
    Trailing(usize),
    /// A network whose input or output width does not fit the game.
    #[error(
        "the network for {seats} seats takes {found_input} inputs and gives {found_output} logits, \
         the game's encoding has {input} and {output} (W4)"
    )]
    Shape {
        /// The seat count.
        seats: usize,
        /// The observation length the game writes.
        input: usize,
        /// The action space of the game.
        output: usize,
        /// The network's input width.
        found_input: usize,
        /// The network's output width.
        found_output: usize,
    },
}

/// One dense layer: `outputs` values from `inputs`.
#[derive(Clone, Debug, PartialEq)]
struct Dense {
    inputs: usize,
    outputs: usize,
    /// Hidden layers are column-major (`inputs × outputs`): the weights of
    /// input `j` are `weights[j * outputs..(j + 1) * outputs]`, so an input
    /// of zero costs nothing and each nonzero one is one vectorised
    /// multiply-add. The output layer keeps the file's rows (`outputs ×
    /// inputs`), so a single logit is one dot product.
    weights: Vec<f32>,
    bias: Vec<f32>,
    rows: bool,
}

impl Dense {
    fn forward(&self, input: &[f32], out: &mut Vec<f32>) {
        out.clear();
        if self.rows {
            out.extend((0..self.outputs).map(|o| self.one(input, o)));
            return;
        }
        out.extend_from_slice(&self.bias);
        for (&x, column) in input.iter().zip(self.weights.chunks_exact(self.outputs)) {
            if x != 0.0 {
                for (o, &w) in out.iter_mut().zip(column) {
                    *o += x * w;
                }
            }
        }
    }

    /// Output `o` alone, of a layer that keeps its rows.
    fn one(&self, input: &[f32], o: usize) -> f32 {
        let row = &self.weights[o * self.inputs..(o + 1) * self.inputs];
        self.bias[o] + row.iter().zip(input).map(|(w, x)| w * x).sum::<f32>()
    }
}

/// A dense network with ReLU between its layers.
#[derive(Clone, Debug, PartialEq)]
pub struct Mlp {
    layers: Vec<Dense>,
}

/// Buffers an [`Mlp`] reuses between calls, so a forward pass does not allocate
/// once they have grown.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    a: Vec<f32>,
    b: Vec<f32>,
}

impl Mlp {
    /// The input width.
    pub fn inputs(&self) -> usize {
        self.layers[0].inputs
    }

    /// The output width (the number of logits).
    pub fn outputs(&self) -> usize {
        self.layers[self.layers.len() - 1].outputs
    }

    /// The number of weights and biases.
    pub fn parameters(&self) -> usize {
        self.layers
            .iter()
            .map(|l| l.weights.len() + l.bias.len())
            .sum()
    }

    /// The logits for `input`, in `scratch`.
    ///
    /// # Panics
    /// When `input` is not [`Mlp::inputs`] long.
    pub fn forward<'s>(&self, input: &[f32], scratch: &'s mut Scratch) -> &'s [f32] {
        let hidden = self.hidden(input, scratch);
        let Scratch { a, b } = scratch;
        self.layers[self.layers.len() - 1].forward(if hidden { b } else { input }, a);
        a
    }

    /// The logits of the ids `ids` only (a policy needs only the legal
    /// ones), into `out` in the same order; an id at or past
    /// [`Mlp::outputs`] gets `None`. The same values as [`Mlp::forward`] at
    /// a fraction of the output layer's cost.
    ///
    /// # Panics
    /// When `input` is not [`Mlp::inputs`] long.
    pub fn logits_of(
        &self,
        input: &[f32],
        scratch: &mut Scratch,
        ids: impl IntoIterator<Item = usize>,
        out: &mut Vec<Option<f32>>,
    ) {
        let hidden = self.hidden(input, scratch);
        let x = if hidden { &scratch.b[..] } else { input };
        let last = &self.layers[self.layers.len() - 1];
        out.clear();
        out.extend(
            ids.into_iter()
                .map(|id| (id < last.outputs).then(|| last.one(x, id))),
        );
    }

    /// Runs every layer but the last, leaving its output in `scratch.b`;
    /// `false` when there is no hidden layer (the input feeds the last).
    fn hidden(&self, input: &[f32], scratch: &mut Scratch) -> bool {
        assert_eq!(input.len(), self.inputs(), "the network's input width");
        let Scratch { a, b } = scratch;
        let hidden = &self.layers[..self.layers.len() - 1];
        for (k, layer) in hidden.iter().enumerate() {
            layer.forward(if k == 0 { input } else { b }, a);
            a.iter_mut().for_each(|v| *v = v.max(0.0));
            std::mem::swap(a, b);
        }
        !hidden.is_empty()
    }
}

/// The networks of one weights file, by seat count.
#[derive(Clone, Debug, PartialEq)]
pub struct Networks {
    nets: Vec<(usize, Mlp)>,
}

/// Reads the file front to back.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, clause: u8) -> Result<&'a [u8], WeightsError> {
        let truncated = WeightsError::Truncated {
            at: self.at,
            needed: n,
            clause,
        };
        let end = self.at.checked_add(n).ok_or(truncated.clone())?;
        let slice = self.bytes.get(self.at..end).ok_or(truncated)?;
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self, clause: u8) -> Result<u32, WeightsError> {
        let b = self.take(4, clause)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// `n` values (W5), each below [`NEGLIGIBLE`] in magnitude read as 0.
    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, WeightsError> {
        let bytes = self.take(n.saturating_mul(4), 5)?;
        Ok(bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .map(|v| if v.abs() < NEGLIGIBLE { 0.0 } else { v })
            .collect())
    }
}

fn in_range(
    network: usize,
    what: &'static str,
    value: u32,
    max: usize,
) -> Result<usize, WeightsError> {
    let v = value as usize;
    if v == 0 || v > max {
        return Err(WeightsError::OutOfRange {
            network,
            what,
            value: u64::from(value),
            max,
        });
    }
    Ok(v)
}

impl Networks {
    /// Reads a weights file (format in the [module](self) docs).
    pub fn from_bytes(bytes: &[u8]) -> Result<Networks, WeightsError> {
        if bytes.is_empty() {
            return Err(WeightsError::Empty);
        }
        let mut r = Reader { bytes, at: 0 };
        if r.take(4, 1)? != MAGIC {
            return Err(WeightsError::BadMagic);
        }
        let version = r.u32(2)?;
        if version != VERSION {
            return Err(WeightsError::Version(version));
        }
        let count = r.u32(3)?;
        if count == 0 {
            return Err(WeightsError::NoNetworks);
        }
        let mut nets: Vec<(usize, Mlp)> = Vec::new();
        for network in 0..count as usize {
            let seats = in_range(network, "the seat count", r.u32(4)?, crate::MAX_SEATS)?;
            if nets.iter().any(|(s, _)| *s == seats) {
                return Err(WeightsError::DuplicateSeats(seats));
            }
            let depth = in_range(network, "the layer count", r.u32(4)?, MAX_LAYERS)?;
            let mut widths = Vec::with_capacity(depth + 1);
            for _ in 0..=depth {
                widths.push(in_range(network, "a width", r.u32(4)?, MAX_WIDTH)?);
            }
            let mut layers = Vec::with_capacity(depth);
            for (layer, pair) in widths.windows(2).enumerate() {
                let (inputs, outputs) = (pair[0], pair[1]);
                let rows = r.f32s(inputs * outputs)?;
                let bias = r.f32s(outputs)?;
                if !rows.iter().chain(&bias).all(|v| v.is_finite()) {
                    return Err(WeightsError::NotFinite { network, layer });
                }
                let last = layer + 1 == depth;
                let weights = if last {
                    rows
                } else {
                    let mut columns = vec![0.0; inputs * outputs];
                    for (o, row) in rows.chunks_exact(inputs).enumerate() {
                        for (j, &w) in row.iter().enumerate() {
                            columns[j * outputs + o] = w;
                        }
                    }
                    columns
                };
                layers.push(Dense {
                    inputs,
                    outputs,
                    weights,
                    bias,
                    rows: last,
                });
            }
            nets.push((seats, Mlp { layers }));
        }
        if r.at != bytes.len() {
            return Err(WeightsError::Trailing(bytes.len() - r.at));
        }
        Ok(Networks { nets })
    }

    /// The network for `seats`, if the file has one.
    pub fn for_seats(&self, seats: usize) -> Option<&Mlp> {
        self.nets.iter().find(|(s, _)| *s == seats).map(|(_, m)| m)
    }

    /// The seat counts the file has networks for, in file order.
    pub fn seats(&self) -> impl Iterator<Item = usize> + '_ {
        self.nets.iter().map(|(s, _)| *s)
    }

    /// Checks every network's widths against `shape(seats)` (the game's
    /// observation length and action count for that seat count).
    pub fn check_shapes(&self, shape: impl Fn(usize) -> crate::Shape) -> Result<(), WeightsError> {
        for (seats, net) in &self.nets {
            let s = shape(*seats);
            if net.inputs() != s.observation || net.outputs() != s.actions {
                return Err(WeightsError::Shape {
                    seats: *seats,
                    input: s.observation,
                    output: s.actions,
                    found_input: net.inputs(),
                    found_output: net.outputs(),
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file with one network for `seats`: widths `widths`, every weight
    /// `w` and every bias `b`.
    fn file(seats: u32, widths: &[u32], w: f32, b: f32) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend(VERSION.to_le_bytes());
        out.extend(1u32.to_le_bytes());
        out.extend(seats.to_le_bytes());
        out.extend((widths.len() as u32 - 1).to_le_bytes());
        for x in widths {
            out.extend(x.to_le_bytes());
        }
        for pair in widths.windows(2) {
            for _ in 0..pair[0] * pair[1] {
                out.extend(w.to_le_bytes());
            }
            for _ in 0..pair[1] {
                out.extend(b.to_le_bytes());
            }
        }
        out
    }

    #[test]
    fn a_network_adds_and_rectifies() {
        let nets = Networks::from_bytes(&file(2, &[3, 2, 1], 0.5, -1.0)).unwrap();
        let net = nets.for_seats(2).unwrap();
        assert_eq!(
            (net.inputs(), net.outputs(), net.parameters()),
            (3, 1, 8 + 3)
        );
        let mut scratch = Scratch::default();
        // hidden: 0.5 * 6 - 1 = 2 each; out: 0.5 * 4 - 1 = 1.
        assert_eq!(net.forward(&[1.0, 2.0, 3.0], &mut scratch), &[1.0]);
        // hidden: 0.5 * 0 - 1 = -1, rectified to 0; out: -1.
        assert_eq!(net.forward(&[0.0, 0.0, 0.0], &mut scratch), &[-1.0]);
        let mut some = Vec::new();
        net.logits_of(&[1.0, 2.0, 3.0], &mut scratch, [0, 1], &mut some);
        assert_eq!(some, [Some(1.0), None]);
        assert!(nets.for_seats(3).is_none());
    }

    #[test]
    fn w1_to_w6_bad_files_are_refused_by_clause() {
        let good = file(2, &[3, 2, 1], 0.5, 0.0);
        let mut bad = good.clone();
        bad[0] = b'X';
        assert_eq!(Networks::from_bytes(&bad), Err(WeightsError::BadMagic));
        let mut bad = good.clone();
        bad[4] = 9;
        assert_eq!(Networks::from_bytes(&bad), Err(WeightsError::Version(9)));
        let mut bad = good.clone();
        bad[8] = 0;
        assert_eq!(Networks::from_bytes(&bad), Err(WeightsError::NoNetworks));
        assert_eq!(Networks::from_bytes(&[]), Err(WeightsError::Empty));
        for cut in [3, 7, 11, 20, good.len() - 1] {
            let e = Networks::from_bytes(&good[..cut]).unwrap_err();
            assert!(matches!(e, WeightsError::Truncated { .. }), "{cut}: {e}");
        }
        let mut bad = good.clone();
        bad.push(0);
        assert_eq!(Networks::from_bytes(&bad), Err(WeightsError::Trailing(1)));
        assert!(matches!(
            Networks::from_bytes(&file(2, &[3, 0, 1], 0.5, 0.0)),
            Err(WeightsError::OutOfRange {
                what: "a width",
                ..
            })
        ));
        assert!(matches!(
            Networks::from_bytes(&file(0, &[3, 1], 0.5, 0.0)),
            Err(WeightsError::OutOfRange { .. })
        ));
        assert_eq!(
            Networks::from_bytes(&file(2, &[3, 1], f32::NAN, 0.0)),
            Err(WeightsError::NotFinite {
                network: 0,
                layer: 0
            })
        );
        // A huge width is refused before anything is allocated for it.
        assert!(matches!(
            Networks::from_bytes(&file(2, &[u32::MAX], 0.5, 0.0)),
            Err(WeightsError::OutOfRange { .. })
        ));
        let mut two = good.clone();
        two[8] = 2;
        two.extend_from_slice(&good[12..]);
        assert_eq!(
            Networks::from_bytes(&two),
            Err(WeightsError::DuplicateSeats(2))
        );
        let e = Networks::from_bytes(&bad).unwrap_err().to_string();
        assert!(e.contains("(W6)"), "{e}");
    }

    #[test]
    fn shapes_are_checked_against_the_game() {
        let nets = Networks::from_bytes(&file(2, &[3, 2, 4], 0.5, 0.0)).unwrap();
        let shape = |input, output| {
            move |_| crate::Shape {
                actions: output,
                chance_outcomes: 0,
                observation: input,
            }
        };
        assert_eq!(nets.check_shapes(shape(3, 4)), Ok(()));
        assert_eq!(
            nets.check_shapes(shape(5, 4)),
            Err(WeightsError::Shape {
                seats: 2,
                input: 5,
                output: 4,
                found_input: 3,
                found_output: 4
            })
        );
    }
}
