# The verbs a user types. `make demo` and `make test` are the README's first two commands.
CARGO ?= cargo
DATA  := judge-tests/data
# Where cargo puts its builds, following CARGO_TARGET_DIR when it is set: `make build`'s binaries
# in release (fat LTO, one codegen unit), the tests and the `judge` tool in test-release
# (Cargo.toml).
TARGET := $(or $(CARGO_TARGET_DIR),target)
BIN    := $(TARGET)/release
TOOLS  := $(TARGET)/test-release

# The puzzle crates: every folder with a src/main.rs (judge-tests keeps its binary in src/bin).
PUZZLES := $(patsubst %/src/main.rs,%,$(wildcard */src/main.rs))
# `make dist`: static binaries, built apart from target/release so neither build undoes the other.
# They are the binaries the tests run (judge_tests::binary_path): one build of the puzzles (the
# `dist` profile: release, stripped, without LTO; Cargo.toml) serves the tests, the page test and
# dist/bin.
STATIC_TARGET := x86_64-unknown-linux-gnu
STATIC_DIR    := $(TARGET)/static
STATIC_BIN    := $(STATIC_DIR)/$(STATIC_TARGET)/dist
STATIC_ENV    := RUSTFLAGS='-C target-feature=+crt-static'

# Each puzzle's published sample(s), shown by `make demo`.
DEMO_CASES := msquare/usaco-1 eight/poj1077-sample eight/uva652-sample colour-hash/uva704-sample

.PHONY: all build demo test lint fmt linter bundle dist toolchain bench fuzz doc clean page page-test

all: build

build:
	$(CARGO) build --release --workspace --bins

# Each sample: its input, then the binary's output beside the expected `.out`, then `judge run`'s
# verdict on the same case (AC with its time and peak memory), so a newcomer sees it is right.
demo: build
	@out=$$(mktemp); trap 'rm -f "$$out"' EXIT; \
	for case in $(DEMO_CASES); do \
		puzzle=$${case%%/*}; name=$${case#*/}; \
		echo "== $$puzzle < $(DATA)/$$case.in"; \
		cat $(DATA)/$$case.in; \
		$(BIN)/$$puzzle < $(DATA)/$$case.in > "$$out" || exit 1; \
		printf -- '-- %-36s %s\n' output "expected ($$name.out)"; \
		paste "$$out" $(DATA)/$$case.out | awk -F '\t' '{ printf "   %-36s %s\n", $$1, $$2 }'; \
		verdict=$$($(BIN)/judge run $$puzzle $$name --data $(DATA)) || { echo "$$verdict"; exit 1; }; \
		echo "$$verdict" | head -n 1; \
		echo; \
	done

# rustfmt, then clippy on every target with every warning an error. Clippy uses the tests'
# profile: the proc macros and build scripts it must build for real (clap_derive and its syn,
# libc's and nix's build scripts) are then the ones a test build uses.
lint: fmt
	$(CARGO) clippy --profile test-release --workspace --all-targets -- -D warnings

# `make test` lints as it builds instead: clippy-driver, the compiler `cargo clippy` runs, wraps
# rustc for the workspace's own crates (RUSTC_WORKSPACE_WRAPPER, as `cargo clippy` sets it) in
# every test-release build, and -D warnings turns each warning, rustc's or clippy's, into an error
# (dependencies build with their lints capped, so it only reaches the workspace). The same lints
# as `make lint`, without its check pass over every dependency, which was a sixth of `make test`'s
# CPU. The binaries clippy-driver builds are only the tests' own: clippy's README warns that they
# may be optimised differently; the shipped ones (`make dist`, `make page`) never use it.
LINTING := RUSTC_WORKSPACE_WRAPPER="$$(rustup which clippy-driver)" RUSTFLAGS=-Dwarnings
# Set by `make test` for itself and its prerequisites (bundle), empty for a `make bundle` alone.
CARGO_ENV :=

# Two self-contained, std-only source files per puzzle for judges: dist/<puzzle>.rs, the fast
# judge program, and dist/<puzzle>-plain.rs, the plain program with its docs (at most 16,000
# bytes, for judges with a small code-length limit, and the file to read); docs/submitting.md.
bundle:
	$(CARGO_ENV) $(CARGO) build --profile test-release -p judge-tests --bin judge
	$(TOOLS)/judge bundle --out dist $(PUZZLES)

# One static, stripped binary per puzzle that runs on any x86-64 Linux: dist/bin/<puzzle>.
dist:
	$(STATIC_ENV) $(CARGO) build --profile dist --target $(STATIC_TARGET) --target-dir $(STATIC_DIR) $(PUZZLES:%=-p %)
	@mkdir -p dist/bin
	@for puzzle in $(PUZZLES); do \
		cp $(STATIC_BIN)/$$puzzle dist/bin/$$puzzle; \
		printf '%-24s %9d bytes\n' dist/bin/$$puzzle $$(wc -c < dist/bin/$$puzzle); \
	done

# The bundles must compile with the oldest Rust a judge may run, the workspace's rust-version:
# rustup installs that toolchain (rustc, cargo and std, about 550 MB, once) when it is missing. The
# bundle test also compiles them under edition 2024 with the default rustc, which needs Rust 1.85.
MSRV := 1.70
toolchain:
	@command -v rustup >/dev/null || { echo 'make toolchain: rustup is needed to install Rust $(MSRV) (https://rustup.rs)' >&2; exit 1; }
	@rustup toolchain list | grep -q '^$(MSRV)-' || rustup toolchain install $(MSRV) --profile minimal
	@# rustc writes its output beside the target and renames it over it: never `-o /dev/null`, which
	@# (as root) would replace the device with a regular file. A folder of its own, removed after.
	@probe=$$(mktemp -d) && echo 'fn main() {}' | rustc --edition 2024 --emit=metadata --out-dir "$$probe" - 2>/dev/null; \
		status=$$?; rm -rf "$$probe"; [ $$status = 0 ] || \
		{ echo "make toolchain: $$(rustc --version) predates edition 2024 (Rust 1.85): rustup update stable" >&2; exit 1; }

