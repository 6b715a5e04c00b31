"""The browser tests' own plumbing: what they say when they cannot run."""

from tools import labdriver


def test_without_chromium_the_reason_names_the_package_to_install(monkeypatch):
    monkeypatch.setattr(labdriver.shutil, "which", lambda name: None)
    reason = labdriver.missing_browser_reason()
    assert reason.startswith("no Chromium on this machine")
    assert "apt-get install chromium" in reason and "never run `playwright install`" in reason


def test_url_opens_the_notebook_with_the_token_and_a_fresh_workspace():
    server = object.__new__(labdriver.LabServer)  # no process: only the address logic
    server.port, server.token = 8123, "abc"
    assert server.url("02_x.ipynb") == "http://127.0.0.1:8123/lab/tree/02_x.ipynb?token=abc&reset"
