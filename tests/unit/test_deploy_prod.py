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


# --------------------------------------------------------------------------- kustomize overlays

K8S = ROOT / "deploy" / "k8s"
OVERLAYS = ("dev", "prod")
STAGE_SOURCES = {
    "extractor": ["chat.messages"],
    "embedder": ["facts.extracted"],
    "message-embedder": ["messages.stored"],
    "consolidator": ["facts.embedded"],
    "summarizer": ["chat.messages", "facts.changes"],
    "reinforcer": ["memory.recalls"],
}


def rendered(overlay: str) -> list[dict]:
    from tests.kustomize import render

    return render(K8S / "overlays" / overlay)


def only(objs: list[dict], kind: str, name: str | None = None) -> dict:
    found = [o for o in objs if o["kind"] == kind and (name is None or o["metadata"]["name"] == name)]
    assert len(found) == 1, (kind, name, len(found))
    return found[0]


@pytest.mark.parametrize("target", ["base", *(f"overlays/{o}" for o in OVERLAYS)])
def test_the_renderer_agrees_with_kubectl_kustomize(target: str) -> None:
    import shutil
    import subprocess

    from tests.kustomize import render

    if shutil.which("kubectl") is None:
        pytest.skip("kubectl is not installed (apt-get install kubernetes-client)")
    done = subprocess.run(["kubectl", "kustomize", str(K8S / target)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    theirs = sorted((d for d in yaml.safe_load_all(done.stdout) if d), key=lambda o: (o["kind"], o["metadata"]["name"]))
    ours = sorted(render(K8S / target), key=lambda o: (o["kind"], o["metadata"]["name"]))
    assert ours == theirs


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_overlay_is_consistent_settings_and_scalers(overlay: str, monkeypatch: pytest.MonkeyPatch) -> None:
    objs = rendered(overlay)
    namespace = only(objs, "Namespace")["metadata"]["name"]
    assert all(o["metadata"].get("namespace") == namespace for o in objs if o["kind"] != "Namespace")
    config = {k: str(v) for k, v in only(objs, "ConfigMap", "memstream-config")["data"].items()}
    secret = {k: str(v) for k, v in only(objs, "Secret", "memstream-secrets")["stringData"].items()}
    env = {**config, **secret}
    for key in list(env):  # files the pods mount: any readable file stands in
        if key.endswith(("_FILE", "_CAFILE")):
            env[key] = str(ROOT / "LICENSE")
    env.pop("MEMSTREAM_KAFKA_SSL_CAFILE", None)  # the LICENSE is no PEM
    settings = settings_from(env, monkeypatch)
    assert settings.kafka_bootstrap == config["MEMSTREAM_KAFKA_BOOTSTRAP"]
    for stage, sources in STAGE_SOURCES.items():
        scaled = only(objs, "ScaledObject", f"memstream-{stage}")
        triggers = scaled["spec"]["triggers"]
        assert sorted(t["metadata"]["topic"] for t in triggers) == sorted(settings.topic(s) for s in sources)
        for trigger in triggers:
            assert trigger["metadata"]["bootstrapServers"] == settings.kafka_bootstrap, "one Kafka address"
            assert trigger["metadata"]["consumerGroup"] == settings.consumer_group(stage)
    # The address is written once in the overlay's own files.
    text = (K8S / "overlays" / overlay / "kustomization.yaml").read_text()
    assert text.count(settings.kafka_bootstrap) == 1


def test_base_writes_the_kafka_address_only_in_the_configmap() -> None:
    address = yaml.safe_load((K8S / "base" / "configmap.yaml").read_text())["data"]["MEMSTREAM_KAFKA_BOOTSTRAP"]
    holders = [p.name for p in (K8S / "base").glob("*.yaml") if address in p.read_text()]
    assert holders == ["configmap.yaml"]


async def test_prod_overlay_secures_pods_and_keda_with_one_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    objs = rendered("prod")
    config = {k: str(v) for k, v in only(objs, "ConfigMap", "memstream-config")["data"].items()}
    assert config["MEMSTREAM_KAFKA_SECURITY_PROTOCOL"] == "SASL_SSL"
    assert config["MEMSTREAM_TOPIC_REPLICATION_FACTOR"] == "3"
    kafka_secret = only(objs, "Secret", "memstream-kafka")["stringData"]

    # The pods: every workload mounts the Secret where the *_FILE settings point.
    files = {k: v for k, v in config.items() if k.endswith("_FILE") or k.endswith("_CAFILE")}
    assert set(files) == {
        "MEMSTREAM_KAFKA_SASL_USERNAME_FILE",
        "MEMSTREAM_KAFKA_SASL_PASSWORD_FILE",
        "MEMSTREAM_KAFKA_SSL_CAFILE",
    }
    workloads = [o for o in objs if o["kind"] in ("Deployment", "Job")]
    assert len(workloads) == 3 + len(STAGE_SOURCES)  # migrate, api, relay and the stages
    for obj in workloads:
        pod = obj["spec"]["template"]["spec"]
        [volume] = [v for v in pod["volumes"] if v["name"] == "kafka-credentials"]
        assert volume["secret"]["secretName"] == "memstream-kafka"
        mounted = {
            f"{m['mountPath']}/{item['path']}": item["key"]
            for m in pod["containers"][0]["volumeMounts"]
            if m["name"] == "kafka-credentials"
            for item in volume["secret"]["items"]
        }
        for path in files.values():
            assert path in mounted and mounted[path] in kafka_secret, (obj["metadata"]["name"], path)

    # What the stages make of it, with the Secret's values as the mounted files.
    tmp = tmp_path
    env = {**config}
    for key, path in files.items():
        local = tmp / Path(path).name
        local.write_text("svc" if "USERNAME" in key else "pw")
        env[key] = str(local)
    env.pop("MEMSTREAM_KAFKA_SSL_CAFILE")  # the placeholder is no certificate
    security = kafka_security(settings_from(env, monkeypatch))
    assert (security.protocol, security.mechanism, security.username) == ("SASL_SSL", "SCRAM-SHA-512", "svc")

    # KEDA: every trigger authenticates with the TriggerAuthentication, which reads the same Secret.
    auth = only(objs, "TriggerAuthentication", "memstream-kafka")
    refs = {r["parameter"]: r for r in auth["spec"]["secretTargetRef"]}
    assert {"sasl", "username", "password", "tls", "ca"} <= set(refs)
    assert all(r["name"] == "memstream-kafka" and r["key"] in kafka_secret for r in refs.values())
    keda_mechanism = {"PLAIN": "plaintext", "SCRAM-SHA-256": "scram_sha256", "SCRAM-SHA-512": "scram_sha512"}
    assert kafka_secret["sasl"] == keda_mechanism[config["MEMSTREAM_KAFKA_SASL_MECHANISM"]]
    assert kafka_secret["tls"] == "enable"
    triggers = [t for o in objs if o["kind"] == "ScaledObject" for t in o["spec"]["triggers"]]
    assert len(triggers) == 7 and all(t["authenticationRef"]["name"] == "memstream-kafka" for t in triggers)


# --------------------------------------------------------------------------- alerts, dashboard

RUNBOOK = ROOT / "docs" / "operations.md"
RUNBOOK_BASE = "https://github.com/memstream/memstream/blob/main/docs/operations.md#"


def github_anchors(markdown: str) -> set[str]:
    """The anchors GitHub gives a file's headings (lower case, punctuation dropped, spaces to -)."""
    import re

    anchors = set()
    for heading in re.findall(r"^#{1,6} (.+)$", markdown, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        anchors.add(slug)
    return anchors


def test_every_alert_links_to_a_runbook_section_that_exists() -> None:
    rules = [
        r for g in yaml.safe_load((ROOT / "deploy/prometheus/alerts.yml").read_text())["groups"] for r in g["rules"]
    ]
    anchors = github_anchors(RUNBOOK.read_text())
    assert rules
    for rule in rules:
        url = rule["annotations"]["runbook_url"]
        assert url.startswith(RUNBOOK_BASE), rule["alert"]
        assert url.removeprefix(RUNBOOK_BASE) in anchors, f"{rule['alert']}: no section #{url.split('#')[1]}"
        assert rule["alert"] in RUNBOOK.read_text(), f"the runbook does not name {rule['alert']}"


def test_runbook_links_inside_the_page_resolve() -> None:
    import re

    text = RUNBOOK.read_text()
    anchors = github_anchors(text)
    links = re.findall(r"\]\(#([^)]+)\)", text)
    assert links and not [link for link in links if link not in anchors]


def test_the_dashboard_shows_the_provider_cost() -> None:
    import json

    dashboard = json.loads((ROOT / "deploy/grafana/dashboards/memstream.json").read_text())
    cost = [
        p for p in dashboard["panels"] for t in p.get("targets", []) if "memstream_provider_cost_total" in t["expr"]
    ]
    assert len(cost) >= 2
    assert all(p["fieldConfig"]["defaults"]["unit"] == "currencyUSD" for p in cost)
    spans = [(p["gridPos"]["x"], p["gridPos"]["y"], p["gridPos"]["w"], p["gridPos"]["h"]) for p in dashboard["panels"]]
    cells = [(x + i, y + j) for x, y, w, h in spans for i in range(w) for j in range(h)]
    assert len(cells) == len(set(cells)), "panels overlap"
