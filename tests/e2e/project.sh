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

[[inject.domains]]
name = "render"
keywords = ["render", "manim"]
paths = ["src/render/**"]
files = ["docs/rules/render.md"]
TOML
mkdir -p "$project/docs/rules"
printf '# Rendering\n\n- E2E-RENDER-RULE: render previews with -ql, finals with -qh.\n' >"$project/docs/rules/render.md"
# The learnings file, where `learn promote` writes.
mkdir -p "$project/agents"
printf '# Learnings\n\nLessons of this project, newest last.\n\n## Quote commands exactly\n\nCopy commands into docs as they ran.\n' >"$project/agents/learnings.md"
# A LearningAgent, made by the binary under test, with a marker in its core knowledge.
(cd "$project" && learnings agent create reviewer >/dev/null)
printf '\n- E2E-REVIEWER-CORE: check the error paths first.\n' >>"$project/.deepwork/learning-agents/reviewer/core-knowledge.md"
git -C "$project" init -q
git -C "$project" -c user.name=e2e -c user.email=e2e@example.com add -A
git -C "$project" -c user.name=e2e -c user.email=e2e@example.com commit -qm "e2e project"
