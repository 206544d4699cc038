"""The README is one page that starts with the two commands and links to the docs, which exist."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def test_readme_starts_with_the_two_commands():
    quick_start = README.split("## Quick start", 1)[1].split("##", 1)[0]
    assert "make run" in quick_start and "make test" in quick_start


def test_readme_is_one_page_and_its_links_resolve():
    assert len(README.splitlines()) < 200
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README)
    assert {"docs/configuration.md", "docs/operations.md", "docs/api.md", "LICENSE"} <= set(links)
    missing = [link for link in links if not link.startswith("http") and not (ROOT / link).exists()]
    assert missing == []


def test_docs_link_to_files_that_exist():
    for page in (ROOT / "docs").glob("*.md"):
        for link in re.findall(r"\]\(([^)#:]+\.md)(?:#[^)]*)?\)", page.read_text()):
            assert (page.parent / link).exists(), (page.name, link)
