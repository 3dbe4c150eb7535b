#!/usr/bin/env bash
# Benchmark of the prompt hook (`learnings hook prompt`) as a whole process, against the same
# matching in Python (bench/inject_reference.py) run beside it. Prints medians and ratios; exits 1
# if a target is missed: median at most 5 ms, and at least 10 times faster than Python; then the
# same prompt from each other agent client (issue 30), held to 5 ms.
#
#   bench/inject.sh [RUNS]    RUNS defaults to 200. Times each run with bash's EPOCHREALTIME
#                             (which adds bash's own fork to every run, for both sides).
#
# The project has 50 domains of 5 keywords, each with a 20 KB rule file; the transcript is 50 MB
# (tool output, sub-agent lines and injected attachments around the conversation). Cases:
#   inject      the prompt matches two domains that this session has not seen: the state is
#               removed before each run (untimed), so every run reads, fits and claims the files;
#   no match    nothing matches: the common case, `{}`;
#   seen        the domains match but were injected already: `{}` after reading the state.
# It also prints the start-up floor (`learnings --version`): on a loaded machine most of a hook's
# time is process start-up, which the floor shows.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/lib.sh
. bench/lib.sh
# The bash timer, as this benchmark has always used (its README figures come from it).
export BENCH_NO_HYPERFINE=1
runs=${1:-200}
command -v python3 >/dev/null || { echo "bench/inject.sh: python3 is needed for the baseline" >&2; exit 2; }
root=$PWD
build_release
bin=$learnings
reference="$PWD/bench/inject_reference.py"
unset CLAUDE_PROJECT_DIR LEARNINGS_DEBUG

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The same process captures feedback: keep it in the scratch folder, not the user's data.
export LEARNINGS_DATA_DIR="$work/data"
project="$work/project"
mkdir -p "$project/rules"
python3 - "$project" "$work/transcript.jsonl" <<'PY'
import json, sys
project, transcript = sys.argv[1], sys.argv[2]
toml = ["[inject]", "budget = 6000", ""]
for d in range(50):
    words = [f"topic{d}w{k}" for k in range(5)]
    toml += ["[[inject.domains]]", f'name = "domain{d}"', "keywords = " + json.dumps(words),
             f'files = ["rules/domain{d}.md"]', ""]
    with open(f"{project}/rules/domain{d}.md", "w") as f:
        line = f"- rule of domain {d}: keep the output deterministic and the hooks fast.\n"
        f.write(f"# Domain {d}\n\n" + line * (20 * 1024 // len(line)))
open(f"{project}/learnings.toml", "w").write("\n".join(toml))
filler = "lorem ipsum dolor sit amet " * 40
with open(transcript, "w") as f:
    size, i = 0, 0
    while size < 50 * 1024 * 1024:
        lines = [
            {"type": "user", "message": {"role": "user", "content": f"please continue with step {i}"}},
            {"type": "assistant", "message": {"content": [{"type": "text", "text": "Working on it. " + filler[:300]},
                {"type": "tool_use", "id": f"t{i}", "name": "Bash", "input": {"command": "ls"}}]}},
            {"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": f"t{i}", "content": filler * 10}]}},
            {"type": "attachment", "attachment": {"type": "hook_additional_context", "content": [filler]}},
            {"type": "assistant", "isSidechain": True, "message": {"content": filler}},
        ]
        for line in lines:
            text = json.dumps(line) + "\n"
            f.write(text)
            size += len(text)
        i += 1
    f.write(json.dumps({"type": "assistant", "message": {"content": [{"type": "text", "text": "Shall we look at topic7w2 next?"}]}}) + "\n")
PY
# The no-match case: the same transcript, then three messages without a keyword.
cp "$work/transcript.jsonl" "$work/none.jsonl"
for text in "fine" "Done, what next?" "let me think"; do
    printf '{"type":"user","message":{"role":"user","content":"%s"}}\n' "$text" >>"$work/none.jsonl"
done
input() { printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"UserPromptSubmit","prompt":"%s"}\n' "$1" "$project" "$2"; }
input "$work/transcript.jsonl" "yes, and topic3w1 too" >"$work/match.json"
input "$work/none.jsonl" "nothing to see here" >"$work/none.json"

