//! WebAssembly bindings: thin wrappers that convert types and call the engine, nothing more.
//!
//! Two handles, because the page and the AI worker need different things:
//! - [`Game`] (main thread): the rules and the game record — instant operations.
//! - [`Searcher`] (module worker): the search engine with its transposition table — long calls.
//!
//! The rest are free functions over the engine's tables (levels, openings, the evaluation) and,
//! with the `classroom` feature, the classroom's lessons and heuristic lab.
//!
//! # What crosses the boundary
//!
//! - **Positions** cross as board text (`format_board`: 64 squares `X`, `O` or `-`, a1 first, a
//!   space, the side to move `X` or `O`), which the page hands to its workers unchanged; a position
//!   to draw crosses as 64 bytes (0 empty, 1 black, 2 white, a1 first).
//! - **Moves and squares** cross as names (`"d3"`, `"pa"` for a pass); lists of them as arrays.
//! - **Scores** cross as numbers only: `score` (the evaluation's units, or discs when `exact`),
//!   `discs` (the side to move's disc difference: exact, or the estimate converted and rounded to
//!   a tenth), `unknown` (a move the limits left unsearched, `discs: null`). No binding formats a
//!   score: the page writes every score text (`www/common/score-text.js`).
//! - **Results** are plain JavaScript objects, for every binding (the classroom's included):
//!   built field by field ([`convert::ObjectBuilder`]), or, for the classroom's traces of
//!   thousands of nodes, from the course's JSON text by one `JSON.parse` inside the binding, so
//!   that the page never parses. Their shapes are TypeScript interfaces in the generated
//!   `reversi.d.ts` (declared beside the code that builds them), which `make typecheck` checks
//!   the page's JavaScript against.
//! - **Errors**: every bad input is a JavaScript `Error` whose message says what was wrong.
//!
//! One module per concept: [`game`] (rules and record, exports and imports), [`searcher`]
//! (searches, hints, shares of a parallel search), [`team`] (one search on several workers
//! sharing the memory, in the threads build), [`review`] (a game's review in parts),
//! [`study`] (the analysis board: every move with its line, the opening explorer),
//! [`evaluation`] (the static evaluations explained), [`levels`] and [`openings`] (the engine's
//! tables), [`options`] (search options read from JavaScript) and [`convert`] (the conversions
//! they share).

mod convert;
mod evaluation;
mod game;
mod levels;
mod openings;
mod options;
mod review;
mod searcher;
mod study;
mod team;

#[cfg(feature = "classroom")]
pub mod classroom;
#[cfg(feature = "classroom")]
mod lab;

pub use evaluation::{evaluate, evaluation_breakdown, PatternEvaluation};
pub use game::{ggf_details, recognise_text, Game};
pub use levels::{levels, move_budget_ms};
pub use openings::{opening_lines, opening_name};
pub use review::review_assemble;
pub use searcher::Searcher;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn install_panic_hook() {
    // A panic would otherwise surface as an opaque "unreachable" trap.
    console_error_panic_hook::set_once();
}
