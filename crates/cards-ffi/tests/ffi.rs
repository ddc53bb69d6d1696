//! The cards-ffi crate's integration tests, in one binary: the C functions
//! against `AnyTable`, the thread contract, the committed header, and the
//! guide's C sample against its program.

#[path = "ffi/abi.rs"]
mod abi;
#[path = "ffi/guide.rs"]
mod guide;
#[path = "ffi/header.rs"]
mod header;
#[path = "ffi/support.rs"]
mod support;
#[path = "ffi/threads.rs"]
mod threads;
