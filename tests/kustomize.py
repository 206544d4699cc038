"""Render a kustomization the way `kubectl kustomize` does, for the features deploy/k8s uses:
resources (files and directories), namespace, images, JSON6902 patches with a target, and
replacements from a ConfigMap field. The tests need no kubectl; where kubectl is installed,
tests/unit/test_deploy_prod.py checks this renderer against it.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import yaml

CLUSTER_SCOPED = {"Namespace", "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition"}


def render(directory: Path) -> list[dict[str, Any]]:
    spec = yaml.safe_load((directory / "kustomization.yaml").read_text())
    objects: list[dict[str, Any]] = []
    for resource in spec.get("resources", []):
        path = (directory / resource).resolve()
        if path.is_dir():
            objects += render(path)
        else:
            objects += [doc for doc in yaml.safe_load_all(path.read_text()) if doc]
    objects = copy.deepcopy(objects)
    for patch in spec.get("patches", []):
        ops = yaml.safe_load(patch["patch"] if "patch" in patch else (directory / patch["path"]).read_text())
        for obj in objects:
            if _selected(obj, patch.get("target", {})):
                for op in ops:
                    _apply(obj, op)
    for label in spec.get("labels", []):
        for obj in objects:
            obj["metadata"].setdefault("labels", {}).update(label["pairs"])
    if "namespace" in spec:
        for obj in objects:
            if obj["kind"] == "Namespace":
                obj["metadata"]["name"] = spec["namespace"]
            elif obj["kind"] not in CLUSTER_SCOPED:
                obj["metadata"]["namespace"] = spec["namespace"]
    for image in spec.get("images", []):
        for obj in objects:
            for container in _containers(obj):
                name = container["image"].rsplit(":", 1)[0]
                if name == image["name"] and "newTag" in image:
                    container["image"] = f"{name}:{image['newTag']}"
    for replacement in spec.get("replacements", []):
        source = replacement["source"]
        [origin] = [o for o in objects if _selected(o, source)]
        value = _get(origin, source["fieldPath"].split("."))
        for target in replacement["targets"]:
            for obj in objects:
                if _selected(obj, target["select"]):
                    for field_path in target["fieldPaths"]:
                        _set_all(obj, field_path.split("."), value)
    return objects


def _selected(obj: dict[str, Any], selector: dict[str, Any]) -> bool:
    return all(
        re.fullmatch(selector[key], value)
        for key, value in (("kind", obj["kind"]), ("name", obj["metadata"]["name"]))
        if key in selector
    )


def _containers(obj: dict[str, Any]) -> list[dict[str, Any]]:
    pod = obj.get("spec", {}).get("template", {}).get("spec", {})
    return [*pod.get("initContainers", []), *pod.get("containers", [])]


def _apply(obj: dict[str, Any], op: dict[str, Any]) -> None:
    *parents, last = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].lstrip("/").split("/")]
    node: Any = obj
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if op["op"] == "add" and isinstance(node, list):
        node.insert(len(node) if last == "-" else int(last), copy.deepcopy(op["value"]))
    elif op["op"] in ("add", "replace"):
        if op["op"] == "replace" and (last not in node if isinstance(node, dict) else int(last) >= len(node)):
            raise KeyError(f"replace of a missing {op['path']}")
        node[int(last) if isinstance(node, list) else last] = copy.deepcopy(op["value"])
    elif op["op"] == "remove":
        del node[int(last) if isinstance(node, list) else last]
    else:
        raise ValueError(f"unsupported patch op {op['op']}")


def _get(node: Any, parts: list[str]) -> Any:
    for part in parts:
        node = node[part]
    return node


def _set_all(node: Any, parts: list[str], value: Any) -> None:
    head, *rest = parts
    if head == "*":
        for child in node:
            _set_all(child, rest, value)
    elif rest:
        _set_all(node[head], rest, value)
    else:
        node[head] = value
