# aslpto — make demo / make test create their own virtual environment.
PYTHON ?= python3.11
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: demo test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,web,vasl]' playwright
	@touch $(STAMP)

demo: $(STAMP)
	@bash examples/demo.sh $(VENV)/bin/aslpto

test: $(STAMP)
	$(PY) -m ruff check src tests benchmarks tools
	$(PY) -m ruff format --check src tests benchmarks tools
	$(PY) -m mypy
	$(PY) -m mypy benchmarks
	$(PY) -m pytest

unit: $(STAMP)
	$(PY) -m pytest -x

bench: $(STAMP)
	$(PY) -m pytest benchmarks --benchmark-only -p no:cacheprovider

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
