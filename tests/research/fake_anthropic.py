"""A fake Anthropic Messages API on loopback, for driving the real SDK in tests.

    with FakeAnthropic() as api:
        api.queue(reply(tool_use("get_provision", {"id": "P-8.6:s7"})), reply(submit({...})))
        settings.ANTHROPIC_BASE_URL = api.url

Each POST /v1/messages takes the next scripted response from the queue and records the request
(JSON body and headers). A response may be a message, an error status with headers
(429 + retry-after, 529), a delay before the headers (a timeout), a hold until the test releases
it, a stall after the headers and half the body (a stalled body) or raw bytes (malformed JSON).
"""

import itertools
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

_ids = itertools.count(1)


def usage(input_tokens=100, output_tokens=50, cache_read=0, cache_write=0) -> dict:
    return {"input_tokens": input_tokens, "output_tokens": output_tokens,
            "cache_read_input_tokens": cache_read, "cache_creation_input_tokens": cache_write}


def tool_use(name, arguments, id=None) -> dict:  # noqa: A002
    return {"type": "tool_use", "id": id or f"toolu_{next(_ids):04d}", "name": name, "input": arguments}


def submit(payload, id=None) -> dict:  # noqa: A002
    return tool_use("submit_answer", payload, id=id)


def reply(*content, stop_reason=None, model="claude-sonnet-5-5", **usage_kwargs) -> dict:
    """A scripted 200 response: a Message with `content` blocks (dicts or plain text)."""
    blocks = [{"type": "text", "text": c} if isinstance(c, str) else c for c in content]
    if stop_reason is None:
        stop_reason = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    return {"status": 200, "body": {
        "id": f"msg_{next(_ids):04d}", "type": "message", "role": "assistant", "model": model,
        "content": blocks, "stop_reason": stop_reason, "stop_sequence": None,
        "usage": usage(**usage_kwargs)}}


def error(status, message="error", kind=None, headers=None) -> dict:
    kind = kind or {429: "rate_limit_error", 529: "overloaded_error"}.get(status, "api_error")
    return {"status": status, "headers": headers or {},
            "body": {"type": "error", "error": {"type": kind, "message": message}}}


def delayed(response, seconds) -> dict:
    return {**response, "delay": seconds}


def held(response, release, timeout=60) -> dict:
    """`response` sent once the test sets the threading.Event `release` (or after `timeout`): a
    model call that lasts exactly as long as the test needs, not a guessed number of seconds."""
    return {**response, "release": release, "hold_timeout": timeout}


def stalled(response, seconds) -> dict:
    """`response` whose headers and first half of the body arrive at once, the rest after `seconds`."""
    return {**response, "stall": seconds}


def raw(data: bytes, status=200) -> dict:
    return {"status": status, "raw": data}


class FakeAnthropic:
    """A ThreadingHTTPServer on 127.0.0.1 answering from a queue; `requests` holds what came in."""

    def __init__(self):
        self.responses = []
        self.requests = []
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        # A short poll: shutdown() waits up to one interval, and every test that uses the fake stops it.
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def url(self):
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def queue(self, *responses):
        with self.lock:
            self.responses.extend(responses)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def _next(self):
        with self.lock:
            if not self.responses:
                return error(500, "the fake API has no response queued")
            return self.responses.pop(0)

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server's naming
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length)
                try:
                    parsed = json.loads(body)
                except ValueError:
                    parsed = None
                with fake.lock:
                    fake.requests.append({"path": self.path, "headers": dict(self.headers), "json": parsed,
                                          "at": time.monotonic()})
                response = fake._next()
                if response.get("delay"):
                    time.sleep(response["delay"])
                if response.get("release"):
                    response["release"].wait(response["hold_timeout"])
                data = response.get("raw")
                if data is None:
                    data = json.dumps(response["body"]).encode()
                try:
                    self.send_response(response["status"])
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for key, value in (response.get("headers") or {}).items():
                        self.send_header(key, value)
                    self.end_headers()
                    if response.get("stall"):
                        half = len(data) // 2
                        self.wfile.write(data[:half])
                        self.wfile.flush()
                        time.sleep(response["stall"])
                        data = data[half:]
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

            def log_message(self, *args):
                pass

        return Handler
