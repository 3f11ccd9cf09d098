"""Clients generated from the committed OpenAPI document, as a client developer makes them
(docs/api.md, "Generating a client"), for the tests that use them."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PYTHON_PACKAGE = "ursuppe_generated"  # not ursuppe_client: that is clients/python


def generate_python_client(
    out: Path, spec: Path | None = None, package: str = PYTHON_PACKAGE
) -> str:
    """Run openapi-python-client over ``spec`` (openapi/openapi.json) into ``out``, the
    package named ``package``; its output (where it prints its warnings). Raises when it
    fails."""
    config = (ROOT / "openapi" / "python-client.yaml").read_text()
    if package != PYTHON_PACKAGE:
        out.parent.mkdir(parents=True, exist_ok=True)
        renamed = out.parent / f"{package}.yaml"
        renamed.write_text(config.replace(f"package_name_override: {PYTHON_PACKAGE}",
                                          f"package_name_override: {package}"))  # fmt: skip
        config_path = renamed
    else:
        config_path = ROOT / "openapi" / "python-client.yaml"
    done = subprocess.run(
        [str(BIN / "openapi-python-client"), "generate",
         "--path", str(spec or ROOT / "openapi" / "openapi.json"),
         "--config", str(config_path),
         "--output-path", str(out)],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"},
    )  # fmt: skip
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise RuntimeError(f"openapi-python-client failed:\n{output}")
    return output


def import_python_client(out: Path, package: str = PYTHON_PACKAGE) -> ModuleType:
    """The generated package under ``out``, imported (it stays importable by name)."""
    sys.path.insert(0, str(out))
    try:
        return importlib.import_module(package)
    finally:
        sys.path.remove(str(out))


NODE_TOOLS = ROOT / "tools" / "node" / "node_modules" / ".bin"
TSCONFIG = {
    "compilerOptions": {
        "strict": True,
        "target": "es2022",
        "module": "commonjs",
        "lib": ["es2022", "dom"],
        "types": [],
        "outDir": "out",
        "noEmitOnError": True,
    }
}


def node_tool(name: str) -> Path:
    """A tool of tools/node (scripts/ensure-node-tools.sh installs them; make test runs it)."""
    tool = NODE_TOOLS / name
    if not tool.exists():
        raise FileNotFoundError(f"{tool} missing: run scripts/ensure-node-tools.sh")
    return tool


def generate_typescript_types(out: Path) -> str:
    """Run openapi-typescript over openapi/openapi.json into ``out`` (a .ts file) as
    docs/api.md says; its output (where it prints its warnings). Raises when it fails."""
    done = subprocess.run(
        [str(node_tool("openapi-typescript")), str(ROOT / "openapi" / "openapi.json"),
         "--default-non-nullable", "false", "-o", str(out)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise RuntimeError(f"openapi-typescript failed:\n{output}")
    return output
