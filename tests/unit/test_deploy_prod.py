"""Production deployment files: Kafka security in compose and Kubernetes, overlays, runbook links,
AsyncAPI servers. Parsed, never run (no container engine or cluster is needed)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
import yaml

from shared.broker import new_producer
from shared.kafka_security import kafka_security
from tests.unit.test_deploy import compose_env, interpolate_defaults, memstream_services, settings_from

ROOT = Path(__file__).resolve().parents[2]
SASL_OVERRIDE = ROOT / "deploy" / "compose" / "sasl-ssl.yml"


async def test_compose_sasl_ssl_override_secures_every_memstream_service(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    override = yaml.safe_load(SASL_OVERRIDE.read_text())
    assert set(override["services"]) == set(memstream_services(base)), "every memstream service, nothing else"
    # The secrets compose mounts under /run/secrets, as files of this test.
    files = {name: tmp_path / name for name in override["secrets"]}
    files["kafka-username"].write_text("svc\n")
    files["kafka-password"].write_text("pw\n")
    files["kafka-ca.pem"].write_text("")  # only read by the TLS loader below, replaced by the system CAs
    monkeypatch.setenv("KAFKA_BOOTSTRAP", "b-1.example:9096")
    for name, service in override["services"].items():
        assert set(service["secrets"]) == set(override["secrets"]), name
        env = {**compose_env(base["services"][name]), **compose_env(service)}
        env = {k: None if v is None else interpolate_defaults(v) for k, v in env.items()}
        for key, value in list(env.items()):
            if value and value.startswith("/run/secrets/"):
                env[key] = str(files[value.removeprefix("/run/secrets/")])
        env["MEMSTREAM_KAFKA_BOOTSTRAP"] = "b-1.example:9096"  # ${KAFKA_BOOTSTRAP:?...} has no default
        env.pop("MEMSTREAM_KAFKA_SSL_CAFILE")  # an empty PEM is no CA; the system CAs stand in
        settings = settings_from(env, monkeypatch)
        security = kafka_security(settings)
        assert (security.protocol, security.mechanism) == ("SASL_SSL", "SCRAM-SHA-512"), name
        assert (security.username, security.password) == ("svc", "pw"), name
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            assert new_producer(settings).client._security_protocol == "SASL_SSL"
    assert "KAFKA_BOOTSTRAP:?" in SASL_OVERRIDE.read_text(), "a missing bootstrap must fail loudly"


def test_secrets_folder_is_never_committed_or_built() -> None:
    assert "secrets/" in (ROOT / ".gitignore").read_text().split()
    assert "secrets" in (ROOT / ".dockerignore").read_text().split()
