//! The shithead rules engine (work in progress).
#![forbid(unsafe_code)]
