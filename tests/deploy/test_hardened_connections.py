"""The shipped deployment's connections and image (issue 49, item 8): Redis with a password and TLS,
PostgreSQL and PgBouncer with ``sslmode=verify-full``, PgBouncer in two replicas a node drain cannot
both evict, the API's metrics on a port no Ingress routes to, and a recipe CI runs to build the image the
manifests name (its file tree is built here by test_the_manifests.py)."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import redis

from store.settings import libpq_environment
from tests.deploy.manifests import manifests, named, of_kind

ROOT = Path(__file__).resolve().parents[2]
BACKROOM_DEPLOYMENTS = ("backroom-api", "backroom-projections", "backroom-bots", "backroom-timers")


def _secret() -> dict[str, str]:
    """The Secret every process reads, as its ExternalSecret's template writes it."""
    return named("ExternalSecret", "backroom")["spec"]["target"]["template"]["data"]  # type: ignore[no-any-return]


def _rendered(template: str) -> str:
    """A template with each stored value filled in (``secret`` for each)."""
    return re.sub(r"\{\{[^}]*\}\}", "secret", template)


def _mounted_ca(deployment: str) -> Path:
    """Where ``deployment``'s container finds the CA of Secret ``backroom-tls``."""
    pod = named("Deployment", deployment)["spec"]["template"]["spec"]
    volumes = {
        volume["name"] for volume in pod["volumes"] if volume["secret"]["secretName"] == "backroom-tls"
    }
    (mount,) = [m for m in pod["containers"][0]["volumeMounts"] if m["name"] in volumes]
    return Path(mount["mountPath"]) / "ca.crt"


def test_redis_is_reached_over_tls_with_a_password_checking_its_certificate() -> None:
    """BACKROOM_REDIS_URL comes from the secret store (never the ConfigMap), and redis-py reads it as
    TLS with the stored password, the server's certificate required and checked against the CA every
    process mounts."""
    assert "BACKROOM_REDIS_URL" not in named("ConfigMap", "backroom")["data"]
    template = _secret()["BACKROOM_REDIS_URL"]
    stored = {entry["secretKey"] for entry in named("ExternalSecret", "backroom")["spec"]["data"]}
    assert any(f"{{{{ .{key}" in template for key in stored - {"password"}), "its own password"
    pool = redis.ConnectionPool.from_url(_rendered(template))
    assert pool.connection_class is redis.SSLConnection
    kwargs = pool.connection_kwargs
    assert kwargs["password"] == "secret" and kwargs["ssl_cert_reqs"] == "required"
    for deployment in BACKROOM_DEPLOYMENTS:
        assert kwargs["ssl_ca_certs"] == str(_mounted_ca(deployment)), deployment


def test_every_postgresql_connection_verifies_the_servers_certificate() -> None:
    """Both DSNs ask ``sslmode=verify-full`` against the mounted CA (the log's pool keeps it: see
    tests/operations/test_connections_to_postgresql.py); PgBouncer takes TLS only and checks
    PostgreSQL's certificate in turn."""
    for name in ("BACKROOM_POSTGRES_DSN", "BACKROOM_POSTGRES_DIRECT_DSN"):
        carried = libpq_environment(_rendered(_secret()[name]))
        assert carried["PGSSLMODE"] == "verify-full", name
        for deployment in BACKROOM_DEPLOYMENTS:
            assert carried["PGSSLROOTCERT"] == str(_mounted_ca(deployment)), (name, deployment)
    ini = named("ConfigMap", "backroom-pgbouncer")["data"]["pgbouncer.ini"]
    settings = dict(re.findall(r"^(\w+) = (.+)$", ini, flags=re.MULTILINE))
    assert settings["client_tls_sslmode"] in {"require", "verify-ca", "verify-full"}
    assert settings["server_tls_sslmode"] == "verify-full"
    pod = named("Deployment", "backroom-pgbouncer")["spec"]["template"]["spec"]
    mounted = [mount["mountPath"] for mount in pod["containers"][0]["volumeMounts"]]
    for key in ("client_tls_cert_file", "client_tls_key_file", "server_tls_ca_file"):
        assert any(settings[key].startswith(path + "/") for path in mounted), key