cd "$project"
# Both must pick the same files before they race.
ours=$("$bin" hook prompt <"$work/match.json" | grep -o 'path=\\"[^\\]*' | sort | tr '\n' ' ')
theirs=$(python3 "$reference" <"$work/match.json" | grep -o 'path=\\"[^\\]*' | sort | tr '\n' ' ')
[ -n "$ours" ] && [ "$ours" = "$theirs" ] ||
    { printf 'bench/inject.sh: the files differ:\n  learnings: %s\n  python:    %s\n' "$ours" "$theirs" >&2; exit 2; }
[ "$("$bin" hook prompt <"$work/none.json")" = "{}" ] || { echo "bench/inject.sh: no-match case injected" >&2; exit 2; }


# Only this session's state goes: the state folder itself exists in any real project.
fresh="rm -rf '$project/.learnings/inject/bench'"
floor=$(median_us "$bin --version" /dev/null)
inject=$(median_us "$bin hook prompt" "$work/match.json" "$fresh")
py_inject=$(median_us "python3 $reference" "$work/match.json")
none=$(median_us "$bin hook prompt" "$work/none.json")
py_none=$(median_us "python3 $reference" "$work/none.json")
"$bin" hook prompt <"$work/match.json" >/dev/null
seen=$(median_us "$bin hook prompt" "$work/match.json")

echo "Prompt hook benchmark: median of $runs runs, whole process; 50 domains of 20 KB, 50 MB transcript"
printf '  inject 2 domains   learnings %s   python %s   %sx faster\n' "$(ms "$inject")" "$(ms "$py_inject")" "$(ratio "$py_inject" "$inject")"
printf '  no match           learnings %s   python %s   %sx faster\n' "$(ms "$none")" "$(ms "$py_none")" "$(ratio "$py_none" "$none")"
printf '  already injected   learnings %s\n' "$(ms "$seen")"
printf '  process start-up floor (learnings --version)  %s\n' "$(ms "$floor")"

# Every other client (issue 30): the same prompt in its words. Their transcripts are not
# Claude Code's and are not read, so this is the matching, the files and the claim alone; held
# to the same 5 ms.
declare -A client_times
for client in codex gemini opencode cursor copilot; do
    case $client in
        gemini) printf '{"session_id":"bench","cwd":"%s","hook_event_name":"BeforeAgent","prompt":"<hook_context>x</hook_context>\\n\\nyes, and topic3w1 too"}\n' "$project" ;;
        cursor) printf '{"conversation_id":"bench","workspace_roots":["%s"],"hook_event_name":"beforeSubmitPrompt","prompt":"yes, and topic3w1 too"}\n' "$project" ;;
        copilot) printf '{"sessionId":"bench","cwd":"%s","prompt":"yes, and topic3w1 too"}\n' "$project" ;;
        *) printf '{"session_id":"bench","cwd":"%s","hook_event_name":"UserPromptSubmit","prompt":"yes, and topic3w1 too"}\n' "$project" ;;
    esac >"$work/$client.json"
    client_times[$client]=$(median_us "$bin hook prompt --client $client" "$work/$client.json" "$fresh")
done
printf '  per client, inject:'
for client in codex gemini opencode cursor copilot; do
    printf ' %s %s (%sx claude)' "$client" "$(ms "${client_times[$client]}")" "$(ratio "${client_times[$client]}" "$inject")"
done
printf '\n'

met=true
for pair in "$inject $py_inject" "$none $py_none"; do
    read -r ours base <<<"$pair"
    [ "$ours" -le 5000 ] && [ "$base" -ge $((10 * ours)) ] || met=false
done
for client in codex gemini opencode cursor copilot; do
    [ "${client_times[$client]}" -le 5000 ] || met=false
done
if $met; then
    echo "targets met: prompt hook median at most 5 ms and at least 10x faster than python"
else
    echo "TARGETS NOT MET: prompt hook median at most 5 ms and at least 10x faster than python" >&2
    exit 1
fi
