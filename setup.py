"""Tabula's build (pyproject.toml holds everything else): the top-level assets/ and flet.toml go into the
package as package data, companion/assets/ and companion/flet.toml, found with importlib.resources
(companion/resources.py). assets/ stays at the top level, where Flet's tools and the checkout expect it."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

PACKAGE_DATA = {"assets": "companion/assets", "flet.toml": "companion/flet.toml"}


class BuildWithAssets(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads them from the checkout
        for source, target in PACKAGE_DATA.items():
            built = Path(self.build_lib) / target
            if Path(source).is_dir():
                shutil.rmtree(built, ignore_errors=True)  # no file of an earlier build that assets/ lost
                self.copy_tree(source, str(built))
            else:
                self.copy_file(source, str(built))


setup(cmdclass={"build_py": BuildWithAssets})
