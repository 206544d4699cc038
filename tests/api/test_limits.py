"""Body limits: one limit derived from the documented maxima, so a request within them always fits, and
held while the body is read, so a chunked body (no Content-Length) is refused without being read whole."""

from __future__ import annotations

import asyncio
import json

from shared.domain.validation import MAX_ID_CHARS
from shared.settings import Settings
from tests.api.server import LiveServer

CHUNK = 1024 * 1024


def test_the_body_limit_fits_a_batch_at_every_maximum():
    """max_batch_messages messages, each with max_content_chars characters of 4 UTF-8 bytes, metadata of
    max_metadata_bytes and ids of MAX_ID_CHARS 4-byte characters, fit the body limit."""
    settings = Settings(_env_file=None)
    wide = "\U0001f600"  # 4 bytes in UTF-8
    metadata = {"n": "x" * (settings.max_metadata_bytes - len('{"n":""}'))}
    assert len(json.dumps(metadata, separators=(",", ":")).encode()) == settings.max_metadata_bytes
    one = {
        "event_id": wide * MAX_ID_CHARS,
        "user_id": wide * MAX_ID_CHARS,
        "session_id": wide * MAX_ID_CHARS,
        "role": "assistant",
        "content": wide * settings.max_content_chars,
        "created_at": "2026-11-24T00:00:00.000000+00:00",
        "metadata": metadata,
    }
    per_message = len(json.dumps(one, ensure_ascii=False).encode()) + len(", ")
    assert settings.max_batch_messages * per_message + len('{"messages": []}') <= settings.max_request_bytes
    assert settings.max_request_bytes < 40_000_000  # and a 40 MB body is over it


async def test_a_full_batch_at_the_documented_maxima_is_accepted(client, api):
    settings = api.app.state.settings
    messages = [
        {"user_id": "u", "session_id": f"s-{i % 8}", "role": "user", "content": "x" * settings.max_content_chars}
        for i in range(settings.max_batch_messages)
    ]
    response = await client.post("/v1/messages", json={"messages": messages}, timeout=120)
    assert response.status_code == 202, response.text[:300]
    assert response.json()["accepted"] == settings.max_batch_messages


async def _chunked_upload(host: str, port: int, key: str, total: int) -> tuple[bytes, int]:
    """POST a chunked body of `total` bytes, reading the answer as soon as there is one. Returns the
    status line and how many body bytes were sent before the answer came."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(
        b"POST /v1/messages HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nX-API-Key: " + key.encode() + b"\r\n\r\n"
    )
    sent = 0
    answer: asyncio.Task = asyncio.ensure_future(reader.readline())
    try:
        chunk = b"[" + b" " * (CHUNK - 1)
        while sent < total and not answer.done():
            writer.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            try:
                await asyncio.wait_for(writer.drain(), 10)
            except (ConnectionError, TimeoutError):
                break  # the server stopped reading: its answer is on the way
            sent += len(chunk)
            await asyncio.sleep(0)
        status = await asyncio.wait_for(answer, 30)
        return status, sent
    finally:
        answer.cancel()
        writer.close()


async def test_a_chunked_body_of_40_mb_is_refused(api, tenant):
    status, _ = await _chunked_upload("127.0.0.1", api.port, tenant[1], 40 * 1000 * 1000)
    assert status.startswith(b"HTTP/1.1 413"), status


async def test_a_chunked_body_over_the_limit_is_not_read_whole(stack, tenant):
    """With a limit far below the body (a 10-message batch limit), the answer comes while the client is
    still sending: the server stopped reading near the limit (socket buffers hold a few MB more)."""
    small = stack.settings.model_copy(update={"max_batch_messages": 10})
    server = LiveServer(small).start()
    try:
        total = 40 * 1000 * 1000
        status, sent = await _chunked_upload("127.0.0.1", server.port, tenant[1], total)
    finally:
        server.stop()
    assert status.startswith(b"HTTP/1.1 413"), status
    assert small.max_request_bytes < 1_000_000 and sent < total // 4, sent
