"""How every Kafka client authenticates: TLS and SASL, from the one group of settings.

Every producer, consumer and admin client memstream builds (the faust apps of the stages, the API's
and the relay's producers, the operator tools and the bench) takes its security from here, so a
managed cluster (MSK, Confluent Cloud, Aiven, Strimzi with auth) needs settings only, never code.
Credentials come from the environment or from files (a mounted Kubernetes Secret); files are read
when a client is built, and an OAUTHBEARER token file at every (re)authentication.
"""

from __future__ import annotations

import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiokafka.abc import AbstractTokenProvider
from aiokafka.helpers import create_ssl_context

from shared.settings import Settings


class KafkaSecurityError(ValueError):
    """The Kafka security settings are incomplete or contradict each other."""


class FileTokenProvider(AbstractTokenProvider):
    """An OAUTHBEARER token read from a file each time the client authenticates (a sidecar rotates it)."""

    def __init__(self, path: Path):
        self.path = path

    async def token(self) -> str:
        return _read_secret_file(self.path, "MEMSTREAM_KAFKA_SASL_OAUTH_TOKEN_FILE")


class StaticTokenProvider(AbstractTokenProvider):
    def __init__(self, token: str):
        self._token = token

    async def token(self) -> str:
        return self._token


@dataclass(frozen=True)
class KafkaSecurity:
    """The resolved security of one client: what aiokafka and faust are given."""

    protocol: str
    mechanism: str | None = None
    username: str | None = None
    password: str | None = None
    token_provider: AbstractTokenProvider | None = None
    ssl_context: ssl.SSLContext | None = None

    @property
    def uses_sasl(self) -> bool:
        return self.protocol.startswith("SASL_")

    def aiokafka_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for AIOKafkaProducer, AIOKafkaConsumer and AIOKafkaAdminClient."""
        kwargs: dict[str, Any] = {"security_protocol": self.protocol}
        if self.ssl_context is not None:
            kwargs["ssl_context"] = self.ssl_context
        if self.uses_sasl:
            kwargs["sasl_mechanism"] = self.mechanism
            if self.mechanism == "OAUTHBEARER":
                kwargs["sasl_oauth_token_provider"] = self.token_provider
            else:
                kwargs["sasl_plain_username"] = self.username
                kwargs["sasl_plain_password"] = self.password
        return kwargs

    def faust_credentials(self):
        """``broker_credentials`` for faust.App (None: plaintext). faust turns them into the same
        aiokafka arguments for the consumer and producer it builds."""
        import faust

        if self.protocol == "PLAINTEXT":
            return None
        if self.protocol == "SSL":
            return faust.SSLCredentials(self.ssl_context)
        if self.mechanism == "OAUTHBEARER":
            return faust.OAuthCredentials(oauth_cb=self.token_provider, ssl_context=self.ssl_context)
        return faust.SASLCredentials(
            username=self.username, password=self.password, ssl_context=self.ssl_context, mechanism=self.mechanism
        )


def kafka_security(settings: Settings) -> KafkaSecurity:
    """Resolve the settings into one client security; a clear KafkaSecurityError if they do not add up."""
    protocol = settings.kafka_security_protocol
    tls = protocol in ("SSL", "SASL_SSL")
    if not tls and (settings.kafka_ssl_cafile or settings.kafka_ssl_certfile or settings.kafka_ssl_keyfile):
        raise KafkaSecurityError(
            f"MEMSTREAM_KAFKA_SSL_* files are set but MEMSTREAM_KAFKA_SECURITY_PROTOCOL is {protocol}: "
            "use SSL or SASL_SSL"
        )
    context = _ssl_context(settings) if tls else None
    if not protocol.startswith("SASL_"):
        return KafkaSecurity(protocol=protocol, ssl_context=context)

    mechanism = settings.kafka_sasl_mechanism
    if mechanism == "OAUTHBEARER":
        token = settings.kafka_sasl_oauth_token
        path = settings.kafka_sasl_oauth_token_file
        if bool(token) == bool(path):
            raise KafkaSecurityError(
                "OAUTHBEARER needs exactly one of MEMSTREAM_KAFKA_SASL_OAUTH_TOKEN and "
                "MEMSTREAM_KAFKA_SASL_OAUTH_TOKEN_FILE"
            )
        if path:
            _read_secret_file(path, "MEMSTREAM_KAFKA_SASL_OAUTH_TOKEN_FILE")  # fail now, not at the first connect
        provider = FileTokenProvider(path) if path else StaticTokenProvider(token.get_secret_value())
        return KafkaSecurity(protocol=protocol, mechanism=mechanism, token_provider=provider, ssl_context=context)

    username = _value_or_file(settings.kafka_sasl_username, settings.kafka_sasl_username_file, "USERNAME")
    password = _value_or_file(settings.kafka_sasl_password, settings.kafka_sasl_password_file, "PASSWORD")
    return KafkaSecurity(
        protocol=protocol, mechanism=mechanism, username=username, password=password, ssl_context=context
    )


def _ssl_context(settings: Settings) -> ssl.SSLContext:
    if bool(settings.kafka_ssl_certfile) != bool(settings.kafka_ssl_keyfile):
        raise KafkaSecurityError("MEMSTREAM_KAFKA_SSL_CERTFILE and MEMSTREAM_KAFKA_SSL_KEYFILE go together")
    for name in ("cafile", "certfile", "keyfile"):
        path = getattr(settings, f"kafka_ssl_{name}")
        if path is not None and not Path(path).is_file():
            raise KafkaSecurityError(f"MEMSTREAM_KAFKA_SSL_{name.upper()}: no such file: {path}")
    key_password = settings.kafka_ssl_key_password
    try:
        context = create_ssl_context(
            cafile=str(settings.kafka_ssl_cafile) if settings.kafka_ssl_cafile else None,
            certfile=str(settings.kafka_ssl_certfile) if settings.kafka_ssl_certfile else None,
            keyfile=str(settings.kafka_ssl_keyfile) if settings.kafka_ssl_keyfile else None,
            password=key_password.get_secret_value() if key_password else None,
        )
    except ssl.SSLError as exc:
        raise KafkaSecurityError(f"cannot load the Kafka TLS files: {exc}") from exc
    context.check_hostname = settings.kafka_ssl_check_hostname
    return context


def _value_or_file(value, path: Path | None, what: str) -> str:
    name = f"MEMSTREAM_KAFKA_SASL_{what}"
    if value is not None and path is not None:
        raise KafkaSecurityError(f"set {name} or {name}_FILE, not both")
    if path is not None:
        return _read_secret_file(path, f"{name}_FILE")
    if value is None:
        raise KafkaSecurityError(f"SASL needs {name} (or {name}_FILE)")
    return value.get_secret_value() if hasattr(value, "get_secret_value") else value


def _read_secret_file(path: Path, setting: str) -> str:
    try:
        text = Path(path).read_text().strip()  # a trailing newline is never part of a secret
    except OSError as exc:
        raise KafkaSecurityError(f"{setting}: cannot read {path}: {exc.strerror}") from exc
    if not text:
        raise KafkaSecurityError(f"{setting}: {path} is empty")
    return text
