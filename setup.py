"""The package list, found rather than written out (pyproject.toml holds everything else).

The code's packages are found as usual; the assets stay at the top of the tree (``assets/``,
where tools/build_assets.py writes them) and install as the package ``pocket_tcg_assets``
(``package-dir`` in pyproject.toml), with each of their folders listed as a data package so
that setuptools ships them without warning that they look like code.
"""

from setuptools import find_namespace_packages, find_packages, setup

ASSETS_PACKAGE = "pocket_tcg_assets"


def packages() -> list[str]:
    code = find_packages(include=["handheld", "handheld.*", "scanner", "scanner.*",
                                  "firmware_sim", "firmware_sim.*"])
    folders = find_namespace_packages(where="assets", exclude=["__pycache__", "*.__pycache__"])
    return [*code, ASSETS_PACKAGE, *(f"{ASSETS_PACKAGE}.{name}" for name in folders)]


if __name__ == "__main__":  # setuptools runs this file as __main__
    setup(packages=packages())
