//! The command core: plain requests in, plain replies out. Everything Discord
//! specific stays in the adapter, so every command is testable offline.

pub mod request;

pub use request::{
    Attachment, Button, ButtonAction, ButtonStyle, Command, DrawAction, Handler, Place, Reply, Request, TakebackAction,
    User,
};
