"""The scripted engine: replays a transcript stored in run.script, for tests and recorded demos.

run.script is {"turns": [...], "repair": [...]} (or just the list of turns). A turn is one of

    {"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s7"}}, ...]}
    {"submit_answer": {"claims": [...], "reading": "...", "not_in_text": "..."}}
    {"sleep": 5, "attempts": [1]}      # wait, heartbeating; only on the listed attempts

Tool calls are executed for real through the toolbox, so the allowlist and the trace are
real. "repair" holds the turns replayed for the repair turn (absent: no repair).
"""

import time

from research.engines.base import (
    Engine,
    EngineFailed,
    EngineRefused,
    Submission,
    SubmissionError,
    submission_from,
)

BEAT_EVERY = 0.5


class ScriptedEngine(Engine):
    name = "scripted"

    def __init__(self, run, toolbox, limits=None):
        super().__init__(run, toolbox, limits)
        script = run.script or {}
        if isinstance(script, list):
            script = {"turns": script}
        self.turns = script.get("turns") or []
        self.repair_turns = script.get("repair")
        if isinstance(self.repair_turns, dict):
            self.repair_turns = [self.repair_turns]
        self.supports_repair = bool(self.repair_turns)

    def check_can_start(self):
        if not isinstance(self.turns, list) or not self.turns:
            raise EngineRefused("the scripted engine needs run.script with at least one turn")

    def answer(self) -> Submission:
        return self._replay(self.turns)

    def repair(self, blocked_claims):
        if not self.repair_turns:
            return None
        return self._replay(self.repair_turns)

    def _replay(self, turns) -> Submission:
        for turn in turns:
            if "sleep" in turn:
                self._sleep(turn)
            for call in turn.get("tool_calls") or []:
                if self.toolbox.calls >= self.limits.max_tool_calls:
                    return Submission(None, partial_reason=(
                        f"stopped after {self.toolbox.calls} tool calls (limit {self.limits.max_tool_calls})"))
                self.toolbox.call(call.get("name", ""), call.get("arguments") or {})
                self.beat()
            if "submit_answer" in turn:
                try:
                    return submission_from(turn["submit_answer"])
                except SubmissionError as e:
                    raise EngineFailed(f"the script's answer breaks the submit_answer schema: {e}") from None
        return Submission(None, partial_reason="the script ended without submit_answer")

    def _sleep(self, turn):
        if turn.get("attempts") and self.run.attempts not in turn["attempts"]:
            return
        until = time.monotonic() + float(turn["sleep"])
        while time.monotonic() < until:
            self.beat()
            time.sleep(min(BEAT_EVERY, max(0.0, until - time.monotonic())))
