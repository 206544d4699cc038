"""Every Kafka client memstream builds receives the TLS/SASL settings.

The embedded broker (Tansu 0.6.0) cannot serve TLS or SASL here (its --cert and --key options
exclude each other, and SASL users can only be created through an already authenticated
connection), so each client is built exactly the way the code builds it and inspected, never
started: the producer (API, relay, replay, DLQ replay, bench), the admin client (`memstream
topics`, dev), the plain consumer (bench), and the consumer and producer faust builds for a stage.
A scan of the source makes sure no client is built anywhere else.
"""

from __future__ import annotations

import re
import shutil
import ssl
import subprocess
import warnings
from pathlib import Path

import pytest

from shared.broker import create_faust_app, new_admin, new_consumer, new_producer
from shared.kafka_security import KafkaSecurityError, kafka_security
from shared.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def pki(tmp_path_factory) -> dict[str, Path]:
    """A self-signed CA certificate and a client certificate with its key (openssl)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    folder = tmp_path_factory.mktemp("pki")
    for name in ("ca", "client"):
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN={name}"]
            + ["-keyout", str(folder / f"{name}.key"), "-out", str(folder / f"{name}.pem")],
            check=True,
            capture_output=True,
            timeout=60,
        )
    return {"ca": folder / "ca.pem", "cert": folder / "client.pem", "key": folder / "client.key"}


def built_clients(settings: Settings) -> dict[str, object]:
    """The aiokafka client (the object that opens connections) of every kind memstream builds."""
    app = create_faust_app("extractor", settings)
    faust_consumer = app.consumer._thread._create_worker_consumer(app.transport)  # built, never started
    faust_producer = app.producer._new_producer()
    return {
        "producer (API, relay, replay, dlq replay, bench)": new_producer(settings).client,
        "admin (topics, dev)": new_admin(settings)._client,
        "consumer (bench)": new_consumer(settings, enable_auto_commit=False)._client,
        "stage consumer (faust)": faust_consumer._client,
        "stage producer (faust)": faust_producer.client,
    }


def security_of(client) -> dict[str, object]:
    return {
        "protocol": client._security_protocol,
        "mechanism": client._sasl_mechanism,
        "username": client._sasl_plain_username,
        "password": client._sasl_plain_password,
        "token_provider": client._sasl_oauth_token_provider,
        "ssl_context": client._ssl_context,
    }


@pytest.fixture(autouse=True)
def _quiet_unstarted_clients():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        yield


@pytest.mark.parametrize("mechanism", ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"])
async def test_sasl_ssl_with_files_reaches_every_client(pki, tmp_path, mechanism):
    (tmp_path / "user").write_text("svc-memstream\n")
    (tmp_path / "password").write_text("s3cret\n")
    settings = Settings(
        _env_file=None,
        kafka_bootstrap="broker-1.example:9096,broker-2.example:9096",
        kafka_security_protocol="SASL_SSL",
        kafka_sasl_mechanism=mechanism,
        kafka_sasl_username_file=tmp_path / "user",
        kafka_sasl_password_file=tmp_path / "password",
        kafka_ssl_cafile=pki["ca"],
        kafka_ssl_certfile=pki["cert"],
        kafka_ssl_keyfile=pki["key"],
    )
    clients = built_clients(settings)
    assert len(clients) == 5
    for name, client in clients.items():
        seen = security_of(client)
        assert seen["protocol"] == "SASL_SSL", name
        assert seen["mechanism"] == mechanism, name
        assert (seen["username"], seen["password"]) == ("svc-memstream", "s3cret"), name
        context = seen["ssl_context"]
        assert isinstance(context, ssl.SSLContext), name
        assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname, name
        assert context.cert_store_stats()["x509_ca"] == 1, f"{name}: the CA file was not loaded"


async def test_sasl_plaintext_from_the_environment_reaches_every_client(monkeypatch):
    monkeypatch.setenv("MEMSTREAM_KAFKA_SECURITY_PROTOCOL", "SASL_PLAINTEXT")
    monkeypatch.setenv("MEMSTREAM_KAFKA_SASL_MECHANISM", "SCRAM-SHA-512")
    monkeypatch.setenv("MEMSTREAM_KAFKA_SASL_USERNAME", "alice")
    monkeypatch.setenv("MEMSTREAM_KAFKA_SASL_PASSWORD", "pw-from-env")
    settings = Settings(_env_file=None, kafka_bootstrap="kafka:9092")
    for name, client in built_clients(settings).items():
        seen = security_of(client)
        assert (seen["protocol"], seen["mechanism"]) == ("SASL_PLAINTEXT", "SCRAM-SHA-512"), name
        assert (seen["username"], seen["password"]) == ("alice", "pw-from-env"), name
        assert seen["ssl_context"] is None, name


async def test_oauthbearer_token_file_is_read_at_each_authentication(tmp_path):
    token = tmp_path / "token"
    token.write_text("token-1\n")
    settings = Settings(
        _env_file=None,
        kafka_bootstrap="kafka:9093",
        kafka_security_protocol="SASL_SSL",
        kafka_sasl_mechanism="OAUTHBEARER",
        kafka_sasl_oauth_token_file=token,
    )
    providers = []
    for name, client in built_clients(settings).items():
        seen = security_of(client)
        assert (seen["protocol"], seen["mechanism"]) == ("SASL_SSL", "OAUTHBEARER"), name
        assert isinstance(seen["ssl_context"], ssl.SSLContext), name  # system CAs
        providers.append(seen["token_provider"])
    assert [await p.token() for p in providers] == ["token-1"] * 5
    token.write_text("token-2")  # rotated by a sidecar
    assert [await p.token() for p in providers] == ["token-2"] * 5


async def test_tls_only_and_plaintext(pki):
    tls = Settings(
        _env_file=None, kafka_bootstrap="kafka:9093", kafka_security_protocol="SSL", kafka_ssl_cafile=pki["ca"]
    )
    for name, client in built_clients(tls).items():
        seen = security_of(client)
        assert seen["protocol"] == "SSL" and isinstance(seen["ssl_context"], ssl.SSLContext), name
    plain = Settings(_env_file=None, kafka_bootstrap="kafka:9092")
    for name, client in built_clients(plain).items():
        assert security_of(client)["protocol"] == "PLAINTEXT" and security_of(client)["ssl_context"] is None, name


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"kafka_security_protocol": "SASL_SSL"}, "SASL needs MEMSTREAM_KAFKA_SASL_USERNAME"),
        (
            {
                "kafka_security_protocol": "SASL_PLAINTEXT",
                "kafka_sasl_username": "a",
                "kafka_sasl_password": "b",
                "kafka_sasl_password_file": "/nonexistent",
            },
            "not both",
        ),
        (
            {
                "kafka_security_protocol": "SASL_PLAINTEXT",
                "kafka_sasl_username": "a",
                "kafka_sasl_password_file": "/nonexistent/password",
            },
            "cannot read /nonexistent/password",
        ),
        ({"kafka_security_protocol": "SSL", "kafka_ssl_cafile": "/nonexistent/ca.pem"}, "no such file"),
        ({"kafka_ssl_cafile": "/etc/hostname"}, "use SSL or SASL_SSL"),
        ({"kafka_security_protocol": "SASL_SSL", "kafka_sasl_mechanism": "OAUTHBEARER"}, "exactly one of"),
    ],
)
def test_incomplete_settings_fail_with_a_clear_message(settings, message):
    with pytest.raises(KafkaSecurityError, match=re.escape(message)):
        kafka_security(Settings(_env_file=None, kafka_bootstrap="kafka:9092", **settings))


def test_no_kafka_client_is_built_outside_the_helpers():
    """Every client goes through shared/broker.py, which applies the security settings."""
    constructor = re.compile(r"\b(AIOKafkaProducer|AIOKafkaConsumer|AIOKafkaAdminClient|faust\.App)\(")
    offenders = []
    for folder in ("shared", "services", "bench"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.relative_to(ROOT).as_posix() == "shared/broker.py":
                continue
            offenders += [
                f"{path.relative_to(ROOT)}:{i}"
                for i, line in enumerate(path.read_text().splitlines(), 1)
                if constructor.search(line)
            ]
    assert offenders == []
