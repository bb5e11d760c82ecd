"""The anthropic engine: Claude uses the read-only tools, then calls submit_answer.

The official SDK talks to settings.ANTHROPIC_BASE_URL (or the default). The system prompt and
the tool definitions are cached (cache_control ephemeral), and a cache breakpoint moves to the
newest tool_result so each turn re-reads the conversation from cache. Limits come from
settings: tool calls, model calls, wall clock, output tokens; past one the answer is marked
partial. The wall clock bounds retries too: we retry failed calls ourselves (the SDK's retries
are off), each try with the time left as its timeout.
Every call is a ModelCall row with its tokens, latency and USD from settings.VERBATIM_PRICES;
a model without a price refuses to start before any call. The API key comes only from the
environment (ANTHROPIC_API_KEY) and is never logged or stored.

The SDK is imported in the functions that use it: importing it takes about two seconds, which
every process (web server, worker, manage.py) would otherwise pay at start-up, though most
never call the API.
"""

import email.utils
import itertools
import json
import os
import time
from decimal import Decimal

from django.conf import settings

from research.engines.base import (
    Engine,
    EngineFailed,
    EngineRefused,
    Submission,
    SubmissionError,
    submission_from,
)
from research.models import ModelCall, RunEvent
from research.prompts import system_prompt
from research.tool_schemas import ALL_TOOLS

REPAIR_TOOL_CALLS = 3
EPHEMERAL = {"type": "ephemeral"}
# Backoff between tries when the API gives no retry-after (the SDK's own figures).
INITIAL_RETRY_DELAY = 0.5
MAX_RETRY_DELAY = 8.0
# A timeout this close to the wall clock is the wall clock's doing, not a slow network's.
TIMEOUT_SLACK = 0.5

SYSTEM_PROMPT = system_prompt()  # research/prompts.py: shared with the MCP server's prompts


