#!/usr/bin/env bash
# The project of the end-to-end test: a git repository with the enforcement rules of issue 10
# and a stand-in `.venv/bin/python` that says it ran (manim itself is not needed).
set -euo pipefail
project=$1
mkdir -p "$project/.venv/bin"
cat >"$project/.venv/bin/python" <<'PY'
#!/bin/sh
echo "venv-python-ran: $*"
PY
chmod +x "$project/.venv/bin/python"
cat >"$project/learnings.toml" <<'TOML'
[[enforce.rewrite]]
from = "python3 -m manim"
to = ".venv/bin/python -m manim"
reason = "manim is installed in the project's venv"

[[enforce.block]]
pattern = '\bgit push --force\b'
reason = "force-push rewrites shared history; use --force-with-lease"
suggest = "git push --force-with-lease"

[enforce.env]
E2E_FLAG = "set-by-learnings"
TOML
git -C "$project" init -q
git -C "$project" -c user.name=e2e -c user.email=e2e@example.com add -A
git -C "$project" -c user.name=e2e -c user.email=e2e@example.com commit -qm "e2e project"
