"""The MCP tools: remember, recall, context, list_facts, fact_history, forget and update.

Each tool is a thin adapter: the SDK's tool dispatcher (`memstream_client.tools`, also behind the
OpenAI-style tool definitions) turns its arguments into one REST call, which the API's routes serve from
the service layer. Nothing here touches the database or the broker, so MCP and REST cannot drift apart.

Who is asking: a `Connect` hands each call an SDK client holding an API key (the key's tenant is the only
one reachable) and the user the host bound, if any. With a bound user the model cannot name another;
without one, each call names its `user_id`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from memstream_client import AsyncMemstreamClient, MemstreamError, ProcessingTimeout
from memstream_client.tools import BY_NAME, ToolInputError, error_result, plan
from pydantic import Field

INSTRUCTIONS = """Long-term memory of the user you are talking with. Call `recall` (or `context` at the
start of a turn) before answering anything that may depend on what the user said in earlier
conversations; call `remember` when the user shares a lasting fact, preference or change about
themselves. Use `list_facts`, `fact_history`, `update` and `forget` when the user asks what you know,
why, or wants something corrected or forgotten."""


# name -> (title, read only, destructive, idempotent): hints a host may use to ask before a call
HINTS: dict[str, tuple[str, bool, bool, bool]] = {
    "remember": ("Remember what the user said", False, False, True),
    "recall": ("Search memory", True, False, True),
    "context": ("Memory for the next reply", True, False, True),
    "list_facts": ("List remembered facts", True, False, True),
    "fact_history": ("A fact's history and sources", True, False, True),
    "forget": ("Forget facts", False, True, True),
    "update": ("Correct a fact", False, True, False),
}


@dataclass(frozen=True)
class Caller:
    client: AsyncMemstreamClient
    user_id: str | None  # bound by the host; None: each call names its user


Connect = Callable[[Context | None], AbstractAsyncContextManager[Caller]]

UserArg = Annotated[
    str | None,
    Field(description="Whose memory. Leave out when the host has set the user (then only that user is reachable)."),
]


def build_server(connect: Connect) -> MCPServer:
    server = MCPServer(name="memstream", instructions=INSTRUCTIONS, version="0.1.0")

    async def run(ctx: Context | None, name: str, arguments: dict[str, Any], user_id: str | None) -> str:
        async with connect(ctx) as caller:
            if caller.user_id and user_id and user_id != caller.user_id:
                raise ToolError(f"this session is bound to user {caller.user_id}; leave user_id out")
            args = {k: v for k, v in arguments.items() if v is not None}
            if user_id and not caller.user_id:
                args["user_id"] = user_id
            try:
                call = plan(name, args, user_id=caller.user_id)
                result = call.shape(await getattr(caller.client, call.method)(*call.args, **call.kwargs))
            except (ToolInputError, MemstreamError, ProcessingTimeout) as exc:
                raise ToolError(error_result(exc)["error"]) from None
        return json.dumps(result, ensure_ascii=False)

    def described(name: str) -> dict[str, Any]:
        hints = HINTS[name]
        return {
            "name": name,
            "description": BY_NAME[name].description,
            "structured_output": False,
            "annotations": ToolAnnotations(
                title=hints[0],
                read_only_hint=hints[1],
                destructive_hint=hints[2],
                idempotent_hint=hints[3],
                open_world_hint=False,
            ),  # fmt: skip
        }

    @server.tool(**described("remember"))
    async def remember(
        content: Annotated[str, Field(description="What the user said, verbatim or lightly condensed.")],
        ctx: Context,
        session_id: Annotated[str | None, Field(description="The conversation this belongs to.")] = None,
        user_id: UserArg = None,
    ) -> str:
        return await run(ctx, "remember", {"content": content, "session_id": session_id}, user_id)

    @server.tool(**described("recall"))
    async def recall(
        query: Annotated[str, Field(description="What to look for, as a short question or phrase.")],
        ctx: Context,
        k: Annotated[int, Field(ge=1, le=20, description="How many results.")] = 5,
        user_id: UserArg = None,
    ) -> str:
        return await run(ctx, "recall", {"query": query, "k": k}, user_id)

    @server.tool(**described("context"))
    async def context(
        ctx: Context,
        query: Annotated[str | None, Field(description="The user's latest message.")] = None,
        session_id: Annotated[str | None, Field(description="The conversation, to include its summary.")] = None,
        max_tokens: Annotated[int, Field(ge=16, le=4000, description="Budget of the block.")] = 800,
        user_id: UserArg = None,
    ) -> str:
        return await run(ctx, "context", {"query": query, "session_id": session_id, "max_tokens": max_tokens}, user_id)

    @server.tool(**described("list_facts"))
    async def list_facts(
        ctx: Context,
        category: Annotated[
            str | None, Field(description="Only this: preference, fact, event, relationship, decision, general.")
        ] = None,
        include_history: Annotated[bool, Field(description="Also facts replaced or deleted.")] = False,
        limit: Annotated[int, Field(ge=1, le=100, description="At most this many.")] = 50,
        cursor: Annotated[str | None, Field(description="next_cursor of the previous call, for more.")] = None,
        order_by: Annotated[
            Literal["newest", "strength", "importance"],
            Field(description="newest first, the most strongly remembered first, or the most important first."),
        ] = "newest",
        user_id: UserArg = None,
    ) -> str:
        arguments = {
            "category": category,
            "include_history": include_history,
            "limit": limit,
            "cursor": cursor,
            "order_by": order_by,
        }
        return await run(ctx, "list_facts", arguments, user_id)

    @server.tool(**described("fact_history"))
    async def fact_history(
        fact_id: Annotated[str, Field(description="The fact's id (from recall or list_facts).")],
        ctx: Context,
        user_id: UserArg = None,
    ) -> str:
        return await run(ctx, "fact_history", {"fact_id": fact_id}, user_id)

    @server.tool(**described("forget"))
    async def forget(
        fact_ids: Annotated[list[str], Field(min_length=1, description="Ids of the facts to forget.")],
        ctx: Context,
        user_id: UserArg = None,
    ) -> str:
        return await run(ctx, "forget", {"fact_ids": fact_ids}, user_id)

    @server.tool(**described("update"))
    async def update(
        fact_id: Annotated[str, Field(description="The fact to change (from recall or list_facts).")],
        text: Annotated[str, Field(description="The new text, a full sentence about the user.")],
        ctx: Context,
        user_id: UserArg = None,
    ) -> str:
        return await run(ctx, "update", {"fact_id": fact_id, "text": text}, user_id)

    return server