class AnthropicEngine(Engine):
    name = "anthropic"
    supports_repair = True

    def __init__(self, run, toolbox, limits=None):
        super().__init__(run, toolbox, limits)
        self.model = run.model or settings.VERBATIM_MODEL
        self.client = None
        self.messages = []
        self.output_tokens = 0
        self.calls = 0  # model calls made, answer and repair turns together
        self.pending_results = []  # tool_results owed for the turn that submitted
        self.submit_id = None

    def check_can_start(self):
        if self.model not in settings.VERBATIM_PRICES:
            raise EngineRefused(
                f"model {self.model!r} has no price in VERBATIM_PRICES; a run must know its cost, "
                "so it refuses to start. Add the model's prices per million tokens, or pick a priced model.")
        api_key = os.environ.get("ANTHROPIC_API_KEY", "").strip()
        if not api_key:
            raise EngineRefused("ANTHROPIC_API_KEY is not set; use the extractive engine or set the key")
        self.client = new_client(api_key)
        if self.run.model != self.model:
            self.run.model = self.model
            type(self.run).objects.filter(pk=self.run.pk).update(model=self.model)

    def answer(self) -> Submission:
        self.messages = [{"role": "user", "content": [{"type": "text", "text": self._question()}]}]
        return self._loop("answer", self.limits.max_tool_calls)

    def repair(self, blocked_claims) -> Submission | None:
        if self.submit_id is None:
            return None
        feedback = {"type": "tool_result", "tool_use_id": self.submit_id, "is_error": True,
                    "content": repair_message(blocked_claims)}
        self.messages.append({"role": "user", "content": [*self.pending_results, feedback]})
        self.pending_results = []
        return self._loop("repair", self.toolbox.calls + REPAIR_TOOL_CALLS)

    # --- the loop ----------------------------------------------------------------------------

    def _loop(self, purpose, tool_budget) -> Submission:
        """Call the model until it submits, or a limit stops it (a partial Submission).

        Past the tool call limit the model is told so and gets one last call to submit."""
        limit_reason, nudged, last_call = "", False, False
        while True:
            if self.elapsed() >= self.limits.wall_clock_seconds:
                return Submission(None, partial_reason=self._wall_clock_reason())
            tokens_left = self.limits.max_output_tokens - self.output_tokens
            if tokens_left <= 0:
                return Submission(None, partial_reason=self._tokens_reason())
            if self.calls >= self.limits.max_model_calls:
                return Submission(None, partial_reason=(
                    f"stopped at the model call limit ({self.limits.max_model_calls} calls)"))
            try:
                response = self._call(purpose, tokens_left)
            except _Partial as e:
                return Submission(None, partial_reason=str(e))
            self.beat()
            self.messages.append({"role": "assistant", "content": [_block_param(b) for b in response.content]})
            tool_uses = [b for b in response.content if b.type == "tool_use"]
            if response.stop_reason == "max_tokens":
                reason = self._tokens_reason()
                return self._submitted_in(tool_uses, reason) or Submission(None, partial_reason=reason)
            if not tool_uses:
                if nudged or last_call:
                    return Submission(None, partial_reason=limit_reason or
                                      "the model stopped without calling submit_answer")
                nudged = True
                self.messages.append({"role": "user", "content": [{"type": "text", "text": (
                    "Call submit_answer now: claims with verbatim quotes, or decline with a scope_note.")}]})
                continue
            results, submission = [], None
            for use in tool_uses:
                if use.name == "submit_answer":
                    if submission is None:
                        submission = self._submission(use, results, limit_reason)
                    else:
                        results.append(_tool_result(use.id, {"error": "only one submit_answer is read"}, True))
                elif self.toolbox.calls >= tool_budget:
                    limit_reason = limit_reason or (
                        f"stopped at the tool call limit ({self.limits.max_tool_calls} calls)")
                    results.append(_tool_result(use.id, {"error": "tool call limit reached; call "
                                                         "submit_answer now with what you have"}, True))
                else:
                    outcome = self.toolbox.call(use.name, use.input)
                    results.append(_tool_result(use.id, outcome.content, outcome.is_error))
            if submission is not None:
                self.pending_results = results
                return submission
            if last_call:
                return Submission(None, partial_reason=limit_reason)
            last_call = bool(limit_reason)
            self.messages.append({"role": "user", "content": results})

    def _submission(self, use, results, limit_reason):
        """The validated submit_answer, or None after telling the model what to fix."""
        try:
            submission = submission_from(use.input, partial_reason=limit_reason)
        except SubmissionError as e:
            self.toolbox.errors += 1
            self.run.add_event(RunEvent.KIND_TOOL_ERROR, {"name": "submit_answer", "error": str(e)})
            results.append(_tool_result(use.id, {"error": f"submit_answer rejected: {e}"}, True))
            return None
        self.submit_id = use.id
        return submission

    def _submitted_in(self, tool_uses, partial_reason):
        for use in tool_uses:
            if use.name == "submit_answer":
                try:
                    submission = submission_from(use.input, partial_reason=partial_reason)
                except SubmissionError:
                    return None
                self.submit_id = use.id
                return submission
        return None

    def _call(self, purpose, tokens_left):
        """One Messages API call, recorded as a ModelCall, retried by us (the SDK's own retries
        are off, since it would sleep as long as retry-after says) inside the run's wall clock.

        Each try gets the time left as its timeout. Raises _Partial when the wall clock ends the
        run (a timeout, or a retry-after longer than the time left) and EngineFailed when the
        API fails for good."""
        import anthropic
        _mark_newest_tool_result(self.messages)
        self.calls += 1
        for retry in itertools.count():
            remaining = self.limits.wall_clock_seconds - self.elapsed()
            if remaining <= 0:
                raise _Partial(self._wall_clock_reason())
            self.beat()  # fenced: an attempt that lost its run spends nothing more
            started = time.monotonic()
            try:
                response = self.client.messages.create(
                    model=self.model,
                    max_tokens=tokens_left,
                    system=[{"type": "text", "text": SYSTEM_PROMPT, "cache_control": EPHEMERAL}],
                    tools=_cached_tools(),
                    messages=self.messages,
                    timeout=remaining,
                )
            except (anthropic.APITimeoutError, anthropic.APIConnectionError, anthropic.APIStatusError) as e:
                self._wait_to_retry(e, retry)
                continue
            except (anthropic.APIError, ValueError, TypeError, KeyError) as e:
                raise EngineFailed("the model API sent a response that could not be read "
                                   f"({type(e).__name__})") from None
            latency_ms = int((time.monotonic() - started) * 1000)
            if not looks_like_message(response):
                raise EngineFailed("the model API sent a response that could not be read (no content)")
            self._record(purpose, response, latency_ms)
            return response

    def _wait_to_retry(self, error, retry):
        """Sleep before the next try of a failed call, or raise why there is none."""
        import anthropic
        remaining = self.limits.wall_clock_seconds - self.elapsed()
        if isinstance(error, anthropic.APITimeoutError) and remaining <= TIMEOUT_SLACK:
            raise _Partial(f"the model API did not answer within the wall-clock limit "
                           f"({self.limits.wall_clock_seconds:g} s)") from None
        if not retryable(error) or retry >= settings.VERBATIM_ANTHROPIC_MAX_RETRIES:
            raise EngineFailed(failure_reason(error)) from None
        asked = retry_after(error)
        if asked is not None and asked >= remaining:
            raise _Partial(f"the model API asked to wait {asked:g} s") from None
        wait = asked if asked is not None else min(INITIAL_RETRY_DELAY * 2 ** retry, MAX_RETRY_DELAY)
        if wait >= remaining:
            raise _Partial(self._wall_clock_reason() + f" while retrying: {failure_reason(error)}") from None
        time.sleep(wait)

    def _record(self, purpose, response, latency_ms):
        tokens = record_call(self.run, self.model, purpose, response, latency_ms)
        self.output_tokens += tokens["output"]

    def _question(self):
        scope = ", ".join(self.run.acts) if self.run.acts else "every Act in the corpus"
        as_at = self.run.as_at.isoformat() if self.run.as_at else "today (latest consolidation)"
        language = "French" if self.run.lang == "fra" else "English"
        return (f"Question: {self.run.question}\n\nActs in scope: {scope}\nAs at: {as_at}\n"
                f"Language of the text: {language}")

    def _wall_clock_reason(self):
        return f"stopped at the wall-clock limit ({self.limits.wall_clock_seconds:g} s)"

    def _tokens_reason(self):
        return f"stopped at the output token limit ({self.limits.max_output_tokens} tokens)"


