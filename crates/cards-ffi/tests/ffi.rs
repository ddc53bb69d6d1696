//! The cards-ffi crate's integration tests, in one binary: the C functions
//! against `AnyTable`, the thread contract, the committed header, its
//! constants against the C# and C++ bindings, and the guide's samples
//! against their programs.

#[path = "ffi/abi.rs"]
mod abi;
#[path = "ffi/constants.rs"]
mod constants;
#[path = "ffi/guide.rs"]
mod guide;
#[path = "ffi/header.rs"]
mod header;
#[path = "ffi/support.rs"]
mod support;
#[path = "ffi/threads.rs"]
mod threads;
