"""A loopback OpenAI-compatible server for tests and the eval: scripted or "smart" replies, and
faults on demand.

It serves ``POST /v1/chat/completions``, ``POST /v1/embeddings`` and ``GET /v1/models`` on
127.0.0.1 (a free port), from a uvicorn thread, so a test can start it next to its event loop
and point the real ``openai`` client, in-process or in worker processes, at ``server.base_url``.

Replies, in order of precedence:

1. a fault queued with :meth:`FakeOpenAIServer.inject` that matches the request (by task and/or
   a substring of the prompt): ``429`` (with ``Retry-After``), ``500``, ``400``, ``401``,
   ``timeout`` (sleeps past the client's timeout, then answers), ``malformed`` (content that is
   not JSON), ``schema`` (JSON that breaks the task's schema);
2. a reply queued with :meth:`FakeOpenAIServer.script`;
3. the "smart" answer: the task is recognised from the system prompt, the request read back from
   the prompt, and answered by the offline rules: extraction by
   ``extraction_rules.extract_facts``, decisions by ``decision_rules.decide``, summaries and
   profiles by the offline summary provider. End-to-end runs through the ``openai`` provider so
   give real results.

``unsupported`` makes it behave like an endpoint that lacks a feature: ``json_schema``,
``json_object``, ``tools``, ``dimensions`` or ``max_tokens`` requests then get a 400.
``fenced`` makes it answer the way many vLLM and Ollama setups do without constrained decoding:
the JSON in the message content, wrapped in a ```json Markdown fence after a short preamble.
Together they give the response styles the provider must handle: ``FakeOpenAIServer()`` honours
a strict ``json_schema``; ``FakeOpenAIServer(unsupported={"json_schema", "tools"}, fenced=True)``
offers JSON mode only and fences its replies; ``unsupported={"json_schema", "json_object",
"tools"}`` takes no ``response_format`` at all.

Counting: every request, by task and outcome, the most requests in flight at once, and the
prompt and completion tokens of each answered request. Tokens are estimated with the
all-MiniLM-L6-v2 WordPiece tokenizer (``tokenizers``; about 1.1-1.3 tokens per English word, more
than GPT tokenizers on JSON punctuation, so a conservative estimate), falling back to
``len(text) / 4`` if the weights package is missing. The whole prompt counts: every message plus
4 tokens of framing each, and the JSON schema or tool definition sent with it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from datetime import time as clock_time
from typing import Any

import numpy as np
import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from shared.domain.models import DecisionItem, ExtractionInput, Neighbour, Turn
from shared.providers import prompts
from shared.providers.offline import decision_rules, extraction_rules
from shared.providers.offline.providers import OfflineSummaryProvider

TASKS = ("extraction", "decision", "summary", "profile", "embedding", "other")
FAULT_KINDS = ("429", "500", "400", "401", "timeout", "malformed", "schema")


# --------------------------------------------------------------------------------------------
# Token estimate
# --------------------------------------------------------------------------------------------


class TokenCounter:
    """Counts tokens with the MiniLM WordPiece tokenizer, or len/4 without it."""

    def __init__(self) -> None:
        self.method = "len/4"
        self._tokenizer = None
        try:
            from tokenizers import Tokenizer

            from shared.providers.offline.minilm import default_model_dir

            tokenizer = Tokenizer.from_file(str(default_model_dir() / "tokenizer.json"))
            tokenizer.no_truncation()
            tokenizer.no_padding()
            self._tokenizer = tokenizer
            self.method = "all-MiniLM-L6-v2 WordPiece tokenizer"
        except Exception:  # the weights package is optional here
            pass
        self._lock = threading.Lock()

    def __call__(self, text: str) -> int:
        if not text:
            return 0
        if self._tokenizer is None:
            return max(1, round(len(text) / 4))
        with self._lock:
            return len(self._tokenizer.encode(text, add_special_tokens=False).ids)


# --------------------------------------------------------------------------------------------
# Reading requests back from the prompts
# --------------------------------------------------------------------------------------------

_LINE = re.compile(
    r"^(?:\[(?P<n>\d+)\] )?(?P<role>user|assistant|system)(?:\((?P<name>[^)]*)\))? (?P<at>\S+) \w+: (?P<text>\".*\")$"
)


def task_of(body: dict[str, Any]) -> str:
    system = next((m.get("content") or "" for m in body.get("messages", []) if m.get("role") == "system"), "")
    if not isinstance(system, str):
        return "other"
    for task, prompt in (
        ("extraction", prompts.EXTRACTION_SYSTEM),
        ("decision", prompts.DECISION_SYSTEM),
        ("summary", prompts.SUMMARY_SYSTEM),
        ("profile", prompts.PROFILE_SYSTEM),
    ):
        if system[:60] == prompt[:60]:
            return task
    return "other"


def user_content(body: dict[str, Any]) -> str:
    return "\n".join(
        m["content"] for m in body.get("messages", []) if m.get("role") == "user" and isinstance(m.get("content"), str)
    )


def parse_extraction(content: str) -> ExtractionInput:
    """The prompts.render_extraction format, read back: earlier lines are context, [n] lines new."""
    context: list[Turn] = []
    new: list[Turn] = []
    summary = ""
    known_slots: tuple[str, ...] = ()
    for line in content.splitlines():
        if line.startswith("Summary: "):
            summary = json.loads(line.removeprefix("Summary: "))
            continue
        if line.startswith("Slots: "):
            known_slots = tuple(json.loads(line.removeprefix("Slots: ")))
            continue
        match = _LINE.match(line)
        if not match:
            continue
        turn = Turn(
            event_id=match["n"] or f"c{len(context)}",
            role=match["role"],
            content=json.loads(match["text"]),
            created_at=datetime.fromisoformat(match["at"]),
            name=match["name"] or None,
        )
        (new if match["n"] else context).append(turn)
    return ExtractionInput(new_turns=tuple(new), context_turns=tuple(context), summary=summary, known_slots=known_slots)


def parse_decisions(content: str) -> list[DecisionItem]:
    items = []
    for line in content.splitlines():
        if not line.strip():
            continue
        data = json.loads(line)
        text, slot, negated = data["candidate"]
        items.append(
            DecisionItem(
                candidate_text=text,
                candidate_slot=slot,
                candidate_negated=negated,
                neighbours=tuple(
                    Neighbour(index=i, text=t, slot=s, valid_from=datetime.fromisoformat(d), similarity=sim)
                    for i, t, s, d, sim in data["existing"]
                ),
            )
        )
    return items


def _since(fact: Any, request: ExtractionInput) -> str | None:
    """The stated date the offline rules found, as the prompt asks for it (None: the message time)."""
    said = {t.event_id: t.created_at for t in request.new_turns}.get(fact.source_event_ids[0])
    if fact.valid_from == said:
        return None
    stated = fact.valid_from
    return stated.date().isoformat() if stated.time() == clock_time.min else stated.strftime("%Y-%m-%dT%H:%M")


async def smart_reply(task: str, content: str) -> Any:
    """What the offline rules answer to this prompt, in the reply schema of its task."""
    if task == "extraction":
        request = parse_extraction(content)
        facts = extraction_rules.extract_facts(request)
        return {
            "facts": [
                {
                    "msg": int(f.source_event_ids[0]),
                    "text": f.text,
                    "category": f.category.value,
                    "importance": f.importance,
                    "slot": f.slot,
                    "value": f.value,
                    "negated": f.negated,
                    "since": _since(f, request),
                    "language": f.language,
                }
                for f in facts
            ]
        }
    if task == "decision":
        decisions = [decision_rules.decide(item) for item in parse_decisions(content)]
        return {
            "decisions": [
                {"item": i, "op": d.op.value, "target": d.target, "reason": d.reason[:60]}
                for i, d in enumerate(decisions)
            ]
        }
    if task == "summary":
        turns = [
            Turn(str(i), m["role"], json.loads(m["text"]), datetime.fromisoformat(m["at"]))
            for i, line in enumerate(content.splitlines())
            if (m := _LINE.match(line))
        ]
        return await OfflineSummaryProvider().summarize_session(turns) or "Nothing of note yet."
    if task == "profile":
        facts = []
        for line in content.splitlines():
            category, _, text = line.partition(": ")
            if text.startswith('"'):
                facts.append((category, json.loads(text)))
        return await OfflineSummaryProvider().profile_digest(facts) or "No facts yet."
    return {"reply": "ok"}


def breaking_reply(task: str) -> Any:
    """Valid JSON that breaks the task's schema."""
    if task == "extraction":
        return {"facts": [{"msg": 1, "text": "The user is a fact", "category": "opinion", "importance": 42}]}
    if task == "decision":
        return {"decisions": [{"item": 0, "op": "MERGE", "target": "first"}]}
    return {"unexpected": True}