class _Partial(EngineFailed):
    """Raised inside a call when a limit, not a failure, ended the run."""


def new_client(api_key):
    """The SDK client every model call of ours uses: settings.ANTHROPIC_BASE_URL (or the
    default), and no retries of its own (ours run inside a time budget; the SDK's would sleep
    as long as a retry-after says)."""
    import anthropic
    return anthropic.Anthropic(api_key=api_key, base_url=settings.ANTHROPIC_BASE_URL, max_retries=0)


def record_call(run, model, purpose, response, latency_ms) -> dict:
    """Store one answered model call as a ModelCall of `run` with its tokens, latency and USD,
    and its model_call event; returns the tokens {input, output, cache_read, cache_write}.
    Fenced by the run's attempt: an attempt that lost its run bills nothing to it (RunLost)."""
    usage = response.usage
    tokens = {
        "input": usage.input_tokens or 0,
        "output": usage.output_tokens or 0,
        "cache_read": getattr(usage, "cache_read_input_tokens", 0) or 0,
        "cache_write": getattr(usage, "cache_creation_input_tokens", 0) or 0,
    }
    usd = cost_usd(model, tokens)
    with run.owned():
        seq = ModelCall.objects.filter(run=run).count() + 1
        ModelCall.objects.create(run=run, seq=seq, model=model, purpose=purpose,
                                 input_tokens=tokens["input"], output_tokens=tokens["output"],
                                 cache_read_tokens=tokens["cache_read"], cache_write_tokens=tokens["cache_write"],
                                 latency_ms=latency_ms, usd=usd, stop_reason=response.stop_reason or "")
        run.add_event(RunEvent.KIND_MODEL_CALL, {"seq": seq, "purpose": purpose,
                                                 "stop_reason": response.stop_reason, **tokens,
                                                 "latency_ms": latency_ms, "usd": str(usd)})
    return tokens


def cost_usd(model, tokens) -> Decimal:
    """USD for `tokens` {input, output, cache_read, cache_write} at settings.VERBATIM_PRICES
    (per million tokens), to six places."""
    prices = settings.VERBATIM_PRICES[model]
    total = sum(Decimal(str(prices[k])) * tokens[k] for k in ("input", "output", "cache_read", "cache_write"))
    return (total / Decimal(1_000_000)).quantize(Decimal("0.000001"))


