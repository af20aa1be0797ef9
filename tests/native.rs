//! The native tests: one program, each file of `tests/` a module (every file's tests run side by
//! side, and the engine links once). `cargo test --test native search::` runs one file's.

mod common;

mod analysis_lines;
mod book;
mod book_explorer;
mod course_agreement;
mod course_attempt;
mod course_bounds;
mod course_examples;
mod course_exercise;
mod course_exercise_sheet;
mod course_games;
mod course_replay;
mod course_search;
mod course_tree_format;
mod data;
mod endgame;
mod eval;
mod ffo_drills;
mod fuzz_smoke;
mod parallel;
mod pattern_eval;
mod perft;
mod records;
mod rules;
mod search;
mod selective_search;
mod stability;
mod train_pipeline;
