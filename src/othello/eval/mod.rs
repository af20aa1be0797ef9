//! Static evaluations and move knowledge without search: the course's heuristics (seed 004,
//! [`course`]), its expert moves ([`expert`]) and the trained pattern evaluation ([`pattern`]).

pub mod course;
pub mod expert;
pub mod pattern;
