"""The manifests of issue 35's "Operating it" (deploy/kubernetes/, applied with ``kubectl apply -k``):
restricted pods, the API autoscaled behind a TLS Ingress that streams unbuffered, a network policy,
the database password from an external secret, every process scraped, alerts on the four signals and
a dashboard. The built-in resources also pass kubernetes-validate (test_the_manifests.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from api.http.reads import KEEPALIVE
from store.settings import Settings
from tests.deploy.manifests import KUBERNETES, dashboard, is_custom, kustomization, manifests, named, of_kind

ROOT = Path(__file__).resolve().parents[2]
DEPLOYMENTS = ("backroom-api", "backroom-projections", "backroom-bots", "backroom-timers")


def _pod(deployment: str) -> dict[str, Any]:
    return named("Deployment", deployment)["spec"]["template"]  # type: ignore[no-any-return]


def test_the_kustomization_lists_every_manifest_in_the_folder() -> None:
    """Nothing in deploy/kubernetes/ is left out of ``kubectl apply -k``, and nothing listed is missing."""
    listed = set(kustomization()["resources"])
    present = {path.name for path in KUBERNETES.glob("*.yaml")} - {"kustomization.yaml"}
    assert listed == present
    assert kustomization()["namespace"] == named("Namespace", "backroom")["metadata"]["name"]


def test_every_pod_meets_the_restricted_pod_security_standard() -> None:
    """Non-root, the runtime's seccomp profile, no privilege escalation, every capability dropped, no
    host namespaces or paths; and the namespace enforces the standard."""
    labels = named("Namespace", "backroom")["metadata"]["labels"]
    assert labels["pod-security.kubernetes.io/enforce"] == "restricted"
    for deployment in of_kind("Deployment"):
        pod = deployment["spec"]["template"]["spec"]
        context = pod["securityContext"]
        assert context["runAsNonRoot"] is True and context["runAsUser"] != 0
        assert context["seccompProfile"]["type"] in {"RuntimeDefault", "Localhost"}
        assert not {"hostNetwork", "hostPID", "hostIPC"} & {key for key, value in pod.items() if value}
        assert all("hostPath" not in volume for volume in pod.get("volumes", []))
        for container in pod["containers"] + pod.get("initContainers", []):
            own = container["securityContext"]
            assert own["allowPrivilegeEscalation"] is False
            assert own.get("privileged", False) is False
            assert own["capabilities"]["drop"] == ["ALL"]
            assert set(own["capabilities"].get("add", [])) <= {"NET_BIND_SERVICE"}
            assert own.get("runAsNonRoot", True) is True


def test_the_api_is_scaled_by_a_horizontal_pod_autoscaler() -> None:
    """The autoscaler owns the API's replicas (the Deployment names none), never below its budget."""
    (autoscaler,) = of_kind("HorizontalPodAutoscaler")
    target = autoscaler["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", "backroom-api")
    assert "replicas" not in named("Deployment", "backroom-api")["spec"]
    budget = named("PodDisruptionBudget", "backroom-api")["spec"]["minAvailable"]
    assert budget < autoscaler["spec"]["minReplicas"] < autoscaler["spec"]["maxReplicas"]
    assert autoscaler["spec"]["metrics"], "it scales on something"


def test_the_ingress_serves_tls_and_streams_unbuffered_with_long_timeouts() -> None:
    """TLS for every host it serves; live streams are not buffered and a quiet stream outlives many
    keepalives; the backend is the API Service's port."""
    (ingress,) = of_kind("Ingress")
    hosts = {rule["host"] for rule in ingress["spec"]["rules"]}
    assert hosts <= {host for tls in ingress["spec"]["tls"] for host in tls["hosts"]}
    assert all(tls["secretName"] for tls in ingress["spec"]["tls"])
    notes = ingress["metadata"]["annotations"]
    assert notes["nginx.ingress.kubernetes.io/proxy-buffering"] == "off"
    assert notes["nginx.ingress.kubernetes.io/ssl-redirect"] == "true"
    for timeout in ("proxy-read-timeout", "proxy-send-timeout"):
        assert int(notes[f"nginx.ingress.kubernetes.io/{timeout}"]) >= 10 * KEEPALIVE
    body = notes["nginx.ingress.kubernetes.io/proxy-body-size"]
    assert int(body.removesuffix("k")) * 1024 >= Settings().body_bytes
    service = named("Service", "backroom-api")
    (path,) = [path for rule in ingress["spec"]["rules"] for path in rule["http"]["paths"]]
    backend = path["backend"]["service"]
    assert backend["name"] == "backroom-api"
    assert backend["port"]["name"] in {port["name"] for port in service["spec"]["ports"]}


