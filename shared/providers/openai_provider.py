"""The ``openai`` provider: any OpenAI-compatible endpoint through the official async client.

OpenAI, Azure, vLLM, Ollama, llama.cpp and LiteLLM all speak this protocol; ``base_url``, the
API key and one model per task come from settings (``MEMSTREAM_OPENAI_*``, ``*_MODEL``).

Failure policy, so that a stage never drops an event:

* 429, 408/409, 5xx, timeouts and connection errors are retried here with exponential backoff
  and jitter (a ``Retry-After`` header wins), then raised as :class:`ProviderUnavailable`, a
  ``shared.runtime.TransientError``: the stage stalls and retries in place, forever, with its
  own backoff. 401/403/404 (a wrong key, URL or model) are configuration, not the event's
  fault: also transient, so the stage waits for the operator instead of dead-lettering.
* A reply that is not valid JSON, or breaks its schema (checked with pydantic, plus semantic
  checks: message numbers, one decision per item, targets among the neighbours), is asked for
  again; one that stays invalid raises :class:`InvalidReply`, a ``ValueError``: the stage
  retries the batch, then dead-letters the event with that error.
* A 400/422 on a structured-output request (the endpoint lacks ``json_schema``) falls back to
  JSON mode, then to tool calling, then to a plain request (JSON asked for in the prompt, a
  Markdown fence around it tolerated), and the working mode is remembered per endpoint and model.
  The output format is sent once: the strict schema in ``json_schema`` and ``tools`` modes, a
  one-line example in the system prompt in ``json_object`` and ``plain`` modes.

Every reply received is accounted: its tokens go back with the call (``ExtractionResult.usage``;
``usage``/``last_usage`` on every provider instance) and its cost, at ``MEMSTREAM_OPENAI_PRICES``,
to ``memstream_provider_cost_total``. Invalid replies are billed too, so they count.

At most ``MEMSTREAM_OPENAI_MAX_CONCURRENCY`` requests are in flight per process and endpoint:
providers are cheap objects built per call; the client and its semaphore are shared.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import re
import weakref
from collections.abc import Awaitable, Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from email.utils import parsedate_to_datetime
from typing import Any, TypeVar

import openai
from openai import AsyncOpenAI
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_exponential_jitter

from shared.domain.models import (
    Category,
    Decision,
    DecisionItem,
    ExtractedFact,
    ExtractionInput,
    ExtractionResult,
    Op,
    ProviderUsage,
    Turn,
)
from shared.domain.slot_names import reuse_known
from shared.domain.slots import with_speaker, without_speaker
from shared.providers import prompts
from shared.runtime import TransientError
from shared.settings import Settings
from shared.telemetry import PROVIDER_COST, get_logger

log = get_logger(__name__)
T = TypeVar("T")

PROVIDER_NAME = "openai"
MODES = ("json_schema", "json_object", "tools", "plain")
SCHEMA_MODES = ("json_schema", "tools")  # the schema goes with the request: the prompt needs no example
RETRY_AFTER_CAP_S = 120.0
EMBEDDING_BATCH = 256
EXTRACTION_MAX_TOKENS_PER_TURN = 400  # a long slice (after downtime) needs room for all its facts
MAX_COMPLETION_TOKENS = 16_000
_RETRYABLE_STATUS = {408, 409, 429}
_CONFIG_STATUS = {401, 403, 404}


class ProviderUnavailable(TransientError):
    """The endpoint is down, overloaded or misconfigured: retry later, drop nothing."""


class InvalidReply(ValueError):
    """The model's reply stayed unusable after its retries: the event is dead-lettered."""


