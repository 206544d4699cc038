"""Memory as tools for a model: OpenAI-style function definitions, and a dispatcher that runs a model's
tool call against the API. The MCP server (`memstream mcp`) serves the same tools through the same
dispatcher, so both speak alike.

    tools = MemoryTools(client, user_id="alice")           # the app binds the user
    response = llm.chat.completions.create(..., tools=tools.definitions())
    for call in response.choices[0].message.tool_calls or []:
        messages.append(tools.run_tool_call(call))          # {"role": "tool", "tool_call_id": ..., "content": ...}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from memstream_client import models as m
from memstream_client.errors import MemstreamError, ProcessingTimeout

# The list tool's orders, by the name a model sees, to the facts list's sort key.
LIST_ORDERS = {"newest": "recorded_at", "strength": "strength", "importance": "importance"}
USER_ID = {"type": "string", "description": "Whose memory. Leave out when the app has set the user."}


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    parameters: dict[str, Any]  # JSON Schema of the arguments, without user_id (added when unbound)
    required: tuple[str, ...] = ()


TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        "remember",
        "Save something the user said to long-term memory, in their own words (e.g. 'I moved to Berlin', "
        "'I'm allergic to peanuts'). Use it when the user shares a lasting fact, preference, plan or change "
        "about themselves; not for small talk. Memory extracts the facts itself, replaces outdated ones "
        "(a new city replaces the old) and ignores what it already knows. Returns what changed.",
        {
            "content": {"type": "string", "description": "What the user said, verbatim or lightly condensed."},
            "session_id": {"type": "string", "description": "The conversation this belongs to (optional)."},
        },
        ("content",),
    ),
    ToolSpec(
        "recall",
        "Search the user's long-term memory. Use it before answering anything that may depend on what the "
        "user told you earlier (where they live, what they like, who their people are, past decisions). "
        "Returns the best matches first, each with its similarity in meaning (0-1) and whether its words "
        "match; treat a hit with low similarity and no word match as unrelated.",
        {
            "query": {"type": "string", "description": "What to look for, as a short question or phrase."},
            "k": {"type": "integer", "minimum": 1, "maximum": 20, "description": "How many results (default 5)."},
        },
        ("query",),
    ),
    ToolSpec(
        "context",
        "Get a compact, prompt-ready summary of what memory holds that matters for the next reply: the "
        "user's most important facts, those relevant to the query, and the conversation's summary. Use it "
        "once at the start of a turn when you need broad background rather than one specific fact.",
        {
            "query": {"type": "string", "description": "The user's latest message (optional)."},
            "session_id": {"type": "string", "description": "The conversation, to include its summary."},
            "max_tokens": {"type": "integer", "minimum": 16, "maximum": 4000, "description": "Budget (800)."},
        },
    ),
    ToolSpec(
        "list_facts",
        "List the facts remembered about the user, newest first unless ordered otherwise (id, text, "
        "category, importance, strength, since when). Use it when the user asks what you know about them, "
        "or to find a fact's id before updating or forgetting it.",
        {
            "order_by": {
                "type": "string",
                "enum": list(LIST_ORDERS),
                "description": "newest (default), strength (most strongly remembered first) or importance.",
            },
            "category": {
                "type": "string",
                "enum": ["preference", "fact", "event", "relationship", "decision", "general"],
                "description": "Only this category.",
            },
            "include_history": {"type": "boolean", "description": "Also facts that were replaced or deleted."},
            "limit": {"type": "integer", "minimum": 1, "maximum": 100, "description": "At most this many (50)."},
            "cursor": {"type": "string", "description": "next_cursor of the previous call, for more."},
        },
    ),
    ToolSpec(
        "fact_history",
        "Show how one fact changed over time (every version, oldest first, with when it held) and the "
        "messages it came from. Use it when the user asks why you believe something or since when.",
        {"fact_id": {"type": "string", "description": "The fact's id (from recall or list_facts)."}},
        ("fact_id",),
    ),
    ToolSpec(
        "forget",
        "Delete facts from memory when the user asks you to forget them or says they are wrong. The facts "
        "stop being used; their history is kept for the user's audit.",
        {
            "fact_ids": {
                "type": "array",
                "items": {"type": "string"},
                "minItems": 1,
                "description": "Ids of the facts to forget (from recall or list_facts).",
            }
        },
        ("fact_ids",),
    ),
    ToolSpec(
        "update",
        "Correct or update one remembered fact when the user says it changed or was wrong. The old "
        "version is kept in the history and the new text replaces it from now on.",
        {
            "fact_id": {"type": "string", "description": "The fact to change (from recall or list_facts)."},
            "text": {"type": "string", "description": "The new text, a full sentence about the user."},
        },
        ("fact_id", "text"),
    ),
)
BY_NAME = {spec.name: spec for spec in TOOLS}


def json_schema(spec: ToolSpec, *, with_user: bool) -> dict[str, Any]:
    properties = dict(spec.parameters)
    required = list(spec.required)
    if with_user:
        properties["user_id"] = USER_ID
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


def openai_tools(*, user_bound: bool = True) -> list[dict[str, Any]]:
    """OpenAI-style (Chat Completions) tool definitions. `user_bound`: the app sets the user, so the model
    is not offered a `user_id` argument (it cannot reach another user's memory)."""
    return [
        {
            "type": "function",
            "function": {
                "name": spec.name,
                "description": spec.description,
                "parameters": json_schema(spec, with_user=not user_bound),
            },
        }
        for spec in TOOLS
    ]


class ToolInputError(ValueError):
    """The model's arguments were unusable (unknown tool, missing or wrong argument)."""


@dataclass(frozen=True)
class Plan:
    """One tool call, ready to send: the client method, its arguments, and how to shape the result."""

    method: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    shape: Callable[[Any], dict[str, Any]]


def plan(name: str, arguments: Mapping[str, Any] | str | None, *, user_id: str | None) -> Plan:
    """Check a tool call's arguments and say what to call. `user_id`: the bound user (wins over an
    argument of the model)."""
    spec = BY_NAME.get(name)
    if spec is None:
        raise ToolInputError(f"unknown tool {name!r}; the tools are {', '.join(BY_NAME)}")
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments or "{}")
        except ValueError as exc:
            raise ToolInputError(f"arguments are not JSON: {exc}") from None
    args = dict(arguments or {})
    user = user_id or args.pop("user_id", None)
    args.pop("user_id", None)
    if not user:
        raise ToolInputError("user_id is required (no user is set for this session)")
    unknown = set(args) - set(spec.parameters)
    if unknown:
        raise ToolInputError(f"{name}: unknown argument(s) {', '.join(sorted(unknown))}")
    missing = [r for r in spec.required if args.get(r) in (None, "", [])]
    if missing:
        raise ToolInputError(f"{name}: missing {', '.join(missing)}")
    if name == "remember":
        kw = {"session_id": args.get("session_id") or "agent", "wait": True, "timeout": 30.0}
        return Plan("remember", (user, str(args["content"])), kw, _remembered)
    if name == "recall":
        return Plan("search", (user, str(args["query"])), {"k": _int(args.get("k"), 5, 1, 20)}, _found)
    if name == "context":
        kw = {
            "query": args.get("query"),
            "session_id": args.get("session_id"),
            "max_tokens": _int(args.get("max_tokens"), 800, 16, 4000),
        }
        return Plan("context", (user,), kw, lambda r: {"context": r.context or "(nothing remembered yet)"})
    if name == "list_facts":
        kw = {
            "categories": [args["category"]] if args.get("category") else None,
            "include_history": bool(args.get("include_history", False)),
            "sort": _list_order(args.get("order_by")),
            "order": "desc",
            "limit": _int(args.get("limit"), 50, 1, 100),
            "cursor": args.get("cursor"),
        }
        return Plan("facts", (user,), kw, _listed)
    if name == "fact_history":
        return Plan("fact", (user, str(args["fact_id"])), {}, _history)
    if name == "forget":
        ids = args["fact_ids"]
        ids = [ids] if isinstance(ids, str) else [str(i) for i in ids]
        return Plan("forget", (user, ids), {}, lambda r: {"forgotten": [_fact(f) for f in r.retracted]})
    # update
    return Plan("update_fact", (user, str(args["fact_id"])), {"text": str(args["text"])}, _updated)


