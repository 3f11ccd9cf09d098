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


#: openapi-generator's generators the project checks, with the options docs/api.md gives
#: ("Generating a client"). ``Record`` is a TypeScript utility type and ``from`` (a query
#: parameter) a Python keyword: mapping their model names keeps the generators from
#: renaming them with a warning; typescript-fetch's parameter interfaces are prefixed with
#: their API's name (``GamesApiStreamGamesRequest``), so that none can meet a schema's name.
OPENAPI_GENERATOR_OPTIONS: dict[str, list[str]] = {
    "python": [
        "--additional-properties=packageName=ursuppe_oag",
        "--model-name-mappings", "from=PositionFrom",
    ],
    "typescript-fetch": [
        "--additional-properties=prefixParameterInterfaces=true",
        "--model-name-mappings", "Record=GameRecord",
    ],
}  # fmt: skip
#: What openapi-generator's python generator prints for every document, one schema and no
#: path included: it says nothing about this one.
OPENAPI_GENERATOR_NOISE = "Failed to get the schema name: null"


def generate_with_openapi_generator(generator: str, out: Path) -> str:
    """Run openapi-generator (PyPI's openapi-generator-cli, which brings the jar; needs
    Java) with ``generator`` over openapi/openapi.json into ``out``; its warnings and errors,
    one a line, less ``OPENAPI_GENERATOR_NOISE``. Raises when it fails."""
    done = subprocess.run(
        [str(BIN / "openapi-generator-cli"), "generate",
         "-i", str(ROOT / "openapi" / "openapi.json"), "-g", generator, "-o", str(out),
         *OPENAPI_GENERATOR_OPTIONS[generator]],
        capture_output=True, text=True, timeout=600,
        env={**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"},
    )  # fmt: skip
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise RuntimeError(f"openapi-generator {generator} failed:\n{output}")
    return "\n".join(
        line
        for line in output.splitlines()
        if (" WARN " in line or " ERROR " in line) and OPENAPI_GENERATOR_NOISE not in line
    )


#: datamodel-code-generator's options (docs/api.md, "Generating a client"): pydantic 2
#: models for Python 3.11, inline value sets as ``Literal``, inline models named after the
#: model they belong to, and unknown members ignored (a minor version may add them).
DATAMODEL_OPTIONS = [
    "--input-file-type", "openapi", "--preset", "standard-py311-20261125",
    "--enum-field-as-literal", "all", "--naming-strategy", "enclosing-model",
    "--extra-fields", "ignore", "--disable-timestamp",
]  # fmt: skip


def generate_datamodels(out: Path) -> str:
    """Run datamodel-code-generator over openapi/openapi.json into ``out`` (a module); its
    output (where it prints its warnings). Raises when it fails."""
    done = subprocess.run(
        [str(BIN / "datamodel-codegen"), "--input", str(ROOT / "openapi" / "openapi.json"),
         *DATAMODEL_OPTIONS, "--output", str(out)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise RuntimeError(f"datamodel-codegen failed:\n{output}")
    return output
