"""The Kubernetes manifests as the kustomization in deploy/kubernetes/ lists them, parsed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

KUBERNETES = Path(__file__).resolve().parents[2] / "deploy" / "kubernetes"
CUSTOM_GROUPS = ("external-secrets.io", "monitoring.coreos.com")
"""API groups of the operators' custom resources (no schema of theirs ships with kubernetes-validate)."""


def kustomization() -> dict[str, Any]:
    return yaml.safe_load((KUBERNETES / "kustomization.yaml").read_text())  # type: ignore[no-any-return]


def manifests() -> list[dict[str, Any]]:
    """Every resource of every file the kustomization lists, in order."""
    return [
        doc
        for name in kustomization()["resources"]
        for doc in yaml.safe_load_all((KUBERNETES / name).read_text())
        if doc
    ]


def of_kind(kind: str) -> list[dict[str, Any]]:
    return [doc for doc in manifests() if doc["kind"] == kind]


def named(kind: str, name: str) -> dict[str, Any]:
    (found,) = [doc for doc in of_kind(kind) if doc["metadata"]["name"] == name]
    return found


def is_custom(doc: dict[str, Any]) -> bool:
    """True for an operator's custom resource (ExternalSecret, PodMonitor, PrometheusRule)."""
    return str(doc["apiVersion"]).split("/")[0] in CUSTOM_GROUPS


def dashboard() -> dict[str, Any]:
    """The Grafana dashboard the kustomization ships as a ConfigMap."""
    (generated,) = kustomization()["configMapGenerator"]
    (path,) = generated["files"]
    return json.loads((KUBERNETES / path).read_text())  # type: ignore[no-any-return]
