// learnings for opencode: written by `learnings install --client opencode`; rewritten by it on
// upgrade, so edits here are lost. opencode has no command hooks, so this plugin hands each event
// to `learnings hook <event> --client opencode` on stdin, as JSON in Claude Code's shape, and
// acts on the answer:
// - the session's start and each prompt: the knowledge that matches goes into the system
//   prompt of every later request of the session (opencode rebuilds it for each request);
//   the prompt is captured, with the assistant's answer before it;
// - before a shell command: a block rule throws (the model reads the reason as the tool's
//   result), a rewrite changes the command in place;
// - after a file tool: the knowledge of the file's domains is added to the tool's result.
// The plugin never stands in the way: if `learnings` is missing, slow or says anything
// unexpected, the event goes on as if the plugin were not there. Only a block rule stops a tool.
import { spawnSync } from "node:child_process"

const TIMEOUT_MS = 10000

// `learnings` on PATH, else the one npx runs without a download (a project's node_modules, or
// npx's cache after `npx learnings demo`): the first that starts answers.
const COMMANDS = [
  ["learnings", []],
  ["npx", ["--no-install", "learnings"]],
]

function ask(event, input) {
  try {
    let run
    for (const [program, first] of COMMANDS) {
      run = spawnSync(program, [...first, "hook", event, "--client", "opencode"], {
        input: JSON.stringify(input),
        encoding: "utf8",
        timeout: TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
      })
      if (run.error?.code !== "ENOENT") break
    }
    if (run.error || run.status !== 0) return {}
    const answer = JSON.parse(run.stdout || "{}")
    return answer && typeof answer === "object" ? answer : {}
  } catch {
    return {}
  }
}

const contextOf = (answer) => {
  const parts = [answer.systemMessage, answer.hookSpecificOutput?.additionalContext]
  return parts.filter((p) => typeof p === "string" && p.length > 0).join("\n\n")
}

// The assistant's last words before this prompt: opencode keeps no transcript file, so the
// session's messages are asked for, and handed over as the previous turn's end (Stop).
async function lastAnswer(client, id) {
  try {
    const messages = (await client.session.messages({ path: { id } }))?.data ?? []
    const last = messages.filter((m) => m.info?.role === "assistant").pop()
    return (last?.parts ?? []).filter((p) => p.type === "text").map((p) => p.text).join("\n")
  } catch {
    return ""
  }
}

export const Learnings = async ({ client, directory }) => {
  // Per session: the texts to keep in its system prompt, in the order they came.
  const sessions = new Map()
  const textsOf = (id) => {
    if (!sessions.has(id)) {
      const start = contextOf(ask("session-start", {
        hook_event_name: "SessionStart", session_id: id, cwd: directory, source: "startup",
      }))
      sessions.set(id, start ? [start] : [])
    }
    return sessions.get(id)
  }
  return {
    "chat.message": async (input, output) => {
      const id = input.sessionID
      const prompt = (output.parts ?? [])
        .filter((p) => p.type === "text" && !p.synthetic)
        .map((p) => p.text)
        .join("\n")
      const texts = textsOf(id)
      const answer = await lastAnswer(client, id)
      if (answer) {
        ask("stop", { hook_event_name: "Stop", session_id: id, cwd: directory, last_assistant_message: answer })
      }
      const said = contextOf(ask("prompt", {
        hook_event_name: "UserPromptSubmit", session_id: id, cwd: directory, prompt,
      }))
      if (said) texts.push(said)
    },
    "experimental.chat.system.transform": async (input, output) => {
      const texts = textsOf(input.sessionID ?? "-")
      if (texts.length > 0) output.system.push(texts.join("\n\n"))
    },
    "tool.execute.before": async (input, output) => {
      if (input.tool !== "bash") return
      const answer = ask("pre-tool", {
        hook_event_name: "PreToolUse", session_id: input.sessionID, cwd: directory,
        tool_name: input.tool, tool_input: output.args, tool_use_id: input.callID,
      })
      const specific = answer.hookSpecificOutput ?? {}
      if (specific.permissionDecision === "deny") {
        throw new Error(specific.permissionDecisionReason || "blocked by this project's learnings.toml")
      }
      const command = specific.updatedInput?.command
      // In place: opencode runs the object it passed, not a new one.
      if (typeof command === "string" && output.args) output.args.command = command
    },
    "tool.execute.after": async (input, output) => {
      if (!["read", "write", "edit"].includes(input.tool)) return
      const said = contextOf(ask("post-tool", {
        hook_event_name: "PostToolUse", session_id: input.sessionID, cwd: directory,
        tool_name: input.tool, tool_input: input.args, tool_use_id: input.callID,
      }))
      if (said && typeof output.output === "string") output.output += "\n\n" + said
    },
  }
}
