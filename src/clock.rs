//! A monotonic clock in milliseconds, for time limits: `std::time::Instant` natively,
//! `performance.now()` in a browser (wasm32 has no `Instant`). The engine and the bindings both
//! use it, so neither depends on the other for the time.

/// Milliseconds since the first call (natively) or since the page or worker started (browser).
#[cfg(not(target_arch = "wasm32"))]
pub fn monotonic_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// Milliseconds from `performance.now()` where there is one (windows and workers); `Date.now()`
/// is the fallback, coarser but monotonic enough for a time budget.
#[cfg(target_arch = "wasm32")]
pub fn monotonic_ms() -> f64 {
    use js_sys::{Function, Reflect};
    use wasm_bindgen::{JsCast, JsValue};
    let global = js_sys::global();
    Reflect::get(&global, &JsValue::from_str("performance"))
        .ok()
        .filter(|p| p.is_object())
        .and_then(|performance| {
            let now: Function = Reflect::get(&performance, &JsValue::from_str("now")).ok()?.dyn_into().ok()?;
            now.call0(&performance).ok()?.as_f64()
        })
        .unwrap_or_else(js_sys::Date::now)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    #[test]
    fn the_clock_never_goes_back() {
        let a = super::monotonic_ms();
        let b = super::monotonic_ms();
        assert!(b >= a && a >= 0.0);
    }
}
