from chalicelib.core.config import get_settings


def info() -> dict:
    settings = get_settings()
    return {
        "name": settings.app_name,
        "version": settings.version,
        "stage": settings.stage,
        "buildTime": settings.build_time,
    }
