from shared.settings import Settings


def test_defaults_are_the_embedded_stack(monkeypatch):
    for name in ("MEMSTREAM_DATABASE_URL", "MEMSTREAM_KAFKA_BOOTSTRAP"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings(_env_file=None)
    assert settings.database_url is None and settings.kafka_bootstrap is None
    assert settings.llm_provider == "offline" and settings.embedding_dimensions == 384
    assert settings.topic("chat.messages") == "memstream.chat.messages"


def test_environment_overrides(monkeypatch):
    monkeypatch.setenv("MEMSTREAM_DATABASE_URL", "postgresql://db.example/memstream")
    monkeypatch.setenv("MEMSTREAM_FACTS_PARTITIONS", "32")
    settings = Settings(_env_file=None)
    assert settings.database_url == "postgresql://db.example/memstream"
    assert settings.facts_partitions == 32
