//! The schwimmen rules engine (work in progress).
#![forbid(unsafe_code)]
