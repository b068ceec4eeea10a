"""Reading an uploaded match file without ever holding more of it than the import allows."""

from __future__ import annotations

import io
from typing import Any

from django.core.files.uploadedfile import InMemoryUploadedFile
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.http import HttpRequest


class CappedMemoryUpload(FileUploadHandler):
    """Keeps uploaded files in memory and stops reading the request once they pass `cap` bytes.

    It is the only handler of the import page, so nothing is written to disk, and a body whose
    Content-Length lies (or a server that streams a chunked body) is cut at the cap all the same.
    `too_large` tells the view why the file is missing.
    """

    def __init__(self, request: HttpRequest, cap: int) -> None:
        super().__init__(request)
        self.cap = cap
        self.received = 0
        self.too_large = False
        self.buffer = io.BytesIO()

    def new_file(self, *args: Any, **kwargs: Any) -> None:
        super().new_file(*args, **kwargs)
        self.buffer = io.BytesIO()

    def receive_data_chunk(self, raw_data: bytes, start: int) -> None:
        self.received += len(raw_data)  # over every file of the request, not each one
        if self.received > self.cap:
            self.too_large = True
            raise StopUpload()  # the rest of the body is skipped unstored; Content-Length was checked first
        self.buffer.write(raw_data)

    def file_complete(self, file_size: int) -> InMemoryUploadedFile:
        self.buffer.seek(0)
        return InMemoryUploadedFile(
            file=self.buffer,
            field_name=self.field_name,
            name=self.file_name,
            content_type=self.content_type,
            size=file_size,
            charset=self.charset,
            content_type_extra=self.content_type_extra,
        )
