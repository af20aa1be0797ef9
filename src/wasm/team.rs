//! One search on several workers sharing the WebAssembly memory (`othello::search::parallel`):
//! the threads build (`www/pkg/threads/`), whose workers instantiate one module over one shared
//! memory, so that a Rust `static` and every allocation are the same for all of them.
//!
//! The AI's worker makes its engine the main thread of a team (`startTeam`: the team's number,
//! and where its session word lives); each helper worker joins it (`joinTeam`: its engine uses
//! the team's tables and weights) and, for every search, runs `help(session)` while the AI's
//! worker searches with `{session}` among its options. The page starts a session by writing its
//! number into the session word, and stops it by writing 0 (`Atomics.store`: a worker's search
//! cannot hear a message). In the builds without shared memory the same calls exist, but each
//! worker has a memory of its own: a helper cannot join another worker's team.

use super::convert::js_error;
use super::searcher::Searcher;
use crate::othello::eval::pattern::PatternWeights;
use crate::othello::search::parallel::{SearchShare, SharedTables};
use std::sync::{Arc, Mutex, PoisonError};
use wasm_bindgen::prelude::*;

/// A team of engines: the tables, the share, and the main engine's pattern weights (helpers
/// evaluate with the same ones, without a copy of their own).
pub(super) struct TeamEntry {
    pub(super) share: SearchShare,
    tables: Arc<SharedTables>,
    weights: Mutex<Option<Arc<PatternWeights>>>,
}

impl TeamEntry {
    pub(super) fn set_weights(&self, weights: Option<Arc<PatternWeights>>) {
        *self.weights.lock().unwrap_or_else(PoisonError::into_inner) = weights;
    }

    fn weights(&self) -> Option<Arc<PatternWeights>> {
        self.weights.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

/// Every team of this memory, by number (its index). In the threads build, one list for every
/// worker.
static TEAMS: Mutex<Vec<Arc<TeamEntry>>> = Mutex::new(Vec::new());

#[wasm_bindgen]
impl Searcher {
    /// Makes this engine the main thread of a new team and returns the team's number, for the
    /// helpers' `joinTeam`. Searches given `{session}` among their options are then the team's.
    #[wasm_bindgen(js_name = startTeam)]
    pub fn start_team(&mut self) -> u32 {
        let entry = Arc::new(TeamEntry {
            share: SearchShare::new(),
            tables: Arc::clone(self.engine.tables()),
            weights: Mutex::new(self.engine.pattern_weights()),
        });
        let mut teams = TEAMS.lock().unwrap_or_else(PoisonError::into_inner);
        teams.push(Arc::clone(&entry));
        self.team = Some(entry);
        (teams.len() - 1) as u32
    }

    /// The byte offset, in the shared memory, of the team's session word (a 32-bit integer): the
    /// page writes a session's number there before asking for a search with that `session`, and 0
    /// to stop it. Throws when the engine is in no team.
    #[wasm_bindgen(getter, js_name = sessionAddress)]
    pub fn session_address(&self) -> Result<u32, JsError> {
        let team = self.team.as_ref().ok_or_else(|| JsError::new("sessionAddress: the engine is in no team"))?;
        Ok(team.share.current_address() as u32)
    }

    /// Joins team `team` as a helper: the engine uses the team's tables (its own are freed) and,
    /// while it has none of its own, its pattern weights. Throws on a number that is no team of
    /// this memory.
    #[wasm_bindgen(js_name = joinTeam)]
    pub fn join_team(&mut self, team: u32) -> Result<(), JsError> {
        let entry = TEAMS
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(team as usize)
            .cloned()
            .ok_or_else(|| js_error(format!("joinTeam: there is no team {team} in this memory")))?;
        self.engine.attach(Arc::clone(&entry.tables));
        self.team = Some(entry);
        Ok(())
    }

    /// Helps the team's main engine with session `session`: searches what it searches until the
    /// session ends (the main search finished, or the page wrote another number into the session
    /// word). Blocks the worker meanwhile. Throws when the engine is in no team.
    pub fn help(&mut self, session: u32) -> Result<(), JsError> {
        let team = self.team.clone().ok_or_else(|| JsError::new("help: the engine is in no team"))?;
        if !self.engine.has_pattern_weights() {
            self.engine.set_pattern_weights(team.weights());
        }
        self.engine.help(&team.share, session);
        Ok(())
    }
}
