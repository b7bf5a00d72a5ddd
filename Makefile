# The verbs a user types. `make demo` and `make test` are the README's first two commands.
CARGO ?= cargo
DATA  := judge-tests/data
BIN   := target/release

# Each puzzle's published sample(s), shown by `make demo`.
DEMO_CASES := msquare/usaco-1 eight/poj1077-sample eight/uva652-sample colour-hash/uva704-sample

.PHONY: all build demo test lint bundle dist bench fuzz clean

all: build

build:
	$(CARGO) build --release --workspace --bins

demo: build
	@for case in $(DEMO_CASES); do \
		puzzle=$${case%%/*}; \
		echo "== $$puzzle < $(DATA)/$$case.in"; \
		cat $(DATA)/$$case.in; \
		echo "-- output:"; \
		$(BIN)/$$puzzle < $(DATA)/$$case.in || exit 1; \
		echo; \
	done

lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# Release mode throughout: the exhaustive checks walk whole state spaces.
test: lint build
	$(CARGO) test --release --workspace

clean:
	$(CARGO) clean
	rm -rf dist