def test_pgbouncer_survives_a_node_drain() -> None:
    """Two PgBouncers, never on one node, and a disruption budget that lets a drain evict only one of
    them at a time (before: one replica, evicted by any drain)."""
    deployment = named("Deployment", "backroom-pgbouncer")
    replicas = deployment["spec"]["replicas"]
    assert replicas >= 2
    (spread,) = deployment["spec"]["template"]["spec"]["topologySpreadConstraints"]
    assert spread["topologyKey"] == "kubernetes.io/hostname"
    assert spread["whenUnsatisfiable"] == "DoNotSchedule" and spread["maxSkew"] == 1
    budget = named("PodDisruptionBudget", "backroom-pgbouncer")["spec"]
    assert budget["selector"] == deployment["spec"]["selector"]
    evictable = replicas - budget["minAvailable"] if "minAvailable" in budget else budget["maxUnavailable"]
    assert 1 <= evictable < replicas
    assert deployment["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0


def test_the_api_metrics_are_never_routed_through_the_ingress() -> None:
    """The API container serves /metrics on BACKROOM_METRICS_PORT, a port of its own: the Ingress reaches
    the Service's port, whose target is the public port (where /metrics is then a 404); the PodMonitor
    scrapes the metrics port; the network policy lets the Ingress controller reach the public port alone
    and Prometheus the metrics port alone; no annotation invites another scrape (issue 49 item 6)."""
    (container,) = named("Deployment", "backroom-api")["spec"]["template"]["spec"]["containers"]
    ports = {port["name"]: port["containerPort"] for port in container["ports"]}
    environment = {entry["name"]: entry["value"] for entry in container.get("env", [])}
    assert int(environment["BACKROOM_METRICS_PORT"]) == ports["metrics"] != ports["http"]
    service = named("Service", "backroom-api")["spec"]["ports"]
    routed = {
        path["backend"]["service"]["port"]["name"]
        for ingress in of_kind("Ingress")
        for rule in ingress["spec"]["rules"]
        for path in rule["http"]["paths"]
        if path["backend"]["service"]["name"] == "backroom-api"
    }
    targets = {port["targetPort"] for port in service if port["name"] in routed}
    assert targets == {"http"} and all(port["targetPort"] != "metrics" for port in service)
    (monitor,) = of_kind("PodMonitor")
    scraped = {endpoint["port"] for endpoint in monitor["spec"]["podMetricsEndpoints"]}
    assert "metrics" in scraped and "http" not in scraped
    (policy,) = [doc for doc in of_kind("NetworkPolicy") if doc["metadata"]["name"] == "backroom-api"]
    reach = {
        source["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"]: {
            port["port"] for port in rule["ports"]
        }
        for rule in policy["spec"]["ingress"]
        for source in rule["from"]
    }
    assert reach == {"ingress-nginx": {ports["http"]}, "monitoring": {ports["metrics"]}}
    for doc in manifests():
        annotations = doc.get("spec", {}).get("template", {}).get("metadata", {}).get("annotations", {})
        assert not any(name.startswith("prometheus.io/") for name in annotations), doc["metadata"]["name"]


def _backroom_images() -> set[str]:
    return {
        container["image"]
        for deployment in of_kind("Deployment")
        for container in deployment["spec"]["template"]["spec"]["containers"]
        if container["command"][0] == "backroom"
    }


def test_ci_builds_the_image_the_manifests_name(tmp_path: Path) -> None:
    """``.ci/image`` builds deploy/Dockerfile from the checkout under the one name every Backroom
    Deployment runs (``backroom:<pyproject version>``), and pushes it only when given a registry. Run
    here with a stand-in builder that records its arguments (no container runtime runs here)."""
    recorded = tmp_path / "calls"
    builder = tmp_path / "builder"
    builder.write_text(f'#!/bin/sh\necho "$@" >> {recorded}\n')
    builder.chmod(0o755)
    environment = dict(os.environ, BACKROOM_BUILDER=str(builder))
    environment.pop("IMAGE_REGISTRY", None)
    named_image = _run_ci_image(environment)
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert _backroom_images() == {f"backroom:{version}"} == {named_image}
    assert recorded.read_text().split("\n")[:-1] == [f"build --file deploy/Dockerfile --tag {named_image} ."]
    recorded.unlink()
    pushed = _run_ci_image(environment | {"IMAGE_REGISTRY": "registry.example/team"})
    assert pushed == f"registry.example/team/backroom:{version}"
    assert recorded.read_text().split("\n")[:-1] == [
        f"build --file deploy/Dockerfile --tag {pushed} .",
        f"push {pushed}",
    ]
    assert (ROOT / "deploy" / "Dockerfile").is_file()


def _run_ci_image(environment: dict[str, Any]) -> str:
    done = subprocess.run(
        [str(ROOT / ".ci" / "image")], env=environment, capture_output=True, text=True, timeout=60, check=True
    )
    return done.stdout.strip().splitlines()[-1]