def pseudo_embedding(text: str, dimensions: int) -> list[float]:
    """Deterministic bag-of-words vectors: texts sharing words are similar."""
    vector = np.zeros(dimensions, dtype=np.float64)
    for word in re.findall(r"\w+", text.lower()) or [""]:
        seed = int.from_bytes(hashlib.sha256(word.encode()).digest()[:8], "big")
        vector += np.random.default_rng(seed).standard_normal(dimensions)
    norm = float(np.linalg.norm(vector)) or 1.0
    return (vector / norm).tolist()


# --------------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------------


@dataclass
class Fault:
    kind: str  # one of FAULT_KINDS
    times: int | None = 1  # None: until cleared
    task: str | None = None  # only requests of this task
    match: str | None = None  # only requests whose prompt contains this
    retry_after: float | None = 1.0  # for 429

    def __post_init__(self) -> None:
        if self.kind not in FAULT_KINDS:
            raise ValueError(f"unknown fault {self.kind!r}; one of {FAULT_KINDS}")


@dataclass
class Stats:
    requests: Counter = field(default_factory=Counter)  # by task
    outcomes: Counter = field(default_factory=Counter)  # by (task, outcome)
    prompt_tokens: Counter = field(default_factory=Counter)  # by task, answered requests only
    completion_tokens: Counter = field(default_factory=Counter)
    in_flight: int = 0
    max_in_flight: int = 0
    bodies: list[dict[str, Any]] = field(default_factory=list)  # every request body, in order


