//! The cards-ffi crate's integration tests, in one binary: the C functions
//! against `AnyTable`, the thread contract, and the committed header.

#[path = "ffi/abi.rs"]
mod abi;
#[path = "ffi/header.rs"]
mod header;
#[path = "ffi/support.rs"]
mod support;
#[path = "ffi/threads.rs"]
mod threads;
