from pathlib import Path

from shared.settings import Settings

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def test_readme_documents_every_setting():
    missing = [name for name in Settings.model_fields if f"`MEMSTREAM_{name.upper()}`" not in README]
    assert missing == []


def test_readme_starts_with_the_two_commands():
    quick_start = README.split("## Quick start", 1)[1].split("##", 1)[0]
    assert "make run" in quick_start and "make test" in quick_start
