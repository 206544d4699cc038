"""docs/configuration.md is generated from the settings object and kept in sync with it."""

from shared.settings import Settings
from shared.settings_docs import CONFIGURATION_PATH, groups, render_configuration


def test_configuration_page_is_generated_from_the_settings():
    assert CONFIGURATION_PATH.read_text() == render_configuration(), "run `memstream docs`"


def test_every_setting_appears_once_under_its_section():
    text = render_configuration()
    for name in Settings.model_fields:
        assert text.count(f"| `MEMSTREAM_{name.upper()}` |") == 1, name
    titles = [title for title, _ in groups()]
    assert "Other" not in titles, "a setting outside the section comments of shared/settings.py"
    assert (
        titles[0] == "where things live"
        and "Kafka security (managed Kafka: MSK, Confluent Cloud, Aiven, Strimzi)" in titles
    )


def test_types_and_defaults_read_as_a_reader_expects():
    text = render_configuration()
    assert (
        "| `MEMSTREAM_KAFKA_SECURITY_PROTOCOL` | `PLAINTEXT` \\| `SSL` \\| `SASL_PLAINTEXT` \\| `SASL_SSL` "
        "| `PLAINTEXT` |" in text
    )
    assert "| `MEMSTREAM_DATABASE_URL` | text | (unset) |" in text
    assert "| `MEMSTREAM_OPENAI_API_KEY` | secret | (empty) |" in text
    assert "| `MEMSTREAM_KAFKA_SSL_CHECK_HOSTNAME` | boolean | `True` |" in text