def error_result(exc: BaseException) -> dict[str, Any]:
    """What the model reads when a call fails: the reason in plain words."""
    if isinstance(exc, MemstreamError):
        return {"error": exc.detail, "status": exc.status}
    if isinstance(exc, ProcessingTimeout):
        return {"error": "saved, but memory has not finished processing it yet; it will appear shortly"}
    return {"error": str(exc)}


class MemoryTools:
    """Runs tool calls with a `MemstreamClient`. Errors come back as `{"error": ...}` for the model."""

    def __init__(self, client: Any, *, user_id: str | None = None):
        self.client = client
        self.user_id = user_id

    def definitions(self) -> list[dict[str, Any]]:
        return openai_tools(user_bound=self.user_id is not None)

    def run(self, name: str, arguments: Mapping[str, Any] | str | None) -> dict[str, Any]:
        try:
            p = plan(name, arguments, user_id=self.user_id)
            return p.shape(getattr(self.client, p.method)(*p.args, **p.kwargs))
        except (ToolInputError, MemstreamError, ProcessingTimeout) as exc:
            return error_result(exc)

    def run_tool_call(self, tool_call: Any) -> dict[str, Any]:
        """A Chat Completions tool call (object or dict) -> the `tool` message to append."""
        call_id, name, arguments = _unpack(tool_call)
        return {"role": "tool", "tool_call_id": call_id, "content": json.dumps(self.run(name, arguments))}


