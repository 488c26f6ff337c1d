"""A backup comes to the History screen's import by HTTP upload, into a private temporary folder.

Through the WebSocket (FilePicker's `with_data`) a file's bytes travel as one message, and the server
drops messages over 16 MiB: a backup of 2,000 plays (18 MB) never arrived, and 1,000 plays took
12 s. Flet's upload endpoint takes the file as it is, on a URL signed with a key made at start
(good for ten minutes). Where the app runs without a server (the browser build) there is no upload:
the model has no `Uploads` and the screen reads the bytes from the picker.
"""

from __future__ import annotations

import asyncio
import atexit
import os
import secrets
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import flet as ft

@dataclass(frozen=True)
class Uploads:
    """Where this server's uploads land: a private temporary folder, removed at exit."""

    folder: Path

    @staticmethod
    def start(max_bytes: int) -> "Uploads":
        """Called by the server before `ft.run(..., upload_dir=uploads.folder)`. Flet reads the key that
        signs upload URLs, and the size limit, from the process's environment."""
        folder = Path(tempfile.mkdtemp(prefix="tabula-uploads-"))
        os.environ["FLET_SECRET_KEY"] = secrets.token_urlsafe(32)  # signs the upload URLs of this run only
        os.environ["FLET_MAX_UPLOAD_SIZE"] = str(max_bytes)
        atexit.register(shutil.rmtree, folder, True)
        return Uploads(folder)


class UploadFailed(Exception):
    pass


class Picker:
    """A FilePicker that can upload what it picked: its `on_upload` must be there before it is first
    used (the client reports progress only to a picker that listens from the start)."""

    def __init__(self, uploads: Uploads | None):
        self.uploads = uploads  # None: no server to upload to, the picker reads the file's bytes
        self._loop = asyncio.get_running_loop()
        self._done: asyncio.Future | None = None
        self.picker = ft.FilePicker(on_upload=self._on_upload)

    def _on_upload(self, event: ft.FilePickerUploadEvent) -> None:
        def settle():
            if self._done is None or self._done.done():
                return
            if event.error:
                self._done.set_exception(UploadFailed(event.error))
            elif event.progress is not None and event.progress >= 1:
                self._done.set_result(None)
        self._loop.call_soon_threadsafe(settle)

    async def pick(self, extensions: list[str]) -> ft.FilePickerFile | None:
        files = await self.picker.pick_files(file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=extensions,
                                             with_data=self.uploads is None)
        return files[0] if files else None

    async def receive(self, page: ft.Page, file: ft.FilePickerFile, timeout: float = 600) -> bytes:
        """Upload `file` to this server and return its bytes; the uploaded copy is removed."""
        assert self.uploads is not None
        name = f"import-{secrets.token_hex(8)}.json"
        path = self.uploads.folder / name
        self._done = self._loop.create_future()
        try:
            await self.picker.upload([ft.FilePickerUploadFile(upload_url=page.get_upload_url(name, int(timeout)),
                                                              id=file.id, name=file.name)])
            await asyncio.wait_for(self._done, timeout)
            return await asyncio.to_thread(path.read_bytes)
        except (OSError, asyncio.TimeoutError) as error:
            raise UploadFailed(str(error) or type(error).__name__) from error
        finally:
            path.unlink(missing_ok=True)
