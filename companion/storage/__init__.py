from companion.storage.repository import Repository

__all__ = ["Repository"]
