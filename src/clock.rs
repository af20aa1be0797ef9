//! A monotonic clock in milliseconds, for time limits: `std::time::Instant` natively,
//! `performance.now()` in a browser (wasm32 has no `Instant`). The engine and the bindings both
//! use it, so neither depends on the other for the time. Also the `h:mm:ss` of progress lines.

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

/// A duration for progress lines, `h:mm:ss` (negative durations read as zero).
pub fn hms(secs: f64) -> String {
    let s = secs.max(0.0) as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    #[test]
    fn durations_read_as_hours_minutes_seconds() {
        assert_eq!(super::hms(0.0), "0:00:00");
        assert_eq!(super::hms(3_725.9), "1:02:05");
        assert_eq!(super::hms(-4.0), "0:00:00");
    }

    #[test]
    fn the_clock_never_goes_back() {
        let a = super::monotonic_ms();
        let b = super::monotonic_ms();
        assert!(b >= a && a >= 0.0);
    }
}