# --------------------------------------------------------------------------------------------
# Configuration and the shared client
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EndpointConfig:
    base_url: str | None = None
    api_key: str = ""
    timeout_s: float = 60.0
    max_retries: int = 4
    backoff_initial_s: float = 0.5
    backoff_max_s: float = 20.0
    max_concurrency: int = 4
    structured_output: str = "auto"
    prices: tuple[tuple[str, tuple[float, float]], ...] = ()
    invalid_reply_attempts: int = 2  # one retry of an invalid reply; the stage then retries the batch

    @classmethod
    def from_settings(cls, settings: Settings) -> EndpointConfig:
        return cls(
            base_url=settings.openai_base_url or None,
            api_key=settings.openai_api_key.get_secret_value(),
            timeout_s=settings.openai_timeout_s,
            max_retries=max(0, settings.openai_max_retries),
            backoff_max_s=settings.openai_backoff_max_s,
            max_concurrency=max(1, settings.openai_max_concurrency),
            structured_output=settings.openai_structured_output,
            prices=tuple(sorted((m, (float(p[0]), float(p[1]))) for m, p in settings.openai_prices.items())),
        )

    def price(self, model: str) -> tuple[float, float] | None:
        return dict(self.prices).get(model)


@dataclass
class _Endpoint:
    client: AsyncOpenAI
    semaphore: asyncio.Semaphore


# One client and one semaphore per (endpoint, key, limit) and event loop: both bind to a loop.
_endpoints: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[tuple[Any, ...], _Endpoint]] = (
    weakref.WeakKeyDictionary()
)
# What an endpoint turned out to accept, per (base_url, model): remembered for the process.
_structured_mode: dict[tuple[str | None, str], str] = {}
_token_param: dict[tuple[str | None, str], str] = {}
_no_dimensions: set[tuple[str | None, str]] = set()


def _endpoint(config: EndpointConfig) -> _Endpoint:
    loop = asyncio.get_running_loop()
    per_loop = _endpoints.setdefault(loop, {})
    key = (config.base_url, config.api_key, config.max_concurrency)
    found = per_loop.get(key)
    if found is None:
        client = AsyncOpenAI(
            api_key=config.api_key or "unused",  # local servers (Ollama, vLLM) take any key
            base_url=config.base_url,
            max_retries=0,  # retries are ours: backoff, Retry-After, then TransientError
            timeout=config.timeout_s,
        )
        found = per_loop[key] = _Endpoint(client, asyncio.Semaphore(config.max_concurrency))
    return found


# --------------------------------------------------------------------------------------------
# Retries
# --------------------------------------------------------------------------------------------


def _status(exc: BaseException) -> int | None:
    return exc.status_code if isinstance(exc, openai.APIStatusError) else None


def _retryable(exc: BaseException) -> bool:
    if isinstance(exc, openai.APIConnectionError):  # includes APITimeoutError
        return True
    status = _status(exc)
    return status is not None and (status in _RETRYABLE_STATUS or status >= 500)


def retry_after_s(exc: BaseException) -> float | None:
    """The server's ``Retry-After`` (seconds or HTTP date) or ``retry-after-ms``, if any."""
    if not isinstance(exc, openai.APIStatusError):
        return None
    headers = exc.response.headers
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        raw = headers.get(name)
        if raw is None:
            continue
        try:
            return max(0.0, float(raw) * scale)
        except ValueError:
            pass
        try:
            when = parsedate_to_datetime(raw)
        except (TypeError, ValueError):
            continue
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        return max(0.0, (when - datetime.now(UTC)).total_seconds())
    return None


class _RetryAfterOrBackoff:
    """tenacity wait: the server's Retry-After (plus up to 10% jitter), else exponential backoff
    with jitter."""

    def __init__(self, initial: float, maximum: float) -> None:
        self.backoff = wait_exponential_jitter(multiplier=initial, max=maximum, jitter=initial)

    def __call__(self, state: Any) -> float:
        exc = state.outcome.exception() if state.outcome else None
        hinted = retry_after_s(exc) if exc is not None else None
        if hinted is not None:
            hinted = min(hinted, RETRY_AFTER_CAP_S)
            return hinted + random.uniform(0, hinted * 0.1)
        return self.backoff(state)


def _describe(exc: BaseException) -> str:
    status = _status(exc)
    text = str(exc).replace("\n", " ")[:300]
    return f"{type(exc).__name__}({status}): {text}" if status else f"{type(exc).__name__}: {text}"


# --------------------------------------------------------------------------------------------
# Replies
# --------------------------------------------------------------------------------------------