# `make test`: rustfmt, then the builds linted as above: the puzzles' binaries as themselves (the
# error-contract test runs them as the dynamically linked builds beside the static ones), then
# every target (unit tests, integration tests, examples, benches) as a test build, which is what
# `cargo clippy --all-targets` covers; the libraries the integration tests use, and judge-tests'
# own binaries, are built as themselves on the way. Not the page's native library: nothing runs
# it, and its test build lints the same code. The tests run the shipped binaries, the static ones
# of `make dist`; they are themselves built with the test-release profile, optimised without LTO
# (the exhaustive checks walk whole state spaces). The bundle tests remake each bundle, compile it
# with rustc alone under every edition and toolchain (each build once, shared by the tests), and
# run it beside the static build (every case under the judges' build, stable 2021 with -O, the
# published samples under the others that make a program).
# The page crate has no doc examples (`doctest = false`), and `--doc` would build its library again
# for nothing. `make doc` runs first, so a broken intra-doc link fails `make test` as it fails
# `make doc`.
test: CARGO_ENV := $(LINTING)
test: fmt linter bundle dist toolchain doc
	$(CARGO_ENV) $(CARGO) build --profile test-release $(PUZZLES:%=-p %) --bins
	$(CARGO_ENV) $(CARGO) test --profile test-release --workspace --all-targets --no-run
	$(CARGO_ENV) $(CARGO) test --profile test-release --workspace --lib --bins --tests
	$(CARGO_ENV) $(CARGO) test --profile test-release --workspace --exclude page --doc
	$(MAKE) page-test

fmt:
	$(CARGO) fmt --all --check

# clippy-driver for the linting builds of `make test`: rustup adds the component when it is
# missing (an empty RUSTC_WORKSPACE_WRAPPER would build without linting, silently).
linter:
	@rustup which clippy-driver >/dev/null 2>&1 || rustup component add clippy
	@rustup which clippy-driver >/dev/null

# The study page (README, Study page): the page crate built for wasm32 (symbols stripped, panics
# abort: a smaller module), then page/build.py writes target/page/index.html with page.wasm beside
# it, and target/page/study.html, one file with the module inlined.
PAGE_DIR  := $(TARGET)/page
PAGE_WASM := $(TARGET)/wasm32-unknown-unknown/release/page.wasm
page:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	CARGO_PROFILE_RELEASE_STRIP=symbols CARGO_PROFILE_RELEASE_PANIC=abort \
		$(CARGO) build --release --target wasm32-unknown-unknown -p page
	python3 page/build.py $(PAGE_WASM) $(PAGE_DIR)

# The page in headless Chromium against the static binaries of `make dist`, its lesson on
# breadth-first search (page/test_lesson.py's checks) in the same browser and pages, then its
# worker under Node (a trapped call gets a fresh module) and its number formatting against
# Intl.NumberFormat (page/test_util.js). page/setup.sh finds Chromium and Node (CHROMIUM and
# NODE in the environment, else PATH, else apt-get as root) and installs Playwright (pip) and
# axe-core (npm) when they are missing. Screenshots go to target/page/.
NODE ?= node
page-test: page dist
	page/setup.sh
	python3 page/test_page.py $(PAGE_DIR) $(STATIC_BIN)
	$(NODE) page/test_worker.js $(PAGE_WASM)
	$(NODE) page/test_util.js

# Instruction counts (callgrind), wall time and peak memory of each release binary on fixed,
# seeded workloads, written to target/bench.json, and the study page's longest main-thread tasks
# (page/bench_page.py, normal speed and CPU throttled x4), all in docs/figures.md's table. Installs
# valgrind when it is missing. Not part of `make test`: a benchmark reports, it does not assert.
# `cargo bench -p judge-tests --bench perm` times common::perm against the textbook Cantor
# expansion (std timing).
# Quoted where it is used: an absolute path, which may hold a space.
PAGE_BENCH := $(abspath $(TARGET))/bench/page.tsv
bench: build page
	@command -v valgrind >/dev/null || { apt-get update -q && apt-get install -y -q valgrind; }
	page/setup.sh
	python3 page/bench_page.py $(PAGE_DIR) '$(PAGE_BENCH)'
	$(CARGO) build --release -p colour-hash --example gen -p eight --example seen
	PAGE_BENCH='$(PAGE_BENCH)' $(CARGO) bench -p judge-tests --bench puzzles

# The crate docs, fast tier included: the judge program keeps its fast pieces private, so plain
# `cargo doc` shows only the public surface. The page's crate too (its module and the calls the
# worker makes), so its links are checked as the puzzles' are. Opens at
# target/doc/<crate>/index.html; broken intra-doc links are errors.
doc:
	RUSTDOCFLAGS='-D rustdoc::broken_intra_doc_links' $(CARGO) doc --no-deps --document-private-items -p common -p msquare -p eight -p colour-hash -p page

# The property-based fuzzers of `make test`, with many more cases (PROPTEST_CASES overrides).
FUZZ_CASES ?= 5000
fuzz: dist
	PROPTEST_CASES=$(FUZZ_CASES) $(CARGO) test --profile test-release -p judge-tests --test binaries -- fuzz::

clean:
	$(CARGO) clean
	rm -rf dist