def _admitted(policy: dict[str, Any], labels: dict[str, str]) -> bool:
    selector = policy["spec"]["podSelector"]
    if any(labels.get(key) != value for key, value in selector.get("matchLabels", {}).items()):
        return False
    for expression in selector.get("matchExpressions", []):
        if expression["operator"] != "In" or labels.get(expression["key"]) not in expression["values"]:
            return False
    return True


def test_the_network_policies_admit_only_the_ingress_controller_and_prometheus() -> None:
    """Every pod is under an ingress policy admitting only its own port, from the Ingress controller's
    or Prometheus's namespace; egress is DNS, PostgreSQL (or PgBouncer) and Redis only."""
    policies = of_kind("NetworkPolicy")
    for name in DEPLOYMENTS:
        labels = _pod(name)["metadata"]["labels"]
        ports = {port["containerPort"] for port in _pod(name)["spec"]["containers"][0]["ports"]}
        guarding = [p for p in policies if "Ingress" in p["spec"]["policyTypes"] and _admitted(p, labels)]
        assert guarding, name
        for policy in guarding:
            for rule in policy["spec"]["ingress"]:
                assert {port["port"] for port in rule["ports"]} <= ports
                namespaces = {
                    peer["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"]
                    for peer in rule["from"]
                }
                assert namespaces <= {"ingress-nginx", "monitoring"}
    (egress,) = [p for p in policies if "Egress" in p["spec"]["policyTypes"]]
    assert egress["spec"]["podSelector"] == {}
    allowed = {port["port"] for rule in egress["spec"]["egress"] for port in rule["ports"]}
    assert allowed == {53, 5432, 6432, 6379}


PASSWORD_IN_A_URL = re.compile(r"://[^:/@\s'\"]+:(?!\{\{)[^@\s'\"]+@")
"""``scheme://user:password@``, unless the password is a template's ``{{ ... }}``."""


def test_no_database_password_is_committed_and_the_secret_comes_from_the_secret_store() -> None:
    """No Secret and no password in a URL anywhere in the manifests; the Secret every process reads
    is the one the ExternalSecret makes, with the DSN built around the stored password."""
    assert not of_kind("Secret")
    for path in KUBERNETES.glob("*.yaml"):
        assert not PASSWORD_IN_A_URL.search(path.read_text()), path.name
    external = named("ExternalSecret", "backroom")
    assert external["apiVersion"] == "external-secrets.io/v1"
    target = external["spec"]["target"]
    assert external["spec"]["secretStoreRef"]["name"] and external["spec"]["data"]
    stored = {entry["secretKey"] for entry in external["spec"]["data"]}
    for name in ("BACKROOM_POSTGRES_DSN", "BACKROOM_POSTGRES_DIRECT_DSN"):
        dsn = target["template"]["data"][name]
        assert any(f"{{{{ .{key}" in dsn for key in stored)
    bouncer = named("ExternalSecret", "backroom-pgbouncer")["spec"]
    assert bouncer["target"]["name"] == "backroom-pgbouncer"
    assert "{{ .password }}" in bouncer["target"]["template"]["data"]["userlist.txt"]
    for name in DEPLOYMENTS:
        for container in _pod(name)["spec"]["containers"]:
            secrets = [
                source["secretRef"]["name"] for source in container["envFrom"] if "secretRef" in source
            ]
            secrets += [
                variable["valueFrom"]["secretKeyRef"]["name"]
                for variable in container.get("env", [])
                if "secretKeyRef" in variable.get("valueFrom", {})
            ]
            assert secrets and set(secrets) == {target["name"]}, name