@dataclass(frozen=True)
class AssistantTurn:
    """A scripted assistant message for agent loops (queue it with ``script``): text, calls of the named
    tools with their arguments, or both. Without it, a request with tools gets a call of the first tool."""

    content: str | None = None
    tool_calls: tuple[tuple[str, dict[str, Any]], ...] = ()

    def choice(self) -> dict[str, Any]:
        calls = [
            {"id": f"call_{i + 1}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
            for i, (name, args) in enumerate(self.tool_calls)
        ]
        message = {
            "role": "assistant",
            "content": self.content,
            "refusal": None,
            **({"tool_calls": calls} if calls else {}),
        }
        return {"message": message, "finish_reason": "tool_calls" if calls else "stop"}


class FakeOpenAIServer:
    def __init__(
        self,
        *,
        delay_s: float = 0.0,
        timeout_sleep_s: float = 3.0,
        unsupported: set[str] | frozenset[str] = frozenset(),
        native_dimensions: int = 64,
        fenced: bool = False,
    ) -> None:
        self.delay_s = delay_s
        self.fenced = fenced
        self.timeout_sleep_s = timeout_sleep_s
        self.unsupported = set(unsupported)
        self.native_dimensions = native_dimensions
        self.tokens = TokenCounter()
        self.stats = Stats()
        self._faults: list[Fault] = []
        self._scripts: list[tuple[str | None, Any]] = []
        self._lock = threading.Lock()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.port = 0
        self.app = self._build_app()

    # ---- control, from the test's thread -------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def inject(self, *faults: Fault) -> None:
        with self._lock:
            self._faults.extend(faults)

    def clear_faults(self) -> None:
        with self._lock:
            self._faults.clear()

    def script(self, reply: Any, *, task: str | None = None) -> None:
        """Queue one reply (a dict is sent as JSON content, a str as is) for the next request of
        ``task`` (any task if None)."""
        with self._lock:
            self._scripts.append((task, reply))

    def reset_stats(self) -> None:
        with self._lock:
            in_flight = self.stats.in_flight
            self.stats = Stats(in_flight=in_flight)

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            s = self.stats
            return {
                "requests": dict(s.requests),
                "outcomes": {f"{t}:{o}": n for (t, o), n in s.outcomes.items()},
                "prompt_tokens": dict(s.prompt_tokens),
                "completion_tokens": dict(s.completion_tokens),
                "max_in_flight": s.max_in_flight,
            }

    def start(self, timeout_s: float = 10.0) -> FakeOpenAIServer:
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=0,
            log_level="warning",
            lifespan="off",
            access_log=False,
            timeout_graceful_shutdown=1,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, name="fake-openai", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout_s
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the fake OpenAI server did not start")
            time.sleep(0.02)
        self.port = self._server.servers[0].sockets[0].getsockname()[1]
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._server = self._thread = None

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ---- serving, on the server's thread ---------------------------------------------------

    def _take_fault(self, task: str, prompt: str) -> Fault | None:
        with self._lock:
            for fault in self._faults:
                if fault.task not in (None, task) or (fault.match is not None and fault.match not in prompt):
                    continue
                if fault.times is not None:
                    fault.times -= 1
                    if fault.times <= 0:
                        self._faults.remove(fault)
                return fault
        return None

    def _take_script(self, task: str) -> tuple[bool, Any]:
        with self._lock:
            for i, (wanted, reply) in enumerate(self._scripts):
                if wanted in (None, task):
                    del self._scripts[i]
                    return True, reply
        return False, None

    def _count(self, task: str, outcome: str, prompt_tokens: int = 0, completion_tokens: int = 0) -> None:
        with self._lock:
            self.stats.outcomes[(task, outcome)] += 1
            self.stats.prompt_tokens[task] += prompt_tokens
            self.stats.completion_tokens[task] += completion_tokens

    def _prompt_tokens(self, body: dict[str, Any]) -> int:
        total = 3
        for message in body.get("messages", []):
            content = message.get("content")
            total += 4 + self.tokens(content if isinstance(content, str) else json.dumps(content))
        response_format = body.get("response_format") or {}
        if response_format.get("type") == "json_schema":
            total += self.tokens(json.dumps(response_format.get("json_schema", {})))
        if body.get("tools"):
            total += self.tokens(json.dumps(body["tools"]))
        return total

    def _build_app(self) -> FastAPI:
        app = FastAPI()

        @app.middleware("http")
        async def track(request: Request, call_next):
            with self._lock:
                self.stats.in_flight += 1
                self.stats.max_in_flight = max(self.stats.max_in_flight, self.stats.in_flight)
            try:
                if self.delay_s:
                    await asyncio.sleep(self.delay_s)
                return await call_next(request)
            finally:
                with self._lock:
                    self.stats.in_flight -= 1

        @app.get("/v1/models")
        async def models() -> dict[str, Any]:
            return {"object": "list", "data": [{"id": "fake-model", "object": "model", "owned_by": "memstream"}]}

        @app.post("/v1/chat/completions")
        async def chat(request: Request) -> JSONResponse:
            body = await request.json()
            task = task_of(body)
            content = user_content(body)
            with self._lock:
                self.stats.requests[task] += 1
                self.stats.bodies.append(body)
            rejected = self._unsupported(body)
            if rejected:
                self._count(task, "400")
                return _error(400, f"{rejected} is not supported by this server", "invalid_request_error")
            fault = self._take_fault(task, content)
            if fault is not None and fault.kind in ("429", "500", "400", "401"):
                self._count(task, fault.kind)
                headers = {"retry-after": str(fault.retry_after)} if fault.kind == "429" and fault.retry_after else {}
                return _error(int(fault.kind), f"injected {fault.kind}", "injected", headers)
            if fault is not None and fault.kind == "timeout":
                self._count(task, "timeout")
                await asyncio.sleep(self.timeout_sleep_s)  # the client has given up by now
                late = await smart_reply(task, content)
                return JSONResponse(_completion(body, late if isinstance(late, str) else json.dumps(late), 0, 0))
            if fault is not None and fault.kind == "malformed":
                reply: Any = '{"facts": [{"msg": 1, "text": "The user'
            elif fault is not None and fault.kind == "schema":
                reply = breaking_reply(task)
            else:
                scripted, reply = self._take_script(task)
                if not scripted:
                    reply = await smart_reply(task, content)
            if isinstance(reply, AssistantTurn):  # a scripted agent step: text, tool calls or both
                text = (reply.content or "") + "".join(json.dumps(a) for _, a in reply.tool_calls)
            else:
                text = reply if isinstance(reply, str) else json.dumps(reply, ensure_ascii=False)
                if self.fenced and not isinstance(reply, str):
                    text = f"Here is the JSON:\n```json\n{json.dumps(reply, ensure_ascii=False, indent=1)}\n```"
            prompt_tokens = self._prompt_tokens(body)
            completion_tokens = self.tokens(text)
            self._count(task, "200")
            self._count(task, "answered", prompt_tokens, completion_tokens)
            completion = _completion(body, text, prompt_tokens, completion_tokens)
            if isinstance(reply, AssistantTurn):
                completion["choices"][0].update(reply.choice())
            return JSONResponse(completion)

        @app.post("/v1/embeddings")
        async def embeddings(request: Request) -> JSONResponse:
            body = await request.json()
            texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
            with self._lock:
                self.stats.requests["embedding"] += 1
                self.stats.bodies.append(body)
            if "dimensions" in body and "dimensions" in self.unsupported:
                self._count("embedding", "400")
                return _error(400, "dimensions is not supported by this model", "invalid_request_error")
            fault = self._take_fault("embedding", "\n".join(map(str, texts)))
            if fault is not None and fault.kind in ("429", "500", "400", "401"):
                self._count("embedding", fault.kind)
                headers = {"retry-after": str(fault.retry_after)} if fault.kind == "429" and fault.retry_after else {}
                return _error(int(fault.kind), f"injected {fault.kind}", "injected", headers)
            if fault is not None and fault.kind == "timeout":
                self._count("embedding", "timeout")
                await asyncio.sleep(self.timeout_sleep_s)
            dimensions = int(body.get("dimensions") or self.native_dimensions)
            if fault is not None and fault.kind in ("malformed", "schema"):
                dimensions += 1  # the wrong size: the provider must refuse it
            data = [
                {"object": "embedding", "index": i, "embedding": pseudo_embedding(str(t), dimensions)}
                for i, t in enumerate(texts)
            ]
            tokens = sum(self.tokens(str(t)) for t in texts)
            self._count("embedding", "answered", tokens, 0)
            return JSONResponse(
                {
                    "object": "list",
                    "data": data,
                    "model": body.get("model", "fake"),
                    "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
                }
            )

        return app

    def _unsupported(self, body: dict[str, Any]) -> str | None:
        response_format = (body.get("response_format") or {}).get("type")
        if response_format in ("json_schema", "json_object") and response_format in self.unsupported:
            return f"response_format {response_format}"
        if body.get("tools") and "tools" in self.unsupported:
            return "tools"
        if "max_tokens" in body and "max_tokens" in self.unsupported:
            return "max_tokens (use max_completion_tokens)"
        return None


def _error(status: int, message: str, kind: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(
        {"error": {"message": message, "type": kind, "param": None, "code": None}}, status_code=status, headers=headers
    )


def _completion(body: dict[str, Any], text: str, prompt_tokens: int, completion_tokens: int) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": text, "refusal": None}
    finish = "stop"
    if body.get("tools"):
        name = body["tools"][0]["function"]["name"]
        message = {
            "role": "assistant",
            "content": None,
            "refusal": None,
            "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": name, "arguments": text}},
            ],
        }
        finish = "tool_calls"
    return {
        "id": f"chatcmpl-{hashlib.sha1(text.encode()).hexdigest()[:12]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "fake"),
        "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }
