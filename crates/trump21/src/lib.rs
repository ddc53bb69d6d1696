//! The trump21 rules engine (work in progress).
#![forbid(unsafe_code)]
