# SPDX-License-Identifier: GPL-2.0-only
"""The tree's built files, as make leaves them: the image, its image.json,
the perf archive, the suite runner (which runs on the host too), the report
tool, the prepared kernels.  BUILD may name another build directory (as make's
BUILD does); the image and out/ are always the tree's own."""
import os

from bootbench import Error, jsonfile, top


class Tree:
    def __init__(self, root=None, build=None):
        self.top = root or top()
        self.build = build or os.environ.get("BUILD") or os.path.join(self.top, "build")
        self.out = os.path.join(self.top, "out")
        self.image = os.path.join(self.out, "bootbench.cpio.gz")
        self.image_json = os.path.join(self.build, "image-info", "image.json")
        self.perf_image = os.path.join(self.out, "bootbench-perf.cpio.gz")
        self.bench = os.path.join(self.top, "build", "bench", "bootbench-bench")
        self.report = os.path.join(self.out, "bin", "bootbench-report")
        self.kernels = os.path.join(self.out, "kernels")

    def image_id(self):
        """The id of the image built (image.json's "id"); None if there is
        no image.json or no id in it."""
        try:
            info = jsonfile.read(self.image_json)
        except Error:
            return None
        value = info.get("id") if isinstance(info, dict) else None
        return value if isinstance(value, str) and value else None

    def loaded_load(self):
        """The load of the image's loaded template (image.json's
        cluster.loaded.load: doc/fidelity.md#the-loaded-template); None if
        the image built has none."""
        try:
            info = jsonfile.read(self.image_json)
        except Error:
            return None
        loaded = ((info.get("cluster") or {}).get("loaded") or {}) if isinstance(info, dict) else {}
        value = loaded.get("load") if isinstance(loaded, dict) else None
        return value if isinstance(value, str) and value else None