def repair_message(blocked_claims) -> str:
    """The repair turn's feedback: each blocked claim with the verifier's findings (an entry
    with index None: what blocks the answer as a whole)."""
    lines = ["The verifier blocked these claims. Call submit_answer again with the whole answer: keep "
             "the claims that passed unchanged; fix each blocked claim (copy the quote exactly from "
             "the text a tool returned, cite the smallest unit holding it, get_provision before "
             "quoting a provision you have not fetched) or drop it."]
    for claim in blocked_claims:
        lines.append(f"\nClaim {claim['index'] + 1}: {claim['text']}" if claim["index"] is not None
                     else "\nThe answer as a whole:")
        for f in claim["findings"]:
            lines.append(f"- {f['code']}: {f['message']}")
            closest = f.get("details", {}).get("closest_passage")
            if closest:
                lines.append(f"  closest passage in the text: “{closest}”")
    return "\n".join(lines)


def _cached_tools():
    tools = [dict(t) for t in ALL_TOOLS]
    tools[-1]["cache_control"] = EPHEMERAL
    return tools


def _mark_newest_tool_result(messages):
    """Move the moving cache breakpoint to the newest tool_result (at most one in the request)."""
    newest = None
    for message in messages:
        if message["role"] != "user" or not isinstance(message["content"], list):
            continue
        for block in message["content"]:
            if block.get("type") == "tool_result":
                block.pop("cache_control", None)
                newest = block
    if newest is not None:
        newest["cache_control"] = EPHEMERAL


def _tool_result(tool_use_id, content, is_error=False) -> dict:
    result = {"type": "tool_result", "tool_use_id": tool_use_id,
              "content": json.dumps(content, ensure_ascii=False)}
    if is_error:
        result["is_error"] = True
    return result


def _block_param(block) -> dict:
    if block.type == "text":
        return {"type": "text", "text": block.text}
    if block.type == "tool_use":
        return {"type": "tool_use", "id": block.id, "name": block.name, "input": block.input}
    return block.model_dump(exclude_none=True)


def looks_like_message(response) -> bool:
    return isinstance(getattr(response, "content", None), list) and getattr(response, "usage", None) is not None


def _api_message(error) -> str:
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        message = (body.get("error") or {}).get("message") if isinstance(body.get("error"), dict) else None
        if message:
            return str(message)[:300]
    return str(getattr(error, "message", "") or error)[:300]


def retryable(error) -> bool:
    """What the SDK itself would retry: timeouts, lost connections, 408, 409, 429 and 5xx."""
    import anthropic
    if isinstance(error, anthropic.APIStatusError):
        return error.status_code in (408, 409, 429) or error.status_code >= 500
    return isinstance(error, (anthropic.APITimeoutError, anthropic.APIConnectionError))


def retry_after(error) -> float | None:
    """Seconds the API asked us to wait (retry-after-ms, retry-after in seconds or as a date)."""
    response = getattr(error, "response", None)
    if response is None:
        return None
    headers = response.headers
    for name, scale in (("retry-after-ms", 1000), ("retry-after", 1)):
        try:
            return max(0.0, float(headers.get(name)) / scale)
        except (TypeError, ValueError):
            pass
    when = email.utils.parsedate_tz(headers.get("retry-after") or "")
    return None if when is None else max(0.0, email.utils.mktime_tz(when) - time.time())


def failure_reason(error) -> str:
    """The sentence a reader sees when a model call failed for good."""
    import anthropic
    if isinstance(error, anthropic.APITimeoutError):
        return "the model API did not answer in time; the run stopped"
    if isinstance(error, anthropic.APIConnectionError):
        return f"could not reach the model API ({settings.ANTHROPIC_BASE_URL or 'api.anthropic.com'})"
    if error.status_code == 429:
        return (f"the model API is rate-limiting this key (429) and "
                f"{settings.VERBATIM_ANTHROPIC_MAX_RETRIES} retries ran out; try again later "
                f"({_api_message(error)})")
    if error.status_code == 529:
        return "the model API is overloaded (529) and retries ran out; try again in a few minutes"
    return f"the model API refused the request ({error.status_code}): {_api_message(error)}"