_FENCE = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n?(.*?)```", re.DOTALL)


def parse_json(text: str | None) -> Any:
    """JSON from a reply. Models without a JSON mode often wrap it: a Markdown code fence, or a
    sentence before it ("Here is the JSON: ..."). So: the reply as is, else the first fenced block,
    else the span from the first ``{`` to the last ``}``."""
    if text is None or not text.strip():
        raise InvalidReply("empty reply")
    candidates = [text]
    if fenced := _FENCE.search(text):
        candidates.append(fenced.group(1))
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start : end + 1])
    error: json.JSONDecodeError | None = None
    for candidate in candidates:
        try:
            return json.loads(candidate)
        except json.JSONDecodeError as exc:
            error = error or exc
    raise InvalidReply(f"reply is not JSON: {error}") from error


class _FactReply(BaseModel):
    model_config = ConfigDict(extra="ignore")

    msg: int
    text: str = Field(min_length=1, max_length=2000)
    category: Category
    importance: int = Field(ge=1, le=10)
    slot: str | None = None
    value: str | None = None
    negated: bool = False
    since: str | None = Field(None, max_length=40)
    language: str | None = Field(None, max_length=16)

    @field_validator("category", mode="before")
    @classmethod
    def _lower(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value


class _ExtractionReply(BaseModel):
    model_config = ConfigDict(extra="ignore")
    facts: list[_FactReply]


class _DecisionReply(BaseModel):
    model_config = ConfigDict(extra="ignore")

    item: int
    op: Op
    target: int | None = None
    reason: str = ""

    @field_validator("op", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value


class _DecisionsReply(BaseModel):
    model_config = ConfigDict(extra="ignore")
    decisions: list[_DecisionReply]


def _validated(model: type[BaseModel], data: Any) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or '(reply)'}: {e['msg']}" for e in exc.errors()[:5])
        raise InvalidReply(f"reply breaks the {model.__name__} schema: {problems}") from exc


def _clean(text: str | None) -> str | None:
    text = (text or "").strip()
    return text or None


_STATED = re.compile(r"^\s*(?P<y>\d{4})(?:-(?P<m>\d{1,2})(?:-(?P<d>\d{1,2})(?:[T ](?P<H>\d{1,2}):(?P<M>\d\d))?)?)?")


def stated_time(since: str | None, said_at: datetime) -> datetime:
    """The valid time of a fact: the date the user stated (its first day, in the message's
    timezone), else when the message was written. A date the model garbled counts as unstated."""
    m = _STATED.match(since or "")
    if not m:
        return said_at
    try:
        day = date(int(m["y"]), int(m["m"] or 1), int(m["d"] or 1))
    except ValueError:
        return said_at
    if m["H"] is not None and int(m["H"]) < 24 and int(m["M"]) < 60:
        return datetime.combine(day, time(int(m["H"]), int(m["M"])), tzinfo=said_at.tzinfo)
    if day == said_at.date():
        return said_at
    return datetime.combine(day, time.min, tzinfo=said_at.tzinfo)


def stated_end(since: str | None, said_at: datetime, category: Category) -> datetime | None:
    """When a dated event still ahead is over: the end of the day (month, year) the model gave as its
    date, so it leaves the active set then. Lasting facts, past events and garbled dates have none."""
    m = _STATED.match(since or "")
    if category is not Category.EVENT or not m:
        return None
    try:
        year, month, day = int(m["y"]), int(m["m"] or 1), int(m["d"] or 1)
        start = date(year, month, day)
    except ValueError:
        return None
    if m["d"] is not None:
        end = start + timedelta(days=1)
    elif m["m"] is not None:
        end = date(year + (month == 12), month % 12 + 1, 1)
    else:
        end = date(year + 1, 1, 1)
    ends = datetime.combine(end, time.min, tzinfo=said_at.tzinfo)
    return ends if ends > said_at else None


def facts_from_reply(data: Any, request: ExtractionInput, default_language: str = "en") -> list[ExtractedFact]:
    reply: _ExtractionReply = _validated(_ExtractionReply, data)
    facts = []
    for fact in reply.facts:
        if not 1 <= fact.msg <= len(request.new_turns):
            raise InvalidReply(f"fact names message {fact.msg}; there are {len(request.new_turns)}")
        turn = request.new_turns[fact.msg - 1]
        if turn.role != "user":
            raise InvalidReply(f"fact names message {fact.msg}, which is the {turn.role}'s")
        # A named speaker's facts on that speaker's slots (slots.with_speaker), whatever the model wrote: any
        # speaker it copied is dropped before the slot is folded onto a known one, then this turn's is added.
        known = [k for k in map(without_speaker, request.known_slots) if k]
        slot = with_speaker(reuse_known(_clean(without_speaker(fact.slot)), known), turn.name)
        facts.append(
            ExtractedFact(
                text=fact.text.strip(),
                category=fact.category,
                importance=fact.importance,
                valid_from=stated_time(fact.since, turn.created_at),
                source_event_ids=(turn.event_id,),
                language=_clean(fact.language) or default_language,
                slot=slot,
                value=_clean(fact.value),
                negated=fact.negated,
                valid_to=None if fact.negated else stated_end(fact.since, turn.created_at, fact.category),
            )
        )
    return facts


def decisions_from_reply(data: Any, items: Sequence[DecisionItem]) -> list[Decision]:
    reply: _DecisionsReply = _validated(_DecisionsReply, data)
    by_item = {d.item: d for d in reply.decisions}
    if len(reply.decisions) != len(items) or set(by_item) != set(range(len(items))):
        raise InvalidReply(f"{len(reply.decisions)} decisions for items 0..{len(items) - 1}: {sorted(by_item)}")
    decisions = []
    for i, item in enumerate(items):
        d = by_item[i]
        if d.op in (Op.UPDATE, Op.DELETE):
            if d.target is None or not 0 <= d.target < len(item.neighbours):
                raise InvalidReply(f"item {i}: {d.op} names target {d.target} of {len(item.neighbours)}")
            decisions.append(Decision(d.op, d.target, d.reason[:500]))
        else:
            decisions.append(Decision(d.op, None, d.reason[:500]))
    return decisions


# --------------------------------------------------------------------------------------------
# The common machinery
# --------------------------------------------------------------------------------------------


@dataclass
class _Call:
    """Tokens of every reply one provider method received (a retried invalid reply is billed)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0

    def usage(self) -> ProviderUsage:
        return ProviderUsage(self.prompt_tokens, self.completion_tokens)


_LAST_USAGE: ContextVar[ProviderUsage | None] = ContextVar("memstream_last_provider_usage", default=None)


@dataclass
class _Base:
    model: str
    config: EndpointConfig = field(default_factory=EndpointConfig)
    name: str = PROVIDER_NAME
    usage: ProviderUsage = field(default_factory=ProviderUsage)  # everything this instance used
    calls_a_model = True  # counted in memstream_llm_calls_total (a class attribute, not a field)

    @property
    def last_usage(self) -> ProviderUsage:
        """The usage of this task's latest method call. Task-local, because stages make several
        calls concurrently and each reads its own usage after its own call."""
        return _LAST_USAGE.get() or ProviderUsage()

    @last_usage.setter
    def last_usage(self, usage: ProviderUsage) -> None:
        _LAST_USAGE.set(usage)

    @property
    def _key(self) -> tuple[str | None, str]:
        return (self.config.base_url, self.model)

    async def _send(self, task: str, request: Callable[[AsyncOpenAI], Awaitable[T]]) -> T:
        """One request under the concurrency limit, retried on transient failures."""
        endpoint = _endpoint(self.config)
        attempts = self.config.max_retries + 1
        retrying = AsyncRetrying(
            stop=stop_after_attempt(attempts),
            wait=_RetryAfterOrBackoff(self.config.backoff_initial_s, self.config.backoff_max_s),
            retry=retry_if_exception(_retryable),
            before_sleep=lambda state: log.warning(
                "provider_retrying",
                task=task,
                model=self.model,
                attempt=state.attempt_number,
                wait_s=round(state.upcoming_sleep, 2),
                error=_describe(state.outcome.exception()),
            ),
            reraise=True,
        )
        try:
            async for attempt in retrying:
                with attempt:
                    async with endpoint.semaphore:
                        return await request(endpoint.client)
        except Exception as exc:
            if _retryable(exc):
                raise ProviderUnavailable(f"{task}: {_describe(exc)}, after {attempts} attempts") from exc
            if _status(exc) in _CONFIG_STATUS:
                raise ProviderUnavailable(f"{task}: endpoint rejects the configuration: {_describe(exc)}") from exc
            raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _account(self, task: str, call: _Call, response: Any) -> None:
        usage = getattr(response, "usage", None)
        prompt = int(getattr(usage, "prompt_tokens", 0) or 0)
        completion = int(getattr(usage, "completion_tokens", 0) or 0)
        call.prompt_tokens += prompt
        call.completion_tokens += completion
        self.usage = ProviderUsage(self.usage.prompt_tokens + prompt, self.usage.completion_tokens + completion)
        price = self.config.price(self.model)
        if price is not None:
            PROVIDER_COST.labels(self.name, task, self.model).inc(
                prompt / 1000 * price[0] + completion / 1000 * price[1]
            )

    async def _chat(self, task: str, call: _Call, max_tokens: int, **kwargs: Any) -> Any:
        """A chat completion; swaps max_tokens for max_completion_tokens if the endpoint wants that."""
        param = _token_param.get(self._key, "max_tokens")
        for swapped in (False, True):
            try:
                response = await self._send(
                    task,
                    lambda client, p=param: client.chat.completions.create(
                        model=self.model, **{p: max_tokens}, **kwargs
                    ),
                )
            except (openai.BadRequestError, openai.UnprocessableEntityError) as exc:
                if swapped or param not in str(exc):
                    raise
                param = "max_completion_tokens" if param == "max_tokens" else "max_tokens"
                continue
            _token_param[self._key] = param
            self._account(task, call, response)
            return response
        raise AssertionError("unreachable")  # pragma: no cover

    def _modes(self) -> list[str]:
        if self.config.structured_output != "auto":
            return [self.config.structured_output]
        first = _structured_mode.get(self._key, MODES[0])
        return [first, *(m for m in MODES if m != first)]

    async def _structured(
        self, task: str, call: _Call, system: str, example: str, user: str, schema: dict[str, Any], max_tokens: int
    ) -> Any:
        """A JSON reply constrained to ``schema`` as well as the endpoint allows (not yet validated)."""
        modes = self._modes()
        for i, mode in enumerate(modes):
            extra: dict[str, Any]
            if mode == "json_schema":
                extra = {
                    "response_format": {
                        "type": "json_schema",
                        "json_schema": {"name": task, "schema": schema, "strict": True},
                    }
                }
            elif mode == "json_object":
                extra = {"response_format": {"type": "json_object"}}
            elif mode == "tools":
                extra = {
                    "tools": [{"type": "function", "function": {"name": task, "parameters": schema}}],
                    "tool_choice": {"type": "function", "function": {"name": task}},
                }
            else:
                extra = {}
            content = prompts.with_format(system, example, schema_sent=mode in SCHEMA_MODES)
            messages = [{"role": "system", "content": content}, {"role": "user", "content": user}]
            try:
                response = await self._chat(task, call, max_tokens, messages=messages, **extra)
            except (openai.BadRequestError, openai.UnprocessableEntityError) as exc:
                if i + 1 < len(modes):
                    log.warning(
                        "structured_output_fallback", task=task, model=self.model, mode=mode, error=_describe(exc)
                    )
                    continue
                raise
            if _structured_mode.get(self._key) != mode:
                _structured_mode[self._key] = mode
                log.info("structured_output_mode", model=self.model, mode=mode)
            if not response.choices:
                raise InvalidReply("reply has no choices")
            choice = response.choices[0]
            if choice.finish_reason == "length":
                raise InvalidReply(f"reply cut at {max_tokens} tokens")
            message = choice.message
            if getattr(message, "refusal", None):
                raise InvalidReply(f"model refused: {message.refusal[:200]}")
            if mode == "tools":
                if not message.tool_calls:
                    return parse_json(message.content)  # some servers answer in the content anyway
                return parse_json(message.tool_calls[0].function.arguments)
            return parse_json(message.content)
        raise AssertionError("unreachable")  # pragma: no cover

    async def _validated_reply(
        self,
        task: str,
        system: str,
        example: str,
        user: str,
        schema: dict[str, Any],
        max_tokens: int,
        convert: Callable[[Any], T],
    ) -> tuple[T, _Call]:
        """Ask, validate, ask again while invalid; InvalidReply once the attempts are spent."""
        call = _Call()
        attempts = max(1, self.config.invalid_reply_attempts)
        error: InvalidReply | None = None
        for attempt in range(1, attempts + 1):
            try:
                result = convert(await self._structured(task, call, system, example, user, schema, max_tokens))
            except InvalidReply as exc:
                error = exc
                log.warning(
                    "provider_invalid_reply", task=task, model=self.model, attempt=attempt, error=str(exc)[:300]
                )
                continue
            self.last_usage = call.usage()
            return result, call
        self.last_usage = call.usage()
        raise InvalidReply(f"{task}: invalid reply after {attempts} attempts: {error}")

    async def _text(self, task: str, system: str, user: str, max_tokens: int) -> str:
        """A plain-text reply bounded by ``max_tokens``; a cut reply ends at its last full sentence."""
        call = _Call()
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        attempts = max(1, self.config.invalid_reply_attempts)
        try:
            for _ in range(attempts):
                response = await self._chat(task, call, max_tokens, messages=messages)
                choice = response.choices[0] if response.choices else None
                text = (choice.message.content or "").strip() if choice else ""
                if not text:
                    log.warning("provider_invalid_reply", task=task, model=self.model, error="empty reply")
                    continue
                if choice.finish_reason == "length":
                    cut = max(text.rfind(". "), text.rfind(".\n"), text.rfind("\n"))
                    text = text[: cut + 1].strip() if cut > len(text) // 2 else text
                return text
        finally:
            self.last_usage = call.usage()
        raise InvalidReply(f"{task}: empty reply after {attempts} attempts")


# --------------------------------------------------------------------------------------------
# The four providers
# --------------------------------------------------------------------------------------------


@dataclass
class OpenAIExtractionProvider(_Base):
    prompt_version: str = prompts.EXTRACTION_VERSION

    async def extract(self, request: ExtractionInput) -> ExtractionResult:
        if not any(t.role == "user" for t in request.new_turns):
            return ExtractionResult()
        facts, call = await self._validated_reply(
            "extraction",
            prompts.EXTRACTION_SYSTEM,
            prompts.EXTRACTION_EXAMPLE,
            prompts.render_extraction(request),
            prompts.EXTRACTION_SCHEMA,
            min(MAX_COMPLETION_TOKENS, 200 + EXTRACTION_MAX_TOKENS_PER_TURN * len(request.new_turns)),
            lambda data: facts_from_reply(data, request),
        )
        return ExtractionResult(facts=facts, usage=call.usage())


@dataclass
class OpenAIDecisionProvider(_Base):
    prompt_version: str = prompts.DECISION_VERSION

    async def decide(self, items: Sequence[DecisionItem]) -> list[Decision]:
        if not items:
            return []
        decisions, _ = await self._validated_reply(
            "decision",
            prompts.DECISION_SYSTEM,
            prompts.DECISION_EXAMPLE,
            prompts.render_decisions(items),
            prompts.DECISION_SCHEMA,
            min(MAX_COMPLETION_TOKENS, 200 + 80 * len(items)),
            lambda data: decisions_from_reply(data, items),
        )
        return decisions


@dataclass
class OpenAISummaryProvider(_Base):
    prompt_version: str = prompts.SUMMARY_VERSION
    max_tokens: int = 300

    async def summarize_session(self, turns: Sequence[Turn]) -> str:
        if not turns:
            return ""
        return await self._text(
            "summary", prompts.summary_system(self.max_tokens), prompts.render_session(turns), self.max_tokens
        )

    async def profile_digest(self, facts: Sequence[tuple[str, str]]) -> str:
        if not facts:
            return ""
        return await self._text(
            "profile", prompts.profile_system(self.max_tokens), prompts.render_profile(facts), self.max_tokens
        )


@dataclass
class OpenAIEmbeddingProvider(_Base):
    dimensions: int = 1536

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors: list[list[float]] = []
        for start in range(0, len(texts), EMBEDDING_BATCH):
            vectors.extend(await self._embed_batch(list(texts[start : start + EMBEDDING_BATCH])))
        return vectors

    async def _embed_batch(self, texts: list[str]) -> list[list[float]]:
        call = _Call()
        attempts = max(1, self.config.invalid_reply_attempts)
        error = ""
        try:
            attempt = 0
            while attempt < attempts:
                attempt += 1
                send_dimensions = self._key not in _no_dimensions
                extra = {"dimensions": self.dimensions} if send_dimensions else {}
                try:
                    response = await self._send(
                        "embedding",
                        lambda client, extra=extra: client.embeddings.create(
                            model=self.model, input=texts, encoding_format="float", **extra
                        ),
                    )
                except (openai.BadRequestError, openai.UnprocessableEntityError) as exc:
                    if not send_dimensions:
                        raise
                    log.warning("embedding_dimensions_unsupported", model=self.model, error=_describe(exc))
                    _no_dimensions.add(self._key)  # the model has one size: it must be the configured one
                    attempt -= 1
                    continue
                self._account("embedding", call, response)
                try:
                    return self._vectors(response, len(texts))
                except InvalidReply as exc:
                    error = str(exc)
                    log.warning("provider_invalid_reply", task="embedding", model=self.model, error=error)
        finally:
            self.last_usage = call.usage()
        raise InvalidReply(f"embedding: invalid reply after {attempts} attempts: {error}")

    def _vectors(self, response: Any, expected: int) -> list[list[float]]:
        data = sorted(response.data or [], key=lambda d: d.index)
        if len(data) != expected or [d.index for d in data] != list(range(expected)):
            raise InvalidReply(f"{len(data)} embeddings for {expected} texts")
        vectors = []
        for item in data:
            vector = [float(x) for x in item.embedding]
            if len(vector) != self.dimensions:
                raise InvalidReply(
                    f"the model returns {len(vector)} dimensions; MEMSTREAM_EMBEDDING_DIMENSIONS is {self.dimensions}"
                )
            norm = math.sqrt(sum(x * x for x in vector))
            if not math.isfinite(norm) or norm == 0:
                raise InvalidReply("a zero or non-finite embedding")
            vectors.append([x / norm for x in vector])
        return vectors


# --------------------------------------------------------------------------------------------
# Built from settings (the registry calls these)
# --------------------------------------------------------------------------------------------


def extraction_provider(settings: Settings) -> OpenAIExtractionProvider:
    return OpenAIExtractionProvider(model=settings.extraction_model, config=EndpointConfig.from_settings(settings))


def decision_provider(settings: Settings) -> OpenAIDecisionProvider:
    return OpenAIDecisionProvider(model=settings.decision_model, config=EndpointConfig.from_settings(settings))


def summary_provider(settings: Settings) -> OpenAISummaryProvider:
    return OpenAISummaryProvider(
        model=settings.summary_model,
        config=EndpointConfig.from_settings(settings),
        max_tokens=settings.summary_max_tokens,
    )


def embedding_provider(settings: Settings) -> OpenAIEmbeddingProvider:
    return OpenAIEmbeddingProvider(
        model=settings.embedding_model,
        config=EndpointConfig.from_settings(settings),
        dimensions=settings.embedding_dimensions,
    )


__all__ = [
    "EndpointConfig",
    "InvalidReply",
    "OpenAIDecisionProvider",
    "OpenAIEmbeddingProvider",
    "OpenAIExtractionProvider",
    "OpenAISummaryProvider",
    "ProviderUnavailable",
    "decisions_from_reply",
    "facts_from_reply",
    "parse_json",
    "retry_after_s",
]
