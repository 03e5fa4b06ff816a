//! Console front-end: drawing boards as text.

pub mod render;
