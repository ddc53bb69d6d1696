//! [`Buffers`]: the numpy arrays one call of a vector env writes and
//! returns, and [`Kept`], the large ones of earlier calls, written again
//! once Python has let go of them.

use cards_core::Shape;
use numpy::{
    Element, PyArray1, PyArray2, PyArrayMethods, PyReadwriteArray2, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::core::PyGame;
use crate::vector::{Out, VecCore};

/// What `reset` and `step` return: a tuple of numpy arrays.
pub type Batch<'py> = Bound<'py, PyTuple>;

/// How many observation arrays (and as many mask arrays) a vector env keeps:
/// a loop that holds the last step's arrays while it makes the next still
/// finds one free.
const KEPT: usize = 3;

/// The observation and mask arrays of a vector env's last calls.
///
/// A step writes megabytes of observations and masks. Written into fresh
/// memory, most of a step's time went to zeroing it and to cache misses;
/// an array of an earlier call is still in the cache. One is written again
/// only when this list holds the only reference to it: no view, copy of the
/// reference or buffer export is left in Python, so no Python code can see
/// it change.
#[derive(Debug, Default)]
pub struct Kept {
    obs: Vec<Py<PyArray2<f32>>>,
    mask: Vec<Py<PyArray2<bool>>>,
}

/// A writable `rows × cols` array: a kept one nobody else holds, or a new
/// one. The caller writes every entry.
fn take<'py, T: Element>(
    py: Python<'py>,
    kept: &mut Vec<Py<PyArray2<T>>>,
    rows: usize,
    cols: usize,
) -> PyResult<PyReadwriteArray2<'py, T>> {
    // The count is exact under the GIL, which this abi3 build always has;
    // pyo3's suggested replacement is an `unsafe` FFI call.
    #[allow(deprecated)]
    let free = kept.iter().position(|a| {
        let a = a.bind(py);
        a.get_refcnt() == 1 && a.shape() == [rows, cols] && a.is_c_contiguous()
    });
    if let Some(k) = free
        && let Ok(array) = kept.remove(k).into_bound(py).try_readwrite()
    {
        return Ok(array);
    }
    // numpy's own 2-D array, owning its data: a view of it (a row, a
    // slice, `np.asarray`) holds this array as its base, so the count
    // above sees it. An array reshaped from a 1-D one would be a view
    // itself, and numpy gives views of it the 1-D owner as their base,
    // which the count missed: a row kept in Python was written again.
    Ok(PyArray2::<T>::zeros(py, [rows, cols], false).readwrite())
}

/// Keeps `array` for a later call, forgetting the oldest beyond [`KEPT`].
fn keep<T: Element>(kept: &mut Vec<Py<PyArray2<T>>>, array: &Bound<'_, PyArray2<T>>) {
    if kept.len() == KEPT {
        kept.remove(0);
    }
    kept.push(array.clone().unbind());
}

/// The output buffers of one batched call: the observations and masks in
/// numpy arrays (see [`Kept`]), the small outputs in vectors handed to numpy
/// without a copy.
pub struct Buffers<'py> {
    n: usize,
    shape: Shape,
    seats: usize,
    obs: PyReadwriteArray2<'py, f32>,
    mask: PyReadwriteArray2<'py, bool>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    player: Vec<i64>,
    final_obs: Vec<f32>,
}

impl<'py> Buffers<'py> {
    /// Buffers for the games of `core`, the large ones from `kept` where it
    /// has free ones.
    pub fn new<G: PyGame>(
        py: Python<'py>,
        core: &VecCore<G>,
        kept: &mut Kept,
    ) -> PyResult<Buffers<'py>> {
        let (n, shape, seats) = (core.len(), core.shape(), core.seats());
        Ok(Buffers {
            n,
            shape,
            seats,
            obs: take(py, &mut kept.obs, n, shape.observation)?,
            mask: take(py, &mut kept.mask, n, shape.actions)?,
            rewards: vec![0.0; n * seats],
            terminated: vec![false; n],
            truncated: vec![false; n],
            player: vec![0; n],
            final_obs: Vec::new(),
        })
    }

    /// Every output of a call, and the final observations of a step.
    pub fn out(&mut self) -> PyResult<(Out<'_>, &mut Vec<f32>)> {
        Ok((
            Out {
                obs: self.obs.as_slice_mut()?,
                mask: self.mask.as_slice_mut()?,
                player: &mut self.player,
                rewards: &mut self.rewards,
                terminated: &mut self.terminated,
                truncated: &mut self.truncated,
            },
            &mut self.final_obs,
        ))
    }

    /// `(obs, mask, player)`, or `(obs, mask, rewards, terminated,
    /// truncated, player, final_obs)` for a step; the observations and
    /// masks are kept in `kept`.
    pub fn into_py(self, py: Python<'py>, kept: &mut Kept, step: bool) -> PyResult<Batch<'py>> {
        let (n, o) = (self.n, self.shape.observation);
        let obs = (**self.obs).clone();
        let mask = (**self.mask).clone();
        // The borrows end here; Python gets the arrays.
        drop((self.obs, self.mask));
        keep(&mut kept.obs, &obs);
        keep(&mut kept.mask, &mask);
        let player = PyArray1::from_vec(py, self.player);
        if step {
            let rewards = PyArray1::from_vec(py, self.rewards).reshape([n, self.seats])?;
            let ended = self.final_obs.len() / o.max(1);
            let final_obs = PyArray1::from_vec(py, self.final_obs).reshape([ended, o])?;
            PyTuple::new(
                py,
                [
                    obs.into_any(),
                    mask.into_any(),
                    rewards.into_any(),
                    PyArray1::from_vec(py, self.terminated).into_any(),
                    PyArray1::from_vec(py, self.truncated).into_any(),
                    player.into_any(),
                    final_obs.into_any(),
                ],
            )
        } else {
            PyTuple::new(py, [obs.into_any(), mask.into_any(), player.into_any()])
        }
    }
}
