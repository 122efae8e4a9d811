"""deploy/ checked by real validators (no container runtime runs here): the Kubernetes manifests by
kubernetes-validate, the compose file by the compose-spec JSON schema, the Dockerfile parsed."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from dockerfile_parse import DockerfileParser

from workers.settings import Settings

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
KUBERNETES_VERSIONS = ("1.30", "1.37")
CHECK_JSONSCHEMA = Path(sys.executable).with_name("check-jsonschema")


def _manifests() -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all((DEPLOY / "kubernetes" / "backroom.yaml").read_text()) if doc]


def _of_kind(kind: str) -> list[dict[str, Any]]:
    return [doc for doc in _manifests() if doc["kind"] == kind]


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_every_kubernetes_resource_passes_strict_validation(version: str) -> None:
    """kubernetes-validate, strict (unknown fields refused), against each Kubernetes version named."""
    for doc in _manifests():
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
    """The API, the projection, bot and timer workers: one Deployment each."""
    commands = {
        " ".join(doc["spec"]["template"]["spec"]["containers"][0]["command"][:3]): doc["metadata"]["name"]
        for doc in _of_kind("Deployment")
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


def test_the_image_installs_only_pinned_packages() -> None:
    """Every line of the lock file names one exact version, and it covers the project's dependencies."""
    lines = [
        line for line in (DEPLOY / "requirements.lock").read_text().splitlines() if line and line[0] != "#"
    ]
    assert all(re.fullmatch(r"[A-Za-z0-9_.-]+==[\w.]+", line) for line in lines)
    pinned = {_name(line.split("==")[0]) for line in lines}
    project = tomllib.loads((DEPLOY.parent / "pyproject.toml").read_text())["project"]
    for dependency in project["dependencies"]:
        assert _name(re.split(r"[\[<>=!~ ]", dependency)[0]) in pinned, dependency


def _name(package: str) -> str:
    return package.lower().replace("_", "-")


def test_every_setting_is_read_from_the_environment_and_documented_in_one_table() -> None:
    """Each Settings field has a variable in deploy/README.md's table; the manifests use no other."""
    table = (DEPLOY / "README.md").read_text()
    documented = set(re.findall(r"^\| `(BACKROOM_[A-Z_]+)` \|", table, flags=re.MULTILINE))
    assert set(Settings().to_env()) <= documented
    used = set(re.findall(r"BACKROOM_[A-Z_]+", (DEPLOY / "kubernetes" / "backroom.yaml").read_text()))
    used |= set(re.findall(r"BACKROOM_[A-Z_]+", (DEPLOY / "compose.yaml").read_text()))
    assert used <= documented
