#!/usr/bin/env bash
# The baseline for bench/hooks.sh: the post-task hook as the original plugin writes it, bash
# around jq, kept lean for a fair race (two jq calls where the original makes four, shell
# builtins for everything else). Same input, same files, same answer as `learnings hook post-task`.
set -euo pipefail

input=""
if [ ! -t 0 ]; then input=$(cat); fi
if [ -z "$input" ]; then echo '{}'; exit 0; fi

fields=$(printf '%s' "$input" | jq -r '[.session_id // "",
    (.tool_input.name // .tool_input.subagent_type // ""),
    (.tool_response.agentId // .tool_response.agent_id // "")] | @tsv' 2>/dev/null) || { echo '{}'; exit 0; }
IFS=$'\t' read -r session_id name agent_id <<<"$fields"
if [ -z "$session_id" ] || [ -z "$name" ] || [ -z "$agent_id" ]; then echo '{}'; exit 0; fi
name=${name,,}
name=${name// /-}
if [ ! -d ".deepwork/learning-agents/$name" ]; then echo '{}'; exit 0; fi

dir=".deepwork/tmp/agent_sessions/$session_id/$agent_id"
mkdir -p "$dir"
TZ=UTC printf '%(%Y-%m-%dT%H:%M:%SZ)T\n' -1 >"$dir/needs_learning_as_of_timestamp"
printf '%s\n' "$name" >"$dir/agent_used"

reminder="${CLAUDE_PLUGIN_ROOT:-}/doc/learning_agent_post_task_reminder.md"
if [ ! -f "$reminder" ]; then echo '{}'; exit 0; fi
jq -cn --rawfile r "$reminder" \
    '{systemMessage: $r, hookSpecificOutput: {hookEventName: "PostToolUse", additionalContext: $r}}'
