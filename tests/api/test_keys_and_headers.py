"""API keys from the CLI (create, list, revoke; a revoked key stops working within api_key_cache_s), the
panel's security headers, and the throttled error log."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid

import httpx

from services.api.failures import ThrottledLog
from tests.helpers import ROOT, wait_for


def memstream(stack, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "MEMSTREAM_DATABASE_URL": stack.database_url, "MEMSTREAM_LOG_JSON": "false"}
    return subprocess.run(
        [sys.executable, "-m", "services.cli", *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60
    )


async def test_keys_create_list_revoke_and_the_revocation_window(stack, api):
    tenant = f"t-keys-{uuid.uuid4().hex[:8]}"
    created = memstream(stack, "keys", "create", "--tenant", tenant, "--label", "ci")
    assert created.returncode == 0, created.stderr
    key = created.stdout.strip().splitlines()[-1]
    key_id = created.stderr.split("key id ")[1].split()[0]
    second = memstream(stack, "keys", "create", "--tenant", tenant).stdout.strip().splitlines()[-1]

    listed = memstream(stack, "keys", "list", "--tenant", tenant)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith(key_id) and "\tci\t" in lines[0] and lines[0].endswith("active")
    assert key not in listed.stdout and second not in listed.stdout  # never shown again

    async with httpx.AsyncClient(base_url=api.url, timeout=10) as client:
        assert (await client.get("/v1/users", headers={"X-API-Key": key})).status_code == 200

        revoked = memstream(stack, "keys", "revoke", key_id)
        assert revoked.returncode == 0 and f"revoked {key_id}" in revoked.stdout, revoked.stderr
        window = api.app.state.settings.api_key_cache_s

        async def refused() -> bool:
            return (await client.get("/v1/users", headers={"X-API-Key": key})).status_code == 401

        await wait_for(refused, timeout_s=window + 3, what=f"the revoked key refused within {window} s")
        assert (await client.get("/v1/users", headers={"X-API-Key": second})).status_code == 200

    listed = memstream(stack, "keys", "list", "--tenant", tenant, "--active").stdout
    assert key_id not in listed and len(listed.strip().splitlines()) == 1
    by_key = memstream(stack, "keys", "revoke", "--key", second)
    assert by_key.returncode == 0 and f"of tenant {tenant}" in by_key.stdout
    assert memstream(stack, "keys", "revoke", "0123456789ab").returncode == 1  # no such key
    assert memstream(stack, "keys", "revoke", "xyz").returncode != 0  # not a key id


async def test_panel_security_headers(api):
    async with httpx.AsyncClient(base_url=api.url) as client:
        page = await client.get("/ui")
    assert page.status_code == 200
    policy = page.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
    scripts = policy.split("script-src")[1].split(";")[0]
    # The panel's code is in /ui/assets (any inline script would be allowed only by its hash).
    assert "'self'" in scripts and "'unsafe-inline'" not in scripts
    assert page.headers["x-frame-options"] == "DENY"
    assert page.headers["x-content-type-options"] == "nosniff"


def test_throttled_log_says_each_kind_once_per_interval(capsys):
    errors = ThrottledLog(interval_s=3600)
    logged = [errors.error("database:OSError", "dependency_unavailable") for _ in range(50)]
    logged.append(errors.error("broker:KafkaTimeoutError", "dependency_unavailable"))
    assert logged.count(True) == 2 and logged[0] and logged[-1]
    quick = ThrottledLog(interval_s=0.01)
    assert quick.error("k", "e")
    assert not quick.error("k", "e")
    time.sleep(0.02)
    assert quick.error("k", "e")  # the next interval logs again, with the count it held back
