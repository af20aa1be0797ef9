# The commands of the README:
#   make play   install what is missing, build the site into dist/, serve it at http://127.0.0.1:8000
#               (HOST=0.0.0.0 make play: on every address of the machine, for a class's phones)
#   make dist   the site as one folder of static files (dist/) to copy onto any static host
#   make test   the code gates (format, lints, rustdoc, file sizes, TypeScript check), the page modules'
#               unit tests under Node, native tests, wasm-bindgen tests in headless Chromium,
#               end-to-end Playwright tests
#   make fuzz   every fuzz target under libFuzzer, RUNS inputs each (RUNS=100000; TARGETS="tree")
# Each step installs only what is missing and says nothing when there is nothing to do.

PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: play dist test lint typecheck wasm test-unit test-native test-wasm test-e2e bench fuzz

# make play serves exactly what make dist ships.
play: dist
	@scripts/serve.sh $(PORT) dist $(HOST)

dist:
	@scripts/dist.sh dist

wasm:
	@scripts/build-wasm.sh

# -k: a failure in one suite does not hide the results of the others; make still fails.
test:
	@$(MAKE) --no-print-directory -k lint test-unit test-native test-wasm test-e2e typecheck

test-native:
	nice cargo test

# The page's pure modules (scores, results, addresses, catalogues, analysis steps) under Node's own
# test runner: seconds, no browser, no build.
test-unit:
	node --test tests/unit/

# The code's gates: no source file over its size limit, rustfmt, clippy (natively and the wasm
# bindings), rustdoc's links.
lint:
	@scripts/ensure-wasm-toolchain.sh
	@scripts/check-code.sh

# The browser suites run under scripts/run-and-clean-up.sh: the browsers, drivers and servers they
# start are killed when they end, fail or are interrupted (and only those).
test-wasm:
	@scripts/ensure-wasm-toolchain.sh
	@scripts/ensure-browser.sh
	@# One build, with SIMD: what every current browser runs. The build without SIMD is checked
	@# against it in the browser by tests/e2e/engine-wasm.test.js, and its code natively.
	RUSTFLAGS="-C target-feature=+simd128" scripts/run-and-clean-up.sh nice cargo test --target wasm32-unknown-unknown \
	  --target-dir target/simd --features classroom --test wasm_bindings --test wasm_classroom --test wasm_simd

# The page's JavaScript checked by TypeScript's checker against its JSDoc types and the bindings'
# generated types (tsconfig.json); nothing is built from it.
typecheck: wasm
	@scripts/typecheck.sh

# Two files at a time (their pages wait on timers, workers and animations as much as on a core),
# then alone the files that measure the page's own responsiveness under a load they make; both
# groups run even when the first fails.
E2E_ALONE := busy-tabs.test.js classroom-speed.test.js live-analysis.test.js threads.test.js
E2E_SHARED := $(filter-out $(E2E_ALONE),$(notdir $(wildcard tests/e2e/*.test.js)))

test-e2e: wasm
	@scripts/ensure-browser.sh
	@scripts/ensure-npm-packages.sh tests/e2e
	cd tests/e2e && { ../../scripts/run-and-clean-up.sh node --test --test-concurrency=2 $(E2E_SHARED); \
	  shared=$$?; ../../scripts/run-and-clean-up.sh node --test --test-concurrency=1 $(E2E_ALONE) && exit $$shared; }

# Nodes per second of one fixed search, natively and in headless Chromium, and the AI on several
# workers and threads (WORKERS=N, default 2); not part of `test`.
bench: wasm
	@scripts/ensure-browser.sh
	@scripts/ensure-npm-packages.sh tests/e2e
	@scripts/bench.sh

# Every fuzz target of fuzz/ built on stable Rust and run under libFuzzer for RUNS inputs each (not
# part of `test`: there, tests/fuzz_smoke.rs runs the same checks on the seeds and their mutations).
RUNS ?= 10000
TARGETS ?=
fuzz:
	@scripts/fuzz.sh $(RUNS) "$(TARGETS)"