class AsyncMemoryTools(MemoryTools):
    """The same with an `AsyncMemstreamClient`."""

    async def run(self, name: str, arguments: Mapping[str, Any] | str | None) -> dict[str, Any]:  # type: ignore[override]
        try:
            p = plan(name, arguments, user_id=self.user_id)
            return p.shape(await getattr(self.client, p.method)(*p.args, **p.kwargs))
        except (ToolInputError, MemstreamError, ProcessingTimeout) as exc:
            return error_result(exc)

    async def run_tool_call(self, tool_call: Any) -> dict[str, Any]:  # type: ignore[override]
        call_id, name, arguments = _unpack(tool_call)
        return {"role": "tool", "tool_call_id": call_id, "content": json.dumps(await self.run(name, arguments))}


# --------------------------------------------------------------------------- results, shaped for a model


def _list_order(value: Any) -> str:
    name = str(value or "newest")
    if name not in LIST_ORDERS:
        raise ToolInputError(f"list_facts: order_by must be one of {', '.join(LIST_ORDERS)}, not {name!r}")
    return LIST_ORDERS[name]


def _fact(f: m.FactSnapshot) -> dict[str, Any]:
    out = {"id": f.fact_id, "text": f.text, "category": f.category, "importance": f.importance}
    if f.strength is not None:
        out["strength"] = round(f.strength, 2)
    out["since"] = f.valid_from.date().isoformat()
    if f.status != "active":
        out["status"] = f.status
    return out


def _remembered(r: m.Remembered) -> dict[str, Any]:
    changes = []
    for c in r.candidates:
        item: dict[str, Any] = {"op": c.op, "text": c.fact.text if c.fact else c.text}
        if c.previous is not None:
            item["replaced" if c.op == "UPDATE" else "removed"] = c.previous.text
        if c.fact is not None:
            item["id"] = c.fact.fact_id
        changes.append(item)
    if not changes:
        return {"saved": True, "changes": [], "note": "nothing lasting to remember in that message"}
    return {"saved": True, "changes": changes}


def _found(r: m.SearchResponse) -> dict[str, Any]:
    """Each hit with what makes it relevant: `similarity` (cosine of meaning, 0-1, when the vector search
    found it) and `words_match` (when full-text search found it). RRF scores only order the hits."""
    if not r.results:
        return {"results": [], "note": "nothing remembered matches" if r.memory_enabled else "memory is off"}
    hits = []
    for hit in r.results:
        item: dict[str, Any] = {"id": hit.id, "kind": hit.kind, "text": hit.text}
        # The best cosine of the vector legs (over facts, over message windows) that found it.
        cosines = [leg.score for name, leg in hit.legs.items() if name.startswith("vector")]
        item["similarity"] = round(max(cosines), 2) if cosines else None
        item["words_match"] = any(leg.startswith("fulltext") for leg in hit.legs)
        if hit.fact is not None:
            item["since"] = hit.fact.valid_from.date().isoformat()
        hits.append(item)
    return {"results": hits}


def _listed(r: m.FactsPage) -> dict[str, Any]:
    out: dict[str, Any] = {"facts": [_fact(f) for f in r.facts]}
    if r.next_cursor:
        out["next_cursor"] = r.next_cursor
    return out


def _history(r: m.FactDetail) -> dict[str, Any]:
    versions = [
        {
            "text": v.text,
            "status": v.status,
            "from": v.valid_from.date().isoformat(),
            "to": v.valid_to.date().isoformat() if v.valid_to else None,
        }
        for v in r.history
    ]
    sources = [{"said": s.content, "at": s.created_at.date().isoformat(), "role": s.role} for s in r.source_messages]
    return {"fact": _fact(r.fact), "versions": versions, "sources": sources}


def _updated(r: m.EditFactResponse) -> dict[str, Any]:
    return {"fact": _fact(r.fact), "replaced": r.previous.text}


def _int(value: Any, default: int, low: int, high: int) -> int:
    try:
        return max(low, min(high, int(value))) if value is not None else default
    except (TypeError, ValueError):
        raise ToolInputError(f"not a number: {value!r}") from None


def _unpack(tool_call: Any) -> tuple[str, str, Any]:
    if isinstance(tool_call, Mapping):
        function = tool_call["function"]
        return tool_call["id"], function["name"], function.get("arguments")
    return tool_call.id, tool_call.function.name, tool_call.function.arguments
