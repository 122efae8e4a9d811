"""deploy/ checked by real validators (no container runtime runs here): the Kubernetes manifests by
kubernetes-validate, the compose file by the compose-spec JSON schema, the Dockerfile parsed."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from dockerfile_parse import DockerfileParser
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from store.settings import Settings
from tests.deploy.manifests import is_custom, manifests, of_kind

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
KUBERNETES_VERSIONS = ("1.30", "1.37")
CHECK_JSONSCHEMA = Path(sys.executable).with_name("check-jsonschema")
UV = Path(sys.executable).with_name("uv")


_manifests, _of_kind = manifests, of_kind


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_every_kubernetes_resource_passes_strict_validation(version: str) -> None:
    """kubernetes-validate, strict (unknown fields refused), against each Kubernetes version named; the
    operators' custom resources are checked field by field in test_operating_it.py instead."""
    built_in = [doc for doc in _manifests() if not is_custom(doc)]
    assert {doc["kind"] for doc in built_in} >= {"Deployment", "Ingress", "NetworkPolicy", "Namespace"}
    for doc in built_in:
        kubernetes_validate.validate(doc, version, strict=True)


def test_the_kubernetes_validator_refuses_a_misspelt_probe() -> None:
    """The check is real: a misspelt field fails it."""
    api = _of_kind("Deployment")[0]
    api["spec"]["template"]["spec"]["containers"][0]["readinesProbe"] = {"httpGet": {"path": "/ready"}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(api, KUBERNETES_VERSIONS[-1], strict=True)


def test_every_deployment_has_probes_resources_a_budget_and_runs_unprivileged() -> None:
    """Liveness and readiness probes, requests and limits, non-root, and a disruption budget each."""
    budgets = {doc["spec"]["selector"]["matchLabels"]["app"] for doc in _of_kind("PodDisruptionBudget")}
    for deployment in _of_kind("Deployment"):
        pod = deployment["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True
        for container in pod["containers"]:
            assert {"livenessProbe", "readinessProbe"} <= set(container), deployment["metadata"]["name"]
            assert {"requests", "limits"} <= set(container["resources"])
        assert deployment["spec"]["selector"]["matchLabels"]["app"] in budgets


def test_each_worker_kind_is_a_deployment_of_its_own() -> None:
    """The API, the projection, bot and timer workers: one Deployment each (beside PgBouncer's)."""
    commands = {
        " ".join(doc["spec"]["template"]["spec"]["containers"][0]["command"][:3]): doc["metadata"]["name"]
        for doc in _of_kind("Deployment")
        if doc["metadata"]["name"] != "backroom-pgbouncer"
    }
    assert set(commands) == {
        "backroom serve --host",
        "backroom worker projections",
        "backroom worker bots",
        "backroom worker timers",
    }


def _compose_check(path: Path) -> subprocess.CompletedProcess[str]:
    command = [str(CHECK_JSONSCHEMA), "--builtin-schema", "vendor.compose-spec", str(path)]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def test_the_compose_file_fits_the_compose_spec_schema() -> None:
    """check-jsonschema with the compose-spec schema it ships."""
    done = _compose_check(DEPLOY / "compose.yaml")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_compose_schema_check_refuses_a_broken_file(tmp_path: Path) -> None:
    """The check is real: a service with an unknown key fails it."""
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    compose["services"]["api"]["replicas"] = 3  # belongs under deploy:
    broken = tmp_path / "compose.yaml"
    broken.write_text(yaml.safe_dump(compose))
    assert _compose_check(broken).returncode != 0


def test_the_dockerfile_is_multi_stage_pinned_and_non_root() -> None:
    """Two stages on an exactly versioned base; the image runs as a numeric non-root user."""
    parser = DockerfileParser(path=str(DEPLOY / "Dockerfile"))
    bases = [entry["value"].split()[0] for entry in parser.structure if entry["instruction"] == "FROM"]
    assert len(bases) >= 2
    assert all(re.fullmatch(r"[\w./-]+:\d+\.\d+\.\d+[\w.-]*(@sha256:[0-9a-f]{64})?", base) for base in bases)
    users = [entry["value"] for entry in parser.structure if entry["instruction"] == "USER"]
    assert users and users[-1].split(":")[0] not in {"0", "root"}
    assert any(
        "--from=build" in entry["value"] for entry in parser.structure if entry["instruction"] == "COPY"
    )


def _build_stage() -> list[tuple[str, str]]:
    """The first stage's instructions, (instruction, value), in order."""
    structure = DockerfileParser(path=str(DEPLOY / "Dockerfile")).structure
    stages = [i for i, entry in enumerate(structure) if entry["instruction"] == "FROM"]
    return [(entry["instruction"], entry["value"]) for entry in structure[stages[0] : stages[1]]]


def test_the_image_installs_the_lock_and_nothing_else() -> None:
    """uv comes by hash from deploy/uv.txt; every other package by ``uv sync --locked`` from uv.lock."""
    runs = [value for instruction, value in _build_stage() if instruction == "RUN"]
    pips = [run for run in runs if "pip install" in run]
    assert pips and all("--require-hashes -r deploy/uv.txt" in run for run in pips)
    syncs = [run for run in runs if "uv sync" in run]
    assert syncs and all("--locked" in run for run in syncs)
    assert all(run in pips + syncs for run in runs if "install" in run)
    copied = [value.split()[:-1] for instruction, value in _build_stage() if instruction == "COPY"]
    assert ["pyproject.toml", "uv.lock", "README.md"] in copied


def test_the_images_install_step_run_here_gives_exactly_the_service_lock(tmp_path: Path) -> None:
    """The build stage's COPY lines and last ``uv sync``, with its environment, run here (offline, from
    the cache the README's command filled, so without ``--no-cache``): the environment holds the lock's
    service packages and Backroom, installed (not editable) with its pages, and nothing else."""
    source, prefix = tmp_path / "src", tmp_path / "opt" / "backroom"
    environment = dict(os.environ, UV_OFFLINE="1", UV_PYTHON=sys.executable)
    for instruction, value in _build_stage():
        if instruction == "COPY" and not value.startswith("--from"):
            *names, destination = value.split()
            for name in names:
                target = source / destination / (Path(name).name if destination.endswith("/") else "")
                copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy
                target.parent.mkdir(parents=True, exist_ok=True)
                copy(ROOT / name, target)
        if instruction == "ENV":
            environment.update(pair.split("=", 1) for pair in shlex.split(value))
        if instruction == "RUN" and "uv sync" in value:
            command = [word for word in shlex.split(value) if word != "--no-cache"]
    environment["UV_PROJECT_ENVIRONMENT"] = str(prefix)
    command[0] = str(UV)
    done = subprocess.run(
        command, cwd=source, env=environment, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr

    def run(*command: str | Path) -> str:  # from outside the checkout, so that it is not imported
        return subprocess.check_output(command, cwd=tmp_path, text=True, timeout=60).strip()

    python = prefix / "bin" / "python"
    assert json.loads(run(python, "-c", INSTALLED)) == {**_service_lock(), "backroom": "0.1.0"}
    pages = Path(run(python, "-c", "import api.web; print(api.web.__file__)")).parent
    assert pages.is_relative_to(prefix) and (pages / "static" / "app.css").is_file()
    assert "Backroom referees political card games." in run(prefix / "bin" / "backroom", "--help")


INSTALLED = (
    "import importlib.metadata as m, json, re; print(json.dumps("
    "{re.sub('[-_.]+', '-', d.metadata['Name']).lower(): d.version for d in m.distributions()}))"
)


def _service_lock() -> dict[str, str]:
    """The lock's service packages for this interpreter, as ``uv export`` lists them."""
    exported = subprocess.check_output(
        [
            str(UV),
            "export",
            "-q",
            "--frozen",
            "--no-emit-project",
            "--no-hashes",
            "--no-annotate",
            "--no-header",
        ],
        cwd=ROOT,
        text=True,
        timeout=60,
    )
    requirements = [Requirement(line) for line in exported.splitlines() if line.strip()]
    return {
        canonicalize_name(requirement.name): str(next(iter(requirement.specifier)).version)
        for requirement in requirements
        if requirement.marker is None or requirement.marker.evaluate()
    }


def test_every_setting_is_read_from_the_environment_and_documented_in_one_table() -> None:
    """Each Settings field has a variable in deploy/README.md's table; the manifests use no other."""
    table = (DEPLOY / "README.md").read_text()
    documented = set(re.findall(r"^\| `(BACKROOM_[A-Z_]+)` \|", table, flags=re.MULTILINE))
    assert set(Settings().to_env()) <= documented
    used = {
        variable
        for path in sorted((DEPLOY / "kubernetes").glob("*.yaml"))
        for variable in re.findall(r"BACKROOM_[A-Z_]+", path.read_text())
    }
    used |= set(re.findall(r"BACKROOM_[A-Z_]+", (DEPLOY / "compose.yaml").read_text()))
    assert used <= documented


def _pgbouncer() -> dict[str, str]:
    """PgBouncer's settings, from the ini in its ConfigMap."""
    conf = next(doc for doc in _of_kind("ConfigMap") if doc["metadata"]["name"] == "backroom-pgbouncer")
    lines = conf["data"]["pgbouncer.ini"].splitlines()
    return {name.strip(): value.strip() for name, _, value in (line.partition("=") for line in lines) if _}


def test_pgbouncer_pools_by_transaction_and_carries_the_librarys_prepared_statements() -> None:
    """Transaction pooling with max_prepared_statements (the library prepares its statements), at
    PgBouncer 1.21 or newer; the log's DSN names PgBouncer, the direct one PostgreSQL itself."""
    settings = _pgbouncer()
    assert settings["pool_mode"] == "transaction" and int(settings["max_prepared_statements"]) > 0
    deployment = next(
        doc for doc in _of_kind("Deployment") if doc["metadata"]["name"] == "backroom-pgbouncer"
    )
    version = re.search(r":v?(\d+)\.(\d+)", deployment["spec"]["template"]["spec"]["containers"][0]["image"])
    assert version and (int(version[1]), int(version[2])) >= (1, 21)
    external = next(doc for doc in _of_kind("ExternalSecret") if doc["metadata"]["name"] == "backroom")
    secret = external["spec"]["target"]["template"]["data"]
    assert ":6432/" in secret["BACKROOM_POSTGRES_DSN"] and ":5432/" in secret["BACKROOM_POSTGRES_DIRECT_DSN"]


def _replicas(deployment: dict[str, Any]) -> int:
    """The replicas a Deployment runs at idle: its own count, else its autoscaler's minimum."""
    if "replicas" in deployment["spec"]:
        return int(deployment["spec"]["replicas"])
    name = deployment["metadata"]["name"]
    scalers = _of_kind("HorizontalPodAutoscaler")
    (scaler,) = (doc for doc in scalers if doc["spec"]["scaleTargetRef"]["name"] == name)
    return int(scaler["spec"]["minReplicas"])


def _deployment(name: str) -> dict[str, Any]:
    return next(doc for doc in _of_kind("Deployment") if doc["metadata"]["name"] == name)


def test_the_shipped_topology_keeps_under_50_connections_to_postgresql_at_idle() -> None:
    """Each process keeps its pool size (a projection worker one more, its LISTEN, past PgBouncer):
    the replicas shipped keep fewer than 50 at idle, and the PgBouncers hold at most their pools to
    PostgreSQL, fewer than 50 together."""
    config = next(doc for doc in _of_kind("ConfigMap") if doc["metadata"]["name"] == "backroom")["data"]
    settings = Settings.from_env(config)
    kept = 0
    for deployment in _of_kind("Deployment"):
        command = deployment["spec"]["template"]["spec"]["containers"][0]["command"]
        if command[0] == "backroom":
            listens = 1 if command[1:3] == ["worker", "projections"] else 0
            kept += _replicas(deployment) * (settings.postgres_pool_size + listens)
    assert kept < 50
    bouncer, bouncers = _pgbouncer(), _replicas(_deployment("backroom-pgbouncer"))
    assert bouncers * (int(bouncer["default_pool_size"]) + int(bouncer["reserve_pool_size"])) < 50
