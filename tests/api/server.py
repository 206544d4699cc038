"""The API served by uvicorn on 127.0.0.1 in a thread of the test process, against the session's
real Postgres and broker. In-process, so a test can swap a provider in `app.state` (never the
database or the broker)."""

from __future__ import annotations

import threading
import time

import uvicorn

from services.api.app import create_app
from shared.embedded import free_port
from shared.settings import Settings


class LiveServer:
    def __init__(self, settings: Settings):
        self.port = free_port()
        self.app = create_app(settings)
        self.server = uvicorn.Server(
            uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_config=None, access_log=False)
        )
        self.thread = threading.Thread(target=self.server.run, name="api-under-test", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout_s: float = 60.0) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + timeout_s
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the API did not start")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)