def test_every_process_is_scraped() -> None:
    """The PodMonitor selects the pods of every Deployment that runs a Backroom process (not
    PgBouncer's), and each pod has a port it scrapes at /metrics: the API's BACKROOM_METRICS_PORT, the
    workers' BACKROOM_WORKER_PORT."""
    (monitor,) = of_kind("PodMonitor")
    assert monitor["apiVersion"] == "monitoring.coreos.com/v1"
    (expression,) = monitor["spec"]["selector"]["matchExpressions"]
    endpoints = {endpoint["port"]: endpoint["path"] for endpoint in monitor["spec"]["podMetricsEndpoints"]}
    worker_port = int(named("ConfigMap", "backroom")["data"]["BACKROOM_WORKER_PORT"])
    for deployment in of_kind("Deployment"):
        pod = deployment["spec"]["template"]
        if pod["spec"]["containers"][0]["command"][0] != "backroom":
            continue
        assert pod["metadata"]["labels"][expression["key"]] in expression["values"]
        ports = {port["name"]: port["containerPort"] for port in pod["spec"]["containers"][0]["ports"]}
        scraped = set(ports) & set(endpoints)
        assert scraped and all(endpoints[name] == "/metrics" for name in scraped), deployment["metadata"]
        if "probes" in scraped:
            assert ports["probes"] == worker_port


def _exported() -> set[str]:
    """The metric names our processes export (the names declared in the API's and workers' source)."""
    source = "".join(
        path.read_text() for folder in ("api", "workers") for path in (ROOT / folder).rglob("*.py")
    )
    return set(re.findall(r'"(backroom_[a-z_]+)"', source))


def _ours(expression: str) -> set[str]:
    names = set(re.findall(r"\b(backroom_[a-z_]+)", expression))
    return {re.sub(r"_(total|bucket|sum|count)$", "", name) for name in names}


def test_the_alerts_watch_projection_lag_backlogs_server_errors_and_the_p99() -> None:
    """A PrometheusRule alerts on each of the four signals, with a duration, a severity and a summary,
    on metrics our processes export."""
    (rules,) = of_kind("PrometheusRule")
    alerts = [rule for group in rules["spec"]["groups"] for rule in group["rules"]]
    expressions = " ".join(alert["expr"] for alert in alerts)
    for signal in ("backroom_projection_lag_events", "backroom_timer_backlog", "backroom_bot_backlog"):
        assert signal in expressions
    assert 'outcome="failed"' in expressions  # commands answered 5xx
    assert 'status=~"5.."' in expressions  # every request answered 5xx, as the Ingress controller counts
    assert re.search(r"histogram_quantile\(0\.99, .*backroom_command_seconds_bucket", expressions)
    for alert in alerts:
        assert alert["for"] and alert["labels"]["severity"] in {"warning", "critical"}
        assert alert["annotations"]["summary"]
    assert _ours(expressions) <= _exported()


def test_the_dashboard_shows_the_same_signals() -> None:
    """The Grafana dashboard (a ConfigMap Grafana's sidecar loads) charts the alerts' signals, from
    metrics our processes export."""
    (generated,) = kustomization()["configMapGenerator"]
    assert generated["options"]["labels"] == {"grafana_dashboard": "1"}
    board = dashboard()
    expressions = " ".join(target["expr"] for panel in board["panels"] for target in panel["targets"])
    for signal in (
        "backroom_projection_lag_events",
        "backroom_timer_backlog",
        "backroom_bot_backlog",
        'outcome="failed"',
        "histogram_quantile(0.99",
    ):
        assert signal in expressions
    assert _ours(expressions) <= _exported()
    assert len({panel["id"] for panel in board["panels"]}) == len(board["panels"])


def test_the_custom_resources_are_exactly_the_operators_kinds() -> None:
    """The only resources kubernetes-validate cannot check are the three checked above."""
    custom = sorted({doc["kind"] for doc in manifests() if is_custom(doc)})
    assert custom == ["ExternalSecret", "PodMonitor", "PrometheusRule"]
    assert all(yaml.safe_dump(doc) for doc in manifests())
